// shiftfly metrics FAMILY ... [--samples K] [--sample-seed S] [--directed] [--gap [--gap-iterations N]]
//                  [--connectivity [--max-seconds S]] [--bisection] [--paths [--path-samples K]]
//                  [--throughput uniform|permutation|worst|file:PATH [--epsilon E] [--traffic-seed S] [--max-seconds S]]
//                  [--threads N] [--verify] [--mpi] [--no-distances] [--progress] [--format json|text]
// Distance statistics of a graph family: exact all pairs (bit-parallel
// sweeps) unless --samples gives the reference's sampled sources, or none with
// --no-distances (then only the metrics asked for are computed); optionally the
// spectral gap (Lanczos, or the reference's power-iteration estimate), the vertex
// connectivity, the bisection width as an interval, path diversity and the throughput
// under a traffic pattern. All logic lives in include/shiftfly/metrics/.
// --mpi (run under mpirun -n K; docs/scale-out.md): every rank builds the same graph,
// the distance sweeps (exact or --samples) are shared across the ranks by
// include/shiftfly/mpi/distances.hpp, and rank 0 alone prints the same output as
// without --mpi. --verify, --gap and --connectivity are not distributed: rank 0
// computes them after the shared sweep. A build without MPI refuses --mpi (exit 2).
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "common/cli_main.hpp"
#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/traffic_file.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/cuts/bisection_interval.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/paths/path_diversity.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/report/progress.hpp"
#include "shiftfly/topology/family.hpp"

#ifdef SHIFTFLY_HAVE_MPI
#include <exception>

#include "shiftfly/mpi/distances.hpp"
#include "shiftfly/mpi/session.hpp"
#endif

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_metrics_subcommand {

namespace m = shiftfly::metrics;

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  std::uint64_t samples = 0;  // 0 = exact
  std::uint64_t sample_seed = 11;
  bool directed = false;
  bool gap = false;
  std::uint64_t gap_iterations = 0;  // 0 = Lanczos
  bool connectivity = false;
  double max_seconds = 60;
  bool bisection = false;
  bool paths = false;
  std::uint64_t path_samples = 1000;  // 0 = all pairs
  std::string throughput;             // "" = none
  double epsilon = 0.05;
  std::uint64_t traffic_seed = 1;
  bool progress = false;
  int threads = 0;
  bool verify = false;
  bool no_distances = false;
  bool mpi = false;
  std::string format = "text";
};

#ifdef SHIFTFLY_HAVE_MPI
bool has_mpi_flag(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--mpi") return true;
  return false;
}

// A malformed command line is found before run_metrics; with --mpi, every rank finds
// the same error, rank 0 alone prints it, and all ranks exit with its status.
const bool mpi_parse_errors = [] {
  shiftfly::tools::error_report_hook() = [](int argc, char** argv, const std::string& line, int status) {
    if (!has_mpi_flag(argc, argv)) {
      std::cerr << line + "\n";
      return status;
    }
    const shiftfly::mpi::session session;
    return session.finish(status, line);
  };
  return true;
}();
#endif

shiftfly::core::graph<std::uint32_t> make_checked_graph(const options& o, shiftfly::tools::file_report* file = nullptr) {
  auto g = shiftfly::tools::make_graph(*o.family, "metrics", o.directed, file);
  if (o.samples > 0)
    shiftfly::tools::naming_flags({{"samples", "--samples"}}, "", [&] {
      m::require_useful_samples("metrics", "samples", g.num_vertices(), g.num_edges(), o.samples);
    });
  return g;
}

// The distance statistics: on this process, or (with `comm`) shared across the ranks.
template <class Distances>
int run_metrics_on(const options& o, const shiftfly::core::graph<std::uint32_t>& g, Distances&& distances, bool root,
                   const shiftfly::tools::file_report& file);

int run_metrics(const options& o) {
  if (o.no_distances) {
    if (o.samples > 0 || o.verify || o.mpi)
      throw std::invalid_argument(std::string("metrics: --no-distances skips the distance sweep, so ") +
                                  (o.samples > 0 ? "--samples" : o.verify ? "--verify" : "--mpi") +
                                  " has nothing to act on; drop one of them");
    if (!o.gap && o.gap_iterations == 0 && !o.connectivity && !o.bisection && !o.paths && o.throughput.empty())
      throw std::invalid_argument(
          "metrics: --no-distances needs one of --gap, --gap-iterations, --connectivity, --bisection, --paths, "
          "--throughput (there is nothing else to compute)");
  }
  shiftfly::tools::file_report file;
  if (!o.mpi) {
    const auto g = make_checked_graph(o, &file);
    return run_metrics_on(
        o, g,
        [&](m::traversal how, const m::sweep_options& so) {
          return o.samples == 0 ? m::all_pairs_stats(g, how, so) : m::sampled_stats(g, o.samples, o.sample_seed, how, so);
        },
        true, file);
  }
#ifdef SHIFTFLY_HAVE_MPI
  namespace sm = shiftfly::mpi;
  const shiftfly::mpi::session session;
  const bool root = session.rank() == 0;
  int status = 0;
  std::string line;
  try {
    // Every rank builds the same graph; a failure on any rank is raised on all of them
    // before the sweep's collective calls, and only rank 0 reports it.
    shiftfly::core::graph<std::uint32_t> g;
    std::exception_ptr failure;
    try {
      g = make_checked_graph(o, &file);
    } catch (...) {
      failure = std::current_exception();
    }
    sm::rethrow_first_failure(MPI_COMM_WORLD, failure);
    status = run_metrics_on(
        o, g,
        [&](m::traversal how, const m::sweep_options& so) {
          return o.samples == 0 ? sm::all_pairs_stats(MPI_COMM_WORLD, g, how, so)
                                : sm::sampled_stats(MPI_COMM_WORLD, g, o.samples, o.sample_seed, how, so);
        },
        root, file);
  } catch (const std::invalid_argument& e) {
    // Failures before or inside the sweep are raised on every rank alike
    // (rethrow_first_failure); later ones (rank 0's --verify, --gap, ...) on rank 0 only.
    status = 2;
    line = "shiftfly: error: " + shiftfly::tools::one_line(e.what());
  } catch (const std::exception& e) {
    status = 1;
    line = "shiftfly: internal error: " + shiftfly::tools::one_line(e.what());
  }
  return session.finish(status, line);
#else
  throw std::invalid_argument("metrics: --mpi: this shiftfly was built without MPI (configure with -DSHIFTFLY_WITH_MPI=ON "
                              "and an MPI installation, e.g. Debian libopenmpi-dev)");
#endif
}

template <class Distances>
int run_metrics_on(const options& o, const shiftfly::core::graph<std::uint32_t>& g, Distances&& distances, bool root,
                   const shiftfly::tools::file_report& file) {
  const auto how = o.directed ? m::traversal::arcs : m::traversal::undirected;
  // The connectivity's cost is estimated before anything runs (on every rank alike).
  if (o.connectivity)
    shiftfly::tools::naming_flags({{"max_seconds", "--max-seconds"}}, "--connectivity",
                                  [&] { m::require_connectivity_within(g, how, o.max_seconds); });
  const auto throughput_request = [&] {
    m::throughput_request r;
    if (o.throughput == "uniform") r.pattern = m::traffic_pattern::uniform;
    else if (o.throughput == "permutation") r.pattern = m::traffic_pattern::permutation;
    else if (o.throughput == "worst") r.pattern = m::traffic_pattern::worst;
    else r.pattern = m::traffic_pattern::file;  // the matrix is read where it is measured
    r.seed = o.traffic_seed;
    r.epsilon = o.epsilon;
    r.threads = static_cast<unsigned>(o.threads);
    r.how = how;
    r.max_seconds = o.max_seconds;
    return r;
  };
  // So is the throughput interval's (the named patterns; a file's when it is read).
  if (!o.throughput.empty())
    shiftfly::tools::naming_flags({{"epsilon", "--epsilon"}, {"max_seconds", "--max-seconds"}}, "--throughput",
                                  [&] { m::require_throughput_within(g, throughput_request()); });
  if (o.progress) shiftfly::report::force_progress();
  const bool show = root && shiftfly::report::progress_enabled();
  m::sweep_options so;
  so.threads = static_cast<unsigned>(o.threads);
  if (show)
    so.progress = [](std::size_t done, std::size_t total) {
      shiftfly::report::show_progress("metrics: source batches", done, total);
    };
  const m::distance_stats d = o.no_distances ? m::distance_stats{} : distances(how, so);
  // Everything below (verification, spectral gap, connectivity, output) runs on rank 0 only.
  if (!root) return 0;
  bool verified = false;
  if (o.verify) {
    // An independent recomputation by plain BFS from every source (or every sampled one).
    const m::distance_stats v =
        o.samples == 0 ? m::all_pairs_stats_serial(g, how) : m::sampled_stats_serial(g, o.samples, o.sample_seed, how);
    if (v.histogram != d.histogram) throw std::runtime_error("metrics: --verify: serial BFS disagrees with the sweeps");
    verified = true;
  }
  // One vocabulary for how each figure was obtained (docs/cli.md): method is exact,
  // sampled, estimated or closed form; algorithm says how.
  nlohmann::json j;
  j["graph"] = {{"family", o.family->family},
                {"name", g.name()},
                {"vertices", g.num_vertices()},
                {"links", g.num_edges()},
                {"max_degree", g.max_degree()},
                {"mean_degree", g.mean_degree()}};
  if (g.has_arcs()) j["graph"]["arcs"] = g.num_arcs();
  const bool from_file = o.family->family == "file";
  if (from_file) j["graph"]["file"] = shiftfly::tools::file_json(file);
  if (!o.no_distances) j["distance"] = {{"method", d.method()},
                   {"algorithm", d.exact ? "BFS from every source (bit-parallel multi-source sweeps)"
                                         : "BFS from sources drawn as the reference artefact draws them "
                                           "(Python randrange(n), seed " + std::to_string(o.sample_seed) + ")"},
                   {"sources", d.sources},
                   {"diameter", d.diameter},
                   {"diameter_is", d.diameter_kind()},
                   {"mean", d.mean},
                   {"disconnected", d.disconnected},
                   {"directed", d.directed},
                   {"histogram", d.histogram}};
  if (o.verify) j["distance"]["verified"] = verified;
  if (o.no_distances) j["distance"] = nullptr;
  const bool want_gap = o.gap || o.gap_iterations != 0;
  if (want_gap) {
    const auto s = shiftfly::tools::naming_flags({}, o.gap_iterations ? "--gap-iterations" : "--gap", [&] {
      std::function<void(std::size_t)> products;
      if (show) products = [](std::size_t k) { shiftfly::report::show_count("metrics: Lanczos", k, "products"); };
      return o.gap_iterations ? m::reference_spectral_gap(g, o.gap_iterations)
                              : m::spectral_gap(g, static_cast<unsigned>(o.threads), products);
    });
    shiftfly::report::end_progress();
    j["spectral_gap"] = {{"method", o.gap_iterations ? "estimated" : "exact"},
                         {"algorithm", o.gap_iterations ? "power iteration, as the reference artefact estimates it"
                                                        : s.products ? s.method + " (residual tolerance 1e-9)" : s.method},
                         {"value", s.gap},
                         {"lambda2", s.lambda2}};
    if (!o.gap_iterations) {
      j["spectral_gap"]["lambda_min"] = s.lambda_min;
      j["spectral_gap"]["two_sided"] = s.two_sided_gap;
    } else {
      j["spectral_gap"]["iterations"] = s.iterations;
    }
  }
  if (o.connectivity) {
    m::connectivity_options co;
    co.threads = static_cast<unsigned>(o.threads);
    if (show)
      co.progress = [](std::size_t done, std::size_t total) {
        shiftfly::report::show_progress("metrics: connectivity flows", done, total);
      };
    const auto c = shiftfly::tools::naming_flags({}, "--connectivity", [&] { return m::connectivity(g, how, co); });
    j["connectivity"] = {{"method", "exact"},
                         {"algorithm", "Even's scheme with the Esfahanian-Hakimi reduction of sources; "
                                       "unit-capacity augmenting paths"},
                         {"graph", o.directed ? "arcs" : "undirected"},
                         {"vertex", c.vertex},
                         {"edge", c.edge}};
  }
  if (o.bisection) {
    m::bisection_interval_options bo;
    bo.threads = static_cast<unsigned>(o.threads);
    const auto b = shiftfly::tools::naming_flags({}, "--bisection", [&] { return m::bisection_width_interval(g, bo); });
    j["bisection"] = {{"method", b.exact() ? "exact" : "interval"},
                      {"lower", b.lower},
                      {"lower_method", b.lower_method},
                      {"upper", b.upper},
                      {"upper_method", b.upper_method},
                      {"laplacian_lambda2", b.laplacian_lambda2},
                      {"notes", b.notes}};
  }
  if (o.paths) {
    const auto counts = shiftfly::tools::naming_flags({}, "--paths", [&] {
      return m::shortest_path_counts(g, how, static_cast<unsigned>(o.threads));
    });
    m::disjoint_paths_options po;
    po.samples = o.path_samples;
    po.seed = o.sample_seed;
    po.threads = static_cast<unsigned>(o.threads);
    const auto disjoint = shiftfly::tools::naming_flags({{"samples", "--path-samples"}, {"seed", "--sample-seed"}},
                                                        "--paths", [&] { return m::disjoint_paths(g, how, po); });
    nlohmann::json hist = nlohmann::json::array();
    for (const auto& [sigma, pairs] : counts.histogram) hist.push_back({sigma, pairs});
    nlohmann::json edge = nlohmann::json::array(), vertex = nlohmann::json::array();
    for (const auto& [k, pairs] : disjoint.edge) edge.push_back({k, pairs});
    for (const auto& [k, pairs] : disjoint.vertex) vertex.push_back({k, pairs});
    j["paths"] = {{"shortest_paths",
                   {{"method", "exact"},
                    {"algorithm", "path counting by BFS from every source"},
                    {"pairs", counts.pairs},
                    {"reachable", counts.reachable},
                    {"min", counts.min},
                    {"max", counts.max},
                    {"mean", counts.mean},
                    {"histogram", hist}}},
                  {"disjoint_paths",
                   {{"method", disjoint.method},
                    {"algorithm", "unit-capacity maximum flows (Menger)"},
                    {"pairs", disjoint.pairs},
                    {"edge_min", disjoint.edge_min},
                    {"edge_mean", disjoint.edge_mean},
                    {"vertex_min", disjoint.vertex_min},
                    {"vertex_mean", disjoint.vertex_mean},
                    {"edge_histogram", edge},
                    {"vertex_histogram", vertex}}}};
  }
  if (!o.throughput.empty()) {
    m::throughput_request r = throughput_request();
    if (show)
      r.progress = [](const m::throughput_mwu_progress& p) {
        shiftfly::report::show_count("metrics: throughput interval", p.round, "rounds");
      };
    const auto t = shiftfly::tools::naming_flags(
        {{"epsilon", "--epsilon"}, {"seed", "--traffic-seed"}, {"max_seconds", "--max-seconds"}}, "--throughput",
        [&] {
          if (r.pattern == m::traffic_pattern::file) {  // io reads the file; the metric takes the matrix
            const std::string path = o.throughput.substr(5);  // after "file:" (checked by the flag)
            r.matrix = m::traffic_from_lines(g.num_vertices(), shiftfly::io::read_traffic_file(path, g.num_vertices()),
                                             "file " + shiftfly::io::display_name(path));
          }
          return m::measure_throughput(g, r);
        });
    shiftfly::report::end_progress();
    j["throughput"] = {{"method", t.method},
                       {"algorithm", t.algorithm},
                       {"traffic", t.traffic},
                       {"pairs", t.pairs},
                       {"total_demand", t.total_demand},  // null past the largest double: see the log
                       {"total_demand_log10", t.total_demand_log10},
                       {"lower", t.lower},
                       {"lower_method", t.lower_method},
                       {"upper", t.upper},
                       {"upper_method", t.upper_method},
                       {"distance_bound", t.distance_bound.value},
                       {"distance_bound_certified", t.distance_bound.certified}};
    if (t.method != "exact") {
      j["throughput"]["epsilon"] = t.epsilon;
      j["throughput"]["rounds"] = t.rounds;
      j["throughput"]["round_limit"] = t.round_limit;
      j["throughput"]["converged"] = t.converged;
      j["throughput"]["width"] = t.width;
      j["throughput"]["estimated_seconds"] = t.estimated_seconds;
      // the rule (docs/cli.md): an interval cut short is still certified, so the exit status
      // stays 0; a warning line on stderr says so, in either format
      if (!t.converged)
        std::cerr << fmt::format("shiftfly: warning: the throughput interval did not converge: width {:.3g} after {} "
                                 "rounds (the limit{}), wider than --epsilon {}\n",
                                 t.width, t.rounds,
                                 t.round_limit < m::throughput_mwu_options{}.max_rounds
                                     ? fmt::format(" that fits --max-seconds {}: raise it for a narrower interval",
                                                   o.max_seconds)
                                     : std::string(),
                                 t.epsilon);
    }
  }
  if (o.format == "json") {
    shiftfly::tools::print_json(j);
    return 0;
  }
  // The answer first, in a sentence; then the details.
  if (!o.no_distances)
    std::cout << fmt::format("{} has diameter {}{} and mean distance {} ({}{}).\n", g.name(), d.diameter,
                             d.exact ? "" : " or more", d.mean,
                             d.exact ? "exact, all pairs" : fmt::format("sampled, {} sources", d.sources),
                             d.directed ? ", along the arcs" : "");
  std::cout << fmt::format("graph {} ({}): vertices={} links={} max_degree={} mean_degree={}\n", g.name(), o.family->family,
                           g.num_vertices(), g.num_edges(), g.max_degree(), g.mean_degree());
  if (from_file) std::cout << "file " << shiftfly::tools::file_text(file) << '\n';
  if (!o.no_distances)
    std::cout << fmt::format("distance ({}{}): diameter={} ({}) mean={} {}disconnected={}\n",
                           d.exact ? "exact, all pairs" : fmt::format("sampled, {} sources", d.sources),
                           d.directed ? ", along the arcs" : "", d.diameter, d.diameter_kind(), d.mean,
                           o.verify ? "verified=true " : "", d.disconnected ? "yes" : "no");
  if (want_gap) {
    const auto& s = j["spectral_gap"];
    std::cout << fmt::format("spectral gap ({}, {}): {}\n", s["method"].get<std::string>(),
                             s["algorithm"].get<std::string>(), s["value"].get<double>());
  }
  if (o.connectivity)
    std::cout << fmt::format("connectivity ({}): vertex={} edge={}\n", o.directed ? "arcs" : "undirected",
                             j["connectivity"]["vertex"].get<std::size_t>(), j["connectivity"]["edge"].get<std::size_t>());
  if (o.bisection) {
    const auto& b = j["bisection"];
    std::cout << fmt::format("bisection width ({}): [{}, {}] (lower: {}; upper: {})\n", b["method"].get<std::string>(),
                             b["lower"].get<std::uint64_t>(), b["upper"].get<std::uint64_t>(),
                             b["lower_method"].get<std::string>(), b["upper_method"].get<std::string>());
  }
  if (o.paths) {
    const auto& sp = j["paths"]["shortest_paths"];
    const auto& dp = j["paths"]["disjoint_paths"];
    std::cout << fmt::format("shortest paths a pair (exact): min={} mean={} max={}\n", sp["min"].get<std::uint64_t>(),
                             sp["mean"].get<double>(), sp["max"].get<std::uint64_t>());
    std::cout << fmt::format("disjoint paths a pair ({}): edge min={} mean={}, vertex min={} mean={}\n",
                             dp["method"].get<std::string>(), dp["edge_min"].get<std::uint64_t>(),
                             dp["edge_mean"].get<double>(), dp["vertex_min"].get<std::uint64_t>(),
                             dp["vertex_mean"].get<double>());
  }
  if (!o.throughput.empty()) {
    const auto& t = j["throughput"];
    std::string how_far;
    if (t.contains("converged"))
      how_far = fmt::format(", {}: width {:.3g} after {} rounds",
                            t["converged"].get<bool>() ? "converged" : "NOT converged", t["width"].get<double>(),
                            t["rounds"].get<std::uint64_t>());
    std::cout << fmt::format("throughput, {} traffic ({}{}): [{}, {}] (lower: {}; upper: {})\n",
                             t["traffic"].get<std::string>(), t["method"].get<std::string>(), how_far,
                             t["lower"].get<double>(), t["upper"].get<double>(), t["lower_method"].get<std::string>(),
                             t["upper_method"].get<std::string>());
  }
  return 0;
}

const shiftfly::tools::register_subcommand reg{"metrics", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("metrics",
                                 "Distance statistics, spectral gap, connectivity, bisection, path diversity and throughput "
                                 "of a graph family");
  sub->add_option("--samples", o->samples,
                  "BFS from K sources drawn as the reference does (randrange(n)); none: exact, all pairs")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32))
      ->default_str("none");
  sub->add_option("--sample-seed", o->sample_seed, "Seed of the sampled sources (with --samples)")
      ->type_name("UINT in [0 - 18446744073709551615]");
  sub->add_flag("--directed", o->directed,
                "Distances along the arcs (digraph families; for file, read its lines or links as arcs)");
  sub->add_flag("--gap", o->gap, "Spectral gap 1 - lambda2 of D^-1 A (Lanczos, tolerance 1e-9)");
  sub->add_option("--gap-iterations", o->gap_iterations,
                  "Spectral gap by the reference's power-iteration estimate with N iterations (an estimate) instead of Lanczos")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}))
      ->default_str("none");
  sub->add_flag("--connectivity", o->connectivity,
                "Vertex and edge connectivity (unit-capacity max-flows; refused when estimated above --max-seconds; "
                "measured within a minute of CPU: Kautz K(4,8), 81,920 vertices, 30 s, K(2,16), 98,304, 17 s; "
                "Boardfly chips at 3,000 groups, 96,000, 37 s; docs/performance.md)");
  sub->add_option("--max-seconds", o->max_seconds,
                  "Refuse --connectivity, or a --throughput interval, when its estimated time on one core exceeds S "
                  "seconds (the interval also stops at the rounds that fit in S)")
      ->check(CLI::Range(1.0, 604800.0));
  sub->add_flag("--bisection", o->bisection,
                "Bisection width as an interval: spectral lower bound, METIS and greedy upper bounds, exact branch "
                "and bound up to 48 vertices");
  sub->add_flag("--paths", o->paths,
                "Path diversity: shortest paths a pair (exact, every pair) and edge- and vertex-disjoint paths a pair "
                "(over --path-samples pairs)");
  sub->add_option("--path-samples", o->path_samples,
                  "Pairs for the disjoint paths of --paths, drawn with --sample-seed; 0 = every pair")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 32));
  sub->add_option("--throughput", o->throughput,
                  "Throughput under uniform, permutation (seeded), worst (worst permutation) or file:PATH traffic: "
                  "exact LP when it fits, else a (1+E) interval, refused when estimated above --max-seconds "
                  "(--progress shows its rounds); file demands 2.2250738585072014e-308 to 1.7976931348623157e308, "
                  "at most 1e12 apart")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            if (v == "uniform" || v == "permutation" || v == "worst") return "";
            if (v.rfind("file:", 0) == 0 && v.size() > 5) return "";
            return "accepted: uniform, permutation, worst or file:PATH";
          },
          ""))
      ->type_name("TEXT:{uniform,permutation,worst,file:PATH}")
      ->default_str("none");
  sub->add_option("--epsilon", o->epsilon,
                  "Relative width of the throughput interval when the exact LP does not fit (0.001 <= E < 1); an "
                  "interval that stops at its round limit wider than that says it did not converge")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            double x = 0;
            if (shiftfly::core::read_real(v, x) != shiftfly::core::real_error::none || !(x >= 0.001 && x < 1))
              return shiftfly::tools::detail::quoted_value(v) + " is out of range (accepted: 0.001 to below 1; the interval cannot reach a smaller "
                     "relative width within its round limit)";
            return "";
          },
          ""))
      ->type_name("FLOAT in [0.001 - 1)");
  sub->add_option("--traffic-seed", o->traffic_seed, "Seed of the permutation traffic (Python random.Random)")
      ->type_name("UINT in [0 - 18446744073709551615]");
  sub->add_option("--threads", o->threads, "Worker threads, 0 = all cores")->check(CLI::Range(0, 1024));
  sub->add_flag("--verify", o->verify, "Check the sweeps against plain BFS from every source");
  sub->add_flag("--mpi", o->mpi,
                "Share the distance sweeps across the ranks of mpirun -n K (rank 0 prints; same output); "
                "--verify, --gap, --connectivity run on rank 0");
  sub->add_flag("--no-distances", o->no_distances,
                "Skip the distance sweep and compute only the metrics asked for (--gap, --connectivity, --bisection, "
                "--paths, --throughput); JSON then has \"distance\": null");
  sub->add_flag("--progress", o->progress, "Progress lines on stderr even when it is not a terminal");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  shiftfly::tools::add_family_subcommands(sub, o->family);
  return [o] { return run_metrics(*o); };
}};

}  // namespace shiftfly_metrics_subcommand
