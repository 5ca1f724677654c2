#pragma once
/// \file slimfly.hpp
/// Slim Fly (Besta and Hoefler, SC '14): the McKay–Miller–Širáň graph of diameter 2
/// (McKay, Miller and Širáň 1998; in the form of Hafner 2004), for a prime power
/// q = 4w + δ with δ ∈ {-1, 0, 1} (every prime power but 2).
///
///     slimfly<V>(q) -> core::graph<V>, named "SlimFly(q=5)"
///     slimfly_order<V>(q) = 2 q^2, slimfly_radix(q) = (3q - δ)/2, slimfly_delta(q) = δ,
///     slimfly_edge_count(q), slimfly_max_q<V>(), slimfly_generators(field) -> {X, X'}
///
/// Routers are (s, x, y), s ∈ {0, 1}, x, y ∈ GF(q), vertex s·q^2 + x·q + y (field elements
/// as in galois_field.hpp). With ξ the field's primitive element and exponents mod q - 1:
///   δ = +1: X = {ξ^0, ξ^2, ..., ξ^(q-3)},  X' = {ξ^1, ξ^3, ..., ξ^(q-2)};
///   δ = -1: X = {ξ^0, ξ^2, ..., ξ^(2w-2)} ∪ {ξ^(2w-1), ξ^(2w+1), ..., ξ^(4w-3)},
///           X' = {ξ^1, ξ^3, ..., ξ^(2w-1)} ∪ {ξ^(2w), ξ^(2w+2), ..., ξ^(4w-2)};
///   δ =  0: X = {ξ^0, ξ^2, ..., ξ^(q-2)},  X' = {ξ^1, ξ^3, ..., ξ^(q-1)}.
/// Each set has (q - δ)/2 elements and is closed under negation. The edges:
///   (0, x, y) ~ (0, x, y')  iff  y - y' ∈ X;
///   (1, m, c) ~ (1, m, c')  iff  c - c' ∈ X';
///   (0, x, y) ~ (1, m, c)   iff  y = m x + c.
/// The graph is (3q - δ)/2-regular with diameter 2; q = 5 gives the Hoffman–Singleton graph.

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
/// with 2 q^2 <= core::max_vertices<V>() (46337 for 32-bit ids, 65536 for 64-bit ids).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t slimfly_max_q() {
  std::uint64_t q = galois_field_max_order;
  while (q >= 3 && (2 * q * q > core::max_vertices<V>() || !is_prime_power(q))) --q;
  return q;
}

/// Which q in [3, slimfly_max_q] are accepted.
inline constexpr const char* slimfly_q_rule = "a prime power";

/// Validates q (a prime power from 3 to slimfly_max_q<V>()) and returns the order 2 q^2.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t slimfly_order(std::uint64_t q) {
  const parameter_range r{3, slimfly_max_q<V>(), slimfly_q_rule, {}};
  if (q < r.min || q > r.max || !is_prime_power(q)) core::throw_out_of_range("slimfly", "q", q, range_text(r));
  return 2 * q * q;
}

/// δ ∈ {-1, 0, 1} with q = 4w + δ.
inline int slimfly_delta(std::uint64_t q) {
  slimfly_order<std::uint64_t>(q);
  return q % 4 == 1 ? 1 : (q % 4 == 3 ? -1 : 0);
}

/// The network radix (3q - δ)/2, the degree of every router.
inline std::uint64_t slimfly_radix(std::uint64_t q) {
  const int d = slimfly_delta(q);
  return static_cast<std::uint64_t>((3 * static_cast<std::int64_t>(q) - d) / 2);
}

/// The number of edges q^2 (3q - δ)/2.
inline std::uint64_t slimfly_edge_count(std::uint64_t q) { return q * q * slimfly_radix(q); }

/// The generator sets X and X' of the file comment.
struct slimfly_generator_sets {
  std::vector<galois_field::element> x, x_prime;
};

/// X and X' for the field GF(q) (q a valid Slim Fly q), from its primitive element.
inline slimfly_generator_sets slimfly_generators(const galois_field& field) {
  const std::uint64_t q = field.order();
  if (q < 3)
    core::throw_out_of_range("slimfly_generators", "field order", q,
                             "a prime power from 3 to " + core::to_message(galois_field_max_order));
  const int d = q % 4 == 1 ? 1 : (q % 4 == 3 ? -1 : 0);
  slimfly_generator_sets out;
  auto powers = [&](std::vector<galois_field::element>& to, std::uint64_t from, std::uint64_t last) {
    for (std::uint64_t i = from; i <= last; i += 2) to.push_back(field.exp(i));
  };
  if (d == 1) {
    powers(out.x, 0, q - 3);
    powers(out.x_prime, 1, q - 2);
  } else if (d == -1) {
    const std::uint64_t w = (q + 1) / 4;
    powers(out.x, 0, 2 * w - 2);
    powers(out.x, 2 * w - 1, 4 * w - 3);
    powers(out.x_prime, 1, 2 * w - 1);
    powers(out.x_prime, 2 * w, 4 * w - 2);
  } else {
    powers(out.x, 0, q - 2);
    powers(out.x_prime, 1, q - 1);
  }
  return out;
}

/// The Slim Fly graph MMS(q) over vertex ids of type V.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> slimfly(std::uint64_t q) {
  const std::uint64_t n = slimfly_order<V>(q);
  const std::uint64_t m = slimfly_edge_count(q);
  core::require_graph_memory("slimfly", sizeof(V), n, m);
  const galois_field f(q);
  const auto gen = slimfly_generators(f);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  const std::uint64_t qq = q * q;
  for (std::uint64_t x = 0; x < q; ++x)
    for (std::uint64_t y = 0; y < q; ++y) {
      const std::uint64_t u0 = x * q + y, u1 = qq + x * q + y;
      for (auto e : gen.x) {
        const std::uint64_t v = x * q + f.add_unchecked(y, e);
        if (u0 < v) edges.emplace_back(static_cast<V>(u0), static_cast<V>(v));
      }
      for (auto e : gen.x_prime) {
        const std::uint64_t v = qq + x * q + f.add_unchecked(y, e);
        if (u1 < v) edges.emplace_back(static_cast<V>(u1), static_cast<V>(v));
      }
      for (std::uint64_t mm = 0; mm < q; ++mm) {  // (1, m, c) with c = y - m x
        const std::uint64_t c = f.add_unchecked(y, f.neg_unchecked(f.mul_unchecked(mm, x)));
        edges.emplace_back(static_cast<V>(u0), static_cast<V>(qq + mm * q + c));
      }
    }
  return core::graph<V>::from_edges(n, edges, "SlimFly(q=" + core::to_message(q) + ")");
}

/// The Slim Fly family's descriptor (topology/descriptor.hpp); in the field tables, every prime
/// power q = 4w + delta, delta in {-1, 0, 1}: 2q^2 routers, radix (3q - delta)/2.
inline const family_descriptor& slimfly_family() {
  static const family_descriptor f{
      .name = "slimfly",
      .summary = "Slim Fly: McKay-Miller-Siran graph, 2q^2 routers, diameter 2",
      .source = "Besta and Hoefler, SC '14",
      .parameters = {{.id = "q",
                      .symbol = "q",
                      .min = 3,
                      .max = slimfly_max_q(),
                      .help = "Prime power q = 4w + delta, delta in {-1, 0, 1}; radix (3q - delta)/2",
                      .rule = slimfly_q_rule}},
      .example = {{"q", std::uint64_t{3}}},
      .make = [](const parameter_values& v) { return slimfly<std::uint32_t>(unsigned_value(v, "q")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"intra-subgraph", "inter-subgraph"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            // router (s, x, y) has id s·q² + x·q + y: a link inside subgraph s is intra-subgraph
            const auto q = unsigned_value(v, "q");
            return detail::classes_by_ends(g, slimfly_order(q), {"intra-subgraph", "inter-subgraph"}, [q](std::uint32_t x, std::uint32_t y) {
              return (x < q * q) == (y < q * q) ? 0 : 1;
            });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "Slim Fly",
                           .rule = "every prime power q = 4w + delta",
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t) {
                                 std::vector<field_candidate> out;
                                 for (std::uint64_t q = 3; q <= max_radix; ++q)
                                   if (is_prime_power(q) && q % 4 != 2)
                                     out.push_back({{{"q", q}}, slimfly_order(q), slimfly_radix(q), "q = " + core::to_message(q)});
                                 return out;
                               }},
      .endpoints_rule = "ceil(k'/2) for the network radix k' = (3q - delta)/2 (Besta and Hoefler: full global bandwidth)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), (slimfly_radix(unsigned_value(v, "q")) + 1) / 2);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) { return "rows (s, x) of q = " + core::to_message(unsigned_value(v, "q")) + " routers"; },
          .group_of = [](const parameter_values& v, std::size_t routers) { return block_groups(routers, unsigned_value(v, "q")); }},
  };
  return f;
}

}  // namespace shiftfly::topology
