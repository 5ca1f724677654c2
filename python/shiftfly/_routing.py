"""Table-free routing of the Shiftfly paper (routing/): shift routes on Kautz and de Bruijn
digraphs (Theorem 5.2), the merge criterion (Theorem 5.3), E[lcs] (Proposition 5.4) and
routes on the Imase-Itoh digraph (Theorem 5.5)."""

from . import _checks
from . import _graphs
from . import _shiftfly
from ._results import ExpectedLcs, ImaseItohRoute, MergeCriterion, ShiftRoute

__all__ = ["shift_route", "merge_criterion", "expected_lcs", "imase_itoh_route", "channel_load"]

# The families whose routers are named by labels, from their descriptors (families()["shift"]),
# each under its registry name with '-' as '_' and as is: ("kautz", "de_bruijn", "de-bruijn").
_LABELLED = {f["name"]: f["shift"] for f in _graphs._FAMILIES if f["shift"] and f["shift"]["numbering"] == "labels"}
_FAMILIES = tuple(w for name in _LABELLED for w in dict.fromkeys((name.replace("-", "_"), name)))


# The label spaces of routing::make_label_space: d from 2 to 65534, D from 1 to 63.
_D_SMALL = "2 to 65534"
_D_LARGE = "1 to 63"


def _vertex(function, name, v, family):
    # A vertex id (0 to n - 1, n the order of K(d, D) or B(d, D)) or a label of D symbols.
    if isinstance(v, str):
        return v
    if isinstance(v, (list, tuple)):
        symbols = _LABELLED[family.replace("_", "-")]["symbols"]
        return ".".join(str(_checks.uint(function, name, s, accepted=f"symbols {symbols}")) for s in v)
    order = _LABELLED[family.replace("_", "-")]["order"]
    return _checks.uint(function, name, v, accepted=f"0 to n - 1, n = {order} vertices, or a label")


def shift_route(d, D, source, dest, family="kautz"):
    """Theorem 5.2 (Shiftfly paper): the table-free shift route from `source` to `dest` on
    K(d, D) (family="kautz") or B(d, D) (family="de_bruijn"). Vertices are ids (the
    generators' numbering), labels as text ("0.1.2") or sequences of symbols. With l the
    longest suffix of source that is a prefix of dest, the route has k = D - l hops, the
    directed distance; found in O(D), no table."""
    family = _checks.text("shift_route", "family", family, _FAMILIES)
    return ShiftRoute._of(_shiftfly.shift_route(
        family, _checks.uint("shift_route", "d", d, accepted=_D_SMALL),
        _checks.uint("shift_route", "D", D, accepted=_D_LARGE),
        _vertex("shift_route", "source", source, family), _vertex("shift_route", "dest", dest, family)))


def merge_criterion(d, D, u, u2, family="kautz"):
    """Theorem 5.3 (Shiftfly paper), the merge criterion: the shift routes of u and u2 to a
    common destination (equal overlap) first occupy the same vertex at step
    j* = D - lcs(u, u2), lcs the longest common suffix of the labels."""
    family = _checks.text("merge_criterion", "family", family, _FAMILIES)
    return MergeCriterion._of(_shiftfly.merge_criterion(
        family, _checks.uint("merge_criterion", "d", d, accepted=_D_SMALL),
        _checks.uint("merge_criterion", "D", D, accepted=_D_LARGE),
        _vertex("merge_criterion", "u", u, family), _vertex("merge_criterion", "u2", u2, family)))


def expected_lcs(d, D, family="kautz"):
    """Proposition 5.4 (Shiftfly paper), exactly: E[lcs(u, u')] for independent uniform labels
    of K(d, D) or B(d, D), a reduced fraction, with its D -> infinity limit (d/(d^2-1) for
    Kautz, 1/(d-1) for de Bruijn) and the paper's 1/(d-1)."""
    family = _checks.text("expected_lcs", "family", family, _FAMILIES)
    return ExpectedLcs._of(_shiftfly.expected_lcs(
        family, _checks.uint("expected_lcs", "d", d, accepted=_D_SMALL),
        _checks.uint("expected_lcs", "D", D, accepted=_D_LARGE)))


def imase_itoh_route(n, d, source, dest, fixed=False):
    """Theorem 5.5 (Shiftfly paper): a shortest route on the Imase-Itoh digraph II(n, d) by
    arithmetic alone (the walks of k arcs reach an interval of base -d numerals), k at most
    ceil(log_d n); fixed=True gives the proof's walk of exactly ceil(log_d n) arcs."""
    f = "imase_itoh_route"
    n = _checks.uint(f, "n", n, accepted="2 to 1099511627776")
    d = _checks.uint(f, "d", d, accepted="2 to 65535")
    return ImaseItohRoute._of(_shiftfly.imase_itoh_route(
        n, d, _checks.vertex(f, "source", source, n), _checks.vertex(f, "dest", dest, n), _checks.flag(f, "fixed", fixed)))




def channel_load(graph, routing="ecmp", traffic="uniform", tie=None, traffic_seed=None, endpoints=None,
                 uniform_self="include", top=10, compare_optimal=False, threads=0, max_seconds=600.0):
    """The load of every channel of `graph` (two per link, in the order of
    routing/channel_share.hpp) under a routing and a traffic, and its summary: a dict with
    `loads` (a NumPy array, per pair), `max_channel_load`, `mean_channel_load`, `percentiles`,
    `hottest`, `by_class` (a family's link classes), `saturation_per_pair` (theta_R, the unit
    of throughput) and `saturation_per_endpoint` (flits/cycle per endpoint), `method`, and with
    traffic "worst" the worst case (exact or a certified bound). routing: minimal, ecmp,
    spread, valiant, valiant:minimal, ksp:K, dor, shift (dor and shift need a graph made by a
    family generator). traffic: uniform, permutation[:SEED], groups:SIZE, moe:K, tornado,
    bit-complement, transpose, shift:K, worst, file:PATH (docs/routing.md). endpoints: an int on
    every router, a sequence (one count a router), or None for the graph's own (Graph.endpoints: a
    family's customary counts, a simulator file's, else 1 a router); traffic is between them."""
    family, values = getattr(graph, "_family", ("", {}))
    if not isinstance(graph, _shiftfly.Graph):
        raise TypeError(f"channel_load: graph must be a shiftfly.Graph, not {type(graph).__name__}")
    per_router, counts, from_file = _graphs._endpoint_choice(graph, "channel_load", endpoints, family)
    if tie is None:
        tie = ""
    return _shiftfly.channel_load(
        graph, family, values,
        _checks.text("channel_load", "routing", routing, None), _checks.text("channel_load", "tie", tie, None),
        _checks.text("channel_load", "traffic", traffic, None),
        None if traffic_seed is None else _checks.uint("channel_load", "traffic_seed", traffic_seed,
                                                       accepted="0 to 18446744073709551615"),
        per_router, counts, from_file,
        _checks.text("channel_load", "uniform_self", uniform_self, ("include", "exclude")),
        _checks.uint("channel_load", "top", top, accepted="0 to 1048576"),
        bool(compare_optimal),
        _checks.threads("channel_load", threads),
        float(max_seconds))
