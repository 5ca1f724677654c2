#pragma once
/// \file assignment.hpp
/// One home for the assignment solvers: which one fits which matrix, and the third of them, the
/// double-valued rectangular matching (routing's worst-case channel load solves one channel's
/// rows with it; metrics/flow does not include routing, so it lives here, below both).
///
/// API (the names of the two headers included stay as they were):
///   assignment_result min_cost_assignment(n, cost), max_cost_assignment(n, cost);   // linear_assignment.hpp
///   certified_assignment max_weight_assignment(k, entries, scale);                  // small_weight_assignment.hpp
///   struct weighted_matching { match, u, v };
///   weighted_matching max_weight_matching(std::size_t r, std::size_t c, const std::vector<double>& w);
///
/// Which solver:
/// | matrix | solver | why |
/// |---|---|---|
/// | n × n integer costs, \|cost\| ≤ 2^40, n ≤ 5,000 | min/max_cost_assignment (Jonker–Volgenant shortest augmenting paths) | exact integer arithmetic, O(n³) at worst, most rows matched by the row reduction |
/// | k × k small non-negative integers (hop distances × endpoints), any k that fits | max_weight_assignment (Hungarian, primal–dual forest phases) | one byte an entry, phases of O(k) a forest row; dual potentials checked |
/// | r × c doubles ≥ 0 (one channel's fractional weights) | max_weight_matching (Hungarian, one tree a row) | weights with no common integer scale; its potentials are the dual certificate |
///
/// max_weight_matching: the maximum-weight matching of the dense r x c weight matrix w (row-major,
/// every weight >= 0) by the primal–dual Hungarian method (Kuhn 1955) with non-negative potentials
/// u (rows) and v (columns), u_i + v_j >= w_ij and equality on the matching; a row or column with
/// a positive potential is matched; a row whose potential reaches 0 may stay free. match[i] is row
/// i's column or -1. O(r² (r + c)). Its caller recomputes the certificate's sum as it needs it
/// (routing/worst_case_load.hpp raises every column's potential to max_s (w − u_s)).
///
/// Reference: H. W. Kuhn, "The Hungarian method for the assignment problem", Naval Research
/// Logistics Quarterly 2, 1955 (docs/references.md).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "shiftfly/metrics/flow/linear_assignment.hpp"
#include "shiftfly/metrics/flow/small_weight_assignment.hpp"

namespace shiftfly::metrics {

/// A maximum-weight matching and its potentials (see the file comment).
struct weighted_matching {
  std::vector<std::int64_t> match;  ///< row i's column, or -1
  std::vector<double> u, v;         ///< row and column potentials, u_i + v_j >= w_ij
};

/// The maximum-weight matching of the dense r x c matrix w >= 0 (see the file comment).
inline weighted_matching max_weight_matching(std::size_t r, std::size_t c, const std::vector<double>& w) {
  weighted_matching m;
  m.match.assign(r, -1);
  m.u.assign(r, 0.0);
  m.v.assign(c, 0.0);
  std::vector<std::int64_t> row_of(c, -1), from_row(c, -1);
  std::vector<double> slack(c);
  std::vector<char> col_in_tree(c);
  double scale = 0.0;
  for (std::size_t i = 0; i < r; ++i)
    for (std::size_t j = 0; j < c; ++j) {
      m.u[i] = std::max(m.u[i], w[i * c + j]);
      scale = std::max(scale, w[i * c + j]);
    }
  const double eps = 1e-13 * std::max(1.0, scale);
  const auto augment = [&](std::int64_t j) {  // flips the tree path ending at column j
    while (j >= 0) {
      const auto i = static_cast<std::size_t>(from_row[static_cast<std::size_t>(j)]);
      const std::int64_t next = m.match[i];
      m.match[i] = j;
      row_of[static_cast<std::size_t>(j)] = static_cast<std::int64_t>(i);
      j = next;
    }
  };
  std::vector<std::size_t> tree_rows;
  for (std::size_t root = 0; root < r; ++root) {
    if (m.u[root] <= eps) {
      m.u[root] = 0.0;
      continue;  // a row whose potential is 0 may stay free
    }
    std::fill(col_in_tree.begin(), col_in_tree.end(), 0);
    tree_rows.assign(1, root);
    for (std::size_t j = 0; j < c; ++j) {
      slack[j] = m.u[root] + m.v[j] - w[root * c + j];
      from_row[j] = static_cast<std::int64_t>(root);
    }
    while (true) {
      // δ1: the least slack to a column outside the tree; δ2: the least row potential in it
      double d1 = std::numeric_limits<double>::infinity();
      std::size_t j1 = c;
      for (std::size_t j = 0; j < c; ++j)
        if (!col_in_tree[j] && slack[j] < d1) d1 = slack[j], j1 = j;
      double d2 = std::numeric_limits<double>::infinity();
      std::size_t i2 = r;
      for (auto i : tree_rows)
        if (m.u[i] < d2) d2 = m.u[i], i2 = i;
      const double delta = std::max(0.0, std::min(d1, d2));
      for (auto i : tree_rows) m.u[i] -= delta;
      for (std::size_t j = 0; j < c; ++j) {
        if (col_in_tree[j])
          m.v[j] += delta;
        else
          slack[j] -= delta;
      }
      if (d2 <= d1) {
        // a tree row's potential reached 0: it leaves the matching (the root, if it is, stays free)
        m.u[i2] = 0.0;
        if (i2 != root) {
          const std::int64_t j = m.match[i2];
          m.match[i2] = -1;
          row_of[static_cast<std::size_t>(j)] = -1;
          augment(j);
        }
        break;
      }
      // column j1 became tight
      slack[j1] = 0.0;
      col_in_tree[j1] = 1;
      if (row_of[j1] < 0) {
        augment(static_cast<std::int64_t>(j1));
        break;
      }
      const auto i = static_cast<std::size_t>(row_of[j1]);
      tree_rows.push_back(i);
      for (std::size_t j = 0; j < c; ++j)
        if (!col_in_tree[j]) {
          const double s = m.u[i] + m.v[j] - w[i * c + j];
          if (s < slack[j]) slack[j] = s, from_row[j] = static_cast<std::int64_t>(i);
        }
    }
  }
  return m;
}

}  // namespace shiftfly::metrics
