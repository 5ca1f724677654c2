// The two-level orthogonal fat tree (Valerio et al.; Kathareios et al., SC '15): counts, degrees,
// the projective plane's incidence (two points on exactly one line, two lines through exactly one
// point), the distances it gives, and the refusals. EvalNet's graphs: evalnet_families_test.cpp;
// the independent construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/oft.hpp"
#include "support.hpp"

namespace oft_test {

namespace t = shiftfly::topology;

TEST_CASE("oft: counts, degrees, a projective plane's incidence and the distances", "[oft]") {
  for (std::uint64_t k : {3, 4, 5, 6, 8, 9, 10}) {
    const auto g = t::oft(k);
    INFO(g.name());
    const std::uint64_t level = k * k - k + 1;
    REQUIRE(g.num_vertices() == 3 * level);
    CHECK(g.num_edges() == 2 * k * level);
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(g.degree(u) == (u < 2 * level ? k : 2 * k));
    // every link joins a leaf router to a middle one, and both leaf levels see the same lines
    for (std::uint32_t u = 0; u < 2 * level; ++u)
      for (auto v : g.neighbors(u)) CHECK(v >= 2 * level);
    for (std::uint32_t x = 0; x < level; ++x)
      for (auto v : g.neighbors(x)) CHECK(g.adjacent(static_cast<std::uint32_t>(level + x), v));
    // two points lie on exactly one line; two lines meet in exactly one point
    auto common = [&](std::uint32_t a, std::uint32_t b) {
      std::uint64_t c = 0;
      for (auto v : g.neighbors(a)) c += g.adjacent(b, v) ? 1 : 0;
      return c;
    };
    for (std::uint32_t a = 0; a < level; ++a)
      for (std::uint32_t b = a + 1; b < level; ++b) CHECK(common(a, b) == 1);
    for (std::uint32_t a = 2 * level; a < 3 * level; ++a)
      for (std::uint32_t b = a + 1; b < 3 * level; ++b) {
        std::uint64_t c = 0;
        for (std::uint32_t x = 0; x < level; ++x) c += g.adjacent(a, x) && g.adjacent(b, x) ? 1 : 0;
        CHECK(c == 1);
      }
    // leaves two hops apart (through the line of two points), diameter 3 (a leaf to a line off its point)
    std::uint32_t leaf_far = 0;
    for (std::uint32_t u = 0; u < 2 * level; ++u) {
      const auto d = shiftfly::test::bfs(g, u);
      for (std::uint32_t v = 0; v < 2 * level; ++v) leaf_far = std::max(leaf_far, d[v]);
    }
    CHECK(leaf_far == 2);
    CHECK(shiftfly::test::diameter(g) == 3);
  }
}

TEST_CASE("oft: endpoints on the leaf levels, link classes by level", "[oft]") {
  const auto spec = t::family_spec("oft", {{"k", std::uint64_t{4}}});
  const auto g = t::make_graph(spec);
  const auto e = t::endpoints_of(spec, g);
  REQUIRE(e.size() == 39);
  for (std::uint32_t u = 0; u < 39; ++u) CHECK(e[u] == (u < 26 ? 4u : 0u));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"L0-L1", "L2-L1"});
  CHECK(std::count(classes.class_of.begin(), classes.class_of.end(), 0) == 2 * 4 * 13);
}

TEST_CASE("oft: bad parameters are refused with the accepted range", "[oft][errors]") {
  const auto hi = std::to_string(t::oft_max_k());
  for (std::uint64_t k : {0, 1, 2, 7, 11, 13, 16})
    CHECK_THROWS_WITH(t::oft(k), "oft: k = " + std::to_string(k) +
                                     " is out of range (accepted: k - 1 a prime power, k from 3 to " + hi + ")");
  CHECK_THROWS_AS(t::oft(t::oft_max_k() + 1), std::invalid_argument);
  CHECK_THROWS_WITH(t::oft(t::oft_max_k()), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::oft<std::uint16_t>(200), std::invalid_argument);
}

}  // namespace oft_test
