#pragma once
/// \file all_pairs.hpp
/// Exact all-pairs distance statistics (diameter, mean over ordered pairs
/// u != v, histogram, disconnected flag) by bit-parallel multi-source BFS
/// (Then et al., "The More the Merrier: Efficient Multi-Source Graph
/// Traversal", PVLDB 8(4), 2014), batches of 64·W sources on std::threads; and
/// the serial verifier, one BFS per vertex.
///
/// Every count is an integer summed per batch, so the result is identical for
/// any thread count and batch width. Memory: three blocks of batch_bits bits
/// per vertex and per thread, plus one copy of the adjacency (two for digraphs),
/// and, when they fit beside these, the rows factored through shared sets
/// (detail/shared_rows.hpp) with one block per set and thread.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/detail/ms_bfs.hpp"
#include "shiftfly/metrics/distances/distance_stats.hpp"

namespace shiftfly::metrics {

/// Tuning of the bit-parallel sweeps; none of it changes the result.
struct sweep_options {
  /// Worker threads; 0 = every hardware thread.
  unsigned threads = 0;
  /// Sources per sweep: 64, 128, 256 or 512 (bits per vertex block).
  unsigned batch_bits = 512;
  /// Called after each batch with (batches done, batches in all); calls are serialised.
  std::function<void(std::size_t, std::size_t)> progress;
};

namespace detail {

template <class G>
inline void require_sweepable(const char* where, const G& g) {
  if (g.num_vertices() == 0) core::fail(where, "the graph has no vertices");
  core::require_range(where, "n", g.num_vertices(), 1, std::uint64_t{0xffffffffU});
}

/// Sweep graph for the undirected physical graph.
template <core::graph_like G>
inline sweep_graph undirected_sweep_graph(const G& g) {
  sweep_graph sg;
  sg.symmetric = true;
  sg.pull = make_csr(g.num_vertices(), [&](std::size_t v) { return g.neighbors(static_cast<typename G::vertex_type>(v)); });
  return sg;
}

/// Sweep graph along the arcs. `forward` = distances from the sources (pull over
/// in-arcs); otherwise distances to the sources (pull over out-arcs).
template <core::digraph_like G>
inline sweep_graph arc_sweep_graph(const G& g, bool forward) {
  sweep_graph sg;
  sg.symmetric = false;
  csr out = make_csr(g.num_vertices(), [&](std::size_t v) { return g.out_arcs(static_cast<typename G::vertex_type>(v)); });
  csr in = transpose(out);
  sg.pull = forward ? std::move(in) : std::move(out);
  sg.push = forward ? std::move(out) : std::move(in);
  return sg;
}

inline void check_options(const char* where, const sweep_options& o) {
  core::require_range(where, "threads", o.threads, 0, 1024);
  if (o.batch_bits != 64 && o.batch_bits != 128 && o.batch_bits != 256 && o.batch_bits != 512)
    core::throw_out_of_range(where, "batch_bits", o.batch_bits, "64, 128, 256 or 512");
}

inline distance_stats all_pairs_on(const sweep_graph& sg, bool directed, const sweep_options& o) {
  auto counts = sweep(sg, sg.pull.n, all_vertices_fill(), resolve_threads("metrics::all_pairs_stats", o.threads),
                      o.batch_bits, o.progress);
  return finish_stats(sg.pull.n, directed, true, sg.pull.n, std::move(counts.histogram));
}

}  // namespace detail

/// Exact all-pairs statistics of the undirected physical graph.
template <core::graph_like G>
inline distance_stats all_pairs_stats(const G& g, const sweep_options& options = {}) {
  detail::require_sweepable("metrics::all_pairs_stats", g);
  detail::check_options("metrics::all_pairs_stats", options);
  return detail::all_pairs_on(detail::undirected_sweep_graph(g), false, options);
}

/// Exact all-pairs statistics along the arcs (ordered pairs, d(u,v) along arcs).
/// The sweeps compute distances *to* each batch of sources, which gives the same
/// multiset of d(u, v) over all ordered pairs.
template <core::digraph_like G>
inline distance_stats all_pairs_stats_arcs(const G& g, const sweep_options& options = {}) {
  detail::require_sweepable("metrics::all_pairs_stats_arcs", g);
  detail::require_arcs("metrics::all_pairs_stats_arcs", g);
  detail::check_options("metrics::all_pairs_stats_arcs", options);
  return detail::all_pairs_on(detail::arc_sweep_graph(g, false), true, options);
}

/// Exact all-pairs statistics following `how`.
template <core::digraph_like G>
inline distance_stats all_pairs_stats(const G& g, traversal how, const sweep_options& options = {}) {
  return how == traversal::arcs ? all_pairs_stats_arcs(g, options) : all_pairs_stats(g, options);
}

/// Serial verifier: one plain BFS from every vertex (GAP-style reference kernel).
template <core::digraph_like G>
inline distance_stats all_pairs_stats_serial(const G& g, traversal how = traversal::undirected) {
  detail::require_sweepable("metrics::all_pairs_stats_serial", g);
  if (how == traversal::arcs) detail::require_arcs("metrics::all_pairs_stats_serial", g);
  const std::size_t n = g.num_vertices();
  std::vector<std::uint64_t> hist;
  for (std::size_t s = 0; s < n; ++s) {
    const auto r = bfs(g, static_cast<typename G::vertex_type>(s), how);
    for (auto d : r.distance) {
      if (d < 0) continue;
      if (hist.size() <= static_cast<std::size_t>(d)) hist.resize(static_cast<std::size_t>(d) + 1, 0);
      ++hist[static_cast<std::size_t>(d)];
    }
  }
  return detail::finish_stats(n, how == traversal::arcs, true, n, std::move(hist));
}

}  // namespace shiftfly::metrics
