// The Rail-only network (Wang et al., arXiv 2307.12169): the rail-optimized fat tree without its
// spines (the same servers, domains, leaves and links below them), each rail's own spines across
// units, no switch joining two rails, distances and the diameter by BFS, the bisection against brute
// force, the numbering, endpoints, link classes and the refusals. The independent construction:
// tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "rail_fabric_support.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/rail_only.hpp"
#include "shiftfly/topology/rail_optimized.hpp"
#include "support.hpp"

namespace rail_only_test {

namespace t = shiftfly::topology;

TEST_CASE("rail-only: counts, the rails apart, distances", "[rail-only]") {
  for (std::uint64_t k : {2, 3, 4})
    for (std::uint64_t servers : {2, 3})
      for (std::uint64_t units : {1, 2, 3})
        for (std::uint64_t spines : {0, 1, 2}) {
          if (units >= 2 && spines == 0) continue;
          const auto g = t::rail_only(k, servers, units, spines);
          INFO(g.name());
          const std::uint64_t S = servers * units, N = S * k, leaves = units * k, spine0 = N + S + leaves;
          CHECK(g.num_vertices() == spine0 + k * spines);
          CHECK(g.num_edges() == 2 * N + leaves * spines);
          // below the spines, the rail-optimized fat tree's links, vertex for vertex
          const auto ro = t::rail_optimized(k, servers, units, 1);
          for (std::uint32_t u = 0; u < spine0; ++u)
            for (auto v : ro.neighbors(u))
              if (v < spine0) CHECK(g.adjacent(u, v));
          // rail i's spines join rail i's leaves only
          for (std::uint64_t i = 0; i < k; ++i)
            for (std::uint64_t j = 0; j < spines; ++j) {
              const auto s = static_cast<std::uint32_t>(spine0 + i * spines + j);
              CHECK(g.degree(s) == units);
              for (auto v : g.neighbors(s)) CHECK((v - N - S) % k == i);
            }
          const auto overall = shiftfly::test::check_accelerator_distances(g, N, [&](std::uint32_t a, std::uint32_t b) {
            const bool same_server = a / k == b / k, same_rail = a % k == b % k;
            const bool same_unit = a / k / servers == b / k / servers;
            return same_server || (same_rail && same_unit) ? 2u : same_rail || same_unit ? 4u : 6u;
          });
          CHECK(overall == (spines >= 1 ? 6u : 4u));  // two rails' spines: six hops
        }
}

TEST_CASE("rail-only: the switches the spine layer took", "[rail-only]") {
  // One unit of 32 DGX H100 servers: 8 rail switches and no spine, against the rail-optimized
  // tree's 8 leaves and 32 spines; the accelerators and their links below the spines the same.
  const auto only = t::rail_only(8, 32);
  const auto optimized = t::rail_optimized(8, 32, 1);
  CHECK(only.num_vertices() == 256 + 32 + 8);
  CHECK(optimized.num_vertices() - only.num_vertices() == 32);
  CHECK(only.num_edges() == 512);
  CHECK(optimized.num_edges() - only.num_edges() == 8 * 32);
  // four units: each rail's 4 leaves joined by its own spines
  const auto four = t::rail_only(8, 32, 4, 2);
  CHECK(four.num_vertices() == 1024 + 128 + 32 + 16);
  CHECK(four.num_edges() == 2048 + 32 * 2);
}

TEST_CASE("rail-only: NVIDIA's printed rail-optimized fabric without its spine layer", "[rail-only]") {
  // Wang et al. define Rail-only as the rail-optimized fabric with its spine layer removed (their
  // abstract: "our design eliminates the spine layer in traditional GPU clusters"); the counts they
  // print for their own configurations are not checked yet, so the printed baseline is NVIDIA's (rail_optimized_test.cpp): the DGX H100 SuperPOD RA's Table 4,
  // one SU of 32 DGX H100 systems, 8 leaf and 4 spine switches, 256 node-leaf places (252 cables and
  // the UFM's place) and 256 spine-leaf cables; the DGX B200 RA's 8-SU row, 64 leaves, 32 spines,
  // 2,048 node-leaf and 2,048 leaf-spine cables. Rail-only keeps the GPUs, the NVLink domains, the
  // leaves and the node-leaf cables, and drops the spines and the cables to them: one SU is then 8
  // rail switches and nothing above them. Across SUs each rail needs its own spines; with 32 a rail
  // (each leaf keeps its 32 ports up) the leaf-spine cables are the RA's 2,048 again, now on 256 rail
  // spines of 8 ports instead of 32 spines of 64.
  const auto one = t::rail_only(8, 32);
  const auto one_optimized = t::rail_optimized(8, 32, 1);
  const std::uint64_t N = 256, S = 32;
  CHECK(one.num_vertices() == N + S + 8);                         // the RA's 8 leaves, no spine
  CHECK(one_optimized.num_vertices() - one.num_vertices() == 32);  // ours' 32 spines (the RA's 4 of 64 ports)
  CHECK(one.num_edges() == 2 * N);                                 // NVLink and the 256 node-leaf places
  CHECK(one_optimized.num_edges() - one.num_edges() == 256);       // the RA's 256 spine-leaf cables gone
  for (std::uint32_t l = N + S; l < N + S + 8; ++l) CHECK(one.degree(l) == 32);

  const auto eight = t::rail_only(8, 32, 8, 32);
  const std::uint64_t N8 = 2048, S8 = 256, leaves = 64;
  CHECK(eight.num_vertices() == N8 + S8 + leaves + 8 * 32);
  std::uint64_t node_leaf = 0, leaf_spine = 0;
  for (std::uint64_t l = N8 + S8; l < N8 + S8 + leaves; ++l)
    for (auto v : eight.neighbors(static_cast<std::uint32_t>(l))) (v < N8 ? node_leaf : leaf_spine) += 1;
  CHECK(node_leaf == 2048);
  CHECK(leaf_spine == 2048);
  for (std::uint64_t s = N8 + S8 + leaves; s < eight.num_vertices(); ++s) CHECK(eight.degree(static_cast<std::uint32_t>(s)) == 8);
}

TEST_CASE("rail-only: the bisection (brute force)", "[rail-only]") {
  // One unit: halves of the servers cut half of every rail switch's links, N / 2; across units, the
  // rails' spines: k spines units / 2.
  shiftfly::test::check_rail_bisections("rail-only", {{2, 2, 1, 0, 2}, {2, 4, 1, 0, 4}, {4, 2, 1, 0, 4},
                                                      {2, 2, 2, 1, 2}, {2, 2, 2, 2, 4}, {2, 3, 2, 1, 2}});
}

TEST_CASE("rail-only: endpoints on the accelerators, classes, groups", "[rail-only]") {
  // k = 2, 3 servers a unit, 2 units, 1 spine a rail
  shiftfly::test::check_rail_spec("rail-only", 1, 12 + 6 + 4 + 2, {"domain", "rail", "rail spine"}, {24, 24, 8},
                                  {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 2, 2});
  // one unit by default, no spine: the classes it has
  const auto one = t::family_spec("rail-only", {{"k", std::uint64_t{2}}, {"servers", std::uint64_t{3}}});
  CHECK(t::classify_channels(one, t::make_graph(one)).names == std::vector<std::string>{"domain", "rail"});
}

TEST_CASE("rail-only: bad parameters are refused with the accepted range", "[rail-only][errors]") {
  CHECK_THROWS_WITH(t::rail_only(1, 2), "rail_only: k = 1 is out of range (accepted: 2 to 65535)");
  CHECK_THROWS_WITH(t::rail_only(2, 0), "rail_only: servers = 0 is out of range (accepted: 1 to 65535)");
  CHECK_THROWS_WITH(t::rail_only(2, 2, 0), "rail_only: units = 0 is out of range (accepted: 1 to 65535)");
  CHECK_THROWS_WITH(t::rail_only(2, 2, 2, 0),
                    "rail_only: spines = 0 is out of range (accepted: 1 to 65535 with units = 2 (a rail's leaves "
                    "joined through its spines))");
  CHECK_THROWS_WITH(t::rail_only(2, 2, 1, 65536), "rail_only: spines = 65536 is out of range (accepted: 0 to 65535)");
  CHECK_THROWS_WITH(t::rail_only(65535, 65535, 65535, 1), Catch::Contains("more vertices than 4294967295"));
  CHECK_THROWS_WITH(t::rail_only(1024, 1024, 1024, 65535), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::rail_only<std::uint16_t>(64, 64, 64, 1), std::invalid_argument);
}

}  // namespace rail_only_test
