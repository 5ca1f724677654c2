#pragma once
// Small graphs for the metrics tests, built from their definitions.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"

namespace shiftfly::testing {

using graph = core::graph<std::uint32_t>;
using edge = std::pair<std::uint32_t, std::uint32_t>;

// G(n, p) drawn as the fixture's reference script draws it: i < j, random() < p.
inline graph gnp(std::uint32_t n, double p, std::uint64_t seed) {
  core::python_random rng(seed);
  std::vector<edge> e;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j)
      if (rng.random() < p) e.push_back({i, j});
  return graph::from_edges(n, e, "gnp");
}

// Random digraph: each vertex gets `out` arcs to randrange(n) (loops and repeats kept).
inline graph random_digraph(std::uint32_t n, std::uint32_t out, std::uint64_t seed) {
  core::python_random rng(seed);
  std::vector<std::uint64_t> off(n + 1, 0);
  std::vector<std::uint32_t> tgt;
  for (std::uint32_t u = 0; u < n; ++u) {
    const auto k = rng.randrange(out + 1);
    for (std::uint64_t i = 0; i < k; ++i) tgt.push_back(static_cast<std::uint32_t>(rng.randrange(n)));
    off[u + 1] = tgt.size();
  }
  return graph::from_arcs(n, std::move(off), std::move(tgt), "random digraph");
}

inline graph cycle(std::uint32_t n) {
  std::vector<edge> e;
  for (std::uint32_t i = 0; i < n; ++i) e.push_back({i, (i + 1) % n});
  return graph::from_edges(n, e, "cycle");
}

inline graph complete(std::uint32_t n) {
  std::vector<edge> e;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j) e.push_back({i, j});
  return graph::from_edges(n, e, "complete");
}

inline graph path(std::uint32_t n) {
  std::vector<edge> e;
  for (std::uint32_t i = 0; i + 1 < n; ++i) e.push_back({i, i + 1});
  return graph::from_edges(n, e, "path");
}

// Petersen graph: outer 5-cycle, spokes, inner pentagram.
inline graph petersen() {
  std::vector<edge> e;
  for (std::uint32_t i = 0; i < 5; ++i) {
    e.push_back({i, (i + 1) % 5});
    e.push_back({i, i + 5});
    e.push_back({i + 5, (i + 2) % 5 + 5});
  }
  return graph::from_edges(10, e, "Petersen");
}

// Kautz digraph K(d, D) from Def. 4.1: words of length D over d+1 symbols with no two
// equal consecutive symbols; arc w -> w[1:] + s for every s != w[-1].
inline graph kautz_from_definition(std::uint32_t d, std::uint32_t D) {
  std::vector<std::vector<std::uint32_t>> words;
  for (std::uint32_t s = 0; s <= d; ++s) words.push_back({s});
  for (std::uint32_t len = 1; len < D; ++len) {
    std::vector<std::vector<std::uint32_t>> next;
    for (const auto& w : words)
      for (std::uint32_t s = 0; s <= d; ++s)
        if (s != w.back()) {
          auto x = w;
          x.push_back(s);
          next.push_back(x);
        }
    words = next;
  }
  std::map<std::vector<std::uint32_t>, std::uint32_t> index;
  for (std::uint32_t i = 0; i < words.size(); ++i) index[words[i]] = i;
  std::vector<std::uint64_t> off{0};
  std::vector<std::uint32_t> tgt;
  for (const auto& w : words) {
    for (std::uint32_t s = 0; s <= d; ++s) {
      if (s == w.back()) continue;
      std::vector<std::uint32_t> x(w.begin() + 1, w.end());
      x.push_back(s);
      tgt.push_back(index.at(x));
    }
    off.push_back(tgt.size());
  }
  return graph::from_arcs(words.size(), std::move(off), std::move(tgt), "Kautz");
}

// Lines of tests/fixtures/metrics/reference_metrics.txt: "gnp N P SEED key values..."
struct reference_line {
  std::uint32_t n;
  double p;
  std::uint64_t seed;
  std::string key;
  std::vector<std::string> values;
};

inline std::vector<reference_line> reference_lines() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/metrics/reference_metrics.txt");
  std::vector<reference_line> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::string tag;
    reference_line r;
    is >> tag >> r.n >> r.p >> r.seed >> r.key;
    std::string v;
    while (is >> v) r.values.push_back(v);
    out.push_back(r);
  }
  return out;
}

// What a unit vector x claimed to satisfy L x = lambda x (L = D - A) is, measured here: the
// sum of its entries (0 when x is orthogonal to 1), its squared norm, the 2-norm of
// L x - lambda x and that residual's largest entry.
struct laplacian_vector_check {
  double sum = 0, norm2 = 0, residual = 0, largest = 0;
};
template <class G>
laplacian_vector_check check_laplacian_vector(const G& g, const std::vector<double>& x, double lambda) {
  laplacian_vector_check c;
  double res2 = 0;
  for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
    c.sum += x[v];
    c.norm2 += x[v] * x[v];
    double row = static_cast<double>(g.degree(v)) * x[v];
    for (auto w : g.neighbors(v)) row -= x[w];
    row -= lambda * x[v];
    res2 += row * row;
    c.largest = std::max(c.largest, std::abs(row));
  }
  c.residual = std::sqrt(res2);
  return c;
}

}  // namespace shiftfly::testing
