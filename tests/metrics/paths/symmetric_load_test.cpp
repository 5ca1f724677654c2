// Tests of metrics/paths/symmetric_load.hpp: both splits equal uniform_shortest_path_load's n
// passes to 1e-12 relative with bliss's group, on vertex-transitive graphs (tori, parallel links
// included, K_n, the Petersen graph, a circulant: one pass) and on graphs with several vertex
// orbits (a path, Shiftfly's and Boardfly's group levels); with a subgroup given by hand (a cycle's
// and a circulant's rotations alone) and with the trivial group; the same loads for 1 and 2
// threads; a group not made of automorphisms or not of the graph's size, a split, thread count or
// visit limit out of range, and a disconnected graph are refused naming what is wrong.
// uniform_shortest_path_load_fewest_passes: the symmetric computation exactly where bliss's group
// has at most n/2 vertex orbits (a torus, a path of 6, Shiftfly's group level), the plain passes'
// very bits otherwise (a path of 7: 4 orbits of 7; Boardfly's group level: none), and its input
// refused as the others'.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/paths/shortest_path_load.hpp"
#include "shiftfly/metrics/paths/symmetric_load.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "load_options.hpp"
#include "test_graphs.hpp"

namespace symmetric_load_test {

using namespace shiftfly;

using graph = core::graph<std::uint32_t>;

/// The largest relative difference between two load vectors (1 where their sizes differ).
inline double worst_relative(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return 1.0;
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(b[i])));
  return worst;
}

/// The circulant C_n(1, 3): vertex i joined to i ± 1 and i ± 3.
inline graph circulant_1_3(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i) {
    e.push_back({i, (i + 1) % n});
    e.push_back({i, (i + 3) % n});
  }
  return graph::from_edges(n, std::span<const std::pair<std::uint32_t, std::uint32_t>>(e), "circulant");
}

/// The rotation v -> v + 1 (mod n): a vertex-transitive subgroup of a circulant's automorphisms.
inline std::vector<std::uint32_t> rotation(std::uint32_t n) {
  std::vector<std::uint32_t> p(n);
  for (std::uint32_t v = 0; v < n; ++v) p[v] = (v + 1) % n;
  return p;
}

using testing::load_options;

TEST_CASE("symmetric load: equals the n passes, vertex-transitive or not, both splits", "[symmetric_load]") {
  namespace t = symmetric_load_test;
  // {2, 3}: parallel links; the path and the group levels have several vertex orbits
  std::vector<std::pair<t::graph, bool>> graphs{
      {topology::torus({4, 5}), true},           {topology::torus({2, 3}), true},
      {topology::torus({3, 3, 3}), true},        {testing::complete(7), true},
      {testing::petersen(), true},               {t::circulant_1_3(17), true},
      {testing::path(6), false},                 {topology::shiftfly_group_level(180), false},
      {topology::boardfly_group_level(144), false}};
  for (const auto& [g, transitive] : graphs) {
    for (auto split : {metrics::shortest_path_split::ecmp, metrics::shortest_path_split::spread}) {
      INFO(g.name() << " on " << g.num_vertices() << " vertices, " << metrics::split_name(split));
      const auto plain = metrics::uniform_shortest_path_load(g, t::load_options(split));
      const auto r = metrics::uniform_shortest_path_load_symmetric(g, t::load_options(split));
      CHECK(t::worst_relative(r.load, plain) <= 1e-12);
      CHECK((r.vertex_orbits == 1) == transitive);
      CHECK(r.vertex_orbits <= g.num_vertices());
      CHECK(r.channel_orbits >= 1);
      CHECK(r.channel_orbits <= r.load.size());
      CHECK(r.algorithm.find("bliss") != std::string::npos);
    }
  }
}

TEST_CASE("symmetric load: a subgroup given by hand, the trivial group, 1 and 2 threads", "[symmetric_load]") {
  namespace t = symmetric_load_test;
  const auto spread = metrics::shortest_path_split::spread;
  // the rotations alone: more channel orbits than under the whole group (reflections left out)
  for (const auto& g : {testing::cycle(11), t::circulant_1_3(19)}) {
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    metrics::automorphism_group rotations;
    rotations.generators.push_back(t::rotation(n));
    for (auto split : {metrics::shortest_path_split::ecmp, spread}) {
      const auto plain = metrics::uniform_shortest_path_load(g, t::load_options(split));
      const auto by_rotation = metrics::uniform_shortest_path_load_symmetric(g, rotations, t::load_options(split));
      const auto by_bliss = metrics::uniform_shortest_path_load_symmetric(g, t::load_options(split));
      CHECK(t::worst_relative(by_rotation.load, plain) <= 1e-12);
      CHECK(by_rotation.generators == 1);
      CHECK(by_rotation.vertex_orbits == 1);
      // 2m channels in orbits of n under the rotations: 2m / n of them
      CHECK(by_rotation.channel_orbits == g.targets().size() / n);
      CHECK(by_bliss.channel_orbits <= by_rotation.channel_orbits);
    }
  }
  // the trivial group: every vertex a destination, every channel its own orbit
  const auto g = topology::boardfly_group_level(144);
  const auto trivial = metrics::uniform_shortest_path_load_symmetric(g, metrics::automorphism_group{}, t::load_options(spread));
  CHECK(trivial.vertex_orbits == g.num_vertices());
  CHECK(trivial.channel_orbits == g.targets().size());
  CHECK(t::worst_relative(trivial.load, metrics::uniform_shortest_path_load(g, t::load_options(spread))) <= 1e-12);
  // the thread count does not change a bit
  const auto s = topology::shiftfly_group_level(180);
  CHECK(metrics::uniform_shortest_path_load_symmetric(s, t::load_options(spread, 1)).load ==
        metrics::uniform_shortest_path_load_symmetric(s, t::load_options(spread, 2)).load);
}

TEST_CASE("symmetric load: bad input is refused, naming what is wrong", "[symmetric_load]") {
  namespace t = symmetric_load_test;
  const auto spread = metrics::shortest_path_split::spread;
  const auto ring = testing::cycle(8);
  // a permutation that is not an automorphism (two vertices of the ring swapped)
  metrics::automorphism_group wrong;
  wrong.generators.push_back(t::rotation(8));
  std::swap(wrong.generators.back()[0], wrong.generators.back()[1]);
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_symmetric(ring, wrong, t::load_options(spread)),
                    Catch::Contains("group") && Catch::Contains("not an automorphism"));
  // a generator of another size
  metrics::automorphism_group short_one;
  short_one.generators.push_back(t::rotation(7));
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_symmetric(ring, short_one, t::load_options(spread)),
                    Catch::Contains("group") && Catch::Contains("7 images for 8 vertices"));
  // a split, a thread count and a visit limit out of range
  CHECK_THROWS_WITH(
      metrics::uniform_shortest_path_load_symmetric(ring, t::load_options(static_cast<metrics::shortest_path_split>(7))),
      Catch::Contains("split"));
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_symmetric(ring, t::load_options(spread, 5000)),
                    Catch::Contains("threads = 5000"));
  auto tight = t::load_options(spread);
  tight.max_arc_visits = 10;  // one pass over the ring's 16 channels is 32 visits
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_symmetric(ring, tight),
                    Catch::Contains("max_arc_visits = 10") && Catch::Contains("1 destinations"));
  // two disjoint triangles: vertex-transitive, not connected
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> triangles{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}};
  const auto two = t::graph::from_edges(6, std::span<const std::pair<std::uint32_t, std::uint32_t>>(triangles), "two");
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_symmetric(two, t::load_options(spread)),
                    Catch::Contains("not connected"));
  // one vertex
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_symmetric(testing::complete(1), t::load_options(spread)),
                    Catch::Contains("n = 1"));
}

TEST_CASE("fewest passes: the orbits' passes where the group halves them, the plain passes otherwise",
          "[symmetric_load]") {
  namespace t = symmetric_load_test;
  const auto spread = metrics::shortest_path_split::spread;
  struct expected {
    t::graph g;
    std::uint64_t orbits;  // vertex orbits of bliss's group
  };
  // Shiftfly's group level at 180 groups: bliss's orbits, counted here independently of the choice
  const auto shiftfly180 = topology::shiftfly_group_level(180);
  const std::vector<expected> cases{{topology::torus({4, 5}), 1},
                                    {testing::path(6), 3},
                                    {testing::path(7), 4},
                                    {shiftfly180, metrics::graph_automorphisms(shiftfly180).orbits},
                                    {topology::boardfly_group_level(144), 144}};
  for (const auto& [g, orbits] : cases) {
    for (auto split : {metrics::shortest_path_split::ecmp, spread}) {
      INFO(g.name() << " on " << g.num_vertices() << " vertices, " << orbits << " orbits, "
                    << metrics::split_name(split));
      const auto plain = metrics::uniform_shortest_path_load(g, t::load_options(split));
      const auto r = metrics::uniform_shortest_path_load_fewest_passes(g, t::load_options(split));
      const bool symmetric = 2 * orbits <= g.num_vertices();
      CHECK(r.vertex_orbits == (symmetric ? orbits : g.num_vertices()));
      CHECK((r.algorithm.find("one a vertex orbit") != std::string::npos) == symmetric);
      if (symmetric) {
        CHECK(t::worst_relative(r.load, plain) <= 1e-12);
        CHECK(r.load == metrics::uniform_shortest_path_load_symmetric(g, t::load_options(split)).load);
      } else {
        CHECK(r.load == plain);  // the same passes: the same bits
        CHECK(r.algorithm.find(std::to_string(orbits) + " vertex orbits, more than n/2") != std::string::npos);
      }
    }
  }
  // Shiftfly at 180 groups has a group that halves the passes (the case above takes that branch)
  CHECK(2 * cases[3].orbits <= 180);
  // the same for 1 and 2 threads
  CHECK(metrics::uniform_shortest_path_load_fewest_passes(shiftfly180, t::load_options(spread, 1)).load ==
        metrics::uniform_shortest_path_load_fewest_passes(shiftfly180, t::load_options(spread, 2)).load);
  // bad input, named as the other entry points name it
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_fewest_passes(testing::complete(1), t::load_options(spread)),
                    Catch::Contains("n = 1"));
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_fewest_passes(testing::cycle(8), t::load_options(spread, 5000)),
                    Catch::Contains("threads = 5000"));
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> triangles{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}};
  const auto two = t::graph::from_edges(6, std::span<const std::pair<std::uint32_t, std::uint32_t>>(triangles), "two");
  CHECK_THROWS_WITH(metrics::uniform_shortest_path_load_fewest_passes(two, t::load_options(spread)),
                    Catch::Contains("not connected"));
}

}  // namespace symmetric_load_test
