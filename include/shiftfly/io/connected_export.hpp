#pragma once
/// \file connected_export.hpp
/// The simulators' exports (BookSim2 anynet, SST anytopo, ns-3 topology.txt) need a connected
/// router graph: each simulator routes every endpoint to every other.
///
/// API:
///   std::uint64_t count_components(const G& g);          // of the physical graph
///   void require_connected_export(where, g, consequence);   // refuses a disconnected graph
///
/// Why: BookSim2's anynet routing (AnyNet::route, a Dijkstra from every router) loops forever
/// when a router is unreachable (`jellyfish --routers 4 --degree 1` ran without end), SST/Merlin's
/// anytopo and HPCC's ns-3 routing find no route between the components, so packets between them
/// are never delivered. The refusal is one line with the component count.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::io {

/// The connected components of the physical graph of `g` (0 for no vertex).
template <core::digraph_like G>
std::uint64_t count_components(const G& g) {
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  std::vector<bool> seen(n, false);
  std::vector<V> stack;
  std::uint64_t components = 0;
  for (std::size_t s = 0; s < n; ++s) {
    if (seen[s]) continue;
    ++components;
    seen[s] = true;
    stack.push_back(static_cast<V>(s));
    while (!stack.empty()) {
      const V u = stack.back();
      stack.pop_back();
      for (auto v : g.neighbors(u))
        if (!seen[v]) seen[v] = true, stack.push_back(v);
    }
  }
  return components;
}

/// Refuses a graph whose physical graph is disconnected, with the count and what the simulator would do.
template <core::digraph_like G>
void require_connected_export(std::string_view where, const G& g, std::string_view consequence) {
  const std::uint64_t k = count_components(g);
  if (k > 1)
    core::fail(where, "the graph is disconnected (" + std::to_string(k) + " components of " +
                          std::to_string(g.num_vertices()) + " routers): " + std::string(consequence) +
                          "; export a connected graph");
}

}  // namespace shiftfly::io
