"""collective (collectives/collective.hpp): the bound, every schedule tried and the best of
them, a torus's schedules from its family, a file graph's ring, and the refusals."""
import pytest

import shiftfly


def test_torus_all_reduce_lists_every_schedule_and_takes_the_best():
    r = shiftfly.collective("torus", "all-reduce", bytes=1.0, dims=[4, 4])
    assert isinstance(r, shiftfly.Collective)
    assert r.op == "all-reduce" and r.compute_nodes == 16
    assert r.lower_bound_seconds == pytest.approx(0.25)  # M / (4 b): a vertex's four links
    names = [s["name"] for s in r.schedules]
    assert any(n.startswith("ring all-reduce along a Hamiltonian cycle") for n in names)
    assert any(n.startswith("bidirectional ring all-reduce") for n in names)
    assert any(n.startswith("dimension-ordered all-reduce") for n in names)
    assert any(n.startswith("Swing all-reduce") for n in names)
    swing = next(s for s in r.schedules if s["name"].startswith("Swing"))
    assert swing["steps"] == 8 and swing["simulated"] and swing["constructed"]
    assert swing["seconds"] == pytest.approx(30 / 64)
    assert r.best_seconds == min(s["seconds"] for s in r.schedules)
    assert r.best_schedule == min(r.schedules, key=lambda s: s["seconds"])["name"]
    assert r.gap == pytest.approx(r.best_seconds / r.lower_bound_seconds)


def test_a_graph_without_a_family_gets_rings_only():
    petersen = shiftfly.Graph.from_edges([[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 5], [1, 6], [2, 7], [3, 8],
                                          [4, 9], [5, 7], [7, 9], [9, 6], [6, 8], [8, 5]])
    r = shiftfly.collective(petersen, "all-gather", bytes=10.0, link_bandwidth=2.0)
    rings = [s for s in r.schedules if "ring" in s["name"]]
    assert rings and all("a tour" in s["name"] for s in rings)  # no Hamiltonian cycle
    assert all(s["steps"] == 9 for s in rings)
    assert r.best_seconds == pytest.approx(r.lower_bound_seconds)  # the proved tree packing
    assert r.to_dict()["op"] == "all-gather"


def test_refusals():
    with pytest.raises(ValueError, match="op = gather is not an operation"):
        shiftfly.collective("torus", "gather", dims=[4, 4])
    with pytest.raises(ValueError, match="bytes"):
        shiftfly.collective("torus", "all-reduce", bytes=0.0, dims=[4, 4])
    with pytest.raises(TypeError, match="need a family name"):
        shiftfly.collective(shiftfly.torus(dims=[4, 4]), "all-reduce", dims=[4, 4])
    with pytest.raises(TypeError, match="graph_or_family"):
        shiftfly.collective(3, "all-reduce")


def test_all_to_all_under_the_familys_own_routing_and_a_given_one():
    # the 4x4 torus: the flow's bound k/8 = 0.5 M/b; dimension order, the torus's own routing, reaches it
    r = shiftfly.collective("torus", "all-to-all", dims=[4, 4])
    assert r.method == "exact" and r.lower_bound_seconds == pytest.approx(0.5)
    assert r.routing == "dor" and r.routed_seconds == pytest.approx(0.5)
    assert r.root is None
    given = shiftfly.collective("torus", "all-to-all", dims=[4, 4], routing="minimal")
    assert given.routing == "minimal" and given.routed_seconds >= 0.5 - 1e-12
    # a graph without a family: ecmp
    ring = shiftfly.Graph.from_edges([[i, (i + 1) % 5] for i in range(5)])
    assert shiftfly.collective(ring, "all-to-all").routing == "ecmp"
    # other operations have no routed time
    assert shiftfly.collective("torus", "all-gather", dims=[4, 4]).routed_seconds is None


def test_the_keywords_reach_the_library():
    # a work budget: the same answer as the tool's --lp-variables/--balanced-rounds, here exact (the edge LP)
    w = shiftfly.collective("torus", "all-to-all", dims=[4, 4], lp_variables=1000, balanced_rounds=3)
    assert w.method == "exact" and w.lower_bound_seconds == pytest.approx(0.5)
    # latency: every schedule pays alpha a step, and the bound counts the hop diameter's steps
    a = shiftfly.collective("torus", "all-reduce", dims=[4, 4], latency=0.01)
    assert a.latency == 0.01 and a.lower_bound_steps > 0
    assert a.lower_bound_seconds == pytest.approx(0.25 + 0.01 * a.lower_bound_steps)
    # the root of a broadcast is reported, and the answer does not depend on the threads
    b1 = shiftfly.collective("torus", "broadcast", dims=[4, 4], root=3, threads=1)
    b2 = shiftfly.collective("torus", "broadcast", dims=[4, 4], root=3, threads=2)
    assert b1.root == 3 and b1 == b2


def test_keyword_refusals():
    with pytest.raises(ValueError, match="routing"):
        shiftfly.collective("torus", "all-gather", dims=[4, 4], routing="dor")  # all-to-all only
    with pytest.raises(ValueError, match="routing"):
        shiftfly.collective("torus", "all-to-all", dims=[4, 4], routing="teleport")
    with pytest.raises(ValueError, match="balanced_rounds = 0 is out of range"):
        shiftfly.collective("torus", "all-to-all", dims=[4, 4], balanced_rounds=0)
    with pytest.raises(ValueError, match="lp_variables"):
        shiftfly.collective("torus", "all-to-all", dims=[4, 4], lp_variables=-1)
    with pytest.raises(ValueError, match="latency"):
        shiftfly.collective("torus", "all-reduce", dims=[4, 4], latency=-1.0)
    with pytest.raises(ValueError, match="balanced_rounds = 100000 is estimated"):
        shiftfly.collective("jellyfish", "all-to-all", routers=200, degree=8, balanced_rounds=100000, max_seconds=1.0)
