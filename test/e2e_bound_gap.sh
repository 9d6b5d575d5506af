#!/usr/bin/env bash
# e2e_bound_gap.sh — bench/bound_gap.py, the analysis behind BENCH.md's
# "Move-optimal: what holds the last four levels back": on move-optimal
# solutions hako finds itself (Microban 1, 2, 5 and 23), every position's
# row must hold bounds that are bounds — hako's move bound and the tour
# bound at most the moves left, the push-optimal bound at most the pushes
# left, the potentials' linear program at most the walks left — and start
# and end where the solution does. The linear program needs SciPy
# (Debian: python3-scipy; CI installs it): without it that column is
# skipped and said so, except under CI=true, where that fails.
#   bash e2e_bound_gap.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

microban=$shared/Microban_155.xsb
need_shared "$microban"
python=
for candidate in /usr/bin/python3 python3; do
	if "$candidate" -c 'import scipy.optimize' >/dev/null 2>&1; then
		python=$candidate
		break
	fi
done
lp=()
if [[ -z $python ]]; then
	if [[ ${CI:-} == true ]]; then
		fail "no python3 with SciPy (python3-scipy), and CI=true"
		finish
	fi
	echo "skipped (the linear program's column): no python3 with SciPy (python3-scipy)"
	skipped_parts=$((skipped_parts + 1))
	python=$(command -v python3 || command -v /usr/bin/python3) || skip "no python3"
	lp=(--no-lp)
fi

for level in 1 2 5 23; do
	run 0 solve -O moves -q --json -t 60 -j 1 -l $level "$microban" || continue
	solution=$(sed -n 's/.*"solution":"\([LURDlurd]*\)".*/\1/p' "$work/out")
	[[ -n $solution ]] || { fail "level $level: no solution in $(head -c 300 "$work/out")"; continue; }
	if ! "$python" "$source_dir/bench/bound_gap.py" --hako "$hako" "${lp[@]}" \
		"$microban" $level "$solution" >"$work/gap" 2>"$work/err"; then
		fail "level $level: bound_gap.py failed: $(head -c 400 "$work/err")"
		continue
	fi
	# moves  left: moves pushes walks   hako  push      lp  tour
	verdict=$(awk -v moves=${#solution} -v lp=${#lp[@]} '
		NR == 1 { next }
		{
			rows++
			if (rows == 1 && $2 != moves) print "first row leaves " $2 " moves, not " moves
			if ($5 > $2) print "row " $1 ": hako bound " $5 " > " $2 " moves left"
			if ($6 > $3) print "row " $1 ": push bound " $6 " > " $3 " pushes left"
			if (lp == 0 && $7 > $4 + 1e-6) print "row " $1 ": lp " $7 " > " $4 " walks left"
			if ($8 > $2) print "row " $1 ": tour " $8 " > " $2 " moves left"
			last = $2 + $3 + $4 + $5 + $6 + $8 + (lp == 0 ? $7 : 0)
		}
		END {
			if (rows < 2) print "only " rows " rows"
			else if (last != 0) print "the last row is not all zeros"
		}' "$work/gap")
	[[ -z $verdict ]] || fail "level $level: $verdict"
	echo "level $level: ${#solution} moves, $(($(wc -l <"$work/gap") - 1)) positions checked"
done

# Bad input: a level number the file does not have, a solution that does
# not solve the level.
"$python" "$source_dir/bench/bound_gap.py" --hako "$hako" --no-lp "$microban" 999 r \
	>"$work/out" 2>"$work/err" && fail "level 999 accepted"
has err 'has 155 levels, not 999'
"$python" "$source_dir/bench/bound_gap.py" --hako "$hako" --no-lp "$microban" 1 l \
	>"$work/out" 2>"$work/err" && fail "a non-solution accepted"
has err 'bound_gap: '
finish
