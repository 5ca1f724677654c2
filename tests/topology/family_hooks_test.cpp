// The per-family hooks of the descriptors (topology/descriptor.hpp: coordinates, shift,
// grouping), the spec resolved once (topology::resolve) and the exact ranges as data
// (topology::stated_range).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"

namespace family_hooks_test {

using namespace shiftfly;
using V = std::vector<std::uint64_t>;

TEST_CASE("the families with a hook are named from the registry", "[topology][family_hooks]") {
  CHECK(topology::families_with([](const topology::family_descriptor& f) { return bool(f.coordinates); }) ==
        "torus, hyperx or tofu");
  CHECK(topology::families_with([](const topology::family_descriptor& f) { return f.shift.has_value(); }) ==
        "kautz, de-bruijn, imase-itoh or shiftfly");
  CHECK(topology::families_with([](const topology::family_descriptor&) { return false; }).empty());
}

TEST_CASE("coordinates: a torus's are rings, a HyperX's complete, others have none", "[topology][family_hooks]") {
  const auto torus = topology::coordinates_of(topology::torus_spec{{4, 3}});
  REQUIRE(torus);
  CHECK(torus->dims == V{4, 3});
  CHECK(torus->ring);
  const auto hyperx = topology::coordinates_of(topology::hyperx_spec{{2, 5}});
  REQUIRE(hyperx);
  CHECK(hyperx->dims == V{2, 5});
  CHECK_FALSE(hyperx->ring);
  CHECK_FALSE(topology::coordinates_of(topology::kautz_spec{2, 3}));
}

TEST_CASE("shift numbering of the shift digraph families", "[topology][family_hooks]") {
  CHECK(topology::kautz_family().shift == topology::shift_labels::kautz);
  CHECK(topology::de_bruijn_family().shift == topology::shift_labels::de_bruijn);
  CHECK(topology::imase_itoh_family().shift == topology::shift_labels::imase_itoh);
  CHECK(topology::shiftfly_family().shift == topology::shift_labels::shiftfly_groups);
  CHECK_FALSE(topology::torus_family().shift);
  CHECK_FALSE(topology::generalized_de_bruijn_family().shift);
}

TEST_CASE("every grouping is one group a router, in words when it has groups", "[topology][family_hooks]") {
  for (const auto* f : topology::families()) {
    if (!f->grouping) continue;
    INFO(f->name);
    const auto r = topology::resolve({f->name, f->example});
    const auto g = topology::make_graph(r);
    const auto groups = f->grouping->group_of(r.values(), g.num_vertices());
    const auto text = f->grouping->text(r.values());
    CHECK(groups.empty() == text.empty());
    if (!groups.empty()) CHECK(groups.size() == g.num_vertices());
  }
  const auto dragonfly = topology::resolve(topology::dragonfly_spec{4, 2, 0});
  CHECK(dragonfly.descriptor().grouping->text(dragonfly.values()) == "groups of a = 4 routers");
  CHECK(dragonfly.descriptor().grouping->group_of(dragonfly.values(), 9) == V{0, 0, 0, 0, 1, 1, 1, 1, 2});
  const auto group_level = topology::resolve(topology::boardfly_spec{4});
  CHECK(group_level.descriptor().grouping->text(group_level.values()).empty());
}

TEST_CASE("resolve: the descriptor and every value, once", "[topology][family_hooks]") {
  const auto r = topology::resolve({"dragonfly", {{"a", std::uint64_t{4}}, {"h", std::uint64_t{2}}}});
  CHECK(&r.descriptor() == &topology::dragonfly_family());
  CHECK(r.name() == "dragonfly");
  CHECK(r.values().size() == topology::dragonfly_family().parameters.size());
  CHECK(topology::unsigned_value(r.values(), "groups") == 0);  // the stand-in default: a*h+1
  CHECK(topology::make_graph(r).num_vertices() == topology::make_graph(r.spec()).num_vertices());
  CHECK_THROWS_WITH(topology::resolve({"nosuch", {}}), Catch::Contains("family") && Catch::Contains("torus"));
  CHECK_THROWS_WITH(topology::resolve({"kautz", {{"q", std::uint64_t{3}}}}), Catch::Contains("q"));
  CHECK_THROWS_WITH(topology::resolve({"boardfly", {{"level", std::string("rack")}}}), Catch::Contains("group or chip"));
}

TEST_CASE("stated_range: the generator's exact range at the other values", "[topology][family_hooks]") {
  // Kautz's D depends on d: (d+1)d^(D-1) vertices at most 2^32 - 1
  const std::string d2 = topology::stated_range(topology::kautz_spec{2, 3}, "D");
  const std::string d9 = topology::stated_range(topology::kautz_spec{9, 3}, "D");
  CHECK(d2.rfind("1 to ", 0) == 0);
  CHECK(d2 != d9);
  CHECK(d2 != "1 to 63");  // not the descriptor's --help range
  // a list's item
  CHECK_FALSE(topology::stated_range(topology::torus_spec{{4, 4}}, "dims", 1).empty());
  CHECK_THROWS_AS(topology::stated_range(topology::kautz_spec{2, 3}, "q"), core::invalid_parameter);
  CHECK_THROWS_AS(topology::stated_range(topology::torus_spec{{4, 4}}, "dims", 2), core::invalid_parameter);
}

}  // namespace family_hooks_test
