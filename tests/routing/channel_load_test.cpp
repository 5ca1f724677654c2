// Channel loads of the shortest-path routings and Valiant (routing/channel_load.hpp):
// closed forms (ring, torus, K_n), the tie rules worked by hand, ecmp against spread,
// Valiant against an explicit sum over its intermediates, conservation, and thread-count
// independence.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/routing/channel_load_optimal.hpp"
#include "shiftfly/routing/describe_load.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"

namespace channel_load_test {

namespace routing = shiftfly::routing;
using graph32 = shiftfly::core::graph<std::uint32_t>;

namespace channel_load_tests {

graph32 from_edges(std::size_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& e) {
  return graph32::from_edges(n, e);
}

graph32 complete_graph(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t a = 0; a < n; ++a)
    for (std::uint32_t b = a + 1; b < n; ++b) e.push_back({a, b});
  return from_edges(n, e);
}

graph32 petersen() {
  return from_edges(10, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9},
                         {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}});
}

routing::channel_load_result load(const graph32& g, const std::string& r, const std::string& traffic = "uniform",
                                  std::uint64_t P = 1, routing::uniform_self self = routing::uniform_self::include,
                                  unsigned threads = 2, const std::string& tie = "") {
  routing::channel_load_request q;
  q.routing = routing::parse_routing(r, tie);
  q.traffic = shiftfly::metrics::parse_traffic(traffic);
  q.endpoints = shiftfly::core::uniform_endpoints(g.num_vertices(), P);
  q.self = self;
  q.threads = threads;
  return routing::measure_channel_load(g, q);
}

std::map<std::uint64_t, double> shares_of(const routing::shortest_path_router<graph32>& R, std::uint32_t s, std::uint32_t t) {
  std::vector<routing::channel_share> out;
  R.shares(s, t, out);
  std::map<std::uint64_t, double> m;
  for (const auto& c : out) m[c.channel] += c.fraction;
  return m;
}

}  // namespace channel_load_tests
using namespace channel_load_tests;

TEST_CASE("ring: uniform ecmp load is k^2/8 per pair, k/8 per unit of endpoint injection", "[routing][channel_load]") {
  for (const std::uint64_t k : {4, 6, 8, 10}) {
    const auto g = shiftfly::topology::torus({k});
    for (const std::string r : {"ecmp", "spread"}) {
      const auto a = load(g, r);
      INFO(k << " " << r);
      CHECK(a.max_load == Approx(static_cast<double>(k * k) / 8).epsilon(1e-12));
      CHECK(a.mean_load == Approx(static_cast<double>(k * k) / 8).epsilon(1e-12));
      CHECK(a.max_load_per_endpoint_injection == Approx(static_cast<double>(k) / 8).epsilon(1e-12));
      CHECK(a.saturation_per_endpoint == Approx(8.0 / static_cast<double>(k)).epsilon(1e-12));
      CHECK(a.saturation_per_pair == Approx(8.0 / static_cast<double>(k * k)).epsilon(1e-12));
      CHECK(a.method == "exact");
    }
  }
}

TEST_CASE("torus 8x8: uniform ecmp gives the closed form k/8 = 1 (self included), 64/63 (excluded)",
          "[routing][channel_load]") {
  // Dally and Towles ch. 3: a k-ary n-cube under uniform traffic, minimal routing with
  // antipodal ties split evenly, loads every channel with k/8 per unit of injection. ECMP is
  // invariant under the torus's translations and reflections, so it meets the closed form
  // on every channel (dimension order is the paths helper's; the lead checks it beside this).
  const auto g = shiftfly::topology::torus({8, 8});
  const auto incl = load(g, "ecmp");
  CHECK(incl.max_load_per_endpoint_injection == Approx(1.0).epsilon(1e-12));
  CHECK(incl.p50 == Approx(incl.max_load).epsilon(1e-12));  // every channel alike
  const auto excl = load(g, "ecmp", "uniform", 1, routing::uniform_self::exclude);
  CHECK(excl.max_load_per_endpoint_injection == Approx(64.0 / 63.0).epsilon(1e-12));
  CHECK(excl.max_load == incl.max_load);  // the per-pair loads do not depend on the convention
  // P endpoints a router: the per-endpoint unit scales by P (P² more traffic per router pair, N = nP)
  const auto four = load(g, "ecmp", "uniform", 4);
  CHECK(four.max_load_per_endpoint_injection == Approx(4.0).epsilon(1e-12));
  CHECK(four.saturation_per_pair == incl.saturation_per_pair);
}

TEST_CASE("Valiant halves the saturation throughput under uniform traffic", "[routing][channel_load]") {
  // Dally and Towles §9.2; with the source among its destinations T'(a, b) = 2 exactly
  for (const auto& g : {shiftfly::topology::torus({8, 8}), shiftfly::topology::torus({6}), petersen()}) {
    const auto e = load(g, "ecmp");
    const auto v = load(g, "valiant");
    CHECK(v.method == "expected");
    CHECK(v.routing == "valiant:ecmp");
    REQUIRE(v.loads.size() == e.loads.size());
    for (std::size_t c = 0; c < e.loads.size(); ++c) CHECK(v.loads[c] == Approx(2 * e.loads[c]).epsilon(1e-12));
    CHECK(v.saturation_per_endpoint == Approx(e.saturation_per_endpoint / 2).epsilon(1e-12));
  }
}

TEST_CASE("K_n: every channel carries 1 per pair under uniform minimal, ecmp and spread", "[routing][channel_load]") {
  const auto g = complete_graph(7);
  for (const std::string r : {"minimal", "ecmp", "spread"}) {
    const auto a = load(g, r);
    for (const double x : a.loads) CHECK(x == 1.0);
    CHECK(a.saturation_per_pair == 1.0);
    CHECK(a.saturation_per_endpoint == 7.0);  // N/P² / 1: 7 flits/cycle per endpoint
  }
  const auto booksim = load(g, "minimal", "uniform", 1, routing::uniform_self::include, 1, "booksim");
  for (const double x : booksim.loads) CHECK(x == 1.0);
}

TEST_CASE("ecmp and spread differ where the shortest paths branch unevenly", "[routing][channel_load]") {
  // 0 - {1, 2}; 1 - {3, 4}; 2 - 5; {3, 4, 5} - 6. From 0 to 6: ecmp splits 1/2, 1/2 at 0;
  // spread weights by the shortest paths beyond: 2 via 1, 1 via 2, so 2/3 and 1/3.
  const auto g = from_edges(7, {{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {3, 6}, {4, 6}, {5, 6}});
  const routing::shortest_path_router<graph32> ecmp(g, routing::routing_kind::ecmp);
  const routing::shortest_path_router<graph32> spread(g, routing::routing_kind::spread);
  const auto e = shares_of(ecmp, 0, 6), s = shares_of(spread, 0, 6);
  const auto c01 = routing::channel_of(g, 0, 1), c02 = routing::channel_of(g, 0, 2), c13 = routing::channel_of(g, 1, 3);
  CHECK(e.at(c01) == 0.5);
  CHECK(e.at(c02) == 0.5);
  CHECK(e.at(c13) == 0.25);
  CHECK(s.at(c01) == Approx(2.0 / 3).epsilon(1e-15));
  CHECK(s.at(c02) == Approx(1.0 / 3).epsilon(1e-15));
  CHECK(s.at(c13) == Approx(1.0 / 3).epsilon(1e-15));
}

TEST_CASE("the tie rules, worked by hand on a 6-cycle", "[routing][channel_load]") {
  // The cycle 0-1-4-5-3-2-0. From 0 to 5 there are two shortest paths, 0-1-4-5 and 0-2-3-5.
  // lowest: at 0 the lowest-id neighbour one step closer to 5 is 1: 0-1-4-5.
  // booksim: router 0's Dijkstra tree gives 5 the lowest-id predecessor at distance 2 from 0,
  // which is 3 (of 3 and 4); 3's is 2; so router 0's entry for 5 is 2. At 2, router 2's tree
  // gives 5 the predecessor 3 (4 is at distance 3 from 2): the path is 0-2-3-5.
  const auto g = from_edges(6, {{0, 1}, {1, 4}, {4, 5}, {5, 3}, {3, 2}, {2, 0}});
  const routing::shortest_path_router<graph32> lowest(g, routing::routing_kind::minimal, routing::tie_rule::lowest);
  const routing::shortest_path_router<graph32> booksim(g, routing::routing_kind::minimal, routing::tie_rule::booksim);
  const routing::booksim_next_hops table(g, {1});
  CHECK(table.next(0, 5) == 2);
  CHECK(table.next(2, 5) == 3);
  CHECK(table.next(3, 5) == 5);
  CHECK(table.next(0, 1) == 1);
  const std::map<std::uint64_t, double> low_path{{routing::channel_of(g, 0, 1), 1.0},
                                                 {routing::channel_of(g, 1, 4), 1.0},
                                                 {routing::channel_of(g, 4, 5), 1.0}};
  const std::map<std::uint64_t, double> book_path{{routing::channel_of(g, 0, 2), 1.0},
                                                  {routing::channel_of(g, 2, 3), 1.0},
                                                  {routing::channel_of(g, 3, 5), 1.0}};
  CHECK(shares_of(lowest, 0, 5) == low_path);
  CHECK(shares_of(booksim, 0, 5) == book_path);
  // from 5 to 0 both rules go 5-3-2-0: lowest takes 3 (< 4); booksim's router 5 gives 0
  // the predecessor 1 or 2 (both at distance 2 from 5): 1, whose predecessor is 4, so 5-4-1-0
  const std::map<std::uint64_t, double> back_low{{routing::channel_of(g, 5, 3), 1.0},
                                                 {routing::channel_of(g, 3, 2), 1.0},
                                                 {routing::channel_of(g, 2, 0), 1.0}};
  const std::map<std::uint64_t, double> back_book{{routing::channel_of(g, 5, 4), 1.0},
                                                  {routing::channel_of(g, 4, 1), 1.0},
                                                  {routing::channel_of(g, 1, 0), 1.0}};
  CHECK(shares_of(lowest, 5, 0) == back_low);
  CHECK(shares_of(booksim, 5, 0) == back_book);
}

TEST_CASE("the per-destination loads equal the sum of every pair's shares", "[routing][channel_load]") {
  const auto g = petersen();
  for (const auto& [kind, tie, name] :
       {std::tuple{routing::routing_kind::minimal, routing::tie_rule::lowest, "minimal"},
        std::tuple{routing::routing_kind::minimal, routing::tie_rule::booksim, "minimal"},
        std::tuple{routing::routing_kind::ecmp, routing::tie_rule::lowest, "ecmp"},
        std::tuple{routing::routing_kind::spread, routing::tie_rule::lowest, "spread"}}) {
    const routing::shortest_path_router<graph32> R(g, kind, tie);
    const auto a = load(g, name, "permutation:3", 1, routing::uniform_self::include, 2,
                        tie == routing::tie_rule::booksim ? "booksim" : "");
    const auto p = shiftfly::metrics::random_permutation(10, 3);
    std::vector<double> want(routing::channel_count(g), 0.0);
    for (std::uint32_t s = 0; s < 10; ++s) {
      if (p[s] == s) continue;
      for (const auto& [c, f] : shares_of(R, s, static_cast<std::uint32_t>(p[s]))) want[c] += f;
    }
    for (std::size_t c = 0; c < want.size(); ++c) CHECK(a.loads[c] == Approx(want[c]).epsilon(1e-12).margin(1e-15));
  }
}

TEST_CASE("shares conserve flow and follow shortest paths", "[routing][channel_load]") {
  const auto g = shiftfly::topology::torus({5, 4});
  const std::uint32_t n = g.num_vertices();
  for (const auto kind : {routing::routing_kind::minimal, routing::routing_kind::ecmp, routing::routing_kind::spread}) {
    const routing::shortest_path_router<graph32> R(g, kind);
    for (std::uint32_t s = 0; s < n; ++s)
      for (std::uint32_t t = 0; t < n; ++t) {
        if (s == t) continue;
        std::vector<double> net(n, 0.0);
        double hops = 0.0;
        for (const auto& [c, f] : shares_of(R, s, t)) {
          const auto [u, v] = routing::channel_ends(g, c);
          net[u] -= f;
          net[v] += f;
          hops += f;
        }
        for (std::uint32_t v = 0; v < n; ++v) {
          const double want = v == s ? -1.0 : v == t ? 1.0 : 0.0;
          CHECK(net[v] == Approx(want).margin(1e-12));
        }
        const auto d = shiftfly::metrics::bfs(g, s).distance;
        CHECK(hops == Approx(static_cast<double>(d[t])).epsilon(1e-12));  // every path shortest
      }
  }
}

TEST_CASE("Valiant's expected load equals the explicit sum over its intermediates", "[routing][channel_load]") {
  // E[load_c] = Σ over endpoint pairs (i -> j, routers a, b; a = b included) of
  // (1/n) Σ_m (R_c(a, m) + R_c(m, b)), legs from a router to itself empty.
  const auto g = petersen();
  const std::uint32_t n = 10;
  for (const std::uint64_t P : {1, 2}) {
    for (const auto& [legs, kind] : {std::pair{"valiant:ecmp", routing::routing_kind::ecmp},
                                     std::pair{"valiant:minimal", routing::routing_kind::minimal}}) {
      const routing::shortest_path_router<graph32> R(g, kind);
      const auto a = load(g, legs, "permutation:5", P);
      const auto p = shiftfly::metrics::random_permutation(n * P, 5);
      std::vector<double> want(routing::channel_count(g), 0.0);
      for (std::uint64_t i = 0; i < n * P; ++i) {
        if (p[i] == i) continue;  // a fixed point sends nothing
        const auto src = static_cast<std::uint32_t>(i / P), dst = static_cast<std::uint32_t>(p[i] / P);
        for (std::uint32_t m = 0; m < n; ++m) {
          if (m != src)
            for (const auto& [c, f] : shares_of(R, src, m)) want[c] += f / n;
          if (m != dst)
            for (const auto& [c, f] : shares_of(R, m, dst)) want[c] += f / n;
        }
      }
      INFO(legs << " P=" << P);
      for (std::size_t c = 0; c < want.size(); ++c) CHECK(a.loads[c] == Approx(want[c]).epsilon(1e-12));
    }
  }
}

TEST_CASE("loads are bit-identical for any thread count", "[routing][channel_load]") {
  const auto g = shiftfly::topology::torus({9, 10});  // 90 destinations: more than the 64 chunks
  for (const std::string r : {"ecmp", "spread", "valiant"}) {
    const auto one = load(g, r, "permutation:2", 1, routing::uniform_self::include, 1);
    for (const unsigned t : {2u, 3u, 7u}) CHECK(load(g, r, "permutation:2", 1, routing::uniform_self::include, t).loads == one.loads);
    const auto u1 = load(g, r, "uniform", 1, routing::uniform_self::include, 1);
    CHECK(load(g, r, "uniform", 1, routing::uniform_self::include, 3).loads == u1.loads);
  }
}

TEST_CASE("the summary: nearest-rank percentiles, hottest channels, classes", "[routing][channel_load]") {
  // a path 0-1-2-3 under uniform minimal: the middle channels carry 4, the end ones 3
  const auto g = from_edges(4, {{0, 1}, {1, 2}, {2, 3}});
  routing::channel_load_request q;
  q.routing = shiftfly::routing::parse_routing("minimal");
  q.top = 3;
  q.channel_class = {0, 0, 1, 1, 0, 0};  // channels 0->1 | 1->0, 1->2 | 2->1, 2->3 | 3->2
  q.class_names = {"end", "middle"};
  const auto a = routing::measure_channel_load(g, q);
  CHECK(a.loads == std::vector<double>{3, 3, 4, 4, 3, 3});
  CHECK(a.max_load == 4);
  CHECK(a.mean_load == Approx(20.0 / 6));
  CHECK(a.p50 == 3);  // the 3rd smallest of 3,3,3,3,4,4
  CHECK(a.p90 == 4);
  REQUIRE(a.hottest.size() == 3);
  CHECK(a.hottest[0].channel == 2);
  CHECK(a.hottest[0].tail == 1);
  CHECK(a.hottest[0].head == 2);
  CHECK(a.hottest[1].channel == 3);
  CHECK(a.hottest[2].channel == 0);
  CHECK(a.hottest[0].link_class == "middle");
  REQUIRE(a.by_class.size() == 2);
  CHECK(a.by_class[0].channels == 4);
  CHECK(a.by_class[0].max_load == 3);
  CHECK(a.by_class[1].max_load == 4);
  CHECK(a.by_class[1].mean_load == 4);
  const auto rec = routing::describe(a);
  CHECK(rec.text.front().rfind("Under minimal (tie lowest) routing and uniform traffic (exact)", 0) == 0);
}

TEST_CASE("the hottest channels: loads equal to rounding tie, and are listed by channel index",
          "[routing][channel_load]") {
  // loads equal in exact arithmetic but summed in other orders differ in their last bits: the
  // list must not depend on them (load_tie_key: the ratio to the largest, to 10^-12)
  const auto g = from_edges(4, {{0, 1}, {1, 2}, {2, 3}});
  routing::channel_load_request q;
  q.top = 4;
  const double top = 4182.55;
  const double below = std::nextafter(top, 0.0), above = std::nextafter(top, 1e9);
  routing::channel_load_result a;
  routing::summarize_load(g, {1.0, below, top, above, top, 2.0}, q, a);
  REQUIRE(a.hottest.size() == 4);
  CHECK(a.hottest[0].channel == 1);
  CHECK(a.hottest[1].channel == 2);
  CHECK(a.hottest[2].channel == 3);
  CHECK(a.hottest[3].channel == 4);
  CHECK(a.hottest[2].load == above);  // the loads listed are the loads, not the keys
  // a difference well above rounding still orders them
  routing::channel_load_result b;
  routing::summarize_load(g, {1.0, top * (1 - 1e-9), top, 3.0, top, 2.0}, q, b);
  REQUIRE(b.hottest.size() == 4);
  CHECK(b.hottest[0].channel == 2);
  CHECK(b.hottest[1].channel == 4);
  CHECK(b.hottest[2].channel == 1);
  CHECK(b.hottest[3].channel == 3);
  // no channel asked for: none listed (and the summary still made)
  q.top = 0;
  routing::channel_load_result c;
  routing::summarize_load(g, {1.0, below, top, above, top, 2.0}, q, c);
  CHECK(c.hottest.empty());
  CHECK(c.max_load == above);
}

TEST_CASE("load_tie_key: the ratio to the largest to 10^-12, and its parameters checked", "[routing][channel_load]") {
  const double top = 4182.55, scale = routing::load_tie_scale;
  const auto hottest = routing::load_tie_key(top, top);
  CHECK(hottest == static_cast<std::int64_t>(scale));
  CHECK(routing::load_tie_key(std::nextafter(top, 0.0), top) == hottest);
  CHECK(routing::load_tie_key(top * (1 - 0.4 / scale), top) == hottest);
  CHECK(routing::load_tie_key(top * (1 - 3 / scale), top) < hottest);
  CHECK(routing::load_tie_key(top / 2, top) == static_cast<std::int64_t>(scale / 2));
  CHECK(routing::load_tie_key(0.0, top) == 0);
  CHECK(routing::load_tie_key(0.0, 0.0) == 0);  // nothing loaded: every load ties
  // a load above the largest by rounding is accepted; anything else names its parameter
  CHECK(routing::load_tie_key(std::nextafter(top, 1e9), top) == hottest);
  CHECK_THROWS_WITH(routing::load_tie_key(2 * top, top), Catch::Contains("load_tie_key: load = 8365.1"));
  CHECK_THROWS_WITH(routing::load_tie_key(-1.0, top), Catch::Contains("load = -1"));
  CHECK_THROWS_WITH(routing::load_tie_key(std::nan(""), top), Catch::Contains("load = nan"));
  CHECK_THROWS_WITH(routing::load_tie_key(1.0, -1.0), Catch::Contains("largest = -1"));
  CHECK_THROWS_WITH(routing::load_tie_key(1.0, std::numeric_limits<double>::infinity()), Catch::Contains("largest = inf"));
}

TEST_CASE("compare_optimal: theta* of K_n and a ring, and the efficiency", "[routing][channel_load]") {
  routing::channel_load_request q;
  q.routing = shiftfly::routing::parse_routing("ecmp");
  q.compare_optimal = true;
  const auto k = routing::measure_routing_load(complete_graph(6), q);
  REQUIRE(k.optimal);
  CHECK(k.optimal->lower == Approx(1.0).epsilon(1e-9));
  CHECK(k.optimal->efficiency_lower == Approx(1.0).epsilon(1e-9));
  q.routing = shiftfly::routing::parse_routing("valiant");
  const auto v = routing::measure_routing_load(shiftfly::topology::torus({8}), q);
  REQUIRE(v.optimal);
  // on a ring minimal routing is optimal for uniform traffic: θ* = 8/k² = 1/8, Valiant at half
  CHECK(v.optimal->lower == Approx(0.125).epsilon(1e-9));
  CHECK(v.optimal->efficiency_lower == Approx(0.5).epsilon(1e-9));
  CHECK_THROWS_AS(routing::measure_channel_load(complete_graph(6), q), shiftfly::core::invalid_parameter);
}

TEST_CASE("measure_routing_load: uniform ecmp and spread from the automorphisms, and without them",
          "[routing][channel_load]") {
  // Shiftfly's group level at 180 groups has a group that halves the passes, a torus one orbit;
  // the loads agree with the plain passes to 1e-12, and automorphisms = false is the plain passes
  for (const auto& g : {shiftfly::topology::shiftfly_group_level(180), shiftfly::topology::torus({6, 5})}) {
    for (const char* name : {"ecmp", "spread"}) {
      INFO(g.name() << " " << name);
      routing::channel_load_request q;
      q.routing = routing::parse_routing(name);
      q.threads = 1;
      const auto plain = routing::measure_channel_load(g, q);
      const auto by_group = routing::measure_routing_load(g, q);
      CHECK(by_group.algorithm.find("one a vertex orbit of bliss's automorphisms") != std::string::npos);
      CHECK(plain.algorithm.find("of all destinations") != std::string::npos);
      REQUIRE(by_group.loads.size() == plain.loads.size());
      for (std::size_t c = 0; c < plain.loads.size(); ++c)
        CHECK(std::abs(by_group.loads[c] - plain.loads[c]) <= 1e-12 * std::max(1.0, plain.loads[c]));
      CHECK(by_group.max_load == Approx(plain.max_load).epsilon(1e-12));
      q.automorphisms = false;
      const auto off = routing::measure_routing_load(g, q);
      CHECK(off.loads == plain.loads);
      CHECK(off.algorithm == plain.algorithm);
    }
  }
  // a graph without automorphisms: the plain passes, said so
  routing::channel_load_request q;
  q.routing = routing::parse_routing("spread");
  const auto b = shiftfly::topology::boardfly_group_level(144);
  const auto r = routing::measure_routing_load(b, q);
  CHECK(r.algorithm.find("all destinations (bliss's group has 144 vertex orbits, more than n/2)") != std::string::npos);
  CHECK(r.loads == routing::measure_channel_load(b, q).loads);
}

TEST_CASE("bad input: routing names, tie rules, family fit, endpoints, traffic", "[routing][channel_load]") {
  using shiftfly::core::invalid_parameter;
  CHECK(routing::parse_routing("valiant:minimal", "booksim").legs == routing::routing_kind::minimal);
  CHECK(routing::parse_routing("ksp:64").k == 64);
  CHECK_THROWS_WITH(routing::parse_routing("ospf"), Catch::Contains("routing = ospf is not a routing") &&
                                                          Catch::Contains("minimal, ecmp, spread"));
  CHECK_THROWS_AS(routing::parse_routing("ksp:0"), invalid_parameter);
  CHECK_THROWS_AS(routing::parse_routing("ksp:65"), invalid_parameter);
  CHECK_THROWS_AS(routing::parse_routing("ksp:03"), invalid_parameter);
  CHECK_THROWS_WITH(routing::parse_routing("ecmp", "booksim"), Catch::Contains("tie = booksim applies to minimal routing only"));
  CHECK_THROWS_WITH(routing::parse_routing("minimal", "highest"), Catch::Contains("tie = highest is not a tie rule"));
  const auto& torus = *shiftfly::topology::find_family("torus");
  CHECK_NOTHROW(routing::require_family_runs(routing::parse_routing("minimal"), torus));
  CHECK_THROWS_WITH(routing::require_family_runs(routing::parse_routing("shift"), torus),
                    Catch::Contains("routing = shift is not a routing of torus") && Catch::Contains("kautz"));
  const auto g = shiftfly::topology::torus({4, 4});
  CHECK_THROWS_WITH(load(g, "ecmp", "uniform", 0), Catch::Contains("endpoints = 0"));
  CHECK_THROWS_WITH(load(g, "ecmp", "shift:16"), Catch::Contains("traffic = shift:16"));
  CHECK_THROWS_WITH(load(g, "ecmp", "groups:3"), Catch::Contains("traffic = groups:3"));
  CHECK_THROWS_WITH(load(g, "ecmp", "moe:16"), Catch::Contains("traffic = moe:16"));
  CHECK_THROWS_WITH(load(g, "dor"), Catch::Contains("routing = dor"));
  const auto split = from_edges(4, {{0, 1}, {2, 3}});
  CHECK_THROWS_WITH(load(split, "ecmp"), Catch::Contains("does not reach"));
  CHECK_THROWS_WITH(load(split, "minimal"), Catch::Contains("cannot reach"));
  routing::channel_load_request q;
  q.max_seconds = 1e-9;
  CHECK_THROWS_WITH(routing::measure_channel_load(g, q), Catch::Contains("max_seconds") && Catch::Contains("estimated"));
}

TEST_CASE("groups, MoE and endpoint traffic aggregate to routers", "[routing][channel_load]") {
  const auto g = shiftfly::topology::torus({8});
  // groups of 2 consecutive routers on a ring: each pair talks over its one link, load 1 per pair
  const auto a = load(g, "ecmp", "groups:2");
  CHECK(a.max_load == 1.0);
  CHECK(a.endpoint_rate == 2.0);  // SIZE·P / P² with the source included
  // MoE at P = 1 routes the same matrix as metrics::moe_dispatch_traffic
  const auto m = load(g, "minimal", "moe:3");
  const auto T = shiftfly::metrics::moe_dispatch_traffic(8, 3, 1);
  const routing::shortest_path_router<graph32> R(g, routing::routing_kind::minimal);
  std::vector<double> want(routing::channel_count(g), 0.0);
  for (const auto& e : T.entries())
    for (const auto& [c, f] : shares_of(R, static_cast<std::uint32_t>(e.source), static_cast<std::uint32_t>(e.target)))
      want[c] += e.demand * f;
  CHECK(m.loads == want);
  CHECK(m.endpoint_rate == 3.0);
}

}  // namespace channel_load_test
