// Tests of metrics/flow/throughput_symmetric.hpp: the LP reduced by automorphisms equals the
// edge LP (throughput_lp) on small graphs with groups of every kind (vertex-transitive, several
// orbits, a digraph, invariant non-uniform traffic, no generators at all), the closed form 2m / Σ d
// on arc-transitive graphs, measure_throughput choosing it above the edge LP's limit, and wrong
// generators refused.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/fat_tree.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"
#include "throughput_fixture.hpp"

namespace throughput_symmetric_test {

using namespace shiftfly;
namespace tg = shiftfly::testing;

namespace {

// The reduced LP with bliss's generators, against the edge LP on the same graph and traffic.
void check_reduced_equals_full(const tg::graph& g, const metrics::traffic_matrix& T,
                               metrics::traversal how = metrics::traversal::undirected) {
  const auto aut = metrics::graph_automorphisms(g, how);
  const auto full = metrics::throughput_lp(g, T, how);
  const auto red = metrics::throughput_symmetric_lp(g, T, aut.generators, how);
  INFO(g.name() << ": " << red.algorithm);
  CHECK(red.value == Approx(full.value).epsilon(1e-7));
  CHECK(red.lower_certificate <= red.value);
  CHECK(red.dual_bound >= red.value * (1 - 1e-12));
  CHECK(red.source_orbits == aut.orbits);
  CHECK(red.variables < full.variables + 1);
}

}  // namespace

TEST_CASE("throughput_symmetric: equals the edge LP under uniform traffic", "[throughput_symmetric]") {
  const std::vector<tg::graph> graphs{
      topology::torus({3, 4}),
      tg::petersen(),
      tg::path(7),  // not vertex-transitive: 4 orbits
      topology::hyperx<std::uint32_t>(std::vector<std::uint64_t>{3, 4}),
      topology::slimfly<std::uint32_t>(5),
      topology::polarfly<std::uint32_t>(3),  // three vertex orbits (quadrics and the two others)
      topology::polarfly<std::uint32_t>(4),
      topology::fat_tree<std::uint32_t>(4),  // edge, aggregation and core switches
      topology::dragonfly<std::uint32_t>(2, 1),
      topology::dragonfly<std::uint32_t>(4, 2, 9, topology::dragonfly_arrangement::circulant),
      topology::shiftfly_group_level<std::uint32_t>(24, 8),  // a small group of its own
      tg::gnp(9, 0.5, 2),                                     // likely no symmetry: the full LP itself
  };
  for (const auto& g : graphs) check_reduced_equals_full(g, metrics::uniform_traffic(g.num_vertices()));
}

TEST_CASE("throughput_symmetric: a digraph along its arcs, and invariant uneven traffic", "[throughput_symmetric]") {
  const auto k = tg::kautz_from_definition(2, 3);
  check_reduced_equals_full(k, metrics::uniform_traffic(k.num_vertices()), metrics::traversal::arcs);
  // on C8, demand depends on the clockwise offset only: every rotation preserves it (reflections do not,
  // and graph_automorphisms returns them: so pass the rotation alone)
  const auto c = tg::cycle(8);
  std::vector<metrics::traffic_entry> e;
  for (std::uint32_t s = 0; s < 8; ++s)
    for (std::uint32_t d = 1; d < 8; ++d) e.push_back({s, (s + d) % 8, 1.0 + d * d});
  const auto T = metrics::traffic_matrix::from_entries(8, e);
  const std::vector<std::vector<std::uint32_t>> rotation{{1, 2, 3, 4, 5, 6, 7, 0}};
  const auto full = metrics::throughput_lp(c, T);
  const auto red = metrics::throughput_symmetric_lp(c, T, rotation);
  CHECK(red.source_orbits == 1);
  CHECK(red.value == Approx(full.value).epsilon(1e-7));
  // the identity alone (no generators): the edge LP itself
  const auto none = metrics::throughput_symmetric_lp(c, T, std::vector<std::vector<std::uint32_t>>{});
  CHECK(none.source_orbits == 8);
  CHECK(none.value == Approx(full.value).epsilon(1e-7));
}

TEST_CASE("throughput_symmetric: the closed form on arc-transitive graphs", "[throughput_symmetric]") {
  for (const auto& g : shiftfly::testing::throughput::arc_transitive()) {
    const auto aut = metrics::graph_automorphisms(g);
    const auto r = metrics::throughput_symmetric_lp(g, metrics::uniform_traffic(g.num_vertices()), aut.generators);
    INFO(g.name());
    CHECK(r.source_orbits == 1);
    CHECK(r.value == Approx(shiftfly::testing::throughput::closed_form_uniform(g)).epsilon(1e-9));
  }
}

TEST_CASE("throughput_symmetric: measure_throughput takes it above the edge LP's limit", "[throughput_symmetric]") {
  // a 15 x 15 torus: 225 sources x 900 arcs = 202,500 flow variables for the edge LP; one orbit here
  const auto g = topology::torus({15, 15});
  metrics::throughput_request q;
  const auto m = metrics::measure_throughput(g, q);
  CHECK(m.method == "exact");
  CHECK(m.algorithm.find("reduced by") != std::string::npos);
  CHECK(m.lower == m.upper);
  CHECK(m.lower == Approx(shiftfly::testing::throughput::closed_form_uniform(g)).epsilon(1e-9));
  CHECK_NOTHROW(metrics::require_throughput_within(g, [] {
    metrics::throughput_request r;
    r.max_seconds = 1;  // the interval would be refused at 1 s; the reduced LP is not estimated that way
    return r;
  }()));
  // symmetry off: the interval answers, and contains the exact value
  q.symmetry = false;
  q.epsilon = 0.2;
  const auto iv = metrics::measure_throughput(g, q);
  CHECK(iv.method == "interval");
  CHECK(iv.lower <= m.lower * (1 + 1e-9));
  CHECK(iv.upper >= m.lower * (1 - 1e-9));
}

TEST_CASE("throughput_symmetric: uniform traffic is recognised, so its invariance needs no check", "[throughput_symmetric]") {
  CHECK(metrics::uniform_traffic(5).is_uniform());
  CHECK(metrics::uniform_traffic(5).scaled(-3).is_uniform());
  CHECK_FALSE(metrics::permutation_traffic(5, 1).is_uniform());
  std::vector<metrics::traffic_entry> e;
  for (std::uint32_t s = 0; s < 4; ++s)
    for (std::uint32_t t = 0; t < 4; ++t)
      if (s != t) e.push_back({s, t, s == 0 && t == 1 ? 2.0 : 1.0});
  CHECK_FALSE(metrics::traffic_matrix::from_entries(4, e).is_uniform());  // complete, not equal
  e.pop_back();
  for (auto& x : e) x.demand = 1.0;
  CHECK_FALSE(metrics::traffic_matrix::from_entries(4, e).is_uniform());  // equal, not complete
}

TEST_CASE("throughput_symmetric: wrong generators and traffic are refused", "[throughput_symmetric]") {
  const auto g = tg::cycle(6);
  const auto T = metrics::uniform_traffic(6);
  using gens = std::vector<std::vector<std::uint32_t>>;
  CHECK_THROWS_WITH(metrics::throughput_symmetric_lp(g, T, gens{{1, 2, 3, 4, 5}}),
                    Catch::Contains("generators item 0") && Catch::Contains("permutation of the 6 vertices"));
  CHECK_THROWS_WITH(metrics::throughput_symmetric_lp(g, T, gens{{1, 2, 3, 4, 5, 5}}), Catch::Contains("not a permutation"));
  CHECK_THROWS_WITH(metrics::throughput_symmetric_lp(g, T, gens{{1, 2, 3, 4, 5, 0}, {1, 0, 2, 3, 4, 5}}),
                    Catch::Contains("generators item 1") && Catch::Contains("not an automorphism"));
  // a permutation's traffic is not preserved by the rotations
  const auto P = metrics::permutation_traffic(6, 1);
  CHECK_THROWS_WITH(metrics::throughput_symmetric_lp(g, P, gens{{1, 2, 3, 4, 5, 0}}), Catch::Contains("does not preserve the traffic"));
  CHECK_THROWS_WITH(metrics::throughput_symmetric_lp(g, metrics::uniform_traffic(7), gens{}), Catch::Contains("does not match"));
}

// A time budget holds whatever CLP's time on the LP: every LP solve is given the budget as CLP's own
// limit (CPU and wall clock). Nothing here measures time: a limit CLP cannot meet (a millisecond on
// LPs of 20,000 to 30,000 variables, which take CLP seconds) must stop it, and the caller must say so.
TEST_CASE("throughput symmetric: CLP stops at max_seconds, and measure_throughput says why", "[metrics][throughput]") {
  using metrics::traversal;
  const auto big = topology::de_bruijn(3, 5);  // 243 vertices, 729 arcs; directed: traversal::arcs
  const auto aut = metrics::graph_automorphisms(big, traversal::arcs);
  const auto U = metrics::uniform_traffic(big.num_vertices());
  CHECK_THROWS_AS(metrics::throughput_symmetric_lp(big, U, aut.generators, traversal::arcs, 1e-3),
                  metrics::throughput_lp_out_of_time);
  CHECK_THROWS_WITH(metrics::throughput_symmetric_lp(big, U, aut.generators, traversal::arcs, 1e-3),
                    Catch::Contains("time limit"));
  CHECK_THROWS_WITH(metrics::throughput_symmetric_lp(big, U, aut.generators, traversal::arcs, -1.0),
                    Catch::Contains("max_seconds"));
  // the edge LP too (81 sources x 243 arcs)
  const auto small = topology::de_bruijn(3, 4);
  const auto U81 = metrics::uniform_traffic(small.num_vertices());
  CHECK_THROWS_AS(metrics::throughput_lp(small, U81, traversal::arcs, 1e-3), metrics::throughput_lp_out_of_time);
  // measure_throughput: the LP stopped, the interval answers in what is left, and says why
  metrics::throughput_request r;
  r.how = traversal::arcs;
  r.max_seconds = 1e-3;
  const auto m = metrics::measure_throughput(small, r);
  INFO(m.algorithm);
  CHECK(m.method == "interval");
  CHECK_THAT(m.algorithm, Catch::Contains("CLP stopped at the time limit"));
  CHECK(m.lower > 0.0);
  CHECK(m.lower <= m.upper);
}

// The estimate counts the commodities: with more than a few source orbits the reduced LP is an
// edge LP of that many sources. De Bruijn d = 3, D = 5 directed (CLP: 70 s of CPU) is estimated
// above a 5 s budget, so measure_throughput does not start it.
TEST_CASE("throughput symmetric: the estimate of a many-orbit reduced LP", "[metrics][throughput]") {
  using metrics::traversal;
  const auto g = topology::de_bruijn(3, 5);
  const auto aut = metrics::graph_automorphisms(g, traversal::arcs);
  const std::uint64_t arcs = g.num_arcs();
  INFO(aut.orbits << " orbits");
  CHECK(aut.orbits > metrics::throughput_symmetric_few_orbits);
  // the estimate is a model of the sizes, no clock is read: the budget of 5 s refuses the LP
  const double budget = 5.0;
  const auto v = metrics::throughput_symmetric_variables(aut.orbits, arcs);
  CHECK(metrics::throughput_symmetric_seconds(v, aut.orbits) > budget);
  CHECK_FALSE(metrics::throughput_symmetric_fits(aut.orbits, g.num_vertices(), arcs, metrics::throughput_symmetric_max_variables, budget));
  // the measured few-orbit instances keep their estimate (HyperX 10^3: 27,000 variables, 1 orbit)
  CHECK(metrics::throughput_symmetric_seconds(26974, 1) == metrics::throughput_symmetric_seconds(26974));
}

// The reduced LP's flow certificate re-sends each conservation deficit along a BFS tree of its
// representative: with many commodities (de Bruijn d = 3, D = 4 directed: 14 source orbits) it is
// within 2e-9 of θ; summing every deficit onto one arc left it 7.3e-8 below (near the 1e-7
// tolerance), and 6.5e-6 below at D = 5 (41 orbits), where it refused CLP's optimum. θ here is the
// edge LP's (0.0099814629972907586, 81 sources x 243 arcs).
TEST_CASE("throughput symmetric: the flow certificate with many commodities", "[metrics][throughput]") {
  using metrics::traversal;
  const auto g = topology::de_bruijn(3, 4);
  const auto aut = metrics::graph_automorphisms(g, traversal::arcs);
  const auto r = metrics::throughput_symmetric_lp(g, metrics::uniform_traffic(g.num_vertices()), aut.generators, traversal::arcs);
  INFO(r.algorithm);
  CHECK(r.source_orbits == 14);
  CHECK(std::fabs(r.value - 0.0099814629972907586) <= 1e-9 * 0.0099814629972907586);
  CHECK(r.lower_certificate >= r.value * (1 - 1e-8));
  CHECK(r.dual_bound <= r.value * (1 + 1e-9));
}

}  // namespace throughput_symmetric_test
