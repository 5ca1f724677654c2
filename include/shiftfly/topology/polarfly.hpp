#pragma once
/// \file polarfly.hpp
/// PolarFly (Lakhotia et al., SC '22): the Erdős–Rényi polarity graph ER_q of the
/// projective plane PG(2, q), q a prime power (Erdős–Rényi 1962; Brown 1966).
///
///     polarfly<V>(q) -> core::graph<V>, named "PolarFly(q=7)"
///     polarfly_order<V>(q) = q^2 + q + 1, polarfly_radix(q) = q + 1,
///     polarfly_edge_count(q) = q (q + 1)^2 / 2, polarfly_max_q<V>(),
///     polarfly_point(field, v), polarfly_vertex(field, point), polarfly_is_absolute(field, v)
///
/// Vertices are the points of PG(2, q): the nonzero vectors of GF(q)^3 up to a scalar,
/// each written left-normalised (its first nonzero coordinate is 1). In vertex order:
/// (1, y, z) is vertex y·q + z; (0, 1, z) is q^2 + z; (0, 0, 1) is q^2 + q. Two distinct
/// points x, y are adjacent iff x·y = x0 y0 + x1 y1 + x2 y2 = 0 in GF(q) (y on the polar
/// line of x). The q + 1 absolute points (x·x = 0) would be adjacent to themselves; the
/// loop is dropped, so they have degree q and the other q^2 vertices degree q + 1. The
/// graph has diameter 2: two distinct points' polar lines meet in exactly one point,
/// which is a common neighbour, or one of the two points when it is absolute and on
/// the other's polar line (then the two are adjacent). Field elements as in
/// galois_field.hpp.

#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/galois_field.hpp"

namespace shiftfly::topology {

/// The largest q accepted for vertex ids of type V: the largest prime power q <= galois_field_max_order
/// with q^2 + q + 1 <= core::max_vertices<V>() (65521 for 32-bit ids, 65536 for 64-bit ids).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t polarfly_max_q() {
  std::uint64_t q = galois_field_max_order;
  while (q >= 2 && (q * q + q + 1 > core::max_vertices<V>() || !is_prime_power(q))) --q;
  return q;
}

/// Which q in [2, polarfly_max_q] are accepted.
inline constexpr const char* polarfly_q_rule = "a prime power";

/// Validates q (a prime power from 2 to polarfly_max_q<V>()) and returns the order q^2 + q + 1.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t polarfly_order(std::uint64_t q) {
  const parameter_range r{2, polarfly_max_q<V>(), polarfly_q_rule, {}};
  if (q < r.min || q > r.max || !is_prime_power(q)) core::throw_out_of_range("polarfly", "q", q, range_text(r));
  return q * q + q + 1;
}

/// The network radix q + 1 (the degree of every vertex but the q + 1 absolute points, which have q).
inline std::uint64_t polarfly_radix(std::uint64_t q) {
  polarfly_order<std::uint64_t>(q);
  return q + 1;
}

/// The number of edges q (q + 1)^2 / 2.
inline std::uint64_t polarfly_edge_count(std::uint64_t q) {
  polarfly_order<std::uint64_t>(q);
  return q * (q + 1) * (q + 1) / 2;
}

namespace detail {
inline void require_polarfly_vertex(std::string_view where, const galois_field& field, std::uint64_t v) {
  const std::uint64_t q = field.order();
  if (q > polarfly_max_q<std::uint64_t>())
    core::throw_out_of_range(where, "field order", q,
                             "a prime power from 2 to " + core::to_message(polarfly_max_q<std::uint64_t>()));
  core::require_range(where, "v", v, 0, q * q + q);
}
}  // namespace detail

/// The left-normalised point of PG(2, q) that is vertex v (see the file comment for the order).
inline std::array<std::uint64_t, 3> polarfly_point(const galois_field& field, std::uint64_t v) {
  detail::require_polarfly_vertex("polarfly_point", field, v);
  const std::uint64_t q = field.order();
  if (v < q * q) return {1, v / q, v % q};
  if (v < q * q + q) return {0, 1, v - q * q};
  return {0, 0, 1};
}

/// The vertex of a point of PG(2, q), given by any nonzero vector of GF(q)^3 (it is normalised first).
inline std::uint64_t polarfly_vertex(const galois_field& field, const std::array<std::uint64_t, 3>& point) {
  const std::uint64_t q = field.order();
  if (q > polarfly_max_q<std::uint64_t>())
    core::throw_out_of_range("polarfly_vertex", "field order", q,
                             "a prime power from 2 to " + core::to_message(polarfly_max_q<std::uint64_t>()));
  for (auto c : point) core::require_range("polarfly_vertex", "point coordinate", c, 0, q - 1);
  if (point[0] != 0) {
    const auto s = field.inv(point[0]);
    return field.mul(point[1], s) * q + field.mul(point[2], s);
  }
  if (point[1] != 0) return q * q + field.mul(point[2], field.inv(point[1]));
  if (point[2] != 0) return q * q + q;
  core::fail_parameter("polarfly_vertex", "point", "(0, 0, 0)", "is not a point of PG(2, q)",
                       "a nonzero vector of GF(q)^3");
}

/// True if vertex v is an absolute point (v·v = 0), one of the q + 1 vertices of degree q.
inline bool polarfly_is_absolute(const galois_field& field, std::uint64_t v) {
  const auto x = polarfly_point(field, v);
  const auto d = field.add(field.add(field.mul(x[0], x[0]), field.mul(x[1], x[1])), field.mul(x[2], x[2]));
  return d == 0;
}

/// The PolarFly graph ER_q over vertex ids of type V.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> polarfly(std::uint64_t q) {
  const std::uint64_t n = polarfly_order<V>(q);
  const std::uint64_t m = polarfly_edge_count(q);
  core::require_graph_memory("polarfly", sizeof(V), n, m);
  const galois_field f(q);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  const std::uint64_t qq = q * q;
  auto emit = [&](std::uint64_t u, std::uint64_t v) {
    if (u < v) edges.emplace_back(static_cast<V>(u), static_cast<V>(v));
  };
  for (std::uint64_t u = 0; u < n; ++u) {
    const std::uint64_t a = u < qq ? 1 : 0;
    const std::uint64_t b = u < qq ? u / q : (u < qq + q ? 1 : 0);
    const std::uint64_t c = u < qq ? u % q : (u < qq + q ? u - qq : 1);
    // The points y of the polar line a y0 + b y1 + c y2 = 0, q + 1 of them.
    if (c != 0) {
      const auto ic = f.inv(c);
      for (std::uint64_t s = 0; s < q; ++s) {  // (1, s, t): t = -(a + b s) / c
        const auto t = f.mul_unchecked(f.neg_unchecked(f.add_unchecked(a, f.mul_unchecked(b, s))), ic);
        emit(u, s * q + t);
      }
      emit(u, qq + f.mul_unchecked(f.neg_unchecked(b), ic));  // (0, 1, t): t = -b / c
    } else if (b != 0) {
      const auto s = f.mul_unchecked(f.neg_unchecked(a), f.inv(b));  // (1, s, t) for every t
      for (std::uint64_t t = 0; t < q; ++t) emit(u, s * q + t);
      emit(u, qq + q);  // (0, 0, 1)
    } else {  // u = (1, 0, 0): the line y0 = 0
      for (std::uint64_t t = 0; t < q; ++t) emit(u, qq + t);
      emit(u, qq + q);
    }
  }
  return core::graph<V>::from_edges(n, edges, "PolarFly(q=" + core::to_message(q) + ")");
}

/// The PolarFly family's descriptor (topology/descriptor.hpp); in the field tables, every prime
/// power q: q^2 + q + 1 routers, radix q + 1.
inline const family_descriptor& polarfly_family() {
  static const family_descriptor f{
      .name = "polarfly",
      .summary = "PolarFly: Erdos-Renyi polarity graph ER_q, q^2+q+1 routers, diameter 2",
      .source = "Lakhotia et al., SC '22",
      .parameters = {{.id = "q", .symbol = "q", .min = 2, .max = polarfly_max_q(), .help = "Prime power; radix q+1",
                      .rule = polarfly_q_rule}},
      .example = {{"q", std::uint64_t{2}}},
      .make = [](const parameter_values& v) { return polarfly<std::uint32_t>(unsigned_value(v, "q")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"polarity"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "polarity"); },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "PolarFly",
                           .rule = "every prime power q",
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t) {
                                 std::vector<field_candidate> out;
                                 for (std::uint64_t q = 2; q + 1 <= max_radix; ++q)
                                   if (is_prime_power(q))
                                     out.push_back({{{"q", q}}, polarfly_order(q), polarfly_radix(q), "q = " + core::to_message(q)});
                                 return out;
                               }},
      .endpoints_rule = "ceil((q+1)/2), half the network radix q+1 rounded up (Lakhotia et al.)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), (unsigned_value(v, "q") + 2) / 2);
      },
  };
  return f;
}

}  // namespace shiftfly::topology
