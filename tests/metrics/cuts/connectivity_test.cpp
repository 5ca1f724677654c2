// Tests of metrics/cuts/connectivity.hpp: Prop. 5.6 (κ(K(d,D)) = d), brute force on small graphs.
#include <catch2/catch.hpp>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace connectivity_test {

using namespace shiftfly;
using V = std::uint32_t;

namespace {
// Out-rows without loops and repeats (arcs, or the undirected neighbours).
std::vector<std::vector<char>> matrix(const testing::graph& g, bool directed) {
  const std::size_t n = g.num_vertices();
  std::vector<std::vector<char>> a(n, std::vector<char>(n, 0));
  for (V u = 0; u < n; ++u) {
    if (directed) {
      for (auto v : g.out_arcs(u))
        if (v != u) a[u][v] = 1;
    } else {
      for (auto v : g.neighbors(u)) a[u][v] = 1;
    }
  }
  return a;
}

// True if the vertices outside `removed` are strongly connected (at least two of them).
bool strongly_connected_without(const std::vector<std::vector<char>>& a, std::uint32_t removed) {
  const std::size_t n = a.size();
  std::vector<V> keep;
  for (V v = 0; v < n; ++v)
    if (!(removed >> v & 1)) keep.push_back(v);
  if (keep.size() < 2) return true;
  for (bool forward : {true, false}) {
    std::vector<char> seen(n, 0);
    std::vector<V> stack{keep[0]};
    seen[keep[0]] = 1;
    while (!stack.empty()) {
      const V u = stack.back();
      stack.pop_back();
      for (V w : keep)
        if (!seen[w] && (forward ? a[u][w] : a[w][u])) seen[w] = 1, stack.push_back(w);
    }
    for (V w : keep)
      if (!seen[w]) return false;
  }
  return true;
}

// κ by brute force: the smallest vertex set whose removal disconnects; n − 1 if none does.
std::size_t brute_vertex(const testing::graph& g, bool directed) {
  const auto a = matrix(g, directed);
  const std::size_t n = a.size();
  std::size_t best = n - 1;
  for (std::uint32_t s = 0; s < (1u << n); ++s) {
    const auto k = static_cast<std::size_t>(__builtin_popcount(s));
    if (k < best && n - k >= 2 && !strongly_connected_without(a, s)) best = k;
  }
  return best;
}

// λ by brute force: min over proper non-empty subsets X of the arcs leaving X.
std::size_t brute_edge(const testing::graph& g, bool directed) {
  const auto a = matrix(g, directed);
  const std::size_t n = a.size();
  std::size_t best = n * n;
  for (std::uint32_t s = 1; s + 1 < (1u << n); ++s) {
    std::size_t out = 0;
    for (V u = 0; u < n; ++u)
      for (V v = 0; v < n; ++v) out += (s >> u & 1) && !(s >> v & 1) && a[u][v];
    best = std::min(best, out);
  }
  return best;
}
}  // namespace

TEST_CASE("connectivity: Prop. 5.6, the Kautz digraph K(d,D) has vertex connectivity d") {
  for (auto [d, D] : {std::pair{2u, 2u}, std::pair{2u, 3u}, std::pair{2u, 4u}, std::pair{3u, 2u}, std::pair{3u, 3u},
                      std::pair{4u, 2u}, std::pair{4u, 3u}, std::pair{5u, 2u}}) {
    const auto k = testing::kautz_from_definition(d, D);
    const auto arcs = metrics::connectivity_arcs(k);
    CHECK(arcs.vertex == d);
    CHECK(arcs.edge == d);
    // The library's own generator agrees.
    CHECK(metrics::connectivity_arcs(topology::kautz<V>(d, D)).vertex == d);
    // The undirected physical graph, reported alongside (at least d: removing arcs' directions only adds paths).
    const auto und = metrics::connectivity(k);
    CHECK(und.vertex >= d);
    WARN("K(" << d << "," << D << "): directed vertex connectivity " << arcs.vertex
              << ", undirected vertex connectivity " << und.vertex << ", undirected edge connectivity " << und.edge);
  }
}

TEST_CASE("connectivity: closed forms") {
  CHECK(metrics::connectivity(testing::complete(6)).vertex == 5);
  CHECK(metrics::connectivity(testing::complete(6)).edge == 5);
  CHECK(metrics::connectivity(testing::cycle(9)).vertex == 2);
  CHECK(metrics::connectivity(testing::path(5)).vertex == 1);
  CHECK(metrics::connectivity(testing::petersen()).vertex == 3);
  CHECK(metrics::connectivity(testing::petersen()).edge == 3);
  const auto two = testing::graph::from_edges(4, std::vector<testing::edge>{{0, 1}, {2, 3}});
  CHECK(metrics::connectivity(two).vertex == 0);
  CHECK(metrics::connectivity(two).edge == 0);
}

TEST_CASE("connectivity: equals brute force on small random graphs and digraphs") {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    core::python_random rng(seed);
    const auto n = static_cast<V>(2 + rng.randrange(8));
    const auto g = testing::gnp(n, 0.3 + 0.6 * rng.random(), seed);
    const auto r = metrics::connectivity(g);
    INFO("undirected seed " << seed);
    CHECK(r.vertex == brute_vertex(g, false));
    CHECK(r.edge == brute_edge(g, false));
    const auto h = testing::random_digraph(n, 4, seed);
    const auto s = metrics::connectivity_arcs(h);
    INFO("directed seed " << seed);
    CHECK(s.vertex == brute_vertex(h, true));
    CHECK(s.edge == brute_edge(h, true));
  }
}

TEST_CASE("connectivity: bad input") {
  CHECK_THROWS_AS(metrics::connectivity_arcs(testing::cycle(4)), std::invalid_argument);
  CHECK_THROWS_AS(metrics::connectivity(testing::graph{}), std::invalid_argument);
}

// The Even / Esfahanian–Hakimi scheme with unit-capacity augmenting paths against an
// independent method: Boost's push-relabel [Goldberg–Tarjan 1988] over every ordered pair (no reduction of
// sources, no early stop), and against published connectivities.
namespace connectivity_fast_test {

using namespace shiftfly;
using V = std::uint32_t;

class boost_network {
 public:
  using traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
  using network = boost::adjacency_list<
      boost::vecS, boost::vecS, boost::directedS, boost::no_property,
      boost::property<boost::edge_capacity_t, long,
                      boost::property<boost::edge_residual_capacity_t, long,
                                      boost::property<boost::edge_reverse_t, traits::edge_descriptor>>>>;
  explicit boost_network(std::size_t vertices) : g_(vertices) {}
  void add(std::size_t u, std::size_t v, long capacity) {
    auto cap = boost::get(boost::edge_capacity, g_);
    auto rev = boost::get(boost::edge_reverse, g_);
    const auto e = boost::add_edge(u, v, g_).first;
    const auto r = boost::add_edge(v, u, g_).first;
    cap[e] = capacity, cap[r] = 0, rev[e] = r, rev[r] = e;
  }
  long max_flow(std::size_t s, std::size_t t) { return boost::push_relabel_max_flow(g_, s, t); }

 private:
  network g_;
};

// κ and λ as the minimum over all ordered pairs of Boost maximum flows.
std::pair<std::size_t, std::size_t> boost_all_pairs(const testing::graph& g, bool directed) {
  const std::size_t n = g.num_vertices();
  std::vector<std::vector<char>> a(n, std::vector<char>(n, 0));
  for (V u = 0; u < n; ++u)
    for (auto v : directed ? g.out_arcs(u) : g.neighbors(u))
      if (v != u) a[u][v] = 1;
  boost_network split(2 * n), unit(n);
  for (std::size_t v = 0; v < n; ++v) split.add(2 * v, 2 * v + 1, 1);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (a[u][v]) split.add(2 * u + 1, 2 * v, static_cast<long>(n)), unit.add(u, v, 1);
  std::size_t kappa = n - 1, lambda = n * n;
  for (std::size_t s = 0; s < n; ++s)
    for (std::size_t t = 0; t < n; ++t) {
      if (s == t) continue;
      lambda = std::min(lambda, static_cast<std::size_t>(unit.max_flow(s, t)));
      if (!a[s][t]) kappa = std::min(kappa, static_cast<std::size_t>(split.max_flow(2 * s + 1, 2 * t)));
    }
  return {kappa, lambda};
}

// The same result and the same number of flows for every thread count.
metrics::connectivity_result run_all_threads(const testing::graph& g, bool directed) {
  metrics::connectivity_options o;
  const auto one = directed ? metrics::connectivity_arcs(g, o) : metrics::connectivity(g, o);
  for (unsigned threads : {2U, 3U, 0U}) {
    o.threads = threads;
    const auto r = directed ? metrics::connectivity_arcs(g, o) : metrics::connectivity(g, o);
    INFO("threads " << threads);
    CHECK(r.vertex == one.vertex);
    CHECK(r.edge == one.edge);
    CHECK(r.flows == one.flows);
  }
  return one;
}

// A digraph where each vertex gets arcs to randrange(n) with probability p per slot.
testing::graph random_dense_digraph(V n, double p, std::uint64_t seed) {
  core::python_random rng(seed);
  std::vector<std::uint64_t> off(n + 1, 0);
  std::vector<V> tgt;
  for (V u = 0; u < n; ++u) {
    for (V v = 0; v < n; ++v)
      if (v != u && rng.random() < p) tgt.push_back(v);
    off[u + 1] = tgt.size();
  }
  return testing::graph::from_arcs(n, std::move(off), std::move(tgt), "dense digraph");
}

}  // namespace connectivity_fast_test

TEST_CASE("connectivity: brute force over vertex subsets, random graphs of 2 to 11 vertices, every thread count",
          "[metrics][connectivity]") {
  using namespace connectivity_fast_test;
  for (std::uint64_t seed = 100; seed < 260; ++seed) {
    core::python_random rng(seed);
    const auto n = static_cast<V>(2 + rng.randrange(10));
    const auto g = testing::gnp(n, 0.2 + 0.75 * rng.random(), seed);
    INFO("undirected seed " << seed << " n " << n);
    const auto r = run_all_threads(g, false);
    CHECK(r.vertex == brute_vertex(g, false));
    CHECK(r.edge == brute_edge(g, false));
    const auto h = random_dense_digraph(n, 0.2 + 0.75 * rng.random(), seed);
    INFO("directed seed " << seed);
    const auto s = run_all_threads(h, true);
    CHECK(s.vertex == brute_vertex(h, true));
    CHECK(s.edge == brute_edge(h, true));
  }
}

TEST_CASE("connectivity: Boost push-relabel over every ordered pair, random graphs of 12 to 40 vertices",
          "[metrics][connectivity]") {
  using namespace connectivity_fast_test;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    core::python_random rng(seed);
    const auto n = static_cast<V>(12 + rng.randrange(29));
    const auto g = testing::gnp(n, 0.1 + 0.5 * rng.random(), seed);
    INFO("undirected seed " << seed << " n " << n);
    const auto [k, l] = boost_all_pairs(g, false);
    const auto r = run_all_threads(g, false);
    CHECK(r.vertex == k);
    CHECK(r.edge == l);
    const auto h = random_dense_digraph(n, 0.1 + 0.4 * rng.random(), seed);
    INFO("directed seed " << seed);
    const auto [kd, ld] = boost_all_pairs(h, true);
    const auto s = run_all_threads(h, true);
    CHECK(s.vertex == kd);
    CHECK(s.edge == ld);
  }
}

TEST_CASE("connectivity: complete graphs and digraphs, disconnected graphs", "[metrics][connectivity]") {
  using namespace connectivity_fast_test;
  for (V n = 1; n <= 9; ++n) {
    INFO("n " << n);
    const auto r = run_all_threads(testing::complete(n), false);
    CHECK(r.vertex == n - 1);
    CHECK(r.edge == n - 1);
    CHECK(r.flows == 0);
    const auto d = random_dense_digraph(n, 1.0, n);
    const auto s = run_all_threads(d, true);
    CHECK(s.vertex == n - 1);
    CHECK(s.edge == n - 1);
  }
  // Two triangles; a directed path (weakly but not strongly connected); an isolated vertex.
  const auto two = testing::graph::from_edges(6, std::vector<testing::edge>{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}});
  CHECK(run_all_threads(two, false).vertex == 0);
  CHECK(run_all_threads(two, false).edge == 0);
  const auto dpath = testing::graph::from_arcs(3, {0, 1, 2, 2}, {1, 2}, "directed path");
  CHECK(run_all_threads(dpath, true).vertex == 0);
  CHECK(run_all_threads(dpath, true).edge == 0);
  CHECK(run_all_threads(dpath, false).vertex == 1);
  const auto lone = testing::graph::from_edges(4, std::vector<testing::edge>{{0, 1}, {1, 2}, {2, 0}});
  CHECK(run_all_threads(lone, false).vertex == 0);
}

TEST_CASE("connectivity: published values, tori (2k), Kautz K(d,D) (d) and de Bruijn B(d,D) (d - 1)",
          "[metrics][connectivity]") {
  using namespace connectivity_fast_test;
  // The k-dimensional torus with every side at least 3 is 2k-regular with κ = λ = 2k.
  for (const auto& dims : std::vector<std::vector<std::uint64_t>>{{3, 3}, {5, 4}, {3, 4, 5}, {8, 8}, {3, 3, 3, 3}}) {
    const auto t = topology::torus<V>(dims);
    const auto r = run_all_threads(t, false);
    CHECK(r.vertex == 2 * dims.size());
    CHECK(r.edge == 2 * dims.size());
  }
  // [Imase–Soneoka–Okada 1985]: κ(K(d,D)) = d, κ(B(d,D)) = d − 1 (the loop at a^D).
  for (auto [d, D] : {std::pair{2u, 6u}, std::pair{3u, 4u}, std::pair{4u, 3u}, std::pair{6u, 2u}}) {
    const auto k = run_all_threads(topology::kautz<V>(d, D), true);
    CHECK(k.vertex == d);
    CHECK(k.edge == d);
  }
  for (auto [d, D] : {std::pair{2u, 3u}, std::pair{2u, 6u}, std::pair{3u, 3u}, std::pair{4u, 3u}}) {
    const auto b = topology::de_bruijn<V>(d, D);
    const auto r = run_all_threads(b, true);
    CHECK(r.vertex == d - 1);
    CHECK(r.edge == d - 1);
    if (b.num_vertices() <= 12) CHECK(r.vertex == brute_vertex(b, true));
  }
}

TEST_CASE("connectivity: the cost estimate bounds the run; progress reaches its total", "[metrics][connectivity]") {
  using namespace connectivity_fast_test;
  for (const auto& g : {testing::petersen(), testing::gnp(30, 0.2, 5), testing::path(12), testing::complete(7)}) {
    const auto c = metrics::estimate_connectivity_cost(g, metrics::traversal::undirected);
    const auto r = metrics::connectivity(g);
    CHECK(c.flows >= r.flows);
    CHECK(c.seconds == static_cast<double>(c.work) / metrics::connectivity_scans_per_second);
    // Esfahanian–Hakimi: at most n − δ − 1 + δ(δ − 1)/2 vertex flows, and n − 1 edge flows.
    const std::size_t n = g.num_vertices();
    std::size_t d = n;
    for (V v = 0; v < n; ++v) d = std::min<std::size_t>(d, g.neighbors(v).size());
    CHECK(c.flows <= n - d - 1 + d * (d - 1) / 2 + n - 1);
  }
  const auto k = topology::kautz<V>(3, 4);
  const auto c = metrics::estimate_connectivity_cost(k, metrics::traversal::arcs);
  CHECK(c.flows <= 2 * (k.num_vertices() - 1) - 3 - 3 + 9 + k.num_vertices());  // fewer where a 2-cycle passes v
  metrics::connectivity_options o;
  std::size_t calls = 0, last = 0, last_total = 0;
  bool monotone = true;
  o.progress = [&](std::size_t done, std::size_t total) {
    monotone = monotone && done >= last && done <= total;
    ++calls, last = done, last_total = total;
  };
  o.threads = 2;
  CHECK(metrics::connectivity_arcs(k, o).vertex == 3);
  CHECK(monotone);
  CHECK(calls >= 2);
  CHECK(calls <= 22);
  CHECK(last == last_total);
  CHECK_THROWS_AS(metrics::estimate_connectivity_cost(testing::cycle(4), metrics::traversal::arcs), std::invalid_argument);
  o.threads = 2000;
  CHECK_THROWS_AS(metrics::connectivity(testing::cycle(4), o), std::invalid_argument);
}

}  // namespace connectivity_test
