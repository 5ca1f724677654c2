// libFuzzer harness: the readers of users' graph files, io/edge_list_file.hpp and
// io/node_link_file.hpp.
// Input: byte 0 picks the reader (bit 0: edge list or node-link JSON) and the reading
// (bit 1: directed); the rest is the file's text (at most 4096 vertices).
// Properties:
//   - the reader either throws std::invalid_argument with a one-line message that
//     names the file (`F.txt` / `F.json`), or returns a graph with arcs exactly when
//     read directed;
//   - an accepted graph written back in its format (names included) and read again is
//     the same graph: node-link JSON keeps the numbering, so the same edges, arcs and
//     vertex text; an edge list the same edges between the same names;
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
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/edge_list_file.hpp"
#include "shiftfly/io/json.hpp"
#include "shiftfly/io/node_link_file.hpp"

namespace core = shiftfly::core;
namespace io = shiftfly::io;
using shiftfly::fuzz::require;
using result = io::graph_file<std::uint32_t>;

namespace {

result read(std::string_view text, bool json, bool directed) {
  io::graph_file_options o;
  o.directed = directed;
  o.max_vertices = 1u << 12;
  return json ? io::read_node_link_file(text, "F.json", o) : io::read_edge_list_file(text, "F.txt", o);
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
  const bool json = mode & 1, directed = mode & 2;
  const std::string_view text(reinterpret_cast<const char*>(in.data), in.size);
  result r;
  try {
    r = read(text, json, directed);
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
    const std::string what = e.what();
    require(what.find(json ? "F.json" : "F.txt") != std::string::npos, "a refusal names the file", what);
    return 0;
  }
  const auto& g = r.graph;
  require(g.has_arcs() == directed, "directed reading keeps arcs, undirected none");
  if (directed) require(g.num_arcs() >= g.num_edges(), "every physical edge comes from an arc");
  require(core::same_edges(read(text, json, directed).graph, g), "the same text reads the same graph");
  // written back and read again
  std::ostringstream os;
  if (json) {
    io::write_json(os, g, directed);
    const auto back = read(os.str(), true, directed);
    require(core::same_edges(back.graph, g), "json: same edges", os.str());
    if (directed) require(core::same_arcs(back.graph, g), "json: same arcs in the same order", os.str());
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      require(io::vertex_text(back.graph, u) == io::vertex_text(g, u), "json: same vertex text", os.str());
    require(back.duplicate_edges_dropped + back.self_loops_dropped == (directed ? r.duplicate_edges_dropped + r.self_loops_dropped : 0),
            "json: nothing more to drop", os.str());
  } else {
    io::write_edge_list(os, g, directed);
    if (os.str().empty()) return 0;  // no edge: nothing to read back (a count-only file)
    const auto back = read(os.str(), false, directed);
    require(named(back.graph, directed) == named(g, directed), "edge list: same edges between the same names", os.str());
  }
  return 0;
}
