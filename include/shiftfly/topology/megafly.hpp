#pragma once
/// \file megafly.hpp
/// Megafly (Flajslik, Borch and Parker, "Megafly: a topology for exascale systems", ISC 2018),
/// also Dragonfly+ (Shpiner, Haramaty, Eliad, Zdornov, Gafni and Zahavi, "Dragonfly+: low cost
/// topology for scaling datacenters", HiPINEB 2017): groups that are two-level fat trees of routers
/// of radix d, joined all-to-all through their spines. A group has p = d/2 leaf routers and p spine
/// routers, every leaf joined to every spine (K_{p,p}); a leaf serves p endpoints, a spine has p
/// global ports. With `links` (EvalNet's g) global links joining each pair of groups, there are
/// p^2/links + 1 groups (the largest, p^2 + 1, at links = 1), d(p^2/links + 1) routers.
///
///     megafly<V>(d, links) -> core::graph<V>, named "Megafly(d=8,links=1)"
///     megafly_groups(d, links) = (d/2)^2/links + 1, megafly_order<V>(d, links) = d · groups
///
/// Numbering: group i holds routers i·d to i·d + d − 1, its leaves first (i·d + j, j < p), then
/// its spines (i·d + p + s). Global ports: group i's p^2 global ports are numbered slot = s·p + j
/// (spine s, its port j); slot t·links + c carries copy c of the link to the t-th other group
/// (the other groups in ascending order, skipping i). So copy c of the link between groups a < b
/// leaves spine (links·(b − 1) + c)/p of a and enters spine (links·a + c)/p of b: the arrangement
/// of EvalNet's generator (github.com/spcl/EvalNet, topogen/MegaflyGenerator.py, after Kartik
/// Lakhotia's), whose graphs tests/fixtures/evalnet/megafly.txt holds. Copies that join the same
/// two spines are one link of the router graph (the library's graphs are simple, as EvalNet's
/// networkx graph is): at links dividing p, each spine then has p/links global neighbours, each
/// joined by `links` cables.

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

/// The largest radix d: at links = 1, d((d/2)^2 + 1) routers fit a 32-bit vertex id.
inline constexpr std::uint64_t megafly_max_d = 2580;

/// d's range: an even number from 2 to megafly_max_d.
inline parameter_range megafly_d_range() { return {2, megafly_max_d, "an even number", {}}; }

/// The range of `links` at radix d: a divisor of (d/2)^2 (at a d out of range: at every d).
inline parameter_range megafly_links_range(std::uint64_t d) {
  const std::uint64_t top = (megafly_max_d / 2) * (megafly_max_d / 2);
  if (d < 2 || d > megafly_max_d || d % 2 != 0) return {1, top, "a divisor of (d/2)^2", {}};
  const std::uint64_t pp = (d / 2) * (d / 2);
  return {1, pp, "a divisor of (d/2)^2 = " + core::to_message(pp), "at d = " + core::to_message(d)};
}

/// Validates d and links; returns the group count (d/2)^2/links + 1.
inline std::uint64_t megafly_groups(std::uint64_t d, std::uint64_t links) {
  const auto dr = megafly_d_range();
  if (d < dr.min || d > dr.max || d % 2 != 0) core::throw_out_of_range("megafly", "d", d, range_text(dr));
  const auto lr = megafly_links_range(d);
  const std::uint64_t pp = (d / 2) * (d / 2);
  if (links < lr.min || links > lr.max || pp % links != 0) core::throw_out_of_range("megafly", "links", links, range_text(lr));
  return pp / links + 1;
}

/// Number of routers d · groups, validated, within V's ids.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t megafly_order(std::uint64_t d, std::uint64_t links) {
  return core::checked_mul(d, megafly_groups(d, links), "megafly", "router count d x groups", core::max_vertices<V>());
}

/// The Megafly of radix d with `links` global links a group pair (see the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> megafly(std::uint64_t d, std::uint64_t links = 1) {
  const std::uint64_t n = megafly_order<V>(d, links);
  const std::uint64_t groups = megafly_groups(d, links), p = d / 2;
  // before copies joining the same spines are merged: p^2 local links a group, links a group pair
  const std::uint64_t local = core::checked_mul(groups, p * p, "megafly", "local link count");
  const std::uint64_t pairs = groups % 2 == 0 ? core::checked_mul(groups / 2, groups - 1, "megafly", "group pair count")
                                              : core::checked_mul(groups, (groups - 1) / 2, "megafly", "group pair count");
  const std::uint64_t m =
      core::checked_add(local, core::checked_mul(pairs, links, "megafly", "global link count"), "megafly", "link count");
  core::require_graph_memory("megafly", sizeof(V), n, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t i = 0; i < groups; ++i)
    for (std::uint64_t j = 0; j < p; ++j)
      for (std::uint64_t s = 0; s < p; ++s) edges.emplace_back(static_cast<V>(i * d + j), static_cast<V>(i * d + p + s));
  for (std::uint64_t a = 0; a < groups; ++a)
    for (std::uint64_t b = a + 1; b < groups; ++b)
      for (std::uint64_t c = 0; c < links; ++c)
        edges.emplace_back(static_cast<V>(a * d + p + (links * (b - 1) + c) / p),
                           static_cast<V>(b * d + p + (links * a + c) / p));
  return core::graph<V>::from_edges(n, edges,
                                    "Megafly(d=" + core::to_message(d) + ",links=" + core::to_message(links) + ")");
}

/// The Megafly family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& megafly_family() {
  static const family_descriptor f{
      .name = "megafly",
      .summary = "Megafly / Dragonfly+: groups of d/2 leaves and d/2 spines (complete bipartite), spines joined all-to-all (Flajslik et al. 2018)",
      .source = "Flajslik et al., ISC 2018; Shpiner et al., HiPINEB 2017",
      .parameters = {{.id = "d",
                      .symbol = "d",
                      .min = 2,
                      .max = megafly_max_d,
                      .help = "Router radix (even): d/2 leaves and d/2 spines a group, d/2 endpoints a leaf, d/2 global ports a spine",
                      .rule = "an even number"},
                     {.id = "links",
                      .symbol = "g",
                      .min = 1,
                      .max = (megafly_max_d / 2) * (megafly_max_d / 2),
                      .default_value = std::uint64_t{1},
                      .help = "Global links joining each pair of groups (EvalNet's g; a divisor of (d/2)^2): (d/2)^2/links + 1 groups",
                      .range_at = [](const parameter_values& v) { return megafly_links_range(unsigned_value(v, "d")); }}},
      .example = {{"d", std::uint64_t{4}}},
      .make = [](const parameter_values& v) { return megafly<std::uint32_t>(unsigned_value(v, "d"), unsigned_value(v, "links")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"local", "global"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto d = unsigned_value(v, "d");
            return detail::classes_by_ends(g, megafly_order(d, unsigned_value(v, "links")), {"local", "global"},
                                           [d](std::uint32_t a, std::uint32_t b) { return a / d == b / d ? 0 : 1; });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "p = d/2 on each leaf router, none on the spines (Flajslik et al.: radix d, half of a leaf's ports down)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        const auto d = unsigned_value(v, "d");
        std::vector<std::uint32_t> out(g.num_vertices(), 0);
        for (std::size_t u = 0; u < out.size(); ++u)
          if (u % d < d / 2) out[u] = static_cast<std::uint32_t>(d / 2);
        return out;
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            const auto d = unsigned_value(v, "d");
            return "groups of d = " + core::to_message(d) + " routers (" + core::to_message(d / 2) + " leaves, " +
                   core::to_message(d / 2) + " spines)";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return block_groups(routers, unsigned_value(v, "d"));
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
