#pragma once
/// \file graphml_file.hpp
/// GraphML files (NetworkX's write_graphml, yEd, Gephi, the library's own
/// write_graphml), read by Boost.Graph's read_graphml.
///
/// API:
///   template <V = uint32_t> graph_file<V> read_graphml_file(std::string_view text, std::string_view file,
///                                                           const graph_file_options& = {});
///
/// The file's one `<graph>` is read (a file of several graphs is refused: write each to
/// its own file). Boost.Graph's `boost::read_graphml` (which needs the compiled library:
/// link `Boost::graph`, `-lboost_graph`) checks the document as GraphML: its keys and the
/// types of their data, and each edge's direction against the graph's `edgedefault`. A
/// key without `attr.type` is a string key, the GraphML schema's default: yEd writes its
/// drawing keys so (`<key for="node" id="d6" yfiles.type="nodegraphics"/>`), and NetworkX
/// reads them. A `<data>` naming a key no `<key>` declares is refused. The node ids and the
/// edges are taken, in document order, from the same XML tree (Boost.PropertyTree's XML
/// parser, which read_graphml itself uses): vertex i is the i-th `<node>`, and its name is
/// the node's label when every node has one and they are distinct, else its `id`. The
/// label is the node's data for a key with attr.name `label` (what io/graphviz.hpp's
/// write_graphml writes); without such a key, yEd's: the text of the first `y:NodeLabel`
/// of the node's `nodegraphics` data (in a generic, shape, SVG or image node, as NetworkX
/// reads it; blanks around it trimmed). Canonical ids (`n0`, `n1`, ... in document order,
/// GraphML's parse.nodeids "canonical", as Boost.Graph writes them) are the vertex ids,
/// and give no names. A node key with attr.name `endpoints` (what SST/Merlin's anytopo reads,
/// io/sst_anytopo.hpp) gives each node's endpoint count: every node must then have one, a
/// decimal integer from 0 to 65535 (core/endpoints.hpp), kept in graph_file::endpoints.
/// Attributes are otherwise ignored.
/// - Nested graphs (a `<graph>` inside a `<node>`: yEd's group nodes) are read flattened,
///   as NetworkX reads yEd's groups: the node that holds one is a vertex, its nodes come
///   after it (depth first), and its edges are read with the others (a nested graph's
///   before the edges of the graph that holds it). A nested graph whose edgedefault, or an
///   edge of it whose `directed`, differs from the file's graph is refused.
/// - `<port>` elements (points of a node where edges attach) are ignored: an edge joins
///   its nodes whatever its ports. What the reader cannot read is refused, never dropped:
///   a `<hyperedge>` (NetworkX refuses them too), a graph kept in another file
///   (`<locator>`), a `<graph>` directly inside a `<graph>`.
/// - Directed reading of a graph whose edgedefault is not `directed` is refused (it
///   has no orientation to keep); undirected reading of a directed graph gives the
///   physical graph of its arcs. Repeated edges and self-loops are dropped from the
///   physical graph and counted (io/file_graph.hpp).
/// Refusals name the file and, for malformed XML (a file cut short included), the
/// line: `G.graphml:12: bad XML: expected element name`; an edge naming an
/// undeclared node names the edge.
///
/// Limits, checked before the XML is parsed:
/// - depth: elements nested deeper than 256 levels are refused at their line
///   (io/nesting.hpp; the XML parser recurses once a level, and a file nested 21,000
///   deep overflowed the stack);
/// - size: the text is at most what io/file_text.hpp reads (4 GiB, and the memory limit);
/// - memory: the parse takes about 100 bytes a byte of text (graphml_bytes_per_text_byte),
///   checked against core/memory.hpp's limit. Measured: peak resident memory of a program
///   that only reads the file (`/usr/bin/time -v`, GCC 12 -O2, Boost 1.74), 63 bytes a byte
///   of text on NetworkX's layout (39,488,576 bytes, 50,000 nodes, 900,000 edges: 2,429,524
///   KiB) and 80 on the densest layout (no blanks, `<edge source="1" target="2"/>`;
///   49,186,215 bytes, 1,500,000 edges: 3,842,848 KiB). The two trees (the reader's and
///   Boost.Graph's) are never held at once, and the text is not copied for either.
///
/// Reference: The GraphML File Format, graphml.graphdrawing.org (the GraphML Primer).

#include <concepts>
#include <cstdint>
#include <exception>
#include <functional>
#include <new>
#include <istream>
#include <optional>
#include <streambuf>
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
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/io/nesting.hpp"

namespace shiftfly::io {

/// Bytes of memory the GraphML reader takes at its peak per byte of text, with a margin
/// (measured: see the file comment and docs/hardening.md).
inline constexpr std::uint64_t graphml_bytes_per_text_byte = 100;

namespace detail {

/// A read-only stream over text that is not copied (the parsers read it once).
class view_streambuf : public std::streambuf {
 public:
  explicit view_streambuf(std::string_view text) {
    char* p = const_cast<char*>(text.data());  // only read: the get area is never written
    setg(p, p, p + text.size());
  }
};

/// Boost.Graph's property handling with GraphML's default type: a key without attr.type
/// is a string key (the GraphML schema's default, as yEd's yfiles.type keys are written).
template <class Graph>
class graphml_string_default : public boost::mutate_graph_impl<Graph> {
 public:
  using boost::mutate_graph_impl<Graph>::mutate_graph_impl;
  void set_graph_property(const std::string& name, const std::string& value, const std::string& type) override {
    boost::mutate_graph_impl<Graph>::set_graph_property(name, value, type.empty() ? "string" : type);
  }
  void set_vertex_property(const std::string& name, boost::any v, const std::string& value,
                           const std::string& type) override {
    boost::mutate_graph_impl<Graph>::set_vertex_property(name, v, value, type.empty() ? "string" : type);
  }
  void set_edge_property(const std::string& name, boost::any e, const std::string& value,
                         const std::string& type) override {
    boost::mutate_graph_impl<Graph>::set_edge_property(name, e, value, type.empty() ? "string" : type);
  }
};

/// The local name of an XML tag: after its namespace prefix (`y:ShapeNode` -> `ShapeNode`).
inline std::string_view local_name(std::string_view tag) {
  const std::size_t colon = tag.find(':');
  return colon == std::string_view::npos ? tag : tag.substr(colon + 1);
}

/// Text without the blanks (spaces, tabs, line ends) around it.
inline std::string trimmed(std::string_view t) {
  const std::size_t a = t.find_first_not_of(" \t\r\n");
  if (a == std::string_view::npos) return {};
  return std::string(t.substr(a, t.find_last_not_of(" \t\r\n") - a + 1));
}

/// An XML attribute of an element, or "".
inline std::string graphml_attr(const boost::property_tree::ptree& t, const char* name) {
  using ptree = boost::property_tree::ptree;
  return t.get(ptree::path_type(std::string("<xmlattr>/") + name, '/'), std::string());
}

/// The <key> elements of a <graphml> element, and how many <graph> elements it holds.
struct graphml_keys {
  std::unordered_set<std::string> keys;  ///< every id declared
  /// the key that carries node labels (attr.name "label", for nodes or all), else yEd's node
  /// graphics (yfiles.type "nodegraphics", its y:NodeLabel); the nodes' endpoints counts
  std::string label_key, yed_key, endpoints_key;
  std::size_t graphs = 0;
};

inline graphml_keys read_graphml_keys(const boost::property_tree::ptree& root) {
  graphml_keys k;
  for (const auto& [tag, child] : root) {
    k.graphs += tag == "graph";
    if (tag != "key") continue;
    const std::string id = graphml_attr(child, "id"), for_what = graphml_attr(child, "for");
    k.keys.insert(id);
    if (for_what != "node" && for_what != "all") continue;
    if (graphml_attr(child, "attr.name") == "label" && k.label_key.empty()) k.label_key = id;
    if (graphml_attr(child, "yfiles.type") == "nodegraphics" && k.yed_key.empty()) k.yed_key = id;
    if (graphml_attr(child, "attr.name") == "endpoints" && k.endpoints_key.empty()) k.endpoints_key = id;
  }
  return k;
}

/// A node's label (see graphml_keys), or none.
inline std::optional<std::string> graphml_label(const boost::property_tree::ptree& node, const graphml_keys& k) {
  for (const auto& [tag, data] : node) {
    if (tag != "data") continue;
    const std::string key = graphml_attr(data, "key");
    if (!k.label_key.empty()) {
      if (key == k.label_key) return data.template get_value<std::string>();
      continue;
    }
    if (key != k.yed_key) continue;
    // NetworkX's reading: the first y:NodeLabel of a generic, shape, SVG or image node
    for (const char* type : {"GenericNode", "ShapeNode", "SVGNode", "ImageNode"})
      for (const auto& [gtag, graphics] : data)
        if (local_name(gtag) == type)
          for (const auto& [ltag, l] : graphics)
            if (local_name(ltag) == "NodeLabel") return trimmed(l.template get_value<std::string>());
  }
  return std::nullopt;
}

/// What the reader does not read is refused, not dropped: hyperedges, a graph kept in
/// another file (<locator>), a <graph> directly inside a <graph>, mixed directions.
inline void check_graphml_graph(std::string_view where, std::string_view file, const boost::property_tree::ptree& g,
                                const std::string& what, bool file_directed) {
  const auto bad = [&](const std::string& why) { fail_file(where, file, 0, why); };
  for (const auto& [tag, child] : g) {
    if (tag == "hyperedge")
      bad(what + " holds a <hyperedge>: hyperedges (edges of more than two nodes) are not read; refused rather "
                 "than dropped");
    if (tag == "locator") bad(what + " is kept in another file (<locator>), which is not read");
    if (tag == "graph") bad(what + " holds a <graph> directly, not inside a <node>: not GraphML");
  }
  const std::string d = graphml_attr(g, "edgedefault");
  if (!d.empty() && (d == "directed") != file_directed)
    bad(what + " has edgedefault \"" + core::printable(d) + "\", unlike the file's first graph: mixed graphs are not read");
}

/// Boost.Graph's reading checks the GraphML (keys, types, directions) of the top graph and
/// must agree on its counts: `nodes` (its nodes and the nested ones its edges name) and `edges`.
inline void check_graphml_with_boost(std::string_view where, std::string_view file, std::string_view text,
                                     bool directed, std::size_t nodes, std::size_t edges) {
  const auto bad = [&](const std::string& why) { fail_file(where, file, 0, why); };
  try {
    view_streambuf buf(text);
    std::istream in(&buf);
    boost::dynamic_properties dp(boost::ignore_other_properties);
    std::size_t boost_vertices = 0, boost_edges = 0;
    if (directed) {
      boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> bg;
      graphml_string_default<decltype(bg)> mg(bg, dp);
      boost::read_graphml(in, mg, 0);
      boost_vertices = boost::num_vertices(bg), boost_edges = boost::num_edges(bg);
    } else {
      boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> bg;
      graphml_string_default<decltype(bg)> mg(bg, dp);
      boost::read_graphml(in, mg, 0);
      boost_vertices = boost::num_vertices(bg), boost_edges = boost::num_edges(bg);
    }
    if (boost_vertices != nodes || boost_edges != edges)
      bad("Boost.Graph reads " + std::to_string(boost_vertices) + " nodes and " + std::to_string(boost_edges) +
          " edges, not the " + std::to_string(nodes) + " and " + std::to_string(edges) + " of the <graph>");
  } catch (const file_error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw;  // not a bad file: past the estimate (an internal error, not "bad GraphML")
  } catch (const std::exception& e) {
    bad("bad GraphML: " + core::printable(e.what(), 160));
  }
}

}  // namespace detail

/// Reads a GraphML file's text (the format above); `file` names it in refusals.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_graphml_file(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  constexpr std::string_view where = "read_graphml_file";
  namespace pt = boost::property_tree;
  using ptree = pt::ptree;
  require_text(where, file, text);
  require_xml_depth(where, file, text);
  with_file(where, file, 0, [&] {
    core::require_memory(where, "parsing it (" + std::to_string(text.size()) + " bytes of XML)",
                         core::estimate_add_mul(0, text.size(), graphml_bytes_per_text_byte));
  });
  const auto bad = [&](const std::string& why) { fail_file(where, file, 0, why); };
  const auto attr = [](const ptree& t, const char* name) { return detail::graphml_attr(t, name); };
  ptree doc;
  try {
    detail::view_streambuf buf(text);
    std::istream in(&buf);
    pt::read_xml(in, doc);
  } catch (const pt::xml_parser_error& e) {
    fail_file(where, file, e.line(), "bad XML: " + core::printable(e.message(), 160));
  }
  const auto root = doc.get_child_optional("graphml");
  if (!root) bad("not GraphML (no <graphml> element)");
  const detail::graphml_keys declared = detail::read_graphml_keys(*root);
  const auto& keys = declared.keys;
  const std::size_t graphs = declared.graphs;
  if (graphs == 0) bad("holds no <graph> element");
  if (graphs > 1)
    bad("holds " + std::to_string(graphs) +
        " <graph> elements; the reader reads files of one graph (write each graph to its own file)");
  const ptree& top = root->get_child("graph");
  const bool file_directed = attr(top, "edgedefault") == "directed";
  if (opt.directed && !file_directed)
    bad("holds an undirected graph (edgedefault is not \"directed\"): it cannot be read as a directed graph");

  std::vector<std::string> ids, labels;
  std::vector<std::uint32_t> endpoints;  // with an endpoints key: each node's count
  std::unordered_map<std::string, V> index;
  bool labelled = !declared.label_key.empty() || !declared.yed_key.empty();
  std::vector<bool> is_top;  // declared in the top graph, not in a nested one
  std::size_t top_nodes = 0, node_no = 0, edge_no = 0;
  const auto check_data = [&](const ptree& element, const std::string& what) {
    for (const auto& [tag, data] : element)
      if (tag == "data" && !keys.count(attr(data, "key")))
        bad(what + " has <data> for key '" + core::printable(attr(data, "key")) + "', which no <key> declares");
  };
  const auto check_graph = [&](const ptree& g, const std::string& what) {
    detail::check_graphml_graph(where, file, g, what, file_directed);
  };
  // Pass 1, the nodes in document order, a nested graph's after the node that holds it
  // (NetworkX's order for yEd's group nodes): vertex i is the i-th.
  const std::function<void(const ptree&, std::size_t)> read_nodes = [&](const ptree& g, std::size_t level) {
    check_graph(g, level ? "a nested <graph>" : "the <graph>");
    check_data(g, level ? "a nested <graph>" : "the <graph>");
    for (const auto& [tag, node] : g) {
      if (tag != "node") continue;
      ++node_no;
      top_nodes += level == 0;
      const auto id = node.template get_optional<std::string>("<xmlattr>.id");
      if (!id) bad("<node> " + std::to_string(node_no) + " has no id");
      require_file_vertices<V>(where, file, 0, ids.size() + 1, opt.max_vertices, "nodes");
      if (!index.emplace(*id, static_cast<V>(ids.size())).second)
        bad("<node> id '" + core::printable(*id) + "' is declared twice");
      ids.push_back(*id);
      is_top.push_back(level == 0);
      check_data(node, "<node> '" + core::printable(*id) + "'");
      if (!declared.endpoints_key.empty()) {
        std::optional<std::string> count;
        for (const auto& [dtag, data] : node)
          if (dtag == "data" && attr(data, "key") == declared.endpoints_key) count = detail::trimmed(data.template get_value<std::string>());
        if (!count) bad("<node> '" + core::printable(*id) + "' has no endpoints data (the file declares an endpoints key, as SST's anytopo does, which every node needs)");
        std::uint64_t c = 0;
        if (core::read_decimal(*count, c) != core::decimal_error::none || c > core::max_endpoints_per_router)
          bad("<node> '" + core::printable(*id) + "' has endpoints '" + core::printable(*count) + "' (accepted: 0 to " + std::to_string(core::max_endpoints_per_router) + ")");
        endpoints.push_back(static_cast<std::uint32_t>(c));
      }
      if (labelled) {
        auto l = detail::graphml_label(node, declared);
        labelled = l.has_value();
        if (labelled) labels.push_back(std::move(*l));
      }
      for (const auto& [ntag, inner] : node) {
        if (ntag == "locator") bad("<node> '" + core::printable(*id) + "' holds a graph kept in another file (<locator>), which is not read");
        if (ntag == "graph") read_nodes(inner, level + 1);
      }
    }
  };
  read_nodes(top, 0);
  if (ids.empty()) bad("holds no nodes");
  // Pass 2, the edges: a nested graph's when the node holding it is met, then the graph's own.
  std::vector<std::pair<V, V>> pairs;
  std::unordered_set<std::string> boost_extra;  // ids the top graph's edges name below it: Boost.Graph adds them
  std::size_t top_edges = 0;
  const std::function<void(const ptree&, std::size_t)> read_edges = [&](const ptree& g, std::size_t level) {
    for (const auto& [tag, node] : g)
      if (tag == "node")
        for (const auto& [ntag, inner] : node)
          if (ntag == "graph") read_edges(inner, level + 1);
    for (const auto& [tag, edge] : g) {
      if (tag != "edge") continue;
      ++edge_no;
      top_edges += level == 0;
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
        if (level == 0 && !is_top[it->second]) boost_extra.insert(*id);
      }
      if (level > 0) {
        const std::string d = attr(edge, "directed");
        if (!d.empty() && (d == "true") != file_directed)
          bad("<edge> " + std::to_string(edge_no) + " has directed=\"" + core::printable(d) +
              "\", unlike its graph: mixed graphs are not read");
      }
      check_data(edge, "<edge> " + std::to_string(edge_no));
      pairs.emplace_back(ends[0], ends[1]);
    }
  };
  read_edges(top, 0);
  doc.clear();  // before Boost.Graph parses the text again: the two trees are never held together
  detail::check_graphml_with_boost(where, file, text, file_directed, top_nodes + boost_extra.size(), top_edges);
  if (labelled) {
    std::unordered_set<std::string_view> seen;
    for (const auto& l : labels) labelled = labelled && seen.insert(l).second;
  }
  // canonical ids (GraphML's parse.nodeids="canonical": n0, n1, ... in order) are the vertex ids
  bool canonical = true;
  for (std::size_t i = 0; i < ids.size() && canonical; ++i) canonical = ids[i] == "n" + std::to_string(i);
  if (canonical) ids.clear();
  const std::uint64_t n = index.size();
  auto out = build_file_graph<V>(where, file, graph_file_format::graphml, n, labelled ? std::move(labels) : std::move(ids),
                                 std::move(pairs), opt.directed, opt.max_vertices);
  out.endpoints = std::move(endpoints);
  return out;
}

}  // namespace shiftfly::io
