// Disconnected graphs through every metric. No graph family produces one at any
// accepted parameter, so these graphs are built from edge lists: a triangle, a path
// on three vertices and an isolated vertex (three components), and smaller cases.
// Every expected figure comes from an independent method in this file: plain BFS
// over an adjacency matrix, a dense eigendecomposition (Eigen), or enumeration.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <limits>
#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/cuts/bisection.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/metrics/spectral/fiedler.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/xpander.hpp"

#include "test_graphs.hpp"

namespace disconnected_test {

namespace m = shiftfly::metrics;
using graph = shiftfly::core::graph<std::uint32_t>;
using edge = std::pair<std::uint32_t, std::uint32_t>;

// Triangle {0,1,2}, path 3-4-5, isolated vertex 6.
graph three_components() {
  const std::vector<edge> e = {{0, 1}, {1, 2}, {0, 2}, {3, 4}, {4, 5}};
  return graph::from_edges(7, e, "triangle + path + isolated vertex");
}

// Triangle {0,1,2} and isolated vertex 3: one component with edges, one without.
graph triangle_and_isolated() {
  const std::vector<edge> e = {{0, 1}, {1, 2}, {0, 2}};
  return graph::from_edges(4, e, "triangle + isolated vertex");
}

// Two 4-cycles {0..3} and {4..7}: regular, so P = A/2 exactly.
graph two_cycles() {
  const std::vector<edge> e = {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {4, 5}, {5, 6}, {6, 7}, {4, 7}};
  return graph::from_edges(8, e, "two 4-cycles");
}

// Distances by plain BFS over the neighbour lists; -1 = unreachable.
std::vector<std::vector<int>> brute_distances(const graph& g) {
  const std::size_t n = g.num_vertices();
  std::vector<std::vector<int>> d(n, std::vector<int>(n, -1));
  for (std::size_t s = 0; s < n; ++s) {
    std::deque<std::uint32_t> q{static_cast<std::uint32_t>(s)};
    d[s][s] = 0;
    while (!q.empty()) {
      const auto u = q.front();
      q.pop_front();
      for (auto v : g.neighbors(u))
        if (d[s][v] < 0) {
          d[s][v] = d[s][u] + 1;
          q.push_back(v);
        }
    }
  }
  return d;
}

// Eigenvalues (ascending) of N = D^{-1/2} A D^{-1/2} with Chung's convention for an
// isolated vertex (a component of its own: N(v,v) = 1 - L(v,v) = 1), dense.
Eigen::VectorXd normalized_eigenvalues(const graph& g) {
  const auto n = static_cast<Eigen::Index>(g.num_vertices());
  Eigen::MatrixXd N = Eigen::MatrixXd::Zero(n, n);
  for (Eigen::Index u = 0; u < n; ++u) {
    const double du = static_cast<double>(g.degree(static_cast<std::uint32_t>(u)));
    if (du == 0) N(u, u) = 1.0;
    for (auto v : g.neighbors(static_cast<std::uint32_t>(u)))
      N(u, v) = 1.0 / std::sqrt(du * static_cast<double>(g.degree(v)));
  }
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(N).eigenvalues();
}

// Smallest number of edges cut by a split into halves ⌊n/2⌋, ⌈n/2⌉ (all subsets).
std::size_t brute_bisection(const graph& g) {
  const std::size_t n = g.num_vertices();
  std::size_t best = std::numeric_limits<std::size_t>::max();
  for (std::uint32_t mask = 0; mask < (1U << n); ++mask) {
    if (static_cast<std::size_t>(__builtin_popcount(mask)) != n / 2) continue;
    std::size_t cut = 0;
    for (std::uint32_t u = 0; u < n; ++u)
      for (auto v : g.neighbors(u))
        if (u < v && ((mask >> u) & 1U) != ((mask >> v) & 1U)) ++cut;
    best = std::min(best, cut);
  }
  return best;
}

TEST_CASE("disconnected: all-pairs statistics count and state the unreachable pairs", "[metrics][disconnected]") {
  for (const auto& g : {three_components(), triangle_and_isolated(), two_cycles()}) {
    INFO(g.name());
    const auto d = brute_distances(g);
    const std::size_t n = g.num_vertices();
    std::vector<std::uint64_t> hist;
    std::uint64_t unreachable = 0, total = 0, pairs = 0;
    for (std::size_t s = 0; s < n; ++s)
      for (std::size_t v = 0; v < n; ++v) {
        if (d[s][v] < 0) {
          ++unreachable;
          continue;
        }
        if (hist.size() <= static_cast<std::size_t>(d[s][v])) hist.resize(static_cast<std::size_t>(d[s][v]) + 1, 0);
        ++hist[static_cast<std::size_t>(d[s][v])];
        if (s != v) {
          total += static_cast<std::uint64_t>(d[s][v]);
          ++pairs;
        }
      }
    REQUIRE(unreachable > 0);
    for (unsigned bits : {64U, 512U})
      for (unsigned threads : {1U, 2U}) {
        m::sweep_options o;
        o.batch_bits = bits;
        o.threads = threads;
        for (const auto& s : {m::all_pairs_stats(g, o), m::all_pairs_stats_serial(g)}) {
          CHECK(s.exact);
          CHECK(s.disconnected);
          CHECK(s.unreachable_pairs == unreachable);
          CHECK(s.pairs == pairs);
          CHECK(s.total_distance == total);
          CHECK(s.histogram == hist);
          // The mean is over the reachable ordered pairs u != v, and says so through
          // `pairs` and `unreachable_pairs`: never a mean that averages in a sentinel.
          CHECK(s.mean == static_cast<double>(total) / static_cast<double>(pairs));
          CHECK(s.pairs + s.unreachable_pairs + s.sources == n * n);
        }
      }
  }
  // The three-component graph by hand: 6 triangle pairs at 1; the path's 4 at 1 and 2 at 2.
  const auto s = m::all_pairs_stats(three_components());
  CHECK(s.histogram == std::vector<std::uint64_t>{7, 10, 2});
  CHECK(s.unreachable_pairs == 30);
  CHECK(s.diameter == 2);
  CHECK(s.mean == 14.0 / 12.0);
}

TEST_CASE("disconnected: a graph without edges has no pairs and mean 0, flagged", "[metrics][disconnected]") {
  const auto g = graph::from_edges(3, std::vector<edge>{}, "three isolated vertices");
  const auto s = m::all_pairs_stats(g);
  CHECK(s.disconnected);
  CHECK(s.pairs == 0);
  CHECK(s.unreachable_pairs == 6);
  CHECK(s.diameter == 0);
  CHECK(s.mean == 0.0);
}

TEST_CASE("disconnected: sampled mode counts the unreachable pairs of the drawn sources", "[metrics][disconnected]") {
  const auto g = three_components();
  const auto d = brute_distances(g);
  for (std::size_t samples : {1U, 5U, 64U, 700U}) {
    INFO(samples);
    const auto src = m::reference_sources(g.num_vertices(), samples, 11);
    std::vector<std::uint64_t> hist;
    std::uint64_t unreachable = 0;
    for (auto s : src)
      for (std::size_t v = 0; v < g.num_vertices(); ++v) {
        if (d[s][v] < 0) {
          ++unreachable;
          continue;
        }
        if (hist.size() <= static_cast<std::size_t>(d[s][v])) hist.resize(static_cast<std::size_t>(d[s][v]) + 1, 0);
        ++hist[static_cast<std::size_t>(d[s][v])];
      }
    for (unsigned threads : {1U, 2U}) {
      m::sweep_options o;
      o.threads = threads;
      o.batch_bits = 64;
      const auto s = m::sampled_stats(g, samples, 11, m::traversal::undirected, o);
      CHECK_FALSE(s.exact);
      CHECK(s.sources == samples);
      CHECK(s.histogram == hist);
      CHECK(s.unreachable_pairs == unreachable);
      CHECK(s.disconnected == (unreachable > 0));
    }
  }
}

TEST_CASE("disconnected: the spectral gap is 0 with lambda2 = 1 exactly", "[metrics][disconnected]") {
  for (const auto& g : {three_components(), triangle_and_isolated(), two_cycles()}) {
    INFO(g.name());
    // Independent: the dense spectrum has eigenvalue 1 once per component.
    const auto ev = normalized_eigenvalues(g);
    CHECK(ev(ev.size() - 2) == Approx(1.0).margin(1e-12));
    const auto r = m::spectral_gap(g);
    CHECK(r.lambda2 == 1.0);
    CHECK(r.gap == 0.0);
    CHECK(r.two_sided_gap == 0.0);
    CHECK_THAT(r.method, Catch::StartsWith("exact: disconnected"));
    // λ_min of P = D⁻¹A over the vertices with edges (the dense spectrum's smallest).
    CHECK(r.lambda_min == Approx(ev(0)).margin(1e-7));
  }
  // Before: the isolated vertex was a zero row (eigenvalue 0), so the triangle plus an
  // isolated vertex reported lambda2 = 0 and gap 1, a perfect expander.
  CHECK(m::spectral_gap(triangle_and_isolated()).gap == 0.0);
  // A connected graph still goes through the eigensolver: C4 has lambda2 = 0.
  const std::vector<edge> c4 = {{0, 1}, {1, 2}, {2, 3}, {0, 3}};
  const auto r = m::spectral_gap(graph::from_edges(4, c4));
  CHECK_THAT(r.method, !Catch::StartsWith("exact"));
  CHECK(r.lambda2 == Approx(0.0).margin(1e-7));
}

TEST_CASE("disconnected: vertex and edge connectivity are 0", "[metrics][disconnected]") {
  for (const auto& g : {three_components(), triangle_and_isolated(), two_cycles()}) {
    INFO(g.name());
    const auto c = m::connectivity(g);
    CHECK(c.vertex == 0);
    CHECK(c.edge == 0);
  }
  // Along the arcs: two directed 3-cycles, not joined.
  const graph dg = graph::from_arcs(6, {0, 1, 2, 3, 4, 5, 6}, {1, 2, 0, 4, 5, 3}, "two directed 3-cycles");
  const auto c = m::connectivity_arcs(dg);
  CHECK(c.vertex == 0);
  CHECK(c.edge == 0);
}

TEST_CASE("disconnected: bisection bounds bracket the exact width", "[metrics][disconnected]") {
  for (const auto& g : {three_components(), triangle_and_isolated(), two_cycles()}) {
    INFO(g.name());
    // 0 when a union of components makes a half; the triangle plus a vertex needs 2.
    const auto exact = brute_bisection(g);
    CHECK(exact == (g.num_vertices() == 4 ? 2U : 0U));
    const auto lower = m::spectral_bisection_bound(g);
    CHECK(lower.value == 0.0);  // exactly: a lower bound above 0 would be false
    CHECK(lower.laplacian_lambda2 == 0.0);
    CHECK_THAT(lower.kind, Catch::Contains("disconnected"));
    const auto upper = m::greedy_bisection(g);
    CHECK(upper.value >= static_cast<double>(exact));
    // The Fiedler value is 0 exactly, with a null vector of L orthogonal to 1.
    const auto f = m::fiedler(g);
    CHECK_FALSE(f.connected);
    CHECK(f.lambda2 == 0.0);
    CHECK(f.method == "exact: disconnected");
    const auto x = shiftfly::testing::check_laplacian_vector(g, f.vector, 0.0);
    CHECK(std::abs(x.sum) < 1e-12);
    CHECK(std::abs(x.norm2 - 1) < 1e-12);
    CHECK(x.largest < 1e-12);
  }
}

TEST_CASE("disconnected: exact diameter bounds agree with all pairs and flag it", "[metrics][disconnected]") {
  for (const auto& g : {three_components(), triangle_and_isolated(), two_cycles()}) {
    INFO(g.name());
    const auto d = brute_distances(g);
    int diameter = 0;
    for (const auto& row : d)
      for (int x : row) diameter = std::max(diameter, x);
    for (unsigned threads : {1U, 2U}) {
      const auto r = m::diameter_ifub(g, {.threads = threads});
      CHECK(r.diameter == static_cast<std::uint32_t>(diameter));
      CHECK(r.disconnected);
      CHECK(r.exact);
    }
  }
  const graph dg = graph::from_arcs(6, {0, 1, 2, 3, 4, 5, 6}, {1, 2, 0, 4, 5, 3}, "two directed 3-cycles");
  const auto r = m::diameter_difub(dg, {.threads = 1});
  CHECK(r.diameter == 2);
  CHECK(r.disconnected);
  CHECK(r.method == "all-pairs");
  const auto s = m::all_pairs_stats_arcs(dg);
  CHECK(s.unreachable_pairs == 18);
  CHECK(s.diameter == 2);
}

// Arc connectivity of a small digraph by enumeration: the fewest arcs (each listed arc
// counted, so parallel arcs count separately) whose removal leaves some t unreachable from some s.
std::size_t brute_arc_connectivity(std::size_t n, const std::vector<edge>& arcs) {
  std::size_t best = arcs.size();
  for (std::uint32_t mask = 0; mask < (1U << arcs.size()); ++mask) {
    const auto removed = static_cast<std::size_t>(__builtin_popcount(mask));
    if (removed >= best) continue;
    for (std::size_t s = 0; s < n; ++s) {
      std::vector<char> seen(n, 0);
      std::vector<std::size_t> stack{s};
      seen[s] = 1;
      while (!stack.empty()) {
        const auto u = stack.back();
        stack.pop_back();
        for (std::size_t i = 0; i < arcs.size(); ++i)
          if (!((mask >> i) & 1U) && arcs[i].first == u && !seen[arcs[i].second]) {
            seen[arcs[i].second] = 1;
            stack.push_back(arcs[i].second);
          }
      }
      if (std::find(seen.begin(), seen.end(), 0) != seen.end()) best = removed;
    }
  }
  return best;
}

TEST_CASE("connectivity counts parallel arcs once (docs/metrics.md, as networkx does)",
          "[metrics][connectivity]") {
  // A directed 4-cycle with every arc listed twice.
  const std::vector<edge> simple = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
  std::vector<edge> doubled;
  for (auto a : simple) doubled.insert(doubled.end(), {a, a});
  const graph g = graph::from_arcs(4, {0, 2, 4, 6, 8}, {1, 1, 2, 2, 3, 3, 0, 0}, "doubled directed 4-cycle");
  const graph h = graph::from_arcs(4, {0, 1, 2, 3, 4}, {1, 2, 3, 0}, "directed 4-cycle");
  // Counting each listed arc gives 2; the convention counts the pair (u, v) once: 1.
  REQUIRE(brute_arc_connectivity(4, doubled) == 2);
  REQUIRE(brute_arc_connectivity(4, simple) == 1);
  const auto c = m::connectivity_arcs(g);
  CHECK(c.edge == 1);
  CHECK(c.vertex == 1);
  const auto ch = m::connectivity_arcs(h);
  CHECK(c.edge == ch.edge);
  CHECK(c.vertex == ch.vertex);
  // The physical graph of either is the undirected 4-cycle: 2 and 2.
  CHECK(m::connectivity(g).edge == 2);
  CHECK(m::connectivity(g).vertex == 2);
}

TEST_CASE("disconnected: sweeps skip isolated vertices and count them as brute force does", "[metrics][disconnected]") {
  // Random graphs with components and isolated vertices (loops on some: a vertex with only a
  // loop is isolated for distances), undirected and along the arcs, exact and sampled, against
  // an independent plain BFS from every vertex (or every sampled source): the histograms agree.
  shiftfly::core::python_random rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n = 2 + rng.randrange(300);
    const std::size_t arcs = rng.randrange(n);  // sparse: many isolated vertices
    std::vector<edge> e;
    for (std::size_t i = 0; i < arcs; ++i) {
      const auto u = static_cast<std::uint32_t>(rng.randrange(n / 2 + 1));  // the upper half stays isolated
      const auto v = static_cast<std::uint32_t>(rng.randrange(n / 2 + 1));
      e.emplace_back(u, v);
    }
    const auto g = graph::from_edges(n, e);
    std::vector<std::uint64_t> offsets(n + 1, 0);
    for (const auto& [u, v] : e) ++offsets[u + 1];
    for (std::size_t i = 0; i < n; ++i) offsets[i + 1] += offsets[i];
    std::vector<std::uint32_t> targets(e.size());
    std::vector<std::uint64_t> pos(offsets.begin(), offsets.end() - 1);
    for (const auto& [u, v] : e) targets[pos[u]++] = v;
    const auto d = graph::from_arcs(n, std::move(offsets), std::move(targets));
    INFO("n = " << n << ", arcs = " << arcs);
    for (unsigned bits : {64U, 512U})
      for (unsigned threads : {1U, 3U}) {
        m::sweep_options o;
        o.batch_bits = bits;
        o.threads = threads;
        const auto u = m::all_pairs_stats(g, o), us = m::all_pairs_stats_serial(g);
        CHECK(u.histogram == us.histogram);
        CHECK(u.unreachable_pairs == us.unreachable_pairs);
        const auto a = m::all_pairs_stats(d, m::traversal::arcs, o), as = m::all_pairs_stats_serial(d, m::traversal::arcs);
        CHECK(a.histogram == as.histogram);
        CHECK(a.unreachable_pairs == as.unreachable_pairs);
        const std::size_t samples = 1 + rng.randrange(2 * n);
        CHECK(m::sampled_stats(g, samples, 11, m::traversal::undirected, o).histogram ==
              m::sampled_stats_serial(g, samples, 11).histogram);
        CHECK(m::sampled_stats(d, samples, 11, m::traversal::arcs, o).histogram ==
              m::sampled_stats_serial(d, samples, 11, m::traversal::arcs).histogram);
      }
  }
}

TEST_CASE("disconnected: 2,000,000 vertices and one edge sweep at once (isolated vertices cost nothing)",
          "[metrics][disconnected]") {
  // Before, each batch of 512 sources swept all 2,000,000 vertices: 3,907 batches of 128 MB of
  // workspace each, minutes of CPU. Now the sweep graph has 3 vertices. The check is the result
  // and the sweep's workspace: the memory limit of 64 MiB would refuse a sweep over 2,000,000
  // vertices (3 x 64 bytes each a thread, 384 MB), so the run passing shows the compaction.
  const auto g = graph::from_edges(2000000, std::vector<edge>{{0, 1}});
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "64M", 1);
  m::sweep_options o;
  o.threads = 1;
  const auto s = m::all_pairs_stats(g, o);
  ::unsetenv("SHIFTFLY_MEMORY_LIMIT");
  CHECK(s.histogram == std::vector<std::uint64_t>{2000000, 2});
  CHECK(s.diameter == 1);
  CHECK(s.pairs == 2);
  CHECK(s.unreachable_pairs == 2000000ULL * 2000000ULL - 2000000 - 2);
  CHECK(s.mean == 1.0);
  CHECK(s.disconnected);
}

// Two random families are disconnected at some accepted parameters (docs/metrics.md): Jellyfish
// of degree 1 is a perfect matching (4 routers: two links), the Xpander 2-lift of a triangle drawn
// with seed 1 two triangles. The metrics say so, each against brute force.
TEST_CASE("disconnected: family graphs that are disconnected are reported so", "[metrics][disconnected]") {
  const graph jf = shiftfly::topology::jellyfish<std::uint32_t>(4, 1, 1);
  const graph xp = shiftfly::topology::xpander<std::uint32_t>(2, 2, 1);
  for (const graph* g : {&jf, &xp}) {
    INFO(g->name());
    const auto d = brute_distances(*g);
    std::uint64_t unreachable = 0;
    for (const auto& row : d)
      for (auto x : row) unreachable += x < 0;
    REQUIRE(unreachable > 0);  // the draw is disconnected, by BFS independent of the library
    const auto st = m::all_pairs_stats(*g);
    CHECK(st.disconnected);
    CHECK(st.unreachable_pairs == unreachable);
    const auto c = m::connectivity(*g);
    CHECK(c.vertex == 0);
    CHECK(c.edge == 0);
    const auto gap = m::spectral_gap(*g);
    CHECK(gap.gap == 0.0);
    CHECK_THAT(gap.method, Catch::StartsWith("exact: disconnected"));
  }
  CHECK(jf.num_edges() == 2);
  CHECK(xp.num_edges() == 6);
}

}  // namespace disconnected_test
