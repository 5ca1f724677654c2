// Brute force shared by the rail fabrics' tests (rail_optimized_test.cpp, rail_only_test.cpp): the
// endpoint bisection of a small graph whose first `accelerators` vertices are the endpoints.
#pragma once

#include <algorithm>
#include <cstdint>

#include <catch2/catch.hpp>

#include "shiftfly/core/graph.hpp"

namespace shiftfly::test {

/// The fewest links cut by a split of the first `accelerators` vertices into halves, every other
/// vertex (a switch) on either side: every subset of half the accelerators (the first one on side
/// 1), every placement of the switches.
inline std::uint64_t brute_force_endpoint_bisection(const core::graph<std::uint32_t>& g, std::uint32_t accelerators) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices()), switches = n - accelerators;
  REQUIRE(accelerators % 2 == 0);
  REQUIRE(accelerators <= 16);
  REQUIRE(switches <= 14);
  std::uint64_t best = g.num_edges();
  for (std::uint32_t side = 0; side < (1u << accelerators); ++side) {
    if (static_cast<std::uint32_t>(__builtin_popcount(side)) != accelerators / 2 || (side & 1u) == 0) continue;
    for (std::uint32_t place = 0; place < (1u << switches); ++place) {
      const std::uint64_t mask = side | (static_cast<std::uint64_t>(place) << accelerators);
      std::uint64_t cut = 0;
      for (std::uint32_t u = 0; u < n && cut < best; ++u)
        for (auto v : g.neighbors(u))
          if (u < v && ((mask >> u) & 1u) != ((mask >> v) & 1u)) ++cut;
      best = std::min(best, cut);
    }
  }
  return best;
}

}  // namespace shiftfly::test
