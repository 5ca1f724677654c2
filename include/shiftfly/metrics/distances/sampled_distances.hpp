#pragma once
/// \file sampled_distances.hpp
/// Distance statistics from sampled BFS sources, compatible with the reference
/// artefact's `distance_stats` (topology/metrics.py): the sources are
/// `[rng.randrange(n) for _ in range(samples)]` drawn from CPython's
/// `random.Random(seed)` (seed 11 by default), repetitions kept; the mean
/// divides the summed distances by the reached pairs minus one self pair per
/// source; unreachable pairs only raise the disconnected flag. A sampled
/// diameter is a lower bound on the diameter; the sampled mean is an estimate.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/distance_stats.hpp"

namespace shiftfly::metrics {

/// The reference's sample drawn as it is needed: next() returns the next draw of
/// randrange(n) from random.Random(seed), the same sequence as reference_sources, in
/// constant memory (the sampled sweeps draw their sources one batch at a time).
class reference_source_stream {
 public:
  reference_source_stream(std::size_t n, std::uint64_t seed = 11) : rng_(seed), n_(n) {
    core::require_range("metrics::reference_source_stream", "n", n, 1, std::uint64_t{0xffffffffU});
  }
  std::uint32_t next() { return static_cast<std::uint32_t>(rng_.randrange(n_)); }
  /// Fills `out` with the next out.size() draws.
  void fill(std::span<std::uint32_t> out) {
    for (auto& s : out) s = next();
  }

 private:
  core::python_random rng_;
  std::uint64_t n_;
};

/// The reference's sample: `samples` draws of randrange(n) from random.Random(seed),
/// as a list (4 bytes a source, refused up front when it does not fit: core/memory.hpp).
/// The sweeps do not need it: sampled_stats draws its sources as it goes.
inline std::vector<std::uint32_t> reference_sources(std::size_t n, std::size_t samples, std::uint64_t seed = 11) {
  core::require_range("metrics::reference_sources", "n", n, 1, std::uint64_t{0xffffffffU});
  core::require_range("metrics::reference_sources", "samples", samples, 1, std::uint64_t{1} << 32);
  core::require_memory("metrics::reference_sources",
                       "the list of " + core::to_message(samples) + " sampled sources (samples = " +
                           core::to_message(samples) + ", 4 bytes each)",
                       core::estimate_add_mul(0, samples, sizeof(std::uint32_t)));
  reference_source_stream stream(n, seed);
  std::vector<std::uint32_t> out(samples);
  stream.fill(out);
  return out;
}

namespace detail {

inline distance_stats stats_from_sources(const sweep_graph& sg, std::span<const std::uint32_t> sources, bool directed,
                                         const sweep_options& o) {
  for (auto s : sources)
    if (s >= sg.pull.n) core::throw_out_of_range("metrics::sampled_stats", "source", s, "0 to " + core::to_message(sg.pull.n - 1));
  auto counts = sweep(sg, sources, resolve_threads("metrics::sampled_stats", o.threads), o.batch_bits, o.progress);
  return finish_stats(sg.pull.n, directed, false, sources.size(), std::move(counts.histogram));
}

}  // namespace detail

/// Statistics over BFS from the given sources (undirected graph); labelled sampled.
template <core::graph_like G>
inline distance_stats stats_from_sources(const G& g, std::span<const std::uint32_t> sources,
                                         const sweep_options& options = {}) {
  detail::require_sweepable("metrics::stats_from_sources", g);
  detail::check_options("metrics::stats_from_sources", options);
  if (sources.empty()) core::fail("metrics::stats_from_sources", "no sources");
  return detail::stats_from_sources(detail::undirected_sweep_graph(g), sources, false, options);
}

/// Statistics over BFS along the arcs from the given sources; labelled sampled.
template <core::digraph_like G>
inline distance_stats stats_from_sources_arcs(const G& g, std::span<const std::uint32_t> sources,
                                              const sweep_options& options = {}) {
  detail::require_sweepable("metrics::stats_from_sources_arcs", g);
  detail::require_arcs("metrics::stats_from_sources_arcs", g);
  detail::check_options("metrics::stats_from_sources_arcs", options);
  if (sources.empty()) core::fail("metrics::stats_from_sources_arcs", "no sources");
  return detail::stats_from_sources(detail::arc_sweep_graph(g, true), sources, true, options);
}

/// Work units one sampled source costs past the per-source overhead: its BFS visits n
/// vertices and 2m arc ends; the overhead (drawing the source, the batch) counts 16.
/// Measured: 2·10^7 sources on a 3-vertex torus (25 units each) in 0.7 s, 1.4 ns a unit.
inline constexpr double seconds_per_sample_unit = 1.4e-9;

/// Sampled sources are drawn with replacement (randrange(n)), so past n of them a run
/// costs more than the exact statistics (every source once) and tells less. Such a
/// request is refused when it would take more than about 2 s (10^9 units), with the
/// estimate; up to n sources a run costs at most the exact sweep, which shows progress.
inline void require_useful_samples(std::string_view where, std::string_view param, std::uint64_t n, std::uint64_t edges,
                                   std::uint64_t samples) {
  const double units = static_cast<double>(samples) * (static_cast<double>(n) + 2.0 * static_cast<double>(edges) + 16.0);
  if (samples <= n || units <= 1e9) return;
  const double seconds = units * seconds_per_sample_unit;
  core::fail_parameter(where, param, core::to_message(samples),
                       "draws more sources than the graph's " + core::to_message(n) +
                           " vertices (with replacement) and would take about " +
                           core::to_message(static_cast<std::uint64_t>(seconds + 0.5)) +
                           " s; the exact statistics (without it) take every source once",
                       "at most " + core::to_message(n) + ", or a run under about 2 s");
}

/// Sampled statistics with the reference's sources (`samples` >= 1, seed 11 by default),
/// over the undirected graph or along the arcs.
template <core::digraph_like G>
inline distance_stats sampled_stats(const G& g, std::size_t samples, std::uint64_t seed = 11,
                                    traversal how = traversal::undirected, const sweep_options& options = {}) {
  core::require_range("metrics::sampled_stats", "samples", samples, 1, std::uint64_t{1} << 32);
  detail::require_sweepable("metrics::sampled_stats", g);
  if (how == traversal::arcs) detail::require_arcs("metrics::sampled_stats", g);
  detail::check_options("metrics::sampled_stats", options);
  const bool arcs = how == traversal::arcs;
  const auto sg = arcs ? detail::arc_sweep_graph(g, true) : detail::undirected_sweep_graph(g);
  // The sources are drawn one batch at a time, in order: memory does not grow with `samples`.
  reference_source_stream stream(g.num_vertices(), seed);
  auto counts = detail::sweep(sg, samples, [&](std::span<std::uint32_t> out) { stream.fill(out); },
                              detail::resolve_threads("metrics::sampled_stats", options.threads), options.batch_bits,
                              options.progress);
  return detail::finish_stats(sg.pull.n, arcs, false, samples, std::move(counts.histogram));
}

/// sampled_stats by plain BFS from each sampled source, drawn one at a time (no list of
/// sources, no bit-parallel sweep): an independent check of sampled_stats, whose
/// histogram it must equal.
template <core::digraph_like G>
inline distance_stats sampled_stats_serial(const G& g, std::size_t samples, std::uint64_t seed = 11,
                                           traversal how = traversal::undirected) {
  core::require_range("metrics::sampled_stats_serial", "samples", samples, 1, std::uint64_t{1} << 32);
  detail::require_sweepable("metrics::sampled_stats_serial", g);
  if (how == traversal::arcs) detail::require_arcs("metrics::sampled_stats_serial", g);
  reference_source_stream src(g.num_vertices(), seed);
  std::vector<std::uint64_t> hist;
  for (std::size_t i = 0; i < samples; ++i)
    for (auto x : bfs(g, static_cast<typename G::vertex_type>(src.next()), how).distance)
      if (x >= 0) {
        if (hist.size() <= static_cast<std::size_t>(x)) hist.resize(static_cast<std::size_t>(x) + 1, 0);
        ++hist[static_cast<std::size_t>(x)];
      }
  return detail::finish_stats(g.num_vertices(), how == traversal::arcs, false, samples, std::move(hist));
}

/// The reference's `distance_stats(g, max_exact, samples, seed)`: exact all pairs when
/// n <= max_exact, otherwise the sampled statistics above.
template <core::digraph_like G>
inline distance_stats reference_distance_stats(const G& g, std::size_t max_exact = 20000, std::size_t samples = 256,
                                               std::uint64_t seed = 11, const sweep_options& options = {}) {
  if (g.num_vertices() <= max_exact) return all_pairs_stats(g, options);
  return sampled_stats(g, samples, seed, traversal::undirected, options);
}

}  // namespace shiftfly::metrics
