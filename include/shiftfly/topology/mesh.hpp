#pragma once
/// \file mesh.hpp
/// The n-dimensional mesh of k routers a side, and EvalNet's express mesh (github.com/spcl/EvalNet,
/// topogen/MeshGenerator.py, after Jens Domke's generator; `tool.py generate mesh n k g`): the
/// routers are the points of {0, ..., k − 1}^n, and two routers that differ in one coordinate only,
/// by δ, are joined when δ = 1 (the mesh: no wraparound) or, with a gap g > 0, when δ = 1 + m·g for
/// some m >= 1 (the express links: every router reaches along each dimension the routers 1 + g,
/// 1 + 2g, ... further on, as far as the side goes). So at g = 1 every line is a complete graph
/// (HyperX), at g = 2 a line joins the coordinates of opposite parity, and from g = k − 1 on no
/// express link fits (the library refuses g > k − 2 for that reason; k = 2 has only g = 0).
/// This is what EvalNet's generator builds from its arguments (n, k, g) as `tool.py generate`
/// passes them; EvalNet's Mesh class (topogen/Mesh.py) passes its generator ⌊(k − 3)/g⌋ (at least
/// 1) in place of a gap g > 0, so its `Mesh(n, k, g)` is this family's mesh(n, k, ⌊(k − 3)/g⌋).
///
///     mesh<V>(n, k, gap) -> core::graph<V>, named "Mesh(n=2,k=4,gap=0)"
///     mesh_order<V>(n, k, gap) = k^n, mesh_edges(n, k, gap) = n k^(n−1) Σ_δ (k − δ)
///
/// Numbering: router (c1, ..., cn) is Σ ci k^(i−1), the first coordinate fastest (as the torus).

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

/// The largest k^n within 32-bit vertex ids.
inline constexpr std::uint64_t mesh_max_routers = 4294967295u;

/// n's range at side k: 1 to the largest n with k^n routers within 32-bit ids (at a k out of
/// range: at every k, 1 to 32).
inline parameter_range mesh_n_range(std::uint64_t k) {
  if (k < 2 || k > mesh_max_routers) return {1, 32, {}, {}};
  std::uint64_t n = 1, size = k;
  while (size <= mesh_max_routers / k) {
    size *= k;
    ++n;
  }
  return {1, n, {}, "at k = " + core::to_message(k) + ", so that k^n routers fit a 32-bit vertex id"};
}

/// The gap's range at side k: 0 to k − 2 (a larger gap adds no express link).
inline parameter_range mesh_gap_range(std::uint64_t k) {
  if (k < 2 || k > mesh_max_routers) return {0, mesh_max_routers - 2, {}, {}};
  return {0, k - 2, {}, "at k = " + core::to_message(k)};
}

/// Validates (n, k, gap) and returns the router count k^n, within V's ids.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t mesh_order(std::uint64_t n, std::uint64_t k, std::uint64_t gap) {
  core::require_range("mesh", "k", k, 2, mesh_max_routers);
  const auto nr = mesh_n_range(k);
  if (n < nr.min || n > nr.max) core::throw_out_of_range("mesh", "n", n, range_text(nr));
  const auto gr = mesh_gap_range(k);
  if (gap > gr.max) core::throw_out_of_range("mesh", "gap", gap, range_text(gr));
  std::uint64_t size = 1;
  for (std::uint64_t i = 0; i < n; ++i) size = core::checked_mul(size, k, "mesh", "router count k^n", core::max_vertices<V>());
  return size;
}

/// Links of one line of k routers: Σ (k − δ) over the joined offsets δ (1, and 1 + m·gap).
inline std::uint64_t mesh_line_links(std::uint64_t k, std::uint64_t gap) {
  if (gap == 0) return k - 1;
  const std::uint64_t top = (k - 2) / gap;  // offsets 1 + m·gap for m = 0 ... top
  // Σ_{m=0}^{top} (k − 1 − m·gap) = (top + 1)(k − 1) − gap · top(top + 1)/2
  const std::uint64_t tri = top % 2 == 0 ? core::checked_mul(top / 2, top + 1, "mesh", "link count")
                                         : core::checked_mul(top, (top + 1) / 2, "mesh", "link count");
  return core::checked_mul(top + 1, k - 1, "mesh", "link count") - core::checked_mul(gap, tri, "mesh", "link count");
}

/// The link count n · k^(n−1) · mesh_line_links(k, gap), validated.
inline std::uint64_t mesh_edges(std::uint64_t n, std::uint64_t k, std::uint64_t gap) {
  const std::uint64_t routers = mesh_order<std::uint64_t>(n, k, gap);
  return core::checked_mul(core::checked_mul(n, routers / k, "mesh", "link count"), mesh_line_links(k, gap), "mesh",
                           "link count");
}

/// The n-dimensional mesh of side k with express links of gap `gap` (0: none); see the file comment.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> mesh(std::uint64_t n, std::uint64_t k, std::uint64_t gap = 0) {
  const std::uint64_t routers = mesh_order<V>(n, k, gap);
  const std::uint64_t m = mesh_edges(n, k, gap);
  core::require_graph_memory("mesh", sizeof(V), routers, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t u = 0; u < routers; ++u) {
    std::uint64_t stride = 1;
    for (std::uint64_t i = 0; i < n; ++i, stride *= k) {
      const std::uint64_t c = (u / stride) % k;
      if (c + 1 < k) edges.emplace_back(static_cast<V>(u), static_cast<V>(u + stride));
      if (gap > 0)
        for (std::uint64_t delta = 1 + gap; c + delta < k; delta += gap)
          edges.emplace_back(static_cast<V>(u), static_cast<V>(u + delta * stride));
    }
  }
  return core::graph<V>::from_edges(routers, edges,
                                    "Mesh(n=" + core::to_message(n) + ",k=" + core::to_message(k) +
                                        ",gap=" + core::to_message(gap) + ")");
}

/// The mesh family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& mesh_family() {
  static const family_descriptor f{
      .name = "mesh",
      .summary = "Mesh k^n, with EvalNet's express links: along each dimension, routers 1 + m*gap apart joined (gap 0: the plain mesh)",
      .source = "EvalNet (Besta et al., IPDPS 2026), topogen/MeshGenerator.py",
      .parameters = {{.id = "n",
                      .symbol = "n",
                      .min = 1,
                      .max = 32,
                      .help = "Dimensions (k^n routers at most 4294967295)",
                      .range_at = [](const parameter_values& v) { return mesh_n_range(unsigned_value(v, "k")); }},
                     {.id = "k",
                      .symbol = "k",
                      .min = 2,
                      .max = mesh_max_routers,
                      .help = "Routers along each dimension"},
                     {.id = "gap",
                      .symbol = "g",
                      .min = 0,
                      .max = mesh_max_routers - 2,
                      .default_value = std::uint64_t{0},
                      .help = "Express links' gap g: routers 1 + g, 1 + 2g, ... apart along a dimension joined (0: none; at most k - 2)",
                      .range_at = [](const parameter_values& v) { return mesh_gap_range(unsigned_value(v, "k")); }}},
      .example = {{"n", std::uint64_t{2}}, {"k", std::uint64_t{4}}, {"gap", std::uint64_t{2}}},
      .make = [](const parameter_values& v) {
        return mesh<std::uint32_t>(unsigned_value(v, "n"), unsigned_value(v, "k"), unsigned_value(v, "gap"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"mesh", "express"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto n = unsigned_value(v, "n"), k = unsigned_value(v, "k");
            return detail::classes_by_ends(g, mesh_order(n, k, unsigned_value(v, "gap")), {"mesh", "express"},
                                           [k](std::uint32_t a, std::uint32_t b) {
                                             std::uint64_t x = a, y = b;
                                             while (x % k == y % k) {  // the one coordinate they differ in
                                               x /= k;
                                               y /= k;
                                             }
                                             return (x % k) + 1 == (y % k) || (y % k) + 1 == (x % k) ? 0 : 1;
                                           });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 (one node a router, as EvalNet's Mesh)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), 1);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            const auto n = unsigned_value(v, "n"), k = unsigned_value(v, "k");
            if (n < 2) return std::string();
            return "slabs of k^(n-1) = " + core::to_message(mesh_order(n, k, 0) / k) + " routers (same last coordinate)";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const auto n = unsigned_value(v, "n"), k = unsigned_value(v, "k");
            return n < 2 ? std::vector<std::uint64_t>{} : block_groups(routers, mesh_order(n, k, 0) / k);
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
