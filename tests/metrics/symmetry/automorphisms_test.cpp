// Tests of metrics/symmetry/automorphisms.hpp: bliss's group against brute force over every
// permutation of small graphs (order and orbits), known group orders, every generator an
// automorphism by an independent check, multiplicities, and bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <set>
#include <vector>

#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace automorphisms_test {

using namespace shiftfly;
namespace tg = shiftfly::testing;

namespace {

// Every automorphism of a small graph by brute force: (group order, orbit of each vertex as its least image).
std::pair<std::uint64_t, std::vector<std::uint32_t>> brute_automorphisms(const tg::graph& g, metrics::traversal how) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices());
  std::vector<std::uint32_t> p(n), least(n);
  std::iota(p.begin(), p.end(), 0u);
  std::iota(least.begin(), least.end(), 0u);
  std::uint64_t order = 0;
  do {
    if (metrics::is_automorphism(g, how, p)) {
      ++order;
      for (std::uint32_t v = 0; v < n; ++v) least[p[v]] = std::min(least[p[v]], v);
    }
  } while (std::next_permutation(p.begin(), p.end()));
  // an orbit's members share their least member
  for (std::uint32_t v = 0; v < n; ++v) least[v] = least[least[v]];
  return {order, least};
}

void check_against_brute(const tg::graph& g, metrics::traversal how) {
  const auto aut = metrics::graph_automorphisms(g, how);
  const auto [order, least] = brute_automorphisms(g, how);
  CHECK(aut.group_size_log10 == Approx(std::log10(static_cast<double>(order))).margin(1e-9));
  // same orbits: u and v in one orbit exactly when brute force says so
  const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices());
  for (std::uint32_t u = 0; u < n; ++u)
    for (std::uint32_t v = 0; v < n; ++v) CHECK((aut.orbit_of[u] == aut.orbit_of[v]) == (least[u] == least[v]));
  for (const auto& p : aut.generators) CHECK(metrics::is_automorphism(g, how, p));
}

}  // namespace

TEST_CASE("automorphisms: bliss's group equals brute force on small graphs", "[automorphisms]") {
  check_against_brute(tg::path(5), metrics::traversal::undirected);   // order 2, orbits {0,4} {1,3} {2}
  check_against_brute(tg::cycle(7), metrics::traversal::undirected);  // dihedral, 14
  check_against_brute(tg::complete(5), metrics::traversal::undirected);
  check_against_brute(tg::gnp(8, 0.4, 3), metrics::traversal::undirected);
  check_against_brute(tg::random_digraph(7, 3, 5), metrics::traversal::arcs);  // loops and repeated arcs
  check_against_brute(tg::kautz_from_definition(2, 2), metrics::traversal::arcs);
  check_against_brute(topology::torus({2, 4}), metrics::traversal::undirected);
}

TEST_CASE("automorphisms: known orders and orbits", "[automorphisms]") {
  const auto pet = metrics::graph_automorphisms(tg::petersen());  // S5
  CHECK(pet.group_size_log10 == Approx(std::log10(120.0)));
  CHECK(pet.orbits == 1);
  const auto path = metrics::graph_automorphisms(tg::path(6));
  CHECK(path.orbits == 3);
  CHECK(path.group_size_log10 == Approx(std::log10(2.0)));
  // HyperX 4 x 4 x 4 = K4 □ K4 □ K4: (S4)^3 ⋊ S3, order 24^3 · 6
  const auto hx = metrics::graph_automorphisms(topology::hyperx<std::uint32_t>(std::vector<std::uint64_t>{4, 4, 4}));
  CHECK(hx.orbits == 1);
  CHECK(hx.group_size_log10 == Approx(std::log10(24.0 * 24.0 * 24.0 * 6.0)));
  // a 5 x 5 torus (C5 □ C5): (D5 × D5) ⋊ Z2, order 200
  const auto t = metrics::graph_automorphisms(topology::torus({5, 5}));
  CHECK(t.orbits == 1);
  CHECK(t.group_size_log10 == Approx(std::log10(200.0)));
}

TEST_CASE("automorphisms: multiplicities are checked, not assumed", "[automorphisms]") {
  // arcs 0->1 twice, 1->2 once, 2->0 once: bliss sees the directed 3-cycle (rotations), but only the
  // identity preserves the doubled arc, so every rotation is dropped and each vertex is its own orbit
  const tg::graph g = tg::graph::from_arcs(3, {0, 2, 3, 4}, {1, 1, 2, 0}, "doubled");
  const auto aut = metrics::graph_automorphisms(g, metrics::traversal::arcs);
  CHECK(aut.generators.empty());
  CHECK(aut.orbits == 3);
  CHECK(aut.algorithm.find("dropped") != std::string::npos);
  const std::vector<std::uint32_t> rotate{1, 2, 0};
  CHECK_FALSE(metrics::is_automorphism(g, metrics::traversal::arcs, rotate));
  const auto cyc = tg::graph::from_arcs(3, {0, 1, 2, 3}, {1, 2, 0}, "cycle");
  CHECK(metrics::is_automorphism(cyc, metrics::traversal::arcs, rotate));
}

TEST_CASE("automorphisms: a random regular graph has none, and bad input", "[automorphisms]") {
  const auto jf = topology::jellyfish<std::uint32_t>(200, 8, 1);
  const auto aut = metrics::graph_automorphisms(jf);
  CHECK(aut.orbits == 200);
  CHECK(aut.generators.empty());
  const auto g = tg::cycle(5);
  CHECK_FALSE(metrics::is_automorphism(g, metrics::traversal::undirected, std::vector<std::uint32_t>{0, 1, 2, 3}));
  CHECK_FALSE(metrics::is_automorphism(g, metrics::traversal::undirected, std::vector<std::uint32_t>{0, 0, 2, 3, 4}));
  CHECK_FALSE(metrics::is_automorphism(g, metrics::traversal::undirected, std::vector<std::uint32_t>{0, 1, 2, 3, 7}));
  CHECK_FALSE(metrics::is_automorphism(g, metrics::traversal::undirected, std::vector<std::uint32_t>{1, 0, 2, 3, 4}));
  CHECK(metrics::is_automorphism(g, metrics::traversal::undirected, std::vector<std::uint32_t>{1, 2, 3, 4, 0}));
  CHECK_THROWS_WITH(metrics::graph_automorphisms(g, metrics::traversal::arcs), Catch::Contains("no directed arcs"));
}

}  // namespace automorphisms_test
