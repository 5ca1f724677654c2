"""Collectives on any fabric (collectives/collective.hpp; docs/collectives.md): a collective's
certified lower bound, every schedule tried with its time, and the best of them."""
from . import _checks
from . import _graphs
from . import _shiftfly
from ._results import Collective

__all__ = ["collective"]


def collective(graph_or_family, op, bytes=1.0, link_bandwidth=1.0, endpoints=None, root=0, symmetry=True,
               latency=0.0, endpoint_bandwidth=None, routing=None, max_seconds=600.0, lp_variables=None,
               balanced_rounds=None, threads=0, **family_parameters):
    """How long the collective `op` ("all-gather", "reduce-scatter", "all-reduce", "all-to-all",
    "broadcast", "reduce") of `bytes` bytes (M, the nccl-tests convention) takes on a fabric whose
    link directions carry `link_bandwidth` bytes/s each: the certified lower bound, every
    schedule tried (the proved tree packings; rings along a Hamiltonian cycle or a tour, one way
    and both ways; on tori the TPU explainer's dimension-ordered schedules and Swing, each run on
    integers where small) and the best of them, in the model of docs/collectives.md.
    graph_or_family: a Graph (a family generator's graph keeps its family: a torus gets the torus
    schedules) or a family name with its keywords, collective("torus", "all-reduce", dims=[4, 4]).
    endpoints: an int on every router, a sequence (one count a router) or None, the family's
    customary counts (Graph.endpoints). root: broadcast and reduce, an index among the compute
    nodes. latency: alpha, seconds a step. endpoint_bandwidth: b_e, bytes/s each way of an endpoint's
    link where routers carry several endpoints (None: link_bandwidth). all-to-all: routing, the
    routing of its routed time (None: the family's own, ecmp on a graph without a family);
    lp_variables and balanced_rounds, either of them, put its flow within that work budget (the
    other at its default; the `collectives` table's rows: 100000 and 12), so its ends depend on the
    budget alone; max_seconds refuses up front what is estimated above it. threads: 0, every core
    (the answer does not depend on it). Returns Collective."""
    where = "collective"
    if isinstance(graph_or_family, str):
        g = _graphs.graph(graph_or_family, **family_parameters)
    elif family_parameters:
        raise TypeError(f"{where}: family keywords ({', '.join(sorted(family_parameters))}) need a family name, "
                        "not a Graph")
    else:
        g = graph_or_family
    if not isinstance(g, _shiftfly.Graph):
        raise TypeError(f"{where}: graph_or_family must be a shiftfly.Graph or a family name, not {type(g).__name__}")
    op = _checks.text(where, "op", op, None)
    bytes = _checks.real(where, "bytes", bytes)
    link_bandwidth = _checks.real(where, "link_bandwidth", link_bandwidth)
    # the root's range is the compute nodes', stated by the library; here only its type
    if isinstance(root, bool) or not isinstance(root, int) or not 0 <= root < 1 << 64:
        raise ValueError(f"{where}: root = {root!r} is out of range (accepted: 0 to {(1 << 64) - 1})")
    symmetry = _checks.flag(where, "symmetry", symmetry)
    counts = _graphs._endpoint_counts(g, where, endpoints)
    latency = _checks.real(where, "latency", latency)
    if endpoint_bandwidth is not None:
        endpoint_bandwidth = _checks.real(where, "endpoint_bandwidth", endpoint_bandwidth)
    routing = "" if routing is None else _checks.text(where, "routing", routing, None)
    max_seconds = _checks.real(where, "max_seconds", max_seconds)
    # the library's ranges (metrics::throughput_work_budget), stated where the C++ type cannot hold the value
    if lp_variables is not None:
        lp_variables = _checks.uint(where, "lp_variables", lp_variables, _checks._U64, "0 to 200000")
    if balanced_rounds is not None:
        balanced_rounds = _checks.uint(where, "balanced_rounds", balanced_rounds, _checks._U64, "1 to 100000")
    # a family's graph keeps its family: its own routing, and on a torus the torus schedules
    family, values = getattr(g, "_family", ("", {}))
    return Collective._of(_shiftfly.collective(g, family, dict(values), counts, op, bytes, link_bandwidth, root,
                                               symmetry, latency, endpoint_bandwidth, routing, max_seconds,
                                               lp_variables, balanced_rounds, _checks.threads(where, threads)))
