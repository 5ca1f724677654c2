"""The capacity metrics (bisection, throughput, path diversity) against published values,
brute force and networkx/SciPy on small graphs, and the checks on their arguments."""
import itertools
import math
import pathlib
import random

import networkx as nx
import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

import shiftfly


def _cut(G, side):
    return sum(1 for u, v in G.edges() if side[u] != side[v])


def _brute_force_bisection(G):
    """The bisection width by trying every balanced split (vertex 0 on side 0)."""
    nodes = list(G.nodes())
    n = len(nodes)
    best = G.number_of_edges()
    for part in itertools.combinations(nodes[1:], n // 2):
        side = {v: 0 for v in nodes}
        side.update({v: 1 for v in part})
        best = min(best, _cut(G, side))
    return best


# Published bisection widths: the k x k torus 2k (k even), the hypercube Q_d 2^(d-1), K_n floor(n^2/4).
@pytest.mark.parametrize("make,width", [
    (lambda: shiftfly.torus(dims=[4, 4]), 8),
    (lambda: shiftfly.hyperx(dims=[2, 2, 2, 2]), 8),
    (lambda: shiftfly.hyperx(dims=[6]), 9),
], ids=["torus4x4", "Q4", "K6"])
def test_bisection_published_widths(make, width):
    g = make()
    b = shiftfly.bisection(g)
    assert (b.lower, b.upper, b.method, b.exact) == (width, width, "exact", True)
    assert b.lower_method == "exact (branch and bound)"
    side = b.certificate
    assert side.dtype == np.uint8 and side.shape == (g.n,) and not side.flags.writeable
    assert abs(2 * int(side.sum()) - g.n) <= 1 and _cut(g.to_networkx(), dict(enumerate(side.tolist()))) == width
    d = b.to_dict()
    assert d["certificate"] == side.tolist() and d["lower"] == width and isinstance(d["bounds"][0], dict)
    assert any(x.upper for x in b.bounds) and any(not x.upper for x in b.bounds)


def test_bisection_against_brute_force_and_without_exact():
    G = nx.gnm_random_graph(12, 24, seed=4)
    g = shiftfly.Graph.from_networkx(G)
    assert shiftfly.bisection(g).lower == _brute_force_bisection(G)
    # without the exact search: a valid interval whose ends name the spectral bound and METIS
    p = shiftfly.Graph.from_networkx(nx.petersen_graph())
    truth = _brute_force_bisection(nx.petersen_graph())
    b = shiftfly.bisection(p, exact=False, greedy=False)
    assert b.lower <= truth <= b.upper and b.lower_method.startswith("lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n")
    assert b.upper_method.startswith("upper bound (METIS") and _cut(nx.petersen_graph(), dict(enumerate(b.certificate))) == b.upper
    assert b.laplacian_lambda2 == pytest.approx(2.0, abs=1e-9)  # Petersen: Laplacian spectrum 0, 2, 5
    g_only = shiftfly.bisection(p, exact=False, metis_runs=0, spectral=False)
    assert g_only.certificate is None and g_only.upper_method == "upper bound (greedy local search)"
    assert g_only.lower == 0 and g_only.lower_method == "trivial lower bound (0)"
    notes = shiftfly.bisection(p, exact_max_vertices=5).notes
    assert any("not run: n = 10 > 5" in x for x in notes)


def _distances(G):
    return dict(nx.all_pairs_shortest_path_length(G))


# Uniform traffic on an arc-transitive graph: theta = 2m / sum over ordered pairs of d(s, t).
@pytest.mark.parametrize("make", [
    lambda: shiftfly.torus(dims=[4, 4]),
    lambda: shiftfly.hyperx(dims=[2, 2, 2, 2]),
    lambda: shiftfly.hyperx(dims=[6]),
    lambda: shiftfly.Graph.from_networkx(nx.petersen_graph()),
], ids=["torus4x4", "Q4", "K6", "Petersen"])
def test_uniform_throughput_on_arc_transitive_graphs(make):
    g = make()
    G = g.to_networkx()
    dist = _distances(G)
    total = sum(d for row in dist.values() for d in row.values())
    expected = 2 * G.number_of_edges() / total
    t = shiftfly.throughput(g)
    assert (t.method, t.traffic, t.pairs, t.epsilon, t.rounds) == ("exact", "uniform", g.n * (g.n - 1), 0.0, 0)
    assert t.lower == t.upper == pytest.approx(expected, rel=1e-7)
    assert t.distance_bound == pytest.approx(expected, rel=1e-12) and t.distance_bound_certified
    assert (t.capacity, t.total_distance) == (2 * g.m, total) and t.permutation is None
    assert t.to_dict()["lower_method"].startswith("exact (")


def test_worst_permutation_against_an_assignment_and_the_uniform_bound():
    g = shiftfly.torus(dims=[4, 4])
    G = g.to_networkx()
    dist = _distances(G)
    n, C = g.n, 2 * g.m
    D = np.array([[dist[s][t] for t in range(n)] for s in range(n)])
    rows, cols = linear_sum_assignment(D, maximize=True)
    worst_total = int(D[rows, cols].sum())
    w = shiftfly.throughput(g, traffic="worst")
    assert w.traffic == "worst permutation" and w.distance_bound_certified
    assert w.total_distance == worst_total and w.distance_bound == pytest.approx(C / worst_total, rel=1e-12)
    assert sorted(w.permutation) == list(range(n))
    assert sum(D[s, p] for s, p in enumerate(w.permutation)) == worst_total
    assert w.lower <= w.upper <= w.distance_bound * (1 + 1e-9)
    # a random permutation's mean total distance is sum d / n, so max >= that: TUB <= n * theta(uniform);
    # and no permutation travels more than n * diameter
    u = shiftfly.throughput(g)
    assert C / (n * nx.diameter(G)) <= w.distance_bound <= n * u.lower * (1 + 1e-9)


def test_worst_permutation_of_endpoints_is_tubs_formula():
    # TUB (Namyar et al.): routers with endpoints, pairs weighted by min(H_s, H_t), by scipy's assignment
    g = shiftfly.jellyfish(routers=60, degree=5, seed=3)
    G = g.to_networkx()
    dist = _distances(G)
    H = [(v * 7) % 5 for v in range(g.n)]  # 0 to 4, some routers without endpoints
    tors = [v for v in range(g.n) if H[v] > 0]
    W = np.array([[min(H[s], H[t]) * dist[s][t] for t in tors] for s in tors])
    rows, cols = linear_sum_assignment(W, maximize=True)
    total = int(W[rows, cols].sum())
    w = shiftfly.throughput(g, traffic="worst", endpoints=H)
    assert w.traffic == "worst permutation of endpoints" and w.distance_bound_certified
    assert w.total_distance == total and w.distance_bound == pytest.approx(2 * g.m / total, rel=1e-12)
    assert all(w.permutation[v] == v for v in range(g.n) if H[v] == 0)
    assert w.lower <= w.upper <= w.distance_bound * (1 + 1e-9)
    with pytest.raises(ValueError, match=r"^throughput: endpoints = 3 counts does not give one per vertex"):
        shiftfly.throughput(g, traffic="worst", endpoints=[1, 2, 3])
    with pytest.raises(ValueError, match=r"^throughput: endpoints = 60 counts is given with traffic 'uniform'"):
        shiftfly.throughput(g, endpoints=H)


def test_permutation_traffic_is_cpythons_shuffle():
    g = shiftfly.torus(dims=[4, 4])
    dist = _distances(g.to_networkx())
    p = list(range(g.n))
    random.Random(7).shuffle(p)
    t = shiftfly.throughput(g, traffic="permutation", seed=7)
    assert t.traffic == "permutation (seed 7)" and t.pairs == sum(1 for s in range(g.n) if p[s] != s)
    assert t.total_distance == sum(dist[s][p[s]] for s in range(g.n))
    assert t.lower == t.upper <= t.distance_bound * (1 + 1e-9)


def test_traffic_file_is_a_maximum_flow(tmp_path):
    # one commodity: theta is the s-t maximum flow, the local edge connectivity
    g = shiftfly.Graph.from_networkx(nx.petersen_graph())
    f = tmp_path / "one.txt"
    f.write_text("# s t demand\n0 7 1\n")
    for traffic in (f, f"file:{f}"):
        t = shiftfly.throughput(g, traffic=traffic)
        assert t.lower == t.upper == pytest.approx(nx.edge_connectivity(nx.petersen_graph(), 0, 7), rel=1e-9)
        assert t.pairs == 1


def test_the_interval_brackets_the_exact_value():
    # 144 sources x 576 arcs: over the LP's 40,000 variables, so the (1+eps) interval runs
    g = shiftfly.torus(dims=[12, 12])
    total = sum(d for row in _distances(g.to_networkx()).values() for d in row.values())
    t = shiftfly.throughput(g, epsilon=0.2, threads=1, symmetry=False)
    assert t.method == "interval" and t.epsilon == 0.2 and t.rounds > 0 and t.lp_variables > 40000
    assert t.lower <= 2 * g.m / total * (1 + 1e-9) and t.upper >= 2 * g.m / total * (1 - 1e-9)
    assert t.upper <= 1.2 * t.lower * (1 + 1e-9)
    assert shiftfly.throughput(g, epsilon=0.2, threads=2, symmetry=False) == t
    # with its automorphisms (the default): the LP reduced to one commodity, exact, 2m / sum d
    e = shiftfly.throughput(g)
    assert e.method == "exact" and "reduced by" in e.algorithm
    assert e.lower == e.upper == pytest.approx(2 * g.m / total, rel=1e-9)
    # without them, column generation (arc generation on the edge LP) is exact too, when asked: on a
    # ring of 150 (150 sources x 300 arcs, over the 40,000 variables too; arc-transitive, so 2m / sum d),
    # solved in a tenth of a second, where this torus took 49 s of CLP's simplex (the C++ tests,
    # metrics/flow/throughput_arc_generation_test, run arc generation on larger LPs)
    ring = shiftfly.torus(dims=[150])
    ring_total = sum(d for row in _distances(ring.to_networkx()).values() for d in row.values())
    # (balanced=False: otherwise the balanced routing, run to the distance bound first, meets it in
    # its first round and answers, exact too)
    c = shiftfly.throughput(ring, threads=1, symmetry=False, column_generation=True, balanced=False)
    assert c.method == "exact" and "arc generation" in c.algorithm and c.lp_variables > 40000
    b = shiftfly.throughput(ring, threads=1, symmetry=False, column_generation=True)
    assert b.method == "exact" and "meets capacity / total shortest-path length" in b.algorithm
    assert b.lower == pytest.approx(c.lower, rel=1e-7)
    assert c.lower == c.upper == pytest.approx(2 * ring.m / ring_total, rel=1e-9)
    with pytest.raises(TypeError, match="column_generation"):
        shiftfly.throughput(g, column_generation="yes")
    # the balanced shortest-path routing closed the interval above in its first round (the torus is
    # arc-transitive: every arc carries the mean); without it, the Garg-Koenemann rounds answer
    assert "balanced shortest-path routing" in t.lower_method and t.rounds == 1 and t.converged
    w = shiftfly.throughput(g, epsilon=0.2, threads=1, symmetry=False, balanced=False)
    assert w.method == "interval" and "balanced" not in w.lower_method
    assert w.lower <= 2 * g.m / total * (1 + 1e-9) <= w.upper * (1 + 2e-9)
    with pytest.raises(TypeError, match="balanced"):
        shiftfly.throughput(g, balanced="yes")
    # a random regular graph: the interval takes rounds, its ends within (1 + eps) and under the distance bound
    j = shiftfly.jellyfish(routers=120, degree=4, seed=1)
    r = shiftfly.throughput(j, epsilon=0.1)
    assert r.method == "interval" and r.rounds > 1
    assert 0 < r.lower <= r.upper <= min(1.1 * r.lower, r.distance_bound) * (1 + 1e-12)


def _sigma(G, s, t):
    return sum(1 for _ in nx.all_shortest_paths(G, s, t))


@pytest.mark.parametrize("G", [
    nx.petersen_graph(),
    nx.grid_2d_graph(3, 4),
    nx.disjoint_union(nx.cycle_graph(6), nx.complete_graph(3)),
], ids=["Petersen", "grid3x4", "disconnected"])
def test_shortest_path_counts_against_networkx(G):
    g = shiftfly.Graph.from_networkx(G)
    nodes = list(G.nodes())
    hist = {}
    for s in nodes:
        for t in nodes:
            if s != t:
                k = _sigma(G, s, t) if nx.has_path(G, s, t) else 0
                hist[k] = hist.get(k, 0) + 1
    r = shiftfly.shortest_path_counts(g)
    assert r.histogram == tuple(sorted(hist.items()))
    reachable = {k: v for k, v in hist.items() if k}
    assert (r.pairs, r.reachable) == (g.n * (g.n - 1), sum(reachable.values()))
    assert (r.min, r.max) == (min(reachable), max(reachable))
    assert r.mean == pytest.approx(sum(k * v for k, v in reachable.items()) / r.reachable, rel=1e-12)
    assert shiftfly.shortest_path_counts(g, threads=2) == r


def _pair_flows(G, s, t):
    return nx.edge_connectivity(G, s, t), nx.node_connectivity(G, s, t)


def test_disjoint_paths_against_networkx():
    G = nx.gnm_random_graph(11, 22, seed=3)
    g = shiftfly.Graph.from_networkx(G)
    edge, vertex = {}, {}
    for s, t in itertools.permutations(range(g.n), 2):
        lam, kap = _pair_flows(G, s, t)
        edge[lam] = edge.get(lam, 0) + 1
        vertex[kap] = vertex.get(kap, 0) + 1
        if s < 4 and t < 4:
            assert shiftfly.local_connectivity(g, s, t) == (lam, kap)
    r = shiftfly.disjoint_paths(g, samples=0)
    assert r.method == "exact over all pairs" and r.pairs == g.n * (g.n - 1)
    assert r.edge_histogram == tuple(sorted(edge.items())) and r.vertex_histogram == tuple(sorted(vertex.items()))
    assert (r.edge_min, r.vertex_min) == (min(edge), min(vertex))
    assert r.edge_mean == pytest.approx(sum(k * v for k, v in edge.items()) / r.pairs, rel=1e-12)
    # sampled pairs: s = randrange(n), t = randrange(n - 1) shifted past s, from random.Random(seed)
    rng = random.Random(5)
    sampled = {}
    for _ in range(40):
        s = rng.randrange(g.n)
        t = rng.randrange(g.n - 1)
        t += t >= s
        lam = _pair_flows(G, s, t)[0]
        sampled[lam] = sampled.get(lam, 0) + 1
    q = shiftfly.disjoint_paths(g, samples=40, seed=5)
    assert q.method == "sampled: 40 pairs, seed 5" and q.pairs == 40
    assert q.edge_histogram == tuple(sorted(sampled.items()))


@pytest.mark.parametrize("call,error,message", [
    (lambda g: shiftfly.throughput(g, epsilon=0), ValueError, r"^throughput: epsilon = 0 is out of range"),
    (lambda g: shiftfly.throughput(g, epsilon=1.5), ValueError, r"^throughput: epsilon = 1.5 is out of range"),
    (lambda g: shiftfly.throughput(g, epsilon=float("nan")), ValueError, r"epsilon = nan"),
    (lambda g: shiftfly.throughput(g, epsilon="0.1"), TypeError, r"epsilon must be a number"),
    (lambda g: shiftfly.throughput(g, traffic="bogus"), ValueError,
     r"^throughput: traffic = 'bogus' is out of range \(accepted: uniform, permutation, worst"),
    (lambda g: shiftfly.throughput(g, traffic=3), TypeError, r"traffic must be a str or os.PathLike"),
    (lambda g: shiftfly.throughput(g, traffic="file:"), ValueError, r"names no file"),
    (lambda g: shiftfly.throughput(g, traffic=pathlib.Path("no/such/traffic.txt")), ValueError, r"traffic.txt"),
    (lambda g: shiftfly.throughput(g, seed=-1), ValueError, r"seed = -1"),
    (lambda g: shiftfly.throughput(g, threads=1.0), TypeError, r"threads must be an int"),
    (lambda g: shiftfly.throughput(nx.petersen_graph()), TypeError, r"g must be a shiftfly.Graph"),
    (lambda g: shiftfly.bisection(g, metis_runs=10001), ValueError, r"metis_runs = 10001 is out of range"),
    (lambda g: shiftfly.bisection(g, exact_max_vertices=49), ValueError, r"exact_max_vertices = 49"),
    (lambda g: shiftfly.bisection(g, exact="yes"), TypeError, r"exact must be True or False"),
    (lambda g: shiftfly.bisection(shiftfly.Graph.from_edges([], n=1)), ValueError, r"n = 1 is out of range"),
    (lambda g: shiftfly.disjoint_paths(g, samples=-1), ValueError, r"samples = -1"),
    (lambda g: shiftfly.disjoint_paths(g, samples=10**10), ValueError, r"samples = 10000000000 is out of range"),
    (lambda g: shiftfly.disjoint_paths(g, samples="all"), TypeError, r"samples must be an int"),
    (lambda g: shiftfly.local_connectivity(g, 0, 16), ValueError, r"t = 16 is out of range"),
    (lambda g: shiftfly.shortest_path_counts(g, threads=5000), ValueError, r"threads = 5000"),
    (lambda g: shiftfly.shortest_path_counts(g, directed=True), ValueError, r"arcs"),
])
def test_bad_values(call, error, message):
    with pytest.raises(error, match=message):
        call(shiftfly.torus(dims=[4, 4]))


def test_results_are_frozen():
    t = shiftfly.throughput(shiftfly.torus(dims=[3, 3]))
    with pytest.raises(AttributeError):
        t.lower = 0.0
    assert math.isfinite(t.lower) and str(t).startswith("throughput, uniform traffic (exact)")


# The cheap profile: on arc-transitive graphs the routing bound meets 2m / sum d (networkx),
# Valiant's bound meets the cut bound on the 4x4 torus, and the intervals contain the exact LP.
@pytest.mark.parametrize("make", [
    lambda: shiftfly.torus(dims=[4, 4]),
    lambda: shiftfly.hyperx(dims=[2, 2, 2, 2]),
    lambda: shiftfly.Graph.from_networkx(nx.petersen_graph()),
], ids=["torus4x4", "Q4", "Petersen"])
def test_throughput_profile_closes_on_arc_transitive_graphs(make):
    g = make()
    G = g.to_networkx()
    total = sum(d for row in _distances(G).values() for d in row.values())
    expected = 2 * G.number_of_edges() / total
    p = shiftfly.throughput_profile(g, threads=2, symmetric_max_variables=0, arc_generation_max_variables=0)
    assert p.uniform_lower == pytest.approx(expected, rel=1e-12)
    assert p.uniform_upper == pytest.approx(expected, rel=1e-12)
    assert p.uniform_lower_method.startswith("shortest-path split routing")
    assert p.worst_lower == pytest.approx(expected * g.n / 2, rel=1e-12)
    assert p.bisection_lower <= p.bisection_upper and p.worst_lower <= p.worst_upper * (1 + 1e-12)
    assert p.to_dict()["n"] == g.n


def test_throughput_profile_brackets_the_lp_and_is_validated():
    G = nx.random_regular_graph(3, 14, seed=4)
    g = shiftfly.Graph.from_networkx(G)
    exact = shiftfly.throughput(g)
    assert exact.method == "exact"
    p = shiftfly.throughput_profile(g)
    assert p.uniform_lower <= exact.lower * (1 + 1e-9) and exact.upper <= p.uniform_upper * (1 + 1e-9)
    q = shiftfly.throughput_profile(g, routing_max_vertices=5, tub_max_vertices=5, symmetric_max_variables=0,
                                    arc_generation_max_variables=0)
    assert (q.uniform_lower, q.uniform_lower_method, q.worst_lower) == (0.0, "not computed", 0.0)
    with pytest.raises(ValueError, match="metis_runs"):
        shiftfly.throughput_profile(g, metis_runs=0)
    with pytest.raises(TypeError):
        shiftfly.throughput_profile(g, threads="two")


def test_throughput_at_every_magnitude(tmp_path):
    # theta(cT) = theta(T)/c: one pair of neighbours on the 3x3 torus has theta = 4 / demand
    g = shiftfly.torus(dims=[3, 3])
    for demand in ("1e11", "1e13", "1e308", "1e-200", "1e-300"):
        f = tmp_path / f"one_{demand}.txt"
        f.write_text(f"0 1 {demand}\n")
        t = shiftfly.throughput(g, traffic=f)
        assert t.method == "exact" and t.lower == t.upper == pytest.approx(4 / float(demand), rel=1e-12)
        assert t.converged and t.width == 0.0
    wide = tmp_path / "wide.txt"
    wide.write_text("0 1 1e15\n2 3 1\n")
    with pytest.raises(ValueError, match=r"at most 1e12 times the smallest"):
        shiftfly.throughput(g, traffic=wide)
    tiny = tmp_path / "tiny.txt"
    tiny.write_text("0 1 4.9e-324\n")
    with pytest.raises(ValueError, match=r"2.2250738585072014e-308 to 1.7976931348623157e308"):
        shiftfly.throughput(g, traffic=tiny)


def test_throughput_total_demand_past_the_largest_float(tmp_path):
    # every demand 1e305 on a Jellyfish: the interval was [0, 0]; the total is None and its log kept
    j = shiftfly.jellyfish(routers=120, degree=4, seed=1)
    f = tmp_path / "e305.txt"
    f.write_text("".join(f"{s} {t} 1e305\n" for s in range(120) for t in range(120) if s != t))
    t = shiftfly.throughput(j, traffic=f)
    assert t.method == "interval" and t.converged
    assert 8.3e-308 <= t.lower <= t.upper <= 8.8e-308
    assert t.total_demand is None and t.total_demand_log10 == pytest.approx(305 + math.log10(14280), abs=1e-9)


def test_an_interval_cut_short_says_so():
    # Boardfly of 40 groups without its pods' quotient needs over 10,000 rounds at epsilon 0.05;
    # max_seconds=2 limits the rounds to those that fit in 2 s by the cost model: converged False,
    # with the width reached. The quotient by its two structural clusters (36 and 4 groups), solved
    # exactly, closes it (its lift through the pods has congestion 2.6: no exact answer here).
    g = shiftfly.boardfly(groups=40)
    t = shiftfly.throughput(g, max_seconds=2, symmetry=False, contracted_bound=False)
    assert t.method == "interval" and not t.converged
    closed = shiftfly.throughput(g, max_seconds=2, symmetry=False)
    assert closed.converged and "contracted bound" in closed.upper_method and closed.upper < t.upper
    assert t.width > 0.05 and t.width == pytest.approx(t.upper / t.lower - 1, rel=1e-12)
    assert t.rounds == t.round_limit < 10000 and t.estimated_seconds > 0
    assert "NOT converged" in str(t)
    with pytest.raises(ValueError, match=r"max_seconds = 1 is below the estimated"):
        shiftfly.throughput(shiftfly.torus(dims=[100, 100]), traffic="permutation", max_seconds=1)
    with pytest.raises(ValueError, match=r"epsilon = 1e-12 is out of range \(accepted: 0.001 to below 1\)"):
        shiftfly.throughput(g, epsilon=1e-12)
