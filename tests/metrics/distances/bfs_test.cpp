// Tests of metrics/distances/bfs.hpp: distances, the reference's parent tie rule, arcs, errors.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "shiftfly/metrics/distances/bfs.hpp"
#include "test_graphs.hpp"

namespace bfs_test {

using namespace shiftfly;
using testing::edge;
using testing::graph;

TEST_CASE("bfs: distances on a path and a cycle") {
  const auto p = testing::path(7);
  const auto r = metrics::bfs(p, 2u);
  for (std::uint32_t v = 0; v < 7; ++v) CHECK(r.distance[v] == std::abs(static_cast<int>(v) - 2));
  CHECK(r.eccentricity == 4);
  CHECK(r.reached == 7);
  const auto c = metrics::bfs(testing::cycle(9), 0u);
  for (std::uint32_t v = 0; v < 9; ++v) CHECK(c.distance[v] == static_cast<int>(std::min(v, 9 - v)));
}

TEST_CASE("bfs: parent is the first vertex in queue order to discover it") {
  // Level 1 (ascending): 1, 2. Level 2: 5 (found by 1) before 4 (found by 2).
  // 6 is adjacent to 4 and 5; 5 is dequeued first, so parent(6) = 5 although 4 < 5.
  const std::vector<edge> e{{0, 1}, {0, 2}, {1, 5}, {2, 4}, {4, 6}, {5, 6}};
  const auto g = graph::from_edges(7, e);
  const auto r = metrics::bfs(g, 0u);
  CHECK(r.parent[6] == 5);
  CHECK(r.parent[4] == 2);
  CHECK(r.parent[0] == metrics::bfs_result<std::uint32_t>::no_parent);
  CHECK(r.distance[3] == -1);
  CHECK(r.parent[3] == metrics::bfs_result<std::uint32_t>::no_parent);
  // Ascending neighbour order: 3 discovered from 0 via the smaller of two level-1 parents.
  const std::vector<edge> f{{0, 2}, {0, 1}, {1, 3}, {2, 3}};
  CHECK(metrics::bfs(graph::from_edges(4, f), 0u).parent[3] == 1);
  CHECK(metrics::tree_path(r, std::uint32_t{6}) == std::vector<std::uint32_t>{6, 5, 1, 0});
}

TEST_CASE("bfs: tree is a shortest-path tree on random graphs") {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto g = testing::gnp(60, 0.05, seed);
    const auto r = metrics::bfs(g, 0u);
    for (std::uint32_t v = 1; v < 60; ++v) {
      if (r.distance[v] < 0) continue;
      const auto p = r.parent[v];
      REQUIRE(g.adjacent(v, p));
      CHECK(r.distance[p] == r.distance[v] - 1);
      for (auto w : g.neighbors(v)) CHECK(r.distance[w] >= r.distance[v] - 1);
    }
  }
}

TEST_CASE("bfs: along the arcs") {
  // Directed 5-cycle with a repeated arc and a loop.
  const auto g = graph::from_arcs(5, {0, 3, 4, 5, 6, 7}, {1, 1, 0, 2, 3, 4, 0});
  const auto r = metrics::bfs_arcs(g, 0u);
  for (std::uint32_t v = 0; v < 5; ++v) CHECK(r.distance[v] == static_cast<int>(v));
  const auto back = metrics::bfs_arcs(g, 1u);
  CHECK(back.distance[0] == 4);
  CHECK(metrics::bfs(g, 1u, metrics::traversal::undirected).distance[0] == 1);
}

TEST_CASE("bfs: bad input") {
  const auto g = testing::cycle(5);
  CHECK_THROWS_AS(metrics::bfs(g, 5u), std::invalid_argument);
  CHECK_THROWS_AS(metrics::bfs_arcs(g, 0u), std::invalid_argument);
  CHECK_THROWS_AS(metrics::bfs(graph{}, 0u), std::invalid_argument);
}

}  // namespace bfs_test
