// shiftfly graph FAMILY ... [--directed] [--format edgelist|dot|graphml|json]
// Exports a graph of any family through the library's writers (include/shiftfly/io/):
// an edge list with one "u v" per line (u < v for the undirected physical graph;
// arcs in generation order, loops and repeats included, with --directed), DOT and
// GraphML by Boost.Graph's writers, or JSON: the envelope of every JSON output
// (common/envelope.hpp) around the library's one-line NetworkX node-link object.
// A graph read from a file (the file family) is written with its vertex names; its
// JSON carries graph.file {path, format, directed, duplicate_edges_dropped,
// self_loops_dropped}, and the other formats, which have no place for it, report
// dropped duplicates and self-loops as one note on stderr.
#include <iostream>
#include <sstream>
#include <memory>
#include <string>

#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/io/json.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_graph_subcommand {

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  bool directed = false;
  std::string format = "edgelist";
};

int run_graph(const options& o, const shiftfly::tools::run_context& c) {
  namespace io = shiftfly::io;
  shiftfly::tools::file_report file;
  const auto g = shiftfly::tools::make_graph(*o.family, "graph", o.directed, &file);
  const bool from_file = o.family->family == "file";
  if (from_file && o.format != "json" && (file.duplicate_edges_dropped || file.self_loops_dropped))
    std::cerr << shiftfly::tools::file_note(file) << '\n';
  // The in-memory exports check their memory first; such a refusal names --format.
  shiftfly::tools::naming_flags(c, "--format " + o.format, [&] {
    if (o.format == "edgelist") io::write_edge_list(std::cout, g, o.directed);
    else if (o.format == "json") {  // the node-link object as the envelope's result
      std::ostringstream text;
      io::write_json(text, g, o.directed, o.family->family, from_file ? "\"file\":" + shiftfly::tools::file_json(file).dump() : "");
      std::string line = std::move(text).str();
      if (!line.empty() && line.back() == '\n') line.pop_back();
      shiftfly::tools::print_json_text(c, line);
    }
    else if (o.format == "dot") io::write_dot(std::cout, g, o.directed);
    else io::write_graphml(std::cout, g, o.directed);
  });
  return 0;
}

const shiftfly::tools::register_subcommand reg{"graph", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("graph", "Export a graph: shiftfly graph FAMILY ... [--directed] [--format F]");
  sub->add_flag("--directed", o->directed,
                "Write the directed arcs (digraph families; for file, read its lines or links as arcs) instead of the "
                "physical graph");
  sub->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"edgelist", "dot", "graphml", "json"}));
  shiftfly::tools::add_family_subcommands(sub, o->family);
  return [o](const shiftfly::tools::run_context& c) { return run_graph(*o, c); };
}};

}  // namespace shiftfly_graph_subcommand
