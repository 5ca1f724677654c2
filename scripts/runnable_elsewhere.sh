#!/usr/bin/env bash
# How many CPU-bound processes run outside a process tree: the threads in state R (running, or
# runnable and waiting for a core) that belong neither to PID nor to any of its descendants,
# counted in SAMPLES readings of /proc a tenth of a second apart, averaged and rounded to the
# nearest whole. A spinning process is in state R all the time, whether it has a core or waits
# for one, so the count does not shrink when the machine is oversubscribed, as a share of CPU
# time would.
# scripts/test_busy.sh uses it to spin only as many processes as the rest of the machine does not
# already run: a machine with two CPU-bound processes beside CI is the busy machine it emulates.
#
# Usage: scripts/runnable_elsewhere.sh PID [SAMPLES]
#   PID: the root of the tree left out (test_busy.sh passes its own); SAMPLES: 1 to 100, default 10.
#   SHIFTFLY_PROC names another directory laid out as /proc (the test's fixture).
set -euo pipefail
[[ $# -ge 1 && $# -le 2 ]] || { echo "usage: runnable_elsewhere.sh PID [SAMPLES]" >&2; exit 2; }
root="$1"
samples="${2:-10}"
[[ "$root" =~ ^[1-9][0-9]{0,9}$ ]] || { echo "runnable_elsewhere.sh: PID = '$root' is not a process id (1 or more)" >&2; exit 2; }
[[ "$samples" =~ ^[1-9][0-9]{0,2}$ && "$samples" -le 100 ]] ||
  { echo "runnable_elsewhere.sh: SAMPLES = '$samples' is not accepted (accepted: 1 to 100)" >&2; exit 2; }
proc="${SHIFTFLY_PROC:-/proc}"
[[ -d "$proc" ]] || { echo "runnable_elsewhere.sh: SHIFTFLY_PROC = '$proc' is not a directory" >&2; exit 2; }

total=0
for ((s = 0; s < samples; ++s)); do
  ((s == 0)) || sleep 0.1
  # One line a thread: "tid (comm) state ppid ...". The name may hold spaces and parentheses, so
  # the fields are read after its last ") ". Threads that end between the listing and the read
  # are skipped (cat's complaint and failure discarded).
  count=$({ cat "$proc"/[0-9]*/task/[0-9]*/stat 2>/dev/null || true; } | awk -v root="$root" '
    {
      n = split($0, part, ") ")
      split(part[n], f, " ")
      parent[$1] = f[2]
      if (f[1] == "R") running[$1] = 1
    }
    END {
      count = 0
      for (t in running) {
        # up the parents (a thread'\''s is its process'\''s parent, its process'\''s own id is a
        # thread of the listing too): a thread of the tree meets the root on the way
        p = t
        for (depth = 0; depth < 4096 && p != "" && p != 0 && p != root; ++depth) p = parent[p]
        if (p != root) ++count
      }
      print count
    }')
  total=$((total + count))
done
# the average, rounded to the nearest whole (halves up)
echo $(((2 * total + samples) / (2 * samples)))
