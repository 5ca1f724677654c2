// The multi-layer full-mesh (Kathareios et al., SC '15): counts, degrees, the diameter-two paths
// between local routers, the numbering of the header, and the refusals. EvalNet's graphs:
// evalnet_families_test.cpp; the independent construction: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/mlfm.hpp"
#include "support.hpp"

namespace mlfm_test {

namespace t = shiftfly::topology;

TEST_CASE("mlfm: counts, degrees, local routers two hops apart, the diameter", "[mlfm]") {
  for (std::uint64_t h = 1; h <= 7; ++h)
    for (std::uint64_t layers : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, h + 2}) {
      const std::uint64_t l = layers == 0 ? h : layers;
      const auto g = t::mlfm(h, layers);
      INFO(g.name());
      const std::uint64_t local = l * (h + 1), global = h * (h + 1) / 2;
      CHECK(g.num_vertices() == local + global);
      CHECK(t::mlfm_order(h, layers) == local + global);
      CHECK(t::mlfm_local_routers(h, layers) == local);
      CHECK(g.num_edges() == 2 * l * global);
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(g.degree(u) == (u < local ? h : 2 * l));
      // local router i of layer k joins global router {i, j} for every j != i
      std::uint64_t id = local;
      for (std::uint64_t i = 0; i <= h; ++i)
        for (std::uint64_t j = i + 1; j <= h; ++j, ++id)
          for (std::uint64_t k = 0; k < l; ++k) {
            CHECK(g.adjacent(static_cast<std::uint32_t>(k * (h + 1) + i), static_cast<std::uint32_t>(id)));
            CHECK(g.adjacent(static_cast<std::uint32_t>(k * (h + 1) + j), static_cast<std::uint32_t>(id)));
          }
      std::uint32_t local_far = 0, far = 0;
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
        const auto d = shiftfly::test::bfs(g, u);
        for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
          far = std::max(far, d[v]);
          if (u < local && v < local) local_far = std::max(local_far, d[v]);
        }
      }
      CHECK(local_far == (local > 1 ? 2u : 0u));  // the paper's diameter two between endpoints
      // a local router to a global router off its index: 3 (from h = 2); two global routers of
      // disjoint pairs: 4 (from h = 3)
      CHECK(far == (h >= 3 ? 4u : h == 2 ? 3u : 2u));
    }
}

TEST_CASE("mlfm: endpoints on the local routers, the layers as groups", "[mlfm]") {
  const auto spec = t::family_spec("mlfm", {{"h", std::uint64_t{3}}});
  const auto g = t::make_graph(spec);
  const auto e = t::endpoints_of(spec, g);
  REQUIRE(e.size() == 18);
  for (std::uint32_t u = 0; u < 18; ++u) CHECK(e[u] == (u < 12 ? 3u : 0u));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"local-global"});
}

TEST_CASE("mlfm: bad parameters are refused with the accepted range", "[mlfm][errors]") {
  CHECK_THROWS_WITH(t::mlfm(0), "mlfm: h = 0 is out of range (accepted: 1 to 92680)");
  CHECK_THROWS_WITH(t::mlfm(92681, 1), "mlfm: h = 92681 is out of range (accepted: 1 to 92680)");
  CHECK_THROWS_WITH(t::mlfm(3, 4294967295u), Catch::Contains("more routers than 4294967295"));
  CHECK_THROWS_WITH(t::mlfm(40000), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::mlfm<std::uint16_t>(400), std::invalid_argument);
}

}  // namespace mlfm_test
