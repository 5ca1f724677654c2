#pragma once
/// \file bundlefly.hpp
/// Bundlefly (Lei, Dong, Liao and Duato, "Bundlefly: a low-diameter topology for multicore fiber",
/// ICS 2020): the star product of the McKay–Miller–Širáň graph MMS(q) of Slim Fly (the structure
/// graph, topology/slimfly.hpp) and the Paley graph P(p) (the supernode), p a prime power
/// ≡ 1 (mod 4). Every router of Slim Fly becomes a supernode of p routers, and every Slim Fly link
/// a bundle of p parallel links (one multicore fiber) that joins the two supernodes through the
/// multiplication by a primitive element ξ of GF(p): a non-square, so it maps P(p) onto its
/// complement (Paley graphs are self-complementary), which gives the diameter 3.
///
///     bundlefly<V>(q, paley) -> core::graph<V>, named "Bundlefly(q=3,p=5)"
///     bundlefly_order<V>(q, paley) = 2 q^2 p, bundlefly_radix(q, paley) = (3q - δ)/2 + (p - 1)/2
///
/// Routers are (s, a), s a Slim Fly router (its id in slimfly.hpp's numbering), a ∈ GF(p) (as in
/// galois_field.hpp), vertex s·p + a. Links:
///   (s, a) ~ (s, b)   iff  b − a is a nonzero square of GF(p) (the Paley graph; −1 is a square);
///   (s, a) ~ (t, ξ·a) for every Slim Fly link {s, t}, s < t, ξ = the field's primitive element.
/// The bundles' direction matters: the product is not the same graph for every orientation of
/// Slim Fly's links (numbered as networkx's Hoffman–Singleton graph, MMS(5) gives another
/// spectrum), so it is fixed here by Slim Fly's numbering. EvalNet (topogen/BundleflyGenerator.py)
/// orients by its own numbering of MMS(q) and draws its primitive elements at random; its
/// Bundlefly(d) takes the radix d and picks the (q, p) of most routers (d = 7: q = 3, p = 5). Its
/// graphs and these agree in degrees, distances and spectrum on the instances of
/// tests/fixtures/evalnet/bundlefly.txt (and are isomorphic at d = 7).

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
#include "shiftfly/topology/router_groups.hpp"
#include "shiftfly/topology/slimfly.hpp"

namespace shiftfly::topology {

/// Which Paley orders are accepted: a Paley graph is undirected iff −1 is a square, p ≡ 1 (mod 4).
inline constexpr const char* bundlefly_paley_rule = "a prime power 1 mod 4";

/// The largest Paley order for ids of type V: the largest prime power ≡ 1 (mod 4) within the
/// field's range (65521) whose 2 · 3^2 · p routers at the smallest q fit V.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t bundlefly_max_paley() {
  std::uint64_t p = std::min(galois_field_max_order, core::max_vertices<V>() / 18);
  while (p > 5 && (p % 4 != 1 || !is_prime_power(p))) --p;
  return p;
}

/// paley's exact range (it depends on no other parameter).
template <std::unsigned_integral V = std::uint32_t>
parameter_range bundlefly_paley_range() {
  return {5, bundlefly_max_paley<V>(), bundlefly_paley_rule, {}};
}

/// True if `paley` is a valid Paley order for ids of type V.
template <std::unsigned_integral V = std::uint32_t>
bool bundlefly_paley_valid(std::uint64_t paley) {
  return paley >= 5 && paley <= bundlefly_max_paley<V>() && paley % 4 == 1 && is_prime_power(paley);
}

/// The exact range of q at `paley` over id type V: a prime power from 3 to the largest whose
/// 2 q^2 p routers fit V (at a paley out of range, to the largest at p = 5); q >= 3 fits at every
/// valid paley (bundlefly_max_paley).
template <std::unsigned_integral V = std::uint32_t>
parameter_range bundlefly_q_range(std::uint64_t paley) {
  const bool valid = bundlefly_paley_valid<V>(paley);
  const std::uint64_t p = valid ? paley : 5, limit = core::max_vertices<V>();
  std::uint64_t q = std::min(slimfly_max_q<std::uint32_t>(), detail::integer_root(limit / p / 2, 2));  // MMS(q) is built over 32-bit ids
  while (q > 3 && (2 * q * q > limit / p || !is_prime_power(q))) --q;
  if (!valid) return {3, q, slimfly_q_rule, {}};
  return {3, q, slimfly_q_rule,
          "at paley = " + core::to_message(paley) + ", so that 2q^2 p routers fit a " +
              core::to_message(sizeof(V) * 8) + "-bit vertex id"};
}

/// Validates (q, paley) (paley first, then q at paley) and returns the router count 2 q^2 p.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t bundlefly_order(std::uint64_t q, std::uint64_t paley) {
  if (!bundlefly_paley_valid<V>(paley))
    core::throw_out_of_range("bundlefly", "paley", paley, range_text(bundlefly_paley_range<V>()));
  const auto r = bundlefly_q_range<V>(paley);
  if (q < r.min || q > r.max || !is_prime_power(q)) core::throw_out_of_range("bundlefly", "q", q, range_text(r));
  return 2 * q * q * paley;
}

/// The network radix (3q − δ)/2 + (p − 1)/2, every router's degree.
inline std::uint64_t bundlefly_radix(std::uint64_t q, std::uint64_t paley) {
  bundlefly_order<std::uint64_t>(q, paley);
  return slimfly_radix(q) + (paley - 1) / 2;
}

/// Bundlefly(q, p) over vertex ids of type V (see the file comment for the numbering).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> bundlefly(std::uint64_t q, std::uint64_t paley) {
  const std::uint64_t n = bundlefly_order<V>(q, paley);
  const std::uint64_t m = n / 2 * bundlefly_radix(q, paley);  // n is even
  core::require_graph_memory("bundlefly", sizeof(V), n, m);
  const auto structure = slimfly<std::uint32_t>(q);  // 2q^2 <= n routers: fits 32-bit ids
  const galois_field f(paley);
  std::vector<galois_field::element> squares;
  for (std::uint64_t i = 0; i < (paley - 1) / 2; ++i) squares.push_back(f.exp(2 * i));
  const auto xi = f.primitive_element();
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t s = 0; s < structure.num_vertices(); ++s) {
    const std::uint64_t base = s * paley;
    for (std::uint64_t a = 0; a < paley; ++a) {
      for (auto sq : squares) {
        const std::uint64_t b = f.add_unchecked(a, sq);
        if (a < b) edges.emplace_back(static_cast<V>(base + a), static_cast<V>(base + b));
      }
      const std::uint64_t image = f.mul_unchecked(xi, a);
      for (auto t : structure.neighbors(static_cast<std::uint32_t>(s)))
        if (s < t) edges.emplace_back(static_cast<V>(base + a), static_cast<V>(std::uint64_t{t} * paley + image));
    }
  }
  return core::graph<V>::from_edges(n, edges,
                                    "Bundlefly(q=" + core::to_message(q) + ",p=" + core::to_message(paley) + ")");
}

/// The Bundlefly family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& bundlefly_family() {
  static const family_descriptor f{
      .name = "bundlefly",
      .summary = "Bundlefly: Slim Fly's MMS graph star Paley graphs, supernodes of p routers joined by bundles of p links; diameter 3 (Lei et al. 2020)",
      .source = "Lei et al., ICS 2020",
      .parameters = {{.id = "q",
                      .symbol = "q",
                      .min = 3,
                      .max = bundlefly_q_range(5).max,
                      .help = "Slim Fly's prime power q = 4w + delta (the structure graph MMS(q), 2q^2 supernodes)",
                      .rule = slimfly_q_rule,
                      .range_at = [](const parameter_values& v) { return bundlefly_q_range(unsigned_value(v, "paley")); }},
                     {.id = "paley",
                      .symbol = "p",
                      .min = 5,
                      .max = bundlefly_max_paley(),
                      .help = "Order p of the Paley graph in each supernode (a prime power 1 mod 4); radix (3q - delta)/2 + (p - 1)/2",
                      .rule = bundlefly_paley_rule}},
      .example = {{"q", std::uint64_t{3}}, {"paley", std::uint64_t{5}}},
      .make = [](const parameter_values& v) {
        return bundlefly<std::uint32_t>(unsigned_value(v, "q"), unsigned_value(v, "paley"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"intra-supernode", "inter-supernode"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto q = unsigned_value(v, "q"), p = unsigned_value(v, "paley");
            return detail::classes_by_ends(g, bundlefly_order(q, p), {"intra-supernode", "inter-supernode"},
                                           [p](std::uint32_t x, std::uint32_t y) { return x / p == y / p ? 0 : 1; });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "floor(k'/3) for the network radix k' = (3q - delta)/2 + (p - 1)/2 (EvalNet's Bundlefly: k'/3 at diameter 3)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), bundlefly_radix(unsigned_value(v, "q"), unsigned_value(v, "paley")) / 3);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "supernodes of p = " + core::to_message(unsigned_value(v, "paley")) + " routers";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return block_groups(routers, unsigned_value(v, "paley"));
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
