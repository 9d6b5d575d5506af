#!/usr/bin/env bash
# web/build.sh — build the browser player: libhako (src/*.c, unchanged) and
# web/binding.c compiled to WebAssembly by clang with Debian's wasi-libc and
# lld, then web/assemble.py inlines the wasm, the scripts, the style and
# the bundled levels into one file, build/web/hako.html.
#
#   web/build.sh [OUTDIR]     (default: build/web of the checkout)
#
# Needs clang, lld (wasm-ld), wasi-libc, libclang-rt-dev-wasm32 and
# python3: scripts/deps.sh's HAKO_WEB_DEPS. Without them it says what is
# missing and exits 77, so a test can report itself skipped. Objects are
# kept in OUTDIR/obj and rebuilt only when a source or header is newer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/web}
mkdir -p "$out/obj"
out=$(cd "$out" && pwd)

cc=${HAKO_WASM_CC:-clang}
flags=(--target=wasm32-wasi -std=c17 -O2 -DNDEBUG -D_POSIX_C_SOURCE=200809L -I"$root/include"
	-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wstrict-prototypes
	-Wmissing-prototypes -Wvla -Wformat=2 -Wundef -Wcast-qual -Wwrite-strings -Werror)

# Can this clang compile and link for wasm32-wasi?
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '%s\n' '#include <stdlib.h>' \
	'__attribute__((export_name("f"))) void *f(size_t n);' \
	'void *f(size_t n) { return malloc(n); }' >"$probe/p.c"
if ! command -v "$cc" >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1 ||
	! "$cc" "${flags[@]}" -mexec-model=reactor "$probe/p.c" -o "$probe/p.wasm" 2>"$probe/err"; then
	echo "skipped: no wasm32-wasi toolchain (needs clang, lld, wasi-libc, libclang-rt-dev-wasm32, python3)"
	sed 's/^/  /' "$probe/err" 2>/dev/null | head -5 || true
	exit 77
fi

newest_header=$(ls -t "$root"/include/*.h "$root"/src/*.h | head -1)
objects=()
compile() { # SOURCE [EXTRA FLAGS...]
	local source=$1 object
	shift
	object=$out/obj/$(basename "$(dirname "$source")")_$(basename "${source%.c}").o
	objects+=("$object")
	if [[ ! -f $object || $source -nt $object || $newest_header -nt $object ]]; then
		"$cc" "${flags[@]}" "$@" -c "$source" -o "$object"
	fi
}
for source in "$root"/src/*.c; do
	compile "$source" -I"$root/src"
done
# The binding sees only the public header, like app/. Its functions are
# called from JavaScript only, so they have no prototypes in a header.
compile "$root/web/binding.c" -Wno-missing-prototypes
compile "$root/web/wasm_threads.c"
# A removed source must not linger in the link.
for object in "$out"/obj/*.o; do
	[[ " ${objects[*]} " == *" $object "* ]] || rm -f "$object"
done

# A reactor: no main, the exports are called by web/hako.js. The searches
# recurse and keep arrays on the stack; 4 MiB of stack, and memory grows
# with malloc up to the 4 GiB of wasm32.
"$cc" "${flags[@]}" -mexec-model=reactor -Wl,-z,stack-size=4194304 -Wl,--strip-all \
	"${objects[@]}" -o "$out/hako.wasm"
python3 "$root/web/assemble.py" "$root" "$out/hako.wasm" "$out/hako.html"
echo "web: $out/hako.html ($(wc -c <"$out/hako.html") bytes; hako.wasm $(wc -c <"$out/hako.wasm") bytes)"
