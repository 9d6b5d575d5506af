# lib_e2e.sh — the preamble the e2e_*.sh tests share, sourced by each with
# the test's own arguments (HAKO_BINARY SOURCE_DIR). Not a test itself:
# ctest runs only test/e2e_*.sh.
#
# Sets hako (the binary's absolute path), source_dir, work (a temporary
# directory removed on exit) and failures; defines skip, fail, run, has and
# finish.
set -uo pipefail

hako=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source_dir=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# skip REASON — nothing to test here: say why and pass.
skip() {
	echo "skipped: $*"
	exit 0
}

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# run CODE ARGS... — run hako, keep stdout/stderr in $work/out, $work/err,
# and check the exit code.
run() {
	local want=$1
	shift
	"$hako" "$@" >"$work/out" 2>"$work/err"
	local got=$?
	if [[ $got -ne $want ]]; then
		fail "hako $* exited $got, want $want"
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
	echo "${2:-all passed}"
}
