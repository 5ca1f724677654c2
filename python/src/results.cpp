/// \file results.cpp
/// The result objects' fields, read from their descriptions: result_fields() maps each
/// dataclass of shiftfly/_results.py to the names its C++ description shows in Python
/// (core::shown_in::all or python), in order. python/tests/test_results.py holds every
/// dataclass to these names, so a field added to, renamed in or dropped from one side only
/// fails there, and so does a dataclass with no description.

#include <algorithm>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/halley/describe.hpp"
#include "shiftfly/io/read_report.hpp"
#include "shiftfly/metrics/describe/results.hpp"
#include "shiftfly/routing/describe_routes.hpp"

namespace shiftfly::python {

void init_results(py::module_& m) {
  m.def("result_fields", [] {
    py::dict d;
    d["DistanceStats"] = python_fields(metrics::describe(metrics::distance_stats{}, 0));
    d["DiameterResult"] = python_fields(metrics::describe(metrics::diameter_result{}));
    d["SpectralGap"] = python_fields(metrics::describe(metrics::spectral_gap_result{}));
    d["Connectivity"] = python_fields(metrics::describe(metrics::connectivity_result{}));
    d["ShortestPathCounts"] = python_fields(metrics::describe(metrics::path_count_stats{}));
    d["DisjointPaths"] = python_fields(metrics::describe(metrics::disjoint_paths_stats{}));
    d["CorrelationTarget"] = python_fields(halley::describe(halley::correlation_target{}));
    d["Sizing"] = python_fields(halley::describe(halley::sizing{}));
    d["HierarchicalCoverage"] = python_fields(halley::describe(halley::hierarchical_coverage{}));
    d["Plan"] = python_fields(halley::describe(halley::plan{}));
    d["CostSplit"] = python_fields(halley::describe(halley::split{}));
    d["FoldFitResult"] = python_fields(halley::describe(halley::fold_fit_result{}));
    d["ShiftRoute"] = python_fields(routing::describe(routing::shift_route{}, routing::label_space{}));
    d["ImaseItohRoute"] = python_fields(routing::describe(routing::imase_itoh_route{}));
    d["ExpectedLcs"] = python_fields(routing::describe(routing::expected_lcs_result{}));
    d["MergeCriterion"] = python_fields(routing::describe(routing::merge_criterion_result{}));
    d["BisectionBound"] = python_fields(metrics::describe(metrics::bisection_bound_entry{}));
    d["Bisection"] = python_fields(metrics::describe(metrics::bisection_interval{}));
    d["Throughput"] = python_fields(metrics::describe(metrics::throughput_measure{}));
    d["ThroughputProfile"] = python_fields(metrics::describe(metrics::throughput_profile{}));
    d["ReadReport"] = python_fields(io::describe(io::read_report{}));
    {  // a collective's fields: every operation's, the root (broadcast, reduce) and the routed time (all-to-all) included
      collectives::collective_result rooted, routed;
      rooted.op = "broadcast";
      routed.op = "all-to-all";
      routed.routed_seconds = 0.0;
      auto fields = describe(rooted).fields;
      for (auto& f : describe(routed).fields)
        if (std::none_of(fields.begin(), fields.end(), [&](const auto& g) { return g.name == f.name; })) fields.push_back(f);
      core::record all("collective");
      all.fields = std::move(fields);
      d["Collective"] = python_fields(all);
    }
    return d;
  });
}

}  // namespace shiftfly::python
