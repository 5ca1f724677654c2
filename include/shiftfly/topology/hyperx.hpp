#pragma once
/// \file hyperx.hpp
/// HyperX (Ahn, Binkert, Davis, McLaren and Schreiber, SC 2009) with trunking K = 1:
/// the Hamming graph K_{S1} □ … □ K_{SL}, routers at the points of an L-dimensional
/// lattice, each joined to every router that differs from it in exactly one coordinate.
/// Order Π Si, radix Σ (Si − 1), diameter L (the number of differing coordinates is the distance).
/// The flattened butterfly (Kim, Dally and Abts, ISCA 2007), the k-ary n-flat, is the
/// HyperX with n − 1 dimensions of size k.
///
/// API: hyperx<V>(dims), hyperx_order<V>(dims), hyperx_radix(dims), hyperx_diameter(dims),
/// hyperx_edges(dims), flattened_butterfly<V>(k, n), flattened_butterfly_dims(k, n).
///
/// Numbering as the torus: router (c1, …, cL), 0 ≤ ci < Si, has id Σ ci · Π_{j<i} Sj
/// (the first coordinate varies fastest).

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::topology {

/// Largest number of dimensions accepted (every Si >= 2, so more could never fit a 64-bit id).
inline constexpr std::size_t hyperx_max_dims = 64;

/// Number of routers Π Si, validated: 1 to 64 sizes, every Si >= 2, the product fits V.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t hyperx_order(std::span<const std::uint64_t> dims) {
  if (dims.empty()) core::throw_out_of_range("hyperx", "dims", "(empty)", "a list of 1 to 64 sizes, each at least 2");
  core::require_range("hyperx", "number of dims items", dims.size(), 1, hyperx_max_dims);
  for (auto s : dims) core::require_range("hyperx", "dims item", s, 2, core::max_vertices<V>());
  std::uint64_t n = 1;
  for (auto s : dims) {
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(n, s, &r) || r > core::max_vertices<V>()) {
      std::string text;
      for (auto x : dims) text += (text.empty() ? "" : ",") + core::to_message(x);
      core::throw_out_of_range("hyperx", "dims", text,
                               "product of the sizes at most " + core::to_message(core::max_vertices<V>()) + " for " +
                                   core::to_message(sizeof(V) * 8) + "-bit vertex ids");
    }
    n = r;
  }
  return n;
}

/// Router radix Σ (Si − 1) (every router has this degree).
inline std::uint64_t hyperx_radix(std::span<const std::uint64_t> dims) {
  hyperx_order<std::uint64_t>(dims);
  std::uint64_t r = 0;
  for (auto s : dims) r = core::checked_add(r, s - 1, "hyperx", "radix");
  return r;
}

/// The diameter: the number of dimensions L.
inline std::uint64_t hyperx_diameter(std::span<const std::uint64_t> dims) {
  hyperx_order<std::uint64_t>(dims);
  return dims.size();
}

/// Number of links Π Si · Σ (Si − 1) / 2.
inline std::uint64_t hyperx_edges(std::span<const std::uint64_t> dims) {
  const std::uint64_t n = hyperx_order<std::uint64_t>(dims);
  const std::uint64_t r = hyperx_radix(dims);
  return n % 2 == 0 ? core::checked_mul(n / 2, r, "hyperx", "link count")
                    : core::checked_mul(n, r / 2, "hyperx", "link count");  // n odd: every Si odd, r even
}

/// HyperX(S1, …, SL) with K = 1 (see the file comment for the numbering).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> hyperx(std::span<const std::uint64_t> dims) {
  const std::uint64_t n = hyperx_order<V>(dims);
  const std::uint64_t m = hyperx_edges(dims);
  core::require_graph_memory("hyperx", sizeof(V), n, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  std::uint64_t stride = 1;
  for (auto s : dims) {
    for (std::uint64_t u = 0; u < n; ++u) {
      const std::uint64_t c = (u / stride) % s;
      for (std::uint64_t d = c + 1; d < s; ++d) edges.emplace_back(static_cast<V>(u), static_cast<V>(u + (d - c) * stride));
    }
    stride *= s;
  }
  std::string name = "HyperX(";
  for (std::size_t i = 0; i < dims.size(); ++i) name += (i ? "x" : "") + core::to_message(dims[i]);
  name += ")";
  return core::graph<V>::from_edges(n, edges, std::move(name));
}

/// Convenience overload for a braced list: hyperx({4, 4, 4}).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> hyperx(std::initializer_list<std::uint64_t> dims) {
  return hyperx<V>(std::span<const std::uint64_t>(dims.begin(), dims.size()));
}

/// The sizes of the k-ary n-flat: n − 1 dimensions of size k (k >= 2, 2 <= n <= 65).
inline std::vector<std::uint64_t> flattened_butterfly_dims(std::uint64_t k, std::uint64_t n) {
  core::require_range("flattened_butterfly", "k", k, 2, core::max_vertices<std::uint64_t>());
  core::require_range("flattened_butterfly", "n", n, 2, hyperx_max_dims + 1);
  return std::vector<std::uint64_t>(static_cast<std::size_t>(n - 1), k);
}

/// The k-ary n-flat (flattened butterfly): k^(n−1) routers, radix (n − 1)(k − 1)
/// router links (each router also serves k terminals, not in the graph).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> flattened_butterfly(std::uint64_t k, std::uint64_t n) {
  const auto dims = flattened_butterfly_dims(k, n);
  core::checked_pow(k, static_cast<unsigned>(n - 1), "flattened_butterfly", "router count k^(n-1)",
                    core::max_vertices<V>());
  auto g = hyperx<V>(dims);
  g.set_name("FlattenedButterfly(k=" + core::to_message(k) + ",n=" + core::to_message(n) + ")");
  return g;
}

/// The HyperX family's descriptor (topology/descriptor.hpp); in the field tables, the regular
/// HyperX S^L with 1 <= L <= hyperx_max_field_dims: S^L routers, radix L(S - 1).
inline constexpr std::uint64_t hyperx_max_field_dims = 4;
inline const family_descriptor& hyperx_family() {
  static const family_descriptor f{
      .name = "hyperx",
      .summary = "HyperX: Hamming graph, a complete graph in each dimension (Ahn et al. 2009)",
      .source = "Ahn et al., SC '09",
      .parameters = {{.id = "dims",
                      .symbol = "S1,...,SL",
                      .kind = parameter_kind::unsigned_list,
                      .min = 2,
                      .max = 4294967295u,
                      .help = "Dimension sizes S1,...,SL, e.g. 8,8,8 (each at least 2; their product at most 4294967295)"}},
      .example = {{"dims", std::vector<std::uint64_t>{3, 2}}},
      .make = [](const parameter_values& v) { return hyperx<std::uint32_t>(list_value(v, "dims")); },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"dimension"},
      .classify = [](const parameter_values& v, const core::graph<std::uint32_t>& g) { return detail::classes_by_dimension(g, list_value(v, "dims")); },
      .routings = {"minimal", "ecmp", "spread", "dor", "valiant", "ksp"},
      .field =
          field_entry{
              .display_name = "HyperX",
              .rule = "the regular ones S^L, L <= 4",
              .candidates =
                  [](std::uint64_t max_radix, std::uint64_t max_routers) {
                    std::vector<field_candidate> out;
                    for (std::uint64_t dims = 1; dims <= hyperx_max_field_dims; ++dims)
                      for (std::uint64_t s = 2; dims * (s - 1) <= max_radix; ++s) {
                        std::uint64_t routers = 1;
                        bool fits = true;
                        for (std::uint64_t i = 0; i < dims && fits; ++i) {
                          routers *= s;
                          fits = routers <= max_routers;
                        }
                        if (!fits) break;
                        std::string text;
                        for (std::uint64_t i = 0; i < dims; ++i) text += (i ? "x" : "") + core::to_message(s);
                        out.push_back({{{"dims", std::vector<std::uint64_t>(dims, s)}}, routers, dims * (s - 1), "S = " + text});
                      }
                    return out;
                  }},
      .endpoints_rule = "T = max(1, floor(min S/2)) terminals, the most with relative bisection min S/(2T) at least 1 (Ahn et al.)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        const auto& s = list_value(v, "dims");
        const std::uint64_t smallest = s.empty() ? 2 : *std::min_element(s.begin(), s.end());
        return core::uniform_endpoints(g.num_vertices(), std::max<std::uint64_t>(1, smallest / 2));
      },
      .coordinates = [](const parameter_values& v) { return router_coordinates{list_value(v, "dims"), false}; },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            const auto& dims = list_value(v, "dims");
            return dims.size() < 2 ? std::string()
                                   : "slabs of " + core::to_message(slab_size(dims)) + " routers (same last coordinate)";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const auto& dims = list_value(v, "dims");
            return dims.size() < 2 ? std::vector<std::uint64_t>{} : block_groups(routers, slab_size(dims));
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
