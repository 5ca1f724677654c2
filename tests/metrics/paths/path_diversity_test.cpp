// Tests of metrics/paths/path_diversity.hpp: shortest-path counts against enumeration of every
// shortest path and the multinomial closed forms of the k-ary n-cube, the overflow refusal
// on a chain of diamonds (2^k paths), disjoint-path counts against Menger's theorem by
// brute force over cuts and separators, sampling, thread counts and bad input.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/metrics/paths/path_diversity.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace path_diversity_test {

using namespace shiftfly;

namespace {
using diversity_matrix = std::vector<std::vector<char>>;

// The view as a loop-free 0/1 matrix.
diversity_matrix diversity_test_matrix(const testing::graph& g, bool arcs) {
  const auto n = g.num_vertices();
  diversity_matrix m(n, std::vector<char>(n, 0));
  for (std::uint32_t u = 0; u < n; ++u)
    for (auto v : arcs ? g.out_arcs(u) : g.neighbors(u))
      if (u != v) m[u][v] = 1;
  return m;
}

std::vector<int> diversity_test_dist(const diversity_matrix& m, std::size_t s) {
  std::vector<int> d(m.size(), -1);
  std::vector<std::size_t> q{s};
  d[s] = 0;
  for (std::size_t h = 0; h < q.size(); ++h)
    for (std::size_t w = 0; w < m.size(); ++w)
      if (m[q[h]][w] && d[w] < 0) d[w] = d[q[h]] + 1, q.push_back(w);
  return d;
}

// Walks of exactly `left` steps from u to t (all shortest when left = dist(u, t)).
std::uint64_t diversity_test_walks(const diversity_matrix& m, std::size_t u, std::size_t t, int left) {
  if (left == 0) return u == t;
  std::uint64_t c = 0;
  for (std::size_t w = 0; w < m.size(); ++w)
    if (m[u][w]) c += diversity_test_walks(m, w, t, left - 1);
  return c;
}

std::map<std::uint64_t, std::uint64_t> diversity_test_brute_counts(const diversity_matrix& m) {
  std::map<std::uint64_t, std::uint64_t> h;
  for (std::size_t s = 0; s < m.size(); ++s) {
    const auto d = diversity_test_dist(m, s);
    for (std::size_t t = 0; t < m.size(); ++t)
      if (t != s) ++h[d[t] < 0 ? 0 : diversity_test_walks(m, s, t, d[t])];
  }
  return h;
}

bool diversity_test_reaches(const diversity_matrix& m, std::size_t s, std::size_t t, std::uint32_t removed) {
  std::vector<char> seen(m.size(), 0);
  std::vector<std::size_t> q{s};
  seen[s] = 1;
  for (std::size_t h = 0; h < q.size(); ++h)
    for (std::size_t w = 0; w < m.size(); ++w)
      if (m[q[h]][w] && !seen[w] && !(removed >> w & 1)) seen[w] = 1, q.push_back(w);
  return seen[t];
}

// Menger, edge form: the fewest arcs leaving a set that holds s and not t.
std::uint64_t diversity_test_min_edge_cut(const diversity_matrix& m, std::size_t s, std::size_t t) {
  const auto n = m.size();
  std::uint64_t best = UINT64_MAX;
  for (std::uint32_t set = 0; set < (1u << n); ++set) {
    if (!(set >> s & 1) || (set >> t & 1)) continue;
    std::uint64_t c = 0;
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t w = 0; w < n; ++w) c += (set >> u & 1) && !(set >> w & 1) && m[u][w];
    best = std::min(best, c);
  }
  return best;
}

// Menger, vertex form: the fewest vertices other than s, t whose removal leaves no s-t path;
// an arc s -> t is one more path (removed and counted).
std::uint64_t diversity_test_min_separator(diversity_matrix m, std::size_t s, std::size_t t) {
  std::uint64_t direct = m[s][t];
  m[s][t] = 0;
  std::uint64_t best = UINT64_MAX;
  for (std::uint32_t set = 0; set < (1u << m.size()); ++set) {
    if ((set >> s & 1) || (set >> t & 1)) continue;
    if (!diversity_test_reaches(m, s, t, set)) best = std::min<std::uint64_t>(best, __builtin_popcount(set));
  }
  return direct + best;
}

std::uint64_t diversity_test_multinomial(const std::vector<std::uint64_t>& parts) {
  std::uint64_t r = 1, total = 0;
  for (auto p : parts)
    for (std::uint64_t i = 1; i <= p; ++i) r = r * (++total) / i;
  return r;
}

// k diamonds in a row: hubs h_0 .. h_k, each h_i joined to h_{i+1} through two middle vertices.
testing::graph diversity_test_diamonds(std::uint32_t k) {
  std::vector<testing::edge> e;
  for (std::uint32_t i = 0; i < k; ++i) {
    const std::uint32_t hub = 3 * i, next = 3 * (i + 1);
    e.push_back({hub, hub + 1}), e.push_back({hub, hub + 2}), e.push_back({hub + 1, next}), e.push_back({hub + 2, next});
  }
  return testing::graph::from_edges(3 * k + 1, e, "diamonds");
}
}  // namespace

TEST_CASE("path_diversity: shortest-path counts against enumeration") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto g = testing::gnp(9, 0.35, seed);
    const auto r = metrics::shortest_path_counts(g);
    CHECK(r.histogram == diversity_test_brute_counts(diversity_test_matrix(g, false)));
    CHECK(r.pairs == 72);
    CHECK_FALSE(r.directed);
    const auto d = testing::random_digraph(9, 3, seed);
    const auto rd = metrics::shortest_path_counts(d, {metrics::traversal::arcs});
    CHECK(rd.histogram == diversity_test_brute_counts(diversity_test_matrix(d, true)));
    CHECK(rd.directed);
  }
}

TEST_CASE("path_diversity: the k-ary n-cube's multinomial counts") {
  // Offsets c_i (0 <= c_i < k_i): d_i = min(c_i, k_i - c_i) steps in dimension i, and a
  // factor 2 where c_i = k_i/2 (both ways round); σ = (Σ d_i)! / Π d_i! · 2^(#halves).
  for (const std::vector<std::uint64_t>& dims :
       {std::vector<std::uint64_t>{5, 5, 5}, std::vector<std::uint64_t>{4, 6, 3}, std::vector<std::uint64_t>(6, 2)}) {
    const auto g = topology::torus(dims);
    const std::size_t n = g.num_vertices();
    std::map<std::uint64_t, std::uint64_t> want;
    for (std::size_t offset = 1; offset < n; ++offset) {
      std::vector<std::uint64_t> steps;
      std::uint64_t factor = 1;
      for (std::size_t i = 0, rest = offset; i < dims.size(); rest /= dims[i], ++i) {
        const std::uint64_t c = rest % dims[i];
        steps.push_back(std::min(c, dims[i] - c));
        if (dims[i] > 2 && 2 * c == dims[i]) factor *= 2;
      }
      want[diversity_test_multinomial(steps) * factor] += n;  // every source, by symmetry
    }
    const auto r = metrics::shortest_path_counts(g, {metrics::traversal::undirected, 3});
    CHECK(r.histogram == want);
  }
  // Q_6: 6! = 720 paths between antipodes.
  CHECK(metrics::shortest_path_counts(topology::torus(std::vector<std::uint64_t>(6, 2))).max == 720);
}

TEST_CASE("path_diversity: counts past 64 bits are refused") {
  const auto fits = metrics::shortest_path_counts(diversity_test_diamonds(63));
  CHECK(fits.max == std::uint64_t{1} << 63);
  CHECK_THROWS_WITH(metrics::shortest_path_counts(diversity_test_diamonds(64)),
                    "metrics::shortest_path_counts: the number of shortest paths from vertex 0 to vertex 192 exceeds "
                    "2^64 - 1 (counts are kept in 64 bits)");
  CHECK_THROWS_AS(metrics::shortest_path_counts(diversity_test_diamonds(70), {metrics::traversal::undirected, 4}),
                  core::invalid_parameter);
}

TEST_CASE("path_diversity: summary figures and thread counts") {
  const auto g = testing::path(4);  // σ = 1 for every pair
  const auto r = metrics::shortest_path_counts(g);
  CHECK(r.min == 1);
  CHECK(r.max == 1);
  CHECK(r.mean == 1.0);
  CHECK(r.reachable == 12);
  std::vector<testing::edge> e{{0, 1}};
  const auto split = metrics::shortest_path_counts(testing::graph::from_edges(3, e, "split"));
  CHECK(split.histogram == std::map<std::uint64_t, std::uint64_t>{{0, 4}, {1, 2}});
  const auto big = testing::gnp(70, 0.08, 3);
  CHECK(metrics::shortest_path_counts(big, {metrics::traversal::undirected, 1}).histogram ==
        metrics::shortest_path_counts(big, {metrics::traversal::undirected, 4}).histogram);
}

TEST_CASE("path_diversity: disjoint paths against Menger by brute force") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    for (bool arcs : {false, true}) {
      const auto g = arcs ? testing::random_digraph(8, 4, seed) : testing::gnp(8, 0.45, seed);
      const auto m = diversity_test_matrix(g, arcs);
      const auto how = arcs ? metrics::traversal::arcs : metrics::traversal::undirected;
      std::map<std::uint64_t, std::uint64_t> edge, vertex;
      for (std::uint32_t s = 0; s < 8; ++s)
        for (std::uint32_t t = 0; t < 8; ++t) {
          if (s == t) continue;
          const auto lc = metrics::local_connectivity(g, s, t, how);
          INFO("seed " << seed << " arcs " << arcs << " s " << s << " t " << t);
          CHECK(lc.edge == diversity_test_min_edge_cut(m, s, t));
          CHECK(lc.vertex == diversity_test_min_separator(m, s, t));
          ++edge[lc.edge], ++vertex[lc.vertex];
        }
      const auto all = metrics::disjoint_paths(g, how, {.threads = 2});
      CHECK(all.edge == edge);
      CHECK(all.vertex == vertex);
      CHECK(all.pairs == 56);
      CHECK(all.method == "exact over all pairs");
    }
  }
}

TEST_CASE("path_diversity: sampled pairs") {
  const auto g = testing::gnp(30, 0.2, 5);
  const auto r = metrics::disjoint_paths(g, metrics::traversal::undirected, {.samples = 40, .seed = 7, .threads = 3});
  CHECK(r.method == "sampled: 40 pairs, seed 7");
  CHECK(r.pairs == 40);
  // The documented draws: s = randrange(n), t = randrange(n - 1), t += 1 if t >= s.
  core::python_random rng(7);
  std::map<std::uint64_t, std::uint64_t> edge;
  std::uint64_t vsum = 0;
  for (int i = 0; i < 40; ++i) {
    const auto s = rng.randrange(30);
    auto t = rng.randrange(29);
    if (t >= s) ++t;
    const auto lc = metrics::local_connectivity(g, s, t);
    ++edge[lc.edge];
    vsum += lc.vertex;
  }
  CHECK(r.edge == edge);
  CHECK(r.vertex_mean == Approx(static_cast<double>(vsum) / 40).epsilon(1e-12));
  const auto one = metrics::disjoint_paths(g, metrics::traversal::undirected, {.samples = 40, .seed = 7, .threads = 1});
  CHECK(one.edge == r.edge);
  CHECK(one.vertex == r.vertex);
  // 6 x 6 torus: 4 edge- and vertex-disjoint paths between every pair.
  const auto t = metrics::disjoint_paths(topology::torus(std::vector<std::uint64_t>{6, 6}));
  CHECK(t.edge == std::map<std::uint64_t, std::uint64_t>{{4, 36 * 35}});
  CHECK(t.vertex == std::map<std::uint64_t, std::uint64_t>{{4, 36 * 35}});
  CHECK(t.edge_min == 4);
  CHECK(t.vertex_mean == 4.0);
  CHECK(t.flows == 36 * 35);
  CHECK(t.work_estimate > 0);
  // The same run refused below its estimate, with the estimate in the message.
  try {
    metrics::disjoint_paths(topology::torus(std::vector<std::uint64_t>{6, 6}), metrics::traversal::undirected,
                            {.max_work = t.work_estimate - 1});
    FAIL("not refused");
  } catch (const core::invalid_parameter& e) {
    CHECK(e.parameter() == "max_work");
    CHECK(std::string(e.what()).find("is below the estimated " + std::to_string(t.work_estimate) + " arc scans") !=
          std::string::npos);
  }
}

TEST_CASE("path_diversity: bad input") {
  const auto g = testing::cycle(6);
  const auto one = testing::graph::from_edges(1, std::vector<testing::edge>{}, "one");
  CHECK_THROWS_AS(metrics::shortest_path_counts(g, {metrics::traversal::undirected, 1025}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::shortest_path_counts(g, {metrics::traversal::arcs}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::local_connectivity(g, 2, 2), core::invalid_parameter);
  CHECK_THROWS_WITH(metrics::local_connectivity(g, 0, 6),
                    "metrics::local_connectivity: t = 6 is out of range (accepted: 0 to 5)");
  CHECK_THROWS_AS(metrics::local_connectivity(one, 0, 0), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::local_connectivity(g, 0, 1, metrics::traversal::arcs), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::disjoint_paths(one), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::disjoint_paths(g, metrics::traversal::undirected, {.samples = 1'000'000'001}),
                  core::invalid_parameter);
  CHECK_THROWS_AS(metrics::disjoint_paths(g, metrics::traversal::undirected, {.threads = 1025}),
                  core::invalid_parameter);
  CHECK_THROWS_AS(metrics::disjoint_paths(g, metrics::traversal::undirected, {.max_work = 0}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::disjoint_paths(g, metrics::traversal::undirected, {.max_work = 10}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::disjoint_paths(g, metrics::traversal::arcs), core::invalid_parameter);
}

}  // namespace path_diversity_test
