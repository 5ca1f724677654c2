#!/usr/bin/env bash
# The test suite of a build directory on a busy machine: ctest runs while CPU-bound
# background processes (two by default: the busy laptop, both cores of the CI machine
# taken) spin beside it. No test may assert a wall-clock limit; where a test bounds
# time it bounds CPU time, which other processes do not inflate. This run is how that
# is checked.
#
# Usage: scripts/test_busy.sh [BUILD_DIR] [ctest arguments...]
#   BUILD_DIR defaults to build; the ctest arguments (-R, -E, -L, ...) follow it, after
#   --output-on-failure -j <cores>. SHIFTFLY_BUSY_PROCESSES sets the number of CPU-bound
#   processes beside the tests (default 2): the background processes spin only as many of them as
#   the machine does not already run (scripts/runnable_elsewhere.sh counts those, every ten
#   seconds), so that on a machine busy already the tests share it with that many, not twice as many.
#   SHIFTFLY_BUSY_WORK, when set, is a command (run by bash) whose work keeps the machine busy
#   instead of the background processes for as long as it runs: they wait while it runs and spin
#   once it has ended (CI runs its other test stages so, scripts/ci_beside.sh). Its output is
#   printed when both have ended, and the script fails when either fails.
#   SHIFTFLY_BUSY_BEFORE, when set, is a command (run by bash) run first, beside that work, before
#   ctest: the build of BUILD_DIR (scripts/test_clang.sh builds so in CI, where the work starts at
#   once rather than after the build). The work sees SHIFTFLY_BUSY_BEFORE_DONE, a path that exists
#   once that command has succeeded (scripts/ci_beside.sh waits for it before it reuses that build);
#   if the command fails, the work is stopped and the script fails.
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
[[ -n "${SHIFTFLY_BUSY_BEFORE:-}" || -f "$build/CTestTestfile.cmake" ]] ||
  { echo "test_busy.sh: $build is not a configured build directory" >&2; exit 2; }
count="${SHIFTFLY_BUSY_PROCESSES:-2}"
[[ "$count" =~ ^[0-9]+$ ]] || { echo "test_busy.sh: SHIFTFLY_BUSY_PROCESSES = '$count' is not a count" >&2; exit 2; }

burners=()
tests=""
work=""
work_dir=$(mktemp -d "${TMPDIR:-/tmp}/shiftfly-busy.XXXXXX")
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
cleanup() {
  stop_burners
  # (the work writes its session's pid as it starts: wait for it, a few seconds at most, when
  # the script ends that soon)
  local i
  for ((i = 0; i < 50; ++i)); do
    [[ -n "$work" && ! -s "$work_dir/work.pid" ]] && kill -0 "$work" 2>/dev/null || break
    sleep 0.1
  done
  if [[ -n "$work" && -s "$work_dir/work.pid" ]]; then
    kill -TERM -- "-$(cat "$work_dir/work.pid")" 2>/dev/null || true
    wait "$work" 2>/dev/null || true
  fi
  rm -rf "$work_dir"
}
# On Ctrl-C or TERM: stop ctest (which ends the test it runs) and the background processes.
interrupted() {
  [[ -n "$tests" ]] && kill -TERM "$tests" 2>/dev/null
  cleanup
  exit "$1"
}
trap cleanup EXIT
trap 'interrupted 130' INT
trap 'interrupted 143' TERM

# The work beside the tests, if any: its exit status goes to a file when it ends, which is what
# the background processes look for (a finished child stays a zombie, alive to kill -0, until
# waited for).
if [[ -n "${SHIFTFLY_BUSY_WORK:-}" ]]; then
  # (in a session of its own, so that an interruption stops the whole of it: kill -- -<its pid>)
  (
    work_status=0
    SHIFTFLY_BUSY_BEFORE_DONE="$work_dir/before.done" \
      setsid bash -c 'echo "$$" >"$0/work.pid"; eval "$1"' "$work_dir" "$SHIFTFLY_BUSY_WORK" \
      >"$work_dir/log" 2>&1 </dev/null || work_status=$?
    echo "$work_status" >"$work_dir/status"
  ) &
  work=$!
else
  echo 0 >"$work_dir/status"
fi

# The command before the tests (the build), beside the work; timed as CI's stages are.
if [[ -n "${SHIFTFLY_BUSY_BEFORE:-}" ]]; then
  echo "test_busy.sh: first, beside the work: $SHIFTFLY_BUSY_BEFORE"
  before_status=0
  TIMEFORMAT="test_busy.sh: $SHIFTFLY_BUSY_BEFORE: %0R s wall, CPU user %0U s, system %0S s"
  time bash -c "$SHIFTFLY_BUSY_BEFORE" || before_status=$?
  if [[ "$before_status" != 0 ]]; then
    echo "test_busy.sh: $SHIFTFLY_BUSY_BEFORE failed (exit status $before_status); the work beside it is stopped" >&2
    exit "$before_status"
  fi
  touch "$work_dir/before.done"
  [[ -f "$build/CTestTestfile.cmake" ]] || { echo "test_busy.sh: $build is not a configured build directory" >&2; exit 2; }
fi

# A busy loop in the shell's arithmetic (user CPU time only), checking now and then that this
# script still runs, and idle (a second at a time) while it is not to spin: burner i spins while
# $work_dir/spin.<i> exists.
parent=$$
for ((i = 0; i < count; ++i)); do
  sh -c 'while kill -0 "$1" 2>/dev/null; do
           if [ -e "$2" ]; then i=0; while [ "$i" -lt 20000 ]; do i=$((i + 1)); done; else sleep 1; fi
         done' burner "$parent" "$work_dir/spin.$i" &
  burners+=("$!")
done
# Which burners spin: none while the work beside the tests runs; after it, as many as the count
# less the CPU-bound processes that run on the machine outside this script
# (scripts/runnable_elsewhere.sh), looked at again every ten seconds. The busy machine is that many
# CPU-bound processes in all: where the machine is busy already (CI beside two other processes),
# spinning two more would test nothing a busy machine does not, and only slow the run.
if ((count > 0)); then
  sh -c 'while kill -0 "$1" 2>/dev/null; do
           if [ -e "$2/status" ]; then
             elsewhere=$(bash "$4" "$1" 10 2>/dev/null) || elsewhere=0
             i=0
             while [ "$i" -lt "$3" ]; do
               if [ "$((i + elsewhere))" -lt "$3" ]; then
                 [ -e "$2/spin.$i" ] || { touch "$2/spin.$i"; echo "test_busy.sh: burner $i spins ($elsewhere CPU-bound elsewhere)"; }
               elif [ -e "$2/spin.$i" ]; then
                 rm -f "$2/spin.$i"; echo "test_busy.sh: burner $i rests ($elsewhere CPU-bound elsewhere)"
               fi
               i=$((i + 1))
             done
             sleep 10
           else
             sleep 1
           fi
         done' controller "$parent" "$work_dir" "$count" "$PWD/scripts/runnable_elsewhere.sh" &
  burners+=("$!")
fi
if [[ -n "$work" ]]; then
  echo "test_busy.sh: ctest in $build beside: $SHIFTFLY_BUSY_WORK; then beside $count CPU-bound processes, those of the machine first (background pids ${burners[*]:-none}) on $(nproc) cores"
else
  echo "test_busy.sh: ctest in $build beside $count CPU-bound processes, those of the machine first (background pids ${burners[*]:-none}) on $(nproc) cores"
fi
# ctest in the background and `wait` for it: bash runs a trap while it waits, not while a
# foreground command runs.
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@" &
tests=$!
status=0
wait "$tests" || status=$?
tests=""
stop_burners
if [[ -n "$work" ]]; then
  wait "$work" || true
  work=""
  work_status=$(cat "$work_dir/status")
  echo "test_busy.sh: the work beside the tests (exit status $work_status):"
  cat "$work_dir/log"
  if [[ "$work_status" != 0 ]]; then
    echo "test_busy.sh: the work beside the tests failed: $SHIFTFLY_BUSY_WORK" >&2
    [[ "$status" != 0 ]] || status=$work_status
  fi
fi
exit "$status"
