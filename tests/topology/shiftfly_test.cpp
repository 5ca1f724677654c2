// Shiftfly (§4): group level at out-degree ports/2 (Proposition 4.3), the
// Kautz construction of least sufficient D, and the chip level.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "support.hpp"

namespace shiftfly_test {

namespace t = shiftfly::topology;

TEST_CASE("shiftfly: group level is II(G, ports/2) and fits the port budget", "[shiftfly]") {
  CHECK(t::shiftfly_out_degree(40) == 20);
  for (std::uint64_t ports : {4, 10, 40})
    for (std::uint64_t n : {2, 36, 144, 1000}) {
      const auto g = t::shiftfly_group_level(n, ports);
      INFO(n << " groups, " << ports << " ports");
      CHECK(shiftfly::test::arc_text(g) == shiftfly::test::arc_text(t::imase_itoh(n, ports / 2)));
      CHECK(g.max_degree() <= ports);
    }
  const auto one = t::shiftfly_group_level(1);
  CHECK(one.num_vertices() == 1);
  CHECK(one.num_edges() == 0);
}

TEST_CASE("shiftfly: Kautz construction uses the least sufficient D", "[shiftfly]") {
  const auto k = t::shiftfly_group_level(12500, 40, t::shiftfly_construction::kautz);
  CHECK(k.num_vertices() == 21 * 8000);  // K(20, 4)
  const auto ref = t::kautz(20, 4);
  bool same = true;
  for (std::uint32_t u = 0; u < ref.num_vertices() && same; ++u)
    same = std::ranges::equal(k.out_arcs(u), ref.out_arcs(u));
  CHECK(same);
  const auto k3 = t::shiftfly_group_level(8400, 40, t::shiftfly_construction::kautz);
  CHECK(k3.num_vertices() == 8400);
  CHECK(t::kautz_order(20, t::smallest_kautz_diameter(8401, 20)) == 168000);
  CHECK(k.max_degree() == 40);
}

TEST_CASE("shiftfly: chip level contracts to the group level and respects the port budget", "[shiftfly]") {
  for (auto c : {t::shiftfly_construction::imase_itoh, t::shiftfly_construction::kautz})
    for (std::uint64_t n : {1, 12, 100}) {
      const auto groups = t::shiftfly_group_level(n, 8, c);
      const auto chips = t::shiftfly_chip_level(n, 8, c);
      INFO(n << " groups");
      REQUIRE(chips.num_vertices() == groups.num_vertices() * 32);
      std::set<std::pair<std::uint64_t, std::uint64_t>> a, b;
      std::vector<std::size_t> optical(groups.num_vertices(), 0);
      for (std::uint32_t u = 0; u < chips.num_vertices(); ++u)
        for (auto v : chips.neighbors(u))
          if (u / 32 != v / 32) {
            ++optical[u / 32];
            if (u / 32 < v / 32) a.insert({u / 32, v / 32});
          }
      for (std::uint32_t u = 0; u < groups.num_vertices(); ++u)
        for (auto v : groups.neighbors(u))
          if (u < v) b.insert({u, v});
      CHECK(a == b);
      // One optical link per physical group edge: degree within the 8-port budget.
      for (std::uint32_t u = 0; u < groups.num_vertices(); ++u) CHECK(optical[u] == groups.degree(u));
    }
  // At 40 ports every chip keeps Boardfly's budget: at most 7 links.
  const auto chips = t::shiftfly_chip_level(500);
  CHECK(chips.max_degree() <= 7);
  // Eq. (1): chip distance is at most 3(g+1) + g for g group hops.
  const auto groups = t::shiftfly_group_level(500);
  const auto gd = shiftfly::test::diameter(groups);
  for (std::uint32_t s : {0u, 777u, 15999u}) {
    const auto dist = shiftfly::test::bfs(chips, s);
    for (auto x : dist) CHECK(x <= t::chip_hops(std::uint64_t{gd}));
  }
}

TEST_CASE("shiftfly: bad input is refused before allocation", "[shiftfly][errors]") {
  CHECK_THROWS_WITH(t::shiftfly_group_level(0), "shiftfly: groups = 0 is out of range (accepted: 1 to 4294967295)");
  CHECK_THROWS_WITH(t::shiftfly_group_level(100, 41),
                    "shiftfly: ports = 41 is out of range (accepted: an even number from 4 to 131068)");
  CHECK_THROWS_WITH(t::shiftfly_group_level(100, 2), "shiftfly: ports = 2 is out of range (accepted: an even number from 4 to 131068)");
  CHECK_THROWS_AS(t::shiftfly_chip_level(200000000), std::invalid_argument);
  CHECK_THROWS_AS(t::shiftfly_group_level(4000000000ull, 40, t::shiftfly_construction::kautz), std::invalid_argument);
  CHECK_THROWS_WITH(t::parse_shiftfly_construction("moore"),
                    "shiftfly: construction = moore is out of range (accepted: imase-itoh or kautz)");
}

}  // namespace shiftfly_test
