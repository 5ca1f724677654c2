#pragma once
/// \file graphml_file.hpp
/// GraphML files (NetworkX's write_graphml, yEd, Gephi, the library's own
/// write_graphml), read by Boost.Graph's read_graphml.
///
/// API:
///   template <V = uint32_t> graph_file<V> read_graphml_file(std::string_view text, std::string_view file,
///                                                           const graph_file_options& = {});
///
/// The first `<graph>` of the file is read. Boost.Graph's `boost::read_graphml`
/// (which needs the compiled library: link `Boost::graph`, `-lboost_graph`) checks
/// the document as GraphML: its keys and their types, and each edge's direction
/// against the graph's `edgedefault`. The node ids and the edges are taken, in
/// document order, from the same XML tree (Boost.PropertyTree's XML parser, which
/// read_graphml itself uses): vertex i is the i-th `<node>`, and its name is the
/// node's `label` data (a key with attr.name `label`) when every node has one and
/// they are distinct (what io/graphviz.hpp's write_graphml writes), else its `id`;
/// canonical ids (`n0`, `n1`, ... in document order, GraphML's parse.nodeids
/// "canonical", as Boost.Graph writes them) are the vertex ids, and give no names.
/// Attributes are otherwise ignored.
/// - Directed reading of a graph whose edgedefault is not `directed` is refused (it
///   has no orientation to keep); undirected reading of a directed graph gives the
///   physical graph of its arcs. Repeated edges and self-loops are dropped from the
///   physical graph and counted (io/file_graph.hpp).
/// Refusals name the file and, for malformed XML (a file cut short included), the
/// line: `G.graphml:12: bad XML: expected element name`; an edge naming an
/// undeclared node names the edge. The parse's memory is estimated from the text's
/// size (about 32 bytes of tree a byte of text) before it is parsed.
///
/// Reference: The GraphML File Format, graphml.graphdrawing.org (the GraphML Primer).

#include <concepts>
#include <cstdint>
#include <exception>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/property_map/dynamic_property_map.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"

namespace shiftfly::io {

/// Reads a GraphML file's text (the format above); `file` names it in refusals.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_graphml_file(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  constexpr std::string_view where = "read_graphml_file";
  namespace pt = boost::property_tree;
  require_text(where, file, text);
  with_file(where, file, 0, [&] {
    core::require_memory(where, "parsing it (" + std::to_string(text.size()) + " bytes of XML)",
                         core::estimate_add_mul(0, text.size(), 32));
  });
  const auto bad = [&](const std::string& why) { fail_file(where, file, 0, why); };
  pt::ptree doc;
  try {
    std::istringstream in{std::string(text)};
    pt::read_xml(in, doc);
  } catch (const pt::xml_parser_error& e) {
    fail_file(where, file, e.line(), "bad XML: " + core::printable(e.message(), 160));
  }
  const auto root = doc.get_child_optional("graphml");
  if (!root) bad("not GraphML (no <graphml> element)");
  // the key that carries node labels: attr.name "label" for nodes (or all)
  std::string label_key;
  for (const auto& [tag, key] : *root)
    if (tag == "key" && key.get(pt::ptree::path_type("<xmlattr>/attr.name", '/'), "") == "label") {
      const std::string for_what = key.get(pt::ptree::path_type("<xmlattr>/for", '/'), "");
      if (for_what == "node" || for_what == "all") label_key = key.get(pt::ptree::path_type("<xmlattr>/id", '/'), "");
    }
  const auto graph_node = root->get_child_optional("graph");
  if (!graph_node) bad("holds no <graph> element");
  const bool file_directed = graph_node->get("<xmlattr>.edgedefault", "") == "directed";
  if (opt.directed && !file_directed)
    bad("holds an undirected graph (edgedefault is not \"directed\"): it cannot be read as a directed graph");

  std::vector<std::string> ids, labels;
  std::unordered_map<std::string, V> index;
  bool labelled = !label_key.empty();
  std::vector<std::pair<V, V>> pairs;
  std::size_t edge_no = 0;
  for (const auto& [tag, node] : *graph_node) {
    if (tag != "node") continue;
    const auto id = node.template get_optional<std::string>("<xmlattr>.id");
    if (!id) bad("<node> " + std::to_string(ids.size() + 1) + " has no id");
    require_file_vertices<V>(where, file, 0, ids.size() + 1, opt.max_vertices, "nodes");
    if (!index.emplace(*id, static_cast<V>(ids.size())).second)
      bad("<node> id '" + core::printable(*id) + "' is declared twice");
    ids.push_back(*id);
    if (labelled) {
      bool found = false;
      for (const auto& [dtag, data] : node)
        if (dtag == "data" && data.get("<xmlattr>.key", "") == label_key) {
          labels.push_back(data.template get_value<std::string>());
          found = true;
          break;
        }
      labelled = found;
    }
  }
  for (const auto& [tag, edge] : *graph_node) {
    if (tag != "edge") continue;
    ++edge_no;
    V ends[2];
    for (int k = 0; k < 2; ++k) {
      const char* end_name = k == 0 ? "source" : "target";
      const auto id = edge.template get_optional<std::string>(std::string("<xmlattr>.") + end_name);
      if (!id) bad("<edge> " + std::to_string(edge_no) + " has no " + end_name);
      const auto it = index.find(*id);
      if (it == index.end())
        bad("<edge> " + std::to_string(edge_no) + " has " + end_name + " '" + core::printable(*id) +
            "', which no <node> declares");
      ends[k] = it->second;
    }
    pairs.emplace_back(ends[0], ends[1]);
  }
  if (ids.empty()) bad("holds no nodes");
  // Boost.Graph's reading checks the GraphML (keys, types, directions) and must agree on the counts.
  try {
    std::istringstream in{std::string(text)};
    boost::dynamic_properties dp(boost::ignore_other_properties);
    std::size_t vertices = 0, edges = 0;
    if (file_directed) {
      boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> bg;
      boost::read_graphml(in, bg, dp, 0);
      vertices = boost::num_vertices(bg), edges = boost::num_edges(bg);
    } else {
      boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> bg;
      boost::read_graphml(in, bg, dp, 0);
      vertices = boost::num_vertices(bg), edges = boost::num_edges(bg);
    }
    if (vertices != ids.size() || edges != pairs.size())
      bad("Boost.Graph reads " + std::to_string(vertices) + " nodes and " + std::to_string(edges) + " edges, not the " +
          std::to_string(ids.size()) + " and " + std::to_string(pairs.size()) + " of the first <graph>");
  } catch (const file_error&) {
    throw;
  } catch (const std::exception& e) {
    bad("bad GraphML: " + core::printable(e.what(), 160));
  }
  doc.clear();
  if (labelled) {
    std::unordered_set<std::string_view> seen;
    for (const auto& l : labels) labelled = labelled && seen.insert(l).second;
  }
  // canonical ids (GraphML's parse.nodeids="canonical": n0, n1, ... in order) are the vertex ids
  bool canonical = true;
  for (std::size_t i = 0; i < ids.size() && canonical; ++i) canonical = ids[i] == "n" + std::to_string(i);
  if (canonical) ids.clear();
  const std::uint64_t n = index.size();
  return build_file_graph<V>(where, file, graph_file_format::graphml, n, labelled ? std::move(labels) : std::move(ids),
                             std::move(pairs), opt.directed, opt.max_vertices);
}

}  // namespace shiftfly::io
