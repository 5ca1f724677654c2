// Tests for collectives/ring_any.hpp, swing.hpp and built_schedules.hpp: rings on any graph
// (Hamiltonian where one exists, a tour on the Petersen graph, which has none), run on integers
// with their messages routed; Swing on 4x4, 8x8 and 4x4x4 tori with the paper's 2 log2 P steps;
// every schedule tried listed by measure_collective, best_seconds the best of them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include "shiftfly/collectives/built_schedules.hpp"
#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/collectives/ring_any.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/swing.hpp"
#include "shiftfly/core/graph.hpp"
#include "small_graphs.hpp"
#include "shiftfly/topology/torus.hpp"

namespace ring_any_test {

namespace sc = shiftfly::collectives;

using graph = shiftfly::core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

using collectives_small_graphs::complete;
using collectives_small_graphs::hypercube;
using collectives_small_graphs::ring;
graph petersen() {
  return graph::from_edges(10, edges{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9},
                                     {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}});
}
std::vector<std::uint32_t> ones(const graph& g) { return std::vector<std::uint32_t>(g.num_vertices(), 1); }

// Every consecutive pair of the ring's order is joined by its path, and the order visits every
// compute vertex once.
void check_tour(const sc::collective_network& net, const sc::ring_tour& t) {
  REQUIRE(t.order.size() == net.compute.size());
  auto sorted = t.order;
  std::sort(sorted.begin(), sorted.end());
  REQUIRE(sorted == net.compute);
  for (std::size_t i = 0; i < t.order.size(); ++i) {
    const auto& p = t.paths[i];
    REQUIRE(!p.empty());
    REQUIRE(net.tail[p.front()] == t.order[i]);
    REQUIRE(net.head[p.back()] == t.order[(i + 1) % t.order.size()]);
    for (std::size_t k = 0; k + 1 < p.size(); ++k) REQUIRE(net.head[p[k]] == net.tail[p[k + 1]]);
  }
}
namespace rt = ring_any_test;

TEST_CASE("rings on any graph: Hamiltonian on ring, complete graph, hypercube and torus; a tour on Petersen",
          "[ring_any]") {
  struct item {
    rt::graph g;
    bool hamiltonian;
  };
  const std::vector<item> cases{{rt::ring(12), true},
                                {rt::complete(9), true},
                                {rt::hypercube(4), true},
                                {shiftfly::topology::torus({4, 4}), true},
                                {shiftfly::topology::torus({3, 5}), true},
                                {rt::petersen(), false}};
  for (const auto& c : cases) {
    INFO(c.g.num_vertices() << " vertices");
    const auto e = rt::ones(c.g);
    const auto net = sc::make_collective_network(c.g, e);
    const auto t = sc::find_ring_tour(c.g, e, net);
    rt::check_tour(net, t);
    CHECK(t.hamiltonian == c.hamiltonian);
    if (c.hamiltonian) {
      CHECK(t.longest_hops == 1);
      CHECK(t.congestion == 1);
      CHECK(t.congestion_bidirectional == 1);
    }
    const std::uint64_t N = net.compute.size();
    // Run on integers with every message routed: time = 2(N-1)/N · load · M/b.
    for (bool both : {false, true}) {
      const auto p = sc::ring_plan_on(net, t, 2 * N, both);
      const auto run = sc::simulate_routed(net, p.plan, p.route, true);
      CHECK(run.simulated);
      CHECK(run.steps == 2 * (N - 1));
      const double expected = 2.0 * static_cast<double>(N - 1) * (both ? t.load_bidirectional : 2 * t.load);
      CHECK(run.critical_elements == expected);
    }
  }
}

TEST_CASE("the Petersen graph has no Hamiltonian cycle: its tour closes a Hamiltonian path", "[ring_any]") {
  const auto g = rt::petersen();
  const auto net = sc::make_collective_network(g, rt::ones(g));
  const auto t = sc::find_ring_tour(g, rt::ones(g), net);
  CHECK_FALSE(t.hamiltonian);
  CHECK(t.longest_hops == 2);  // a Hamiltonian path's ends are at distance 2 (never adjacent)
  CHECK(t.congestion >= 1);
  CHECK(t.congestion <= 2);
  CHECK(t.method.find("Hamiltonian path") != std::string::npos);
}

TEST_CASE("rings with several endpoints a router visit each router's endpoints in turn", "[ring_any]") {
  const auto g = rt::ring(5);
  const std::vector<std::uint32_t> e{2, 2, 2, 2, 2};
  const auto net = sc::make_collective_network(g, e);
  const auto t = sc::find_ring_tour(g, e, net);
  rt::check_tour(net, t);
  CHECK(t.hamiltonian);
  CHECK(t.congestion == 1);
  // Both rings leave an endpoint by its one uplink: no gain from the second direction.
  CHECK(t.congestion_bidirectional == 2);
  const auto p = sc::ring_plan_on(net, t, 20, true);
  CHECK(sc::simulate_routed(net, p.plan, p.route, true).simulated);
}

TEST_CASE("hosts with no link between them (a fat tree's edge switches) end the search and get a tour", "[ring_any]") {
  // Routers 0 and 2 host compute nodes and only meet through router 1: the search once restarted
  // without spending work, for ever.
  const auto g = rt::graph::from_edges(3, rt::edges{{0, 1}, {1, 2}});
  for (const std::vector<std::uint32_t>& e : {std::vector<std::uint32_t>{1, 0, 1}, std::vector<std::uint32_t>{2, 0, 3}}) {
    const auto net = sc::make_collective_network(g, e);
    const auto t = sc::find_ring_tour(g, e, net);
    rt::check_tour(net, t);
    CHECK_FALSE(t.hamiltonian);
    const auto p = sc::ring_plan_on(net, t, 2 * net.compute.size(), false);
    CHECK(sc::simulate_routed(net, p.plan, p.route, true).simulated);
  }
}

TEST_CASE("Swing on 4x4, 8x8 and 4x4x4 tori: 2 log2 P steps, every node ends with the sum", "[swing]") {
  CHECK(sc::swing_rho(0) == 1);
  CHECK(sc::swing_rho(1) == -1);
  CHECK(sc::swing_rho(2) == 3);
  CHECK(sc::swing_rho(3) == -5);
  CHECK(sc::swing_rho(4) == 11);
  const std::vector<std::pair<std::vector<std::uint64_t>, std::uint64_t>> cases{{{4, 4}, 8}, {{8, 8}, 12}, {{4, 4, 4}, 12}};
  for (const auto& [dims, steps] : cases) {
    INFO(sc::torus_dims_text(dims));
    const auto g = shiftfly::topology::torus(dims);
    const auto net = sc::make_collective_network(g, rt::ones(g));
    const std::uint64_t P = g.num_vertices();
    const auto route = sc::torus_route(net, dims);
    for (std::uint64_t D : {2 * dims.size() * P, std::uint64_t{7}, 2 * dims.size() * P + 5}) {
      const auto plan = sc::swing_allreduce_plan(dims, D);
      REQUIRE(plan.num_steps() == steps);
      const auto run = sc::simulate_routed(net, plan, route, true);  // throws unless every node has the sum
      CHECK(run.simulated);
      if (D == 2 * dims.size() * P) {
        // Each step loads every link direction of its dimension with |rho(j)| messages (the
        // plain and mirrored collectives together) of P / 2^(s+1) elements.
        double expected = 0;
        for (unsigned s = 0; s < plan.L; ++s)
          expected += static_cast<double>(std::abs(sc::swing_rho(s / static_cast<unsigned>(dims.size())))) *
                      static_cast<double>(P >> (s + 1));
        CHECK(run.critical_elements == 2 * expected);
      }
    }
  }
  CHECK_THROWS_WITH(sc::swing_allreduce_plan(std::vector<std::uint64_t>{4, 8}, 8),
                    "swing_allreduce: Swing needs a torus of equal power-of-two sizes, each at least 4; 4x8: the sizes "
                    "differ (this version needs equal sizes)");
  CHECK_THROWS_WITH(sc::swing_allreduce_plan(std::vector<std::uint64_t>{6, 6}, 8),
                    "swing_allreduce: Swing needs a torus of equal power-of-two sizes, each at least 4; 6x6: a size is "
                    "not a power of two of at least 4");
}

TEST_CASE("measure_collective lists every schedule tried; counted and simulated times agree", "[ring_any]") {
  const auto g = shiftfly::topology::torus({4, 4});
  sc::collective_request q;
  q.op = "all-reduce";
  q.bytes = 64;
  q.link_bandwidth = 2;
  q.torus_dims = {4, 4};
  const auto r = sc::measure_collective(g, rt::ones(g), q);
  // The proved tree packing, two rings, two dimension-ordered schedules and Swing.
  REQUIRE(r.schedules.size() == 6);
  double best = r.schedules.front().seconds;
  for (const auto& s : r.schedules) best = std::min(best, s.seconds);
  CHECK(*r.best_seconds == best);
  const auto& swing = r.schedules.back();
  CHECK(swing.name.rfind("Swing", 0) == 0);
  CHECK(swing.steps == 8);
  CHECK(swing.simulated);
  CHECK(swing.seconds == 30.0 / 64 * 64 / 2);
  q.max_simulated_cells = 0;  // counted from the routes alone
  const auto counted = sc::measure_collective(g, rt::ones(g), q);
  REQUIRE(counted.schedules.size() == r.schedules.size());
  for (std::size_t i = 0; i < r.schedules.size(); ++i) {
    CHECK(counted.schedules[i].seconds == r.schedules[i].seconds);
    CHECK(counted.schedules[i].steps == r.schedules[i].steps);
    CHECK_FALSE(counted.schedules[i].simulated);
  }
  // All-gather: the halves (ring N - 1 steps).
  q.op = "all-gather";
  const auto ag = sc::measure_collective(g, rt::ones(g), q);
  for (const auto& s : ag.schedules)
    if (s.name.rfind("ring", 0) == 0) CHECK(s.steps == 15);
  q.torus_dims.clear();
  q.op = "all-reduce";
  CHECK(sc::measure_collective(g, rt::ones(g), q).schedules.size() == 3);  // no torus schedules without the dims
}

TEST_CASE("a ring that reaches the bound up to rounding ties it: exact, gap 1", "[ring_any]") {
  // The bidirectional ring's all-gather on a ring graph is the optimum (N-1)/(2N) M/b, summed
  // over its steps: equal to the bound up to rounding, which once made the method "bounds".
  for (std::uint32_t n : {5u, 6u, 7u}) {
    const auto g = rt::ring(n);
    const auto r = sc::measure_collective(g, rt::ones(g), sc::collective_request{"all-gather", 1.0, 1.0, 0, true});
    CHECK(r.method == "exact");
    CHECK(*r.gap == 1.0);
    CHECK(r.best_schedule.rfind("spanning out-tree packing", 0) == 0);
  }
}

}  // namespace ring_any_test
