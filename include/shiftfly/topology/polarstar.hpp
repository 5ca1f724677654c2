#pragma once
/// \file polarstar.hpp
/// PolarStar (Lakhotia, Monroe, Isham, Besta, Blach, Hoefler and Petrini, "PolarStar: Expanding
/// the Horizon of Diameter-3 Networks", SPAA 2024): the star product of the structure graph ER_q
/// (PolarFly's polarity graph, topology/polarfly.hpp, with a self-loop at each of its q + 1
/// absolute points) and a supernode graph J with an involution f of its vertices. Router (x, y)
/// for x a point of PG(2, q) and y a vertex of J; (x, y) ~ (x, y') for every link y ~ y' of J
/// (inside the supernode), (x, y) ~ (x', f(y)) for every link x ~ x' of ER_q, and at an absolute
/// point x (its self-loop), (x, y) ~ (x, f(y)). Every router has degree q + 1 + d (d the degree of
/// J); the diameter is 3.
///
/// The supernode graph here is the paper's Inductive-Quad (IQ) graph of degree d, d ≡ 0 or 3
/// (mod 4), on 2d + 2 vertices, as EvalNet's generator builds it (topogen/polarstar/bdf.py): the
/// base for d ≡ 3 is the 8-vertex cubic graph on A = {0, 1, 2, 3}, f(A) = {4, 5, 6, 7}, f(i) = i ± 4,
/// with links 0-7, 4-7, 0-1, 4-1, 0-2, 4-2, 1-6, 5-6, 5-3, 5-7, 2-3, 6-3; for d ≡ 0 two more
/// vertices 8 ∈ A and 9 = f(8), 8 joined to 0, 4, 1, 5 and 9 to 2, 6, 3, 7. Each step adds 4 to the
/// degree: a new copy of the 8-vertex base at offset o, whose o, o + 4, o + 1, o + 5 are joined to
/// every vertex of A and o + 2, o + 6, o + 3, o + 7 to every vertex of f(A); then its A-part
/// o..o + 3 joins A and o + 4..o + 7 joins f(A). f never maps a vertex to a neighbour, so the
/// star product is simple and (q + 1 + d)-regular. (The paper's other supernode, the Paley graph,
/// is not built here.)
///
///     polarstar<V>(q, d) -> core::graph<V>, named "PolarStar(q=3,d=3)"
///     polarstar_order<V>(q, d) = (q^2 + q + 1)(2d + 2), polarstar_radix(q, d) = q + 1 + d,
///     iq_graph_edges(d) (the supernode's links), iq_involution(d, y) = f(y)
///
/// Numbering: router (x, y) is x (2d + 2) + y, x PolarFly's vertex number.

#include <algorithm>
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

/// Which d are accepted: the IQ graph's degrees.
inline constexpr const char* polarstar_d_rule = "a number 0 or 3 mod 4";

/// The largest q accepted for vertex ids of type V: a prime power whose (q^2 + q + 1) 8 routers
/// (d = 3) fit them.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t polarstar_max_q() {
  std::uint64_t q = polarfly_max_q<V>();
  while (q >= 2 && ((q * q + q + 1) * 8 > core::max_vertices<V>() || !is_prime_power(q))) --q;
  return q;
}

/// d's exact range at q: 3 upward while the (q^2 + q + 1)(2d + 2) routers fit V's ids.
template <std::unsigned_integral V = std::uint32_t>
parameter_range polarstar_d_range(std::uint64_t q) {
  const bool q_ok = q >= 2 && q <= polarstar_max_q<V>() && is_prime_power(q);
  const std::uint64_t n0 = q_ok ? q * q + q + 1 : 7;
  std::uint64_t hi = core::max_vertices<V>() / n0 / 2 - 1;  // 2d + 2 <= max / n0
  while (hi % 4 != 0 && hi % 4 != 3) --hi;
  return {3, hi, polarstar_d_rule, q_ok ? "at q = " + core::to_message(q) : std::string()};
}

/// Validates q (a prime power, as PolarFly's) and d, and returns (q^2 + q + 1)(2d + 2).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t polarstar_order(std::uint64_t q, std::uint64_t d) {
  const parameter_range rq{2, polarstar_max_q<V>(), polarfly_q_rule, {}};
  if (q < rq.min || q > rq.max || !is_prime_power(q)) core::throw_out_of_range("polarstar", "q", q, range_text(rq));
  const auto rd = polarstar_d_range<V>(q);
  if (d < rd.min || d > rd.max || (d % 4 != 0 && d % 4 != 3))
    core::throw_out_of_range("polarstar", "d", d, range_text(rd));
  return (q * q + q + 1) * (2 * d + 2);
}

/// The network radix q + 1 + d.
inline std::uint64_t polarstar_radix(std::uint64_t q, std::uint64_t d) {
  polarstar_order<std::uint64_t>(q, d);
  return q + 1 + d;
}

/// f(y) of the IQ graph of degree d (an involution without fixed points).
inline std::uint64_t iq_involution(std::uint64_t d, std::uint64_t y) {
  if (d % 4 == 3 || y < 8) return y ^ 4;  // 8-vertex blocks at multiples of 8
  if (y < 10) return y ^ 1;               // 8 <-> 9
  return 10 + ((y - 10) ^ 4);             // blocks at 10, 18, ...
}

/// The links of the IQ graph of degree d (d ≡ 0 or 3 mod 4, d >= 3), 2d + 2 vertices.
inline std::vector<std::pair<std::uint64_t, std::uint64_t>> iq_graph_edges(std::uint64_t d) {
  if (d < 3 || (d % 4 != 0 && d % 4 != 3))
    core::throw_out_of_range("iq_graph_edges", "d", d, std::string(polarstar_d_rule) + " from 3");
  static constexpr std::pair<std::uint64_t, std::uint64_t> base[] = {{0, 7}, {4, 7}, {0, 1}, {4, 1}, {0, 2}, {4, 2},
                                                                     {1, 6}, {5, 6}, {5, 3}, {5, 7}, {2, 3}, {6, 3}};
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  out.reserve(static_cast<std::size_t>(d * (d + 1)));
  std::vector<std::uint64_t> a{0, 1, 2, 3}, fa{4, 5, 6, 7};
  for (auto [u, v] : base) out.emplace_back(u, v);
  std::uint64_t degree = 3, offset = 8;
  if (d % 4 == 0) {
    for (std::uint64_t v : {0, 4, 1, 5}) out.emplace_back(8, v);
    for (std::uint64_t v : {2, 6, 3, 7}) out.emplace_back(9, v);
    a.push_back(8);
    fa.push_back(9);
    degree = 4;
    offset = 10;
  }
  for (; degree < d; degree += 4, offset += 8) {
    for (auto [u, v] : base) out.emplace_back(offset + u, offset + v);
    for (std::uint64_t i : {0, 4, 1, 5})
      for (auto v : a) out.emplace_back(offset + i, v);
    for (std::uint64_t i : {2, 6, 3, 7})
      for (auto v : fa) out.emplace_back(offset + i, v);
    for (std::uint64_t i = 0; i < 4; ++i) {
      a.push_back(offset + i);
      fa.push_back(offset + 4 + i);
    }
  }
  return out;
}

/// PolarStar of ER_q and the IQ graph of degree d (see the file comment for the numbering).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> polarstar(std::uint64_t q, std::uint64_t d) {
  const std::uint64_t n = polarstar_order<V>(q, d);
  const std::uint64_t m = n / 2 * (q + 1 + d);  // n is even
  core::require_graph_memory("polarstar", sizeof(V), n, m);
  const auto structure = polarfly<std::uint32_t>(q);
  const galois_field f(q);
  const std::uint64_t js = 2 * d + 2, n0 = structure.num_vertices();
  const auto joiner = iq_graph_edges(d);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t x = 0; x < n0; ++x) {
    const std::uint64_t o = x * js;
    for (auto [u, v] : joiner) edges.emplace_back(static_cast<V>(o + u), static_cast<V>(o + v));
    for (auto x2 : structure.neighbors(static_cast<std::uint32_t>(x)))
      if (x < x2)
        for (std::uint64_t y = 0; y < js; ++y)
          edges.emplace_back(static_cast<V>(o + y), static_cast<V>(x2 * js + iq_involution(d, y)));
    if (polarfly_is_absolute(f, x))
      for (std::uint64_t y = 0; y < js; ++y)
        if (y < iq_involution(d, y)) edges.emplace_back(static_cast<V>(o + y), static_cast<V>(o + iq_involution(d, y)));
  }
  return core::graph<V>::from_edges(n, edges,
                                    "PolarStar(q=" + core::to_message(q) + ",d=" + core::to_message(d) + ")");
}

/// PolarStar's descriptor (topology/descriptor.hpp).
inline const family_descriptor& polarstar_family() {
  static const family_descriptor f{
      .name = "polarstar",
      .summary = "PolarStar: star product of ER_q and an Inductive-Quad supernode of degree d, diameter 3 (Lakhotia et al. 2024)",
      .source = "Lakhotia et al., SPAA 2024",
      .parameters = {{.id = "q", .symbol = "q", .min = 2, .max = polarstar_max_q(),
                      .help = "Prime power: the structure graph ER_q, q^2+q+1 supernodes", .rule = polarfly_q_rule},
                     {.id = "d",
                      .symbol = "d",
                      .min = 3,
                      .max = polarstar_d_range(2).max,
                      .help = "Degree of the IQ supernode graph (0 or 3 mod 4), 2d+2 routers a supernode; radix q+1+d",
                      .rule = polarstar_d_rule,
                      .range_at = [](const parameter_values& v) { return polarstar_d_range(unsigned_value(v, "q")); }}},
      .example = {{"q", std::uint64_t{2}}, {"d", std::uint64_t{3}}},
      .make = [](const parameter_values& v) {
        return polarstar<std::uint32_t>(unsigned_value(v, "q"), unsigned_value(v, "d"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"supernode", "structure"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto q = unsigned_value(v, "q"), d = unsigned_value(v, "d");
            const std::uint64_t js = 2 * d + 2;
            return detail::classes_by_ends(g, polarstar_order(q, d), {"supernode", "structure"},
                                           [js, d](std::uint32_t a, std::uint32_t b) {
                                             return a / js == b / js && iq_involution(d, a % js) != b % js ? 0 : 1;
                                           });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "ceil((q+1+d)/3), a third of the network radix for diameter 3 (as ceil(k'/2) at diameter 2)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), (unsigned_value(v, "q") + 1 + unsigned_value(v, "d") + 2) / 3);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "supernodes of 2d + 2 = " + core::to_message(2 * unsigned_value(v, "d") + 2) + " routers";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return block_groups(routers, 2 * unsigned_value(v, "d") + 2);
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
