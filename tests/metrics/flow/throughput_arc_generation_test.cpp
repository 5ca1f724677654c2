// Tests of metrics/flow/throughput_arc_generation.hpp: equality with the edge LP (throughput_lp)
// and the reduced LP (throughput_symmetric_lp) on small graphs, with and without automorphisms, a
// digraph along its arcs, uneven traffic; a demand that shortest paths alone cannot carry (arcs
// must be priced in); a run stopped after its first LP brackets the LP's value; bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_arc_generation.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/fat_tree.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"
#include "throughput_fixture.hpp"

namespace throughput_arc_generation_test {

using namespace shiftfly;
namespace tg = shiftfly::testing;
namespace tf = shiftfly::testing::throughput;

namespace {

using generators = std::vector<std::vector<std::uint32_t>>;

// arc generation against the edge LP, both certificates bracketing the LP's value
void check_equals_lp(const tg::graph& g, const metrics::traffic_matrix& T, const generators& gens,
                     metrics::traversal how = metrics::traversal::undirected) {
  const auto lp = metrics::throughput_lp(g, T, how);
  metrics::throughput_arc_generation_options o;
  o.how = how;
  const auto r = metrics::throughput_arc_generation(g, T, gens, o);
  INFO(g.name() << " n=" << g.num_vertices() << " generators " << gens.size() << " lp " << lp.value << " arc generation "
                << r.value << " rounds " << r.rounds << " " << r.algorithm);
  CHECK(r.method == "exact");
  CHECK(r.converged);
  CHECK(std::fabs(r.value - lp.value) <= 2e-7 * lp.value);
  CHECK(r.lower_certificate <= r.value);
  CHECK(r.value <= r.dual_bound * (1 + 1e-12));
  CHECK(r.lower_certificate <= lp.value * (1 + 1e-7));
  CHECK(r.dual_bound >= lp.value * (1 - 1e-7));
  CHECK(r.variables <= r.full_variables);
}


}  // namespace

TEST_CASE("throughput_arc_generation: equals the edge LP, with and without automorphisms", "[throughput_arc_generation]") {
  const std::vector<tg::graph> graphs{
      topology::torus({3, 4}),
      tg::petersen(),
      tg::path(7),
      topology::polarfly<std::uint32_t>(3),
      topology::fat_tree<std::uint32_t>(4),
      topology::dragonfly<std::uint32_t>(2, 1),
      topology::dragonfly<std::uint32_t>(4, 2, 9, topology::dragonfly_arrangement::circulant),
      topology::shiftfly_group_level<std::uint32_t>(16, 12),
      tg::gnp(9, 0.5, 2),
  };
  for (const auto& g : graphs) {
    const auto T = metrics::uniform_traffic(g.num_vertices());
    check_equals_lp(g, T, {});
    check_equals_lp(g, T, metrics::graph_automorphisms(g).generators);
    check_equals_lp(g, tf::uneven_traffic(g.num_vertices()), {});
  }
  // a digraph along its arcs
  const auto k = tg::kautz_from_definition(2, 3);
  check_equals_lp(k, metrics::uniform_traffic(k.num_vertices()), {}, metrics::traversal::arcs);
  check_equals_lp(k, metrics::uniform_traffic(k.num_vertices()),
                  metrics::graph_automorphisms(k, metrics::traversal::arcs).generators, metrics::traversal::arcs);
}

TEST_CASE("throughput_arc_generation: equals the reduced LP on group-level Shiftfly, on shortest paths alone",
          "[throughput_arc_generation]") {
  // 36 groups of 40 ports: 6 source orbits; the distance bound 2m / Σ d is reached by shortest paths
  const auto g = topology::shiftfly_group_level<std::uint32_t>(36);
  const auto T = metrics::uniform_traffic(36);
  const auto aut = metrics::graph_automorphisms(g);
  const auto sym = metrics::throughput_symmetric_lp(g, T, aut.generators);
  const auto r = metrics::throughput_arc_generation(g, T, aut.generators);
  INFO(r.algorithm << " value " << r.value << " reduced LP " << sym.value);
  CHECK(r.method == "exact");
  CHECK(std::fabs(r.value - sym.value) <= 2e-7 * sym.value);
  CHECK(r.source_orbits == sym.source_orbits);
  CHECK(r.arc_orbits == sym.arc_orbits);
  CHECK(r.shortest_path_exact);
  CHECK(r.rounds == 1);
  CHECK(r.variables == metrics::throughput_arc_generation_start(g, T, aut.generators));
  CHECK(r.variables < r.full_variables);
  CHECK(std::fabs(r.value - tf::closed_form_uniform(g)) <= 1e-9 * r.value);
}

TEST_CASE("throughput_arc_generation: arcs off the shortest paths are priced in", "[throughput_arc_generation]") {
  // K4, one demand 0 -> 1: the direct link and the two paths of two hops, θ = 3; shortest paths carry 1
  const auto g = tf::complete_graph(4);
  const auto T = metrics::traffic_matrix::from_entries(4, {{0, 1, 1.0}});
  const auto r = metrics::throughput_arc_generation(g, T, {});
  CHECK(r.method == "exact");
  CHECK(std::fabs(r.value - 3.0) <= 1e-9);
  CHECK_FALSE(r.shortest_path_exact);
  CHECK(r.rounds >= 2);
  CHECK(r.variables > metrics::throughput_arc_generation_start(g, T, {}));
  // stopped after the first LP: the certified interval holds the value, and says it stopped
  metrics::throughput_arc_generation_options o;
  o.max_rounds = 1;
  const auto cut = metrics::throughput_arc_generation(g, T, {}, o);
  CHECK(cut.method == "interval");
  CHECK_FALSE(cut.converged);
  CHECK(cut.lower_certificate <= 3.0 * (1 + 1e-9));
  CHECK(cut.lower_certificate >= 1.0 * (1 - 1e-9));
  CHECK(cut.dual_bound >= 3.0 * (1 - 1e-9));
  CHECK(cut.algorithm.find("the round limit") != std::string::npos);
  // on a 6 x 6 torus, uneven traffic needs detours too; the value is the edge LP's
  const auto t = topology::torus({6, 6});
  check_equals_lp(t, metrics::traffic_matrix::from_entries(36, {{0, 1, 5.0}, {2, 3, 1.0}, {7, 13, 2.0}}), {});
}

TEST_CASE("throughput_arc_generation: bad input is refused", "[throughput_arc_generation]") {
  const auto g = topology::torus({3, 4});
  const auto T = metrics::uniform_traffic(12);
  metrics::throughput_arc_generation_options o;
  o.max_rounds = 0;
  CHECK_THROWS_AS(metrics::throughput_arc_generation(g, T, {}, o), core::invalid_parameter);
  o = {};
  o.max_seconds = -1.0;
  CHECK_THROWS_AS(metrics::throughput_arc_generation(g, T, {}, o), core::invalid_parameter);
  o = {};
  o.how = metrics::traversal::arcs;  // an undirected graph has no arcs
  CHECK_THROWS_AS(metrics::throughput_arc_generation(g, T, {}, o), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_arc_generation(g, metrics::uniform_traffic(11), {}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::throughput_arc_generation_start(g, metrics::uniform_traffic(11), {}), core::invalid_parameter);
  std::vector<std::uint32_t> swap01(12);
  for (std::uint32_t v = 0; v < 12; ++v) swap01[v] = v;
  std::swap(swap01[0], swap01[1]);  // not an automorphism of the torus
  CHECK_THROWS_AS(metrics::throughput_arc_generation(g, T, generators{swap01}), core::invalid_parameter);
  // an automorphism that moves a permutation's demands
  CHECK_THROWS_AS(metrics::throughput_arc_generation(g, metrics::permutation_traffic(12, 3),
                                                     metrics::graph_automorphisms(g).generators),
                  core::invalid_parameter);
}

TEST_CASE("throughput_arc_generation: measure_throughput takes it above the edge LP's limit when asked",
          "[throughput_arc_generation]") {
  // Jellyfish, 64 routers of degree 12, no automorphism: 64 x 768 = 49,152 flow variables, above
  // the edge LP's limit; its optimum leaves the shortest paths (three LPs)
  const auto g = topology::jellyfish<std::uint32_t>(64, 12, 1);
  const auto T = metrics::uniform_traffic(64);
  metrics::throughput_request q;
  q.threads = 1;
  q.symmetry = false;
  q.column_generation = true;
  const auto m = metrics::measure_throughput(g, q);
  REQUIRE(m.lp_variables > metrics::throughput_lp_max_variables);
  CHECK(m.method == "exact");
  CHECK(m.algorithm.find("arc generation") != std::string::npos);
  const auto r = metrics::throughput_arc_generation(g, T, {});
  CHECK(m.lower == r.value);
  CHECK_FALSE(r.shortest_path_exact);
  CHECK(r.rounds >= 2);
  CHECK(r.value <= m.distance_bound.value * (1 + 1e-12));
}

TEST_CASE("throughput_arc_generation: equals the whole edge LP above its limit", "[throughput_arc_generation][heavy]") {
  // the same Jellyfish: the whole LP (49,152 flow variables, no generators: throughput_symmetric_lp
  // with an empty group) takes about 26 s of CLP, arc generation about 1.5 s
  const auto g = topology::jellyfish<std::uint32_t>(64, 12, 1);
  const auto T = metrics::uniform_traffic(64);
  const auto whole = metrics::throughput_symmetric_lp(g, T, {});
  const auto r = metrics::throughput_arc_generation(g, T, {});
  CHECK(r.method == "exact");
  CHECK(std::fabs(r.value - whole.value) <= 2e-7 * whole.value);
  CHECK(r.variables < whole.variables);
}

}  // namespace throughput_arc_generation_test
