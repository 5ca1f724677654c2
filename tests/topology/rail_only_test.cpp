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
          std::uint32_t overall = 0;
          for (std::uint32_t a = 0; a < g.num_vertices(); ++a) {
            const auto d = shiftfly::test::bfs(g, a);
            for (std::uint32_t b = 0; b < g.num_vertices(); ++b) {
              REQUIRE(d[b] != shiftfly::test::unreached);
              overall = std::max(overall, d[b]);
              if (a < N && b < N && a != b) {
                const bool same_server = a / k == b / k, same_rail = a % k == b % k;
                const bool same_unit = a / k / servers == b / k / servers;
                CHECK(d[b] == (same_server || (same_rail && same_unit) ? 2u : same_rail || same_unit ? 4u : 6u));
              }
            }
          }
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

TEST_CASE("rail-only: the bisection (brute force)", "[rail-only]") {
  // One unit: halves of the servers cut half of every rail switch's links, N / 2; across units, the
  // rails' spines: k spines units / 2.
  struct instance {
    std::uint64_t k, servers, units, spines, bisection;
  };
  for (const auto& c : {instance{2, 2, 1, 0, 2}, instance{2, 4, 1, 0, 4}, instance{4, 2, 1, 0, 4},
                        instance{2, 2, 2, 1, 2}, instance{2, 2, 2, 2, 4}, instance{2, 3, 2, 1, 2}}) {
    const auto g = t::rail_only(c.k, c.servers, c.units, c.spines);
    INFO(g.name());
    const auto N = static_cast<std::uint32_t>(c.k * c.servers * c.units);
    CHECK(shiftfly::test::brute_force_endpoint_bisection(g, N) == c.bisection);
  }
}

TEST_CASE("rail-only: endpoints on the accelerators, classes, groups", "[rail-only]") {
  const auto spec = t::family_spec("rail-only", {{"k", std::uint64_t{2}}, {"servers", std::uint64_t{3}},
                                                 {"units", std::uint64_t{2}}, {"spines", std::uint64_t{1}}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == 12 + 6 + 4 + 2);
  const auto e = t::endpoints_of(spec, g);
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(e[u] == (u < 12 ? 1u : 0u));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"domain", "rail", "rail spine"});
  std::vector<std::uint64_t> per_class(3, 0);
  for (auto c : classes.class_of) ++per_class[c];
  CHECK(per_class == std::vector<std::uint64_t>{24, 24, 8});
  const auto groups = t::find_family("rail-only")->grouping->group_of(t::complete(spec).values, g.num_vertices());
  CHECK(groups == std::vector<std::uint64_t>{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 2, 2});
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
