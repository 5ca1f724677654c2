"""Routing against BFS and brute force; the Halley models against SciPy's distributions."""
import itertools
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
import scipy.stats

import shiftfly


@pytest.mark.parametrize("family,d,D", [("kautz", 2, 3), ("de_bruijn", 2, 4), ("kautz", 3, 2)])
def test_shift_routes_are_shortest_walks(family, d, D):
    g = shiftfly.kautz(d=d, D=D) if family == "kautz" else shiftfly.de_bruijn(d=d, D=D)
    arcs = set(map(tuple, g.arcs.tolist()))
    dist = dict(nx.all_pairs_shortest_path_length(nx.DiGraph(list(arcs))))
    for u in range(g.n):
        for v in range(g.n):
            r = shiftfly.shift_route(d, D, u, v, family=family)
            assert r.hops == dist[u][v] == D - r.overlap
            assert r.path[0] == u and r.path[-1] == v and len(r.path) == r.hops + 1
            assert all((a, b) in arcs for a, b in zip(r.path, r.path[1:]))
    label = ".".join(map(str, g.labels[1]))
    assert shiftfly.shift_route(d, D, label, tuple(g.labels[2]), family=family).path[0] == 1


def test_merge_criterion_against_the_routes():
    d, D = 2, 3
    g = shiftfly.kautz(d=d, D=D)
    for u, u2, v in itertools.product(range(g.n), repeat=3):
        a, b = shiftfly.shift_route(d, D, u, v), shiftfly.shift_route(d, D, u2, v)
        if a.overlap != b.overlap or u == u2:
            continue
        j = shiftfly.merge_criterion(d, D, u, u2).merge_step
        meet = next(i for i, (x, y) in enumerate(zip(a.path, b.path)) if x == y)
        assert meet == min(j, a.hops)


def test_expected_lcs_by_brute_force():
    for family, make in (("kautz", shiftfly.kautz), ("de_bruijn", shiftfly.de_bruijn)):
        g = make(d=3, D=3)
        labels = [tuple(x) for x in g.labels.tolist()]
        total = sum(shiftfly.merge_criterion(3, 3, u, w, family=family).lcs
                    for u, w in itertools.product(range(g.n), repeat=2))
        r = shiftfly.expected_lcs(3, 3, family=family)
        assert Fraction(r.numerator, r.denominator) == Fraction(total, g.n ** 2)
        lcs = lambda a, b: next((k for k in range(3) if a[2 - k] != b[2 - k]), 3)
        assert total == sum(lcs(a, b) for a in labels for b in labels)


def test_imase_itoh_routes_against_bfs():
    n, d = 37, 3
    g = shiftfly.imase_itoh(n=n, d=d)
    D = nx.DiGraph(list(map(tuple, g.arcs.tolist())))
    dist = dict(nx.all_pairs_shortest_path_length(D))
    for i in range(n):
        for j in range(n):
            r = shiftfly.imase_itoh_route(n, d, i, j)
            assert r.hops == dist[i][j] and r.path[0] == i and r.path[-1] == j
            assert all(D.has_edge(a, b) for a, b in zip(r.path, r.path[1:]))
            assert shiftfly.imase_itoh_route(n, d, i, j, fixed=True).hops == 4  # ceil(log_3 37)
    with pytest.raises(ValueError, match=r"source = 37 is out of range"):
        shiftfly.imase_itoh_route(n, d, 37, 0)


def test_coverage_against_scipy():
    n, lam, rho = 32, 0.05, 0.15
    a, b = lam * (1 - rho) / rho, (1 - lam) * (1 - rho) / rho
    spares = np.arange(0, 20)
    got = shiftfly.coverage(n, spares, lam, rho)
    assert got.shape == (20,)
    expect = [scipy.stats.betabinom.cdf(s, n + s, a, b) for s in spares]
    assert np.allclose(got, expect, rtol=1e-10, atol=0)
    assert shiftfly.coverage(n, 4, lam, 0.0) == pytest.approx(scipy.stats.binom.cdf(4, n + 4, lam), rel=1e-12)
    assert shiftfly.coverage(n, 4, lam, rho) == pytest.approx(0.863111, abs=5e-7)
    short = shiftfly.coverage(n, spares, lam, rho, shortfall=True)
    assert np.allclose(short, 1 - got, atol=1e-14)
    grid = shiftfly.coverage([[16], [32]], [0, 4, 8], lam, [0.0, 0.1, 0.2])
    assert grid.shape == (2, 3)


def test_size_ceiling_hierarchy_cost_foldfit():
    s = shiftfly.size(channels=32, lam=0.05, rho=0.15, target=0.999)
    assert (s.spares, s.pool, s.reachable) == (49, 81, False)  # docs/api.md, LightReserve
    assert shiftfly.coverage(32, s.spares, 0.05, 0.15) >= 0.999 > shiftfly.coverage(32, s.spares - 1, 0.05, 0.15)
    assert shiftfly.size(channels=32, lam=0.05, rho=0.15, target=0.999, cap=None).capped is False
    lam, rho = 0.05, 0.15
    a, b = lam * (1 - rho) / rho, (1 - lam) * (1 - rho) / rho
    sig = np.linspace(0.05, 0.5, 10)
    assert np.allclose(shiftfly.ceiling(sig, lam, rho), scipy.stats.beta.cdf(sig, a, b), rtol=1e-10)
    assert shiftfly.critical_availability(lam, rho) == pytest.approx(0.99670, abs=5e-6)
    h = shiftfly.hierarchy(modules=4, lasers=8, rho_within=0.3, rho_across=0.05, spares=4, lam=0.05)
    assert h.flat == pytest.approx(shiftfly.coverage(28, 4, 0.05, h.rho_bar), rel=1e-12)
    assert 0 < h.nested < 1
    c = shiftfly.cost(channels=32, lam=0.05, rho0=0.15, target=0.999)
    assert c.cheapest.cost <= c.spares_only.cost and c.saving_ratio >= 1
    assert c.spares_only.spares == 49
    demand = np.array([[0, 5, 3], [2, 0, 7], [4, 4, 0]])
    f = shiftfly.foldfit(demand, channels=3)
    assert sorted(f.jobs) == sorted(demand[demand > 0].tolist())
    assert f.makespan == max(f.loads) >= f.lower_bound
    loads = [0] * 3
    for job, ch in zip(f.jobs, f.channel):
        loads[ch] += job
    assert tuple(loads) == f.loads
    assert f.makespan <= f.guarantee * f.lower_bound + 1e-9


@pytest.mark.parametrize("call,error,message", [
    (lambda: shiftfly.coverage(32, 4, 1.5, 0.1), ValueError, r"lam = 1.5"),
    (lambda: shiftfly.coverage(0, 4, 0.5, 0.1), ValueError, r"channels = 0"),
    (lambda: shiftfly.coverage(32, -1, 0.5, 0.1), ValueError, r"spares = -1"),
    (lambda: shiftfly.coverage(32, 1.5, 0.5, 0.1), TypeError, r"spares must be integers"),
    (lambda: shiftfly.size(32, 0.05, 0.15, 1.0), ValueError, r"target = 1"),
    (lambda: shiftfly.ceiling(2.0, 0.05, 0.15), ValueError, r"sigma = 2"),
    (lambda: shiftfly.foldfit([1, 2, 3], channels=2), ValueError, r"2-D"),
    (lambda: shiftfly.foldfit([[1, 2]], channels=0), ValueError, r"channels = 0"),
    (lambda: shiftfly.expected_lcs(1, 3), ValueError, r"d = 1"),
    (lambda: shiftfly.shift_route(2, 3, "0.0.1", 0), ValueError, r"source"),
])
def test_halley_and_routing_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_channel_load_closed_forms_and_worst_case():
    import numpy as np
    # Dally and Towles: the 8 x 8 torus under dimension order and uniform traffic (source included)
    # loads every channel k/8 = 1 per unit of endpoint injection; Valiant halves the saturation.
    g = shiftfly.torus(dims=[8, 8])
    r = shiftfly.channel_load(g, routing="dor", traffic="uniform")
    assert isinstance(r["loads"], np.ndarray) and r["loads"].shape == (256,)
    assert abs(r["max_channel_load_per_endpoint_injection"] - 1.0) < 1e-12
    assert {c["class"] for c in r["by_class"]} == {"dimension 1", "dimension 2"}
    v = shiftfly.channel_load(g, routing="valiant", traffic="uniform")
    assert abs(v["saturation_per_endpoint"] - 0.5) < 1e-12
    # the odd ring's worst permutation under minimal routing: (n - 1)/2 flows on one channel
    w = shiftfly.channel_load(shiftfly.torus(dims=[7]), routing="minimal", traffic="worst")
    assert w["worst"]["method"] == "exact" and abs(w["worst"]["load"] - 3.0) < 1e-9
    # a routing the family cannot run, and a bad keyword, are refused naming them
    with pytest.raises(ValueError, match="shift"):
        shiftfly.channel_load(g, routing="shift")
    with pytest.raises(ValueError, match="uniform_self"):
        shiftfly.channel_load(g, uniform_self="sometimes")


def test_channel_load_takes_the_family_endpoints_and_the_file_counts(tmp_path):
    # PolarFly q = 5: 3 endpoints a router by the family's rule, so uniform minimal saturates at
    # 31/30 per endpoint (1 a router gave 3.1); an int or a list overrides them.
    g = shiftfly.polarfly(q=5)
    r = shiftfly.channel_load(g, routing="minimal")
    assert r["endpoints"] == 93 and r["endpoints_per_router"] == 3
    assert abs(r["saturation_per_endpoint"] - 31 / 30) < 1e-12
    assert r["saturation_per_endpoint_capped"] == 1.0
    assert abs(shiftfly.channel_load(g, routing="minimal", endpoints=1)["saturation_per_endpoint"] - 3.1) < 1e-12
    assert shiftfly.channel_load(g, routing="minimal", endpoints=list(g.endpoints))["saturation_per_endpoint"] == \
        r["saturation_per_endpoint"]
    # a Dragonfly read from its BookSim2 file keeps the file's 2 a router: 0.6
    path = tmp_path / "df.anynet"
    shiftfly.dragonfly(a=4, h=2).to_booksim(path)
    d = shiftfly.channel_load(shiftfly.read(path), routing="minimal")
    assert d["endpoints"] == 72 and d["endpoints_rule"] == "the file's own counts"
    assert abs(d["saturation_per_endpoint"] - 0.6) < 1e-12
