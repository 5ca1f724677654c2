#pragma once
// The plain reference kernels the benchmarks time the library against, written as plainly as
// their algorithms: no direction switch, no batching beyond one machine word, no threads, no
// vector lanes. bench_metrics (metrics_bench.cpp) and bench_ratios (ratios.cpp, the ratio line
// that CI prints) share them, so that both measure the same baseline.
//
//   std::uint64_t plain_all_pairs_64(const G& g);          // Σ d(s, t) over ordered pairs
//   std::vector<double> plain_brandes_load(const G& g);    // spread load of every channel
#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace shiftfly_bench {

// All pairs by a 64-source bit-parallel BFS: 64 sources per sweep, every level scans every
// vertex and ORs all its neighbours' frontier words (no direction switch, no early exit, one
// thread). Returns the sum of the distances over the ordered pairs (the graph connected).
template <class G>
std::uint64_t plain_all_pairs_64(const G& g) {
  const std::size_t n = g.num_vertices();
  const auto off = g.offsets();
  const auto tgt = g.targets();
  std::vector<std::uint64_t> seen(n), frontier(n), next(n);
  std::uint64_t total = 0;
  for (std::size_t lo = 0; lo < n; lo += 64) {
    const std::size_t k = std::min<std::size_t>(64, n - lo);
    std::fill(seen.begin(), seen.end(), 0);
    std::fill(frontier.begin(), frontier.end(), 0);
    for (std::size_t i = 0; i < k; ++i) seen[lo + i] = frontier[lo + i] = std::uint64_t{1} << i;
    for (std::uint64_t level = 1;; ++level) {
      std::uint64_t count = 0;
      for (std::size_t v = 0; v < n; ++v) {
        std::uint64_t acc = 0;
        for (auto i = off[v]; i < off[v + 1]; ++i) acc |= frontier[tgt[i]];
        acc &= ~seen[v];
        next[v] = acc;
        seen[v] |= acc;
        count += static_cast<std::uint64_t>(__builtin_popcountll(acc));
      }
      if (count == 0) break;
      total += level * count;
      frontier.swap(next);
    }
  }
  return total;
}

// The load of every channel (CSR position) when every ordered pair s != t sends one unit split
// evenly over its shortest paths ("spread", metrics/paths/shortest_path_load.hpp), by Brandes'
// accumulation with the destination as the root (U. Brandes, J. Math. Sociol. 25(2), 2001): per
// destination t one BFS queue counting sigma(v) = shortest v-t paths, then the vertices from the
// farthest in, each sending its flow f(u) = 1 + what it received to the next hops v in proportion
// to sigma(v) / sigma(u). One thread, one destination at a time. Refuses a disconnected graph.
template <class G>
std::vector<double> plain_brandes_load(const G& g) {
  const std::size_t n = g.num_vertices();
  const auto off = g.offsets();
  const auto tgt = g.targets();
  constexpr auto unseen = std::numeric_limits<std::uint32_t>::max();
  std::vector<double> load(tgt.size(), 0.0), sigma(n), received(n);
  std::vector<std::uint32_t> dist(n), queue(n);
  for (std::size_t t = 0; t < n; ++t) {
    std::fill(dist.begin(), dist.end(), unseen);
    std::fill(sigma.begin(), sigma.end(), 0.0);
    std::fill(received.begin(), received.end(), 0.0);
    dist[t] = 0;
    sigma[t] = 1.0;
    queue[0] = static_cast<std::uint32_t>(t);
    std::size_t head = 0, tail = 1;
    while (head < tail) {
      const std::uint32_t u = queue[head++];
      for (auto i = off[u]; i < off[u + 1]; ++i) {
        const std::uint32_t v = static_cast<std::uint32_t>(tgt[i]);
        if (dist[v] == unseen) {
          dist[v] = dist[u] + 1;
          queue[tail++] = v;
        }
        if (dist[v] == dist[u] + 1) sigma[v] += sigma[u];
      }
    }
    if (tail != n) throw std::invalid_argument("plain_brandes_load: the graph is not connected");
    for (std::size_t k = tail - 1; k > 0; --k) {
      const std::uint32_t u = queue[k];
      const double f = 1.0 + received[u];
      for (auto i = off[u]; i < off[u + 1]; ++i) {
        const std::uint32_t v = static_cast<std::uint32_t>(tgt[i]);
        if (dist[v] + 1 != dist[u]) continue;
        const double share = f * sigma[v] / sigma[u];
        load[i] += share;
        received[v] += share;
      }
    }
  }
  return load;
}

}  // namespace shiftfly_bench
