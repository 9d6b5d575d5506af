#!/usr/bin/env bash
# e2e_bench.sh — `hako bench`: its positions numbered 1 to 30 (issue 10:
# they were 2 to 31), each line with its node count, then the summary and
# the signature line.
#   bash e2e_bench.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

run 0 bench || finish
positions=$(sed -n 's/^positions: \([0-9]*\),.*/\1/p' "$work/out")
[[ -n $positions ]] || fail "no 'positions:' line"
first=$(awk '/ nodes /{print $1; exit}' "$work/out")
last=$(awk '/ nodes /{n = $1} END {print n}' "$work/out")
[[ $first == 1 ]] || fail "the first position is numbered $first, want 1"
[[ $last == "$positions" ]] || fail "the last position is numbered $last, want $positions"
has out '^nodes: [0-9]+$'
finish
