"""shiftfly: graph theory for accelerator interconnects, from Python.

The package wraps the header-only C++ library (the compiled module `_shiftfly`):

- graphs: one generator per family of the registry (torus, kautz, de_bruijn, gen_de_bruijn,
  imase_itoh, boardfly, shiftfly, polarfly, slimfly, dragonfly, hyperx, fat_tree, xgft,
  jellyfish, ...: made from the families' descriptors, families() lists them), read() for
  users' files, and the Graph class (CSR arrays as zero-copy NumPy views, to_networkx,
  to_scipy, from_networkx, from_edges, from_arcs);
- metrics: all_pairs_stats, sampled_stats, exact_diameter, spectral_gap, connectivity,
  bisection (the width as a certified interval), throughput (exact LP or (1+eps) interval),
  shortest_path_counts, disjoint_paths, local_connectivity;
- routing: shift_route, merge_criterion, expected_lcs, imase_itoh_route, channel_load (the load of every
  channel under a routing and a traffic, saturation throughput, the worst case);
- the Halley models: coverage, size, ceiling, critical_availability, hierarchy, cost, foldfit;
- physical: network_cost (racks, cables, cost and power under a cost model), cost_models;
- collectives: collective (a collective's certified lower bound on any fabric, the schedules
  tried and the best of them);
- tables(): the paper's tables as the command-line tools compute them.

Bad values raise ValueError with the library's one line naming the keyword
("kautz: D = 9 is out of range (accepted: ...)"), wrong types TypeError. Long computations
release the GIL and stop on Ctrl-C. docs/python.md is the tour.
"""
from . import _shiftfly
from . import _graphs
from ._graphs import Graph, families, family_names, graph, read
# One generator a registered family (torus, kautz, ...), made from its descriptor.
globals().update({_name: getattr(_graphs, _name) for _name in _graphs.__all__})
from ._collectives import collective
from ._halley import ceiling, cost, coverage, critical_availability, foldfit, hierarchy, size
from ._metrics import (all_pairs_stats, bisection, connectivity, disjoint_paths, exact_diameter,
                       local_connectivity, reference_spectral_gap, sampled_stats, shortest_path_counts, spectral_gap,
                       throughput, throughput_profile)
from ._results import (Bisection, BisectionBound, Collective, Connectivity, CorrelationTarget, CostSplit, DiameterResult,
                       DisjointPaths, DistanceStats, ExpectedLcs, FoldFitResult, HierarchicalCoverage, ImaseItohRoute,
                       MergeCriterion, Plan, ReadReport, ShiftRoute, ShortestPathCounts, Sizing, SpectralGap,
                       Throughput, ThroughputProfile)
from ._physical import cost_models, network_cost
from ._routing import channel_load, expected_lcs, imase_itoh_route, merge_criterion, shift_route
from ._tables import table_details, table_sections, tables

__version__ = _shiftfly.__version__

__all__ = list(_graphs.__all__) + [
    "all_pairs_stats", "sampled_stats", "exact_diameter", "spectral_gap", "reference_spectral_gap", "connectivity",
    "bisection", "throughput", "throughput_profile", "shortest_path_counts", "disjoint_paths", "local_connectivity",
    "shift_route", "merge_criterion", "expected_lcs", "imase_itoh_route", "channel_load",
    "coverage", "size", "ceiling", "critical_availability", "hierarchy", "cost", "foldfit",
    "network_cost", "cost_models",
    "tables", "table_details", "table_sections",
    "collective", "Collective",
    "DistanceStats", "DiameterResult", "SpectralGap", "Connectivity", "ShiftRoute", "MergeCriterion", "ExpectedLcs",
    "ImaseItohRoute", "Sizing", "CorrelationTarget", "HierarchicalCoverage", "Plan", "CostSplit", "FoldFitResult",
    "Bisection", "BisectionBound", "Throughput", "ThroughputProfile", "ShortestPathCounts", "DisjointPaths", "ReadReport",
]
