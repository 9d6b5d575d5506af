#!/usr/bin/env bash
# bench/collections.sh — the fast mode over the shared collections (issue 5's
# bars): `hako solve --optimal none -t T -j J --json` on each, then per
# collection: solved/total, total seconds, total nodes, nodes/s.
#
# Usage: bench/collections.sh [-b HAKO] [-t SECONDS] [-j JOBS] [-c NAMES] [-l SPEC] [-o DIR]
#   -b  the hako binary (default build/release/hako: a Release build)
#   -t  seconds per level (default 60)
#   -j  threads (default: the online cores)
#   -c  comma-separated collection names, as in the list below or any file
#       name under ../shared/levels (default: all of the list)
#   -l  level spec passed to -l (default: every level)
#   -o  keep each collection's JSON lines in DIR/NAME.jsonl
# "seconds" is the sum of the levels' search times; "wall" includes the
# shortening post-pass and the program's start.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
levels=$root/../shared/levels
hako=$root/build/release/hako
seconds=60
jobs=$(nproc 2>/dev/null || echo 2)
chosen=
spec=
keep=
all=(XSokoban_90 Microban_155 SokEvo_107 Grigr2001_100 Holland_81 Sasquatch_50
	Sasquatch_III_50 Aymeric_Du_Peloux_282 BoxWorld_100 Microban_III
	boxoban_hard_000 boxoban_medium_train_000 boxoban_unfiltered_train_000)
while getopts "b:t:j:c:l:o:h" opt; do
	case $opt in
	b) hako=$OPTARG ;;
	t) seconds=$OPTARG ;;
	j) jobs=$OPTARG ;;
	c) chosen=$OPTARG ;;
	l) spec=$OPTARG ;;
	o) keep=$OPTARG ;;
	*) sed -n '2,16p' "$0"; exit 2 ;;
	esac
done
if [[ ! -d $levels ]]; then
	echo "skipped: ../shared/levels not found"
	exit 0
fi
[[ -x $hako ]] || { echo "no hako binary at $hako (build the release preset first)"; exit 2; }
names=("${all[@]}")
[[ -n $chosen ]] && IFS=, read -r -a names <<<"$chosen"
[[ -n $keep ]] && mkdir -p "$keep"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The file of a collection: NAME.xsb, NAME.txt, or NAME itself.
collection_file() {
	local name=$1 f
	for f in "$levels/$name" "$levels/$name.xsb" "$levels/$name.txt" "$levels/$name.sok"; do
		[[ -f $f ]] && { echo "$f"; return 0; }
	done
	return 1
}

printf '%s -t %s -j %s %s\n' "$("$hako" --version)" "$seconds" "$jobs" "${spec:+-l $spec}"
printf '%-30s %9s %10s %8s %12s %10s\n' collection solved seconds wall nodes nodes/s
for name in "${names[@]}"; do
	file=$(collection_file "$name") || { echo "$name: not found in $levels"; exit 2; }
	out=${keep:+$keep/$name.jsonl}
	out=${out:-$scratch/$name.jsonl}
	args=(solve --json -q --optimal none -t "$seconds" -j "$jobs")
	[[ -n $spec ]] && args+=(-l "$spec")
	start=$(date +%s.%N)
	"$hako" "${args[@]}" "$file" >"$out" || true
	end=$(date +%s.%N)
	# Fixed JSON field order (README): status, nodes, seconds per line.
	awk -v name="$name" -v wall="$(echo "$end - $start" | bc)" '
		{
			total++
			if ($0 ~ /"status":"solved"/) solved++
			match($0, /"nodes":[0-9]+/); nodes += substr($0, RSTART + 8, RLENGTH - 8)
			match($0, /"seconds":[0-9.]+/); secs += substr($0, RSTART + 10, RLENGTH - 10)
		}
		END {
			rate = secs > 0 ? nodes / secs : 0
			printf "%-30s %4d/%-4d %10.1f %8.1f %12d %10.0f\n", name, solved, total, secs,
			       wall, nodes, rate
		}' "$out"
done
