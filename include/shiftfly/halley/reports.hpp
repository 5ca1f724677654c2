#pragma once
/// \file reports.hpp
/// What each halley command answers, as one value: its inputs and the results the
/// library computed for them. The halley tool builds one of these reports and prints
/// its description (halley/describe.hpp); it computes nothing itself.
///
///   coverage_report    Section IV-A: A(s) of n channels with s spares
///   ceiling_report     Theorem 1 / Corollary 1, with the ratio and correlation a target needs
///   hierarchy_report   Theorem 2: the flat shortcut at rho_bar and the nested model
///   sizing_report      Algorithm 1 (LightReserve) with its cap
///   cost_report        Observations 1-2: spares alone against the cheapest plan
///   fold_fit_report    Algorithm 2 (FoldFit) on a demand matrix
///
/// The ranges are checked by the functions each report calls (their errors name the
/// parameters); the rate's text (--fit with --window) is the caller's.
#include <cstdint>
#include <optional>
#include <string>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/fold_fit.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/latent_level.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/window.hpp"
#include "shiftfly/halley/work_bound.hpp"

namespace shiftfly::halley {

/// The failure rate as given: the per-window probability lambda, and the FIT rate and
/// restock window it was computed from when it was given that way.
struct rate_given {
  double lambda = 0;
  std::optional<double> fit;
  std::optional<std::string> window;  ///< as typed ("1y", "2160h"); parse_window reads it
};

/// Section IV-A: A(s) = Pr[F <= s] and its shortfall, computed directly.
struct coverage_report {
  std::uint64_t channels = 0, spares = 0;
  rate_given rate;
  double rho = 0;
  double coverage = 0, shortfall = 0;
};

inline coverage_report report_coverage(std::uint64_t channels, std::uint64_t spares, const rate_given& rate, double rho) {
  coverage_report r{channels, spares, rate, rho};
  r.coverage = coverage(channels, spares, rate.lambda, rho);
  r.shortfall = coverage_shortfall(channels, spares, rate.lambda, rho);
  return r;
}

/// Theorem 1 and Corollary 1: the large-pool ceiling at spare ratio sigma, the Beta law
/// behind it, and with a target the ratio (large_pool_spare_ratio) and the correlation
/// (rho_for_ceiling) it needs.
struct ceiling_report {
  double sigma = 0;
  rate_given rate;
  double rho = 0;
  double ceiling = 0, shortfall = 0;
  beta_shape shape;            ///< a, b of the Beta law of the latent level
  double variance_floor = 0;   ///< lambda(1 - lambda) rho
  bool large_shapes = false;   ///< both shapes above 1000 (exp-sinh quadrature)
  std::optional<double> target;
  large_pool_ratio for_target;  ///< only with a target
  correlation_target rho_for_target;  ///< only with a target
};

inline ceiling_report report_ceiling(double sigma, const rate_given& rate, double rho, std::optional<double> target) {
  ceiling_report r;
  r.sigma = sigma;
  r.rate = rate;
  r.rho = rho;
  r.ceiling = ceiling(sigma, rate.lambda, rho);
  r.shortfall = ceiling_shortfall(sigma, rate.lambda, rho);
  r.shape = beta_parameters(rate.lambda, rho);
  r.variance_floor = variance_floor(rate.lambda, rho);
  r.large_shapes = detail::shape_of(rate.lambda, rho).large();
  r.target = target;
  if (target) {
    r.for_target = large_pool_spare_ratio(rate.lambda, rho, *target);
    r.rho_for_target = rho_for_ceiling(rate.lambda, sigma, *target);
  }
  return r;
}

/// Theorem 2: M modules of L lasers; the flat shortcut at rho_bar, and the nested model
/// when the module shape is the pool itself (choose_hierarchy_model).
struct hierarchy_report {
  module_shape shape;
  std::uint64_t channels = 0, spares = 0;
  rate_given rate;
  double rho_bar = 0, flat = 0, flat_shortfall = 0;
  std::optional<nested_tails> nested;  ///< empty when the nested model does not apply
  std::string nested_note;             ///< why it does not (empty when it does)
  pair_counts pairs;
  double variance_limit = 0;
};

inline hierarchy_report report_hierarchy(const module_shape& m, std::uint64_t channels, std::uint64_t spares,
                                         const rate_given& rate) {
  hierarchy_report r;
  r.shape = m;
  r.channels = channels;
  r.spares = spares;
  r.rate = rate;
  r.pairs = count_pairs(m.modules, m.lasers);
  r.rho_bar = average_correlation(m);
  r.flat = coverage(channels, spares, rate.lambda, r.rho_bar);
  const auto choice = choose_hierarchy_model(m, channels, spares);
  if (choice.model == hierarchy_model::nested) r.nested = nested_model(m, spares, rate.lambda);
  else r.nested_note = choice.reason;
  r.flat_shortfall = coverage_shortfall(channels, spares, rate.lambda, r.rho_bar);
  r.variance_limit = hierarchical_variance_limit(m, rate.lambda);
  return r;
}

/// Algorithm 1 (LightReserve) under a cap on the spare ratio (no_cap for none), with the
/// bound on one command's work (work_bound.hpp): `budget_limit` summed terms.
struct sizing_report {
  std::uint64_t channels = 0;
  rate_given rate;
  double rho = 0, target = 0;
  spare_ratio_cap cap;
  double budget_limit = command_term_budget;
  sizing result;
};

inline sizing_report report_sizing(std::uint64_t channels, const rate_given& rate, double rho, double target,
                                   spare_ratio_cap cap, double budget_limit = command_term_budget) {
  sizing_report r{channels, rate, rho, target, cap, budget_limit, {}};
  const work_budget budget(budget_limit);
  r.result = light_reserve(channels, rate.lambda, rho, target, cap, &budget);
  return r;
}

/// Observations 1-2: spares alone against the cheapest (spares, separation) plan, and the
/// separation premium per 0.01 of rho (Observation 1: $800 at 32 channels).
struct cost_report {
  std::uint64_t channels = 0;
  rate_given rate;
  double rho = 0, target = 0;
  cost_model model;
  split plans;
  double separation_cost_per_hundredth_rho = 0;
};

inline cost_report report_cost(std::uint64_t channels, const rate_given& rate, double rho, double target,
                               const cost_model& model, double budget_limit = command_term_budget) {
  const work_budget budget(budget_limit);
  cost_report r{channels, rate, rho, target, model, {}, 0};
  r.plans = cheapest_plan(channels, rate.lambda, rho, target, model, &budget);
  r.separation_cost_per_hundredth_rho = separation_rate(channels, model) * 0.01;
  return r;
}

/// Algorithm 2 (FoldFit) on a demand matrix, with the optimum by branch and bound when
/// there are at most max_exact_jobs jobs.
struct fold_fit_report {
  std::size_t rows = 0, cols = 0;
  std::uint64_t channels = 0;
  fold_fit_result result;
  std::optional<std::uint64_t> optimum;
};

inline fold_fit_report report_fold_fit(const demand_matrix& d, std::uint64_t channels, unsigned steps, std::size_t block) {
  fold_fit_report r{d.rows, d.cols, channels, fold_fit(d, channels, steps, block), std::nullopt};
  if (r.result.jobs.size() <= max_exact_jobs) r.optimum = optimal_makespan(r.result.jobs, channels);
  return r;
}

}  // namespace shiftfly::halley
