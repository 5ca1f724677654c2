// Tests for collectives/tree_packing.hpp and collectives/tree_simulator.hpp: the packings of
// weighted spanning trees reach the all-gather / reduce-scatter optimum (collectives/cut_bound.hpp)
// exactly, their time recomputed from the trees alone, and they run on integers: every compute node
// ends with every block (all-gather, broadcast) or the exact sum (reduce-scatter, reduce), no link
// direction over bandwidth x time. Closed forms (ring, complete graph, hypercube, tori, a dumbbell
// whose bridge binds, fat trees whose hosts hang off edge switches), 30 random small graphs, and
// broken packings that the simulator must refuse.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/collectives/cut_bound.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/tree_packing.hpp"
#include "shiftfly/collectives/tree_simulator.hpp"
#include "shiftfly/core/graph.hpp"
#include "small_graphs.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/topology/torus.hpp"

namespace tree_packing_test {

namespace sc = shiftfly::collectives;

using graph = shiftfly::core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

using collectives_small_graphs::complete;
using collectives_small_graphs::hypercube;
using collectives_small_graphs::ring;
graph dumbbell(std::uint32_t m) {  // two cliques K_m joined by one edge
  edges e;
  for (std::uint32_t side = 0; side < 2; ++side)
    for (std::uint32_t i = 0; i < m; ++i)
      for (std::uint32_t j = i + 1; j < m; ++j) e.emplace_back(side * m + i, side * m + j);
  e.emplace_back(0, m);
  return graph::from_edges(2 * m, e);
}
std::vector<std::uint32_t> ones(const graph& g) { return std::vector<std::uint32_t>(g.num_vertices(), 1); }

std::pair<std::uint64_t, std::uint64_t> reduced(std::uint64_t a, std::uint64_t b) {
  const auto k = std::gcd(a, b);
  return {a / k, b / k};
}

sc::tree_operation op_of(bool reversed) {
  return reversed ? sc::tree_operation::reduce_scatter : sc::tree_operation::all_gather;
}

// The optimum, the packing, its time from the trees, and the simulation at the optimum's time:
// returns the optimum as a reduced fraction of M/b.
std::pair<std::uint64_t, std::uint64_t> check_packing(const sc::collective_network& n, bool reversed) {
  const auto cut = sc::optimal_allgather_cut(n, {}, reversed);
  const auto bound = reduced(cut.compute_inside, n.compute.size() * cut.units);
  const auto p = sc::pack_allgather_trees(n, cut, reversed);
  REQUIRE(!p.trees.empty());
  // every root has trees; every tree reaches every compute node once
  std::vector<std::uint64_t> per_root(n.vertices, 0);
  for (const auto& t : p.trees) {
    per_root[t.root] += t.multiplicity;
    std::vector<int> reached(n.vertices, 0);
    reached[t.root] = 1;
    for (const auto& e : t.edges) {
      CHECK(reached[e.from] == 1);
      ++reached[e.to];
    }
    for (auto c : n.compute) CHECK(reached[c] == 1);
  }
  for (auto c : n.compute) CHECK(per_root[c] == p.per_root);
  const auto time = sc::packing_time(n, p, n.compute.size());
  CHECK(std::pair{time.numerator, time.denominator} == bound);
  const auto sim = sc::simulate_trees(n, p, op_of(reversed), bound.first, bound.second);
  CHECK(sim.verified);
  // ... and not in any less time: some arc is full.
  if (bound.first > 1)
    CHECK_THROWS_WITH(sc::simulate_trees(n, p, op_of(reversed), bound.first - 1, bound.second), Catch::Contains("carries"));
  else
    CHECK_THROWS_WITH(sc::simulate_trees(n, p, op_of(reversed), bound.first * 2 - 1, bound.second * 2), Catch::Contains("carries"));
  return bound;
}

std::pair<std::uint64_t, std::uint64_t> both(const graph& g, const std::vector<std::uint32_t>& endpoints,
                                             std::uint64_t endpoint_units = 1) {
  const auto n = sc::make_collective_network(g, endpoints, endpoint_units);
  const auto ag = check_packing(n, false);
  CHECK(check_packing(n, true) == ag);  // undirected fabrics: reduce-scatter = all-gather
  return ag;
}

TEST_CASE("tree packings reach the all-gather optimum: closed forms", "[tree_packing]") {
  for (std::uint32_t n : {3U, 4U, 7U}) {
    CHECK(both(ring(n), ones(ring(n))) == reduced(n - 1, 2 * n));
    CHECK(both(complete(n), ones(complete(n))) == reduced(1, n));
  }
  for (std::uint32_t d : {1U, 2U, 3U}) {
    const std::uint64_t N = std::uint64_t{1} << d;
    CHECK(both(hypercube(d), ones(hypercube(d))) == reduced(N - 1, N * d));
  }
  for (const std::vector<std::uint64_t>& dims : {std::vector<std::uint64_t>{5}, {3, 3}, {3, 4}, {4, 4}}) {
    const auto g = shiftfly::topology::torus(dims);
    const std::uint64_t N = g.num_vertices(), n = dims.size();
    CHECK(both(g, ones(g)) == reduced(N - 1, 2 * n * N));
  }
  CHECK(both(dumbbell(2), ones(dumbbell(2))) == reduced(3, 4));
  for (std::uint32_t m : {3U, 4U}) CHECK(both(dumbbell(m), ones(dumbbell(m))) == reduced(1, 2));  // the bridge binds
}

TEST_CASE("tree packings through forwarding vertices: fat trees with hosts off edge switches", "[tree_packing]") {
  // One core switch (0, forwarding only) above k edge switches, h hosts each (split endpoints:
  // every switch only forwards).
  for (std::uint32_t k : {2U, 3U})
    for (std::uint32_t h : {2U, 3U}) {
      edges e;
      for (std::uint32_t s = 1; s <= k; ++s) e.emplace_back(0, s);
      const auto g = graph::from_edges(k + 1, e);
      std::vector<std::uint32_t> endpoints(k + 1, h);
      endpoints[0] = 0;
      const std::uint64_t N = k * h;
      CHECK(both(g, endpoints) == reduced(N - 1, N));          // a host's link binds
      CHECK(both(g, endpoints, h) == reduced(k - 1, k));       // an edge switch's uplink binds
    }
  // Routers as compute nodes around a forwarding hub: a star whose centre has no endpoint.
  edges e;
  for (std::uint32_t s = 1; s <= 4; ++s) e.emplace_back(0, s);
  e.emplace_back(1, 2);
  e.emplace_back(3, 4);
  const auto g = graph::from_edges(5, e);
  std::vector<std::uint32_t> endpoints{0, 1, 1, 1, 1};
  both(g, endpoints);
}

TEST_CASE("tree packings on 30 random small graphs", "[tree_packing]") {
  shiftfly::core::python_random rng(45);
  int built = 0;
  for (int trial = 0; built < 30 && trial < 200; ++trial) {
    const std::uint32_t routers = 3 + static_cast<std::uint32_t>(rng.randrange(7));  // 3..9
    edges e;
    for (std::uint32_t v = 1; v < routers; ++v) e.emplace_back(static_cast<std::uint32_t>(rng.randrange(v)), v);
    for (std::uint32_t extra = static_cast<std::uint32_t>(rng.randrange(2 * routers)); extra > 0; --extra) {
      const auto a = static_cast<std::uint32_t>(rng.randrange(routers)), b = static_cast<std::uint32_t>(rng.randrange(routers));
      if (a != b) e.emplace_back(std::min(a, b), std::max(a, b));
    }
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    const auto g = graph::from_edges(routers, e);
    const bool split = trial % 3 == 2;
    std::vector<std::uint32_t> endpoints(routers);
    for (auto& h : endpoints) h = static_cast<std::uint32_t>(rng.randrange(split ? 3 : 2));
    const auto n = sc::make_collective_network(g, endpoints, split ? 1 + rng.randrange(2) : 1);
    if (n.compute.size() < 2) continue;
    INFO("trial " << trial << ", " << routers << " routers, " << n.vertices << " vertices, " << n.compute.size() << " compute");
    check_packing(n, false);
    check_packing(n, true);
    // Broadcast and reduce from the first compute node: λ trees of multiplicity summing to λ.
    for (bool reversed : {false, true}) {
      const auto lambda = sc::root_cut(n, n.compute.front(), reversed).units;
      const auto p = sc::pack_root_trees(n, n.compute.front(), lambda, reversed);
      const auto time = sc::packing_time(n, p, 1);
      CHECK(std::pair{time.numerator, time.denominator} == reduced(1, lambda));
      CHECK(sc::simulate_trees(n, p, reversed ? sc::tree_operation::reduce : sc::tree_operation::broadcast, 1, lambda).verified);
    }
    ++built;
  }
  CHECK(built == 30);
}

TEST_CASE("the simulator refuses broken tree schedules", "[tree_packing]") {
  const auto g = shiftfly::topology::torus(std::vector<std::uint64_t>{3, 3});
  const auto n = sc::make_collective_network(g, ones(g));
  const auto cut = sc::optimal_allgather_cut(n);
  const auto good = sc::pack_allgather_trees(n, cut);
  const auto [num, den] = reduced(cut.compute_inside, n.compute.size() * cut.units);
  REQUIRE(sc::simulate_trees(n, good, sc::tree_operation::all_gather, num, den).verified);
  {  // a tree loses its last edge: some node misses a block
    auto p = good;
    p.trees[0].edges.pop_back();
    CHECK_THROWS_WITH(sc::simulate_trees(n, p, sc::tree_operation::all_gather, num, den), Catch::Contains("ends with nothing"));
  }
  {  // a child sent before its parent holds the block
    auto p = good;
    std::reverse(p.trees[0].edges.begin(), p.trees[0].edges.end());
    CHECK_THROWS_WITH(sc::simulate_trees(n, p, sc::tree_operation::all_gather, num, den), Catch::Contains("does not hold"));
  }
  {  // a hop over a link that does not leave the vertex holding the data
    auto p = good;
    auto& e = p.trees[0].edges[0];
    std::uint32_t other = 0;
    while (n.tail[other] == e.from) ++other;
    e.route = {other};
    CHECK_THROWS_WITH(sc::simulate_trees(n, p, sc::tree_operation::all_gather, num, den), Catch::Contains("takes the link"));
  }
  {  // one tree's multiplicity doubled: its root's elements overflow
    auto p = good;
    p.trees[0].multiplicity *= 2;
    CHECK_THROWS_WITH(sc::simulate_trees(n, p, sc::tree_operation::all_gather, num, den), Catch::Contains("take"));
  }
  {  // a reduce-scatter that sends one partial sum twice
    const auto rs = sc::pack_allgather_trees(n, sc::optimal_allgather_cut(n, {}, true), true);
    auto p = rs;
    p.trees[0].edges.push_back(p.trees[0].edges.back());
    CHECK_THROWS_WITH(sc::simulate_trees(n, p, sc::tree_operation::reduce_scatter, num, den), Catch::Contains("twice"));
    CHECK_THROWS_WITH(sc::simulate_trees(n, rs, sc::tree_operation::all_gather, num, den), Catch::Contains("in-trees"));
  }
}

TEST_CASE("measure_collective: the packings built, exact, and the latency term", "[tree_packing]") {
  const auto g = shiftfly::topology::torus(std::vector<std::uint64_t>{4, 4});
  const auto e = ones(g);
  for (const char* op : {"all-gather", "reduce-scatter", "broadcast", "reduce"}) {
    INFO(op);
    const auto r = sc::measure_collective(g, e, sc::collective_request{op, 1.0, 1.0, 0, true});
    REQUIRE(!r.schedules.empty());  // the tree packing first; the rings and torus schedules follow it
    CHECK(r.schedules[0].constructed);
    CHECK(r.method == "exact");
    REQUIRE(r.gap);
    CHECK(*r.gap == 1.0);
    CHECK(r.trees);
  }
  // All-reduce: reduce-scatter then all-gather, built; 15/64 + 15/64 against the cut bound 1/4.
  const auto ar = sc::measure_collective(g, e, sc::collective_request{"all-reduce", 1.0, 1.0, 0, true});
  CHECK(ar.schedules[0].constructed);
  CHECK(*ar.best_seconds == Approx(30.0 / 64.0));
  CHECK(ar.method == "bounds");
  // Latency: the bound adds the hop diameter (4), the schedule its trees' steps.
  sc::collective_request q{"all-gather", 1.0, 1.0, 0, true};
  q.latency = 0.5;
  const auto lat = sc::measure_collective(g, e, q);
  CHECK(lat.lower_bound_steps == 4);
  CHECK(lat.lower_bound_seconds == 15.0 / 64.0 + 2.0);
  CHECK(lat.schedules[0].steps >= 4);
  CHECK(*lat.best_seconds == 15.0 / 64.0 + 0.5 * static_cast<double>(lat.schedules[0].steps));
  // Over the work limit: unbuilt (the time proved), or refused with the estimate when required.
  const auto big = shiftfly::topology::torus(std::vector<std::uint64_t>{8, 8, 8});
  const auto unbuilt = sc::measure_collective(big, ones(big), sc::collective_request{"all-gather", 1.0, 1.0, 0, true});
  CHECK(!unbuilt.schedules[0].constructed);
  CHECK(unbuilt.method == "exact");
  CHECK_THAT(unbuilt.schedules[0].note, Catch::Contains("not built: the tree packing would scan about"));
  sc::collective_request need{"all-gather", 1.0, 1.0, 0, true};
  need.require_trees = true;
  CHECK_THROWS_WITH(sc::measure_collective(big, ones(big), need), Catch::Contains("accepted: at most") && Catch::Contains("a schedule file needs the trees"));
  sc::collective_request a2a{"all-to-all", 1.0, 1.0, 0, true};
  a2a.latency = 1;
  CHECK_THROWS_WITH(sc::measure_collective(g, e, a2a), Catch::Contains("latency = 1 is not modelled for all-to-all"));
  a2a.latency = -1;
  a2a.op = "all-gather";
  CHECK_THROWS_WITH(sc::measure_collective(g, e, a2a), Catch::Contains("latency = -1 is out of range"));
}

}  // namespace tree_packing_test
