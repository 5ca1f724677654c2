// shiftfly graph FAMILY ... [--directed] [--format edgelist|dot|graphml|json|booksim|sst|ns3|nexthops]
//                [--endpoints P] [--latency L] [--config PATH] [--rate R] [--delay D] [--routing minimal|ecmp]
// Exports a graph of any family through the library's writers (include/shiftfly/io/):
// an edge list with one "u v" per line (u < v for the undirected physical graph;
// arcs in generation order, loops and repeats included, with --directed), DOT and
// GraphML by Boost.Graph's writers, or JSON: the envelope of every JSON output
// (common/envelope.hpp) around the library's one-line NetworkX node-link object.
// A graph read from a file (the file family) is written with its vertex names; its
// JSON carries graph.file {path, format, directed, duplicate_edges_dropped,
// self_loops_dropped}, and the other formats, which have no place for it, report
// dropped duplicates and self-loops as one note on stderr.
// The simulators' formats (include/shiftfly/io/booksim_anynet.hpp, sst_anytopo.hpp,
// ns3_topology.hpp) carry the endpoints per router: --endpoints on every router, else the
// family's customary counts (topology::endpoints_of); the JSON carries them on every node and
// the graph's routers, endpoints and radix. --latency (cycles) and --config (the BookSim2
// configuration stub, written to PATH, naming PATH with its extension replaced by .anynet as
// the network file) go with booksim; --rate and --delay with ns3. --format nexthops writes the
// next-hop table of --routing (include/shiftfly/routing/next_hops.hpp; minimal is BookSim2's
// min tie rule).
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>

#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/io/booksim_anynet.hpp"
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/io/json.hpp"
#include "shiftfly/io/ns3_topology.hpp"
#include "shiftfly/io/sst_anytopo.hpp"
#include "shiftfly/routing/next_hops.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_graph_subcommand {

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  bool directed = false;
  std::string format = "edgelist";
  std::shared_ptr<std::optional<std::uint64_t>> endpoints = std::make_shared<std::optional<std::uint64_t>>();
  std::uint64_t latency = 1;
  std::string config, rate = "100Gbps", delay = "0.001ms", routing = "minimal";
  CLI::Option *latency_opt = nullptr, *config_opt = nullptr, *rate_opt = nullptr, *delay_opt = nullptr,
              *routing_opt = nullptr;
};

// --config's path without its extension, and the network file its stub names (PATH.anynet).
std::string stem_of(const std::string& config) {
  const std::size_t dot = config.find_last_of('.'), slash = config.find_last_of('/');
  return dot == std::string::npos || (slash != std::string::npos && dot < slash) ? config : config.substr(0, dot);
}
std::string network_file_of(const std::string& config) { return stem_of(config) + ".anynet"; }

// A flag of one output format, given with another, is refused; so are --directed with a
// simulator's format and a --config that names the network file or standard output's file.
void require_format_flags(const options& o) {
  const auto only = [&](const CLI::Option* opt, const char* flag, const char* format) {
    if (opt->count() && o.format != format)
      throw std::invalid_argument(std::string("graph: ") + flag + " goes with --format " + format + ", not --format " + o.format);
  };
  only(o.latency_opt, "--latency", "booksim");
  only(o.config_opt, "--config", "booksim");
  only(o.rate_opt, "--rate", "ns3");
  only(o.delay_opt, "--delay", "ns3");
  only(o.routing_opt, "--routing", "nexthops");
  if (o.endpoints->has_value() && o.format != "json" && o.format != "booksim" && o.format != "sst" && o.format != "ns3")
    throw std::invalid_argument("graph: --endpoints goes with --format json, booksim, sst or ns3, not --format " + o.format);
  // the simulators' links are bidirectional: their files hold the physical graph, never arcs
  if (o.directed && (o.format == "booksim" || o.format == "sst" || o.format == "ns3"))
    throw std::invalid_argument("graph: --directed goes with --format edgelist, dot, graphml, json or nexthops, not --format " +
                                o.format + " (the simulator's links are bidirectional: leave --directed out to write the physical graph)");
  if (o.config_opt->count()) {
    // the stub names PATH.anynet as its network file: it must be neither the stub itself nor
    // standard output's file (the stub would overwrite the network, or the network the stub)
    const std::string config = shiftfly::core::printable(o.config);
    std::error_code ec1, ec2;
    namespace fs = std::filesystem;
    if (fs::weakly_canonical(fs::path(o.config), ec1) == fs::weakly_canonical(fs::path(network_file_of(o.config)), ec2) && !ec1 && !ec2)
      throw std::invalid_argument("graph: --config " + config +
                                  " names the network file itself (the stub's network_file is --config's path with the "
                                  "extension .anynet): give the configuration another extension, e.g. --config " +
                                  shiftfly::core::printable(stem_of(o.config)) + ".cfg");
    struct stat out {}, cfg {};
    if (::fstat(1, &out) == 0 && ::stat(o.config.c_str(), &cfg) == 0 && out.st_dev == cfg.st_dev && out.st_ino == cfg.st_ino)
      throw std::invalid_argument("graph: --config " + config +
                                  " is the file standard output goes to: the stub and the network would overwrite each "
                                  "other; write the network to " + shiftfly::core::printable(network_file_of(o.config)));
  }
}

// The graph's routers, endpoints and radix as members of the JSON graph object.
std::string ports_json(const shiftfly::core::router_ports& p) {
  return "\"routers\":" + std::to_string(p.routers) + ",\"endpoints\":" + std::to_string(p.endpoints) +
         ",\"radix_min\":" + std::to_string(p.min_radix) + ",\"radix_max\":" + std::to_string(p.max_radix);
}

// The simulators' formats: BookSim2 anynet (and its configuration stub), SST anytopo, ns-3 topology.txt.
void write_simulator(const options& o, const shiftfly::core::graph<std::uint32_t>& g,
                     const std::vector<std::uint32_t>& counts) {
  namespace io = shiftfly::io;
  if (o.format == "booksim") {
    std::ostringstream network;  // written whole, after the stub: a refusal leaves stdout empty
    io::write_booksim_anynet(network, g, counts, o.latency);
    if (!o.config.empty()) {
      std::ostringstream stub;
      io::write_booksim_config(stub, network_file_of(o.config));
      std::ofstream cfg(o.config);
      if (!(cfg << stub.str()) || !cfg.flush()) throw std::invalid_argument("graph: --config " + o.config + ": cannot be written");
    }
    std::cout << network.str();
  } else if (o.format == "sst") {
    io::write_sst_anytopo(std::cout, g, counts);
  } else {
    io::write_ns3_topology(std::cout, g, counts, {o.rate, o.delay});
  }
}

int run_graph(const options& o, const shiftfly::tools::run_context& c) {
  namespace io = shiftfly::io;
  require_format_flags(o);
  shiftfly::tools::file_report file;
  const auto g = shiftfly::tools::make_graph(*o.family, "graph", o.directed, &file);
  // The endpoints, for the formats that carry them (an edge list, DOT or GraphML has no place for them).
  const bool carries = o.format == "json" || o.format == "booksim" || o.format == "sst" || o.format == "ns3";
  const auto counts = carries ? shiftfly::tools::naming_flags(c, "", [&] {
    return shiftfly::tools::endpoints_of(*o.family, g, file, *o.endpoints);
  }) : std::vector<std::uint32_t>{};
  const bool from_file = o.family->family == "file";
  if (from_file && o.format != "json" && (file.duplicate_edges_dropped || file.self_loops_dropped))
    std::cerr << shiftfly::tools::file_note(file) << '\n';
  // The in-memory exports check their memory first; such a refusal names --format.
  shiftfly::tools::naming_flags(c, "--format " + o.format, [&] {
    if (o.format == "edgelist") io::write_edge_list(std::cout, g, o.directed);
    else if (o.format == "json") {  // the node-link object as the envelope's result
      std::ostringstream text;
      const std::string ports = ports_json(shiftfly::core::count_router_ports(g, counts));
      io::write_json(text, g, o.directed, o.family->family,
                     from_file ? ports + ",\"file\":" + shiftfly::tools::file_json(file).dump() : ports, counts);
      std::string line = std::move(text).str();
      if (!line.empty() && line.back() == '\n') line.pop_back();
      shiftfly::tools::print_json_text(c, line);
    }
    else if (o.format == "dot") io::write_dot(std::cout, g, o.directed);
    else if (o.format == "booksim" || o.format == "sst" || o.format == "ns3") write_simulator(o, g, counts);
    else if (o.format == "nexthops") {
      std::ostringstream table;  // whole, so that a refusal leaves stdout empty
      shiftfly::routing::write_next_hops(table, g, shiftfly::routing::parse_next_hop_rule(o.routing));
      std::cout << table.str();
    }
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
  sub->add_option("--format", o->format, "Output format; booksim, sst and ns3 are the simulators' (with the endpoints), nexthops a next-hop table")
      ->check(CLI::IsMember({"edgelist", "dot", "graphml", "json", "booksim", "sst", "ns3", "nexthops"}));
  shiftfly::tools::add_endpoints_flag(sub, o->endpoints);
  o->latency_opt = sub->add_option("--latency", o->latency, "Channel latency in cycles of every link (--format booksim)")
                       ->type_name("UINT in [1 - 2147483647]");
  o->config_opt = sub->add_option("--config", o->config,
                                  "Also write BookSim2's configuration stub to PATH; its network_file is PATH with the "
                                  "extension .anynet, where the output goes (--format booksim)")
                      ->default_str("none");
  o->rate_opt = sub->add_option("--rate", o->rate, "Link data rate (--format ns3): a decimal above 0 and bps, Kbps, Mbps or Gbps");
  o->delay_opt = sub->add_option("--delay", o->delay, "Link delay (--format ns3): a decimal and s, ms, us or ns");
  o->routing_opt = sub->add_option("--routing", o->routing,
                                   "Next hops of --format nexthops: minimal (one, BookSim2 anynet's min tie rule) or "
                                   "ecmp (every neighbour one step closer); lines 'src dst next...'")
                       ->check(CLI::Validator(
                           [](std::string& v) -> std::string {
                             try {  // the one routing parser (routing/routing_spec.hpp, through next_hops.hpp)
                               shiftfly::routing::parse_next_hop_rule(v);
                               return "";
                             } catch (const std::invalid_argument&) {
                               return v + " not in {minimal,ecmp}";
                             }
                           },
                           ""))
                       ->type_name("TEXT:{minimal,ecmp}");
  shiftfly::tools::add_family_subcommands(sub, o->family);
  return [o](const shiftfly::tools::run_context& c) { return run_graph(*o, c); };
}};

}  // namespace shiftfly_graph_subcommand
