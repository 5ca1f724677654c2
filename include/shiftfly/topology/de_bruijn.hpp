#pragma once
/// \file de_bruijn.hpp
/// The de Bruijn digraph B(d, D) and the generalized de Bruijn digraph GB(n, d)
/// (Reddy, Pradhan and Kuhl 1980; Shiftfly paper §5, Theorem 5.5).
///
/// B(d, D): vertices are the d^D strings of length D over {0..d-1}, arcs
/// u -> u2...uD α for every α (ascending), ids in lexicographic order.
/// GB(n, d): vertices Z_n, arcs i -> d·i + r (mod n) for r = 0..d-1 (ascending r);
/// directed diameter at most ⌈log_d n⌉. B(d, D) = GB(d^D, d).

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/string_labels.hpp"

namespace shiftfly::topology {

/// Largest alphabet of B(d, D) (symbols must fit core::symbol).
inline constexpr std::uint64_t de_bruijn_max_d = 65535;
/// Largest out-degree of the arithmetic families GB(n, d) and II(n, d).
inline constexpr std::uint64_t arithmetic_max_d = 65535;

/// The descriptor's label length range at any d (--help's).
inline constexpr std::uint64_t de_bruijn_max_D = 63;

/// The exact range of D at d for B(d, D) over id type V: 1 to the largest D whose d^D vertices
/// fit V (at a d out of range, 1 to de_bruijn_max_D).
template <std::unsigned_integral V = std::uint32_t>
parameter_range de_bruijn_D_range(std::uint64_t d) {
  if (d < 2 || d > de_bruijn_max_d) return {1, de_bruijn_max_D, {}, {}};
  const std::uint64_t limit = core::max_vertices<V>();
  std::uint64_t max_D = 0;
  for (std::uint64_t m = d; m <= limit; m *= d) {
    ++max_D;
    if (m > limit / d) break;
  }
  return {1, max_D, {},
          "at d = " + core::to_message(d) + ", so that d^D vertices fit a " + core::to_message(sizeof(V) * 8) +
              "-bit vertex id"};
}

/// Validates (d, D) for B(d, D) over id type V and returns d^D.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t de_bruijn_order(std::uint64_t d, std::uint64_t D) {
  core::require_range("de_bruijn", "d", d, 2, de_bruijn_max_d);
  const std::uint64_t limit = core::max_vertices<V>();
  std::uint64_t n = 1;
  bool fits = D >= 1;
  for (std::uint64_t i = 0; i < D && fits; ++i) {
    if (__builtin_mul_overflow(n, d, &n) || n > limit) fits = false;
  }
  if (!fits) core::throw_out_of_range("de_bruijn", "D", D, range_text(de_bruijn_D_range<V>(d)));
  return n;
}

/// The de Bruijn digraph B(d, D), with labels and arcs.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> de_bruijn(std::uint64_t d, std::uint64_t D) {
  const std::uint64_t n = de_bruijn_order<V>(d, D);
  core::require_graph_memory("de_bruijn", sizeof(V), n, 0, core::checked_mul(n, d, "de_bruijn", "arc count"));
  const label_space space{label_family::de_bruijn, static_cast<unsigned>(d), static_cast<unsigned>(D), n};
  const std::uint64_t tail = n / d;  // d^{D-1}
  std::vector<typename core::graph<V>::offset_type> offsets(n + 1);
  std::vector<V> targets(core::checked_mul(n, d, "de_bruijn", "arc count"));
  std::vector<core::symbol> labels(core::checked_mul(n, D, "de_bruijn", "label size"));
  for (std::uint64_t u = 0; u < n; ++u) {
    offsets[u + 1] = (u + 1) * d;
    detail::unrank_unchecked(space, u, labels.data() + u * D);
    const std::uint64_t base = (u % tail) * d;
    for (std::uint64_t a = 0; a < d; ++a) targets[u * d + a] = static_cast<V>(base + a);
  }
  auto g = core::graph<V>::from_arcs(n, std::move(offsets), std::move(targets),
                                     "deBruijn(" + core::to_message(d) + "," + core::to_message(D) + ")");
  g.set_labels(D, std::move(labels));
  return g;
}

/// Validates (n, d) of an arithmetic shift family (GB or II) over id type V.
template <std::unsigned_integral V = std::uint32_t>
void require_arithmetic_params(const char* where, std::uint64_t n, std::uint64_t d) {
  core::require_range(where, "n", n, 2, core::max_vertices<V>());
  core::require_range(where, "d", d, 2, arithmetic_max_d);
}

/// The generalized de Bruijn digraph GB(n, d): arcs i -> d·i + r (mod n), r = 0..d-1.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> generalized_de_bruijn(std::uint64_t n, std::uint64_t d) {
  require_arithmetic_params<V>("generalized_de_bruijn", n, d);
  core::require_graph_memory("generalized_de_bruijn", sizeof(V), n, 0,
                             core::checked_mul(n, d, "generalized_de_bruijn", "arc count"));
  std::vector<typename core::graph<V>::offset_type> offsets(n + 1);
  std::vector<V> targets(core::checked_mul(n, d, "generalized_de_bruijn", "arc count"));
  const std::uint64_t dm = d % n;
  for (std::uint64_t i = 0; i < n; ++i) {
    offsets[i + 1] = (i + 1) * d;
    const std::uint64_t base = (dm * i) % n;  // < 2^64: dm, i < 2^32
    for (std::uint64_t r = 0; r < d; ++r) targets[i * d + r] = static_cast<V>((base + r % n) % n);
  }
  return core::graph<V>::from_arcs(n, std::move(offsets), std::move(targets),
                                   "GB(" + core::to_message(n) + "," + core::to_message(d) + ")");
}

/// The de Bruijn family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& de_bruijn_family() {
  static const family_descriptor f{
      .name = "de-bruijn",
      .summary = "De Bruijn digraph B(d,D)",
      .source = "de Bruijn 1946",
      .parameters = {{.id = "d", .symbol = "d", .min = 2, .max = de_bruijn_max_d, .help = "Out-degree"},
                     {.id = "D",
                      .symbol = "D",
                      .min = 1,
                      .max = de_bruijn_max_D,
                      .help = "Label length (diameter); d^D vertices at most 4294967295",
                      .range_at = [](const parameter_values& v) { return de_bruijn_D_range(unsigned_value(v, "d")); }}},
      .example = {{"d", std::uint64_t{2}}, {"D", std::uint64_t{2}}},
      .make = [](const parameter_values& v) { return de_bruijn<std::uint32_t>(unsigned_value(v, "d"), unsigned_value(v, "D")); },
      .is_digraph = [](const parameter_values&) { return true; },
      .link_classes = {"arc"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "arc"); },
      .routings = {"shift", "minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 (each vertex is one node's router, as interconnection networks read the digraph)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return core::uniform_endpoints(g.num_vertices(), 1); },
      .shift = shift_labels::de_bruijn,
  };
  return f;
}

/// The generalized de Bruijn family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& generalized_de_bruijn_family() {
  static const family_descriptor f{
      .name = "gen-de-bruijn",
      .summary = "Generalized de Bruijn digraph GB(n,d): i -> d*i + r",
      .source = "Reddy, Pradhan and Kuhl 1980; Imase and Itoh 1981",
      .parameters = {{.id = "n", .symbol = "n", .min = 2, .max = 4294967295u, .help = "Vertex count"},
                     {.id = "d", .symbol = "d", .min = 2, .max = arithmetic_max_d, .help = "Out-degree"}},
      .example = {{"n", std::uint64_t{6}}, {"d", std::uint64_t{2}}},
      .make = [](const parameter_values& v) {
        return generalized_de_bruijn<std::uint32_t>(unsigned_value(v, "n"), unsigned_value(v, "d"));
      },
      .is_digraph = [](const parameter_values&) { return true; },
      .link_classes = {"arc"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "arc"); },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 (each vertex is one node's router, as interconnection networks read the digraph)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return core::uniform_endpoints(g.num_vertices(), 1); },
  };
  return f;
}

}  // namespace shiftfly::topology
