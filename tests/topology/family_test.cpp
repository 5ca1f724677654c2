// The family dispatcher shared by the graph, metrics and route subcommands.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "shiftfly/topology/family.hpp"
#include "support.hpp"

namespace t = shiftfly::topology;

namespace {
t::family_params params(std::string family) {
  t::family_params p;
  p.family = std::move(family);
  return p;
}
}  // namespace

TEST_CASE("make_family builds every family with its generator", "[family]") {
  auto p = params("torus");
  p.dims = {4, 5};
  CHECK(shiftfly::test::edge_text(t::make_family(p)) == shiftfly::test::edge_text(t::torus({4, 5})));
  p = params("kautz");
  p.d = 3;
  p.D = 3;
  CHECK(shiftfly::test::arc_text(t::make_family(p)) == shiftfly::test::arc_text(t::kautz(3, 3)));
  p.family = "de-bruijn";
  CHECK(shiftfly::test::arc_text(t::make_family(p)) == shiftfly::test::arc_text(t::de_bruijn(3, 3)));
  p = params("gen-de-bruijn");
  p.n = 100;
  p.d = 3;
  CHECK(shiftfly::test::arc_text(t::make_family(p)) == shiftfly::test::arc_text(t::generalized_de_bruijn(100, 3)));
  p.family = "imase-itoh";
  CHECK(shiftfly::test::arc_text(t::make_family(p)) == shiftfly::test::arc_text(t::imase_itoh(100, 3)));
  p = params("boardfly");
  p.groups = 144;
  CHECK(shiftfly::test::edge_text(t::make_family(p)) == shiftfly::test::edge_text(t::boardfly_group_level(144)));
  p.level = "chip";
  p.groups = 36;
  CHECK(t::make_family(p).num_vertices() == 1152);
  p = params("shiftfly");
  p.groups = 300;
  CHECK(shiftfly::test::arc_text(t::make_family(p)) == shiftfly::test::arc_text(t::imase_itoh(300, 20)));
  p.construction = "kautz";
  CHECK(t::make_family(p).num_vertices() == 420);
  p.level = "chip";
  CHECK(t::make_family(p).num_vertices() == 420 * 32);
  CHECK(t::family_names().size() == 7);
}

TEST_CASE("make_family refuses every bad-input class with one line", "[family][errors]") {
  auto p = params("hypercube");
  CHECK_THROWS_WITH(t::make_family(p),
                    "make_family: family = 'hypercube' is out of range (accepted: torus, kautz, de-bruijn, "
                    "gen-de-bruijn, imase-itoh, boardfly, shiftfly)");
  p = params("torus");
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);  // empty dims
  p.dims = {4, 1};
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  p.dims = {65536, 65536, 65536};
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  for (const char* f : {"kautz", "de-bruijn"}) {
    p = params(f);
    p.d = 1;
    p.D = 2;
    CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
    p.d = 2;
    p.D = 0;
    CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  }
  p = params("kautz");
  p.d = 20;
  p.D = 9;
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  p = params("de-bruijn");
  p.d = 2;
  p.D = 40;
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  for (const char* f : {"gen-de-bruijn", "imase-itoh"}) {
    p = params(f);
    p.n = 1;
    p.d = 2;
    CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
    p.n = 10;
    p.d = 1;
    CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  }
  for (const char* f : {"boardfly", "shiftfly"}) {
    p = params(f);
    p.groups = 0;
    CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
    p.groups = 10;
    p.level = "rack";
    CHECK_THROWS_WITH(t::make_family(p), "make_family: level = rack is out of range (accepted: group or chip)");
  }
  p = params("shiftfly");
  p.groups = 10;
  p.ports = 7;
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  p.ports = 2;
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
  p.ports = 40;
  p.construction = "slimfly";
  CHECK_THROWS_AS(t::make_family(p), std::invalid_argument);
}
