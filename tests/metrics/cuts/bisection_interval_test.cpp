// Tests of metrics/cuts/bisection_interval.hpp: lower <= true width <= upper on graphs of known
// width (tori, hypercubes, complete graphs), exact intervals where the exact search runs,
// the labels of every end, the options and bad input.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "shiftfly/metrics/cuts/bisection_interval.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace bisection_interval_test {

using namespace shiftfly;

namespace {
testing::graph interval_test_torus(std::vector<std::uint64_t> dims) { return topology::torus(dims); }
constexpr const char* interval_test_exact = "exact (branch and bound)";
constexpr const char* interval_test_spectral = "lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n, Fiedler)";
}  // namespace

TEST_CASE("bisection_interval: exact where branch and bound runs") {
  const auto r = metrics::bisection_width_interval(interval_test_torus({6, 6}));
  CHECK(r.lower == 12);
  CHECK(r.upper == 12);
  CHECK(r.exact());
  CHECK(r.lower_method == interval_test_exact);
  CHECK(r.upper_method == interval_test_exact);
  CHECK(metrics::bisection_cut(interval_test_torus({6, 6}), r.certificate) == 12);
  CHECK(r.exact_nodes > 0);
  // Q_5 and K_9.
  const auto q = metrics::bisection_width_interval(interval_test_torus({2, 2, 2, 2, 2}));
  CHECK((q.lower == 16 && q.upper == 16));
  const auto k = metrics::bisection_width_interval(testing::complete(9));
  CHECK((k.lower == 20 && k.upper == 20));
}

TEST_CASE("bisection_interval: bounds around the known widths of larger graphs") {
  // 16 x 16 torus: 32; 10 x 10: 20.
  for (std::uint64_t k : {10, 16}) {
    const auto r = metrics::bisection_width_interval(interval_test_torus({k, k}));
    CHECK(r.lower <= 2 * k);
    CHECK(2 * k <= r.upper);
    CHECK(r.lower_method == interval_test_spectral);
    CHECK(r.upper_method == "upper bound (METIS, best of 8 seeded runs)");
    CHECK(metrics::bisection_cut(interval_test_torus({k, k}), r.certificate) == r.upper);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0] == "exact (branch and bound) not run: n = " + std::to_string(k * k) + " > 48");
    CHECK(r.bounds.size() == 3);
  }
  // Q_10: the spectral bound n/4 * 2 = 512 is the width; METIS finds a 512 cut too.
  const auto q = metrics::bisection_width_interval(interval_test_torus(std::vector<std::uint64_t>(10, 2)));
  CHECK(q.lower == 512);
  CHECK(q.lower_method == interval_test_spectral);
  CHECK(q.upper >= 512);
  CHECK(std::abs(q.laplacian_lambda2 - 2) < 1e-7);
  // K_60: every bisection cuts n^2/4 = 900 edges (the spectral bound n/4 * n is 900 too, when
  // the eigensolver copes with the eigenvalue of multiplicity n - 1; otherwise a note says so).
  const auto k = metrics::bisection_width_interval(testing::complete(60));
  CHECK(k.lower <= 900);
  CHECK(k.upper == 900);
  CHECK((k.lower == 900 || !k.notes.empty()));
}

TEST_CASE("bisection_interval: options") {
  const auto g = interval_test_torus({4, 4});
  const auto none = metrics::bisection_width_interval(
      g, {.spectral = false, .greedy = false, .metis_runs = 0, .exact = false});
  CHECK(none.lower == 0);
  CHECK(none.upper == 32);
  CHECK(none.lower_method == "trivial lower bound (0)");
  CHECK(none.upper_method == "trivial upper bound (m, all edges)");
  CHECK(none.certificate.empty());
  const auto greedy = metrics::bisection_width_interval(g, {.metis_runs = 0, .exact = false});
  CHECK(greedy.upper_method == "upper bound (greedy local search)");
  CHECK(greedy.certificate.empty());
  CHECK(greedy.upper >= 8);
  const auto budget = metrics::bisection_width_interval(interval_test_torus({6, 6}), {.exact_max_nodes = 1});
  CHECK_FALSE(budget.lower_method == interval_test_exact);
  REQUIRE(budget.notes.size() == 1);
  CHECK(budget.notes[0] == "exact (branch and bound) stopped after 1 search nodes without a proof");
  const auto skip = metrics::bisection_width_interval(g, {.exact_max_vertices = 10});
  CHECK(skip.upper_method != interval_test_exact);
  // A disconnected graph: the width may be 0 and the spectral bound is 0.
  std::vector<testing::edge> e{{0, 1}, {2, 3}};
  const auto two = metrics::bisection_width_interval(testing::graph::from_edges(4, e, "two edges"));
  CHECK((two.lower == 0 && two.upper == 0));
}

TEST_CASE("bisection_interval: bad input") {
  const auto g = testing::cycle(8);
  CHECK_THROWS_AS(metrics::bisection_width_interval(testing::graph::from_edges(1, std::vector<testing::edge>{}, "one")),
                  core::invalid_parameter);
  CHECK_THROWS_AS(metrics::bisection_width_interval(g, {.exact_max_vertices = 49}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::bisection_width_interval(g, {.exact_max_nodes = 0}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::bisection_width_interval(g, {.metis_runs = 10001}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::bisection_width_interval(g, {.greedy_rounds = 1000001}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::bisection_width_interval(g, {.metis_seed = metrics::metis_max_index}),
                  core::invalid_parameter);
  CHECK(metrics::safe_spectral_floor(7.9999999999, 16, 4) == 8);
  CHECK(metrics::safe_spectral_floor(8.01, 16, 4) == 9);
  CHECK(metrics::safe_spectral_floor(-1e-12, 16, 4) == 0);
}

}  // namespace bisection_interval_test
