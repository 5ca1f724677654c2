#pragma once
/// \file all_to_all.hpp
/// The all-to-all on a fabric (docs/collectives.md, "All-to-all"): its lower bound from the
/// maximum concurrent flow of the matching traffic, and beside it the time under a routing of
/// the fabric (the channel-load engine, routing/family_load.hpp), so that a reader sees what the
/// routing loses.
///
///   struct all_to_all_request { endpoint_units, link_units, routing, family, max_seconds, threads, work };
///   struct all_to_all_answer { compute_nodes, lambda_lower, lambda_upper, network_lower, network_upper,
///                              endpoint_lambda, routed_lambda, ... };
///   all_to_all_answer measure_all_to_all(const core::graph<std::uint32_t>& g,
///                                        const std::vector<std::uint32_t>& endpoints,
///                                        const all_to_all_request& r);
///
/// The data (nccl-tests' alltoall): M is one compute node's whole send buffer, M/N to each of the
/// N compute nodes, its own block included in M and not sent. So every ordered pair of distinct
/// compute nodes must move M/N bytes. λ is the rate of every pair, in units of the link bandwidth
/// b, that the fabric sustains at once; the time is (M/N) / (λ·b).
///
/// The bound. λ* = the maximum concurrent flow of one unit for every ordered pair of compute
/// nodes. Any schedule of time T moves M/N for every pair within the links' capacity over T, so
/// (M/N)/T is a concurrent flow and T ≥ (M/N)/(λ*·b); the optimal flow, each pair's M/N split
/// over its paths, takes exactly that (the fluid model: no latency term). On the compute-node
/// graph of collectives/network.hpp:
/// - routers as the compute nodes (at most one endpoint a router): λ* = θ of the router graph
///   under one unit for every ordered pair of routers with an endpoint (uniform traffic when
///   every router has one; metrics/flow/throughput.hpp, measure_throughput: the exact LP, its
///   reduction by the automorphisms, or its certified interval);
/// - endpoints split off (some router has several): an endpoint x has one link each way to its
///   router r(x), so every path of x's flow starts x -> r(x) and ends r(y) -> y, and a path through
///   another endpoint z would run r(z) -> z -> r(z), a cycle a flow drops. So a concurrent flow λ is
///   the router graph's flow of λ·P_a·P_b from router a to router b (a != b) plus, on every
///   endpoint link, exactly λ·(N - 1) each way (all that x sends or receives, the pairs inside one
///   router included). Hence, exactly, λ* = min(θ_net, e/(N - 1)), θ_net the router graph's θ
///   under P_a·P_b (uniform traffic's θ / P² when every router has P) and e the endpoint link's
///   bandwidth in units of b. θ_net is +infinity when one router holds every endpoint. Past the
///   edge LP, the matrix of P_a·P_b (a fat tree's edge switches) is solved by the LP reduced by the
///   automorphisms that keep the endpoint counts (symmetric_matrix_theta), else measure_throughput's
///   certified interval answers.
/// An interval [θ_lower, θ_upper] gives the bound from its upper end and the flow's time from its
/// lower end (method "interval").
///
/// Work, not time. measure_throughput gives its methods max_seconds, so where θ_net is an
/// interval its ends move with the machine's speed. With `work` set, θ_net comes from
/// metrics::measure_throughput_within_work instead (metrics/flow/throughput_work.hpp): the exact
/// LPs within a size bound, else the balanced routing's rounds under the distance and METIS cut
/// bounds; the same ends on every machine and thread count (the `collectives` table's rows). The routed flow below is feasible, so λ* is at least its λ_R:
/// both ends are raised to λ_R where they lie below it (by the LP's tolerance, or an interval's
/// lower end below a good routing).
///
/// The routed time. Under a routing R (minimal, ecmp, spread, dor, valiant, ksp:K, shift; those
/// the family runs), the channel loads of uniform traffic among the endpoints, each endpoint's
/// own block excluded (routing::uniform_self::exclude), give L, the largest channel load per unit
/// of endpoint injection. An endpoint injects (N - 1)·(M/N) bytes over the all-to-all, so the
/// hottest channel carries L·(N - 1)·(M/N) and the time is at least that over b; with split
/// endpoints, the endpoint link's (N - 1)·(M/N)/(e·b) too: λ_R = min(1/(L·(N - 1)), e/(N - 1)).
/// For Valiant the loads are expected loads (routing/valiant_load.hpp).
///
/// Limits, refused before the work: the θ* of uniform traffic estimated above max_seconds
/// (metrics::require_throughput_within), the routed loads estimated above it
/// (routing::measure_channel_load), a matrix's interval above it (measure_throughput), with a
/// work budget its reduced LP or its rounds estimated above it (the budget's max_seconds is the
/// request's: metrics::measure_throughput_within_work), and the
/// matrix of P_a·P_b (routers with unequal counts) above the memory available (core::require_memory).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_work.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/routing/family_load.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/topology/descriptor.hpp"

namespace shiftfly::collectives {

/// What to measure.
struct all_to_all_request {
  std::uint64_t endpoint_units = 1, link_units = 1;  ///< split endpoints: an endpoint link is endpoint_units/link_units b
  routing::routing_spec routing;                     ///< the routed time's routing (default ecmp)
  const topology::resolved_family* family = nullptr;  ///< g's family, resolved once (its routings, dor and shift); null: a user's graph
  double max_seconds = 600;                          ///< refuse θ* or the loads estimated above this
  unsigned threads = 0;                              ///< the loads' worker threads (0: all cores); results do not depend on it
  /// θ_net within this work budget, no clock (see the file comment); none: measure_throughput within max_seconds
  std::optional<metrics::throughput_work_budget> work;
};

/// The answer: rates per ordered pair of compute nodes in units of b (time = (M/N)/(λ·b)).
struct all_to_all_answer {
  std::uint64_t compute_nodes = 0;
  bool split = false;                        ///< endpoints are vertices of their own
  double lambda_lower = 0, lambda_upper = 0; ///< λ* in [lower, upper]
  double network_lower = 0, network_upper = 0;  ///< θ_net per endpoint pair (+inf: no pair crosses the network)
  double endpoint_lambda = 0;                ///< e/(N - 1) (+inf when routers are the compute nodes)
  std::string method;                        ///< "exact" or "interval"
  std::string theta;                         ///< how θ_net was found (or why it is not needed)
  std::string routing;                       ///< the routing's name
  std::string routed_method;                 ///< "exact" or "expected" (Valiant)
  double routed_network_lambda = 0;          ///< 1/(L·(N - 1)) (+inf: no channel loaded)
  double routed_lambda = 0;                  ///< min(routed_network_lambda, endpoint_lambda)
  double routed_max_load = 0;                ///< L, the hottest channel's load per unit of endpoint injection

  [[nodiscard]] bool endpoint_binds() const { return endpoint_lambda <= network_lower; }
};

namespace detail {

/// The ordered pairs of routers with endpoints, P_a·P_b each (a != b), as a traffic matrix.
inline metrics::traffic_matrix endpoint_pair_traffic(const std::vector<std::uint32_t>& endpoints) {
  std::vector<metrics::traffic_entry> e;
  for (std::uint64_t a = 0; a < endpoints.size(); ++a)
    for (std::uint64_t b = 0; b < endpoints.size(); ++b)
      if (a != b && endpoints[a] > 0 && endpoints[b] > 0)
        e.push_back({a, b, static_cast<double>(endpoints[a]) * static_cast<double>(endpoints[b])});
  return metrics::traffic_matrix::from_entries(endpoints.size(), std::move(e), "one unit for every ordered pair of compute nodes",
                                               "all_to_all");
}

/// The matrix of P_a·P_b past the edge LP: the LP reduced by the graph's automorphisms
/// (metrics/flow/throughput_symmetric.hpp) when they keep the endpoint counts (no vertex orbit
/// mixes two counts: then every automorphism of the group keeps the matrix, which the LP checks
/// again) and the reduced LP fits; none otherwise, or when CLP does not certify it (then
/// measure_throughput answers). measure_throughput reduces uniform traffic only: a fat tree's
/// edge switches send and its other switches do not.
template <class G>
std::optional<metrics::throughput_measure> symmetric_matrix_theta(const G& g, const std::vector<std::uint32_t>& endpoints,
                                                                  const metrics::traffic_matrix& T, double max_seconds,
                                                                  const std::optional<metrics::throughput_work_budget>& work = {}) {
  const std::uint64_t arcs = 2 * static_cast<std::uint64_t>(g.num_edges()), K = T.sources_with_demand().size();
  if (metrics::throughput_lp_variables(K, arcs) <= metrics::throughput_lp_max_variables ||
      g.num_vertices() > metrics::throughput_symmetry_max_vertices)
    return std::nullopt;  // the edge LP answers, or no automorphisms are looked for
  const auto aut = metrics::graph_automorphisms(g);
  std::vector<std::int64_t> count_of(aut.orbits, -1);
  for (std::size_t v = 0; v < endpoints.size(); ++v) {
    auto& c = count_of[aut.orbit_of[v]];
    if (c >= 0 && c != endpoints[v]) return std::nullopt;
    c = endpoints[v];
  }
  std::uint64_t source_orbits = 0;
  for (const auto c : count_of) source_orbits += c > 0 ? 1 : 0;
  // within a work budget: its size bound and no clock; else the estimate within max_seconds and CLP's time limit
  if (!metrics::throughput_symmetric_fits(source_orbits, K, arcs,
                                          work ? work->lp_variables : metrics::throughput_symmetric_max_variables,
                                          work ? 0.0 : max_seconds))
    return std::nullopt;
  try {
    const auto lp = metrics::throughput_symmetric_lp(g, T, aut.generators, metrics::traversal::undirected,
                                                     work ? 0.0 : max_seconds / 2);
    metrics::throughput_measure m;
    m.lower = m.upper = lp.value;
    m.method = "exact";
    m.status = metrics::throughput_status::exact;
    m.algorithm = lp.algorithm + "; automorphisms by " + aut.algorithm + " (endpoint counts kept)";
    return m;
  } catch (const metrics::throughput_lp_unsolved&) {
    return std::nullopt;
  }
}

}  // namespace detail

inline all_to_all_answer measure_all_to_all(const core::graph<std::uint32_t>& g, const std::vector<std::uint32_t>& endpoints,
                                            const all_to_all_request& r) {
  constexpr const char* where = "all_to_all";
  core::require_endpoints(where, endpoints, g.num_vertices());
  if (!(r.max_seconds > 0.0) || !std::isfinite(r.max_seconds))
    core::throw_out_of_range(where, "max_seconds", r.max_seconds, "above 0, finite");
  const double inf = std::numeric_limits<double>::infinity();
  all_to_all_answer out;
  std::uint64_t routers_with = 0, N = 0;
  std::uint32_t P = 0;
  bool equal = true;
  for (const auto h : endpoints) {
    out.split = out.split || h > 1;
    N += h;
    if (h > 0) {
      ++routers_with;
      if (P != 0 && h != P) equal = false;
      P = h;
    }
  }
  equal = equal && routers_with == endpoints.size();  // every router has the same count P
  if (N < 2) core::fail(where, "the graph has " + core::to_message(N) + " compute nodes; accepted: at least 2");
  out.compute_nodes = N;
  const double Nm1 = static_cast<double>(N - 1);
  out.endpoint_lambda = out.split ? static_cast<double>(r.endpoint_units) / static_cast<double>(r.link_units) / Nm1 : inf;

  // θ_net's request, refused up front when uniform traffic's θ is estimated above max_seconds
  metrics::throughput_request q;
  q.threads = 1;
  q.max_seconds = r.max_seconds;
  const bool crosses = routers_with >= 2;
  if (crosses) {
    if (equal) {
      q.pattern = metrics::traffic_pattern::uniform;
      if (!r.work) metrics::require_throughput_within(g, q);  // a work budget bounds the work itself
    } else {  // the matrix of P_a P_b: its entries (24 bytes each), held about three times over
      q.pattern = metrics::traffic_pattern::file;
      core::require_memory(where, "the traffic matrix of " + core::to_message(routers_with) + " routers with endpoints",
                           core::estimate_add_mul(0, core::estimate_add_mul(0, routers_with, routers_with - 1), 72));
    }
  }

  // the routed time first: its estimate is cheap and its work is below θ*'s
  routing::family_load_request lr;
  lr.load.routing = r.routing;
  lr.load.traffic = metrics::parse_traffic("uniform");
  lr.load.self = routing::uniform_self::exclude;
  lr.load.endpoints = endpoints;
  lr.load.endpoints_rule = "the collective's compute nodes";
  lr.load.top = 0;
  lr.load.threads = r.threads;
  lr.load.max_seconds = r.max_seconds;
  const auto load = routing::measure_family_load(g, r.family, lr);
  out.routing = load.routing;
  out.routed_method = load.method;
  out.routed_max_load = load.channels_loaded ? load.max_load_per_endpoint_injection : 0.0;
  out.routed_network_lambda = load.channels_loaded ? 1.0 / (load.max_load_per_endpoint_injection * Nm1) : inf;
  out.routed_lambda = std::min(out.routed_network_lambda, out.endpoint_lambda);

  if (!crosses) {
    out.network_lower = out.network_upper = inf;
    out.theta = "one router holds every compute node: no pair crosses the network";
  } else {
    if (!equal) q.matrix = detail::endpoint_pair_traffic(endpoints);
    std::optional<metrics::throughput_measure> reduced;
    // the work budget's LP and rounds refused up front where estimated above max_seconds
    metrics::throughput_work_budget budget = r.work ? *r.work : metrics::throughput_work_budget{};
    budget.max_seconds = r.max_seconds;
    if (!equal) reduced = detail::symmetric_matrix_theta(g, endpoints, q.matrix, r.max_seconds, r.work);
    const auto theta = reduced  ? *reduced
                       : r.work ? metrics::measure_throughput_within_work(
                                      g, equal ? metrics::uniform_traffic(g.num_vertices()) : q.matrix, equal, budget)
                                : metrics::measure_throughput(g, q);
    const double scale = equal ? static_cast<double>(P) * static_cast<double>(P) : 1.0;  // uniform: one unit a router pair
    out.network_lower = theta.lower / scale;
    out.network_upper = theta.upper / scale;
    out.theta = theta.method + ", " + theta.algorithm +
                (equal ? (P > 1 ? "; uniform traffic's theta / P^2, P = " + core::to_message(P) : std::string("; uniform traffic"))
                       : "; P_a P_b from router a to router b");
    if (theta.status != metrics::throughput_status::exact)
      out.theta += "; lower end: " + theta.lower_method + "; upper end: " + theta.upper_method;
  }
  out.lambda_lower = std::min(out.network_lower, out.endpoint_lambda);
  out.lambda_upper = std::min(out.network_upper, out.endpoint_lambda);
  // The routed loads are a feasible flow too: λ* is at least theirs. Where an LP's certified
  // value (to 10^-7) lies a rounding below it (the 8x8x8 torus under ecmp), both ends rise to it,
  // so that no schedule's time falls below the bound.
  if (out.routed_lambda > out.lambda_upper * (1 + 1e-6))  // past the LP's tolerance: the bound would be wrong
    core::fail(where, "internal: the routed flow (" + core::to_message(out.routed_lambda) + ") exceeds the certified maximum (" +
                          core::to_message(out.lambda_upper) + ")");
  out.lambda_lower = std::max(out.lambda_lower, out.routed_lambda);
  out.lambda_upper = std::max(out.lambda_upper, out.lambda_lower);
  out.method = out.lambda_lower == out.lambda_upper ? "exact" : "interval";
  return out;
}

}  // namespace shiftfly::collectives
