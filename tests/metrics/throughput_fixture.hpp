#pragma once
// The throughput fixture (tests/fixtures/throughput/throughput.txt, made by the script
// beside it) and small arc-transitive graphs with their closed-form uniform throughput.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::testing::throughput {

using graph = core::graph<std::uint32_t>;

/// A deterministic non-uniform matrix that no symmetry keeps: demand 1 + ((7 s + 13 t) mod 50)
/// for the pairs with (s + 2t) mod 3 != 0.
inline metrics::traffic_matrix uneven_traffic(std::uint64_t n) {
  std::vector<metrics::traffic_entry> e;
  for (std::uint32_t s = 0; s < n; ++s)
    for (std::uint32_t t = 0; t < n; ++t)
      if (s != t && (s + 2 * t) % 3 != 0) e.push_back({s, t, 1.0 + static_cast<double>((7 * s + 13 * t) % 50)});
  return metrics::traffic_matrix::from_entries(n, e);
}

struct fixture_graph {
  std::string name;
  graph g;
  double uniform = 0;
  std::uint64_t seed = 0;
  double permutation = 0;
  std::vector<std::uint64_t> p;
};

struct fixture {
  std::vector<fixture_graph> graphs;
  std::vector<std::pair<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::uint64_t>>> shuffles;  // (n, seed)
  struct moe_case {
    std::uint64_t n, k, seed;
    std::vector<std::uint64_t> targets;
  };
  std::vector<moe_case> moe;
};

inline const fixture& load() {
  static const fixture f = [] {
    fixture out;
    std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/throughput/throughput.txt");
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream is(line);
      std::string kind;
      is >> kind;
      if (kind == "graph") {
        fixture_graph fg;
        std::uint64_t n = 0, m = 0;
        is >> fg.name >> n >> m;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> e(m);
        for (auto& [a, b] : e) is >> a >> b;
        fg.g = graph::from_edges(n, e, fg.name);
        out.graphs.push_back(std::move(fg));
      } else if (kind == "uniform") {
        is >> out.graphs.back().uniform;
      } else if (kind == "permutation") {
        auto& fg = out.graphs.back();
        is >> fg.seed >> fg.permutation;
        fg.p.resize(fg.g.num_vertices());
        for (auto& x : fg.p) is >> x;
      } else if (kind == "shuffle") {
        std::uint64_t n = 0, seed = 0;
        is >> n >> seed;
        std::vector<std::uint64_t> p(n);
        for (auto& x : p) is >> x;
        out.shuffles.push_back({{n, seed}, std::move(p)});
      } else if (kind == "moe") {
        fixture::moe_case c{};
        is >> c.n >> c.k >> c.seed;
        c.targets.resize(c.n * c.k);
        for (auto& x : c.targets) is >> x;
        out.moe.push_back(std::move(c));
      }
    }
    return out;
  }();
  return f;
}

inline graph petersen() {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < 5; ++i) {
    e.push_back({i, (i + 1) % 5});           // outer cycle
    e.push_back({i, 5 + i});                 // spokes
    e.push_back({5 + i, 5 + (i + 2) % 5});   // inner pentagram
  }
  return graph::from_edges(10, e, "Petersen");
}

inline graph complete_graph(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j) e.push_back({i, j});
  return graph::from_edges(n, e, "complete");
}

/// Arc-transitive graphs: tori with equal sides, hypercubes, complete graphs, Petersen.
inline std::vector<graph> arc_transitive() {
  return {topology::torus({4, 4}), topology::torus({5, 5}), topology::torus({3, 3, 3}), topology::torus({2, 2, 2}),
          topology::torus({2, 2, 2, 2}), complete_graph(6), petersen()};
}

/// 2m / Σ_{s≠t} d(s,t), the uniform throughput of an arc-transitive graph.
inline double closed_form_uniform(const graph& g) {
  double total = 0;
  for (std::uint32_t s = 0; s < g.num_vertices(); ++s)
    for (auto d : metrics::bfs(g, s).distance) total += d;
  return 2.0 * static_cast<double>(g.num_edges()) / total;
}

}  // namespace shiftfly::testing::throughput
