// Megafly / Dragonfly+ (Flajslik et al., ISC 2018; Shpiner et al., HiPINEB 2017): counts, the
// groups' complete bipartite leaf-spine graphs, every global port checked from the port side
// (the header's slot rule read from one spine's ports, not from the group pairs the generator
// walks), leaves three hops apart, and the refusals. EvalNet's graphs: evalnet_families_test.cpp;
// the independent construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/megafly.hpp"
#include "support.hpp"

namespace megafly_test {

namespace t = shiftfly::topology;

TEST_CASE("megafly: counts, the leaf-spine groups, every global port, leaves three hops apart", "[megafly]") {
  for (std::uint64_t d : {2, 4, 6, 8, 10, 12})
    for (std::uint64_t links = 1; links <= (d / 2) * (d / 2); ++links) {
      const std::uint64_t p = d / 2;
      if ((p * p) % links != 0) continue;
      const auto g = t::megafly(d, links);
      INFO(g.name());
      const std::uint64_t groups = p * p / links + 1;
      CHECK(t::megafly_groups(d, links) == groups);
      CHECK(g.num_vertices() == d * groups);
      // the global links as the ports see them: spine s of group i, port j, slot s·p + j
      std::set<std::pair<std::uint64_t, std::uint64_t>> global;
      for (std::uint64_t i = 0; i < groups; ++i)
        for (std::uint64_t s = 0; s < p; ++s)
          for (std::uint64_t j = 0; j < p; ++j) {
            const std::uint64_t slot = s * p + j, other = slot / links, copy = slot % links;
            const std::uint64_t b = other < i ? other : other + 1;
            const std::uint64_t back = links * (i < b ? i : i - 1) + copy;  // the same copy's slot in b
            const std::uint64_t u = i * d + p + s, v = b * d + p + back / p;
            CHECK(g.adjacent(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v)));
            global.insert({std::min(u, v), std::max(u, v)});
          }
      CHECK(g.num_edges() == groups * p * p + global.size());
      if (p % links == 0) CHECK(global.size() == groups * p * (p / links) / 2);  // copies on the same two spines
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
        const std::uint64_t i = u / d, r = u % d;
        if (r < p) {
          CHECK(g.degree(u) == p);  // leaves: the p spines of the group
          for (std::uint64_t s = 0; s < p; ++s) CHECK(g.adjacent(u, static_cast<std::uint32_t>(i * d + p + s)));
        } else if (links == 1) {
          CHECK(g.degree(u) == d);  // spines: p leaves and p global ports, to p distinct groups
        }
      }
      // every group pair is joined, so a leaf reaches any other leaf in 3 hops: up, across, down
      std::uint32_t leaf_far = 0;
      for (std::uint32_t u = 0; u < g.num_vertices(); u += static_cast<std::uint32_t>(d)) {
        const auto dist = shiftfly::test::bfs(g, u);
        for (std::uint32_t v = 0; v < g.num_vertices(); ++v)
          if (v % d < p) leaf_far = std::max(leaf_far, dist[v]);
      }
      CHECK(leaf_far == 3u);
    }
}

TEST_CASE("megafly: the largest group count at links = 1 (Flajslik et al.: (d/2)^2 + 1 groups)", "[megafly]") {
  CHECK(t::megafly_groups(64, 1) == 32 * 32 + 1);
  CHECK(t::megafly_order(64, 1) == 64 * (32 * 32 + 1));
  CHECK(t::megafly_order(2580, 1) == 4293380580u);  // the largest radix: fits 32-bit ids
}

TEST_CASE("megafly: endpoints on the leaves, the groups, the link classes", "[megafly]") {
  const auto spec = t::family_spec("megafly", {{"d", std::uint64_t{4}}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == 20);
  const auto e = t::endpoints_of(spec, g);
  for (std::uint32_t u = 0; u < 20; ++u) CHECK(e[u] == (u % 4 < 2 ? 2u : 0u));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"local", "global"});
}

TEST_CASE("megafly: bad parameters are refused with the accepted range", "[megafly][errors]") {
  CHECK_THROWS_WITH(t::megafly(0), "megafly: d = 0 is out of range (accepted: an even number from 2 to 2580)");
  CHECK_THROWS_WITH(t::megafly(7), "megafly: d = 7 is out of range (accepted: an even number from 2 to 2580)");
  CHECK_THROWS_WITH(t::megafly(2582), "megafly: d = 2582 is out of range (accepted: an even number from 2 to 2580)");
  CHECK_THROWS_WITH(t::megafly(8, 0),
                    "megafly: links = 0 is out of range (accepted: a divisor of (d/2)^2 = 16 from 1 to 16 at d = 8)");
  CHECK_THROWS_WITH(t::megafly(8, 3),
                    "megafly: links = 3 is out of range (accepted: a divisor of (d/2)^2 = 16 from 1 to 16 at d = 8)");
  CHECK_THROWS_WITH(t::megafly(8, 32), Catch::Contains("links = 32 is out of range"));
  CHECK_THROWS_WITH(t::megafly(2580), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::megafly<std::uint16_t>(64), std::invalid_argument);
}

}  // namespace megafly_test
