// Tofu (Ajima et al., IEEE Computer 2009): 12 X Y Z routers, the paper's ten links a router, every
// pair against the six axes' definition (A and C one link, B a triangle, X, Y, Z rings), the torus
// of the sizes above 1 link for link, dimension-order coordinates, the refusals. EvalNet's graphs:
// evalnet_families_test.cpp; the independent construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/tofu.hpp"
#include "shiftfly/topology/torus.hpp"
#include "support.hpp"

namespace tofu_test {

namespace t = shiftfly::topology;

TEST_CASE("tofu: counts, ten links a router, every pair against the axes, the torus of the sizes", "[tofu]") {
  const std::vector<std::vector<std::uint64_t>> cases{{1, 1, 1}, {1, 1, 3}, {2, 1, 2}, {3, 3, 3}, {2, 4, 5}, {4, 1, 1}};
  for (const auto& dims : cases) {
    const auto g = t::tofu(dims);
    INFO(g.name());
    const std::uint64_t n = 12 * dims[0] * dims[1] * dims[2];
    REQUIRE(g.num_vertices() == n);
    CHECK(t::tofu_order(dims) == n);
    const std::array<std::uint64_t, 6> axes{2, 3, 2, dims[0], dims[1], dims[2]};
    std::uint64_t links = 0;
    for (std::uint64_t u = 0; u < n; ++u)
      for (std::uint64_t v = u + 1; v < n; ++v) {
        std::uint64_t differ = 0, a = u, b = v;
        bool ring_step = false;
        for (auto k : axes) {
          if (a % k != b % k) {
            ++differ;
            const std::uint64_t d = (a % k + k - b % k) % k;
            ring_step = d == 1 || d == k - 1;  // neighbours on the axis' ring (A and C: the pair)
          }
          a /= k;
          b /= k;
        }
        const bool joined = differ == 1 && ring_step;
        CHECK(g.adjacent(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v)) == joined);
        links += joined ? 1 : 0;
      }
    CHECK(links == g.num_edges());
    const auto ring = t::tofu_ring_dims(dims);
    CHECK(shiftfly::test::edge_text(g) == shiftfly::test::edge_text(t::torus(ring)));
    if (dims[0] >= 3 && dims[1] >= 3 && dims[2] >= 3)
      for (std::uint32_t u = 0; u < n; ++u) CHECK(g.degree(u) == 10);  // X±, Y±, Z±, A, B±, C
  }
}

TEST_CASE("tofu: one node a router, the six axes' classes, units, dimension-order coordinates", "[tofu]") {
  const auto spec = t::family_spec("tofu", {{"dims", std::vector<std::uint64_t>{3, 1, 2}}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == 72);
  for (auto e : t::endpoints_of(spec, g)) CHECK(e == 1u);
  CHECK(t::classify_channels(spec, g).names == std::vector<std::string>{"X", "Z", "A", "B", "C"});
  const auto c = t::coordinates_of(spec);
  REQUIRE(c.has_value());
  CHECK(c->ring);
  CHECK(c->dims == std::vector<std::uint64_t>{2, 3, 2, 3, 2});
}

TEST_CASE("tofu: bad parameters are refused with the accepted range", "[tofu][errors]") {
  CHECK_THROWS_WITH(t::tofu({2, 2}), "tofu: number of dims items = 2 is out of range (accepted: 3 (X, Y, Z))");
  CHECK_THROWS_WITH(t::tofu({2, 2, 2, 2}), Catch::Contains("number of dims items = 4"));
  CHECK_THROWS_WITH(t::tofu({0, 2, 2}), "tofu: dims item = 0 is out of range (accepted: 1 to 357913941)");
  CHECK_THROWS_WITH(t::tofu({357913942, 1, 1}), Catch::Contains("dims item = 357913942"));
  CHECK_THROWS_WITH(t::tofu({1000, 1000, 1000}), Catch::Contains("12 X Y Z routers at most 4294967295"));
  CHECK_THROWS_WITH(t::tofu({2000, 2000, 80}), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::tofu<std::uint16_t>({10, 10, 100}), std::invalid_argument);  // 120000 routers
}

}  // namespace tofu_test
