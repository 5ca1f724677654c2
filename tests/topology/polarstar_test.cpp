// PolarStar (Lakhotia et al., SPAA 2024) with the Inductive-Quad supernode: the IQ graph's degree,
// order and involution (f(y) never a neighbour of y), the star product's counts, regularity
// q + 1 + d and diameter 3, the star product rebuilt from its definition, and the refusals.
// EvalNet's graphs: evalnet_families_test.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/polarstar.hpp"
#include "support.hpp"

namespace polarstar_test {

namespace t = shiftfly::topology;

TEST_CASE("polarstar: the IQ supernode is d-regular on 2d + 2 vertices, f an involution off its links", "[polarstar]") {
  for (std::uint64_t d : {3, 4, 7, 8, 11, 12, 15, 16, 23}) {
    INFO("d = " << d);
    const std::uint64_t n = 2 * d + 2;
    std::set<std::pair<std::uint64_t, std::uint64_t>> links;
    std::vector<std::uint64_t> degree(n, 0);
    for (auto [u, v] : t::iq_graph_edges(d)) {
      REQUIRE(u < n);
      REQUIRE(v < n);
      CHECK(u != v);
      CHECK(links.emplace(std::min(u, v), std::max(u, v)).second);
      ++degree[u];
      ++degree[v];
    }
    for (auto x : degree) CHECK(x == d);
    for (std::uint64_t y = 0; y < n; ++y) {
      const auto fy = t::iq_involution(d, y);
      CHECK(fy < n);
      CHECK(fy != y);
      CHECK(t::iq_involution(d, fy) == y);
      CHECK(links.count({std::min(y, fy), std::max(y, fy)}) == 0);
    }
  }
}

TEST_CASE("polarstar: counts, regularity q + 1 + d, diameter 3 and the star product's links", "[polarstar]") {
  for (auto [q, d] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{{2, 3}, {2, 4}, {3, 3}, {3, 7}, {4, 4}, {5, 3}, {2, 8}}) {
    const auto g = t::polarstar(q, d);
    INFO(g.name());
    const std::uint64_t js = 2 * d + 2, n0 = q * q + q + 1;
    REQUIRE(g.num_vertices() == n0 * js);
    CHECK(g.num_edges() == n0 * js * (q + 1 + d) / 2);
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(g.degree(u) == q + 1 + d);
    CHECK(shiftfly::test::diameter(g) == 3);
    // the definition: (x, y) ~ (x, y') on J's links, (x, y) ~ (x', f(y)) on ER_q's links and at an absolute x
    const auto er = t::polarfly(q);
    const t::galois_field f(q);
    std::set<std::pair<std::uint64_t, std::uint64_t>> want;
    auto add = [&](std::uint64_t a, std::uint64_t b) { want.emplace(std::min(a, b), std::max(a, b)); };
    for (std::uint64_t x = 0; x < n0; ++x) {
      for (auto [u, v] : t::iq_graph_edges(d)) add(x * js + u, x * js + v);
      for (std::uint64_t y = 0; y < js; ++y) {
        for (auto x2 : er.neighbors(static_cast<std::uint32_t>(x))) add(x * js + y, x2 * js + t::iq_involution(d, y));
        if (t::polarfly_is_absolute(f, x)) add(x * js + y, x * js + t::iq_involution(d, y));
      }
    }
    std::set<std::pair<std::uint64_t, std::uint64_t>> got;
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (auto v : g.neighbors(u))
        if (u < v) got.emplace(u, v);
    CHECK(got == want);
  }
}

TEST_CASE("polarstar: endpoints, link classes and supernodes", "[polarstar]") {
  const auto spec = t::family_spec("polarstar", {{"q", std::uint64_t{3}}, {"d", std::uint64_t{3}}});
  const auto g = t::make_graph(spec);
  const auto e = t::endpoints_of(spec, g);
  REQUIRE(e.size() == 104);
  for (auto x : e) CHECK(x == 3u);  // ceil(7 / 3)
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"supernode", "structure"});
  CHECK(std::count(classes.class_of.begin(), classes.class_of.end(), 0) == 2 * 13 * 12);  // 12 IQ links a supernode
}

TEST_CASE("polarstar: bad parameters are refused with the accepted range", "[polarstar][errors]") {
  const auto hi = std::to_string(t::polarstar_max_q());
  for (std::uint64_t q : {0, 1, 6, 10, 23172})
    CHECK_THROWS_WITH(t::polarstar(q, 3), "polarstar: q = " + std::to_string(q) +
                                              " is out of range (accepted: a prime power from 2 to " + hi + ")");
  CHECK(t::polarstar_max_q() == 23167);  // (q^2 + q + 1) 8 routers within 32-bit ids
  for (std::uint64_t d : {0, 1, 2, 5, 6, 9, 10})
    CHECK_THROWS_WITH(t::polarstar(3, d), "polarstar: d = " + std::to_string(d) +
                                              " is out of range (accepted: a number 0 or 3 mod 4 from 3 to 165191048 at q = 3)");
  CHECK_THROWS_WITH(t::polarstar(3, 165191049), Catch::Contains("d = 165191049 is out of range"));
  CHECK_THROWS_WITH(t::polarstar(3, 165191048), Catch::Contains("memory"));
  CHECK_THROWS_WITH(t::iq_graph_edges(5), Catch::Contains("d = 5"));
}

}  // namespace polarstar_test
