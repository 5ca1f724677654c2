// Tests of metrics/flow/throughput_column_generation.hpp: equality with the edge LP
// (throughput_lp) on small graphs and traffic of several kinds, the closed form 2m / Σ d on
// arc-transitive graphs, containment of the value in the (1+ε) interval and of the LP's value in
// a run cut short, bad input; on the orbits of nauty's automorphisms, equality with the edge LP
// and with the reduced LP (throughput_symmetric_lp), and bad generators refused.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_column_generation.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "throughput_fixture.hpp"

namespace throughput_column_generation_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

namespace {

// every option set the tests run: the default (warm start, smoothing), and plain column
// generation (no warm start, pricing at the master's duals alone)
std::vector<metrics::throughput_cg_options> cg_option_sets() {
  metrics::throughput_cg_options plain;
  plain.warm_rounds = 0;
  plain.smoothing = 0.0;
  return {metrics::throughput_cg_options{}, plain};
}

void cg_check_equal(const tf::graph& g, const metrics::traffic_matrix& T, const metrics::throughput_cg_options& o) {
  const auto lp = metrics::throughput_lp(g, T, o.how);
  const auto cg = metrics::throughput_column_generation(g, T, o);
  INFO(g.name() << " n=" << g.num_vertices() << " warm " << o.warm_rounds << " smoothing " << o.smoothing << " lp "
                << lp.value << " cg " << cg.value);
  CHECK(cg.method == "exact");
  CHECK(cg.converged);
  CHECK(std::fabs(cg.value - lp.value) <= 2e-7 * lp.value);
  CHECK(cg.lower_certificate <= cg.value);
  CHECK(cg.value <= cg.dual_bound * (1 + 1e-12));
  CHECK(cg.dual_bound <= cg.lower_certificate * (1 + 1e-7) * (1 + 1e-12));
  // both certificates bracket the LP's optimum
  CHECK(cg.lower_certificate <= lp.value * (1 + 1e-7));
  CHECK(cg.dual_bound >= lp.value * (1 - 1e-7));
}

}  // namespace

TEST_CASE("throughput_column_generation: uniform traffic on arc-transitive graphs is 2m / sum of distances") {
  for (const auto& o : cg_option_sets())
    for (const auto& g : tf::arc_transitive()) {
      const auto r = metrics::throughput_column_generation(g, metrics::uniform_traffic(g.num_vertices()), o);
      INFO(g.name() << " n=" << g.num_vertices());
      CHECK(r.method == "exact");
      CHECK(std::fabs(r.value - tf::closed_form_uniform(g)) <= 1e-7 * r.value);
      CHECK(r.sources == g.num_vertices());
      CHECK(r.arcs == 2 * g.num_edges());
    }
  // the hypercube Q5 and the torus 6 x 6
  const auto q5 = topology::torus({2, 2, 2, 2, 2});
  CHECK(std::fabs(metrics::throughput_column_generation(q5, metrics::uniform_traffic(32)).value - 2.0 * 80 / (32.0 * 80)) <=
        1e-9);
  const auto t6 = topology::torus({6, 6});
  CHECK(std::fabs(metrics::throughput_column_generation(t6, metrics::uniform_traffic(36)).value -
                  tf::closed_form_uniform(t6)) <= 1e-9);
}

TEST_CASE("throughput_column_generation: equals the edge LP (uniform, permutation, uneven traffic)") {
  std::vector<tf::graph> graphs{tf::petersen(), topology::torus({3, 5}), topology::torus({4, 6}),
                                topology::jellyfish<std::uint32_t>(24, 4, 1), topology::jellyfish<std::uint32_t>(30, 5, 3),
                                topology::jellyfish<std::uint32_t>(40, 3, 2)};
  for (const auto& o : cg_option_sets())
    for (const auto& g : graphs) {
      const auto n = g.num_vertices();
      cg_check_equal(g, metrics::uniform_traffic(n), o);
      cg_check_equal(g, metrics::permutation_traffic(n, 5), o);
      cg_check_equal(g, tf::uneven_traffic(n), o);
    }
  // the irregular graphs of the SciPy fixture
  for (const auto& fg : tf::load().graphs) {
    INFO(fg.name);
    const auto n = fg.g.num_vertices();
    CHECK(std::fabs(metrics::throughput_column_generation(fg.g, metrics::uniform_traffic(n)).value - fg.uniform) <= 1e-7);
    CHECK(std::fabs(metrics::throughput_column_generation(fg.g, metrics::permutation_traffic(n, fg.seed)).value -
                    fg.permutation) <= 1e-7);
  }
}

TEST_CASE("throughput_column_generation: demands 10^9 apart and scaled, arcs, unreachable pairs") {
  const auto g = topology::jellyfish<std::uint32_t>(20, 4, 7);
  auto e = tf::uneven_traffic(20).entries();
  for (std::size_t i = 0; i < e.size(); ++i) e[i].demand *= (i % 5 == 0) ? 1e9 : 1.0;
  cg_check_equal(g, metrics::traffic_matrix::from_entries(20, e), {});
  for (auto& x : e) x.demand *= 1e-200;
  cg_check_equal(g, metrics::traffic_matrix::from_entries(20, e), {});
  // a directed 4-cycle along its arcs: 4 arcs, Σ d = 24
  std::vector<std::uint64_t> off{0, 1, 2, 3, 4};
  std::vector<std::uint32_t> tgt{1, 2, 3, 0};
  const auto c4 = core::graph<std::uint32_t>::from_arcs(4, off, tgt, "C4");
  metrics::throughput_cg_options arcs;
  arcs.how = metrics::traversal::arcs;
  CHECK(std::fabs(metrics::throughput_column_generation(c4, metrics::uniform_traffic(4), arcs).value - 4.0 / 24) <= 1e-9);
  const auto two =
      core::graph<std::uint32_t>::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  const auto zero = metrics::throughput_column_generation(two, metrics::uniform_traffic(4));
  CHECK(zero.value == 0.0);
  CHECK(zero.method == "exact");
}

TEST_CASE("throughput_column_generation: inside the (1+eps) interval; a run cut short brackets the optimum") {
  for (const auto& g : {topology::jellyfish<std::uint32_t>(36, 4, 2), topology::torus({4, 5})}) {
    const auto T = metrics::uniform_traffic(g.num_vertices());
    const auto cg = metrics::throughput_column_generation(g, T);
    metrics::throughput_mwu_options mo;
    mo.epsilon = 0.02;
    const auto iv = metrics::throughput_mwu(g, T, mo);
    INFO(g.name() << " cg " << cg.value << " interval [" << iv.lower << ", " << iv.upper << "]");
    CHECK(iv.lower <= cg.value * (1 + 1e-9));
    CHECK(cg.value <= iv.upper * (1 + 1e-9));
    metrics::throughput_cg_options shortrun;
    shortrun.warm_rounds = 0;
    shortrun.smoothing = 0.0;
    shortrun.max_iterations = 1;
    const auto cut = metrics::throughput_column_generation(g, T, shortrun);
    CHECK(cut.iterations == 1);
    CHECK(cut.lower_certificate <= cg.value * (1 + 1e-9));
    CHECK(cut.dual_bound >= cg.value * (1 - 1e-9));
    if (!cut.converged) {
      CHECK(cut.method == "interval");
      CHECK(cut.algorithm.find("certified interval") != std::string::npos);
    }
  }
}

// [heavy]: column generation on 4,032 pairs (about half a minute), left out under the sanitizers
TEST_CASE("throughput_column_generation: measure_throughput takes it above the edge LP's limit when asked", "[heavy]") {
  // 64 vertices of degree 12: 64 x 768 = 49,152 flow variables, above throughput_lp_max_variables
  const auto g = topology::jellyfish<std::uint32_t>(64, 12, 1);
  metrics::throughput_request q;
  q.threads = 1;
  q.symmetry = false;  // (its trivial group's reduced LP would fit and answer first)
  REQUIRE(metrics::measure_throughput(g, q).method == "interval");  // off by default: the (1+eps) interval
  q.column_generation = true;
  const auto m = metrics::measure_throughput(g, q);
  REQUIRE(m.lp_variables > metrics::throughput_lp_max_variables);
  CHECK(m.method == "exact");
  CHECK(m.lower == m.upper);
  CHECK(m.algorithm.find("column generation") != std::string::npos);
  CHECK(m.lower <= m.distance_bound.value * (1 + 1e-12));
}

TEST_CASE("throughput_column_generation: the same value and certificates for any thread count") {
  for (const auto& g : {topology::jellyfish<std::uint32_t>(30, 5, 3), topology::torus({4, 6})}) {
    const auto T = metrics::uniform_traffic(g.num_vertices());
    metrics::throughput_cg_options one;
    one.threads = 1;
    auto two = one;
    two.threads = 2;
    const auto a = metrics::throughput_column_generation(g, T, one);
    const auto b = metrics::throughput_column_generation(g, T, two);
    INFO(g.name());
    CHECK(a.value == b.value);
    CHECK(a.lower_certificate == b.lower_certificate);
    CHECK(a.dual_bound == b.dual_bound);
    CHECK(a.iterations == b.iterations);
  }
}

TEST_CASE("throughput_column_generation: bad input") {
  const auto g = tf::petersen();
  const auto T = metrics::uniform_traffic(10);
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, metrics::uniform_traffic(9)), core::invalid_parameter);
  metrics::throughput_cg_options o;
  o.tolerance = 0.0;
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, o), core::invalid_parameter);
  o = {};
  o.max_iterations = 0;
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, o), core::invalid_parameter);
  o = {};
  o.smoothing = 1.0;
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, o), core::invalid_parameter);
  o = {};
  o.max_seconds = -1.0;
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, o), core::invalid_parameter);
  o = {};
  o.warm_epsilon = 0.0;
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, o), core::invalid_parameter);
  o = {};
  o.how = metrics::traversal::arcs;  // an undirected graph has no arcs
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, o), core::invalid_parameter);
}

TEST_CASE("throughput_column_generation: on the orbits of the automorphisms equals the edge LP and the reduced LP") {
  // vertex-transitive (one source orbit) and not (Shiftfly at 16 groups of 12 ports: a group of
  // order 2, 8 orbits; at 36 groups of 40 ports: 6 orbits)
  std::vector<tf::graph> graphs{topology::torus({3, 4}),     tf::petersen(), topology::hyperx({3, 3}),
                                topology::slimfly(5),          topology::polarfly(3),
                                topology::shiftfly_group_level(16, 12), topology::shiftfly_group_level(36)};
  std::vector<metrics::throughput_cg_options> sets = cg_option_sets();
  sets.front().trees = true;  // tree columns with the warm start; plain column generation with ECMP columns
  metrics::throughput_cg_options pairs;  // one commodity a (source, target) pair, path columns
  pairs.per_pair = true;
  sets.push_back(pairs);
  for (const auto& g : graphs) {
    const auto T = metrics::uniform_traffic(g.num_vertices());
    const auto aut = metrics::graph_automorphisms(g);
    const auto sym = metrics::throughput_symmetric_lp(g, T, aut.generators);
    // the edge LP on the small ones (the reduced LP is checked against it in throughput_symmetric_test)
    const double lp = g.num_vertices() <= 20 ? metrics::throughput_lp(g, T).value : sym.value;
    for (const auto& o : sets) {
      // plain column generation tails off on the 36-group multigraph (580 rounds, 20 s): skipped there
      if (o.warm_rounds == 0 && g.num_vertices() > 20) continue;
      const auto cg = metrics::throughput_column_generation(g, T, aut.generators, o);
      INFO(g.name() << " n=" << g.num_vertices() << " orbits " << aut.orbits << " lp " << lp << " symmetric "
                    << sym.value << " cg " << cg.value << " warm " << o.warm_rounds << " pairs " << o.per_pair);
      CHECK(cg.method == "exact");
      CHECK(cg.sources == aut.orbits);
      CHECK(cg.vertex_orbits == aut.orbits);
      CHECK(cg.capacity_rows == sym.arc_orbits);
      CHECK(std::fabs(cg.value - lp) <= 2e-7 * lp);
      CHECK(std::fabs(cg.value - sym.value) <= 2e-7 * lp);
      CHECK(cg.lower_certificate <= lp * (1 + 1e-7));
      CHECK(cg.dual_bound >= lp * (1 - 1e-7));
    }
  }
  // column dropping keeps the value
  const auto g = topology::shiftfly_group_level(16, 12);
  const auto aut = metrics::graph_automorphisms(g);
  metrics::throughput_cg_options drop;
  drop.drop_after = 1;
  drop.price_both = true;
  const auto T = metrics::uniform_traffic(16);
  const double exact = metrics::throughput_lp(g, T).value;
  CHECK(std::fabs(metrics::throughput_column_generation(g, T, aut.generators, drop).value - exact) <= 2e-7 * exact);
  // per pair without generators, on uneven traffic
  const auto U = tf::uneven_traffic(16);
  drop.per_pair = true;
  const double uneven = metrics::throughput_lp(g, U).value;
  CHECK(std::fabs(metrics::throughput_column_generation(g, U, drop).value - uneven) <= 2e-7 * uneven);
}

TEST_CASE("throughput_column_generation: bad generators are refused") {
  const auto g = topology::torus({3, 4});
  const auto T = metrics::uniform_traffic(12);
  std::vector<std::uint32_t> id(12);
  for (std::uint32_t v = 0; v < 12; ++v) id[v] = v;
  auto swap01 = id;  // 0 <-> 1 alone is not an automorphism of the torus
  std::swap(swap01[0], swap01[1]);
  auto twice = id;  // not a permutation
  twice[1] = 0;
  const std::vector<std::vector<std::uint32_t>> bad_size{std::vector<std::uint32_t>(11, 0)}, not_aut{swap01},
      not_perm{twice};
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, bad_size), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, not_aut), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, not_perm), core::invalid_parameter);
  // an automorphism that moves a permutation's demands
  const auto aut = metrics::graph_automorphisms(g);
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, metrics::permutation_traffic(12, 3), aut.generators),
                  core::invalid_parameter);
  metrics::throughput_cg_options o;
  o.drop_after = 2'000'000;
  CHECK_THROWS_AS(metrics::throughput_column_generation(g, T, aut.generators, o), core::invalid_parameter);
}

}  // namespace throughput_column_generation_test
