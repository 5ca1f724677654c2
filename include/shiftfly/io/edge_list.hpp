#pragma once
/// \file edge_list.hpp
/// The edge-list text format the library writes (and the graph export of
/// the command line prints), written and read back.
///
/// One `u v` per line: two decimal vertex ids (no sign, no leading zeros), one
/// space, and a '\n' after every line.
/// - Undirected (the physical graph): every edge once with u < v, rows in
///   increasing u, each row's neighbours in increasing order.
/// - Directed (digraph families): every arc in generation order,
///   sources in increasing order, self-loops and repeated arcs kept.
///
/// A graph with vertex names (read from a user's file, io/graph_file.hpp) is written
/// with its names in place of the ids, in the same order; such a file is read back by
/// io/edge_list_file.hpp, not by read_edge_list.
///
/// The format does not carry the vertex count: the reader takes it from the
/// caller, or as the largest id + 1 (so isolated trailing vertices need the
/// caller's count). Ids follow the library's one integer grammar (core/parse.hpp). It refuses every malformed line with one line naming the
/// line number, and checks the vertex count against a limit, and the build
/// against the available memory (core/memory.hpp), before it allocates.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/graph_text.hpp"

namespace shiftfly::io {

using core::estimate_add_mul;
using core::fail;
using core::graph;
using core::max_vertices;
using core::printable;
using core::require_graph_memory;
using core::require_memory;
using core::to_message;

/// Writes g as an edge list: the physical graph's edges (u < v), or with
/// `directed` its arcs in generation order.
template <std::unsigned_integral V>
inline void write_edge_list(std::ostream& os, const graph<V>& g, bool directed) {
  require_arcs_if_directed("write_edge_list", g, directed);
  const std::size_t n = g.num_vertices();
  if (g.has_names())  // a name must read back as one word of an edge-list file (io/edge_list_file.hpp)
    for (std::size_t i = 0; i < n; ++i) {
      const std::string& name = g.name_of(static_cast<V>(i));
      if (name.empty() || name.find_first_of(" \t\r\n#%") != std::string::npos)
        fail("write_edge_list", "vertex " + to_message(i) + " is named '" + printable(name) +
                                    "', which an edge list cannot hold (names must be non-empty, without blanks, '#' or '%')");
    }
  const auto text = [&g](V u) { return g.has_names() ? g.name_of(u) : std::to_string(u); };
  std::string buf;
  for (std::size_t i = 0; i < n; ++i) {
    const V u = static_cast<V>(i);
    if (directed) {
      for (auto v : g.out_arcs(u)) buf += text(u) + ' ' + text(v) + '\n';
    } else {
      for (auto v : g.neighbors(u))
        if (u < v) buf += text(u) + ' ' + text(v) + '\n';
    }
    if (buf.size() > (std::size_t{1} << 20)) {
      os << buf;
      buf.clear();
    }
  }
  os << buf;
}

/// Default largest vertex count read_edge_list accepts (about 3 GiB of CSR
/// arrays while building); raise it through edge_list_options::max_vertices.
inline constexpr std::uint64_t edge_list_max_vertices = std::uint64_t{1} << 27;

/// How to read an edge list.
struct edge_list_options {
  bool directed = false;                   ///< arcs (loops and repeats kept) instead of edges u < v
  std::optional<std::uint64_t> vertices;   ///< vertex count; default: largest id + 1 (0 for empty text)
  std::uint64_t max_vertices = edge_list_max_vertices;  ///< refuse larger counts before allocating
};


/// Reads an edge list written by write_edge_list (or by hand in the same
/// format) into a graph: undirected edges (u < v required; repeated edges are
/// merged), or with `directed` arcs (any order of sources: arcs are grouped by
/// source, keeping each source's order). Throws one line on malformed input.
template <std::unsigned_integral V = std::uint32_t>
inline graph<V> read_edge_list(std::string_view text, const edge_list_options& opt = {}) {
  constexpr std::string_view where = "read_edge_list";
  const std::uint64_t limit = std::min<std::uint64_t>(opt.max_vertices, max_vertices<V>());
  const auto too_many = [&](const std::string& what) {
    fail(where, what + " exceeds the limit of " + to_message(limit) + " vertices (about " +
                    to_message((limit + 1) * 24 / (std::uint64_t{1} << 20)) +
                    " MiB of CSR arrays while building; max_vertices raises it up to the id type's range)");
  };
  if (opt.vertices && *opt.vertices > limit) too_many("vertex count " + to_message(*opt.vertices));
  // every id must be below this bound: the given count, or the limit itself
  const std::uint64_t id_bound = opt.vertices ? *opt.vertices : limit;

  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  // the pair list first (one pair a line), before it is reserved
  require_memory(where, "the list of " + to_message(lines + 1) + " lines (" + to_message(2 * sizeof(V)) + " bytes each)",
                 estimate_add_mul(0, lines + 1, 2 * sizeof(V)));
  std::vector<std::pair<V, V>> pairs;
  pairs.reserve(lines + 1);
  std::uint64_t max_id = 0;
  bool any = false;
  std::size_t line_no = 0, start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    const auto bad = [&](const std::string& why) {
      fail(where, "line " + to_message(line_no) + " ('" + printable(line) + "') " + why);
    };
    const std::size_t space = line.find(' ');
    std::uint64_t u = 0, v = 0;
    if (space == std::string_view::npos || core::read_decimal(line.substr(0, space), u) != core::decimal_error::none ||
        core::read_decimal(line.substr(space + 1), v) != core::decimal_error::none)
      bad("is not 'u v' (two decimal vertex ids without leading zeros, one space)");
    for (auto x : {u, v}) {
      if (x >= id_bound) {
        if (opt.vertices)
          bad("has vertex id " + to_message(x) + " (accepted: " +
              (id_bound ? "0 to " + to_message(id_bound - 1) : std::string("none, the graph has 0 vertices")) + ")");
        too_many("vertex id " + to_message(x) + " on line " + to_message(line_no));
      }
    }
    if (!opt.directed && !(u < v))
      bad("is not an edge with u < v (an undirected edge list has no loops and writes each edge once, smaller id first)");
    max_id = std::max({max_id, u, v});
    any = true;
    pairs.emplace_back(static_cast<V>(u), static_cast<V>(v));
  }
  const std::uint64_t n = opt.vertices ? *opt.vertices : (any ? max_id + 1 : 0);
  // and the build must fit in the memory this process may use (core/memory.hpp)
  require_graph_memory(where, sizeof(V), n, opt.directed ? 0 : pairs.size(), opt.directed ? pairs.size() : 0);

  if (!opt.directed) return graph<V>::from_edges(static_cast<std::size_t>(n), pairs);

  // arcs: a stable counting sort by source keeps each source's order
  std::vector<typename graph<V>::offset_type> offsets(static_cast<std::size_t>(n) + 1, 0);
  for (auto [a, b] : pairs) ++offsets[static_cast<std::size_t>(a) + 1];
  for (std::size_t i = 0; i < n; ++i) offsets[i + 1] += offsets[i];
  std::vector<V> targets(pairs.size());
  std::vector<typename graph<V>::offset_type> pos(offsets.begin(), offsets.end() - 1);
  for (auto [a, b] : pairs) targets[pos[a]++] = b;
  return graph<V>::from_arcs(static_cast<std::size_t>(n), std::move(offsets), std::move(targets));
}

}  // namespace shiftfly::io
