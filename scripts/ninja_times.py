#!/usr/bin/env python3
"""Where a build's time goes, from ninja's log (<build>/.ninja_log, format v5: start and end
in ms, mtime, output, command hash). Prints the total of the edges' durations (each edge's
wall time: about the build's CPU time on an otherwise idle machine, where every edge, a
compile or a link, is one single-threaded process; on a busy machine, more), the wall span,
and the edges by duration, grouped by target (CMakeFiles/<target>.dir/...).

    python3 scripts/ninja_times.py build               # the last build of each output
    python3 scripts/ninja_times.py build --top 30      # the 30 longest edges as well

Only the newest entry of each output counts (an output built twice counts once), so run it
after a clean build to see a whole build; docs/hardening.md ("CI time") gives the figures.
"""
import argparse
import collections
import os
import re
import sys


def read_log(path):
    entries = {}
    with open(path) as f:
        header = f.readline()
        if not header.startswith("# ninja log v"):
            sys.exit(f"ninja_times.py: {path} is not a ninja log")
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 5:
                continue
            start, end, _mtime, output = int(parts[0]), int(parts[1]), parts[2], parts[3]
            entries[output] = (start, end)  # later lines are newer builds of the same output
    return entries


def target_of(output):
    m = re.search(r"CMakeFiles/([^/]+)\.dir/", output)
    if m:
        return m.group(1)
    return "(link) " + os.path.basename(output) if "/" in output or "." not in output else output


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", help="build directory holding .ninja_log")
    ap.add_argument("--top", type=int, default=15, help="longest edges to list (default 15)")
    a = ap.parse_args()
    entries = read_log(os.path.join(a.build, ".ninja_log"))
    if not entries:
        sys.exit("ninja_times.py: the log is empty")
    total = sum(e - s for s, e in entries.values()) / 1000
    span = (max(e for _, e in entries.values()) - min(s for s, _ in entries.values())) / 1000
    by_target = collections.Counter()
    for out, (s, e) in entries.items():
        by_target[target_of(out)] += (e - s) / 1000
    print(f"{len(entries)} edges, {total:.0f} s of edge time (≈ CPU when the machine was otherwise idle), {span:.0f} s from first start to last end")
    print(f"{'seconds':>8}  {'share':>6}  target")
    for t, secs in by_target.most_common():
        print(f"{secs:8.1f}  {100 * secs / total:5.1f}%  {t}")
    print(f"\nthe {a.top} longest edges:")
    for out, (s, e) in sorted(entries.items(), key=lambda kv: kv[1][0] - kv[1][1])[: a.top]:
        print(f"{(e - s) / 1000:8.1f}  {out}")


if __name__ == "__main__":
    main()
