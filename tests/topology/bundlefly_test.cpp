// Bundlefly (Lei et al., ICS 2020): counts and degrees, the supernodes' Paley graphs, the bundles
// as perfect matchings along Slim Fly's links mapping a supernode's Paley graph onto its
// complement, the diameter 3, the numbering of the header, and the refusals. EvalNet's graphs:
// evalnet_families_test.cpp; the independent construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/topology/bundlefly.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "support.hpp"

namespace bundlefly_test {

namespace t = shiftfly::topology;

TEST_CASE("bundlefly: counts, degrees, supernodes and bundles, the diameter 3", "[bundlefly]") {
  struct instance {
    std::uint64_t q, p;
  };
  for (const auto& in : {instance{3, 5}, instance{4, 5}, instance{5, 5}, instance{3, 9}, instance{3, 13}, instance{7, 5},
                         instance{4, 17}}) {
    const std::uint64_t q = in.q, p = in.p;  // plain variables: Clang 14 refuses lambdas capturing structured bindings
    const auto g = t::bundlefly(q, p);
    INFO(g.name());
    const auto mms = t::slimfly(q);
    const std::uint64_t n = 2 * q * q * p, k = t::slimfly_radix(q) + (p - 1) / 2;
    REQUIRE(g.num_vertices() == n);
    CHECK(t::bundlefly_order(q, p) == n);
    CHECK(t::bundlefly_radix(q, p) == k);
    CHECK(g.num_edges() == n * k / 2);
    for (std::uint32_t u = 0; u < n; ++u) CHECK(g.degree(u) == k);
    // every supernode a Paley graph: (p - 1)/2-regular inside, strongly regular with
    // lambda = (p - 5)/4 and mu = (p - 1)/4; checked on supernode 0
    auto common = [&](std::uint32_t a, std::uint32_t b) {
      std::uint64_t c = 0;
      for (auto v : g.neighbors(a)) c += v < p && g.adjacent(b, v) ? 1 : 0;
      return c;
    };
    for (std::uint32_t a = 0; a < p; ++a) {
      std::uint64_t inside = 0;
      for (auto v : g.neighbors(a)) inside += v < p ? 1 : 0;
      CHECK(inside == (p - 1) / 2);
      for (std::uint32_t b = a + 1; b < p; ++b) CHECK(common(a, b) == (g.adjacent(a, b) ? (p - 5) / 4 : (p - 1) / 4));
    }
    // links between supernodes s and t: a perfect matching iff {s, t} is a Slim Fly link, and
    // it maps s's Paley graph onto the complement of t's
    std::vector<std::uint64_t> links(mms.num_vertices(), 0);
    for (std::uint32_t s = 0; s < mms.num_vertices(); s += 5) {
      std::fill(links.begin(), links.end(), 0);
      std::vector<std::uint32_t> image(p);
      for (std::uint32_t a = 0; a < p; ++a)
        for (auto v : g.neighbors(static_cast<std::uint32_t>(s * p + a)))
          if (v / p != s) ++links[v / p];
      for (std::uint32_t t2 = 0; t2 < mms.num_vertices(); ++t2) CHECK(links[t2] == (mms.adjacent(s, t2) ? p : 0));
      for (auto t2 : mms.neighbors(s)) {
        for (std::uint32_t a = 0; a < p; ++a)
          for (auto v : g.neighbors(static_cast<std::uint32_t>(s * p + a)))
            if (v / p == t2) image[a] = static_cast<std::uint32_t>(v % p);
        for (std::uint32_t a = 0; a < p; ++a)
          for (std::uint32_t b = a + 1; b < p; ++b)
            CHECK(g.adjacent(static_cast<std::uint32_t>(s * p + a), static_cast<std::uint32_t>(s * p + b)) !=
                  g.adjacent(static_cast<std::uint32_t>(t2 * p + image[a]), static_cast<std::uint32_t>(t2 * p + image[b])));
      }
    }
    if (n <= 300) CHECK(shiftfly::test::diameter(g) == 3);
  }
}

TEST_CASE("bundlefly: the numbering of the header", "[bundlefly]") {
  // GF(5): primitive element 2, squares {1, 4}; Slim Fly q = 3's first link 0 ~ 1 (s < t)
  const auto g = t::bundlefly(3, 5);
  const auto mms = t::slimfly(3);
  for (std::uint32_t a = 0; a < 5; ++a) {
    CHECK(g.adjacent(a, (a + 1) % 5));
    CHECK(g.adjacent(a, (a + 4) % 5));
    CHECK(!g.adjacent(a, (a + 2) % 5));
  }
  for (std::uint32_t s = 0; s < 18; ++s)
    for (auto t2 : mms.neighbors(s))
      if (s < t2)
        for (std::uint32_t a = 0; a < 5; ++a) CHECK(g.adjacent(s * 5 + a, t2 * 5 + (2 * a) % 5));
}

TEST_CASE("bundlefly: endpoints, link classes and groups by supernode", "[bundlefly]") {
  const auto spec = t::family_spec("bundlefly", {{"q", std::uint64_t{4}}, {"paley", std::uint64_t{9}}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == 288);
  const auto e = t::endpoints_of(spec, g);  // radix 6 + 4 = 10: 3 endpoints a router
  CHECK(std::all_of(e.begin(), e.end(), [](std::uint32_t x) { return x == 3; }));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"intra-supernode", "inter-supernode"});
  CHECK(std::count(classes.class_of.begin(), classes.class_of.end(), 0) == 288 * 4);
  CHECK(std::count(classes.class_of.begin(), classes.class_of.end(), 1) == 288 * 6);
}

TEST_CASE("bundlefly: bad parameters are refused with the accepted range", "[bundlefly][errors]") {
  const auto hi = std::to_string(t::bundlefly_max_paley());
  CHECK(hi == "65521");
  for (std::uint64_t p : {0, 1, 2, 3, 4, 7, 11, 15, 21, 65522, 65537})
    CHECK_THROWS_WITH(t::bundlefly(3, p), "bundlefly: paley = " + std::to_string(p) +
                                              " is out of range (accepted: a prime power 1 mod 4 from 5 to 65521)");
  const auto qmax = t::bundlefly_q_range(5).max;
  CHECK(2 * qmax * qmax * 5 <= 4294967295u);
  for (std::uint64_t q : {std::uint64_t{0}, std::uint64_t{2}, std::uint64_t{6}, std::uint64_t{10}, qmax + 1})
    CHECK_THROWS_WITH(t::bundlefly(q, 5), "bundlefly: q = " + std::to_string(q) +
                                              " is out of range (accepted: a prime power from 3 to " + std::to_string(qmax) +
                                              " at paley = 5, so that 2q^2 p routers fit a 32-bit vertex id)");
  // at the largest paley, q = 181: 2 * 181^2 * 65521 < 2^32
  CHECK(t::bundlefly_q_range(65521).max == 181);
  CHECK_THROWS_WITH(t::bundlefly(qmax, 5), Catch::Contains("memory"));
  // 16-bit ids: paley and q shrink with them
  CHECK(t::bundlefly_max_paley<std::uint16_t>() <= 65535 / 18);
  CHECK_THROWS_AS(t::bundlefly<std::uint16_t>(3, 4001), std::invalid_argument);
  CHECK_THROWS_AS(t::bundlefly<std::uint16_t>(81, 5), std::invalid_argument);  // 2 * 81^2 * 5 = 65610
  CHECK(t::bundlefly<std::uint16_t>(3, 5).num_vertices() == 90);
}

}  // namespace bundlefly_test
