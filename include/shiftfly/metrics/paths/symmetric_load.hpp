#pragma once
/// \file symmetric_load.hpp
/// The uniform shortest-path load of metrics/paths/shortest_path_load.hpp from one destination of
/// each vertex orbit of a group of automorphisms, and the channels' orbits:
///
///   struct symmetric_load_result { std::vector<double> load; channel_orbits, vertex_orbits, ... };
///   symmetric_load_result uniform_shortest_path_load_symmetric(const G& g, const automorphism_group& group,
///                                                              const uniform_load_options& o = {});
///   symmetric_load_result uniform_shortest_path_load_symmetric(const G& g, const uniform_load_options& o = {});
///   symmetric_load_result uniform_shortest_path_load_fewest_passes(const G& g, const uniform_load_options& o = {});
///
/// Why it holds. Write c_t(a) for what destination t's pass puts on channel a (every source
/// sending one unit to t, split by the rule), so load(a) = sum over t of c_t(a). An automorphism
/// phi maps shortest paths to shortest paths and next hops to next hops, so c_phi(t)(phi(a)) =
/// c_t(a) under both splits, and load(phi(a)) = load(a). Let H be a group of automorphisms, V_1 ..
/// V_k its vertex orbits with one vertex t_j of each, and O = H·a the orbit of a channel. For t in
/// V_j pick phi in H with phi(t_j) = t; O is H-invariant, so the sum of c_t over O equals the sum
/// of c_t_j over O, and with L(a) = sum over j of |V_j| · c_t_j(a):
///   sum over O of load = sum over O of L,   load(a) = (sum over O of L) / |O|.
/// k passes (the kernels of shortest_path_load.hpp, on the destinations t_1 .. t_k, in one run
/// whose blocks each hold one orbit size, the block's sum times that size) and the orbits of the
/// 2m channels (union-find over the generators, O(g·m·log Δ) for g generators; on a thread of its
/// own beside the passes when the run has two) give every channel's load: on a vertex-transitive
/// graph one pass instead of n.
/// Exact up to rounding: the sums are taken in another order than uniform_shortest_path_load's,
/// so the two agree to about 1e-12 relative, not bit for bit; the result is the same for any
/// thread count (the kernels' sums are).
///
/// The group: generators of vertex permutations, each checked here to be an automorphism of g
/// (the multigraph: every vertex's neighbours, with their multiplicities, onto its image's;
/// otherwise refused in one line naming `group`); the orbits are computed here from the
/// generators, not read from the struct. The overload without a group takes bliss's
/// (graph_automorphisms, which checks each generator the same way, so they are not checked
/// twice). With the trivial group it is the plain computation (n passes, each channel its own
/// orbit). Parallel links: the k-th channel u -> v maps onto the k-th channel
/// phi(u) -> phi(v). Disconnected graphs are refused, as by uniform_shortest_path_load, and so is
/// a run estimated above o.max_arc_visits (2m visits a pass).
///
/// uniform_shortest_path_load_fewest_passes takes bliss's group and runs the symmetric
/// computation when the group has at most n/2 vertex orbits (at least half the passes saved),
/// and uniform_shortest_path_load otherwise (the orbit bookkeeping costs about a fifth of the
/// passes it replaces, so a group that saves less is not worth it; docs/performance.md, "From
/// the automorphisms"). The two ways agree to about 1e-12 relative (above); each is the same for
/// any thread count, and which one runs depends on the graph only. On Shiftfly's group level at
/// 2,304 groups (384 orbits) it is about 3x faster than the plain passes, at 12,500 (6,250
/// orbits) about 2x; Boardfly's group level has no automorphism and takes the plain passes.
#include <algorithm>
#include <cstdint>
#include <future>
#include <numeric>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/disjoint_sets.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/paths/shortest_path_load.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"

namespace shiftfly::metrics {

/// Loads from the symmetric computation, and what it used.
struct symmetric_load_result {
  std::vector<double> load;          ///< one per channel (CSR position), as uniform_shortest_path_load
  std::uint64_t channel_orbits = 0;  ///< orbits of the 2m channels under the group
  std::uint64_t vertex_orbits = 0;   ///< orbits of the vertices: the destinations whose passes ran
  std::uint64_t group_orbits = 0;    ///< vertex orbits of the group (fewest_passes: bliss's, used or not)
  std::uint64_t generators = 0;      ///< generators of the group used
  std::string algorithm;             ///< how the group was found and used
};

namespace detail {

/// The orbit of every channel under the group's generators: for each channel, the least channel
/// of its orbit. Channel u -> v (the k-th such channel of u) maps to the k-th channel
/// phi(u) -> phi(v): each vertex's channels sorted by head (stable, so parallel channels keep
/// their CSR order), then union-find over the generators.
template <core::digraph_like G>
std::vector<std::uint64_t> channel_orbit_roots(const G& g, const automorphism_group& group) {
  const std::uint64_t n = g.num_vertices();
  const auto off = g.offsets();
  const auto tgt = g.targets();
  const std::size_t channels = tgt.size();
  std::vector<std::uint64_t> by_head(channels);
  std::iota(by_head.begin(), by_head.end(), std::uint64_t{0});
  for (std::uint64_t u = 0; u < n; ++u)
    std::stable_sort(by_head.begin() + static_cast<std::ptrdiff_t>(off[u]),
                     by_head.begin() + static_cast<std::ptrdiff_t>(off[u + 1]),
                     [&](std::uint64_t a, std::uint64_t b) { return tgt[a] < tgt[b]; });
  std::vector<std::uint64_t> rank(channels);  // position of channel i in its tail's sorted list
  for (std::uint64_t u = 0; u < n; ++u)
    for (auto i = off[u]; i < off[u + 1]; ++i) rank[by_head[i]] = i;
  auto head_less = [&](std::uint64_t c, std::uint64_t x) { return tgt[c] < x; };
  core::disjoint_sets<std::uint64_t> channel_orbit(channels);
  for (const auto& p : group.generators) {
    for (std::uint64_t u = 0; u < n; ++u) {
      const auto mine = by_head.begin() + static_cast<std::ptrdiff_t>(off[u]);
      const auto mine_end = by_head.begin() + static_cast<std::ptrdiff_t>(off[u + 1]);
      const auto image = by_head.begin() + static_cast<std::ptrdiff_t>(off[p[u]]);
      const auto image_end = by_head.begin() + static_cast<std::ptrdiff_t>(off[p[u] + 1]);
      for (auto i = off[u]; i < off[u + 1]; ++i) {
        const std::uint64_t v = tgt[i];
        // i is the k-th of u's channels toward v; its image the k-th of p(u)'s toward p(v)
        const auto k = static_cast<std::ptrdiff_t>(rank[i]) -
                       (std::lower_bound(mine, mine_end, v, head_less) - by_head.begin());
        channel_orbit.unite(i, *(std::lower_bound(image, image_end, std::uint64_t{p[v]}, head_less) + k));
      }
    }
  }
  std::vector<std::uint64_t> root(channels);
  for (std::uint64_t i = 0; i < channels; ++i) root[i] = channel_orbit.find(i);
  return root;
}

/// The symmetric computation; `checked`: the generators were checked on g already (bliss's,
/// by graph_automorphisms), so only their sizes are.
template <core::digraph_like G>
symmetric_load_result symmetric_load(const G& g, const automorphism_group& group, const uniform_load_options& o,
                                     bool checked) {
  constexpr std::string_view where = "uniform_shortest_path_load_symmetric";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, std::uint64_t{2}, std::uint64_t{0xffffffffULL});
  require_uniform_load_options(where, o);
  // The group: permutations of the vertices and automorphisms of g; its vertex orbits.
  core::disjoint_sets<std::uint64_t> vertex_orbit(n);
  const auto adjacency = checked ? std::vector<std::vector<std::uint32_t>>{}
                                 : detail::sorted_adjacency(g, traversal::undirected);  // once for every generator
  for (std::size_t k = 0; k < group.generators.size(); ++k) {
    const auto& p = group.generators[k];
    if (p.size() != n || (!checked && !detail::maps_adjacency(adjacency, p)))
      core::fail_parameter(where, "group", "generator " + core::to_message(k),
                           p.size() != n ? "has " + core::to_message(p.size()) + " images for " +
                                               core::to_message(n) + " vertices"
                                         : std::string("is not an automorphism of the graph"),
                           "permutations of the vertices that map every vertex's neighbours onto its image's");
    for (std::uint64_t v = 0; v < n; ++v) vertex_orbit.unite(v, p[v]);
  }
  // One destination per vertex orbit (its least vertex), grouped by orbit size.
  std::vector<std::uint64_t> orbit_size(n, 0);
  for (std::uint64_t v = 0; v < n; ++v) ++orbit_size[vertex_orbit.find(v)];
  std::vector<std::pair<std::uint64_t, std::uint32_t>> by_size;  // (orbit size, representative)
  for (std::uint64_t v = 0; v < n; ++v)
    if (orbit_size[v] > 0) by_size.emplace_back(orbit_size[v], static_cast<std::uint32_t>(v));
  std::sort(by_size.begin(), by_size.end());
  // the whole run against the limit (each kernel run below checks only its own part)
  {
    const std::uint64_t visits = core::checked_mul(by_size.size(), 2 * static_cast<std::uint64_t>(g.targets().size()),
                                                   where, "destinations x channels");
    if (visits > o.max_arc_visits)
      core::fail_parameter(where, "max_arc_visits", core::to_message(o.max_arc_visits),
                           "is below the estimated " + core::to_message(visits) + " arc visits of " +
                               core::to_message(by_size.size()) + " destinations (one a vertex orbit)",
                           "1 to 10^15");
  }
  const std::size_t channels = g.targets().size();
  // L = sum over the representatives of their orbit size times their loads: one run, whose
  // blocks each hold one orbit size (so the threads share them whatever the sizes).
  std::vector<std::uint32_t> destinations;
  std::vector<double> orbit_weight;
  for (const auto& [size, v] : by_size) {
    destinations.push_back(v);
    orbit_weight.push_back(static_cast<double>(size));
  }
  // The passes, and beside them (on a thread of its own when the run has two or more) the
  // channel orbits, which need only the group: at 36,000 Shiftfly groups about 0.3 s that
  // would otherwise run alone after the passes (docs/performance.md, "The load command's way").
  std::vector<double> weighted;
  std::vector<std::uint64_t> root;
  const auto passes = [&] {
    weighted = detail::uniform_load_run(g, o, detail::uniform_load_kernel::automatic, destinations, where, orbit_weight);
  };
  if (core::resolve_threads(o.threads) >= 2) {
    auto orbits = std::async(std::launch::async, [&] { return channel_orbit_roots(g, group); });
    passes();
    root = orbits.get();
  } else {
    passes();
    root = channel_orbit_roots(g, group);
  }
  // Orbit sums of L, in channel order, then load = sum / size.
  std::vector<double> sum(channels, 0.0);
  std::vector<std::uint64_t> size(channels, 0);
  symmetric_load_result r;
  for (std::uint64_t i = 0; i < channels; ++i) {
    sum[root[i]] += weighted[i];
    ++size[root[i]];
    r.channel_orbits += root[i] == i;
  }
  r.load.resize(channels);
  for (std::uint64_t i = 0; i < channels; ++i) r.load[i] = sum[root[i]] / static_cast<double>(size[root[i]]);
  r.vertex_orbits = r.group_orbits = by_size.size();
  r.generators = group.generators.size();
  r.algorithm = core::to_message(r.vertex_orbits) + " destinations' passes (" + std::string(split_name(o.split)) +
                "), one a vertex orbit, and " + core::to_message(r.channel_orbits) + " channel orbits under " +
                core::to_message(r.generators) + " automorphisms";
  return r;
}

}  // namespace detail

/// The uniform shortest-path load of every channel from one destination of each vertex orbit of
/// `group` and the channel orbits (see the file comment).
template <core::digraph_like G>
symmetric_load_result uniform_shortest_path_load_symmetric(const G& g, const automorphism_group& group,
                                                           const uniform_load_options& o = {}) {
  return detail::symmetric_load(g, group, o, false);
}

/// The same with the group found by graph_automorphisms (bliss).
template <core::digraph_like G>
symmetric_load_result uniform_shortest_path_load_symmetric(const G& g, const uniform_load_options& o = {}) {
  const std::uint64_t n = g.num_vertices();
  core::require_range("uniform_shortest_path_load_symmetric", "n", n, std::uint64_t{2}, std::uint64_t{0xffffffffULL});
  auto r = detail::symmetric_load(g, graph_automorphisms(g), o, true);  // bliss's generators, checked there
  r.algorithm += " (bliss)";
  return r;
}

/// Vertex orbits, as a share of the vertices, at or below which the symmetric computation runs.
inline constexpr double symmetric_load_max_orbit_share = 0.5;

/// The loads by the symmetric computation when bliss's group halves the passes or better, by
/// every destination's pass otherwise (see the file comment); `algorithm` says which ran.
template <core::digraph_like G>
symmetric_load_result uniform_shortest_path_load_fewest_passes(const G& g, const uniform_load_options& o = {}) {
  const std::uint64_t n = g.num_vertices();
  core::require_range("uniform_shortest_path_load_fewest_passes", "n", n, std::uint64_t{2},
                      std::uint64_t{0xffffffffULL});
  detail::require_uniform_load_options("uniform_shortest_path_load_fewest_passes", o);  // before bliss's search
  const auto group = n <= automorphisms_max_vertices ? graph_automorphisms(g) : automorphism_group{};
  const double orbit_share = static_cast<double>(group.orbits) / static_cast<double>(n);
  if (n <= automorphisms_max_vertices && orbit_share <= symmetric_load_max_orbit_share) {
    auto r = detail::symmetric_load(g, group, o, true);  // bliss's generators, checked there
    r.algorithm += " (bliss)";
    return r;
  }
  symmetric_load_result r;
  r.load = detail::uniform_load_run(g, o, detail::uniform_load_kernel::automatic, {},
                                    "uniform_shortest_path_load_fewest_passes");
  r.channel_orbits = g.targets().size();
  r.vertex_orbits = n;
  r.group_orbits = n <= automorphisms_max_vertices ? group.orbits : n;
  r.algorithm = "every destination's pass (" + std::string(split_name(o.split)) + "): bliss's group has " +
                core::to_message(r.group_orbits) + " vertex orbits, more than n/2";
  return r;
}

}  // namespace shiftfly::metrics
