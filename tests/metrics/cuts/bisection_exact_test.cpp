// Tests of metrics/cuts/bisection_exact.hpp: branch and bound against brute force over every
// balanced split of random graphs (n <= 16), the known widths of tori, hypercubes, complete
// graphs, cycles and paths, the node budget and bad input.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "shiftfly/metrics/cuts/bisection_exact.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace bisection_exact_test {

using namespace shiftfly;

namespace {
// Fewest cut edges over every split with floor(n/2) or ceil(n/2) vertices on side 1.
std::uint64_t exact_test_brute_width(const testing::graph& g) {
  const auto n = static_cast<std::uint32_t>(g.num_vertices());
  std::vector<std::uint32_t> eu, ev;
  for (std::uint32_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(u))
      if (u < v) eu.push_back(u), ev.push_back(v);
  std::uint64_t best = eu.size();
  for (std::uint32_t s = 0; s < (1u << n); ++s) {
    const auto ones = static_cast<std::uint32_t>(__builtin_popcount(s));
    if (ones != n / 2 && ones != n - n / 2) continue;
    std::uint64_t cut = 0;
    for (std::size_t i = 0; i < eu.size(); ++i) cut += (s >> eu[i] & 1) != (s >> ev[i] & 1);
    best = std::min(best, cut);
  }
  return best;
}

testing::graph exact_test_torus(std::vector<std::uint64_t> dims) { return topology::torus(dims); }
}  // namespace

TEST_CASE("bisection_exact: branch and bound equals brute force on random graphs") {
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    core::python_random rng(seed);
    const auto n = static_cast<std::uint32_t>(2 + rng.randrange(15));  // 2 .. 16
    const auto g = testing::gnp(n, 0.15 + 0.6 * rng.random(), seed);
    const auto want = exact_test_brute_width(g);
    INFO("seed " << seed << " n " << n);
    for (std::size_t runs : {std::size_t{0}, std::size_t{2}}) {
      const auto r = metrics::exact_bisection(g, {.max_nodes = 1u << 30, .metis_runs = runs, .metis_seed = 1});
      CHECK(r.cut == want);
      CHECK(metrics::bisection_cut(g, r.side) == want);
      CHECK(r.method == "exact (branch and bound)");
    }
  }
}

TEST_CASE("bisection_exact: known widths") {
  CHECK(metrics::exact_bisection(exact_test_torus({4, 4})).cut == 8);
  CHECK(metrics::exact_bisection(exact_test_torus({6, 6})).cut == 12);
  CHECK(metrics::exact_bisection(exact_test_torus({2, 2, 2, 2})).cut == 8);      // Q_4
  CHECK(metrics::exact_bisection(exact_test_torus({2, 2, 2, 2, 2})).cut == 16);  // Q_5
  for (std::uint32_t n : {2, 3, 10, 11, 14})
    CHECK(metrics::exact_bisection(testing::complete(n), {.max_nodes = 1u << 30, .metis_runs = 0}).cut ==
          (n / 2) * (n - n / 2));
  CHECK(metrics::exact_bisection(testing::cycle(31), {.max_nodes = 1u << 30, .metis_runs = 0}).cut == 2);
  CHECK(metrics::exact_bisection(testing::path(40), {.max_nodes = 1u << 30, .metis_runs = 0}).cut == 1);
  CHECK(metrics::exact_bisection(testing::petersen()).cut == 5);  // brute force: see below
  CHECK(exact_test_brute_width(testing::petersen()) == 5);
}

TEST_CASE("bisection_exact: a directed family is bisected on its physical graph") {
  // Kautz K(2, 3) and K(3, 2): arcs u -> v and v -> u on one cable are one edge, loops none.
  for (const auto& g : {topology::kautz(2, 3), topology::kautz(3, 2)}) {
    INFO(g.name());
    REQUIRE(g.has_arcs());
    const auto r = metrics::exact_bisection(g, {.max_nodes = 1u << 30, .metis_runs = 0});
    CHECK(r.cut == exact_test_brute_width(g));
    CHECK(metrics::bisection_cut(g, r.side) == r.cut);
  }
}

TEST_CASE("bisection_exact: the node budget and bad input") {
  const auto g = testing::complete(16);
  CHECK_FALSE(metrics::try_exact_bisection(g, {.max_nodes = 10, .metis_runs = 0}).has_value());
  CHECK_THROWS_AS(metrics::exact_bisection(g, {.max_nodes = 10, .metis_runs = 0}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::exact_bisection(g, {.max_nodes = 0}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::exact_bisection(g, {.max_nodes = 10, .metis_runs = 10001}), core::invalid_parameter);
  CHECK_THROWS_WITH(metrics::exact_bisection(testing::cycle(49)),
                    "metrics::exact_bisection: n = 49 is out of range (accepted: 2 to 48)");
  CHECK_THROWS_AS(metrics::try_exact_bisection(testing::graph::from_edges(1, std::vector<testing::edge>{}, "one")),
                  core::invalid_parameter);
}

}  // namespace bisection_exact_test
