// ThermaLead's closed forms (Halley Section IV-C).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "shiftfly/halley/thermal.hpp"

using namespace shiftfly::halley;

TEST_CASE("sigma_e^2 = sigma_x^2 (1 - R^2): R = 0.075 removes less than 1% of the variance", "[halley][thermal]") {
  CHECK(residual_variance(4.0, 0.5) == Approx(3.0));
  CHECK(variance_removed(0.075) < 0.01);
  CHECK(variance_removed(0.075) == Approx(0.005625));
  CHECK(residual_variance(1.0, 0.0) == 1.0);
  // The AR(1) check: for x[t+1] = R x[t] + e, the best forecast R x[t] leaves Var(e) = (1 - R^2) Var(x).
  const double r = 0.8, var_x = 2.0;
  CHECK(residual_variance(var_x, r) == Approx(var_x - r * r * var_x));
}

TEST_CASE("lock loss is 2 Phi-bar(tau/sigma) and shrinking sigma strictly lowers it", "[halley][thermal]") {
  CHECK(lock_loss_probability(1.0, 1.0) == Approx(0.31731050786291415));
  CHECK(lock_loss_probability(2.0, 1.0) == Approx(0.04550026389635842));
  CHECK(lock_loss_probability(25.0, 25.0) == Approx(lock_loss_probability(1.0, 1.0)));  // only tau/sigma matters
  double prev = 1;
  for (double R : {0.0, 0.075, 0.13, 0.5, 0.8, 0.95}) {
    const double ratio = lock_loss_ratio(2.0, R);
    CHECK(ratio <= prev + 1e-15);
    prev = ratio;
  }
  CHECK(lock_loss_ratio(2.0, 0.0) == Approx(1.0).epsilon(1e-15));
  CHECK(lock_loss_ratio(2.0, 0.95) < 1e-8);
}

TEST_CASE("ThermaLead refuses bad input", "[halley][thermal][validation]") {
  CHECK_THROWS_AS(residual_variance(-1, 0.5), std::invalid_argument);
  CHECK_THROWS_AS(residual_variance(1, 1.0), std::invalid_argument);
  CHECK_THROWS_AS(lock_loss_probability(0, 1), std::invalid_argument);
  CHECK_THROWS_AS(lock_loss_probability(1, std::numeric_limits<double>::infinity()), std::invalid_argument);
  CHECK_THROWS_AS(variance_removed(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
}
