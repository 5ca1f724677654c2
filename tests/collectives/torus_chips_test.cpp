// Tests for collectives/torus_chips.hpp: the chip numbering matches the torus
// graph, and the ring order is a Hamiltonian cycle of the torus.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "contributions.hpp"
#include "shiftfly/collectives/torus_chips.hpp"

namespace torus_chips_test {

namespace sc = shiftfly::collectives;
using namespace test_support;

TEST_CASE("chip numbering: x fastest, the graph's neighbours are the +-1 chips in each dimension", "[torus_chips]") {
  for (const auto& dims : small_tori()) {
    const auto g = sc::torus_links(dims);
    const auto strides = sc::torus_strides(dims);
    REQUIRE(strides[0] == 1);
    REQUIRE(g.num_vertices() == product(dims));
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (std::uint32_t v = 0; v < g.num_vertices(); ++v) REQUIRE(g.adjacent(u, v) == torus_neighbours(u, v, dims));
  }
}

TEST_CASE("torus_ring_order is a Hamiltonian cycle through every chip", "[torus_chips]") {
  auto cases = small_tori();
  cases.push_back({7});
  cases.push_back({2});
  cases.push_back({5, 3, 7});
  cases.push_back({3, 3, 3, 3});
  cases.push_back({16, 16});
  cases.push_back({2, 2, 2, 2, 2});
  for (const auto& dims : cases) {
    INFO(sc::torus_dims_text(dims));
    const auto order = sc::torus_ring_order(dims);
    const auto g = sc::torus_links(dims);
    REQUIRE(order.size() == product(dims));
    REQUIRE(order[0] == 0);
    std::vector<char> seen(order.size(), 0);
    for (auto c : order) {
      REQUIRE(c < order.size());
      REQUIRE_FALSE(seen[c]);
      seen[c] = 1;
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
      const auto a = order[i], b = order[(i + 1) % order.size()];
      REQUIRE(g.adjacent(a, b));
      REQUIRE(torus_neighbours(a, b, dims));
    }
  }
}

TEST_CASE("torus chips validate the sizes", "[torus_chips]") {
  const std::vector<std::uint64_t> empty{}, one{1, 4}, big{65536, 65536, 2};
  REQUIRE_THROWS_AS(sc::torus_chip_count(empty), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::torus_chip_count(one), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::torus_chip_count(big), std::invalid_argument);
  REQUIRE(sc::torus_dims_text(std::vector<std::uint64_t>{16, 16, 16}) == "16x16x16");
}

}  // namespace torus_chips_test
