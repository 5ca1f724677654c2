#!/usr/bin/env bash
# CI stage: the test suite built once with Clang in ./build-clang, its test programs instrumented
# by AddressSanitizer and UndefinedBehaviorSanitizer (SHIFTFLY_TEST_SANITIZERS; the tools
# uninstrumented, at the build type's -O3), then ctest on a busy machine: beside two CPU-bound
# processes (scripts/test_busy.sh's, less those the machine already runs), the busy laptop, so
# that a test asserting a wall-clock limit fails here rather than on a user's machine.
# SHIFTFLY_BUSY_PROCESSES=0 runs it on an idle machine (scripts/sanitize.sh).
#
# One build serves what were two stages and two builds (docs/hardening.md, "CI time"):
# - Clang: GCC builds everything in stage 1; this catches code that one compiler accepts and the
#   other refuses (Clang 14 rejects lambdas capturing structured bindings, for one) and checks
#   every golden value the tools print under Clang; scripts/determinism.sh reuses the Clang tools.
# - Sanitizers: every unit test, [heavy] cases included, runs instrumented. Any report fails the
#   run: -fno-sanitize-recover=all turns every UBSan finding into an error exit, and ASan stops at
#   its first error. The tools are not instrumented: their tests check what they print and how
#   they refuse, and the library code they call is what the unit tests here and the fuzzers (also
#   under ASan) exercise. The MPI check program is not instrumented either (Open MPI's own
#   allocations at exit read as leaks to LeakSanitizer).
# Pass SHIFTFLY_UNITY=OFF in the environment to build every tool and test file as its own unit
# (about 10 minutes on 2 cores, too long for every CI run; docs/performance.md, "Build time").
# SHIFTFLY_CLANG_PART=build stops after the build, SHIFTFLY_CLANG_PART=tests runs the tests of a
# build made so; the default, all, does both. With all and SHIFTFLY_BUSY_WORK (CI: .ci/run), that
# work starts at once and the build runs beside it (scripts/test_busy.sh, SHIFTFLY_BUSY_BEFORE),
# then the tests: the build's single test unit keeps one core (docs/hardening.md, "CI time").
set -euo pipefail
cd "$(dirname "$0")/.."
part="${SHIFTFLY_CLANG_PART:-all}"
case "$part" in
  all | build | tests) ;;
  *) echo "test_clang.sh: SHIFTFLY_CLANG_PART = '$part' is not accepted (accepted: all, build, tests)" >&2; exit 2 ;;
esac
before=""
if [ "$part" = all ] && [ -n "${SHIFTFLY_BUSY_WORK:-}" ]; then
  # the packages first, alone: the work's own install (the README's test command) then finds them
  # all, and no two apt-get runs wait on each other's lock
  bash scripts/setup.sh
  before="env SHIFTFLY_CLANG_PART=build bash scripts/test_clang.sh"
  part=tests
fi
if [ "$part" != tests ]; then
  bash scripts/setup.sh
  command -v clang++ >/dev/null || { echo "test_clang.sh: clang++ not found (scripts/setup.sh installs clang)" >&2; exit 2; }
  CC=clang CXX=clang++ cmake -S . -B build-clang -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DSHIFTFLY_BUILD_TESTS=ON -DSHIFTFLY_BUILD_EXAMPLES=OFF -DSHIFTFLY_BUILD_BENCH=OFF \
    -DSHIFTFLY_BUILD_FUZZERS=OFF -DSHIFTFLY_BUILD_PYTHON=OFF -DSHIFTFLY_UNITY="${SHIFTFLY_UNITY:-ON}" \
    -DSHIFTFLY_TEST_SANITIZERS=address,undefined >/dev/null
  # The tools and the test program (test_units, every tests/**/*_test.cpp, and the MPI check when
  # MPI is found); not the ODR check, whose one unit of every header shows the same under either
  # compiler (the README's test command builds and runs it).
  targets=(shiftfly_tool halley_tool test_units)
  # (the target list is read whole first: `ninja ... | grep -q` under pipefail fails when grep
  # exits at its match before ninja has written the rest, and the MPI check was then left unbuilt)
  all_targets=$(ninja -C build-clang -t targets all)
  grep -q '^test_mpi_distances_check:' <<<"$all_targets" && targets+=(test_mpi_distances_check)
  cmake --build build-clang -j "$(nproc)" --target "${targets[@]}"
fi
[ "$part" != build ] || exit 0
[ -n "$before" ] || [ -f build-clang/CTestTestfile.cmake ] || { echo "test_clang.sh: no ./build-clang to test; run it with SHIFTFLY_CLANG_PART=build first" >&2; exit 2; }
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# leaks inside outside libraries (named, with why, in the file)
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan_suppressions.txt:print_suppressions=0"
# The cmake/* packaging tests build their consumers with the default compiler
# (GCC), and the headers/* checks and the docs/api_snippets and readme/recipes runs
# compile with it too: they would only repeat stage 1; so would differential/fixtures_check,
# a Python run that no compiler touches. Also left out, for CI time
# (docs/hardening.md, "CI time"): the ODR check (not built, above), and the golden checks of the
# throughput, routing-load and collectives sections (tables/check_throughput_routing_load and
# tables/check_collectives: the longest tests, minutes each on the busy machine; their LPs, maximum
# flows, routings and schedules are tested under Clang and the sanitizers by the metrics, routing and
# collectives unit tests, and the README's test command checks both against the golden files with
# GCC's tools). The bad-input
# matrix (tools/bad_input_test) runs here too, though its code is the same under either
# compiler: it runs hundreds of tools and once bounded their wall time, so it is the
# test a busy machine tests best. (In CI the README's test command, with its Python tests, is the
# work beside these tests; .ci/run.)
SHIFTFLY_BUSY_BEFORE="$before" bash scripts/test_busy.sh build-clang \
  -E "^((cmake|docs|headers|readme|odr|differential)/|tables/check_(throughput_routing_load|collectives)$)" "$@"
