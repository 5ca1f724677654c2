"""Metrics against networkx and NumPy on small graphs, thread counts, result objects."""
import dataclasses
import random

import networkx as nx
import numpy as np
import pytest

import shiftfly


def _histogram(lengths):
    """Ordered-pair distance histogram from networkx's all-pairs lengths."""
    hist = {}
    for _, row in lengths:
        for d in row.values():
            hist[d] = hist.get(d, 0) + 1
    return tuple(hist.get(d, 0) for d in range(max(hist) + 1))


GRAPHS = [
    lambda: shiftfly.torus(dims=[4, 5]),
    lambda: shiftfly.kautz(d=2, D=3),
    lambda: shiftfly.boardfly(groups=2, level="chip"),
    lambda: shiftfly.polarfly(q=5),
    lambda: shiftfly.jellyfish(routers=40, degree=3, seed=2),
    lambda: shiftfly.Graph.from_networkx(nx.petersen_graph()),
]


@pytest.mark.parametrize("make", GRAPHS)
def test_all_pairs_against_networkx(make):
    g = make()
    G = g.to_networkx()
    s = shiftfly.all_pairs_stats(g)
    assert s.histogram == _histogram(nx.all_pairs_shortest_path_length(G))
    assert s.diameter == nx.diameter(G)
    assert s.mean == pytest.approx(nx.average_shortest_path_length(G), rel=1e-12)
    assert (s.method, s.diameter_kind, s.exact, s.disconnected, s.sources) == ("exact", "exact", True, False, g.n)
    d = shiftfly.exact_diameter(g)
    assert (d.diameter, d.method, d.exact) == (nx.diameter(G), "iFUB", True)


def test_along_the_arcs_against_networkx():
    g = shiftfly.kautz(d=2, D=3)
    D = nx.DiGraph(g.to_networkx(directed=True))
    s = shiftfly.all_pairs_stats(g, directed=True)
    assert s.directed and s.histogram == _histogram(nx.all_pairs_shortest_path_length(D))
    assert shiftfly.exact_diameter(g, directed=True).diameter == nx.diameter(D) == 3
    with pytest.raises(ValueError):
        shiftfly.all_pairs_stats(shiftfly.torus(dims=[3, 3]), directed=True)


def test_disconnected_graph():
    g = shiftfly.Graph.from_edges([[0, 1], [1, 2], [3, 4]])
    s = shiftfly.all_pairs_stats(g)
    assert s.disconnected and s.unreachable_pairs == 12 and s.pairs == 8 and s.diameter == 2
    gap = shiftfly.spectral_gap(g)
    assert gap.lambda2 == 1.0 and gap.method.startswith("exact: disconnected")


def test_sampled_sources_are_cpythons_randrange():
    g = shiftfly.jellyfish(routers=200, degree=4, seed=9)
    G = g.to_networkx()
    r = random.Random(11)
    sources = [r.randrange(g.n) for _ in range(17)]
    hist = _histogram((s, nx.single_source_shortest_path_length(G, s)) for s in sources)
    s = shiftfly.sampled_stats(g, samples=17)
    assert (s.method, s.diameter_kind, s.exact, s.sources) == ("sampled", "lower bound", False, 17)
    assert s.histogram == hist


def test_spectral_gap_against_numpy():
    for g in (shiftfly.torus(dims=[4, 5]), shiftfly.kautz(d=2, D=3), shiftfly.polarfly(q=3)):
        A = g.to_scipy().toarray().astype(float)
        P = A / A.sum(axis=1, keepdims=True)
        ev = np.sort(np.linalg.eigvals(P).real)
        r = shiftfly.spectral_gap(g)
        assert r.lambda2 == pytest.approx(ev[-2], abs=1e-8)
        assert r.lambda_min == pytest.approx(ev[0], abs=1e-8)
        assert r.gap == pytest.approx(1 - ev[-2], abs=1e-8)
        assert r.method in ("lanczos", "dense eigendecomposition")
    est = shiftfly.reference_spectral_gap(shiftfly.torus(dims=[4, 5]), iterations=120)
    assert est.method == "power-iteration estimate" and np.isnan(est.lambda_min)


def test_connectivity_against_networkx():
    for g in (shiftfly.kautz(d=2, D=3), shiftfly.torus(dims=[3, 4]), shiftfly.boardfly(groups=1, level="chip")):
        G = g.to_networkx()
        c = shiftfly.connectivity(g)
        assert (c.vertex, c.edge) == (nx.node_connectivity(G), nx.edge_connectivity(G))
    k = shiftfly.kautz(d=3, D=2)
    ca = shiftfly.connectivity(k, directed=True)
    assert (ca.vertex, ca.edge, ca.directed) == (3, 3, True)  # Proposition 5.6: kappa = d along the arcs


def test_threads_do_not_change_results():
    g = shiftfly.shiftfly(groups=2304)
    one, two = shiftfly.all_pairs_stats(g, threads=1), shiftfly.all_pairs_stats(g, threads=2, batch_bits=64)
    assert one == two
    assert shiftfly.spectral_gap(g, threads=1) == shiftfly.spectral_gap(g, threads=2)


def test_result_objects_are_frozen_and_convert():
    s = shiftfly.all_pairs_stats(shiftfly.torus(dims=[3, 3]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.diameter = 7
    d = s.to_dict()
    assert d["diameter"] == 2 and d["method"] == "exact" and set(d) == {f.name for f in dataclasses.fields(s)}
    assert "diameter 2 (exact)" in str(s)


@pytest.mark.parametrize("call,error,message", [
    (lambda g: shiftfly.all_pairs_stats(g, threads=2000), ValueError, r"threads = 2000"),
    (lambda g: shiftfly.all_pairs_stats(g, threads=-1), ValueError, r"threads = -1"),
    (lambda g: shiftfly.all_pairs_stats(g, batch_bits=100), ValueError, r"batch_bits = 100"),
    (lambda g: shiftfly.all_pairs_stats("torus"), TypeError, r"g must be a shiftfly.Graph"),
    (lambda g: shiftfly.all_pairs_stats(g, directed="yes"), TypeError, r"directed must be True or False"),
    (lambda g: shiftfly.sampled_stats(g, samples=0), ValueError, r"samples = 0"),
])
def test_metric_errors(call, error, message):
    with pytest.raises(error, match=message):
        call(shiftfly.torus(dims=[3, 3]))
