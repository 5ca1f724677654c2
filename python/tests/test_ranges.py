"""Every integer keyword of the bindings, given a value its C++ parameter cannot hold (-1, 2**64),
is refused with one line naming the keyword and the value and stating the range the library
accepts: the range the library's own message states for a value it refuses at the edge of what
the parameter holds (0 or 2^64 - 1), or, where the library's range depends on other arguments,
that dependence. Before, the Python checks stated the C++ type's range (torus(dims=[-3, 3]):
"accepted: 0 to 18446744073709551615"; all_pairs_stats(batch_bits=2**40): "0 to 4294967295")."""
import ast
import pathlib
import re

import networkx as nx
import pytest

import shiftfly

U64 = (1 << 64) - 1
G = shiftfly.torus(dims=[4, 4])      # 16 vertices
K = shiftfly.kautz(d=2, D=3)         # 12 vertices, with arcs
DEMAND = [[9, 1], [1, 8]]

# (function, keyword, call(value), reference): the reference is a value the C++ parameter holds
# that the library refuses, stating the keyword's range (an int), or the range itself (a str)
# where the library accepts every value the parameter holds (seeds), or where its range depends on
# the other arguments.
CASES = [
    ("torus", "dims", lambda v: shiftfly.torus(dims=[v, 3]), 0),
    ("kautz", "d", lambda v: shiftfly.kautz(d=v, D=2), 0),
    # the library's range at d = 2: "1 to 8 at d = 2, so that (d+1)d^(D-1) vertices fit a 32-bit vertex id"
    ("kautz", "D", lambda v: shiftfly.kautz(d=2, D=v), U64),
    ("de_bruijn", "d", lambda v: shiftfly.de_bruijn(d=v, D=2), 0),
    ("de_bruijn", "D", lambda v: shiftfly.de_bruijn(d=2, D=v), U64),
    ("gen_de_bruijn", "n", lambda v: shiftfly.gen_de_bruijn(n=v, d=2), 0),
    ("gen_de_bruijn", "d", lambda v: shiftfly.gen_de_bruijn(n=10, d=v), 0),
    ("imase_itoh", "n", lambda v: shiftfly.imase_itoh(n=v, d=2), 0),
    ("imase_itoh", "d", lambda v: shiftfly.imase_itoh(n=10, d=v), 0),
    ("boardfly", "groups", lambda v: shiftfly.boardfly(groups=v), 0),
    ("boardfly", "seed", lambda v: shiftfly.boardfly(groups=2, seed=v), f"0 to {U64}"),
    ("shiftfly", "groups", lambda v: shiftfly.shiftfly(groups=v), 0),
    ("shiftfly", "ports", lambda v: shiftfly.shiftfly(groups=6, ports=v), 0),
    ("polarfly", "q", lambda v: shiftfly.polarfly(q=v), 0),
    ("slimfly", "q", lambda v: shiftfly.slimfly(q=v), 0),
    ("dragonfly", "a", lambda v: shiftfly.dragonfly(a=v, h=1), 0),
    ("dragonfly", "h", lambda v: shiftfly.dragonfly(a=2, h=v), 0),
    ("dragonfly", "groups", lambda v: shiftfly.dragonfly(a=4, h=2, groups=v), U64),  # "3 to 9"
    ("hyperx", "dims", lambda v: shiftfly.hyperx(dims=[v, 2]), 0),
    ("fat_tree", "k", lambda v: shiftfly.fat_tree(k=v), 0),
    ("xgft", "m", lambda v: shiftfly.xgft(m=[v, 2], w=[1, 2]), 0),
    ("xgft", "w", lambda v: shiftfly.xgft(m=[2, 2], w=[v, 2]), 0),
    ("jellyfish", "routers", lambda v: shiftfly.jellyfish(routers=v, degree=3), 0),
    ("jellyfish", "degree", lambda v: shiftfly.jellyfish(routers=10, degree=v), 0),
    ("jellyfish", "seed", lambda v: shiftfly.jellyfish(routers=10, degree=3, seed=v), f"0 to {U64}"),
    ("Graph.from_edges", "n", lambda v: shiftfly.Graph.from_edges([], n=v), "0 to 4294967295"),
    ("Graph.from_arcs", "n", lambda v: shiftfly.Graph.from_arcs([], n=v), "0 to 4294967295"),
    ("Graph.degree", "u", lambda v: G.degree(v), U64),
    ("Graph.neighbors", "u", lambda v: G.neighbors(v), U64),
    ("Graph.out_arcs", "u", lambda v: K.out_arcs(v), U64),
    ("all_pairs_stats", "threads", lambda v: shiftfly.all_pairs_stats(G, threads=v), 1 << 31),
    ("all_pairs_stats", "batch_bits", lambda v: shiftfly.all_pairs_stats(G, batch_bits=v), 0),
    ("sampled_stats", "samples", lambda v: shiftfly.sampled_stats(G, samples=v), 0),
    ("sampled_stats", "seed", lambda v: shiftfly.sampled_stats(G, samples=2, seed=v), f"0 to {U64}"),
    ("sampled_stats", "threads", lambda v: shiftfly.sampled_stats(G, samples=2, threads=v), 1 << 31),
    ("sampled_stats", "batch_bits", lambda v: shiftfly.sampled_stats(G, samples=2, batch_bits=v), 0),
    ("exact_diameter", "threads", lambda v: shiftfly.exact_diameter(G, threads=v), 1 << 31),
    ("spectral_gap", "threads", lambda v: shiftfly.spectral_gap(G, threads=v), 1 << 31),
    ("reference_spectral_gap", "iterations", lambda v: shiftfly.reference_spectral_gap(G, iterations=v), 0),
    ("reference_spectral_gap", "seed", lambda v: shiftfly.reference_spectral_gap(G, iterations=3, seed=v),
     f"0 to {U64}"),
    ("connectivity", "threads", lambda v: shiftfly.connectivity(G, threads=v), 1 << 31),
    ("bisection", "metis_runs", lambda v: shiftfly.bisection(G, metis_runs=v), U64),
    ("bisection", "metis_seed", lambda v: shiftfly.bisection(G, metis_seed=v), U64),
    ("bisection", "exact_max_vertices", lambda v: shiftfly.bisection(G, exact_max_vertices=v), U64),
    ("bisection", "exact_max_nodes", lambda v: shiftfly.bisection(G, exact_max_nodes=v), 0),
    ("bisection", "greedy_rounds", lambda v: shiftfly.bisection(G, greedy_rounds=v), U64),
    ("bisection", "greedy_seed", lambda v: shiftfly.bisection(G, greedy_seed=v), f"0 to {U64}"),
    ("bisection", "threads", lambda v: shiftfly.bisection(G, threads=v), 1 << 31),
    ("throughput", "seed", lambda v: shiftfly.throughput(G, traffic="permutation", seed=v), f"0 to {U64}"),
    ("throughput", "threads", lambda v: shiftfly.throughput(G, threads=v), 1 << 31),
    ("throughput", "endpoints", lambda v: shiftfly.throughput(G, traffic="worst", endpoints=[v] * 16), 65536),
    ("throughput_profile", "threads", lambda v: shiftfly.throughput_profile(G, threads=v), 1 << 31),
    ("throughput_profile", "metis_runs", lambda v: shiftfly.throughput_profile(G, metis_runs=v), 0),
    ("throughput_profile", "metis_seed", lambda v: shiftfly.throughput_profile(G, metis_seed=v), U64),
    ("throughput_profile", "routing_max_vertices",
     lambda v: shiftfly.throughput_profile(G, routing_max_vertices=v), f"0 to {U64}"),
    ("throughput_profile", "tub_max_vertices", lambda v: shiftfly.throughput_profile(G, tub_max_vertices=v),
     f"0 to {U64}"),
    ("throughput_profile", "symmetric_max_variables",
     lambda v: shiftfly.throughput_profile(G, symmetric_max_variables=v), f"0 to {U64}"),
    ("throughput_profile", "arc_generation_max_variables",
     lambda v: shiftfly.throughput_profile(G, arc_generation_max_variables=v), f"0 to {U64}"),
    ("shortest_path_counts", "threads", lambda v: shiftfly.shortest_path_counts(G, threads=v), 1 << 31),
    ("disjoint_paths", "samples", lambda v: shiftfly.disjoint_paths(G, samples=v), U64),
    ("disjoint_paths", "seed", lambda v: shiftfly.disjoint_paths(G, seed=v), f"0 to {U64}"),
    ("disjoint_paths", "threads", lambda v: shiftfly.disjoint_paths(G, threads=v), 1 << 31),
    ("disjoint_paths", "max_work", lambda v: shiftfly.disjoint_paths(G, max_work=v), 0),
    ("local_connectivity", "s", lambda v: shiftfly.local_connectivity(G, s=v, t=1), U64),
    ("local_connectivity", "t", lambda v: shiftfly.local_connectivity(G, s=0, t=v), U64),
    ("shift_route", "d", lambda v: shiftfly.shift_route(d=v, D=3, source="0.1.2", dest="2.0.1"), 0),
    ("shift_route", "D", lambda v: shiftfly.shift_route(d=2, D=v, source="0.1.2", dest="2.0.1"), 0),
    ("shift_route", "source", lambda v: shiftfly.shift_route(d=2, D=3, source=v, dest="2.0.1"),
     "0 to n - 1, n = (d+1)d^(D-1) vertices, or a label"),
    ("shift_route", "dest", lambda v: shiftfly.shift_route(d=2, D=3, source="0.1.2", dest=[v, 0, 1]),
     "symbols 0 to d"),
    ("merge_criterion", "d", lambda v: shiftfly.merge_criterion(d=v, D=3, u="0.1.2", u2="2.0.1"), 0),
    ("merge_criterion", "D", lambda v: shiftfly.merge_criterion(d=2, D=v, u="0.1.2", u2="2.0.1"), 0),
    ("merge_criterion", "u", lambda v: shiftfly.merge_criterion(family="de-bruijn", d=2, D=3, u=v, u2="1.0.0"),
     "0 to n - 1, n = d^D vertices, or a label"),
    ("merge_criterion", "u2", lambda v: shiftfly.merge_criterion(family="de-bruijn", d=2, D=3, u="0.1.1",
                                                                  u2=[1, v, 0]), "symbols 0 to d - 1"),
    ("expected_lcs", "d", lambda v: shiftfly.expected_lcs(d=v, D=3), 0),
    ("expected_lcs", "D", lambda v: shiftfly.expected_lcs(d=2, D=v), 0),
    ("imase_itoh_route", "n", lambda v: shiftfly.imase_itoh_route(n=v, d=2, source=1, dest=7), 0),
    ("imase_itoh_route", "d", lambda v: shiftfly.imase_itoh_route(n=10, d=v, source=1, dest=7), 0),
    ("imase_itoh_route", "source", lambda v: shiftfly.imase_itoh_route(n=10, d=2, source=v, dest=7), U64),
    ("imase_itoh_route", "dest", lambda v: shiftfly.imase_itoh_route(n=10, d=2, source=1, dest=v), U64),
    ("coverage", "channels", lambda v: shiftfly.coverage(channels=v, spares=4, lam=0.05, rho=0.1), 0),
    ("coverage", "spares", lambda v: shiftfly.coverage(channels=32, spares=v, lam=0.05, rho=0.1),
     "0 to 50000000 - channels"),
    ("size", "channels", lambda v: shiftfly.size(channels=v, lam=0.05, rho=0, target=0.99), 0),
    ("hierarchy", "modules", lambda v: shiftfly.hierarchy(modules=v, lasers=8, rho_within=0.3, rho_across=0.05,
                                                          spares=8, lam=0.01), 0),
    ("hierarchy", "lasers", lambda v: shiftfly.hierarchy(modules=8, lasers=v, rho_within=0.3, rho_across=0.05,
                                                         spares=8, lam=0.01), 0),
    ("hierarchy", "spares", lambda v: shiftfly.hierarchy(modules=8, lasers=8, rho_within=0.3, rho_across=0.05,
                                                         spares=v, lam=0.01), "0 to modules x lasers - 1"),
    ("cost", "channels", lambda v: shiftfly.cost(channels=v, lam=0.05, rho0=0.15, target=0.999), 0),
    ("channel_load", "endpoints", lambda v: shiftfly.channel_load(G, endpoints=v), U64),
    ("channel_load", "top", lambda v: shiftfly.channel_load(G, top=v), U64),
    ("channel_load", "traffic_seed", lambda v: shiftfly.channel_load(G, traffic="permutation", traffic_seed=v), U64 + 1),
    ("channel_load", "threads", lambda v: shiftfly.channel_load(G, threads=v), 1 << 31),
    ("network_cost", "endpoints", lambda v: shiftfly.network_cost(G, endpoints=v), U64),
    ("collective", "lp_variables", lambda v: shiftfly.collective("torus", "all-to-all", dims=[4, 4], lp_variables=v),
     200001),
    ("collective", "balanced_rounds",
     lambda v: shiftfly.collective("torus", "all-to-all", dims=[4, 4], balanced_rounds=v), 0),
    ("collective", "threads", lambda v: shiftfly.collective("torus", "all-gather", dims=[4, 4], threads=v), 1 << 31),
    ("foldfit", "demand", lambda v: shiftfly.foldfit([[9, v], [1, 8]], channels=4), f"0 to {U64}"),
    ("foldfit", "channels", lambda v: shiftfly.foldfit(DEMAND, channels=v), 0),
    ("foldfit", "steps", lambda v: shiftfly.foldfit(DEMAND, channels=4, steps=v), 1 << 31),
    ("foldfit", "block", lambda v: shiftfly.foldfit(DEMAND, channels=4, block=v), f"0 to {U64}"),
    ("tables", "threads", lambda v: shiftfly.tables(only=["moore_audit"], threads=v), 1 << 31),
    ("table_details", "threads", lambda v: shiftfly.table_details(only=["moore_audit"], threads=v), 1 << 31),
]


def accepted(message):
    m = re.search(r"\(accepted: (.*)\)$", message)
    assert m, message
    return m.group(1)


@pytest.mark.parametrize("function,keyword,call,reference", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
@pytest.mark.parametrize("value", [-1, 1 << 64])
def test_a_value_the_parameter_cannot_hold_states_the_library_range(function, keyword, call, reference, value):
    if isinstance(reference, int):
        # What the library states for a value it refuses at the edge of the parameter.
        with pytest.raises(ValueError) as library:
            call(reference)
        expected = accepted(str(library.value))
    else:
        expected = reference
    with pytest.raises((ValueError, TypeError, OverflowError)) as refused:
        call(value)
    message = str(refused.value)
    assert "\n" not in message
    assert f"{keyword} = {value} " in message, message
    assert expected in accepted(message), message


def test_every_integer_keyword_is_probed():
    # Every call of the package's integer checks names a keyword that CASES covers for that function.
    package = pathlib.Path(shiftfly.__file__).parent
    covered = {(f.rsplit(".", 1)[-1].lstrip("_"), k) for f, k, _, _ in CASES}
    checks = {"uint", "uint_list", "vertex", "threads", "_integers", "_vertex"}
    missing = []
    for source in sorted(set(package.glob("_*.py")) - {package / "_checks.py"}):
        for fn in ast.parse(source.read_text()).body:
            if not isinstance(fn, ast.FunctionDef) or fn.name.startswith("_") and fn.name not in (
                    "_from_edges", "_from_arcs"):
                continue
            for node in ast.walk(fn):
                if not (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in checks):
                    continue
                name = "threads" if getattr(node.func, "attr", "") == "threads" else node.args[1].value
                if (fn.name.lstrip("_"), name) not in covered:
                    missing.append(f"{fn.name}: {name}")
    assert missing == []


def test_from_networkx_refuses_what_is_not_a_networkx_graph():
    for bad in (3, None, "graph", [(0, 1)], G):
        with pytest.raises(TypeError, match=r"^Graph\.from_networkx: G must be a networkx graph, not "):
            shiftfly.Graph.from_networkx(bad)
    for kind in (nx.Graph, nx.DiGraph, nx.MultiGraph, nx.MultiDiGraph):
        assert shiftfly.Graph.from_networkx(kind([(0, 1), (1, 2)])).m == 2


def test_the_stated_ranges_of_the_report():
    # The two lines of the report, now stating the library's ranges.
    with pytest.raises(ValueError, match=r"^torus: dims = -3 is out of range \(accepted: 2 to 4294967295\)$"):
        shiftfly.torus(dims=[-3, 3])
    with pytest.raises(ValueError, match=r"^all_pairs_stats: batch_bits = 1099511627776 is out of range "
                                         r"\(accepted: 64, 128, 256 or 512\)$"):
        shiftfly.all_pairs_stats(G, batch_bits=2**40)


def test_family_ranges_are_data():
    """A family's parameter ranges are data of its descriptor (min, max, rule; stated at the other
    values where they depend on them), and what Python states for a value no C++ parameter holds is
    what the library states for a value it refuses."""
    families = {f["name"]: {p["id"]: p for p in f["parameters"]} for f in shiftfly.families()}
    k = families["fat-tree"]["k"]
    assert (k["min"], k["max"], k["rule"]) == (2, 2000000, "an even number")
    assert families["kautz"]["D"]["rule"] == "" and families["polarfly"]["q"]["rule"] == "a prime power"
    for value in (-1, 3):
        with pytest.raises(ValueError, match=rf"^fat_tree: k = {value} is out of range "
                                             r"\(accepted: an even number from 2 to 2000000\)$"):
            shiftfly.fat_tree(k=value)
    for value in (-1, 0, 32):
        with pytest.raises(ValueError, match=rf"^kautz: D = {value} is out of range \(accepted: 1 to 31 at d = 2, "
                                             r"so that \(d\+1\)d\^\(D-1\) vertices fit a 32-bit vertex id\)$"):
            shiftfly.kautz(d=2, D=value)
