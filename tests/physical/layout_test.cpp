// Rack layouts (physical/layout.hpp, physical/metis_layout.hpp): the METIS layout keeps every rack
// within its capacity, places every router, gives the same racks twice and keeps a scrambled ring's
// neighbours together; the folded torus puts ring neighbours at most two slabs apart (checked link
// by link); the cost's endpoints are the family's own (topology::endpoints_of, one home); an
// installed program finds the models beside it.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/layout.hpp"
#include "shiftfly/physical/metis_layout.hpp"
#include "shiftfly/physical/model_file.hpp"
#include "shiftfly/topology/family.hpp"
#include "round_model.hpp"

namespace layout_test {

namespace physical = shiftfly::physical;
using layout_graph = shiftfly::core::graph<std::uint32_t>;

namespace {
/// Round numbers: a rack of `slots` units, one unit a router and one an endpoint.
physical::cost_model layout_model(std::uint64_t slots) { return shiftfly::test::round_model("layout", slots, 0); }

/// A ring of n routers whose ids are scrambled: position i holds router (i · step) mod n.
layout_graph scrambled_ring(std::uint32_t n, std::uint32_t step) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i) e.emplace_back((i * step) % n, ((i + 1) * step) % n);
  return layout_graph::from_edges(n, e);
}

/// Links with both ends in one rack, counted link by link.
std::uint64_t links_inside_racks(const layout_graph& g, const std::vector<std::uint64_t>& rack_of) {
  std::uint64_t inside = 0;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u))
      if (v > u && rack_of[u] == rack_of[v]) ++inside;
  return inside;
}
}  // namespace

TEST_CASE("metis layout: racks within capacity, every router placed, the same racks twice", "[physical][layout][metis]") {
  const std::vector<shiftfly::topology::family_spec> specs{
      {"kautz", {{"d", std::uint64_t{3}}, {"D", std::uint64_t{3}}}},
      {"polarfly", {{"q", std::uint64_t{7}}}},
      {"jellyfish", {{"routers", std::uint64_t{50}}, {"degree", std::uint64_t{5}}}},
  };
  for (const auto& spec : specs) {
    const auto g = shiftfly::topology::make_graph(spec);
    const std::size_t n = g.num_vertices();
    for (const std::uint64_t slots : {4, 10, 21}) {
      const auto m = layout_model(slots);
      auto req = physical::family_request(&spec, g, 1, "metis");  // 1 endpoint: a router takes 2 units
      req = physical::metis_request(g, m, req);
      const std::uint64_t capacity = slots / 2;
      REQUIRE(req.groups.size() == n);
      const auto floor = physical::place(n, req.groups, 1, m.rack, req.layout);
      CHECK(floor.rule == physical::layout_rule::metis);
      CHECK(floor.routers_per_rack == capacity);
      CHECK(floor.racks == (n + capacity - 1) / capacity);  // the least possible
      std::vector<std::uint64_t> held(floor.racks, 0);
      for (std::size_t u = 0; u < n; ++u) {
        REQUIRE(floor.rack_of[u] < floor.racks);
        ++held[floor.rack_of[u]];
      }
      CHECK(std::accumulate(held.begin(), held.end(), std::uint64_t{0}) == n);
      CHECK(*std::max_element(held.begin(), held.end()) <= capacity);
      // Deterministic: the same parts again, and the same cost.
      CHECK(physical::metis_racks(g, capacity) == req.groups);
      const auto a = physical::network_cost(g, m, req);
      const auto b = physical::network_cost(g, m, physical::metis_request(g, m, physical::family_request(&spec, g, 1, "metis")));
      CHECK(a.total_cost == b.total_cost);
      CHECK(a.layout == physical::layout_rule::metis);
      CHECK(a.grouping.rfind("METIS recursive bisection into ", 0) == 0);
    }
  }
}

TEST_CASE("metis layout: a scrambled ring's neighbours share racks; id order splits them", "[physical][layout][metis]") {
  // 64 routers on a ring, ids scrambled by step 27 (coprime to 64); 8 a rack. Contiguous arcs of 8
  // keep 56 of the 64 links inside racks; id order keeps those whose ends are within 8 ids in one
  // block of 8, which no ring link is (consecutive ring routers differ by 27 or 37 mod 64).
  const auto g = scrambled_ring(64, 27);
  const auto m = layout_model(16);
  const auto seq = physical::place(64, {}, 1, m.rack, physical::layout_rule::sequential);
  CHECK(links_inside_racks(g, seq.rack_of) == 0);
  const auto req = physical::metis_request(g, m, physical::family_request(nullptr, g, 1, "metis"));
  const auto met = physical::place(64, req.groups, 1, m.rack, req.layout);
  CHECK(met.racks == 8);
  CHECK(links_inside_racks(g, met.rack_of) >= 48);
  // A graph of no links: racks in id order.
  const auto empty = layout_graph::from_edges(5, std::vector<std::pair<std::uint32_t, std::uint32_t>>{});
  CHECK(physical::metis_racks(empty, 2) == std::vector<std::uint64_t>{0, 0, 1, 1, 2});
  // Refusals: a rack of no router, and a rack that cannot hold one router with its endpoints.
  CHECK_THROWS_WITH(physical::metis_racks(g, 0), Catch::Contains("capacity = 0"));
  CHECK_THROWS_WITH(physical::metis_request(g, layout_model(1), physical::family_request(nullptr, g, 1, "metis")),
                    Catch::Contains("cannot hold one router"));
}

TEST_CASE("folded torus: ring neighbours of the last dimension at most two slabs apart", "[physical][layout][torus]") {
  for (const std::uint64_t k : {3, 5, 6, 22}) {
    const shiftfly::topology::family_spec spec{"torus", {{"dims", std::vector<std::uint64_t>{3, 4, k}}}};
    const auto g = shiftfly::topology::make_graph(spec);
    const auto full = shiftfly::topology::complete(spec);
    const auto groups = physical::family_groups(full, g.num_vertices());
    REQUIRE(groups.size() == g.num_vertices());
    // A permutation of the slabs: 12 routers a slab, positions 0 .. k-1 each once.
    std::vector<std::uint64_t> seen(k, 0);
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
      REQUIRE(groups[u] < k);
      CHECK(groups[u] == groups[u - u % 12]);  // one slab, one position
      ++seen[groups[u]];
    }
    CHECK(std::all_of(seen.begin(), seen.end(), [](std::uint64_t c) { return c == 12; }));
    // Every link, the wrap-around ones included, joins positions at most 2 apart.
    std::uint64_t longest = 0;
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (auto v : g.neighbors(u)) {
        const std::uint64_t a = groups[u], b = groups[v];
        longest = std::max(longest, a > b ? a - b : b - a);
      }
    CHECK(longest == 2);
    CHECK(physical::family_grouping(full) == "slabs of 12 routers (same last coordinate), in folded order");
  }
  // k = 6: slabs 0..5 at positions 0, 2, 4, 5, 3, 1.
  const shiftfly::topology::family_spec six{"torus", {{"dims", std::vector<std::uint64_t>{3, 6}}}};
  const auto groups = physical::family_groups(shiftfly::topology::complete(six), 18);
  CHECK(groups == std::vector<std::uint64_t>{0, 0, 0, 2, 2, 2, 4, 4, 4, 5, 5, 5, 3, 3, 3, 1, 1, 1});
}

TEST_CASE("cost endpoints: the family's own rule by default, as every command counts them", "[physical][cost][endpoints]") {
  const std::vector<shiftfly::topology::family_spec> specs{
      {"kautz", {{"d", std::uint64_t{2}}, {"D", std::uint64_t{3}}}},
      {"dragonfly", {{"a", std::uint64_t{4}}, {"h", std::uint64_t{2}}}},
      {"slimfly", {{"q", std::uint64_t{5}}}},
      {"fat-tree", {{"k", std::uint64_t{4}}}},
      {"torus", {{"dims", std::vector<std::uint64_t>{4, 4}}}},
      {"xgft", {{"m", std::vector<std::uint64_t>{2, 2}}, {"w", std::vector<std::uint64_t>{1, 2}}}},
  };
  const auto m = layout_model(1000);
  for (const auto& spec : specs) {
    const auto g = shiftfly::topology::make_graph(spec);
    const auto counts = shiftfly::topology::endpoints_of(spec, g);
    const auto req = physical::family_request(&spec, g, {}, "grouped");
    REQUIRE(req.endpoints_per_router.size() == counts.size());
    CHECK(std::equal(counts.begin(), counts.end(), req.endpoints_per_router.begin()));
    CHECK(req.endpoints_rule.rfind("the family's: ", 0) == 0);
    auto priced = m;
    priced.router_fixed = 0;  // xgft's small switches would price below 0 with a negative intercept
    const auto r = physical::network_cost(g, priced, req);
    CHECK(r.endpoints == std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}));
  }
  // Dragonfly a = 4: ceil(a/2) = 2 a router (not ceil(k'/2) = ceil(5/2) = 3), 36 routers.
  const shiftfly::topology::family_spec df{"dragonfly", {{"a", std::uint64_t{4}}, {"h", std::uint64_t{2}}}};
  const auto g = shiftfly::topology::make_graph(df);
  CHECK(physical::network_cost(g, m, physical::family_request(&df, g, {}, "grouped")).endpoints == 72);
  // A graph of no family: the file's counts, else 1 a router.
  const auto ring = scrambled_ring(6, 1);
  CHECK(physical::network_cost(ring, m, physical::family_request(nullptr, ring, {}, "grouped")).endpoints == 6);
  CHECK(physical::network_cost(ring, m, physical::family_request(nullptr, ring, {}, "grouped", {0, 1, 2, 3, 4, 5}))
            .endpoints == 15);
}

TEST_CASE("installed models: found beside the program, or not at all", "[physical][model_file]") {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("shiftfly-installed-models-test-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path program = root / "bin" / "shiftfly";
  CHECK(physical::installed_cost_models_dir(program, "../share/shiftfly/cost_models").empty());
  const fs::path models = root / "share" / "shiftfly" / "cost_models";
  fs::create_directories(models);
  fs::copy_file(fs::path(SHIFTFLY_SOURCE_DIR) / "data" / "cost_models" / "slimfly-sc14.json", models / "slimfly-sc14.json");
  const std::string dir = physical::installed_cost_models_dir(program, "../share/shiftfly/cost_models");
  CHECK(dir == models.lexically_normal().string());
  CHECK(physical::read_cost_model_file(physical::cost_model_path("slimfly-sc14", dir)).name == "slimfly-sc14");
  fs::remove_all(root);
}

}  // namespace layout_test
