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
