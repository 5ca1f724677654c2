// Tests of metrics/flow/linear_assignment.hpp against brute force over all permutations.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/flow/linear_assignment.hpp"

namespace linear_assignment_test {

using namespace shiftfly;

namespace {
/// r is a permutation of 0..n-1 and its total is the sum of its costs.
void check_assignment(std::uint64_t n, const std::vector<std::int64_t>& c, const metrics::assignment_result& r) {
  auto sorted = r.assignment;
  std::sort(sorted.begin(), sorted.end());
  for (std::uint64_t i = 0; i < n; ++i) REQUIRE(sorted[i] == i);
  std::int64_t s = 0;
  for (std::uint64_t i = 0; i < n; ++i) s += c[i * n + r.assignment[i]];
  CHECK(s == r.total);
}
}  // namespace

TEST_CASE("linear_assignment: brute force for n <= 8 on random integer matrices") {
  core::python_random rng(42);
  for (std::uint64_t n = 1; n <= 8; ++n) {
    for (int trial = 0; trial < (n <= 6 ? 20 : 4); ++trial) {
      std::vector<std::int64_t> c(n * n);
      const std::int64_t range = trial % 3 == 0 ? 3 : 1000;  // small ranges: many ties
      for (auto& x : c) x = static_cast<std::int64_t>(rng.randrange(2 * range + 1)) - range;
      std::vector<std::uint64_t> p(n);
      std::iota(p.begin(), p.end(), std::uint64_t{0});
      std::int64_t lo = INT64_MAX, hi = INT64_MIN;
      do {
        std::int64_t s = 0;
        for (std::uint64_t i = 0; i < n; ++i) s += c[i * n + p[i]];
        lo = std::min(lo, s);
        hi = std::max(hi, s);
      } while (std::next_permutation(p.begin(), p.end()));
      for (int sense = 0; sense < 2; ++sense) {
        const auto r = sense ? metrics::max_cost_assignment(n, c) : metrics::min_cost_assignment(n, c);
        CHECK(r.total == (sense ? hi : lo));
        check_assignment(n, c, r);
      }
    }
  }
}

TEST_CASE("linear_assignment: extreme costs and a larger case against a known optimum") {
  const std::int64_t big = metrics::assignment_max_cost;
  std::vector<std::int64_t> c{big, -big, -big, big};
  CHECK(metrics::min_cost_assignment(2, c).total == -2 * big);
  CHECK(metrics::max_cost_assignment(2, c).total == 2 * big);
  // a cost matrix whose unique optimum is the reversal: c(i,j) = |i + j - (n-1)|
  const std::uint64_t n = 60;
  std::vector<std::int64_t> d(n * n);
  for (std::uint64_t i = 0; i < n; ++i)
    for (std::uint64_t j = 0; j < n; ++j) d[i * n + j] = std::llabs(static_cast<std::int64_t>(i + j) - static_cast<std::int64_t>(n - 1));
  const auto r = metrics::min_cost_assignment(n, d);
  CHECK(r.total == 0);
  for (std::uint64_t i = 0; i < n; ++i) CHECK(r.assignment[i] == n - 1 - i);
}

TEST_CASE("linear_assignment: bad input") {
  std::vector<std::int64_t> c(4, 0);
  CHECK_THROWS_AS(metrics::min_cost_assignment(0, {}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::min_cost_assignment(3, c), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::max_cost_assignment(metrics::assignment_max_n + 1, c), core::invalid_parameter);
  c[2] = metrics::assignment_max_cost + 1;
  CHECK_THROWS_AS(metrics::max_cost_assignment(2, c), core::invalid_parameter);
  c[2] = -metrics::assignment_max_cost - 1;
  CHECK_THROWS_AS(metrics::min_cost_assignment(2, c), core::invalid_parameter);
}

TEST_CASE("linear_assignment: the warm start finds the same optimum as the empty start (n up to 300)") {
  core::python_random rng(7);
  for (const std::uint64_t n : {9u, 40u, 120u, 300u}) {
    for (const std::int64_t range : {2, 5, 100000}) {  // small ranges: many zeros after the row reduction
      std::vector<std::int64_t> c(n * n);
      for (auto& x : c) x = static_cast<std::int64_t>(rng.randrange(static_cast<std::uint64_t>(range) + 1));
      for (const std::int64_t sign : {1, -1}) {
        const auto warm = metrics::detail::assignment_core(n, c, sign, true);
        const auto cold = metrics::detail::assignment_core(n, c, sign, false);
        CHECK(warm.total == cold.total);
        check_assignment(n, c, warm);
      }
    }
  }
}

}  // namespace linear_assignment_test
