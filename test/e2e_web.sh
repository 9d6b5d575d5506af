#!/usr/bin/env bash
# e2e_web.sh — the browser player end to end: build build/web/hako.html
# (web/build.sh: libhako in WebAssembly), check the issue's bar with
# `chromium --headless --dump-dom --virtual-time-budget` on links that end
# solved and dead, then drive the page in headless Chromium with Selenium
# (test/e2e_web.py). Run by ctest as: bash e2e_web.sh HAKO_BINARY SOURCE_DIR
#
# Exits 77 (ctest: skipped) with the reason when the wasm toolchain,
# Chromium, chromedriver or python3-selenium is missing or Chromium cannot
# start; under CI=true that is a failure instead: CI must run it.
set -uo pipefail
source_dir=$(cd "$2" && pwd)
out=$source_dir/build/web
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

skip() {
	if [[ ${CI:-} == true ]]; then
		echo "FAIL: $* (CI=true: the browser tests must run)"
		exit 1
	fi
	echo "skipped: $*"
	exit 77
}

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

chromium=${HAKO_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[[ -n $chromium && -x $chromium ]] || skip "chromium not installed (apt-get install chromium)"
driver=${HAKO_CHROMEDRIVER:-$(command -v chromedriver || true)}
[[ -n $driver && -x $driver ]] || skip "chromedriver not installed (apt-get install chromium-driver)"
python=
for candidate in python3 /usr/bin/python3; do
	if "$candidate" -c 'import selenium' >/dev/null 2>&1; then
		python=$candidate
		break
	fi
done
[[ -n $python ]] || skip "python3-selenium not installed (apt-get install python3-selenium)"

bash "$source_dir/web/build.sh" "$out" >"$work/build" 2>&1
case $? in
0) ;;
77) skip "$(head -1 "$work/build" | sed 's/^skipped: //')" ;;
*)
	cat "$work/build"
	echo "FAIL: web/build.sh"
	exit 1
	;;
esac
page=$out/hako.html

# headless CHROMIUM-ARGS... — run chromium as the issue's bar does; a
# separate profile each time, so runs do not share local storage.
headless() {
	timeout 90 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
		--user-data-dir="$work/profile-$RANDOM" "$@" 2>"$work/chromium.err"
}
headless --dump-dom about:blank >/dev/null ||
	skip "chromium cannot start: $(grep -v -e dbus -e '^$' "$work/chromium.err" | head -1)"

# The bar: the page's visible text names the verdict of the position a
# link opens. Our own levels (see e2e_web.py): ROOM solved and pushed onto
# a dead square, PAIR frozen against the wall.
bar() { # FRAGMENT EXPECTED
	local dom try
	# A page still "loading" when the DOM is dumped had no time to start
	# its module (seen once in CI with every core busy): that is not a
	# verdict, so it is tried again, twice at most; any verdict counts.
	for try in 1 2 3; do
		dom=$(headless --dump-dom --virtual-time-budget=10000 "file://$page#$1" | tr -s ' \t\n' ' ')
		[[ $dom == *'id="verdict">loading<'* ]] || break
		echo "note: --dump-dom #$1 still loading (try $try)"
	done
	if [[ $dom == *"$2"* ]]; then
		echo "ok: --dump-dom #$1 shows '$2'"
	else
		fail "--dump-dom #$1 does not show '$2': $(grep -o '<p id="status".\{0,160\}' <<<"$dom")"
	fi
}
bar 'level=6#|#.3-#|#--$-#|#--@-#|6#&moves=ruLLdlU' \
	'Moves 7, pushes 3</span>. Verdict: <strong id="verdict">solved</strong>'
bar 'level=6#|#.3-#|#--$-#|#--@-#|6#&moves=luR' \
	'Moves 3, pushes 1</span>. Verdict: <strong id="verdict">simple deadlock</strong>'
bar 'level=7#|#..3-#|#--$$-#|#---@-#|#5-#|7#&moves=UdlU' \
	'Verdict: <strong id="verdict">freeze deadlock</strong>'
bar 'level=7#|#..3-#|#--$$-#|#---@-#|#5-#|7#&moves=U' \
	'Verdict: <strong id="verdict">no deadlock</strong>'
# Every other kind the library names, each from a live start: a diagonal
# closed by the last push (test_dead_diagonal.c's board, one box moved);
# two boxes on a wall row with one goal (bipartite); a sweep board of
# test_dead_corral.c after moves a random walk found (corral).
bar 'level=9#|#7-#|#-#$4-#|#-#--$2-#|#--$#3-#|#--3.@-#|9#&moves=uuL' \
	'Moves 3, pushes 1</span>. Verdict: <strong id="verdict">diagonal deadlock</strong>'
bar 'level=8#|#.5-#|#-$--$-#|#--@3-#|#5-.#|8#&moves=lUrrddrrluU' \
	'Moves 11, pushes 2</span>. Verdict: <strong id="verdict">bipartite deadlock</strong>'
bar 'level=8#|#--#3-#|#-$--.-#|#.$##-##|#--$--.#|#@--#--#|8#&moves=uuuduRRRlrurldurDD' \
	'Moves 18, pushes 5</span>. Verdict: <strong id="verdict">corral deadlock</strong>'

# The native bench (see below) runs meanwhile.
"$1" bench >"$work/native" 2>&1 &
bench_pid=$!
HAKO_CHROMIUM=$chromium HAKO_CHROMEDRIVER=$driver timeout 600 "$python" \
	"$source_dir/test/e2e_web.py" "$page" "$source_dir/../shared/levels" "$work/figures.json" ||
	fail "test/e2e_web.py"
# The library as it is: its bench searched in WebAssembly gives the same
# node signature as the native program.
wait "$bench_pid"
native=$(tail -1 "$work/native")
wasm=$("$python" -c 'import json, sys; print("nodes: %d" % json.load(open(sys.argv[1]))["wasm_bench_nodes"])' \
	"$work/figures.json" 2>/dev/null)
if [[ -n $native && $native == "$wasm" ]]; then
	echo "ok: hako bench in wasm gives the native signature ($native)"
else
	fail "hako bench signature: native '$native', wasm '$wasm'"
fi
wasm_bytes=$(wc -c <"$out/hako.wasm")
html_bytes=$(wc -c <"$page")
echo "sizes: hako.wasm $wasm_bytes bytes, hako.html $html_bytes bytes"
if ((failures > 0)); then
	echo "$failures failure(s)"
	exit 1
fi
echo "e2e_web: all passed"
