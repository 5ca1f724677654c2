#pragma once
/// \file moore.hpp
/// Moore bounds (Shiftfly paper, Theorem 3.1) and the least diameter they allow.
///
/// The bounds are exact integers (Boost.Multiprecision cpp_int): Moore(6, 33)
/// is about 1.7e23 and does not fit in 64 bits.

#include <cstdint>

#include <boost/multiprecision/cpp_int.hpp>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::topology {

/// Exact unbounded integer used for the Moore bounds.
using big_int = boost::multiprecision::cpp_int;

/// Largest degree and diameter the bounds accept (keeps the integers small enough to print).
inline constexpr std::uint64_t moore_max_degree = std::uint64_t{1} << 32;
inline constexpr std::uint64_t moore_max_diameter = 100000;

/// Theorem 3.1 (undirected Moore bound): a graph of maximum degree Δ and
/// diameter D has at most 1 + Δ Σ_{i=0}^{D-1} (Δ-1)^i vertices
/// (2 at Δ = 1, 2D + 1 at Δ = 2).
inline big_int moore_bound(std::uint64_t delta, std::uint64_t diameter) {
  core::require_range("moore_bound", "delta", delta, 1, moore_max_degree);
  core::require_range("moore_bound", "D", diameter, 1, moore_max_diameter);
  if (delta == 1) return big_int{2};
  if (delta == 2) return big_int{2} * diameter + 1;
  big_int total = 1, term = 1;
  for (std::uint64_t i = 0; i < diameter; ++i) {
    total += term * delta;
    term *= (delta - 1);
  }
  return total;
}

/// Directed Moore bound: a digraph of out-degree d and diameter D has at most
/// Σ_{i=0}^{D} d^i = (d^{D+1} - 1)/(d - 1) vertices (D + 1 at d = 1).
inline big_int directed_moore_bound(std::uint64_t d, std::uint64_t diameter) {
  core::require_range("directed_moore_bound", "d", d, 1, moore_max_degree);
  core::require_range("directed_moore_bound", "D", diameter, 1, moore_max_diameter);
  big_int total = 0, term = 1;
  for (std::uint64_t i = 0; i <= diameter; ++i) {
    total += term;
    term *= d;
  }
  return total;
}

/// Least diameter D with moore_bound(Δ, D) >= n: no graph on n vertices of
/// maximum degree Δ has a smaller diameter (Theorem 3.1). At Δ = 1 only n <= 2 is feasible.
inline std::uint64_t min_diameter_for(std::uint64_t delta, std::uint64_t n) {
  core::require_range("min_diameter_for", "delta", delta, 1, moore_max_degree);
  core::require_at_least("min_diameter_for", "n", n, 1);
  if (delta == 1) {
    if (n > 2) core::throw_out_of_range("min_diameter_for", "n", n, "1 to 2 at delta = 1");
    return 1;
  }
  if (delta == 2) return n <= 3 ? 1 : (n - 1 + 1) / 2;  // 2D + 1 >= n
  // Grows at least geometrically (factor delta - 1 >= 2), so at most 64 steps for a 64-bit n.
  big_int total = 1, term = 1;
  for (std::uint64_t diameter = 1;; ++diameter) {
    total += term * delta;
    term *= (delta - 1);
    if (total >= n) return diameter;
  }
}

/// Least diameter D with directed_moore_bound(d, D) >= n (d >= 1).
inline std::uint64_t directed_min_diameter_for(std::uint64_t d, std::uint64_t n) {
  core::require_range("directed_min_diameter_for", "d", d, 1, moore_max_degree);
  core::require_at_least("directed_min_diameter_for", "n", n, 1);
  if (d == 1) return n <= 2 ? 1 : n - 1;
  big_int total = 1, term = 1;
  for (std::uint64_t diameter = 1;; ++diameter) {
    term *= d;
    total += term;
    if (total >= n) return diameter;
  }
}

}  // namespace shiftfly::topology
