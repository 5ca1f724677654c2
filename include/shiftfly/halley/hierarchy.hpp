#pragma once
/// \file hierarchy.hpp
/// Theorem 2 (hierarchical ceiling), Halley Section V-A.
///
/// M modules of L lasers. A pool-wide level Θ0 ~ Beta(a, b) with a, b from λ
/// and ρ_across; each module's level Θj ~ Beta with mean Θ0 and intraclass
/// correlation ρ' = (ρ_within − ρ_across)/(1 − ρ_across), independently given
/// Θ0; lasers of module j fail independently at Θj. Hence pairs inside a module
/// are correlated at ρ_within and pairs across modules at ρ_across.
///
///  - ρ̄ = (n_same ρ_within + n_cross ρ_across)/(n_same + n_cross), with
///    n_same = M·C(L,2) and n_cross = C(L,1)²·C(M,2) = L²·M(M−1)/2;
///  - the flat shortcut: the single-level model of Section III evaluated at ρ̄;
///  - the nested model's exact coverage Pr[F ≤ s]: given Θ0 each module's count
///    is Beta-Binomial(L, Θ0(1−ρ')/ρ', (1−Θ0)(1−ρ')/ρ') (Binomial(L, Θ0) when
///    ρ' = 0), the M counts are convolved, and the tail Pr[F > s | Θ0] is
///    integrated against the Beta(a, b) density by tanh-sinh quadrature
///    (Boost.Math), which absorbs the density's endpoint singularities;
///  - Part 1: as L grows, Var(F/N) → λ(1−λ)[ρ_across + (ρ_within − ρ_across)/M].

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/beta.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "shiftfly/halley/beta_binomial.hpp"
#include "shiftfly/halley/light_reserve.hpp"

namespace shiftfly::halley {

/// Largest module count × module size the nested model accepts.
inline constexpr std::uint64_t max_nested_pool = 20'000;

/// Shape and correlations of a hierarchical pool.
struct module_shape {
  std::uint64_t modules = 0;  ///< M
  std::uint64_t lasers = 0;   ///< L, lasers per module
  double rho_within = 0;      ///< correlation of two lasers in one module
  double rho_across = 0;      ///< correlation of two lasers in different modules
};

namespace detail {
inline void require_shape(const char* where, const module_shape& m) {
  core::require_range(where, "modules", m.modules, 1, 1'000'000);
  core::require_range(where, "lasers", m.lasers, 1, 1'000'000);
  require_open_unit(where, "rho_across", m.rho_across);
  if (!std::isfinite(m.rho_within) || !(m.rho_within >= m.rho_across) || !(m.rho_within < 1))
    core::throw_out_of_range(where, "rho_within", m.rho_within,
                             "at least rho_across = " + core::to_message(m.rho_across) + " and below 1");
}
}  // namespace detail

/// Pair counts of Theorem 2.
struct pair_counts {
  std::uint64_t same = 0;   ///< pairs inside one module, M·L(L−1)/2
  std::uint64_t cross = 0;  ///< pairs spanning two modules, L²·M(M−1)/2
};

/// n_same and n_cross for M modules of L lasers.
inline pair_counts count_pairs(std::uint64_t modules, std::uint64_t lasers) {
  core::require_range("count_pairs", "modules", modules, 1, 1'000'000);
  core::require_range("count_pairs", "lasers", lasers, 1, 1'000'000);
  const auto same = core::checked_mul(modules, lasers * (lasers - 1) / 2, "count_pairs", "same-module pairs");
  const auto cross = core::checked_mul(core::checked_mul(lasers, lasers, "count_pairs", "L^2"),
                                       modules * (modules - 1) / 2, "count_pairs", "cross-module pairs");
  return {same, cross};
}

/// ρ̄, the pool-average pairwise correlation (Theorem 2, Section V-A).
inline double average_correlation(const module_shape& m) {
  detail::require_shape("average_correlation", m);
  const auto p = count_pairs(m.modules, m.lasers);
  if (p.same + p.cross == 0) return m.rho_within;
  const double s = static_cast<double>(p.same), c = static_cast<double>(p.cross);
  return (s * m.rho_within + c * m.rho_across) / (s + c);
}

/// The within-module intraclass correlation of Θj about Θ0: (ρw − ρa)/(1 − ρa).
inline double conditional_module_correlation(const module_shape& m) {
  detail::require_shape("conditional_module_correlation", m);
  return (m.rho_within - m.rho_across) / (1 - m.rho_across);
}

/// Theorem 2 Part 1: the limiting variance of F/N as L grows, λ(1−λ)[ρa + (ρw − ρa)/M].
inline double hierarchical_variance_limit(const module_shape& m, double lambda) {
  detail::require_shape("hierarchical_variance_limit", m);
  detail::require_open_unit("hierarchical_variance_limit", "lambda", lambda);
  return lambda * (1 - lambda) * (m.rho_across + (m.rho_within - m.rho_across) / static_cast<double>(m.modules));
}

/// Exact Var(F/N) of the nested pool from its pair correlations (N = M·L):
/// λ(1−λ)[N + 2 n_same ρw + 2 n_cross ρa]/N².
inline double hierarchical_variance(const module_shape& m, double lambda) {
  detail::require_shape("hierarchical_variance", m);
  detail::require_open_unit("hierarchical_variance", "lambda", lambda);
  const auto p = count_pairs(m.modules, m.lasers);
  const double n = static_cast<double>(m.modules) * static_cast<double>(m.lasers);
  return lambda * (1 - lambda) *
         (n + 2 * static_cast<double>(p.same) * m.rho_within + 2 * static_cast<double>(p.cross) * m.rho_across) /
         (n * n);
}

/// The pmf of F given Θ0 = θ: the M-fold convolution of the module laws.
inline std::vector<double> nested_conditional_pmf(const module_shape& m, double theta) {
  detail::require_shape("nested_conditional_pmf", m);
  core::require_range("nested_conditional_pmf", "theta", theta, 0.0, 1.0);
  const std::uint64_t total = core::checked_mul(m.modules, m.lasers, "nested_conditional_pmf", "pool size",
                                                max_nested_pool);
  const long double rp = (static_cast<long double>(m.rho_within) - m.rho_across) / (1 - static_cast<long double>(m.rho_across));
  const auto lp = detail::log_pmf_table(m.lasers, {theta * (1 - rp), (1 - static_cast<long double>(theta)) * (1 - rp), rp});
  std::vector<long double> module(lp.size());
  for (std::size_t i = 0; i < lp.size(); ++i) module[i] = std::exp(lp[i]);
  std::vector<long double> acc{1.0L};
  acc.reserve(total + 1);
  for (std::uint64_t j = 0; j < m.modules; ++j) {
    std::vector<long double> next(acc.size() + m.lasers, 0.0L);
    for (std::size_t i = 0; i < acc.size(); ++i) {
      if (acc[i] == 0) continue;
      for (std::size_t k = 0; k < module.size(); ++k) next[i + k] += acc[i] * module[k];
    }
    acc.swap(next);
  }
  return {acc.begin(), acc.end()};
}

/// Coverage of a hierarchical pool under both models.
struct hierarchical_coverage {
  double rho_bar = 0;          ///< pool-average correlation
  double flat = 0;             ///< flat shortcut: Pr[F ≤ s] at ρ̄ (Section III model)
  double flat_shortfall = 0;   ///< 1 − flat
  double nested = 0;           ///< exact nested-model coverage
  double nested_shortfall = 0; ///< 1 − nested, integrated directly
  double quadrature_error = 0; ///< tanh-sinh's error estimate on the shortfall
};

/// Above this a + b (rho_across below about 1e-3) the prior of Θ0 is a narrow peak and
/// nested_shortfall integrates around it instead of over [0, 1].
inline constexpr double nested_sharp_prior = 1000;

/// Pr[F > s] under the nested model for the pool of M·L lasers (tanh-sinh over Θ0).
inline double nested_shortfall(const module_shape& m, std::uint64_t spares, double lambda, double* error = nullptr) {
  detail::require_shape("nested_shortfall", m);
  detail::require_open_unit("nested_shortfall", "lambda", lambda);
  const std::uint64_t total = core::checked_mul(m.modules, m.lasers, "nested_shortfall", "pool size", max_nested_pool);
  core::require_range("nested_shortfall", "spares", spares, 0, total);
  if (spares == total) return 0.0;
  const double a = lambda * (1 - m.rho_across) / m.rho_across;
  const double b = (1 - lambda) * (1 - m.rho_across) / m.rho_across;
  auto integrand = [&](double theta) {
    if (!(theta > 0) || !(theta < 1)) return 0.0;
    const auto pmf = nested_conditional_pmf(m, theta);
    long double tail = 0;
    for (std::size_t k = spares + 1; k < pmf.size(); ++k) tail += pmf[k];
    return static_cast<double>(tail) * boost::math::ibeta_derivative(a, b, theta);
  };
  boost::math::quadrature::tanh_sinh<double> integrator(15);
  double err = 0, l1 = 0;
  if (a + b <= nested_sharp_prior) {
    const double v = integrator.integrate(integrand, 0.0, 1.0, 1e-13, &err, &l1);
    if (error) *error = err;
    return v;
  }
  // A sharp prior (small rho_across): Beta(a, b) is a narrow peak at lambda that tanh-sinh over
  // [0, 1] steps over (the shortfall came out 0 at rho_across = 1e-5). Integrate between the
  // 1e-20 and 1 - 1e-20 quantiles (the mass left out moves the shortfall by at most 2e-20),
  // split at the mean so that nodes cluster on both sides of the peak.
  const double lo = boost::math::ibeta_inv(a, b, 1e-20), hi = boost::math::ibetac_inv(a, b, 1e-20);
  const double mid = std::clamp(a / (a + b), lo, hi);
  double err2 = 0;
  const double v = (mid > lo ? integrator.integrate(integrand, lo, mid, 1e-13, &err, &l1) : 0.0) +
                   (hi > mid ? integrator.integrate(integrand, mid, hi, 1e-13, &err2, &l1) : 0.0);
  if (error) *error = err + err2;
  return v;
}

/// Theorem 2 for a pool of `spares` spares among M·L lasers: ρ̄, the flat shortcut
/// at ρ̄ for n = M·L − spares active channels, and the exact nested coverage.
inline hierarchical_coverage hierarchy_coverage(const module_shape& m, std::uint64_t spares, double lambda) {
  detail::require_shape("hierarchy_coverage", m);
  detail::require_open_unit("hierarchy_coverage", "lambda", lambda);
  const std::uint64_t total = core::checked_mul(m.modules, m.lasers, "hierarchy_coverage", "pool size", max_nested_pool);
  core::require_range("hierarchy_coverage", "spares", spares, 0, total - 1);
  hierarchical_coverage out;
  out.rho_bar = average_correlation(m);
  out.flat_shortfall = failure_sf(total, spares, lambda, out.rho_bar);
  out.flat = failure_cdf(total, spares, lambda, out.rho_bar);
  out.nested_shortfall = nested_shortfall(m, spares, lambda, &out.quadrature_error);
  out.nested = 1 - out.nested_shortfall;
  return out;
}

}  // namespace shiftfly::halley
