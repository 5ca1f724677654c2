#!/usr/bin/python3
"""Times python3-igraph's exact diameter and mean distance on the graphs of bench_metrics.

Usage: /usr/bin/python3 bench/igraph_compare.py SHIFTFLY_BINARY [GROUPS ...]
       /usr/bin/python3 bench/igraph_compare.py SHIFTFLY_BINARY field   (the field's graphs of bench_metrics)
Times are wall and CPU (process) seconds. Each graph is written by `shiftfly graph FAMILY --groups N --format edgelist` and loaded
into igraph; prints one line per graph: family, groups, n, m, diameter, mean and seconds.
Results go to docs/performance.md (section "Metrics") beside bench_metrics.
"""
import subprocess
import sys
import time

import igraph


FIELD = [("polarfly", ["--q", "37"]), ("slimfly", ["--q", "29"]), ("dragonfly", ["--a", "28", "--h", "14"]),
         ("hyperx", ["--dims", "10,10,10,10"]), ("jellyfish", ["--routers", "10000", "--degree", "40"])]


def load(binary, family, groups, flags=None):
    flags = flags if flags is not None else ["--groups", str(groups)]
    out = subprocess.run([binary, "graph", family, *flags, "--format", "edgelist"],
                         check=True, capture_output=True, text=True).stdout
    edges = [tuple(map(int, line.split())) for line in out.splitlines() if line]
    n = 1 + max(max(e) for e in edges)
    return igraph.Graph(n=n, edges=edges, directed=False)


def time_graph(g, label):
    """Times igraph's diameter and mean distance on g and prints one line."""
    t0, c0 = time.perf_counter(), time.process_time()
    diameter = g.diameter(directed=False)
    t1, c1 = time.perf_counter(), time.process_time()
    mean = g.average_path_length(directed=False)
    t2, c2 = time.perf_counter(), time.process_time()
    print(f"{label} n={g.vcount()} m={g.ecount()} diameter={diameter} "
          f"mean={mean!r} diameter_wall_s={t1 - t0:.2f} diameter_cpu_s={c1 - c0:.2f} "
          f"mean_wall_s={t2 - t1:.2f} mean_cpu_s={c2 - c1:.2f}", flush=True)


def main():
    binary = sys.argv[1]
    if sys.argv[2:] == ["field"]:
        print(f"igraph {igraph.__version__}")
        for family, flags in FIELD:
            time_graph(load(binary, family, 0, flags), f"{family} {' '.join(flags)}")
        return
    sizes = [int(x) for x in sys.argv[2:]] or [2304, 12500, 36000]
    print(f"igraph {igraph.__version__}")
    for groups in sizes:
        for family in ("boardfly", "shiftfly"):
            time_graph(load(binary, family, groups), f"{family} groups={groups}")


if __name__ == "__main__":
    main()
