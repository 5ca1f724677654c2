#pragma once
/// \file failure_throughput.hpp
/// Beyond the paper: throughput under random link failures. For Boardfly and Shiftfly at the
/// same number of groups (group level), and for each failure fraction f, `samples` damaged
/// graphs, each with exactly ⌊f·m + 1/2⌋ of its m links failed, chosen uniformly at random
/// (operations::fail_links: Python's random.Random(seed).sample(range(m), k) over the links in
/// adjacency order, seed = failure_throughput_seed + the sample's index, so sample i of every
/// fraction and topology draws from the same stream). Each damaged graph is measured:
/// - θ_R of uniform traffic (one unit per ordered router pair) under `ecmp` (an even split over
///   the shortest-path next hops: the batched kernel of metrics/paths/shortest_path_load.hpp)
///   and `minimal` (one shortest path, the lowest-id next hop), both exact channel loads of
///   routing/channel_load.hpp; table-free shift routing is not run: a failed link breaks its
///   arithmetic (routing::shift needs the intact family);
/// - the distance bound θ* <= 2m' / Σ_(s≠t) d(s, t) (metrics/flow/throughput_bound.hpp, m' the
///   links left, d the damaged graph's distances: exact, all pairs, metrics::all_pairs_stats);
/// so θ* of each damaged graph lies in [max(θ_ecmp, θ_minimal), the distance bound], an interval
/// certified by a feasible flow below and the capacity argument above.
/// A damaged graph that is disconnected carries no uniform traffic (some pair has no path):
/// all its figures are 0, and it is counted (`disconnected`); nothing is routed on it.
/// The distribution over samples: min, quartiles and median by nearest rank (the ⌈p·N⌉-th
/// smallest), mean (summed in sample order), max.
///
/// Work: per damaged graph, one all-pairs sweep and two uniform loads, O(n·m) each: at 2,304
/// groups (about 91,700 channels) 0.57 s of CPU, measured on the 2-core development machine
/// (460 s for the 802 graphs of 100 samples × 4 fractions × 2 designs, peak memory 18 MB;
/// docs/results/failure_throughput_2304.md). The
/// samples run in parallel, one per worker, each single-threaded; every figure of a sample is
/// independent of the thread count, and the summaries read the samples in order, so the
/// results are bit-identical for any `threads`. Refused up front: more than
/// failure_throughput_max_work nominal arc visits (n·4m per routing, per sample).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/studies/study_options.hpp"

namespace shiftfly::studies {

/// The first seed of the samples (sample i uses failure_throughput_seed + i).
inline constexpr std::uint64_t failure_throughput_seed = 1;
/// The largest work a study accepts: nominal arc visits summed over samples and routings
/// (about 10^13: an hour of CPU at the measured 3·10^9 visits a second).
inline constexpr double failure_throughput_max_work = 1e13;
/// The sizes of the exact profile's section (about 5 s of CPU); the full study (2,304
/// groups, 100 samples) is examples/failure_throughput.cpp, its output in
/// docs/results/failure_throughput_2304.md.
inline constexpr std::uint64_t failure_throughput_section_groups = 576;
inline constexpr std::uint64_t failure_throughput_section_samples = 20;

/// What to measure.
struct failure_throughput_params {
  std::uint64_t groups = 2304;
  std::vector<double> fractions{0.01, 0.02, 0.05, 0.10};  ///< each in [0, 1]
  std::uint64_t samples = 100;                           ///< per fraction, at least 1
  std::uint64_t seed = failure_throughput_seed;
  unsigned threads = 0;  ///< 0 = every core; the results do not depend on it
};

/// One damaged graph.
struct failure_sample {
  std::uint64_t links_after = 0;
  bool connected = true;
  double ecmp = 0.0, minimal = 0.0;  ///< θ_R per ordered pair (0 when disconnected)
  double distance_bound = 0.0;       ///< 2m' / Σ d, per ordered pair (0 when disconnected)
};

/// A distribution over samples.
struct sample_summary {
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0, mean = 0;
};

/// One (topology, fraction).
struct failure_throughput_row {
  std::string topology;  ///< "Boardfly" or "Shiftfly"
  std::uint64_t routers = 0, links = 0;
  double fraction = 0;
  std::uint64_t failed = 0;  ///< links failed in every sample
  std::uint64_t samples = 0, disconnected = 0;
  sample_summary ecmp, minimal, distance_bound;
  std::vector<failure_sample> raw;  ///< every sample, in order
};

/// The rows: for each topology (Boardfly, then Shiftfly), the undamaged graph (fraction 0, one
/// sample), then every fraction in order.
struct failure_throughput {
  failure_throughput_params params;
  std::vector<failure_throughput_row> rows;
};

/// The summary of xs (nonempty): nearest-rank quartiles, mean in order.
inline sample_summary summarize_samples(const std::vector<double>& xs) {
  if (xs.empty()) core::fail("summarize_samples", "no samples (accepted: at least one)");
  std::vector<double> s = xs;
  std::sort(s.begin(), s.end());
  const auto rank = [&](double p) {
    const auto k = static_cast<std::size_t>(std::ceil(p * static_cast<double>(s.size())));
    return s[std::max<std::size_t>(k, 1) - 1];
  };
  double sum = 0;
  for (const double x : xs) sum += x;
  return {s.front(), rank(0.25), rank(0.5), rank(0.75), s.back(), sum / static_cast<double>(xs.size())};
}

/// The figures of one graph (see the file comment), single-threaded unless `o` says otherwise.
inline failure_sample measure_failure_sample(const core::graph<std::uint32_t>& h, const study_options& o = {1}) {
  const unsigned threads = o.threads;
  failure_sample r;
  r.links_after = h.num_edges();
  metrics::sweep_options so;
  so.threads = threads;
  const auto st = metrics::all_pairs_stats(h, so);
  r.connected = !st.disconnected && h.num_vertices() >= 2;
  if (!r.connected) return r;
  r.distance_bound = 2.0 * static_cast<double>(h.num_edges()) / static_cast<double>(st.total_distance);
  routing::channel_load_request q;
  q.traffic.kind = metrics::traffic_kind::uniform;
  q.top = 0;
  q.threads = threads;
  q.max_seconds = 3600;
  q.routing.kind = routing::routing_kind::ecmp;
  r.ecmp = routing::measure_channel_load(h, q).saturation_per_pair;
  q.routing.kind = routing::routing_kind::minimal;
  r.minimal = routing::measure_channel_load(h, q).saturation_per_pair;
  return r;
}

/// The samples of one graph at one fraction, summarised (`samples` damaged graphs; see the file comment).
inline failure_throughput_row measure_failure_throughput(const core::graph<std::uint32_t>& g, const std::string& topology,
                                                         double fraction, std::uint64_t samples, std::uint64_t seed,
                                                         const study_options& o = {}) {
  const unsigned threads = o.threads;
  constexpr std::string_view where = "measure_failure_throughput";
  core::require_range(where, "fraction", fraction, 0.0, 1.0);
  core::require_range(where, "samples", samples, 1, std::uint64_t{1} << 20);
  core::require_range(where, "seed", seed, 0, std::uint64_t{1} << 62);
  core::require_range(where, "threads", threads, 0, 1024);
  core::require_range(where, "n", g.num_vertices(), 2, std::uint64_t{1} << 24);
  const double work = 2.0 * static_cast<double>(samples) * static_cast<double>(g.num_vertices()) * 4.0 *
                      static_cast<double>(g.num_edges());
  if (work > failure_throughput_max_work)
    core::fail_parameter(where, "samples", core::to_message(samples),
                         "would take about " + core::to_message(static_cast<std::uint64_t>(work)) +
                             " arc visits on " + core::to_message(g.num_vertices()) + " routers, past the limit of " +
                             core::to_message(static_cast<std::uint64_t>(failure_throughput_max_work)),
                         "fewer samples or a smaller graph");
  failure_throughput_row row;
  row.topology = topology;
  row.routers = g.num_vertices();
  row.links = g.num_edges();
  row.fraction = fraction;
  row.failed = operations::failed_link_count(row.links, fraction);
  row.samples = samples;
  row.raw.resize(samples);
  core::for_each_part(samples, threads, [&](std::size_t i) {
    core::python_random rng(seed + i);
    row.raw[i] = measure_failure_sample(operations::fail_links(g, row.failed, rng), {1});
  });
  std::vector<double> e, m, b;
  for (const auto& s : row.raw) {
    row.disconnected += s.connected ? 0 : 1;
    e.push_back(s.ecmp);
    m.push_back(s.minimal);
    b.push_back(s.distance_bound);
  }
  row.ecmp = summarize_samples(e);
  row.minimal = summarize_samples(m);
  row.distance_bound = summarize_samples(b);
  return row;
}

/// Boardfly and Shiftfly (group level) at prm.groups under every fraction (see the file comment).
inline failure_throughput run_failure_throughput(const failure_throughput_params& prm = {}) {
  constexpr std::string_view where = "run_failure_throughput";
  if (prm.fractions.empty()) core::fail_parameter(where, "fractions", "none", "is empty", "at least one fraction");
  for (const double f : prm.fractions) core::require_range(where, "fraction", f, 0.0, 1.0);
  core::require_range(where, "samples", prm.samples, 1, std::uint64_t{1} << 20);
  failure_throughput out;
  out.params = prm;
  const auto measure = [&](const char* name, const core::graph<std::uint32_t>& g) {
    out.rows.push_back(measure_failure_throughput(g, name, 0.0, 1, prm.seed, {prm.threads}));
    for (const double f : prm.fractions)
      out.rows.push_back(measure_failure_throughput(g, name, f, prm.samples, prm.seed, {prm.threads}));
  };
  measure("Boardfly", topology::boardfly_group_level(prm.groups));
  measure("Shiftfly", topology::shiftfly_group_level(prm.groups));
  return out;
}

}  // namespace shiftfly::studies
