// Arrangement networks (Day and Tripathi, IPL 1992): counts and degrees, the lexicographic
// numbering of the header against arrangements enumerated here, links exactly between
// arrangements differing in one position, the diameter by brute force against its closed form,
// A(n, 1) = K_n, and the refusals. EvalNet's graphs: evalnet_families_test.cpp; the independent
// construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/topology/arrnetwork.hpp"
#include "shiftfly/topology/family.hpp"
#include "support.hpp"

namespace arrnetwork_test {

namespace t = shiftfly::topology;

namespace {

/// Every k-permutation of 0 .. n − 1 in lexicographic order, by recursion.
void arrangements(std::uint64_t n, std::uint64_t k, std::vector<std::uint64_t>& prefix,
                  std::vector<std::vector<std::uint64_t>>& out) {
  if (prefix.size() == k) {
    out.push_back(prefix);
    return;
  }
  for (std::uint64_t s = 0; s < n; ++s)
    if (std::find(prefix.begin(), prefix.end(), s) == prefix.end()) {
      prefix.push_back(s);
      arrangements(n, k, prefix, out);
      prefix.pop_back();
    }
}

}  // namespace

TEST_CASE("arrnetwork: counts, degrees, the numbering, links between arrangements one position apart", "[arrnetwork]") {
  for (std::uint64_t n = 2; n <= 6; ++n)
    for (std::uint64_t k = 1; k < n; ++k) {
      const auto g = t::arrnetwork(n, k);
      INFO(g.name());
      std::vector<std::uint64_t> prefix;
      std::vector<std::vector<std::uint64_t>> all;
      arrangements(n, k, prefix, all);
      REQUIRE(g.num_vertices() == all.size());
      CHECK(t::arrnetwork_order(n, k) == all.size());
      CHECK(t::arrnetwork_radix(n, k) == k * (n - k));
      CHECK(g.num_edges() == all.size() * k * (n - k) / 2);
      for (std::uint32_t u = 0; u < all.size(); ++u) {
        CHECK(g.degree(u) == k * (n - k));
        CHECK(t::arrnetwork_digits(n, k, u) == all[u]);
      }
      for (std::uint32_t u = 0; u < all.size(); ++u)
        for (std::uint32_t v = u + 1; v < all.size(); ++v) {
          std::uint64_t differ = 0;
          for (std::size_t i = 0; i < k; ++i) differ += all[u][i] != all[v][i] ? 1 : 0;
          CHECK(g.adjacent(u, v) == (differ == 1));
        }
      if (k == 1) CHECK(g.num_edges() == n * (n - 1) / 2);  // K_n
    }
}

TEST_CASE("arrnetwork: the diameter is min(floor(3k/2), k + floor((n - 1)/2))", "[arrnetwork]") {
  // Day and Tripathi: floor(3k/2) for k <= floor(n/2); the star graph S_n = A(n, n - 1): floor(3(n - 1)/2)
  for (std::uint64_t n = 2; n <= 7; ++n)
    for (std::uint64_t k = 1; k < n; ++k) {
      const auto g = t::arrnetwork(n, k);
      INFO(g.name());
      const auto d = shiftfly::test::bfs(g, 0);  // vertex-transitive: vertex 0's eccentricity
      const auto ecc = *std::max_element(d.begin(), d.end());
      CHECK(ecc == std::min(3 * k / 2, k + (n - 1) / 2));
      if (n <= 5) CHECK(shiftfly::test::diameter(g) == ecc);
    }
}

TEST_CASE("arrnetwork: endpoints, link classes by position, groups by first symbol", "[arrnetwork]") {
  const auto spec = t::family_spec("arrnetwork", {{"n", std::uint64_t{5}}, {"k", std::uint64_t{3}}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == 60);
  const auto e = t::endpoints_of(spec, g);
  CHECK(std::all_of(e.begin(), e.end(), [](std::uint32_t x) { return x == 6; }));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"position 1", "position 2", "position 3"});
  for (std::uint8_t c = 0; c < 3; ++c) CHECK(std::count(classes.class_of.begin(), classes.class_of.end(), c) == 60 * 2);
  // a channel's class is the position its two arrangements differ in
  const auto offsets = g.offsets();
  const auto targets = g.targets();
  for (std::uint32_t u = 0; u < 60; ++u)
    for (auto c = offsets[u]; c < offsets[u + 1]; ++c) {
      const auto a = t::arrnetwork_digits(5, 3, u), b = t::arrnetwork_digits(5, 3, targets[c]);
      std::size_t i = 0;
      while (a[i] == b[i]) ++i;
      CHECK(classes.class_of[c] == i);
    }
}

TEST_CASE("arrnetwork: bad parameters are refused with the accepted range", "[arrnetwork][errors]") {
  for (std::uint64_t n : {0, 1})
    CHECK_THROWS_WITH(t::arrnetwork(n, 1), "arrnetwork: n = " + std::to_string(n) + " is out of range (accepted: 2 to 4294967295)");
  CHECK_THROWS_WITH(t::arrnetwork(4294967296u, 1), Catch::Contains("n = 4294967296 is out of range"));
  CHECK_THROWS_WITH(t::arrnetwork(4, 4), "arrnetwork: k = 4 is out of range (accepted: 1 to 3 at n = 4, so that k < n and "
                                         "n!/(n-k)! routers fit a 32-bit vertex id)");
  CHECK_THROWS_WITH(t::arrnetwork(4, 0), Catch::Contains("k = 0 is out of range (accepted: 1 to 3 at n = 4"));
  CHECK(t::arrnetwork_max_k() == 11);
  CHECK_THROWS_WITH(t::arrnetwork(13, 12), Catch::Contains("accepted: 1 to 11 at n = 13"));
  CHECK_THROWS_WITH(t::arrnetwork(4294967295u, 2), Catch::Contains("accepted: 1 to 1 at n = 4294967295"));
  CHECK_THROWS_WITH(t::arrnetwork(4294967295u, 1), Catch::Contains("memory"));
  CHECK(t::arrnetwork<std::uint16_t>(9, 5).num_vertices() == 15120);
  CHECK_THROWS_AS(t::arrnetwork<std::uint16_t>(10, 6), std::invalid_argument);  // 151200 routers
}

}  // namespace arrnetwork_test
