#pragma once
/// \file channel_load_optimal.hpp
/// The channel loads of a routing beside the optimal throughput of the same demands: how far
/// the routing is from the best any routing could do (solvers component: the throughput LP).
///
///   channel_load_result measure_routing_load(const G& g, const channel_load_request& r,
///                                            const topology::family_descriptor* family = nullptr);
///
/// measure_channel_load (routing/channel_load.hpp), then, with r.compare_optimal, θ* of the
/// same demands between routers (the per-pair unit) by metrics::measure_throughput: the exact
/// LP where it fits, else its certified interval [lower, upper]; and the routing's efficiency
/// θ_R / θ* as the interval [θ_R / upper, θ_R / lower] (one value when θ* is exact). θ_R ≤ θ*
/// always holds, since the routing is one feasible flow. An interval estimated above
/// r.max_seconds is refused up front.
///
/// Uniform traffic under ecmp or spread: with r.automorphisms (the default) the loads come from
/// metrics::uniform_shortest_path_load_fewest_passes (metrics/paths/symmetric_load.hpp): bliss's
/// group, one destination's pass a vertex orbit when the group halves the passes (Shiftfly's
/// group level: 384 passes for 2,304 groups), every destination's pass otherwise. The loads agree
/// with the plain passes' to about 1e-12 relative, and are the same for any thread count.

#include <algorithm>
#include <string>
#include <vector>

#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/paths/symmetric_load.hpp"
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/routing/family_load.hpp"

namespace shiftfly::routing {

namespace detail {
/// θ* needs two routers: a one-router graph is answered without it (no channel to load).
template <class G>
void require_optimal_fits(const G& g) {
  if (g.num_vertices() < 2)
    core::fail_parameter("measure_routing_load", "compare_optimal", "true",
                         "needs at least 2 routers (one router loads no network channel: no throughput to compare)",
                         "a graph of at least 2 routers, or no comparison");
}

/// Every router with the same count (uniform traffic is then one unit a router pair, θ*'s unit).
inline bool equal_counts(const std::vector<std::uint32_t>& counts) {
  return std::all_of(counts.begin(), counts.end(), [&](std::uint32_t c) { return c == counts.front(); });
}

/// θ* of the request's demands beside the routing's θ_R (saturation per pair).
template <class G>
optimal_comparison optimal_of(const G& g, const metrics::throughput_request& q, double theta_r) {
  const auto t = metrics::measure_throughput(g, q);
  optimal_comparison c;
  c.lower = t.lower;
  c.upper = t.upper;
  c.method = t.method;
  c.algorithm = t.algorithm;
  c.efficiency_lower = theta_r / t.upper;
  c.efficiency_upper = theta_r / t.lower;
  return c;
}

/// The request with its uniform ecmp/spread loads taken from g's automorphisms (when r.automorphisms).
template <class G>
void use_automorphisms(const G& g, channel_load_request& r) {
  if (!r.automorphisms) return;
  r.uniform_load_engine = [&g](const metrics::uniform_load_options& u, std::string& how) {
    auto sym = metrics::uniform_shortest_path_load_fewest_passes(g, u);
    auto count = [](std::uint64_t k, const char* one, const char* many) {
      return core::to_message(k) + " " + (k == 1 ? one : many);
    };
    how = sym.vertex_orbits < g.num_vertices()
              ? count(sym.vertex_orbits, "destination", "destinations") +
                    ", one a vertex orbit of bliss's automorphisms (" + count(sym.generators, "generator", "generators") +
                    "), each load the mean over its channel orbit (" + count(sym.channel_orbits, "orbit", "orbits") + ")"
              : "all destinations (bliss's group has " + core::to_message(sym.group_orbits) +
                    " vertex orbits, more than n/2)";
    return std::move(sym.load);
  };
}
}  // namespace detail

template <class G>
channel_load_result measure_routing_load(const G& g, const channel_load_request& r,
                                         const topology::family_descriptor* family = nullptr) {
  channel_load_request plain = r;
  plain.compare_optimal = false;
  detail::use_automorphisms(g, plain);
  metrics::throughput_request q;
  const std::vector<std::uint32_t> counts = r.endpoints.empty() ? core::uniform_endpoints(g.num_vertices(), 1) : r.endpoints;
  if (r.compare_optimal) {
    // checked before the loads are computed: the optimum's own estimate
    detail::require_optimal_fits(g);
    q.pattern = r.traffic.kind == traffic_kind::uniform && detail::equal_counts(counts) ? metrics::traffic_pattern::uniform
                                                                                         : metrics::traffic_pattern::file;
    q.threads = r.threads;
    q.max_seconds = r.max_seconds;
    metrics::require_throughput_within(g, q);
  }
  auto out = measure_channel_load(g, plain, family);
  if (!r.compare_optimal) return out;
  if (q.pattern == metrics::traffic_pattern::file)
    q.matrix = make_load_traffic(g.num_vertices(), r.traffic, counts, r.self, r.traffic_seed).as_matrix();
  out.optimal = detail::optimal_of(g, q, out.saturation_per_pair);
  return out;
}

/// measure_family_load (routing/family_load.hpp: every routing, link classes, traffic `worst`)
/// and, with r.load.compare_optimal, θ* of the same demands and θ_R / θ* as above. Under `worst`
/// the demands are the worst permutation found, P units a pair.
inline channel_load_result measure_routing_load(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                                                const family_load_request& r) {
  family_load_request plain = r;
  plain.load.compare_optimal = false;
  detail::use_automorphisms(g, plain.load);
  resolve_endpoints(g, family, plain.load);
  const auto& counts = plain.load.endpoints;
  metrics::throughput_request q;
  const bool worst = r.load.traffic.kind == traffic_kind::worst;
  if (r.load.compare_optimal) {
    detail::require_optimal_fits(g);
    q.pattern = r.load.traffic.kind == traffic_kind::uniform && detail::equal_counts(counts)
                    ? metrics::traffic_pattern::uniform
                    : metrics::traffic_pattern::file;
    q.threads = r.load.threads;
    q.max_seconds = r.load.max_seconds;
    metrics::require_throughput_within(g, q);
  }
  auto out = measure_family_load(g, family, plain);
  if (!r.load.compare_optimal) return out;
  if (q.pattern == metrics::traffic_pattern::file) {
    if (worst) {
      std::vector<metrics::traffic_entry> e;
      const auto& p = out.worst->permutation;
      for (std::uint64_t s = 0; s < p.size(); ++s)
        if (p[s] != s) e.push_back({s, p[s], static_cast<double>(counts[s])});
      q.matrix = metrics::traffic_matrix::from_entries(g.num_vertices(), std::move(e), "worst case");
    } else {
      auto name = r.load.traffic;
      if (family && family->descriptor().coordinates)  // tornado runs along rings (a torus's coordinates)
        if (const auto c = family->descriptor().coordinates(family->values()); c.ring) name.dims = c.dims;
      q.matrix = make_load_traffic(g.num_vertices(), name, counts, r.load.self, r.load.traffic_seed).as_matrix();
    }
  }
  out.optimal = detail::optimal_of(g, q, out.saturation_per_pair);
  return out;
}

}  // namespace shiftfly::routing
