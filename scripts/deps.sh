# scripts/deps.sh — sourced by run.sh, test.sh and .ci/run: find which Debian
# packages are missing and install them (as root) or print the apt-get line.

# hako_missing SPEC... — print the packages whose check fails. A SPEC is
# "package:command" (present when the command is on PATH) or "package"
# (present when dpkg says it is installed).
hako_missing() {
	local spec pkg cmd
	for spec in "$@"; do
		pkg=${spec%%:*}
		if [[ $spec == *:* ]]; then
			cmd=${spec#*:}
			command -v "$cmd" >/dev/null 2>&1 && continue
		else
			dpkg -s "$pkg" >/dev/null 2>&1 && continue
		fi
		printf '%s\n' "$pkg"
	done
}

# hako_install PACKAGE... — install with apt-get when root (apt-get update
# once per run); otherwise print the exact command and return 1.
hako_install() {
	[[ $# -eq 0 ]] && return 0
	if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
		echo "hako: installing $*" >&2
		if [[ -z ${HAKO_APT_UPDATED:-} ]]; then
			DEBIAN_FRONTEND=noninteractive apt-get update -q
			HAKO_APT_UPDATED=1
		fi
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
	else
		echo "hako: missing packages; install them with:" >&2
		echo "    sudo apt-get install $*" >&2
		return 1
	fi
}

# hako_require SPEC... — every SPEC must be present (installed if needed).
hako_require() {
	local missing
	mapfile -t missing < <(hako_missing "$@")
	hako_install "${missing[@]}"
}

# hako_want SPEC... — optional packages: installed when root, otherwise a
# hint; never fails.
hako_want() {
	local missing
	mapfile -t missing < <(hako_missing "$@")
	[[ ${#missing[@]} -eq 0 ]] && return 0
	hako_install "${missing[@]}" || echo "hako: continuing without: ${missing[*]}" >&2
}

# The packages every build needs.
HAKO_BUILD_DEPS=(cmake:cmake gcc:gcc make:make libc6-dev pkg-config:pkg-config libncurses-dev)

# What the Python module's build and tests need (test/e2e_python.sh):
# Debian's headers, setuptools and pip (pip install --no-build-isolation
# ./python, no network) and pytest; SciPy for the linear program of
# bench/bound_gap.py (test/e2e_bound_gap.sh).
HAKO_PYTHON_DEPS=(python3-dev python3-setuptools python3-pip python3-pytest python3-scipy)

# The browser player (web/build.sh, test/e2e_web.sh): clang with wasi-libc
# and lld for the WebAssembly build; Chromium, its driver and Selenium for
# the tests in a real browser.
HAKO_WEB_DEPS=(clang:clang lld:wasm-ld wasi-libc libclang-rt-dev-wasm32 chromium:chromium
	chromium-driver:chromedriver python3-selenium)
