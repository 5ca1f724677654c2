#pragma once
/// \file tofu.hpp
/// Fujitsu's Tofu interconnect, a 6-D mesh/torus (Ajima, Sumimoto and Shimizu, "Tofu: a 6D
/// mesh/torus interconnect for exascale computers", IEEE Computer 42(11), 2009; Ajima et al., "The
/// Tofu interconnect", IEEE Micro 32(1), 2012): X × Y × Z Tofu units of 2 × 3 × 2 routers (the
/// K computer's nodes, one router each). The unit's axes A and C (size 2) are meshes, one link;
/// B (size 3) is a ring, a triangle; X, Y and Z are rings across the units. A router thus has the
/// paper's ten links (X±, Y±, Z±, A, B±, C) where X, Y, Z >= 3. At a size 2 the two directions join
/// the same pair (one link of the router graph), at a size 1 the axis has no link; the router graph
/// is then the torus of the sizes above 1 among 2, 3, 2, X, Y, Z (topology/torus.hpp), and
/// dimension-order routing runs on those coordinates.
///
///     tofu<V>(dims = {X, Y, Z}) -> core::graph<V>, named "Tofu(2x2x3)"
///     tofu_order<V>(dims) = 12 X Y Z
///
/// Numbering: router (a, b, c, x, y, z) is a + 2(b + 3(c + 2(x + X(y + Y z)))), the unit's axes
/// fastest, as EvalNet's generator numbers them (github.com/spcl/EvalNet, topogen/TofuGenerator.py,
/// after Jens Domke's; tests/fixtures/evalnet/tofu.txt holds its graphs).

#include <array>
#include <initializer_list>
#include <concepts>
#include <cstdint>
#include <span>
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

/// Routers of a Tofu unit (A × B × C = 2 × 3 × 2), and the largest X, Y or Z within 32-bit ids.
inline constexpr std::uint64_t tofu_unit = 12, tofu_max_size = 4294967295u / tofu_unit;

/// Validates dims (three sizes X, Y, Z, each from 1 to 357913941, 12 X Y Z within V's ids) and
/// returns the router count 12 X Y Z.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t tofu_order(std::span<const std::uint64_t> dims) {
  if (dims.size() != 3) core::throw_out_of_range("tofu", "number of dims items", dims.size(), "3 (X, Y, Z)");
  for (auto k : dims) core::require_range("tofu", "dims item", k, 1, tofu_max_size);
  std::uint64_t n = tofu_unit;
  for (auto k : dims) {
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(n, k, &r) || r > core::max_vertices<V>()) {
      const std::string text = core::to_message(dims[0]) + "," + core::to_message(dims[1]) + "," + core::to_message(dims[2]);
      core::throw_out_of_range("tofu", "dims", text,
                               "12 X Y Z routers at most " + core::to_message(core::max_vertices<V>()) + " for " +
                                   core::to_message(sizeof(V) * 8) + "-bit vertex ids");
    }
    n = r;
  }
  return n;
}

/// The six axis sizes in numbering order: A = 2, B = 3, C = 2, X, Y, Z.
inline std::array<std::uint64_t, 6> tofu_axes(std::span<const std::uint64_t> dims) {
  tofu_order<std::uint64_t>(dims);
  return {2, 3, 2, dims[0], dims[1], dims[2]};
}

/// The coordinates dimension-order routing reads: the axis sizes above 1 (an axis of size 1 has
/// no link; dropping it leaves every other coordinate's stride as it is), each a ring.
inline std::vector<std::uint64_t> tofu_ring_dims(std::span<const std::uint64_t> dims) {
  std::vector<std::uint64_t> out;
  for (auto k : tofu_axes(dims))
    if (k > 1) out.push_back(k);
  return out;
}

/// The Tofu router graph of X × Y × Z units (see the file comment for the numbering).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> tofu(std::span<const std::uint64_t> dims) {
  const std::uint64_t n = tofu_order<V>(dims);
  const auto axes = tofu_axes(dims);
  core::require_graph_memory("tofu", sizeof(V), n, core::checked_mul(n, 6, "tofu", "link count"));
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(n * 6));
  std::uint64_t stride = 1;
  for (auto k : axes) {
    if (k > 1)
      for (std::uint64_t u = 0; u < n; ++u) {
        const std::uint64_t c = (u / stride) % k;
        if (k == 2 && c == 1) continue;  // the pair's one link, from its lower end
        edges.emplace_back(static_cast<V>(u), static_cast<V>(c + 1 == k ? u - c * stride : u + stride));
      }
    stride *= k;
  }
  return core::graph<V>::from_edges(n, edges,
                                    "Tofu(" + core::to_message(dims[0]) + "x" + core::to_message(dims[1]) + "x" +
                                        core::to_message(dims[2]) + ")");
}

/// Convenience overload for a braced list: tofu({2, 2, 3}).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> tofu(std::initializer_list<std::uint64_t> dims) {
  return tofu<V>(std::span<const std::uint64_t>(dims.begin(), dims.size()));
}

/// The Tofu family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& tofu_family() {
  static const family_descriptor f{
      .name = "tofu",
      .summary = "Tofu 6-D mesh/torus: X x Y x Z units of 2 x 3 x 2 routers, rings along X, Y, Z and B (Ajima et al. 2009)",
      .source = "Ajima et al., IEEE Computer 2009; IEEE Micro 2012",
      .parameters = {{.id = "dims",
                      .symbol = "X,Y,Z",
                      .kind = parameter_kind::unsigned_list,
                      .min = 1,
                      .max = tofu_max_size,
                      .help = "Units along X, Y and Z, e.g. 4,4,4 (three sizes, each at least 1; 12 X Y Z routers)"}},
      .example = {{"dims", std::vector<std::uint64_t>{1, 1, 3}}},
      .make = [](const parameter_values& v) { return tofu<std::uint32_t>(list_value(v, "dims")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"X", "Y", "Z", "A", "B", "C"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto& dims = list_value(v, "dims");
            const auto axes = tofu_axes(dims);
            return detail::classes_by_ends(g, tofu_order(dims), {"X", "Y", "Z", "A", "B", "C"},
                                           [axes](std::uint32_t a, std::uint32_t b) {
                                             std::uint64_t x = a, y = b;
                                             std::size_t i = 0;
                                             for (; i < axes.size() && x % axes[i] == y % axes[i]; ++i) {
                                               x /= axes[i];
                                               y /= axes[i];
                                             }
                                             return (i + 3) % 6;  // A, B, C, X, Y, Z in the numbering
                                           });
          },
      .routings = {"minimal", "ecmp", "spread", "dor", "valiant", "ksp"},
      .endpoints_rule = "1 (one node a router: the K computer's node and its interconnect controller, Ajima et al.)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), 1);
      },
      .coordinates = [](const parameter_values& v) { return router_coordinates{tofu_ring_dims(list_value(v, "dims")), true}; },
      .grouping = router_grouping{
          .text = [](const parameter_values&) { return std::string("Tofu units of 2 x 3 x 2 = 12 routers"); },
          .group_of = [](const parameter_values&, std::size_t routers) { return block_groups(routers, tofu_unit); }},
  };
  return f;
}

}  // namespace shiftfly::topology
