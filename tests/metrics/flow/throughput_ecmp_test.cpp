// Tests of metrics/flow/throughput_ecmp.hpp, the cut bounds of metrics/flow/throughput_bound.hpp and
// metrics/flow/throughput_profile.hpp: the routing bound meets the closed form on arc-transitive
// graphs, stays below the exact LP values of the fixture, ignores the thread count; the cut
// bounds are tight on K_n and the torus; the profile's intervals contain the exact values.
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/flow/throughput_ecmp.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_profile.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "throughput_fixture.hpp"

namespace throughput_ecmp_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

TEST_CASE("ecmp_uniform_throughput_bound: the closed form 2m / sum d on arc-transitive graphs") {
  for (const auto& g : tf::arc_transitive()) {
    const auto r = metrics::ecmp_uniform_throughput_bound(g);
    CHECK(r.value == Approx(tf::closed_form_uniform(g)).epsilon(1e-12));
    CHECK(r.max_load == Approx(r.mean_load).epsilon(1e-12));  // every arc carries the mean
    CHECK(r.method == "lower bound");
  }
}

TEST_CASE("ecmp bounds: below the exact LP on the fixture graphs; matrix and uniform forms agree") {
  for (const auto& fg : tf::load().graphs) {
    const auto n = fg.g.num_vertices();
    const auto u = metrics::ecmp_uniform_throughput_bound(fg.g);
    CHECK(u.value <= fg.uniform * (1 + 1e-9));
    CHECK(u.value > 0);
    const auto via_matrix = metrics::ecmp_throughput_bound(fg.g, metrics::uniform_traffic(n));
    CHECK(via_matrix.value == u.value);
    const auto p = metrics::ecmp_throughput_bound(fg.g, metrics::permutation_traffic(n, fg.seed));
    CHECK(p.value <= fg.permutation * (1 + 1e-9));
    CHECK(p.value > 0);
  }
}

TEST_CASE("ecmp_uniform_throughput_bound: identical for any thread count") {
  // 144 vertices: two blocks of sources, so that thread counts split the work differently.
  const auto g = topology::boardfly_group_level(144);
  std::vector<double> loads;
  for (unsigned t : {1u, 2u, 3u}) {
    metrics::ecmp_options o;
    o.threads = t;
    loads.push_back(metrics::ecmp_uniform_throughput_bound(g, o).max_load);
  }
  CHECK(std::memcmp(&loads[0], &loads[1], sizeof(double)) == 0);
  CHECK(std::memcmp(&loads[0], &loads[2], sizeof(double)) == 0);
}

TEST_CASE("ecmp bounds: an unreachable demand gives exactly 0; bad input is refused") {
  const auto two = tf::graph::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  const auto r = metrics::ecmp_uniform_throughput_bound(two);
  CHECK(r.value == 0.0);
  CHECK(r.unreachable);
  CHECK(r.method == "exact");
  CHECK_THROWS_AS(metrics::ecmp_throughput_bound(two, metrics::uniform_traffic(5)), core::invalid_parameter);
  const auto one = tf::graph::from_edges(1, std::vector<std::pair<std::uint32_t, std::uint32_t>>{});
  CHECK_THROWS_AS(metrics::ecmp_uniform_throughput_bound(one), core::invalid_parameter);
}

TEST_CASE("cut bounds: tight on K_n and the 4x4 torus; validated") {
  // K_6: uniform θ = 1 (every pair has its own link), bisection 9 = 3 x 3.
  CHECK(metrics::uniform_cut_bound(6, 3, 9).value == 1.0);
  // 4x4 torus: bisection 8, uniform θ = 2m / sum d = 64 / 512.
  CHECK(metrics::uniform_cut_bound(16, 8, 8).value == Approx(tf::closed_form_uniform(topology::torus({4, 4}))));
  CHECK(metrics::permutation_cut_bound(16, 8, 8).value == 1.0);
  CHECK(metrics::permutation_cut_bound(10, 3, 6).value == 2.0);  // the smaller side, 3 vertices
  CHECK_THROWS_AS(metrics::uniform_cut_bound(6, 0, 9), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::uniform_cut_bound(6, 6, 9), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::permutation_cut_bound(1, 1, 0), core::invalid_parameter);
}

TEST_CASE("measure_throughput_profile: the intervals contain the exact values") {
  // The 4x4 torus: uniform closes at 2m / sum d, bisection at 8, and the worst permutation
  // (the antipodal map, distance 4 for every vertex: TUB 64 / 64 = 1) closes at 1.
  {
    const auto p = metrics::measure_throughput_profile(topology::torus({4, 4}));
    CHECK(p.bisection.lower == 8);
    CHECK(p.bisection.upper == 8);
    CHECK(p.uniform.lower == Approx(0.125).epsilon(1e-12));
    CHECK(p.uniform.upper == Approx(0.125).epsilon(1e-12));
    CHECK(p.worst_permutation.lower == Approx(1.0).epsilon(1e-12));
    CHECK(p.worst_permutation.upper == Approx(1.0).epsilon(1e-12));
    CHECK(p.worst_permutation.lower_method.rfind("Valiant", 0) == 0);
  }
  for (const auto& fg : tf::load().graphs) {
    if (fg.g.num_vertices() < 3) continue;
    const auto p = metrics::measure_throughput_profile(fg.g);
    CHECK(p.uniform.lower <= fg.uniform * (1 + 1e-9));
    CHECK(p.uniform.upper >= fg.uniform * (1 - 1e-9));
    CHECK(p.bisection.lower <= p.bisection.upper);
    CHECK(p.worst_permutation.lower <= p.worst_permutation.upper * (1 + 1e-12));
    // The worst permutation's θ is at most any permutation's: the fixture's random one.
    CHECK(p.worst_permutation.lower <= fg.permutation * (1 + 1e-9));
  }
  // Above the routing limit: no lower bound, and the table says so.
  metrics::throughput_profile_options o;
  o.routing_max_vertices = 10;
  o.tub_max_vertices = 10;
  o.symmetric_max_variables = 0;  // not the exact LP reduced by the torus's translations either,
  o.arc_generation_max_variables = 0;  // nor arc generation on its orbits
  const auto p = metrics::measure_throughput_profile(topology::torus({4, 4}), o);
  CHECK(p.uniform.lower == 0.0);
  CHECK(p.uniform.lower_method == "not computed");
  CHECK(p.worst_permutation.upper_method == "cut bound (METIS bisection)");
  // with it: both ends the exact value, 2m / Σ d on this arc-transitive torus
  o.symmetric_max_variables = 1000;
  const auto e = metrics::measure_throughput_profile(topology::torus({4, 4}), o);
  CHECK(e.uniform.lower == e.uniform.upper);
  CHECK(e.uniform.lower == Approx(tf::closed_form_uniform(topology::torus({4, 4}))).epsilon(1e-9));
  CHECK(e.uniform.lower_method.rfind("exact (edge LP reduced by", 0) == 0);
  // the reduced LP refused (its 64 flow variables above 10), arc generation on the orbits answers
  o.symmetric_max_variables = 10;
  o.arc_generation_max_variables = 1000;
  const auto a = metrics::measure_throughput_profile(topology::torus({4, 4}), o);
  CHECK(a.uniform.lower == a.uniform.upper);
  CHECK(a.uniform.lower == Approx(tf::closed_form_uniform(topology::torus({4, 4}))).epsilon(1e-9));
  CHECK(a.uniform.lower_method.find("arc generation") != std::string::npos);
  const auto two = tf::graph::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  CHECK_THROWS_AS(metrics::measure_throughput_profile(two), core::invalid_parameter);
}

}  // namespace throughput_ecmp_test
