#!/usr/bin/env bash
# CI stage: the whole test suite built with Clang (Release, tools, tests,
# examples, MPI when found; no benchmarks) in ./build-clang, then ctest. GCC
# builds it in stage 1; this catches code that one compiler accepts and the other
# refuses (Clang 14 rejects lambdas capturing structured bindings, for one) and
# checks every golden value under Clang. scripts/determinism.sh reuses the
# Clang-built tools. Pass SHIFTFLY_UNITY=OFF in the environment to build every
# tool and test file as its own unit (about 10 minutes on 2 cores, too long for
# every CI run; docs/performance.md, "Build time").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
command -v clang++ >/dev/null || { echo "test_clang.sh: clang++ not found (scripts/setup.sh installs clang)" >&2; exit 2; }
CC=clang CXX=clang++ cmake -S . -B build-clang -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DSHIFTFLY_BUILD_TESTS=ON -DSHIFTFLY_BUILD_EXAMPLES=ON -DSHIFTFLY_BUILD_BENCH=OFF \
  -DSHIFTFLY_BUILD_FUZZERS=OFF -DSHIFTFLY_BUILD_PYTHON=OFF -DSHIFTFLY_UNITY="${SHIFTFLY_UNITY:-ON}" >/dev/null
cmake --build build-clang -j "$(nproc)"
# The cmake/* packaging tests build their consumers with the default compiler
# (GCC), and the headers/* checks and the docs/api_snippets and readme/recipes runs
# compile with it too: they would only repeat stage 1.
ctest --test-dir build-clang --output-on-failure -j "$(nproc)" -E "^((cmake|docs|headers|readme)/|tables/check_throughput$)" "$@"
