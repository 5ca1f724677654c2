#!/usr/bin/env bash
# CI stage: the test suite built once with Clang under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/configure_clang.sh: ./build-clang, -O1, every report
# fatal), run on a busy machine: beside two CPU-bound processes (scripts/test_busy.sh), the
# busy laptop, so that a test asserting a wall-clock limit fails here rather than on a
# user's machine. This one build serves what were two stages with a build each:
# - the Clang stage: GCC builds everything in stage 1; this catches code that one compiler
#   accepts and the other refuses (Clang 14 rejects lambdas capturing structured bindings,
#   for one) and checks the golden values under Clang (the paper, exact and Halley tables
#   through scripts/determinism.sh, which reuses the Clang-built tools);
# - the sanitizer stage: every test below runs instrumented (the unit tests as before, and
#   now the tools, their bad-input matrix and the other sections' golden tables too).
# Pass SHIFTFLY_UNITY=OFF in the environment to build every tool and test file as its own
# unit (docs/performance.md, "Build time"), SHIFTFLY_CLANG_SANITIZE=OFF for a plain Clang
# Release build (with CLANG_BUILD=<another directory>); extra arguments go to both ctest runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export CLANG_BUILD="${CLANG_BUILD:-build-clang}"
bash scripts/configure_clang.sh
# The tools and the test programs (test_<module> for every folder of tests/ holding
# *_test.cpp, tests/metrics/flow/ as test_metrics_flow, and the MPI check when MPI is found);
# not the ODR check, whose two units of every header show the same under either compiler
# (stage 1 builds and runs it).
targets=(shiftfly_tool halley_tool)
for dir in $(find tests -name '*_test.cpp' -printf '%h\n' | sort -u); do
  rel=${dir#tests/}
  targets+=("test_${rel//\//_}")
done
# (the target list is read whole first: `ninja ... | grep -q` under pipefail fails when grep
# exits at its match before ninja has written the rest, and the MPI check was then left unbuilt)
all_targets=$(ninja -C "$CLANG_BUILD" -t targets all)
grep -q '^test_mpi_distances_check:' <<<"$all_targets" && targets+=(test_mpi_distances_check)
cmake --build "$CLANG_BUILD" -j "$(nproc)" --target "${targets[@]}"
. scripts/sanitizer_env.sh
# Left out, as before: the cmake/* packaging tests (they build their consumers with the
# default compiler, GCC), the headers/* checks and the docs/* and readme/* runs (they compile
# with it too, or run no program of this build), differential/fixtures_check (a Python run
# that no compiler touches): they would only repeat stage 1; the ODR check (not built,
# above); and the golden checks of the throughput and routing-load sections
# (tables/check_throughput, tables/check_routing_load: the longest tests, their LPs and
# routings tested under Clang and the sanitizers by the metrics and routing unit tests); and
# the paper, exact and Halley golden checks (tables/check_paper, check_exact, check_halley):
# the determinism stage runs those very tables with this build's tools, under the sanitizers,
# and compares them byte for byte with GCC's, which stage 1 checked against the goldens.
excluded="^((cmake|docs|headers|readme|odr|differential|mpi)/|tables/check_(throughput|routing_load|paper|exact|halley)$)"
bash scripts/test_busy.sh "$CLANG_BUILD" -E "$excluded" "$@"
# The MPI runs apart, without leak detection: Open MPI's own allocations at exit read as
# leaks to LeakSanitizer (AddressSanitizer's other checks and UBSan stay on).
if grep -q '^mpi/' <(ctest --test-dir "$CLANG_BUILD" -N | sed -n 's/^ *Test *#[0-9]*: //p'); then
  ASAN_OPTIONS="${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0}" bash scripts/test_busy.sh "$CLANG_BUILD" -R '^mpi/' "$@"
fi
