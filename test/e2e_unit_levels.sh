# e2e_unit_levels.sh — `hako solve --optimal pushes|moves` on the unit-test
# levels of ../shared/levels/unit_tests: statuses, push and move counts as in
# expected.tsv, exit codes, and every solution replayed by `hako verify`.
# Run by ctest as: bash e2e_unit_levels.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

levels=$shared/unit_tests
need_shared "$levels/expected.tsv"

# check MODE FILE SOLVABLE WANT — WANT is the optimal count of MODE's
# metric (pushes or moves) from expected.tsv.
check() {
	local mode=$1 file=$2 solvable=$3 want=$4
	"$hako" solve --json -q -t 60 --optimal "$mode" "$levels/$file" >"$work/out" 2>"$work/err"
	local code=$?
	local want_code=0 want_status=solved
	if [[ $file == 00-empty.txt ]]; then
		# No boxes: our parser rejects it (a level needs boxes), although
		# expected.tsv lists it as trivially solved.
		want_code=3 want_status=invalid
	elif [[ $solvable == no ]]; then
		want_code=1 want_status=unsolvable
	fi
	[[ $code -eq $want_code ]] || fail "$mode $file: exit $code, want $want_code: $(cat "$work/err")"
	local got
	got=$(python3 -c '
import json, sys
obj = json.loads(sys.stdin.readline())
print(obj["status"], obj[sys.argv[1]], obj["solution"] or "-")
' "$mode" <"$work/out") || { fail "$mode $file: bad JSON: $(cat "$work/out")"; return; }
	read -r status count solution <<<"$got"
	[[ $status == "$want_status" ]] || fail "$mode $file: status $status, want $want_status"
	if [[ $want_status == solved ]]; then
		[[ $count == "$want" ]] || fail "$mode $file: $count $mode, want $want (optimal)"
		[[ $solution == - ]] && solution=""
		"$hako" verify "$levels/$file" "$solution" >"$work/verify" 2>&1 ||
			fail "$mode $file: verify rejects '$solution': $(cat "$work/verify")"
	fi
	echo "$mode $file: $status $count"
}

while IFS=$'\t' read -r file solvable move_moves _ _ push_pushes _; do
	[[ $file == \#* || $file == file || -z $file ]] && continue
	check pushes "$file" "$solvable" "$push_pushes"
	check moves "$file" "$solvable" "$move_moves"
done <"$levels/expected.tsv"

finish
