// io/graph_file.hpp: the format from the options, the extension or the content; and the
// round trip of every family through every format the library writes and reads
// (edge list, GraphML, node-link JSON): the same edges, the same arcs in the same order,
// the same vertex text.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/graph_file.hpp"
#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/io/json.hpp"
#include "shiftfly/topology/family.hpp"

namespace graph_file_test {

namespace io = shiftfly::io;
namespace t = shiftfly::topology;

/// One small graph of every family of the registry but `file` (the round trip below reads
/// them back through it). A new family adds one line here; the registry check below fails
/// until it does.
const std::vector<t::family_spec>& round_trip_specs() {
  static const std::vector<t::family_spec> specs{
      t::torus_spec{{3, 4}},
      t::kautz_spec{2, 3},
      t::de_bruijn_spec{2, 3},  // loops and a repeated arc pair in its arcs
      t::generalized_de_bruijn_spec{10, 3},
      t::imase_itoh_spec{12, 2},
      t::boardfly_spec{.groups = 2, .level = t::level::chip},
      t::shiftfly_spec{.groups = 30},
      t::shiftfly_spec{.groups = 6, .level = t::level::chip},
      t::polarfly_spec{5},
      t::slimfly_spec{4},
      t::dragonfly_spec{4, 2, 0},
      t::dragonfly_spec{3, 2, 4, t::dragonfly_arrangement::circulant},
      t::hyperx_spec{{3, 2, 4}},
      t::fat_tree_spec{4},
      t::xgft_spec{{2, 3}, {1, 2}},
      t::jellyfish_spec{20, 3, 5},
  };
  return specs;
}

/// Writes g (its arcs when it has them) in `format` and reads it back as that format.
io::graph_file<std::uint32_t> round_trip(const shiftfly::core::graph<std::uint32_t>& g, io::graph_file_format format) {
  const bool directed = g.has_arcs();
  std::ostringstream os;
  if (format == io::graph_file_format::edge_list) io::write_edge_list(os, g, directed);
  else if (format == io::graph_file_format::graphml) io::write_graphml(os, g, directed);
  else io::write_json(os, g, directed, "x");
  io::graph_file_options o;
  o.directed = directed;
  o.format = format;
  return io::read_graph_text(os.str(), "G", o);
}

TEST_CASE("graph file: every family through every format comes back the same", "[io][file]") {
  // the specs above, and every registered family by its descriptor's example (so a new family
  // is taken through every format with no edit here)
  std::vector<t::family_spec> specs = round_trip_specs();
  for (const auto* f : t::families()) specs.push_back(t::family_spec{f->name, f->example});
  std::set<std::string> covered;
  for (const auto& spec : specs) covered.insert(std::string(t::family_name(spec)));
  for (const auto& name : t::family_names()) {
    INFO("family " << name << " has no spec");
    CHECK(covered.count(name) == 1);
  }
  for (const auto& spec : specs) {
    const auto g = t::make_graph(spec);
    for (const auto format : {io::graph_file_format::edge_list, io::graph_file_format::graphml,
                              io::graph_file_format::node_link}) {
      INFO(t::family_name(spec) << " " << g.name() << " as " << io::format_name(format));
      const auto r = round_trip(g, format);
      CHECK(r.format == format);
      CHECK(shiftfly::core::same_edges(r.graph, g));
      CHECK(r.graph.has_arcs() == g.has_arcs());
      if (g.has_arcs()) CHECK(shiftfly::core::same_arcs(r.graph, g));
      // the vertex text: labels travel in GraphML and JSON (as names); the edge list has ids
      if (format != io::graph_file_format::edge_list)
        for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(io::vertex_text(r.graph, u) == io::vertex_text(g, u));
      if (!g.has_arcs()) CHECK(r.duplicate_edges_dropped + r.self_loops_dropped == 0);
      // and once more: names are written and read back as names
      const auto again = round_trip(r.graph, format);
      CHECK(shiftfly::core::same_edges(again.graph, g));
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
        CHECK(io::vertex_text(again.graph, u) == io::vertex_text(r.graph, u));
    }
  }
}

TEST_CASE("graph file: the format from the options, the extension, else the content", "[io][file]") {
  namespace io = shiftfly::io;
  using F = io::graph_file_format;
  CHECK(io::format_of_extension("a/G.txt") == F::edge_list);
  CHECK(io::format_of_extension("G.EDGES") == F::edge_list);
  CHECK(io::format_of_extension("G.el") == F::edge_list);
  CHECK(io::format_of_extension("G.edgelist") == F::edge_list);
  CHECK(io::format_of_extension("G.graphml") == F::graphml);
  CHECK(io::format_of_extension("G.xml") == F::graphml);
  CHECK(io::format_of_extension("G.json") == F::node_link);
  CHECK_FALSE(io::format_of_extension("G.csv").has_value());
  CHECK_FALSE(io::format_of_extension("dir.json/G").has_value());
  CHECK_FALSE(io::format_of_extension("<stdin>").has_value());
  CHECK(io::sniff_format("  \n<?xml ...") == F::graphml);
  CHECK(io::sniff_format("{\"nodes\"") == F::node_link);
  CHECK(io::sniff_format("0 1\n") == F::edge_list);
  CHECK(io::parse_graph_file_format("json") == F::node_link);
  CHECK_THROWS_WITH(io::parse_graph_file_format("csv"),
                    "parse_graph_file_format: format = csv is out of range (accepted: edgelist, graphml, json, booksim, sst or ns3)");
  // read_graph_text: the content decides for a name without a known extension
  CHECK(io::read_graph_text("{\"nodes\":[{\"id\":0},{\"id\":1}],\"links\":[{\"source\":0,\"target\":1}]}", "<stdin>")
            .format == F::node_link);
  CHECK(io::read_graph_text("a b\n", "G.data").format == F::edge_list);
  // read_graph_file: the extension decides, and the refusal names the file and the line
  const std::string path = "/tmp/shiftfly_graph_file_" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << "0 1\n";
  CHECK_THROWS_WITH(io::read_graph_file(path), Catch::StartsWith("read_node_link_file: " + path + ":1: bad JSON: "));
  io::graph_file_options o;
  o.format = F::edge_list;
  CHECK(io::read_graph_file(path, o).graph.num_edges() == 1);
  std::remove(path.c_str());
}

}  // namespace graph_file_test
