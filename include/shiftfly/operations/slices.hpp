#pragma once
/// \file slices.hpp
/// §7.3 (Shiftfly paper, Table 5): group-level diameter of an allocated slice
/// (reference artefact: topology/operations.py `slice_quality`,
/// `boardfly_slice_diameter`).
///
/// - Naive Shiftfly slice: `slice_groups` groups drawn by sample(range(n), m)
///   (seed 43) from the deployed II(n, ports/2), keeping the links inside. The
///   reference reports connectivity and the eccentricity of the first drawn group;
///   this header also gives the number of components.
/// - Re-instantiated slice: II(m, ports/2) installed over exactly those groups;
///   its undirected diameter is computed exactly for m <= 4,000 and from the
///   reference's 80 sampled sources (seed 11, a lower bound) above, with the
///   guarantee ⌈log_d m⌉ of Theorem 5.5 beside it.
/// - Boardfly slice: 1 within a pod (any subset of a complete tier is complete),
///   otherwise the diameter of the group-level Boardfly on m groups (seed 7),
///   exact for m <= 4,000, sampled above.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::operations {

/// A diameter and how it was obtained.
struct slice_diameter {
  std::uint32_t value = 0;
  bool exact = true;  ///< false: sampled, a lower bound
};

/// Largest slice whose diameter is computed over all sources (the reference's max_exact).
inline constexpr std::uint64_t slice_exact_limit = 4000;

namespace detail {
template <class G>
inline slice_diameter diameter_of(const G& g) {
  slice_diameter d;
  if (g.num_vertices() <= slice_exact_limit) {
    metrics::sweep_options o;
    o.threads = 1;
    d.value = metrics::all_pairs_stats(g, o).diameter;
    d.exact = true;
  } else {
    const auto src = metrics::reference_sources(g.num_vertices(), 80, 11);
    metrics::sweep_options o;
    o.threads = 1;
    d.value = metrics::stats_from_sources(g, std::span<const std::uint32_t>(src), o).diameter;
    d.exact = false;
  }
  return d;
}
}  // namespace detail

/// Table 5's Shiftfly columns for one slice size.
struct slice_quality_result {
  std::uint64_t groups = 0;             ///< slice size m
  bool naive_connected = false;         ///< the induced subgraph is connected
  std::int64_t naive_eccentricity = -1; ///< eccentricity of the first drawn group when connected, else -1 (reference)
  std::uint64_t naive_components = 0;   ///< connected components of the induced subgraph
  slice_diameter reinstantiated;        ///< diameter of II(m, d) (undirected)
  unsigned guaranteed = 0;              ///< ⌈log_d m⌉ (Theorem 5.5)
};

/// §7.3 on a deployed Shiftfly of `n_groups` groups, slice of `slice_groups` (seed 43).
inline slice_quality_result slice_quality(std::uint64_t n_groups, std::uint64_t slice_groups, std::uint64_t ports = 40,
                                          std::uint64_t seed = 43) {
  constexpr std::string_view where = "slice_quality";
  core::require_range(where, "n_groups", n_groups, 2, std::uint64_t{1} << 26);
  core::require_range(where, "slice_groups", slice_groups, 1, std::uint64_t{1} << 26);
  const auto full = topology::shiftfly_group_level(n_groups, ports);
  const std::uint64_t d = std::max<std::uint64_t>(2, ports / 2);
  core::python_random rng(seed);
  const std::uint64_t m = std::min(slice_groups, n_groups);
  const auto chosen = rng.sample_range(n_groups, m);
  std::vector<std::int64_t> remap(n_groups, -1);
  for (std::uint64_t i = 0; i < chosen.size(); ++i) remap[chosen[i]] = static_cast<std::int64_t>(i);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint64_t i = 0; i < chosen.size(); ++i)
    for (auto w : full.neighbors(static_cast<std::uint32_t>(chosen[i])))
      if (remap[w] >= 0) edges.emplace_back(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(remap[w]));
  const auto induced = core::graph<std::uint32_t>::from_edges(m, edges, "induced slice");
  slice_quality_result r;
  r.groups = slice_groups;
  const auto b = metrics::bfs(induced, std::uint32_t{0});
  r.naive_connected = b.reached == m;
  r.naive_eccentricity = r.naive_connected ? b.eccentricity : -1;
  std::vector<char> seen(m, 0);
  for (std::uint32_t v = 0; v < m; ++v) {
    if (seen[v]) continue;
    ++r.naive_components;
    const auto c = metrics::bfs(induced, v);
    for (std::uint32_t u = 0; u < m; ++u)
      if (c.distance[u] >= 0) seen[u] = 1;
  }
  const std::uint64_t mm = std::max<std::uint64_t>(2, slice_groups);
  r.reinstantiated = detail::diameter_of(topology::imase_itoh(mm, d));
  r.guaranteed = routing::ceil_log(mm, d);
  return r;
}

/// Table 5's Boardfly column: group-level diameter of a Boardfly slice of `slice_groups` groups.
inline slice_diameter boardfly_slice_diameter(std::uint64_t slice_groups, std::uint64_t pod_groups = 36) {
  core::require_range("boardfly_slice_diameter", "slice_groups", slice_groups, 1, std::uint64_t{1} << 26);
  if (slice_groups <= pod_groups) return {1, true};  // any subset of a complete tier is complete
  return detail::diameter_of(topology::boardfly_group_level(slice_groups));
}

}  // namespace shiftfly::operations
