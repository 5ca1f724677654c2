#pragma once
/// \file shiftfly.hpp
/// Shiftfly (Shiftfly paper §4): Boardfly's building blocks and groups, with the
/// global tier replaced by a generalized Kautz digraph on the optical switch.
///
/// Group level: out-degree d = ports/2, because out-degree d costs 2d
/// bidirectional ports (Proposition 4.3, Corollary 4.4: d = 20 at 40 ports).
/// The `imase_itoh` construction is II(G, d), which exists at every G; the
/// `kautz` construction is the string Kautz graph K(d, D) of the least D with
/// (d+1)d^{D-1} >= G, so it has at least G vertices (capacity is stranded).
///
/// Chip level (stated rule of this library): group u's optical port slot k lives
/// on building block k mod 8, chip ⌊k/8⌋ mod 4 (Boardfly's rule). The arc
/// u -> v with index r (its r-th out-arc, r = 1..d) uses out-slot r-1 of u and
/// in-slot d + j of v, where j ranks the arc among v's in-arcs by (tail, index).
/// A loop, a repeated arc, or the second arc of a bidirectional pair (ranked by
/// (tail, index)) adds no link: its slots stay dark.

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"

namespace shiftfly::topology {

/// Global-tier construction of Shiftfly.
enum class shiftfly_construction { imase_itoh, kautz };

/// Parses "imase-itoh" or "kautz".
inline shiftfly_construction parse_shiftfly_construction(std::string_view text) {
  if (text == "imase-itoh") return shiftfly_construction::imase_itoh;
  if (text == "kautz") return shiftfly_construction::kautz;
  core::throw_out_of_range("shiftfly", "construction", std::string(text), "imase-itoh or kautz");
}

/// Largest optical port budget accepted per group.
inline constexpr std::uint64_t shiftfly_max_ports = 2 * 65534;

/// The ports accepted: an even number from 4 to shiftfly_max_ports.
inline parameter_range shiftfly_ports_range() { return {4, shiftfly_max_ports, "an even number", {}}; }

/// Proposition 4.3: the out-degree d = ports/2 a budget of `ports` optical ports pays for (ports even, >= 4).
inline std::uint64_t shiftfly_out_degree(std::uint64_t ports) {
  const auto r = shiftfly_ports_range();
  if (ports < r.min || ports > r.max || ports % 2 != 0) core::throw_out_of_range("shiftfly", "ports", ports, range_text(r));
  return ports / 2;
}

/// Group-level Shiftfly on `groups` groups at `ports` optical ports per group.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> shiftfly_group_level(std::uint64_t groups, std::uint64_t ports = group_optical_ports,
                                    shiftfly_construction construction = shiftfly_construction::imase_itoh) {
  core::require_range("shiftfly", "groups", groups, 1, core::max_vertices<V>());
  const std::uint64_t d = shiftfly_out_degree(ports);
  if (construction == shiftfly_construction::imase_itoh)
    return detail::imase_itoh_unchecked<V>(groups, d,
                                           "Shiftfly GK(" + core::to_message(groups) + "," + core::to_message(d) + ")");
  const std::uint64_t D = smallest_kautz_diameter(groups, d);
  kautz_order<V>(d, D);
  auto g = kautz<V>(d, D);
  g.set_name("Shiftfly K(" + core::to_message(d) + "," + core::to_message(D) + ")");
  return g;
}

/// Chip-level Shiftfly: every group of the group-level graph expanded into
/// Boardfly's 32 chips (8 building blocks of 4), global links placed by the rule above.
/// The number of groups is that of the group-level graph (for `kautz`, its capacity).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> shiftfly_chip_level(std::uint64_t groups, std::uint64_t ports = group_optical_ports,
                                   shiftfly_construction construction = shiftfly_construction::imase_itoh) {
  core::require_range("shiftfly", "groups", groups, 1, core::max_vertices<V>());
  const std::uint64_t d = shiftfly_out_degree(ports);
  std::uint64_t G = groups;
  if (construction == shiftfly_construction::kautz) G = kautz_order<std::uint64_t>(d, smallest_kautz_diameter(groups, d));
  const std::uint64_t n = core::checked_mul(G, group_chips, "shiftfly", "chip count", core::max_vertices<V>());
  core::require_graph_memory("shiftfly", sizeof(V), n, G * (60 + d));
  const auto top = shiftfly_group_level<std::uint32_t>(groups, ports, construction);
  // In-slot ranks: arcs sorted by (tail, index) reach each head in that order.
  std::vector<std::uint32_t> in_rank(G, 0);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(G * 60 + top.num_edges());
  detail::boardfly_group_internals(G, edges);
  for (std::uint64_t u = 0; u < G; ++u) {
    const auto outs = top.out_arcs(static_cast<std::uint32_t>(u));
    for (std::size_t r = 0; r < outs.size(); ++r) {
      const std::uint64_t v = outs[r];
      const std::uint64_t j = in_rank[v]++;
      if (v == u) continue;
      // Cabled only if this is the first arc (by (tail, index)) between u and v.
      bool first = true;
      for (std::size_t s = 0; s < r && first; ++s) first = outs[s] != v;
      if (first && v < u) {
        const auto back = top.out_arcs(static_cast<std::uint32_t>(v));
        for (auto w : back) first = first && w != u;
      }
      if (!first) continue;
      edges.emplace_back(static_cast<V>(u * group_chips + optical_slot_chip(r)),
                         static_cast<V>(v * group_chips + optical_slot_chip(d + j)));
    }
  }
  return core::graph<V>::from_edges(n, edges, "Shiftfly chips(" + core::to_message(G) + " groups)");
}

/// The Shiftfly family's descriptor (topology/descriptor.hpp); in the field tables, any group
/// count G, Imase-Itoh, at the radix rounded down to even ports.
inline const family_descriptor& shiftfly_family() {
  static const family_descriptor f{
      .name = "shiftfly",
      .summary = "Shiftfly: Boardfly groups with a generalized Kautz global tier",
      .source = "the Shiftfly paper",
      .parameters = {{.id = "groups", .symbol = "G", .min = 1, .max = 4294967295u, .help = "Number of 32-chip groups"},
                     {.id = "ports",
                      .symbol = "ports",
                      .min = 4,
                      .max = shiftfly_max_ports,
                      .default_value = std::uint64_t{group_optical_ports},
                      .help = "Optical ports per group, even",
                      .rule = shiftfly_ports_range().rule},
                     {.id = "construction",
                      .symbol = "construction",
                      .kind = parameter_kind::choice,
                      .default_value = std::string("imase-itoh"),
                      .choices = {"imase-itoh", "kautz"},
                      .help = "Global tier: Imase-Itoh (any group count) or Kautz"},
                     {.id = "level",
                      .symbol = "level",
                      .kind = parameter_kind::choice,
                      .default_value = std::string("group"),
                      .choices = {"group", "chip"},
                      .help = "Graph of the groups or of the chips"}},
      .example = {{"groups", std::uint64_t{4}}},
      .make =
          [](const parameter_values& v) {
            const auto groups = unsigned_value(v, "groups"), ports = unsigned_value(v, "ports");
            const auto construction = parse_shiftfly_construction(choice_value(v, "construction"));
            return choice_value(v, "level") == "chip" ? shiftfly_chip_level<std::uint32_t>(groups, ports, construction)
                                                      : shiftfly_group_level<std::uint32_t>(groups, ports, construction);
          },
      .is_digraph = [](const parameter_values& v) { return choice_value(v, "level") == "group"; },
      .link_classes = {"board", "global"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            // chip level: chips of one 32-chip group are joined by board links; every group-level arc is global
            const bool chips = choice_value(v, "level") == "chip";
            std::uint64_t groups = unsigned_value(v, "groups");
            if (parse_shiftfly_construction(choice_value(v, "construction")) == shiftfly_construction::kautz) {
              const auto d = shiftfly_out_degree(unsigned_value(v, "ports"));
              groups = kautz_order<std::uint64_t>(d, smallest_kautz_diameter(groups, d));
            }
            return detail::classes_by_ends(g, chips ? groups * group_chips : groups, {"board", "global"}, [chips](std::uint32_t x, std::uint32_t y) {
              return chips && x / group_chips == y / group_chips ? 0 : 1;
            });
          },
      .routings = {"shift", "minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "Shiftfly",
                           .rule = "Imase-Itoh, ports = the radix rounded down to even, at the size itself",
                           .rank = 0,
                           .size_is_free = true,
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t max_routers) {
                                 std::vector<field_candidate> out;
                                 const std::uint64_t ports = max_radix - max_radix % 2;
                                 if (ports >= 4)
                                   out.push_back({{{"groups", max_routers},
                                                   {"ports", ports},
                                                   {"construction", std::string("imase-itoh")},
                                                   {"level", std::string("group")}},
                                                  max_routers,
                                                  ports,
                                                  "G = " + core::to_message(max_routers) + ", ports = " + core::to_message(ports)});
                                 return out;
                               }},
      .endpoints_rule = "chips as the Shiftfly paper counts them: 1 a chip (--level chip), 32 a group (--level group)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), choice_value(v, "level") == "chip" ? 1 : group_chips);
      },
      .shift = shift_labels::shiftfly_groups,
      .grouping = router_grouping{
          .text = [](const parameter_values& v) { return choice_value(v, "level") == "chip" ? std::string("32-chip groups") : std::string(); },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return choice_value(v, "level") == "chip" ? block_groups(routers, group_chips) : std::vector<std::uint64_t>{};
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
