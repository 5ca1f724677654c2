// Dragonfly (Kim, Dally, Scott, Abts 2008): for every a, h <= 8 (every valid g when
// a·h <= 24, up to six values of g otherwise) in both arrangements: order a·g, the degree of
// every router, m links per group pair and every router's global links into distinct
// groups, and the exact diameter (bitset balls, checked against BFS); edge sets equal
// to the Python construction of the fixtures; and every bad parameter refused.
#include <catch2/catch.hpp>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/topology/dragonfly.hpp"
#include "family_fixtures.hpp"
#include "support.hpp"

namespace dragonfly_test {

namespace t = shiftfly::topology;

constexpr t::dragonfly_arrangement both[] = {t::dragonfly_arrangement::consecutive,
                                             t::dragonfly_arrangement::circulant};

// Group counts checked per (a, h): every valid g when a·h <= 24, otherwise the ends,
// the neighbours of the ends, the middle and the g − 1 dividing a·h nearest the middle.
std::set<std::uint64_t> groups_checked(std::uint64_t a, std::uint64_t h) {
  const std::uint64_t lo = h + 1, hi = a * h + 1;
  std::set<std::uint64_t> out;
  if (a * h <= 24) {
    for (std::uint64_t g = lo; g <= hi; ++g) out.insert(g);
    return out;
  }
  out = {lo, lo + 1, (lo + hi) / 2, hi - 1, hi};
  for (std::uint64_t g = (lo + hi) / 2; g <= hi; ++g)
    if ((a * h) % (g - 1) == 0) {
      out.insert(g);
      break;
    }
  return out;
}

// Exact diameter by balls: B_1(v) = N[v], B_{k+1}(v) = union of B_k(u) over u in N[v];
// the diameter is the first k with every ball the whole vertex set (bitsets; an
// independent method, checked against BFS below).
template <class G>
std::uint32_t ball_diameter(const G& g) {
  const std::size_t n = g.num_vertices(), words = (n + 63) / 64;
  std::vector<std::uint64_t> cur(n * words, 0), next(n * words, 0);
  auto row = [words](std::vector<std::uint64_t>& b, std::size_t v) { return b.data() + v * words; };
  for (std::size_t v = 0; v < n; ++v) {
    row(cur, v)[v / 64] |= std::uint64_t{1} << (v % 64);
    for (auto u : g.neighbors(static_cast<typename G::vertex_type>(v))) row(cur, v)[u / 64] |= std::uint64_t{1} << (u % 64);
  }
  const std::uint64_t last = n % 64 ? (std::uint64_t{1} << (n % 64)) - 1 : ~std::uint64_t{0};
  for (std::uint32_t k = 1; k <= n; ++k) {
    bool full = true;
    for (std::size_t v = 0; v < n && full; ++v)
      for (std::size_t w = 0; w < words && full; ++w)
        if (row(cur, v)[w] != (w + 1 == words ? last : ~std::uint64_t{0})) full = false;
    if (full) return k;
    next = cur;
    for (std::size_t v = 0; v < n; ++v)
      for (auto u : g.neighbors(static_cast<typename G::vertex_type>(v)))
        for (std::size_t w = 0; w < words; ++w) row(next, v)[w] |= row(cur, u)[w];
    if (next == cur) return shiftfly::test::unreached;
    std::swap(cur, next);
  }
  return shiftfly::test::unreached;
}

TEST_CASE("dragonfly: order, degrees, links per group pair for every a, h <= 8 and several g", "[dragonfly]") {
  for (std::uint64_t a = 1; a <= 8; ++a)
    for (std::uint64_t h = 1; h <= 8; ++h)
      for (std::uint64_t g : dragonfly_test::groups_checked(a, h))
        for (auto arr : dragonfly_test::both) {
          INFO("a=" << a << " h=" << h << " g=" << g << " " << t::dragonfly_arrangement_name(arr));
          const auto G = t::dragonfly(a, h, g, arr);
          REQUIRE(G.num_vertices() == a * g);
          REQUIRE(t::dragonfly_order(a, h, g) == a * g);
          const std::uint64_t m = a * h / (g - 1);
          REQUIRE(t::dragonfly_links_per_pair(a, h, g) == m);
          // links between groups, counted; each router's global neighbours in distinct groups
          std::vector<std::uint64_t> between(g * g, 0), seen(g, ~std::uint64_t{0});
          bool distinct = true, degrees = true, local_complete = true;
          for (std::uint32_t u = 0; u < G.num_vertices(); ++u) {
            const std::uint64_t gu = u / a;
            std::uint64_t local = 0;
            for (auto v : G.neighbors(u)) {
              const std::uint64_t gv = v / a;
              if (gv == gu) {
                ++local;
                continue;
              }
              if (seen[gv] == u) distinct = false;
              seen[gv] = u;
              if (u < v) ++between[gu * g + gv];
            }
            if (local != a - 1) local_complete = false;
            if (G.degree(u) != t::dragonfly_router_degree(a, h, g, u % a) || G.degree(u) > t::dragonfly_radix(a, h))
              degrees = false;
          }
          CHECK(distinct);
          CHECK(degrees);
          CHECK(local_complete);
          bool each_m = true;
          for (std::uint64_t i = 0; i < g; ++i)
            for (std::uint64_t k = i + 1; k < g; ++k)
              if (between[i * g + k] != m) each_m = false;
          CHECK(each_m);  // every group pair joined by exactly m links
          CHECK(G.num_edges() == g * a * (a - 1) / 2 + t::dragonfly_global_links(a, h, g));
          CHECK(t::dragonfly_global_links(a, h, g) == m * g * (g - 1) / 2);
          // unused ports exactly a·h − m(g − 1) per group
          std::uint64_t used = 0;
          for (std::uint64_t j = 0; j < a; ++j) used += t::dragonfly_router_degree(a, h, g, j) - (a - 1);
          CHECK(used == m * (g - 1));
        }
}

TEST_CASE("dragonfly: the diameter is 1 (a = 1), 2 (g = h + 1), 3 (consecutive), 2 or 3 (circulant)",
          "[dragonfly]") {
  for (std::uint64_t a = 1; a <= 8; ++a)
    for (std::uint64_t h = 1; h <= 8; ++h)
      for (std::uint64_t g : dragonfly_test::groups_checked(a, h))
        for (auto arr : dragonfly_test::both) {
          INFO("a=" << a << " h=" << h << " g=" << g << " " << t::dragonfly_arrangement_name(arr));
          const auto G = t::dragonfly(a, h, g, arr);
          const auto d = t::dragonfly_diameter(a, h, g, arr);
          const auto exact = dragonfly_test::ball_diameter(G);
          if (G.num_vertices() <= 60) CHECK(exact == shiftfly::test::diameter(G));  // balls agree with BFS
          if (d) {
            CHECK(exact == *d);
          } else {
            CHECK(arr == t::dragonfly_arrangement::circulant);
            CHECK(a >= 2);
            CHECK(g > h + 1);
            CHECK((exact == 2 || exact == 3));
          }
        }
  // BFS on the largest graphs, and the circulant examples of diameter 2 named in the header
  CHECK(shiftfly::test::diameter(t::dragonfly(8, 8)) == 3);
  CHECK(shiftfly::test::diameter(t::dragonfly(8, 8, 65, t::dragonfly_arrangement::circulant)) == 3);
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
  CHECK_THROWS_WITH(t::dragonfly(4, 2, 10), Catch::Contains("dragonfly") && Catch::Contains("groups = 10") &&
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
  CHECK_THROWS_AS(t::dragonfly_global_links(std::uint64_t{1} << 31, std::uint64_t{1} << 31, std::uint64_t{1} << 62),
                  invalid_parameter);  // the link count overflows 64 bits
  CHECK(t::dragonfly_radix(4, 2) == 5);
  CHECK_THROWS_AS(t::dragonfly_router_degree(4, 2, 9, 4), invalid_parameter);
}

}  // namespace dragonfly_test
