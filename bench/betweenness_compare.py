#!/usr/bin/python3
"""Times python3-igraph's edge_betweenness beside shiftfly's uniform spread load, on the same
group-level Shiftfly graphs, in one run.

Usage: /usr/bin/python3 bench/betweenness_compare.py BUILD/bench/bench_betweenness [GROUPS ...]
       (default groups: 2304 12500)

For each size: the graph's edges come from `bench_betweenness --edgelist GROUPS` (the graph the
benchmark measures), igraph computes edge_betweenness(directed=False) once (wall and process CPU
seconds), then bench_betweenness runs uniform_load/spread/shiftfly/GROUPS on 1 and 2 threads
(one iteration each; wall and process CPU). Prints one line per size with both times, the
speed-up (igraph's wall time over ours), and the largest edge betweenness by each, which must
agree (spread summed over a link's two channels and halved is igraph's value).
Results go to docs/performance.md, section "Uniform shortest-path load".
"""
import json
import subprocess
import sys
import time

import igraph


def igraph_time(binary, groups):
    out = subprocess.run([binary, "--edgelist", str(groups)], check=True, capture_output=True, text=True).stdout
    edges = [tuple(map(int, line.split())) for line in out.splitlines() if line]
    n = 1 + max(max(e) for e in edges)
    g = igraph.Graph(n=n, edges=edges, directed=False)
    t0, c0 = time.perf_counter(), time.process_time()
    b = g.edge_betweenness(directed=False)
    return n, len(edges), time.perf_counter() - t0, time.process_time() - c0, max(b)


def ours(binary, groups, threads):
    name = f"uniform_load/spread/shiftfly/{groups}/threads:{threads}/"
    out = subprocess.run([binary, f"--benchmark_filter=^{name}", "--benchmark_format=json"], check=True,
                         capture_output=True, text=True).stdout
    runs = json.loads(out)["benchmarks"]
    if len(runs) != 1:
        sys.exit(f"betweenness_compare: {len(runs)} benchmarks match {name}")
    r = runs[0]
    scale = {"ms": 1e-3, "us": 1e-6, "ns": 1e-9, "s": 1.0}[r["time_unit"]]
    return r["real_time"] * scale, r["cpu_time"] * scale, r["max_edge_betweenness"]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    sizes = [int(x) for x in sys.argv[2:]] or [2304, 12500]
    print(f"igraph {igraph.__version__}")
    for groups in sizes:
        n, m, iw, ic, imax = igraph_time(binary, groups)
        line = (f"shiftfly groups={groups} n={n} m={m} igraph_wall_s={iw:.2f} igraph_cpu_s={ic:.2f} "
                f"igraph_max={imax!r}")
        for threads in (1, 2):
            w, c, mx = ours(binary, groups, threads)
            agree = abs(mx - imax) <= 1e-9 * imax
            line += (f" | threads={threads} wall_s={w:.3f} cpu_s={c:.3f} speedup_wall={iw / w:.1f}x "
                     f"speedup_cpu={ic / c:.1f}x max_agrees={agree}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
