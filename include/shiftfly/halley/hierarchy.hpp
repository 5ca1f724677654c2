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
///    integrated against the Beta(a, b) density (latent_level.hpp: tanh-sinh
///    quadrature, which absorbs the density's endpoint singularities, or exp-sinh
///    in relative-entropy coordinates when a and b are both large);
///  - Part 1: as L grows, Var(F/N) → λ(1−λ)[ρ_across + (ρ_within − ρ_across)/M].

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/beta.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/halley/beta_binomial.hpp"
#include "shiftfly/halley/latent_level.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/work_bound.hpp"

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
  if (!std::isfinite(m.rho_across) || !(m.rho_across >= smallest_correlation) || !(m.rho_across < 1))
    core::throw_out_of_range(where, "rho_across", m.rho_across,
                             "from " + core::to_message(smallest_correlation) + " up to, not including, 1");
  if (!std::isfinite(m.rho_within) || !(m.rho_within >= m.rho_across) || !(m.rho_within < 1))
    core::throw_out_of_range(where, "rho_within", m.rho_within,
                             "at least rho_across = " + core::to_message(m.rho_across) + " and below 1");
}
}  // namespace detail

/// N = M·L, the lasers of a module pool.
inline std::uint64_t module_pool_size(const module_shape& m) {
  detail::require_shape("module_pool_size", m);
  return core::checked_mul(m.modules, m.lasers, "module_pool_size", "pool size");
}

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

namespace detail {
/// The pmf of F given Θ0 = θ, with 1 − θ given (θc) so that θ near 1 keeps its digits.
inline std::vector<double> conditional_pmf(const module_shape& m, double theta, double theta_c, std::uint64_t total) {
  const long double rp = (static_cast<long double>(m.rho_within) - m.rho_across) / (1 - static_cast<long double>(m.rho_across));
  const auto lp = detail::log_pmf_table(m.lasers, {theta * (1 - rp), static_cast<long double>(theta_c) * (1 - rp), rp});
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
}  // namespace detail

namespace detail {
/// Pr[F ≤ s | Θ0 = θ] and Pr[F > s | Θ0 = θ], from the M-fold convolution truncated at s:
/// counts above s never come back below it, so they are kept in one overflow bin and
/// each module costs (s + 2)·(L + 1) multiply-adds instead of (pool + 1)·(L + 1).
inline complementary conditional_tails(const module_shape& m, double theta, double theta_c, std::uint64_t spares) {
  const long double rp = (static_cast<long double>(m.rho_within) - m.rho_across) / (1 - static_cast<long double>(m.rho_across));
  const auto lp = detail::log_pmf_table(m.lasers, {theta * (1 - rp), static_cast<long double>(theta_c) * (1 - rp), rp});
  // Doubles, so that the inner loop vectorises: every term is positive, so the sums keep
  // their relative accuracy (about 1e-16 times the log of the term count).
  std::vector<double> module(lp.size());
  for (std::size_t i = 0; i < lp.size(); ++i) module[i] = static_cast<double>(std::exp(lp[i]));
  std::vector<double> overflow_from(module.size() + 1, 0.0);  // overflow_from[k] = Σ_{j ≥ k} module[j]
  for (std::size_t k = module.size(); k-- > 0;) overflow_from[k] = overflow_from[k + 1] + module[k];
  const std::size_t cap = static_cast<std::size_t>(spares) + 1;  // bins 0..s, then the overflow
  std::vector<double> acc(cap + 1, 0.0), next(cap + 1);
  acc[0] = 1;
  std::size_t width = 1;  // bins 0..width-1 may be non-zero
  for (std::uint64_t j = 0; j < m.modules; ++j) {
    std::fill(next.begin(), next.end(), 0.0);
    next[cap] = acc[cap];  // already above s, whatever this module adds
    for (std::size_t i = 0; i < width; ++i) {
      const double ai = acc[i];
      if (ai == 0) continue;
      const std::size_t inside = std::min(module.size(), cap - i);  // i + k ≤ s for k < inside
      double* out = next.data() + i;
      for (std::size_t k = 0; k < inside; ++k) out[k] += ai * module[k];
      next[cap] += ai * overflow_from[inside];  // Σ_{k ≥ inside} module[k]
    }
    width = std::min(width + m.lasers, cap);
    acc.swap(next);
  }
  long double lower = 0;
  for (std::size_t i = 0; i < cap; ++i) lower += acc[i];
  return {static_cast<double>(lower), acc[cap]};
}
}  // namespace detail

/// Multiply-adds one nested-model quadrature node costs: M·(s + 2)·(L + 1), plus the
/// module law's L + 1 terms (each a log and an exp, counted as 20).
inline double nested_node_work(const module_shape& m, std::uint64_t spares) {
  const double bins = std::min<double>(static_cast<double>(spares) + 2, static_cast<double>(m.modules * m.lasers) + 1);
  return static_cast<double>(m.modules) * bins * (static_cast<double>(m.lasers) + 1) + 20.0 * (static_cast<double>(m.lasers) + 1);
}

/// The pmf of F given Θ0 = θ: the M-fold convolution of the module laws.
inline std::vector<double> nested_conditional_pmf(const module_shape& m, double theta) {
  detail::require_shape("nested_conditional_pmf", m);
  core::require_range("nested_conditional_pmf", "theta", theta, 0.0, 1.0);
  const std::uint64_t total = core::checked_mul(m.modules, m.lasers, "nested_conditional_pmf", "pool size",
                                                max_nested_pool);
  return detail::conditional_pmf(m, theta, 1 - theta, total);
}

/// Coverage of a hierarchical pool under both models.
struct hierarchical_coverage {
  double rho_bar = 0;          ///< pool-average correlation
  double flat = 0;             ///< flat shortcut: Pr[F ≤ s] at ρ̄ (Section III model)
  double flat_shortfall = 0;   ///< 1 − flat
  double nested = 0;           ///< exact nested-model coverage
  double nested_shortfall = 0; ///< 1 − nested (the smaller of the two is integrated directly)
  double quadrature_error = 0; ///< the quadrature's error estimate on the integrated tail
};

namespace detail {
/// Pr[F > s] (upper) or Pr[F ≤ s] under the nested model: the conditional tail given
/// Θ0 = θ integrated against Θ0's Beta law (latent_expectation: tanh-sinh over [0, 1],
/// or between Θ0's 1e-20 quantiles when the prior is narrow, or, when both shape
/// parameters exceed 1000, exp-sinh in relative-entropy coordinates about λ).
inline double nested_tail(const char* where, const module_shape& m, std::uint64_t spares, double lambda, bool upper,
                          double* error) {
  require_shape(where, m);
  require_open_unit(where, "lambda", lambda);
  const std::uint64_t total = core::checked_mul(m.modules, m.lasers, where, "pool size", max_nested_pool);
  core::require_range(where, "spares", spares, 0, total);
  if (spares == total) {
    if (error) *error = 0;
    return upper ? 0.0 : 1.0;
  }
  auto conditional_tail = [&](double theta, double theta_c) {
    const auto t = conditional_tails(m, theta, theta_c, spares);
    return upper ? complementary{t.q, t.p} : t;
  };
  // Given Θ0 = θ the mean count is θ·M·L: the conditional tail steps near θ = (s + ½)/(M·L).
  const double step = (static_cast<double>(spares) + 0.5) / static_cast<double>(total);
  return latent_expectation(conditional_tail, lambda, m.rho_across, error, step);
}
}  // namespace detail

/// Pr[F > s] under the nested model for the pool of M·L lasers (see detail::nested_tail).
inline double nested_shortfall(const module_shape& m, std::uint64_t spares, double lambda, double* error = nullptr) {
  return detail::nested_tail("nested_shortfall", m, spares, lambda, true, error);
}

/// Pr[F ≤ s] under the nested model, integrated directly (accurate when it is small).
inline double nested_coverage(const module_shape& m, std::uint64_t spares, double lambda, double* error = nullptr) {
  return detail::nested_tail("nested_coverage", m, spares, lambda, false, error);
}

/// Both nested tails: the smaller one integrated, the other its complement.
struct nested_tails {
  double coverage = 0;          ///< Pr[F ≤ s]
  double shortfall = 0;         ///< Pr[F > s]
  double quadrature_error = 0;  ///< the quadrature's error estimate on the integrated tail
};

/// The nested model's coverage and shortfall, each to full relative accuracy where it
/// is the smaller: the flat law at ρ̄ (exact sums) tells which tail is small, and that
/// one is integrated.
inline nested_tails nested_model(const module_shape& m, std::uint64_t spares, double lambda) {
  detail::require_shape("nested_model", m);
  detail::require_open_unit("nested_model", "lambda", lambda);
  const std::uint64_t total = core::checked_mul(m.modules, m.lasers, "nested_model", "pool size", max_nested_pool);
  core::require_range("nested_model", "spares", spares, 0, total);
  nested_tails out;
  if (failure_cdf(total, spares, lambda, average_correlation(m)) >= 0.5) {
    out.shortfall = nested_shortfall(m, spares, lambda, &out.quadrature_error);
    out.coverage = 1 - out.shortfall;
  } else {
    out.coverage = nested_coverage(m, spares, lambda, &out.quadrature_error);
    out.shortfall = 1 - out.coverage;
  }
  return out;
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
  const auto nested = nested_model(m, spares, lambda);
  out.nested_shortfall = nested.shortfall;
  out.nested = nested.coverage;
  out.quadrature_error = nested.quadrature_error;
  return out;
}

/// Which of Theorem 2's models a pool of n channels and s spares on a module shape gets.
enum class hierarchy_model {
  nested,            ///< the exact nested model (and the flat shortcut)
  flat_only_costly,  ///< flat shortcut only: one nested quadrature node passes nested_node_work_bound
  flat_only_shape,   ///< flat shortcut only: M·L ≠ n + s, so the shape is not the pool (ρ̄ only)
};

/// A model choice and, when the nested model is left out, why (the text the tools print).
struct hierarchy_model_choice {
  hierarchy_model model = hierarchy_model::nested;
  std::string reason;  ///< empty for nested
};

/// Theorem 2 (Section V-A) as the tools apply it: the nested model needs the module
/// shape to be the pool itself (M·L = n + s); the flat shortcut at ρ̄ serves any pool.
/// When the shape is the pool but one quadrature node costs more than
/// `node_work_bound` multiply-adds (nested_node_work; work_bound.hpp), the nested
/// model is left out so that a command stays near 2 s.
inline hierarchy_model_choice choose_hierarchy_model(const module_shape& m, std::uint64_t channels, std::uint64_t spares,
                                                     double node_work_bound = nested_node_work_bound) {
  detail::require_shape("choose_hierarchy_model", m);
  const std::uint64_t shape_lasers = module_pool_size(m);
  const std::uint64_t pool = core::checked_add(channels, spares, "choose_hierarchy_model", "channels + spares");
  if (shape_lasers != pool)
    return {hierarchy_model::flat_only_shape,
            "the nested model needs modules x lasers = channels + spares (" + std::to_string(shape_lasers) + " != " +
                std::to_string(pool) + "); rho_bar is taken from the module shape"};
  const double node_work = nested_node_work(m, spares);
  if (node_work > node_work_bound)
    return {hierarchy_model::flat_only_costly,
            "not computed: one quadrature node of the nested model costs modules x (spares + 2) x (lasers + 1) = " +
                core::to_message(node_work) + " multiply-adds, above the bound of " + core::to_message(node_work_bound) +
                " that keeps one command near 2 s; shiftfly::halley::nested_model computes it without the bound"};
  return {hierarchy_model::nested, {}};
}

}  // namespace shiftfly::halley
