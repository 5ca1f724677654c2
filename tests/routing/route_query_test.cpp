// The `shiftfly route` query: label ranks agree with the generated graphs' vertex
// ids, and the table-free route length equals the BFS check for every pair.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "shiftfly/routing/route_query.hpp"

namespace route_query_test {

namespace routing = shiftfly::routing;

TEST_CASE("route query on Kautz and de Bruijn: ids match the generators, hops == BFS", "[routing][query]") {
  for (bool kautz : {true, false})
    for (auto [d, D] : std::vector<std::pair<unsigned, unsigned>>{{2, 3}, {3, 2}, {2, 4}}) {
      const auto s = kautz ? routing::kautz_space(d, D) : routing::de_bruijn_space(d, D);
      const auto g = kautz ? shiftfly::topology::kautz(d, D) : shiftfly::topology::de_bruijn(d, D);
      REQUIRE(g.num_vertices() == s.size);
      for (std::uint32_t v = 0; v < s.size; ++v) {
        const auto lab = g.label(v);
        REQUIRE(routing::rank_label(s, lab) == v);
      }
      for (std::uint64_t a = 0; a < s.size; ++a)
        for (std::uint64_t b = 0; b < s.size; ++b) {
          const auto q = routing::route_labels(kautz ? routing::label_family::kautz : routing::label_family::de_bruijn, d, D, routing::format_label(routing::unrank_label(s, a)),
                                               routing::format_label(routing::unrank_label(s, b)));
          REQUIRE(q.shortest.has_value());
          REQUIRE(q.hops == *q.shortest);
          REQUIRE(q.ids.front() == a);
          REQUIRE(q.ids.back() == b);
        }
    }
}

TEST_CASE("route query on Imase–Itoh, and its refusals", "[routing][query]") {
  const auto q = routing::route_numbers(997, 4, "3", "996");
  REQUIRE(q.shortest.has_value());
  CHECK(q.hops == *q.shortest);
  CHECK_THROWS_AS(routing::route_numbers(997, 4, "997", "1"), std::invalid_argument);
  CHECK_THROWS_AS(routing::route_numbers(997, 4, "-1", "1"), std::invalid_argument);
  CHECK_THROWS_AS(routing::route_numbers(997, 4, "1", ""), std::invalid_argument);
  CHECK_THROWS_AS(routing::route_labels(routing::label_family::kautz, 2, 3, "0.1.1", "0.1.2"), std::invalid_argument);
  const auto big = routing::route_numbers(std::uint64_t{1} << 30, 20, "12345", "999999");
  CHECK_FALSE(big.shortest.has_value());
  CHECK(big.ids.back() == 999999u);
}

TEST_CASE("route query by family spec: the descriptor's shift numbering chooses the router", "[routing][query]") {
  const auto k = routing::route_query(shiftfly::topology::kautz_spec{2, 3}, "0.1.2", "1.0.1");
  CHECK(k.family == "kautz");
  CHECK_FALSE(k.numbered);
  CHECK(k.hops == routing::route_labels(routing::label_family::kautz, 2, 3, "0.1.2", "1.0.1").hops);
  const auto b = routing::route_query(shiftfly::topology::de_bruijn_spec{2, 3}, "0.1.1", "1.0.1");
  CHECK(b.family == "de-bruijn");
  const auto ii = routing::route_query(shiftfly::topology::imase_itoh_spec{10, 2}, "3", "7");
  CHECK(ii.family == "imase-itoh");
  CHECK(ii.numbered);
  CHECK(ii.hops == routing::route_numbers(10, 2, "3", "7").hops);
  // Shiftfly runs shift routing but has no route query; a torus neither
  CHECK_THROWS_WITH(routing::route_query(shiftfly::topology::shiftfly_spec{4}, "0", "1"),
                    "route: family = shiftfly has no table-free route query (accepted: kautz, de-bruijn or imase-itoh)");
  CHECK_THROWS_WITH(routing::route_query(shiftfly::topology::torus_spec{{4, 4}}, "0", "1"),
                    Catch::Contains("(accepted: kautz, de-bruijn or imase-itoh)"));
}

}  // namespace route_query_test
