// The rail-optimized fat tree (NVIDIA DGX SuperPOD; Wang et al.'s baseline): the counts of the
// definition, the DGX H100 SuperPOD's leaves and links, distances and the diameter by BFS, the
// bisection against brute force, the numbering, endpoints, link classes, groups and the refusals.
// The independent construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "rail_fabric_support.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/rail_optimized.hpp"
#include "support.hpp"

namespace t = shiftfly::topology;

TEST_CASE("rail-optimized: counts, degrees, the numbering, distances", "[rail-optimized]") {
  for (std::uint64_t k : {2, 3, 4})
    for (std::uint64_t servers : {2, 3})
      for (std::uint64_t units : {1, 2, 3})
        for (std::uint64_t spines : {0, 1, 2, 5}) {
          const auto g = t::rail_optimized(k, servers, units, spines);
          INFO(g.name());
          const std::uint64_t p = spines == 0 ? servers : spines;
          const std::uint64_t S = servers * units, N = S * k, leaves = units * k;
          CHECK(g.num_vertices() == N + S + leaves + p);
          CHECK(g.num_edges() == 2 * N + leaves * p);
          for (std::uint64_t s = 0; s < S; ++s)
            for (std::uint64_t i = 0; i < k; ++i) {
              const auto u = static_cast<std::uint32_t>(s * k + i);
              CHECK(g.degree(u) == 2);
              CHECK(g.adjacent(u, static_cast<std::uint32_t>(N + s)));                                // its domain
              CHECK(g.adjacent(u, static_cast<std::uint32_t>(N + S + (s / servers) * k + i)));        // its rail's leaf
            }
          for (std::uint64_t s = 0; s < S; ++s) CHECK(g.degree(static_cast<std::uint32_t>(N + s)) == k);
          for (std::uint64_t l = 0; l < leaves; ++l) CHECK(g.degree(static_cast<std::uint32_t>(N + S + l)) == servers + p);
          for (std::uint64_t j = 0; j < p; ++j) CHECK(g.degree(static_cast<std::uint32_t>(N + S + leaves + j)) == leaves);
          // 2 within a server or on one leaf, else 4; the diameter 6 across units (two domain switches)
          const auto overall = shiftfly::test::check_accelerator_distances(g, N, [&](std::uint32_t a, std::uint32_t b) {
            const bool same_server = a / k == b / k, same_leaf = a % k == b % k && a / k / servers == b / k / servers;
            return same_server || same_leaf ? 2u : 4u;
          });
          CHECK(overall == (units >= 2 ? 6u : 4u));
        }
}

TEST_CASE("rail-optimized: the DGX H100 SuperPOD's compute fabric", "[rail-optimized]") {
  // 8 GPUs a DGX H100, scalable units of 32 systems, four units (127 systems and the fabric
  // manager's place): 32 leaves (8 a unit) of 32 ports down and 32 up, 1,024 leaf-spine links
  // (the reference's 16 spines joined to each leaf twice: here 32 spines joined once).
  const auto g = t::rail_optimized(8, 32, 4, 32);
  const std::uint64_t N = 1024, S = 128;
  CHECK(g.num_vertices() == N + S + 32 + 32);
  std::uint64_t leaf_spine = 0;
  for (std::uint64_t l = N + S; l < N + S + 32; ++l) {
    std::uint64_t down = 0, up = 0;
    for (auto v : g.neighbors(static_cast<std::uint32_t>(l))) (v < N ? down : up) += 1;
    CHECK(down == 32);
    CHECK(up == 32);
    leaf_spine += up;
  }
  CHECK(leaf_spine == 1024);
  CHECK(g.num_edges() == 2 * N + 1024);
}

TEST_CASE("rail-optimized: the bisection (brute force)", "[rail-optimized]") {
  // Cutting between halves of the units cuts half of every spine's links, k units spines / 2; between
  // halves of a unit's servers (or of the rails) N / 2: the smaller of the two.
  shiftfly::test::check_rail_bisections("rail-optimized", {{2, 2, 2, 1, 2}, {2, 2, 2, 2, 4}, {2, 2, 2, 3, 4},
                                                           {2, 4, 1, 1, 4}, {4, 2, 1, 2, 4}, {2, 3, 2, 1, 2}});
}

TEST_CASE("rail-optimized: endpoints on the accelerators, classes, units as groups", "[rail-optimized]") {
  // k = 2, 3 servers a unit, 2 units, 2 spines
  shiftfly::test::check_rail_spec("rail-optimized", 2, 12 + 6 + 4 + 2, {"domain", "rail", "spine"}, {24, 24, 16},
                                  {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 2, 2});
  // spines left out: as many as a unit's servers
  const auto g0 = t::make_graph(t::family_spec("rail-optimized", {{"k", std::uint64_t{8}}, {"servers", std::uint64_t{4}}}));
  CHECK(g0.num_vertices() == 32 + 4 + 8 + 4);
}

TEST_CASE("rail-optimized: bad parameters are refused with the accepted range", "[rail-optimized][errors]") {
  CHECK_THROWS_WITH(t::rail_optimized(1, 2, 1), "rail_optimized: k = 1 is out of range (accepted: 2 to 65535)");
  CHECK_THROWS_WITH(t::rail_optimized(2, 0, 1), "rail_optimized: servers = 0 is out of range (accepted: 1 to 65535)");
  CHECK_THROWS_WITH(t::rail_optimized(2, 2, 0), "rail_optimized: units = 0 is out of range (accepted: 1 to 65535)");
  CHECK_THROWS_WITH(t::rail_optimized(2, 2, 1, 65536),
                    "rail_optimized: spines = 65536 is out of range (accepted: 0 to 65535)");
  CHECK_THROWS_WITH(t::rail_optimized(65535, 65535, 65535), Catch::Contains("more vertices than 4294967295"));
  CHECK_THROWS_WITH(t::rail_optimized(1024, 1024, 1024, 65535), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::rail_optimized<std::uint16_t>(64, 64, 64), std::invalid_argument);
}
