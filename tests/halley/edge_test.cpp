// Tests for the Halley functions at the edge of the accepted domain: against
// tests/fixtures/halley/edge.txt (mpmath at 40+ digits, made by make_edge.py), and
// the identities that hold exactly there (I_{1/2}(a, a) = 1/2, the nested model at
// ρ_within = ρ_across is the flat model, each root meets its defining condition).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/latent_level.hpp"
#include "shiftfly/halley/light_reserve.hpp"

namespace edge_test {

using namespace shiftfly::halley;

namespace {

std::vector<std::vector<std::string>> edge_rows(const std::string& kind) {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/halley/edge.txt");
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::vector<std::string> f;
    for (std::string w; is >> w;) f.push_back(w);
    if (!f.empty() && f[0] == kind) rows.push_back(f);
  }
  return rows;
}

// strtod, not stod: mpmath's tails go below the smallest double (stod throws there).
double num(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

// Relative agreement to tol where the expected value is at least `floor`; below it,
// the value must be below 10·floor (the order of magnitude, never a large value).
bool close(double actual, double expected, double tol, double floor = 1e-290) {
  if (expected < floor) return actual >= 0 && actual < 10 * floor;
  return std::fabs(actual - expected) <= tol * std::fabs(expected);
}

}  // namespace

TEST_CASE("latent level: both tails agree with mpmath to 1e-12 over the whole domain", "[halley][edge]") {
  const auto rows = edge_rows("tails");
  REQUIRE(rows.size() > 500);
  int large = 0;
  for (const auto& f : rows) {
    const double sigma = num(f[1]), lambda = num(f[2]), rho = num(f[3]);
    const double lo = num(f[4]), hi = num(f[5]);
    const auto t = latent_tails(sigma, lambda, rho);
    INFO("sigma " << f[1] << " lambda " << f[2] << " rho " << f[3] << ": lower " << t.lower << " (mpmath " << f[4]
                  << "), upper " << t.upper << " (mpmath " << f[5] << ")");
    CHECK(close(t.lower, lo, 1e-12));
    CHECK(close(t.upper, hi, 1e-12));
    CHECK(t.lower >= 0);
    CHECK(t.lower <= 1);
    CHECK(t.upper >= 0);
    CHECK(t.upper <= 1);
    // The tool's functions are the same numbers.
    CHECK(ceiling(sigma, lambda, rho) == t.lower);
    CHECK(ceiling_shortfall(sigma, lambda, rho) == t.upper);
    if (detail::shape_of(lambda, rho).large()) ++large;
  }
  CHECK(large > 200);  // the relative-entropy regime is exercised, not only Boost's
}

TEST_CASE("latent level: quantiles agree with mpmath, complements included", "[halley][edge]") {
  const auto rows = edge_rows("quantile");
  REQUIRE(rows.size() > 30);
  for (const auto& f : rows) {
    const double p = num(f[1]), lambda = num(f[2]), rho = num(f[3]);
    const auto q = latent_quantile(p, lambda, rho);
    INFO("p " << f[1] << " lambda " << f[2] << " rho " << f[3] << ": sigma " << q.sigma << " (mpmath " << f[4]
              << "), 1 - sigma " << q.complement << " (mpmath " << f[5] << ")");
    CHECK(close(q.sigma, num(f[4]), 1e-12));
    CHECK(close(q.complement, num(f[5]), 1e-12));
  }
}

TEST_CASE("ceiling: the exact value 1/2 of a symmetric law at every correlation", "[halley][edge]") {
  // I_{1/2}(a, a) = 1/2: at λ = σ = 1/2 the ceiling is exactly one half for every ρ
  // (Boost's ibeta gave 0.37987 at ρ = 1e-20 and 61825.77 at 1e-21, and no answer at 1e-30).
  for (double rho : {smallest_correlation, 1e-300, 1e-100, 1e-30, 1e-21, 1e-20, 1e-19, 1e-15, 1e-13, 1e-12, 1e-9, 1e-6,
                     1e-3, 0.1, 0.5, 0.9}) {
    INFO("rho " << rho);
    CHECK(std::fabs(ceiling(0.5, 0.5, rho) - 0.5) <= 2e-15);
    CHECK(std::fabs(ceiling_shortfall(0.5, 0.5, rho) - 0.5) <= 2e-15);
  }
}

TEST_CASE("ceiling: the correlation for a target is found below 1e-9, and meets its definition", "[halley][edge]") {
  // λ = 0.1, σ = 0.10001, target 0.999: mpmath puts the crossing near 1.16e-10 (the search
  // used to start at 1e-9 and answered null).
  const auto rc = rho_for_ceiling(0.1, 0.10001, 0.999);
  REQUIRE(rc.reachable);
  CHECK(rc.outcome == correlation_outcome::crossing);
  CHECK(rc.rho > 1.15e-10);
  CHECK(rc.rho < 1.17e-10);
  CHECK(ceiling_shortfall(0.10001, 0.1, rc.rho) <= 1 - 0.999);
  CHECK(ceiling_shortfall(0.10001, 0.1, rc.rho * (1 + 1e-10)) > 1 - 0.999);
  for (const auto& f : edge_rows("rhoceil")) {
    const double lambda = num(f[1]), sigma = num(f[2]), target = num(f[3]);
    const auto r = rho_for_ceiling(lambda, sigma, target);
    INFO(f[1] << " " << f[2] << " " << f[3] << ": rho " << r.rho << " (mpmath " << f[4] << ")");
    REQUIRE(r.reachable);
    CHECK(close(r.rho, num(f[4]), 1e-10));
    CHECK(ceiling_shortfall(sigma, lambda, r.rho) <= 1 - target);
  }
  // σ ≤ λ: the ceiling tends to at most 1/2 as ρ → 0, so a 0.9 target is out of reach, and
  // the search says where it stopped.
  const auto none = rho_for_ceiling(0.3, 0.3, 0.9);
  CHECK_FALSE(none.reachable);
  CHECK(none.outcome == correlation_outcome::unreachable);
  CHECK(none.smallest_rho == smallest_correlation);
  CHECK(none.shortfall_at_smallest > 0.1);
}

TEST_CASE("failure count: tails at tiny correlation and pools up to 2e7 agree with mpmath", "[halley][edge]") {
  const auto rows = edge_rows("coverage");
  REQUIRE(rows.size() >= 10);
  for (const auto& f : rows) {
    const auto n = std::stoull(f[1]), k = std::stoull(f[2]);
    const double lambda = num(f[3]), rho = num(f[4]);
    INFO(f[1] << " " << f[2] << " " << f[3] << " " << f[4]);
    CHECK(close(failure_cdf(n, k, lambda, rho), num(f[5]), 1e-12));
    CHECK(close(failure_sf(n, k, lambda, rho), num(f[6]), 1e-12));
  }
}

TEST_CASE("LightReserve: rho' is found below 1e-9, and meets its definition", "[halley][edge]") {
  // 32 channels, λ = 0.3, ρ = 0.1: the cap's 32 spares reach 0.9997495680813482 only
  // below ρ′ ≈ 2.23e-10 (was printed as 0.0).
  const double target = 0.9997495680813482;
  const auto s = light_reserve(32, 0.3, 0.1, target, 0.5);
  REQUIRE_FALSE(s.reachable);
  REQUIRE(s.rho_target_exists);
  CHECK(s.rho_search.outcome == correlation_outcome::crossing);
  CHECK(s.rho_target > 2.2e-10);
  CHECK(s.rho_target < 2.26e-10);
  CHECK(coverage_shortfall(32, 32, 0.3, s.rho_target) <= 1 - target);
  CHECK(coverage_shortfall(32, 32, 0.3, s.rho_target * (1 + 1e-10)) > 1 - target);
  for (const auto& f : edge_rows("rhocov")) {
    const auto n = std::stoull(f[1]), sp = std::stoull(f[2]);
    const double lambda = num(f[3]), t = num(f[4]);
    const auto r = rho_for_coverage(n, sp, lambda, t);
    INFO(f[1] << " " << f[2] << " " << f[3] << " " << f[4] << ": rho " << r.rho << " (mpmath " << f[5] << ")");
    REQUIRE(r.reachable);
    // A root is as accurate as the shortfall divided by its sensitivity d ln sf / d ln ρ,
    // which is 1e-8 for the first row (sf moves by 1e-8 of itself between ρ = 0 and ρ′):
    // there 1e-16 in sf is 1e-8 in ρ′. The defining condition below is exact.
    CHECK(close(r.rho, num(f[5]), 1e-6));
    CHECK(coverage_shortfall(n, sp, lambda, r.rho) <= 1 - t);
  }
  // Out of reach even for independent lasers: said so, with the shortfall at ρ = 0.
  const auto none = rho_for_coverage(32, 1, 0.3, 0.999);
  CHECK_FALSE(none.reachable);
  CHECK(none.outcome == correlation_outcome::unreachable);
  CHECK(none.smallest_rho == 0.0);
  CHECK(none.shortfall_at_smallest == coverage_shortfall(32, 1, 0.3, 0.0));
}

TEST_CASE("hierarchy: the nested model at rho_within = rho_across is the flat model, to 1e-12", "[halley][edge]") {
  // Given Θ0 the modules are Binomial(L, Θ0), their sum Binomial(ML, Θ0): integrated over
  // Θ0 this is the flat Beta-Binomial at ρ̄ = ρ exactly. Nested is a quadrature, flat exact sums.
  for (double lambda : {1e-12, 1e-3, 0.05, 0.3, 0.9, 0.999}) {
    for (double rho : {smallest_correlation, 1e-300, 1e-21, 1e-18, 1e-13, 1e-12, 1e-9, 1e-6, 1e-4, 1e-3, 0.05, 0.5,
                       0.99}) {
      const module_shape m{8, 8, rho, rho};
      const auto spares =
          std::min<std::uint64_t>(63, static_cast<std::uint64_t>(64 * lambda + 3 * std::sqrt(64 * lambda) + 1));
      const auto h = hierarchy_coverage(m, spares, lambda);
      INFO("lambda " << lambda << " rho " << rho << " spares " << spares << ": nested " << h.nested << " flat " << h.flat
                     << "; shortfalls " << h.nested_shortfall << " " << h.flat_shortfall);
      CHECK(std::fabs(h.nested - h.flat) <= 1e-12 * h.flat);
      CHECK(std::fabs(h.nested_shortfall - h.flat_shortfall) <= 1e-12 * h.flat_shortfall);
    }
  }
}

TEST_CASE("latent level: refusals name the parameter and the accepted range", "[halley][edge]") {
  CHECK_THROWS_WITH(latent_tails(0.5, 0.5, 1e-320), Catch::Contains("rho") && Catch::Contains("2.2250738585072014e-308"));
  CHECK_THROWS_WITH(latent_tails(0.5, 0.5, 0.0), Catch::Contains("rho"));
  CHECK_THROWS_WITH(latent_tails(0.5, 1.0, 0.1), Catch::Contains("lambda"));
  CHECK_THROWS_WITH(latent_tails(1.5, 0.5, 0.1), Catch::Contains("sigma"));
  CHECK_THROWS_WITH(latent_quantile(1.0, 0.5, 0.1), Catch::Contains("p"));
  CHECK_THROWS_WITH(ceiling(0.5, 0.5, std::nan("")), Catch::Contains("rho"));
}

TEST_CASE("latent level: both regimes agree where both are accurate, just below the switch", "[halley][edge]") {
  // At min(a, b) just under 1000, Boost's ibeta is still accurate (its error grows like
  // min(a, b)·ε): the relative-entropy quadrature, forced there, must give the same numbers.
  for (double lambda : {0.05, 0.3, 0.5, 0.9}) {
    const double rho = 1 / (1 + 950 / std::min(lambda, 1 - lambda));  // min(a, b) = 950
    const auto s = detail::shape_of(lambda, rho);
    REQUIRE_FALSE(s.large());
    const double w = std::sqrt(lambda * (1 - lambda) * rho);
    for (double k : {-6.0, -2.0, 0.0, 0.5, 3.0}) {
      const double sigma = lambda + k * w;
      const auto forced = detail::large_tails(s, sigma);
      const auto boost_tails = latent_tails(sigma, lambda, rho);
      INFO("lambda " << lambda << " k " << k << ": " << forced.lower << " vs " << boost_tails.lower);
      CHECK(std::fabs(forced.lower - boost_tails.lower) <= 1e-12 * boost_tails.lower);
      CHECK(std::fabs(forced.upper - boost_tails.upper) <= 1e-12 * boost_tails.upper);
    }
    for (double p : {1e-9, 0.01, 0.5, 0.99, 1 - 1e-9}) {
      const double forced = detail::large_quantile(s, p, 1 - p);
      const double boost_q = latent_quantile(p, lambda, rho).sigma;
      INFO("lambda " << lambda << " p " << p);
      CHECK(std::fabs(forced - boost_q) <= 1e-12 * boost_q);
    }
  }
}

TEST_CASE("composition: the goodput quantile's rho derivative is continuous across the switch", "[halley][edge]") {
  // At λ = 0.05 both shapes cross 1000 between ρ = 5.1e-5 and 4.9e-5. ∂F⁻¹(q)/∂ρ ∝ ρ^(-1/2) to
  // leading order, so across this step it grows by √(5.1/4.9) = 1.0202, skew aside.
  const double below = 5.1e-5, above = 4.9e-5;
  REQUIRE_FALSE(detail::shape_of(0.05, below).large());
  REQUIRE(detail::shape_of(0.05, above).large());
  const double db = quantile_rho_derivative(0.05, below, 0.99), da = quantile_rho_derivative(0.05, above, 0.99);
  CHECK(da / db == Approx(std::sqrt(5.1 / 4.9)).epsilon(0.003));
}

}  // namespace edge_test
