// What the rail fabrics' tests (rail_optimized_test.cpp, rail_only_test.cpp) share: the brute-force
// endpoint bisection of a small graph whose first `accelerators` vertices are the endpoints, the
// all-pairs check of the accelerators' distances, the bisection cases, and the check of a spec's
// endpoints, link classes and groups. Each test keeps its own expected values.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/family.hpp"
#include "support.hpp"

namespace shiftfly::test {

/// The fewest links cut by a split of the first `accelerators` vertices into halves, every other
/// vertex (a switch) on either side: every subset of half the accelerators (the first one on side
/// 1), every placement of the switches.
inline std::uint64_t brute_force_endpoint_bisection(const core::graph<std::uint32_t>& g, std::uint32_t accelerators) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices()), switches = n - accelerators;
  REQUIRE(accelerators % 2 == 0);
  REQUIRE(accelerators <= 16);
  REQUIRE(switches <= 14);
  std::uint64_t best = g.num_edges();
  for (std::uint32_t side = 0; side < (1u << accelerators); ++side) {
    if (static_cast<std::uint32_t>(__builtin_popcount(side)) != accelerators / 2 || (side & 1u) == 0) continue;
    for (std::uint32_t place = 0; place < (1u << switches); ++place) {
      const std::uint64_t mask = side | (static_cast<std::uint64_t>(place) << accelerators);
      std::uint64_t cut = 0;
      for (std::uint32_t u = 0; u < n && cut < best; ++u)
        for (auto v : g.neighbors(u))
          if (u < v && ((mask >> u) & 1u) != ((mask >> v) & 1u)) ++cut;
      best = std::min(best, cut);
    }
  }
  return best;
}

/// BFS from every vertex: every vertex reached, the distance between two accelerators a != b (the
/// first `accelerators` vertices) is `expected(a, b)`; returns the diameter.
template <class Expected>
std::uint32_t check_accelerator_distances(const core::graph<std::uint32_t>& g, std::uint64_t accelerators,
                                          Expected expected) {
  std::uint32_t overall = 0;
  for (std::uint32_t a = 0; a < g.num_vertices(); ++a) {
    const auto d = bfs(g, a);
    for (std::uint32_t b = 0; b < g.num_vertices(); ++b) {
      REQUIRE(d[b] != unreached);
      overall = std::max(overall, d[b]);
      if (a < accelerators && b < accelerators && a != b) CHECK(d[b] == expected(a, b));
    }
  }
  return overall;
}

/// A rail fabric's instance and its endpoint bisection.
struct rail_bisection_case {
  std::uint64_t k, servers, units, spines, bisection;
};

/// The brute-force endpoint bisection of the rail family `family` at every case.
inline void check_rail_bisections(const std::string& family, const std::vector<rail_bisection_case>& cases) {
  namespace t = shiftfly::topology;
  for (const auto& c : cases) {
    const auto g = t::make_graph(t::family_spec(
        family, {{"k", c.k}, {"servers", c.servers}, {"units", c.units}, {"spines", c.spines}}));
    INFO(family << ": k = " << c.k << ", servers = " << c.servers << ", units = " << c.units << ", spines = " << c.spines);
    const auto N = static_cast<std::uint32_t>(c.k * c.servers * c.units);
    CHECK(brute_force_endpoint_bisection(g, N) == c.bisection);
  }
}

/// The rail family `family` at k = 2, servers = 3, units = 2 and `spines`: 12 accelerators (one
/// endpoint each, none on the switches), the link classes `names` with `per_class` channels each,
/// and the routers' groups `groups`.
inline void check_rail_spec(const std::string& family, std::uint64_t spines, std::uint64_t vertices,
                            const std::vector<std::string>& names, const std::vector<std::uint64_t>& per_class,
                            const std::vector<std::uint64_t>& groups) {
  namespace t = shiftfly::topology;
  const auto spec = t::family_spec(family, {{"k", std::uint64_t{2}}, {"servers", std::uint64_t{3}},
                                            {"units", std::uint64_t{2}}, {"spines", spines}});
  const auto g = t::make_graph(spec);
  REQUIRE(g.num_vertices() == vertices);
  const auto e = t::endpoints_of(spec, g);
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(e[u] == (u < 12 ? 1u : 0u));
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == names);
  std::vector<std::uint64_t> counts(names.size(), 0);
  for (auto c : classes.class_of) ++counts[c];
  CHECK(counts == per_class);
  CHECK(t::find_family(family)->grouping->group_of(t::complete(spec).values, g.num_vertices()) == groups);
}

}  // namespace shiftfly::test
