#!/usr/bin/env bash
# bench/replay_deadlocks.sh — soundness on real play: solve the shared
# collections with `hako solve --json`, then replay every solution found
# through `hako deadlocks --moves`, which checks the position after every
# push with all detectors. A valid solution passes only through solvable
# positions, so any deadlock reported along one is a false positive: the
# script prints it and fails.
#
# Usage: bench/replay_deadlocks.sh [-b HAKO] [-t SECONDS] [-O MODE] [FILE...]
#   default: build/release/hako, 5 s per level, --optimal none, every
#   collection of ../shared/levels (and its unit tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
hako=$root/build/release/hako
seconds=5
mode=none
while getopts "b:t:O:h" opt; do
	case $opt in
	b) hako=$OPTARG ;;
	t) seconds=$OPTARG ;;
	O) mode=$OPTARG ;;
	*) sed -n '2,12p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
levels=$root/../shared/levels
if [[ $# -eq 0 ]]; then
	if [[ ! -d $levels ]]; then
		echo "skipped: ../shared/levels not found"
		exit 0
	fi
	set -- "$levels"/*.xsb "$levels"/*.txt "$levels"/unit_tests/*.txt "$levels"/unit_tests/*.test
fi
[[ -x $hako ]] || { echo "no hako binary at $hako"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$hako" "$seconds" "$mode" "$work" "$@" <<'PY'
import json, subprocess, sys
hako, seconds, mode, work, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
total_solutions = total_pushes = false_positives = 0
for path in files:
    run = subprocess.run([hako, "solve", "--json", "-q", "-O", mode, "-t", seconds, path],
                         capture_output=True, text=True)
    rows = [json.loads(l) for l in run.stdout.splitlines() if l.strip()]
    solved = [r for r in rows if r.get("status") == "solved" and r.get("solution")]
    bad = 0
    for r in solved:
        check = subprocess.run([hako, "deadlocks", "--json", "-l", str(r["level"]),
                                "--moves", r["solution"], path],
                               capture_output=True, text=True)
        verdict = json.loads(check.stdout.splitlines()[-1]) if check.stdout.strip() else {}
        total_solutions += 1
        total_pushes += r["pushes"]
        if check.returncode != 0 or verdict.get("verdict") != "none" or verdict.get("step", 0):
            bad += 1
            print(f"FALSE POSITIVE {path} level {r['level']}: exit {check.returncode}, "
                  f"{verdict.get('verdict')} at step {verdict.get('step')}")
    false_positives += bad
    name = path.rsplit("/", 1)[-1]
    print(f"{name}: {len(solved)} solutions of {len(rows)} levels replayed, {bad} called dead")
print(f"total: {total_solutions} solutions, {total_pushes} positions after pushes checked, "
      f"{false_positives} false positives")
sys.exit(1 if false_positives else 0)
PY
