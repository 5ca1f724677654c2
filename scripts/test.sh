#!/usr/bin/env bash
# The README's second command: install, build, run the whole test suite.
#   bash scripts/test.sh            # install what is needed, build, every test
#   bash scripts/test.sh --quick    # the contributor's loop on an existing ./build: rebuild what
#                                   # changed, then the unit tests (ctest label quick) less the test
#                                   # cases tagged [heavy] (SHIFTFLY_QUICK, tests/catch_main.cpp);
#                                   # further arguments go to ctest (-R, -E, ...)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --quick ]; then
  shift
  [ -f build/CTestTestfile.cmake ] || { echo "test.sh --quick: no configured ./build; run bash scripts/test.sh (or scripts/build.sh) once" >&2; exit 2; }
  cmake --build build -j "$(nproc)"
  SHIFTFLY_QUICK=1 ctest --test-dir build --output-on-failure -j "$(nproc)" -L '^quick$' "$@"
  exit
fi
bash scripts/setup.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
