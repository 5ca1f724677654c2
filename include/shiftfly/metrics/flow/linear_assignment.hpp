#pragma once
/// \file linear_assignment.hpp
/// Exact linear assignment on integer costs: the permutation π of 0..n-1 minimising
/// (or maximising) Σ_i cost(i, π(i)), by shortest augmenting paths with dual potentials
/// (Jonker and Volgenant 1987; the O(n³) Hungarian method in its shortest-path form).
///
/// API:
///   struct assignment_result { std::vector<std::uint64_t> assignment; std::int64_t total; };
///   assignment_result min_cost_assignment(std::uint64_t n, std::span<const std::int64_t> cost);  // row-major n×n
///   assignment_result max_cost_assignment(std::uint64_t n, std::span<const std::int64_t> cost);
///   inline constexpr std::uint64_t assignment_max_n = 5000;
///   inline constexpr std::int64_t assignment_max_cost = 2^40;
///
/// The search starts from the row reduction (each row's dual is its least cost, so every
/// reduced cost is >= 0) and a greedy matching of rows to free columns of reduced cost 0,
/// as Jonker and Volgenant's initialisation does; each row left unmatched is then joined
/// by a shortest augmenting path in the reduced costs (Dijkstra over the columns, O(n) per
/// step of the path, O(n²) per row at worst), so the whole is O(n³) time at worst and O(n)
/// memory besides the matrix. On distance matrices (the worst permutation of
/// metrics/flow/throughput_bound.hpp) most rows match at once: on the 2,000-vertex group-level
/// Shiftfly 72 rows are left to augment, and worst_permutation_bound (its BFS included)
/// took 0.67 s against 5.8 s from the empty matching; on the 2,000-group Boardfly, whose
/// rows' farthest vertices are few and shared, 526 rows are left and it took 2.7 s against
/// 3.1 s (docs/performance.md, "Throughput and bisection"). Integer arithmetic throughout:
/// with |cost| ≤ 2^40 and n ≤ 5,000, every potential and path length stays below 2^54.
/// Ties are broken by the lowest column index, so the result is deterministic.
///
/// Reference: R. Jonker and A. Volgenant, "A shortest augmenting path algorithm for dense
/// and sparse linear assignment problems", Computing 38, 1987 (docs/references.md).

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::metrics {

inline constexpr std::uint64_t assignment_max_n = 5000;
inline constexpr std::int64_t assignment_max_cost = std::int64_t{1} << 40;

/// An optimal assignment: row i goes to column assignment[i]; total = Σ cost(i, assignment[i]).
struct assignment_result {
  std::vector<std::uint64_t> assignment;
  std::int64_t total = 0;
};

namespace detail {
inline void require_assignment_input(std::string_view where, std::uint64_t n, std::span<const std::int64_t> cost) {
  core::require_range(where, "n", n, 1, assignment_max_n);
  if (cost.size() != n * n)
    core::fail_parameter(where, "cost", core::to_message(cost.size()) + " entries",
                         "is not an n x n matrix (n = " + core::to_message(n) + ")",
                         core::to_message(n * n) + " entries, row by row");
  for (const auto c : cost)
    if (c > assignment_max_cost || c < -assignment_max_cost)
      core::throw_out_of_range(where, "cost", c, "-2^40 to 2^40");
}

/// Minimises Σ sign·cost(i, π(i)); sign is +1 or −1. `warm_start`: begin from the row
/// reduction and a greedy matching on its zeros (see the file comment); false: from the
/// empty matching (the tests compare the two).
inline assignment_result assignment_core(std::uint64_t n, std::span<const std::int64_t> cost, std::int64_t sign,
                                         bool warm_start = true) {
  constexpr std::int64_t inf = std::numeric_limits<std::int64_t>::max() / 4;
  // 1-based columns, column 0 a virtual one holding the row being added
  std::vector<std::int64_t> u(n + 1, 0), v(n + 1, 0), minv(n + 1);
  std::vector<std::uint64_t> row_of(n + 1, 0), way(n + 1, 0);
  std::vector<char> used(n + 1);
  std::vector<char> matched(n + 1, 0);
  const auto c = [&](std::uint64_t i, std::uint64_t j) { return sign * cost[(i - 1) * n + (j - 1)]; };
  if (warm_start) {
    // u(i) = the row's least cost and v = 0 are feasible duals (every reduced cost >= 0);
    // a row takes its lowest free column of reduced cost 0, so the matching is tight.
    for (std::uint64_t i = 1; i <= n; ++i) {
      std::int64_t m = c(i, 1);
      for (std::uint64_t j = 2; j <= n; ++j) m = std::min(m, c(i, j));
      u[i] = m;
      for (std::uint64_t j = 1; j <= n; ++j)
        if (row_of[j] == 0 && c(i, j) == m) {
          row_of[j] = i, matched[i] = 1;
          break;
        }
    }
  }
  for (std::uint64_t i = 1; i <= n; ++i) {
    if (matched[i]) continue;
    row_of[0] = i;
    std::uint64_t j0 = 0;
    std::fill(minv.begin(), minv.end(), inf);
    std::fill(used.begin(), used.end(), 0);
    do {
      used[j0] = 1;
      const std::uint64_t i0 = row_of[j0];
      std::int64_t delta = inf;
      std::uint64_t j1 = 0;
      for (std::uint64_t j = 1; j <= n; ++j) {
        if (used[j]) continue;
        const std::int64_t cur = c(i0, j) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (std::uint64_t j = 0; j <= n; ++j) {
        if (used[j]) {
          u[row_of[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (row_of[j0] != 0);
    do {  // augment along the path
      const std::uint64_t j1 = way[j0];
      row_of[j0] = row_of[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  assignment_result r;
  r.assignment.assign(n, 0);
  for (std::uint64_t j = 1; j <= n; ++j) r.assignment[row_of[j] - 1] = j - 1;
  for (std::uint64_t i = 0; i < n; ++i) r.total += cost[i * n + r.assignment[i]];
  return r;
}
}  // namespace detail

/// The permutation minimising Σ cost(i, π(i)) (cost row-major, n×n).
inline assignment_result min_cost_assignment(std::uint64_t n, std::span<const std::int64_t> cost) {
  detail::require_assignment_input("min_cost_assignment", n, cost);
  return detail::assignment_core(n, cost, 1);
}

/// The permutation maximising Σ cost(i, π(i)) (cost row-major, n×n).
inline assignment_result max_cost_assignment(std::uint64_t n, std::span<const std::int64_t> cost) {
  detail::require_assignment_input("max_cost_assignment", n, cost);
  return detail::assignment_core(n, cost, -1);
}

}  // namespace shiftfly::metrics
