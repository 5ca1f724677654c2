#pragma once
/// \file oft.hpp
/// The two-level orthogonal fat tree, OFT (Valerio, Moser and Melliar-Smith, "Recursively scalable
/// fat-trees as interconnection networks", IPCCC 1994; as a diameter-four network of routers of
/// radix 2k in Kathareios, Minkenberg, Prisacari, Rodriguez and Hoefler, SC '15, Section 2.2.2):
/// three levels of k^2 − k + 1 routers each, the leaf levels L0 and L2 and the middle level L1.
/// The middle routers are the lines, the routers of each leaf level the points, of a projective
/// plane of order q = k − 1 (the paper's orthogonal arrangement, built there from mutually
/// orthogonal Latin squares): a leaf router joins the k middle routers of the lines through its
/// point. Here the plane is PG(2, q) over GF(q), q a prime power (every plane of order up to 8 is
/// this one): point x lies on line a iff a0 x0 + a1 x1 + a2 x2 = 0, points and lines numbered as
/// PolarFly's vertices (topology/polarfly.hpp: left-normalised, (1, y, z) first).
///
///     oft<V>(k) -> core::graph<V>, named "OFT(k=4)"
///     oft_order<V>(k) = 3(k^2 − k + 1), links 2k(k^2 − k + 1)
///
/// Numbering: L0 router of point x is x, L2 router of point x is (k^2 − k + 1) + x, L1 router of
/// line a is 2(k^2 − k + 1) + a. Leaf routers have k links up and serve k endpoints; a middle
/// router has 2k links (k to each leaf level) and no endpoint.

#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/galois_field.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

/// The largest k accepted for vertex ids of type V: k − 1 a prime power within the field's range
/// and 3(k^2 − k + 1) ids.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t oft_max_k() {
  std::uint64_t q = galois_field_max_order;
  while (q >= 2 && (3 * (q * q + q + 1) > core::max_vertices<V>() || !is_prime_power(q))) --q;
  return q + 1;
}

/// Validates k (k − 1 a prime power, 3 <= k <= oft_max_k<V>()) and returns 3(k^2 − k + 1).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t oft_order(std::uint64_t k) {
  const std::uint64_t hi = oft_max_k<V>();
  if (k < 3 || k > hi || !is_prime_power(k - 1))
    core::throw_out_of_range("oft", "k", k, "k - 1 a prime power, k from 3 to " + core::to_message(hi));
  return 3 * (k * k - k + 1);
}

/// The points of PG(2, q) on the line with coefficients `a` (a left-normalised vector), as
/// PolarFly vertex ids: the q + 1 solutions x of a·x = 0.
inline std::vector<std::uint64_t> projective_line_points(const galois_field& f, const std::array<std::uint64_t, 3>& a) {
  const std::uint64_t q = f.order(), qq = q * q;
  std::vector<std::uint64_t> out;
  out.reserve(static_cast<std::size_t>(q + 1));
  // (1, y, z): a0 + a1 y + a2 z = 0
  if (a[2] != 0) {
    const auto inv = f.inv(a[2]);
    for (std::uint64_t y = 0; y < q; ++y)
      out.push_back(y * q + f.mul_unchecked(f.neg_unchecked(f.add_unchecked(a[0], f.mul_unchecked(a[1], y))), inv));
  } else if (a[1] != 0) {
    const auto y = f.mul_unchecked(f.neg_unchecked(a[0]), f.inv(a[1]));
    for (std::uint64_t z = 0; z < q; ++z) out.push_back(y * q + z);
  }  // a = (1, 0, 0): no point with x0 = 1
  // (0, 1, z): a1 + a2 z = 0
  if (a[2] != 0) out.push_back(qq + f.mul_unchecked(f.neg_unchecked(a[1]), f.inv(a[2])));
  else if (a[1] == 0)
    for (std::uint64_t z = 0; z < q; ++z) out.push_back(qq + z);
  // (0, 0, 1): a2 = 0
  if (a[2] == 0) out.push_back(qq + q);
  return out;
}

/// The two-level OFT of leaf radix k (see the file comment for the numbering).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> oft(std::uint64_t k) {
  const std::uint64_t n = oft_order<V>(k);
  const std::uint64_t q = k - 1, level = n / 3;
  const std::uint64_t m = core::checked_mul(2 * k, level, "oft", "link count");
  core::require_graph_memory("oft", sizeof(V), n, m);
  const galois_field f(q);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t line = 0; line < level; ++line)
    for (auto x : projective_line_points(f, polarfly_point(f, line))) {
      edges.emplace_back(static_cast<V>(x), static_cast<V>(2 * level + line));
      edges.emplace_back(static_cast<V>(level + x), static_cast<V>(2 * level + line));
    }
  return core::graph<V>::from_edges(n, edges, "OFT(k=" + core::to_message(k) + ")");
}

/// The OFT family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& oft_family() {
  static const family_descriptor f{
      .name = "oft",
      .summary = "Two-level orthogonal fat tree: leaf levels joined through the lines of a projective plane (Valerio et al. 1994)",
      .source = "Valerio et al., IPCCC 1994; Kathareios et al., SC '15",
      .parameters = {{.id = "k",
                      .symbol = "k",
                      .min = 3,
                      .max = oft_max_k(),
                      .help = "Leaf routers' links up (k - 1 a prime power); 3(k^2 - k + 1) routers of radix 2k",
                      .rule = "k - 1 a prime power, k"}},
      .example = {{"k", std::uint64_t{3}}},
      .make = [](const parameter_values& v) { return oft<std::uint32_t>(unsigned_value(v, "k")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"L0-L1", "L2-L1"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto n = oft_order(unsigned_value(v, "k"));
            return detail::classes_by_ends(g, n, {"L0-L1", "L2-L1"}, [level = n / 3](std::uint32_t a, std::uint32_t b) {
              return std::min(a, b) < level ? 0 : 1;
            });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "k on each leaf router (L0 and L2), none on the middle level (Kathareios et al.: radix 2k)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        const auto k = unsigned_value(v, "k");
        const auto level = oft_order(k) / 3;
        std::vector<std::uint32_t> out(g.num_vertices(), 0);
        for (std::uint64_t u = 0; u < 2 * level && u < out.size(); ++u) out[u] = static_cast<std::uint32_t>(k);
        return out;
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "the three levels of k^2 - k + 1 = " + core::to_message(oft_order(unsigned_value(v, "k")) / 3) +
                   " routers";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return block_groups(routers, oft_order(unsigned_value(v, "k")) / 3);
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
