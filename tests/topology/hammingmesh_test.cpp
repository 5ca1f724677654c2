// HammingMesh (Hoefler et al., SC '22): the counts of the paper's definition (accelerators of four
// ports, on-board 2-D meshes, a row and a column network a line), its Hx2Mesh and Hx4Mesh of 16,384
// accelerators, the diameter's closed form against BFS, the bisection against brute force on small
// instances, the numbering of the header, endpoints, link classes, groups and the refusals. The
// independent construction (the Cartesian product of the two line graphs): tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/hammingmesh.hpp"
#include "support.hpp"

namespace hammingmesh_test {

namespace t = shiftfly::topology;

namespace {

/// The fewest links cut by a split of the accelerators (the first `accelerators` vertices) into
/// halves, the switches on either side: every subset of half the accelerators; a switch joins only
/// accelerators, so each goes to the side it has more links to.
std::uint64_t brute_force_bisection(const shiftfly::core::graph<std::uint32_t>& g, std::uint32_t accelerators) {
  REQUIRE(accelerators % 2 == 0);
  REQUIRE(accelerators <= 24);
  std::uint64_t best = g.num_edges();
  for (std::uint32_t side = 0; side < (1u << accelerators); ++side) {
    if (static_cast<std::uint32_t>(__builtin_popcount(side)) != accelerators / 2 || (side & 1u) == 0) continue;
    std::uint64_t cut = 0;
    for (std::uint32_t u = 0; u < accelerators; ++u)
      for (auto v : g.neighbors(u))
        if (v < accelerators && u < v && ((side >> u) & 1u) != ((side >> v) & 1u)) ++cut;
    for (std::uint32_t s = accelerators; s < g.num_vertices(); ++s) {
      std::uint64_t in = 0, out = 0;
      for (auto v : g.neighbors(s)) ((side >> v) & 1u ? in : out) += 1;
      cut += std::min(in, out);
    }
    best = std::min(best, cut);
  }
  return best;
}

}  // namespace

TEST_CASE("hammingmesh: counts, degrees, the numbering, the diameter", "[hammingmesh]") {
  for (std::uint64_t a : {2, 3, 4})
    for (std::uint64_t b : {2, 3, 5})
      for (std::uint64_t x : {1, 2, 3})
        for (std::uint64_t y : {1, 2, 4}) {
          const auto g = t::hammingmesh(a, b, x, y);
          INFO(g.name());
          const std::uint64_t width = a * x, height = b * y, n = width * height;
          CHECK(g.num_vertices() == n + height + width);
          CHECK(t::hammingmesh_order(a, b, x, y) == g.num_vertices());
          CHECK(t::hammingmesh_accelerators(a, b, x, y) == n);
          CHECK(g.num_edges() == x * y * (2 * a * b + a + b));
          CHECK(t::hammingmesh_links(a, b, x, y) == g.num_edges());
          // four ports an accelerator; a row switch has the west and east edges of x boards
          for (std::uint32_t u = 0; u < n; ++u) CHECK(g.degree(u) == 4);
          for (std::uint64_t s = n; s < n + height; ++s) CHECK(g.degree(static_cast<std::uint32_t>(s)) == 2 * x);
          for (std::uint64_t s = n + height; s < n + height + width; ++s)
            CHECK(g.degree(static_cast<std::uint32_t>(s)) == 2 * y);
          for (std::uint64_t Y = 0; Y < height; ++Y)
            for (std::uint64_t X = 0; X < width; ++X) {
              const auto u = static_cast<std::uint32_t>(X + width * Y);
              const bool west_east = X % a == 0 || X % a == a - 1, south_north = Y % b == 0 || Y % b == b - 1;
              CHECK(g.adjacent(u, static_cast<std::uint32_t>(n + Y)) == west_east);
              CHECK(g.adjacent(u, static_cast<std::uint32_t>(n + height + X)) == south_north);
              if (X + 1 < width) CHECK(g.adjacent(u, u + 1) == (X % a != a - 1));
              if (Y + 1 < height) CHECK(g.adjacent(u, static_cast<std::uint32_t>(u + width)) == (Y % b != b - 1));
            }
          std::uint32_t between_accelerators = 0, overall = 0;
          for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
            const auto d = shiftfly::test::bfs(g, u);
            for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
              REQUIRE(d[v] != shiftfly::test::unreached);
              overall = std::max(overall, d[v]);
              if (u < n && v < n) between_accelerators = std::max(between_accelerators, d[v]);
            }
          }
          CHECK(between_accelerators == t::hammingmesh_accelerator_diameter(a, b, x, y));
          CHECK(overall == t::hammingmesh_diameter(a, b, x, y));
        }
}

TEST_CASE("hammingmesh: the paper's Hx2Mesh and Hx4Mesh of 16,384 accelerators", "[hammingmesh]") {
  // Hx2Mesh: 2 x 2 boards in a 64 x 64 grid; Hx4Mesh: 4 x 4 boards in a 32 x 32 grid. Each
  // accelerator has 4 ports; a board's edges take 2(a + b) of its 4ab ports to the switches: 2 an
  // accelerator on the Hx2Mesh, 1 on the Hx4Mesh.
  struct instance {
    std::uint64_t a, x, switches, switch_links, diameter;
  };
  for (const auto& c : {instance{2, 64, 256, 32768, 4}, instance{4, 32, 256, 16384, 8}}) {
    const auto g = t::hammingmesh(c.a, c.a, c.x, c.x);
    INFO(g.name());
    const std::uint64_t n = t::hammingmesh_accelerators(c.a, c.a, c.x, c.x);
    CHECK(n == 16384);
    CHECK(g.num_vertices() - n == c.switches);
    std::uint64_t to_switches = 0;
    for (std::uint64_t s = n; s < g.num_vertices(); ++s) to_switches += g.degree(static_cast<std::uint32_t>(s));
    CHECK(to_switches == c.switch_links);
    CHECK(to_switches * c.a * c.a == n * 2 * (2 * c.a));  // 2(a + b) a board
    CHECK(t::hammingmesh_accelerator_diameter(c.a, c.a, c.x, c.x) == c.diameter);
    CHECK(t::hammingmesh_diameter(c.a, c.a, c.x, c.x) == c.diameter);
  }
  CHECK(t::hammingmesh(2, 2, 64, 64).num_edges() == 49152);
  CHECK(t::hammingmesh_links(4, 4, 32, 32) == 40960);
}

TEST_CASE("hammingmesh: the bisection cuts x y min(a, b) links (brute force)", "[hammingmesh]") {
  // Cutting the grid between two halves of its board columns cuts x of the 2x links of each of the
  // by row switches and nothing else; between board rows, a x y. Brute force finds nothing smaller.
  struct instance {
    std::uint64_t a, b, x, y;
  };
  for (const auto& c : {instance{2, 2, 2, 2}, instance{3, 2, 2, 2}, instance{2, 3, 2, 2}, instance{2, 2, 2, 1},
                        instance{2, 3, 2, 1}, instance{2, 2, 4, 1}}) {
    const auto g = t::hammingmesh(c.a, c.b, c.x, c.y);
    INFO(g.name());
    const auto n = static_cast<std::uint32_t>(t::hammingmesh_accelerators(c.a, c.b, c.x, c.y));
    const std::uint64_t by_columns = c.b * c.y * c.x, by_rows = c.y % 2 == 0 ? c.a * c.x * c.y : by_columns;
    CHECK(brute_force_bisection(g, n) == std::min(by_columns, by_rows));
  }
}

TEST_CASE("hammingmesh: endpoints on the accelerators, classes, boards as groups", "[hammingmesh]") {
  const auto spec = t::family_spec("hammingmesh", {{"a", std::uint64_t{3}}, {"b", std::uint64_t{2}},
                                                   {"x", std::uint64_t{2}}, {"y", std::uint64_t{2}}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == 24 + 4 + 6);
  const auto e = t::endpoints_of(spec, g);
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(e[u] == (u < 24 ? 1u : 0u));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"board", "row", "column"});
  std::vector<std::uint64_t> per_class(3, 0);
  for (auto c : classes.class_of) ++per_class[c];
  CHECK(per_class == std::vector<std::uint64_t>{2 * 4 * 7, 2 * 4 * 2 * 2, 2 * 4 * 3 * 2});
  const auto* f = t::find_family("hammingmesh");
  REQUIRE(f);
  const auto groups = f->grouping->group_of(t::complete(spec).values, g.num_vertices());
  // accelerator (X, Y) on board (X / 3, Y / 2); switches after the four boards
  CHECK(groups[0] == 0);
  CHECK(groups[3] == 1);
  CHECK(groups[6 * 2] == 2);
  CHECK(groups[6 * 3 + 5] == 3);
  CHECK(groups[24] == 4);
  CHECK(groups[28] == 5);
}

TEST_CASE("hammingmesh: bad parameters are refused with the accepted range", "[hammingmesh][errors]") {
  CHECK_THROWS_WITH(t::hammingmesh(1, 2, 2, 2), "hammingmesh: a = 1 is out of range (accepted: 2 to 65535)");
  CHECK_THROWS_WITH(t::hammingmesh(2, 1, 2, 2), "hammingmesh: b = 1 is out of range (accepted: 2 to 65535)");
  CHECK_THROWS_WITH(t::hammingmesh(2, 2, 0, 2), "hammingmesh: x = 0 is out of range (accepted: 1 to 65535)");
  CHECK_THROWS_WITH(t::hammingmesh(2, 2, 2, 65536), "hammingmesh: y = 65536 is out of range (accepted: 1 to 65535)");
  CHECK_THROWS_WITH(t::hammingmesh(65535, 65535, 65535, 65535), Catch::Contains("more vertices than 4294967295"));
  CHECK_THROWS_WITH(t::hammingmesh(256, 256, 200, 200), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::hammingmesh<std::uint16_t>(16, 16, 16, 16), std::invalid_argument);
}

}  // namespace hammingmesh_test
