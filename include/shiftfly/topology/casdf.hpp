#pragma once
/// \file casdf.hpp
/// The Cascade Dragonfly of the Cray XC (Alverson, Froese, Kaplan and Roweth, "Cray XC series
/// network", Cray Inc. white paper WP-Aries01-1112, 2012; Faanes et al., "Cray Cascade: a scalable
/// HPC system based on a Dragonfly network", SC '12): groups of 96 Aries routers, six chassis of 16
/// routers each. Rank-1 (green, the chassis backplane): the 16 routers of a chassis all-to-all.
/// Rank-2 (black, copper between the chassis of a group): each router joined to the router in the
/// same slot of every other chassis, by three cables. Rank-3 (blue, optical): the groups all-to-all,
/// four global links joining each pair of groups (at most 241 groups: a router has 10 global ports,
/// 960 a group, 4 · 240 of them used at 241). Every router serves four nodes.
///
///     casdf<V>(groups) -> core::graph<V>, named "CascadeDragonfly(g=2)"
///     casdf_order(groups) = 96 · groups
///
/// Numbering: router (group i, chassis c, slot s) is 96i + 16c + s. The three rank-2 cables
/// between two routers are one link of the router graph (the library's graphs are simple).
/// Rank-3: a group's global links are placed in turn, copy c of the link to the t-th other group
/// (the other groups in ascending order) being the group's link number k = 4t + c, on the router
/// of slot ⌊k/6⌋ mod 16 in chassis k mod 6: round robin over the routers taken slot by slot,
/// each slot across the six chassis. That is the placement of EvalNet's generator (github.com/
/// spcl/EvalNet, topogen/CascadeDragonflyGenerator.py, after Jens Domke's, which gives each new
/// global link to the router with the most free ports, the first in that order on a tie), whose
/// graphs tests/fixtures/evalnet/casdf.txt holds.

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

/// Routers of a Cascade group: 6 chassis of 16.
inline constexpr std::uint64_t casdf_chassis = 6, casdf_slots = 16, casdf_group_routers = 96;
/// Global links joining each pair of groups, and the largest group count (10 global ports a router).
inline constexpr std::uint64_t casdf_links_per_pair = 4, casdf_max_groups = 241;

/// Validates groups (1 to 241) and returns the router count 96 · groups.
inline std::uint64_t casdf_order(std::uint64_t groups) {
  core::require_range("casdf", "groups", groups, 1, casdf_max_groups);
  return casdf_group_routers * groups;
}

/// The router of group i that carries the group's k-th global link (see the file comment).
inline std::uint64_t casdf_global_router(std::uint64_t i, std::uint64_t k) {
  const std::uint64_t slot = (k / casdf_chassis) % casdf_slots, chassis = k % casdf_chassis;
  return casdf_group_routers * i + casdf_slots * chassis + slot;
}

/// The Cascade Dragonfly of `groups` groups (see the file comment for the numbering).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> casdf(std::uint64_t groups) {
  const std::uint64_t n = casdf_order(groups);
  core::require_vertex_count<V>("casdf", n);
  // per group: 6 · C(16, 2) rank-1 and 16 · C(6, 2) rank-2 links; 4 rank-3 links a group pair
  const std::uint64_t m = groups * (6 * 120 + 16 * 15) + casdf_links_per_pair * groups * (groups - 1) / 2;
  core::require_graph_memory("casdf", sizeof(V), n, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t i = 0; i < groups; ++i) {
    const std::uint64_t base = casdf_group_routers * i;
    for (std::uint64_t c = 0; c < casdf_chassis; ++c)
      for (std::uint64_t s = 0; s < casdf_slots; ++s) {
        const std::uint64_t u = base + casdf_slots * c + s;
        for (std::uint64_t s2 = s + 1; s2 < casdf_slots; ++s2)  // rank-1
          edges.emplace_back(static_cast<V>(u), static_cast<V>(base + casdf_slots * c + s2));
        for (std::uint64_t c2 = c + 1; c2 < casdf_chassis; ++c2)  // rank-2
          edges.emplace_back(static_cast<V>(u), static_cast<V>(base + casdf_slots * c2 + s));
      }
  }
  for (std::uint64_t i = 0; i < groups; ++i)
    for (std::uint64_t j = i + 1; j < groups; ++j)
      for (std::uint64_t c = 0; c < casdf_links_per_pair; ++c)  // rank-3: j is i's (j − 1)-th other group, i is j's i-th
        edges.emplace_back(static_cast<V>(casdf_global_router(i, casdf_links_per_pair * (j - 1) + c)),
                           static_cast<V>(casdf_global_router(j, casdf_links_per_pair * i + c)));
  return core::graph<V>::from_edges(n, edges, "CascadeDragonfly(g=" + core::to_message(groups) + ")");
}

/// The Cascade Dragonfly family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& casdf_family() {
  static const family_descriptor f{
      .name = "casdf",
      .summary = "Cascade Dragonfly (Cray XC): groups of 6 chassis x 16 routers, all-to-all in a chassis and across a slot's chassis, 4 global links a group pair (Alverson et al. 2012)",
      .source = "Alverson et al., Cray XC series network, 2012; Faanes et al., SC '12",
      .parameters = {{.id = "groups",
                      .symbol = "g",
                      .min = 1,
                      .max = casdf_max_groups,
                      .help = "Groups of 96 routers (at most 241: 10 global ports a router, 4 links a group pair)"}},
      .example = {{"groups", std::uint64_t{2}}},
      .make = [](const parameter_values& v) { return casdf<std::uint32_t>(unsigned_value(v, "groups")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"rank-1", "rank-2", "rank-3"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            return detail::classes_by_ends(g, casdf_order(unsigned_value(v, "groups")), {"rank-1", "rank-2", "rank-3"},
                                           [](std::uint32_t a, std::uint32_t b) {
                                             if (a / casdf_group_routers != b / casdf_group_routers) return 2;
                                             return a / casdf_slots == b / casdf_slots ? 0 : 1;
                                           });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "4 on each router (Alverson et al.: an Aries router serves four nodes)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), 4);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values&) { return std::string("groups of 96 routers (6 chassis of 16)"); },
          .group_of = [](const parameter_values&, std::size_t routers) { return block_groups(routers, casdf_group_routers); }},
  };
  return f;
}

}  // namespace shiftfly::topology
