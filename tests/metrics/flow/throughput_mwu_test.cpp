// Tests of metrics/flow/throughput_mwu.hpp: the certified interval contains the exact θ
// (closed forms and the SciPy fixture), is within (1+ε), and does not depend on threads.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "shiftfly/metrics/flow/throughput_ecmp.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "throughput_fixture.hpp"

namespace throughput_mwu_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

namespace {
void check_interval(const metrics::throughput_interval& r, double exact, double eps) {
  CHECK(r.lower <= exact * (1 + 1e-12));
  CHECK(r.upper >= exact * (1 - 1e-12));
  CHECK(r.converged);
  CHECK(r.upper <= (1 + eps) * r.lower);
  CHECK(r.method == "interval");
}
}  // namespace

TEST_CASE("throughput_mwu: uniform traffic on arc-transitive graphs") {
  for (const auto& g : tf::arc_transitive()) {
    INFO(g.name());
    metrics::throughput_mwu_options o;
    o.epsilon = 0.05;
    check_interval(metrics::throughput_mwu(g, metrics::uniform_traffic(g.num_vertices()), o), tf::closed_form_uniform(g),
                   o.epsilon);
  }
}

TEST_CASE("throughput_mwu: contains SciPy's exact values (fixture)") {
  for (const auto& fg : tf::load().graphs) {
    INFO(fg.name);
    const auto n = fg.g.num_vertices();
    metrics::throughput_mwu_options o;
    o.epsilon = 0.1;
    check_interval(metrics::throughput_mwu(fg.g, metrics::uniform_traffic(n), o), fg.uniform, o.epsilon);
    check_interval(metrics::throughput_mwu(fg.g, metrics::permutation_traffic(n, fg.seed), o), fg.permutation, o.epsilon);
  }
}

TEST_CASE("throughput_mwu: bit-identical for any thread count; progress; round limit") {
  const auto& fg = tf::load().graphs.at(7);
  const auto T = metrics::moe_dispatch_traffic(fg.g.num_vertices(), 3, 5);
  metrics::throughput_mwu_options o;
  o.epsilon = 0.08;
  o.threads = 1;
  std::uint64_t calls = 0;
  o.progress = [&](const metrics::throughput_mwu_progress& p) {
    ++calls;
    CHECK(p.lower <= p.upper);
  };
  const auto a = metrics::throughput_mwu(fg.g, T, o);
  CHECK(calls == a.rounds);
  for (unsigned t : {2u, 3u, 8u}) {
    o.threads = t;
    o.progress = nullptr;
    const auto b = metrics::throughput_mwu(fg.g, T, o);
    CHECK(b.lower == a.lower);
    CHECK(b.upper == a.upper);
    CHECK(b.rounds == a.rounds);
  }
  o.max_rounds = 1;
  o.epsilon = 1e-3;  // the smallest accepted
  const auto c = metrics::throughput_mwu(fg.g, T, o);
  CHECK(c.rounds == 1);
  CHECK(!c.converged);
  CHECK(c.lower <= c.upper);
}

TEST_CASE("throughput_mwu: unreachable pairs give [0, 0]") {
  const auto two = core::graph<std::uint32_t>::from_edges(
      4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  const auto r = metrics::throughput_mwu(two, metrics::uniform_traffic(4));
  CHECK(r.lower == 0.0);
  CHECK(r.upper == 0.0);
  CHECK(r.converged);
}

TEST_CASE("throughput_mwu: bad input and options") {
  const auto g = tf::petersen();
  const auto T = metrics::uniform_traffic(10);
  for (double eps : {0.0, 1.0, -0.5, std::nan(""), 2.0, 1e-12, 9e-4}) {
    metrics::throughput_mwu_options o;
    o.epsilon = eps;
    CHECK_THROWS_AS(metrics::throughput_mwu(g, T, o), core::invalid_parameter);
  }
  metrics::throughput_mwu_options o;
  o.max_rounds = 0;
  CHECK_THROWS_AS(metrics::throughput_mwu(g, T, o), core::invalid_parameter);
  for (double slack : {1.0, 2.0, std::nan("")}) {
    o = {};
    o.path_slack = slack;
    CHECK_THROWS_AS(metrics::throughput_mwu(g, T, o), core::invalid_parameter);
  }
  o = {};
  o.path_slack = 0.05;  // an explicit slack still gives a certified interval
  const auto r = metrics::throughput_mwu(g, T, o);
  CHECK(r.lower <= tf::closed_form_uniform(g) * (1 + 1e-12));
  CHECK(r.upper >= tf::closed_form_uniform(g) * (1 - 1e-12));
  CHECK_THROWS_AS(metrics::throughput_mwu(g, metrics::uniform_traffic(11)), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_mwu(g, metrics::traffic_matrix{}), core::invalid_parameter);
  o = {};
  o.how = metrics::traversal::arcs;
  CHECK_THROWS_AS(metrics::throughput_mwu(g, T, o), core::invalid_parameter);
}

TEST_CASE("throughput_mwu: the breadth-first first round routes as Dijkstra does") {
  // Shiftfly GK(12, 4) has loops and parallel links; on the undirected network every capacity is
  // 1, so the lengths 1/c are equal and the breadth-first search must give the same bits
  for (const auto& g : {topology::shiftfly_group_level(12, 8), topology::shiftfly_group_level(50, 12),
                        tf::petersen()}) {
    INFO(g.name());
    const auto net = metrics::detail::make_capacity_network("test", g, metrics::traversal::undirected);
    const auto T = metrics::uniform_traffic(g.num_vertices());
    const std::vector<double> length(net.arcs(), 1.0);
    metrics::detail::shortest_path_router dijkstra(net, T), bfs(net, T);
    bfs.equal_lengths = true;
    std::vector<double> a(net.arcs(), 0.0), b(net.arcs(), 0.0);
    for (std::uint32_t s = 0; s < g.num_vertices(); ++s) {
      CHECK(dijkstra.route_source(s, length, a.data()) == bfs.route_source(s, length, b.data()));
      CHECK(a == b);
    }
    // every source's flow leaves it: the loads out of s sum to its demand (n − 1) after one routing
    std::vector<double> one(net.arcs(), 0.0);
    dijkstra.route_source(0, length, one.data());
    double out = 0.0;
    for (auto e = net.out_offsets[0]; e < net.out_offsets[1]; ++e) out += one[e];
    CHECK(out == Approx(static_cast<double>(g.num_vertices() - 1)).epsilon(1e-12));
  }
}

TEST_CASE("throughput_mwu: uniform traffic on graphs with loops and parallel links contains the exact LP") {
  // the lower end mixes each routing with its reverse (uniform traffic is symmetric); a wrong
  // pairing of the parallel arcs would certify a flow that is not one, above the exact value
  for (const auto& g : {topology::shiftfly_group_level(12, 8), topology::shiftfly_group_level(20, 8),
                        topology::shiftfly_group_level(30, 12)}) {
    INFO(g.name());
    const auto T = metrics::uniform_traffic(g.num_vertices());
    const double exact = metrics::throughput_lp(g, T).value;
    metrics::throughput_mwu_options o;
    o.epsilon = 0.05;
    check_interval(metrics::throughput_mwu(g, T, o), exact, o.epsilon);
    o.max_rounds = 1;  // the first round alone: ECMP and its reverse, below θ
    const auto first = metrics::throughput_mwu(g, T, o);
    CHECK(first.lower <= exact * (1 + 1e-12));
    CHECK(first.upper >= exact * (1 - 1e-12));
    // at least ECMP's own bound (metrics/flow/throughput_ecmp.hpp)
    CHECK(first.lower >= metrics::ecmp_throughput_bound(g, T).value * (1 - 1e-12));
  }
}

}  // namespace throughput_mwu_test
