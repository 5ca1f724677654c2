#!/usr/bin/env bash
# scripts/runnable_elsewhere.sh on a made-up /proc whose answer is known, then on bad arguments.
# Usage: runnable_elsewhere_check.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir="$1"
work="$2"
script="$source_dir/scripts/runnable_elsewhere.sh"
rm -rf "$work"
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

# thread TID PID "COMM" STATE PPID: /proc/PID/task/TID/stat, as the kernel writes it (the fields
# after the parent's id do not matter here)
thread() {
  mkdir -p "$work/proc/$2/task/$1"
  echo "$1 ($3) $4 $5 $1 $1 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0" >"$work/proc/$2/task/$1/stat"
}
# The tree: init (1); 100 sleeps with two running descendants, 101 and its child 102; elsewhere,
# 200 runs with a sleeping child 201; 300 sleeps in its first thread and runs in its second (301);
# 400 sleeps but its name holds ") R (" (a parser reading the third field would see R);
# 500 is a zombie, 600 waits on the disk.
thread 1 1 init S 0
thread 100 100 bash S 1
thread 101 101 ctest R 100
thread 102 102 test_units R 101
thread 200 200 sh R 1
thread 201 201 sleep S 200
thread 300 300 worker S 1
thread 301 300 worker R 1
thread 400 400 "x) R (y" S 1
thread 500 500 gone Z 1
thread 600 600 io D 1
# every directory's name a process id, as /proc's are; files beside them are ignored
echo "cpu 1 2 3" >"$work/proc/stat"

expect() {
  local want="$1"
  shift
  local got
  got=$(SHIFTFLY_PROC="$work/proc" bash "$script" "$@") || { fail "runnable_elsewhere.sh $* exited with $?"; return; }
  [[ "$got" == "$want" ]] || fail "runnable_elsewhere.sh $*: $got, expected $want"
}
# outside 100's tree: 200 and the thread 301
expect 2 100 1
expect 2 100 3
# outside 200's tree: 101, 102 and 301 (201 is 200's but sleeps)
expect 3 200 2
# outside 101's tree: 200 and 301 (102 is 101's; 100 is its parent, not in its tree)
expect 2 101 1
# outside init's tree: nothing, every process descends from it
expect 0 1 1
# a root that is no process: every running thread
expect 4 999 1

# Bad arguments: exit status 2 and one line naming the argument.
refuse() {
  local name="$1"
  shift
  local out status=0
  out=$(SHIFTFLY_PROC="$work/proc" bash "$script" "$@" 2>&1) || status=$?
  [[ "$status" == 2 ]] || fail "runnable_elsewhere.sh $*: exit status $status, expected 2"
  [[ "$(wc -l <<<"$out")" == 1 && "$out" == *"$name"* ]] || fail "runnable_elsewhere.sh $*: '$out' does not name $name on one line"
}
refuse PID 0
refuse PID abc
refuse PID -5
refuse SAMPLES 100 0
refuse SAMPLES 100 101
refuse SAMPLES 100 x
refuse usage
refuse usage 1 2 3
out=$(SHIFTFLY_PROC="$work/nowhere" bash "$script" 100 2>&1) && fail "a missing SHIFTFLY_PROC was accepted"
[[ "$out" == *SHIFTFLY_PROC* ]] || fail "a missing SHIFTFLY_PROC: '$out' does not name it"

if ((failures > 0)); then
  echo "runnable_elsewhere_check: $failures failures" >&2
  exit 1
fi
echo "runnable_elsewhere_check: every count and refusal as expected"
