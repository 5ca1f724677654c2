// shiftfly metrics FAMILY ... [--samples K] [--sample-seed S] [--directed] [--gap [--gap-iterations N]]
//                  [--connectivity] [--threads N] [--verify] [--format json|text]
// Distance statistics of a graph family (DESIGN.md §5): exact all pairs (bit-parallel
// sweeps) unless --samples gives the reference's sampled sources; optionally the
// spectral gap (Lanczos, or the reference's power-iteration estimate) and the vertex
// connectivity. All logic lives in include/shiftfly/metrics/.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "common/subcommand.hpp"
#include "shiftfly/family_options.hpp"
#include "shiftfly/metrics/all_pairs.hpp"
#include "shiftfly/metrics/connectivity.hpp"
#include "shiftfly/metrics/sampled_distances.hpp"
#include "shiftfly/metrics/spectral.hpp"
#include "shiftfly/topology/family.hpp"

namespace {

namespace m = shiftfly::metrics;

struct options {
  std::shared_ptr<shiftfly::topology::family_params> family = std::make_shared<shiftfly::topology::family_params>();
  std::uint64_t samples = 0;  // 0 = exact
  std::uint64_t sample_seed = 11;
  bool directed = false;
  bool gap = false;
  std::uint64_t gap_iterations = 0;  // 0 = Lanczos
  bool connectivity = false;
  int threads = 0;
  bool verify = false;
  std::string format = "text";
};

int run_metrics(const options& o) {
  const auto g = shiftfly::topology::make_family(*o.family);
  const auto how = o.directed ? m::traversal::arcs : m::traversal::undirected;
  if (o.directed && !g.has_arcs())
    throw std::invalid_argument("metrics: --directed needs a digraph family (kautz, de-bruijn, gen-de-bruijn, "
                                "imase-itoh, shiftfly --level group); " + o.family->family + " has no arcs");
  m::sweep_options so;
  so.threads = static_cast<unsigned>(o.threads);
  const bool tty = isatty(fileno(stderr)) != 0;
  if (tty)
    so.progress = [](std::size_t done, std::size_t total) {
      std::fprintf(stderr, "\rmetrics: %zu/%zu source batches", done, total);
      if (done == total) std::fprintf(stderr, "\r%60s\r", "");
      std::fflush(stderr);
    };
  m::distance_stats d;
  if (o.samples == 0) {
    d = m::all_pairs_stats(g, how, so);
  } else {
    d = m::sampled_stats(g, o.samples, o.sample_seed, how, so);
  }
  bool verified = false;
  if (o.verify) {
    m::distance_stats v;
    if (o.samples == 0) {
      v = m::all_pairs_stats_serial(g, how);
    } else {
      // Plain BFS from every sampled source.
      const auto src = m::reference_sources(g.num_vertices(), o.samples, o.sample_seed);
      std::vector<std::uint64_t> hist;
      for (auto s : src)
        for (auto x : m::bfs(g, s, how).distance)
          if (x >= 0) {
            if (hist.size() <= static_cast<std::size_t>(x)) hist.resize(static_cast<std::size_t>(x) + 1, 0);
            ++hist[static_cast<std::size_t>(x)];
          }
      v = m::detail::finish_stats(g.num_vertices(), o.directed, false, src.size(), std::move(hist));
    }
    if (v.histogram != d.histogram) throw std::runtime_error("metrics: --verify: serial BFS disagrees with the sweeps");
    verified = true;
  }
  nlohmann::json j;
  j["graph"] = {{"family", o.family->family},
                {"name", g.name()},
                {"n", g.num_vertices()},
                {"m", g.num_edges()},
                {"max_degree", g.max_degree()},
                {"mean_degree", g.mean_degree()}};
  if (g.has_arcs()) j["graph"]["arcs"] = g.num_arcs();
  j["distance"] = {{"diameter", d.diameter},
                   {"diameter_is", d.diameter_kind()},
                   {"mean", d.mean},
                   {"exact", d.exact},
                   {"sources", d.sources},
                   {"disconnected", d.disconnected},
                   {"directed", d.directed},
                   {"histogram", d.histogram}};
  if (o.verify) j["distance"]["verified"] = verified;
  const bool want_gap = o.gap || o.gap_iterations != 0;
  if (want_gap) {
    const auto s = o.gap_iterations ? m::reference_spectral_gap(g, o.gap_iterations)
                                  : m::spectral_gap(g, static_cast<unsigned>(o.threads));
    j["spectral_gap"] = {{"value", s.gap}, {"method", s.method}, {"lambda2", s.lambda2}};
    if (!o.gap_iterations) {
      j["spectral_gap"]["lambda_min"] = s.lambda_min;
      j["spectral_gap"]["two_sided"] = s.two_sided_gap;
    } else {
      j["spectral_gap"]["iterations"] = s.iterations;
    }
  }
  if (o.connectivity) {
    const auto c = m::connectivity(g, how);
    j["vertex_connectivity"] = c.vertex;
    j["edge_connectivity"] = c.edge;
  }
  if (o.format == "json") {
    std::cout << j.dump() << '\n';
    return 0;
  }
  std::cout << fmt::format("graph {} ({}): n={} m={} max_degree={} mean_degree={}\n", g.name(), o.family->family,
                           g.num_vertices(), g.num_edges(), g.max_degree(), g.mean_degree());
  std::cout << fmt::format("distance ({}{}): diameter={} ({}) mean={} {}disconnected={}\n",
                           d.exact ? "exact, all pairs" : fmt::format("sampled, {} sources", d.sources),
                           d.directed ? ", along the arcs" : "", d.diameter, d.diameter_kind(), d.mean,
                           o.verify ? "verified=true " : "", d.disconnected ? "yes" : "no");
  if (want_gap) {
    const auto& s = j["spectral_gap"];
    std::cout << fmt::format("spectral gap ({}): {}\n", s["method"].get<std::string>(), s["value"].get<double>());
  }
  if (o.connectivity)
    std::cout << fmt::format("connectivity ({}): vertex={} edge={}\n", o.directed ? "arcs" : "undirected",
                             j["vertex_connectivity"].get<std::size_t>(), j["edge_connectivity"].get<std::size_t>());
  return 0;
}

const shiftfly::tools::register_subcommand reg{"metrics", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("metrics", "distance statistics, spectral gap and connectivity of a graph family");
  sub->add_option("--samples", o->samples,
                  "BFS from K sources drawn as the reference does (randrange(n), seed 11); default: exact all pairs")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32));
  sub->add_option("--sample-seed", o->sample_seed, "seed of the sampled sources (default 11)");
  sub->add_flag("--directed", o->directed, "distances along the arcs (digraph families)");
  sub->add_flag("--gap", o->gap, "spectral gap 1 - lambda2 of D^-1 A (Lanczos, tolerance 1e-9)");
  sub->add_option("--gap-iterations", o->gap_iterations,
                  "spectral gap by the reference's power-iteration estimate with N iterations (an estimate) instead of Lanczos")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}));
  sub->add_flag("--connectivity", o->connectivity, "vertex and edge connectivity (max-flow; a few thousand vertices)");
  sub->add_option("--threads", o->threads, "worker threads, 0 = all cores (default 0)")->check(CLI::Range(0, 1024));
  sub->add_flag("--verify", o->verify, "check the sweeps against plain BFS from every source");
  sub->add_option("--format", o->format, "text (default) or json")->check(CLI::IsMember({"text", "json"}));
  shiftfly::tools::add_family_subcommands(sub, o->family);
  return [o] { return run_metrics(*o); };
}};

}  // namespace
