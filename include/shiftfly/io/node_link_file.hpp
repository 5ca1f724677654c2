#pragma once
/// \file node_link_file.hpp
/// NetworkX node-link JSON (`networkx.node_link_data`), read by nlohmann-json.
///
/// API:
///   template <V = uint32_t> graph_file<V> read_node_link_file(std::string_view text, std::string_view file,
///                                                             const graph_file_options& = {});
///
/// The object: `{"directed": bool, "multigraph": bool, "graph": {...},
/// "nodes": [{"id": ...}, ...], "links": [{"source": ..., "target": ...}, ...]}`;
/// NetworkX 3.4 and later may write `edges` in place of `links` (either is read; both
/// at once are refused). Node ids are integers or strings, and typed: the string `"0"`
/// and the integer `0` are two nodes, as NetworkX keeps them, and a link's end names the
/// node of its id and type. Vertex i is the i-th node in the list, and its name is the
/// node's `label` when every node has a string `label` and the labels are distinct (what
/// io/json.hpp writes), else its id as text: an integer's digits, a string's text; but
/// when a string id reads as an integer id of the same file (`"0"` and `0`), every string
/// id is shown as its JSON literal, quotes included (`"0"`), so the names stay apart.
/// Other members (`graph`, `multigraph`, `key`, attributes) are ignored. The JSON
/// envelope of the tools' output (`{"tool", "version", "command", "parameters",
/// "result"}`) is read through its `result`.
/// - A file that says `"directed": true` read undirected gives the physical graph
///   of its arcs; a file that says it is undirected is refused for directed reading
///   (it has no orientation to keep). Repeated links and self-loops are dropped from
///   the physical graph and counted (io/file_graph.hpp).
/// Refusals name the file, and the line of a JSON syntax error (`G.json:3: bad JSON:
/// ...`, which includes a file cut short); a wrong shape names the member
/// (`G.json: links[4].target 17 is not the id of a node`).
///
/// Limits, checked before the JSON is parsed:
/// - depth: arrays and objects nested deeper than 256 levels are refused at their line
///   (io/nesting.hpp);
/// - size: the text is at most what io/file_text.hpp reads (4 GiB, and the memory limit);
/// - memory: the parse takes about 16 bytes a byte of text (node_link_bytes_per_text_byte),
///   checked against core/memory.hpp's limit. Measured: peak resident memory of a program
///   that only reads the file (`/usr/bin/time -v`, GCC 12 -O2, nlohmann-json 3.11), 10.3
///   bytes a byte of text on Python's json.dump of NetworkX's layout (32,738,332 bytes,
///   50,000 nodes, 900,000 links: 330,892 KiB) and 12.6 without blanks (41,681,878 bytes,
///   1,500,000 links: 512,948 KiB).
///
/// Reference: NetworkX's `node_link_data` (docs/references.md, [NetworkX]).

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/io/json.hpp"
#include "shiftfly/io/nesting.hpp"

namespace shiftfly::io {

/// Bytes of memory the node-link reader takes at its peak per byte of text, with a margin
/// (measured: see the file comment and docs/hardening.md).
inline constexpr std::uint64_t node_link_bytes_per_text_byte = 16;

/// Reads a node-link JSON file's text (the format above); `file` names it in refusals.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_node_link_file(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  constexpr std::string_view where = "read_node_link_file";
  using json = nlohmann::json;
  require_text(where, file, text);
  require_json_depth(where, file, text);
  with_file(where, file, 0, [&] {
    core::require_memory(where, "parsing it (" + std::to_string(text.size()) + " bytes of JSON)",
                         core::estimate_add_mul(0, text.size(), node_link_bytes_per_text_byte));
  });
  const auto bad = [&](const std::string& why) { fail_file(where, file, 0, why); };
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    const std::size_t at = e.byte ? static_cast<std::size_t>(e.byte) - 1 : 0;
    std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
    const std::size_t colon = what.find(": ");
    if (colon != std::string::npos) what = what.substr(colon + 2);
    fail_file(where, file, line_of(text, at), "bad JSON: " + core::printable(what, 160));
  } catch (const json::exception& e) {  // e.g. out_of_range: a number too large for a double (1e4096)
    std::string what = e.what();
    const std::size_t bracket = what.find("] ");
    if (bracket != std::string::npos) what = what.substr(bracket + 2);
    fail_file(where, file, 0, "bad JSON: " + core::printable(what, 160));
  }
  const json* g = &doc;
  if (doc.is_object() && doc.contains("tool") && doc.contains("result")) g = &doc["result"];
  if (!g->is_object()) bad("expected a node-link object {\"nodes\": [...], \"links\": [...]}, found " + std::string(g->type_name()));
  bool file_directed = false;
  if (g->contains("directed")) {
    if (!(*g)["directed"].is_boolean()) bad("\"directed\" is not true or false");
    file_directed = (*g)["directed"].get<bool>();
  }
  if (opt.directed && !file_directed)
    bad("holds an undirected graph (\"directed\" is not true): it cannot be read as a directed graph");
  if (!g->contains("nodes") || !(*g)["nodes"].is_array()) bad("expected a \"nodes\" array");
  const bool has_links = g->contains("links"), has_edges = g->contains("edges");
  if (has_links && has_edges) bad("has both \"links\" and \"edges\" (expected one list of links)");
  if (!has_links && !has_edges) bad("expected a \"links\" (or \"edges\") array");
  const char* list_name = has_links ? "links" : "edges";
  const json& links = (*g)[list_name];
  if (!links.is_array()) bad(std::string("\"") + list_name + "\" is not an array");
  const json& nodes = (*g)["nodes"];

  require_file_vertices<V>(where, file, 0, nodes.size(), opt.max_vertices, "nodes");
  // A node's id as a typed key ('i' and the integer's digits, or 's' and the string), or an
  // empty optional for an id that is not an integer or a string: the string "0" and the
  // integer 0 are different ids, as NetworkX keeps them.
  const auto id_key = [](const json& id) -> std::optional<std::string> {
    if (id.is_string()) return "s" + id.get<std::string>();
    if (id.is_number_unsigned()) return "i" + std::to_string(id.get<std::uint64_t>());
    if (id.is_number_integer()) return "i" + std::to_string(id.get<std::int64_t>());
    return std::nullopt;
  };
  std::vector<std::string> names;
  names.reserve(nodes.size());
  std::unordered_map<std::string, V> ids;
  std::unordered_set<std::string> integer_texts;
  bool labelled = !nodes.empty();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const json& node = nodes[i];
    const std::string at = "nodes[" + std::to_string(i) + "]";
    if (!node.is_object() || !node.contains("id")) bad(at + " is not an object with an \"id\"");
    const auto key = id_key(node["id"]);
    if (!key) bad(at + ".id is not an integer or a string");
    if (!ids.emplace(*key, static_cast<V>(i)).second)
      bad(at + ".id " + core::printable(node["id"].dump(), 60) + " repeats the id of an earlier node");
    names.push_back(key->substr(1));
    if ((*key)[0] == 'i') integer_texts.insert(names.back());
    labelled = labelled && node.contains("label") && node["label"].is_string();
  }
  // names: an id's text; if a string id reads as an integer id of the file ("0" and 0),
  // every string id is shown as its JSON literal, quotes included, so that names stay apart
  bool quote_strings = false;
  for (std::size_t i = 0; i < nodes.size() && !quote_strings; ++i)
    quote_strings = nodes[i]["id"].is_string() && integer_texts.count(names[i]);
  if (quote_strings)
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i]["id"].is_string()) names[i] = json_string(names[i]);
  if (labelled) {
    std::unordered_set<std::string> seen;
    for (const json& node : nodes) labelled = labelled && seen.insert(node["label"].get<std::string>()).second;
    if (labelled)
      for (std::size_t i = 0; i < nodes.size(); ++i) names[i] = nodes[i]["label"].get<std::string>();
  }
  std::vector<std::pair<V, V>> pairs;
  pairs.reserve(links.size());
  for (std::size_t i = 0; i < links.size(); ++i) {
    const json& link = links[i];
    const std::string at = std::string(list_name) + "[" + std::to_string(i) + "]";
    if (!link.is_object() || !link.contains("source") || !link.contains("target"))
      bad(at + " is not an object with a \"source\" and a \"target\"");
    V ends[2];
    for (int k = 0; k < 2; ++k) {
      const char* end_name = k == 0 ? "source" : "target";
      const auto t = id_key(link[end_name]);
      const auto it = t ? ids.find(*t) : ids.end();
      if (it == ids.end())
        bad(at + "." + end_name + " " + core::printable(link[end_name].dump(), 60) + " is not the id of a node");
      ends[k] = it->second;
    }
    pairs.emplace_back(ends[0], ends[1]);
  }
  if (nodes.empty()) bad("holds no nodes");
  const std::uint64_t n = nodes.size();
  doc = json();
  return build_file_graph<V>(where, file, graph_file_format::node_link, n, std::move(names), std::move(pairs),
                             opt.directed, opt.max_vertices);
}

}  // namespace shiftfly::io
