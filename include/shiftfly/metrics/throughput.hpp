#pragma once
/// \file throughput.hpp
/// The throughput θ(T) of a graph under a named traffic pattern, by the best method
/// that fits, as one labelled interval (the model: metrics/throughput_lp.hpp).
///
///   enum class traffic_pattern { uniform, permutation, worst, file };
///   struct throughput_request { pattern, path, seed, epsilon, threads, how, progress };
///   throughput_measure measure_throughput(const G& g, const throughput_request& r);
///
/// The traffic (metrics/traffic.hpp):
/// - uniform: one unit for every ordered pair;
/// - permutation: `random.Random(seed).shuffle` of 0..n-1, one unit s -> p[s];
/// - worst: the permutation that maximises Σ d(s, π(s)) (a linear assignment on the
///   distance matrix: exact up to worst_permutation_exact_max_n vertices, a greedy
///   permutation above, labelled not certified; metrics/throughput_bound.hpp); its
///   bound capacity / Σ d(s, π(s)) is the throughput upper bound TUB of Namyar et al.;
/// - file: a user's matrix, `s t demand` lines (io/traffic_file.hpp).
///
/// The method: the exact source-aggregated LP (COIN-OR CLP) when its flow variables
/// (sources × arcs) are within throughput_lp_max_variables; otherwise the (1+ε)
/// Garg–Könemann/Fleischer interval, whose upper end is tightened by the distance bound
/// capacity / Σ T(s,t)·d(s,t) when that is smaller. Every end names its method.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/bfs.hpp"
#include "shiftfly/metrics/throughput_bound.hpp"
#include "shiftfly/metrics/throughput_lp.hpp"
#include "shiftfly/metrics/throughput_mwu.hpp"
#include "shiftfly/metrics/traffic.hpp"

namespace shiftfly::metrics {

/// The traffic patterns measure_throughput knows by name.
enum class traffic_pattern { uniform, permutation, worst, file };

/// What to measure, and how hard to try.
struct throughput_request {
  traffic_pattern pattern = traffic_pattern::uniform;
  std::string path;            ///< the traffic file (pattern file); "-" is standard input
  std::uint64_t seed = 1;      ///< the permutation's seed (pattern permutation)
  double epsilon = 0.05;       ///< the interval's relative width when the LP does not fit; in (0, 1)
  unsigned threads = 0;        ///< 0 = all hardware threads; results do not depend on it
  traversal how = traversal::undirected;
  std::function<void(const throughput_mwu_progress&)> progress;  ///< after every round of the interval
};

/// θ(T) ∈ [lower, upper] (lower == upper: exact), with the method of each end.
struct throughput_measure {
  std::string traffic;  ///< the traffic's name, e.g. "uniform" or "permutation (seed 1)"
  std::uint64_t pairs = 0;
  double total_demand = 0.0;
  double lower = 0.0, upper = 0.0;
  std::string method;  ///< "exact" or "interval"
  std::string lower_method, upper_method;
  std::string algorithm;
  double epsilon = 0.0;      ///< the interval's ε (0 when exact)
  std::uint64_t rounds = 0;  ///< rounds of the interval (0 when exact)
  std::uint64_t lp_variables = 0;  ///< the LP's flow variables (sources × arcs)
  /// capacity / Σ T·d: an upper bound for any routing (for worst: the TUB bound).
  throughput_bound_result distance_bound;
};

namespace detail {
/// Arcs of the capacity network: both directions of every link, or the arcs.
template <core::digraph_like G>
std::uint64_t capacity_arcs(const G& g, traversal how) {
  if (how == traversal::arcs) return g.num_arcs();
  return 2 * static_cast<std::uint64_t>(g.num_edges());
}

template <core::digraph_like G>
traffic_matrix traffic_of(const G& g, const throughput_request& r, std::optional<throughput_bound_result>& worst) {
  const std::uint64_t n = g.num_vertices();
  switch (r.pattern) {
    case traffic_pattern::uniform:
      return uniform_traffic(n);
    case traffic_pattern::permutation:
      return permutation_traffic(n, r.seed);
    case traffic_pattern::worst: {
      worst = worst_permutation_bound(g, r.how);
      return traffic_from_permutation(worst->permutation,
                                      worst->certified ? "worst permutation" : "worst permutation (heuristic)",
                                      "measure_throughput");
    }
    case traffic_pattern::file:
      return read_traffic(r.path, n);
  }
  return {};
}
}  // namespace detail

/// θ(T) of g under the requested traffic (see the file comment).
template <core::digraph_like G>
throughput_measure measure_throughput(const G& g, const throughput_request& r) {
  constexpr const char* where = "measure_throughput";
  if (!(r.epsilon > 0 && r.epsilon < 1)) core::throw_out_of_range(where, "epsilon", r.epsilon, "greater than 0 and below 1");
  core::require_range(where, "n", g.num_vertices(), 2, traffic_max_vertices);
  std::optional<throughput_bound_result> worst;
  const traffic_matrix T = detail::traffic_of(g, r, worst);
  throughput_measure out;
  out.traffic = T.name().empty() ? std::string("file") : T.name();
  out.pairs = T.size();
  out.total_demand = T.total_demand();
  out.distance_bound = worst ? *worst : throughput_distance_bound(g, T, r.how);
  out.lp_variables = throughput_lp_variables(T.sources_with_demand().size(), detail::capacity_arcs(g, r.how));
  if (out.lp_variables <= throughput_lp_max_variables) {
    const auto lp = throughput_lp(g, T, r.how);
    out.lower = out.upper = lp.value;
    out.method = "exact";
    out.lower_method = out.upper_method = "exact (" + lp.algorithm + ")";
    out.algorithm = lp.algorithm;
    return out;
  }
  throughput_mwu_options o;
  o.epsilon = r.epsilon;
  o.threads = r.threads;
  o.how = r.how;
  o.progress = r.progress;
  const auto iv = throughput_mwu(g, T, o);
  out.method = "interval";
  out.lower = iv.lower;
  out.lower_method = iv.lower_method;
  out.upper = iv.upper;
  out.upper_method = iv.upper_method;
  if (out.distance_bound.value < out.upper) {
    out.upper = out.distance_bound.value;
    out.upper_method = out.distance_bound.algorithm;
  }
  out.algorithm = iv.algorithm;
  out.epsilon = iv.epsilon;
  out.rounds = iv.rounds;
  return out;
}

}  // namespace shiftfly::metrics
