// Tests for collectives/cut_bound.hpp and collectives/collective.hpp: the closed forms of the
// all-gather optimum (ring, complete graph, hypercube, k-ary n-cube, a dumbbell whose bridge
// binds, a fat tree whose hosts hang off edge switches), broadcast and all-reduce cuts, and
// every cut of small random graphs enumerated against the max-flow answer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/collectives/cut_bound.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/core/graph.hpp"
#include "small_graphs.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/topology/torus.hpp"

namespace cut_bound_test {

namespace sc = shiftfly::collectives;

using graph = shiftfly::core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

using collectives_small_graphs::complete;
using collectives_small_graphs::hypercube;
using collectives_small_graphs::ring;
// Two cliques K_m joined by one edge.
graph dumbbell(std::uint32_t m) {
  edges e;
  for (std::uint32_t side = 0; side < 2; ++side)
    for (std::uint32_t i = 0; i < m; ++i)
      for (std::uint32_t j = i + 1; j < m; ++j) e.emplace_back(side * m + i, side * m + j);
  e.emplace_back(0, m);
  return graph::from_edges(2 * m, e);
}
std::vector<std::uint32_t> ones(const graph& g) { return std::vector<std::uint32_t>(g.num_vertices(), 1); }

// The all-gather optimum as the fraction of M/b: |S cap Vc| / (N B+(S)), reduced.
std::pair<std::uint64_t, std::uint64_t> allgather_fraction(const graph& g, const std::vector<std::uint32_t>& endpoints,
                                                           bool reversed = false, std::uint64_t endpoint_units = 1) {
  const auto n = sc::make_collective_network(g, endpoints, endpoint_units);
  const auto c = sc::optimal_allgather_cut(n, {}, reversed);
  const std::uint64_t num = c.compute_inside, den = n.compute.size() * c.units, k = std::gcd(num, den);
  return {num / k, den / k};
}
std::pair<std::uint64_t, std::uint64_t> fraction(std::uint64_t a, std::uint64_t b) {
  const auto k = std::gcd(a, b);
  return {a / k, b / k};
}

// Every vertex set S (n <= 12), its units leaving (or entering) and compute nodes inside.
struct brute {
  std::uint64_t ag_num = 0, ag_den = 1;  // max |S cap Vc| / B+(S)
  std::uint64_t root_cut = UINT64_MAX;   // min B+(S), root in S, some compute node out
  std::uint64_t separating = UINT64_MAX; // min over separating S of min(B+, B-)
};
brute enumerate(const sc::collective_network& n, std::uint32_t root, bool reversed) {
  brute out;
  bool have = false;
  for (std::uint64_t mask = 1; mask + 1 < (std::uint64_t{1} << n.vertices); ++mask) {
    std::uint64_t plus = 0, minus = 0, inside = 0;
    for (std::size_t i = 0; i < n.tail.size(); ++i) {
      const bool a = (mask >> n.tail[i]) & 1, b = (mask >> n.head[i]) & 1;
      if (a && !b) plus += n.units[i];
      if (!a && b) minus += n.units[i];
    }
    for (auto c : n.compute) inside += (mask >> c) & 1;
    if (inside == 0 || inside == n.compute.size()) continue;
    const std::uint64_t leaving = reversed ? minus : plus;
    // ratio inside / leaving, maximised (leaving 0: infinite, not on a connected graph)
    if (!have || inside * out.ag_den > out.ag_num * leaving) {
      out.ag_num = inside;
      out.ag_den = leaving;
      have = true;
    }
    if ((mask >> root) & 1) out.root_cut = std::min(out.root_cut, leaving);
    out.separating = std::min({out.separating, plus, minus});
  }
  return out;
}

TEST_CASE("all-gather optimum: closed forms", "[cut_bound]") {
  for (std::uint32_t n : {3U, 4U, 7U, 12U}) {
    CHECK(allgather_fraction(ring(n), ones(ring(n))) == fraction(n - 1, 2 * n));  // (N-1)/(2N) M/b
    CHECK(allgather_fraction(complete(n), ones(complete(n))) == fraction(1, n));   // M/N over N-1 links in
  }
  for (std::uint32_t d : {1U, 2U, 3U, 5U}) {
    const std::uint64_t N = std::uint64_t{1} << d;
    CHECK(allgather_fraction(hypercube(d), ones(hypercube(d))) == fraction(N - 1, N * d));
  }
  // k-ary n-cube, k >= 3: (N-1)/(2nN) M/b.
  for (const std::vector<std::uint64_t>& dims :
       {std::vector<std::uint64_t>{5}, {3, 3}, {4, 4}, {3, 4, 5}, {4, 4, 4}, {8, 8, 8}}) {
    const auto g = shiftfly::topology::torus(dims);
    const std::uint64_t N = g.num_vertices(), n = dims.size();
    CHECK(allgather_fraction(g, ones(g)) == fraction(N - 1, 2 * n * N));
    CHECK(allgather_fraction(g, ones(g), true) == fraction(N - 1, 2 * n * N));
  }
  // A dumbbell: each clique's m shards cross the one bridge: (M/2m) m / b = M/(2b) (m >= 3;
  // at m = 2 it is a path, whose end vertex's one link binds: 3/4).
  CHECK(allgather_fraction(dumbbell(2), ones(dumbbell(2))) == fraction(3, 4));
  for (std::uint32_t m : {3U, 5U, 6U}) CHECK(allgather_fraction(dumbbell(m), ones(dumbbell(m))) == fraction(1, 2));
}

TEST_CASE("all-gather optimum: a fat tree whose hosts hang off edge switches", "[cut_bound]") {
  // One core switch (0) above k edge switches (1..k), each with h hosts (endpoints split off).
  for (std::uint32_t k : {2U, 3U, 4U})
    for (std::uint32_t h : {2U, 3U}) {
      edges e;
      for (std::uint32_t s = 1; s <= k; ++s) e.emplace_back(0, s);
      const auto g = graph::from_edges(k + 1, e);
      std::vector<std::uint32_t> endpoints(k + 1, h);
      endpoints[0] = 0;
      const auto net = sc::make_collective_network(g, endpoints);
      CHECK(net.compute.size() == k * h);
      CHECK(net.endpoints_split);
      // Host links of b: a host's one link brings in every other shard: (N-1)/N M/b.
      const std::uint64_t N = k * h;
      CHECK(allgather_fraction(g, endpoints) == fraction(N - 1, N));
      // Host links of h b: one edge switch's uplink (b) brings in every other group's shards:
      // (M/N)(k-1)h / b = (k-1)/k M/b, above the host link's (N-1)/(N h).
      CHECK(allgather_fraction(g, endpoints, false, h) == fraction(k - 1, k));
      CHECK(allgather_fraction(g, endpoints, true, h) == fraction(k - 1, k));
      sc::collective_request q{"all-gather", 1.0, 1.0, 0, true};
      const auto r = sc::measure_collective(g, endpoints, q);
      CHECK(r.method == "exact");
      CHECK(r.lower_bound_exact == std::to_string(fraction(N - 1, N).first) + "/" + std::to_string(fraction(N - 1, N).second));
    }
}

TEST_CASE("broadcast and all-reduce cuts: closed forms", "[cut_bound]") {
  for (std::uint32_t n : {3U, 5U, 8U}) {
    const auto r = sc::make_collective_network(ring(n), ones(ring(n)));
    CHECK(sc::root_cut(r, 0).units == 2);
    CHECK(sc::separating_cut(r).units == 2);
    const auto k = sc::make_collective_network(complete(n), ones(complete(n)));
    CHECK(sc::root_cut(k, 1).units == n - 1);
    CHECK(sc::root_cut(k, 1, true).units == n - 1);
  }
  const auto d = sc::make_collective_network(dumbbell(4), ones(dumbbell(4)));
  CHECK(sc::separating_cut(d).units == 1);
  CHECK(sc::root_cut(d, 2).units == 1);
}

TEST_CASE("the 8x8x8 torus: 511/3072 M/b, one maximum flow by symmetry", "[cut_bound]") {
  const std::vector<std::uint64_t> dims{8, 8, 8};
  const auto g = shiftfly::topology::torus(dims);
  const auto r = sc::measure_collective(g, ones(g), sc::collective_request{"all-gather", 1.0, 1.0, 0, true});
  CHECK(r.lower_bound_exact == "511/3072");
  CHECK(r.lower_bound_seconds == 511.0 / 3072.0);
  REQUIRE(r.best_seconds);
  CHECK(*r.best_seconds == r.lower_bound_seconds);
  CHECK(r.method == "exact");
  CHECK(r.cut.size() == 511);
  CHECK(r.orbits_tested == 1);
}

TEST_CASE("every cut of small random graphs: the max-flow answers are the enumerated optima", "[cut_bound]") {
  shiftfly::core::python_random rng(2024);
  for (int trial = 0; trial < 60; ++trial) {
    const std::uint32_t routers = 3 + static_cast<std::uint32_t>(rng.randrange(6));  // 3..8
    edges e;
    for (std::uint32_t v = 1; v < routers; ++v) e.emplace_back(static_cast<std::uint32_t>(rng.randrange(v)), v);  // a tree
    for (std::uint32_t extra = static_cast<std::uint32_t>(rng.randrange(routers + 1)); extra > 0; --extra) {
      const auto a = static_cast<std::uint32_t>(rng.randrange(routers)), b = static_cast<std::uint32_t>(rng.randrange(routers));
      if (a != b) e.emplace_back(a, b);
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> unique;
    for (auto [a, b] : e) {
      const std::pair<std::uint32_t, std::uint32_t> p{std::min(a, b), std::max(a, b)};
      if (std::find(unique.begin(), unique.end(), p) == unique.end()) unique.push_back(p);
    }
    const auto g = graph::from_edges(routers, unique);
    // Endpoints: 0 or 1 (routers are compute nodes), or up to 2 (endpoints split off); total vertices <= 12.
    const bool split = trial % 2 == 1;
    std::vector<std::uint32_t> endpoints(routers);
    std::uint32_t total = 0;
    for (auto& h : endpoints) {
      h = static_cast<std::uint32_t>(rng.randrange(split ? 3 : 2));
      if (routers + total + h > 12) h = 0;
      total += h;
    }
    if (total < 2) {
      endpoints[0] = endpoints[1] = 1;
      total = 0;
      for (auto h : endpoints) total += h;
      if (split && routers + total > 12) continue;
    }
    const auto net = sc::make_collective_network(g, endpoints);
    if (net.compute.size() < 2) continue;
    INFO("trial " << trial << ", " << routers << " routers, " << net.vertices << " vertices");
    for (bool reversed : {false, true}) {
      const auto want = enumerate(net, net.compute.front(), reversed);
      const auto got = sc::optimal_allgather_cut(net, {}, reversed);
      CHECK(got.compute_inside * want.ag_den == want.ag_num * got.units);  // the same ratio, exactly
      // the returned cut attains it
      std::vector<char> in(net.vertices, 0);
      for (auto v : got.cut) in[v] = 1;
      const auto again = sc::detail::measure_cut(net, in, reversed);
      CHECK(again.units == got.units);
      CHECK(again.compute_inside == got.compute_inside);
      // the tests run in blocks over several threads: the same cut and the same count of flows
      for (unsigned threads : {2U, 3U}) {
        const auto par = sc::optimal_allgather_cut(net, {}, reversed, sc::cut_search_options{threads});
        CHECK(par.cut == got.cut);
        CHECK(par.units == got.units);
        CHECK(par.compute_inside == got.compute_inside);
        CHECK(par.max_flows == got.max_flows);
      }
      CHECK(sc::root_cut(net, net.compute.front(), reversed).units == want.root_cut);
    }
    CHECK(sc::separating_cut(net).units == enumerate(net, net.compute.front(), false).separating);
  }
}

TEST_CASE("collective refusals: one line naming the parameter", "[cut_bound]") {
  const auto g = ring(4);
  const auto run = [&](sc::collective_request q, std::vector<std::uint32_t> endpoints) {
    return sc::measure_collective(g, endpoints, q);
  };
  CHECK_THROWS_WITH(run({"gather", 1, 1, 0, true}, ones(g)), Catch::Contains("op = gather is not an operation"));
  CHECK_THROWS_WITH(run({"all-gather", 0, 1, 0, true}, ones(g)), Catch::Contains("bytes = 0 is out of range"));
  CHECK_THROWS_WITH(run({"all-gather", 1, 0, 0, true}, ones(g)), Catch::Contains("link_bandwidth = 0 is out of range"));
  CHECK_THROWS_WITH(run({"all-gather", 1, 1, 0, true}, std::vector<std::uint32_t>(4, 0)), Catch::Contains("no compute nodes"));
  CHECK_THROWS_WITH(run({"broadcast", 1, 1, 9, true}, ones(g)), Catch::Contains("root = 9 is out of range"));
  const auto two = graph::from_edges(4, edges{{0, 1}, {2, 3}});
  CHECK_THROWS_WITH(sc::measure_collective(two, ones(two), {"all-gather", 1, 1, 0, true}),
                    Catch::Contains("disconnected: 2 components") && Catch::Contains("{0 1}; {2 3}"));
}

// separating_cut's theorems (its file comment): (a) the root's links carry the least units, (b) a
// vertex-transitive graph (Mader), (c) flows to a dominating set (Matula). Each must give the
// units and the cut that the flows from the root to every compute node give (root_cut, one
// direction: these networks are symmetric); (a) and (b) with no flow, (c) with fewer where the
// least degree is the answer (below it, the scan follows the dominating set's flows).
TEST_CASE("separating_cut: the theorems give the flows' cut", "[cut_bound]") {
  using cut_bound_test::graph;
  using cut_bound_test::ones;
  const auto same_as_flows = [](const sc::collective_network& net, bool transitive) {
    const auto got = sc::separating_cut(net, transitive);
    const auto want = sc::root_cut(net, net.compute.front());
    CHECK(got.units == want.units);
    CHECK(got.cut == want.cut);
    CHECK(got.compute_inside == 1);
    return std::pair{got, want};
  };
  // (a) endpoints split off (two a router): the endpoint's link is the least cut, no flow.
  {
    const auto g = cut_bound_test::dumbbell(4);
    const auto net = sc::make_collective_network(g, std::vector<std::uint32_t>(g.num_vertices(), 2));
    CHECK(same_as_flows(net, false).first.max_flows == 0);
  }
  // (b) the 4x4x4 torus, vertex-transitive: its degree, no flow; without the proof, (c)'s flows.
  {
    const auto g = shiftfly::topology::torus(std::vector<std::uint64_t>{4, 4, 4});
    const auto net = sc::make_collective_network(g, ones(g));
    CHECK(same_as_flows(net, true).first.max_flows == 0);
    const auto [c, flows] = same_as_flows(net, false);
    CHECK(c.units == 6);
    CHECK(c.max_flows < flows.max_flows);
  }
  // (c) a cut below the least degree (the dumbbell's bridge), a complete graph, a ring, and
  // random graphs of uneven degrees: the flows' answer, cut included.
  same_as_flows(sc::make_collective_network(cut_bound_test::dumbbell(5), ones(cut_bound_test::dumbbell(5))), false);
  same_as_flows(sc::make_collective_network(cut_bound_test::complete(7), ones(cut_bound_test::complete(7))), false);
  same_as_flows(sc::make_collective_network(cut_bound_test::ring(9), ones(cut_bound_test::ring(9))), false);
  shiftfly::core::python_random rng(45);
  for (int trial = 0; trial < 40; ++trial) {
    const std::uint32_t n = 6 + static_cast<std::uint32_t>(rng.randrange(30));
    std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
    for (std::uint32_t v = 1; v < n; ++v) e.emplace_back(static_cast<std::uint32_t>(rng.randrange(v)), v);
    for (std::uint32_t extra = static_cast<std::uint32_t>(rng.randrange(3 * n)); extra > 0; --extra) {
      const auto a = static_cast<std::uint32_t>(rng.randrange(n)), b = static_cast<std::uint32_t>(rng.randrange(n));
      const std::pair<std::uint32_t, std::uint32_t> p{std::min(a, b), std::max(a, b)};
      if (a != b && std::find(e.begin(), e.end(), p) == e.end()) e.push_back(p);
    }
    const auto g = graph::from_edges(n, e);
    INFO("trial " << trial << ", " << n << " vertices");
    same_as_flows(sc::make_collective_network(g, ones(g)), false);
    // and with the link at 2 units, the endpoint at 1 (endpoints split, two a router): (a)
    same_as_flows(sc::make_collective_network(g, std::vector<std::uint32_t>(n, 2), 1, 2), false);
  }
}

}  // namespace cut_bound_test
