// The Cascade Dragonfly of the Cray XC (Alverson et al., 2012): the group of 6 chassis x 16
// routers (15 rank-1 and 5 rank-2 neighbours a router, distance two inside a group), the global
// ports spread evenly (a router's 10 optical ports all used at 241 groups), the refusals.
// EvalNet's graphs: evalnet_families_test.cpp; the greedy placement as the independent
// construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/topology/casdf.hpp"
#include "shiftfly/topology/family.hpp"
#include "support.hpp"

namespace casdf_test {

namespace t = shiftfly::topology;

TEST_CASE("casdf: counts, the group's two ranks, the global ports spread slot by slot", "[casdf]") {
  for (std::uint64_t groups : {1, 2, 3, 7, 25, 97, 241}) {
    const auto g = t::casdf(groups);
    INFO(g.name());
    CHECK(g.num_vertices() == 96 * groups);
    CHECK(g.num_edges() == groups * (6 * 120 + 16 * 15) + 4 * groups * (groups - 1) / 2);
    const std::uint64_t ports = 4 * (groups - 1);  // a group's global links
    std::vector<std::uint64_t> global(g.num_vertices(), 0);
    std::set<std::uint64_t> joined;  // group pairs
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
      std::uint64_t rank1 = 0, rank2 = 0;
      for (auto v : g.neighbors(u)) {
        if (u / 96 != v / 96) {
          ++global[u];
          joined.insert(std::min(u / 96, v / 96) * 1000 + std::max(u / 96, v / 96));
        } else if (u / 16 == v / 16) {
          ++rank1;
        } else {
          CHECK(u % 16 == v % 16);  // rank-2: the same slot of another chassis
          ++rank2;
        }
      }
      CHECK(rank1 == 15);
      CHECK(rank2 == 5);
      // the k-th global link of a group on slot (k / 6) mod 16 of chassis k mod 6: router
      // (chassis c, slot s) is the (6 s + c)-th in turn and carries the links k ≡ 6 s + c (mod 96)
      const std::uint64_t turn = 6 * (u % 16) + (u % 96) / 16;
      CHECK(global[u] == ports / 96 + (turn < ports % 96 ? 1 : 0));
      CHECK(global[u] <= 10);
    }
    CHECK(joined.size() == groups * (groups - 1) / 2);  // every group pair joined
    // a group is K16 x K6: two hops inside it
    const auto d = shiftfly::test::bfs(g, 0);
    for (std::uint32_t v = 0; v < 96; ++v) CHECK(d[v] == (v == 0 ? 0u : (v / 16 == 0 || v % 16 == 0) ? 1u : 2u));
  }
  // at 241 groups every router uses its 10 optical ports (Alverson et al.: 40 network ports,
  // 15 rank-1, 15 rank-2 cables, 10 rank-3)
  const auto full = t::casdf(241);
  for (std::uint32_t u = 0; u < full.num_vertices(); ++u) CHECK(full.degree(u) == 15 + 5 + 10);
}

TEST_CASE("casdf: four nodes a router, groups of 96, the three ranks as link classes", "[casdf]") {
  const auto spec = t::family_spec("casdf", {{"groups", std::uint64_t{2}}});
  const auto g = t::make_graph(spec);
  const auto e = t::endpoints_of(spec, g);
  REQUIRE(e.size() == 192);
  for (auto x : e) CHECK(x == 4u);
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"rank-1", "rank-2", "rank-3"});
  const auto one = t::family_spec("casdf", {{"groups", std::uint64_t{1}}});
  CHECK(t::classify_channels(one, t::make_graph(one)).names == std::vector<std::string>{"rank-1", "rank-2"});
}

TEST_CASE("casdf: bad parameters are refused with the accepted range", "[casdf][errors]") {
  CHECK_THROWS_WITH(t::casdf(0), "casdf: groups = 0 is out of range (accepted: 1 to 241)");
  CHECK_THROWS_WITH(t::casdf(242), "casdf: groups = 242 is out of range (accepted: 1 to 241)");
}

}  // namespace casdf_test
