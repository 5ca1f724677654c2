#!/usr/bin/env bash
# CI's work beside the Clang build and the instrumented Clang tests (.ci/run runs it as
# SHIFTFLY_BUSY_WORK of scripts/test_clang.sh, so that it keeps the machine busy where two spinning
# processes would otherwise; scripts/test_busy.sh): one after the other,
#   1. the README's test command (scripts/test.sh): install, the GCC build in ./build, the whole
#      test suite; for as long as the Clang tests run, each set of tests runs on a machine the
#      other keeps busy (its Python tests, tools' tests and table checks among them);
#   2. the benchmark programs compiled in ./build (no test runs them; they must compile);
#   3. determinism: tables byte-identical across runs, 1/2 threads, GCC (./build) and Clang
#      (./build-clang's tools, uninstrumented);
#   4. fuzzing: every libFuzzer harness for 15 s on its committed corpus, in ./build-fuzz
#      (scripts/fuzz.sh runs 60 s by default; CI's 30 minutes do not hold seven harnesses at 60 s).
# Each step prints its wall and CPU time. The sanitizer settings of the Clang tests are not
# inherited: each step sets its own.
set -euo pipefail
cd "$(dirname "$0")/.."
unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
step() {
  local name="$1"
  shift
  echo "--- beside: $name"
  local TIMEFORMAT="--- beside: $name: %0R s wall, CPU user %0U s, system %0S s"
  { time "$@" 2>&3; } 3>&2 2>&1
}
step "tests (README test command)" bash scripts/test.sh
step "benchmarks compile" cmake --build build --target benchmarks_syntax
# determinism reuses ./build-clang's tools: when the Clang build runs beside this work
# (scripts/test_busy.sh's SHIFTFLY_BUSY_BEFORE), wait until it has succeeded, so that no two ninja
# runs share that directory (test_busy.sh stops this work if the build fails)
if [ -n "${SHIFTFLY_BUSY_BEFORE_DONE:-}" ]; then
  while [ ! -e "$SHIFTFLY_BUSY_BEFORE_DONE" ]; do sleep 5; done
fi
step "determinism" bash scripts/determinism.sh
step "fuzzing" env FUZZ_SECONDS=15 BUILD_DIR="$PWD/build-fuzz" bash scripts/fuzz.sh
