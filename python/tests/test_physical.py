"""network_cost (physical/): the dict of the tool's description, the family's grouping taken from
a generator's graph, the fat tree's hosts, and the refusals."""
import pytest

import shiftfly


def test_slimfly_under_the_shipped_model():
    g = shiftfly.slimfly(q=5)
    r = shiftfly.network_cost(g)
    assert r["model"]["name"] == "slimfly-sc14"
    assert "Besta and Hoefler" in r["model"]["source"]
    assert r["routers"] == 50 and r["endpoints"] == 200 and r["links"] == 175
    assert r["layout"]["rule"] == "grouped"
    assert r["router_cost"] == pytest.approx(50 * (350.4 * 11 - 892.3), rel=1e-12)
    assert r["electric"]["count"] + r["optical"]["count"] == 175
    assert r["cost_per_endpoint"] == pytest.approx(r["total_cost"] / 200, rel=1e-15)


def test_fat_tree_hosts_and_file_graphs():
    r = shiftfly.network_cost(shiftfly.fat_tree(k=4), model="mudigonda-atc11")
    assert r["endpoints"] == 16
    assert r["router_cost"] == 20 * 4 * 500
    g = shiftfly.Graph.from_edges([[0, 1], [1, 2], [2, 3], [3, 0]])
    r = shiftfly.network_cost(g, endpoints=2, layout="sequential")
    assert r["layout"]["grouping"] is None
    assert r["endpoints"] == 8


def test_refusals():
    g = shiftfly.slimfly(q=5)
    with pytest.raises(ValueError, match="endpoints = 0"):
        shiftfly.network_cost(g, endpoints=0)
    with pytest.raises(ValueError, match="layout = 'diagonal'"):
        shiftfly.network_cost(g, layout="diagonal")
    with pytest.raises(ValueError, match="model = 'nope'"):
        shiftfly.network_cost(g, model="nope")
    with pytest.raises(TypeError):
        shiftfly.network_cost("not a graph")
    assert shiftfly.cost_models() == ("slimfly-sc14", "mudigonda-atc11")


def test_metis_layout_and_the_family_endpoints():
    # PolarFly q = 7: 57 routers, ceil((q+1)/2) = 4 endpoints each (the family's rule), so a router
    # takes 5 of a rack's 42 units: 8 a rack, and METIS parts them into ceil(57/8) = 8 racks.
    g = shiftfly.polarfly(q=7)
    r = shiftfly.network_cost(g, layout="metis")
    assert r["layout"]["rule"] == "metis"
    assert r["layout"]["racks"] == 8
    assert r["endpoints"] == 228
    assert r == shiftfly.network_cost(g, layout="metis")
    # Dragonfly a = 4: ceil(a/2) = 2 a router, as every command counts them.
    assert shiftfly.network_cost(shiftfly.dragonfly(a=4, h=2))["endpoints"] == 72


def test_a_simulator_file_costs_its_own_endpoints(tmp_path):
    # A Dragonfly written for BookSim2 carries its endpoints (2 a router, 72 in all): read back, the
    # cost counts them, as `shiftfly cost file` does, and the counts pass back as a list.
    path = tmp_path / "df.anynet"
    shiftfly.dragonfly(a=4, h=2).to_booksim(path)
    g = shiftfly.read(path)
    assert sum(g.endpoints) == 72
    r = shiftfly.network_cost(g)
    assert r["endpoints"] == 72
    assert r["endpoints_rule"] == "the file's own counts"
    assert shiftfly.network_cost(g, endpoints=list(g.endpoints))["endpoints"] == 72
    assert shiftfly.network_cost(g, endpoints=1)["endpoints"] == 36
    # a list of another length is refused in one line
    with pytest.raises(ValueError, match=r"^network_cost: number of endpoints items = 3 does not match"):
        shiftfly.network_cost(g, endpoints=[1, 2, 3])
    # an edge list carries none: 1 a router
    plain = shiftfly.Graph.from_edges([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]])
    assert shiftfly.network_cost(plain, layout="sequential")["endpoints"] == 4
