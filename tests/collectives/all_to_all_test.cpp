// Tests for collectives/all_to_all.hpp and the compute-node model of collectives/network.hpp with
// several endpoints a router: closed forms of the all-to-all on tori, complete graphs and rings,
// of every operation on a complete graph with k endpoints a router, a star and a fat tree whose
// hosts hang off edge switches, the routed time beside the bound, and the refusals.
//
// Notation: N compute nodes, M one node's send buffer (all-to-all: M/N to each peer, the own block
// not sent), b the network link's bandwidth, b_e the endpoint link's. Every time below is a
// fraction of M/b.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/all_to_all.hpp"
#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/torus.hpp"

#include "small_graphs.hpp"

namespace all_to_all_test {

namespace sc = shiftfly::collectives;

using graph = shiftfly::core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

std::vector<std::uint32_t> each(const graph& g, std::uint32_t k) { return std::vector<std::uint32_t>(g.num_vertices(), k); }

sc::collective_request request(const std::string& op, std::optional<double> endpoint_bandwidth = {},
                               std::optional<std::string> routing = {}) {
  sc::collective_request q{op, 1.0, 1.0, 0, true};
  q.endpoint_bandwidth = endpoint_bandwidth;
  if (routing) q.routing = shiftfly::routing::parse_routing(*routing);
  q.threads = 1;
  return q;
}

// The time of a schedule by name (the result lists every schedule tried).
double schedule_seconds(const sc::collective_result& r, const std::string& name) {
  for (const auto& s : r.schedules)
    if (s.name == name) return s.seconds;
  FAIL("no schedule " << name);
  return 0;
}

bool near(double a, double b) { return std::fabs(a - b) <= 1e-7 * std::fabs(b); }

TEST_CASE("all-to-all on the k-ary n-cube, k even: tight at the bisection, k/8 M/b", "[all_to_all]") {
  // N = k^n. Cutting dimension 0 into two halves of N/2 nodes cuts 2 k^(n-1) links (the wrap-around
  // closes each ring twice), each b one way. Every one of the (N/2)^2 ordered pairs from one half
  // to the other moves M/N across: T >= (N/2)^2 (M/N) / (2 k^(n-1) b) = k M / (8 b). Minimal
  // routing balanced over both ways of every ring reaches it: the ring distances of one dimension
  // sum to N (N/k) (k^2/4) over all pairs, spread over its 2N channels, N k/8 pairs' M/N a channel.
  // So the bound, the optimal flow and ecmp all take k/8 M/b.
  for (const std::vector<std::uint64_t>& dims :
       {std::vector<std::uint64_t>{8}, {4, 4}, {6, 6}, {8, 8, 8}}) {  // 8x8x8: the LP reduced by symmetry
    const auto g = shiftfly::topology::torus(dims);
    const double k = static_cast<double>(dims[0]);
    const auto r = sc::measure_collective(g, each(g, 1), request("all-to-all"));
    INFO("torus of " << g.num_vertices() << " nodes");
    CHECK(near(r.lower_bound_seconds, k / 8));
    CHECK(r.method == "exact");
    CHECK(near(schedule_seconds(r, "optimal multicommodity flow"), k / 8));
    CHECK(near(schedule_seconds(r, "routed: ecmp"), k / 8));
    CHECK(r.best_schedule == "optimal multicommodity flow");
    CHECK(!r.endpoint_bandwidth);
  }
}

TEST_CASE("all-to-all on a torus under dimension order and Valiant: what the routing loses", "[all_to_all]") {
  // Dimension order splits the antipodal tie of every ring in half (routing/dimension_order.hpp),
  // so by translation and reflection every channel of a dimension carries the same load, N k/8
  // pairs' M/N, as ecmp: k/8 M/b, the bound. Valiant sends every pair through a uniformly random
  // router: its expected demands are T'(a,b) = out(a)/N + in(b)/N = 2(N - 1)/N a router pair
  // (routing/valiant_load.hpp), routed by ecmp: 2(N - 1)/N x k/8 M/b, what Valiant loses.
  for (const std::vector<std::uint64_t>& dims : {std::vector<std::uint64_t>{4, 4}, {6, 6}}) {
    const shiftfly::topology::family_spec spec = shiftfly::topology::torus_spec{dims};
    const auto g = shiftfly::topology::torus(dims);
    const double k = static_cast<double>(dims[0]), N = static_cast<double>(g.num_vertices());
    for (const std::string routing : {"dor", "valiant"}) {
      auto q = request("all-to-all", {}, routing);
      q.family = spec;
      const auto r = sc::measure_collective(g, each(g, 1), q);
      INFO(routing << " on " << g.num_vertices());
      CHECK(near(r.lower_bound_seconds, k / 8));
      CHECK(r.schedules.size() == 2);
      CHECK(r.schedules.back().name == (routing == "dor" ? "routed: dor" : "routed: valiant:ecmp"));
      CHECK(near(r.schedules.back().seconds, routing == "dor" ? k / 8 : 2 * (N - 1) / N * k / 8));
      CHECK(r.method == "exact");
      CHECK(r.best_schedule == "optimal multicommodity flow");
    }
  }
}

TEST_CASE("all-to-all on rings and complete graphs: closed forms", "[all_to_all]") {
  // Ring of k: the k(k - 1) ordered pairs' distances sum to k floor(k^2/4) (each node: 2(1 + ... +
  // (k-1)/2) for k odd, that plus k/2 for k even), over 2k channels: some channel carries at least
  // floor(k^2/4)/2 pairs' M/N (the distance bound), and minimal routing with the antipode split in
  // half carries exactly that on every channel: T = floor(k^2/4)/2 (M/k)/b = floor(k^2/4)/(2k) M/b.
  for (std::uint32_t k : {3U, 4U, 5U, 7U, 8U, 9U}) {
    const auto g = collectives_small_graphs::ring(k);
    const auto r = sc::measure_collective(g, each(g, 1), request("all-to-all"));
    const double want = static_cast<double>(k * k / 4) / (2.0 * k);
    INFO("ring of " << k);
    CHECK(near(r.lower_bound_seconds, want));
    CHECK(r.method == "exact");
    CHECK(near(schedule_seconds(r, "routed: ecmp"), want));
  }
  // Complete graph K_n: every pair has its own link, M/N over it: (M/N)/b = 1/n M/b.
  for (std::uint32_t n : {3U, 5U, 8U}) {
    const auto g = collectives_small_graphs::complete(n);
    const auto r = sc::measure_collective(g, each(g, 1), request("all-to-all"));
    CHECK(near(r.lower_bound_seconds, 1.0 / n));
    CHECK(near(schedule_seconds(r, "routed: ecmp"), 1.0 / n));
  }
}

TEST_CASE("several endpoints a router: the complete graph with k endpoints on each of n routers", "[all_to_all]") {
  // N = nk endpoints, each joined to its router by b_e each way. All-to-all: an endpoint link
  // carries (N - 1) M/N each way; a router pair's link carries the k^2 pairs between their
  // endpoints, k^2 M/N; the optimum routes each router pair's traffic on its own link (any
  // detour costs two links), so T = max(k^2, (N - 1) b/b_e) (M/N)/b, exactly; ecmp routes the
  // same way.
  struct row {
    std::uint32_t n, k;
    std::optional<double> be;
    double want;  // of M/b
    std::string exact;
  };
  for (const auto& c : {row{4, 2, {}, 7.0 / 8, "7/8"},        // max(4, 7) / 8: the endpoint link binds
                        row{3, 4, {}, 16.0 / 12, ""},         // max(16, 11) / 12: the router links bind
                        row{5, 3, {}, 14.0 / 15, "14/15"},    // max(9, 14) / 15
                        row{4, 2, 2.0, 4.0 / 8, ""},          // max(4, 3.5) / 8
                        row{4, 2, 1.5, 7.0 / 12, "7/12"},     // max(4, 7/1.5) / 8 = 7/12: units 3 and 2
                        row{3, 4, 0.5, 22.0 / 12, "11/6"}}) { // max(16, 22) / 12
    const auto g = collectives_small_graphs::complete(c.n);
    const auto r = sc::measure_collective(g, each(g, c.k), request("all-to-all", c.be));
    INFO("K_" << c.n << " with " << c.k << " endpoints a router, b_e " << c.be.value_or(1));
    CHECK(r.compute_nodes == c.n * c.k);
    CHECK(r.vertices == c.n + c.n * c.k);
    CHECK(near(r.lower_bound_seconds, c.want));
    CHECK(near(schedule_seconds(r, "routed: ecmp"), c.want));
    CHECK(r.method == "exact");
    if (!c.exact.empty()) CHECK(r.lower_bound_exact == c.exact);
    REQUIRE(r.endpoint_bandwidth);
    CHECK(*r.endpoint_bandwidth == c.be.value_or(1.0));
  }
  // All-gather on K_3 with 4 endpoints a router (N = 12): the cut S = all but one router and its
  // endpoints holds 8 compute nodes and 2 links leave it: 8/2 = 4 > the one endpoint's 11 / (b_e/b)
  // when b_e = 4b: T = (M/N) 4 / b = 1/3 M/b. With b_e = b the endpoint binds: 11/12.
  {
    const auto g = collectives_small_graphs::complete(3);
    const auto four = sc::measure_collective(g, each(g, 4), request("all-gather", 4.0));
    CHECK(four.lower_bound_exact == "1/3");
    CHECK(four.cut_compute_nodes == 8);
    CHECK(four.cut_units == 2);
    CHECK(four.method == "exact");
    CHECK(sc::measure_collective(g, each(g, 4), request("all-gather")).lower_bound_exact == "11/12");
    CHECK(sc::measure_collective(g, each(g, 4), request("reduce-scatter")).lower_bound_exact == "11/12");
    // Broadcast from an endpoint: b_e = b, its own link: M/b; b_e = 4b: a router's two links to the
    // others bind an endpoint elsewhere: M/(2b).
    CHECK(sc::measure_collective(g, each(g, 4), request("broadcast")).lower_bound_exact == "1/1");
    CHECK(sc::measure_collective(g, each(g, 4), request("broadcast", 4.0)).lower_bound_exact == "1/2");
    // All-reduce: one endpoint's link separates it: M/b_e.
    CHECK(sc::measure_collective(g, each(g, 4), request("all-reduce")).lower_bound_exact == "1/1");
    CHECK(sc::measure_collective(g, each(g, 4), request("all-reduce", 0.5)).lower_bound_exact == "2/1");
    // b_e = 3/2 b: a unit is b/2; the all-reduce's endpoint cut is 3 units: M/(3/2 b) = 2/3 M/b.
    const auto half = sc::measure_collective(g, each(g, 4), request("all-reduce", 1.5));
    CHECK(half.lower_bound_exact == "2/3");
    CHECK(near(half.lower_bound_seconds, 2.0 / 3));
    CHECK(half.cut_units == 3);
    CHECK(half.link_units == 2);
  }
}

TEST_CASE("several endpoints a router: a star", "[all_to_all]") {
  // One switch with k hosts: every host's one link carries (N - 1) M/N each way, nothing crosses a
  // network link: all-to-all and all-gather (N - 1)/N M/b_e, broadcast and all-reduce M/b_e.
  const auto one = graph::from_edges(1, edges{});
  for (std::uint32_t k : {2U, 5U}) {
    const std::vector<std::uint32_t> hosts{k};
    const auto a2a = sc::measure_collective(one, hosts, request("all-to-all"));
    CHECK(near(a2a.lower_bound_seconds, (k - 1.0) / k));
    CHECK(near(schedule_seconds(a2a, "routed: ecmp"), (k - 1.0) / k));
    CHECK(a2a.method == "exact");
    CHECK(sc::measure_collective(one, hosts, request("all-gather")).lower_bound_exact ==
          std::to_string(k - 1) + "/" + std::to_string(k));
    CHECK(sc::measure_collective(one, hosts, request("broadcast")).lower_bound_exact == "1/1");
    CHECK(sc::measure_collective(one, hosts, request("all-reduce", 2.0)).lower_bound_exact == "1/2");
  }
  // The star K_{1,n} whose n leaves are the compute nodes (one endpoint each, none on the centre):
  // every leaf's one link carries (N - 1) M/N each way: all-to-all (N - 1)/N M/b, by the LP of the
  // matrix (not uniform: the centre sends nothing).
  for (std::uint32_t n : {3U, 6U}) {
    edges e;
    for (std::uint32_t i = 1; i <= n; ++i) e.emplace_back(0, i);
    const auto g = graph::from_edges(n + 1, e);
    auto leaves = each(g, 1);
    leaves[0] = 0;
    const auto r = sc::measure_collective(g, leaves, request("all-to-all"));
    CHECK(r.compute_nodes == n);
    CHECK(near(r.lower_bound_seconds, (n - 1.0) / n));
    CHECK(near(schedule_seconds(r, "routed: ecmp"), (n - 1.0) / n));
  }
}

TEST_CASE("several endpoints a router: the fat tree k = 4, hosts on edge switches", "[all_to_all]") {
  // 16 hosts, 2 on each of 8 edge switches. The host link carries 15 M/16 each way; an edge
  // switch's 2 uplinks carry its 2 hosts' 2 x 14 remote blocks, 14 M/16 each; a pod's 4 links to
  // the core its 4 hosts' 4 x 12, 12 M/16 each: the host link binds, T = 15/16 M/b for all-to-all
  // (ecmp splits evenly over the equal uplinks and reaches it) and for all-gather.
  const shiftfly::topology::family_spec spec = shiftfly::topology::fat_tree_spec{4};
  const auto g = shiftfly::topology::make_graph(spec);
  const auto hosts = shiftfly::topology::choose_endpoints(&spec, g).counts;
  auto q = request("all-to-all", {}, "ecmp");
  q.family = spec;
  const auto r = sc::measure_collective(g, hosts, q);
  CHECK(r.compute_nodes == 16);
  CHECK(r.lower_bound_exact == "15/16");
  CHECK(near(schedule_seconds(r, "routed: ecmp"), 15.0 / 16));
  CHECK(r.method == "exact");
  CHECK(sc::measure_collective(g, hosts, request("all-gather")).lower_bound_exact == "15/16");
  CHECK(sc::measure_collective(g, hosts, request("reduce-scatter")).lower_bound_exact == "15/16");
  // Host links of 2b: the edge uplinks bind (14/16 per b) for all-to-all, the cut of one pod's
  // 4 links to the core for all-gather: 12 hosts' blocks enter the pod over 4 b: 12/(16 x 4) = 3/16.
  auto fast = request("all-to-all", 2.0);
  fast.family = spec;
  const auto f = sc::measure_collective(g, hosts, fast);
  CHECK(near(f.lower_bound_seconds, 14.0 / 16));
  CHECK(near(schedule_seconds(f, "routed: ecmp"), 14.0 / 16));
}

TEST_CASE("several endpoints a router: the fat tree k = 12 past the edge LP, by symmetry", "[all_to_all]") {
  // 432 hosts, 6 on each of 72 edge switches: the matrix of 36 a pair of edge switches has
  // 72 x 1,728 flow variables, past the edge LP; the automorphisms keep the counts (edge switches
  // one orbit), so the reduced LP answers exactly. An edge switch's 6 uplinks carry its 6 hosts'
  // 6 x 426 remote blocks, 426 a link (a pod's 36 links to the core carry 36 x 396 / 36 = 396):
  // theta_net = 1/426 per host pair, and the host link (431 blocks) binds at b_e = b.
  const shiftfly::topology::family_spec spec = shiftfly::topology::fat_tree_spec{12};
  const auto g = shiftfly::topology::make_graph(spec);
  const auto hosts = shiftfly::topology::choose_endpoints(&spec, g).counts;
  sc::all_to_all_request q;
  const auto resolved = shiftfly::topology::resolve(spec);
  q.family = &resolved;
  q.threads = 1;
  const auto a = sc::measure_all_to_all(g, hosts, q);
  CHECK(a.compute_nodes == 432);
  CHECK(a.theta.find("endpoint counts kept") != std::string::npos);
  CHECK(near(a.network_upper, 1.0 / 426));
  CHECK(a.method == "exact");
  CHECK(near(a.lambda_upper, 1.0 / 431));
  q.endpoint_units = 2;  // hosts of 2b: the edge uplinks bind
  const auto fast = sc::measure_all_to_all(g, hosts, q);
  CHECK(near(fast.lambda_upper, 1.0 / 426));
  CHECK(near(fast.routed_lambda, 1.0 / 426));  // ecmp splits evenly over the equal uplinks
}

TEST_CASE("families with several endpoints a router: every operation answers", "[all_to_all]") {
  // Slim Fly q = 3 (p = 3 a router) and a small Dragonfly: the all-to-all bound is at most every
  // routed time, and the endpoint link bounds it from below: (N - 1)/N M/b_e.
  for (const shiftfly::topology::family_spec& spec :
       {shiftfly::topology::family_spec(shiftfly::topology::slimfly_spec{3}),
        shiftfly::topology::family_spec(shiftfly::topology::dragonfly_spec{4, 2, 0})}) {
    const auto g = shiftfly::topology::make_graph(spec);
    const auto hosts = shiftfly::topology::choose_endpoints(&spec, g).counts;
    for (const std::string op : {"all-to-all", "all-gather", "all-reduce", "broadcast"}) {
      auto q = request(op);
      q.family = spec;
      const auto r = sc::measure_collective(g, hosts, q);
      const double N = static_cast<double>(r.compute_nodes);
      INFO(spec.family << " " << op);
      CHECK(r.compute_nodes > g.num_vertices());
      CHECK(r.lower_bound_seconds >= (op == "all-to-all" || op == "all-gather" ? (N - 1) / N : 1.0) * (1 - 1e-12));
      REQUIRE(r.best_seconds);
      CHECK(*r.best_seconds >= r.lower_bound_seconds * (1 - 1e-12));
      if (op == "all-to-all")
        for (const auto& s : r.schedules) CHECK(s.seconds >= r.lower_bound_seconds * (1 - 1e-9));
    }
  }
}

TEST_CASE("all-to-all and endpoint bandwidth refusals: one line naming the parameter", "[all_to_all]") {
  const auto ring = collectives_small_graphs::ring(4);
  CHECK_THROWS_WITH(sc::measure_collective(ring, each(ring, 1), request("all-to-all", 2.0)),
                    Catch::Contains("endpoint_bandwidth = 2 applies where routers carry several endpoints"));
  CHECK_THROWS_WITH(sc::measure_collective(ring, each(ring, 2), request("all-to-all", 3.14159)),
                    Catch::Contains("endpoint_bandwidth = 3.14159 is not a ratio of small whole numbers"));
  CHECK_THROWS_WITH(sc::measure_collective(ring, each(ring, 2), request("all-to-all", 1e-6)),
                    Catch::Contains("endpoint_bandwidth = 1e-06 is out of range"));
  CHECK_THROWS_WITH(sc::measure_collective(ring, each(ring, 2), request("all-to-all", 0.0)),
                    Catch::Contains("endpoint_bandwidth = 0 is out of range"));
  CHECK_THROWS_WITH(sc::measure_collective(ring, each(ring, 1), request("all-gather", {}, "ecmp")),
                    Catch::Contains("routing = ecmp applies to all-to-all only"));
  // dor needs the graph's family; a family that does not run it is refused naming those that do
  CHECK_THROWS_WITH(sc::measure_collective(ring, each(ring, 1), request("all-to-all", {}, "dor")),
                    Catch::Contains("routing = dor needs the graph's family"));
  const shiftfly::topology::family_spec sf = shiftfly::topology::slimfly_spec{5};
  auto q = request("all-to-all", {}, "dor");
  q.family = sf;
  CHECK_THROWS_WITH(sc::measure_collective(shiftfly::topology::make_graph(sf), each(shiftfly::topology::make_graph(sf), 1), q),
                    Catch::Contains("routing = dor is not a routing of slimfly"));
  CHECK_THROWS_WITH(sc::measure_collective(ring, each(ring, 0), request("all-to-all")), Catch::Contains("no compute nodes"));
  const auto two = graph::from_edges(4, edges{{0, 1}, {2, 3}});
  CHECK_THROWS_WITH(sc::measure_collective(two, each(two, 2), request("all-to-all")),
                    Catch::Contains("disconnected: 2 components") && Catch::Contains("{0 1 4 5 6 7}; {2 3 8 9 10 11}"));
  CHECK_THROWS_WITH(sc::units_of_bandwidths(1, std::nan("")), Catch::Contains("endpoint_bandwidth = nan is out of range"));
  const auto u = sc::units_of_bandwidths(4, 6);
  CHECK(u.endpoint_units == 3);
  CHECK(u.link_units == 2);
}

}  // namespace all_to_all_test
