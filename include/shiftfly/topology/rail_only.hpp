#pragma once
/// \file rail_only.hpp
/// The Rail-only network (Wang, Ghobadi, Shakeri, Zhang and Hasani, "Rail-only: A Low-Cost
/// High-Performance Network for Training LLMs with Trillion Parameters", arXiv 2307.12169): the
/// rail-optimized fat tree (topology/rail_optimized.hpp) without its spine layer. Servers of k
/// accelerators keep their high-bandwidth domain (NVLink through NVSwitch: one non-blocking switch
/// here); accelerator i of every server is on rail i, and each rail is a network of its own: rail i
/// of a scalable unit of `servers` servers is one leaf switch, and the leaves of rail i in the
/// different units are joined by that rail's own spines (`spines` a rail, each joined to every leaf
/// of its rail), the rail's two-level Clos; with one unit a rail is a single switch and needs no
/// spine. No switch joins two rails: traffic between rails is forwarded through a server's
/// high-bandwidth domain, as the paper's routing does.
///
///     rail_only<V>(k, servers, units, spines) -> core::graph<V>, named "RailOnly(k=8,s=32,u=1,p=0)"
///     vertices N + S + uk + k·spines (N = k·S accelerators, S = servers·units), links
///     2N + uk·spines
///
/// Numbering: as rail_optimized's (accelerator s·k + i, domain switch N + s, leaf N + S + u·k + i),
/// then the spines of rail i, N + S + uk + i·spines + j. Distances (servers >= 2, k >= 2): 2 within
/// a server or on one leaf; 4 between rails in one unit (through a domain), and along one rail across
/// units (through its spines); 6 between rails across units (a domain, then the rail's spines). The
/// diameter is 6 with spines (two rails' spines are six hops apart), else 4.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/rail_optimized.hpp"

namespace shiftfly::topology {

/// The range of the spines a rail: 1 and up with two units or more (else the rails' leaves in
/// different units are not joined), 0 and up with one.
inline parameter_range rail_only_spines_range(std::uint64_t units) {
  if (units >= 2)
    return {1, rail_fabric_max_count, "", "with units = " + core::to_message(units) + " (a rail's leaves joined through its spines)"};
  return {0, rail_fabric_max_count, "", ""};
}

/// The validated shape of rail_only(k, servers, units, spines): its `spines` the total k·spines.
template <std::unsigned_integral V = std::uint32_t>
rail_fabric_shape rail_only_shape(std::uint64_t k, std::uint64_t servers, std::uint64_t units, std::uint64_t spines) {
  core::require_range("rail_only", "k", k, 2, rail_fabric_max_count);
  core::require_range("rail_only", "units", units, 1, rail_fabric_max_count);
  const auto r = rail_only_spines_range(units);
  if (spines < r.min || spines > r.max) core::throw_out_of_range("rail_only", "spines", spines, range_text(r));
  return rail_fabric_validate<V>("rail_only", k, servers, units, k * spines);
}

/// The Rail-only network (numbering in the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> rail_only(std::uint64_t k, std::uint64_t servers, std::uint64_t units = 1, std::uint64_t spines = 0) {
  const auto r = rail_only_shape<V>(k, servers, units, spines);
  const std::uint64_t up = core::checked_mul(r.leaves, spines, "rail_only", "leaf-spine link count");
  const std::uint64_t m = core::checked_add(2 * r.accelerators, up, "rail_only", "link count");
  core::require_graph_memory("rail_only", sizeof(V), r.vertices, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  detail::rail_fabric_server_links<V>(r, edges);
  const std::uint64_t leaf0 = r.accelerators + r.server_count, spine0 = leaf0 + r.leaves;
  for (std::uint64_t u = 0; u < units; ++u)
    for (std::uint64_t i = 0; i < k; ++i)
      for (std::uint64_t j = 0; j < spines; ++j)
        edges.emplace_back(static_cast<V>(leaf0 + u * k + i), static_cast<V>(spine0 + i * spines + j));
  return core::graph<V>::from_edges(r.vertices, edges,
                                    "RailOnly(k=" + core::to_message(k) + ",s=" + core::to_message(servers) +
                                        ",u=" + core::to_message(units) + ",p=" + core::to_message(spines) + ")");
}

namespace detail {
inline rail_fabric_shape rail_only_shape_of(const parameter_values& v) {
  return rail_only_shape(unsigned_value(v, "k"), unsigned_value(v, "servers"), unsigned_value(v, "units"),
                         unsigned_value(v, "spines"));
}
}  // namespace detail

/// The Rail-only network's descriptor (topology/descriptor.hpp).
inline const family_descriptor& rail_only_family() {
  static const family_descriptor f{
      .name = "rail-only",
      .summary = "Rail-only network: servers of k accelerators on an NVLink domain, a network for each rail, no spine "
                 "across rails (Wang et al. 2023)",
      .source = "Wang et al., arXiv 2307.12169",
      .parameters =
          [] {
            auto p = detail::rail_fabric_parameters();
            p.push_back({.id = "spines",
                         .symbol = "spines",
                         .min = 0,
                         .max = rail_fabric_max_count,
                         .default_value = std::uint64_t{0},
                         .help = "Spine switches of each rail, each joined to its rail's leaves (at least 1 with 2 "
                                 "units or more; 0: none, a rail one switch)",
                         .range_at = [](const parameter_values& v) {
                           const auto it = v.find("units");
                           const auto* units = it == v.end() ? nullptr : std::get_if<std::uint64_t>(&it->second);
                           return rail_only_spines_range(units ? *units : 1);
                         }});
            return p;
          }(),
      // k = 4, 3 servers: every switch of the example has 3 ports or more, as the cost models price a router
      .example = {{"k", std::uint64_t{4}}, {"servers", std::uint64_t{3}}},
      .make = [](const parameter_values& v) {
        return rail_only<std::uint32_t>(unsigned_value(v, "k"), unsigned_value(v, "servers"), unsigned_value(v, "units"),
                                        unsigned_value(v, "spines"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"domain", "rail", "rail spine"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            return detail::rail_fabric_classes(detail::rail_only_shape_of(v), g, "rail spine");
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 on each accelerator (k a server), none on the domain, leaf and spine switches (Wang et al.)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return detail::rail_fabric_endpoints(detail::rail_only_shape_of(v), g.num_vertices());
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "scalable units of " + core::to_message(unsigned_value(v, "servers")) +
                   " servers with their k leaves; the rails' spines in a group of their own";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return detail::rail_fabric_groups(detail::rail_only_shape_of(v), routers);
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
