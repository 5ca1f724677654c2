// libFuzzer harness: the readers of users' graph files, io/edge_list_file.hpp,
// io/node_link_file.hpp, io/graphml_file.hpp (with SST anytopo's endpoints key),
// io/booksim_anynet.hpp and io/ns3_topology.hpp.
// Input: byte 0 picks the reader (bit 3: BookSim2 anynet, else bit 4: ns-3 topology.txt, else
// bit 0: node-link JSON, else bit 2: GraphML, else an edge list) and the reading (bit 1:
// directed); the rest is the file's text (at most 4096 vertices).
// The simulators' formats, accepted, are written back with their endpoints (io/sst_anytopo.hpp
// for a GraphML file with endpoints) and read again: the same edges and the same endpoints.
// Properties:
//   - the reader either throws std::invalid_argument with a one-line message that
//     names the file (`F.txt` / `F.json` / `F.graphml`), or returns a graph with arcs
//     exactly when read directed (a file nested past 256 levels is refused, never a crash);
//   - a disconnected graph read from a simulator's format is refused by its writer in one
//     line (the simulators cannot route it: io/connected_export.hpp);
//   - an accepted graph written back in its format (names included) and read again is
//     the same graph: node-link JSON and GraphML keep the numbering, so the same edges,
//     arcs and vertex text (GraphML: unless a name holds a control character, which XML
//     1.0 cannot carry); an edge list the same edges between the same names;
//   - reading is deterministic: the same text gives the same graph.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"
#include "shiftfly/io/booksim_anynet.hpp"
#include "shiftfly/io/connected_export.hpp"
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/edge_list_file.hpp"
#include "shiftfly/io/graphml_file.hpp"
#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/io/json.hpp"
#include "shiftfly/io/node_link_file.hpp"
#include "shiftfly/io/ns3_topology.hpp"
#include "shiftfly/io/sst_anytopo.hpp"

namespace core = shiftfly::core;
namespace io = shiftfly::io;
using shiftfly::fuzz::require;
using result = io::graph_file<std::uint32_t>;

namespace {

enum class reader { edge_list, json, graphml, booksim, ns3 };

const char* file_of(reader k) {
  return k == reader::json ? "F.json" : k == reader::graphml ? "F.graphml" : k == reader::booksim ? "F.anynet"
         : k == reader::ns3 ? "F.topology" : "F.txt";
}

result read(std::string_view text, reader k, bool directed) {
  io::graph_file_options o;
  o.directed = directed;
  o.max_vertices = 1u << 12;
  switch (k) {
    case reader::json: return io::read_node_link_file(text, "F.json", o);
    case reader::graphml: return io::read_graphml_file(text, "F.graphml", o);
    case reader::booksim: return io::read_booksim_anynet(text, "F.anynet", o);
    case reader::ns3: return io::read_ns3_topology(text, "F.topology", o);
    default: return io::read_edge_list_file(text, "F.txt", o);
  }
}

/// The named edges (or arcs) of g, each "a b" (unordered: smaller first), sorted.
std::vector<std::pair<std::string, std::string>> named(const core::graph<std::uint32_t>& g, bool directed) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
    if (directed) {
      for (auto v : g.out_arcs(u)) out.emplace_back(io::vertex_text(g, u), io::vertex_text(g, v));
    } else {
      for (auto v : g.neighbors(u))
        if (u < v) out.emplace_back(std::min(io::vertex_text(g, u), io::vertex_text(g, v)),
                                    std::max(io::vertex_text(g, u), io::vertex_text(g, v)));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

// A fixed memory limit (core/memory.hpp) keeps runs deterministic and skips /proc/meminfo.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "1G", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  shiftfly::fuzz::bytes in{data, size};
  const std::uint8_t mode = in.take();
  const reader kind = mode & 8    ? reader::booksim
                      : mode & 16 ? reader::ns3
                      : mode & 1  ? reader::json
                      : mode & 4  ? reader::graphml
                                  : reader::edge_list;
  const bool directed = mode & 2;
  const std::string_view text(reinterpret_cast<const char*>(in.data), in.size);
  result r;
  try {
    r = read(text, kind, directed);
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
    const std::string what = e.what();
    require(what.find(file_of(kind)) != std::string::npos, "a refusal names the file", what);
    return 0;
  }
  const auto& g = r.graph;
  require(g.has_arcs() == directed, "directed reading keeps arcs, undirected none");
  if (directed) require(g.num_arcs() >= g.num_edges(), "every physical edge comes from an arc");
  require(core::same_edges(read(text, kind, directed).graph, g), "the same text reads the same graph");
  // written back and read again
  std::ostringstream os;
  if (!r.endpoints.empty()) {  // a simulator's format: its writer, then the same edges and endpoints
    require(r.endpoints.size() == g.num_vertices(), "one endpoint count a router");
    const auto write_back = [&] {
      if (kind == reader::booksim) io::write_booksim_anynet(os, g, r.endpoints);
      else if (kind == reader::ns3) io::write_ns3_topology(os, g, r.endpoints);
      else io::write_sst_anytopo(os, g, r.endpoints);
    };
    if (io::count_components(g) > 1) {  // the simulators cannot route it: the writers refuse it in one line
      bool refused = false;
      try {
        write_back();
      } catch (const std::invalid_argument& e) {
        shiftfly::fuzz::require_one_line(e);
        require(std::string(e.what()).find("disconnected") != std::string::npos, "a disconnected export is refused as such",
                e.what());
        refused = true;
      }
      require(refused, "a disconnected graph is not written for a simulator", os.str());
    } else {
      write_back();
      const auto back = read(os.str(), kind, false);
      require(core::same_edges(back.graph, g), "simulator format: same edges", os.str());
      require(back.endpoints == r.endpoints, "simulator format: same endpoints", os.str());
    }
    if (kind != reader::graphml) return 0;
    os.str("");
  }
  if (kind != reader::edge_list) {
    if (kind == reader::json) {
      io::write_json(os, g, directed);
    } else {
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
        for (unsigned char c : io::vertex_text(g, u))
          if (c < 0x20) return 0;  // XML 1.0 cannot carry it
      io::write_graphml(os, g, directed);
    }
    const auto back = read(os.str(), kind, directed);
    require(core::same_edges(back.graph, g), "json/graphml: same edges", os.str());
    if (directed) require(core::same_arcs(back.graph, g), "json/graphml: same arcs in the same order", os.str());
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      require(io::vertex_text(back.graph, u) == io::vertex_text(g, u), "json/graphml: same vertex text", os.str());
    require(back.duplicate_edges_dropped + back.self_loops_dropped == (directed ? r.duplicate_edges_dropped + r.self_loops_dropped : 0),
            "json/graphml: nothing more to drop", os.str());
  } else {
    io::write_edge_list(os, g, directed);
    if (os.str().empty()) return 0;  // no edge: nothing to read back (a count-only file)
    const auto back = read(os.str(), reader::edge_list, directed);
    require(named(back.graph, directed) == named(g, directed), "edge list: same edges between the same names", os.str());
  }
  return 0;
}
