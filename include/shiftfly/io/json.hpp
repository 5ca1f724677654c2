#pragma once
/// \file json.hpp
/// A graph as one line of JSON, written without a JSON library (the graph
/// component includes none):
///
///     {"directed":false,"edges":[[0,1],...],"family":"torus","labels":["0.1",...],
///      "m":8,"n":4,"name":"T(2,2)"}
///
/// Keys in byte order; `edges` lists the physical graph's edges (u < v), or with
/// `directed` the arcs in generation order, and `m` counts them; `labels` appears
/// when the graph has labels; `family` is the caller's name for the family. Strings
/// are escaped as JSON requires (quote, backslash, control characters), so any
/// JSON reader reads the line back.

#include <concepts>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>

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

/// Writes g as one line of JSON (the layout above) and a newline; refuses `directed`
/// without arcs and an export past the memory limit.
template <std::unsigned_integral V>
void write_json(std::ostream& os, const core::graph<V>& g, bool directed = false, std::string_view family = {}) {
  require_arcs_if_directed("write_json", g, directed);
  require_export_memory("write_json", g, directed, "json", 128);
  std::string out = "{\"directed\":";
  out += directed ? "true" : "false";
  out += ",\"edges\":[";
  bool first = true;
  const auto pair = [&](V u, V v) {
    out += first ? "[" : ",[";
    out += std::to_string(u) + ',' + std::to_string(v) + ']';
    first = false;
  };
  for (V u = 0; u < g.num_vertices(); ++u) {
    if (directed) {
      for (auto v : g.out_arcs(u)) pair(u, v);
    } else {
      for (auto v : g.neighbors(u))
        if (u < v) pair(u, v);
    }
  }
  out += "],\"family\":" + json_string(family);
  if (g.has_labels()) {
    out += ",\"labels\":[";
    for (V u = 0; u < g.num_vertices(); ++u) out += (u ? "," : "") + json_string(vertex_text(g, u));
    out += ']';
  }
  out += ",\"m\":" + std::to_string(directed ? g.num_arcs() : g.num_edges());
  out += ",\"n\":" + std::to_string(g.num_vertices());
  out += ",\"name\":" + json_string(g.name()) + "}\n";
  os << out;
}

}  // namespace shiftfly::io
