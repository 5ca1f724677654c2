// Tests of metrics/flow/throughput_lp.hpp: closed forms on arc-transitive graphs, the SciPy
// (HiGHS) fixture on irregular graphs, and bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "throughput_fixture.hpp"

namespace throughput_lp_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

TEST_CASE("throughput_lp: uniform traffic on arc-transitive graphs is 2m / sum of distances") {
  for (const auto& g : tf::arc_transitive()) {
    const auto r = metrics::throughput_lp(g, metrics::uniform_traffic(g.num_vertices()));
    INFO(g.name() << " n=" << g.num_vertices());
    CHECK(std::fabs(r.value - tf::closed_form_uniform(g)) <= 1e-9);
    CHECK(r.method == "exact");
    CHECK(r.sources == g.num_vertices());
    CHECK(r.arcs == 2 * g.num_edges());
    CHECK(r.variables == 1 + r.sources * (r.arcs - g.num_edges() * 2 / g.num_vertices()));
  }
}

TEST_CASE("throughput_lp: agrees with SciPy's HiGHS on irregular graphs (fixture)") {
  const auto& f = tf::load();
  REQUIRE(f.graphs.size() >= 19);
  for (const auto& fg : f.graphs) {
    INFO(fg.name);
    const auto n = fg.g.num_vertices();
    CHECK(std::fabs(metrics::throughput_lp(fg.g, metrics::uniform_traffic(n)).value - fg.uniform) <= 1e-7);
    const auto T = metrics::permutation_traffic(n, fg.seed);
    CHECK(std::fabs(metrics::throughput_lp(fg.g, T).value - fg.permutation) <= 1e-7);
  }
}

TEST_CASE("throughput_lp: the arcs of a digraph, unreachable pairs, scaling") {
  // a directed 4-cycle: uniform traffic, one unit per arc; Σ d = 4·(1+2+3) = 24, 4 arcs
  std::vector<std::uint64_t> off{0, 1, 2, 3, 4};
  std::vector<std::uint32_t> tgt{1, 2, 3, 0};
  const auto c4 = core::graph<std::uint32_t>::from_arcs(4, off, tgt, "C4");
  CHECK(std::fabs(metrics::throughput_lp(c4, metrics::uniform_traffic(4), metrics::traversal::arcs).value - 4.0 / 24) <=
        1e-9);
  // both directions: 8 arcs, Σ d = 4·(1+2+1) = 16 (arc-transitive)
  CHECK(std::fabs(metrics::throughput_lp(c4, metrics::uniform_traffic(4)).value - 0.5) <= 1e-9);
  // two components: θ = 0
  const auto two = core::graph<std::uint32_t>::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  CHECK(metrics::throughput_lp(two, metrics::uniform_traffic(4)).value == 0.0);
  // demands scaled by 2 halve θ
  auto e = metrics::uniform_traffic(10).entries();
  for (auto& x : e) x.demand *= 2;
  const auto p = tf::petersen();
  CHECK(std::fabs(metrics::throughput_lp(p, metrics::traffic_matrix::from_entries(10, e)).value -
                  tf::closed_form_uniform(p) / 2) <= 1e-9);
}

TEST_CASE("throughput_lp: a network connected one way only: the reachable demand is routed, the other is 0") {
  // arcs 0 -> 1 -> 2: not strongly connected, so the unreachable-demand check searches from each
  // source (a strongly connected network takes the two-search shortcut, as in the cases above)
  std::vector<std::uint64_t> off{0, 1, 2, 2};
  std::vector<std::uint32_t> tgt{1, 2};
  const auto path = core::graph<std::uint32_t>::from_arcs(3, off, tgt, "P3");
  const auto forward = metrics::traffic_matrix::from_entries(3, {{0, 2, 1.0}});
  const auto r = metrics::throughput_lp(path, forward, metrics::traversal::arcs);
  CHECK(std::fabs(r.value - 1.0) <= 1e-9);
  CHECK(r.algorithm.find("unreachable") == std::string::npos);
  const auto backward = metrics::traffic_matrix::from_entries(3, {{0, 2, 1.0}, {2, 0, 1.0}});
  const auto z = metrics::throughput_lp(path, backward, metrics::traversal::arcs);
  CHECK(z.value == 0.0);
  CHECK(z.algorithm.find("unreachable") != std::string::npos);
  // the same graph's links both ways: strongly connected, both demands routed
  CHECK(std::fabs(metrics::throughput_lp(path, backward).value - 1.0) <= 1e-9);
}

TEST_CASE("throughput_lp: bad input") {
  const auto g = tf::petersen();
  CHECK_THROWS_AS(metrics::throughput_lp(g, metrics::uniform_traffic(9)), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_lp(g, metrics::traffic_matrix{}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_lp(g, metrics::uniform_traffic(10), metrics::traversal::arcs),
                  core::invalid_parameter);
  const auto big = topology::torus({12, 12});
  try {
    (void)metrics::throughput_lp(big, metrics::uniform_traffic(144));
    FAIL("no refusal");
  } catch (const core::invalid_parameter& e) {
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    CHECK(what.find("82944 flow variables") != std::string::npos);
  }
}

}  // namespace throughput_lp_test
