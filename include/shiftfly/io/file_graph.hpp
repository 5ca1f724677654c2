#pragma once
/// \file file_graph.hpp
/// A graph read from a user's file, and how the readers build it from named
/// vertices and the pairs the file lists.
///
/// API:
///   enum class graph_file_format { edge_list, graphml, node_link, booksim, ns3 };
///   std::string_view format_name(graph_file_format);    // "edgelist", "graphml", "json", "booksim", "ns3"
///   struct graph_file_options { directed, format, max_vertices };
///   template <V> struct graph_file { graph, format, file, directed,
///                                    duplicate_edges_dropped, self_loops_dropped, endpoints };
///   template <V> graph_file<V> build_file_graph(where, file, format, n, names, pairs, directed, max_vertices);
///
/// The vertices are numbered as the reader says (io/edge_list_file.hpp,
/// io/graphml_file.hpp, io/node_link_file.hpp); `names[i]` is vertex i's name, or
/// `names` is empty and the vertices are 0..n-1. The graph keeps the names
/// (core::graph::set_names) unless every name is its own id (`0`, `1`, ...).
/// - Undirected (`directed` false): the physical graph of the pairs. A pair that
///   repeats an unordered pair already read counts in duplicate_edges_dropped, a pair
///   u u in self_loops_dropped; neither is in the graph.
/// - Directed: the pairs are arcs, grouped by source in the order read (a stable
///   counting sort), repeats and loops kept in the arcs (core::graph::from_arcs); the
///   physical graph has neither. The counts are then of repeated arcs (the same
///   ordered pair again) and of loops: dropped from the physical graph only.
/// The vertex count is checked against max_vertices and the build against the
/// memory this process may use (core/memory.hpp) before the graph is allocated.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/file_text.hpp"

namespace shiftfly::io {

/// The formats of graph files the library reads.
/// booksim: BookSim2's anynet network file (io/booksim_anynet.hpp); ns3: the ns-3 / HPCC
/// topology.txt (io/ns3_topology.hpp); SST/Merlin's anytopo files are GraphML with an
/// `endpoints` node key (io/graphml_file.hpp, io/sst_anytopo.hpp).
enum class graph_file_format { edge_list, graphml, node_link, booksim, ns3 };

/// "edgelist", "graphml", "json", "booksim" or "ns3" (the words of the tools' --file-format).
inline std::string_view format_name(graph_file_format f) noexcept {
  switch (f) {
    case graph_file_format::graphml: return "graphml";
    case graph_file_format::node_link: return "json";
    case graph_file_format::booksim: return "booksim";
    case graph_file_format::ns3: return "ns3";
    default: return "edgelist";
  }
}

/// Default largest vertex count a graph file may have (as read_edge_list's).
inline constexpr std::uint64_t graph_file_max_vertices = edge_list_max_vertices;

/// How to read a graph file.
struct graph_file_options {
  bool directed = false;  ///< keep the pairs as arcs (a digraph); else the physical graph
  std::optional<graph_file_format> format;  ///< default: from the extension, else from the content (graph_file.hpp)
  std::uint64_t max_vertices = graph_file_max_vertices;  ///< refuse more vertices before allocating
};

/// A graph read from a file, with what the reader dropped.
template <std::unsigned_integral V = std::uint32_t>
struct graph_file {
  core::graph<V> graph;
  graph_file_format format = graph_file_format::edge_list;
  std::string file;  ///< the file as shown in messages ("<stdin>" for "-")
  bool directed = false;
  std::uint64_t duplicate_edges_dropped = 0;  ///< repeated edges (directed: repeated arcs), not in the physical graph
  std::uint64_t self_loops_dropped = 0;       ///< loops, not in the physical graph (directed: kept in the arcs)
  /// Endpoints per router as the file gives them (a simulator's format); empty when it gives none.
  std::vector<std::uint32_t> endpoints;
};

/// Refuses `count` vertices above the limit (the smaller of max_vertices and V's range).
template <std::unsigned_integral V>
inline void require_file_vertices(std::string_view where, std::string_view file, std::size_t line, std::uint64_t count,
                                  std::uint64_t max_vertices, std::string_view what = "vertices") {
  const std::uint64_t limit = std::min<std::uint64_t>(max_vertices, core::max_vertices<V>());
  if (count > limit)
    fail_file(where, file, line,
              std::to_string(count) + " " + std::string(what) + " exceed the limit of " + std::to_string(limit) +
                  " vertices (about " + std::to_string((limit + 1) * 24 / (std::uint64_t{1} << 20)) +
                  " MiB of CSR arrays while building; graph_file_options::max_vertices raises it)");
}

/// Builds the graph of `pairs` over the vertices named `names` (see the file comment); `pairs`
/// in any allocator's vector (the edge-list reader's are on huge pages, core/huge_pages.hpp).
template <std::unsigned_integral V, class Alloc = std::allocator<std::pair<V, V>>>
graph_file<V> build_file_graph(std::string_view where, std::string_view file, graph_file_format format,
                               std::uint64_t n, std::vector<std::string> names, std::vector<std::pair<V, V>, Alloc> pairs,
                               bool directed, std::uint64_t max_vertices) {
  if (!names.empty() && names.size() != n) core::fail(where, "the names do not match the vertex count");
  require_file_vertices<V>(where, file, 0, n, max_vertices);
  with_file(where, file, 0, [&] {
    core::require_graph_memory(where, sizeof(V), n, directed ? 0 : pairs.size(), directed ? pairs.size() : 0);
  });
  graph_file<V> out;
  out.format = format;
  out.file = std::string(file);
  out.directed = directed;
  std::uint64_t loops = 0;
  for (const auto& [a, b] : pairs) loops += a == b;
  out.self_loops_dropped = loops;
  if (!directed) {
    out.graph = core::graph<V>::from_edges(static_cast<std::size_t>(n), pairs);
    out.duplicate_edges_dropped = pairs.size() - loops - out.graph.num_edges();
  } else {
    std::vector<typename core::graph<V>::offset_type> offsets(static_cast<std::size_t>(n) + 1, 0);
    for (const auto& [a, b] : pairs) ++offsets[static_cast<std::size_t>(a) + 1];
    for (std::size_t i = 0; i < n; ++i) offsets[i + 1] += offsets[i];
    std::vector<V> targets(pairs.size());
    {
      std::vector<typename core::graph<V>::offset_type> pos(offsets.begin(), offsets.end() - 1);
      for (const auto& [a, b] : pairs) targets[pos[a]++] = b;
    }
    std::vector<std::pair<V, V>, Alloc>().swap(pairs);
    std::uint64_t repeats = 0;
    std::vector<V> row;
    for (std::size_t u = 0; u < n; ++u) {
      row.assign(targets.begin() + static_cast<std::ptrdiff_t>(offsets[u]),
                 targets.begin() + static_cast<std::ptrdiff_t>(offsets[u + 1]));
      std::sort(row.begin(), row.end());
      for (std::size_t i = 1; i < row.size(); ++i) repeats += row[i] == row[i - 1];
    }
    out.duplicate_edges_dropped = repeats;
    out.graph = core::graph<V>::from_arcs(static_cast<std::size_t>(n), std::move(offsets), std::move(targets));
  }
  bool identity = true;
  for (std::size_t i = 0; i < names.size() && identity; ++i) identity = names[i] == std::to_string(i);
  if (!identity) out.graph.set_names(std::move(names));
  out.graph.set_name(std::string(file));
  return out;
}

}  // namespace shiftfly::io
