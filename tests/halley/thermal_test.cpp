// ThermaLead's closed forms (Halley Section IV-C).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

#include "shiftfly/halley/thermal.hpp"

namespace thermal_test {

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

TEST_CASE("residual_sd_ratio: sigma_e/sigma_x = sqrt(1 - R^2)", "[halley][thermal]") {
  CHECK(residual_sd_ratio(0.6) == Approx(0.8).epsilon(1e-15));
  CHECK(residual_sd_ratio(0.0) == 1.0);
  // Independently: the sample ratio of an AR(1) series' one-step residual to the series.
  double x = 0, sum_x2 = 0, sum_e2 = 0;
  std::uint64_t state = 12345;
  auto gauss = [&] {  // Box-Muller on a 64-bit LCG
    auto u = [&] {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      return (static_cast<double>(state >> 11) + 0.5) / 9007199254740992.0;
    };
    const double a = u(), b = u();
    return std::sqrt(-2 * std::log(a)) * std::cos(6.283185307179586 * b);
  };
  const double r = 0.8;
  for (int t = 0; t < 200000; ++t) {
    const double e = gauss() * std::sqrt(1 - r * r);
    const double next = r * x + e;
    if (t > 100) {
      sum_x2 += next * next;
      sum_e2 += e * e;
    }
    x = next;
  }
  CHECK(std::sqrt(sum_e2 / sum_x2) == Approx(residual_sd_ratio(r)).epsilon(0.02));
  CHECK_THROWS_AS(residual_sd_ratio(1.0), std::invalid_argument);
}

}  // namespace thermal_test
