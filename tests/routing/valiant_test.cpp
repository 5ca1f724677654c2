// Valiant routing (routing/valiant.hpp): routes through the intermediate are walks
// of the graph, coupled across p.
#include <catch2/catch.hpp>

#include <algorithm>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/routing/valiant.hpp"
#include "shiftfly/topology/kautz.hpp"

namespace valiant_test {

namespace routing = shiftfly::routing;

TEST_CASE("Valiant routes are walks through the intermediate, coupled across p", "[routing][valiant]") {
  const auto s = routing::kautz_space(3, 3);
  const auto g = shiftfly::topology::kautz(3, 3);
  shiftfly::core::python_random rng(5);
  for (int t = 0; t < 2000; ++t) {
    const std::uint64_t a = rng.randrange(s.size), b = rng.randrange(s.size);
    const auto dr = routing::draw_valiant(rng, s.size);
    const auto direct = routing::route_valiant_shift(s, a, b, 0.0, dr);
    const auto via = routing::route_valiant_shift(s, a, b, 1.0, dr);
    const auto half = routing::route_valiant_shift(s, a, b, 0.5, dr);
    CHECK_FALSE(direct.diverted);
    CHECK(via.diverted);
    CHECK(via.intermediate == dr.m);
    CHECK(half.diverted == (dr.x < 0.5));
    CHECK(direct.path == routing::route_shift(s, a, b).path);
    CHECK(via.hops() == routing::route_shift(s, a, dr.m).hops + routing::route_shift(s, dr.m, b).hops);
    CHECK(std::find(via.path.begin(), via.path.end(), dr.m) != via.path.end());
    for (std::size_t i = 0; i + 1 < via.path.size(); ++i) {
      const auto out = g.out_arcs(static_cast<std::uint32_t>(via.path[i]));
      CHECK(std::find(out.begin(), out.end(), via.path[i + 1]) != out.end());
    }
  }
  CHECK_THROWS_AS(routing::route_valiant_shift(s, 0, 1, 1.5, {}), std::invalid_argument);
}

}  // namespace valiant_test
