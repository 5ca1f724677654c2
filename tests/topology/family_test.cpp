// topology/family.hpp: typed family specs and the name registry.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/family.hpp"
#include "support.hpp"

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
}

TEST_CASE("the registry maps names to specs and back", "[family]") {
  CHECK(t::family_names().size() == std::variant_size_v<t::family_spec>);
  for (const auto& name : t::family_names()) CHECK(std::string(t::family_name(t::default_spec(name))) == name);
  CHECK(std::holds_alternative<t::kautz_spec>(t::default_spec("kautz")));
  CHECK(std::get<t::shiftfly_spec>(t::default_spec("shiftfly")).ports == 40);
  CHECK(std::get<t::boardfly_spec>(t::default_spec("boardfly")).seed == 7);
  // parameters, in order, as text
  const auto ps = t::parameters(t::shiftfly_spec{.groups = 300, .level = t::level::chip});
  REQUIRE(ps.size() == 4);
  CHECK((ps[0].name == "groups" && ps[0].value == "300"));
  CHECK((ps[1].name == "ports" && ps[1].value == "40"));
  CHECK((ps[2].name == "construction" && ps[2].value == "imase-itoh"));
  CHECK((ps[3].name == "level" && ps[3].value == "chip"));
  CHECK(t::parameters(t::torus_spec{{4, 5, 6}})[0].value == "4,5,6");
  // which specs carry arcs
  CHECK(t::is_digraph(t::kautz_spec{2, 2}));
  CHECK(t::is_digraph(t::shiftfly_spec{.groups = 10}));
  CHECK_FALSE(t::is_digraph(t::shiftfly_spec{.groups = 10, .level = t::level::chip}));
  CHECK_FALSE(t::is_digraph(t::boardfly_spec{.groups = 10}));
  CHECK_FALSE(t::is_digraph(t::torus_spec{{4}}));
  for (const auto& name : t::family_names()) {
    // is_digraph agrees with the graph that make_graph builds
    auto spec = t::default_spec(name);
    std::visit(
        [](auto& s) {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, t::torus_spec> || std::is_same_v<S, t::hyperx_spec>) s.dims = {3, 3};
          else if constexpr (requires { s.q; }) s.q = 5;
          else if constexpr (std::is_same_v<S, t::dragonfly_spec>) s = {2, 1, 0};
          else if constexpr (std::is_same_v<S, t::fat_tree_spec>) s.k = 4;
          else if constexpr (std::is_same_v<S, t::xgft_spec>) s = {{2, 2}, {1, 2}};
          else if constexpr (std::is_same_v<S, t::jellyfish_spec>) s = {10, 3, 1};
          else if constexpr (requires { s.D; }) s = {2, 2};
          else if constexpr (requires { s.n; }) s = {10, 2};
          else s.groups = 4;
        },
        spec);
    CHECK(t::is_digraph(spec) == t::make_graph(spec).has_arcs());
  }
  CHECK(t::parse_level("chip") == t::level::chip);
  CHECK_THROWS_WITH(t::parse_level("rack"), "parse_level: level = rack is out of range (accepted: group or chip)");
}

TEST_CASE("make_graph refuses every bad-input class with one line naming the parameter", "[family][errors]") {
  CHECK_THROWS_WITH(t::default_spec("hypercube"),
                    "default_spec: family = 'hypercube' is out of range (accepted: torus, kautz, de-bruijn, "
                    "gen-de-bruijn, imase-itoh, boardfly, shiftfly, polarfly, slimfly, dragonfly, hyperx, fat-tree, "
                    "xgft, jellyfish)");
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
  CHECK(parameter_of(t::xgft_spec{{2, 2}, {1}}) == "length of w");
  CHECK(parameter_of(t::jellyfish_spec{1, 1}) == "N");
  CHECK(t::parameters(t::dragonfly_spec{4, 2, 0, t::dragonfly_arrangement::circulant})[3].value == "circulant");
  CHECK(t::parameters(t::hyperx_spec{{4, 4}})[0].value == "4,4");
  CHECK(t::parameters(t::jellyfish_spec{100, 8})[2].value == "1");
  CHECK_THROWS_WITH(t::parse_shiftfly_construction("slimfly"),
                    "shiftfly: construction = slimfly is out of range (accepted: imase-itoh or kautz)");
}
