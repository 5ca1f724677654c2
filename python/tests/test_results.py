"""The result objects are described once, in C++ (core/record.hpp, metrics/describe/results.hpp): the
extension returns each result as the dict of its description, and the dataclasses of
shiftfly/_results.py hold exactly the fields that description shows in Python. This test
fails when a field is added to, renamed in or dropped from one side only."""
import dataclasses

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
