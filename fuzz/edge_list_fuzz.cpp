// libFuzzer harness: the edge-list writer's round trip (io/edge_list.hpp).
// Input: byte 0 picks the vertex count n (1..64) and byte 1 undirected or
// directed; the following byte pairs are edges (arcs when directed) u % n, v % n.
// The whole input is also fed to the reader as text (at most 4096 vertices).
// Properties:
//   - write -> read (with n) gives the same graph: same vertex count, same
//     physical edges, and (directed) the same arcs in the same order; written
//     again it is byte-identical;
//   - read without n gives largest id + 1 vertices and the same edges;
//   - read_edge_list on arbitrary bytes (undirected and directed) either
//     throws std::invalid_argument with a one-line message, or returns a graph
//     that writes back, reads back identically and writes the same bytes again.
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

namespace core = shiftfly::core;
namespace io = shiftfly::io;
using graph = core::graph<std::uint32_t>;
using core::same_arcs;
using core::same_edges;
using shiftfly::fuzz::require;

namespace {

std::string write(const graph& g, bool directed) {
  std::ostringstream os;
  io::write_edge_list(os, g, directed);
  return os.str();
}

void round_trip(const graph& g, bool directed) {
  const std::string text = write(g, directed);
  const auto back = io::read_edge_list(text, {.directed = directed, .vertices = g.num_vertices()});
  require(same_edges(g, back), "write -> read: same vertex count and edges", text);
  if (directed) require(same_arcs(g, back), "write -> read: same arcs in the same order", text);
  require(write(back, directed) == text, "written again, byte-identical", text);
  // without the count: largest id + 1 vertices, the same edges among them
  const auto inferred = io::read_edge_list(text, {.directed = directed});
  require(inferred.num_vertices() <= g.num_vertices(), "inferred vertex count <= n", text);
  require(inferred.num_edges() == g.num_edges(), "inferred graph has the same edges", text);
  for (std::uint32_t u = 0; u < inferred.num_vertices(); ++u) {
    const auto x = g.neighbors(u), y = inferred.neighbors(u);
    require(std::equal(x.begin(), x.end(), y.begin(), y.end()), "inferred graph: same neighbours", text);
  }
}

void raw_text(std::string_view text, bool directed) {
  graph g;
  try {
    g = io::read_edge_list(text, {.directed = directed, .max_vertices = 1u << 12});
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
    return;
  }
  round_trip(g, directed);
  const std::string once = write(g, directed);
  const auto again = io::read_edge_list(once, {.directed = directed, .vertices = g.num_vertices()});
  require(write(again, directed) == once, "accepted text: write(read(write(g))) == write(g)", once);
}

}  // namespace

// A fixed memory limit (core/memory.hpp) keeps runs deterministic and skips /proc/meminfo.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "1G", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  shiftfly::fuzz::bytes in{data, size};
  const std::uint32_t n = 1 + in.take() % 64;
  const bool directed = in.take() & 1;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  while (in.size >= 2) {
    const std::uint32_t u = in.take() % n;
    const std::uint32_t v = in.take() % n;
    pairs.emplace_back(u, v);
  }
  if (directed) {
    // CSR arcs grouped by source, each source's arcs in input order
    std::vector<graph::offset_type> offsets(n + 1, 0);
    for (auto [u, v] : pairs) ++offsets[u + 1];
    for (std::uint32_t i = 0; i < n; ++i) offsets[i + 1] += offsets[i];
    std::vector<std::uint32_t> targets(pairs.size());
    std::vector<graph::offset_type> pos(offsets.begin(), offsets.end() - 1);
    for (auto [u, v] : pairs) targets[pos[u]++] = v;
    const auto g = graph::from_arcs(n, std::move(offsets), std::move(targets));
    round_trip(g, true);
    round_trip(g, false);
  } else {
    round_trip(graph::from_edges(n, pairs), false);
  }
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  raw_text(text, false);
  raw_text(text, true);
  return 0;
}
