#!/usr/bin/python3
"""Times shiftfly from Python beside networkx, python3-igraph and SciPy, in one run.

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_compare.py [GROUPS ...] [--networkx-sources K]
For Boardfly and Shiftfly (group level) at each group count (default 2,304 and 12,500):
- exact all-pairs diameter and mean distance: shiftfly.all_pairs_stats (every core), igraph's
  diameter + average_path_length (skipped with a note when igraph is missing), and networkx's
  all_pairs_shortest_path_length, which at these sizes takes minutes to hours, so it is timed on
  K sources (default 64) and the time scaled by n/K (marked "extrapolated");
- the spectral gap of P = D^-1 A: shiftfly.spectral_gap (Lanczos, tolerance 1e-9) against
  SciPy's eigsh (ARPACK, tol 1e-9) on the symmetric D^-1/2 A D^-1/2, which has P's eigenvalues.
Times are wall seconds (time.perf_counter) of the call alone, graphs built beforehand; one line a
measurement. Results go to docs/performance.md beside bench/igraph_compare.py's.
"""
import argparse
import os
import time

import numpy as np
import scipy
import scipy.sparse
import scipy.sparse.linalg

import shiftfly


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def networkx_all_pairs(g, sources):
    import networkx as nx
    G = g.to_networkx()
    picks = np.linspace(0, g.n - 1, min(sources, g.n)).astype(int)
    t0 = time.perf_counter()
    total, pairs, ecc = 0, 0, 0
    for s in picks:
        lengths = nx.single_source_shortest_path_length(G, int(s))
        total += sum(lengths.values())
        pairs += len(lengths) - 1
        ecc = max(ecc, max(lengths.values()))
    seconds = time.perf_counter() - t0
    return seconds * g.n / len(picks), len(picks), ecc, total / pairs


def scipy_gap(g):
    A = g.to_scipy().astype(np.float64)
    d = np.asarray(A.sum(axis=1)).ravel()
    s = scipy.sparse.diags(1.0 / np.sqrt(d))
    N = (s @ A @ s).tocsr()

    def run():
        top = scipy.sparse.linalg.eigsh(N, k=2, which="LA", tol=1e-9, return_eigenvectors=False)
        bottom = scipy.sparse.linalg.eigsh(N, k=1, which="SA", tol=1e-9, return_eigenvectors=False)
        return sorted(top)[0], bottom[0]

    return timed(run)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("groups", nargs="*", type=int, default=[2304, 12500])
    p.add_argument("--networkx-sources", type=int, default=64)
    a = p.parse_args()
    try:
        import igraph
    except ImportError:
        igraph = None
    import networkx
    print(f"shiftfly {shiftfly.__version__}, networkx {networkx.__version__}, "
          f"igraph {igraph.__version__ if igraph else 'not installed: skipped'}, scipy {scipy.__version__}, "
          f"numpy {np.__version__}; {os.cpu_count()} cores")
    for groups in a.groups:
        for family in ("boardfly", "shiftfly"):
            g = shiftfly.graph(family, groups=groups)
            head = f"{family} groups={groups} n={g.n} m={g.m}"
            s, t = timed(lambda: shiftfly.all_pairs_stats(g))
            print(f"{head} all-pairs shiftfly: diameter={s.diameter} mean={s.mean!r} wall_s={t:.3f}", flush=True)
            if igraph is not None:
                G = igraph.Graph(n=g.n, edges=g.edges().tolist(), directed=False)
                diameter, t1 = timed(lambda: G.diameter(directed=False))
                mean, t2 = timed(lambda: G.average_path_length(directed=False))
                print(f"{head} all-pairs igraph: diameter={diameter} mean={mean!r} wall_s={t1 + t2:.3f} "
                      f"(diameter {t1:.3f} + mean {t2:.3f})", flush=True)
            else:
                print(f"{head} all-pairs igraph: skipped (python3-igraph not installed)")
            seconds, k, ecc, mean = networkx_all_pairs(g, a.networkx_sources)
            print(f"{head} all-pairs networkx: wall_s={seconds:.1f} extrapolated from {k} sources "
                  f"(their eccentricity max {ecc}, mean {mean:.5f})", flush=True)
            r, t = timed(lambda: shiftfly.spectral_gap(g))
            print(f"{head} gap shiftfly: lambda2={r.lambda2!r} lambda_min={r.lambda_min!r} method={r.method} "
                  f"wall_s={t:.3f}", flush=True)
            (l2, lmin), t = scipy_gap(g)
            print(f"{head} gap scipy-eigsh: lambda2={l2!r} lambda_min={lmin!r} wall_s={t:.3f} "
                  f"|diff lambda2|={abs(l2 - r.lambda2):.1e}", flush=True)


if __name__ == "__main__":
    main()
