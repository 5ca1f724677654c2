#pragma once
/// \file graphviz.hpp
/// DOT and GraphML exports, written by Boost.Graph's writers (write_graphviz,
/// write_graphml): the physical graph's edges (u < v), or with `directed` the
/// arcs in generation order. A labelled graph (the string families) carries
/// each vertex's label (`0.1.2`) as the vertex attribute `label`, and a graph with
/// vertex names (read from a file) its names; io/graphml_file.hpp reads the
/// `label` back as the names.

#include <concepts>
#include <ostream>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/io/export_memory.hpp"
#include "shiftfly/io/graph_text.hpp"

namespace shiftfly::io {

namespace detail {
template <class BG, std::unsigned_integral V>
BG to_boost_adjacency(const core::graph<V>& g, bool directed) {
  BG bg(g.num_vertices());
  for (V u = 0; u < g.num_vertices(); ++u) {
    if (directed) {
      for (auto v : g.out_arcs(u)) boost::add_edge(u, v, bg);
    } else {
      for (auto v : g.neighbors(u))
        if (u < v) boost::add_edge(u, v, bg);
    }
  }
  return bg;
}

template <class BG, std::unsigned_integral V>
void write_dot_as(std::ostream& os, const core::graph<V>& g, bool directed) {
  const BG bg = to_boost_adjacency<BG>(g, directed);
  if (g.has_labels() || g.has_names()) {
    boost::write_graphviz(os, bg, [&](std::ostream& out, auto v) {
      std::string text;  // a DOT quoted string: quote and backslash escaped
      for (char c : vertex_text(g, static_cast<V>(v))) {
        if (c == '"' || c == '\\') text += '\\';
        text += c;
      }
      out << "[label=\"" << text << "\"]";
    });
  } else {
    boost::write_graphviz(os, bg);
  }
}

template <class BG, std::unsigned_integral V>
void write_graphml_as(std::ostream& os, const core::graph<V>& g, bool directed) {
  const BG bg = to_boost_adjacency<BG>(g, directed);
  boost::dynamic_properties dp;
  std::vector<std::string> labels;
  if (g.has_labels() || g.has_names()) {
    labels.reserve(g.num_vertices());
    for (V u = 0; u < g.num_vertices(); ++u) labels.push_back(vertex_text(g, u));
    dp.property("label", boost::make_iterator_property_map(labels.begin(), boost::get(boost::vertex_index, bg)));
  }
  boost::write_graphml(os, bg, dp, true);
}

using undirected_adjacency = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
using directed_adjacency = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
}  // namespace detail

/// Writes g in Graphviz DOT; refuses `directed` without arcs and an export past the memory limit.
template <std::unsigned_integral V>
void write_dot(std::ostream& os, const core::graph<V>& g, bool directed = false) {
  require_arcs_if_directed("write_dot", g, directed);
  require_export_memory("write_dot", g, directed, "dot", 96);
  if (directed) detail::write_dot_as<detail::directed_adjacency>(os, g, true);
  else detail::write_dot_as<detail::undirected_adjacency>(os, g, false);
}

/// Writes g in GraphML; refuses `directed` without arcs and an export past the memory limit.
template <std::unsigned_integral V>
void write_graphml(std::ostream& os, const core::graph<V>& g, bool directed = false) {
  require_arcs_if_directed("write_graphml", g, directed);
  require_export_memory("write_graphml", g, directed, "graphml", 96);
  if (directed) detail::write_graphml_as<detail::directed_adjacency>(os, g, true);
  else detail::write_graphml_as<detail::undirected_adjacency>(os, g, false);
}

}  // namespace shiftfly::io
