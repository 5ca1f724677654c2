// Tests of the certified worst permutation: metrics/distances/distance_matrix.hpp (against BFS),
// metrics/flow/small_weight_assignment.hpp (against brute force and the shortest-augmenting-path
// assignment), and worst_permutation_bound with endpoints (against TUB's own formula computed by
// networkx and scipy, tests/fixtures/tub, and against the 8-byte method on the families).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/distance_matrix.hpp"
#include "shiftfly/metrics/flow/linear_assignment.hpp"
#include "shiftfly/metrics/flow/small_weight_assignment.hpp"
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace worst_permutation_test {

using namespace shiftfly;

using graph = core::graph<std::uint32_t>;

// w(r, c) = min(scale[r], scale[c]) · m[r·k + c], or m[r·k + c] without a scale
std::int64_t weight_of(const std::vector<std::uint8_t>& m, const std::vector<std::uint32_t>& scale, std::size_t k,
                       std::size_t r, std::size_t c) {
  const std::int64_t e = m[r * k + c];
  return scale.empty() ? e : e * std::min(scale[r], scale[c]);
}

// The certificate, checked here again: u + v >= w everywhere, tight on the matching, sums equal.
void check_certificate(const metrics::certified_assignment& a, const std::vector<std::uint8_t>& m,
                       const std::vector<std::uint32_t>& scale, std::size_t k) {
  std::int64_t matched = 0, potentials = 0;
  std::vector<char> used(k, 0);
  for (std::size_t r = 0; r < k; ++r) {
    REQUIRE(a.column_of_row[r] < k);
    CHECK_FALSE(used[a.column_of_row[r]]);
    used[a.column_of_row[r]] = 1;
    for (std::size_t c = 0; c < k; ++c) CHECK(a.row_potential[r] + a.column_potential[c] >= weight_of(m, scale, k, r, c));
    matched += weight_of(m, scale, k, r, a.column_of_row[r]);
    potentials += a.row_potential[r] + a.column_potential[r];
  }
  CHECK(matched == a.total);
  CHECK(potentials == a.total);
}

struct tub_fixture {
  std::string name;
  graph g;
  std::vector<std::uint32_t> endpoints;
  std::int64_t weight = 0;
  double value = 0.0;
};

std::vector<tub_fixture> load_tub_fixtures() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/tub/tub.txt");
  REQUIRE(in);
  std::vector<tub_fixture> out;
  std::string line, word;
  while (std::getline(in, line)) {
    std::istringstream head(line);
    tub_fixture f;
    std::size_t n = 0, m = 0;
    head >> word >> f.name >> n >> m;
    REQUIRE(word == "graph");
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges(m);
    for (auto& e : edges) {
      REQUIRE(std::getline(in, line));
      std::istringstream(line) >> e.first >> e.second;
    }
    f.g = graph::from_edges(n, edges, f.name);
    REQUIRE(std::getline(in, line));
    std::istringstream hs(line);
    hs >> word;
    REQUIRE(word == "endpoints");
    f.endpoints.resize(n);
    for (auto& h : f.endpoints) hs >> h;
    REQUIRE(std::getline(in, line));
    std::istringstream t(line);
    t >> word >> f.weight >> f.value;
    REQUIRE(word == "tub");
    REQUIRE(std::getline(in, line));
    REQUIRE(line == "end");
    out.push_back(std::move(f));
  }
  return out;
}

namespace wpt = worst_permutation_test;

TEST_CASE("max_weight_assignment: the brute-force maximum on small matrices, with and without scales") {
  core::python_random rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t k = 1 + rng.randrange(7);
    const std::uint64_t top = 1 + rng.randrange(6);
    std::vector<std::uint8_t> m(k * k);
    for (auto& x : m) x = static_cast<std::uint8_t>(rng.randrange(top + 1));
    std::vector<std::uint32_t> scale;
    if (trial % 2 == 1)
      for (std::size_t i = 0; i < k; ++i) scale.push_back(static_cast<std::uint32_t>(1 + rng.randrange(4)));
    std::vector<std::size_t> p(k);
    std::iota(p.begin(), p.end(), std::size_t{0});
    std::int64_t best = 0;
    do {
      std::int64_t s = 0;
      for (std::size_t r = 0; r < k; ++r) s += wpt::weight_of(m, scale, k, r, p[r]);
      best = std::max(best, s);
    } while (std::next_permutation(p.begin(), p.end()));
    const auto a = metrics::max_weight_assignment<std::uint8_t>(k, m, scale);
    INFO("trial " << trial << " k=" << k);
    CHECK(a.total == best);
    wpt::check_certificate(a, m, scale, k);
  }
}

TEST_CASE("max_weight_assignment: equals the shortest-augmenting-path assignment (k up to 150)") {
  core::python_random rng(11);
  for (const std::size_t k : {20, 57, 100, 150}) {
    for (const std::uint64_t top : {1, 3, 6, 40}) {
      std::vector<std::uint8_t> m(k * k);
      std::vector<std::int64_t> cost(k * k);
      for (std::size_t i = 0; i < k * k; ++i) cost[i] = m[i] = static_cast<std::uint8_t>(rng.randrange(top + 1));
      const auto a = metrics::max_weight_assignment<std::uint8_t>(k, m);
      const auto b = metrics::max_cost_assignment(k, cost);
      INFO("k=" << k << " top=" << top);
      CHECK(a.total == b.total);
      wpt::check_certificate(a, m, {}, k);
      // one common scale factors out: the same assignment, every weight doubled
      const std::vector<std::uint32_t> twos(k, 2);
      CHECK(metrics::max_weight_assignment<std::uint8_t>(k, m, twos).total == 2 * b.total);
    }
  }
}

TEST_CASE("pair_distances: BFS on every pair, over members, along arcs, at any thread count") {
  std::vector<std::pair<wpt::graph, metrics::traversal>> cases{
      {topology::torus({5, 4}), metrics::traversal::undirected},
      {topology::kautz(2, 4), metrics::traversal::arcs},
      {topology::jellyfish(700, 5, 3), metrics::traversal::undirected},
      {topology::torus({700}), metrics::traversal::undirected}};
  for (const auto& [g, how] : cases) {
    const std::uint64_t n = g.num_vertices();
    std::vector<std::uint64_t> all(n), some;
    std::iota(all.begin(), all.end(), std::uint64_t{0});
    for (std::uint64_t v = n; v-- > 0;)
      if (v % 3 != 1) some.push_back(v);  // a subset, in descending order
    for (const auto& members : {all, some}) {
      metrics::distance_matrix_options one, two;
      one.threads = 1;
      two.threads = 2;
      const auto a = metrics::pair_distances<std::uint16_t>(g, members, how, one);
      const auto b = metrics::pair_distances<std::uint16_t>(g, members, how, two);
      CHECK(a.entries == b.entries);
      bool same = true;
      for (std::uint64_t j = 0; j < members.size(); ++j) {
        const auto d = metrics::bfs(g, static_cast<std::uint32_t>(members[j]), how).distance;
        for (std::uint64_t i = 0; i < members.size(); ++i) same &= a.to_from(i, j) == d[members[i]];
      }
      INFO(g.name() << " members=" << members.size());
      CHECK(same);
    }
    const auto every = metrics::pair_distances<std::uint16_t>(g, all, how);
    CHECK(metrics::distance_upper_bound(g, how) >= *std::max_element(every.entries.begin(), every.entries.end()));
  }
}

TEST_CASE("worst_permutation_bound with endpoints: TUB's own formula (networkx and scipy) on the fixtures") {
  const auto fixtures = wpt::load_tub_fixtures();
  REQUIRE(fixtures.size() >= 15);
  for (const auto& f : fixtures) {
    metrics::worst_permutation_options o;
    o.endpoints = f.endpoints;
    const auto b = metrics::worst_permutation_bound(f.g, metrics::traversal::undirected, o);
    INFO(f.name);
    CHECK(b.total_distance == static_cast<double>(f.weight));
    CHECK(b.value == Approx(f.value).epsilon(1e-14));
    CHECK(b.certified);
    // the permutation moves only routers with endpoints, and weighs what it says
    std::int64_t total = 0;
    std::uint64_t endpoints = 0;
    for (std::uint32_t s = 0; s < f.g.num_vertices(); ++s) {
      const auto t = b.permutation[s];
      if (f.endpoints[s] == 0) CHECK(t == s);
      endpoints += f.endpoints[s];
      total += std::min(f.endpoints[s], f.endpoints[t]) * metrics::bfs(f.g, s).distance[t];
    }
    CHECK(total == f.weight);
    CHECK(b.endpoints == endpoints);
  }
}

TEST_CASE("worst_permutation_bound: the certified method equals the 8-byte one on the families") {
  std::vector<std::pair<wpt::graph, metrics::traversal>> cases{
      {topology::jellyfish(400, 6, 2), metrics::traversal::undirected},
      {topology::boardfly_group_level(144), metrics::traversal::undirected},
      {topology::shiftfly_group_level(144), metrics::traversal::undirected},
      {topology::torus({6, 5}), metrics::traversal::undirected},
      {topology::kautz(3, 3), metrics::traversal::arcs}};
  for (const auto& [g, how] : cases) {
    const auto a = metrics::worst_permutation_bound(g, how);  // shortest augmenting paths
    metrics::worst_permutation_options o;
    o.endpoints.assign(g.num_vertices(), 3);  // one common count: three times every distance
    const auto b = metrics::worst_permutation_bound(g, how, o);
    INFO(g.name());
    CHECK(b.total_distance == 3 * a.total_distance);
    CHECK(b.value == Approx(a.value / 3).epsilon(1e-15));
    CHECK(b.algorithm.find("dual potentials") != std::string::npos);
  }
  // closed form: the hypercube's antipodes are all at the diameter d, so the worst total is H·n·d
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t v = 0; v < 256; ++v)
    for (std::uint32_t b = 0; b < 8; ++b)
      if (v < (v ^ (1u << b))) e.push_back({v, v ^ (1u << b)});
  const auto q8 = wpt::graph::from_edges(256, e, "Q8");
  metrics::worst_permutation_options o;
  o.endpoints.assign(256, 5);
  const auto b = metrics::worst_permutation_bound(q8, metrics::traversal::undirected, o);
  CHECK(b.total_distance == 5.0 * 256 * 8);
  CHECK(b.value == Approx(2.0 * 1024 / (5.0 * 256 * 8)).epsilon(1e-15));
}

TEST_CASE("certified worst permutation: bad input, one line each") {
  const auto g = topology::torus({4, 4});
  const std::vector<std::uint64_t> out_of_range{0, 16}, twice{3, 3};
  CHECK_THROWS_WITH(metrics::pair_distances<std::uint8_t>(g, out_of_range, metrics::traversal::undirected),
                    Catch::Contains("members") && Catch::Contains("16") && Catch::Contains("0 to 15"));
  CHECK_THROWS_WITH(metrics::pair_distances<std::uint8_t>(g, twice, metrics::traversal::undirected),
                    Catch::Contains("listed twice"));
  const auto ring = topology::torus({600});  // distances up to 300 do not fit one byte
  std::vector<std::uint64_t> all(600);
  std::iota(all.begin(), all.end(), std::uint64_t{0});
  CHECK_THROWS_WITH(metrics::pair_distances<std::uint8_t>(ring, all, metrics::traversal::undirected),
                    Catch::Contains("exceeds the entry type's largest value 255"));
  metrics::worst_permutation_options o;
  o.endpoints.assign(600, 1);
  o.endpoints[5] = 2;  // not one a vertex: the certified method, on two-byte distances
  CHECK(metrics::worst_permutation_bound(ring, metrics::traversal::undirected, o).total_distance > 0);
  const auto split = wpt::graph::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  const std::vector<std::uint64_t> four{0, 1, 2, 3};
  CHECK_THROWS_WITH(metrics::pair_distances<std::uint8_t>(split, four, metrics::traversal::undirected),
                    Catch::Contains("does not reach"));
  o.endpoints.assign(15, 1);
  CHECK_THROWS_WITH(metrics::worst_permutation_bound(g, metrics::traversal::undirected, o),
                    Catch::Contains("endpoints") && Catch::Contains("one count per vertex"));
  o.endpoints.assign(16, 0);
  o.endpoints[2] = 4;
  CHECK_THROWS_WITH(metrics::worst_permutation_bound(g, metrics::traversal::undirected, o),
                    Catch::Contains("at least 2 routers with endpoints"));
  const std::vector<std::uint8_t> m{1, 2, 3, 4};
  const std::vector<std::uint32_t> zero{1, 0};
  CHECK_THROWS_WITH(metrics::max_weight_assignment<std::uint8_t>(2, m, zero), Catch::Contains("scale"));
  CHECK_THROWS_WITH(metrics::max_weight_assignment<std::uint8_t>(3, m), Catch::Contains("not a k x k matrix"));
}

}  // namespace worst_permutation_test
