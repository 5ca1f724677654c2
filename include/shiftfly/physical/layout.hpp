#pragma once
/// \file layout.hpp
/// Routers (with their endpoints) placed into racks, and racks on a floor.
///
/// API:
///   enum class layout_rule { grouped, sequential, metis };
///   std::string_view layout_name(layout_rule);                         // "grouped", "sequential", "metis"
///   layout_rule layout_named(std::string_view);                        // refuses another word, naming `layout`
///   std::uint64_t rack_capacity(std::uint64_t max_endpoints, const rack_geometry&);  // routers a rack holds
///   std::vector<std::uint64_t> family_groups(const topology::family_spec&, std::size_t routers);
///   std::string family_grouping(const topology::family_spec&);         // the rule in words, "" if none
///   struct floor_layout { rack_of, racks, routers_per_rack, racks_per_row, rule };
///   floor_layout place(routers, groups, max_endpoints, const rack_geometry&, layout_rule);
///   double link_length_m(const floor_layout&, const rack_geometry&, u, v);
///
/// The rule (this library's, written after the layouts of the Dragonfly and Slim Fly papers,
/// which put a group, or a pair of Slim Fly subgraph rows, in a rack or a run of racks):
/// - A rack holds ⌊slots / (router_slots + P·endpoint_slots)⌋ routers, P the largest endpoint
///   count of a router; a rack that cannot hold one router is refused.
/// - `grouped`: the routers are taken group by group (the family's grouping, family_groups
///   below: Dragonfly's groups of a routers, Boardfly's and Shiftfly's 32-chip groups at chip
///   level, fat-tree pods (edge and aggregation switches of a pod; the core switches form one
///   more group), Slim Fly's rows (s, x) of q routers, the slabs of a torus or HyperX (routers
///   with the same last coordinate)), in ascending group and then router id. A group goes into
///   the current rack when it fits in the room left there; otherwise it starts a new rack, and
///   a group larger than a rack fills whole racks in turn. A family without a grouping (and a
///   graph read from a file) is placed `sequential`ly. A torus's slabs are taken in folded
///   order (slab i at position 2i for i < ⌈k/2⌉, else 2(k − 1 − i) + 1, k the last dimension),
///   the folded torus (Dally and Towles, Principles and Practices of Interconnection Networks,
///   2004, the torus chapter): every ring link of the last dimension, the wrap-around one
///   included, joins slabs at most two positions apart.
/// - `metis`: `groups` is a METIS partition of the graph into ⌈routers / rack capacity⌉ parts
///   (physical/metis_layout.hpp, solvers component: recursive bisection, so parts with nearby
///   numbers are nearby in the graph); the routers are taken part by part in ascending part and
///   then router id, and fill racks in turn as `sequential` does (a part METIS made a little
///   larger than a rack spills into the next rack), so no rack holds more than its capacity and
///   the rack count is the least possible, ⌈routers / capacity⌉.
/// - `sequential`: router ids in ascending order fill racks in turn (the generators number
///   routers so that neighbours by id are mostly near in the graph).
/// - Racks stand in rows of racks_per_row (0: ⌈√racks⌉, a square floor); rack i is in row
///   i / racks_per_row at position i mod racks_per_row, width_m apart along a row and depth_m
///   between rows. A link inside a rack is intra_rack_m long; a link between racks is the
///   Manhattan distance between them plus inter_rack_m.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/physical/model.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::physical {

/// How routers are ordered into racks.
enum class layout_rule { grouped, sequential, metis };

inline std::string_view layout_name(layout_rule r) {
  return r == layout_rule::grouped ? "grouped" : r == layout_rule::metis ? "metis" : "sequential";
}

inline layout_rule layout_named(std::string_view name) {
  if (name == "grouped") return layout_rule::grouped;
  if (name == "sequential") return layout_rule::sequential;
  if (name == "metis") return layout_rule::metis;
  core::throw_out_of_range("layout", "layout", "'" + std::string(name) + "'", "grouped, sequential, metis");
}

/// The routers a rack holds when a router has at most `max_endpoints` endpoints: ⌊slots /
/// (router_slots + max_endpoints · endpoint_slots)⌋; a rack that cannot hold one router is refused.
inline std::uint64_t rack_capacity(std::uint64_t max_endpoints, const rack_geometry& rack) {
  // The room of one router and its endpoints, in 128 bits so that no product wraps.
  const unsigned __int128 need = static_cast<unsigned __int128>(max_endpoints) * rack.endpoint_slots + rack.router_slots;
  if (need > rack.slots)
    core::fail_parameter("place", "rack.slots", core::to_message(rack.slots),
                         "cannot hold one router with its " + core::to_message(max_endpoints) + " endpoints (it needs " +
                             core::to_message(rack.router_slots) + " + " + core::to_message(max_endpoints) + " x " +
                             core::to_message(rack.endpoint_slots) + " slots)",
                         "at least router_slots + endpoints x endpoint_slots");
  return need == 0 ? rack.slots : rack.slots / static_cast<std::uint64_t>(need);
}

/// The family's grouping in words ("Dragonfly groups of a = 4 routers"), or "" if it has none
/// (its descriptor's grouping, topology/descriptor.hpp).
inline std::string family_grouping(const topology::family_spec& spec) {
  const auto full = topology::resolve(spec);
  const auto& grouping = full.descriptor().grouping;
  return grouping ? grouping->text(full.values()) : std::string();
}

/// The group of every router under the family's grouping (family_grouping), or an empty
/// vector when the family has none. The spec's graph has `routers` vertices.
inline std::vector<std::uint64_t> family_groups(const topology::family_spec& spec, std::size_t routers) {
  const auto full = topology::resolve(spec);
  const auto& grouping = full.descriptor().grouping;
  return grouping ? grouping->group_of(full.values(), routers) : std::vector<std::uint64_t>{};
}

/// Routers in racks, racks on the floor.
struct floor_layout {
  std::vector<std::uint64_t> rack_of;  ///< the rack of every router
  std::uint64_t racks = 0, routers_per_rack = 0, racks_per_row = 0;
  layout_rule rule = layout_rule::sequential;
};

/// Places `routers` routers (each with at most `max_endpoints` endpoints) into racks by `rule`;
/// `groups` (one per router, or empty) is the grouping the `grouped` rule follows.
inline floor_layout place(std::size_t routers, const std::vector<std::uint64_t>& groups, std::uint64_t max_endpoints,
                          const rack_geometry& rack, layout_rule rule) {
  if (!groups.empty() && groups.size() != routers)
    core::fail("place", "groups has " + core::to_message(groups.size()) + " entries for " + core::to_message(routers) +
                            " routers");
  floor_layout l;
  l.routers_per_rack = rack_capacity(max_endpoints, rack);
  if (rule == layout_rule::metis && groups.empty() && routers > 0)
    core::fail("place", "the metis layout needs the METIS parts of the graph (physical::metis_request, "
                        "physical/metis_layout.hpp)");
  l.rule = groups.empty() ? layout_rule::sequential : rule;
  l.rack_of.assign(routers, 0);
  std::vector<std::uint64_t> order(routers);
  for (std::size_t u = 0; u < routers; ++u) order[u] = u;
  if (l.rule != layout_rule::sequential)
    std::stable_sort(order.begin(), order.end(), [&](std::uint64_t a, std::uint64_t b) { return groups[a] < groups[b]; });
  std::uint64_t rack_index = 0, used = 0;
  for (std::size_t i = 0; i < routers;) {
    std::size_t j = i + 1;  // [i, j) is one group (one router under `sequential`)
    if (l.rule == layout_rule::grouped)
      while (j < routers && groups[order[j]] == groups[order[i]]) ++j;
    const std::uint64_t size = j - i;
    if (used > 0 && used + size > l.routers_per_rack) {  // does not fit in the room left: a new rack
      ++rack_index;
      used = 0;
    }
    for (std::size_t t = i; t < j; ++t) {
      if (used == l.routers_per_rack) {
        ++rack_index;
        used = 0;
      }
      l.rack_of[order[t]] = rack_index;
      ++used;
    }
    i = j;
  }
  l.racks = routers == 0 ? 0 : rack_index + 1;
  l.racks_per_row = rack.racks_per_row;
  if (l.racks_per_row == 0) {
    l.racks_per_row = 1;
    while (l.racks_per_row * l.racks_per_row < l.racks) ++l.racks_per_row;
  }
  return l;
}

/// The length in metres of the cable between routers u and v.
inline double link_length_m(const floor_layout& l, const rack_geometry& rack, std::uint64_t u, std::uint64_t v) {
  const std::uint64_t a = l.rack_of[u], b = l.rack_of[v];
  if (a == b) return rack.intra_rack_m;
  const auto diff = [](std::uint64_t x, std::uint64_t y) { return static_cast<double>(x > y ? x - y : y - x); };
  const double along = diff(a % l.racks_per_row, b % l.racks_per_row) * rack.width_m;
  const double across = diff(a / l.racks_per_row, b / l.racks_per_row) * rack.depth_m;
  return along + across + rack.inter_rack_m;
}

}  // namespace shiftfly::physical
