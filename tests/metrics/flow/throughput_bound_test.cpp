// Tests of metrics/flow/throughput_bound.hpp: the distance bound is exact on arc-transitive
// graphs and above the exact θ elsewhere; TUB's worst permutation against brute force.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "throughput_fixture.hpp"

namespace throughput_bound_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

TEST_CASE("throughput_distance_bound: exact on arc-transitive graphs, above θ on the fixture") {
  for (const auto& g : tf::arc_transitive()) {
    const auto b = metrics::throughput_distance_bound(g, metrics::uniform_traffic(g.num_vertices()));
    CHECK(b.value == Approx(tf::closed_form_uniform(g)).epsilon(1e-12));
    CHECK(b.capacity == 2.0 * static_cast<double>(g.num_edges()));
    CHECK(b.method == "upper bound");
  }
  for (const auto& fg : tf::load().graphs) {
    const auto n = fg.g.num_vertices();
    CHECK(metrics::throughput_distance_bound(fg.g, metrics::uniform_traffic(n)).value >= fg.uniform * (1 - 1e-12));
    CHECK(metrics::throughput_distance_bound(fg.g, metrics::permutation_traffic(n, fg.seed)).value >=
          fg.permutation * (1 - 1e-12));
  }
  const auto two = core::graph<std::uint32_t>::from_edges(
      4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  const auto z = metrics::throughput_distance_bound(two, metrics::uniform_traffic(4));
  CHECK(z.value == 0.0);
  CHECK(z.method == "exact");
}

TEST_CASE("worst_permutation_bound: the maximum total distance by brute force (n <= 8)") {
  std::vector<tf::graph> graphs{tf::complete_graph(5), topology::torus({2, 4}), topology::torus({7}),
                                tf::graph::from_edges(8, std::vector<std::pair<std::uint32_t, std::uint32_t>>{
                                                             {0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {2, 6}})};
  for (const auto& fg : tf::load().graphs)
    if (fg.g.num_vertices() <= 8) graphs.push_back(fg.g);
  for (const auto& g : graphs) {
    const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices());
    std::vector<std::vector<std::int32_t>> d;
    for (std::uint32_t s = 0; s < n; ++s) d.push_back(metrics::bfs(g, s).distance);
    std::vector<std::uint32_t> p(n);
    std::iota(p.begin(), p.end(), 0u);
    std::int64_t best = 0;
    do {
      std::int64_t s = 0;
      for (std::uint32_t i = 0; i < n; ++i) s += d[i][p[i]];
      best = std::max(best, s);
    } while (std::next_permutation(p.begin(), p.end()));
    const auto b = metrics::worst_permutation_bound(g);
    INFO(g.name() << " n=" << n);
    CHECK(b.total_distance == static_cast<double>(best));
    CHECK(b.certified);
    CHECK(b.value == 2.0 * static_cast<double>(g.num_edges()) / static_cast<double>(best));
    std::int64_t s = 0;
    for (std::uint32_t i = 0; i < n; ++i) s += d[i][b.permutation[i]];
    CHECK(s == best);
    // the exact throughput of that permutation is at most the bound
    std::vector<metrics::traffic_entry> e;
    for (std::uint32_t i = 0; i < n; ++i)
      if (b.permutation[i] != i) e.push_back({i, b.permutation[i], 1.0});
    CHECK(metrics::throughput_lp(g, metrics::traffic_matrix::from_entries(n, e)).value <= b.value * (1 + 1e-9));
  }
}

TEST_CASE("worst_permutation_bound: the fixture's permutations have no more total distance") {
  for (const auto& fg : tf::load().graphs) {
    const auto w = metrics::worst_permutation_bound(fg.g);
    const auto p = metrics::throughput_distance_bound(fg.g, metrics::permutation_traffic(fg.g.num_vertices(), fg.seed));
    CHECK(w.total_distance >= p.total_distance);
    CHECK(w.value <= p.value);
  }
}

TEST_CASE("throughput bounds: bad input") {
  const auto g = tf::petersen();
  CHECK_THROWS_AS(metrics::throughput_distance_bound(g, metrics::uniform_traffic(3)), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_distance_bound(g, metrics::traffic_matrix{}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::worst_permutation_bound(g, metrics::traversal::arcs), core::invalid_parameter);
  const auto two = core::graph<std::uint32_t>::from_edges(
      4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  CHECK_THROWS_AS(metrics::worst_permutation_bound(two), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::worst_permutation_bound(tf::graph::from_edges(1, {})), core::invalid_parameter);
}

}  // namespace throughput_bound_test
