// topology/family.hpp and topology/families.hpp: family specs, the typed shorthands and the registry of descriptors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/family.hpp"
#include "support.hpp"

namespace family_test {

namespace t = shiftfly::topology;

TEST_CASE("make_graph builds every family with its generator", "[family]") {
  using shiftfly::test::arc_text;
  using shiftfly::test::edge_text;
  CHECK(edge_text(t::make_graph(t::torus_spec{{4, 5}})) == edge_text(t::torus({4, 5})));
  CHECK(arc_text(t::make_graph(t::kautz_spec{3, 3})) == arc_text(t::kautz(3, 3)));
  CHECK(arc_text(t::make_graph(t::de_bruijn_spec{3, 3})) == arc_text(t::de_bruijn(3, 3)));
  CHECK(arc_text(t::make_graph(t::generalized_de_bruijn_spec{100, 3})) == arc_text(t::generalized_de_bruijn(100, 3)));
  CHECK(arc_text(t::make_graph(t::imase_itoh_spec{100, 3})) == arc_text(t::imase_itoh(100, 3)));
  CHECK(edge_text(t::make_graph(t::boardfly_spec{.groups = 144})) == edge_text(t::boardfly_group_level(144)));
  CHECK(t::make_graph(t::boardfly_spec{.groups = 36, .level = t::level::chip}).num_vertices() == 1152);
  CHECK(arc_text(t::make_graph(t::shiftfly_spec{.groups = 300})) == arc_text(t::imase_itoh(300, 20)));
  const t::shiftfly_spec k{.groups = 300, .construction = t::shiftfly_construction::kautz};
  CHECK(t::make_graph(k).num_vertices() == 420);
  auto chip = k;
  chip.level = t::level::chip;
  CHECK(t::make_graph(chip).num_vertices() == 420 * 32);
  CHECK(edge_text(t::make_graph(t::polarfly_spec{7})) == edge_text(t::polarfly(7)));
  CHECK(edge_text(t::make_graph(t::slimfly_spec{5})) == edge_text(t::slimfly(5)));
  CHECK(edge_text(t::make_graph(t::dragonfly_spec{4, 2, 0})) == edge_text(t::dragonfly(4, 2, 9)));
  CHECK(edge_text(t::make_graph(t::dragonfly_spec{4, 2, 5, t::dragonfly_arrangement::circulant})) ==
        edge_text(t::dragonfly(4, 2, 5, t::dragonfly_arrangement::circulant)));
  CHECK(edge_text(t::make_graph(t::hyperx_spec{{3, 4}})) == edge_text(t::hyperx({3, 4})));
  CHECK(edge_text(t::make_graph(t::fat_tree_spec{6})) == edge_text(t::fat_tree(6)));
  CHECK(edge_text(t::make_graph(t::xgft_spec{{3, 3, 6}, {1, 3, 3}})) == edge_text(t::fat_tree(6)));
  CHECK(edge_text(t::make_graph(t::jellyfish_spec{30, 4, 9})) == edge_text(t::jellyfish(30, 4, 9)));
  CHECK(edge_text(t::make_graph(t::jellyfish_spec{30, 4})) == edge_text(t::jellyfish(30, 4, 1)));
  CHECK(edge_text(t::make_graph(t::xpander_spec{5, 7, 3})) == edge_text(t::xpander(5, 7, 3)));
}

TEST_CASE("the registry maps names to specs and back", "[family]") {
  CHECK(t::family_names().size() == t::families().size());
  for (const auto& name : t::family_names()) CHECK(std::string(t::family_name(t::default_spec(name))) == name);
  CHECK(t::default_spec("kautz").family == "kautz");
  CHECK(std::get<std::uint64_t>(t::default_spec("shiftfly").values.at("ports")) == 40);
  CHECK(std::get<std::uint64_t>(t::default_spec("boardfly").values.at("seed")) == 7);
  // parameters, in order, as text
  const auto ps = t::parameters(t::shiftfly_spec{.groups = 300, .level = t::level::chip});
  REQUIRE(ps.size() == 4);
  CHECK((ps[0].name == "groups" && ps[0].value == "300"));
  CHECK((ps[1].name == "ports" && ps[1].value == "40"));
  CHECK((ps[2].name == "construction" && ps[2].value == "imase-itoh"));
  CHECK((ps[3].name == "level" && ps[3].value == "chip"));
  CHECK(t::parameters(t::torus_spec{{4, 5, 6}})[0].value == "4,5,6");
  CHECK(t::parameters(t::family_spec{"shiftfly", {{"groups", std::uint64_t{5}}}})[1].value == "40");  // defaults filled
  // which specs carry arcs
  CHECK(t::is_digraph(t::kautz_spec{2, 2}));
  CHECK(t::is_digraph(t::shiftfly_spec{.groups = 10}));
  CHECK_FALSE(t::is_digraph(t::shiftfly_spec{.groups = 10, .level = t::level::chip}));
  CHECK_FALSE(t::is_digraph(t::boardfly_spec{.groups = 10}));
  CHECK_FALSE(t::is_digraph(t::torus_spec{{4}}));
  CHECK(t::parse_level("chip") == t::level::chip);
  CHECK_THROWS_WITH(t::parse_level("rack"), "parse_level: level = rack is out of range (accepted: group or chip)");
}

TEST_CASE("make_graph refuses every bad-input class with one line naming the parameter", "[family][errors]") {
  std::string names;  // the registry's, in its order
  for (const auto& n : t::family_names()) names += (names.empty() ? "" : ", ") + n;
  CHECK(names.rfind("torus, kautz, de-bruijn, gen-de-bruijn, imase-itoh, boardfly, shiftfly, polarfly, slimfly, "
                    "dragonfly, hyperx, fat-tree, xgft, jellyfish", 0) == 0);
  CHECK_THROWS_WITH(t::default_spec("hypercube"),
                    "default_spec: family = 'hypercube' is out of range (accepted: " + names + ")");
  const auto parameter_of = [](const t::family_spec& s) {
    try {
      (void)t::make_graph(s);
    } catch (const shiftfly::core::invalid_parameter& e) {
      return e.parameter();
    }
    return std::string("(accepted)");
  };
  CHECK(parameter_of(t::torus_spec{}) == "dims");
  CHECK(parameter_of(t::torus_spec{{4, 1}}) == "dims item");
  CHECK_THROWS_AS(t::make_graph(t::torus_spec{{65536, 65536, 65536}}), std::invalid_argument);
  CHECK(parameter_of(t::kautz_spec{1, 2}) == "d");
  CHECK(parameter_of(t::kautz_spec{2, 0}) == "D");
  CHECK(parameter_of(t::de_bruijn_spec{1, 2}) == "d");
  CHECK(parameter_of(t::de_bruijn_spec{2, 0}) == "D");
  CHECK(parameter_of(t::kautz_spec{20, 9}) == "D");
  CHECK(parameter_of(t::de_bruijn_spec{2, 40}) == "D");
  CHECK(parameter_of(t::generalized_de_bruijn_spec{1, 2}) == "n");
  CHECK(parameter_of(t::imase_itoh_spec{10, 1}) == "d");
  CHECK(parameter_of(t::boardfly_spec{.groups = 0}) == "groups");
  CHECK(parameter_of(t::shiftfly_spec{.groups = 0}) == "groups");
  CHECK(parameter_of(t::shiftfly_spec{.groups = 10, .ports = 7}) == "ports");
  CHECK(parameter_of(t::shiftfly_spec{.groups = 10, .ports = 2}) == "ports");
  CHECK(parameter_of(t::polarfly_spec{6}) == "q");
  CHECK(parameter_of(t::slimfly_spec{2}) == "q");
  CHECK(parameter_of(t::dragonfly_spec{0, 2, 0}) == "a");
  CHECK(parameter_of(t::dragonfly_spec{2, 0, 0}) == "h");
  CHECK(parameter_of(t::hyperx_spec{}) == "dims");
  CHECK(parameter_of(t::fat_tree_spec{3}) == "k");
  CHECK(parameter_of(t::xgft_spec{}) == "m");
  CHECK(parameter_of(t::xgft_spec{{2, 2}, {1}}) == "number of w items");
  CHECK(parameter_of(t::torus_spec{std::vector<std::uint64_t>(65, 2)}) == "number of dims items");
  CHECK(parameter_of(t::dragonfly_spec{4, 2, 2}) == "groups");  // the paper's g, named by its id
  CHECK(parameter_of(t::jellyfish_spec{1, 1}) == "routers");  // the paper's N
  CHECK(parameter_of(t::jellyfish_spec{10, 0}) == "degree");  // the paper's r
  CHECK(parameter_of(t::xpander_spec{4, 0}) == "lift");
  CHECK(t::parameters(t::dragonfly_spec{4, 2, 0, t::dragonfly_arrangement::circulant})[3].value == "circulant");
  CHECK(t::parameters(t::hyperx_spec{{4, 4}})[0].value == "4,4");
  CHECK(t::parameters(t::jellyfish_spec{100, 8})[2].value == "1");
  CHECK_THROWS_WITH(t::parse_shiftfly_construction("slimfly"),
                    "shiftfly: construction = slimfly is out of range (accepted: imase-itoh or kautz)");
}

TEST_CASE("every registered family: a descriptor whose example builds, and whose errors name its ids",
          "[family][descriptor]") {
  std::vector<std::string> names;
  for (const auto* f : t::families()) {
    CAPTURE(f->name);
    CHECK(t::find_family(f->name) == f);
    CHECK(std::find(names.begin(), names.end(), f->name) == names.end());  // one entry a name
    names.push_back(f->name);
    CHECK(!f->summary.empty());
    CHECK(!f->source.empty());
    CHECK(!f->parameters.empty());
    CHECK(!f->routings.empty());
    CHECK(!f->link_classes.empty());
    REQUIRE(f->make);
    REQUIRE(f->is_digraph);
    // the example is a small instance whose values are parameters of the family; it builds,
    // and is_digraph agrees with the graph built
    for (const auto& [id, value] : f->example) CHECK(f->parameter(id) != nullptr);
    const t::family_spec example{f->name, f->example};
    const auto g = t::make_graph(example);
    CHECK(g.num_vertices() > 0);
    CHECK(g.num_vertices() <= 1000);
    CHECK(t::is_digraph(example) == g.has_arcs());
    // its customary endpoints: a rule stated in words (--help, docs) and one count a router
    CHECK(!f->endpoints_rule.empty());
    REQUIRE(f->endpoints);
    const auto counts = t::endpoints_of(example, g);
    CHECK(counts.size() == g.num_vertices());
    CHECK(shiftfly::core::count_router_ports(g, counts).endpoints > 0);
    for (const auto& p : f->parameters) {
      CAPTURE(p.id);
      CHECK(!p.help.empty());
      CHECK(p.min <= p.max);
      if (p.kind == t::parameter_kind::choice) {
        CHECK(!p.choices.empty());
        REQUIRE(p.default_value);  // a choice has a default
      }
      // A required unsigned parameter at 0, or a required list left empty, is refused naming
      // the parameter by its id (the tools' flag is "--" + id, the bindings' keyword is the id).
      if (!p.required() || p.min == 0) continue;
      auto values = f->example;
      if (p.kind == t::parameter_kind::unsigned_integer) values[p.id] = std::uint64_t{0};
      else values[p.id] = std::vector<std::uint64_t>{};
      try {
        (void)t::make_graph(t::family_spec{f->name, values});
        FAIL("accepted");
      } catch (const shiftfly::core::invalid_parameter& e) {
        CHECK((e.parameter() == p.id || e.parameter() == p.id + " item" || e.parameter() == "number of " + p.id + " items"));
      }
    }
  }
}

TEST_CASE("a family spec refuses an unknown parameter, a value of the wrong kind and an unknown choice",
          "[family][descriptor][errors]") {
  CHECK_THROWS_WITH(t::make_graph(t::family_spec{"kautz", {{"d", std::uint64_t{2}}, {"x", std::uint64_t{1}}}}),
                    "kautz: x = 1 is not a parameter of kautz (accepted: d, D)");
  CHECK_THROWS_WITH(t::make_graph(t::family_spec{"kautz", {{"d", std::string("two")}}}),
                    "kautz: d = two has the wrong kind (accepted: an unsigned integer)");
  CHECK_THROWS_WITH(t::make_graph(t::family_spec{"boardfly", {{"groups", std::uint64_t{2}}, {"level", std::string("rack")}}}),
                    "boardfly: level = rack is out of range (accepted: group or chip)");
  CHECK_THROWS_WITH(t::make_graph(t::family_spec{"no-such-family", {}}),
                    Catch::StartsWith("family_spec: family = 'no-such-family' is out of range (accepted: torus, kautz, "));
}

}  // namespace family_test
