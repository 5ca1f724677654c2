#!/usr/bin/python3
"""The ratio line: each kernel of the library beside its reference, in one run.

Usage: /usr/bin/python3 bench/ratios.py BUILD/bench/bench_ratios [--reps R] [--tiny]

Runs bench_ratios (bench/ratios.cpp) and the Python references in turn, R paired repetitions
each (default 3), and prints a line a comparison, then ONE line of ratios: the reference's wall
time over the library's, the median over the pairs. Every ratio is informative (no limit on
time); the run fails (exit 1) only if a program fails or a result disagrees between a kernel and
its reference:
- all pairs: metrics::all_pairs_stats on 1 and 2 threads against the plain 64-source
  bit-parallel BFS (bench/plain_kernels.hpp) in the same process; the distance sums must be
  equal;
- channel load: metrics::uniform_shortest_path_load (spread, 1 thread) against the plain
  per-destination Brandes in the same process (every channel within 1e-9 relative), and against
  python3-igraph's Graph.edge_betweenness(directed=False) here, one core each (every edge within
  1e-9 relative of the library's two channels summed and halved); and
  metrics::uniform_shortest_path_load_fewest_passes, the load command's way (bliss's group, then
  one destination's pass a vertex orbit and the channel orbits when the group halves the passes,
  all timed), every channel within 1e-9 relative of Brandes';
- lambda2: metrics::spectral_gap (lambda2 and lambda_min, 1 thread) against SciPy's
  scipy.sparse.linalg.eigsh (ARPACK, lambda2 only, tol 1e-9, BLAS on 1 thread), both timed from
  reading the same edge-list file; lambda2 within 1e-8;
- interval: metrics::throughput_mwu (the certified (1+eps) interval, uniform traffic, 1 thread)
  against HiGHS (scipy.optimize.linprog(method='highs')) on the source-aggregated edge LP of
  tests/fixtures/throughput/make_throughput_fixtures.py (its construction not timed); the
  interval must hold HiGHS's optimum (to 1e-9 relative, HiGHS's own tolerance).
--tiny runs the same comparisons on graphs of tens of vertices, for the test suite (ctest
bench/ratios_tiny): the agreement checks, not the times.
Results: docs/performance.md, "Ratios that CI prints".
"""
import os

# one core for the references too: SciPy's BLAS and igraph must not take the second core
for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
    os.environ[var] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

try:
    import igraph
    import numpy as np
    import scipy
    import scipy.optimize
    import scipy.sparse
    import scipy.sparse.linalg
except ImportError as e:
    sys.exit(f"ratios: {e.name} is missing: the references need Debian's python3 with python3-igraph, "
             f"python3-numpy and python3-scipy (bash scripts/setup.sh installs them)")

# The graphs: CI's run (about 30 s of wall time on 2 cores with other work beside it, the build
# of bench_ratios apart; docs/hardening.md "CI time") and the test suite's tiny one.
SIZES = {
    "ci": {"all_pairs": "boardfly:12500", "load": "shiftfly:2304", "lambda2": "boardfly:12500",
           "interval": "jellyfish:40:5", "epsilon": "0.05"},
    "tiny": {"all_pairs": "boardfly:40", "load": "shiftfly:60", "lambda2": "boardfly:100",
             "interval": "jellyfish:16:4", "epsilon": "0.05"},
}


class Disagreement(Exception):
    pass


def run(binary, *args):
    """Runs bench_ratios; returns its JSON lines. A disagreement there is exit status 1."""
    p = subprocess.run([binary, *args], capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        if p.returncode == 1:
            raise Disagreement(p.stderr.strip())
        sys.exit(f"ratios: {binary} {' '.join(args)} failed with status {p.returncode}")
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def read_edges(path):
    """The edge-list file bench_ratios writes: the vertex count, then 'u v' lines."""
    values = np.fromfile(path, dtype=np.int64, sep=" ")
    return int(values[0]), values[1:].reshape(-1, 2)


def median_ratio(refs, ours):
    return statistics.median(r / o for r, o in zip(refs, ours))


def all_pairs(binary, graph, reps):
    rows = run(binary, "all-pairs", graph, str(reps))
    t1 = [r["shiftfly_1_thread_s"] for r in rows]
    t2 = [r["shiftfly_2_threads_s"] for r in rows]
    plain = [r["plain_bfs_s"] for r in rows]
    r1, r2 = median_ratio(plain, t1), median_ratio(plain, t2)
    print(f"all pairs {graph} n={rows[0]['n']}: distance sum {rows[0]['distance_sum']} (equal); "
          f"median wall s: shiftfly 1 thread {statistics.median(t1):.4f}, 2 threads {statistics.median(t2):.4f}, "
          f"plain 64-source BFS {statistics.median(plain):.4f}", flush=True)
    return [f"all pairs {graph} {r1:.2f}x (1 thread), {r2:.2f}x (2 threads) the plain BFS"]


def load(binary, graph, reps, work):
    edges_path, ebc_path = os.path.join(work, "load.edges"), os.path.join(work, "load.ebc")
    run(binary, "edgelist", graph, edges_path)
    n, edges = read_edges(edges_path)
    g = igraph.Graph(n=n, edges=edges.tolist(), directed=False)
    ours, plain, ref, sym, worst = [], [], [], [], 0.0
    for _ in range(reps):
        (row,) = run(binary, "load", graph, "1", ebc_path)
        ours.append(row["shiftfly_s"])
        sym.append(row["fewest_passes_s"])
        orbits = row["vertex_orbits"]
        plain.append(row["plain_brandes_s"])
        t0 = time.perf_counter()
        b = g.edge_betweenness(directed=False)
        ref.append(time.perf_counter() - t0)
        mine = np.loadtxt(ebc_path, ndmin=1)
        theirs = np.asarray(b)
        if mine.shape != theirs.shape:
            raise Disagreement(f"load {graph}: {mine.size} edges here, {theirs.size} in igraph")
        diff = np.abs(mine - theirs) / np.maximum(1.0, np.abs(theirs))
        worst = max(worst, float(diff.max()))
        if worst > 1e-9:
            e = int(diff.argmax())
            raise Disagreement(f"load {graph}: edge {edges[e].tolist()} has betweenness {mine[e]!r} here, "
                               f"{theirs[e]!r} in igraph")
    print(f"channel load (spread) {graph} n={n} m={len(edges)}: every channel as plain Brandes' and every "
          f"edge as igraph's (largest relative difference {worst:.1e}); median wall s: shiftfly 1 thread "
          f"{statistics.median(ours):.4f}, plain Brandes {statistics.median(plain):.4f}, igraph "
          f"{statistics.median(ref):.4f}"
          f", the load command's way (bliss, then {orbits} passes) {statistics.median(sym):.4f}", flush=True)
    return [f"load {graph} {median_ratio(plain, ours):.2f}x plain Brandes, {median_ratio(ref, ours):.2f}x igraph "
            f"(every destination's pass), {median_ratio(ref, sym):.2f}x igraph (the load command's way)"]


def scipy_lambda2(path):
    """lambda2 of D^-1/2 A D^-1/2 by eigsh, from the file (the load timed with it)."""
    n, edges = read_edges(path)
    u, v = edges[:, 0], edges[:, 1]
    ones = np.ones(2 * len(edges))
    A = scipy.sparse.csr_matrix((ones, (np.concatenate([u, v]), np.concatenate([v, u]))), shape=(n, n))
    s = scipy.sparse.diags(1.0 / np.sqrt(np.asarray(A.sum(axis=1)).ravel()))
    N = (s @ A @ s).tocsr()
    top = scipy.sparse.linalg.eigsh(N, k=2, which="LA", tol=1e-9, return_eigenvectors=False)
    return float(min(top))


def lambda2(binary, graph, reps, work):
    path = os.path.join(work, "lambda2.edges")
    (meta,) = run(binary, "edgelist", graph, path)
    ours, ref, diff = [], [], 0.0
    for _ in range(reps):
        (row,) = run(binary, "lambda2", path)
        ours.append(row["shiftfly_s"])
        t0 = time.perf_counter()
        l2 = scipy_lambda2(path)
        ref.append(time.perf_counter() - t0)
        diff = max(diff, abs(l2 - row["lambda2"]))
        if not diff <= 1e-8:
            raise Disagreement(f"lambda2 {graph}: {row['lambda2']!r} here, {l2!r} by eigsh")
    print(f"lambda2 {graph} n={meta['n']} m={meta['m']}: lambda2 {row['lambda2']:.12f} (eigsh within {diff:.1e}), "
          f"lambda_min {row['lambda_min']:.12f}; median wall s with the file's load: shiftfly (both) "
          f"{statistics.median(ours):.4f}, eigsh (lambda2) {statistics.median(ref):.4f}", flush=True)
    return [f"lambda2 {graph} {median_ratio(ref, ours):.2f}x eigsh"]


def edge_lp(n, edges):
    """The source-aggregated maximum concurrent flow LP of uniform traffic (as theta_lp in
    tests/fixtures/throughput/make_throughput_fixtures.py, built with arrays): variables theta,
    then a flow per (source, arc); per source s and vertex v != s, inflow - outflow = theta; per
    arc, the sum over the sources at most 1."""
    arcs = np.concatenate([edges, edges[:, ::-1]])
    A, K = len(arcs), n
    rows_per_source = n - 1
    eq_r, eq_c, eq_v = [], [], []
    for s in range(K):
        # row of vertex v for source s: v's index among the vertices other than s
        row = np.arange(n) - (np.arange(n) > s)
        base = s * rows_per_source
        for head, sign in ((arcs[:, 1], 1.0), (arcs[:, 0], -1.0)):
            keep = head != s
            eq_r.append(base + row[head[keep]])
            eq_c.append(1 + s * A + np.nonzero(keep)[0])
            eq_v.append(np.full(int(keep.sum()), sign))
        eq_r.append(base + np.arange(rows_per_source))
        eq_c.append(np.zeros(rows_per_source, dtype=np.int64))
        eq_v.append(np.full(rows_per_source, -1.0))
    nvar = 1 + K * A
    A_eq = scipy.sparse.csr_matrix((np.concatenate(eq_v), (np.concatenate(eq_r), np.concatenate(eq_c))),
                                   shape=(K * rows_per_source, nvar))
    ub_c = 1 + np.arange(K)[:, None] * A + np.arange(A)[None, :]
    A_ub = scipy.sparse.csr_matrix((np.ones(K * A), (np.tile(np.arange(A), K), ub_c.ravel())), shape=(A, nvar))
    c = np.zeros(nvar)
    c[0] = -1.0
    return c, A_ub, np.ones(A), A_eq, np.zeros(K * rows_per_source)


def interval(binary, graph, epsilon, reps, work):
    path = os.path.join(work, "interval.edges")
    run(binary, "edgelist", graph, path)
    n, edges = read_edges(path)
    c, A_ub, b_ub, A_eq, b_eq = edge_lp(n, edges)
    ours, ref = [], []
    for _ in range(reps):
        (row,) = run(binary, "interval", graph, epsilon)
        ours.append(row["shiftfly_s"])
        t0 = time.perf_counter()
        res = scipy.optimize.linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=(0, None), method="highs",
                                     options={"primal_feasibility_tolerance": 1e-10,
                                              "dual_feasibility_tolerance": 1e-10})
        ref.append(time.perf_counter() - t0)
        if res.status != 0:
            sys.exit(f"ratios: HiGHS did not solve the LP of {graph}: {res.message}")
        theta = float(res.x[0])
        if not (row["lower"] <= theta * (1 + 1e-9) and theta <= row["upper"] * (1 + 1e-9)):
            raise Disagreement(f"interval {graph}: [{row['lower']!r}, {row['upper']!r}] does not hold HiGHS's "
                               f"theta {theta!r}")
    print(f"interval {graph} n={n} m={len(edges)} eps {epsilon}: [{row['lower']:.10f}, {row['upper']:.10f}] "
          f"({row['rounds']} rounds) holds HiGHS's theta {theta:.10f} ({A_ub.shape[1]} variables); median wall s: "
          f"shiftfly 1 thread {statistics.median(ours):.4f}, HiGHS {statistics.median(ref):.4f}", flush=True)
    return [f"interval {graph} eps {epsilon} {median_ratio(ref, ours):.1f}x HiGHS"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("binary", help="bench_ratios (BUILD/bench/bench_ratios)")
    p.add_argument("--reps", type=int, default=3, help="paired repetitions of each comparison (default 3)")
    p.add_argument("--tiny", action="store_true", help="tiny graphs: the agreement checks only (the test suite)")
    a = p.parse_args()
    if a.reps < 1:
        p.error(f"--reps {a.reps}: at least 1")
    sizes = SIZES["tiny" if a.tiny else "ci"]
    print(f"ratios: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; igraph {igraph.__version__}, "
          f"scipy {scipy.__version__}, numpy {np.__version__}", flush=True)
    t0 = time.perf_counter()
    parts = []
    try:
        with tempfile.TemporaryDirectory(prefix="shiftfly-ratios-") as work:
            parts += all_pairs(a.binary, sizes["all_pairs"], a.reps)
            parts += load(a.binary, sizes["load"], a.reps, work)
            parts += lambda2(a.binary, sizes["lambda2"], a.reps, work)
            parts += interval(a.binary, sizes["interval"], sizes["epsilon"], a.reps, work)
    except Disagreement as e:
        print(f"ratios: DISAGREE: {e}", file=sys.stderr)
        sys.exit(1)
    print(f"ratio line (reference wall time / shiftfly's, median of {a.reps} paired runs; "
          f"{time.perf_counter() - t0:.0f} s): " + " | ".join(parts), flush=True)


if __name__ == "__main__":
    main()
