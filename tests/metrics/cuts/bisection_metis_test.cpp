// Tests of metrics/cuts/bisection_partition.hpp and metrics/cuts/bisection_metis.hpp: METIS's cut is a
// valid bisection's cut, recounted, never below the known widths (torus, hypercube,
// complete graph), deterministic for a seed; rebalancing; bad input.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "shiftfly/metrics/cuts/bisection_metis.hpp"
#include "shiftfly/metrics/cuts/bisection_partition.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace bisection_metis_test {

using namespace shiftfly;

namespace {
testing::graph metis_test_torus(std::vector<std::uint64_t> dims) { return topology::torus(dims); }

std::uint64_t metis_test_count_cut(const testing::graph& g, const std::vector<std::uint8_t>& side) {
  std::uint64_t cut = 0;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u)) cut += u < v && side[u] != side[v];
  return cut;
}

void metis_test_check_valid(const testing::graph& g, const metrics::bisection_partition& p) {
  const std::size_t n = g.num_vertices();
  REQUIRE(p.side.size() == n);
  std::size_t ones = 0;
  for (auto s : p.side) ones += s;
  CHECK((ones == n / 2 || ones == n - n / 2));
  CHECK(p.cut == metis_test_count_cut(g, p.side));
}
}  // namespace

TEST_CASE("bisection_metis: valid bisections at or above the known widths") {
  // k x k torus (k even): 2k; Q_n: 2^(n-1); K_n: floor(n/2) ceil(n/2) for every bisection.
  for (std::uint64_t k : {4, 8, 16}) {
    const auto g = metis_test_torus({k, k});
    const auto p = metrics::metis_bisection(g, {.runs = 4, .seed = 1});
    metis_test_check_valid(g, p);
    CHECK(p.cut >= 2 * k);
    CHECK(p.method == "upper bound (METIS, best of 4 seeded runs)");
  }
  const auto q10 = metis_test_torus(std::vector<std::uint64_t>(10, 2));
  const auto pq = metrics::metis_bisection(q10, {.runs = 2, .seed = 3});
  metis_test_check_valid(q10, pq);
  CHECK(pq.cut >= 512);
  for (std::uint32_t n : {2, 7, 12, 13}) {
    const auto p = metrics::metis_bisection(testing::complete(n), {.runs = 1, .seed = 1});
    metis_test_check_valid(testing::complete(n), p);
    CHECK(p.cut == (n / 2) * (n - n / 2));
  }
  // Odd cycles and a graph without edges.
  const auto c = metrics::metis_bisection(testing::cycle(21));
  metis_test_check_valid(testing::cycle(21), c);
  CHECK(c.cut == 2);
  const auto empty = testing::graph::from_edges(5, std::vector<testing::edge>{}, "empty");
  const auto pe = metrics::metis_bisection(empty);
  metis_test_check_valid(empty, pe);
  CHECK(pe.cut == 0);
}

TEST_CASE("bisection_metis: the best of k runs, deterministic for a seed") {
  const auto g = testing::gnp(120, 0.05, 11);
  const auto a = metrics::metis_bisection(g, {.runs = 6, .seed = 9});
  const auto b = metrics::metis_bisection(g, {.runs = 6, .seed = 9});
  CHECK(a.cut == b.cut);
  CHECK(a.side == b.side);
  metis_test_check_valid(g, a);
  for (std::uint64_t i = 0; i < 6; ++i) {
    const auto one = metrics::metis_bisection(g, {.runs = 1, .seed = 9 + i});
    metis_test_check_valid(g, one);
    CHECK(a.cut <= one.cut);
  }
  CHECK(metrics::metis_bisection(g, {.runs = 1, .seed = 9}).method == "upper bound (METIS, best of 1 seeded run)");
}

TEST_CASE("bisection_partition: rebalancing and the recount") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto g = testing::gnp(15 + static_cast<std::uint32_t>(seed), 0.3, seed);
    core::python_random rng(seed);
    std::vector<std::uint8_t> side(g.num_vertices());
    for (auto& s : side) s = rng.random() < 0.8 ? 1 : 0;  // lopsided
    const auto cut = metrics::rebalance_bisection(g, side);
    std::size_t ones = 0;
    for (auto s : side) ones += s;
    const std::size_t n = g.num_vertices();
    CHECK((ones == n / 2 || ones == n - n / 2));
    CHECK(cut == metis_test_count_cut(g, side));
    CHECK(metrics::bisection_cut(g, side) == cut);
  }
  // A balanced split is left as it is.
  const auto g = testing::cycle(6);
  std::vector<std::uint8_t> side{0, 0, 0, 1, 1, 1};
  CHECK(metrics::rebalance_bisection(g, side) == 2);
  CHECK(side == std::vector<std::uint8_t>{0, 0, 0, 1, 1, 1});
}

TEST_CASE("bisection_metis: bad input") {
  const auto g = testing::cycle(6);
  const auto one = testing::graph::from_edges(1, std::vector<testing::edge>{}, "one");
  CHECK_THROWS_AS(metrics::metis_bisection(one), core::invalid_parameter);
  CHECK_THROWS_WITH(metrics::metis_bisection(g, {.runs = 0, .seed = 1}),
                    "metrics::metis_bisection: runs = 0 is out of range (accepted: 1 to 10000)");
  CHECK_THROWS_AS(metrics::metis_bisection(g, {.runs = 10001, .seed = 1}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::metis_bisection(g, {.runs = 2, .seed = metrics::metis_max_index}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::bisection_cut(g, {0, 1}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::bisection_cut(g, {0, 1, 2, 0, 1, 1}), core::invalid_parameter);
  CHECK_THROWS_WITH(metrics::bisection_cut(g, {0, 1, 1, 1, 1, 1}),
                    "metrics::bisection_cut: side puts 5 of 6 vertices on side 1 (accepted: 3 or 3)");
  std::vector<std::uint8_t> short_side{0, 1};
  CHECK_THROWS_AS(metrics::rebalance_bisection(g, short_side), core::invalid_parameter);
  std::vector<std::uint8_t> bad_side{0, 1, 3, 0, 1, 1};
  CHECK_THROWS_AS(metrics::rebalance_bisection(g, bad_side), core::invalid_parameter);
}

}  // namespace bisection_metis_test
