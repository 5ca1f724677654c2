// shiftfly load FAMILY [family flags] --routing R [--tie lowest|booksim] [--traffic T] [--traffic-seed S]
//               [--endpoints P] [--uniform-self include|exclude] [--top K] [--compare-optimal]
//               [--no-automorphisms]
//               [--threads N] [--max-seconds S] [--format json|text]
// shiftfly load file --path P ...
// The load of every channel under a routing and a traffic, its summary (max, mean,
// percentiles, the hottest channels) and the saturation throughput per pair and per
// endpoint; with --compare-optimal, the optimal throughput and the routing's efficiency.
// The endpoints: --endpoints P on every router, else the family's customary counts, else a
// simulator file's own (topology::choose_endpoints, as cost, metrics and graph take them).
// One library call (routing::measure_routing_load, include/shiftfly/routing/channel_load_optimal.hpp),
// printed through its description (routing/describe_load.hpp).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/metrics/flow/traffic_spec.hpp"
#include "shiftfly/routing/channel_load_optimal.hpp"
#include "shiftfly/routing/describe_load.hpp"
#include "shiftfly/topology/families.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_load_subcommand {

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  std::string routing, tie, traffic = "uniform", self = "include", format = "text";
  std::optional<std::uint64_t> traffic_seed;
  std::shared_ptr<std::optional<std::uint64_t>> endpoints = std::make_shared<std::optional<std::uint64_t>>();
  std::uint64_t top = 10;
  bool compare_optimal = false, no_automorphisms = false;
  int threads = 0;
  double max_seconds = 600;
};

// Builds the graph, reads a file:PATH traffic through io, measures by one library call, prints.
int run_load(const options& o, const CLI::App& app, const shiftfly::tools::run_context& c) {
  namespace routing = shiftfly::routing;
  shiftfly::tools::file_report file;
  const auto g = shiftfly::tools::make_graph(*o.family, "load", false, &file);
  routing::family_load_request request;
  auto& q = request.load;
  q.traffic_seed = o.traffic_seed;
  // the endpoints by the one rule of every command: --endpoints, else the family's or the file's
  auto chosen = shiftfly::tools::naming_flags(c, "", [&] { return shiftfly::tools::choose_endpoints(*o.family, g, file, *o.endpoints); });
  q.endpoints = std::move(chosen.counts);
  q.endpoints_rule = std::move(chosen.rule);
  q.self = o.self == "exclude" ? routing::uniform_self::exclude : routing::uniform_self::include;
  q.top = o.top;
  q.compare_optimal = o.compare_optimal;
  q.automorphisms = !o.no_automorphisms;
  q.threads = static_cast<unsigned>(o.threads);
  q.max_seconds = o.max_seconds;
  const bool is_file = o.family->family == shiftfly::topology::file_source_name;
  const shiftfly::topology::resolved_family* family = is_file ? nullptr : &shiftfly::tools::resolve(*o.family);
  const auto r = shiftfly::tools::with_flags(app, [&] {
    // the text parsed once, here at the edge; a file:PATH traffic read through io
    q.traffic = shiftfly::metrics::parse_traffic(o.traffic);
    shiftfly::metrics::read_traffic_matrix(q.traffic, g.num_vertices());
    q.routing = routing::parse_routing(o.routing, o.tie);
    return routing::measure_routing_load(g, family, request);
  });
  shiftfly::tools::print_record(c, routing::describe(r), o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"load", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("load",
                                 "Channel loads of a routing under a traffic: the hottest channels and the saturation "
                                 "throughput per pair and per endpoint");
  sub->add_option("--routing", o->routing,
                  "Routing: minimal, ecmp, spread, valiant (= valiant:ecmp), valiant:minimal, ksp:K (K shortest paths), dor "
                  "(torus, HyperX, Tofu) or shift (Kautz, de Bruijn, Imase-Itoh, Shiftfly); refused where the family does not "
                  "run it")
      ->required();
  sub->add_option("--tie", o->tie,
                  "Minimal routing's tie rule: lowest (the lowest-id next hop) or booksim (BookSim2's anynet min tables)")
      ->default_str("lowest");
  sub->add_option("--traffic", o->traffic,
                  "Traffic between endpoints: uniform, permutation[:SEED], groups:SIZE (uniform within consecutive groups of "
                  "SIZE routers), moe:K (every endpoint to K random others), tornado, bit-complement, transpose, "
                  "shift:K, worst (the routing's worst permutation, Towles-Dally) or file:PATH (demands between "
                  "routers)");
  sub->add_option("--traffic-seed", o->traffic_seed, "Seed of permutation and moe traffic (Python random.Random)")
      ->type_name("UINT in [0 - 18446744073709551615]")
      ->default_str("1");
  shiftfly::tools::add_endpoints_flag(sub, o->endpoints);  // traffic is between endpoints
  sub->add_option("--uniform-self", o->self,
                  "Uniform traffic: include the source among its destinations (BookSim2's convention) or exclude it")
      ->check(CLI::IsMember({"include", "exclude"}));
  sub->add_option("--top", o->top, "Hottest channels listed")->type_name("UINT in [0 - 1048576]");
  sub->add_flag("--compare-optimal", o->compare_optimal,
                "Also the optimal throughput theta* of the same demands (exact LP or certified interval) and "
                "theta_R / theta*");
  sub->add_flag("--no-automorphisms", o->no_automorphisms,
                "Uniform traffic under ecmp or spread: every destination's pass, not one pass a vertex orbit of the "
                "graph's automorphisms (bliss; used when they halve the passes; the loads agree to about 1e-12)");
  sub->add_option("--threads", o->threads, "Worker threads, 0 = all cores (results do not depend on it)")
      ->check(CLI::Range(0, 1024));
  sub->add_option("--max-seconds", o->max_seconds, "Refuse a computation whose estimated time exceeds S seconds")
      ->check(CLI::Range(1.0, 604800.0));
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  shiftfly::tools::add_family_subcommands(sub, o->family, {}, " --routing minimal");
  return [o, sub](const shiftfly::tools::run_context& c) { return run_load(*o, *sub, c); };
}};

}  // namespace shiftfly_load_subcommand
