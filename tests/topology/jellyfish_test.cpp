// Jellyfish (Singla et al. 2012): r-regular (one router r − 1 when N·r is odd) and simple
// for every N <= 30, 1 <= r < N, seeds 1 and 2; connected at the fixture sizes and at
// N = 2,000, r = 24; the same seed gives the same links, another seed other links; and
// the links equal, pair for pair, those of the independent Python implementation of the
// documented procedure with random.Random(seed) (tests/fixtures/families/jellyfish.txt;
// the two dense cases, which reach every branch of the procedure, by SHA-256 digest).
#include <catch2/catch.hpp>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "shiftfly/topology/jellyfish.hpp"
#include "family_fixtures.hpp"
#include "support.hpp"

namespace jellyfish_test {

namespace t = shiftfly::topology;

// Degrees r everywhere, except one router of degree r − 1 when N·r is odd.
template <class G>
bool regular_but_parity(const G& g, std::uint64_t n, std::uint64_t r) {
  std::uint64_t short_one = 0;
  for (std::uint32_t u = 0; u < n; ++u) {
    if (g.degree(u) == r) continue;
    if (g.degree(u) + 1 == r) ++short_one;
    else return false;
  }
  return short_one == (n * r) % 2;
}

template <class G>
bool connected(const G& g) {
  for (auto d : shiftfly::test::bfs(g, 0))
    if (d == shiftfly::test::unreached) return false;
  return true;
}

TEST_CASE("jellyfish: r-regular (one router r - 1 when N·r is odd) and simple for every N <= 30, r < N", "[jellyfish]") {
  for (std::uint64_t n = 2; n <= 30; ++n)
    for (std::uint64_t r = 1; r < n; ++r)
      for (std::uint64_t seed : {1, 2}) {
        INFO("N=" << n << " r=" << r << " seed=" << seed);
        const auto g = t::jellyfish(n, r, seed);
        REQUIRE(g.num_vertices() == n);
        CHECK(g.num_edges() == n * r / 2);  // from_edges would have merged a repeated link
        CHECK(jellyfish_test::regular_but_parity(g, n, r));
      }
  // r = N − 1 is the complete graph
  CHECK(t::jellyfish(9, 8, 5).num_edges() == 36);
}

TEST_CASE("jellyfish: connected at the fixture sizes and at N = 2,000, r = 24", "[jellyfish]") {
  for (auto [n, r] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{{30, 5}, {40, 6}, {100, 11}, {57, 4}})
    CHECK(jellyfish_test::connected(t::jellyfish(n, r)));
  const auto g = t::jellyfish(2000, 24, 7);
  CHECK(g.num_edges() == 24000);
  CHECK(jellyfish_test::regular_but_parity(g, 2000, 24));
  CHECK(jellyfish_test::connected(g));
}

TEST_CASE("jellyfish: the same seed gives the same links, another seed others", "[jellyfish]") {
  const auto a = t::jellyfish(200, 7, 3), b = t::jellyfish(200, 7, 3), c = t::jellyfish(200, 7, 4);
  CHECK(shiftfly::test::edges_of(a) == shiftfly::test::edges_of(b));
  CHECK(shiftfly::test::edges_of(a) != shiftfly::test::edges_of(c));
  CHECK(shiftfly::test::edges_of(t::jellyfish(200, 7)) == shiftfly::test::edges_of(t::jellyfish(200, 7, 1)));
  CHECK(a.name() == "Jellyfish(N=200,r=7,seed=3)");
  // 64-bit seeds take two key words, as in CPython
  CHECK(shiftfly::test::edges_of(t::jellyfish(50, 5, std::uint64_t{1} << 40)) !=
        shiftfly::test::edges_of(t::jellyfish(50, 5, 0)));
}

TEST_CASE("jellyfish: equals the Python implementation with random.Random(seed), link for link", "[jellyfish]") {
  const auto fx = shiftfly::test::family_fixtures("jellyfish.txt");
  REQUIRE(fx.size() >= 14);
  std::size_t digests = 0;
  for (const auto& [key, f] : fx) {
    INFO(key);
    std::uint64_t n = 0, r = 0, seed = 0;
    REQUIRE(std::sscanf(key.c_str(), "jellyfish_%" SCNu64 "_%" SCNu64 "_%" SCNu64, &n, &r, &seed) == 3);
    const auto g = t::jellyfish(n, r, seed);
    CHECK(g.num_vertices() == f.n);
    CHECK(g.num_edges() == f.m);
    if (f.sha256.empty()) {
      CHECK(shiftfly::test::edges_of(g) == f.edges);
    } else {
      ++digests;
      CHECK(shiftfly::test::sha256(shiftfly::test::edge_text(g)) == f.sha256);
    }
  }
  CHECK(digests == 2);
}

TEST_CASE("jellyfish: bad parameters are refused with the accepted range", "[jellyfish]") {
  using shiftfly::core::invalid_parameter;
  CHECK_THROWS_WITH(t::jellyfish(5, 5), Catch::Contains("jellyfish") && Catch::Contains("routers = 5") &&
                                            Catch::Contains("6 to"));
  CHECK_THROWS_WITH(t::jellyfish(5, 0), Catch::Contains("degree = 0"));
  CHECK_THROWS_AS(t::jellyfish(std::uint64_t{1} << 33, 3), invalid_parameter);
  CHECK_THROWS_WITH(t::jellyfish<std::uint64_t>((std::uint64_t{1} << 32) + 1, 3), Catch::Contains("4294967296"));
  CHECK_THROWS_AS(t::jellyfish<std::uint16_t>(70000, 3), invalid_parameter);
  CHECK_THROWS_AS(t::jellyfish(4'000'000'000, 4'000'000), invalid_parameter);  // memory refused before allocating
}

}  // namespace jellyfish_test
