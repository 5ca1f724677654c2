// core/disjoint_sets.hpp: the sets equal the connected components of the unions (a brute-force
// search over the pairs), each represented by its least member, whatever the order of the unions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "shiftfly/core/disjoint_sets.hpp"

namespace disjoint_sets_test {

TEST_CASE("disjoint_sets: components of the unions, the least member representing each, in any order",
          "[core][disjoint_sets]") {
  std::uint64_t state = 7;
  const auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::uint32_t>(state >> 33);
  };
  for (int round = 0; round < 50; ++round) {
    const std::uint32_t n = 1 + next() % 40;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(next() % 30);
    for (auto& [a, b] : pairs) a = next() % n, b = next() % n;
    // brute force: the least vertex reachable from v over the pairs, by repeated relaxation
    std::vector<std::uint32_t> least(n);
    for (std::uint32_t v = 0; v < n; ++v) least[v] = v;
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& [a, b] : pairs) {
        const auto m = std::min(least[a], least[b]);
        if (least[a] != m || least[b] != m) least[a] = least[b] = m, changed = true;
      }
    }
    for (int order = 0; order < 2; ++order) {
      shiftfly::core::disjoint_sets<std::uint32_t> sets(n);
      if (order == 1) std::reverse(pairs.begin(), pairs.end());
      for (const auto& [a, b] : pairs) sets.unite(a, b);
      CHECK(sets.size() == n);
      for (std::uint32_t v = 0; v < n; ++v) CHECK(sets.find(v) == least[v]);
    }
  }
}

TEST_CASE("disjoint_sets: a member out of range is refused, naming it", "[core][disjoint_sets]") {
  shiftfly::core::disjoint_sets<std::uint32_t> sets(5);
  CHECK_THROWS_WITH(sets.find(5), Catch::Contains("x = 5") && Catch::Contains("0 to 4"));
  CHECK_THROWS_WITH(sets.unite(1, 9), Catch::Contains("x = 9"));
  CHECK_THROWS_WITH(shiftfly::core::disjoint_sets<std::uint8_t>(257), Catch::Contains("n = 257") && Catch::Contains("0 to 256"));
  CHECK_NOTHROW(shiftfly::core::disjoint_sets<std::uint8_t>(256));
  shiftfly::core::disjoint_sets<std::uint8_t> small(3);
  CHECK_THROWS_WITH(small.find(200), Catch::Contains("x = 200") && Catch::Contains("0 to 2"));
  shiftfly::core::disjoint_sets<std::uint64_t> wide(3);  // no limit on n below the memory's
  wide.unite(2, 0);
  CHECK(wide.find(2) == 0);
  shiftfly::core::disjoint_sets<std::uint32_t> none(0);
  CHECK_THROWS_WITH(none.find(0), Catch::Contains("x = 0") && Catch::Contains("empty"));
}

}  // namespace disjoint_sets_test
