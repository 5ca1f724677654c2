// Tests of topology/xpander.hpp: d-regular, one link from every router to every other
// meta-node, equal link for link to the Python implementation of its documented draws with
// random.Random(seed) (tests/fixtures/families/xpander.txt, make_family_fixtures.py), and
// bad parameters refused with the accepted range.
#include <catch2/catch.hpp>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/xpander.hpp"
#include "family_fixtures.hpp"
#include "support.hpp"

namespace xpander_test {

namespace xt = shiftfly::topology;

TEST_CASE("xpander: d-regular, simple, one link to every other meta-node", "[xpander]") {
  for (std::uint64_t d = 1; d <= 9; ++d)
    for (std::uint64_t lift = 1; lift <= 12; lift += 3) {
      const auto g = xt::xpander(d, lift, d + lift);
      INFO("d=" << d << " L=" << lift);
      REQUIRE(g.num_vertices() == (d + 1) * lift);
      CHECK(g.num_edges() == (d + 1) * d * lift / 2);
      bool ok = true;
      for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
        std::vector<int> seen(d + 1, 0);
        for (const auto u : g.neighbors(v)) ++seen[u / lift];
        for (std::uint64_t i = 0; i <= d; ++i) ok &= seen[i] == (i == v / lift ? 0 : 1);
      }
      CHECK(ok);
    }
  // L = 1 is K_(d+1) itself
  const auto k = xt::xpander(6, 1);
  CHECK(k.num_edges() == 21);
}

TEST_CASE("xpander: equals the Python implementation with random.Random(seed), link for link", "[xpander]") {
  const auto fx = shiftfly::test::family_fixtures("xpander.txt");
  REQUIRE(fx.size() >= 8);
  for (const auto& [key, f] : fx) {
    INFO(key);
    std::uint64_t d = 0, lift = 0, seed = 0;
    REQUIRE(std::sscanf(key.c_str(), "xpander_%" SCNu64 "_%" SCNu64 "_%" SCNu64, &d, &lift, &seed) == 3);
    const auto g = xt::xpander(d, lift, seed);
    CHECK(g.num_vertices() == f.n);
    CHECK(g.num_edges() == f.m);
    CHECK(shiftfly::test::edges_of(g) == f.edges);
  }
  // another seed draws other matchings
  CHECK(shiftfly::test::edges_of(xt::xpander(5, 20, 1)) != shiftfly::test::edges_of(xt::xpander(5, 20, 2)));
}

TEST_CASE("xpander: the registry's descriptor builds it, and bad parameters are refused", "[xpander]") {
  const auto& f = xt::family_named("xpander", "test");
  CHECK(f.make(f.example).num_vertices() == 12);
  CHECK_THROWS_WITH(xt::xpander(0, 3), Catch::Contains("xpander") && Catch::Contains("degree = 0"));
  CHECK_THROWS_WITH(xt::xpander(3, 0), Catch::Contains("lift = 0"));
  CHECK_THROWS_WITH(xt::xpander<std::uint16_t>(9, 7000), Catch::Contains("lift") && Catch::Contains("1 to 6553 at degree = 9, so that (d + 1) x L routers fit a 16-bit"));
  CHECK_THROWS_AS(xt::xpander(4'000'000, 1000), shiftfly::core::invalid_parameter);  // refused before allocating
}

}  // namespace xpander_test
