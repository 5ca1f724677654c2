#!/usr/bin/env bash
# The test suite of a build directory on a busy machine: ctest runs while CPU-bound
# background processes (two by default: the busy laptop, both cores of the CI machine
# taken) spin beside it. No test may assert a wall-clock limit; where a test bounds
# time it bounds CPU time, which other processes do not inflate. This run is how that
# is checked.
#
# Usage: scripts/test_busy.sh [BUILD_DIR] [ctest arguments...]
#   BUILD_DIR defaults to build; the ctest arguments (-R, -E, -L, ...) follow it, after
#   --output-on-failure -j <cores>. SHIFTFLY_BUSY_PROCESSES sets the number of
#   background processes (default 2).
# Examples:
#   bash scripts/test_busy.sh                       # the whole suite of ./build
#   bash scripts/test_busy.sh build -R 'tools/bad_input|python/'
#
# The background processes are killed when the script exits, on success, failure,
# Ctrl-C or TERM (the traps below; ctest is stopped too); and each one checks every
# 20,000 turns of its loop (a few hundredths of a second of CPU) that this script still
# runs, so that even after a SIGKILL none outlives it by more than a moment.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
[[ $# -gt 0 ]] && shift
[[ -f "$build/CTestTestfile.cmake" ]] || { echo "test_busy.sh: $build is not a configured build directory" >&2; exit 2; }
count="${SHIFTFLY_BUSY_PROCESSES:-2}"
[[ "$count" =~ ^[0-9]+$ ]] || { echo "test_busy.sh: SHIFTFLY_BUSY_PROCESSES = '$count' is not a count" >&2; exit 2; }

burners=()
tests=""
stop_burners() {
  local pid
  for pid in "${burners[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${burners[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  burners=()
}
# On Ctrl-C or TERM: stop ctest (which ends the test it runs) and the background processes.
interrupted() {
  [[ -n "$tests" ]] && kill -TERM "$tests" 2>/dev/null
  stop_burners
  exit "$1"
}
trap stop_burners EXIT
trap 'interrupted 130' INT
trap 'interrupted 143' TERM

# A busy loop in the shell's arithmetic (user CPU time only), checking now and then that
# this script still runs.
parent=$$
for ((i = 0; i < count; ++i)); do
  sh -c 'while kill -0 "$1" 2>/dev/null; do i=0; while [ "$i" -lt 20000 ]; do i=$((i + 1)); done; done' \
    burner "$parent" &
  burners+=("$!")
done
echo "test_busy.sh: ctest in $build beside $count CPU-bound processes (pids ${burners[*]:-none}) on $(nproc) cores"
# ctest in the background and `wait` for it: bash runs a trap while it waits, not while a
# foreground command runs.
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@" &
tests=$!
status=0
wait "$tests" || status=$?
tests=""
stop_burners
exit "$status"
