"""Graphs from Python against the C++ tool's edge lists, the Graph class's views and
conversions, and the checks on arguments."""
import dataclasses
import gc
import inspect

import networkx as nx
import numpy as np
import pytest
import scipy.sparse

import shiftfly

# (Python generator, keyword arguments, tool family, tool flags): every family of the registry.
CASES = [
    (shiftfly.torus, {"dims": [3, 4, 5]}, "torus", ["--dims", "3,4,5"]),
    (shiftfly.kautz, {"d": 3, "D": 3}, "kautz", ["--d", "3", "--D", "3"]),
    (shiftfly.de_bruijn, {"d": 2, "D": 5}, "de-bruijn", ["--d", "2", "--D", "5"]),
    (shiftfly.gen_de_bruijn, {"n": 50, "d": 3}, "gen-de-bruijn", ["--n", "50", "--d", "3"]),
    (shiftfly.imase_itoh, {"n": 50, "d": 3}, "imase-itoh", ["--n", "50", "--d", "3"]),
    (shiftfly.boardfly, {"groups": 100}, "boardfly", ["--groups", "100"]),
    (shiftfly.boardfly, {"groups": 40, "seed": 3, "level": "chip"}, "boardfly",
     ["--groups", "40", "--seed", "3", "--level", "chip"]),
    (shiftfly.shiftfly, {"groups": 300}, "shiftfly", ["--groups", "300"]),
    (shiftfly.shiftfly, {"groups": 50, "ports": 8, "construction": "kautz", "level": "chip"}, "shiftfly",
     ["--groups", "50", "--ports", "8", "--construction", "kautz", "--level", "chip"]),
    (shiftfly.polarfly, {"q": 7}, "polarfly", ["--q", "7"]),
    (shiftfly.slimfly, {"q": 5}, "slimfly", ["--q", "5"]),
    (shiftfly.dragonfly, {"a": 4, "h": 2}, "dragonfly", ["--a", "4", "--h", "2"]),
    (shiftfly.dragonfly, {"a": 4, "h": 3, "groups": 7, "arrangement": "circulant"}, "dragonfly",
     ["--a", "4", "--h", "3", "--groups", "7", "--arrangement", "circulant"]),
    (shiftfly.hyperx, {"dims": [3, 4]}, "hyperx", ["--dims", "3,4"]),
    (shiftfly.fat_tree, {"k": 6}, "fat-tree", ["--k", "6"]),
    (shiftfly.xgft, {"m": [4, 3], "w": [1, 2]}, "xgft", ["--m", "4,3", "--w", "1,2"]),
    (shiftfly.jellyfish, {"routers": 60, "degree": 5, "seed": 4}, "jellyfish",
     ["--routers", "60", "--degree", "5", "--seed", "4"]),
]


# And every registered family by its descriptor's example, so that a family added to the registry
# is compared with the tool with no edit here.
CASES += [(getattr(shiftfly, f["name"].replace("-", "_")), dict(f["example"]), f["name"],
           [w for k, v in f["example"].items()
            for w in ("--" + k, ",".join(map(str, v)) if isinstance(v, list) else str(v))])
          for f in shiftfly.families()]


def test_every_registry_family_has_a_generator():
    families = {c[2] for c in CASES}
    assert families == set(shiftfly.family_names())
    assert [f["name"] for f in shiftfly.families()] == shiftfly.family_names()
    for f in shiftfly.families():
        generator = getattr(shiftfly, f["name"].replace("-", "_"))
        assert generator.__name__ in shiftfly.__all__
        assert list(inspect.signature(generator).parameters) == [p["id"] for p in f["parameters"]]
        assert f["summary"] in generator.__doc__


@pytest.mark.parametrize("generator,kwargs,family,flags", CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_edges_equal_the_tools(generator, kwargs, family, flags, tool_edges):
    g = generator(**kwargs)
    expected = tool_edges(family, flags)
    assert [tuple(e) for e in g.edges().tolist()] == expected
    assert g.m == len(expected)
    assert shiftfly.graph(family, **kwargs).m == g.m
    if g.has_arcs:
        assert [tuple(a) for a in g.arcs.tolist()] == tool_edges(family, flags, directed=True)
    else:
        assert g.arcs is None


def test_csr_views_are_zero_copy_read_only_and_outlive_the_graph():
    g = shiftfly.kautz(d=3, D=4)
    offsets, targets = g.offsets, g.targets
    assert offsets.dtype == np.uint64 and targets.dtype == np.uint32
    assert len(offsets) == g.n + 1 and len(targets) == 2 * g.m
    assert not offsets.flags.writeable and not targets.flags.writeable
    with pytest.raises(ValueError):
        targets[0] = 1
    assert offsets.base is not None and targets.base is not None  # views, not copies
    neighbors = g.neighbors(5)
    labels = g.labels
    expected = (offsets.copy(), targets.copy(), neighbors.copy(), labels.copy())
    del g
    gc.collect()
    for view, copy in zip((offsets, targets, neighbors, labels), expected):
        assert np.array_equal(view, copy)
    assert labels.shape == (108, 4) and labels.dtype == np.uint16


def test_graph_attributes():
    g = shiftfly.kautz(d=2, D=3)
    assert (g.n, g.m, g.name, g.num_arcs, g.has_arcs, g.has_labels) == (12, 21, "Kautz(2,3)", 24, True, True)
    assert list(g.neighbors(0)) == sorted(g.neighbors(0))
    assert list(g.out_arcs(0)) == [4, 5]  # 0.1.0 -> 1.0.1, 1.0.2
    assert tuple(g.labels[5]) == (1, 0, 2)
    assert len(g) == 12 and "Kautz(2,3)" in repr(g)
    t = shiftfly.torus(dims=[4, 4])
    assert t.labels is None and t.arcs is None and t.names is None
    assert list(t.degrees()) == [4] * 16


def test_networkx_and_scipy_round_trip():
    g = shiftfly.boardfly(groups=2, level="chip")
    G = g.to_networkx()
    assert G.number_of_nodes() == g.n and G.number_of_edges() == g.m
    back = shiftfly.Graph.from_networkx(G)
    assert np.array_equal(back.offsets, g.offsets) and np.array_equal(back.targets, g.targets)
    A = g.to_scipy()
    assert isinstance(A, scipy.sparse.csr_matrix) and A.shape == (g.n, g.n) and A.nnz == 2 * g.m
    assert (A != A.T).nnz == 0
    assert np.array_equal(A.indptr, g.offsets.astype(np.int64))
    k = shiftfly.kautz(d=2, D=2)
    D = k.to_networkx(directed=True)
    assert D.number_of_edges() == k.num_arcs
    assert sorted(D.edges()) == sorted(map(tuple, k.arcs.tolist()))
    petersen = shiftfly.Graph.from_networkx(nx.petersen_graph())
    assert (petersen.n, petersen.m) == (10, 15)


def test_from_edges_and_from_arcs():
    g = shiftfly.Graph.from_edges(np.array([[0, 1], [1, 2], [2, 0], [2, 1], [3, 3]], dtype=np.int16), name="tri")
    assert (g.n, g.m, g.name) == (4, 3, "tri")
    assert shiftfly.Graph.from_edges([[0, 1]], n=5).n == 5
    assert shiftfly.Graph.from_edges(np.empty((0, 2), dtype=np.int64), n=3).m == 0
    assert shiftfly.Graph.from_edges([], n=2).m == 0
    d = shiftfly.Graph.from_arcs([[0, 1], [2, 0], [0, 0], [1, 2], [2, 0]])
    assert d.num_arcs == 5 and list(d.out_arcs(0)) == [1, 0] and list(d.out_arcs(2)) == [0, 0] and d.m == 3


@pytest.mark.parametrize("edges,error", [
    (np.array([[0.0, 1.0]]), TypeError),
    (np.array([["a", "b"]]), TypeError),
    ([[0, 1, 2]], ValueError),
    (np.arange(6), ValueError),
    (np.zeros((2, 2, 2), dtype=np.int64), ValueError),
    ([[0, -1]], ValueError),
    ([[0, 2**40]], ValueError),
])
def test_from_edges_refuses_bad_arrays(edges, error):
    with pytest.raises(error):
        shiftfly.Graph.from_edges(edges)


def test_memory_is_checked_before_allocating(monkeypatch):
    monkeypatch.setenv("SHIFTFLY_MEMORY_LIMIT", "1G")
    for make in (lambda: shiftfly.Graph.from_edges([], n=2**32 - 1), lambda: shiftfly.Graph.from_arcs([[0, 1]], n=2**32 - 1),
                 lambda: shiftfly.torus(dims=[65536, 65535])):
        with pytest.raises(ValueError, match="memory|bytes|GiB"):
            make()


def test_from_edges_refuses_an_id_past_n():
    with pytest.raises(ValueError, match="0 to n - 1 = 2"):
        shiftfly.Graph.from_edges([[0, 3]], n=3)


def test_read_files(tmp_path):
    p = tmp_path / "racks.txt"
    p.write_text("# a ring\nrack-a rack-b {}\nrack-b rack-c\nrack-c rack-a\nrack-a rack-b\n")
    g = shiftfly.read(p)
    assert (g.n, g.m, g.names) == (3, 3, ["rack-a", "rack-b", "rack-c"])
    d = shiftfly.read(str(p), directed=True, format="edgelist")
    assert d.num_arcs == 4
    bad = tmp_path / "G.txt"
    bad.write_text("a b\nc\n")
    with pytest.raises(ValueError, match="G.txt:2: expected two vertex names"):
        shiftfly.read(bad)
    with pytest.raises(ValueError):
        shiftfly.read(tmp_path / "missing.txt")
    with pytest.raises(ValueError, match="format = 'csv'"):
        shiftfly.read(p, format="csv")


@pytest.mark.parametrize("call,error,message", [
    (lambda: shiftfly.kautz(d=65534, D=9), ValueError, r"^kautz: D = 9 is out of range \(accepted: 1 to 2 at d = 65534"),
    (lambda: shiftfly.kautz(d=1, D=3), ValueError, r"^kautz: d = 1 is out of range"),
    (lambda: shiftfly.kautz(d=-2, D=3), ValueError, r"^kautz: d = -2 is out of range"),
    (lambda: shiftfly.kautz(d="3", D=3), TypeError, r"kautz: d must be an int"),
    (lambda: shiftfly.kautz(d=3.0, D=3), TypeError, r"kautz: d must be an int"),
    (lambda: shiftfly.boardfly(groups=0), ValueError, r"groups = 0"),
    (lambda: shiftfly.boardfly(groups=10, level="pod"), ValueError, r"level = 'pod'"),
    (lambda: shiftfly.shiftfly(groups=10, ports=7), ValueError, r"ports = 7"),
    (lambda: shiftfly.torus(dims=[4, 1]), ValueError, r"^torus: "),
    (lambda: shiftfly.torus(dims="4,4"), TypeError, r"dims must be a sequence"),
    (lambda: shiftfly.polarfly(q=6), ValueError, r"q = 6"),
    (lambda: shiftfly.graph("no-such-family", k=3), ValueError, r"family = 'no-such-family'"),
    (lambda: shiftfly.dragonfly(a=4, h=2, groups=2), ValueError, r"^dragonfly: groups = 2 is out of range"),
    (lambda: shiftfly.jellyfish(routers=3, degree=3), ValueError, r"^jellyfish: (routers|degree) = 3"),
    (lambda: shiftfly.Graph.from_edges([], n=0).degree(0), ValueError, r"no vertices"),
    (lambda: shiftfly.kautz(3), TypeError, r"D"),
    (lambda: shiftfly.kautz(d=3, D=3, x=1), TypeError, r"x"),
])
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_read_keeps_the_readers_report(tmp_path):
    p = tmp_path / "ring.txt"
    p.write_text("a b\nb c\nc a\nb a\nc c\na b\n")
    g = shiftfly.read(p)
    r = g.read_report
    assert isinstance(r, shiftfly.ReadReport)
    assert (r.format, r.directed, r.vertices, r.edges, r.arcs) == ("edgelist", False, 3, 3, 0)
    assert (r.duplicate_edges_dropped, r.self_loops_dropped) == (2, 1)
    assert r.file.endswith("ring.txt") and r.to_dict()["self_loops_dropped"] == 1
    d = shiftfly.read(p, directed=True).read_report
    assert (d.directed, d.arcs, d.edges, d.self_loops_dropped) == (True, 6, 3, 1)
    assert d.duplicate_edges_dropped == 1  # "a b" again: the same ordered pair (b a is another arc)
    j = tmp_path / "g.json"
    j.write_text('{"directed": false, "nodes": [{"id": 0}, {"id": 1}], "links": [{"source": 0, "target": 1}]}')
    assert shiftfly.read(j).read_report.format == "json"
    assert shiftfly.torus(dims=[3, 3]).read_report is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.vertices = 4


def test_from_networkx_keeps_the_node_names():
    G = nx.Graph([("x", (1, 2)), ((1, 2), 7), (7, "x"), ("x", frozenset({3}))])
    G.add_node("lonely")
    g = shiftfly.Graph.from_networkx(G)
    assert g.names == list(G.nodes()) and g.n == 5 and g.m == 4
    for u, v in g.edges().tolist():
        assert G.has_edge(g.names[u], g.names[v])
    back = g.to_networkx(names=True)
    assert set(back.nodes()) == set(G.nodes())
    assert {frozenset(e) for e in back.edges()} == {frozenset(e) for e in G.edges()}
    assert nx.get_node_attributes(g.to_networkx(), "name") == dict(enumerate(G.nodes()))
    # nodes 0..n-1 in order are ids, not names (as read() does); in another order they are names
    assert shiftfly.Graph.from_networkx(nx.path_graph(4)).names is None
    shuffled = nx.Graph()
    shuffled.add_nodes_from([2, 0, 1])
    shuffled.add_edges_from([(2, 0), (0, 1)])
    s = shiftfly.Graph.from_networkx(shuffled)
    assert s.names == [2, 0, 1]
    assert {frozenset(e) for e in s.to_networkx(names=True).edges()} == {frozenset(e) for e in shuffled.edges()}
    # the names are the graph's own: not shared with the caller's list
    g.names.append("extra")
    assert len(g.names) == 5
