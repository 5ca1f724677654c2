#pragma once
/// \file hammingmesh.hpp
/// HammingMesh (Hoefler, Bonato, De Sensi, Di Girolamo, Li, Heddes, Belk, Goel, Castro and Scott,
/// "HammingMesh: A Network Topology for Large-Scale Deep Learning", SC '22, arXiv 2209.01346): boards
/// of a × b accelerators, each board a 2-D mesh on its circuit board (no wraparound), the boards in
/// an x × y grid. Every accelerator has four ports (east, west, north, south). The ports a board's
/// mesh leaves free, those on its edges, go to the dimension networks: every line of accelerators
/// along dimension 1 (a row of the whole machine, one of b·y) has its row network, joining the west
/// and east edge ports of its x boards; every line along dimension 2 (one of a·x) its column
/// network, joining the south and north edge ports of its y boards. Any two boards of a row (of a
/// column) are thus one network hop apart: the boards form the 2-D Hamming graph that names the
/// topology. The paper builds each dimension network as a fat tree; here each is one non-blocking
/// switch (radix 2x for a row, 2y for a column), the paper's single switch where the ports fit it.
///
///     hammingmesh<V>(a, b, x, y) -> core::graph<V>, named "HammingMesh(2x2;4x4)"
///     hammingmesh_order<V>(a, b, x, y) = abxy + by + ax          (accelerators, then switches)
///     hammingmesh_accelerators(a, b, x, y) = abxy
///     hammingmesh_links(a, b, x, y) = xy(2ab + a + b)             (on-board 2ab − a − b a board,
///                                                                  switch 2(a + b) a board)
///     hammingmesh_accelerator_diameter(a, b, x, y) = line(a, x) + line(b, y), where line(a, x) =
///         2 + 2⌊(a − 1)/2⌋ for x >= 2 (to the nearer board edge, through the switch, in from the
///         nearer edge of the other board) and ⌊(a + 1)/2⌋ for x = 1 (the board's line and its
///         switch form a ring of a + 1)
///     hammingmesh_diameter(a, b, x, y) = max(line(a, x) + line(b, y), 2 + line(a, x), 2 + line(b, y))
///         (two switches of a kind are two hops from their lines' nearest accelerators)
///
/// Numbering: accelerator (X, Y), 0 <= X < ax, 0 <= Y < by (board (X / a, Y / b), place on the
/// board (X mod a, Y mod b)) is X + ax·Y; then the row switch of line Y is abxy + Y; then the column
/// switch of line X is abxy + by + X. Links: (X, Y)–(X + 1, Y) inside a board (X mod a < a − 1),
/// (X, Y)–(X, Y + 1) likewise; (X, Y)–row switch Y when X mod a is 0 or a − 1; (X, Y)–column
/// switch X when Y mod b is 0 or b − 1. With a, b >= 2 every accelerator has degree 4 and no two
/// ports of one accelerator reach the same switch (a board one accelerator wide would join its row
/// switch twice, a parallel link the simple graph cannot hold: a and b start at 2).
///
/// The graph is the Cartesian product of the two line graphs (x paths of a accelerators, the switch
/// joined to both ends of each; likewise b, y) without the vertex (switch, switch) and without the
/// product's links between two switches of a kind (a switch joins accelerators only). A distance
/// from an accelerator is therefore the sum of the two lines' distances (move along the lines in
/// either order); between two row switches it is 2 plus the distance of their lines.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

/// The largest board side and board-grid side accepted (the counts then fit 64 bits; the vertex
/// ids limit further).
inline constexpr std::uint64_t hammingmesh_max_side = 65535;

/// Number of vertices abxy + by + ax, validated: 2 <= a, b and 1 <= x, y, each at most
/// hammingmesh_max_side, the vertices within V's ids.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t hammingmesh_order(std::uint64_t a, std::uint64_t b, std::uint64_t x, std::uint64_t y) {
  constexpr std::string_view where = "hammingmesh";
  core::require_range(where, "a", a, 2, hammingmesh_max_side);
  core::require_range(where, "b", b, 2, hammingmesh_max_side);
  core::require_range(where, "x", x, 1, hammingmesh_max_side);
  core::require_range(where, "y", y, 1, hammingmesh_max_side);
  const std::uint64_t limit = core::max_vertices<V>();
  std::uint64_t n = 0;
  // every factor is below 2^16, so each product of two fits; the rest is checked
  const std::uint64_t ax = a * x, by = b * y;
  if (__builtin_mul_overflow(ax, by, &n) || __builtin_add_overflow(n, ax + by, &n) || n > limit)
    core::fail(where, "a = " + core::to_message(a) + ", b = " + core::to_message(b) + ", x = " + core::to_message(x) +
                          ", y = " + core::to_message(y) + " give more vertices than " + core::to_message(limit) + " (" +
                          core::to_message(sizeof(V) * 8) + "-bit vertex ids; abxy accelerators + by + ax switches)");
  return n;
}

/// The accelerators abxy (the first ids; one endpoint each).
inline std::uint64_t hammingmesh_accelerators(std::uint64_t a, std::uint64_t b, std::uint64_t x, std::uint64_t y) {
  hammingmesh_order<std::uint64_t>(a, b, x, y);
  return a * x * (b * y);
}

/// The links xy(2ab + a + b).
inline std::uint64_t hammingmesh_links(std::uint64_t a, std::uint64_t b, std::uint64_t x, std::uint64_t y) {
  hammingmesh_order<std::uint64_t>(a, b, x, y);
  return core::checked_mul(x * y, 2 * a * b + a + b, "hammingmesh", "link count");
}

namespace detail {
/// The largest distance between two accelerators of one line: line(a, x) of the file comment.
inline std::uint64_t hammingmesh_line_diameter(std::uint64_t side, std::uint64_t boards) {
  return boards >= 2 ? 2 + 2 * ((side - 1) / 2) : (side + 1) / 2;
}
}  // namespace detail

/// The largest distance between two accelerators, line(a, x) + line(b, y) (file comment).
inline std::uint64_t hammingmesh_accelerator_diameter(std::uint64_t a, std::uint64_t b, std::uint64_t x,
                                                      std::uint64_t y) {
  hammingmesh_order<std::uint64_t>(a, b, x, y);
  return detail::hammingmesh_line_diameter(a, x) + detail::hammingmesh_line_diameter(b, y);
}

/// The graph's diameter, switches included: max(line(a, x) + line(b, y), 2 + line(a, x), 2 + line(b, y)).
inline std::uint64_t hammingmesh_diameter(std::uint64_t a, std::uint64_t b, std::uint64_t x, std::uint64_t y) {
  hammingmesh_order<std::uint64_t>(a, b, x, y);
  const std::uint64_t h = detail::hammingmesh_line_diameter(a, x), v = detail::hammingmesh_line_diameter(b, y);
  return std::max({h + v, 2 + h, 2 + v});
}

/// The HammingMesh of a × b boards in an x × y grid (numbering in the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> hammingmesh(std::uint64_t a, std::uint64_t b, std::uint64_t x, std::uint64_t y) {
  const std::uint64_t n = hammingmesh_order<V>(a, b, x, y);
  const std::uint64_t m = hammingmesh_links(a, b, x, y);
  core::require_graph_memory("hammingmesh", sizeof(V), n, m);
  const std::uint64_t width = a * x, height = b * y, accelerators = width * height;
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t Y = 0; Y < height; ++Y)
    for (std::uint64_t X = 0; X < width; ++X) {
      const auto u = static_cast<V>(X + width * Y);
      if (X % a != a - 1) edges.emplace_back(u, static_cast<V>(u + 1));
      if (Y % b != b - 1) edges.emplace_back(u, static_cast<V>(u + width));
      if (X % a == 0 || X % a == a - 1) edges.emplace_back(u, static_cast<V>(accelerators + Y));
      if (Y % b == 0 || Y % b == b - 1) edges.emplace_back(u, static_cast<V>(accelerators + height + X));
    }
  return core::graph<V>::from_edges(n, edges,
                                    "HammingMesh(" + core::to_message(a) + "x" + core::to_message(b) + ";" +
                                        core::to_message(x) + "x" + core::to_message(y) + ")");
}

/// The HammingMesh family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& hammingmesh_family() {
  auto side = [](std::string id, std::uint64_t min, std::string help) {
    return parameter_descriptor{.id = id, .symbol = id, .min = min, .max = hammingmesh_max_side, .help = std::move(help)};
  };
  static const family_descriptor f{
      .name = "hammingmesh",
      .summary = "HammingMesh: a x b boards of accelerators in a 2-D mesh, an x x y grid of boards, a switch for every "
                 "row and column line (Hoefler et al. 2022)",
      .source = "Hoefler et al., SC '22",
      .parameters = {side("a", 2, "Board width: accelerators along dimension 1 (the rows' lines run along it)"),
                     side("b", 2, "Board height: accelerators along dimension 2"),
                     side("x", 1, "Boards along dimension 1 (a row switch has 2x ports)"),
                     side("y", 1, "Boards along dimension 2 (a column switch has 2y ports)")},
      .example = {{"a", std::uint64_t{2}}, {"b", std::uint64_t{2}}, {"x", std::uint64_t{2}}, {"y", std::uint64_t{2}}},
      .make = [](const parameter_values& v) {
        return hammingmesh<std::uint32_t>(unsigned_value(v, "a"), unsigned_value(v, "b"), unsigned_value(v, "x"),
                                          unsigned_value(v, "y"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"board", "row", "column"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto a = unsigned_value(v, "a"), b = unsigned_value(v, "b"), x = unsigned_value(v, "x"),
                       y = unsigned_value(v, "y");
            const std::uint64_t accelerators = a * x * (b * y), rows_end = accelerators + b * y;
            return detail::classes_by_ends(g, hammingmesh_order(a, b, x, y), {"board", "row", "column"},
                                           [=](std::uint32_t p, std::uint32_t q) {
                                             const std::uint64_t s = std::max(p, q);
                                             return s < accelerators ? 0 : s < rows_end ? 1 : 2;
                                           });
          },
      // no "dor": the switches are not points of the accelerators' grid (router_coordinates)
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 on each of the abxy accelerators, none on the row and column switches (Hoefler et al.)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        const auto accelerators = hammingmesh_accelerators(unsigned_value(v, "a"), unsigned_value(v, "b"),
                                                           unsigned_value(v, "x"), unsigned_value(v, "y"));
        std::vector<std::uint32_t> out(g.num_vertices(), 0);
        for (std::uint64_t u = 0; u < accelerators && u < out.size(); ++u) out[u] = 1;
        return out;
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "boards of a x b = " + core::to_message(unsigned_value(v, "a") * unsigned_value(v, "b")) +
                   " accelerators; the row switches, and the column switches, in a group each";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const auto a = unsigned_value(v, "a"), b = unsigned_value(v, "b"), x = unsigned_value(v, "x"),
                       y = unsigned_value(v, "y");
            const std::uint64_t width = a * x, accelerators = width * (b * y), boards = x * y;
            std::vector<std::uint64_t> groups(routers);
            for (std::size_t u = 0; u < routers; ++u)
              groups[u] = u < accelerators ? (u % width) / a + x * ((u / width) / b)
                                           : u < accelerators + b * y ? boards : boards + 1;
            return groups;
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
