// Tests of metrics/flow/assignment.hpp: the double-valued rectangular matching against a brute
// force over every injection of rows into columns, with its potentials checked as a certificate;
// the two integer solvers stay callable under their names from the one header.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "shiftfly/metrics/flow/assignment.hpp"

namespace assignment_test {

using namespace shiftfly;

namespace {
// The best Σ w(i, π(i)) over matchings of the rows (a row may stay unmatched: weight 0).
double brute_force(std::size_t r, std::size_t c, const std::vector<double>& w) {
  std::vector<std::size_t> cols(c + r);  // columns, then r "unmatched" slots
  std::iota(cols.begin(), cols.end(), 0);
  double best = 0.0;
  do {
    double s = 0.0;
    for (std::size_t i = 0; i < r; ++i)
      if (cols[i] < c) s += w[i * c + cols[i]];
    best = std::max(best, s);
  } while (std::next_permutation(cols.begin(), cols.end()));
  return best;
}
}  // namespace

TEST_CASE("max_weight_matching: the brute force's optimum, with feasible potentials that sum to it") {
  std::uint64_t x = 99;
  const auto next = [&] { return (x = x * 6364136223846793005ULL + 1442695040888963407ULL) >> 11; };
  for (std::size_t r = 1; r <= 4; ++r)
    for (std::size_t c = 1; c <= 4; ++c)
      for (int trial = 0; trial < 5; ++trial) {
        std::vector<double> w(r * c);
        for (auto& e : w) e = static_cast<double>(next() % 8) / static_cast<double>(1 + next() % 3);
        const auto m = metrics::max_weight_matching(r, c, w);
        double weight = 0.0;
        std::vector<int> used(c, 0);
        for (std::size_t i = 0; i < r; ++i)
          if (m.match[i] >= 0) {
            REQUIRE(m.match[i] < static_cast<std::int64_t>(c));
            CHECK(++used[static_cast<std::size_t>(m.match[i])] == 1);
            weight += w[i * c + static_cast<std::size_t>(m.match[i])];
          }
        INFO("r=" << r << " c=" << c << " trial " << trial);
        CHECK(std::fabs(weight - brute_force(r, c, w)) <= 1e-9);
        double potentials = 0.0;
        for (std::size_t i = 0; i < r; ++i) {
          CHECK(m.u[i] >= 0.0);
          potentials += m.u[i];
          for (std::size_t j = 0; j < c; ++j) CHECK(m.u[i] + m.v[j] >= w[i * c + j] - 1e-9);
        }
        for (std::size_t j = 0; j < c; ++j) potentials += m.v[j];
        CHECK(std::fabs(potentials - weight) <= 1e-9);
      }
}

TEST_CASE("assignment.hpp: the integer solvers answer under their own names") {
  const std::vector<std::int64_t> cost{4, 1, 3, 2, 0, 5, 3, 2, 2};
  CHECK(metrics::min_cost_assignment(3, cost).total == 5);
  CHECK(metrics::max_cost_assignment(3, cost).total == 11);
  const std::vector<std::uint8_t> d{0, 2, 1, 2, 0, 3, 1, 3, 0};
  CHECK(metrics::max_weight_assignment<std::uint8_t>(3, d).total == 6);
}

}  // namespace assignment_test
