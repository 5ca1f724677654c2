// shiftfly graph FAMILY ... [--directed] [--format edgelist|dot|graphml|json]
// Exports a graph of any family. An edge list has one "u v" per
// line (u < v for the undirected physical graph; arcs in generation order,
// loops and repeats included, with --directed), written by core/edge_list.hpp.
// dot and graphml are written by Boost.Graph's writers, json by nlohmann-json.
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>
#include <nlohmann/json.hpp>

#include "common/subcommand.hpp"
#include "shiftfly/core/edge_list.hpp"
#include "shiftfly/core/flag_names.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/family_options.hpp"
#include "shiftfly/topology/family.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_graph_subcommand {

struct options {
  std::shared_ptr<shiftfly::topology::family_params> family = std::make_shared<shiftfly::topology::family_params>();
  bool directed = false;
  std::string format = "edgelist";
};

std::string label_text(const shiftfly::core::graph<std::uint32_t>& g, std::uint32_t u) {
  std::string s;
  for (auto x : g.label(u)) s += (s.empty() ? "" : ".") + std::to_string(x);
  return s;
}

template <class BG>
BG to_boost(const shiftfly::core::graph<std::uint32_t>& g, bool directed) {
  BG bg(g.num_vertices());
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
    if (directed) {
      for (auto v : g.out_arcs(u)) boost::add_edge(u, v, bg);
    } else {
      for (auto v : g.neighbors(u))
        if (u < v) boost::add_edge(u, v, bg);
    }
  }
  return bg;
}

template <class BG>
void write_boost(const shiftfly::core::graph<std::uint32_t>& g, bool directed, const std::string& format) {
  BG bg = to_boost<BG>(g, directed);
  if (format == "dot") {
    if (g.has_labels()) {
      boost::write_graphviz(std::cout, bg, [&](std::ostream& os, auto v) {
        os << "[label=\"" << label_text(g, static_cast<std::uint32_t>(v)) << "\"]";
      });
    } else {
      boost::write_graphviz(std::cout, bg);
    }
  } else {
    boost::dynamic_properties dp;
    std::vector<std::string> labels;
    if (g.has_labels()) {
      labels.reserve(g.num_vertices());
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) labels.push_back(label_text(g, u));
      dp.property("label", boost::make_iterator_property_map(labels.begin(), boost::get(boost::vertex_index, bg)));
    }
    boost::write_graphml(std::cout, bg, dp, true);
  }
}

int run_graph(const options& o) {
  const auto g = shiftfly::topology::make_family(*o.family);
  if (o.directed && !g.has_arcs())
    throw std::invalid_argument("graph: --directed needs a digraph family (kautz, de-bruijn, gen-de-bruijn, "
                                "imase-itoh, shiftfly --level group); " + o.family->family + " has no arcs");
  const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices());
  if (o.format != "edgelist") {
    // json, dot and graphml are built whole in memory before they are written (the edge
    // list is streamed). Measured at T(1000,1000) (10^6 vertices, 2·10^6 edges) and
    // K(4,8): about 120 bytes an edge for json and 80 for dot and graphml, beyond the
    // graph; estimated here as 128 and 96, plus 64 a vertex (labels, vertex records).
    const std::uint64_t listed = o.directed ? g.num_arcs() : g.num_edges();
    const std::uint64_t bytes = shiftfly::core::estimate_add_mul(
        shiftfly::core::estimate_add_mul(0, listed, o.format == "json" ? 128 : 96), g.num_vertices(), 64);
    shiftfly::core::naming_flags({}, "--format " + o.format, [&] {
      shiftfly::core::require_memory("graph",
                                     "the " + o.format + " export of " + g.name() + " (" +
                                         std::to_string(g.num_vertices()) + " vertices, " + std::to_string(listed) +
                                         (o.directed ? " arcs)" : " edges)"),
                                     bytes);
    });
  }
  if (o.format == "edgelist") {
    shiftfly::core::write_edge_list(std::cout, g, o.directed);
  } else if (o.format == "json") {
    nlohmann::json j;
    j["name"] = g.name();
    j["family"] = o.family->family;
    j["n"] = g.num_vertices();
    j["directed"] = o.directed;
    j["m"] = o.directed ? g.num_arcs() : g.num_edges();
    auto edges = nlohmann::json::array();
    for (std::uint32_t u = 0; u < n; ++u) {
      if (o.directed) {
        for (auto v : g.out_arcs(u)) edges.push_back({u, v});
      } else {
        for (auto v : g.neighbors(u))
          if (u < v) edges.push_back({u, v});
      }
    }
    j["edges"] = std::move(edges);
    if (g.has_labels()) {
      auto labels = nlohmann::json::array();
      for (std::uint32_t u = 0; u < n; ++u) labels.push_back(label_text(g, u));
      j["labels"] = std::move(labels);
    }
    std::cout << j.dump() << '\n';
  } else if (o.directed) {
    write_boost<boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>>(g, true, o.format);
  } else {
    write_boost<boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>>(g, false, o.format);
  }
  return 0;
}

const shiftfly::tools::register_subcommand reg{"graph", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("graph", "export a graph: shiftfly graph FAMILY ... [--directed] [--format F]");
  sub->add_flag("--directed", o->directed, "write the directed arcs (digraph families) instead of the physical graph");
  sub->add_option("--format", o->format, "edgelist (default), dot, graphml or json")
      ->check(CLI::IsMember({"edgelist", "dot", "graphml", "json"}));
  shiftfly::tools::add_family_subcommands(sub, o->family);
  return [o] { return run_graph(*o); };
}};

}  // namespace shiftfly_graph_subcommand
