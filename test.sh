#!/usr/bin/env bash
# test.sh — install what is missing, build the dev preset (ASan + UBSan,
# warnings as errors), run every test with ctest, then build the libFuzzer
# targets and run each briefly when clang can build them.
# HAKO_FUZZ_SECONDS (default 30) is the fuzzing time shared by all targets.
# The verdict comes last: ctest's summary (with any skipped test) and the
# fuzzing's, after everything else.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
hako_require "${HAKO_BUILD_DEPS[@]}" libcmocka-dev python3:python3 "${HAKO_PYTHON_DEPS[@]}"
hako_want clang:clang tmux:tmux
# The browser player's build and tests (test/e2e_web.sh says skipped
# without them; CI installs them with hako_require).
hako_want "${HAKO_WEB_DEPS[@]}"

jobs=$(nproc 2>/dev/null || echo 2)
cmake --preset dev -DHAKO_TESTS=ON
cmake --build --preset dev -j "$jobs"
ctest_log=build/dev/ctest.log
set +e
ctest --preset dev -j "$jobs" 2>&1 | tee "$ctest_log"
ctest_status=${PIPESTATUS[0]}
set -e
fuzz_verdict="fuzz: not run"

# summary — ctest's verdict (from its "% tests passed" line on: failures and
# skipped tests listed) and the fuzzing's, printed last; exits with the
# combined status.
summary() {
	local fuzz_status=$1
	echo
	echo "== summary"
	sed -n '/% tests passed/,$p' "$ctest_log" | grep -v '^Total Test time' || true
	echo "$fuzz_verdict"
	if [[ $ctest_status -ne 0 || $fuzz_status -ne 0 ]]; then
		echo "test.sh: FAILED"
		exit 1
	fi
	echo "test.sh: passed"
	exit 0
}
[[ $ctest_status -eq 0 ]] || summary 0

# Can clang link a libFuzzer program here?
fuzz_available() {
	command -v clang >/dev/null 2>&1 && [[ -f fuzz/CMakeLists.txt ]] || return 1
	local dir
	dir=$(mktemp -d)
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
		>"$dir/probe.c"
	clang -fsanitize=fuzzer "$dir/probe.c" -o "$dir/probe" >/dev/null 2>&1
	local ok=$?
	rm -rf "$dir"
	return $ok
}

if ! fuzz_available; then
	fuzz_verdict="fuzz: skipped (needs clang with libFuzzer and fuzz/CMakeLists.txt)"
	summary 0
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$jobs"
mapfile -t targets < <(find build/fuzz -type f -perm -u+x -name 'fuzz_*' | sort)
if [[ ${#targets[@]} -eq 0 ]]; then
	fuzz_verdict="fuzz: no targets built"
	summary 0
fi
total=${HAKO_FUZZ_SECONDS:-30}
each=$(( total / ${#targets[@]} ))
(( each < 1 )) && each=1
for target in "${targets[@]}"; do
	name=$(basename "$target")
	corpus=$(mktemp -d)
	seeds=()
	[[ -d fuzz/seeds/${name#fuzz_} ]] && seeds=("fuzz/seeds/${name#fuzz_}")
	echo "fuzz: $name for ${each}s"
	# New inputs go to a scratch corpus; the committed seeds are only read.
	# A crashing input is saved under build/fuzz/artifacts/ to reproduce with
	# "$target" FILE.
	mkdir -p build/fuzz/artifacts
	"$target" -max_total_time="$each" -max_len=4096 -artifact_prefix="build/fuzz/artifacts/$name-" \
		"$corpus" "${seeds[@]}" >"$corpus.log" 2>&1 ||
		{ tail -50 "$corpus.log"; fuzz_verdict="fuzz: $name FAILED (input in build/fuzz/artifacts/)"; summary 1; }
	grep -E '^(#[0-9]+ *DONE|Done [0-9]+ runs)' "$corpus.log" | tail -1 || true
	rm -rf "$corpus" "$corpus.log"
done
fuzz_verdict="fuzz: ${#targets[@]} target(s) passed"
summary 0
