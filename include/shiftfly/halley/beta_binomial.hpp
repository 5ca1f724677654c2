#pragma once
/// \file beta_binomial.hpp
/// The failure-count law of a laser pool (Halley, Section III-A): the number F
/// of N exchangeable lasers that fail in one window is Binomial(N, λ) under
/// independence and Beta-Binomial(N, a, b) under pairwise correlation ρ, with
/// a = λ(1−ρ)/ρ and b = (1−λ)(1−ρ)/ρ (Theorem 1's latent level Θ ~ Beta(a, b)).
///
/// How it is computed. Everything is in log space and in long double. The
/// probabilities follow from the ratio recurrence
///   pmf(k+1)/pmf(k) = (N−k)(k·γ+α) / ((k+1)((N−k−1)·γ+β)),
///   pmf(0) = Π_{i<N} (β+iγ)/(α+β+iγ),
/// written in "scaled" shape parameters (α, β, γ) = (a, b, 1) for a
/// beta-binomial, (λ(1−ρ), (1−λ)(1−ρ), ρ) for the (λ, ρ) form and (p, 1−p, 0)
/// for a binomial. The (λ, ρ) form therefore never forms a or b, and at ρ = 0 it
/// *is* the binomial: the law is continuous in ρ down to and including 0.
/// Each tail is summed on its own (a rescaled linear recurrence, no log per
/// term) and normalised by the total, so
/// Pr[F ≤ k] and Pr[F > k] both keep full relative accuracy (about 1e-15 for
/// N up to a few thousand), including coverages within 1e-12 of one.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/halley/work_bound.hpp"

namespace shiftfly::halley {

/// Largest pool size the failure-count functions accept (memory and time are O(N)).
inline constexpr std::uint64_t max_pool_size = 50'000'000;

/// Beta parameters of the latent common-cause level Θ (Theorem 1 setup).
struct beta_shape {
  double a = 0;  ///< λ(1−ρ)/ρ
  double b = 0;  ///< (1−λ)(1−ρ)/ρ
};

namespace detail {

/// Rejects NaN/inf and values outside the open interval (0, 1).
inline void require_open_unit(const char* where, const char* param, double v) {
  if (!std::isfinite(v) || !(v > 0.0) || !(v < 1.0))
    core::throw_out_of_range(where, param, v, "strictly between 0 and 1");
  // A subnormal (below 2.2250738585072014e-308) overflows 1/v and the beta parameters.
  if (v < std::numeric_limits<double>::min())
    core::throw_out_of_range(where, param, v,
                             "strictly between 0 and 1, and not subnormal (at least 2.2250738585072014e-308)");
}

/// Rejects NaN/inf and values outside [0, 1).
inline void require_correlation(const char* where, const char* param, double v) {
  if (!std::isfinite(v) || !(v >= 0.0) || !(v < 1.0))
    core::throw_out_of_range(where, param, v, "0 (independent) up to, not including, 1");
}

inline void require_pool(const char* where, std::uint64_t n, std::uint64_t k) {
  core::require_range(where, "N", n, 0, max_pool_size);
  core::require_range(where, "k", k, 0, n);
}

/// Scaled shape: ratio pmf(k+1)/pmf(k) = (N−k)(kγ+α)/((k+1)((N−k−1)γ+β)).
struct scaled_shape {
  long double alpha, beta, gamma;
};

/// log pmf(k), k = 0..N, of the law with scaled shape s (α, β ≥ 0, not both 0).
inline std::vector<long double> log_pmf_table(std::uint64_t n, scaled_shape s) {
  constexpr long double neg_inf = -std::numeric_limits<long double>::infinity();
  core::require_memory("log_pmf_table", "the pmf of a pool of " + core::to_message(n) + " lasers (N + 1 long doubles)",
                       core::estimate_add_mul(0, n + 1, sizeof(long double)));
  std::vector<long double> lp(n + 1, neg_inf);
  if (s.alpha == 0) {  // Θ = 0 almost surely: nobody fails
    lp[0] = 0;
    return lp;
  }
  if (s.beta == 0) {  // Θ = 1 almost surely: everybody fails
    lp[n] = 0;
    return lp;
  }
  long double l0 = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const long double gi = static_cast<long double>(i) * s.gamma;
    l0 += std::log((s.beta + gi) / (s.alpha + s.beta + gi));
  }
  lp[0] = l0;
  for (std::uint64_t k = 0; k < n; ++k) {
    const long double kk = static_cast<long double>(k);
    const long double up = static_cast<long double>(n - k) * (kk * s.gamma + s.alpha);
    const long double down = (kk + 1) * (static_cast<long double>(n - k - 1) * s.gamma + s.beta);
    lp[k + 1] = lp[k] + std::log(up / down);
  }
  return lp;
}

/// log of x + y given log x and log y.
inline long double log_add(long double lx, long double ly) {
  if (lx == -std::numeric_limits<long double>::infinity()) return ly;
  if (ly == -std::numeric_limits<long double>::infinity()) return lx;
  const long double m = std::max(lx, ly);
  return m + std::log(std::exp(lx - m) + std::exp(ly - m));
}

inline scaled_shape scaled_from_lambda_rho(double lambda, double rho) {
  const long double l = lambda, r = rho;
  return {l * (1 - r), (1 - l) * (1 - r), r};
}

}  // namespace detail

/// Both tails of a failure count at k, in log space: log Pr[F ≤ k] and log Pr[F > k].
struct log_tails {
  double log_cdf = 0;  ///< log Pr[F ≤ k]
  double log_sf = 0;   ///< log Pr[F > k]; −inf when k = N
};

namespace detail {

/// Both tails at k without a log per term: the ratio recurrence runs in linear
/// long double, rescaled into a running log offset whenever it leaves
/// [1e-1000, 1e1000], so it cannot overflow or underflow. Relative error is
/// about N·1e-19.
/// Pools at least this large, with a log-concave law, are summed outward from the mode.
inline constexpr std::uint64_t mode_walk_pool = 1u << 16;
/// A term of the mode walk counts as this many terms of work (work_bound.hpp): with its
/// stopping test it takes about 19 ns on the project's machine (GCC), twice a term of
/// the plain recurrence.
inline constexpr std::uint64_t mode_walk_term_weight = 2;

/// Both tails at k for a log-concave law (α ≥ γ and β ≥ γ: a, b ≥ 1, or a binomial),
/// summed outward from the mode. The ratio pmf(j+1)/pmf(j) = q(j) does not increase
/// with j, so once a walk has left the mode the terms it has not reached sum to at most
/// w·q/(1−q), w the last term and q the last ratio: each walk stops when that bound is
/// below 2^-90 of the sum it would join (after it has passed k). The pmf is never
/// normalised term by term: both tails are divided by their total. Cost O(walked terms),
/// about the standard deviation times √(2·90·ln 2) on each side for the usual k.
inline log_tails tails_from_mode(std::uint64_t n, scaled_shape s, std::uint64_t k) {
  constexpr long double neg_inf = -std::numeric_limits<long double>::infinity();
  constexpr long double big = 1e1000L, small = 1e-1000L, tiny_share = 0x1p-90L;
  auto ratio = [&](std::uint64_t j) {  // pmf(j+1)/pmf(j), j < n
    const long double jj = static_cast<long double>(j);
    return static_cast<long double>(n - j) * (jj * s.gamma + s.alpha) /
           ((jj + 1) * (static_cast<long double>(n - j - 1) * s.gamma + s.beta));
  };
  // The mode: the first j with q(j) ≤ 1 (q does not increase), or n.
  std::uint64_t lo = 0, hi = n;
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (ratio(mid) <= 1) hi = mid;
    else lo = mid + 1;
  }
  const std::uint64_t mode = lo;
  // Sums in units of exp(scale) per walk, with values out of range banked in log space.
  struct side_sum {
    long double acc = 0, banked = -std::numeric_limits<long double>::infinity();
    void add(long double w, long double scale) {
      acc += w;
      if (acc > big) flush(scale);
    }
    void flush(long double scale) {
      if (acc > 0) banked = log_add(banked, scale + std::log(acc));
      acc = 0;
    }
    /// Whether x (in units of exp(scale)) is below the sum.
    bool below(long double x, long double scale) const {
      if (banked == -std::numeric_limits<long double>::infinity()) return x < acc;
      return scale + std::log(x) < log_value(scale);
    }
    long double log_value(long double scale) const {
      return acc > 0 ? log_add(banked, scale + std::log(acc)) : banked;
    }
  };
  long double log_lower = neg_inf, log_upper = neg_inf;
  auto finish = [&](side_sum& low, side_sum& up, long double scale) {
    log_lower = log_add(log_lower, low.log_value(scale));
    log_upper = log_add(log_upper, up.log_value(scale));
  };
  {  // upward from the mode (the mode itself included)
    side_sum low, up;
    long double w = 1, scale = 0;
    (mode <= k ? low : up).add(w, scale);
    for (std::uint64_t j = mode; j < n; ++j) {
      summed_terms() += mode_walk_term_weight;
      const long double q = ratio(j);
      w *= q;
      if (w < small) {  // rescale: move the sums into the new units
        low.flush(scale);
        up.flush(scale);
        scale += std::log(w);
        w = 1;
      }
      const bool is_upper = j + 1 > k;
      (is_upper ? up : low).add(w, scale);
      if (q < 1 && j + 1 > k && up.below(w * q / (1 - q) / tiny_share, scale)) break;
    }
    finish(low, up, scale);
  }
  {  // downward from the mode (the mode excluded)
    side_sum low, up;
    long double w = 1, scale = 0;
    for (std::uint64_t j = mode; j > 0; --j) {
      summed_terms() += mode_walk_term_weight;
      const long double q = 1 / ratio(j - 1);  // pmf(j−1)/pmf(j)
      w *= q;
      if (w < small) {
        low.flush(scale);
        up.flush(scale);
        scale += std::log(w);
        w = 1;
      }
      const bool is_upper = j - 1 > k;
      (is_upper ? up : low).add(w, scale);
      if (q < 1 && j - 1 <= k && low.below(w * q / (1 - q) / tiny_share, scale)) break;
    }
    finish(low, up, scale);
  }
  const long double total = log_add(log_lower, log_upper);
  return {static_cast<double>(log_lower - total),
          log_upper == neg_inf ? static_cast<double>(neg_inf) : static_cast<double>(log_upper - total)};
}

inline log_tails tails(std::uint64_t n, scaled_shape s, std::uint64_t k) {
  constexpr long double neg_inf = -std::numeric_limits<long double>::infinity();
  constexpr long double big = 1e1000L, small = 1e-1000L;
  if (s.alpha == 0) return {0.0, static_cast<double>(neg_inf)};  // nobody fails
  if (s.beta == 0) {                                              // everybody fails
    if (k >= n) return {0.0, static_cast<double>(neg_inf)};
    return {static_cast<double>(neg_inf), 0.0};
  }
  if (n >= mode_walk_pool && s.alpha >= s.gamma && s.beta >= s.gamma) return tails_from_mode(n, s, k);
  // log pmf(0) = Σ log((β+iγ)/(α+β+iγ)) as a rescaled product.
  long double prod = 1, offset = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const long double gi = static_cast<long double>(i) * s.gamma;
    prod *= (s.beta + gi) / (s.alpha + s.beta + gi);
    if (prod < small) {
      offset += std::log(prod);
      prod = 1;
    }
  }
  long double scale = offset + std::log(prod);  // pmf(j) = w·exp(scale)
  long double w = 1, acc = 1;  // acc: the current tail's sum, in units of exp(scale)
  long double banked = neg_inf;  // log of the part of the current tail moved out of acc
  long double log_lower = neg_inf, log_upper = neg_inf;
  for (std::uint64_t j = 0; j < n; ++j) {
    if (j == k) {
      log_lower = log_add(banked, scale + std::log(acc));
      banked = neg_inf;
      acc = 0;
    }
    const long double jj = static_cast<long double>(j);
    w *= static_cast<long double>(n - j) * (jj * s.gamma + s.alpha) /
         ((jj + 1) * (static_cast<long double>(n - j - 1) * s.gamma + s.beta));
    if (w > big || w < small) {
      // Rescale to w = 1; a sum that would leave the safe range is banked in log space.
      const long double moved = acc / w;
      if (acc > 0 && !(moved < big && moved > small)) {
        banked = log_add(banked, scale + std::log(acc));
        acc = 0;
      } else {
        acc = moved;
      }
      scale += std::log(w);
      w = 1;
    }
    acc += w;
  }
  summed_terms() += 2 * n;  // the product for pmf(0) and the recurrence
  const long double last = log_add(banked, scale + std::log(acc));
  if (k >= n) log_lower = last;
  else log_upper = last;
  const long double total = log_add(log_lower, log_upper);
  return {static_cast<double>(log_lower - total), static_cast<double>(log_upper - total)};
}

}  // namespace detail

/// Beta parameters a = λ(1−ρ)/ρ, b = (1−λ)(1−ρ)/ρ (Theorem 1); λ, ρ in (0, 1).
inline beta_shape beta_parameters(double lambda, double rho) {
  detail::require_open_unit("beta_parameters", "lambda", lambda);
  detail::require_open_unit("beta_parameters", "rho", rho);
  return {lambda * (1 - rho) / rho, (1 - lambda) * (1 - rho) / rho};
}

// ---------------------------------------------------------------- binomial

/// log Pr[F = k] for F ~ Binomial(N, p), p in [0, 1].
inline double binomial_log_pmf(std::uint64_t n, std::uint64_t k, double p) {
  detail::require_pool("binomial_log_pmf", n, k);
  core::require_range("binomial_log_pmf", "p", p, 0.0, 1.0);
  return static_cast<double>(detail::log_pmf_table(n, {p, 1.0L - p, 0})[k]);
}
/// Pr[F = k] for F ~ Binomial(N, p).
inline double binomial_pmf(std::uint64_t n, std::uint64_t k, double p) {
  return std::exp(binomial_log_pmf(n, k, p));
}
/// Both tails of Binomial(N, p) at k, in log space.
inline log_tails binomial_log_tails(std::uint64_t n, std::uint64_t k, double p) {
  detail::require_pool("binomial_log_tails", n, k);
  core::require_range("binomial_log_tails", "p", p, 0.0, 1.0);
  return detail::tails(n, {p, 1.0L - p, 0}, k);
}
/// Pr[F ≤ k] for F ~ Binomial(N, p).
inline double binomial_cdf(std::uint64_t n, std::uint64_t k, double p) {
  return std::exp(binomial_log_tails(n, k, p).log_cdf);
}
/// Pr[F > k] for F ~ Binomial(N, p).
inline double binomial_sf(std::uint64_t n, std::uint64_t k, double p) {
  return std::exp(binomial_log_tails(n, k, p).log_sf);
}

// ------------------------------------------------------- beta-binomial (a, b)

namespace detail {
inline void require_shape(const char* where, double a, double b) {
  if (!std::isfinite(a) || !(a > 0)) core::throw_out_of_range(where, "a", a, "finite and greater than 0");
  if (!std::isfinite(b) || !(b > 0)) core::throw_out_of_range(where, "b", b, "finite and greater than 0");
}
}  // namespace detail

/// log Pr[F = k] for F ~ Beta-Binomial(N, a, b), a, b > 0.
inline double beta_binomial_log_pmf(std::uint64_t n, std::uint64_t k, double a, double b) {
  detail::require_pool("beta_binomial_log_pmf", n, k);
  detail::require_shape("beta_binomial_log_pmf", a, b);
  return static_cast<double>(detail::log_pmf_table(n, {a, b, 1})[k]);
}
/// Pr[F = k] for F ~ Beta-Binomial(N, a, b).
inline double beta_binomial_pmf(std::uint64_t n, std::uint64_t k, double a, double b) {
  return std::exp(beta_binomial_log_pmf(n, k, a, b));
}
/// The whole pmf of Beta-Binomial(N, a, b), k = 0..N.
inline std::vector<double> beta_binomial_pmf_vector(std::uint64_t n, double a, double b) {
  detail::require_pool("beta_binomial_pmf_vector", n, 0);
  detail::require_shape("beta_binomial_pmf_vector", a, b);
  const auto lp = detail::log_pmf_table(n, {a, b, 1});
  std::vector<double> out(lp.size());
  for (std::size_t i = 0; i < lp.size(); ++i) out[i] = static_cast<double>(std::exp(lp[i]));
  return out;
}
/// Both tails of Beta-Binomial(N, a, b) at k, in log space.
inline log_tails beta_binomial_log_tails(std::uint64_t n, std::uint64_t k, double a, double b) {
  detail::require_pool("beta_binomial_log_tails", n, k);
  detail::require_shape("beta_binomial_log_tails", a, b);
  return detail::tails(n, {a, b, 1}, k);
}
/// Pr[F ≤ k] for F ~ Beta-Binomial(N, a, b).
inline double beta_binomial_cdf(std::uint64_t n, std::uint64_t k, double a, double b) {
  return std::exp(beta_binomial_log_tails(n, k, a, b).log_cdf);
}
/// Pr[F > k] for F ~ Beta-Binomial(N, a, b).
inline double beta_binomial_sf(std::uint64_t n, std::uint64_t k, double a, double b) {
  return std::exp(beta_binomial_log_tails(n, k, a, b).log_sf);
}

// ------------------------------------------------- failure count (λ, ρ) form

/// log Pr[F = k] for the pool's failure count: Beta-Binomial(N, a(λ,ρ), b(λ,ρ)),
/// and Binomial(N, λ) at ρ = 0 (the continuous limit). λ in (0,1), ρ in [0,1).
inline double failure_log_pmf(std::uint64_t n, std::uint64_t k, double lambda, double rho) {
  detail::require_pool("failure_log_pmf", n, k);
  detail::require_open_unit("failure_log_pmf", "lambda", lambda);
  detail::require_correlation("failure_log_pmf", "rho", rho);
  return static_cast<double>(detail::log_pmf_table(n, detail::scaled_from_lambda_rho(lambda, rho))[k]);
}
/// Pr[F = k] (see failure_log_pmf).
inline double failure_pmf(std::uint64_t n, std::uint64_t k, double lambda, double rho) {
  return std::exp(failure_log_pmf(n, k, lambda, rho));
}
/// Both tails of the failure count at k, in log space.
inline log_tails failure_log_tails(std::uint64_t n, std::uint64_t k, double lambda, double rho) {
  detail::require_pool("failure_log_tails", n, k);
  detail::require_open_unit("failure_log_tails", "lambda", lambda);
  detail::require_correlation("failure_log_tails", "rho", rho);
  return detail::tails(n, detail::scaled_from_lambda_rho(lambda, rho), k);
}
/// Pr[F ≤ k]: the coverage of a pool of N lasers holding k spares' worth of slack.
inline double failure_cdf(std::uint64_t n, std::uint64_t k, double lambda, double rho) {
  return std::exp(failure_log_tails(n, k, lambda, rho).log_cdf);
}
/// Pr[F > k], computed directly (not as 1 − cdf).
inline double failure_sf(std::uint64_t n, std::uint64_t k, double lambda, double rho) {
  return std::exp(failure_log_tails(n, k, lambda, rho).log_sf);
}
/// The whole pmf of the failure count, k = 0..N.
inline std::vector<double> failure_pmf_vector(std::uint64_t n, double lambda, double rho) {
  detail::require_pool("failure_pmf_vector", n, 0);
  detail::require_open_unit("failure_pmf_vector", "lambda", lambda);
  detail::require_correlation("failure_pmf_vector", "rho", rho);
  const auto lp = detail::log_pmf_table(n, detail::scaled_from_lambda_rho(lambda, rho));
  std::vector<double> out(lp.size());
  for (std::size_t i = 0; i < lp.size(); ++i) out[i] = static_cast<double>(std::exp(lp[i]));
  return out;
}

}  // namespace shiftfly::halley
