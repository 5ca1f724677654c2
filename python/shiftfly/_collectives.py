"""Collectives on any fabric (collectives/collective.hpp; docs/collectives.md): a collective's
certified lower bound, every schedule tried with its time, and the best of them."""
from . import _checks
from . import _graphs
from . import _shiftfly
from ._results import Collective

__all__ = ["collective"]


def collective(graph_or_family, op, bytes=1.0, link_bandwidth=1.0, endpoints=None, root=0, symmetry=True,
               **family_parameters):
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
    nodes. Returns Collective."""
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
    family, values = getattr(g, "_family", ("", {}))
    # a family's dims: the library tries its torus schedules only where the graph is that torus
    dims = list(values.get("dims", [])) if isinstance(values.get("dims"), (list, tuple)) else []
    return Collective._of(_shiftfly.collective(g, counts, op, bytes, link_bandwidth, root, dims, symmetry))
