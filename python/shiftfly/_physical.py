"""A fabric's racks, cables, cost and power (physical/): routers placed into racks by the
family's grouping, every link an electric or optical cable by its length, priced and powered
by a cost model read from a JSON file (docs/references.md, "Cost and power models")."""

from . import _checks
from . import _graphs
from . import _shiftfly

__all__ = ["network_cost", "cost_models"]


def cost_models():
    """The shipped cost models by name (data/cost_models/<name>.json)."""
    return ("slimfly-sc14", "mudigonda-atc11")


def network_cost(g, endpoints=None, model="slimfly-sc14", layout="grouped"):
    """The cost and power of the fabric of graph `g` (its vertices the routers, its edges the
    links): `endpoints` an int on every router, a sequence (one count a router, e.g.
    list(g.endpoints)), or None: the family's customary counts, as every command uses them (a fat
    tree's k/2 hosts on each edge switch and none above), a simulator file's own counts for a graph
    read by read(), else 1 a router; `model` a shipped model's name (cost_models()) or a .json model file,
    `layout` "grouped" (by the family's groups, pods, rows or slabs, a torus's slabs folded, when
    `g` came from a family generator), "sequential" (by vertex id) or "metis" (by a METIS
    partition into racks, seed 1). Returns the description the command-line
    tool prints (`shiftfly cost`) as a dict: the model's name and source, the layout, the electric
    and optical cables (count, lengths, cost, histogram), router and cable cost, total cost,
    cost and power per endpoint, the optical share. Named network_cost because cost() is the
    Halley cost model's."""
    if not isinstance(g, _shiftfly.Graph):
        raise TypeError(f"network_cost: g must be a shiftfly.Graph, not {type(g).__name__}")
    family, values = getattr(g, "_family", ("", {}))
    per_router, counts, from_file = _graphs._endpoint_choice(g, "network_cost", endpoints, family)
    model = _checks.text("network_cost", "model", model, None)
    layout = _checks.text("network_cost", "layout", layout, ("grouped", "sequential", "metis"))
    return _shiftfly.network_cost(g, family, dict(values), per_router, counts, from_file, model, layout)
