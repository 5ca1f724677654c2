#pragma once
/// \file describe.hpp
/// The Halley results described once (core/record.hpp): each field's name and meaning,
/// and the sentence the answer reads as. The halley tool prints these records (JSON by
/// report/record_json.hpp; as text the sentence, then every tools field as `key: value`),
/// and the Python bindings return them as dicts (python/src/record.hpp) that build the
/// dataclasses of python/shiftfly/_results.py, held to the same fields by
/// python/tests/test_results.py. A field the tools show under another name or not at
/// all is marked core::shown_in::python, and the other way round.
///
///   core::record describe(const correlation_target&);   // Python CorrelationTarget
///   core::record describe(const sizing&);               // Python Sizing
///   core::record describe(const hierarchical_coverage&);// Python HierarchicalCoverage
///   core::record describe(const plan&);                 // Python Plan
///   core::record describe(const split&);                // Python CostSplit
///   core::record describe(const fold_fit_result&);      // Python FoldFitResult
///   core::record describe(const coverage_report&);      // halley coverage
///   core::record describe(const ceiling_report&);       // halley ceiling
///   core::record describe(const hierarchy_report&);     // halley hierarchy
///   core::record describe(const sizing_report&);        // halley size
///   core::record describe(const cost_report&);          // halley cost
///   core::record describe(const fold_fit_report&, bool with_assignment);  // halley foldfit
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/record.hpp"
#include "shiftfly/halley/reports.hpp"

namespace shiftfly::halley {

/// How the sentences write numbers.
namespace wording {

/// A probability as a percentage with two significant digits of its distance from 1
/// (0.99 -> "99.00%", 0.99588 -> "99.59%", 0.99999 -> "99.9990%"); within 1e-10 of 1,
/// ">99.99999999%".
inline std::string percent(double p) {
  if (p < 1 && p >= 1 - 1e-10) return ">99.99999999%";
  int decimals = 2;
  if (p < 1 && p > 0.99) decimals = std::max(2, static_cast<int>(std::ceil(-std::log10(1 - p) - 1e-9)) - 1);
  return fmt::format("{:.{}f}%", 100 * p, decimals);
}

/// A ratio in (0, 1) as a short percentage: 0.5 -> "50%", 0.999999 -> "99.9999%".
inline std::string ratio_percent(double r) { return fmt::format("{:.6g}%", 100 * r); }

/// Whole dollars with thousands separators: 664500 -> "$664,500".
inline std::string dollars(double v) {
  std::string digits = fmt::format("{:.0f}", v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') out += ',';
    out += digits[i];
  }
  return "$" + out;
}

}  // namespace wording

namespace detail {
/// The fields of `from` appended to `into`.
inline void append_fields(core::record& into, const core::record& from) {
  into.fields.insert(into.fields.end(), from.fields.begin(), from.fields.end());
}
constexpr auto tools = core::shown_in::tools;
constexpr auto python = core::shown_in::python;
}  // namespace detail

/// The rate as given (tools only): lambda, and the FIT rate and window it came from.
inline void add_rate(core::record& r, const rate_given& g) {
  r.add_for(detail::tools, "lambda", g.lambda, "", "per-laser failure probability per window");
  if (g.fit) r.add_for(detail::tools, "fit", *g.fit, "FIT", "failures per 1e9 device-hours");
  if (g.window) {
    r.add_for(detail::tools, "window", *g.window, "", "the restock window as given");
    r.add_for(detail::tools, "window_hours", parse_window(*g.window), "hours");
  }
}

/// The correlation rho' a target needs (correlation_target).
inline core::record describe(const correlation_target& t) {
  core::record r("correlation_target");
  r.add("reachable", t.reachable, "", "some rho' reaches the target")
      .add("rho", t.rho, "", "the correlation that reaches it")
      .add("outcome", std::string(to_string(t.outcome)), "", "how the search ended")
      .add("smallest_rho", t.smallest_rho, "", "the smallest correlation searched")
      .add("shortfall_at_smallest", t.shortfall_at_smallest, "", "1 - coverage there");
  return r;
}

/// Algorithm 1 (LightReserve): the fields of `sizing`, shown in Python; the ones the
/// tools show too are marked all (sizing_report adds the tools' own).
inline core::record describe(const sizing& s) {
  core::record r("sizing");
  r.add("spares", s.spares, "lasers", "s*, the least spares meeting the target")
      .add("pool", s.pool, "lasers", "n + s*")
      .add("coverage", s.coverage, "", "A(s*)")
      .add("spare_ratio", s.spare_ratio, "", "s*/(n+s*)")
      .add("pool_multiple", s.pool_multiple, "", "(n+s*)/n")
      .add("reachable", s.reachable, "", "false when s* is past the cap (UNREACHABLE)")
      .add_for(detail::python, "capped", s.capped, "", "a cap was given")
      .add_for(detail::python, "cap_spares", s.cap_spares, "lasers", "the most spares the cap allows")
      .add_for(detail::python, "cap_coverage", s.cap_coverage, "", "A(cap_spares), a lower bound unless cap_coverage_exact")
      .add_for(detail::python, "cap_coverage_exact", s.cap_coverage_exact)
      .add_for(detail::python, "rho_target_exists", s.rho_target_exists, "", "some rho' >= 0 reaches the target at the cap")
      .add_for(detail::python, "rho_target", s.rho_target, "", "that rho' (only when UNREACHABLE)")
      .add_for(detail::python, "rho_search", describe(s.rho_search), "", "the whole rho' search (only when UNREACHABLE)")
      .add_for(detail::python, "evaluations", s.evaluations, "evaluations", "coverage evaluations the search used");
  return r;
}

/// Theorem 2 (hierarchical_coverage): rho_bar, the flat shortcut at it and the nested model.
inline core::record describe(const hierarchical_coverage& h) {
  core::record r("hierarchical_coverage");
  r.add("rho_bar", h.rho_bar, "", "pool-average correlation")
      .add("flat", h.flat, "", "flat shortcut: Pr[F <= s] at rho_bar")
      .add("flat_shortfall", h.flat_shortfall, "", "1 - flat")
      .add("nested", h.nested, "", "exact nested-model coverage")
      .add("nested_shortfall", h.nested_shortfall, "", "1 - nested")
      .add("quadrature_error", h.quadrature_error, "", "the quadrature's error estimate on the integrated tail");
  return r;
}

/// Spares plus a separation target (plan).
inline core::record describe(const plan& p) {
  core::record r("plan");
  r.add("spares", p.spares, "lasers")
      .add("rho", p.rho, "", "rho' the pool is separated to")
      .add("spare_cost", p.spare_cost, "dollars", "spares x price")
      .add("separation_cost", p.separation_cost, "dollars", "premium for rho0 -> rho'")
      .add("cost", p.cost, "dollars", "total")
      .add("coverage", p.coverage, "", "A(spares) at rho'");
  return r;
}

/// Observation 1 (split): spares alone against the cheapest plan.
inline core::record describe(const split& s) {
  core::record r("split");
  r.add("spares_only", describe(s.spares_only), "", "rho' = rho0")
      .add("cheapest", describe(s.cheapest), "", "the least cost over every (s, rho') with floor <= rho' <= rho0")
      .add("saving_ratio", s.saving_ratio, "", "spares_only.cost / cheapest.cost");
  return r;
}

/// Algorithm 2 (FoldFit): the packing, its bounds and the comparison schedulers.
inline core::record describe(const fold_fit_result& f) {
  const auto& b = f.search.bounds;
  core::record_value::list cells;
  cells.reserve(f.cells.size());
  for (const auto& c : f.cells) cells.emplace_back(core::record_value::list{c.first, c.second});
  core::record r("fold_fit_result");
  r.add_for(detail::python, "jobs", f.jobs, "slots", "nonzero demands, row-major")
      .add_for(detail::python, "cells", std::move(cells), "", "(row, col) of each job")
      .add_for(detail::python, "channel", f.search.packing.channel, "", "the channel of each job")
      .add("loads", f.search.packing.loads, "slots", "per-channel load")
      .add("makespan", f.search.packing.makespan, "slots", "the largest load")
      .add_for(detail::python, "max_job", b.max_job, "slots", "max D")
      .add_for(detail::python, "total", b.total, "slots", "sum of D")
      .add_for(detail::python, "average_load", b.average_load, "slots", "sum of D / m")
      .add_for(detail::python, "busiest_port", b.busiest_port, "slots", "largest row or column sum")
      .add("lower_bound", b.bound, "slots", "T_lb, the largest of the three bounds")
      .add("upper", f.search.upper, "slots", "T_hi = max{T_lb, sum D/m + max D}")
      .add("deadline", f.search.deadline, "slots", "T*, the feasible deadline the search ends on")
      .add("steps", f.search.steps, "steps", "bisection steps q")
      .add("guarantee", f.search.guarantee, "", "13/11 + 2^-q")
      .add("lpt_makespan", f.lpt_makespan, "slots")
      .add("list_makespan", f.list_makespan, "slots");
  return r;
}

/// halley coverage.
inline core::record describe(const coverage_report& c) {
  core::record r("coverage_report");
  r.add("coverage", c.coverage, "", "A(s) = Pr[F <= s]")
      .add("shortfall", c.shortfall, "", "1 - A(s), computed directly")
      .add("channels", c.channels, "lasers")
      .add("spares", c.spares, "lasers")
      .add("pool", c.channels + c.spares, "lasers");
  add_rate(r, c.rate);
  r.add("rho", c.rho, "", "pairwise failure correlation")
      .add("model", c.rho == 0 ? "binomial" : "beta-binomial")
      .add("method", "exact")
      .add("algorithm", "tail sum of the binomial or beta-binomial law, in log space");
  r.line(fmt::format("{} channels with {} spares (pool {}) are covered with probability {} (shortfall {:.4g}).",
                     c.channels, c.spares, c.channels + c.spares, wording::percent(c.coverage), c.shortfall));
  return r;
}

/// halley ceiling.
inline core::record describe(const ceiling_report& c) {
  core::record r("ceiling_report");
  r.add("ceiling", c.ceiling, "", "F_Beta(sigma; a, b), the large-pool coverage ceiling")
      .add("shortfall", c.shortfall, "", "1 - ceiling")
      .add("sigma", c.sigma, "", "spare ratio");
  add_rate(r, c.rate);
  r.add("rho", c.rho, "", "pairwise failure correlation")
      .add("a", c.shape.a, "", "lambda(1-rho)/rho")
      .add("b", c.shape.b, "", "(1-lambda)(1-rho)/rho")
      .add("variance_floor", c.variance_floor, "", "lambda(1-lambda)rho");
  if (c.target) {
    const auto& rc = c.rho_for_target;
    r.add("target", *c.target)
        .add("sigma_for_target", c.for_target.sigma, "", "the spare ratio a large pool needs")
        .add("pool_multiple_for_target", c.for_target.pool_multiple, "", "1/(1 - sigma_for_target)");
    if (rc.reachable) r.add("rho_for_target", rc.rho, "", "the largest correlation reaching the target at sigma");
    r.add("rho_for_target_status", rc.reachable ? std::string(to_string(rc.outcome))
                                                : "unreachable: at the smallest accepted rho (" + core::to_message(rc.smallest_rho) +
                                                      ") the shortfall is " + core::to_message(rc.shortfall_at_smallest) +
                                                      ", above 1 - target");
  }
  r.add("method", "closed form")
      .add("algorithm", c.large_shapes ? "F_Beta(sigma; a, b) by exp-sinh quadrature in relative-entropy coordinates (a, b > 1000); "
                                         "TOMS 748 for rho_for_target"
                                       : "F_Beta(sigma; a, b) (Boost.Math ibeta); TOMS 748 for rho_for_target");
  std::string lead = fmt::format("A large pool at spare ratio {:.4g} is covered with probability at most {} (Theorem 1).",
                                 c.sigma, wording::percent(c.ceiling));
  if (c.target) {
    lead += fmt::format(" The {} target needs spare ratio {:.4g} (a {:.4g}x pool)", wording::percent(*c.target),
                        c.for_target.sigma, c.for_target.pool_multiple);
    lead += c.rho_for_target.reachable ? fmt::format(", or correlation at most {:.4g} at this ratio.", c.rho_for_target.rho)
                                       : "; no correlation reaches it at this ratio.";
  }
  r.line(std::move(lead));
  return r;
}

/// halley hierarchy.
inline core::record describe(const hierarchy_report& h) {
  core::record r("hierarchy_report");
  r.add("rho_bar", h.rho_bar, "", "pool-average correlation")
      .add("flat", h.flat, "", "flat shortcut: Pr[F <= s] at rho_bar")
      .add("flat_shortfall", h.flat_shortfall, "", "1 - flat");
  if (h.nested) {
    r.add("nested", h.nested->coverage, "", "exact nested-model coverage (Theorem 2)")
        .add("nested_shortfall", h.nested->shortfall, "", "1 - nested")
        .add("quadrature_error", h.nested->quadrature_error, "", "the quadrature's error estimate on the integrated tail");
  } else {
    r.add("nested", nullptr, "", "left out: see nested_note").add("nested_note", h.nested_note);
  }
  r.add("pairs_same", h.pairs.same, "pairs", "laser pairs inside one module")
      .add("pairs_cross", h.pairs.cross, "pairs", "laser pairs spanning two modules")
      .add("variance_limit", h.variance_limit, "", "the failure fraction's variance as the pool grows")
      .add("modules", h.shape.modules)
      .add("lasers", h.shape.lasers, "lasers", "per module")
      .add("channels", h.channels, "lasers")
      .add("spares", h.spares, "lasers");
  add_rate(r, h.rate);
  r.add("rho_within", h.shape.rho_within).add("rho_across", h.shape.rho_across)
      .add("method", "exact")
      .add("algorithm", "flat: exact tail sums at rho_bar; nested: quadrature over Theta0 of the convolved module "
                        "beta-binomials (tanh-sinh; exp-sinh in relative-entropy coordinates when both Beta shapes exceed "
                        "1000), its error bound in quadrature_error");
  std::string lead = fmt::format("{} modules of {} lasers with {} spares for {} channels: coverage ", h.shape.modules,
                                 h.shape.lasers, h.spares, h.channels);
  lead += h.nested ? fmt::format("{} (nested model, Theorem 2), {} by the flat shortcut at rho_bar = {:.4g}.",
                                 wording::percent(h.nested->coverage), wording::percent(h.flat), h.rho_bar)
                   : fmt::format("{} by the flat shortcut at rho_bar = {:.4g} (the nested model is left out: see nested_note).",
                                 wording::percent(h.flat), h.rho_bar);
  r.line(std::move(lead));
  return r;
}

/// halley size: the sizing's fields (above), then the tools' status, cap and inputs.
inline core::record describe(const sizing_report& q) {
  const sizing& s = q.result;
  core::record r = describe(s);
  r.type = "sizing_report";
  const auto tools = detail::tools;
  r.add_for(tools, "status", s.reachable ? "ok" : "UNREACHABLE");
  std::string rho_status;
  if (!s.capped) {
    rho_status = "not needed: no cap on the spare ratio";
  } else if (s.reachable) {
    rho_status = "not needed: the target fits within the cap";
  } else if (s.rho_search.outcome == correlation_outcome::not_computed) {
    rho_status = "not computed: the search passed " + core::to_message(q.budget_limit) + " summed terms (about " +
                 std::to_string(static_cast<int>(q.budget_limit * seconds_per_term + 0.5)) +
                 " s), the bound on one command's work; shiftfly::halley::rho_for_coverage computes it without the bound";
  } else if (s.rho_target_exists) {
    r.add_for(tools, "rho_target", s.rho_target, "", "the correlation that brings the target within the cap");
    rho_status = to_string(s.rho_search.outcome);
  } else {
    rho_status = "unreachable: even independent lasers (rho = 0) leave a shortfall of " +
                 core::to_message(s.rho_search.shortfall_at_smallest) + " at the cap's " + std::to_string(s.cap_spares) +
                 " spares, above 1 - target";
  }
  r.add_for(tools, "rho_target_status", rho_status);
  // No cap: "cap": "none" and the cap's spares and coverage null (the keys stay, so a
  // reader finds the same keys either way).
  r.add_for(tools, "cap", q.cap ? core::record_value(*q.cap) : core::record_value("none"), "", "the cap on s/(n+s)")
      .add_for(tools, "cap_spares", s.capped ? core::record_value(s.cap_spares) : core::record_value(nullptr), "lasers",
               "the most spares the cap allows")
      .add_for(tools, "cap_coverage", s.capped ? core::record_value(s.cap_coverage) : core::record_value(nullptr), "",
               "A(cap_spares)");
  if (s.capped && !s.cap_coverage_exact)
    r.add_for(tools, "cap_coverage_is", "lower bound: coverage at " + std::to_string(max_spares) + " spares (the cap allows " +
                                            std::to_string(s.cap_spares) + ")");
  r.add_for(tools, "channels", q.channels, "lasers");
  add_rate(r, q.rate);
  r.add_for(tools, "rho", q.rho).add_for(tools, "target", q.target)
      .add_for(tools, "method", "exact")
      .add_for(tools, "algorithm", "Algorithm 1 (LightReserve): exact tail sums, exponential-then-binary search for the spares; "
                                   "TOMS 748 for rho_target");
  // "3 spares (pool 35, 1.09x) reach 99.00% coverage (99.588%); cap 50% allows 32 (100.0000% there)."
  std::string lead;
  if (s.reachable) {
    lead = fmt::format("{} spares (pool {}, {:.3g}x) reach {} coverage ({} with them); ", s.spares, s.pool, s.pool_multiple,
                       wording::percent(q.target), wording::percent(s.coverage));
    lead += s.capped ? fmt::format("cap {} allows {} ({} there{}).", wording::ratio_percent(*q.cap), s.cap_spares,
                                   wording::percent(s.cap_coverage), s.cap_coverage_exact ? "" : ", a lower bound")
                     : "no cap.";
  } else {
    lead = fmt::format("{} coverage needs more spares than cap {} allows: its {} spares give {}; ", wording::percent(q.target),
                       wording::ratio_percent(*q.cap), s.cap_spares, wording::percent(s.cap_coverage));
    lead += s.rho_target_exists ? fmt::format("a correlation of at most {:.4g} would reach it with them.", s.rho_target)
                                : rho_status + ".";
  }
  r.line(std::move(lead));
  return r;
}

/// halley cost: the split (above), then the premium's rate, the inputs and the model.
inline core::record describe(const cost_report& c) {
  const auto& s = c.plans;
  core::record r = describe(s);
  r.type = "cost_report";
  const auto tools = detail::tools;
  r.add_for(tools, "separation_cost_per_hundredth_rho", c.separation_cost_per_hundredth_rho, "dollars",
            "the separation premium per 0.01 of rho (Observation 1: $800 at 32 channels)")
      .add_for(tools, "channels", c.channels, "lasers");
  add_rate(r, c.rate);
  core::record model("cost_model");
  model.add("price", c.model.price, "dollars", "per spare laser")
      .add("premium", c.model.premium, "", "share of active-laser capital for premium_from -> floor")
      .add("premium_from", c.model.reference_rho, "", "where the premium's priced move starts")
      .add("floor", c.model.floor, "", "best separation the premium is priced for");
  r.add_for(tools, "rho", c.rho).add_for(tools, "target", c.target)
      .add_for(tools, "model", std::move(model))
      .add_for(tools, "method", "exact")
      .add_for(tools, "algorithm", "Algorithm 1 (exact tail sums) and TOMS 748 over every (spares, rho') under the stated cost model");
  r.line(fmt::format("The cheapest plan costs {} ({} spares, separated to rho' = {:.4g}), {:.3g}x less than spares "
                     "alone ({}, {} spares at rho = {:.4g}).",
                     wording::dollars(s.cheapest.cost), s.cheapest.spares, s.cheapest.rho, s.saving_ratio,
                     wording::dollars(s.spares_only.cost), s.spares_only.spares, s.spares_only.rho));
  return r;
}

/// halley foldfit: the result (above), then the bounds, the sizes and, with_assignment, each
/// job's cell and channel (the caller checks the memory it takes: about 512 bytes a job as JSON).
inline core::record describe(const fold_fit_report& q, bool with_assignment) {
  const auto& f = q.result;
  const auto& b = f.search.bounds;
  core::record r = describe(f);
  r.type = "fold_fit_report";
  const auto tools = detail::tools;
  core::record bounds("lower_bounds");
  bounds.add("max_demand", b.max_job, "slots").add("average_load", b.average_load, "slots").add("busiest_port", b.busiest_port, "slots");
  r.add_for(tools, "bounds", std::move(bounds), "", "the three lower bounds")
      .add_for(tools, "jobs", f.jobs.size(), "jobs", "nonzero demands")
      .add_for(tools, "rows", q.rows).add_for(tools, "cols", q.cols).add_for(tools, "channels", q.channels);
  if (q.optimum) r.add_for(tools, "optimum", *q.optimum, "slots", "the optimal makespan (branch and bound)");
  if (with_assignment) {
    core::record_value::list assign;
    assign.reserve(f.jobs.size());
    for (std::size_t k = 0; k < f.jobs.size(); ++k) {
      core::record job("assignment");
      job.add("row", f.cells[k].first).add("col", f.cells[k].second).add("slots", f.jobs[k]).add("channel", f.search.packing.channel[k]);
      assign.emplace_back(std::move(job));
    }
    r.add_for(tools, "assignment", std::move(assign), "", "each job's cell, slots and channel");
  }
  r.add_for(tools, "method", "exact")
      .add_for(tools, "algorithm", "MULTIFIT (FFD binary-searched from the three lower bounds), list scheduling, LPT; optimum by "
                                   "branch and bound");
  std::string lead = fmt::format("FoldFit schedules {} jobs on {} channels in {} slots (lower bound {}", f.jobs.size(), q.channels,
                                 f.search.packing.makespan, b.bound);
  if (q.optimum) lead += fmt::format(", optimum {}", *q.optimum);
  lead += fmt::format("; LPT {}, list scheduling {}).", f.lpt_makespan, f.list_makespan);
  r.line(std::move(lead));
  return r;
}

}  // namespace shiftfly::halley
