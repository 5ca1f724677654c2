#pragma once
/// \file throughput_profiles.hpp
/// The throughput profiles (metrics/flow/throughput_profile.hpp) measured so far in this process,
/// each kept with its graph and options, so that a study that asks again for the profile of a
/// graph it or another study has measured gets the kept one.
///
///   metrics::throughput_profile throughput_profile_of(const core::graph<>& g,
///                                                     const metrics::throughput_profile_options& o);
///   std::size_t kept_throughput_profiles();   // how many are kept
///   void forget_throughput_profiles();        // drops them all
///
/// `shiftfly tables` measures the same graphs in two sections: the throughput section
/// (studies/throughput_comparison.hpp) and the routing-load section (studies/routing_load.hpp),
/// whose optimal-throughput columns are the profiles of Table 2's designs to 2,304 groups and of
/// the field at 1,000 routers. Run in one process (tests/tables/tests.cmake checks the two
/// sections in one run), each of those graphs is measured once.
///
/// A profile is a function of the graph and of every option but `threads` (the metric's results
/// do not depend on the thread count), so the key is the whole graph, compared exactly: its edge
/// lists and, for a digraph family, its arc lists (no hash decides a match), and the options
/// other than `threads`. The keep is guarded by a mutex; two threads that ask for the same new
/// graph at once may both measure it (the first answer is kept; both are equal). The copies hold
/// each graph's lists again (4 bytes an arc end: about 6 MB at Boardfly's 36,000 groups) until
/// forget_throughput_profiles() or the end of the process.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/flow/throughput_profile.hpp"

namespace shiftfly::studies {

namespace detail {

/// One kept profile: the graph's structure (a copy), the options, the profile.
struct kept_throughput_profile {
  std::vector<std::uint64_t> offsets, arc_offsets;
  std::vector<std::uint32_t> targets, arc_targets;
  metrics::throughput_profile_options options;
  metrics::throughput_profile profile;
};

/// The arc lists of a digraph family in one array, with the offset of each vertex's list (empty
/// when g has no arcs).
inline void graph_arcs(const core::graph<>& g, std::vector<std::uint64_t>& offsets,
                       std::vector<std::uint32_t>& targets) {
  offsets.clear();
  targets.clear();
  if (!g.has_arcs()) return;
  offsets.reserve(g.num_vertices() + 1);
  targets.reserve(g.num_arcs());
  offsets.push_back(0);
  for (std::size_t u = 0; u < g.num_vertices(); ++u) {
    const auto a = g.out_arcs(static_cast<std::uint32_t>(u));
    targets.insert(targets.end(), a.begin(), a.end());
    offsets.push_back(targets.size());
  }
}

/// Equal in every option but the thread count (compared whole, so that an option added later is
/// part of the key without a word here).
inline bool same_options(metrics::throughput_profile_options a, metrics::throughput_profile_options b) {
  a.threads = b.threads = 0;
  return a == b;
}

/// Whether k holds g (exactly) and options o.
inline bool holds(const kept_throughput_profile& k, const core::graph<>& g,
                  const metrics::throughput_profile_options& o) {
  const auto off = g.offsets();
  const auto tg = g.targets();
  if (!same_options(k.options, o) || !std::ranges::equal(off, k.offsets) || !std::ranges::equal(tg, k.targets))
    return false;
  if (!g.has_arcs()) return k.arc_offsets.empty();
  if (k.arc_offsets.size() != off.size() || k.arc_targets.size() != g.num_arcs()) return false;
  for (std::size_t u = 0; u < g.num_vertices(); ++u) {
    const auto a = g.out_arcs(static_cast<std::uint32_t>(u));
    const auto first = k.arc_targets.begin() + static_cast<std::ptrdiff_t>(k.arc_offsets[u]);
    if (k.arc_offsets[u + 1] - k.arc_offsets[u] != a.size() || !std::equal(a.begin(), a.end(), first)) return false;
  }
  return true;
}

struct throughput_profile_keep {
  std::mutex lock;
  std::vector<std::unique_ptr<kept_throughput_profile>> kept;
};

inline throughput_profile_keep& throughput_profiles() {
  static throughput_profile_keep keep;
  return keep;
}

}  // namespace detail

/// The profile of g under o: the kept one when this process has measured g under the same
/// options (every option but threads), else measure_throughput_profile(g, o), kept.
inline metrics::throughput_profile throughput_profile_of(const core::graph<>& g,
                                                         const metrics::throughput_profile_options& o) {
  auto& keep = detail::throughput_profiles();
  {
    const std::lock_guard<std::mutex> hold(keep.lock);
    for (const auto& k : keep.kept)
      if (detail::holds(*k, g, o)) return k->profile;
  }
  auto k = std::make_unique<detail::kept_throughput_profile>();
  k->profile = metrics::measure_throughput_profile(g, o);  // validates g and o
  const auto off = g.offsets();
  const auto tg = g.targets();
  k->offsets.assign(off.begin(), off.end());
  k->targets.assign(tg.begin(), tg.end());
  detail::graph_arcs(g, k->arc_offsets, k->arc_targets);
  k->options = o;
  const std::lock_guard<std::mutex> hold(keep.lock);
  for (const auto& kept : keep.kept)
    if (detail::holds(*kept, g, o)) return kept->profile;  // measured meanwhile by another thread
  keep.kept.push_back(std::move(k));
  return keep.kept.back()->profile;
}

/// How many profiles this process keeps.
inline std::size_t kept_throughput_profiles() {
  auto& keep = detail::throughput_profiles();
  const std::lock_guard<std::mutex> hold(keep.lock);
  return keep.kept.size();
}

/// Drops every kept profile (and the graphs kept with them).
inline void forget_throughput_profiles() {
  auto& keep = detail::throughput_profiles();
  const std::lock_guard<std::mutex> hold(keep.lock);
  keep.kept.clear();
}

}  // namespace shiftfly::studies
