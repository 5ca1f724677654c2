#pragma once
/// \file boardfly.hpp
/// Boardfly, the TPU 8i interconnect (Shiftfly paper §2.2, Lemma 2.3, eq. (1)).
///
/// A building block holds 4 fully connected chips; 8 blocks, fully connected in
/// copper, form a 32-chip group; 36 groups, fully connected through the optical
/// circuit switch, form a 1,152-chip pod. Each block has 16 external links, 11
/// copper and 5 optical, so a group has 40 optical ports; the pod uses 35.
///
/// Port rule (the reference artefact's, which reproduces Lemma 2.3's diameter 7):
/// - copper: the link between blocks i and j of a group is owned by chip j mod 4
///   of block i and chip i mod 4 of block j;
/// - optical: a group's optical port slot k lives on block k mod 8, chip
///   ⌊k/8⌋ mod 4. The intra-pod link to the group with pod-local index q uses
///   slot q on each side.
/// Several pods (stated rule of this library): the inter-pod links of a group,
/// in the order they are drawn from the shuffled stub list, use slot p (its own
/// pod-local index, which the intra-pod tier leaves free) and then slots 36, 37,
/// 38, 39, so that every block carries exactly its 5 optical ports.
///
/// Group level beyond one pod (the reference artefact's model): groups are
/// complete within each pod of 36; every group offers 5 inter-pod stubs, listed
/// group by group (stub list 0,0,0,0,0,1,1,...), shuffled by CPython's
/// random.Random(seed).shuffle, paired consecutively, and pairs within one pod dropped.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/core/python_random.hpp"

namespace shiftfly::topology {

inline constexpr std::uint64_t bb_chips = 4;          ///< chips per building block
inline constexpr std::uint64_t group_bbs = 8;         ///< building blocks per group
inline constexpr std::uint64_t group_chips = 32;      ///< chips per group
inline constexpr std::uint64_t pod_groups = 36;       ///< groups per pod
inline constexpr std::uint64_t pod_chips = 1152;      ///< chips per pod
inline constexpr std::uint64_t bb_optical_links = 5;  ///< optical links per building block
inline constexpr std::uint64_t group_optical_ports = 40;  ///< optical ports per group
inline constexpr std::uint64_t inter_pod_ports = group_optical_ports - (pod_groups - 1);  ///< 5

/// Chip id of chip c of building block b of group g: (g·8 + b)·4 + c.
constexpr std::uint64_t chip_id(std::uint64_t group, std::uint64_t bb, std::uint64_t c) {
  return (group * group_bbs + bb) * bb_chips + c;
}

/// Chip (within its group) owning optical port slot k: block k mod 8, chip ⌊k/8⌋ mod 4.
constexpr std::uint64_t optical_slot_chip(std::uint64_t k) {
  return (k % group_bbs) * bb_chips + (k / group_bbs) % bb_chips;
}

/// Equation (1): g group hops cost 3(g+1) + g chip hops (3 inside each of the
/// g+1 groups traversed, plus the g optical links).
constexpr std::uint64_t chip_hops(std::uint64_t group_hops) { return 3 * (group_hops + 1) + group_hops; }

/// Equation (1) for a mean group distance.
constexpr double chip_hops_mean(double group_hops) { return 3.0 * (group_hops + 1.0) + group_hops; }

/// The inter-pod links of the group-level Boardfly on `groups` groups, in the
/// order the reference draws them (pairs of the shuffled stub list, same-pod
/// pairs dropped; a pair may repeat). Empty at 36 groups or fewer.
inline std::vector<std::pair<std::uint64_t, std::uint64_t>> boardfly_inter_pod_links(std::uint64_t groups,
                                                                                     std::uint64_t seed = 7) {
  core::require_range("boardfly", "groups", groups, 1, core::max_vertices<std::uint32_t>() / inter_pod_ports);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  if (groups <= pod_groups) return out;
  std::vector<std::uint32_t> stubs;
  stubs.reserve(groups * inter_pod_ports);
  for (std::uint64_t g = 0; g < groups; ++g)
    for (std::uint64_t k = 0; k < inter_pod_ports; ++k) stubs.push_back(static_cast<std::uint32_t>(g));
  core::python_random rng(seed);
  rng.shuffle(stubs);
  for (std::size_t i = 0; i + 1 < stubs.size(); i += 2) {
    const std::uint64_t a = stubs[i], b = stubs[i + 1];
    if (a / pod_groups != b / pod_groups) out.emplace_back(a, b);
  }
  return out;
}

/// Group-level Boardfly on `groups` groups (complete within each pod of 36, the
/// reference's random inter-pod pairing beyond). One pod at 36 groups or fewer.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> boardfly_group_level(std::uint64_t groups, std::uint64_t seed = 7) {
  core::require_range("boardfly", "groups", groups, 1, core::max_vertices<std::uint32_t>() / inter_pod_ports);
  core::require_vertex_count<V>("boardfly", groups);
  const auto inter = boardfly_inter_pod_links(groups, seed);
  std::vector<std::pair<V, V>> edges;
  const std::uint64_t pods = (groups + pod_groups - 1) / pod_groups;
  edges.reserve(pods * pod_groups * (pod_groups - 1) / 2 + inter.size());
  for (std::uint64_t p = 0; p < pods; ++p) {
    const std::uint64_t lo = p * pod_groups, hi = std::min(groups, lo + pod_groups);
    for (std::uint64_t a = lo; a < hi; ++a)
      for (std::uint64_t b = a + 1; b < hi; ++b) edges.emplace_back(static_cast<V>(a), static_cast<V>(b));
  }
  for (auto [a, b] : inter) edges.emplace_back(static_cast<V>(a), static_cast<V>(b));
  return core::graph<V>::from_edges(groups, edges, "Boardfly-of-pods(" + core::to_message(groups) + " groups)");
}

namespace detail {
/// Adds the building-block and copper links of every group (the reference rule).
template <class V>
void boardfly_group_internals(std::uint64_t groups, std::vector<std::pair<V, V>>& edges) {
  for (std::uint64_t g = 0; g < groups; ++g) {
    for (std::uint64_t bb = 0; bb < group_bbs; ++bb)
      for (std::uint64_t a = 0; a < bb_chips; ++a)
        for (std::uint64_t b = a + 1; b < bb_chips; ++b)
          edges.emplace_back(static_cast<V>(chip_id(g, bb, a)), static_cast<V>(chip_id(g, bb, b)));
    for (std::uint64_t i = 0; i < group_bbs; ++i)
      for (std::uint64_t j = i + 1; j < group_bbs; ++j)
        edges.emplace_back(static_cast<V>(chip_id(g, i, j % bb_chips)), static_cast<V>(chip_id(g, j, i % bb_chips)));
  }
}
}  // namespace detail

/// Chip-level Boardfly on `groups` groups. At 36 groups or fewer it is one pod
/// (at 36, the published TPU 8i pod: 1,152 chips, maximum degree 7, mean degree
/// 5.84, diameter 7 by Lemma 2.3). Beyond, pods are joined by the group-level
/// inter-pod links, each landing on the chip given by the port rule above.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> boardfly_chip_level(std::uint64_t groups = pod_groups, std::uint64_t seed = 7) {
  core::require_range("boardfly", "groups", groups, 1, core::max_vertices<std::uint32_t>() / inter_pod_ports);
  const std::uint64_t n = core::checked_mul(groups, group_chips, "boardfly", "chip count", core::max_vertices<V>());
  core::require_graph_memory("boardfly", sizeof(V), n, groups * (6 * group_bbs + 28 + pod_groups / 2 + inter_pod_ports));
  const auto inter = boardfly_inter_pod_links(groups, seed);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(groups * (6 * group_bbs + 28) + groups * pod_groups / 2 + inter.size());
  detail::boardfly_group_internals(groups, edges);
  const std::uint64_t pods = (groups + pod_groups - 1) / pod_groups;
  for (std::uint64_t p = 0; p < pods; ++p) {
    const std::uint64_t lo = p * pod_groups, hi = std::min(groups, lo + pod_groups);
    for (std::uint64_t a = lo; a < hi; ++a)
      for (std::uint64_t b = a + 1; b < hi; ++b)
        edges.emplace_back(static_cast<V>(a * group_chips + optical_slot_chip(b - lo)),
                           static_cast<V>(b * group_chips + optical_slot_chip(a - lo)));
  }
  // Inter-pod slots: p (own pod-local index), then 36..39.
  std::vector<std::uint8_t> used(inter.empty() ? 0 : groups, 0);
  auto next_slot = [&](std::uint64_t g) {
    const std::uint8_t j = used[g]++;
    return j == 0 ? g % pod_groups : pod_groups + (j - 1);
  };
  for (auto [a, b] : inter) {
    const std::uint64_t sa = next_slot(a), sb = next_slot(b);
    edges.emplace_back(static_cast<V>(a * group_chips + optical_slot_chip(sa)),
                       static_cast<V>(b * group_chips + optical_slot_chip(sb)));
  }
  return core::graph<V>::from_edges(n, edges, "Boardfly chips(" + core::to_message(groups) + " groups)");
}

/// The Boardfly family's descriptor (topology/descriptor.hpp); in the field tables, any group
/// count G at its 40 optical ports a group (seed 7).
inline const family_descriptor& boardfly_family() {
  static const family_descriptor f{
      .name = "boardfly",
      .summary = "Boardfly (TPU 8i); one pod at 36 groups or fewer",
      .source = "the Shiftfly paper, Section 2 (TPU 8i), Lemma 2.3",
      .parameters = {{.id = "groups",
                      .symbol = "G",
                      .min = 1,
                      .max = core::max_vertices<std::uint32_t>() / inter_pod_ports,
                      .help = "Number of 32-chip groups"},
                     {.id = "seed", .symbol = "seed", .default_value = std::uint64_t{7}, .help = "Seed of the inter-pod wiring"},
                     {.id = "level",
                      .symbol = "level",
                      .kind = parameter_kind::choice,
                      .default_value = std::string("group"),
                      .choices = {"group", "chip"},
                      .help = "Graph of the groups or of the chips"}},
      .example = {{"groups", std::uint64_t{3}}},
      .make =
          [](const parameter_values& v) {
            const auto groups = unsigned_value(v, "groups"), seed = unsigned_value(v, "seed");
            return choice_value(v, "level") == "chip" ? boardfly_chip_level<std::uint32_t>(groups, seed)
                                                      : boardfly_group_level<std::uint32_t>(groups, seed);
          },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"board", "intra-pod", "inter-pod"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            // chips of one 32-chip group: board; groups of one pod of 36: intra-pod; else inter-pod
            const bool chips = choice_value(v, "level") == "chip";
            const auto groups = unsigned_value(v, "groups");
            return detail::classes_by_ends(g, chips ? groups * group_chips : groups, {"board", "intra-pod", "inter-pod"}, [chips](std::uint32_t x, std::uint32_t y) {
              const std::uint64_t gx = chips ? x / group_chips : x, gy = chips ? y / group_chips : y;
              return gx == gy ? 0 : (gx / pod_groups == gy / pod_groups ? 1 : 2);
            });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "Boardfly",
                           .rule = "40 optical ports a group, seed 7, at the size itself",
                           .rank = 1,
                           .size_is_free = true,
                           .candidates =
                               [](std::uint64_t, std::uint64_t max_routers) {
                                 return std::vector<field_candidate>{
                                     {{{"groups", max_routers}, {"seed", std::uint64_t{7}}, {"level", std::string("group")}},
                                      max_routers,
                                      group_optical_ports,
                                      "G = " + core::to_message(max_routers) + ", seed 7"}};
                               }},
      .endpoints_rule = "chips as the Shiftfly paper counts them: 1 a chip (--level chip), 32 a group (--level group)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), choice_value(v, "level") == "chip" ? 1 : group_chips);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) { return choice_value(v, "level") == "chip" ? std::string("32-chip groups") : std::string(); },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return choice_value(v, "level") == "chip" ? block_groups(routers, group_chips) : std::vector<std::uint64_t>{};
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
