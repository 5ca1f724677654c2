// Dragonfly (Kim, Dally, Scott, Abts 2008): for every a, h <= 8 and every valid g in
// both arrangements, order a·g, the degree of every router, m links per group pair
// and every router's global links into distinct groups; the exact diameter by BFS on
// a spread of g per (a, h); edge sets equal to the Python construction of the
// fixtures; and every bad parameter refused.
#include <catch2/catch.hpp>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/topology/dragonfly.hpp"
#include "family_fixtures.hpp"
#include "support.hpp"

namespace t = shiftfly::topology;

namespace dragonfly_test {

constexpr t::dragonfly_arrangement both[] = {t::dragonfly_arrangement::consecutive,
                                             t::dragonfly_arrangement::circulant};

// Group counts whose diameter is checked by BFS: the ends and the middle of the range.
std::set<std::uint64_t> diameter_groups(std::uint64_t a, std::uint64_t h) {
  const std::uint64_t lo = h + 1, hi = a * h + 1;
  return {lo, std::min(lo + 1, hi), (lo + hi) / 2, hi - 1 < lo ? lo : hi - 1, hi};
}

}  // namespace dragonfly_test

TEST_CASE("dragonfly: order, degrees, links per group pair for every a, h <= 8 and every g", "[dragonfly]") {
  for (std::uint64_t a = 1; a <= 8; ++a)
    for (std::uint64_t h = 1; h <= 8; ++h)
      for (std::uint64_t g = h + 1; g <= a * h + 1; ++g)
        for (auto arr : dragonfly_test::both) {
          INFO("a=" << a << " h=" << h << " g=" << g << " " << t::dragonfly_arrangement_name(arr));
          const auto G = t::dragonfly(a, h, g, arr);
          REQUIRE(G.num_vertices() == a * g);
          REQUIRE(t::dragonfly_order(a, h, g) == a * g);
          const std::uint64_t m = a * h / (g - 1);
          REQUIRE(t::dragonfly_links_per_pair(a, h, g) == m);
          // links between groups, counted; each router's global neighbours in distinct groups
          std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> between;
          bool distinct = true, degrees = true, local_complete = true;
          for (std::uint32_t u = 0; u < G.num_vertices(); ++u) {
            const std::uint64_t gu = u / a;
            std::set<std::uint64_t> seen;
            std::uint64_t local = 0;
            for (auto v : G.neighbors(u)) {
              const std::uint64_t gv = v / a;
              if (gv == gu) {
                ++local;
                continue;
              }
              if (!seen.insert(gv).second) distinct = false;
              if (u < v) ++between[{gu, gv}];
            }
            if (local != a - 1) local_complete = false;
            if (G.degree(u) != t::dragonfly_router_degree(a, h, g, u % a) || G.degree(u) > t::dragonfly_radix(a, h))
              degrees = false;
          }
          CHECK(distinct);
          CHECK(degrees);
          CHECK(local_complete);
          CHECK(between.size() == g * (g - 1) / 2);
          bool each_m = true;
          for (auto& [pair, count] : between)
            if (count != m) each_m = false;
          CHECK(each_m);
          CHECK(G.num_edges() == g * a * (a - 1) / 2 + t::dragonfly_global_links(a, h, g));
          CHECK(t::dragonfly_global_links(a, h, g) == m * g * (g - 1) / 2);
          // unused ports exactly a·h − m(g − 1) per group
          std::uint64_t used = 0;
          for (std::uint64_t j = 0; j < a; ++j) used += t::dragonfly_router_degree(a, h, g, j) - (a - 1);
          CHECK(used == m * (g - 1));
        }
}

TEST_CASE("dragonfly: the diameter by BFS is 1 (a = 1), 2 (g = h + 1), 3 (consecutive), 2 or 3 (circulant)",
          "[dragonfly]") {
  for (std::uint64_t a = 1; a <= 8; ++a)
    for (std::uint64_t h = 1; h <= 8; ++h) {
      // consecutive: every g
      for (std::uint64_t g = h + 1; g <= a * h + 1; ++g) {
        INFO("a=" << a << " h=" << h << " g=" << g << " consecutive");
        const auto G = t::dragonfly(a, h, g, t::dragonfly_arrangement::consecutive);
        const auto d = t::dragonfly_diameter(a, h, g, t::dragonfly_arrangement::consecutive);
        REQUIRE(d.has_value());
        CHECK(shiftfly::test::diameter(G) == *d);
      }
      // circulant: the ends and the middle of the range of g
      for (std::uint64_t g : dragonfly_test::diameter_groups(a, h)) {
        INFO("a=" << a << " h=" << h << " g=" << g << " circulant");
        const auto G = t::dragonfly(a, h, g, t::dragonfly_arrangement::circulant);
        const auto d = t::dragonfly_diameter(a, h, g, t::dragonfly_arrangement::circulant);
        const auto bfs = shiftfly::test::diameter(G);
        if (d) {
          CHECK(bfs == *d);
        } else {
          CHECK(a >= 2);
          CHECK(g > h + 1);
          CHECK((bfs == 2 || bfs == 3));
        }
      }
    }
  // the circulant examples of diameter 2 named in the header, and one of diameter 3
  CHECK(shiftfly::test::diameter(t::dragonfly(2, 2, 5, t::dragonfly_arrangement::circulant)) == 2);
  CHECK(shiftfly::test::diameter(t::dragonfly(3, 8, 12, t::dragonfly_arrangement::circulant)) == 2);
  CHECK(shiftfly::test::diameter(t::dragonfly(4, 2, 9, t::dragonfly_arrangement::circulant)) == 3);
}

TEST_CASE("dragonfly: the largest balanced Dragonfly, a = 2h, g = a·h + 1, has diameter 3", "[dragonfly]") {
  for (std::uint64_t h = 1; h <= 4; ++h) {
    const std::uint64_t a = 2 * h;
    const auto G = t::dragonfly(a, h);
    CHECK(G.num_vertices() == a * (a * h + 1));
    CHECK(G.max_degree() == a - 1 + h);
    CHECK(G.num_edges() == (a * h + 1) * a * (a - 1 + h) / 2);  // every port used
    CHECK(shiftfly::test::diameter(G) == 3);
  }
  // the published example: a = 4, h = 2, 9 groups, 36 routers of radix 5
  const auto G = t::dragonfly(4, 2);
  CHECK(G.num_vertices() == 36);
  CHECK(G.name() == "Dragonfly(a=4,h=2,g=9,consecutive)");
}

TEST_CASE("dragonfly: equals the Python construction from the definitions (fixtures)", "[dragonfly]") {
  const auto fx = shiftfly::test::family_fixtures("dragonfly.txt");
  REQUIRE(fx.size() >= 10);
  for (const auto& [key, f] : fx) {
    INFO(key);
    std::uint64_t a = 0, h = 0, g = 0;
    char arr[32] = {};
    REQUIRE(std::sscanf(key.c_str(), "dragonfly_%" SCNu64 "_%" SCNu64 "_%" SCNu64 "_%31s", &a, &h, &g, arr) == 4);
    const auto G = t::dragonfly(a, h, g, t::parse_dragonfly_arrangement(arr));
    CHECK(G.num_vertices() == f.n);
    CHECK(shiftfly::test::edges_of(G) == f.edges);
  }
}

TEST_CASE("dragonfly: the two arrangements differ but the circulant one is vertex-transitive on groups", "[dragonfly]") {
  const auto c = t::dragonfly(3, 2, 7, t::dragonfly_arrangement::consecutive);
  const auto r = t::dragonfly(3, 2, 7, t::dragonfly_arrangement::circulant);
  CHECK(shiftfly::test::edges_of(c) != shiftfly::test::edges_of(r));
  // circulant: shifting every group by one (u -> u + a mod n) maps the graph to itself
  bool invariant = true;
  const std::uint32_t n = static_cast<std::uint32_t>(r.num_vertices());
  for (std::uint32_t u = 0; u < n; ++u)
    for (auto v : r.neighbors(u))
      if (!r.adjacent((u + 3) % n, (v + 3) % n)) invariant = false;
  CHECK(invariant);
}

TEST_CASE("dragonfly: bad parameters are refused with the accepted range", "[dragonfly]") {
  using shiftfly::core::invalid_parameter;
  CHECK_THROWS_AS(t::dragonfly(0, 2, 3), invalid_parameter);
  CHECK_THROWS_AS(t::dragonfly(2, 0, 3), invalid_parameter);
  CHECK_THROWS_WITH(t::dragonfly(4, 2, 10), Catch::Contains("dragonfly") && Catch::Contains("g = 10") &&
                                                 Catch::Contains("3 to 9"));
  CHECK_THROWS_AS(t::dragonfly(4, 2, 2), invalid_parameter);  // g < h + 1: two links from a router into one group
  CHECK_THROWS_AS(t::dragonfly(4, 4, 4), invalid_parameter);
  CHECK_THROWS_AS(t::dragonfly(1, 3, 3), invalid_parameter);
  CHECK_THROWS_AS(t::dragonfly(std::uint64_t{1} << 32, 1), invalid_parameter);
  CHECK_THROWS_AS(t::dragonfly(std::uint64_t{1} << 20, std::uint64_t{1} << 20), invalid_parameter);  // a·g overflows 32 bits
  CHECK_THROWS_AS(t::dragonfly<std::uint16_t>(64, 16), invalid_parameter);  // 64 x 1,025 routers > 65,535
  CHECK(t::dragonfly<std::uint16_t>(16, 16).num_vertices() == 16 * 257);
  CHECK_THROWS_WITH(t::parse_dragonfly_arrangement("absolute"), Catch::Contains("consecutive or circulant"));
  CHECK(t::parse_dragonfly_arrangement("circulant") == t::dragonfly_arrangement::circulant);
  CHECK(t::dragonfly_arrangement_name(t::dragonfly_arrangement::consecutive) == "consecutive");
  CHECK(t::dragonfly_max_groups(4, 2) == 9);
  CHECK(t::dragonfly_radix(4, 2) == 5);
  CHECK_THROWS_AS(t::dragonfly_router_degree(4, 2, 9, 4), invalid_parameter);
}
