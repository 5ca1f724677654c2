#pragma once
/// \file family_load.hpp
/// The channel load of any routing (routing_spec.hpp) on a family's graph (or a user's graph):
/// the shortest-path routings and Valiant of routing/channel_load.hpp, the per-pair routings
/// (dimension order, K shortest paths, shift routing), the link class of every channel from
/// the family's descriptor, and the worst-case permutation of the routing (traffic `worst`).
///
///   struct family_load_request { channel_load_request load; worst_case_options worst; };
///   channel_load_result measure_family_load(const core::graph<>& g, const topology::resolved_family* spec,
///                                          const family_load_request& r);
///   pair_shares_function routing_pair_shares(g, family, routing_spec, routing_build_options,
///                                            holder);  // any oblivious routing
///   void resolve_endpoints(g, family, channel_load_request&);  // empty endpoints: the family's
///
/// The family is resolved once by the caller (topology::resolve: its descriptor and every
/// value), and nothing here looks it up again; nullptr is a user's graph.
///
/// Traffic `worst` (Towles and Dally, SPAA 2002; routing/worst_case_load.hpp): the permutation
/// of the routers that loads some channel most under this routing. The loads reported are
/// those of that permutation; the worst-case record says whether it is exact (every channel's
/// maximum-weight assignment bounded by a dual certificate) or a certified upper bound on the
/// worst load (the saturation's lower bound), beside the load of the permutation found.
/// With P endpoints a router, an endpoint permutation gives router demands whose rows and
/// columns sum to P; those matrices are P times the doubly stochastic ones, whose extreme
/// points are permutations (Birkhoff), and the load is linear in the demands: the worst load
/// is P times the router-level one, attained by P copies of the worst router permutation.
/// Routers without endpoints send nothing (the permutation runs over the others: a fat tree's
/// edge switches); unequal nonzero counts are refused under `worst`. The endpoints: the
/// request's, else the family's customary counts (resolve_endpoints: topology::choose_endpoints).
///
/// Valiant under `worst`. Its expected load is the leg routing's under T'(a,b) = out(a)/n +
/// in(b)/n (routing/valiant_load.hpp). A permutation has out(a), in(b) <= 1, equal to 1 off its
/// fixed points, so T' is largest entrywise, and every load with it, at any derangement (a
/// permutation without fixed points; n >= 2 has one): the worst case is the load under the
/// shift s -> s + 1 mod n, exactly, with no assignment to solve.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/dimension_order.hpp"
#include "shiftfly/routing/k_shortest_paths.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/routing/shift_channel_routing.hpp"
#include "shiftfly/routing/shortest_path_routing.hpp"
#include "shiftfly/routing/worst_case_load.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::routing {

/// What to compute: the load request, and the limits of the worst case (traffic `worst`).
struct family_load_request {
  channel_load_request load;
  worst_case_options worst;
};

/// Keeps a per-pair routing object alive behind a pair_shares_function.
using routing_holder = std::shared_ptr<const void>;

/// The shares of one pair under `spec` (any routing but Valiant, which is not one path
/// distribution per pair that this library enumerates). `family` may be null (a user's graph):
/// then dor and shift, which need the family's structure, are refused.
inline pair_shares_function routing_pair_shares(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                                                const routing_spec& spec, const routing_build_options& o,
                                                routing_holder& holder) {
  constexpr std::string_view where = "routing_pair_shares";
  switch (spec.kind) {
    case routing_kind::minimal:
    case routing_kind::ecmp:
    case routing_kind::spread: {
      auto r = std::make_shared<const shortest_path_router<core::graph<std::uint32_t>>>(g, spec.kind, spec.tie, o);
      holder = r;
      return [p = r.get()](std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) { p->shares(s, t, out); };
    }
    case routing_kind::ksp: {
      auto r = std::make_shared<const k_shortest_paths_routing>(g, static_cast<std::uint32_t>(spec.k));
      holder = r;
      return [p = r.get()](std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) { p->shares(s, t, out); };
    }
    case routing_kind::dor: {
      if (!family)
        core::fail_parameter(where, "routing", "dor", "needs the graph's family (a torus or a HyperX)", dimension_order_families());
      auto r = std::make_shared<const dimension_order_routing>(make_dimension_order_routing(*family, g));
      holder = r;
      return [p = r.get()](std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) { p->shares(s, t, out); };
    }
    case routing_kind::shift: {
      if (!family)
        core::fail_parameter(where, "routing", "shift", "needs the graph's family", shift_families());
      auto r = std::make_shared<const shift_channel_routing>(make_shift_channel_routing(*family, g));
      holder = r;
      return [p = r.get()](std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) { p->shares(s, t, out); };
    }
    case routing_kind::valiant: break;
  }
  core::fail_parameter(where, "routing", spec.name(), "has no single path distribution per pair here",
                       "minimal, ecmp, spread, dor, ksp:K, shift");
}

namespace detail {

/// Steps one pair of a per-pair routing costs, for the up-front estimate.
inline std::uint64_t pair_routing_steps(const core::graph<std::uint32_t>& g, const routing_spec& spec) {
  if (spec.kind == routing_kind::ksp) return k_shortest_paths_pair_work(g, static_cast<std::uint32_t>(spec.k));
  return 64;  // dor and shift: a walk of at most the diameter (D <= 63 symbols), O(1) a hop
}

/// The request's link classes from the family's descriptor (none for a user's graph).
inline void add_classes(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                        channel_load_request& r) {
  if (!family || !r.channel_class.empty()) return;
  auto classes = topology::classify_channels(*family, g);
  r.channel_class = std::move(classes.class_of);
  r.class_names = std::move(classes.names);
}

}  // namespace detail

/// The request's endpoints, set: those given, else the family's customary counts
/// (topology::choose_endpoints, the rule every command uses), else 1 a router.
inline void resolve_endpoints(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                              channel_load_request& r) {
  if (!r.endpoints.empty()) return;
  auto chosen = topology::choose_endpoints(family, g);
  r.endpoints = std::move(chosen.counts);
  if (r.endpoints_rule.empty()) r.endpoints_rule = std::move(chosen.rule);
}

namespace detail {

/// The loads of the request's fixed traffic (not `worst`) under `spec`: the shortest-path
/// routings and Valiant by their per-destination pass, dor, ksp:K and shift through the per-pair router.
inline channel_load_result fixed_traffic_load(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                                              const topology::family_descriptor* descriptor, const channel_load_request& r) {
  const routing_spec& spec = r.routing;
  const bool per_pair = spec.kind == routing_kind::dor || spec.kind == routing_kind::ksp || spec.kind == routing_kind::shift;
  if (!per_pair) return measure_channel_load(g, r, descriptor);
  // dor, ksp:K and shift: the same engine through the per-pair router
  routing_holder holder;
  const pair_share_router router(g.num_vertices(), routing_pair_shares(g, family, spec, {r.threads}, holder),
                                 pair_routing_steps(g, spec));
  return measure_channel_load(g, r, descriptor, &router);
}

/// The routers that take part in `worst` and their common endpoint count P: those with endpoints,
/// all with the same count (else the worst endpoint traffic is no multiple of a router
/// permutation: refused), at least 2, within the limit of routing calls.
struct worst_members {
  std::vector<std::uint32_t> routers;
  std::uint64_t P = 0;
};

inline worst_members worst_members_of(const channel_load_request& r, std::uint64_t n, const worst_case_options& limits,
                                      std::string_view where) {
  worst_members w;
  for (std::uint32_t a = 0; a < n; ++a) {
    if (r.endpoints[a] == 0) continue;
    if (w.P != 0 && r.endpoints[a] != w.P)
      core::fail_parameter(where, "traffic", "worst",
                           "needs the same endpoint count on every router with endpoints (router " + core::to_message(a) +
                               " has " + core::to_message(r.endpoints[a]) + ", another " + core::to_message(w.P) + ")",
                           "equal counts (the tools' --endpoints P), or another traffic");
    w.P = r.endpoints[a];
    w.routers.push_back(a);
  }
  const std::uint64_t m = w.routers.size();
  if (m < 2)
    core::fail_parameter(where, "traffic", "worst", "needs endpoints on at least 2 routers (" + core::to_message(m) + " have them)",
                         "a graph of at least 2 routers with endpoints, or another traffic");
  const std::uint64_t calls = core::estimate_add_mul(0, m, m - 1);
  if (r.routing.kind != routing_kind::valiant && calls > limits.max_pairs)
    core::fail_parameter(where, "traffic", "worst",
                         "needs n(n - 1) = " + core::to_message(calls) + " routing calls on " + core::to_message(m) +
                             " routers with endpoints, past the limit of " + core::to_message(limits.max_pairs),
                         "a graph of at most " + core::to_message(limits.max_pairs) + " ordered router pairs, or another traffic");
  return w;
}

/// The worst permutation of the routers for the request's routing (its load still to measure):
/// Valiant's shift s -> s + 1 over the members, else Towles and Dally's assignments.
inline worst_case_summary find_worst_permutation(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                                                 const channel_load_request& r, const worst_members& members,
                                                 const worst_case_options& limits) {
  const std::uint64_t n = g.num_vertices(), m = members.routers.size();
  const auto& M = members.routers;
  worst_case_summary w;
  std::vector<std::uint64_t> permutation(n);
  for (std::uint64_t a = 0; a < n; ++a) permutation[a] = a;  // routers without endpoints send nothing
  if (r.routing.kind == routing_kind::valiant) {
    for (std::uint64_t i = 0; i < m; ++i) permutation[M[i]] = M[(i + 1) % m];
    w.permutation = permutation;
    w.method = worst_case_method::exact;
    w.algorithm = "Valiant: every derangement loads each channel most (T'(a,b) = out(a)/n + in(b)/n is largest "
                  "entrywise), so the shift s -> s + 1 is a worst case";
    return w;
  }
  routing_holder holder;
  const auto base = routing_pair_shares(g, family, r.routing, {r.threads}, holder);
  const pair_shares_function shares =
      m == n ? base : pair_shares_function([&](std::uint32_t a, std::uint32_t b, std::vector<channel_share>& out) {
        base(M[a], M[b], out);
      });
  // a shortest-path routing on every router: one search from each target serves all its sources
  target_shares_function by_target;
  if (m == n && (r.routing.kind == routing_kind::minimal || r.routing.kind == routing_kind::ecmp ||
                 r.routing.kind == routing_kind::spread)) {
    const auto* router = static_cast<const shortest_path_router<core::graph<std::uint32_t>>*>(holder.get());
    by_target = [router](std::uint32_t t, const std::function<void(std::uint32_t, const std::vector<channel_share>&)>& emit) {
      router->shares_to_target(t, emit);
    };
  }
  const auto found = worst_case_load(m, channel_count(g), shares, limits, by_target);
  for (std::uint64_t i = 0; i < m; ++i) permutation[M[i]] = M[found.permutation[i]];
  w.permutation = permutation;
  w.method = found.method;
  w.algorithm = found.method_text();
  w.upper = found.upper * static_cast<double>(members.P);
  w.channels_solved = found.channels_solved;
  w.channels_with_load = found.channels_with_load;
  return w;
}

/// Traffic `worst`: the worst permutation found, then its own loads, P copies of it (one per
/// endpoint slot): demands P per router pair, measured as a fixed matrix.
inline channel_load_result worst_traffic_load(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                                              const topology::family_descriptor* descriptor, channel_load_request r,
                                              const worst_case_options& limits, std::string_view where) {
  const std::uint64_t n = g.num_vertices();
  const auto members = worst_members_of(r, n, limits, where);
  auto w = find_worst_permutation(g, family, r, members, limits);
  std::vector<metrics::traffic_entry> entries;
  for (std::uint64_t s = 0; s < n; ++s)
    if (w.permutation[s] != s) entries.push_back({s, w.permutation[s], static_cast<double>(members.P)});
  if (entries.empty()) core::fail(where, "the worst case found loads no channel (the graph has no loaded channel)");
  traffic_spec demands;  // the permutation's demands, per router: P units a pair
  demands.kind = traffic_kind::file;
  demands.path = "worst case";
  demands.matrix = metrics::traffic_matrix::from_entries(n, std::move(entries), "worst case");
  r.traffic = std::move(demands);
  auto L = fixed_traffic_load(g, family, descriptor, r);
  L.traffic = "its worst-case permutation (Towles-Dally)";
  L.traffic_unit = "one unit from every endpoint to its image: P units from every router to its image";
  L.endpoint_rate = 1.0;  // every endpoint sends one unit
  L.max_load_per_endpoint_injection = L.max_load;
  L.saturation_per_endpoint = L.max_load > 0 ? 1.0 / L.max_load : 0.0;
  L.saturation_per_endpoint_capped = std::min(1.0, L.saturation_per_endpoint);
  w.load = L.max_load;
  if (r.routing.kind == routing_kind::valiant) w.upper = w.load;
  if (w.method == worst_case_method::exact) w.upper = std::max(w.upper, w.load);
  L.worst = std::move(w);
  return L;
}

}  // namespace detail

/// The loads of one routing and traffic on g (see the file comment). `family` is g's family
/// (nullptr for a user's graph): it gives the link classes, the routings the family runs
/// (others are refused naming the families that run them), and the structure of dor and shift.
inline channel_load_result measure_family_load(const core::graph<std::uint32_t>& g, const topology::resolved_family* family,
                                              const family_load_request& request) {
  constexpr std::string_view where = "measure_channel_load";
  channel_load_request r = request.load;
  const topology::family_descriptor* descriptor = family ? &family->descriptor() : nullptr;
  if (descriptor) require_family_runs(r.routing, *descriptor);
  detail::add_classes(g, family, r);
  if (descriptor && descriptor->coordinates && r.tornado_dims.empty())  // tornado runs along rings (a torus's)
    if (const auto c = descriptor->coordinates(family->values()); c.ring) r.tornado_dims = c.dims;
  resolve_endpoints(g, family, r);
  core::require_endpoints(where, r.endpoints, g.num_vertices());
  if (r.traffic.kind == traffic_kind::worst) return detail::worst_traffic_load(g, family, descriptor, std::move(r), request.worst, where);
  return detail::fixed_traffic_load(g, family, descriptor, r);
}

}  // namespace shiftfly::routing
