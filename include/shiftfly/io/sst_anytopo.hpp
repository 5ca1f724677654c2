#pragma once
/// \file sst_anytopo.hpp
/// SST/Merlin's `anytopo` topology: GraphML whose every node carries an `endpoints` count.
///
/// API:
///   void write_sst_anytopo(std::ostream&, const G& g, const std::vector<std::uint32_t>& endpoints);
///   inline constexpr std::string_view sst_endpoints_key = "endpoints";
///
/// What Merlin's loader reads (sst-elements, src/sst/elements/merlin/topology/pymerlin-topo-any.py,
/// topoAny.import_graph and _process_graph, at commit f782290d0): `networkx.read_graphml(path)`,
/// an undirected graph (a directed one is refused), nodes relabelled 0..R-1 in document order
/// when their ids are not integers, and every node must have an `endpoints` attribute, read as
/// `int(...)`; endpoint ids are then given router by router in node order. So the writer writes
/// one `<key id="endpoints" for="node" attr.name="endpoints" attr.type="int"/>`, an undirected
/// `<graph>`, node i with id `i` and its count, and each link once (`u < v`, ascending). A graph
/// with arcs is written as its physical graph. The library's GraphML reader reads the file back
/// with its endpoints (io/graphml_file.hpp).
///
/// Reference: the SST Structural Simulation Toolkit, Merlin's anytopo (docs/references.md, [SST]).

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/io/connected_export.hpp"

namespace shiftfly::io {

/// The node key Merlin's anytopo reads.
inline constexpr std::string_view sst_endpoints_key = "endpoints";

/// Writes `g` with `endpoints` (one count a router) as SST/Merlin anytopo GraphML.
template <core::digraph_like G>
void write_sst_anytopo(std::ostream& os, const G& g, const std::vector<std::uint32_t>& endpoints) {
  core::require_endpoints("write_sst_anytopo", endpoints, g.num_vertices());
  require_connected_export("write_sst_anytopo", g, "SST/Merlin's anytopo has no route between them");
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
        "  <key id=\"endpoints\" for=\"node\" attr.name=\"endpoints\" attr.type=\"int\"/>\n"
        "  <graph edgedefault=\"undirected\">\n";
  for (std::size_t u = 0; u < g.num_vertices(); ++u)
    os << "    <node id=\"" << u << "\"><data key=\"endpoints\">" << endpoints[u] << "</data></node>\n";
  for (std::size_t u = 0; u < g.num_vertices(); ++u) {
    std::vector<std::uint64_t> nbrs;
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (v > u) nbrs.push_back(v);
    std::sort(nbrs.begin(), nbrs.end());
    nbrs.erase(std::unique(nbrs.begin(), nbrs.end()), nbrs.end());
    for (auto v : nbrs) os << "    <edge source=\"" << u << "\" target=\"" << v << "\"/>\n";
  }
  os << "  </graph>\n</graphml>\n";
}

}  // namespace shiftfly::io
