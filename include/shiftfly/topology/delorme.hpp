#pragma once
/// \file delorme.hpp
/// Delorme's large graphs of diameter 3 (C. Delorme, "Grands graphes de degré et diamètre
/// donnés", European Journal of Combinatorics 6, 1985): the polarity graph of the generalized
/// quadrangle W(q) under its Tits polarity, q = 2^(2a−1) an odd power of 2. Routers are the
/// (q + 1)(q^2 + 1) points of PG(3, q); with σ = 2^a (σ^2 = 2q: x ↦ x^σ applied twice is x ↦ x^2,
/// the Tits automorphism), point u = (u0, u1, u2, u3) is sent to the line π(u), the kernel of the
/// alternating matrix
///
///         | 0    p23  p31  p12 |      p02 = u0^σ, p31 = u1^σ, p03 = u2^σ, p12 = u3^σ,
///  M(u) = | p23  0    p03  p02 |      p01 = p23 = (u0 u1 + u2 u3)^(σ/2),
///         | p31  p03  0    p01 |
///         | p12  p02  p01  0   |
///
/// (its Plücker coordinates; EvalNet's generator topogen/DelormeGenerator.py uses the same map), and
/// u ~ w iff w lies on π(u), w ≠ u. The q^2 + 1 absolute points (u on π(u), the Suzuki–Tits ovoid)
/// have degree q, the others q + 1; the diameter is 3.
///
///     delorme<V>(q) -> core::graph<V>, named "Delorme(q=8)"
///     delorme_order<V>(q) = (q + 1)(q^2 + 1), delorme_edge_count(q) = (q^2 + 1) q (q + 2) / 2,
///     delorme_max_q<V>(), delorme_point(field, v), delorme_vertex(field, point)
///
/// Numbering: the points left-normalised (first nonzero coordinate 1), (1, x, y, z) as x q^2 + y q + z,
/// then (0, 1, y, z) as q^3 + y q + z, (0, 0, 1, z) as q^3 + q^2 + z, (0, 0, 0, 1) last; field
/// elements as in galois_field.hpp.

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

namespace shiftfly::topology {

/// Which q are accepted.
inline constexpr const char* delorme_q_rule = "an odd power of 2";

/// The largest q = 2^(2a−1) whose (q + 1)(q^2 + 1) routers fit V's ids (512 for 32-bit ids) and
/// whose field galois_field builds.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t delorme_max_q() {
  std::uint64_t best = 2;
  for (std::uint64_t q = 2; q <= galois_field_max_order; q *= 4)
    if ((q + 1) * (q * q + 1) <= core::max_vertices<V>()) best = q;
  return best;
}

/// Validates q (an odd power of 2 from 2 to delorme_max_q<V>()) and returns (q + 1)(q^2 + 1).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t delorme_order(std::uint64_t q) {
  const parameter_range r{2, delorme_max_q<V>(), delorme_q_rule, {}};
  bool odd_power = false;
  for (std::uint64_t x = 2; x <= r.max; x *= 4) odd_power = odd_power || x == q;
  if (!odd_power) core::throw_out_of_range("delorme", "q", q, range_text(r));
  return (q + 1) * (q * q + 1);
}

/// The link count (q^2 + 1) q (q + 2) / 2: q^2 + 1 routers of degree q, the others q + 1.
inline std::uint64_t delorme_edge_count(std::uint64_t q) {
  delorme_order<std::uint64_t>(q);
  return (q * q + 1) * q * (q + 2) / 2;
}

/// The left-normalised point of PG(3, q) that is vertex v (the file comment's order).
inline std::array<std::uint64_t, 4> delorme_point(const galois_field& f, std::uint64_t v) {
  const std::uint64_t q = f.order(), q2 = q * q, q3 = q2 * q;
  core::require_range("delorme_point", "v", v, 0, q3 + q2 + q);
  if (v < q3) return {1, v / q2, v / q % q, v % q};
  v -= q3;
  if (v < q2) return {0, 1, v / q, v % q};
  v -= q2;
  if (v < q) return {0, 0, 1, v};
  return {0, 0, 0, 1};
}

/// The vertex of a nonzero vector of GF(q)^4 (normalised first).
inline std::uint64_t delorme_vertex(const galois_field& f, std::array<std::uint64_t, 4> x) {
  const std::uint64_t q = f.order(), q2 = q * q, q3 = q2 * q;
  std::size_t lead = 0;
  while (lead < 4 && x[lead] == 0) ++lead;
  if (lead == 4) core::fail_parameter("delorme_vertex", "point", "(0, 0, 0, 0)", "is not a point of PG(3, q)", "a nonzero vector");
  const auto s = f.inv(x[lead]);
  for (auto& c : x) c = f.mul(c, s);
  if (lead == 0) return x[1] * q2 + x[2] * q + x[3];
  if (lead == 1) return q3 + x[2] * q + x[3];
  if (lead == 2) return q3 + q2 + x[3];
  return q3 + q2 + q;
}

namespace detail {
/// A basis of the kernel of a 4x4 matrix over GF(q) (Gauss–Jordan elimination).
inline std::vector<std::array<std::uint64_t, 4>> kernel4(const galois_field& f, std::array<std::array<std::uint64_t, 4>, 4> m) {
  std::array<int, 4> pivot_col{-1, -1, -1, -1};
  std::size_t rank = 0;
  std::array<bool, 4> is_pivot{};
  for (std::size_t c = 0; c < 4 && rank < 4; ++c) {
    std::size_t r = rank;
    while (r < 4 && m[r][c] == 0) ++r;
    if (r == 4) continue;
    std::swap(m[r], m[rank]);
    const auto s = f.inv(m[rank][c]);
    for (auto& x : m[rank]) x = f.mul_unchecked(x, s);
    for (std::size_t i = 0; i < 4; ++i)
      if (i != rank && m[i][c] != 0) {
        const auto k = m[i][c];
        for (std::size_t j = 0; j < 4; ++j) m[i][j] = f.sub(m[i][j], f.mul_unchecked(k, m[rank][j]));
      }
    pivot_col[rank] = static_cast<int>(c);
    is_pivot[c] = true;
    ++rank;
  }
  std::vector<std::array<std::uint64_t, 4>> basis;
  for (std::size_t free = 0; free < 4; ++free) {
    if (is_pivot[free]) continue;
    std::array<std::uint64_t, 4> v{};
    v[free] = 1;
    for (std::size_t r = 0; r < rank; ++r) v[static_cast<std::size_t>(pivot_col[r])] = f.neg(m[r][free]);
    basis.push_back(v);
  }
  return basis;
}
}  // namespace detail

/// Delorme's graph for q = 2^(2a−1) (see the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> delorme(std::uint64_t q) {
  const std::uint64_t n = delorme_order<V>(q);
  const std::uint64_t m = delorme_edge_count(q);
  core::require_graph_memory("delorme", sizeof(V), n, m);
  const galois_field f(q);
  std::uint64_t sigma = 2;  // 2^a with q = 2^(2a-1)
  while (sigma * sigma < 2 * q) sigma *= 2;
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t v = 0; v < n; ++v) {
    const auto u = delorme_point(f, v);
    const auto a = f.pow(f.add(f.mul(u[0], u[1]), f.mul(u[2], u[3])), sigma / 2);
    const auto p02 = f.pow(u[0], sigma), p31 = f.pow(u[1], sigma), p03 = f.pow(u[2], sigma), p12 = f.pow(u[3], sigma);
    const std::array<std::array<std::uint64_t, 4>, 4> mat{{{0, a, p31, p12}, {a, 0, p03, p02}, {p31, p03, 0, a}, {p12, p02, a, 0}}};
    const auto basis = detail::kernel4(f, mat);
    if (basis.size() != 2) core::fail("delorme", "the polar of a point is not a line (internal error)");
    auto emit = [&](const std::array<std::uint64_t, 4>& x) {
      const auto w = delorme_vertex(f, x);
      if (v < w) edges.emplace_back(static_cast<V>(v), static_cast<V>(w));
    };
    emit(basis[1]);
    for (std::uint64_t t = 0; t < q; ++t) {
      std::array<std::uint64_t, 4> x{};
      for (std::size_t i = 0; i < 4; ++i) x[i] = f.add(basis[0][i], f.mul(t, basis[1][i]));
      emit(x);
    }
  }
  return core::graph<V>::from_edges(n, edges, "Delorme(q=" + core::to_message(q) + ")");
}

/// Delorme's family descriptor (topology/descriptor.hpp).
inline const family_descriptor& delorme_family() {
  static const family_descriptor f{
      .name = "delorme",
      .summary = "Delorme graph: polarity graph of the generalized quadrangle W(q), q an odd power of 2, diameter 3 (Delorme 1985)",
      .source = "Delorme, European Journal of Combinatorics 1985",
      .parameters = {{.id = "q", .symbol = "q", .min = 2, .max = delorme_max_q(),
                      .help = "Odd power of 2: (q+1)(q^2+1) routers, radix q+1", .rule = delorme_q_rule}},
      .example = {{"q", std::uint64_t{2}}},
      .make = [](const parameter_values& v) { return delorme<std::uint32_t>(unsigned_value(v, "q")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"polarity"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "polarity"); },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "Delorme",
                           .rule = "every odd power of 2, q",
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t) {
                                 std::vector<field_candidate> out;
                                 for (std::uint64_t q = 2; q + 1 <= max_radix && q <= delorme_max_q(); q *= 4)
                                   out.push_back({{{"q", q}}, (q + 1) * (q * q + 1), q + 1, "q = " + core::to_message(q)});
                                 return out;
                               }},
      .endpoints_rule = "(q+1)/3, a third of the network radix for diameter 3 (EvalNet's p = nr/0.75 - nr)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), (unsigned_value(v, "q") + 1) / 3);
      },
  };
  return f;
}

}  // namespace shiftfly::topology
