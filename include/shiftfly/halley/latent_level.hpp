#pragma once
/// \file latent_level.hpp
/// The latent common-cause level Θ of a laser pool (Halley, Section III-A,
/// Theorem 1): Θ ~ Beta(a, b) with a = λ(1−ρ)/ρ and b = (1−λ)(1−ρ)/ρ. Its
/// distribution function, survival function, quantiles and expectations, each
/// accurate on the whole accepted domain: λ in (0, 1) and ρ from the smallest
/// normal double (2.2e-308) up to, not including, 1.
///
/// Two regimes, chosen by the smaller shape parameter m = min(a, b):
///  - m ≤ large_shape: Boost.Math's ibeta, ibetac, ibeta_inv and ibeta_derivative
///    in (a, b). Their error grows like m·ε: the prefix x^a (1−x)^b / B(a, b) is
///    formed from a and b, and ε relative in a or b is m·ε absolute in the exponent.
///  - m > large_shape (ρ ≲ λ(1−λ)/1000, a + b beyond a few thousand): the law is
///    written in relative-entropy coordinates that never form a − b-sized
///    cancellations. With r = a + b = (1−ρ)/ρ and u = t − λ,
///        t^{a−1} (1−t)^{b−1} ∝ exp(−r·K(t)) / (t(1−t)),
///        K(t) = KL(λ ‖ t) = λ·φ(u/λ) + (1−λ)·φ(−u/(1−λ)),  φ(x) = x − log(1+x) ≥ 0,
///    (φ by Boost.Math's log1pmx; the linear terms of the two logarithms cancel
///    exactly in this form). Every probability is a ratio of integrals of that
///    density, split at λ and at σ so that each runs from a point of known scale
///    outward, and computed by exp-sinh quadrature (Boost.Math) in units of the
///    local scale s = 1/(1/w + r·|K'(σ)|), w = √(λ(1−λ)/r). The normalising
///    constant B(a, b) is never formed: the two halves about λ give it.
///    This is the regime where Boost's own ibeta printed impossible values
///    (λ = 0.5, ρ = 1e-21: 61825.8 for a probability) or did not return
///    (ρ = 1e-30). Temme's uniform expansion (Temme 1982; DiDonato and Morris 1992,
///    BASYM) targets the same regime; the quadrature is used because its error is
///    estimated on every call and it has no truncation order to choose.
///
/// Accuracy (tests/halley/latent_level_test.cpp against mpmath at 40+ digits,
/// tests/fixtures/halley/latent_level.txt): both tails to 1e-12 relative wherever
/// the tail is at least 1e-290, over λ in [1e-12, 0.999], ρ in [2.2e-308, 0.999].
/// Tails below that are still returned with their true order of magnitude, and
/// tails that would underflow are 0.

#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/log1p.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/halley/beta_binomial.hpp"

namespace shiftfly::halley {

/// The smallest positive correlation the Halley functions accept: the smallest
/// normal double. Below it 1/ρ overflows.
inline constexpr double smallest_correlation = std::numeric_limits<double>::min();

/// The failure probabilities λ the halley tools accept: the range the differential
/// test covers (tests/fixtures/halley/make_edge.py), 1e-12 to 1 − 1e-12. The library
/// functions take any λ in (0, 1); outside this range their accuracy is not tested.
inline constexpr double smallest_rate = 1e-12;
inline constexpr double largest_rate = 0.999999999999;

/// Above this smaller shape parameter min(a, b), the latent level is computed in
/// relative-entropy coordinates instead of by Boost's ibeta (see the file comment).
inline constexpr double large_shape = 1000;

/// Pr[Θ ≤ σ] and Pr[Θ > σ], each computed directly (neither as one minus the other
/// where that would lose digits).
struct level_tails {
  double lower = 0;  ///< Pr[Θ ≤ σ]
  double upper = 0;  ///< Pr[Θ > σ]
};

/// A quantile σ and its complement 1 − σ, each to full relative accuracy.
struct level_quantile {
  double sigma = 0;       ///< σ with Pr[Θ ≤ σ] = the probability asked for
  double complement = 0;  ///< 1 − σ
};

namespace detail {

/// Rejects NaN, values outside [smallest_correlation, 1) and subnormals (ρ = 0 is not a Beta law).
inline void require_latent(const char* where, double lambda, double rho) {
  if (!std::isfinite(lambda) || !(lambda > 0) || !(lambda < 1))
    core::throw_out_of_range(where, "lambda", lambda, "strictly between 0 and 1");
  if (!std::isfinite(rho) || !(rho >= smallest_correlation) || !(rho < 1))
    core::throw_out_of_range(where, "rho", rho,
                             "from " + core::to_message(smallest_correlation) + " up to, not including, 1");
}

/// The law's parameters in both coordinates.
struct latent_shape {
  double lambda = 0, r = 0, a = 0, b = 0;
  bool large() const { return std::min(a, b) > large_shape; }
};

inline latent_shape shape_of(double lambda, double rho) {
  // a and b exactly as beta_parameters() forms them (the same doubles, the same results).
  return {lambda, (1 - rho) / rho, lambda * (1 - rho) / rho, (1 - lambda) * (1 - rho) / rho};
}

/// φ(x) = x − log(1+x) for x ≥ −1, without cancellation (+inf at −1).
inline double excess(double x) {
  if (x <= -1) return std::numeric_limits<double>::infinity();
  return -boost::math::log1pmx(x);
}

/// K(λ + u) = KL(Bernoulli(λ) ‖ Bernoulli(λ + u)) ≥ 0.
inline double relative_entropy(double lambda, double u) {
  return lambda * excess(u / lambda) + (1 - lambda) * excess(-u / (1 - lambda));
}

/// r·K beyond which a tail is below e^-800 relative to the whole law and so
/// underflows: the tail is at most exp(−r·K(σ))·√(λ(1−λ)r)/(1−σ)·const ≤ exp(−r·K + 400).
inline constexpr double underflow_exponent = 1200;

/// log of ∫ exp(−r·K(t))·λ(1−λ)/(t(1−t)) dt from t = λ + u outward (dir = −1: down
/// to 0, dir = +1: up to 1), by exp-sinh quadrature in units of the local scale.
inline double log_outward(const latent_shape& s, double u, int dir) {
  const double lambda = s.lambda, r = s.r;
  // t and 1 − t both from u: near λ ≈ 1, 1 − (λ + u) would keep only the digits of the
  // rounded sum (1e-4 relative at λ = 1 − 1e-12).
  const double p = lambda + u, pc = (1 - lambda) - u;
  if (!(p > 0)) return dir < 0 ? -std::numeric_limits<double>::infinity() : 0.0;
  if (!(pc > 0)) return dir > 0 ? -std::numeric_limits<double>::infinity() : 0.0;
  const double kp = relative_entropy(lambda, u);
  if (r * kp > underflow_exponent) return -std::numeric_limits<double>::infinity();
  const long double w = std::sqrt(static_cast<long double>(lambda) * (1 - lambda)) / std::sqrt(static_cast<long double>(r));
  const long double slope = static_cast<long double>(r) * std::fabs(u) / (static_cast<long double>(p) * pc);
  const double scale = static_cast<double>(1 / (1 / w + slope));
  const double pq = p * pc;
  auto g = [&](double v) {
    const double uv = u + dir * v * scale;
    const double t = lambda + uv, tc = (1 - lambda) - uv;
    if (!(t > 0) || !(tc > 0)) return 0.0;
    const double e = r * (relative_entropy(lambda, uv) - kp);
    return std::exp(-e) * pq / (t * tc);
  };
  boost::math::quadrature::exp_sinh<double> integrator(12);
  double err = 0, l1 = 0;
  const double integral = integrator.integrate(g, 1e-15, &err, &l1);
  return -r * kp + std::log(scale) + std::log(integral) + std::log(lambda * (1 - lambda) / pq);
}

/// log of the whole law's mass in the units of log_outward: the two halves about λ.
inline double log_total(const latent_shape& s) {
  return static_cast<double>(log_add(log_outward(s, 0, -1), log_outward(s, 0, +1)));
}

/// Both tails in the relative-entropy regime.
inline level_tails large_tails(const latent_shape& s, double sigma) {
  const double z = log_total(s);
  const double u = sigma - s.lambda;
  if (u <= 0) {
    const double lower = std::exp(log_outward(s, u, -1) - z);
    return {lower, 1 - lower};
  }
  const double upper = std::exp(log_outward(s, u, +1) - z);
  return {1 - upper, upper};
}

}  // namespace detail

/// Pr[Θ ≤ σ] and Pr[Θ > σ] for σ in [0, 1] (Theorem 1 Part 2's F_Beta(σ; a, b) and its complement).
inline level_tails latent_tails(double sigma, double lambda, double rho) {
  core::require_range("latent_tails", "sigma", sigma, 0.0, 1.0);
  detail::require_latent("latent_tails", lambda, rho);
  if (sigma == 0) return {0, 1};
  if (sigma == 1) return {1, 0};
  const auto s = detail::shape_of(lambda, rho);
  if (!s.large()) return {boost::math::ibeta(s.a, s.b, sigma), boost::math::ibetac(s.a, s.b, sigma)};
  return detail::large_tails(s, sigma);
}

namespace detail {

/// σ with Pr[Θ ≤ σ] = p_lower (used when p_lower ≤ 1/2) or Pr[Θ > σ] = p_upper
/// (otherwise), in the relative-entropy regime: TOMS 748 on the log of the
/// smaller tail, on a bracket grown from λ in steps of the standard deviation.
inline double large_quantile(const latent_shape& s, double p_lower, double p_upper) {
  const bool use_lower = p_lower <= 0.5;
  const double log_p = std::log(use_lower ? p_lower : p_upper);
  const double z = log_total(s);
  // f increases with σ and is 0 at the quantile.
  auto f = [&](double sigma) {
    const double u = sigma - s.lambda;
    if (use_lower) {
      const double lt = u <= 0 ? log_outward(s, u, -1) - z : std::log1p(-std::exp(log_outward(s, u, +1) - z));
      return lt - log_p;
    }
    const double ut = u > 0 ? log_outward(s, u, +1) - z : std::log1p(-std::exp(log_outward(s, u, -1) - z));
    return log_p - ut;
  };
  const double w = std::sqrt(s.lambda * (1 - s.lambda)) / std::sqrt(s.r);
  double lo = s.lambda, hi = s.lambda;
  double step = w;
  double flo = f(lo), fhi = flo;
  while (flo > 0) {  // quantile below λ
    hi = lo;
    fhi = flo;
    lo = std::max(s.lambda - step, 0.0);
    step *= 2;
    flo = lo > 0 ? f(lo) : -std::numeric_limits<double>::infinity();
    if (lo == 0) break;
  }
  step = w;
  while (fhi < 0) {  // quantile above λ
    lo = hi;
    flo = fhi;
    hi = std::min(s.lambda + step, 1.0);
    step *= 2;
    fhi = hi < 1 ? f(hi) : std::numeric_limits<double>::infinity();
    if (hi == 1) break;
  }
  if (flo == 0) return lo;
  if (fhi == 0) return hi;
  std::uintmax_t iters = 200;
  auto tol = [](double x, double y) { return std::fabs(x - y) <= 4 * std::numeric_limits<double>::epsilon() * std::fmax(std::fabs(x), std::fabs(y)); };
  const auto br = boost::math::tools::toms748_solve(f, lo, hi, flo, fhi, tol, iters);
  return br.first + (br.second - br.first) / 2;
}

}  // namespace detail

/// The quantile σ with Pr[Θ ≤ σ] = p, p in (0, 1), and 1 − σ to full relative
/// accuracy (from the mirrored law 1 − Θ ~ Beta(b, a) when σ > 1/2).
inline level_quantile latent_quantile(double p, double lambda, double rho) {
  if (!std::isfinite(p) || !(p > 0) || !(p < 1)) core::throw_out_of_range("latent_quantile", "p", p, "strictly between 0 and 1");
  detail::require_latent("latent_quantile", lambda, rho);
  const auto s = detail::shape_of(lambda, rho);
  if (!s.large()) {
    const double sigma = boost::math::ibeta_inv(s.a, s.b, p);
    if (sigma <= 0.5) return {sigma, 1.0 - sigma};
    // 1 − σ from the mirrored law, 1 − Θ ~ Beta(b, a), given an exact probability: 1 − p is
    // exact for p ≥ 1/2; below, the upper-tail inverse takes p itself (1 − 1e-12 would
    // carry a relative error of 1e-4 into a 1e-12 tail).
    return {sigma, p >= 0.5 ? boost::math::ibeta_inv(s.b, s.a, 1.0 - p) : boost::math::ibetac_inv(s.b, s.a, p)};
  }
  // 1 − p is exact for p ≥ 1/2, and only the smaller of p, 1 − p is used below.
  if (lambda <= 0.5) {
    const double sigma = detail::large_quantile(s, p, 1 - p);
    return {sigma, 1 - sigma};
  }
  // Mirror: 1 − Θ ~ Beta with mean 1 − λ (exact for λ ≥ 1/2), lower and upper swapped.
  const auto m = detail::shape_of(1 - lambda, rho);
  const double c = detail::large_quantile(m, 1 - p, p);
  return {1 - c, c};
}

/// A probability and its complement, each computed directly (neither as one minus
/// the other), as a conditional probability given Θ = t.
struct complementary {
  double p = 0;  ///< the probability
  double q = 1;  ///< 1 − p
};

/// E[g(Θ).p] for a conditional probability g(t, 1 − t) → {p, 1 − p}, where the
/// complement 1 − t is computed without cancellation (the digits near t = 1 depend on
/// it). Three ways, by shape:
///  - min(a, b) ≤ large_shape: tanh-sinh on [0, c] and [c, 1], c the mean, so that a
///    narrow peak (a + b large) sits at an end of both pieces, where tanh-sinh's nodes
///    cluster at every scale (over [0, 1] in one piece it stepped over the peak). The
///    density near 1 is taken from the
///    mirrored law, f(t; a, b) = f(1 − t; b, a). When a < 1 the left piece is
///    p(0)·F(c) + ∫ (p − p(0)) f, and when b < 1 the right piece is
///    p(1)·(1 − F(c)) + ∫ (p − p(1)) f: with shape a, a share ε^a of the mass lies
///    below ε, which for a = 0.003 leaves 12% of it below the smallest double, where
///    no quadrature node can reach; subtracting the endpoint value leaves an
///    integrand that vanishes there (p − p(0) = p when p(0) = 0, −q when p(0) = 1);
///  - otherwise the ratio of the two exp-sinh halves about λ with and without g, in
///    relative-entropy coordinates (the normalising constant cancels).
/// `error`, when given, receives the quadrature's error estimate. `feature`, when in
/// (0, 1), is one more breakpoint for the first way: where g changes fastest (a
/// conditional tail of a large pool is a steep step there, which tanh-sinh resolves
/// at an end of a piece and not inside one).
template <class G>
double latent_expectation(G&& g, double lambda, double rho, double* error = nullptr,
                          double feature = std::numeric_limits<double>::quiet_NaN()) {
  detail::require_latent("latent_expectation", lambda, rho);
  const auto s = detail::shape_of(lambda, rho);
  if (!s.large()) {
    const double lo = 0, hi = 1, c = s.a / (s.a + s.b);
    auto density = [&](double t, double one_minus) {
      return t <= 0.5 ? boost::math::ibeta_derivative(s.a, s.b, t) : boost::math::ibeta_derivative(s.b, s.a, one_minus);
    };
    // minus: 0 integrates p·f; 1 integrates (p − p(0))·f; 2 integrates (p − p(1))·f.
    auto piece = [&](double x0, double x1, int minus, double p_end, double* e) {
      if (!(x1 > x0)) return 0.0;
      auto f = [&](double t, double tc) {
        if (!(t > 0) || !(t < 1)) return 0.0;
        const double one_minus = tc > 0 && x1 == 1.0 ? tc : 1 - t;
        if (!(one_minus > 0)) return 0.0;
        const complementary v = g(t, one_minus);
        double h = v.p;
        if (minus != 0) h = p_end == 0 ? v.p : p_end == 1 ? -v.q : v.p - p_end;
        return h == 0 ? 0.0 : h * density(t, one_minus);
      };
      boost::math::quadrature::tanh_sinh<double> integrator(15);
      double l1 = 0;
      return integrator.integrate(f, x0, x1, 1e-13, e, &l1);
    };
    // Breakpoints: the mean, and the caller's feature (where g changes fastest).
    std::vector<double> cuts{lo, c};
    if (feature > 0 && feature < 1 && feature != c) cuts.push_back(feature);
    cuts.push_back(hi);
    std::sort(cuts.begin(), cuts.end());
    double total = 0, err = 0;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
      const double x0 = cuts[i], x1 = cuts[i + 1];
      double e = 0;
      if (i == 0 && s.a < 1) {
        const double p0 = g(0.0, 1.0).p;
        total += p0 * boost::math::ibeta(s.a, s.b, x1) + piece(x0, x1, 1, p0, &e);
      } else if (i + 2 == cuts.size() && s.b < 1) {
        const double p1 = g(1.0, 0.0).p;
        total += p1 * boost::math::ibetac(s.a, s.b, x0) + piece(x0, x1, 2, p1, &e);
      } else {
        total += piece(x0, x1, 0, 0, &e);
      }
      err += e;
    }
    if (error) *error = err;
    return total;
  }
  // Relative-entropy regime: E[g] = (∫ g·h) / (∫ h) over the two halves about λ, each in
  // units of the standard deviation w, with h(λ) = 1.
  const double lam = s.lambda, r = s.r;
  const double w = std::sqrt(lam * (1 - lam)) / std::sqrt(r);
  auto half = [&](int dir, bool with_g, double* e) {
    auto f = [&](double v) {
      const double u = dir * v * w;
      const double t = lam + u, tc = (1 - lam) - u;
      if (!(t > 0) || !(tc > 0)) return 0.0;
      const double h = std::exp(-r * detail::relative_entropy(lam, u)) * lam * (1 - lam) / (t * tc);
      if (h == 0) return 0.0;
      return with_g ? g(t, tc).p * h : h;
    };
    boost::math::quadrature::exp_sinh<double> integrator(12);
    double l = 0;
    return integrator.integrate(f, 1e-15, e, &l);
  };
  double e1 = 0, e2 = 0, e3 = 0, e4 = 0;
  const double num = half(-1, true, &e1) + half(+1, true, &e2);
  const double den = half(-1, false, &e3) + half(+1, false, &e4);
  if (error) *error = (e1 + e2) / den + std::fabs(num / den) * (e3 + e4) / den;
  return num / den;
}

}  // namespace shiftfly::halley
