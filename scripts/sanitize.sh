#!/usr/bin/env bash
# CI stage: the library's unit tests built with Clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, in ./build-asan. Any report fails the run:
# -fno-sanitize-recover=all turns every UBSan finding into an error exit, and
# ASan stops at its first error.
#
# What it builds and runs: the unit-test programs tests/<module>/ (one a module),
# that is every test of the library's headers. What it leaves out, because CI's
# 30 minutes do not hold them twice (docs/hardening.md, "CI time"):
# - the command-line tools and their tests (tools/*): the tools only parse and print,
#   the library code they call is what the unit tests here and the fuzzers (also under
#   ASan) exercise; the tools' tests run in full in the README test command and under
#   Clang;
# - the ODR check, the examples, the benchmarks and MPI (Open MPI's own allocations
#   at exit read as leaks to LeakSanitizer); the MPI tests run in the main stage;
# - the cmake/* packaging tests, the headers/* checks, docs/* and readme/recipes,
#   which compile with the plain compiler and would only repeat stage 1;
# - the golden-table checks (tables/check_*), which run the tools;
# - the test cases tagged [heavy] (SHIFTFLY_TEST_SKIP_HEAVY): long numerical runs (a dense
#   eigensolver, parameter grids, column generation on its largest instance, every family's
#   invariants) whose code paths smaller test cases of the same files run here; instrumented they
#   took about 3 minutes of the stage's CPU.
# Clang at -O1 rather than GCC at -Og: the same checks (and a few more of UBSan's),
# measured on the 2-core machine in one session at 227 s against about 240 s to build
# and 89 s against 126 s to run the tests (docs/hardening.md, "CI time"). Stage 1 builds
# with GCC and stage 2 with Clang, so either compiler's code is tested uninstrumented.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
flags="-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE= \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DSHIFTFLY_BUILD_BENCH=OFF -DSHIFTFLY_WITH_MPI=OFF -DSHIFTFLY_BUILD_PYTHON=OFF -DSHIFTFLY_TEST_SKIP_HEAVY=ON >/dev/null
# the unit-test programs: test_<module> for every folder of tests/ holding *_test.cpp, tools
# aside (tests/metrics/flow/: test_metrics_flow, as tests/CMakeLists.txt names it)
targets=()
for dir in $(find tests -name '*_test.cpp' -printf '%h\n' | sort -u); do
  rel=${dir#tests/}
  module=${rel//\//_}
  [ "$module" = tools ] && continue
  targets+=("test_$module")
done
cmake --build build-asan -j "$(nproc)" --target "${targets[@]}"
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# leaks inside outside libraries (named, with why, in the file)
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan_suppressions.txt:print_suppressions=0"
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" \
  -E "^((cmake|docs|headers|readme|tools|examples|odr|python|differential)/|tables/check_)" "$@"
