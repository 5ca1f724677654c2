#pragma once
/// \file disjoint_sets.hpp
/// Disjoint sets of 0..n-1 (union-find) whose representative is each set's least member, so that
/// the sets, their representatives and any numbering taken from them do not depend on the order
/// of the unions (orbits of automorphism groups, components).
///
///   template <std::unsigned_integral I = std::uint32_t> class disjoint_sets {
///     explicit disjoint_sets(std::size_t n);  // n <= the largest I + 1
///     I find(I x);                  // the least member of x's set (path halving); x < n
///     void unite(I a, I b);         // a, b < n
///   };
/// A member out of range throws invalid_parameter naming it and the range.
#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <limits>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::core {

template <std::unsigned_integral I = std::uint32_t>
class disjoint_sets {
 public:
  explicit disjoint_sets(std::size_t n) {
    if constexpr (std::numeric_limits<I>::digits < 64)
      require_range("disjoint_sets", "n", n, 0, std::uint64_t{std::numeric_limits<I>::max()} + 1);
    parent_.resize(n);
    std::iota(parent_.begin(), parent_.end(), I{0});
  }

  /// The least member of x's set.
  I find(I x) {
    if (x >= parent_.size()) [[unlikely]]
      throw_out_of_range("disjoint_sets::find", "x", std::uint64_t{x},
                         parent_.empty() ? std::string("none: the sets are empty") : "0 to " + to_message(parent_.size() - 1));
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }

  /// Joins the sets of a and b.
  void unite(I a, I b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

  [[nodiscard]] std::size_t size() const noexcept { return parent_.size(); }

 private:
  std::vector<I> parent_;
};

}  // namespace shiftfly::core
