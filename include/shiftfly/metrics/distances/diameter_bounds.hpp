#pragma once
/// \file diameter_bounds.hpp
/// Exact diameter without all pairs, by eccentricity bounds:
/// - undirected: iFUB (P. Crescenzi, R. Grossi, M. Habib, L. Lanzi, A. Marino,
///   "On computing the diameter of real-world undirected graphs", Theoretical
///   Computer Science 514, 2013), run per connected component;
/// - along the arcs: DiFUB (P. Crescenzi, R. Grossi, L. Lanzi, A. Marino,
///   "On computing the diameter of real-world directed graphs", Theoretical
///   Computer Science 514, 2013) when the digraph is strongly connected; other
///   digraphs fall back to exact all-pairs sweeps.
///
/// iFUB from a root u with eccentricity e: every pair (x, y) with both ends in
/// levels < i of u's BFS has d(x, y) <= 2(i - 1), so after the eccentricities
/// of levels e, e-1, ..., i are known, the diameter is max(lower bound,
/// 2(i - 1)); the search stops when the lower bound reaches that. The
/// eccentricities of a whole level are obtained at once with the bit-parallel
/// sweep (its deepest level is the largest eccentricity of its sources).
/// The diameter is that of the distances over reachable pairs (the convention
/// of the all-pairs statistics), so it equals all_pairs_stats(...).diameter.
///
/// `progress` (optional) is called after each batch of each bit-parallel sweep with
/// (batches done, batches of that sweep), as sweep_options::progress is; it may throw
/// to stop the search (the Python bindings stop on Ctrl-C this way). It changes no result.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/detail/ms_bfs.hpp"

namespace shiftfly::metrics {

/// Exact diameter (largest finite distance) and how it was found.
struct diameter_result {
  std::uint32_t diameter = 0;
  /// Always true: bound-based methods stop only when the bounds meet.
  bool exact = true;
  bool directed = false;
  /// Some pair of vertices is not connected (undirected) or not reachable (arcs).
  bool disconnected = false;
  /// BFS sources used (each source of a bit-parallel sweep counts once).
  std::size_t bfs_sources = 0;
  /// "iFUB", "DiFUB" or "all-pairs".
  std::string method;
};

namespace detail {

/// BFS over a csr with a reusable distance array (reset on the touched vertices only).
struct csr_bfs {
  std::vector<std::int32_t> dist;
  std::vector<std::uint32_t> order;
  explicit csr_bfs(std::size_t n) : dist(n, -1) { order.reserve(n); }
  void reset() {
    for (auto v : order) dist[v] = -1;
    order.clear();
  }
  /// Runs from s; returns the eccentricity (order holds the reached vertices in BFS order).
  std::int32_t run(const csr& a, std::uint32_t s) {
    reset();
    dist[s] = 0;
    order.push_back(s);
    for (std::size_t h = 0; h < order.size(); ++h) {
      const auto u = order[h];
      for (auto i = a.offsets[u]; i < a.offsets[u + 1]; ++i) {
        const auto v = a.targets[i];
        if (dist[v] < 0) {
          dist[v] = dist[u] + 1;
          order.push_back(v);
        }
      }
    }
    return dist[order.back()];
  }
};

/// Called after each batch of a sweep with (batches done, batches in all); may throw to stop.
using sweep_progress = std::function<void(std::size_t, std::size_t)>;

inline std::uint32_t deepest_level(const sweep_graph& sg, std::span<const std::uint32_t> sources, unsigned threads,
                                   unsigned bits, const sweep_progress& progress) {
  if (sources.empty()) return 0;
  const auto c = sweep(sg, sources, threads, bits, progress);
  return static_cast<std::uint32_t>(c.histogram.size() - 1);
}

// iFUB on the component whose BFS order from any vertex is `comp`.
inline std::uint32_t ifub_component(const sweep_graph& sg, const std::vector<std::uint32_t>& comp, csr_bfs& b,
                                    unsigned threads, unsigned bits, std::size_t& used,
                                    const sweep_progress& progress) {
  const csr& a = sg.pull;
  if (comp.size() <= 64) {  // small: BFS from every vertex
    std::int32_t best = 0;
    for (auto s : comp) best = std::max(best, b.run(a, s));
    used += comp.size();
    return static_cast<std::uint32_t>(best);
  }
  std::uint32_t u = comp.front();
  for (auto v : comp)
    if (a.degree(v) > a.degree(u) || (a.degree(v) == a.degree(u) && v < u)) u = v;
  const auto ecc = static_cast<std::uint32_t>(b.run(a, u));
  ++used;
  std::vector<std::vector<std::uint32_t>> level(ecc + 1);
  for (auto v : b.order) level[static_cast<std::size_t>(b.dist[v])].push_back(v);
  std::uint32_t lb = ecc, ub = 2 * ecc;
  for (std::uint32_t i = ecc; ub > lb && i >= 1; --i) {
    const std::uint32_t bi = deepest_level(sg, level[i], threads, bits, progress);
    used += level[i].size();
    lb = std::max(lb, bi);
    if (lb > 2 * (i - 1)) return lb;
    ub = 2 * (i - 1);
  }
  return lb;
}

}  // namespace detail

/// How exact_diameter, diameter_ifub and diameter_difub run. The last two do not read `how`:
/// iFUB is the undirected diameter and DiFUB the one along the arcs.
struct diameter_options {
  /// Arcs (a digraph's: the directed diameter) or the undirected physical graph.
  traversal how = traversal::undirected;
  /// Worker threads (0 = all cores); the result does not depend on it.
  unsigned threads = 0;
  /// Called with (sweeps done, sweeps planned); may throw to stop.
  std::function<void(std::size_t, std::size_t)> progress;
};

/// Exact diameter of the undirected physical graph by iFUB, per connected component.
template <core::graph_like G>
inline diameter_result diameter_ifub(const G& g, const diameter_options& o = {}) {
  detail::require_sweepable("metrics::diameter_ifub", g);
  const unsigned threads = detail::resolve_threads("metrics::diameter_ifub", o.threads);
  const detail::sweep_progress& progress = o.progress;
  const auto sg = detail::undirected_sweep_graph(g);
  const std::size_t n = g.num_vertices();
  diameter_result r;
  r.method = "iFUB";
  std::vector<char> done(n, 0);
  detail::csr_bfs b(n), comp_bfs(n);
  std::size_t components = 0;
  for (std::uint32_t s = 0; s < n; ++s) {
    if (done[s]) continue;
    ++components;
    comp_bfs.run(sg.pull, s);
    const std::vector<std::uint32_t> comp = comp_bfs.order;
    for (auto v : comp) done[v] = 1;
    r.diameter = std::max(r.diameter, detail::ifub_component(sg, comp, b, threads, 512, r.bfs_sources, progress));
  }
  r.disconnected = components > 1;
  return r;
}

/// Exact diameter along the arcs: DiFUB when strongly connected, otherwise all-pairs sweeps.
template <core::digraph_like G>
inline diameter_result diameter_difub(const G& g, const diameter_options& o = {}) {
  detail::require_sweepable("metrics::diameter_difub", g);
  detail::require_arcs("metrics::diameter_difub", g);
  const unsigned threads = detail::resolve_threads("metrics::diameter_difub", o.threads);
  const detail::sweep_progress& progress = o.progress;
  const std::size_t n = g.num_vertices();
  const auto fwd = detail::arc_sweep_graph(g, true);   // pull over in-arcs: distances from sources
  const auto bwd = detail::arc_sweep_graph(g, false);  // pull over out-arcs: distances to sources
  diameter_result r;
  r.directed = true;
  std::uint32_t u = 0;
  for (std::uint32_t v = 0; v < n; ++v)
    if (fwd.pull.degree(v) + fwd.push.degree(v) > fwd.pull.degree(u) + fwd.push.degree(u)) u = v;
  detail::csr_bfs f(n), b(n);
  const auto ecc_f = static_cast<std::uint32_t>(f.run(fwd.push, u));  // along out-arcs
  const auto ecc_b = static_cast<std::uint32_t>(b.run(fwd.pull, u));  // along in-arcs
  r.bfs_sources = 2;
  if (f.order.size() < n || b.order.size() < n) {  // not strongly connected
    sweep_options so;
    so.threads = threads;
    so.progress = progress;
    const auto s = detail::all_pairs_on(bwd, true, so);
    r.diameter = s.diameter;
    r.disconnected = s.disconnected;
    r.bfs_sources = n;
    r.method = "all-pairs";
    return r;
  }
  r.method = "DiFUB";
  const std::uint32_t top = std::max(ecc_f, ecc_b);
  std::vector<std::vector<std::uint32_t>> flevel(top + 1), blevel(top + 1);
  for (std::uint32_t v = 0; v < n; ++v) {
    flevel[static_cast<std::size_t>(f.dist[v])].push_back(v);
    blevel[static_cast<std::size_t>(b.dist[v])].push_back(v);
  }
  std::uint32_t lb = top, ub = 2 * top;
  for (std::uint32_t i = top; ub > lb && i >= 1; --i) {
    // x with d(x,u) = i: forward eccentricities; y with d(u,y) = i: backward eccentricities.
    lb = std::max(lb, detail::deepest_level(fwd, blevel[i], threads, 512, progress));
    lb = std::max(lb, detail::deepest_level(bwd, flevel[i], threads, 512, progress));
    r.bfs_sources += blevel[i].size() + flevel[i].size();
    if (lb > 2 * (i - 1)) break;
    ub = 2 * (i - 1);
  }
  r.diameter = lb;
  return r;
}

/// Exact diameter following o.how.
template <core::digraph_like G>
inline diameter_result exact_diameter(const G& g, const diameter_options& o = {}) {
  return o.how == traversal::arcs ? diameter_difub(g, o) : diameter_ifub(g, o);
}

}  // namespace shiftfly::metrics
