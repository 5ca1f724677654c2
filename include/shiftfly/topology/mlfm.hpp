#pragma once
/// \file mlfm.hpp
/// The multi-layer full-mesh, h-MLFM (Kathareios, Minkenberg, Prisacari, Rodriguez and Hoefler,
/// "Cost-effective diameter-two topologies: analysis and evaluation", SC '15, Section 2.2.3):
/// l layers, each a full mesh of h + 1 local routers whose direct links are replaced by global
/// routers, one global router for each pair {i, j} of local-router indices, shared by every
/// layer: global router {i, j} joins local routers i and j of each layer. A local router has h
/// network ports (the h global routers of its pairs) and serves p = h endpoints; a global router
/// has 2l ports and no endpoint. The paper's balanced h-MLFM has l = h layers (the default).
///
///     mlfm<V>(h, layers) -> core::graph<V>, named "MLFM(h=3,l=3)"
///     mlfm_order<V>(h, layers) = l(h + 1) + h(h + 1)/2, mlfm_local_routers(h, layers) = l(h + 1)
///
/// Numbering: local router i of layer k is k(h + 1) + i; then the global routers, the pairs
/// {i, j} (i < j) in lexicographic order. Links: 2 · l · h(h + 1)/2 (each global router's 2l).

#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

/// The layer count the spec's 0 stands for: l = h.
inline std::uint64_t mlfm_layers(std::uint64_t h, std::uint64_t layers) { return layers == 0 ? h : layers; }

/// Number of routers l(h + 1) + h(h + 1)/2, validated: h >= 1, l >= 1 (0: h), within V's ids.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t mlfm_order(std::uint64_t h, std::uint64_t layers) {
  constexpr std::string_view where = "mlfm";
  core::require_range(where, "h", h, 1, std::uint64_t{92680});  // the descriptor's range: the routers fit 32-bit ids
  core::require_range(where, "layers", layers, 0, core::max_vertices<V>());  // 0 stands for h
  const std::uint64_t l = mlfm_layers(h, layers);
  const std::uint64_t limit = core::max_vertices<V>();
  auto too_many = [&] {
    core::fail(where, "h = " + core::to_message(h) + " with layers = " + core::to_message(l) +
                          " has more routers than " + core::to_message(limit) + " (" +
                          core::to_message(sizeof(V) * 8) + "-bit vertex ids; routers l(h + 1) + h(h + 1)/2)");
  };
  std::uint64_t pairs = 0, local = 0, n = 0;
  if (__builtin_mul_overflow(h, h + 1, &pairs) || __builtin_mul_overflow(l, h + 1, &local) ||
      __builtin_add_overflow(local, pairs / 2, &n) || n > limit)
    too_many();
  return n;
}

/// The local routers l(h + 1) (the first ids; they carry the endpoints).
inline std::uint64_t mlfm_local_routers(std::uint64_t h, std::uint64_t layers) {
  mlfm_order<std::uint64_t>(h, layers);
  return mlfm_layers(h, layers) * (h + 1);
}

/// The h-MLFM with l layers (0: l = h); see the file comment for the numbering.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> mlfm(std::uint64_t h, std::uint64_t layers = 0) {
  const std::uint64_t n = mlfm_order<V>(h, layers);
  const std::uint64_t l = mlfm_layers(h, layers);
  const std::uint64_t local = l * (h + 1);
  const std::uint64_t m = core::checked_mul(2 * l, (n - local), "mlfm", "link count");
  core::require_graph_memory("mlfm", sizeof(V), n, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  std::uint64_t global = local;
  for (std::uint64_t i = 0; i <= h; ++i)
    for (std::uint64_t j = i + 1; j <= h; ++j, ++global)
      for (std::uint64_t k = 0; k < l; ++k) {
        edges.emplace_back(static_cast<V>(k * (h + 1) + i), static_cast<V>(global));
        edges.emplace_back(static_cast<V>(k * (h + 1) + j), static_cast<V>(global));
      }
  return core::graph<V>::from_edges(n, edges, "MLFM(h=" + core::to_message(h) + ",l=" + core::to_message(l) + ")");
}

/// The MLFM family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& mlfm_family() {
  static const family_descriptor f{
      .name = "mlfm",
      .summary = "Multi-layer full-mesh h-MLFM: layers of h+1 local routers joined through shared global routers (Kathareios et al. 2015)",
      .source = "Kathareios et al., SC '15",
      .parameters = {{.id = "h",
                      .symbol = "h",
                      .min = 1,
                      .max = 92680,
                      .help = "Network ports of a local router (h + 1 local routers a layer, h(h + 1)/2 global routers)"},
                     {.id = "layers",
                      .symbol = "l",
                      .min = 0,
                      .max = 4294967295u,
                      .default_value = std::uint64_t{0},
                      .default_text = "h",
                      .help = "Layers l (global routers have 2l ports); 0 or left out: l = h, the paper's balanced MLFM"}},
      .example = {{"h", std::uint64_t{2}}},
      .make = [](const parameter_values& v) {
        return mlfm<std::uint32_t>(unsigned_value(v, "h"), unsigned_value(v, "layers"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"local-global"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto h = unsigned_value(v, "h"), l = unsigned_value(v, "layers");
            return detail::classes_by_ends(g, mlfm_order(h, l), {"local-global"},
                                           [](std::uint32_t, std::uint32_t) { return 0; });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "p = h on each local router, none on the global routers (Kathareios et al.'s balanced h-MLFM)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        const auto h = unsigned_value(v, "h");
        const auto local = mlfm_local_routers(h, unsigned_value(v, "layers"));
        std::vector<std::uint32_t> out(g.num_vertices(), 0);
        for (std::uint64_t u = 0; u < local && u < out.size(); ++u) out[u] = static_cast<std::uint32_t>(h);
        return out;
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "layers of h + 1 = " + core::to_message(unsigned_value(v, "h") + 1) +
                   " local routers; the global routers in a group of their own";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const auto h = unsigned_value(v, "h");
            const auto local = mlfm_local_routers(h, unsigned_value(v, "layers"));
            std::vector<std::uint64_t> groups(routers);
            for (std::size_t u = 0; u < routers; ++u) groups[u] = u < local ? u / (h + 1) : local / (h + 1);
            return groups;
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
