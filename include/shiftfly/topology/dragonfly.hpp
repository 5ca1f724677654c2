#pragma once
/// \file dragonfly.hpp
/// The Dragonfly router graph (Kim, Dally, Scott and Abts, ISCA 2008): g groups of
/// a routers, each group a complete graph K_a, each router with h global ports;
/// order a·g, radix a − 1 + h, at most a·h + 1 groups (one global link per group pair).
///
/// API: dragonfly<V>(a, h, g, arrangement), dragonfly<V>(a, h) (the largest, g = a·h + 1,
/// consecutive), dragonfly_order, dragonfly_radix, dragonfly_max_groups,
/// dragonfly_links_per_pair, dragonfly_router_degree, dragonfly_global_links,
/// dragonfly_diameter, dragonfly_arrangement, parse_dragonfly_arrangement, dragonfly_arrangement_name.
///
/// Numbering: router j (0 ≤ j < a) of group i (0 ≤ i < g) has id i·a + j.
///
/// Ports. Each group has a·h global ports numbered 0 … a·h − 1; router j owns ports
/// j·h … j·h + h − 1. With g groups, every group pair is joined by
/// m = ⌊a·h / (g − 1)⌋ global links (its "copies" 0 … m − 1); port p = c·(g − 1) + t
/// (copy c, slot t, 0 ≤ t < g − 1) carries copy c of the link to the group of slot t,
/// and the a·h − m·(g − 1) ports from m·(g − 1) on are left unused (they belong to the
/// last routers of the group, whose degree is then below the radix). At g = a·h + 1,
/// m = 1 and every port is used.
///
/// Arrangements (which slot goes to which group). The names and ideas are those of the
/// absolute and circulant-based arrangements compared by Hastings et al. (CLUSTER 2015,
/// docs/references.md); the port-level definitions are the library's own, exactly these:
/// - consecutive, the "absolute" arrangement: slot t of group i goes to group t if
///   t < i and to group t + 1 otherwise, i.e. the slots list the other groups
///   0, 1, …, g − 1 in order, skipping i. Copy c of the link i–k leaves group i from
///   slot (k < i ? k : k − 1) and enters group k at slot (i < k ? i : i − 1).
/// - circulant, the "circulant-based" arrangement: slot t of group i goes to group
///   (i + s_t) mod g with s_t = +(t/2 + 1) for even t and −(t/2 + 1) for odd t
///   (offsets +1, −1, +2, −2, …); when g − 1 is odd the last slot t = g − 2 has the
///   offset g/2 ≡ −g/2. Copy c of a link leaves group i at slot t and enters group
///   i + s_t at the slot of offset −s_t: t + 1 for even t, t − 1 for odd t, and t itself
///   for the offset g/2. The global links then form the circulant graph of Z_g with
///   connection set {±1, …, ±⌊(g − 1)/2⌋} (and g/2 when g is even), m times over.
///
/// Validity. a ≥ 1, h ≥ 1 and h + 1 ≤ g ≤ a·h + 1. The lower bound g ≥ h + 1 makes the
/// h ports of one router (consecutive port numbers, hence h distinct slots modulo
/// g − 1) reach h distinct groups, so no two links ever join the same router pair and
/// the router graph is simple with exactly m·g(g − 1)/2 global links; below it a router
/// would have two links into one group, and such (a, h, g) are refused.
///
/// Diameter (dragonfly_diameter). Always at most 3 (local, global, local hop: every group
/// pair is linked). It is 1 when a = 1 (then g = h + 1 and the graph is K_{h+1}) and 2
/// when a ≥ 2 and g = h + 1 (every router has a link into every other group), in both
/// arrangements. For a ≥ 2 and g > h + 1 the consecutive arrangement has diameter 3: a
/// proof is not given here; it was verified by BFS for every a, h ≤ 8 and every g, and
/// tests/topology/dragonfly_test.cpp rechecks every g with a·h ≤ 24 and up to six g per
/// (a, h) beyond. The circulant arrangement has no closed form
/// there: its diameter is 3 or 2 (2, for instance, at a = 2, h = 2, g = 5 and at
/// a = 3, h = 8, g = 12), and dragonfly_diameter returns no value.

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::topology {

/// Global link arrangement of a Dragonfly (see the file comment).
enum class dragonfly_arrangement { consecutive, circulant };

/// "consecutive" or "circulant".
inline std::string_view dragonfly_arrangement_name(dragonfly_arrangement x) {
  return x == dragonfly_arrangement::consecutive ? "consecutive" : "circulant";
}

/// Parses "consecutive" or "circulant".
inline dragonfly_arrangement parse_dragonfly_arrangement(std::string_view text) {
  if (text == "consecutive") return dragonfly_arrangement::consecutive;
  if (text == "circulant") return dragonfly_arrangement::circulant;
  core::throw_out_of_range("dragonfly", "arrangement", std::string(text), "consecutive or circulant");
}

/// Largest a and h accepted (a·h + 1 then fits 64 bits with room).
inline constexpr std::uint64_t dragonfly_max_parameter = std::uint64_t{1} << 31;

/// a·h + 1, the largest group count (one global link per group pair); validates a, h >= 1.
inline std::uint64_t dragonfly_max_groups(std::uint64_t a, std::uint64_t h) {
  core::require_range("dragonfly", "a", a, 1, dragonfly_max_parameter);
  core::require_range("dragonfly", "h", h, 1, dragonfly_max_parameter);
  return a * h + 1;
}

/// The exact range of the groups at a and h: h + 1 to a·h + 1 (at an a or h out of range, the
/// descriptor's; the descriptor's stand-in 0 means a·h + 1).
inline parameter_range dragonfly_groups_range(std::uint64_t a, std::uint64_t h) {
  if (a < 1 || a > dragonfly_max_parameter || h < 1 || h > dragonfly_max_parameter) return {2, 4294967295u, {}, {}};
  return {h + 1, a * h + 1, {}, "at a = " + core::to_message(a) + ", h = " + core::to_message(h)};
}

/// Validates (a, h, g): a, h >= 1 and h + 1 <= g <= a·h + 1.
inline void dragonfly_validate(std::uint64_t a, std::uint64_t h, std::uint64_t g) {
  dragonfly_max_groups(a, h);  // checks a and h
  const auto r = dragonfly_groups_range(a, h);
  if (g < r.min || g > r.max) core::throw_out_of_range("dragonfly", "groups", g, range_text(r));
}

/// Router radix a − 1 + h (local plus global ports).
inline std::uint64_t dragonfly_radix(std::uint64_t a, std::uint64_t h) {
  dragonfly_max_groups(a, h);
  return a - 1 + h;
}

/// Number of routers a·g, validated against the vertex id type V.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t dragonfly_order(std::uint64_t a, std::uint64_t h, std::uint64_t g) {
  dragonfly_validate(a, h, g);
  return core::checked_mul(a, g, "dragonfly", "router count a x g", core::max_vertices<V>());
}

/// Global links joining each pair of groups: m = ⌊a·h / (g − 1)⌋.
inline std::uint64_t dragonfly_links_per_pair(std::uint64_t a, std::uint64_t h, std::uint64_t g) {
  dragonfly_validate(a, h, g);
  return a * h / (g - 1);
}

/// Number of global links m·g(g − 1)/2.
inline std::uint64_t dragonfly_global_links(std::uint64_t a, std::uint64_t h, std::uint64_t g) {
  const std::uint64_t m = dragonfly_links_per_pair(a, h, g);
  const std::uint64_t pairs = g % 2 == 0 ? core::checked_mul(g / 2, g - 1, "dragonfly", "group pair count")
                                          : core::checked_mul(g, (g - 1) / 2, "dragonfly", "group pair count");
  return core::checked_mul(m, pairs, "dragonfly", "global link count");
}

/// Degree of router j of any group: a − 1 plus its used global ports.
inline std::uint64_t dragonfly_router_degree(std::uint64_t a, std::uint64_t h, std::uint64_t g, std::uint64_t j) {
  const std::uint64_t used = dragonfly_links_per_pair(a, h, g) * (g - 1);
  core::require_range("dragonfly", "router index j", j, 0, a - 1);
  const std::uint64_t first = j * h, last = first + h;
  const std::uint64_t global = used <= first ? 0 : (used >= last ? h : used - first);
  return a - 1 + global;
}

/// The diameter where a closed form is known (see the file comment): 1 if a = 1, 2 if
/// g = h + 1, otherwise 3 for the consecutive arrangement and no value for the circulant one.
inline std::optional<std::uint64_t> dragonfly_diameter(std::uint64_t a, std::uint64_t h, std::uint64_t g,
                                                       dragonfly_arrangement arrangement) {
  dragonfly_validate(a, h, g);
  if (a == 1) return 1;
  if (g == h + 1) return 2;
  if (arrangement == dragonfly_arrangement::consecutive) return 3;
  return std::nullopt;
}

/// The Dragonfly with a routers per group, h global ports per router and g groups,
/// global links placed by `arrangement` (see the file comment for the numbering,
/// the ports and the arrangements).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> dragonfly(std::uint64_t a, std::uint64_t h, std::uint64_t g,
                         dragonfly_arrangement arrangement = dragonfly_arrangement::consecutive) {
  const std::uint64_t n = dragonfly_order<V>(a, h, g);
  const std::uint64_t m = dragonfly_links_per_pair(a, h, g);
  const std::uint64_t local = core::checked_mul(g, a * (a - 1) / 2, "dragonfly", "local link count");
  const std::uint64_t total = core::checked_add(local, dragonfly_global_links(a, h, g), "dragonfly", "link count");
  core::require_graph_memory("dragonfly", sizeof(V), n, total);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(total));
  for (std::uint64_t i = 0; i < g; ++i)
    for (std::uint64_t x = 0; x < a; ++x)
      for (std::uint64_t y = x + 1; y < a; ++y) edges.emplace_back(static_cast<V>(i * a + x), static_cast<V>(i * a + y));
  const std::uint64_t slots = g - 1;
  // Router of group `grp` owning port c·(g − 1) + t.
  auto router = [&](std::uint64_t grp, std::uint64_t c, std::uint64_t t) {
    return static_cast<V>(grp * a + (c * slots + t) / h);
  };
  for (std::uint64_t i = 0; i < g; ++i)
    for (std::uint64_t t = 0; t < slots; ++t) {
      std::uint64_t k = 0, back = 0;
      if (arrangement == dragonfly_arrangement::consecutive) {
        k = t < i ? t : t + 1;
        if (k < i) continue;  // emitted from the lower group
        back = i;             // i < k: slot of i in group k
      } else {
        const std::uint64_t s = t / 2 + 1;
        const bool half = slots % 2 == 1 && t == slots - 1;  // offset g/2
        if (half) {
          if (i >= g / 2) continue;
          k = i + g / 2;
          back = t;
        } else {
          if (t % 2 == 1) continue;  // the −s side, emitted from the +s side
          k = (i + s) % g;
          back = t + 1;
        }
      }
      for (std::uint64_t c = 0; c < m; ++c) edges.emplace_back(router(i, c, t), router(k, c, back));
    }
  std::string name = "Dragonfly(a=" + core::to_message(a) + ",h=" + core::to_message(h) + ",g=" + core::to_message(g) +
                     "," + std::string(dragonfly_arrangement_name(arrangement)) + ")";
  return core::graph<V>::from_edges(n, edges, std::move(name));
}

/// The largest Dragonfly, g = a·h + 1 groups, consecutive arrangement.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> dragonfly(std::uint64_t a, std::uint64_t h) {
  return dragonfly<V>(a, h, dragonfly_max_groups(a, h), dragonfly_arrangement::consecutive);
}

/// The Dragonfly family's descriptor (topology/descriptor.hpp); in the field tables, the
/// balanced maximal ones: a = 2h, g = a·h + 1 (Kim et al. §3), a·g routers, radix a − 1 + h.
inline const family_descriptor& dragonfly_family() {
  static const family_descriptor f{
      .name = "dragonfly",
      .summary = "Dragonfly: groups of a routers, complete inside, h global links a router (Kim et al. 2008)",
      .source = "Kim et al., ISCA '08",
      .parameters = {{.id = "a", .symbol = "a", .min = 1, .max = dragonfly_max_parameter, .help = "Routers per group"},
                     {.id = "h", .symbol = "h", .min = 1, .max = dragonfly_max_parameter, .help = "Global links per router"},
                     {.id = "groups",
                      .symbol = "g",
                      .min = 2,
                      .max = 4294967295u,
                      .default_value = std::uint64_t{0},
                      .default_text = "a*h+1",
                      .help = "Groups, from h+1 to a*h+1",
                      .range_at = [](const parameter_values& v) {
                        return dragonfly_groups_range(unsigned_value(v, "a"), unsigned_value(v, "h"));
                      }},
                     {.id = "arrangement",
                      .symbol = "arrangement",
                      .kind = parameter_kind::choice,
                      .default_value = std::string("consecutive"),
                      .choices = {"consecutive", "circulant"},
                      .help = "Global links: consecutive (absolute) or circulant"}},
      .example = {{"a", std::uint64_t{2}}, {"h", std::uint64_t{1}}},
      .make =
          [](const parameter_values& v) {
            const auto a = unsigned_value(v, "a"), h = unsigned_value(v, "h"), g = unsigned_value(v, "groups");
            return dragonfly<std::uint32_t>(a, h, g == 0 ? dragonfly_max_groups(a, h) : g,
                                            parse_dragonfly_arrangement(choice_value(v, "arrangement")));
          },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"local", "global"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            // router j of group i has id i·a + j: a link inside a group is local
            const auto a = unsigned_value(v, "a"), h = unsigned_value(v, "h"), groups = unsigned_value(v, "groups");
            const auto n = dragonfly_order<std::uint32_t>(a, h, groups == 0 ? dragonfly_max_groups(a, h) : groups);
            return detail::classes_by_ends(g, n, {"local", "global"},
                                           [a](std::uint32_t x, std::uint32_t y) { return x / a == y / a ? 0 : 1; });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "Dragonfly",
                           .rule = "the balanced maximal ones: a = 2h, g = ah + 1, consecutive global links",
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t) {
                                 std::vector<field_candidate> out;
                                 for (std::uint64_t h = 1; 3 * h - 1 <= max_radix; ++h) {
                                   const std::uint64_t a = 2 * h, g = a * h + 1;
                                   out.push_back({{{"a", a}, {"h", h}, {"groups", g}, {"arrangement", std::string("consecutive")}},
                                                  a * g,
                                                  a - 1 + h,
                                                  "a = " + core::to_message(a) + ", h = " + core::to_message(h) +
                                                      ", g = " + core::to_message(g)});
                                 }
                                 return out;
                               }},
      .endpoints_rule = "ceil(a/2): p = a/2 in the balanced configuration a = 2p = 2h (Kim et al.)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), (unsigned_value(v, "a") + 1) / 2);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) { return "groups of a = " + core::to_message(unsigned_value(v, "a")) + " routers"; },
          .group_of = [](const parameter_values& v, std::size_t routers) { return block_groups(routers, unsigned_value(v, "a")); }},
  };
  return f;
}

}  // namespace shiftfly::topology
