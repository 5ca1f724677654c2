// Tests of metrics/connectivity.hpp: Prop. 5.6 (κ(K(d,D)) = d), brute force on small graphs.
#include <catch2/catch.hpp>

#include "shiftfly/metrics/connectivity.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "test_graphs.hpp"

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
