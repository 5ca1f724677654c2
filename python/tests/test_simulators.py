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


def test_simulator_files_as_the_simulators_read_them(tmp_path):
    # BookSim2 makes a router of every line's first id: `node 2` would be a third, isolated router
    (tmp_path / "n.anynet").write_text("router 0 router 1\nnode 0 router 0\nnode 1 router 0\nnode 2 router 1\n")
    with pytest.raises(ValueError, match="n.anynet:4: the line starts with 'node 2'"):
        shiftfly.read(tmp_path / "n.anynet")
    # an ns-3 topology.txt without links: 2 switches, no link (not an edge list)
    (tmp_path / "topology.txt").write_text("2 2 0\n0 1\n")
    t = shiftfly.read(tmp_path / "topology.txt")
    assert t.n == 2 and _edges(t) == [] and t.endpoints == [0, 0]
    # a disconnected graph is refused for each simulator; a config naming the network file too
    g = shiftfly.graph("jellyfish", routers=4, degree=1)
    for write, name in ((g.to_booksim, "j.anynet"), (g.to_sst, "j.graphml"), (g.to_ns3, "j.txt")):
        with pytest.raises(ValueError, match="disconnected"):
            write(tmp_path / name)
    with pytest.raises(ValueError, match="config = .* is the network file's path itself"):
        shiftfly.polarfly(q=2).to_booksim(tmp_path / "x.anynet", config=tmp_path / "x.anynet")


def test_depth_hidden_in_a_declaration_is_refused(tmp_path):
    # the XML parser ends `<!x '>` at its first `>`: the elements after it nest 100,000 deep
    (tmp_path / "q.graphml").write_text("<graphml><!x '>" + "<a>" * 100000 + "'>" + "</a>" * 100000 + "</graphml>\n")
    with pytest.raises(ValueError, match="elements nested deeper than 256 levels"):
        shiftfly.read(tmp_path / "q.graphml")
