#!/usr/bin/env bash
# Configures ./build-clang (or $CLANG_BUILD): the one Clang build of CI, instrumented with
# AddressSanitizer and UndefinedBehaviorSanitizer. It serves the Clang stage and the
# sanitizer stage at once (scripts/test_clang.sh), and the determinism stage's Clang tools
# (scripts/determinism.sh): one build for the three, where there were two.
#   -O1 -g1 -fno-omit-frame-pointer: the sanitizers' usual level (readable stacks, about
#     the compile time of -O0, tests several times faster than at -O0);
#   -fsanitize=address,undefined -fno-sanitize-recover=all: any report is an error exit;
#   no benchmarks, examples, fuzzers or Python module (the fuzzers have their own
#   libFuzzer build, scripts/fuzz.sh; the Python tests run from stage 1's build).
# SHIFTFLY_CLANG_SANITIZE=OFF configures a plain Clang Release build instead (the same
# targets and tests, uninstrumented: for timing, or to tell a sanitizer report from a
# compiler difference). Every caller configures with the same options, so a second call
# regenerates nothing and rebuilds nothing: determinism.sh reuses what test_clang.sh built.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${CLANG_BUILD:-build-clang}"
command -v clang++ >/dev/null || { echo "configure_clang.sh: clang++ not found (scripts/setup.sh installs clang)" >&2; exit 2; }
common=(-G Ninja -DSHIFTFLY_BUILD_TESTS=ON -DSHIFTFLY_BUILD_EXAMPLES=OFF -DSHIFTFLY_BUILD_BENCH=OFF
  -DSHIFTFLY_BUILD_FUZZERS=OFF -DSHIFTFLY_BUILD_PYTHON=OFF -DSHIFTFLY_UNITY="${SHIFTFLY_UNITY:-ON}")
if [ "${SHIFTFLY_CLANG_SANITIZE:-ON}" = OFF ]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" "${common[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS= -DCMAKE_EXE_LINKER_FLAGS= >/dev/null
else
  flags="-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
  CC=clang CXX=clang++ cmake -S . -B "$build" "${common[@]}" -DCMAKE_BUILD_TYPE= \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
fi
