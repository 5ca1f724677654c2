#pragma once
/// \file cost.hpp
/// What a fabric costs and draws: its routers placed into racks (physical/layout.hpp), every
/// link a cable of a length and a class (electric up to the model's threshold, optical above),
/// and the model's prices and power (physical/model.hpp) summed.
///
/// API:
///   struct cost_request { endpoints, endpoints_per_router, layout, groups, grouping };
///   struct cable_summary { count, total_length_m, longest_m, cost, histogram };
///   struct cost_result { model, source, endpoints_rule, layout, grouping, routers, endpoints, links, racks,
///                        routers_per_rack, racks_per_row, electric, optical, router_cost,
///                        cable_cost, total_cost, cost_per_endpoint, power_w, power_per_endpoint,
///                        optical_share, max_ports };
///   cost_result network_cost(const G&, const cost_model&, const cost_request&);
///   cost_request family_request(const topology::family_spec* spec, const core::graph<std::uint32_t>& g,
///                               std::optional<std::uint64_t> endpoints, std::string_view layout,
///                               const std::vector<std::uint32_t>& file_counts = {},
///                               const std::vector<std::uint32_t>& given_counts = {});
///       // the request for a family's graph g (spec nullptr: a graph of no family, e.g. a file's):
///       // the endpoints of topology::choose_endpoints, the family's grouping
///   std::vector<std::uint64_t> router_endpoints(const G&, const cost_request&);  // one count a router
///
/// Counted (this library's rule): every router with its ports (its links to other routers plus
/// its endpoints) at the model's router price and power per port; one cable per link between
/// routers, of the length the layout gives. The endpoints' own cables and network cards are not
/// counted (they are the same for every fabric of the same endpoint count). The histogram counts
/// cables by length rounded up to whole metres. Every figure is exact arithmetic on the model's
/// constants (IEEE doubles summed in link order, so reproducible), not an estimate of a layout
/// optimiser: a different layout rule gives different lengths.
/// Refusals: a model out of range (validate), an endpoint count of no endpoints at all (the per
/// endpoint figures need one), a rack that cannot hold a router, a cable longer than 10^9 m or a
/// total above 2^53 (metres or dollars: beyond it whole units are no longer exact).
#include <cmath>
#include <cstdint>
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/physical/layout.hpp"
#include "shiftfly/physical/model.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::physical {

/// What to cost: the endpoints of every router (one count for all, or one per router), the layout rule
/// and the grouping it follows (family_groups; empty: none).
struct cost_request {
  std::optional<std::uint64_t> endpoints;          ///< per router; none: ⌈k'/2⌉, k' the largest router degree
                                                    ///< (the default of a bare request; family_request sets
                                                    ///< endpoints_per_router by the family's own rule instead)
  std::vector<std::uint64_t> endpoints_per_router;  ///< when not empty, replaces `endpoints`
  layout_rule layout = layout_rule::grouped;
  std::vector<std::uint64_t> groups;  ///< the grouping (grouped) or the METIS parts (metis), one a router
  std::string grouping;  ///< the grouping in words (family_grouping), for the description
  std::string endpoints_rule;  ///< where the endpoint counts come from, in words, for the description
};

/// The cables of one class.
struct cable_summary {
  std::uint64_t count = 0;
  double total_length_m = 0, longest_m = 0, cost = 0;
  std::map<std::uint64_t, std::uint64_t> histogram;  ///< whole metres (rounded up) -> cables
};

/// A fabric's cost and power.
struct cost_result {
  std::string model, source, notes;
  std::string endpoints_rule;  ///< where the endpoint counts come from (cost_request::endpoints_rule)
  layout_rule layout = layout_rule::sequential;
  std::string grouping;
  std::uint64_t routers = 0, endpoints = 0, links = 0, racks = 0, routers_per_rack = 0, racks_per_row = 0;
  std::uint64_t max_ports = 0;  ///< the largest router's port count
  cable_summary electric, optical;
  double router_cost = 0, cable_cost = 0, total_cost = 0, cost_per_endpoint = 0;
  double power_w = 0, power_per_endpoint = 0;
  double optical_share = 0;  ///< optical cables / all cables (0 with no cables)
  double link_speed_gbps = 0, electric_max_m = 0;
};

namespace detail {
inline constexpr double exact_limit = 9007199254740992.0;  // 2^53
inline void require_exact(std::string_view what, double v, std::string_view unit) {
  if (!(v <= exact_limit))
    core::fail("network_cost", std::string(what) + " = " + core::to_message(v) + " " + std::string(unit) +
                                   " exceeds 2^53 = 9007199254740992 (beyond it whole units are not exact)");
}
}  // namespace detail

/// The endpoints of every router of `g` under `req`: endpoints_per_router when given, else
/// `endpoints` on each, else ⌈k'/2⌉ on each (k' the largest router degree); each 0 to 10^6.
template <core::graph_like G>
std::vector<std::uint64_t> router_endpoints(const G& g, const cost_request& req) {
  const std::size_t n = g.num_vertices();
  if (!req.endpoints_per_router.empty()) {
    if (req.endpoints_per_router.size() != n)
      core::fail("network_cost", "endpoints_per_router has " + core::to_message(req.endpoints_per_router.size()) +
                                     " entries for " + core::to_message(n) + " routers");
    for (const std::uint64_t e : req.endpoints_per_router)
      core::require_range("network_cost", "endpoints_per_router item", e, 0, 1'000'000);
    return req.endpoints_per_router;
  }
  std::uint64_t max_degree = 0;
  for (std::size_t u = 0; u < n; ++u)
    max_degree = std::max<std::uint64_t>(max_degree, g.neighbors(static_cast<typename G::vertex_type>(u)).size());
  const std::uint64_t uniform = req.endpoints.value_or((max_degree + 1) / 2);
  core::require_range("network_cost", "endpoints", uniform, 0, 1'000'000);
  return std::vector<std::uint64_t>(n, uniform);
}

/// The cost and power of graph `g` (routers and the links between them) under model `m`.
template <core::graph_like G>
cost_result network_cost(const G& g, const cost_model& m, const cost_request& req) {
  validate(m);
  const std::size_t n = g.num_vertices();
  core::require_at_least("network_cost", "routers", n, 1);
  const std::vector<std::uint64_t> counts = router_endpoints(g, req);
  const auto endpoints_of = [&](std::size_t u) { return counts[u]; };
  cost_result r;
  r.model = m.name;
  r.source = m.source;
  r.notes = m.notes;
  r.endpoints_rule = !req.endpoints_rule.empty() ? req.endpoints_rule
                     : !req.endpoints_per_router.empty() ? std::string("given per router")
                     : req.endpoints ? "P = " + core::to_message(*req.endpoints) + " on every router"
                                     : std::string("ceil(k'/2) on every router, k' the largest router degree");
  r.routers = n;
  r.link_speed_gbps = m.link_speed_gbps;
  r.electric_max_m = m.electric_max_m;
  std::uint64_t max_endpoints = 0;
  for (std::size_t u = 0; u < n; ++u) {
    const std::uint64_t e = endpoints_of(u);
    max_endpoints = std::max(max_endpoints, e);
    r.endpoints += e;
  }
  if (r.endpoints == 0)
    core::fail_parameter("network_cost", "endpoints", "0", "gives a fabric of no endpoints",
                         "at least one endpoint on some router");
  const floor_layout l = place(n, req.groups, max_endpoints, m.rack, req.layout);
  r.layout = l.rule;
  r.grouping = l.rule != layout_rule::sequential ? req.grouping : std::string();
  r.racks = l.racks;
  r.routers_per_rack = l.routers_per_rack;
  r.racks_per_row = l.racks_per_row;
  for (std::size_t u = 0; u < n; ++u) {
    const auto nb = g.neighbors(static_cast<typename G::vertex_type>(u));
    const std::uint64_t ports = nb.size() + endpoints_of(u);
    r.max_ports = std::max(r.max_ports, ports);
    r.router_cost += router_cost(m, ports);
    r.power_w += m.watts_per_port * static_cast<double>(ports);
    for (auto v : nb) {
      if (static_cast<std::size_t>(v) <= u) continue;  // each link once, from its lower end
      const double len = link_length_m(l, m.rack, u, v);
      if (!(len <= 1e9))
        core::fail("network_cost", "the cable between routers " + core::to_message(u) + " and " + core::to_message(v) +
                                       " is " + core::to_message(len) + " m long (at most 1e9 m)");
      const bool optical = len > m.electric_max_m;
      cable_summary& s = optical ? r.optical : r.electric;
      ++s.count;
      s.total_length_m += len;
      s.longest_m = std::max(s.longest_m, len);
      s.cost += cable_cost(m, optical, len);
      ++s.histogram[static_cast<std::uint64_t>(std::ceil(len))];
      ++r.links;
    }
  }
  r.cable_cost = r.electric.cost + r.optical.cost;
  r.total_cost = r.router_cost + r.cable_cost;
  detail::require_exact("total cable length", r.electric.total_length_m + r.optical.total_length_m, "m");
  detail::require_exact("total cost", r.total_cost, "dollars");
  detail::require_exact("total power", r.power_w, "W");
  r.cost_per_endpoint = r.total_cost / static_cast<double>(r.endpoints);
  r.power_per_endpoint = r.power_w / static_cast<double>(r.endpoints);
  r.optical_share = r.links ? static_cast<double>(r.optical.count) / static_cast<double>(r.links) : 0.0;
  return r;
}

/// The request for the graph `g` of `spec` (nullptr: a graph of no family, e.g. a file's, placed
/// sequentially), the layout rule named `layout` ("grouped", "sequential" or "metis": the METIS
/// parts are then added by physical::metis_request, physical/metis_layout.hpp) and the family's
/// grouping. The endpoints are those every command of the library uses (one home,
/// topology::endpoints_of): `endpoints` on every router when given, else the family's customary
/// counts (its descriptor's endpoints rule: a fat tree's k/2 hosts on each edge switch and none on
/// the others); for a graph of no family, `file_counts` (the counts its file gives), else 1 a router;
/// `given_counts` (one a router, Python's endpoints=[...]) before the family's: topology::choose_endpoints.
inline cost_request family_request(const topology::family_spec* spec, const core::graph<std::uint32_t>& g,
                                   std::optional<std::uint64_t> endpoints, std::string_view layout,
                                   const std::vector<std::uint32_t>& file_counts = {},
                                   const std::vector<std::uint32_t>& given_counts = {}) {
  cost_request q;
  q.layout = layout_named(layout);
  const std::size_t routers = g.num_vertices();
  auto chosen = topology::choose_endpoints(spec, g, file_counts, endpoints, given_counts);  // the one rule
  q.endpoints_per_router.assign(chosen.counts.begin(), chosen.counts.end());
  q.endpoints_rule = std::move(chosen.rule);
  if (spec) {
    const topology::family_spec full = topology::complete(*spec);
    if (q.layout == layout_rule::grouped) {  // sequential ignores a grouping; metis gets its parts from METIS
      q.groups = family_groups(full, routers);
      q.grouping = family_grouping(full);
    }
  }
  return q;
}

}  // namespace shiftfly::physical
