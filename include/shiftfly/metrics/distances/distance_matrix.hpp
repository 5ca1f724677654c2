#pragma once
/// \file distance_matrix.hpp
/// The hop distances between every pair of a set of vertices, as one dense k×k matrix of
/// small integers (one byte an entry when the graph's diameter is below 256), by the
/// bit-parallel multi-source BFS of metrics/distances/all_pairs.hpp (Then et al., PVLDB
/// 8(4), 2014): batches of 512 sources, each vertex holding 512 bits per level, the
/// distances of a batch written as they are discovered.
///
/// API:
///   template <class T> struct distance_matrix { k, members, entries; T to_from(t, s) };
///   distance_matrix<T> pair_distances<T>(const G& g, std::span<const std::uint64_t> members,
///                                         traversal how, const distance_matrix_options& o = {});
///   std::uint64_t distance_upper_bound(const G& g, traversal how);      // 2·ecc, or ecc_in + ecc_out
///   std::uint64_t distance_matrix_bytes(std::uint64_t k, std::uint64_t n, std::size_t entry,
///                                       const distance_matrix_options& o);   // o.threads counts
///
/// Layout: row i lists the distances *to* members[i] from every member, entries[i·k + j] =
/// d(members[j], members[i]) (for an undirected graph the matrix is symmetric). Sources of one
/// batch are consecutive columns, so each batch writes its own columns and the matrix is the
/// same for any thread count. Every member must reach every member: an unreachable pair is
/// refused (one line naming the two vertices), as is a distance above the entry type's range
/// (call distance_upper_bound first to choose T). Memory: k²·sizeof(T) for the matrix, plus
/// three 64-byte blocks per vertex and per thread; checked up front (core::require_memory).

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::metrics {

/// d(members[j], members[i]) at entries[i·k + j] (see the file comment).
template <class T>
struct distance_matrix {
  std::uint64_t k = 0;
  std::vector<std::uint64_t> members;  ///< the vertices of rows and columns, in order
  std::vector<T> entries;              ///< row-major k×k
  /// d(members[s], members[t]).
  [[nodiscard]] T to_from(std::uint64_t t, std::uint64_t s) const noexcept { return entries[t * k + s]; }
};

/// Tuning; none of it changes the result.
struct distance_matrix_options {
  unsigned threads = 0;  ///< 0 = every hardware thread
  /// Called after each batch of 512 sources with (batches done, batches in all); serialised.
  std::function<void(std::size_t, std::size_t)> progress;
};

/// Sources a batch of the fill takes.
inline constexpr std::size_t distance_matrix_batch = 512;

/// The fill's peak memory with these options: the matrix and o.threads' blocks (see the file comment).
inline std::uint64_t distance_matrix_bytes(std::uint64_t k, std::uint64_t n, std::size_t entry,
                                           const distance_matrix_options& o) {
  std::uint64_t b = core::estimate_add_mul(0, core::estimate_add_mul(0, k, k), entry);
  return core::estimate_add_mul(b, core::estimate_add_mul(0, n, 3 * distance_matrix_batch / 8),
                                core::resolve_threads(o.threads));
}

/// An upper bound on every finite distance, from one or two BFS: 2·ecc(0) over the undirected
/// graph, ecc_in(0) + ecc_out(0) along the arcs (d(s,t) ≤ d(s,0) + d(0,t)). Refuses a graph
/// that vertex 0 does not connect in both directions.
template <core::digraph_like G>
std::uint64_t distance_upper_bound(const G& g, traversal how) {
  constexpr const char* where = "distance_upper_bound";
  const std::uint64_t n = g.num_vertices();
  if (n == 0) core::fail(where, "the graph has no vertices");
  const auto out = bfs(g, typename G::vertex_type{0}, how);
  if (out.reached != n)
    core::fail(where, "vertex 0 does not reach every vertex (accepted: a strongly connected graph)");
  if (how == traversal::undirected) return 2 * static_cast<std::uint64_t>(out.eccentricity);
  // distances to 0: a BFS along the reversed arcs
  const auto in_csr = detail::transpose(
      detail::make_csr(n, [&](std::size_t v) { return g.out_arcs(static_cast<typename G::vertex_type>(v)); }));
  std::vector<std::int32_t> d(n, -1);
  std::vector<std::uint32_t> queue{0};
  d[0] = 0;
  std::int32_t ecc = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const auto u = queue[head];
    for (auto i = in_csr.offsets[u]; i < in_csr.offsets[u + 1]; ++i) {
      const auto w = in_csr.targets[i];
      if (d[w] >= 0) continue;
      d[w] = d[u] + 1;
      ecc = std::max(ecc, d[w]);
      queue.push_back(w);
    }
  }
  if (queue.size() != n) core::fail(where, "not every vertex reaches vertex 0 (accepted: a strongly connected graph)");
  return static_cast<std::uint64_t>(out.eccentricity) + static_cast<std::uint64_t>(ecc);
}

/// The k×k distances between `members` (distinct vertex ids; see the file comment).
template <class T, core::digraph_like G>
distance_matrix<T> pair_distances(const G& g, std::span<const std::uint64_t> members, traversal how,
                                  const distance_matrix_options& o = {}) {
  static_assert(std::is_unsigned_v<T>, "distance entries are unsigned integers");
  constexpr const char* where = "pair_distances";
  const std::uint64_t n = g.num_vertices(), k = members.size();
  core::require_range(where, "threads", o.threads, 0, 1024);
  if (n == 0) core::fail(where, "the graph has no vertices");
  core::require_range(where, "n", n, 1, std::uint64_t{0xffffffffU});
  if (k == 0) core::fail_parameter(where, "members", "empty", "lists no vertex", "at least one vertex of the graph");
  std::vector<std::uint32_t> index(n, std::numeric_limits<std::uint32_t>::max());
  for (std::uint64_t i = 0; i < k; ++i) {
    if (members[i] >= n) core::throw_out_of_range(where, "members", members[i], "0 to " + core::to_message(n - 1));
    if (index[members[i]] != std::numeric_limits<std::uint32_t>::max())
      core::fail_parameter(where, "members", core::to_message(members[i]), "is listed twice", "distinct vertices");
    index[members[i]] = static_cast<std::uint32_t>(i);
  }
  core::require_memory(where, "the distance matrix (" + core::to_message(k) + "^2 entries of " +
                                  core::to_message(sizeof(T)) + " bytes)",
                       distance_matrix_bytes(k, n, sizeof(T), o));
  distance_matrix<T> m;
  m.k = k;
  m.members.assign(members.begin(), members.end());
  m.entries.assign(k * k, 0);
  // pull adjacency: the vertices whose frontier reaches v in one step (distances from the sources)
  const detail::sweep_graph sg = how == traversal::undirected ? detail::undirected_sweep_graph(g)
                                                              : detail::arc_sweep_graph(g, true);
  const detail::csr& pull = sg.pull;
  constexpr std::size_t W = distance_matrix_batch / 64;
  const std::size_t batches = (k + distance_matrix_batch - 1) / distance_matrix_batch;
  std::atomic<std::size_t> next_batch{0};
  std::mutex progress_mutex;
  std::size_t done = 0;
  std::atomic<bool> failed{false};
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(core::resolve_threads(o.threads), batches));
  const std::uint64_t limit = std::numeric_limits<T>::max();
  core::run_workers(workers, [&](unsigned) {
    std::vector<std::uint64_t> seen(n * W), frontier(n * W), next(n * W);
    for (;;) {
      const std::size_t b = next_batch.fetch_add(1);
      if (b >= batches || failed.load()) return;
      const std::size_t base = b * distance_matrix_batch, size = std::min<std::size_t>(k - base, distance_matrix_batch);
      std::uint64_t full[W] = {};
      for (std::size_t i = 0; i < size; ++i) full[i / 64] |= std::uint64_t{1} << (i % 64);
      std::fill(seen.begin(), seen.end(), 0);
      std::fill(frontier.begin(), frontier.end(), 0);
      for (std::size_t i = 0; i < size; ++i) {
        const auto s = members[base + i];
        seen[s * W + i / 64] |= std::uint64_t{1} << (i % 64);
        frontier[s * W + i / 64] |= std::uint64_t{1} << (i % 64);
      }
      std::uint64_t reached = size;  // (source, member) pairs found, the sources themselves at distance 0
      // each member counts itself if it is a source of this batch
      for (std::uint64_t level = 1;; ++level) {
        bool any_new = false;
        for (std::size_t v = 0; v < n; ++v) {
          std::uint64_t* sv = &seen[v * W];
          std::uint64_t* nv = &next[v * W];
          bool complete = true;
          for (std::size_t w = 0; w < W; ++w) complete &= sv[w] == full[w];
          if (complete) {
            std::fill(nv, nv + W, 0);
            continue;
          }
          std::uint64_t acc[W] = {};
          for (auto i = pull.offsets[v]; i < pull.offsets[v + 1]; ++i) {
            const std::uint64_t* f = &frontier[static_cast<std::size_t>(pull.targets[i]) * W];
            for (std::size_t w = 0; w < W; ++w) acc[w] |= f[w];
          }
          bool got = false;
          for (std::size_t w = 0; w < W; ++w) {
            nv[w] = acc[w] & ~sv[w] & full[w];
            sv[w] |= nv[w];
            got |= nv[w] != 0;
          }
          if (!got) continue;
          any_new = true;
          const std::uint32_t row = index[v];
          if (row == std::numeric_limits<std::uint32_t>::max()) continue;
          if (level > limit)
            core::fail(where, "a distance of " + core::to_message(level) + " exceeds the entry type's largest value " +
                                  core::to_message(limit) + " (accepted: choose T from distance_upper_bound)");
          T* out = &m.entries[static_cast<std::size_t>(row) * k + base];
          for (std::size_t w = 0; w < W; ++w)
            for (std::uint64_t x = nv[w]; x != 0; x &= x - 1) {
              out[w * 64 + static_cast<std::size_t>(__builtin_ctzll(x))] = static_cast<T>(level);
              ++reached;
            }
        }
        if (!any_new) break;
        std::swap(frontier, next);
      }
      if (reached != static_cast<std::uint64_t>(size) * k) {
        failed = true;
        // name one unreachable pair (the lowest target row, then the lowest source)
        for (std::uint64_t t = 0; t < k; ++t)
          for (std::size_t i = 0; i < size; ++i)
            if (base + i != t && m.entries[t * k + base + i] == 0)
              core::fail(where, "vertex " + core::to_message(members[base + i]) + " does not reach vertex " +
                                    core::to_message(members[t]) + " (accepted: members that reach each other)");
      }
      if (o.progress) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        o.progress(++done, batches);
      }
    }
  });
  return m;
}

}  // namespace shiftfly::metrics
