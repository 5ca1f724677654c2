"""Graphs: the Graph class (CSR, zero-copy NumPy views) and one generator per family
of the library's registry (topology/family.hpp)."""
import os

import numpy as np

from . import _checks
from . import _shiftfly
from ._results import ReadReport

Graph = _shiftfly.Graph

__all__ = ["Graph", "torus", "kautz", "de_bruijn", "gen_de_bruijn", "imase_itoh", "boardfly", "shiftfly",
           "polarfly", "slimfly", "dragonfly", "hyperx", "fat_tree", "xgft", "jellyfish", "read", "graph",
           "family_names"]


def _level(function, level):
    return _checks.text(function, "level", level, ("group", "chip"))


def torus(dims):
    """The torus T(k1, ..., kn): the Cayley graph of Z_k1 x ... x Z_kn (Shiftfly paper,
    Proposition 2.2: diameter sum of floor(ki/2)); the first coordinate varies fastest in
    the vertex id. 1 to 64 sizes, each at least 2."""
    return _shiftfly.torus(_checks.uint_list("torus", "dims", dims, "2 to 4294967295"))


def kautz(d, D):
    """The Kautz digraph K(d, D) (Shiftfly paper, Definition 4.1): strings of length D over
    d + 1 symbols without two equal neighbours, arcs u -> u2..uD a; (d + 1) d^(D-1) vertices,
    ids in lexicographic order of the labels (Graph.labels). Arcs kept (Graph.arcs)."""
    return _shiftfly.kautz(_checks.uint("kautz", "d", d, accepted="2 to 65534"),
                           _checks.uint("kautz", "D", D, accepted="1 to the largest D at which (d+1)d^(D-1) vertices "
                                        "fit a 32-bit vertex id"))


def de_bruijn(d, D):
    """The de Bruijn digraph B(d, D): strings of length D over d symbols, shift arcs;
    d^D vertices, labelled; loops and repeated arcs kept in Graph.arcs."""
    return _shiftfly.de_bruijn(_checks.uint("de_bruijn", "d", d, accepted="2 to 65535"),
                               _checks.uint("de_bruijn", "D", D, accepted="1 to the largest D at which d^D vertices fit a "
                                            "32-bit vertex id"))


def gen_de_bruijn(n, d):
    """The generalized de Bruijn digraph GB(n, d) (Reddy-Pradhan-Kuhl, Imase-Itoh):
    arcs i -> d i + r mod n, r = 0..d-1; diameter at most ceil(log_d n)."""
    return _shiftfly.gen_de_bruijn(_checks.uint("gen_de_bruijn", "n", n, accepted="2 to 4294967295"),
                                   _checks.uint("gen_de_bruijn", "d", d, accepted="2 to 65535"))


def imase_itoh(n, d):
    """The Imase-Itoh digraph II(n, d) (Imase and Itoh 1981; Shiftfly paper, Theorem 5.5):
    arcs i -> -d i - r mod n, r = 1..d; diameter at most ceil(log_d n) at every order n."""
    return _shiftfly.imase_itoh(_checks.uint("imase_itoh", "n", n, accepted="2 to 4294967295"),
                                _checks.uint("imase_itoh", "d", d, accepted="2 to 65535"))


def boardfly(groups, seed=7, level="group"):
    """Boardfly (TPU 8i): 4-chip building blocks, 8 of them a 32-chip group, 36 groups a
    pod (Lemma 2.3), and beyond one pod the inter-pod links drawn with CPython's
    random.Random(seed) (the reference artefact's stub pairing). level="group" builds one
    vertex per group, level="chip" one per chip."""
    return _shiftfly.boardfly(_checks.uint("boardfly", "groups", groups, accepted="1 to 858993459"), _checks.uint("boardfly", "seed", seed),
                              _level("boardfly", level))


def shiftfly(groups, ports=40, construction="imase-itoh", level="group"):
    """Shiftfly: Boardfly's 32-chip groups with the global tier wired as the Imase-Itoh
    digraph II(groups, ports/2) (construction="imase-itoh"; Theorem 5.5, Proposition 4.3)
    or the smallest Kautz graph holding the groups (construction="kautz"). At group level
    the arcs of the global tier are kept."""
    construction = _checks.text("shiftfly", "construction", construction, ("imase-itoh", "imase_itoh", "kautz"))
    return _shiftfly.shiftfly(_checks.uint("shiftfly", "groups", groups, accepted="1 to 4294967295"),
                              _checks.uint("shiftfly", "ports", ports, accepted="4 to 131068"),
                              construction.replace("_", "-"), _level("shiftfly", level))


def polarfly(q):
    """PolarFly: the Erdős–Rényi polarity graph ER_q, q a prime power (Lakhotia et al., SC '22);
    diameter 2, q^2 + q + 1 vertices."""
    return _shiftfly.polarfly(_checks.uint("polarfly", "q", q, accepted="a prime power from 2 to 65521"))


def slimfly(q):
    """Slim Fly: the McKay–Miller–Širáň graph of a prime power q = 4w + δ (Besta and Hoefler,
    SC '14); diameter 2, 2 q^2 vertices."""
    return _shiftfly.slimfly(_checks.uint("slimfly", "q", q, accepted="a prime power from 3 to 46337"))


def dragonfly(a, h, groups=0, arrangement="consecutive"):
    """Dragonfly (Kim et al., ISCA '08): a routers a group (a clique), h global ports a router,
    h + 1 <= groups <= a h + 1 (0: a h + 1); arrangement "consecutive" or "circulant" says
    which router of a group carries which global link."""
    arrangement = _checks.text("dragonfly", "arrangement", arrangement, ("consecutive", "circulant"))
    a = _checks.uint("dragonfly", "a", a, accepted="1 to 2147483648")
    h = _checks.uint("dragonfly", "h", h, accepted="1 to 2147483648")
    groups = _checks.uint("dragonfly", "groups", groups,
                          accepted=f"0 (for a h + 1) or h + 1 to a h + 1 = {h + 1} to {a * h + 1}")
    return _shiftfly.dragonfly(a, h, groups, arrangement)


def hyperx(dims):
    """HyperX: the Hamming graph of the dimension sizes (Ahn et al., SC '09); every size at least 2."""
    return _shiftfly.hyperx(_checks.uint_list("hyperx", "dims", dims, "2 to 4294967295"))


def fat_tree(k):
    """The k-ary three-tier fat tree as a switch graph (Al-Fares et al., SIGCOMM '08): edge,
    aggregation then core switches; k even."""
    return _shiftfly.fat_tree(_checks.uint("fat_tree", "k", k, accepted="2 to 2000000"))


def xgft(m, w):
    """The extended generalized fat tree XGFT(h; m; w), the general folded Clos (Öhring et al.
    1995), as its switch levels; m and w of one length h."""
    return _shiftfly.xgft(_checks.uint_list("xgft", "m", m, "at least 1"), _checks.uint_list("xgft", "w", w, "at least 1"))


def jellyfish(routers, degree, seed=1):
    """Jellyfish (Singla et al., NSDI '12): a random degree-regular graph on `routers` routers,
    drawn with CPython's random.Random(seed) stream in the documented order."""
    return _shiftfly.jellyfish(_checks.uint("jellyfish", "routers", routers, accepted="4 to 4294967295"),
                               _checks.uint("jellyfish", "degree", degree, accepted="1 to 4294967294"),
                               _checks.uint("jellyfish", "seed", seed))


_GENERATORS = {"torus": torus, "kautz": kautz, "de-bruijn": de_bruijn, "gen-de-bruijn": gen_de_bruijn,
               "imase-itoh": imase_itoh, "boardfly": boardfly, "shiftfly": shiftfly, "polarfly": polarfly,
               "slimfly": slimfly, "dragonfly": dragonfly, "hyperx": hyperx, "fat-tree": fat_tree, "xgft": xgft,
               "jellyfish": jellyfish}


def family_names():
    """The registry's family names, in its order (topology/family.hpp)."""
    return list(_shiftfly.family_names())


def graph(family, **parameters):
    """The graph of a family named as in the registry ("de-bruijn" or "de_bruijn"), with the
    family's keyword arguments: graph("kautz", d=3, D=4)."""
    name = _checks.text("graph", "family", family, None).replace("_", "-")
    if name not in _GENERATORS:
        raise ValueError(f"graph: family = '{family}' is out of range (accepted: {', '.join(family_names())})")
    return _GENERATORS[name](**parameters)


def read(path, directed=False, format=None):
    """A graph read from a user's file (io/graph_file.hpp): an edge list (comments, names,
    NetworkX's extra columns), GraphML or NetworkX node-link JSON; `format` "edgelist",
    "graphml" or "json", None for the extension's (else the content's). Undirected reading
    drops loops and repeated edges; directed=True keeps the pairs as arcs. Names that are not
    0..n-1 are kept (Graph.names). What the reader said is kept in Graph.read_report (a
    ReadReport: format, file, directed, vertices, edges, arcs, duplicate_edges_dropped,
    self_loops_dropped). Every refusal is a ValueError naming the file and line."""
    path = os.fspath(path)
    if not isinstance(path, str):
        raise TypeError(f"read: path must be a str or os.PathLike, not {type(path).__name__}")
    _checks.flag("read", "directed", directed)
    fmt = "" if format is None else _checks.text("read", "format", format, ("edgelist", "graphml", "json"))
    g, info = _shiftfly.read(path, directed, fmt)
    g._read_report = ReadReport(vertices=g.n, edges=g.m, arcs=g.num_arcs, **info)
    return g


# Methods of Graph written in Python ------------------------------------------------------------

def _edges(self):
    """The undirected edges as an (m, 2) uint32 array, u < v, rows ascending (a copy)."""
    offsets = np.asarray(self.offsets)
    targets = np.asarray(self.targets)
    sources = np.repeat(np.arange(self.n, dtype=np.uint32), np.diff(offsets).astype(np.int64))
    keep = sources < targets
    return np.stack([sources[keep], targets[keep]], axis=1)


def _degrees(self):
    """The degrees of the physical graph as an int64 array."""
    return np.diff(np.asarray(self.offsets)).astype(np.int64)


def _to_networkx(self, directed=False, names=False):
    """A networkx.Graph of the physical graph, nodes 0..n-1 (vertex names, from a file or
    from_networkx, as the node attribute "name"); directed=True gives a networkx.MultiDiGraph
    of the arcs (loops and repeats kept). names=True makes the names the nodes themselves
    (from_networkx(G).to_networkx(names=True) has G's nodes and edges)."""
    import networkx as nx
    _checks.flag("Graph.to_networkx", "directed", directed)
    _checks.flag("Graph.to_networkx", "names", names)
    if directed:
        if not self.has_arcs:
            raise ValueError("Graph.to_networkx: directed = True needs a graph with arcs")
        G = nx.MultiDiGraph()
        G.add_nodes_from(range(self.n))
        G.add_edges_from(map(tuple, self.arcs.tolist()))
    else:
        G = nx.Graph()
        G.add_nodes_from(range(self.n))
        G.add_edges_from(map(tuple, _edges(self).tolist()))
    G.graph["name"] = self.name
    own = self.names
    if own is not None:
        nx.set_node_attributes(G, dict(enumerate(own)), "name")
        if names:
            G = nx.relabel_nodes(G, dict(enumerate(own)), copy=True)
    return G


def _to_scipy(self):
    """The adjacency matrix of the physical graph as a scipy.sparse.csr_matrix of int8 ones,
    sharing nothing with the graph (indices and indptr copied)."""
    import scipy.sparse as sp
    offsets = np.asarray(self.offsets, dtype=np.int64)
    targets = np.asarray(self.targets, dtype=np.int64)
    data = np.ones(len(targets), dtype=np.int8)
    return sp.csr_matrix((data, targets, offsets), shape=(self.n, self.n))


def _from_edges(edges, n=None, name=""):
    """A graph from undirected edges: an (m, 2) array-like of non-negative integers (any integer
    dtype); n vertices (default: the largest id + 1). Loops and repeated edges are dropped
    (core::graph::from_edges). A non-integer dtype is a TypeError, a wrong shape, a negative id
    or an id >= n a ValueError."""
    a = np.asarray(edges)
    if a.dtype == object or not (np.issubdtype(a.dtype, np.integer)):
        if a.size == 0 and a.dtype == np.float64:
            a = a.astype(np.int64)  # [] and np.empty((0, 2)) are no edges
        else:
            raise TypeError(f"Graph.from_edges: edges must be integers, not dtype {a.dtype}")
    if a.size == 0:
        a = a.reshape(0, 2)
    if a.ndim != 2 or a.shape[1] != 2:
        raise ValueError(f"Graph.from_edges: edges has shape {a.shape} (accepted: (m, 2))")
    if a.size and a.min() < 0:
        raise ValueError(f"Graph.from_edges: edges has the negative vertex id {int(a.min())} (accepted: 0 to n - 1)")
    largest = int(a.max()) if a.size else -1
    if n is None:
        n = largest + 1
    n = _checks.uint("Graph.from_edges", "n", n, (1 << 32) - 1)
    if largest >= n:
        raise ValueError(f"Graph.from_edges: edges = {largest} is out of range (accepted: vertex ids 0 to n - 1 = {n - 1})")
    if not isinstance(name, str):
        raise TypeError(f"Graph.from_edges: name must be a str, not {type(name).__name__}")
    return _shiftfly.from_edges(n, np.ascontiguousarray(a, dtype=np.uint32), name)


def _from_arcs(arcs, n=None, name=""):
    """A digraph from arcs: an (a, 2) array-like of (u, v) integer pairs, kept in their order
    grouped by source (a stable sort), loops and repeats kept; the physical graph is the arcs
    symmetrised (core::graph::from_arcs)."""
    a = np.asarray(arcs)
    if a.size == 0:
        a = a.reshape(0, 2).astype(np.int64)
    if not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"Graph.from_arcs: arcs must be integers, not dtype {a.dtype}")
    if a.ndim != 2 or a.shape[1] != 2:
        raise ValueError(f"Graph.from_arcs: arcs has shape {a.shape} (accepted: (a, 2))")
    if a.size and a.min() < 0:
        raise ValueError(f"Graph.from_arcs: arcs has the negative vertex id {int(a.min())} (accepted: 0 to n - 1)")
    largest = int(a.max()) if a.size else -1
    n = _checks.uint("Graph.from_arcs", "n", largest + 1 if n is None else n, (1 << 32) - 1)
    if largest >= n:
        raise ValueError(f"Graph.from_arcs: arcs = {largest} is out of range (accepted: vertex ids 0 to n - 1 = {n - 1})")
    _shiftfly.require_graph_memory("Graph.from_arcs", n, 0, len(a))
    order = np.argsort(a[:, 0], kind="stable")
    counts = np.bincount(a[:, 0].astype(np.int64), minlength=n)
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.uint64)
    return _shiftfly.from_arcs(n, offsets, np.ascontiguousarray(a[order, 1], dtype=np.uint32), name)


def _from_networkx(G, name=None):
    """A graph from a networkx graph: its nodes numbered in G's node order, its edges (both
    directions of a DiGraph's arcs as one physical edge; use from_arcs to keep the arcs).
    The nodes are kept as Graph.names (names[i] is the node that became vertex i) unless they
    are 0..n-1 in order, as read() keeps a file's names. G must be a networkx graph (TypeError)."""
    try:
        import networkx as nx
    except ImportError:  # without networkx there are no networkx graphs
        nx = None
    if nx is None or not isinstance(G, nx.Graph):  # Graph, DiGraph, MultiGraph, MultiDiGraph
        raise TypeError(f"Graph.from_networkx: G must be a networkx graph, not {type(G).__name__}")
    nodes = list(G.nodes())
    index = {v: i for i, v in enumerate(nodes)}
    edges = np.array([(index[u], index[v]) for u, v in G.edges()], dtype=np.int64).reshape(-1, 2)
    g = _from_edges(edges, n=len(nodes), name=G.graph.get("name", "") if name is None else name)
    if any(not (type(v) is int and v == i) for i, v in enumerate(nodes)):
        g._names = tuple(nodes)
    return g


_file_names = Graph.names  # the extension's property: the names a file gave


def _names(self):
    """The vertex names, names[i] that of vertex i: those a file gave (read()), the nodes of
    the networkx graph (Graph.from_networkx), or None when the vertices are 0..n-1."""
    own = self.__dict__.get("_names")
    return list(own) if own is not None else _file_names.fget(self)


def _read_report(self):
    """What the file reader said (a ReadReport) for a graph from read(), else None."""
    return self.__dict__.get("_read_report")


def _checked_vertex(method, function):
    # The C++ methods take a uint64 vertex: a negative id or one of 2^64 and above is refused here,
    # with the range the library states (a pybind11 TypeError would name neither).
    def call(self, u):
        return method(self, _checks.vertex(function, "u", u, self.n))
    call.__name__, call.__qualname__, call.__doc__ = method.__name__, "Graph." + method.__name__, method.__doc__
    return call


Graph.degree = _checked_vertex(Graph.degree, "Graph.degree")
Graph.neighbors = _checked_vertex(Graph.neighbors, "Graph.neighbors")
Graph.out_arcs = _checked_vertex(Graph.out_arcs, "Graph.out_arcs")
Graph.edges = _edges
Graph.degrees = _degrees
Graph.to_networkx = _to_networkx
Graph.to_scipy = _to_scipy
Graph.from_edges = staticmethod(_from_edges)
Graph.from_arcs = staticmethod(_from_arcs)
Graph.from_networkx = staticmethod(_from_networkx)
Graph.names = property(_names)
Graph.read_report = property(_read_report)
