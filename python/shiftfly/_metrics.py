"""Metrics (metrics/): every call releases the GIL, runs on `threads` threads (0 = every
core; results identical for any count) and stops on Ctrl-C (KeyboardInterrupt) where the
library reports progress: the sweeps, the spectral gap, the connectivity flows and the
throughput interval. bisection, shortest_path_counts and disjoint_paths have no progress hook
in the library: Ctrl-C is raised when they return."""
import os

from . import _checks
from . import _shiftfly
from ._results import (Bisection, Connectivity, DiameterResult, DisjointPaths, DistanceStats, ShortestPathCounts,
                       SpectralGap, Throughput, ThroughputProfile)

__all__ = ["all_pairs_stats", "sampled_stats", "exact_diameter", "spectral_gap", "reference_spectral_gap",
           "connectivity", "bisection", "throughput", "shortest_path_counts", "disjoint_paths",
           "local_connectivity", "throughput_profile"]


# Ranges the library states (metrics/): the sweeps' batch widths, METIS's seeds (its int, less
# the runs a bisection adds to the seed).
_BATCH_BITS = "64, 128, 256 or 512"
_METIS_SEED = "0 to 2147483640"


def _graph(function, g):
    if not isinstance(g, _shiftfly.Graph):
        raise TypeError(f"{function}: g must be a shiftfly.Graph, not {type(g).__name__}")
    return g


def all_pairs_stats(g, threads=0, directed=False, batch_bits=512):
    """Exact all-pairs distance statistics: a BFS from every vertex, bit-parallel over batches
    of `batch_bits` sources (Then et al., "The More the Merrier", PVLDB 2014). directed=True
    follows the arcs (a digraph family). Returns DistanceStats with method "exact"."""
    _graph("all_pairs_stats", g)
    return DistanceStats._of(_shiftfly.all_pairs_stats(
        g, _checks.threads("all_pairs_stats", threads), _checks.flag("all_pairs_stats", "directed", directed),
        _checks.uint("all_pairs_stats", "batch_bits", batch_bits, (1 << 32) - 1, _BATCH_BITS)))


def sampled_stats(g, samples, seed=11, threads=0, directed=False, batch_bits=512):
    """Distance statistics from `samples` sources drawn with CPython's
    random.Random(seed).randrange(n), repeats kept (the reference artefact's sampling).
    method "sampled": the diameter is a lower bound and the mean an estimate."""
    _graph("sampled_stats", g)
    return DistanceStats._of(_shiftfly.sampled_stats(
        g, _checks.uint("sampled_stats", "samples", samples, accepted="1 to 4294967296"), _checks.uint("sampled_stats", "seed", seed),
        _checks.threads("sampled_stats", threads), _checks.flag("sampled_stats", "directed", directed),
        _checks.uint("sampled_stats", "batch_bits", batch_bits, (1 << 32) - 1, _BATCH_BITS)))


def exact_diameter(g, directed=False, threads=0):
    """The exact diameter from eccentricity bounds that meet: iFUB (Crescenzi et al. 2013) on
    the undirected graph, DiFUB along the arcs of a strongly connected digraph, all pairs
    otherwise. Returns DiameterResult (method names which)."""
    _graph("exact_diameter", g)
    return DiameterResult._of(_shiftfly.exact_diameter(
        g, _checks.flag("exact_diameter", "directed", directed), _checks.threads("exact_diameter", threads)))


def spectral_gap(g, threads=1):
    """The converged spectral gap of P = D^-1 A: lambda2 and lambda_min by thick-restart Lanczos
    (residuals <= 1e-9, the top eigenvector deflated exactly), a dense eigendecomposition for small operators where Lanczos
    breaks down, or exactly 1 - 1 = 0 on a disconnected graph (method says which)."""
    _graph("spectral_gap", g)
    return SpectralGap._of(_shiftfly.spectral_gap(g, _checks.threads("spectral_gap", threads)))


def reference_spectral_gap(g, iterations, seed=3):
    """The reference artefact's power-iteration estimate of the gap (method
    "power-iteration estimate"; lambda_min and two_sided_gap are NaN)."""
    _graph("reference_spectral_gap", g)
    return SpectralGap._of(_shiftfly.reference_spectral_gap(
        g, _checks.uint("reference_spectral_gap", "iterations", iterations, accepted="1 to 100000000"),
        _checks.uint("reference_spectral_gap", "seed", seed)))


def connectivity(g, directed=False, threads=1):
    """Exact vertex (kappa) and edge (lambda) connectivity by maximum flows (Menger's theorem;
    Boost's push-relabel), along the arcs with directed=True. n up to 100,000."""
    _graph("connectivity", g)
    return Connectivity._of(_shiftfly.connectivity(
        g, _checks.flag("connectivity", "directed", directed), _checks.threads("connectivity", threads)))


def bisection(g, spectral=True, greedy=True, metis_runs=8, metis_seed=1, exact=True, exact_max_vertices=None,
              exact_max_nodes=1 << 27, greedy_rounds=6, greedy_seed=5, threads=0):
    """The bisection width of the undirected graph (n >= 2) as a certified interval
    (metrics::bisection_width_interval). Lower end: Fiedler's bound ceil(lambda2(L) floor(n/2) ceil(n/2) / n)
    (M. Fiedler 1973; B. Mohar 1989), lambda2 by Lanczos with a safety margin (spectral=True),
    or the exact width. Upper end: the exact branch and bound (exact=True, run when
    n <= exact_max_vertices, default and at most 48, within exact_max_nodes search nodes),
    the best of metis_runs seeded METIS runs (0 = off; seeds metis_seed, metis_seed + 1, ...),
    the reference's greedy local search (greedy=True; greedy_rounds, greedy_seed). Lanczos runs
    on `threads` threads (0 = every core; the bounds do not depend on it). Returns
    Bisection (lower == upper: exact). Runs without the GIL; the library has no progress hook
    here, so Ctrl-C takes effect when the run ends (an exact search of 48 vertices may take minutes)."""
    f = "bisection"
    _graph(f, g)
    largest = _shiftfly.exact_bisection_max_vertices()
    return Bisection._of(_shiftfly.bisection(
        g, _checks.flag(f, "spectral", spectral), _checks.flag(f, "greedy", greedy),
        _checks.uint(f, "greedy_rounds", greedy_rounds, accepted="0 to 1000000"), _checks.uint(f, "greedy_seed", greedy_seed),
        _checks.uint(f, "metis_runs", metis_runs, accepted="0 to 10000"),
        _checks.uint(f, "metis_seed", metis_seed, accepted=_METIS_SEED), _checks.flag(f, "exact", exact),
        largest if exact_max_vertices is None else _checks.uint(f, "exact_max_vertices", exact_max_vertices,
                                                                accepted=f"0 to {largest}"),
        _checks.uint(f, "exact_max_nodes", exact_max_nodes, accepted="1 to 1099511627776"), _checks.threads(f, threads)))


_PATTERNS = ("uniform", "permutation", "worst")


def throughput(g, traffic="uniform", seed=1, epsilon=0.05, threads=0, directed=False, max_seconds=None, endpoints=None,
               symmetry=True, column_generation=False, balanced=True, contracted_bound=True):
    """The throughput theta(T): the largest factor by which the traffic T can be routed at once
    within unit capacities on every link direction (the maximum concurrent flow; T. Leighton and
    S. Rao 1999, F. Shahrokhi and D. W. Matula 1990), by metrics::measure_throughput.
    traffic: "uniform" (one unit every ordered pair), "permutation" (random.Random(seed).shuffle
    of 0..n-1), "worst" (the permutation maximising sum d(s, pi(s)), whose distance bound is the
    TUB bound of Namyar et al., SIGCOMM 2021), or a traffic file (`s t demand` lines) given as an
    os.PathLike or the str "file:PATH". The exact LP (COIN-OR CLP) when its sources x arcs flow
    variables are at most 40,000, else the (1+epsilon) Garg-Koenemann/Fleischer interval
    (0.001 <= epsilon < 1; an interval that stops at its round limit wider than that has
    converged=False and the width it reached). File demands: 2.2250738585072014e-308 to
    1.7976931348623157e308, at most 1e12 apart, with a throughput that is a normal float
    (theta(c*T) = theta(T)/c: the demands are scaled by a power of two before solving). directed=True routes along the arcs of a digraph family. Runs without
    the GIL on `threads` threads (0 = every core; results identical for any count); Ctrl-C
    stops the interval within a round. max_seconds (1 to 604800; None: no limit) refuses an
    interval whose estimated time exceeds it, with the estimate, and limits its rounds to those
    that fit (the cost model of metrics/flow/throughput_mwu.hpp). endpoints (worst only; None: one a
    vertex): the endpoint count of every vertex, 0 to 65535; TUB then pairs the routers with endpoints,
    weighs a pair by min(H_s, H_t) and sends that much, so theta is per endpoint. With a max_seconds the
    worst permutation's theta is measured only when it fits, else method is "upper bound" and the
    result is [0, TUB]. symmetry (uniform traffic above the LP's limit): solve the LP reduced by the
    graph's automorphisms (bliss; one commodity a vertex orbit) when the group makes it small enough,
    exact and certified (metrics/flow/throughput_symmetric.hpp); False skips it. column_generation=True:
    above the LP's limit, up to 5e7 (source orbits) x arcs, for uniform traffic first the balanced
    routing run to the upper end (exact when it meets it within 1e-7: Jellyfish of 1,000 routers of
    degree 40 in seconds), then the exact value by column generation
    (metrics/flow/throughput_arc_generation.hpp: the edge LP priced in from the shortest-path arcs,
    on the automorphisms' orbits for uniform traffic; else over source routings), certified to
    1e-7, or its certified interval when max_seconds stops it. balanced (uniform traffic, where the
    interval answers): first the balanced shortest-path routing (metrics/flow/throughput_balanced.hpp:
    splits by products of arc weights, updated on the congestion), which closes the interval with the
    distance bound when it comes within (1+epsilon) of it; False goes straight to the Garg-Koenemann
    rounds. contracted_bound (uniform traffic on the undirected graph above the exact LP): the quotient
    by the graph's structural clusters (metrics/cuts/structural_clusters.hpp: Boardfly's pods,
    Dragonfly's groups); where they are cliques and the quotient's LP fits, its exact LP lifted through
    them (metrics/flow/throughput_cluster_lift.hpp: exact where their links have room, Boardfly of
    1,000 groups in 3 s), else the upper end of its own interval (metrics/flow/throughput_contracted.hpp)
    when that is lower; False leaves it out. Returns Throughput."""
    f = "throughput"
    _graph(f, g)
    path = ""
    if isinstance(traffic, os.PathLike):
        pattern, path = "file", os.fspath(traffic)
        if not isinstance(path, str):
            raise TypeError(f"{f}: traffic must be a str or os.PathLike of a str, not {type(path).__name__}")
    elif isinstance(traffic, str):
        if traffic.startswith("file:"):
            pattern, path = "file", traffic[len("file:"):]
            if not path:
                raise ValueError(f"{f}: traffic = 'file:' names no file (accepted: file:PATH)")
        elif traffic in _PATTERNS:
            pattern = traffic
        else:
            raise ValueError(f"{f}: traffic = '{traffic}' is out of range (accepted: uniform, permutation, worst, "
                             "a traffic file as os.PathLike or 'file:PATH')")
    else:
        raise TypeError(f"{f}: traffic must be a str or os.PathLike, not {type(traffic).__name__}")
    epsilon = _checks.real(f, "epsilon", epsilon)
    if not 0.001 <= epsilon < 1:
        raise ValueError(f"{f}: epsilon = {epsilon:g} is out of range (accepted: 0.001 to below 1)")
    if max_seconds is None:
        limit = 0.0
    else:
        limit = _checks.real(f, "max_seconds", max_seconds)
        if not 1 <= limit <= 604800:
            raise ValueError(f"{f}: max_seconds = {limit:g} is out of range (accepted: 1 to 604800, or None)")
    counts = []
    if endpoints is not None:
        counts = _checks.uint_list(f, "endpoints", endpoints, accepted="0 to 65535")
        if any(h > 65535 for h in counts):
            raise ValueError(f"{f}: endpoints = {max(counts)} is out of range (accepted: 0 to 65535)")
        if len(counts) != g.n:
            raise ValueError(f"{f}: endpoints = {len(counts)} counts does not give one per vertex "
                             f"(accepted: {g.n} counts)")
        if pattern != "worst":
            raise ValueError(f"{f}: endpoints = {len(counts)} counts is given with traffic '{pattern}' "
                             "(accepted: only with traffic 'worst')")
    return Throughput._of(_shiftfly.throughput(
        g, pattern, path, _checks.uint(f, "seed", seed), epsilon, _checks.threads(f, threads),
        _checks.flag(f, "directed", directed), limit, counts, _checks.flag(f, "symmetry", symmetry),
        _checks.flag(f, "column_generation", column_generation), _checks.flag(f, "balanced", balanced),
        _checks.flag(f, "contracted_bound", contracted_bound)))


def throughput_profile(g, threads=0, metis_runs=8, metis_seed=1, routing_max_vertices=2304,
                       tub_max_vertices=2304, symmetric_max_variables=100000, arc_generation_max_variables=160000):
    """Bisection width, uniform and worst-permutation throughput of a connected graph (n >= 3)
    as certified intervals by bounds cheap enough for tens of thousands of vertices
    (metrics::measure_throughput_profile): Fiedler's spectral bound and the best of
    `metis_runs` seeded METIS bisections; the shortest-path split routing's 1 / max link load
    (when n <= routing_max_vertices; O(n x arcs)), the distance bound 2m / sum d and the METIS
    cut for uniform traffic; Valiant's two-phase routing (L. G. Valiant 1982: every permutation
    routes at n/2 x the uniform throughput), the cut and TUB (Namyar et al. 2021, when
    n <= tub_max_vertices) for the worst permutation; both uniform ends exact when the LP reduced by
    the graph's automorphisms has fewer commodities than vertices and at most symmetric_max_variables
    flow variables (0: never), or else, when the same LP's first restriction to the shortest-path arcs has
    at most arc_generation_max_variables (0: never), by arc generation on the orbits
    (metrics/flow/throughput_arc_generation.hpp). Runs without the GIL; Ctrl-C is raised
    when it returns. Returns ThroughputProfile."""
    f = "throughput_profile"
    _graph(f, g)
    return ThroughputProfile._of(_shiftfly.throughput_profile(
        g, _checks.threads(f, threads), _checks.uint(f, "metis_runs", metis_runs, accepted="1 to 10000"),
        _checks.uint(f, "metis_seed", metis_seed, accepted=_METIS_SEED),
        _checks.uint(f, "routing_max_vertices", routing_max_vertices),
        _checks.uint(f, "tub_max_vertices", tub_max_vertices),
        _checks.uint(f, "symmetric_max_variables", symmetric_max_variables),
        _checks.uint(f, "arc_generation_max_variables", arc_generation_max_variables)))


def shortest_path_counts(g, threads=0, directed=False):
    """sigma(s, t), the number of shortest s-t paths, for every ordered pair s != t: one BFS
    a source with sigma(w) = sum of sigma over w's predecessors (the counting pass of U. Brandes,
    J. Math. Sociol. 25(2), 2001), exact in 64 bits (a count past 2^64 - 1 is a ValueError, never
    wrapped). directed=True follows the arcs. Returns ShortestPathCounts (a histogram)."""
    f = "shortest_path_counts"
    _graph(f, g)
    return ShortestPathCounts._of(_shiftfly.shortest_path_counts(
        g, _checks.flag(f, "directed", directed), _checks.threads(f, threads)))


def disjoint_paths(g, samples=1000, seed=1, threads=0, directed=False, max_work=20_000_000_000):
    """lambda(s, t), the most edge-disjoint s-t paths, and kappa(s, t), the most internally
    vertex-disjoint ones, by unit-capacity maximum flows (Menger's theorem, K. Menger 1927),
    over `samples` ordered pairs drawn with random.Random(seed) (s = randrange(n), then
    t = randrange(n - 1), t += 1 if t >= s; repeats kept), or over every ordered pair with
    samples=0. A run estimated above max_work arc scans is refused before it starts.
    Returns DisjointPaths (histograms, min and mean of each)."""
    f = "disjoint_paths"
    _graph(f, g)
    return DisjointPaths._of(_shiftfly.disjoint_paths(
        g, _checks.uint(f, "samples", samples, accepted="0 to 1000000000"), _checks.uint(f, "seed", seed),
        _checks.flag(f, "directed", directed), _checks.threads(f, threads),
        _checks.uint(f, "max_work", max_work, accepted="1 to 1000000000000000")))


def local_connectivity(g, s, t, directed=False):
    """(lambda(s, t), kappa(s, t)) of one pair: the most edge-disjoint and internally
    vertex-disjoint s-t paths (Menger's theorem; an edge s-t counts as one path)."""
    f = "local_connectivity"
    _graph(f, g)
    return tuple(_shiftfly.local_connectivity(g, _checks.vertex(f, "s", s, g.n), _checks.vertex(f, "t", t, g.n),
                                              _checks.flag(f, "directed", directed)))
