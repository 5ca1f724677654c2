#pragma once
/// \file fat_tree.hpp
/// Fat trees as switch graphs: the k-ary three-tier fat tree (Al-Fares, Loukissas and
/// Vahdat, SIGCOMM 2008) and the extended generalized fat tree XGFT(h; m1…mh; w1…wh)
/// (Öhring, Ibel, Das and Kumar, IPPS 1995), the general folded Clos with given tier
/// sizes, which contains it: fat_tree(k) is XGFT(3; k/2, k/2, k; 1, k/2, k/2), switch for
/// switch and link for link under the numberings below. The hosts (level 0) are not
/// vertices: their number is given apart, and which switches carry them.
///
/// API: fat_tree<V>(k), fat_tree_order(k) = 5k²/4, fat_tree_hosts(k) = k³/4,
/// fat_tree_edge_switches(k), fat_tree_tier_of(k, v), fat_tree_hosts_at(k, v),
/// fat_tree_diameter(k) = 4; xgft<V>(m, w), xgft_order(m, w), xgft_hosts(m),
/// xgft_level_size(m, w, l), xgft_level_of(m, w, v), xgft_edges(m, w).
///
/// k-ary fat tree (k even, 2 ≤ k ≤ fat_tree_max_k): k pods, each of k/2 edge and k/2
/// aggregation switches, every edge switch of a pod joined to every aggregation switch
/// of that pod; (k/2)² core switches, core switch c joined to aggregation switch
/// c mod (k/2) of every pod. Every switch has k ports: an edge switch k/2 links up and
/// k/2 hosts; an aggregation switch k/2 down and k/2 up; a core switch one link to each
/// pod. Numbering: edge switches first, e in pod p has id p·(k/2) + e; then aggregation
/// switches, a in pod p has id k²/2 + p·(k/2) + a; then core switches, c has id k² + c.
/// Only the edge switches carry hosts, k/2 each, k³/4 in all. The switch graph has
/// diameter 4 (edge – aggregation – core – aggregation – edge between pods).
///
/// XGFT(h; m1, …, mh; w1, …, wh), h ≥ 1 levels of switches above level 0 (the hosts):
/// level l (0 ≤ l ≤ h) has the nodes labelled (x_h, …, x_{l+1}, y_l, …, y_1) with
/// 0 ≤ x_i < m_i and 0 ≤ y_i < w_i, Π_{i>l} m_i · Π_{i≤l} w_i of them; a node of level l
/// and a node (x'_h, …, x'_{l+2}, y'_{l+1}, …, y'_1) of level l + 1 are joined when
/// x_i = x'_i for every i ≥ l + 2 and y_i = y'_i for every i ≤ l. So a level-l node has
/// m_l children and w_{l+1} parents: m_i is the down-degree of level i, w_i the
/// up-degree of level i − 1. Here every m_i, w_i ≥ 1 and at most 64 levels. The graph
/// holds levels 1 … h (the switches); the hosts, level 0, number Π m_i (xgft_hosts), each
/// level-1 switch serving m_1 of them. Numbering: level 1 first, then level 2, …; inside
/// level l the label is read as a mixed-radix number with y_1 fastest, then y_2 … y_l,
/// then x_{l+1} … x_h (radices w_1 … w_l, m_{l+1} … m_h). With h = 1 the switches have
/// no switch neighbours (the graph has no edges).

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::topology {

/// Largest k accepted (k³/4 hosts then fit 64 bits; the vertex id type limits further).
inline constexpr std::uint64_t fat_tree_max_k = 2'000'000;

/// The k accepted: an even number from 2 to fat_tree_max_k.
inline parameter_range fat_tree_k_range() { return {2, fat_tree_max_k, "an even number", {}}; }

/// Validates k: even, 2 to fat_tree_max_k.
inline void fat_tree_validate(std::uint64_t k) {
  const auto r = fat_tree_k_range();
  if (k < r.min || k > r.max || k % 2 != 0) core::throw_out_of_range("fat_tree", "k", k, range_text(r));
}

/// Number of switches 5k²/4, validated against the vertex id type V.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t fat_tree_order(std::uint64_t k) {
  fat_tree_validate(k);
  return core::checked_mul(5 * (k / 2), k / 2, "fat_tree", "switch count 5k^2/4", core::max_vertices<V>());
}

/// Number of hosts k³/4 (k/2 on each of the k²/2 edge switches).
inline std::uint64_t fat_tree_hosts(std::uint64_t k) {
  fat_tree_validate(k);
  return k * k / 2 * (k / 2);
}

/// Number of edge switches k²/2 (ids 0 … k²/2 − 1; the same number of aggregation switches follow).
inline std::uint64_t fat_tree_edge_switches(std::uint64_t k) {
  fat_tree_validate(k);
  return k * k / 2;
}

/// Tier of a fat-tree switch.
enum class fat_tree_tier { edge, aggregation, core };

/// Tier of switch v of fat_tree(k).
inline fat_tree_tier fat_tree_tier_of(std::uint64_t k, std::uint64_t v) {
  const std::uint64_t n = fat_tree_order<std::uint64_t>(k);
  core::require_range("fat_tree", "switch", v, 0, n - 1);
  if (v < k * k / 2) return fat_tree_tier::edge;
  return v < k * k ? fat_tree_tier::aggregation : fat_tree_tier::core;
}

/// Hosts attached to switch v of fat_tree(k): k/2 on an edge switch, none elsewhere.
inline std::uint64_t fat_tree_hosts_at(std::uint64_t k, std::uint64_t v) {
  return fat_tree_tier_of(k, v) == fat_tree_tier::edge ? k / 2 : 0;
}

/// The diameter of the switch graph: 4.
inline std::uint64_t fat_tree_diameter(std::uint64_t k) {
  fat_tree_validate(k);
  return 4;
}

/// The k-ary three-tier fat tree's switch graph (numbering in the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> fat_tree(std::uint64_t k) {
  const std::uint64_t n = fat_tree_order<V>(k);
  const std::uint64_t half = k / 2;
  const std::uint64_t links = core::checked_mul(k, k * k / 4, "fat_tree", "link count k^3/2") * 2;  // k·(k/2)² per tier pair
  core::require_graph_memory("fat_tree", sizeof(V), n, links);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(links));
  const std::uint64_t agg0 = k * half, core0 = k * k;
  for (std::uint64_t p = 0; p < k; ++p)
    for (std::uint64_t a = 0; a < half; ++a) {
      const auto agg = static_cast<V>(agg0 + p * half + a);
      for (std::uint64_t e = 0; e < half; ++e) edges.emplace_back(static_cast<V>(p * half + e), agg);
      for (std::uint64_t c = a; c < half * half; c += half) edges.emplace_back(agg, static_cast<V>(core0 + c));
    }
  return core::graph<V>::from_edges(n, edges, "FatTree(k=" + core::to_message(k) + ")");
}

/// Largest number of XGFT levels accepted.
inline constexpr std::size_t xgft_max_height = 64;

/// Validates the XGFT parameters: m and w of one length h, 1 ≤ h ≤ 64, every entry ≥ 1.
inline void xgft_validate(std::span<const std::uint64_t> m, std::span<const std::uint64_t> w) {
  if (m.empty()) core::throw_out_of_range("xgft", "m", "(empty)", "a list of 1 to 64 numbers, each at least 1");
  core::require_range("xgft", "number of m items", m.size(), 1, xgft_max_height);
  if (w.size() != m.size())
    core::throw_out_of_range("xgft", "number of w items", w.size(), "the length of m, " + core::to_message(m.size()));
  for (auto x : m) core::require_at_least("xgft", "m item", x, 1);
  for (auto x : w) core::require_at_least("xgft", "w item", x, 1);
}

/// Number of nodes at level l (0 = hosts, 1 … h switches): Π_{i>l} m_i · Π_{i≤l} w_i.
inline std::uint64_t xgft_level_size(std::span<const std::uint64_t> m, std::span<const std::uint64_t> w,
                                     std::size_t l) {
  xgft_validate(m, w);
  core::require_range("xgft", "level", l, 0, m.size());
  std::uint64_t s = 1;
  for (std::size_t i = 0; i < m.size(); ++i)
    s = core::checked_mul(s, i < l ? w[i] : m[i], "xgft", "level size");
  return s;
}

/// Number of hosts (level 0): Π m_i.
inline std::uint64_t xgft_hosts(std::span<const std::uint64_t> m, std::span<const std::uint64_t> w) {
  return xgft_level_size(m, w, 0);
}

/// Number of switches, levels 1 … h, validated against the vertex id type V.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t xgft_order(std::span<const std::uint64_t> m, std::span<const std::uint64_t> w) {
  xgft_validate(m, w);
  std::uint64_t n = 0;
  for (std::size_t l = 1; l <= m.size(); ++l)
    n = core::checked_add(n, xgft_level_size(m, w, l), "xgft", "switch count", core::max_vertices<V>());
  return n;
}

/// Number of switch-to-switch links: Σ_{l=1}^{h−1} (level-l size) · w_{l+1}.
inline std::uint64_t xgft_edges(std::span<const std::uint64_t> m, std::span<const std::uint64_t> w) {
  xgft_validate(m, w);
  std::uint64_t e = 0;
  for (std::size_t l = 1; l < m.size(); ++l)
    e = core::checked_add(e, core::checked_mul(xgft_level_size(m, w, l), w[l], "xgft", "link count"), "xgft",
                          "link count");
  return e;
}

/// Level (1 … h) of switch v of xgft(m, w).
inline std::size_t xgft_level_of(std::span<const std::uint64_t> m, std::span<const std::uint64_t> w,
                                 std::uint64_t v) {
  const std::uint64_t n = xgft_order<std::uint64_t>(m, w);
  core::require_range("xgft", "switch", v, 0, n - 1);
  for (std::size_t l = 1;; ++l) {
    const std::uint64_t s = xgft_level_size(m, w, l);
    if (v < s) return l;
    v -= s;
  }
}

/// The switch graph of XGFT(h; m; w), h = m.size() (numbering in the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> xgft(std::span<const std::uint64_t> m, std::span<const std::uint64_t> w) {
  const std::uint64_t n = xgft_order<V>(m, w);
  const std::uint64_t links = xgft_edges(m, w);
  core::require_graph_memory("xgft", sizeof(V), n, links);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(links));
  const std::size_t h = m.size();
  std::uint64_t base = 0;  // first id of level l
  std::uint64_t low = 1;   // W_l = Π_{i≤l} w_i
  for (std::size_t l = 1; l < h; ++l) {
    low *= w[l - 1];
    const std::uint64_t size = xgft_level_size(m, w, l);
    const std::uint64_t up = base + size;  // first id of level l + 1
    const std::uint64_t ml1 = m[l], wl1 = w[l];  // m_{l+1}, w_{l+1}
    for (std::uint64_t u = 0; u < size; ++u) {
      const std::uint64_t y = u % low;            // y_1 … y_l
      const std::uint64_t high = u / low / ml1;   // x_{l+2} … x_h (x_{l+1} dropped)
      for (std::uint64_t yy = 0; yy < wl1; ++yy)  // y'_{l+1}
        edges.emplace_back(static_cast<V>(base + u), static_cast<V>(up + y + low * (yy + wl1 * high)));
    }
    base = up;
  }
  std::string name = "XGFT(" + core::to_message(h) + ";";
  for (std::size_t i = 0; i < h; ++i) name += (i ? "," : "") + core::to_message(m[i]);
  name += ";";
  for (std::size_t i = 0; i < h; ++i) name += (i ? "," : "") + core::to_message(w[i]);
  name += ")";
  return core::graph<V>::from_edges(n, edges, std::move(name));
}

/// Convenience overload for braced lists: xgft({2, 2, 4}, {1, 2, 2}).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> xgft(std::initializer_list<std::uint64_t> m, std::initializer_list<std::uint64_t> w) {
  return xgft<V>(std::span<const std::uint64_t>(m.begin(), m.size()), std::span<const std::uint64_t>(w.begin(), w.size()));
}

/// The fat tree's descriptor (topology/descriptor.hpp); in the field tables, the k-ary
/// three-tier fat tree, k even: 5k^2/4 switches, radix k.
inline const family_descriptor& fat_tree_family() {
  static const family_descriptor f{
      .name = "fat-tree",
      .summary = "The k-ary three-tier fat tree, as a switch graph of 5k^2/4 switches (Al-Fares et al. 2008)",
      .source = "Al-Fares et al., SIGCOMM '08",
      .parameters = {{.id = "k", .symbol = "k", .min = 2, .max = fat_tree_max_k, .help = "Switch radix, even",
                      .rule = fat_tree_k_range().rule}},
      .example = {{"k", std::uint64_t{4}}},
      .make = [](const parameter_values& v) { return fat_tree<std::uint32_t>(unsigned_value(v, "k")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"edge-aggregation up", "edge-aggregation down", "aggregation-core up", "aggregation-core down"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            // edge switches below k²/2, aggregation below k², core above; a channel toward the core is up
            const auto k = unsigned_value(v, "k");
            const std::uint64_t edge_end = k * k / 2, aggregation_end = k * k;
            return detail::classes_by_ends(
                g, fat_tree_order<std::uint64_t>(k), {"edge-aggregation up", "edge-aggregation down", "aggregation-core up", "aggregation-core down"},
                [=](std::uint32_t x, std::uint32_t y) {
                  if (x < edge_end) return 0;
                  if (x >= aggregation_end) return 3;
                  return y < edge_end ? 1 : 2;
                });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "Fat tree",
                           .rule = "the k-ary three-tier fat tree, k even, a switch graph",
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t) {
                                 std::vector<field_candidate> out;
                                 for (std::uint64_t k = 2; k <= max_radix; k += 2)
                                   out.push_back({{{"k", k}}, 5 * k * k / 4, k, "k = " + core::to_message(k)});
                                 return out;
                               }},
      .endpoints_rule = "k/2 on each edge switch, 0 on aggregation and core switches (Al-Fares et al.: k^3/4 hosts)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        const std::uint64_t k = unsigned_value(v, "k");
        auto counts = core::uniform_endpoints(g.num_vertices(), 0);
        for (std::uint64_t e = 0; e < fat_tree_edge_switches(k); ++e) counts[e] = static_cast<std::uint32_t>(k / 2);
        return counts;
      },
      .grouping = router_grouping{
          .text = [](const parameter_values&) { return std::string("pods (edge and aggregation switches), then the core switches"); },
          // edge p·(k/2)+e, aggregation k²/2 + p·(k/2)+a, core k² + c (the generator's numbering)
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const std::uint64_t k = unsigned_value(v, "k"), half = k / 2, edge = k * half;
            std::vector<std::uint64_t> groups(routers);
            for (std::size_t u = 0; u < routers; ++u) groups[u] = u < edge ? u / half : u < 2 * edge ? (u - edge) / half : k;
            return groups;
          }},
  };
  return f;
}

/// The XGFT's descriptor (topology/descriptor.hpp).
inline const family_descriptor& xgft_family() {
  // Each item at least 1; the hosts per leaf (the first item of m) may be any 64-bit count (the
  // switch graph does not hold them), the others are bounded by the switch counts.
  static const family_descriptor f{
      .name = "xgft",
      .summary = "General folded Clos XGFT(h; m; w) as a switch graph (Ohring et al. 1995)",
      .source = "Öhring et al. 1995",
      .parameters = {{.id = "m",
                      .symbol = "m",
                      .kind = parameter_kind::unsigned_list,
                      .min = 1,
                      .help = "Children per node at levels 1..h, e.g. 2,2,4 (hosts per leaf first; the switches of a "
                              "level, a product of items, at most 4294967295)"},
                     {.id = "w",
                      .symbol = "w",
                      .kind = parameter_kind::unsigned_list,
                      .min = 1,
                      .help = "Parents per node at levels 0..h-1, e.g. 1,2,2 (as many items as --m)"}},
      .example = {{"m", std::vector<std::uint64_t>{2, 2}}, {"w", std::vector<std::uint64_t>{1, 2}}},
      .make = [](const parameter_values& v) { return xgft<std::uint32_t>(list_value(v, "m"), list_value(v, "w")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"up", "down"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            // levels 1..h numbered level by level; the channel from level l to level l + 1 is "up l",
            // the one back "down l" (all the up classes first, then the down ones)
            const auto& m = list_value(v, "m");
            const auto& w = list_value(v, "w");
            const std::size_t h = m.size();
            std::vector<std::uint64_t> level_end;  // level_end[i]: first id past level i + 1
            std::uint64_t end = 0;
            for (std::size_t l = 1; l <= h; ++l) level_end.push_back(end += xgft_level_size(m, w, l));
            std::vector<std::string> names;
            for (const char* dir : {"up ", "down "})
              for (std::size_t l = 1; l < h; ++l) names.push_back(dir + core::to_message(l));
            if (names.empty()) names.push_back("up 1");  // h = 1: no links, no class
            const auto level = [&](std::uint64_t x) {
              return static_cast<std::size_t>(std::upper_bound(level_end.begin(), level_end.end(), x) - level_end.begin()) + 1;
            };
            return detail::classes_by_ends(g, end, std::move(names), [&](std::uint32_t x, std::uint32_t y) {
              const std::size_t lx = level(x), ly = level(y);
              return lx < ly ? lx - 1 : (h - 1) + (ly - 1);
            });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "m1 on each level-1 switch, 0 above (Öhring et al.: the hosts are level 0)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        const auto &m = list_value(v, "m"), &w = list_value(v, "w");
        auto counts = core::uniform_endpoints(g.num_vertices(), 0);
        core::require_range("xgft", "m item", m.front(), 1, core::max_endpoints_per_router);  // its endpoints a switch
        for (std::uint64_t s = 0; s < xgft_level_size(m, w, 1); ++s) counts[s] = static_cast<std::uint32_t>(m.front());
        return counts;
      },
  };
  return f;
}

}  // namespace shiftfly::topology
