#pragma once
/// \file torus.hpp
/// The torus T(k1, ..., kn) (k-ary n-cube), the TPU interconnect before Boardfly
/// (Shiftfly paper, Proposition 2.2: order Π ki, 2n-regular when every ki > 2,
/// diameter Σ ⌊ki/2⌋).

#include <concepts>
#include <initializer_list>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"

namespace shiftfly::topology {

/// Largest number of dimensions accepted (every ki >= 2, so more could never fit a 64-bit id).
inline constexpr std::size_t torus_max_dims = 64;

/// Number of vertices Π ki of T(dims), validated: dims non-empty, every ki >= 2,
/// and the product fits the vertex id type V.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t torus_order(std::span<const std::uint64_t> dims) {
  if (dims.empty()) core::throw_out_of_range("torus", "dims", "(empty)", "a list of 1 to 64 sizes, each at least 2");
  core::require_range("torus", "number of dims items", dims.size(), 1, torus_max_dims);
  for (auto k : dims) core::require_range("torus", "dims item", k, 2, core::max_vertices<V>());
  std::uint64_t n = 1;
  for (auto k : dims) {
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(n, k, &r) || r > core::max_vertices<V>()) {
      std::string text;
      for (auto x : dims) text += (text.empty() ? "" : ",") + core::to_message(x);
      core::throw_out_of_range("torus", "dims", text,
                               "product of the sizes at most " + core::to_message(core::max_vertices<V>()) + " for " +
                                   core::to_message(sizeof(V) * 8) + "-bit vertex ids");
    }
    n = r;
  }
  return n;
}

/// Proposition 2.2: the torus T(k1, ..., kn), the Cayley graph of Z_k1 x ... x Z_kn
/// with generators ±e_i. Vertex (c1, ..., cn) has id Σ ci · Π_{j<i} kj (the first
/// coordinate varies fastest). At ki = 2 the + and - neighbours coincide (one edge).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> torus(std::span<const std::uint64_t> dims) {
  const std::uint64_t n = torus_order<V>(dims);
  core::require_graph_memory("torus", sizeof(V), n, core::checked_mul(n, dims.size(), "torus", "edge count"));
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(core::checked_mul(n, dims.size(), "torus", "edge count")));
  std::uint64_t stride = 1;
  for (auto k : dims) {
    for (std::uint64_t u = 0; u < n; ++u) {
      const std::uint64_t c = (u / stride) % k;
      const std::uint64_t v = c + 1 == k ? u - c * stride : u + stride;
      edges.emplace_back(static_cast<V>(u), static_cast<V>(v));
    }
    stride *= k;
  }
  std::string name = "Torus(";
  for (std::size_t i = 0; i < dims.size(); ++i) name += (i ? "x" : "") + core::to_message(dims[i]);
  name += ")";
  return core::graph<V>::from_edges(n, edges, std::move(name));
}

/// Convenience overload for a braced list: torus({4, 4, 4}).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> torus(std::initializer_list<std::uint64_t> dims) {
  return torus<V>(std::span<const std::uint64_t>(dims.begin(), dims.size()));
}

/// Proposition 2.2: the diameter Σ ⌊ki/2⌋ of T(dims).
inline std::uint64_t torus_diameter(std::span<const std::uint64_t> dims) {
  torus_order<std::uint64_t>(dims);
  std::uint64_t s = 0;
  for (auto k : dims) s += k / 2;
  return s;
}

/// The torus family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& torus_family() {
  static const family_descriptor f{
      .name = "torus",
      .summary = "Torus T(k1,...,kn) (Prop. 2.2)",
      .source = "the Shiftfly paper, Proposition 2.2",
      .parameters = {{.id = "dims",
                      .symbol = "k1,...,kn",
                      .kind = parameter_kind::unsigned_list,
                      .min = 2,
                      .max = 4294967295u,
                      .help = "Sizes, e.g. 16,16,16 (each at least 2; their product at most 4294967295)"}},
      .example = {{"dims", std::vector<std::uint64_t>{3, 3}}},
      .make = [](const parameter_values& v) { return torus<std::uint32_t>(list_value(v, "dims")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"dimension"},
      .classify = [](const parameter_values& v, const core::graph<std::uint32_t>& g) { return detail::classes_by_dimension(g, list_value(v, "dims")); },
      .routings = {"minimal", "ecmp", "spread", "dor", "valiant", "ksp"},
      .endpoints_rule = "1 (one node a router, as in the Shiftfly paper's torus of chips)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return core::uniform_endpoints(g.num_vertices(), 1); },
      .coordinates = [](const parameter_values& v) { return router_coordinates{list_value(v, "dims"), true}; },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            const auto& dims = list_value(v, "dims");
            return dims.size() < 2 ? std::string()
                                   : "slabs of " + core::to_message(slab_size(dims)) +
                                         " routers (same last coordinate), in folded order";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const auto& dims = list_value(v, "dims");
            return dims.size() < 2 ? std::vector<std::uint64_t>{} : folded_slab_groups(routers, dims);
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
