#pragma once
/// \file rail_optimized.hpp
/// The rail-optimized fat tree of GPU clusters (NVIDIA's DGX SuperPOD reference architectures; the
/// baseline of Wang, Ghobadi, Shakeri, Zhang and Hasani, "Rail-only: A Low-Cost High-Performance
/// Network for Training LLMs with Trillion Parameters", arXiv 2307.12169, Fig. 1): servers of k
/// accelerators, each server's accelerators joined by its high-bandwidth domain (NVLink through
/// NVSwitch: one non-blocking switch here), and a network interface per accelerator. Accelerator i
/// of a server is on rail i: the servers come in scalable units of `servers` servers, and rail i of
/// a unit is one leaf switch joined to accelerator i of each of the unit's servers. Above the
/// leaves, `spines` spine switches, every leaf joined to every spine: any accelerator reaches any
/// other through the spines, the spine layer the Rail-only design removes (topology/rail_only.hpp).
/// A leaf has `servers` ports down and `spines` up: spines = servers (the default) is the
/// non-blocking tree of the reference designs. DGX H100 SuperPOD: k = 8, units of 32 servers, four
/// units, 32 leaves of 32 + 32 ports, 1,024 leaf–spine links (the reference's 16 spines of 64
/// ports joined to each leaf by two links are here 32 spines joined once: the same ports and
/// links in a simple graph).
///
///     rail_optimized<V>(k, servers, units, spines) -> core::graph<V>, named "RailOptimized(k=8,s=32,u=4,p=32)"
///     rail_fabric_order<V>(...) = N + S + uk + spines, N = k·S accelerators, S = servers·units
///     links 2N + uk·spines (each accelerator to its domain switch and to its rail's leaf)
///
/// Numbering (shared with topology/rail_only.hpp): server s (s = unit·servers + its place in the
/// unit) has accelerators s·k + i, i its rail; then the domain switch of server s is N + s; then the
/// leaf of rail i in unit u is N + S + u·k + i; then the spines. Distances (servers >= 2, k >= 2):
/// 4 between accelerators of different servers and rails (through either server's domain or the
/// spines), 2 within a server or a rail's leaf; the diameter 6 with two units or more (two domain
/// switches of different units), else 4.

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
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

/// The largest k, servers, units and spines accepted (the counts then fit 64 bits; the vertex
/// ids limit further).
inline constexpr std::uint64_t rail_fabric_max_count = 65535;

/// The counts of a rail fabric (rail-optimized or rail-only), validated.
struct rail_fabric_shape {
  std::uint64_t k = 0, servers = 0, units = 0, spines = 0;  ///< spines: all of them (rail-only: per rail × k)
  std::uint64_t accelerators = 0, server_count = 0, leaves = 0, vertices = 0;
};

/// Validates k (2 to rail_fabric_max_count), servers and units (1 to it) and the spine count
/// `spines` (already checked by the caller against its own range), and the vertex count against
/// V's ids; `where` names the family.
template <std::unsigned_integral V = std::uint32_t>
rail_fabric_shape rail_fabric_validate(std::string_view where, std::uint64_t k, std::uint64_t servers,
                                       std::uint64_t units, std::uint64_t spines) {
  core::require_range(where, "k", k, 2, rail_fabric_max_count);
  core::require_range(where, "servers", servers, 1, rail_fabric_max_count);
  core::require_range(where, "units", units, 1, rail_fabric_max_count);
  rail_fabric_shape r{k, servers, units, spines, 0, servers * units, units * k, 0};
  const std::uint64_t limit = core::max_vertices<V>();
  std::uint64_t n = 0;
  if (__builtin_mul_overflow(r.server_count, k, &r.accelerators) ||
      __builtin_add_overflow(r.accelerators, r.server_count, &n) || __builtin_add_overflow(n, r.leaves, &n) ||
      __builtin_add_overflow(n, spines, &n) || n > limit)
    core::fail(where, "k = " + core::to_message(k) + ", servers = " + core::to_message(servers) + ", units = " +
                          core::to_message(units) + " give more vertices than " + core::to_message(limit) + " (" +
                          core::to_message(sizeof(V) * 8) +
                          "-bit vertex ids; k accelerators and a domain switch a server, k leaves a unit, the spines)");
  r.vertices = n;
  return r;
}

namespace detail {
/// The accelerators' links of a rail fabric: each to its server's domain switch and to its rail's
/// leaf (numbering of the file comment).
template <std::unsigned_integral V>
void rail_fabric_server_links(const rail_fabric_shape& r, std::vector<std::pair<V, V>>& edges) {
  const std::uint64_t domain0 = r.accelerators, leaf0 = r.accelerators + r.server_count;
  for (std::uint64_t s = 0; s < r.server_count; ++s)
    for (std::uint64_t i = 0; i < r.k; ++i) {
      const auto u = static_cast<V>(s * r.k + i);
      edges.emplace_back(u, static_cast<V>(domain0 + s));
      edges.emplace_back(u, static_cast<V>(leaf0 + (s / r.servers) * r.k + i));
    }
}

/// Every channel's class: "domain" (accelerator to its domain switch), "rail" (to its leaf), and
/// `upper` for a leaf to a spine.
inline channel_classes rail_fabric_classes(const rail_fabric_shape& r, const core::graph<std::uint32_t>& g,
                                           std::string upper) {
  const std::uint64_t domain0 = r.accelerators, leaf0 = domain0 + r.server_count, spine0 = leaf0 + r.leaves;
  return classes_by_ends(g, r.vertices, {"domain", "rail", std::move(upper)}, [=](std::uint32_t p, std::uint32_t q) {
    const std::uint64_t hi = std::max(p, q);
    return hi < leaf0 ? 0 : hi < spine0 ? 1 : 2;
  });
}

/// One endpoint on each accelerator, none on the switches.
inline std::vector<std::uint32_t> rail_fabric_endpoints(const rail_fabric_shape& r, std::size_t routers) {
  std::vector<std::uint32_t> out(routers, 0);
  for (std::uint64_t u = 0; u < r.accelerators && u < out.size(); ++u) out[u] = 1;
  return out;
}

/// A unit's accelerators, domain switches and leaves in group `unit`; the spines in group `units`.
inline std::vector<std::uint64_t> rail_fabric_groups(const rail_fabric_shape& r, std::size_t routers) {
  const std::uint64_t domain0 = r.accelerators, leaf0 = domain0 + r.server_count, spine0 = leaf0 + r.leaves;
  std::vector<std::uint64_t> groups(routers);
  for (std::size_t u = 0; u < routers; ++u)
    groups[u] = u < domain0  ? u / r.k / r.servers
                : u < leaf0  ? (u - domain0) / r.servers
                : u < spine0 ? (u - leaf0) / r.k
                             : r.units;
  return groups;
}
}  // namespace detail

/// The spine count the spec's 0 stands for: servers (as many up ports as down, non-blocking).
inline std::uint64_t rail_optimized_spines(std::uint64_t servers, std::uint64_t spines) {
  return spines == 0 ? servers : spines;
}

/// The validated shape of rail_optimized(k, servers, units, spines) (spines 0: servers).
template <std::unsigned_integral V = std::uint32_t>
rail_fabric_shape rail_optimized_shape(std::uint64_t k, std::uint64_t servers, std::uint64_t units, std::uint64_t spines) {
  core::require_range("rail_optimized", "spines", spines, 0, rail_fabric_max_count);  // 0 stands for servers
  return rail_fabric_validate<V>("rail_optimized", k, servers, units, rail_optimized_spines(servers, spines));
}

/// The rail-optimized fat tree (numbering in the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> rail_optimized(std::uint64_t k, std::uint64_t servers, std::uint64_t units, std::uint64_t spines = 0) {
  const auto r = rail_optimized_shape<V>(k, servers, units, spines);
  const std::uint64_t up = core::checked_mul(r.leaves, r.spines, "rail_optimized", "leaf-spine link count");
  const std::uint64_t m = core::checked_add(2 * r.accelerators, up, "rail_optimized", "link count");
  core::require_graph_memory("rail_optimized", sizeof(V), r.vertices, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  detail::rail_fabric_server_links<V>(r, edges);
  const std::uint64_t leaf0 = r.accelerators + r.server_count, spine0 = leaf0 + r.leaves;
  for (std::uint64_t l = 0; l < r.leaves; ++l)
    for (std::uint64_t p = 0; p < r.spines; ++p) edges.emplace_back(static_cast<V>(leaf0 + l), static_cast<V>(spine0 + p));
  return core::graph<V>::from_edges(r.vertices, edges,
                                    "RailOptimized(k=" + core::to_message(k) + ",s=" + core::to_message(servers) +
                                        ",u=" + core::to_message(units) + ",p=" + core::to_message(r.spines) + ")");
}

namespace detail {
/// The parameters k, servers and units of both rail fabrics' descriptors.
inline std::vector<parameter_descriptor> rail_fabric_parameters() {
  return {{.id = "k",
           .symbol = "K",
           .min = 2,
           .max = rail_fabric_max_count,
           .help = "Accelerators a server: its high-bandwidth domain (NVLink), and the rails (accelerator i on rail i)"},
          {.id = "servers",
           .symbol = "servers",
           .min = 1,
           .max = rail_fabric_max_count,
           .help = "Servers a scalable unit: a rail's leaf switch joins accelerator i of each (its ports down)"},
          {.id = "units",
           .symbol = "units",
           .min = 1,
           .max = rail_fabric_max_count,
           .default_value = std::uint64_t{1},
           .help = "Scalable units (k leaves each)"}};
}

inline rail_fabric_shape rail_optimized_shape_of(const parameter_values& v) {
  return rail_optimized_shape(unsigned_value(v, "k"), unsigned_value(v, "servers"), unsigned_value(v, "units"),
                              unsigned_value(v, "spines"));
}
}  // namespace detail

/// The rail-optimized fat tree's descriptor (topology/descriptor.hpp).
inline const family_descriptor& rail_optimized_family() {
  static const family_descriptor f{
      .name = "rail-optimized",
      .summary = "Rail-optimized fat tree: servers of k accelerators on an NVLink domain, accelerator i of every server on "
                 "rail i's leaf, spines above (NVIDIA DGX SuperPOD)",
      .source = "NVIDIA DGX SuperPOD; Wang et al., arXiv 2307.12169",
      .parameters =
          [] {
            auto p = detail::rail_fabric_parameters();
            p.push_back({.id = "spines",
                         .symbol = "spines",
                         .min = 0,
                         .max = rail_fabric_max_count,
                         .default_value = std::uint64_t{0},
                         .default_text = "servers",
                         .help = "Spine switches, each joined to every leaf; 0 or left out: servers (non-blocking)"});
            return p;
          }(),
      // k = 4: every switch of the example has 3 ports or more, as the cost models price a router
      .example = {{"k", std::uint64_t{4}}, {"servers", std::uint64_t{2}}, {"units", std::uint64_t{2}}},
      .make = [](const parameter_values& v) {
        return rail_optimized<std::uint32_t>(unsigned_value(v, "k"), unsigned_value(v, "servers"),
                                             unsigned_value(v, "units"), unsigned_value(v, "spines"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"domain", "rail", "spine"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            return detail::rail_fabric_classes(detail::rail_optimized_shape_of(v), g, "spine");
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 on each accelerator (k a server), none on the domain, leaf and spine switches",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return detail::rail_fabric_endpoints(detail::rail_optimized_shape_of(v), g.num_vertices());
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "scalable units of " + core::to_message(unsigned_value(v, "servers")) +
                   " servers with their k leaves; the spines in a group of their own";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return detail::rail_fabric_groups(detail::rail_optimized_shape_of(v), routers);
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
