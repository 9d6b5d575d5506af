# lib_e2e.sh — the preamble the e2e_*.sh tests share, sourced by each with
# the test's own arguments (HAKO_BINARY SOURCE_DIR). Not a test itself:
# ctest runs only test/e2e_*.sh.
#
# Sets hako (the binary's absolute path), source_dir, shared (the shared
# level collections), work (a temporary directory removed on exit) and
# failures; defines skip, need_shared, skip_part, fail, run, run_with, has and finish.
#
# A test that cannot run exits 77, which ctest (SKIP_RETURN_CODE 77) reports
# as skipped, never as passed. In CI (CI=true) a test that needs
# ../shared/levels fails instead of skipping: CI has them.
set -uo pipefail

hako=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source_dir=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
skipped_parts=0
# HAKO_SHARED_LEVELS overrides where they are (to try a run without them).
shared=${HAKO_SHARED_LEVELS:-$source_dir/../shared/levels}

# skip REASON — nothing to test here: say why and exit 77 (skipped).
skip() {
	echo "skipped: $*"
	exit 77
}

# need_shared PATH — the test needs PATH (under $shared): without it the
# test is skipped, or fails in CI.
need_shared() {
	[[ -e $1 ]] && return 0
	if [[ ${CI:-} == true ]]; then
		echo "FAIL: $1 not found, and CI=true: a test that needs ../shared/levels may not be skipped in CI"
		exit 1
	fi
	skip "../shared/levels not found ($1)"
}

# skip_part WHAT — one part of the test needs ../shared/levels, which is
# absent: a failure in CI; elsewhere said, and finish exits 77 if nothing
# failed.
skip_part() {
	if [[ ${CI:-} == true ]]; then
		fail "$* needs ../shared/levels ($shared), and CI=true"
		return
	fi
	echo "skipped ($*): ../shared/levels not found ($shared)"
	skipped_parts=$((skipped_parts + 1))
}

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# run CODE ARGS... — run hako, keep stdout/stderr in $work/out, $work/err,
# and check the exit code.
run() {
	run_with "$hako" "$@"
}

# run_with BINARY CODE ARGS... — the same for another program (hako-engine).
run_with() {
	local binary=$1 want=$2
	shift 2
	"$binary" "$@" >"$work/out" 2>"$work/err"
	local got=$?
	if [[ $got -ne $want ]]; then
		fail "$(basename "$binary") $* exited $got, want $want"
		sed 's/^/  stdout: /' "$work/out" | head -20
		sed 's/^/  stderr: /' "$work/err" | head -20
		return 1
	fi
	return 0
}

# has FILE PATTERN — the file (out or err) contains the extended regex.
has() {
	grep -Eq -- "$2" "$work/$1" || fail "$1 of the last command lacks /$2/: $(head -c 400 "$work/$1")"
}

# finish [FAILED_WORDS [PASSED_LINE]] — the summary, and exit 1 on any failure.
finish() {
	if [[ $failures -ne 0 ]]; then
		echo "$failures ${1:-failure(s)}"
		exit 1
	fi
	if [[ $skipped_parts -ne 0 ]]; then
		echo "${2:-all passed}, but $skipped_parts part(s) skipped"
		exit 77
	fi
	echo "${2:-all passed}"
}
