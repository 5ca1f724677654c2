"""Graphs: the Graph class (CSR, zero-copy NumPy views) and one generator per family of the
library's registry (topology/families.hpp), made at import from the family's descriptor
(topology/descriptor.hpp): the function's name is the family's with '-' as '_', its keywords
are the parameters' ids, in order, with the descriptor's defaults."""
import inspect
import numbers
import operator
import os

import numpy as np

from . import _checks
from . import _shiftfly
from ._results import ReadReport

Graph = _shiftfly.Graph

_U64 = (1 << 64) - 1
_FAMILIES = list(_shiftfly.families())


def families():
    """The registry's families as their descriptors (topology/descriptor.hpp), in its order: for
    each a dict of name, summary, source, parameters (id, symbol, kind "unsigned", "unsigned list"
    or "choice", min, max (the range at any other values, a list's items' range), rule (which values
    in [min, max] are accepted: "an even number", "a prime power", or "" for all), required,
    default, default_text, choices, help), example (a small
    instance's keyword values), link_classes, routings, endpoints_rule (its customary endpoints
    per router, Graph.endpoints), field_name (its name in the field tables, or None), shift (how
    a shift digraph's routers are numbered for shift routing: a dict of numbering "labels",
    "arithmetic" or "groups" and, for labels, symbols and order in words; else None) and
    coordinates (True when its routers are points of a grid: dimension-order routing, tornado)."""
    return [dict(f, parameters=[dict(p) for p in f["parameters"]], example=dict(f["example"])) for f in _FAMILIES]


def _stated_range(family, parameter, values, position):
    """The range the library states for a keyword whose value its C++ parameter cannot hold, at the
    other values: topology::stated_range, the text of the descriptor's range data (min, max, rule
    and, where it depends on the other values, its range at them: Kautz's D on d); `position` is
    the item of a list, else None."""
    return _shiftfly.stated_range(family["name"], values, parameter["id"], position)


def _int(function, key, value):
    """`value` as an int (NumPy integers and other objects with __index__ too); TypeError naming the keyword."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        try:
            value = operator.index(value)
        except TypeError:
            raise TypeError(f"{function}: {key} must be an int, not {type(value).__name__}") from None
    return int(value)


def _family_values(family, function, arguments):
    """The keyword values checked for their types and for what the C++ parameters hold (the
    library checks the ranges, naming the keyword: the keywords are its parameter ids)."""
    values, unheld = {}, None
    for p in family["parameters"]:
        key, value = p["id"], arguments[p["id"]]
        if p["kind"] == "choice":
            words = p["choices"] + [c.replace("-", "_") for c in p["choices"] if "-" in c]
            values[key] = _checks.text(function, key, value, words).replace("_", "-")
            continue
        if p["kind"] == "unsigned list":
            if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
                raise TypeError(f"{function}: {key} must be a sequence of ints, not {type(value).__name__}")
            items = [_int(function, key, v) for v in value]
            for i, v in enumerate(items):
                if not 0 <= v <= _U64 and unheld is None:
                    unheld = (p, i, v)
            values[key] = [v if 0 <= v <= _U64 else 0 for v in items]
            continue
        v = _int(function, key, value)
        if not 0 <= v <= _U64 and unheld is None:
            unheld = (p, None, v)
        values[key] = v if 0 <= v <= _U64 else 0
    if unheld is not None:
        p, position, value = unheld
        accepted = _stated_range(family, p, values, position)
        raise ValueError(f"{function}: {p['id']} = {value} is out of range (accepted: {accepted})")
    return values


def _generator(family):
    name = family["name"].replace("-", "_")
    parameters = [inspect.Parameter(p["id"], inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    default=inspect.Parameter.empty if p["required"] else p["default"])
                  for p in family["parameters"]]
    signature = inspect.Signature(parameters)

    def generator(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{name}(): {error}") from None
        bound.apply_defaults()
        values = _family_values(family, name, bound.arguments)
        g = _shiftfly.make(family["name"], values)
        g._family = (family["name"], values)  # the family and its values, for network_cost's layout
        return g

    lines = [f"{family['summary']} ({family['source']}).", ""]
    for p in family["parameters"]:
        default = "" if p["required"] else f" (default {p['default_text'] or p['default']!r})"
        choices = f" one of {', '.join(p['choices'])}" if p["choices"] else ""
        lines.append(f"{p['id']}: {p['help']}{choices}{default}")
    lines += ["", "Endpoints per router (Graph.endpoints): " + family["endpoints_rule"]]
    lines += ["", "Example: " + name + "(" + ", ".join(f"{k}={v!r}" for k, v in family["example"].items()) + ")"]
    generator.__name__ = generator.__qualname__ = name
    generator.__doc__ = "\n".join(lines)
    generator.__signature__ = signature
    generator.__module__ = "shiftfly"
    return generator


_GENERATORS = {f["name"]: _generator(f) for f in _FAMILIES}
globals().update({g.__name__: g for g in _GENERATORS.values()})

__all__ = ["Graph"] + [g.__name__ for g in _GENERATORS.values()] + ["read", "graph", "family_names", "families"]


def _family_stubs():
    """The family block of shiftfly/__init__.pyi (scripts/family_stubs.py writes it; test_stubs checks it)."""
    kinds = {"unsigned": "int", "unsigned list": "_Ints", "choice": "str"}
    lines = []
    for f in _FAMILIES:
        args = ", ".join(f"{p['id']}: {kinds[p['kind']]}" + ("" if p["required"] else " = ...") for p in f["parameters"])
        lines.append(f"def {f['name'].replace('-', '_')}({args}) -> Graph: ...")
    return lines


def family_names():
    """The registry's family names, in its order (topology/families.hpp)."""
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
    NetworkX's extra columns), GraphML (SST/Merlin's anytopo too), NetworkX node-link JSON,
    BookSim2's anynet or ns-3/HPCC's topology.txt; `format` "edgelist", "graphml", "json",
    "booksim", "sst" or "ns3", None for the extension's (else the content's). The endpoints a
    simulator's file gives are kept in Graph.endpoints (else 1 a router). Undirected reading
    drops loops and repeated edges; directed=True keeps the pairs as arcs. Names that are not
    0..n-1 are kept (Graph.names). What the reader said is kept in Graph.read_report (a
    ReadReport: format, file, directed, vertices, edges, arcs, duplicate_edges_dropped,
    self_loops_dropped). Every refusal is a ValueError naming the file and line."""
    path = os.fspath(path)
    if not isinstance(path, str):
        raise TypeError(f"read: path must be a str or os.PathLike, not {type(path).__name__}")
    _checks.flag("read", "directed", directed)
    fmt = "" if format is None else _checks.text("read", "format", format,
                                                 ("edgelist", "graphml", "json", "booksim", "sst", "ns3"))
    g, info = _shiftfly.read(path, directed, fmt)
    g._read_report = ReadReport._of(info)  # the reader's report as described (io/read_report.hpp)
    return g


# Methods of Graph written in Python ------------------------------------------------------------

def _endpoints(self):
    """Endpoints per router (a list, one count a router): a family's customary concentration
    (each family's --help states its rule), a simulator file's own counts, else 1 a router."""
    counts = getattr(self, "_endpoints", None)
    return list(counts) if counts is not None else [1] * self.n


def _endpoint_counts(self, where, endpoints):
    if endpoints is None:
        return _endpoints(self)
    if isinstance(endpoints, bool):
        raise TypeError(f"{where}: endpoints must be an int or a sequence of ints, not bool")
    if isinstance(endpoints, int):
        if endpoints < 0:
            raise ValueError(f"{where}: endpoints = {endpoints} is out of range (accepted: 0 to 65535)")
        return list(_shiftfly.uniform_endpoints(self.n, endpoints))
    return [int(c) for c in endpoints]


def _endpoint_choice(g, where, endpoints, family):
    """The endpoints argument of network_cost and channel_load as the binding takes it, for the
    library's one rule (topology::choose_endpoints): (per_router, given_counts, file_counts).
    An int: on every router; a sequence: one count a router; None: the family's customary counts
    for a graph of a family generator, a simulator file's own counts, else 1 a router."""
    if endpoints is None:
        from_file = not family and getattr(g, "_endpoints_from_file", False)
        return None, [], (list(g.endpoints) if from_file else [])
    if isinstance(endpoints, bool):
        raise TypeError(f"{where}: endpoints must be an int or a sequence of ints, not bool")
    if isinstance(endpoints, (str, bytes)) or not hasattr(endpoints, "__iter__"):
        return _checks.uint(where, "endpoints", endpoints, accepted="0 to 65535"), [], []
    counts = [_checks.uint(where, "endpoints", c, largest=65535, accepted="0 to 65535") for c in endpoints]
    if len(counts) != g.n:
        raise ValueError(f"{where}: number of endpoints items = {len(counts)} does not match the router count "
                         f"(accepted: {g.n})")
    if not counts:  # a graph of no router: the library refuses it by its own rule
        return 0, [], []
    return None, counts, []


def _write_text(path, text):
    with open(os.fspath(path), "w", encoding="utf-8", newline="\n") as out:
        out.write(text)


def _to_booksim(self, path, endpoints=None, latency=1, config=None):
    """Writes BookSim2's anynet network file to `path` (io/booksim_anynet.hpp): `endpoints` an
    int on every router, a sequence (one count a router), or None for Graph.endpoints; `latency`
    the channel latency in cycles. With `config`, also writes BookSim2's configuration stub
    there (topology = anynet; network_file = path; routing_function = min)."""
    if config is not None and os.path.realpath(os.fspath(config)) == os.path.realpath(os.fspath(path)):
        # the stub names `path` as its network file: written to the same file, one would overwrite the other
        raise ValueError("Graph.to_booksim: config = '" + os.fspath(config) + "' is the network file's path itself "
                         "(expected another file, e.g. a .cfg beside it)")
    text = _shiftfly.simulator_text(self, "booksim", _endpoint_counts(self, "Graph.to_booksim", endpoints),
                                    latency, "", "")
    stub = None if config is None else _shiftfly.booksim_config_text(os.fspath(path))
    _write_text(path, text)
    if stub is not None:
        _write_text(config, stub)


def _to_sst(self, path, endpoints=None):
    """Writes SST/Merlin's anytopo GraphML to `path` (io/sst_anytopo.hpp), each node with its
    `endpoints` count (an int, a sequence, or None for Graph.endpoints)."""
    _write_text(path, _shiftfly.simulator_text(self, "sst", _endpoint_counts(self, "Graph.to_sst", endpoints), 1, "", ""))


def _to_ns3(self, path, endpoints=None, rate="100Gbps", delay="0.001ms"):
    """Writes the ns-3 / HPCC topology.txt to `path` (io/ns3_topology.hpp): the hosts (the
    endpoints) first, then the routers as switches, every link at `rate` and `delay`."""
    _write_text(path, _shiftfly.simulator_text(self, "ns3", _endpoint_counts(self, "Graph.to_ns3", endpoints), 1,
                                               rate, delay))


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
Graph.endpoints = property(_endpoints, doc=_endpoints.__doc__)
Graph.to_booksim = _to_booksim
Graph.to_sst = _to_sst
Graph.to_ns3 = _to_ns3
Graph.edges = _edges
Graph.degrees = _degrees
Graph.to_networkx = _to_networkx
Graph.to_scipy = _to_scipy
Graph.from_edges = staticmethod(_from_edges)
Graph.from_arcs = staticmethod(_from_arcs)
Graph.from_networkx = staticmethod(_from_networkx)
Graph.names = property(_names)
Graph.read_report = property(_read_report)
