#pragma once
/// \file link_failures.hpp
/// Link failures (the reference artefact's results §4, run_experiments.py
/// `experiment_faults`): independent link drops, then reachability, mean
/// distance and eccentricity.
///
/// Reference semantics, kept exactly: a fresh random.Random(101) per rate scans
/// the adjacency lists in order (vertex ascending, neighbours ascending) and keeps
/// the directed entry u->v when random() >= rate; a link survives when either of
/// its two entries was kept (so a link fails with probability rate^2, not rate).
/// The same stream then draws 60 sources with randrange(n). From those sources:
/// reachable fraction = reached (source, vertex) pairs / (60 n), self pairs
/// included; mean distance = summed distance / reached pairs, self pairs (0)
/// included; eccentricity = the largest finite distance seen (a lower bound on
/// the diameter of the damaged graph). `link_failures_exact` computes the same
/// figures over every source of the same damaged graph. `drop_rule::per_link`
/// drops each link with probability `rate` (one draw per link), which is what
/// "link failure rate" usually means: at the reference's 20%, only about 4% of
/// the links are lost.

#include <algorithm>
#include <cmath>
#include <span>
#include <utility>
#include <cstdint>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::operations {

/// Figures of one damaged graph.
struct link_failure_result {
  double rate = 0;
  std::uint64_t links_before = 0, links_after = 0;
  std::uint64_t sources = 0;          ///< BFS sources (with repetition when sampled)
  bool exact = false;                 ///< every vertex a source
  double reachable_fraction = 0;      ///< reached (source, vertex) pairs / (sources n)
  double mean_distance = 0;           ///< over reached pairs, self pairs included (reference)
  std::uint32_t eccentricity = 0;     ///< largest finite distance seen
};

/// How links are dropped: the reference's rule (one draw per adjacency entry, a link lost
/// only when both entries are dropped: probability rate^2), or one draw per link (probability rate).
enum class drop_rule { reference, per_link };

/// The damaged graph, and the random stream positioned after the drops. With `per_link`
/// the links u < v are visited in adjacency order and each is kept when random() >= rate.
template <core::graph_like G>
inline core::graph<std::uint32_t> drop_links(const G& g, double rate, core::python_random& rng,
                                             drop_rule rule = drop_rule::reference) {
  core::require_range("drop_links", "rate", rate, 0.0, 1.0);
  const std::uint64_t n = g.num_vertices();
  core::require_range("drop_links", "n", n, 1, std::uint64_t{0xfffffffeU});
  std::vector<std::pair<std::uint32_t, std::uint32_t>> kept;
  for (std::uint64_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u))) {
      if (rule == drop_rule::per_link && v <= u) continue;
      if (rng.random() >= rate) kept.emplace_back(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v));
    }
  return core::graph<std::uint32_t>::from_edges(n, kept, "damaged");  // union of both directions, deduplicated
}

/// The links of g, each once as (u, v) with u < v, in adjacency order (vertex ascending,
/// neighbours ascending): link i of g is entry i. These are the indices fail_links and
/// remove_links name.
template <core::graph_like G>
inline std::vector<std::pair<std::uint32_t, std::uint32_t>> link_list(const G& g) {
  const std::uint64_t n = g.num_vertices();
  core::require_range("link_list", "n", n, 1, std::uint64_t{0xfffffffeU});
  std::vector<std::pair<std::uint32_t, std::uint32_t>> links;
  links.reserve(g.num_edges());
  for (std::uint64_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (static_cast<std::uint64_t>(v) > u) links.emplace_back(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v));
  return links;
}

/// g less the links whose indices (link_list order) are in `failed`; every index must name a
/// link, each at most once. The vertices stay (a vertex may be left isolated).
template <core::graph_like G>
inline core::graph<std::uint32_t> remove_links(const G& g, std::span<const std::uint64_t> failed) {
  auto links = link_list(g);
  std::vector<char> gone(links.size(), 0);
  for (const auto i : failed) {
    if (links.empty()) core::fail_parameter("remove_links", "failed link", core::to_message(i), "names no link", "none: the graph has no link");
    core::require_range("remove_links", "failed link", i, 0, links.size() - 1);
    if (gone[i]) core::fail_parameter("remove_links", "failed link", core::to_message(i), "is listed twice", "each link at most once");
    gone[i] = 1;
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> kept;
  kept.reserve(links.size() - failed.size());
  for (std::size_t i = 0; i < links.size(); ++i)
    if (!gone[i]) kept.push_back(links[i]);
  return core::graph<std::uint32_t>::from_edges(g.num_vertices(), kept, "damaged");
}

/// Exactly `count` links failed, chosen uniformly at random: the indices are Python's
/// rng.sample(range(m), count) over link_list's order (core::python_random, bit for bit), so
/// the same seed fails the same links. Returns the damaged graph.
template <core::graph_like G>
inline core::graph<std::uint32_t> fail_links(const G& g, std::uint64_t count, core::python_random& rng) {
  const std::uint64_t m = g.num_edges();
  core::require_range("fail_links", "count", count, 0, m);
  const auto failed = rng.sample_range(m, count);
  return remove_links(g, std::span<const std::uint64_t>(failed));
}

/// The number of links a failure fraction f of m links fails: ⌊f·m + 1/2⌋.
inline std::uint64_t failed_link_count(std::uint64_t m, double fraction) {
  core::require_range("failed_link_count", "fraction", fraction, 0.0, 1.0);
  const auto k = static_cast<std::uint64_t>(std::floor(fraction * static_cast<double>(m) + 0.5));
  return std::min(k, m);
}

namespace detail {
inline void accumulate(const core::graph<std::uint32_t>& h, std::uint32_t s, std::uint64_t& reach, std::uint64_t& total,
                       std::uint32_t& worst) {
  const auto b = metrics::bfs(h, s);
  for (auto d : b.distance)
    if (d >= 0) {
      ++reach;
      total += static_cast<std::uint64_t>(d);
      worst = std::max(worst, static_cast<std::uint32_t>(d));
    }
}

inline link_failure_result finish(double rate, std::uint64_t before, const core::graph<std::uint32_t>& h,
                                  std::uint64_t sources, bool exact, std::uint64_t reach, std::uint64_t total,
                                  std::uint32_t worst) {
  link_failure_result r;
  r.rate = rate;
  r.links_before = before;
  r.links_after = h.num_edges();
  r.sources = sources;
  r.exact = exact;
  r.reachable_fraction = static_cast<double>(reach) / static_cast<double>(sources * h.num_vertices());
  r.mean_distance = static_cast<double>(total) / static_cast<double>(std::max<std::uint64_t>(1, reach));
  r.eccentricity = worst;
  return r;
}
}  // namespace detail

/// The reference's measurement: drops with seed 101, then 60 sources from the same stream.
template <core::graph_like G>
inline link_failure_result link_failures(const G& g, double rate, std::uint64_t seed = 101,
                                         std::uint64_t samples = 60, drop_rule rule = drop_rule::reference) {
  core::require_range("link_failures", "samples", samples, 1, std::uint64_t{1} << 24);
  core::python_random rng(seed);
  const auto h = drop_links(g, rate, rng, rule);
  std::vector<std::uint32_t> src(samples);
  for (auto& s : src) s = static_cast<std::uint32_t>(rng.randrange(h.num_vertices()));
  std::uint64_t reach = 0, total = 0;
  std::uint32_t worst = 0;
  for (auto s : src) detail::accumulate(h, s, reach, total, worst);
  return detail::finish(rate, g.num_edges(), h, samples, false, reach, total, worst);
}

/// The same damaged graph (seed 101), measured from every source: exact.
template <core::graph_like G>
/// The sweep is the bit-parallel all-pairs one (metrics/distances/all_pairs.hpp), run with `o`
/// (o.threads: 0 = every core): integer counts, so the figures do not depend on the thread count,
/// and they equal a BFS from every source (tests/operations checks that).
inline link_failure_result link_failures_exact(const G& g, double rate, std::uint64_t seed = 101,
                                               drop_rule rule = drop_rule::reference,
                                               const metrics::sweep_options& o = {}) {
  core::python_random rng(seed);
  const auto h = drop_links(g, rate, rng, rule);
  const auto st = metrics::all_pairs_stats(h, o);
  // The reference's counts include the n pairs (s, s) at distance 0.
  const std::uint64_t reach = st.pairs + h.num_vertices();
  return detail::finish(rate, g.num_edges(), h, h.num_vertices(), true, reach, st.total_distance, st.diameter);
}

}  // namespace shiftfly::operations
