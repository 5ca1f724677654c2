#pragma once
/// \file json.hpp
/// A graph as one line of NetworkX node-link JSON, written without a JSON library
/// (the graph component includes none):
///
///     {"directed":false,"multigraph":false,"graph":{"name":"T(2,2)","family":"torus"},
///      "nodes":[{"id":0},{"id":1},...],"links":[{"source":0,"target":1},...]}
///
/// Node ids are the vertex ids 0..n-1, in order; a node carries `label`, its text
/// (io/graph_text.hpp: the vertex's name or its label `0.1.2`), when the graph has
/// names or labels. `links` lists the physical graph's edges (u < v), or with
/// `directed` the arcs in generation order; `multigraph` is true exactly when the
/// listed links repeat a pair (the repeated arcs of a shift digraph), so a reader
/// keeps them. `graph` holds the graph's `name` and the caller's `family`, and any
/// `extra` members the caller gives (written as given: JSON text). NetworkX reads
/// it: `networkx.node_link_graph(obj, edges="links")` (3.4 and later; earlier
/// versions read `links` by default), and so does io/node_link_file.hpp. Strings
/// are escaped as JSON requires (quote, backslash, control characters).
///
/// Reference: NetworkX, `networkx.readwrite.json_graph.node_link_data`.

#include <algorithm>
#include <concepts>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/io/export_memory.hpp"
#include "shiftfly/io/graph_text.hpp"

namespace shiftfly::io {

/// `text` as a JSON string literal, quotes included.
inline std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

/// Writes g as one line of node-link JSON (the layout above) and a newline; refuses
/// `directed` without arcs and an export past the memory limit. `graph_extra`, when
/// not empty, is JSON text of further members of the `graph` object (e.g.
/// `"file":{...}`), written after `family`.
/// With `endpoints` (one count a router, core/endpoints.hpp), every node carries `"endpoints":k`.
template <std::unsigned_integral V>
void write_json(std::ostream& os, const core::graph<V>& g, bool directed = false, std::string_view family = {},
                std::string_view graph_extra = {}, const std::vector<std::uint32_t>& endpoints = {}) {
  require_arcs_if_directed("write_json", g, directed);
  if (!endpoints.empty()) core::require_endpoints("write_json", endpoints, g.num_vertices());
  require_export_memory("write_json", g, directed, "json", 128);
  bool repeated = false;
  if (directed)
    for (V u = 0; u < g.num_vertices() && !repeated; ++u) {
      const auto arcs = g.out_arcs(u);
      std::vector<V> sorted(arcs.begin(), arcs.end());
      std::sort(sorted.begin(), sorted.end());
      repeated = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    }
  std::string out = "{\"directed\":";
  out += directed ? "true" : "false";
  out += ",\"multigraph\":";
  out += repeated ? "true" : "false";
  out += ",\"graph\":{\"name\":" + json_string(g.name()) + ",\"family\":" + json_string(family);
  if (!graph_extra.empty()) out += "," + std::string(graph_extra);
  out += "},\"nodes\":[";
  const bool text = g.has_labels() || g.has_names();
  for (V u = 0; u < g.num_vertices(); ++u) {
    out += (u ? ",{\"id\":" : "{\"id\":") + std::to_string(u);
    if (text) out += ",\"label\":" + json_string(vertex_text(g, u));
    if (!endpoints.empty()) out += ",\"endpoints\":" + std::to_string(endpoints[u]);
    out += '}';
  }
  out += "],\"links\":[";
  bool first = true;
  const auto link = [&](V u, V v) {
    out += first ? "{\"source\":" : ",{\"source\":";
    out += std::to_string(u) + ",\"target\":" + std::to_string(v) + '}';
    first = false;
  };
  for (V u = 0; u < g.num_vertices(); ++u) {
    if (directed) {
      for (auto v : g.out_arcs(u)) link(u, v);
    } else {
      for (auto v : g.neighbors(u))
        if (u < v) link(u, v);
    }
  }
  out += "]}\n";
  os << out;
}

}  // namespace shiftfly::io
