// Cost, cables and power of a fabric (physical/): a 4-cycle on a 2 x 2 floor worked by hand,
// the family groupings kept whole in racks, the fat tree's hosts on its edge switches only,
// the shipped model files, and every refusal (a model out of range, a rack that cannot hold a
// router, a negative router price, lengths past the limit, a model file missing a constant or
// its provenance).
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/describe.hpp"
#include "round_model.hpp"
#include "shiftfly/physical/model_file.hpp"
#include "shiftfly/topology/family.hpp"

namespace network_cost_test {

namespace physical = shiftfly::physical;
using graph = shiftfly::core::graph<std::uint32_t>;

namespace {
/// Round numbers, so that every figure below can be worked by hand.
physical::cost_model hand_model() { return shiftfly::test::round_model("hand", 3, 2); }

graph cycle4() {
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> e{{0, 1}, {1, 2}, {2, 3}, {0, 3}};
  return graph::from_edges(4, e);
}

std::string model_text(const std::string& replace_from = "", const std::string& replace_to = "") {
  std::string t = R"({"name": "m", "source": "s", "link_speed_gbps": 40, "markup": 1,
    "electric": {"max_length_m": 5, "per_metre": 0.4079, "fixed": 0.5771, "per_gbps": true},
    "optical": {"per_metre": 0.0919, "fixed": 7.2745, "per_gbps": true},
    "router": {"per_port": 350.4, "fixed": -892.3}, "power": {"watts_per_port": 2.8},
    "rack": {"slots": 42, "router_slots": 1, "endpoint_slots": 1, "width_m": 0.6, "depth_m": 2.1,
             "intra_rack_m": 2, "inter_rack_m": 4, "racks_per_row": 0},
    "provenance": {"link_speed_gbps": "x", "markup": "x", "electric.max_length_m": "x", "electric.per_metre": "x",
      "electric.fixed": "x", "optical.per_metre": "x", "optical.fixed": "x", "router.per_port": "x", "router.fixed": "x",
      "power.watts_per_port": "x", "rack.slots": "x", "rack.router_slots": "x", "rack.endpoint_slots": "x",
      "rack.width_m": "x", "rack.depth_m": "x", "rack.intra_rack_m": "x", "rack.inter_rack_m": "x",
      "rack.racks_per_row": "x"}})";
  if (!replace_from.empty()) {
    const auto at = t.find(replace_from);
    REQUIRE(at != std::string::npos);
    t.replace(at, replace_from.size(), replace_to);
  }
  return t;
}

std::string refusal(const std::string& text) {
  try {
    physical::parse_cost_model(text, "m.json");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}
}  // namespace

TEST_CASE("cost: a 4-cycle, one router a rack, two racks a row, worked by hand", "[physical][cost]") {
  // Default endpoints: ceil(2/2) = 1 a router, so a router takes 2 of 3 slots: one router a rack.
  // Racks 0 1 / 2 3 on the floor (1 m along a row, 2 m between rows). Lengths (Manhattan + 1 m):
  // 0-1: 1+1 = 2 (electric), 1-2: 1+2+1 = 4 (optical), 2-3: 2 (electric), 0-3: 1+2+1 = 4 (optical).
  const auto r = physical::network_cost(cycle4(), hand_model(), physical::family_request(nullptr, cycle4(), {}, "grouped"));
  CHECK(r.layout == physical::layout_rule::sequential);  // no grouping: sequential
  CHECK(r.routers == 4);
  CHECK(r.endpoints == 4);
  CHECK(r.racks == 4);
  CHECK(r.routers_per_rack == 1);
  CHECK(r.racks_per_row == 2);
  CHECK(r.links == 4);
  CHECK(r.electric.count == 2);
  CHECK(r.electric.total_length_m == 4.0);
  CHECK(r.electric.cost == 8.0);  // 2 x (1 x 2 + 2)
  CHECK(r.optical.count == 2);
  CHECK(r.optical.total_length_m == 8.0);
  CHECK(r.optical.cost == 280.0);  // 2 x (10 x 4 + 100)
  CHECK(r.electric.histogram == std::map<std::uint64_t, std::uint64_t>{{2, 2}});
  CHECK(r.optical.histogram == std::map<std::uint64_t, std::uint64_t>{{4, 2}});
  CHECK(r.router_cost == 140.0);  // 4 x (10 x 3 ports + 5)
  CHECK(r.total_cost == 428.0);
  CHECK(r.cost_per_endpoint == 107.0);
  CHECK(r.power_w == 12.0);  // 12 ports at 1 W
  CHECK(r.power_per_endpoint == 3.0);
  CHECK(r.optical_share == 0.5);
  CHECK(r.max_ports == 3);
  // Two endpoints a router: a router takes all 3 slots; the same floor, 3 ports -> 4 ports.
  const auto r2 = physical::network_cost(cycle4(), hand_model(), physical::family_request(nullptr, cycle4(), 2, "grouped"));
  CHECK(r2.router_cost == 4 * 45.0);
  CHECK(r2.endpoints == 8);
  // The description leads with the sentence and carries the model's name and source.
  const auto d = physical::describe(r);
  REQUIRE(!d.text.empty());
  CHECK(d.text.front() ==
        "The fabric of 4 routers and 4 endpoints costs $428 ($107.00 per endpoint) and draws 12.0 W (3.00 W per "
        "endpoint) under model hand; 2 of its 4 cables are optical (50.0%).");
  REQUIRE(d.find("model") != nullptr);
  CHECK(d.find("model")->value.as_record().find("source") != nullptr);
}

TEST_CASE("cost: the grouped layout keeps a Dragonfly group in one rack", "[physical][cost][layout]") {
  // a = 4, h = 2, g = 9: 36 routers; 1 endpoint a router, 10 slots: 5 routers a rack, so one
  // group (4 routers) a rack, the fifth place left empty (a group does not fit in the room left).
  auto m = hand_model();
  m.rack.slots = 10;
  m.rack.racks_per_row = 0;
  const shiftfly::topology::family_spec spec{"dragonfly", {{"a", std::uint64_t{4}}, {"h", std::uint64_t{2}}}};
  const auto g = shiftfly::topology::make_graph(spec);
  const auto r = physical::network_cost(g, m, physical::family_request(&spec, g, 1, "grouped"));
  CHECK(r.layout == physical::layout_rule::grouped);
  CHECK(r.grouping == "groups of a = 4 routers");
  CHECK(r.racks == 9);
  CHECK(r.racks_per_row == 3);
  // The 6 local links of each of the 9 groups are intra-rack (0.5 m, bin 1); the 36 global ones are not.
  CHECK(r.electric.histogram.at(1) == 54);
  CHECK(r.links == 90);
  std::uint64_t inter = 0;
  for (const auto& s : {r.electric, r.optical})
    for (const auto& [metres, count] : s.histogram)
      if (metres > 1) inter += count;
  CHECK(inter == 36);
  // Sequential order fills racks of 5: groups split, and fewer links stay inside a rack.
  const auto q = physical::network_cost(g, m, physical::family_request(&spec, g, 1, "sequential"));
  CHECK(q.layout == physical::layout_rule::sequential);
  CHECK(q.racks == 8);
  CHECK(q.electric.histogram.at(1) < 54);
}

TEST_CASE("cost: a fat tree's hosts are on its edge switches only", "[physical][cost]") {
  const shiftfly::topology::family_spec spec{"fat-tree", {{"k", std::uint64_t{4}}}};
  const auto g = shiftfly::topology::make_graph(spec);
  auto m = hand_model();
  m.rack.slots = 42;
  const auto r = physical::network_cost(g, m, physical::family_request(&spec, g, {}, "grouped"));
  CHECK(r.endpoints == 16);  // k^3/4
  CHECK(r.routers == 20);    // 5k^2/4
  CHECK(r.max_ports == 4);   // every switch has k ports
  CHECK(r.router_cost == 20 * 45.0);
  CHECK(r.power_w == 80.0);
  CHECK(r.endpoints_rule.rfind("the family's: k/2 on each edge switch", 0) == 0);
  // A given count is on every router, as in every command (topology::endpoints_of): 3 x 20.
  const auto r6 = physical::network_cost(g, m, physical::family_request(&spec, g, 3, "grouped"));
  CHECK(r6.endpoints == 60);
  CHECK(r6.endpoints_rule == "P = 3 on every router (given)");
}

TEST_CASE("cost: the same request gives the same figures (layout and sums in a fixed order)", "[physical][cost]") {
  const shiftfly::topology::family_spec spec{"slimfly", {{"q", std::uint64_t{5}}}};
  const auto g = shiftfly::topology::make_graph(spec);
  const auto m = physical::read_cost_model_file(std::string(SHIFTFLY_SOURCE_DIR) + "/data/cost_models/slimfly-sc14.json");
  const auto a = physical::network_cost(g, m, physical::family_request(&spec, g, {}, "grouped"));
  const auto b = physical::network_cost(g, m, physical::family_request(&spec, g, {}, "grouped"));
  CHECK(a.total_cost == b.total_cost);
  CHECK(a.electric.histogram == b.electric.histogram);
  // MMS(5): 50 routers of degree 7 (k' = 7), 4 endpoints each; 50 x 11 ports.
  CHECK(a.endpoints == 200);
  CHECK(a.router_cost == Approx(50 * (350.4 * 11 - 892.3)).epsilon(1e-12));
  CHECK(a.power_w == Approx(50 * 11 * 2.8).epsilon(1e-12));
  CHECK(a.links == 175);
}

TEST_CASE("cost: refusals name the constant or the rule", "[physical][cost][bad_input]") {
  const auto g = cycle4();
  const auto request = physical::family_request(nullptr, cycle4(), {}, "grouped");
  auto m = hand_model();
  m.optical.per_metre = -1;
  CHECK_THROWS_WITH(physical::network_cost(g, m, request), Catch::Contains("optical.per_metre = -1 is out of range"));
  m = hand_model();
  m.rack.slots = 1;  // a router and its endpoint need 2
  CHECK_THROWS_WITH(physical::network_cost(g, m, request), Catch::Contains("cannot hold one router"));
  m = hand_model();
  m.router_fixed = -100;  // 3 ports x 10 - 100 < 0
  CHECK_THROWS_WITH(physical::network_cost(g, m, request), Catch::Contains("negative router price"));
  m = hand_model();
  m.rack.width_m = 1e6;
  m.rack.racks_per_row = 0;
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> path{{0, 2000}};
  const auto wide = graph::from_edges(2001, path);
  // 2001 routers, 1 a rack (endpoints 1, slots 3), 45 a row: routers 0 and 2000 are 44 racks apart along a row.
  m.rack.racks_per_row = 2001;
  CHECK_THROWS_WITH(physical::network_cost(wide, m, physical::family_request(nullptr, wide, {}, "grouped")),
                    Catch::Contains("at most 1e9 m"));
  CHECK_THROWS_WITH(physical::network_cost(g, hand_model(), physical::family_request(nullptr, cycle4(), 0, "grouped")),
                    Catch::Contains("endpoints = 0"));
  CHECK_THROWS_WITH(physical::family_request(nullptr, cycle4(), {}, "diagonal"), Catch::Contains("layout = 'diagonal'"));
  CHECK_THROWS_WITH(physical::family_request(nullptr, cycle4(), 2000000, "grouped"), Catch::Contains("endpoints = 2000000"));
  CHECK_THROWS_WITH(physical::family_request(nullptr, cycle4(), 65536, "grouped"), Catch::Contains("endpoints = 65536"));
  // The file's own counts must be one a router.
  CHECK_THROWS_WITH(physical::family_request(nullptr, cycle4(), {}, "grouped", {1, 1, 1}), Catch::Contains("endpoints"));
  // The metis layout without its parts (physical::metis_request) is refused, not placed by id.
  CHECK_THROWS_WITH(physical::network_cost(g, hand_model(), physical::family_request(nullptr, cycle4(), {}, "metis")),
                    Catch::Contains("metis layout needs the METIS parts"));
}

TEST_CASE("cost model files: the shipped models read, and every bad file is refused in one line", "[physical][model_file]") {
  for (const auto& name : physical::shipped_cost_models()) {
    const auto m = physical::read_cost_model_file(
        physical::cost_model_path(name, std::string(SHIFTFLY_SOURCE_DIR) + "/data/cost_models"));
    CHECK(m.name == name);
    CHECK(!m.source.empty());
    CHECK(!m.notes.empty());
  }
  CHECK(refusal(model_text()) == "(accepted)");
  CHECK_THAT(refusal(model_text(R"("per_metre": 0.0919, )", "")), Catch::Contains("m.json: optical.per_metre is missing"));
  CHECK_THAT(refusal(model_text(R"("per_metre": 0.0919)", R"("per_metre": -0.0919)")),
             Catch::Contains("optical.per_metre = -0.0919 is out of range"));
  CHECK_THAT(refusal(model_text(R"("slots": 42)", R"("slots": 0)")), Catch::Contains("rack.slots = 0"));
  CHECK_THAT(refusal(model_text(R"("markup": "x", )", "")), Catch::Contains("markup has no provenance line"));
  CHECK_THAT(refusal(model_text(R"("markup": 1)", R"("markup": 1, "mark_up": 1)")), Catch::Contains("unknown key mark_up"));
  CHECK_THAT(refusal(model_text(R"("per_gbps": true})", R"("per_gbps": 1})")), Catch::Contains("is not true or false"));
  CHECK_THAT(refusal("{"), Catch::Contains("bad JSON"));
  CHECK_THAT(refusal("[]"), Catch::Contains("expected a cost model object"));
  CHECK_THAT(refusal(model_text(R"("slots": 42)", R"("slots": 1e400)")), Catch::Contains("bad JSON"));
  CHECK_THROWS_WITH(physical::cost_model_path("nope", "dir"), Catch::Contains("model = 'nope'"));
  CHECK(physical::cost_model_path("x.json", "dir") == "x.json");
  CHECK(physical::cost_model_path("slimfly-sc14", "dir") == "dir/slimfly-sc14.json");
}

// A router price is never negative: the Slim Fly model's fit 350.4·k − 892.3 crosses 0 between 2
// and 3 ports, so a router of 2 ports or fewer is refused (not clamped), naming the least count it
// prices; the constants are printed as the file writes them (350.4, not 350.39999999999998).
TEST_CASE("cost: a router the model prices below 0 is refused, with the least port count", "[physical][cost][bad_input]") {
  const auto m = physical::read_cost_model_file(std::string(SHIFTFLY_SOURCE_DIR) + "/data/cost_models/slimfly-sc14.json");
  CHECK(physical::router_min_ports(m) == 3);
  CHECK(physical::router_cost(m, 3) == Approx(350.4 * 3 - 892.3).epsilon(1e-15));
  for (std::uint64_t ports : {0, 1, 2}) {
    INFO(ports);
    try {
      (void)physical::router_cost(m, ports);
      FAIL("accepted");
    } catch (const std::exception& e) {
      const std::string w = e.what();
      CHECK_THAT(w, Catch::Contains("(350.4 per port + -892.3 = "));
      CHECK_THAT(w, Catch::Contains("at least 3 ports"));
      CHECK(w.find("350.39999") == std::string::npos);
      CHECK(w.find('\n') == std::string::npos);
    }
  }
  // a path of 3 routers, 1 endpoint each: the ends have 2 ports
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> path{{0, 1}, {1, 2}};
  const auto g = graph::from_edges(3, path);
  CHECK_THROWS_WITH(physical::network_cost(g, m, physical::family_request(nullptr, g, 1, "grouped")),
                    Catch::Contains("router ports = 2"));
  // the least count when the intercept is not negative, or no count is priced
  auto z = m;
  z.router_fixed = 0;
  CHECK(physical::router_min_ports(z) == 0);
  z.router_fixed = -700.8;  // exactly 2 x 350.4 (in doubles): 2 ports price 0, accepted
  CHECK(physical::router_min_ports(z) == (350.4 * 2 - 700.8 >= 0 ? 2 : 3));
  z.router_per_port = 0;
  CHECK(physical::router_min_ports(z) == UINT64_MAX);
}

}  // namespace network_cost_test
