// Tests of metrics/cuts/structural_clusters.hpp: the clusters equal a plain computation (every
// similarity from std::set intersections, components by breadth-first search) on random graphs
// at several thresholds; Boardfly's pods and Dragonfly's groups are found, a torus and Jellyfish
// stay one vertex a part; parallel links and loops change nothing; a bad threshold is refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <queue>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/cuts/structural_clusters.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/torus.hpp"

namespace structural_clusters_test {

using namespace shiftfly;
using graph = core::graph<std::uint32_t>;
using edge_list = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

/// The clusters computed the plain way: closed neighbourhoods as sets, the similarity in long
/// double, the components by breadth-first search from the least vertex.
std::vector<std::uint32_t> plain_clusters(std::uint32_t n, const edge_list& edges, double similarity) {
  std::vector<std::set<std::uint32_t>> closed(n);
  for (std::uint32_t v = 0; v < n; ++v) closed[v].insert(v);
  for (const auto& [u, v] : edges) {
    closed[u].insert(v);
    closed[v].insert(u);
  }
  std::vector<std::vector<std::uint32_t>> strong(n);
  for (std::uint32_t u = 0; u < n; ++u)
    for (const auto v : closed[u]) {
      if (v <= u) continue;
      std::vector<std::uint32_t> common;
      std::set_intersection(closed[u].begin(), closed[u].end(), closed[v].begin(), closed[v].end(),
                            std::back_inserter(common));
      const long double s = static_cast<long double>(common.size()) /
                            std::sqrt(static_cast<long double>(closed[u].size()) * closed[v].size());
      if (s >= similarity - 1e-15L) {
        strong[u].push_back(v);
        strong[v].push_back(u);
      }
    }
  std::vector<std::uint32_t> part(n, static_cast<std::uint32_t>(-1));
  std::uint32_t parts = 0;
  for (std::uint32_t s = 0; s < n; ++s) {
    if (part[s] != static_cast<std::uint32_t>(-1)) continue;
    std::queue<std::uint32_t> q;
    q.push(s);
    part[s] = parts;
    while (!q.empty()) {
      const auto u = q.front();
      q.pop();
      for (const auto v : strong[u])
        if (part[v] == static_cast<std::uint32_t>(-1)) {
          part[v] = parts;
          q.push(v);
        }
    }
    ++parts;
  }
  return part;
}

TEST_CASE("structural_clusters: equal to the plain computation on random graphs") {
  core::python_random rng(7);
  for (std::uint32_t trial = 0; trial < 30; ++trial) {
    const std::uint32_t n = 8 + static_cast<std::uint32_t>(rng.randrange(40));
    // cliques of random sizes joined by random links, plus random chords: both kinds of edge
    edge_list e;
    std::uint32_t begin = 0;
    while (begin < n) {
      const std::uint32_t end = std::min(n, begin + 1 + static_cast<std::uint32_t>(rng.randrange(7)));
      for (std::uint32_t a = begin; a < end; ++a)
        for (std::uint32_t b = a + 1; b < end; ++b)
          if (rng.randrange(10) < 8) e.push_back({a, b});
      begin = end;
    }
    for (std::uint32_t i = 0; i < n; ++i)
      e.push_back({static_cast<std::uint32_t>(rng.randrange(n)), static_cast<std::uint32_t>(rng.randrange(n))});
    const auto g = graph::from_edges(n, std::span<const std::pair<std::uint32_t, std::uint32_t>>(e));
    for (const double s : {0.25, 0.5, 0.75, 1.0}) {  // thresholds whose squares are exact
      INFO("trial " << trial << ", n " << n << ", similarity " << s);
      const auto p = metrics::structural_clusters(g, {s});
      const auto want = plain_clusters(n, e, s);
      CHECK(p.part_of == want);
      CHECK(p.parts == *std::max_element(want.begin(), want.end()) + 1);
      std::vector<std::uint64_t> count(p.parts, 0);
      for (const auto x : want) ++count[x];
      CHECK(p.largest == *std::max_element(count.begin(), count.end()));
    }
  }
}

TEST_CASE("structural_clusters: Boardfly's pods and Dragonfly's groups; none on a torus or Jellyfish") {
  const auto b = topology::boardfly_group_level(2304);
  const auto pods = metrics::structural_clusters(b);
  CHECK(pods.parts == 64);
  CHECK(pods.largest == 36);
  for (std::uint32_t v = 0; v < 2304; ++v) CHECK(pods.part_of[v] == v / 36);
  const auto d = topology::dragonfly<std::uint32_t>(12, 6, 73);
  const auto groups = metrics::structural_clusters(d);
  CHECK(groups.parts == 73);
  CHECK(groups.largest == 12);
  for (const auto& g : {topology::torus<std::uint32_t>({6, 6}), topology::jellyfish<std::uint32_t>(200, 12, 1)}) {
    const auto p = metrics::structural_clusters(g);
    CHECK(p.parts == g.num_vertices());
    CHECK(p.largest == 1);
  }
}

TEST_CASE("structural_clusters: parallel links and loops change nothing; a bad threshold is refused") {
  // two K4 joined by 3-4: that link's similarity is 2/5, a link inside at least 4/sqrt(20)
  edge_list simple{{3, 4}};
  for (std::uint32_t base : {0U, 4U})
    for (std::uint32_t a = 0; a < 4; ++a)
      for (std::uint32_t b = a + 1; b < 4; ++b) simple.push_back({base + a, base + b});
  edge_list doubled = simple;
  doubled.push_back({0, 1});
  doubled.push_back({4, 4});
  doubled.push_back({4, 3});
  const auto as_graph = [](const edge_list& e) {
    return graph::from_edges(8, std::span<const std::pair<std::uint32_t, std::uint32_t>>(e));
  };
  const auto a = metrics::structural_clusters(as_graph(simple));
  const auto b = metrics::structural_clusters(as_graph(doubled));
  CHECK(a.part_of == b.part_of);
  CHECK(a.part_of == std::vector<std::uint32_t>{0, 0, 0, 0, 1, 1, 1, 1});
  CHECK(metrics::structural_clusters(as_graph(simple), {0.39}).parts == 1);  // 2/5 is above 0.39: one cluster
  const auto g = as_graph(simple);
  for (const double s : {0.0, -0.5, 1.5, std::nan("")}) {
    CHECK_THROWS_AS(metrics::structural_clusters(g, {s}), core::invalid_parameter);
    CHECK_THROWS_WITH(metrics::structural_clusters(g, {s}), Catch::Contains("similarity"));
  }
}

}  // namespace structural_clusters_test
