#!/usr/bin/env bash
# scripts/format-check.sh — is every tracked C file laid out as .clang-format
# says? Lists the files that are not and exits 1 (clang-format from Debian:
# apt-get install clang-format). `cmake --build --preset dev --target format`
# reformats them. .ci/run runs this check when HAKO_FORMAT_CHECK=1.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null 2>&1; then
	echo "format-check: clang-format not installed (apt-get install clang-format)"
	exit 77
fi
bad=0
while IFS= read -r file; do
	if ! clang-format --dry-run --Werror "$file" >/dev/null 2>&1; then
		echo "not formatted: $file"
		bad=$((bad + 1))
	fi
done < <(git ls-files '*.c' '*.h')
if [[ $bad -ne 0 ]]; then
	echo "format-check: $bad file(s) not formatted; run: cmake --build --preset dev --target format"
	exit 1
fi
echo "format-check: every file formatted ($(clang-format --version))"
