#!/usr/bin/env bash
# bench/microban.sh — the Microban benchmark: `hako solve --optimal MODE --json`
# over ../shared/levels/Microban_155.xsb, push counts checked against
# Microban_155.push_optimal.tsv. A solved level whose push count differs from
# the table (push mode) is a BUG and fails the script.
#
# Usage: bench/microban.sh [-b HAKO] [-O pushes|moves] [-t SECONDS] [-l SPEC] [-m MACROS]
#                          [-j JOBS] [-M MIB] [-o RESULTS.jsonl]
#   default: build/release/hako, pushes, 60 s per level, every level, all macros
#   (-m is hako solve's --macros LIST), hako's own -j and -M. With -j 2 (the
#   default on two cores) two levels run side by side and share -M: give -j 1
#   for the whole budget per level.
# In moves mode pushes are not compared (a move-optimal solution may use more
# pushes); the script checks that every solution is at least as long in
# pushes as the table's push-optimal count, which holds for any solution,
# and that its move count is bench/Microban_155.move_optimal.tsv's (a
# level solved with other moves than that table's is a BUG too).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
hako=$root/build/release/hako
mode=pushes
seconds=60
spec=
results=
macros=
jobs=
budget=
while getopts "b:O:t:l:m:o:j:M:h" opt; do
	case $opt in
	b) hako=$OPTARG ;;
	O) mode=$OPTARG ;;
	t) seconds=$OPTARG ;;
	l) spec=$OPTARG ;;
	m) macros=$OPTARG ;;
	o) results=$OPTARG ;;
	j) jobs=$OPTARG ;;
	M) budget=$OPTARG ;;
	*) sed -n '2,17p' "$0"; exit 2 ;;
	esac
done
shared=${HAKO_SHARED_LEVELS:-$root/../shared/levels}
levels=$shared/Microban_155.xsb
table=$shared/Microban_155.push_optimal.tsv
if [[ ! -f $levels || ! -f $table ]]; then
	echo "skipped: ../shared/levels not found"
	exit 0
fi
[[ -x $hako ]] || { echo "no hako binary at $hako (build the release preset first)"; exit 2; }
[[ -n $results ]] || results=$(mktemp)

args=(solve --json -q --optimal "$mode" -t "$seconds")
[[ -n $spec ]] && args+=(-l "$spec")
[[ -n $macros ]] && args+=(--macros "$macros")
[[ -n $jobs ]] && args+=(-j "$jobs")
[[ -n $budget ]] && args+=(-M "$budget")
start=$(date +%s.%N)
set +e
"$hako" "${args[@]}" "$levels" >"$results"
code=$?
set -e
end=$(date +%s.%N)
echo "hako exit code: $code; results in $results"

python3 - "$mode" "$table" "$results" "$start" "$end" "$root/bench/Microban_155.move_optimal.tsv" <<'PY'
import json, sys
mode, table_path, results_path, start, end, moves_path = sys.argv[1:7]
moves_table = {}
for line in open(moves_path):
    if line.startswith("#") or line.startswith("level\t"):
        continue
    cols = line.rstrip("\n").split("\t")
    moves_table[int(cols[0])] = int(cols[1])
table = {}
for line in open(table_path):
    if line.startswith("#") or line.startswith("level\t"):
        continue
    cols = line.rstrip("\n").split("\t")
    if len(cols) > 1 and cols[1].strip():
        table[int(cols[0])] = int(cols[1])
rows = [json.loads(l) for l in open(results_path) if l.strip()]
solved = [r for r in rows if r["status"] == "solved"]
bugs = []
for r in solved:
    want = table.get(r["level"])
    if want is None:
        continue
    if (mode == "pushes" and r["pushes"] != want) or r["pushes"] < want:
        bugs.append(f'level {r["level"]}: {r["pushes"]} pushes, table {want}')
move_checked = 0
for r in solved:
    want = moves_table.get(r["level"])
    if mode != "moves" or want is None:
        continue
    move_checked += 1
    if r["moves"] != want:
        bugs.append(f'level {r["level"]}: {r["moves"]} moves, move-optimal table {want}')
statuses = {}
for r in rows:
    statuses[r["status"]] = statuses.get(r["status"], 0) + 1
for r in rows:
    if r["status"] != "solved":
        print(f'  level {r["level"]}: {r["status"]} after {r["seconds"]:.1f} s, {r["nodes"]} nodes')
total_seconds = sum(r["seconds"] for r in rows)
print(f"mode: {mode}")
print(f"solved: {len(solved)} of {len(rows)}  ({', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))})")
print(f"solve time: {total_seconds:.1f} s (sum of levels), wall {float(end) - float(start):.1f} s")
print(f"nodes: {sum(r['nodes'] for r in rows)}")
if mode == "moves":
    print(f"move counts checked against the move-optimal table: {move_checked}")
print(f"push- or move-count mismatches: {len(bugs)}")
for b in bugs:
    print("  BUG " + b)
sys.exit(1 if bugs else 0)
PY
