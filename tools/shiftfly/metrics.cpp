// shiftfly metrics FAMILY ... [--samples K] [--sample-seed S] [--directed] [--gap [--gap-iterations N]]
//                  [--connectivity [--max-seconds S]] [--bisection] [--paths [--path-samples K]]
//                  [--throughput uniform|permutation|worst|file:PATH [--epsilon E] [--traffic-seed S] [--max-seconds S]
//                   [--column-generation] [--no-symmetry] [--no-balanced-routing] [--no-contracted-bound]]
//                  [--threads N] [--verify] [--mpi] [--no-distances] [--progress] [--format json|text]
// Distance statistics of a graph family: exact all pairs (bit-parallel
// sweeps) unless --samples gives the reference's sampled sources, or none with
// --no-distances (then only the metrics asked for are computed); optionally the
// spectral gap (Lanczos, or the reference's power-iteration estimate), the vertex
// connectivity, the bisection width as an interval, path diversity and the throughput
// under a traffic pattern. One library call does it all (studies::measure_graph,
// include/shiftfly/studies/graph_measurement.hpp); its result is printed through its
// description (core/record.hpp): JSON by report/record_json.hpp, text by its lines.
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
#include <optional>
#include <stdexcept>
#include <string>

#include <fmt/core.h>

#include "common/cli_main.hpp"
#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/core/record.hpp"
#include "shiftfly/metrics/flow/traffic_spec.hpp"
#include "shiftfly/report/progress.hpp"
#include "shiftfly/studies/graph_measurement.hpp"
#include "shiftfly/topology/family.hpp"

#ifdef SHIFTFLY_HAVE_MPI
#include <exception>

#include "shiftfly/mpi/distances.hpp"
#include "shiftfly/mpi/session.hpp"
#endif

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_metrics_subcommand {

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
  bool column_generation = false;
  bool no_symmetry = false;
  bool no_balanced = false;
  bool no_contracted = false;
  std::uint64_t traffic_seed = 1;
  bool progress = false;
  int threads = 0;
  bool verify = false;
  bool no_distances = false;
  bool mpi = false;
  std::string format = "text";
  std::shared_ptr<std::optional<std::uint64_t>> endpoints = std::make_shared<std::optional<std::uint64_t>>();
};

#ifdef SHIFTFLY_HAVE_MPI
bool has_mpi_flag(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--mpi") return true;
  return false;
}

// A malformed command line is found before run_metrics; with --mpi, every rank finds
// the same error, rank 0 alone prints it, and all ranks exit with its status.
int report_parse_error(int argc, char** argv, const std::string& line, int status) {
  if (!has_mpi_flag(argc, argv)) {
    std::cerr << line + "\n";
    return status;
  }
  const shiftfly::mpi::session session;
  return session.finish(status, line);
}
#endif

// Flag combinations that leave --no-distances nothing to do, or something to ignore.
void require_combination(const options& o) {
  if (!o.no_distances) return;
  if (o.samples > 0 || o.verify || o.mpi)
    throw std::invalid_argument(std::string("metrics: --no-distances skips the distance sweep, so ") +
                                (o.samples > 0 ? "--samples" : o.verify ? "--verify" : "--mpi") +
                                " has nothing to act on; drop one of them");
  if (!o.gap && o.gap_iterations == 0 && !o.connectivity && !o.bisection && !o.paths && o.throughput.empty())
    throw std::invalid_argument(
        "metrics: --no-distances needs one of --gap, --gap-iterations, --connectivity, --bisection, --paths, "
        "--throughput (there is nothing else to compute)");
}

// The flags as the library's request (studies/graph_measurement.hpp); progress lines on stderr.
shiftfly::studies::graph_measure_request request_of(const options& o, bool root) {
  shiftfly::studies::graph_measure_request q;
  q.family = o.family->family;
  q.distances = !o.no_distances;
  q.samples = o.samples;
  q.sample_seed = o.sample_seed;
  q.directed = o.directed;
  q.verify = o.verify;
  q.gap = o.gap;
  q.gap_iterations = o.gap_iterations;
  q.connectivity = o.connectivity;
  q.max_seconds = o.max_seconds;
  q.bisection = o.bisection;
  q.paths = o.paths;
  q.path_samples = o.path_samples;
  // the text parsed once, here at the edge (its flag checked it)
  if (!o.throughput.empty()) q.throughput = shiftfly::metrics::parse_traffic(o.throughput);
  q.epsilon = o.epsilon;
  q.column_generation = o.column_generation;
  q.symmetry = !o.no_symmetry;
  q.balanced = !o.no_balanced;
  q.contracted_bound = !o.no_contracted;
  q.traffic_seed = o.traffic_seed;
  q.threads = static_cast<unsigned>(o.threads);
  if (o.progress) shiftfly::report::force_progress();
  if (root && shiftfly::report::progress_enabled()) {
    q.progress.batches = [](const char* what, std::size_t done, std::size_t total) {
      shiftfly::report::show_progress(std::string("metrics: ") + what, done, total);
    };
    q.progress.count = [](const char* what, std::size_t k, const char* unit) {
      shiftfly::report::show_count(std::string("metrics: ") + what, k, unit);
    };
    q.progress.end = [] { shiftfly::report::end_progress(); };
  }
  return q;
}

// A file:PATH traffic is read here, through io: the library's metrics take matrices, never paths.
void read_traffic(const shiftfly::core::graph<std::uint32_t>& g, shiftfly::studies::graph_measure_request& q) {
  if (q.throughput) shiftfly::metrics::read_traffic_matrix(*q.throughput, g.num_vertices());
}

// An interval cut short is still certified, so the exit status stays 0; a warning line on
// stderr says so, in either format (docs/cli.md).
void warn_if_unconverged(const shiftfly::studies::graph_measurement& m, const options& o) {
  if (!m.throughput || m.throughput->method != "interval" || m.throughput->converged) return;
  const auto& t = *m.throughput;
  if (t.algorithm.find("column generation") != std::string::npos) {
    std::cerr << fmt::format("shiftfly: warning: the column generation stopped before its bounds met: width {:.3g} after "
                             "{} iterations (--max-seconds {} or its iteration limit); the interval is certified\n",
                             t.width, t.rounds, o.max_seconds);
    return;
  }
  std::cerr << fmt::format("shiftfly: warning: the throughput interval did not converge: width {:.3g} after {} "
                           "rounds (the limit{}), wider than --epsilon {}\n",
                           t.width, t.rounds,
                           t.round_limit < m.unlimited_round_limit
                               ? fmt::format(" that fits --max-seconds {}: raise it for a narrower interval", o.max_seconds)
                               : std::string(),
                           t.epsilon);
}

// --mpi: every rank builds the same graph and shares the distance sweep; rank 0 alone
// measures the rest and prints. A failure on any rank before the sweep is raised on all.
int run_metrics_mpi(const options& o, const CLI::App& app, const shiftfly::tools::run_context& c) {
#ifdef SHIFTFLY_HAVE_MPI
  const shiftfly::mpi::session session;
  const bool root = session.rank() == 0;
  int status = 0;
  std::string line;
  try {
    shiftfly::tools::file_report file;
    shiftfly::core::graph<std::uint32_t> g;
    std::exception_ptr failure;
    try {
      g = shiftfly::tools::make_graph(*o.family, "metrics", o.directed, &file);
    } catch (...) {
      failure = std::current_exception();
    }
    shiftfly::mpi::rethrow_first_failure(MPI_COMM_WORLD, failure);
    auto q = request_of(o, root);
    if (o.family->family == "file") q.source = shiftfly::io::describe(file);  // the reader's report (io/read_report.hpp)
    q.endpoints = shiftfly::tools::naming_flags(c, "", [&] { return shiftfly::tools::endpoints_of(*o.family, g, file, *o.endpoints); });
    q.sweep_only = !root;
    q.sweep = [&](shiftfly::metrics::traversal how, const shiftfly::metrics::sweep_options& so) {
      return o.samples == 0 ? shiftfly::mpi::all_pairs_stats(MPI_COMM_WORLD, g, how, so)
                            : shiftfly::mpi::sampled_stats(MPI_COMM_WORLD, g, o.samples, o.sample_seed, how, so);
    };
    const auto m = shiftfly::tools::with_flags(app, [&] {
      read_traffic(g, q);
      return shiftfly::studies::measure_graph(g, q);
    });
    if (root) {
      warn_if_unconverged(m, o);
      shiftfly::tools::print_record(c, shiftfly::studies::describe(m), o.format);
    }
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
  (void)app;
  (void)o;
  (void)c;
  throw std::invalid_argument("metrics: --mpi: this shiftfly was built without MPI (configure with -DSHIFTFLY_WITH_MPI=ON "
                              "and an MPI installation, e.g. Debian libopenmpi-dev)");
#endif
}

// Parses nothing more: builds the graph, measures it by one library call, prints.
int run_metrics(const options& o, const CLI::App& app, const shiftfly::tools::run_context& c) {
  require_combination(o);
  if (o.mpi) return run_metrics_mpi(o, app, c);
  shiftfly::tools::file_report file;
  auto q = request_of(o, true);
  const auto g = shiftfly::tools::make_graph(*o.family, "metrics", o.directed, &file);
  if (o.family->family == "file") q.source = shiftfly::io::describe(file);  // the reader's report (io/read_report.hpp)
  q.endpoints = shiftfly::tools::naming_flags(c, "", [&] { return shiftfly::tools::endpoints_of(*o.family, g, file, *o.endpoints); });
  const auto m = shiftfly::tools::with_flags(app, [&] {
    read_traffic(g, q);
    return shiftfly::studies::measure_graph(g, q);
  });
  warn_if_unconverged(m, o);
  shiftfly::tools::print_record(c, shiftfly::studies::describe(m), o.format);
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
                  "seconds (the interval also stops at the rounds that fit in S; --column-generation stops after S "
                  "seconds with its certified interval)")
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
                  "Throughput under uniform, permutation (seeded), worst or file:PATH traffic: "
                  "exact LP when it fits (or, with --column-generation, up to 5e7 sources x arcs), else a (1+E) "
                  "interval, refused when estimated above --max-seconds "
                  "(worst: the permutation of the routers that maximises the sum of min(endpoints) x distance, "
                  "certified, and its TUB bound; when its throughput does not fit --max-seconds, the bound alone) "
                  "(--progress shows its rounds); file demands 2.2250738585072014e-308 to 1.7976931348623157e308, "
                  "at most 1e12 apart")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            try {  // the one grammar (metrics/flow/traffic_spec.hpp), then the kinds the throughput takes
              if (shiftfly::metrics::throughput_takes(shiftfly::metrics::parse_traffic(v))) return "";
            } catch (const std::invalid_argument&) {
            }
            return "accepted: " + std::string(shiftfly::metrics::throughput_traffic_accepted);
          },
          ""))
      ->type_name("TEXT:{uniform,permutation,worst,file:PATH}")
      ->default_str("none");
  sub->add_flag("--column-generation", o->column_generation,
                "Above the exact LP's 40,000 flow variables, up to 5e7 sources x arcs: --throughput exact by column "
                "generation (the edge LP priced in from the shortest-path arcs when that first LP has at most 2e6 "
                "flow variables, else over source routings; on the automorphisms' orbits for uniform traffic; "
                "certified to 1e-7), or its certified interval when --max-seconds stops it, instead of the (1+E) "
                "interval");
  sub->add_flag("--no-symmetry", o->no_symmetry,
                "Uniform --throughput above the exact LP's limit: do not solve the LP reduced by the graph's "
                "automorphisms (bliss; one commodity a vertex orbit, exact), even when the group makes it small enough");
  sub->add_flag("--no-balanced-routing", o->no_balanced,
                "Uniform --throughput interval: skip the balanced shortest-path routing (splits by products of arc "
                "weights, updated on the congestion) that runs first and closes the interval on its own when it "
                "comes within (1+E) of the distance bound; go straight to the Garg-Koenemann rounds");
  sub->add_flag("--no-contracted-bound", o->no_contracted,
                "Uniform --throughput above the exact LP: leave out the quotient by the graph's structural clusters "
                "(every dense cluster, as Boardfly's pods or Dragonfly's groups, contracted to one vertex): its exact "
                "LP lifted through the clusters where they are cliques (exact where their links have room), else "
                "its own (1+E/2) interval's upper end, which runs before the balanced routing");
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
  shiftfly::tools::add_endpoints_flag(sub, o->endpoints);
  shiftfly::tools::add_family_subcommands(sub, o->family);
  return [o, sub](const shiftfly::tools::run_context& c) { return run_metrics(*o, *sub, c); };
},
#ifdef SHIFTFLY_HAVE_MPI
  report_parse_error
#else
  {}
#endif
};

}  // namespace shiftfly_metrics_subcommand
