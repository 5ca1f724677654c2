#!/usr/bin/env bash
# CI stage: the whole test suite built with GCC under AddressSanitizer
# and UndefinedBehaviorSanitizer, in ./build-asan. Any report fails the run:
# -fno-sanitize-recover=all turns every UBSan finding into an error exit, and
# ASan stops at its first error. Benchmarks are left out (they are not tests),
# and so is MPI: Open MPI's own allocations at exit read as leaks to
# LeakSanitizer; the MPI tests run in the main stage (scripts/test.sh). So do
# the cmake/* packaging tests, which build their consumers with their own flags,
# not the sanitizer's: here they would only repeat stage 1; and the headers/*
# checks, docs/api_snippets and readme/recipes, which compile with the plain compiler.
# -Og, not -O1: the same checks, and the build takes about a third less time
# (docs/hardening.md, "CI time").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
flags="-Og -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
CC=gcc CXX=g++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE= \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DSHIFTFLY_BUILD_BENCH=OFF -DSHIFTFLY_WITH_MPI=OFF -DSHIFTFLY_BUILD_PYTHON=OFF >/dev/null
cmake --build build-asan -j "$(nproc)"
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# Left out besides the build-system and documentation tests: the tool matrices that run the
# tools hundreds of times (tools/bad_input_test, envelope_test, help_test) and the golden-table
# checks (tables/check_*). Under ASan they took about 4 minutes of CI's 30, and they run the
# library paths that the unit tests above and the fuzzers (also under ASan) already exercise;
# they run in full in the README test command and under Clang.
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" \
  -E "^((cmake|docs|headers|readme)/|tools/(bad_input|envelope|help)_test$|tables/check_)" "$@"
