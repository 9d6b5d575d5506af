#!/usr/bin/env bash
# run.sh — the main job: install what is missing, build the release preset,
# and solve the bundled Boxoban sample, printing the table of results.
# Extra arguments go to `hako solve` (for example: ./run.sh -O pushes).
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
hako_require "${HAKO_BUILD_DEPS[@]}"

jobs=$(nproc 2>/dev/null || echo 2)
# The release build needs no test framework: tests are test.sh's job.
cmake --preset release -DHAKO_TESTS=OFF >/dev/null
cmake --build --preset release -j "$jobs" >/dev/null
# The table's "level" is the 1-based place in the file; "title" is the
# level's own title from the file, and Boxoban titles its levels from 0.
echo "level: 1-based place in the file; title: the level's own title (Boxoban counts from 0)"
exec ./build/release/hako solve "$@" data/levels/boxoban_sample.txt
