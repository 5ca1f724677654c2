// The library's kernels beside their references, for the ratio line that CI prints
// (bench/ratios.py drives this program and runs the Python references; docs/performance.md,
// "Ratios that CI prints"). Each subcommand builds or reads its graph, times what it says on
// one thread unless told otherwise, checks what can be checked here and prints one JSON object a
// line; a disagreement is one line on stderr and exit status 1, bad arguments exit 2.
//
//   bench_ratios edgelist GRAPH FILE         the graph's vertex count, then its edges "u v" (u < v)
//   bench_ratios all-pairs GRAPH REPS        all_pairs_stats on 1 and 2 threads beside the plain
//                                            64-source bit-parallel BFS (plain_kernels.hpp), REPS
//                                            rounds in turn; the distance sums must be equal
//   bench_ratios load GRAPH REPS [OUT]       uniform_shortest_path_load (spread, 1 thread) beside the
//                                            plain per-destination Brandes (plain_kernels.hpp); every
//                                            channel within 1e-9 relative; OUT gets each edge's
//                                            betweenness (the two channels summed and halved, igraph's
//                                            edge_betweenness(directed=False)) in edgelist's order;
//                                            also the same loads as the load command computes them
//                                            (uniform_shortest_path_load_fewest_passes: bliss's group,
//                                            one pass a vertex orbit and the channel orbits when it
//                                            halves the passes), timed whole
//   bench_ratios lambda2 FILE                reads the edge list FILE (timed) and runs spectral_gap on
//                                            1 thread: lambda2 and lambda_min
//   bench_ratios interval GRAPH EPSILON      throughput_mwu on uniform traffic, 1 thread: the
//                                            certified interval on theta
//
// GRAPH: boardfly:GROUPS, shiftfly:GROUPS (group level) or jellyfish:ROUTERS:RADIX (seed 1).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "plain_kernels.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/edge_list_file.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/metrics/paths/shortest_path_load.hpp"
#include "shiftfly/metrics/paths/symmetric_load.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace {

using graph = shiftfly::core::graph<std::uint32_t>;
namespace m = shiftfly::metrics;
constexpr const char* program = "bench_ratios";

struct usage_error : std::exception {
  std::string text;
  explicit usage_error(std::string t) : text(std::move(t)) {}
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0;;) {
    const std::size_t next = s.find(sep, at);
    out.push_back(s.substr(at, next == std::string_view::npos ? next : next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

std::uint64_t number(std::string_view text, std::string_view what) {
  return shiftfly::core::parse_unsigned(text, what, program);
}

std::uint64_t repetitions(std::string_view text) {
  const std::uint64_t r = number(text, "REPS");
  shiftfly::core::require_range(program, "REPS", r, 1, 1000);
  return r;
}

graph make_graph(std::string_view spec) {
  namespace t = shiftfly::topology;
  const auto w = split(spec, ':');
  if (w.size() == 2 && w[0] == "boardfly") return t::boardfly_group_level(number(w[1], "groups"));
  if (w.size() == 2 && w[0] == "shiftfly") return t::shiftfly_group_level(number(w[1], "groups"));
  if (w.size() == 3 && w[0] == "jellyfish") return t::jellyfish(number(w[1], "routers"), number(w[2], "radix"), 1);
  throw usage_error("GRAPH is boardfly:GROUPS, shiftfly:GROUPS or jellyfish:ROUTERS:RADIX, not '" + std::string(spec) +
                    "'");
}

[[noreturn]] void disagree(const std::string& what) {
  std::fprintf(stderr, "%s: DISAGREE: %s\n", program, what.c_str());
  std::exit(1);
}

int edgelist(std::string_view spec, const std::string& path) {
  const graph g = make_graph(spec);
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (!out) throw usage_error("cannot write " + path);
  std::fprintf(out, "%zu\n", g.num_vertices());
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u))
      if (u < v) std::fprintf(out, "%u %u\n", u, v);
  std::fclose(out);
  std::printf("{\"graph\": \"%s\", \"n\": %zu, \"m\": %zu}\n", std::string(spec).c_str(), g.num_vertices(),
              g.num_edges());
  return 0;
}

int all_pairs(std::string_view spec, std::uint64_t reps) {
  const graph g = make_graph(spec);
  for (std::uint64_t r = 0; r < reps; ++r) {
    double t[2];
    std::uint64_t sums[2];
    for (unsigned threads : {1u, 2u}) {
      m::sweep_options o;
      o.threads = threads;
      const auto t0 = std::chrono::steady_clock::now();
      const auto s = m::all_pairs_stats(g, o);
      t[threads - 1] = seconds_since(t0);
      sums[threads - 1] = s.total_distance;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t plain = shiftfly_bench::plain_all_pairs_64(g);
    const double tp = seconds_since(t0);
    for (auto s : sums)
      if (s != plain)
        disagree("all pairs on " + std::string(spec) + ": the library's distance sum " + std::to_string(s) +
                 ", the plain BFS's " + std::to_string(plain));
    std::printf(
        "{\"graph\": \"%s\", \"n\": %zu, \"rep\": %llu, \"shiftfly_1_thread_s\": %.6f, \"shiftfly_2_threads_s\": %.6f, "
        "\"plain_bfs_s\": %.6f, \"distance_sum\": %llu}\n",
        std::string(spec).c_str(), g.num_vertices(), static_cast<unsigned long long>(r), t[0], t[1], tp,
        static_cast<unsigned long long>(plain));
    std::fflush(stdout);
  }
  return 0;
}

int load(std::string_view spec, std::uint64_t reps, const std::string& out_path) {
  const graph g = make_graph(spec);
  const auto off = g.offsets();
  const auto tgt = g.targets();
  std::vector<double> ours;
  for (std::uint64_t r = 0; r < reps; ++r) {
    m::uniform_load_options o;
    o.split = m::shortest_path_split::spread;
    o.threads = 1;
    auto t0 = std::chrono::steady_clock::now();
    ours = m::uniform_shortest_path_load(g, o);
    const double ts = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    const auto plain = shiftfly_bench::plain_brandes_load(g);
    const double tp = seconds_since(t0);
    double worst = 0;  // the largest relative difference over the channels
    for (std::size_t c = 0; c < ours.size(); ++c) {
      const double d = std::abs(ours[c] - plain[c]) / std::max(1.0, std::abs(plain[c]));
      if (!(d <= 1e-9))
        disagree("channel load on " + std::string(spec) + ", channel " + std::to_string(c) + ": the library's " +
                 std::to_string(ours[c]) + ", plain Brandes' " + std::to_string(plain[c]));
      worst = std::max(worst, d);
    }
    // The same loads as the load command computes them (metrics/paths/symmetric_load.hpp): bliss's
    // search, then one destination's pass a vertex orbit and the channel orbits when the group
    // halves the passes, every destination's pass otherwise; all of it timed.
    t0 = std::chrono::steady_clock::now();
    const auto sym = m::uniform_shortest_path_load_fewest_passes(g, o);
    const double tsym = seconds_since(t0);
    for (std::size_t c = 0; c < ours.size(); ++c) {
      const double d = std::abs(sym.load[c] - plain[c]) / std::max(1.0, std::abs(plain[c]));
      if (!(d <= 1e-9))
        disagree("fewest-passes channel load on " + std::string(spec) + ", channel " + std::to_string(c) +
                 ": the library's " + std::to_string(sym.load[c]) + ", plain Brandes' " + std::to_string(plain[c]));
      worst = std::max(worst, d);
    }
    std::printf(
        "{\"graph\": \"%s\", \"n\": %zu, \"rep\": %llu, \"shiftfly_s\": %.6f, \"plain_brandes_s\": %.6f, "
        "\"fewest_passes_s\": %.6f, \"vertex_orbits\": %llu, \"max_channel_load\": %.17g, \"max_relative_difference\": %.3g}\n",
        std::string(spec).c_str(), g.num_vertices(), static_cast<unsigned long long>(r), ts, tp, tsym,
        static_cast<unsigned long long>(sym.vertex_orbits),
        *std::max_element(ours.begin(), ours.end()), worst);
    std::fflush(stdout);
  }
  if (!out_path.empty()) {
    std::FILE* out = std::fopen(out_path.c_str(), "w");
    if (!out) throw usage_error("cannot write " + out_path);
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (auto i = off[u]; i < off[u + 1]; ++i) {
        const auto v = tgt[i];
        if (v < u) continue;
        const auto nb = g.neighbors(v);
        const auto back = off[v] + static_cast<std::uint64_t>(std::lower_bound(nb.begin(), nb.end(), u) - nb.begin());
        std::fprintf(out, "%.17g\n", (ours[i] + ours[back]) / 2);
      }
    std::fclose(out);
  }
  return 0;
}

int lambda2(const std::string& path) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string text = shiftfly::io::read_file_text(program, path);
  const auto file = shiftfly::io::read_edge_list_file<std::uint32_t>(text, path);
  const double read = seconds_since(t0);
  const auto r = m::spectral_gap(file.graph, {1});
  const double total = seconds_since(t0);
  std::printf(
      "{\"n\": %zu, \"shiftfly_s\": %.6f, \"read_s\": %.6f, \"lambda2\": %.17g, \"lambda_min\": %.17g, "
      "\"products\": %zu}\n",
      file.graph.num_vertices(), total, read, r.lambda2, r.lambda_min, r.products);
  return 0;
}

int interval(std::string_view spec, double epsilon) {
  const graph g = make_graph(spec);
  const auto t0 = std::chrono::steady_clock::now();
  const auto T = m::uniform_traffic(g.num_vertices());
  m::throughput_mwu_options o;
  o.epsilon = epsilon;
  o.threads = 1;
  const auto r = m::throughput_mwu(g, T, o);
  const double t = seconds_since(t0);
  std::printf(
      "{\"graph\": \"%s\", \"n\": %zu, \"m\": %zu, \"shiftfly_s\": %.6f, \"lower\": %.17g, \"upper\": %.17g, "
      "\"rounds\": %llu, \"converged\": %s}\n",
      std::string(spec).c_str(), g.num_vertices(), g.num_edges(), t, r.lower, r.upper,
      static_cast<unsigned long long>(r.rounds), r.converged ? "true" : "false");
  return 0;
}

int run(int argc, char** argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  const auto want = [&](std::size_t lo, std::size_t hi) {
    if (a.size() < lo || a.size() > hi) throw usage_error("wrong number of arguments for '" + a[0] + "'");
  };
  if (a.empty()) throw usage_error("no subcommand");
  if (a[0] == "edgelist") return want(3, 3), edgelist(a[1], a[2]);
  if (a[0] == "all-pairs") return want(3, 3), all_pairs(a[1], repetitions(a[2]));
  if (a[0] == "load") return want(3, 4), load(a[1], repetitions(a[2]), a.size() == 4 ? a[3] : "");
  if (a[0] == "lambda2") return want(2, 2), lambda2(a[1]);
  if (a[0] == "interval") return want(3, 3), interval(a[1], shiftfly::core::parse_real(a[2], "EPSILON", program));
  throw usage_error("unknown subcommand '" + a[0] + "'");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const usage_error& e) {
    std::fprintf(stderr,
                 "%s: %s\nusage: %s edgelist GRAPH FILE | all-pairs GRAPH REPS | load GRAPH REPS [OUT] | lambda2 FILE "
                 "| interval GRAPH EPSILON\n",
                 program, e.text.c_str(), program);
    return 2;
  } catch (const std::exception& e) {
    // the library's messages name where they come from; the argument checks here name this program
    const std::string_view what = e.what();
    if (what.starts_with(program)) std::fprintf(stderr, "%s\n", e.what());
    else std::fprintf(stderr, "%s: %s\n", program, e.what());
    return 2;
  }
}
