#!/usr/bin/env bash
# e2e_regression.sh — the regression table (test/regression.tsv): for each
# row, `hako solve --json -O MODE -t SECONDS -l LEVEL FILE` must report the
# expected status, and a solution must pass `hako verify`. Rows that need
# ../shared/levels are skipped, saying so, when it is absent.
#   bash e2e_regression.sh HAKO_BINARY SOURCE_DIR
# HAKO_REGRESSION_JOBS (default 2) is the -j of every run.
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

table=$source_dir/test/regression.tsv
jobs=${HAKO_REGRESSION_JOBS:-2}
rows=0
skipped=0
started=$SECONDS
while IFS=$'\t' read -r file level mode seconds want; do
	[[ -z $file || $file == \#* || $file == file ]] && continue
	path=$source_dir/$file
	[[ $file == ../shared/levels/* ]] && path=$shared/${file#../shared/levels/}
	if [[ ! -f $path ]]; then
		if [[ $file == ../shared/levels/* ]]; then
			skipped=$((skipped + 1))
			continue
		fi
		fail "$file: not found"
		continue
	fi
	rows=$((rows + 1))
	"$hako" solve --json -q -j "$jobs" -O "$mode" -t "$seconds" -l "$level" "$path" \
		>"$work/out" 2>"$work/err"
	# One JSON line; its status, solution (LURD: no escapes), nodes, seconds.
	field() { sed -n 's/.*"'"$1"'":"\{0,1\}\([^",]*\).*/\1/p' "$work/out" | head -1; }
	got=$(field status)
	solution=$(field solution)
	nodes=$(field nodes)
	took=$(field seconds)
	label="$file level $level (-O $mode -t $seconds)"
	if [[ $got != "$want" ]]; then
		fail "$label: $got, want $want: $(head -c 300 "$work/out") $(head -c 300 "$work/err")"
		continue
	fi
	if [[ $want == solved ]] && ! "$hako" verify "$path" -l "$level" "$solution" >"$work/verify" 2>&1; then
		fail "$label: hako verify rejects the solution: $(head -c 300 "$work/verify")"
		continue
	fi
	echo "ok $label: $got, $nodes nodes, $took s"
done <"$table"
[[ $skipped -gt 0 ]] && skip_part "$skipped row(s)"
[[ $rows -gt 0 || $skipped -gt 0 ]] || fail "no row of $table was run"
finish "regression failure(s)" "all $rows row(s) passed in $((SECONDS - started)) s"
