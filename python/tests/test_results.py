"""The result objects are described once, in C++ (core/record.hpp, metrics/describe/results.hpp,
routing/describe_routes.hpp, io/read_report.hpp, halley/describe.hpp): the
extension returns each result as the dict of its description, and the dataclasses of
shiftfly/_results.py hold exactly the fields that description shows in Python. This test
fails when a field is added to, renamed in or dropped from one side only."""
import dataclasses

import inspect

import pytest

import shiftfly
from shiftfly import _results, _shiftfly


@pytest.mark.parametrize("name", sorted(_shiftfly.result_fields()))
def test_dataclass_fields_are_the_described_fields(name):
    described = _shiftfly.result_fields()[name]
    cls = getattr(_results, name)
    assert sorted(f.name for f in dataclasses.fields(cls)) == sorted(described)
    assert len(set(described)) == len(described)


def test_a_described_result_arrives_whole():
    g = shiftfly.kautz(d=2, D=3)
    fields = _shiftfly.all_pairs_stats(g, 1, False, 512)
    assert sorted(fields) == sorted(_shiftfly.result_fields()["DistanceStats"])
    assert fields["histogram"] == (12, 42, 60, 30)  # as networkx counts them (test_metrics.py)
    assert fields["diameter_kind"] == "exact"
    estimate = _shiftfly.reference_spectral_gap(g, 20, 3)
    assert sorted(estimate) == sorted(_shiftfly.result_fields()["SpectralGap"])
    assert estimate["method"] == "power-iteration estimate"


def _result_classes():
    return sorted(name for name, cls in inspect.getmembers(_results, inspect.isclass)
                  if dataclasses.is_dataclass(cls) and cls.__module__ == _results.__name__)


def test_every_result_class_is_described():
    """No result class is written by hand: each has a C++ description registered in result_fields."""
    described = set(_shiftfly.result_fields())
    missing = [name for name in _result_classes() if name not in described]
    assert not missing, f"result classes with no C++ description (python/src/results.cpp): {missing}"
    assert described <= set(_result_classes()), "result_fields names a class shiftfly/_results.py lacks"


def test_the_hand_written_results_now_arrive_as_descriptions():
    g = shiftfly.torus(dims=[4, 4])
    b = shiftfly.bisection(g)
    assert (b.lower, b.upper, b.exact) == (8, 8, True)
    assert all(isinstance(e, _results.BisectionBound) for e in b.bounds) and b.bounds
    assert b.certificate.dtype.name == "uint8" and not b.certificate.flags.writeable and int(b.certificate.sum()) == 8
    t = shiftfly.throughput(g)
    assert sorted(t.to_dict()) == sorted(_shiftfly.result_fields()["Throughput"])
    assert t.method == "exact" and t.permutation is None and t.total_demand is not None
    w = shiftfly.throughput(g, traffic="worst")
    assert len(w.permutation) == 16
    p = shiftfly.throughput_profile(g)
    assert (p.n, p.links, p.bisection_lower) == (16, 32, 8)
    m = shiftfly.merge_criterion(2, 3, "0.1.2", "1.0.2")
    assert (m.merge_step, m.lcs) == (2, 1)


def test_halley_results_arrive_whole():
    s = shiftfly.size(32, 0.01, 0.05, 0.99)
    assert (s.spares, s.reachable, s.capped) == (5, True, True)
    assert isinstance(s.rho_search, _results.CorrelationTarget)
    c = shiftfly.cost(32, 0.01, 0.15, 0.99999)
    assert isinstance(c.cheapest, _results.Plan) and c.cheapest.spares == 15
    f = shiftfly.foldfit([[3, 0, 2], [1, 4, 0], [0, 2, 5]], 2)
    assert (f.makespan, f.lpt_makespan, f.list_makespan, f.lower_bound) == (9, 9, 10, 8.5)
    assert f.cells[0] == (0, 0) and len(f.jobs) == 6
