// Tests of metrics/paths/multicast.hpp: Def. 6.1 costs, merge step and merge depth.
#include <catch2/catch.hpp>

#include <set>

#include "shiftfly/metrics/paths/multicast.hpp"
#include "test_graphs.hpp"

namespace multicast_test {

using namespace shiftfly;
using V = std::uint32_t;

TEST_CASE("multicast: tree cost <= unicast cost; one requester costs its distance") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto g = testing::gnp(80, 0.05, seed);
    core::python_random rng(seed);
    const auto home = static_cast<V>(rng.randrange(80));
    const auto tree = metrics::bfs(g, home);
    std::vector<V> req;
    for (int i = 0; i < 12; ++i) req.push_back(static_cast<V>(rng.randrange(80)));
    const auto r = metrics::multicast(g, home, std::span<const V>(req));
    CHECK(r.tree_cost <= r.unicast_cost);
    // Independent count: the set of (child, parent) edges on the climbs.
    std::set<std::pair<V, V>> edges;
    for (auto v : req)
      if (tree.distance[v] >= 0)
        for (V u = v; u != home; u = tree.parent[u]) edges.insert({u, tree.parent[u]});
    CHECK(r.tree_cost == edges.size());
    for (auto v : req) {
      const std::vector<V> one{v};
      const auto s = metrics::multicast(tree, std::span<const V>(one));
      if (tree.distance[v] < 0) {
        CHECK(s.reached == 0);
        CHECK(s.efficiency == 1.0);
      } else {
        CHECK(s.unicast_cost == static_cast<std::uint64_t>(tree.distance[v]));
        CHECK(s.tree_cost == static_cast<std::uint64_t>(tree.distance[v]));
      }
    }
  }
}

TEST_CASE("multicast: merge_step") {
  using P = std::vector<V>;
  CHECK(metrics::merge_step<V>(P{1, 2, 3}, P{4, 2, 3}) == 1);
  CHECK(metrics::merge_step<V>(P{1, 5, 6, 3}, P{2, 3}) == 1);
  CHECK(metrics::merge_step<V>(P{1, 2}, P{3, 4}) == -1);
  CHECK(metrics::merge_step<V>(P{7}, P{7}) == 0);
}

TEST_CASE("multicast: equals the reference (fixture)") {
  int seen = 0;
  for (const auto& r : testing::reference_lines()) {
    const auto g = testing::gnp(r.n, r.p, r.seed);
    if (r.key == "multicast0") {
      std::vector<V> req;
      for (V v = 1; v < r.n; v += 3) req.push_back(v);
      const auto m = metrics::multicast(g, V{0}, std::span<const V>(req));
      CHECK(m.unicast_cost == std::stoull(r.values[0]));
      CHECK(m.tree_cost == std::stoull(r.values[1]));
      CHECK(m.efficiency == std::stod(r.values[2]));
      CHECK(m.reached == std::stoull(r.values[3]));
      ++seen;
    } else if (r.key == "meanmulticast") {
      const auto m = metrics::mean_multicast_efficiency(g, 30, 8);
      CHECK(m.efficiency == std::stod(r.values[0]));
      CHECK(m.mean_distance == std::stod(r.values[1]));
      ++seen;
    } else if (r.key == "mergedepth") {
      CHECK(metrics::mean_merge_depth(g, 150) == std::stod(r.values[0]));
      ++seen;
    }
  }
  CHECK(seen == 12);
}

TEST_CASE("multicast: bad input") {
  const auto g = testing::cycle(5);
  const std::vector<V> bad{9};
  CHECK_THROWS_AS(metrics::multicast(g, V{0}, std::span<const V>(bad)), std::invalid_argument);
  CHECK_THROWS_AS(metrics::multicast(g, V{5}, std::span<const V>(bad)), std::invalid_argument);
  CHECK_THROWS_AS(metrics::mean_multicast_efficiency(g, 0), std::invalid_argument);
}

}  // namespace multicast_test
