#pragma once
/// \file export_memory.hpp
/// The memory an in-memory export (DOT, GraphML, JSON) needs, checked before it
/// is built. The edge list is streamed and needs none.
///
/// Measured at T(1000,1000) (10^6 vertices, 2·10^6 edges) and K(4,8): about 120
/// bytes an edge for JSON and 80 for DOT and GraphML, beyond the graph; estimated
/// here as 128 and 96, plus 64 a vertex (labels, vertex records).

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::io {

/// Refuses (core::invalid_parameter from `where`) an export of g in `format` ("dot", "graphml",
/// "json") that would not fit in the memory this process may use.
template <std::unsigned_integral V>
inline void require_export_memory(std::string_view where, const core::graph<V>& g, bool directed,
                                  std::string_view format, std::uint64_t bytes_per_edge) {
  const std::uint64_t listed = directed ? g.num_arcs() : g.num_edges();
  const std::uint64_t bytes =
      core::estimate_add_mul(core::estimate_add_mul(0, listed, bytes_per_edge), g.num_vertices(), 64);
  core::require_memory(where,
                       "the " + std::string(format) + " export of " + g.name() + " (" +
                           std::to_string(g.num_vertices()) + " vertices, " + std::to_string(listed) +
                           (directed ? " arcs)" : " edges)"),
                       bytes);
}

}  // namespace shiftfly::io
