#pragma once
/// \file imase_itoh.hpp
/// The Imase–Itoh (generalized Kautz) digraph II(n, d) (Imase and Itoh 1981;
/// Shiftfly paper Theorem 5.5): vertices Z_n, arcs i -> -d·i - r (mod n) for
/// r = 1..d (ascending r); directed diameter at most ⌈log_d n⌉ for every n.
/// II((d+1)d^{D-1}, d) is isomorphic to the Kautz digraph K(d, D).

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/de_bruijn.hpp"

namespace shiftfly::topology {

namespace detail {
/// II(n, d) arcs for any n >= 1 (n = 1 is one vertex carrying d loops).
template <std::unsigned_integral V>
core::graph<V> imase_itoh_unchecked(std::uint64_t n, std::uint64_t d, std::string name) {
  core::require_graph_memory("imase_itoh", sizeof(V), n, 0, core::checked_mul(n, d, "imase_itoh", "arc count"));
  std::vector<typename core::graph<V>::offset_type> offsets(n + 1);
  std::vector<V> targets(core::checked_mul(n, d, "imase_itoh", "arc count"));
  const std::uint64_t dm = d % n;
  for (std::uint64_t i = 0; i < n; ++i) {
    offsets[i + 1] = (i + 1) * d;
    const std::uint64_t base = (dm * i) % n;  // dm, i < 2^32
    for (std::uint64_t r = 1; r <= d; ++r) {
      const std::uint64_t x = (base + r % n) % n;  // d·i + r (mod n)
      targets[i * d + (r - 1)] = static_cast<V>((n - x) % n);
    }
  }
  return core::graph<V>::from_arcs(n, std::move(offsets), std::move(targets), std::move(name));
}
}  // namespace detail

/// Theorem 5.5: the Imase–Itoh digraph II(n, d), arcs i -> -d·i - r (mod n), r = 1..d.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> imase_itoh(std::uint64_t n, std::uint64_t d) {
  require_arithmetic_params<V>("imase_itoh", n, d);
  return detail::imase_itoh_unchecked<V>(n, d, "ImaseItoh(" + core::to_message(n) + "," + core::to_message(d) + ")");
}

/// ⌈log_d n⌉: the diameter guarantee of GB(n, d) and II(n, d) (Theorem 5.5).
inline std::uint64_t log_diameter(std::uint64_t n, std::uint64_t d) {
  core::require_at_least("log_diameter", "n", n, 1);
  core::require_at_least("log_diameter", "d", d, 2);
  std::uint64_t k = 0;
  for (std::uint64_t cap = 1; cap < n; ++k)
    cap = cap > ~std::uint64_t{0} / d ? ~std::uint64_t{0} : cap * d;
  return k;
}

/// The Imase-Itoh family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& imase_itoh_family() {
  static const family_descriptor f{
      .name = "imase-itoh",
      .summary = "Imase-Itoh digraph II(n,d): i -> -d*i - r (Thm 5.5)",
      .source = "Imase and Itoh 1981; the Shiftfly paper, Theorem 5.5",
      .parameters = {{.id = "n", .symbol = "n", .min = 2, .max = 4294967295u, .help = "Vertex count"},
                     {.id = "d", .symbol = "d", .min = 2, .max = arithmetic_max_d, .help = "Out-degree"}},
      .example = {{"n", std::uint64_t{5}}, {"d", std::uint64_t{2}}},
      .make = [](const parameter_values& v) { return imase_itoh<std::uint32_t>(unsigned_value(v, "n"), unsigned_value(v, "d")); },
      .is_digraph = [](const parameter_values&) { return true; },
      .link_classes = {"arc"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "arc"); },
      .routings = {"shift", "minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 (each vertex is one node's router, as interconnection networks read the digraph)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return core::uniform_endpoints(g.num_vertices(), 1); },
      .shift = shift_labels::imase_itoh,
  };
  return f;
}

}  // namespace shiftfly::topology
