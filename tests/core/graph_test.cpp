// Tests for core/graph.hpp: CSR construction, symmetrisation, arcs and labels.
#include <catch2/catch.hpp>

#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"

namespace graph_test {

using shiftfly::core::graph;

TEST_CASE("from_edges symmetrises, sorts, and drops loops and duplicates", "[graph]") {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e{{0, 1}, {1, 0}, {2, 2}, {3, 1}, {1, 3}, {0, 3}};
  auto g = graph<>::from_edges(5, e, "t");
  REQUIRE(g.num_vertices() == 5);
  REQUIRE(g.num_edges() == 3);
  auto n1 = g.neighbors(1);
  REQUIRE(std::vector<std::uint32_t>(n1.begin(), n1.end()) == std::vector<std::uint32_t>{0, 3});
  REQUIRE(g.degree(2) == 0);
  REQUIRE(g.degree(4) == 0);
  REQUIRE(g.adjacent(0, 3));
  REQUIRE_FALSE(g.adjacent(0, 2));
  REQUIRE(g.max_degree() == 2);
  REQUIRE(g.mean_degree() == Approx(6.0 / 5.0));
  REQUIRE_FALSE(g.has_arcs());
  REQUIRE_FALSE(g.has_labels());
}

TEST_CASE("from_arcs keeps arcs in order and builds the physical graph", "[graph]") {
  // 0->1, 0->0 (loop), 1->2, 1->2 (repeat), 2->0
  auto g = graph<>::from_arcs(3, {0, 2, 4, 5}, {1, 0, 2, 2, 0});
  REQUIRE(g.num_arcs() == 5);
  REQUIRE(g.out_arcs(0)[1] == 0);
  REQUIRE(g.num_edges() == 3);
  REQUIRE(g.degree(0) == 2);
  CHECK_THROWS_AS(graph<>::from_arcs(3, {0, 1, 2}, {1, 2}), std::invalid_argument);
  CHECK_THROWS_AS(graph<>::from_arcs(2, {0, 1, 2}, {1, 5}), std::invalid_argument);
}

TEST_CASE("the physical graph equals a set-based symmetrisation on random multigraphs", "[graph]") {
  shiftfly::core::python_random rng(5);
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t n = 1 + rng.randrange(40);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
    std::vector<std::vector<bool>> adj(n, std::vector<bool>(n, false));
    const std::size_t m = rng.randrange(3 * n + 1);
    for (std::size_t i = 0; i < m; ++i) {
      auto a = static_cast<std::uint32_t>(rng.randrange(n)), b = static_cast<std::uint32_t>(rng.randrange(n));
      e.emplace_back(a, b);
      if (a != b) adj[a][b] = adj[b][a] = true;
    }
    auto g = graph<>::from_edges(n, e);
    std::size_t edges = 0;
    for (std::uint32_t u = 0; u < n; ++u) {
      std::vector<std::uint32_t> expect;
      for (std::uint32_t v = 0; v < n; ++v)
        if (adj[u][v]) expect.push_back(v);
      auto nb = g.neighbors(u);
      REQUIRE(std::vector<std::uint32_t>(nb.begin(), nb.end()) == expect);
      edges += expect.size();
    }
    REQUIRE(g.num_edges() == edges / 2);
  }
}

TEST_CASE("labels attach per vertex", "[graph]") {
  auto g = graph<std::uint64_t>::from_arcs(2, {0, 1, 2}, {1, 0});
  g.set_labels(2, {0, 1, 1, 0});
  REQUIRE(g.has_labels());
  REQUIRE(g.label(1)[0] == 1);
  CHECK_THROWS_AS(g.set_labels(3, {0, 1}), std::invalid_argument);
}

TEST_CASE("same_edges and same_arcs tell graphs apart", "[graph]") {
  using shiftfly::core::same_arcs;
  using shiftfly::core::same_edges;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e{{0, 1}, {1, 2}};
  const auto g = graph<>::from_edges(3, e);
  CHECK(same_edges(g, graph<>::from_edges(3, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{2, 1}, {1, 0}})));
  CHECK_FALSE(same_edges(g, graph<>::from_edges(4, e)));  // vertex count
  CHECK_FALSE(same_edges(g, graph<>::from_edges(3, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {0, 2}})));
  // Same physical graph, arcs in another order or with a repeat: same edges, different arcs.
  const auto a = graph<>::from_arcs(3, {0, 1, 2, 3}, {1, 2, 0});
  const auto b = graph<>::from_arcs(3, {0, 1, 2, 3}, {2, 0, 1});
  const auto c = graph<>::from_arcs(3, {0, 2, 3, 4}, {1, 1, 2, 0});
  CHECK(same_edges(a, b));
  CHECK(same_arcs(a, a));
  CHECK_FALSE(same_arcs(a, b));
  CHECK_FALSE(same_arcs(a, c));
}

TEST_CASE("graph: vertex names, one per vertex or none", "[core][graph]") {
  using G = shiftfly::core::graph<std::uint32_t>;
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> edges{{0, 1}, {1, 2}};
  auto g = G::from_edges(3, edges);
  CHECK_FALSE(g.has_names());
  g.set_names({"a", "b", "c"});
  REQUIRE(g.has_names());
  CHECK(g.name_of(1) == "b");
  CHECK_THROWS_WITH(g.set_names({"a"}), "graph::set_names: names = 1 names for 3 vertices (accepted: one name per "
                                        "vertex, or none)");
  CHECK(g.name_of(2) == "c");  // unchanged by the refused call
  g.set_names({});
  CHECK_FALSE(g.has_names());
}

}  // namespace graph_test
