// Tests for the all-to-all within a work budget (metrics/flow/throughput_work.hpp through
// collectives/all_to_all.hpp: its ends depend on the budget alone, the same at every thread count,
// and bracket the exact maximum concurrent flow) and for the routed time under the fabric's own
// routing (routing/own_routing.hpp, collective_result::routed_seconds) in closed form.
//
// Notation: N compute nodes, M one node's send buffer (M/N to each peer, the own block not sent),
// b the link bandwidth; every time is a fraction of M/b (M = 1, b = 1).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/all_to_all.hpp"
#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/flow/throughput_arc_generation.hpp"
#include "shiftfly/metrics/flow/throughput_work.hpp"
#include "shiftfly/routing/own_routing.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"

#include "small_graphs.hpp"

namespace all_to_all_work_test {

namespace sc = shiftfly::collectives;
namespace sm = shiftfly::metrics;

using graph = shiftfly::core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

std::vector<std::uint32_t> work_ones(const graph& g) { return std::vector<std::uint32_t>(g.num_vertices(), 1); }

sc::collective_request work_request(unsigned threads = 1) {
  sc::collective_request q;
  q.op = "all-to-all";
  q.bytes = 1;
  q.link_bandwidth = 1;
  q.threads = threads;
  return q;
}

bool work_near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::fabs(b); }
using all_to_all_work_test::work_near;
using all_to_all_work_test::work_ones;
using all_to_all_work_test::work_request;

TEST_CASE("all-to-all within a work budget: the same ends at 1 and 2 threads, bracketing the exact flow",
          "[all_to_all][work]") {
  // Jellyfish of 100 routers of degree 8: 100 sources x 800 arcs, past the edge LP, and no
  // automorphism to reduce it: the interval answers, its lower end the balanced routing after the
  // budget's rounds, its upper end the distance or METIS cut bound. Arc generation without a limit
  // solves the LP exactly here; the interval must hold it.
  const shiftfly::topology::family_spec spec = shiftfly::topology::jellyfish_spec{100, 8, 3};
  const auto g = shiftfly::topology::make_graph(spec);
  sm::throughput_work_budget w;
  w.balanced_rounds = 3;  // cut short, so that the interval stays open
  w.threads = 1;
  const auto T = sm::uniform_traffic(g.num_vertices());
  const auto one = sm::measure_throughput_within_work(g, T, true, w);
  w.threads = 2;
  const auto two = sm::measure_throughput_within_work(g, T, true, w);
  CHECK(one.method == "interval");
  CHECK(one.lower == two.lower);  // bit for bit: rounds, not seconds
  CHECK(one.upper == two.upper);
  CHECK(one.rounds <= 3);
  const auto exact = sm::throughput_arc_generation(g, T, {});
  REQUIRE(exact.converged);
  CHECK(one.lower <= exact.value * (1 + 1e-7));
  CHECK(exact.value <= one.upper * (1 + 1e-7));
  CHECK(one.lower < one.upper);

  // Through the collective: the same budget gives the same bound and flow time at 1 and 2 threads,
  // method "interval", and both times bracket the exact flow's (M/N)/theta*.
  auto q1 = work_request(1), q2 = work_request(2);
  w.threads = 0;
  q1.work = q2.work = w;
  q1.family = q2.family = spec;
  const auto r1 = sc::measure_collective(g, work_ones(g), q1);
  const auto r2 = sc::measure_collective(g, work_ones(g), q2);
  CHECK(r1.method == "interval");
  CHECK(r1.lower_bound_seconds == r2.lower_bound_seconds);
  REQUIRE(r1.best_seconds);
  REQUIRE(r2.best_seconds);
  CHECK(*r1.best_seconds == *r2.best_seconds);
  const double exact_seconds = (1.0 / 100) / exact.value;
  CHECK(r1.lower_bound_seconds <= exact_seconds * (1 + 1e-7));
  CHECK(exact_seconds <= *r1.best_seconds * (1 + 1e-7));
  // More rounds only narrow it, and the LP's value stays inside
  w.balanced_rounds = 40;
  const auto more = sm::measure_throughput_within_work(g, T, true, w);
  CHECK(more.lower >= one.lower);
  CHECK(more.lower <= exact.value * (1 + 1e-7));
}

TEST_CASE("all-to-all within a work budget: exact where an exact LP fits the budget", "[all_to_all][work]") {
  // The 4x4 torus (edge LP) and the 8x8x8 torus (the LP reduced by its automorphisms, one source
  // orbit x 3,072 arcs): k/8 M/b exactly, as without the budget.
  for (const std::vector<std::uint64_t>& dims : {std::vector<std::uint64_t>{4, 4}, {8, 8, 8}}) {
    const auto g = shiftfly::topology::make_graph(shiftfly::topology::torus_spec{dims});
    auto q = work_request();
    q.work = sm::throughput_work_budget{};
    const auto r = sc::measure_collective(g, work_ones(g), q);
    CHECK(r.method == "exact");
    CHECK(work_near(r.lower_bound_seconds, static_cast<double>(dims[0]) / 8));
  }
  // A budget too small for the reduced LP: the interval, its ends still around k/8
  const auto g = shiftfly::topology::make_graph(shiftfly::topology::torus_spec{{8, 8, 8}});
  sm::throughput_work_budget w;
  w.lp_variables = 1000;
  w.balanced_rounds = 2;
  const auto m = sm::measure_throughput_within_work(g, sm::uniform_traffic(g.num_vertices()), true, w);
  const double theta = 1.0 / (512 * 1.0);  // theta* = (M/N)/T / ... : T = k/8 = 1 with M/N = 1/512
  CHECK(m.lower <= theta * (1 + 1e-9));
  CHECK(m.upper >= theta * (1 - 1e-9));
  CHECK_THROWS_WITH(sm::measure_throughput_within_work(g, sm::uniform_traffic(g.num_vertices()), true,
                                                       sm::throughput_work_budget{0, 0}),
                    Catch::Contains("balanced_rounds = 0 is out of range"));
}

TEST_CASE("all-to-all within a work budget: rounds estimated above max_seconds are refused up front",
          "[all_to_all][work]") {
  // Jellyfish of 100 routers of degree 8: the interval's rounds (100 searches a round on 100
  // vertices and 800 arcs) are 1.7e5 work units a round by throughput_balanced_seconds.
  const shiftfly::topology::family_spec spec = shiftfly::topology::jellyfish_spec{100, 8, 3};
  const auto g = shiftfly::topology::make_graph(spec);
  const auto T = sm::uniform_traffic(g.num_vertices());
  const double round = sm::throughput_balanced_seconds(100, 100, 800, 1);
  CHECK(round == 100.0 * (2 * 800 + 100) / sm::throughput_balanced_units_per_second);
  sm::throughput_work_budget w;
  w.balanced_rounds = 100'000;
  w.max_seconds = 10.0 * round;  // ten rounds fit
  CHECK_THROWS_WITH(sm::measure_throughput_within_work(g, T, true, w),
                    Catch::Contains("balanced_rounds = 100000 is estimated at up to") &&
                        Catch::Contains("100 searches a round on 100 vertices and 800 arcs") &&
                        Catch::Contains("at most 10 rounds"));
  w.max_seconds = -1;
  CHECK_THROWS_WITH(sm::measure_throughput_within_work(g, T, true, w), Catch::Contains("max_seconds = -1"));
  // within the limit (ten rounds), or with no limit: answered, the same ends either way
  w.balanced_rounds = 10;
  w.max_seconds = 10.0 * round * (1 + 1e-9);
  const auto limited = sm::measure_throughput_within_work(g, T, true, w);
  w.max_seconds = 0;
  const auto unlimited = sm::measure_throughput_within_work(g, T, true, w);
  CHECK(limited.lower == unlimited.lower);
  CHECK(limited.upper == unlimited.upper);
  // through the collective: the request's max_seconds is the budget's
  auto q = work_request();
  q.family = spec;
  q.work = sm::throughput_work_budget{};
  q.work->balanced_rounds = 100'000;
  q.max_seconds = 1;
  CHECK_THROWS_WITH(sc::measure_collective(g, work_ones(g), q), Catch::Contains("balanced_rounds = 100000 is estimated"));
}

TEST_CASE("routed all-to-all in closed form: complete graph, ring, torus under dimension order", "[all_to_all][routed]") {
  // K_n under minimal routing: every ordered pair has its own link direction, so each carries
  // exactly one pair's share M/N: routed time (M/N)/b = 1/n, the bound.
  // the routed time of one graph's all-to-all under minimal routing
  const auto routed_minimal = [](const all_to_all_work_test::graph& g) {
    auto q = work_request();
    q.routing = shiftfly::routing::parse_routing("minimal");
    const auto r = sc::measure_collective(g, work_ones(g), q);
    REQUIRE(r.routed_seconds);
    CHECK(r.routing == "minimal");
    return *r.routed_seconds;
  };
  for (std::uint32_t n : {3U, 6U, 9U}) CHECK(work_near(routed_minimal(collectives_small_graphs::complete(n)), 1.0 / n));
  // Ring of odd k under minimal routing (every pair's shortest path unique): a node's pairs at
  // distances 1, 1, 2, 2, ..., (k-1)/2 twice, (k^2 - 1)/4 link-pairs a node, k of them over 2k
  // channels, evenly by rotation and reflection: (k^2 - 1)/8 pairs' M/N a channel, time
  // (k^2 - 1)/(8k) M/b. k = 5: 3/5; k = 7: 6/7.
  for (std::uint32_t k : {5U, 7U, 9U})
    CHECK(work_near(routed_minimal(collectives_small_graphs::ring(k)), (k * k - 1.0) / (8.0 * k)));
  // Torus k x k, no routing given: the family's own, dimension order; by translation and reflection
  // every channel of a ring carries N k/8 pairs' M/N (the antipode split in half): k/8 M/b, the
  // bisection bound. 4x4: 1/2; 6x6: 3/4.
  for (std::uint64_t k : {4U, 6U}) {
    const shiftfly::topology::family_spec spec = shiftfly::topology::torus_spec{{k, k}};
    const auto g = shiftfly::topology::make_graph(spec);
    auto q = work_request();
    q.family = spec;
    const auto r = sc::measure_collective(g, work_ones(g), q);
    REQUIRE(r.routed_seconds);
    CHECK(r.routing == "dor");
    CHECK(work_near(*r.routed_seconds, static_cast<double>(k) / 8));
    CHECK(r.schedules.back().name == "routed: dor");
  }
  // Other operations carry no routed time
  const auto g = collectives_small_graphs::complete(4);
  auto q = work_request();
  q.op = "all-gather";
  CHECK(!sc::measure_collective(g, work_ones(g), q).routed_seconds);
}

TEST_CASE("a fabric's own routing from its descriptor", "[all_to_all][routed]") {
  const auto own = [](const char* family) {
    return shiftfly::routing::own_routing(shiftfly::topology::find_family(family)).name();
  };
  CHECK(own("torus") == "dor");
  CHECK(own("hyperx") == "dor");
  CHECK(own("shiftfly") == "shift");
  CHECK(own("kautz") == "shift");
  CHECK(own("slimfly") == "ecmp");
  CHECK(own("dragonfly") == "ecmp");
  CHECK(shiftfly::routing::own_routing(nullptr).name() == "ecmp");
}

}  // namespace all_to_all_work_test
