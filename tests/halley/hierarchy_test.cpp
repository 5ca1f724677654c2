// Theorem 2 (hierarchical ceiling), Halley Section V-A: printed values, mpmath
// reference values of the nested model, and its defining properties.
#include <catch2/catch.hpp>

#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "printed.hpp"
#include "shiftfly/halley/hierarchy.hpp"

namespace hierarchy_test {

using namespace shiftfly::halley;
using halley_test::fixed;
using halley_test::pct;

TEST_CASE("Theorem 2 at 18 x 8: 504 same-module and 9,792 cross-module pairs, rho_bar = 0.062", "[halley][hierarchy]") {
  const auto p = count_pairs(18, 8);
  CHECK(p.same == 504);
  CHECK(p.cross == 9792);
  CHECK(p.same + p.cross == 144 * 143 / 2);
  const module_shape m{18, 8, 0.30, 0.05};
  CHECK(fixed(average_correlation(m), 3) == "0.062");
  // "a ratio of (M-1)L/(L-1) that is close to the module count", roughly 19 to 1
  CHECK(static_cast<double>(p.cross) / static_cast<double>(p.same) == Approx(17.0 * 8 / 7));
}

TEST_CASE("Theorem 2 flat shortcut: 99.623% at rho = 0.15 rises to 99.993% at rho_bar (Fig. 8)", "[halley][hierarchy]") {
  const double rb = average_correlation({18, 8, 0.30, 0.05});
  CHECK(pct(failure_cdf(64, 32, 0.05, 0.15), 3) == "99.623");
  CHECK(pct(failure_cdf(64, 32, 0.05, rb), 3) == "99.993");
}

TEST_CASE("Theorem 2 at 8 x 8: rho_bar = 0.078, flat 99.975%, nested 99.985%", "[halley][hierarchy]") {
  const auto h = hierarchy_coverage({8, 8, 0.30, 0.05}, 32, 0.05);
  CHECK(fixed(h.rho_bar, 3) == "0.078");
  CHECK(pct(h.flat, 3) == "99.975");
  CHECK(pct(h.nested, 3) == "99.985");
  CHECK(h.nested > h.flat);  // "the shortcut errs low"
}

TEST_CASE("Theorem 2: the 18 x 8 shape at its own 2x cap reaches 99.997%", "[halley][hierarchy]") {
  const auto h = hierarchy_coverage({18, 8, 0.30, 0.05}, 72, 0.05);
  CHECK(pct(h.nested, 3) == "99.997");
}

TEST_CASE("the nested model agrees with mpmath quadrature to 1e-9", "[halley][hierarchy]") {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/halley/nested.txt");
  REQUIRE(in.good());
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::uint64_t M = 0, L = 0, s = 0;
    double lambda = 0, rw = 0, ra = 0, expected = 0;
    is >> M >> L >> s >> lambda >> rw >> ra >> expected;
    const double got = nested_shortfall({M, L, rw, ra}, s, lambda);
    INFO(line << " got " << got);
    CHECK(std::fabs(got - expected) < 1e-9);
    CHECK(got == Approx(expected).epsilon(1e-7));  // relative, on the shortfall itself
    ++rows;
  }
  CHECK(rows >= 4);
}

TEST_CASE("Theorem 2 Part 3: equal correlations reproduce the flat model digit for digit", "[halley][hierarchy]") {
  for (double rho : {0.02, 0.15, 0.4}) {
    for (std::uint64_t s : {2u, 16u, 32u}) {
      const module_shape m{8, 8, rho, rho};
      CHECK(nested_shortfall(m, s, 0.05) == Approx(failure_sf(64, s, 0.05, rho)).epsilon(1e-10));
    }
  }
  // One module: pairs correlate at rho_within, so the variance is the flat one at rho_within (the law of
  // Theta_1, a beta mixture of betas, is not itself a beta, so only the moments agree).
  CHECK(hierarchical_variance({1, 36, 0.3, 0.05}, 0.05) == Approx(failure_fraction_variance(36, 0.05, 0.3)).epsilon(1e-14));
}

TEST_CASE("Theorem 2 Part 1: variances of the nested pmf and the limit", "[halley][hierarchy]") {
  const module_shape m{4, 6, 0.3, 0.05};
  // The nested law's variance, integrated from its conditional pmfs, matches the pair-count formula.
  const double a = 0.05 * 0.95 / 0.05, b = 0.95 * 0.95 / 0.05;
  boost::math::quadrature::tanh_sinh<double> q;
  auto moment = [&](int p) {
    return q.integrate(
        [&](double t) {
          if (!(t > 0 && t < 1)) return 0.0;
          const auto pmf = nested_conditional_pmf(m, t);
          double s = 0;
          for (std::size_t k = 0; k < pmf.size(); ++k) s += std::pow(static_cast<double>(k) / 24.0, p) * pmf[k];
          return s * boost::math::ibeta_derivative(a, b, t);
        },
        0.0, 1.0);
  };
  const double m1 = moment(1), m2 = moment(2);
  CHECK(m1 == Approx(0.05).epsilon(1e-9));
  CHECK(m2 - m1 * m1 == Approx(hierarchical_variance(m, 0.05)).epsilon(1e-8));
  // As L grows, the variance tends to lambda(1-lambda)[rho_a + (rho_w - rho_a)/M].
  const double limit = hierarchical_variance_limit({18, 1, 0.3, 0.05}, 0.05);
  CHECK(hierarchical_variance({18, 100000, 0.3, 0.05}, 0.05) == Approx(limit).epsilon(1e-4));
  CHECK(limit == Approx(0.05 * 0.95 * (0.05 + 0.25 / 18)));
}

TEST_CASE("Section V-A: the flat shortcut is within about one point of the nested tail from 8 spares up, 0.63 from 12",
          "[halley][hierarchy]") {
  // The 18 x 8 shape: s spares among its 144 lasers.
  auto gap = [](std::uint64_t s) {
    const auto h = hierarchy_coverage({18, 8, 0.30, 0.05}, s, 0.05);
    return h.flat - h.nested;
  };
  CHECK(halley_test::fixed(100 * gap(8), 1) == "1.0");
  CHECK(halley_test::fixed(100 * gap(12), 2) == "0.63");
  // ...and those are the largest gaps from there up to the 2x cap of the shape.
  const double g8 = gap(8), g12 = gap(12);
  for (std::uint64_t s = 9; s <= 72; ++s) {
    INFO("spares " << s);
    CHECK(std::fabs(gap(s)) <= (s >= 12 ? g12 : g8));
  }
}

TEST_CASE("hierarchy functions refuse bad input", "[halley][hierarchy][validation]") {
  CHECK_THROWS_AS(average_correlation({0, 8, 0.3, 0.05}), std::invalid_argument);
  CHECK_THROWS_AS(average_correlation({8, 0, 0.3, 0.05}), std::invalid_argument);
  CHECK_THROWS_AS(average_correlation({8, 8, 0.04, 0.05}), std::invalid_argument);  // within < across
  CHECK_THROWS_AS(average_correlation({8, 8, 0.3, 0.0}), std::invalid_argument);
  CHECK_THROWS_AS(average_correlation({8, 8, 1.0, 0.05}), std::invalid_argument);
  CHECK_THROWS_AS(average_correlation({8, 8, std::numeric_limits<double>::quiet_NaN(), 0.05}), std::invalid_argument);
  CHECK_THROWS_AS(hierarchy_coverage({8, 8, 0.3, 0.05}, 64, 0.05), std::invalid_argument);
  CHECK_THROWS_AS(hierarchy_coverage({8, 8, 0.3, 0.05}, 32, 1.5), std::invalid_argument);
  CHECK_THROWS_AS(hierarchy_coverage({1000, 1000, 0.3, 0.05}, 32, 0.05), std::invalid_argument);
}

TEST_CASE("the nested model tends to independent modules as rho_across -> 0", "[halley][hierarchy]") {
  // As rho_across -> 0 the prior of the shared factor Theta0 concentrates on lambda, so the
  // shortfall tends to the tail of the conditional pmf at theta = lambda. The quadrature must
  // follow it (before the sharp-prior path it jumped to 0 at rho_across = 1e-5).
  for (std::uint64_t s : {4u, 8u}) {
    for (double ra : {1e-3, 1e-4, 1e-5, 1e-6, 1e-8}) {
      const module_shape m{4, 9, 0.3, ra};
      const auto pmf = nested_conditional_pmf(m, 0.05);
      double at_lambda = 0;
      for (std::size_t k = s + 1; k < pmf.size(); ++k) at_lambda += pmf[k];
      const double got = nested_shortfall(m, s, 0.05);
      INFO("s = " << s << ", rho_across = " << ra << ": " << got << " (at theta = lambda: " << at_lambda << ")");
      CHECK(std::isfinite(got));
      CHECK(std::fabs(got - at_lambda) <= 50 * ra * at_lambda + 1e-12);  // Var(Theta0) = O(rho_across); about 21 ra here
    }
  }
}

TEST_CASE("module_pool_size: M L lasers, whose pairs are the same- and cross-module pairs", "[halley][hierarchy]") {
  CHECK(module_pool_size({18, 8, 0.3, 0.05}) == 144);
  for (std::uint64_t m = 1; m <= 12; ++m)
    for (std::uint64_t l = 1; l <= 12; ++l) {
      const std::uint64_t n = module_pool_size({m, l, 0.3, 0.05});
      const auto p = count_pairs(m, l);
      CHECK(n * (n - 1) / 2 == p.same + p.cross);  // C(N, 2), counted independently
    }
  CHECK_THROWS_AS(module_pool_size({0, 8, 0.3, 0.05}), std::invalid_argument);
}

TEST_CASE("choose_hierarchy_model: nested when the shape is the pool and a node is cheap", "[halley][hierarchy]") {
  const module_shape q{18, 8, 0.30, 0.05};
  const auto nested = choose_hierarchy_model(q, 72, 72);
  CHECK(nested.model == hierarchy_model::nested);
  CHECK(nested.reason.empty());
  // The shape is not the pool: flat shortcut at rho_bar only, with the counts in the reason.
  const auto shape = choose_hierarchy_model(q, 32, 32);
  CHECK(shape.model == hierarchy_model::flat_only_shape);
  CHECK(shape.reason == "the nested model needs modules x lasers = channels + spares (144 != 64); rho_bar is taken from the module shape");
  // 2000 modules of 10 with 10,000 spares: 2000 x 10002 x 11 + 20 x 11 multiply-adds a node.
  const module_shape big{2000, 10, 0.30, 0.05};
  const auto costly = choose_hierarchy_model(big, 10000, 10000);
  CHECK(costly.model == hierarchy_model::flat_only_costly);
  CHECK(nested_node_work(big, 10000) == 2000.0 * 10002 * 11 + 20.0 * 11);
  CHECK(costly.reason.find("220044220 multiply-adds, above the bound of 1000000") != std::string::npos);
  // The bound is inclusive: a node costing exactly the bound is computed.
  const double w = nested_node_work(q, 72);
  CHECK(choose_hierarchy_model(q, 72, 72, w).model == hierarchy_model::nested);
  CHECK(choose_hierarchy_model(q, 72, 72, w - 1).model == hierarchy_model::flat_only_costly);
  // The shape is checked before the cost: a mismatched pool is never "too costly".
  CHECK(choose_hierarchy_model(big, 1, 1).model == hierarchy_model::flat_only_shape);
  CHECK_THROWS_AS(choose_hierarchy_model({18, 8, 0.01, 0.05}, 72, 72), std::invalid_argument);
}

}  // namespace hierarchy_test
