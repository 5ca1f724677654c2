#pragma once
/// \file small_weight_assignment.hpp
/// The maximum-weight assignment of a dense k×k matrix of small non-negative integers (hop
/// distances, scaled by endpoint counts), with a dual certificate checked at the end.
///
/// API:
///   struct certified_assignment { column_of_row, total, row_potential, column_potential,
///                                 greedy_rows, phases, dual_steps };
///   certified_assignment max_weight_assignment(std::uint64_t k, std::span<const T> entries,
///                                              std::span<const std::uint32_t> scale = {});
///   inline constexpr std::int64_t small_weight_assignment_max_weight = 2^31 - 1;
///
/// The weight of (r, c) is min(scale[r], scale[c])·entries[r·k + c] (scale empty: the entry):
/// the throughput upper bound TUB of Namyar et al. weights a pair of routers by the smaller of
/// their endpoint counts. The result maximises Σ_r w(r, column_of_row[r]) over permutations.
///
/// Why not the double-valued Hungarian of routing/worst_case_load.hpp: it solves one channel's
/// few rows at a time in floating point, O(r²(r + c)); here every row of a dense integer matrix
/// takes part and the weights are exact small integers. Why not the O(k³) shortest-augmenting-path method of linear_assignment.hpp: at 21,316
/// routers its dense search is 10^13 steps, and its 8-byte costs need 3.6 GB. Here the weights
/// are integers in a short range (a diameter of 4 or 5), so the matrix is one byte an entry and
/// almost every row has thousands of columns at its own maximum. The method is the Hungarian
/// method (Kuhn 1955; Munkres 1957) in its primal–dual form, organised for that case:
/// 1. potentials u_r = max_c w(r,c), v_c = 0 (feasible: u_r + v_c ≥ w(r,c)), and a greedy
///    matching of each row to the first free column where its weight is u_r (tight);
/// 2. phases: an alternating forest grows from every free row at once over tight pairs
///    (a row scans its whole row once, keeping for every column outside the forest its least
///    slack u_r + v_c − w(r,c)); a tree that reaches a free column stops and is augmented at the
///    end of the phase, every tree's path at once (the trees are disjoint); when no tree can
///    grow and none has reached a free column, the potentials move by δ = the least slack
///    (u down on the forest's rows, v up on its columns: a whole number ≥ 1) and the forest
///    grows on, from the columns that became tight.
/// Each phase costs O(k) per forest row; phases end only in augmentations. On the worst
/// permutation of a 21,316-router Jellyfish the greedy step matches all but a handful of rows
/// and every row is matched at the diameter (docs/performance.md).
///
/// Certificate (independent of the search): after it, every pair is checked to satisfy
/// u_r + v_c ≥ w(r,c), and Σ u + Σ v is checked to equal the matching's weight. By weak LP
/// duality no permutation weighs more than Σ u + Σ v, so the matching is a maximum. A check that
/// fails would be a bug, and throws std::logic_error rather than return an uncertified answer.
///
/// Memory: the matrix (the caller's) and O(k) words. Time: O(k²) for the greedy step and the
/// certificate, plus O(k) per forest row and phase. Deterministic: serial, ties to the lowest
/// index.
///
/// References: H. W. Kuhn, "The Hungarian method for the assignment problem", Naval Research
/// Logistics Quarterly 2, 1955; J. Munkres, J. SIAM 5(1), 1957; P. Namyar et al., SIGCOMM 2021
/// (docs/references.md).

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::metrics {

/// Largest weight min(scale)·entry max_weight_assignment accepts (potentials stay in 64 bits).
inline constexpr std::int64_t small_weight_assignment_max_weight = (std::int64_t{1} << 31) - 1;

/// A maximum-weight assignment and the potentials that prove it (see the file comment).
struct certified_assignment {
  std::vector<std::uint32_t> column_of_row;
  std::int64_t total = 0;                     ///< Σ_r w(r, column_of_row[r]) = Σ u + Σ v
  std::vector<std::int64_t> row_potential;     ///< u
  std::vector<std::int64_t> column_potential;  ///< v; u_r + v_c ≥ w(r, c) for every pair
  std::uint64_t greedy_rows = 0;               ///< rows matched by the greedy step
  std::uint64_t phases = 0;                    ///< forest phases (each ends in augmentations)
  std::uint64_t dual_steps = 0;                ///< potential moves
};

namespace detail {

/// Refuses a matrix that is not k×k, a scale that does not give one value a row or has a 0,
/// and weights above small_weight_assignment_max_weight.
template <class T>
void require_small_weights(std::uint64_t k, std::span<const T> entries, std::span<const std::uint32_t> scale) {
  constexpr const char* where = "max_weight_assignment";
  core::require_range(where, "k", k, 1, std::uint64_t{0xfffffffeU});
  if (entries.size() != k * k)
    core::fail_parameter(where, "entries", core::to_message(entries.size()) + " entries",
                         "is not a k x k matrix (k = " + core::to_message(k) + ")", core::to_message(k * k) + " entries");
  if (!scale.empty() && scale.size() != k)
    core::fail_parameter(where, "scale", core::to_message(scale.size()) + " values", "does not give one per row",
                         core::to_message(k) + " values, or none");
  std::uint64_t top_scale = 1;
  for (const auto s : scale) {
    if (s == 0) core::throw_out_of_range(where, "scale", s, "1 or more (leave routers without endpoints out)");
    top_scale = std::max<std::uint64_t>(top_scale, s);
  }
  T top_entry = 0;
  for (const auto e : entries) top_entry = std::max(top_entry, e);
  if (static_cast<long double>(top_entry) * static_cast<long double>(top_scale) >
      static_cast<long double>(small_weight_assignment_max_weight))
    core::fail_parameter(where, "entries", core::to_message(static_cast<std::uint64_t>(top_entry)),
                         "times the largest scale " + core::to_message(top_scale) + " exceeds the weight limit",
                         "weights up to " + core::to_message(small_weight_assignment_max_weight));
}

/// The steps of max_weight_assignment (see the file comment): start, phases, certificate.
template <class T>
class small_weight_search {
 public:
  static constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::int64_t infinite = std::numeric_limits<std::int64_t>::max();

  small_weight_search(std::uint64_t k_, const T* M_, std::span<const std::uint32_t> scale_, bool weighted_)
      : k(k_), M(M_), scale(scale_), weighted(weighted_) {}

  /// The whole search; `factor` (one common scale) multiplies the total and the potentials.
  certified_assignment run(std::int64_t factor) {
    start();
    grow_phases();
    certify(factor);
    return std::move(a);
  }

 private:
  std::int64_t weight(std::uint64_t r, std::uint64_t c) const {
    const std::int64_t e = M[r * k + c];
    return weighted ? e * static_cast<std::int64_t>(std::min(scale[r], scale[c])) : e;
  }

  /// 1. potentials u_r = max_c w(r,c), v_c = 0, and the greedy matching: the first free column
  /// where the row's weight is its maximum.
  void start() {
    a.row_potential.assign(k, 0);
    a.column_potential.assign(k, 0);
    auto& u = a.row_potential;
    row_match.assign(k, none);
    col_match.assign(k, none);
    for (std::uint64_t r = 0; r < k; ++r) {
      std::int64_t best = 0;
      for (std::uint64_t c = 0; c < k; ++c) best = std::max(best, weight(r, c));
      u[r] = best;
    }
    for (std::uint64_t r = 0; r < k; ++r)
      for (std::uint64_t c = 0; c < k; ++c)
        if (col_match[c] == none && weight(r, c) == u[r]) {
          row_match[r] = static_cast<std::uint32_t>(c);
          col_match[c] = static_cast<std::uint32_t>(r);
          ++a.greedy_rows;
          break;
        }
  }

  /// 2. phases over a forest rooted at every free row, until every row is matched.
  void grow_phases() {
    tree_of_row.resize(k);
    pred.resize(k);
    slack_row.resize(k);
    slack.resize(k);
    col_in_tree.resize(k);
    tree_done.resize(k);
    queue.reserve(k);
    while (plant_forest()) {
      ++a.phases;
      grow_forest();
      augment();
    }
  }

  /// The forest's roots: every free row (false: none is left).
  bool plant_forest() {
    queue.clear();
    found.clear();
    std::fill(tree_of_row.begin(), tree_of_row.end(), none);
    std::fill(col_in_tree.begin(), col_in_tree.end(), 0);
    std::fill(slack.begin(), slack.end(), infinite);
    for (std::uint64_t r = 0; r < k; ++r)
      if (row_match[r] == none) {
        tree_of_row[r] = static_cast<std::uint32_t>(r);
        tree_done[r] = 0;
        queue.push_back(static_cast<std::uint32_t>(r));
      }
    return !queue.empty();
  }

  /// A column joins the tree of row r; a free one ends that tree.
  void join(std::uint64_t c, std::uint32_t r) {
    col_in_tree[c] = 1;
    pred[c] = r;
    const std::uint32_t root = tree_of_row[r];
    if (col_match[c] == none) {
      tree_done[root] = 1;
      found.push_back(static_cast<std::uint32_t>(c));
      return;
    }
    tree_of_row[col_match[c]] = root;
    queue.push_back(col_match[c]);
  }

  /// Grows the trees over tight pairs, moving the potentials when none can grow, until some
  /// tree reaches a free column.
  void grow_forest() {
    const auto& u = a.row_potential;
    const auto& v = a.column_potential;
    std::size_t head = 0;
    for (;;) {
      while (head < queue.size()) {
        const std::uint32_t r = queue[head++];
        if (tree_done[tree_of_row[r]]) continue;
        for (std::uint64_t c = 0; c < k; ++c) {
          if (col_in_tree[c]) continue;
          const std::int64_t s = u[r] + v[c] - weight(r, c);
          if (s == 0) {
            join(c, r);
            if (tree_done[tree_of_row[r]]) break;
          } else if (s < slack[c]) {
            slack[c] = s;
            slack_row[c] = r;
          }
        }
      }
      if (!found.empty()) return;
      move_potentials();
    }
  }

  /// No tree can grow: move the potentials by the least slack (a whole number >= 1), then join
  /// the columns that became tight.
  void move_potentials() {
    auto& u = a.row_potential;
    auto& v = a.column_potential;
    std::int64_t delta = infinite;
    for (std::uint64_t c = 0; c < k; ++c)
      if (!col_in_tree[c]) delta = std::min(delta, slack[c]);
    if (delta == infinite || delta <= 0) throw std::logic_error("max_weight_assignment: no slack to move by (a bug)");
    ++a.dual_steps;
    for (std::uint64_t r = 0; r < k; ++r)
      if (tree_of_row[r] != none) u[r] -= delta;
    for (std::uint64_t c = 0; c < k; ++c) {
      if (col_in_tree[c]) {
        v[c] += delta;
      } else if (slack[c] != infinite) {
        slack[c] -= delta;
      }
    }
    for (std::uint64_t c = 0; c < k; ++c)
      if (!col_in_tree[c] && slack[c] == 0 && !tree_done[tree_of_row[slack_row[c]]]) join(c, slack_row[c]);
  }

  /// Augments every tree that reached a free column along its path.
  void augment() {
    for (const std::uint32_t end : found) {
      std::uint32_t c = end;
      for (;;) {
        const std::uint32_t r = pred[c];
        const std::uint32_t previous = row_match[r];
        row_match[r] = c;
        col_match[c] = r;
        if (previous == none) break;
        c = previous;
      }
    }
  }

  /// The certificate: u_r + v_c >= w(r,c) everywhere, and the potentials sum to the matching's weight.
  void certify(std::int64_t factor) {
    auto& u = a.row_potential;
    auto& v = a.column_potential;
    std::int64_t matched = 0, potentials = 0;
    for (std::uint64_t r = 0; r < k; ++r) {
      const std::int64_t ur = u[r];
      for (std::uint64_t c = 0; c < k; ++c)
        if (ur + v[c] < weight(r, c)) throw std::logic_error("max_weight_assignment: the potentials are not feasible (a bug)");
      matched += weight(r, row_match[r]);
      potentials += u[r] + v[r];
    }
    if (matched != potentials) throw std::logic_error("max_weight_assignment: the certificate does not close (a bug)");
    a.column_of_row = std::move(row_match);
    a.total = matched * factor;
    if (factor != 1) {
      for (auto& x : u) x *= factor;
      for (auto& x : v) x *= factor;
    }
  }

  const std::uint64_t k;
  const T* M;
  std::span<const std::uint32_t> scale;
  const bool weighted;
  certified_assignment a;
  std::vector<std::uint32_t> row_match, col_match;
  std::vector<std::uint32_t> tree_of_row, pred, slack_row, queue, found;
  std::vector<std::int64_t> slack;
  std::vector<char> col_in_tree, tree_done;
};

}  // namespace detail

/// The maximum-weight assignment of w(r,c) = min(scale[r], scale[c])·entries[r·k + c].
template <class T>
certified_assignment max_weight_assignment(std::uint64_t k, std::span<const T> entries,
                                           std::span<const std::uint32_t> scale = {}) {
  static_assert(std::is_unsigned_v<T>, "entries are unsigned integers");
  detail::require_small_weights(k, entries, scale);
  // one common scale factors out (the weights are its multiples): the search runs on the entries
  bool common = !scale.empty();
  for (const auto s : scale) common &= s == scale[0];
  const std::int64_t factor = common ? scale[0] : 1;
  const bool weighted = !scale.empty() && !common;
  return detail::small_weight_search<T>(k, entries.data(), scale, weighted).run(factor);
}

}  // namespace shiftfly::metrics
