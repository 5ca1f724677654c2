"""Graph.to_booksim, to_sst, to_ns3 and shiftfly.read of the three simulators' formats: every
family at its descriptor's example round-trips with its endpoints; the BookSim2 files match the
committed fixtures (tests/fixtures/booksim/, which BookSim2 ran)."""
import os

import numpy as np
import pytest

import shiftfly

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "fixtures", "booksim")


def _edges(g):
    return sorted(map(tuple, np.asarray(g.edges()).tolist()))


@pytest.mark.parametrize("family", [f["name"] for f in shiftfly.families()])
def test_round_trip(tmp_path, family):
    f = next(x for x in shiftfly.families() if x["name"] == family)
    g = shiftfly.graph(family, **f["example"])
    assert len(g.endpoints) == g.n
    for write, name in ((g.to_booksim, "g.anynet"), (g.to_sst, "g.graphml"), (g.to_ns3, "topology.txt")):
        path = tmp_path / name
        write(path)
        back = shiftfly.read(path)
        assert _edges(back) == _edges(g)
        assert back.endpoints == g.endpoints


def test_booksim_fixture_and_config(tmp_path):
    g = shiftfly.polarfly(q=5)
    assert g.endpoints == [3] * 31  # ceil((q+1)/2), the rule polarfly's --help states
    g.to_booksim(tmp_path / "polarfly_q5.anynet", config=tmp_path / "pf.cfg")
    with open(os.path.join(FIXTURES, "polarfly_q5.anynet"), encoding="utf-8") as expected:
        assert (tmp_path / "polarfly_q5.anynet").read_text() == expected.read()
    assert "topology = anynet;" in (tmp_path / "pf.cfg").read_text()


def test_endpoints_override_and_refusals(tmp_path):
    g = shiftfly.torus(dims=[3, 3])
    g.to_ns3(tmp_path / "t.txt", endpoints=2, rate="10Gbps", delay="1us")
    assert shiftfly.read(tmp_path / "t.txt", format="ns3").endpoints == [2] * 9
    with pytest.raises(ValueError, match="endpoints = 65536 is out of range"):
        g.to_booksim(tmp_path / "x.anynet", endpoints=65536)
    with pytest.raises(ValueError, match="rate"):
        g.to_ns3(tmp_path / "x.txt", rate="fast")
    (tmp_path / "bad.anynet").write_text("router 0 node 0\nrouter 1 node 0\n")
    with pytest.raises(ValueError, match="bad.anynet:2: node 0 is joined to router 1"):
        shiftfly.read(tmp_path / "bad.anynet")
