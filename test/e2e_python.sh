# e2e_python.sh — the Python module: installed with the README's line
# (pip --no-build-isolation, no network, here into a scratch --target),
# then its pytest tests (python/tests) run against it. Exits 77 (ctest:
# skipped) when python3 lacks pytest, setuptools, pip or its headers,
# except under CI=true, where that fails.
# Run by ctest as
#   bash e2e_python.sh HAKO_BINARY SOURCE_DIR
set -uo pipefail
source_dir=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Debian's python3 first: its python3-pytest is what scripts/deps.sh installs.
python=
for candidate in /usr/bin/python3 python3; do
	if "$candidate" - <<'PY' >/dev/null 2>&1; then
import os, sysconfig, pytest, setuptools, pip
assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))
PY
		python=$candidate
		break
	fi
done
if [[ -z $python ]]; then
	why="python3 with pytest, setuptools, pip and Python.h not found (Debian: python3-dev python3-pytest python3-setuptools python3-pip)"
	# CI installs them (scripts/deps.sh): missing there is a failure.
	if [[ ${CI:-} == true ]]; then
		echo "FAIL: $why"
		exit 1
	fi
	echo "skipped: $why"
	exit 77
fi

# The build happens in python/build of the checkout (pip builds in tree);
# a copy keeps the checkout clean and parallel runs apart.
mkdir -p "$work/repo"
cp -r "$source_dir/include" "$source_dir/src" "$source_dir/python" "$source_dir/data" "$work/repo/"
rm -rf "$work/repo/python/build" "$work/repo/python/"*.egg-info
if ! "$python" -m pip install -q --no-build-isolation --no-index --disable-pip-version-check \
	--target "$work/site" "$work/repo/python" >"$work/pip.log" 2>&1; then
	cat "$work/pip.log"
	echo "FAIL: pip install --no-build-isolation ./python"
	exit 1
fi
cd "$work" || exit 1
PYTHONPATH="$work/site" PYTHONDONTWRITEBYTECODE=1 "$python" -m pytest -q -p no:cacheprovider \
	"$work/repo/python/tests"
