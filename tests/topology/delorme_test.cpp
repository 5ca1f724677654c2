// Delorme's diameter-3 graphs (the Tits polarity of W(q), q an odd power of 2): counts, the q^2 + 1
// absolute points of degree q (the Suzuki-Tits ovoid), pairwise not adjacent, diameter 3 (at q = 32
// the eccentricity of a few routers), points and vertex ids, and the refusals. EvalNet's graphs:
// evalnet_families_test.cpp; the polarity read from the other side: tests/fixtures/differential.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "shiftfly/topology/delorme.hpp"
#include "shiftfly/topology/family.hpp"
#include "support.hpp"

namespace delorme_test {

namespace t = shiftfly::topology;

TEST_CASE("delorme: counts, degrees, the ovoid and diameter 3", "[delorme]") {
  for (std::uint64_t q : {2, 8, 32}) {
    const auto g = t::delorme(q);
    INFO(g.name());
    REQUIRE(g.num_vertices() == (q + 1) * (q * q + 1));
    CHECK(g.num_edges() == t::delorme_edge_count(q));
    std::vector<std::uint32_t> absolute;
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
      CHECK((g.degree(u) == q || g.degree(u) == q + 1));
      if (g.degree(u) == q) absolute.push_back(u);
    }
    CHECK(absolute.size() == q * q + 1);
    for (std::size_t i = 0; i < absolute.size() && i < 200; ++i)
      for (std::size_t j = i + 1; j < absolute.size(); ++j) CHECK_FALSE(g.adjacent(absolute[i], absolute[j]));
    if (q <= 8) {
      CHECK(shiftfly::test::diameter(g) == 3);
    } else {  // 33,825 routers: eccentricity 3 from a sample of routers
      for (std::uint32_t s : {0u, 1000u, 20000u, static_cast<std::uint32_t>(absolute.front())}) {
        std::uint32_t far = 0;
        for (auto d : shiftfly::test::bfs(g, s)) far = std::max(far, d);
        CHECK(far == 3);
      }
    }
  }
}

TEST_CASE("delorme: points and vertices", "[delorme]") {
  const t::galois_field f(8);
  for (std::uint64_t v = 0; v < 585; ++v) CHECK(t::delorme_vertex(f, t::delorme_point(f, v)) == v);
  CHECK(t::delorme_vertex(f, {0, 0, 0, 5}) == 584);
  CHECK_THROWS_AS(t::delorme_vertex(f, {0, 0, 0, 0}), std::invalid_argument);
  CHECK_THROWS_AS(t::delorme_point(f, 585), std::invalid_argument);
}

TEST_CASE("delorme: endpoints and link class", "[delorme]") {
  const auto spec = t::family_spec("delorme", {{"q", std::uint64_t{8}}});
  const auto g = t::make_graph(spec);
  for (auto x : t::endpoints_of(spec, g)) CHECK(x == 3u);
  CHECK(t::classify_channels(spec, g).names == std::vector<std::string>{"polarity"});
}

TEST_CASE("delorme: the field tables' candidates, every odd power of 2 within the radix", "[delorme][field]") {
  const auto& field = t::delorme_family().field;
  REQUIRE(field.has_value());
  CHECK(field->display_name == "Delorme");
  const auto at = [&](std::uint64_t max_radix) {
    std::vector<std::uint64_t> qs;
    for (const auto& c : field->candidates(max_radix, 1u << 20)) {
      const auto q = std::get<std::uint64_t>(c.values.at("q"));
      CHECK(c.routers == t::delorme_order(q));  // the closed form, before anything is built
      CHECK(c.radix == q + 1);
      CHECK(c.parameters == "q = " + std::to_string(q));
      qs.push_back(q);
    }
    return qs;
  };
  CHECK(at(2).empty());
  CHECK(at(3) == std::vector<std::uint64_t>{2});
  CHECK(at(40) == std::vector<std::uint64_t>{2, 8, 32});  // the tables keep q = 8 at 1,000 and 10,000 routers
  CHECK(at(1024) == std::vector<std::uint64_t>{2, 8, 32, 128, 512});
}

TEST_CASE("delorme: bad parameters are refused with the accepted range", "[delorme][errors]") {
  CHECK(t::delorme_max_q() == 512);
  for (std::uint64_t q : {0, 1, 3, 4, 16, 64, 256, 2048})
    CHECK_THROWS_WITH(t::delorme(q), "delorme: q = " + std::to_string(q) +
                                         " is out of range (accepted: an odd power of 2 from 2 to 512)");
  CHECK_THROWS_WITH(t::delorme(512), Catch::Contains("memory"));
  CHECK_THROWS_AS(t::delorme<std::uint16_t>(128), std::invalid_argument);
}

}  // namespace delorme_test
