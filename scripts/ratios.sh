#!/usr/bin/env bash
# CI stage "ratios": each kernel beside its reference in one run, and ONE line of ratios
# (reference wall time / the library's, median of paired runs): all pairs against a plain
# bit-parallel BFS, the uniform channel load against a plain Brandes and igraph's
# edge_betweenness, lambda2 against SciPy's eigsh, the certified throughput interval against
# HiGHS (bench/ratios.py, bench/ratios.cpp; docs/performance.md, "Ratios that CI prints").
# The times are informative: the stage fails only when a program fails or a kernel and its
# reference disagree. Builds bench_ratios first (in CI stage 1 has built it: a test runs it).
#   bash scripts/ratios.sh [BUILD_DIR] [bench/ratios.py options: --reps R, --tiny]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
# Debian's interpreter, whose python3-igraph, NumPy and SciPy scripts/setup.sh installs
python=/usr/bin/python3
[ -x "$python" ] || python=python3
cmake --build "$build" --target bench_ratios
"$python" bench/ratios.py "$build/bench/bench_ratios" "$@"
