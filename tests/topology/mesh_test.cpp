// The mesh and EvalNet's express mesh (github.com/spcl/EvalNet, topogen/MeshGenerator.py): every
// pair of routers checked against the definition (one coordinate apart by 1, or by 1 + m·gap),
// the link count's closed form, HyperX at gap 1, the mesh's diameter n(k − 1), the refusals.
// EvalNet's graphs: evalnet_families_test.cpp; the independent construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/mesh.hpp"
#include "support.hpp"

namespace mesh_test {

namespace t = shiftfly::topology;

TEST_CASE("mesh: every pair against the definition, the link count, the mesh's diameter", "[mesh]") {
  for (std::uint64_t n = 1; n <= 3; ++n)
    for (std::uint64_t k = 2; k <= 7; ++k)
      for (std::uint64_t gap = 0; gap + 2 <= k; ++gap) {
        const auto g = t::mesh(n, k, gap);
        INFO(g.name());
        std::uint64_t size = 1;
        for (std::uint64_t i = 0; i < n; ++i) size *= k;
        REQUIRE(g.num_vertices() == size);
        CHECK(g.num_edges() == t::mesh_edges(n, k, gap));
        std::uint64_t links = 0;
        for (std::uint64_t u = 0; u < size; ++u)
          for (std::uint64_t v = u + 1; v < size; ++v) {
            std::uint64_t differ = 0, delta = 0, a = u, b = v;
            for (std::uint64_t i = 0; i < n; ++i, a /= k, b /= k)
              if (a % k != b % k) {
                ++differ;
                delta = a % k > b % k ? a % k - b % k : b % k - a % k;
              }
            const bool joined = differ == 1 && (delta == 1 || (gap > 0 && (delta - 1) % gap == 0));
            CHECK(g.adjacent(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v)) == joined);
            links += joined ? 1 : 0;
          }
        CHECK(links == g.num_edges());
        if (gap == 0) CHECK(shiftfly::test::diameter(g) == n * (k - 1));
        if (gap == 1) {  // every line complete: HyperX K_k^n, numbered alike
          const std::vector<std::uint64_t> dims(n, k);
          CHECK(shiftfly::test::edge_text(g) == shiftfly::test::edge_text(t::hyperx(dims)));
        }
      }
}

TEST_CASE("mesh: the link count's closed form at sizes too large to build", "[mesh]") {
  CHECK(t::mesh_edges(2, 65535, 0) == 2ull * 65535 * 65534);
  // a line of k = 10 at gap 3 joins the offsets 1, 4, 7: 9 + 6 + 3 pairs
  CHECK(t::mesh_line_links(10, 3) == 18);
  CHECK(t::mesh_edges(3, 10, 3) == 3ull * 100 * 18);
}

TEST_CASE("mesh: one node a router, mesh and express links, slabs", "[mesh]") {
  const auto spec = t::family_spec("mesh", {{"n", std::uint64_t{2}}, {"k", std::uint64_t{4}}, {"gap", std::uint64_t{2}}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == 16);
  for (auto e : t::endpoints_of(spec, g)) CHECK(e == 1u);
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"mesh", "express"});
  std::uint64_t express = 0;
  for (auto c : classes.class_of) express += c;
  CHECK(express == 2 * 2 * 4 * 1);  // 2 dimensions x 4 lines x the pair (0, 3), both directions
  const auto plain = t::family_spec("mesh", {{"n", std::uint64_t{2}}, {"k", std::uint64_t{4}}});
  CHECK(t::classify_channels(plain, t::make_graph(plain)).names == std::vector<std::string>{"mesh"});
}

TEST_CASE("mesh: bad parameters are refused with the accepted range", "[mesh][errors]") {
  CHECK_THROWS_WITH(t::mesh(2, 1), "mesh: k = 1 is out of range (accepted: 2 to 4294967295)");
  CHECK_THROWS_WITH(t::mesh(0, 4), "mesh: n = 0 is out of range (accepted: 1 to 15 at k = 4, so that k^n routers fit a 32-bit vertex id)");
  CHECK_THROWS_WITH(t::mesh(33, 2), "mesh: n = 33 is out of range (accepted: 1 to 31 at k = 2, so that k^n routers fit a 32-bit vertex id)");
  CHECK_THROWS_WITH(t::mesh(2, 4, 3), "mesh: gap = 3 is out of range (accepted: 0 to 2 at k = 4)");
  CHECK_THROWS_WITH(t::mesh(1, 2, 1), "mesh: gap = 1 is out of range (accepted: 0 to 0 at k = 2)");
  CHECK_THROWS_WITH(t::mesh(2, 65535), Catch::Contains("memory"));
  CHECK_THROWS_WITH(t::mesh(2, 65536), Catch::Contains("n = 2 is out of range (accepted: 1 to 1 at k = 65536"));
  CHECK_THROWS_WITH(t::mesh(1, 100000, 1), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::mesh<std::uint16_t>(2, 256), std::invalid_argument);
}

}  // namespace mesh_test
