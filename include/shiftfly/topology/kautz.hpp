#pragma once
/// \file kautz.hpp
/// The Kautz digraph K(d, D) (Shiftfly paper, Definition 4.1; Kautz 1968).
///
/// Vertices are the strings u1...uD over the alphabet {0, ..., d} with
/// u_i != u_{i+1}; arcs u -> u2...uD α for every α != uD. K(d, D) has
/// (d+1) d^{D-1} vertices, in- and out-degree d and directed diameter D
/// (Theorem 5.1). Vertex ids follow the lexicographic order of the labels and
/// each vertex's arcs are listed by ascending α (the reference artefact's orders).

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

/// Largest out-degree of the string families: the alphabet {0..d} must fit core::symbol.
inline constexpr std::uint64_t kautz_max_d = 65534;

/// Number of vertices (d+1) d^{D-1} of K(d, D), or 0 when it exceeds `limit`.
inline std::uint64_t kautz_order_or_zero(std::uint64_t d, std::uint64_t D, std::uint64_t limit) {
  std::uint64_t n = d + 1;
  for (std::uint64_t i = 1; i < D; ++i)
    if (__builtin_mul_overflow(n, d, &n) || n > limit) return 0;
  return n > limit ? 0 : n;
}

/// The descriptor's label length range at any d (--help's).
inline constexpr std::uint64_t kautz_max_D = 63;

/// The exact range of D at d for K(d, D) over id type V: 1 to the largest D whose (d+1)d^(D-1)
/// vertices fit V (at a d out of range, 1 to kautz_max_D).
template <std::unsigned_integral V = std::uint32_t>
parameter_range kautz_D_range(std::uint64_t d) {
  if (d < 2 || d > kautz_max_d) return {1, kautz_max_D, {}, {}};
  const std::uint64_t limit = core::max_vertices<V>();
  std::uint64_t max_D = 1;
  while (kautz_order_or_zero(d, max_D + 1, limit) != 0) ++max_D;
  return {1, max_D, {},
          "at d = " + core::to_message(d) + ", so that (d+1)d^(D-1) vertices fit a " + core::to_message(sizeof(V) * 8) +
              "-bit vertex id"};
}

/// Validates (d, D) for K(d, D) over id type V and returns the vertex count (d+1) d^{D-1}.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t kautz_order(std::uint64_t d, std::uint64_t D) {
  core::require_range("kautz", "d", d, 2, kautz_max_d);
  const std::uint64_t n = D == 0 ? 0 : kautz_order_or_zero(d, D, core::max_vertices<V>());
  if (n == 0) core::throw_out_of_range("kautz", "D", D, range_text(kautz_D_range<V>(d)));
  return n;
}

/// Definition 4.1: the Kautz digraph K(d, D), with its labels and arcs.
/// The physical graph is the arcs symmetrised (degree 2d, 2d-1 where u1 = uD; Proposition 4.3).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> kautz(std::uint64_t d, std::uint64_t D) {
  const std::uint64_t n = kautz_order<V>(d, D);
  core::require_graph_memory("kautz", sizeof(V), n, 0, core::checked_mul(n, d, "kautz", "arc count"));
  // Vertex ids follow the lexicographic order of the labels (topology/string_labels.hpp).
  const label_space space{label_family::kautz, static_cast<unsigned>(d), static_cast<unsigned>(D), n};
  const std::uint64_t tail = n / (d + 1);         // d^{D-1}
  const std::uint64_t inner = D >= 2 ? tail / d : 1;  // d^{D-2}
  std::vector<typename core::graph<V>::offset_type> offsets(n + 1);
  std::vector<V> targets(core::checked_mul(n, d, "kautz", "arc count"));
  std::vector<core::symbol> labels(core::checked_mul(n, D, "kautz", "label size"));
  for (std::uint64_t u = 0; u < n; ++u) {
    offsets[u + 1] = (u + 1) * d;
    core::symbol* lab = labels.data() + u * D;
    detail::unrank_unchecked(space, u, lab);
    // Arcs u -> u2..uD α in ascending α: the successor's id is
    // u2 · d^{D-1} + (t3..tD) · d + t(α), and t(α) runs over 0..d-1 as α ascends.
    V* out = targets.data() + u * d;
    if (D == 1) {
      for (std::uint64_t a = 0, k = 0; a <= d; ++a)
        if (a != lab[0]) out[k++] = static_cast<V>(a);
    } else {
      const std::uint64_t base = static_cast<std::uint64_t>(lab[1]) * tail + ((u % tail) % inner) * d;
      for (std::uint64_t t = 0; t < d; ++t) out[t] = static_cast<V>(base + t);
    }
  }
  auto g = core::graph<V>::from_arcs(n, std::move(offsets), std::move(targets),
                                     "Kautz(" + core::to_message(d) + "," + core::to_message(D) + ")");
  g.set_labels(D, std::move(labels));
  return g;
}

/// The least D with (d+1) d^{D-1} >= n: the smallest Kautz graph holding n vertices.
inline std::uint64_t smallest_kautz_diameter(std::uint64_t n, std::uint64_t d) {
  core::require_range("smallest_kautz_diameter", "d", d, 2, kautz_max_d);
  core::require_at_least("smallest_kautz_diameter", "n", n, 1);
  std::uint64_t D = 1;
  while (true) {
    const std::uint64_t c = kautz_order_or_zero(d, D, ~std::uint64_t{0});
    if (c == 0 || c >= n) return D;  // c == 0: overflowed 64 bits, hence >= n
    ++D;
  }
}

/// The Kautz family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& kautz_family() {
  static const family_descriptor f{
      .name = "kautz",
      .summary = "Kautz digraph K(d,D) (Def. 4.1)",
      .source = "Kautz 1968; the Shiftfly paper, Definition 4.1",
      .parameters = {{.id = "d", .symbol = "d", .min = 2, .max = kautz_max_d, .help = "Out-degree"},
                     {.id = "D",
                      .symbol = "D",
                      .min = 1,
                      .max = kautz_max_D,
                      .help = "Label length (diameter); (d+1)d^(D-1) vertices at most 4294967295",
                      .range_at = [](const parameter_values& v) { return kautz_D_range(unsigned_value(v, "d")); }}},
      .example = {{"d", std::uint64_t{2}}, {"D", std::uint64_t{2}}},
      .make = [](const parameter_values& v) { return kautz<std::uint32_t>(unsigned_value(v, "d"), unsigned_value(v, "D")); },
      .is_digraph = [](const parameter_values&) { return true; },
      .link_classes = {"arc"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "arc"); },
      .routings = {"shift", "minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 (each vertex is one node's router, as interconnection networks read the digraph)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return core::uniform_endpoints(g.num_vertices(), 1); },
      .shift = shift_labels::kautz,
  };
  return f;
}

}  // namespace shiftfly::topology
