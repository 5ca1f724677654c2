#pragma once
/// \file cost.hpp
/// Observations 1 and 2 (spares against separation), Halley Sections V-B, V-C,
/// under the paper's stated cost model:
///  - each spare laser costs `price` ($1,500);
///  - moving the pool from ρ = `reference_rho` (0.15) to `floor` (0.03) costs a
///    one-time separation premium of `premium` (20%) of the active-laser capital
///    n·price, and a partial move is prorated by the correlation it removes
///    ($800 per 0.01 at n = 32); nothing below the floor is priced.
/// A plan is (s, ρ′) with floor ≤ ρ′ ≤ ρ0; its cost is s·price + premium(ρ0 → ρ′)
/// and it is feasible when A(s; n+s, λ, ρ′) ≥ target (Algorithm 1's model).

#include <cmath>
#include <cstdint>
#include <vector>

#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"

namespace shiftfly::halley {

/// The stated cost model (Observation 1).
struct cost_model {
  double price = paper::spare_price;                 ///< dollars per spare laser
  double premium = paper::separation_premium;        ///< share of active-laser capital for reference_rho → floor
  double reference_rho = paper::separation_from_rho; ///< where the premium's priced move starts
  double floor = paper::separation_floor_rho;        ///< best separation the premium is priced for
};

namespace detail {
inline void require_model(const char* where, const cost_model& c) {
  if (!std::isfinite(c.price) || !(c.price > 0)) core::throw_out_of_range(where, "price", c.price, "finite and greater than 0");
  if (!std::isfinite(c.premium) || !(c.premium >= 0))
    core::throw_out_of_range(where, "premium", c.premium, "finite and at least 0");
  require_open_unit(where, "floor", c.floor);
  if (!std::isfinite(c.reference_rho) || !(c.reference_rho > c.floor) || !(c.reference_rho < 1))
    core::throw_out_of_range(where, "premium_from", c.reference_rho, "above the floor and below 1");
}
}  // namespace detail

/// Dollars per unit of correlation removed: premium·n·price/(reference_rho − floor).
inline double separation_rate(std::uint64_t n, const cost_model& c = {}) {
  core::require_range("separation_rate", "channels", n, 1, max_pool_size);
  detail::require_model("separation_rate", c);
  return c.premium * static_cast<double>(n) * c.price / (c.reference_rho - c.floor);
}

/// The active-laser capital n·price the premium is a share of (Observation 1, Section V-B).
inline double active_capital(std::uint64_t n, const cost_model& c = {}) {
  core::require_range("active_capital", "channels", n, 1, max_pool_size);
  detail::require_model("active_capital", c);
  return c.price * static_cast<double>(n);
}

/// The prorated price of removing `delta_rho` of correlation from n channels,
/// separation_rate·Δρ (Observation 1: $800 per 0.01 at n = 32).
inline double separation_price(std::uint64_t n, double delta_rho, const cost_model& c = {}) {
  if (!std::isfinite(delta_rho) || !(delta_rho >= 0) || !(delta_rho <= 1))
    core::throw_out_of_range("separation_price", "delta_rho", delta_rho, "0 to 1");
  return separation_rate(n, c) * delta_rho;
}

/// Separation premium to move n channels from ρ0 down to ρ′ (floor ≤ ρ′ ≤ ρ0).
inline double separation_cost(std::uint64_t n, double rho0, double rho_new, const cost_model& c = {}) {
  detail::require_model("separation_cost", c);
  detail::require_open_unit("separation_cost", "rho", rho0);
  if (!std::isfinite(rho_new) || rho_new < c.floor - 1e-12 || rho_new > rho0)
    core::throw_out_of_range("separation_cost", "rho_new", rho_new,
                             core::to_message(c.floor) + " (floor) to " + core::to_message(rho0) + " (rho)");
  return separation_rate(n, c) * (rho0 - rho_new);
}

/// One plan: spares plus a decorrelation target.
struct plan {
  std::uint64_t spares = 0;
  double rho = 0;             ///< ρ′ the pool is separated to
  double spare_cost = 0;      ///< spares·price
  double separation_cost = 0; ///< premium for ρ0 → ρ′
  double cost = 0;            ///< total
  double coverage = 0;        ///< A(spares) at ρ′
};

/// The plan that separates to ρ′ and then sizes spares by Algorithm 1 (no cap).
inline plan plan_at(std::uint64_t n, double lambda, double rho0, double rho_new, double target, const cost_model& c = {},
                    const work_budget* budget = nullptr) {
  const double sep = separation_cost(n, rho0, rho_new, c);
  detail::require_open_unit("plan_at", "lambda", lambda);
  detail::require_open_unit("plan_at", "target", target);
  core::require_range("plan_at", "channels", n, 1, max_pool_size / 2);
  int evaluations = 0;
  const std::uint64_t spares = detail::smallest_spares(n, lambda, rho_new, target, evaluations, budget);
  plan p;
  p.spares = spares;
  p.rho = rho_new;
  p.spare_cost = static_cast<double>(spares) * c.price;
  p.separation_cost = sep;
  p.cost = p.spare_cost + sep;
  p.coverage = coverage(n, spares, lambda, rho_new);
  return p;
}

/// Observation 1: spares alone against the cheapest plan.
struct split {
  plan spares_only;  ///< ρ′ = ρ0
  plan cheapest;     ///< minimum over every (s, ρ′) with floor ≤ ρ′ ≤ ρ0
  double saving_ratio = 0;  ///< spares_only.cost / cheapest.cost
};

/// Observation 1: the minimum-cost plan (s, ρ′) reaching `target`. Exact over the
/// continuum of ρ′: for every spare count between the floor plan's and the
/// spares-only plan's, the largest ρ′ in [floor, ρ0] that count supports is found by
/// TOMS 748 (rho_for_coverage_within), so the separation bought is the least that
/// count needs.
/// With a budget, a search that passes it throws work_exceeded.
inline split cheapest_plan(std::uint64_t n, double lambda, double rho0, double target, const cost_model& c = {},
                           const work_budget* budget = nullptr) {
  detail::require_model("cheapest_plan", c);
  detail::require_open_unit("cheapest_plan", "rho", rho0);
  if (rho0 < c.floor)
    core::throw_out_of_range("cheapest_plan", "rho", rho0, "at least the floor " + core::to_message(c.floor));
  split out;
  out.spares_only = plan_at(n, lambda, rho0, rho0, target, c, budget);
  const plan at_floor = plan_at(n, lambda, rho0, c.floor, target, c, budget);
  out.cheapest = at_floor.cost <= out.spares_only.cost ? at_floor : out.spares_only;
  // ρ′(s) does not decrease with s: A(s) does not decrease with s at any fixed ρ, so the
  // target holds for s at every ρ where it held for s − 1. Each search starts where the
  // last one ended (and from the floor again if rounding says otherwise).
  double supported = c.floor;
  for (std::uint64_t s = at_floor.spares + 1; s < out.spares_only.spares; ++s) {
    if (static_cast<double>(s) * c.price >= out.cheapest.cost) break;  // spares alone already cost more
    // Only ρ′ in [floor, ρ0] can be bought: the search stays there.
    auto r = rho_for_coverage_within(n, s, lambda, target, supported, rho0, budget);
    if (!r.reachable && supported > c.floor) r = rho_for_coverage_within(n, s, lambda, target, c.floor, rho0, budget);
    if (!r.reachable) continue;
    const double rho_new = r.rho;
    supported = rho_new;
    const double cost = static_cast<double>(s) * c.price + separation_cost(n, rho0, rho_new, c);
    if (cost < out.cheapest.cost) {
      out.cheapest = {s, rho_new, static_cast<double>(s) * c.price, separation_cost(n, rho0, rho_new, c), cost,
                      coverage(n, s, lambda, rho_new)};
    }
  }
  out.saving_ratio = out.spares_only.cost / out.cheapest.cost;
  return out;
}

/// Fig. 10 (Observation 2): the total cost of reaching the target when the pool is
/// separated from ρ0 to each ρ′ in `targets` (each floor ≤ ρ′ ≤ ρ0).
inline std::vector<plan> cost_curve(std::uint64_t n, double lambda, double rho0, const std::vector<double>& targets,
                                    double target, const cost_model& c = {}) {
  std::vector<plan> out;
  out.reserve(targets.size());
  for (double r : targets) out.push_back(plan_at(n, lambda, rho0, r, target, c));
  return out;
}

}  // namespace shiftfly::halley
