#pragma once
/// \file disjoint_sets.hpp
/// Disjoint sets of 0..n-1 (union-find) whose representative is each set's least member, so that
/// the sets, their representatives and any numbering taken from them do not depend on the order
/// of the unions (orbits of automorphism groups, components).
///
///   template <std::unsigned_integral I = std::uint32_t> class disjoint_sets {
///     explicit disjoint_sets(std::size_t n);
///     I find(I x);                  // the least member of x's set (path halving)
///     void unite(I a, I b);
///   };
#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace shiftfly::core {

template <std::unsigned_integral I = std::uint32_t>
class disjoint_sets {
 public:
  explicit disjoint_sets(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), I{0}); }

  /// The least member of x's set.
  I find(I x) {
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
