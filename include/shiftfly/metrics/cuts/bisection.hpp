#pragma once
/// \file bisection.hpp
/// Bounds on the bisection width (minimum number of edges cut by a split of the
/// vertices into halves of sizes ⌊n/2⌋ and ⌈n/2⌉), each labelled:
/// - greedy_bisection(): an upper bound, the reference artefact's local search
///   (topology/metrics.py `greedy_bisection`, seed 5, 6 rounds), with the same
///   random draws, so the same cut comes out;
/// - spectral_bisection_bound(): the lower bound λ2(L)·⌊n/2⌋·⌈n/2⌉/n ((n/4)·λ2(L) for even n), λ2(L) the
///   algebraic connectivity of the Laplacian L = D − A (M. Fiedler, Czech.
///   Math. J. 23, 1973; the bisection form is in B. Mohar, "Isoperimetric
///   numbers of graphs", JCTB 47, 1989), λ2(L) by metrics::fiedler (fiedler.hpp:
///   thick-restart Lanczos, the null vector 1 deflated; K_n and other graphs with an
///   eigenvalue of high multiplicity included).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/spectral/fiedler.hpp"

namespace shiftfly::metrics {

/// A labelled bound on the bisection width.
struct bisection_bound {
  double value = 0.0;
  /// "upper bound (greedy local search)" or "lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n)".
  std::string kind;
  /// λ2 of the Laplacian (spectral bound only).
  double laplacian_lambda2 = 0.0;
};

namespace detail {

/// Fenwick tree over a 0/1 array, with k-th one / k-th zero queries.
class bit_counter {
 public:
  explicit bit_counter(std::size_t n) : t_(n + 1, 0), n_(n) {
    for (top_ = 1; top_ * 2 <= n_;) top_ *= 2;
  }
  void add(std::size_t i, int delta) {
    for (++i; i <= n_; i += i & (~i + 1)) t_[i] += delta;
  }
  /// Index of the k-th (0-based) position whose value is `bit`.
  std::size_t kth(std::size_t k, int bit) const {
    std::size_t pos = 0;
    for (std::size_t step = top_; step; step >>= 1) {
      const std::size_t nxt = pos + step;
      if (nxt > n_) continue;
      const std::size_t here = bit ? static_cast<std::size_t>(t_[nxt]) : step - static_cast<std::size_t>(t_[nxt]);
      if (here <= k) {
        pos = nxt;
        k -= here;
      }
    }
    return pos;  // 0-based index = (number of positions skipped)
  }

 private:
  std::vector<std::int64_t> t_;
  std::size_t n_, top_ = 1;
};

}  // namespace detail

/// Upper bound on the bisection width by the reference's local search: a random balanced
/// split from shuffle(range(n)) with random.Random(seed), then up to `rounds` passes that
/// swap a vertex with more neighbours across than beside it with a random vertex of the
/// other side, keeping swaps that reduce the two vertices' crossing edges.
template <core::graph_like G>
inline bisection_bound greedy_bisection(const G& g, std::size_t rounds = 6, std::uint64_t seed = 5) {
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  core::require_range("metrics::greedy_bisection", "n", n, 1, std::uint64_t{1} << 32);
  core::require_range("metrics::greedy_bisection", "rounds", rounds, 0, 1000000);
  core::python_random rng(seed);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  rng.shuffle(order);
  std::vector<int> side(n, 0);
  detail::bit_counter ones(n);
  for (std::size_t i = n / 2; i < n; ++i) {
    side[order[i]] = 1;
    ones.add(order[i], 1);
  }
  const std::size_t count1 = n - n / 2;
  auto crossing = [&](std::size_t u) {
    std::size_t c = 0;
    for (auto v : g.neighbors(static_cast<V>(u))) c += side[v] != side[u];
    return c;
  };
  auto swap_sides = [&](std::size_t u, std::size_t w) {
    if (side[u] == side[w]) return;
    ones.add(u, side[u] ? -1 : 1);
    ones.add(w, side[w] ? -1 : 1);
    std::swap(side[u], side[w]);
  };
  for (std::size_t round = 0; round < rounds; ++round) {
    bool improved = false;
    for (std::size_t u = 0; u < n; ++u) {
      const std::size_t here = crossing(u);
      const std::size_t there = g.degree(static_cast<V>(u)) - here;
      if (!(there < here)) continue;
      const int other = 1 - side[u];
      const std::size_t candidates = other ? count1 : n - count1;
      if (candidates == 0) continue;
      const std::size_t w = ones.kth(rng.randrange(candidates), other);
      const std::size_t before = here + crossing(w);
      swap_sides(u, w);
      const std::size_t after = crossing(u) + crossing(w);
      if (after < before)
        improved = true;
      else
        swap_sides(u, w);
    }
    if (!improved) break;
  }
  std::size_t cut = 0;
  for (std::size_t u = 0; u < n; ++u) cut += crossing(u);
  return {static_cast<double>(cut / 2), "upper bound (greedy local search)", 0.0};
}

/// Lower bound λ2(L)·⌊n/2⌋·⌈n/2⌉/n on the bisection width (λ2(L) by metrics::fiedler, residual at
/// most 1e-9·max(1, λ2); n >= 2). A disconnected graph gives 0 exactly, and the method says so.
/// `o` is fiedler's (its threads share the operator's rows).
template <core::graph_like G>
inline bisection_bound spectral_bisection_bound(const G& g, const fiedler_options& o = {}) {
  const std::size_t n = g.num_vertices();
  core::require_range("metrics::spectral_bisection_bound", "n", n, 2, std::uint64_t{1} << 31);
  const auto f = fiedler(g, o);
  if (!f.connected)
    return {0.0, "lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n), lambda2(L) = 0 exactly: the graph is disconnected",
            0.0};
  const double lambda2 = std::max(0.0, f.lambda2);
  // Fiedler: a cut (S, S') has at least λ2·|S|·|S'|/n edges; a bisection has |S|·|S'| = ⌊n/2⌋·⌈n/2⌉
  // (n²/4 for even n, (n² − 1)/4 for odd n, where n/4·λ2 would overstate the bound).
  const double half = static_cast<double>(n / 2), other = static_cast<double>(n - n / 2);
  return {lambda2 * half * other / static_cast<double>(n), "lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n)", lambda2};
}

}  // namespace shiftfly::metrics
