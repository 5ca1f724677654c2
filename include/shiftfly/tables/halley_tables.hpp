#pragma once
/// \file halley_tables.hpp
/// The Halley paper's closed-form results as functions from parameters to
/// tables and figures (`halley tables`). Every cell is computed by the headers
/// under include/shiftfly/halley/; nothing is typed in. Each table names the
/// table, figure or section of the paper it regenerates, and how its figures
/// were obtained (closed form, exact sum, quadrature, root finding).

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/fold_fit.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/thermal.hpp"
#include "shiftfly/halley/triage.hpp"
#include "shiftfly/halley/window.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/report/table_set.hpp"

namespace shiftfly::tables {

/// The paper's operating point; every table is a function of these.
struct halley_parameters {
  std::uint64_t channels = 32;  ///< n, the calibration pool
  std::uint64_t reserve = 4;    ///< the static four-laser reserve
  double lambda = 0.05;         ///< stress failure probability per window
  double rho = 0.15;            ///< stress correlation
  double cap = 0.5;             ///< σmax, the 2x pool
  double target5 = 0.99999;     ///< "five nines"
  halley::module_shape shape{18, 8, 0.30, 0.05};  ///< the Quantum-X module shape
  halley::cost_model cost{};
  halley::composition_inputs composition{};
};

namespace detail_halley {

inline const char* paper = "Halley (Mishra and Sivalingam, arXiv:2611.04408)";

inline std::string pct(double x, int digits) { return fmt::format("{:.{}f}", 100.0 * x, digits); }
inline std::string fx(double x, int digits) { return fmt::format("{:.{}f}", x, digits); }
inline std::string sci(double x, int digits) { return fmt::format("{:.{}e}", x, digits); }
inline std::string num(std::uint64_t x) { return std::to_string(x); }
inline std::string money(double x) { return fmt::format("{:.0f}", x); }
/// A spare count, marked when it passes the cap.
inline std::string spares_cell(const halley::sizing& s) {
  return s.reachable ? num(s.spares) : num(s.spares) + " (past cap)";
}

inline report::table make(std::string id, std::string title, std::string source, std::string method,
                          std::vector<std::string> columns) {
  report::table t;
  t.id = std::move(id);
  t.title = std::move(title);
  t.source = std::string(paper) + ", " + source;
  t.method = std::move(method);
  t.columns = std::move(columns);
  return t;
}

}  // namespace detail_halley

/// Theorem 1 Part 1 and Fig. 2: Var(F/N) against N, independent and correlated.
inline report::section_output halley_variance(const halley_parameters& p) {
  using namespace detail_halley;
  auto t = make("fig2_variance", "Fig. 2: variance of the failure fraction against pool size", "Theorem 1 Part 1, Fig. 2",
                "closed form Var(F/N) = lambda(1-lambda)[1+(N-1)rho]/N",
                {"N", "independent", fmt::format("rho = {}", p.rho), "floor lambda(1-lambda)rho"});
  report::figure f{"fig2_variance_plot", "Fig. 2: Var(F/N) against N", "pool size N (lasers)", "variance of failure fraction",
                   true, true, {{"independent", {}, {}}, {fmt::format("rho = {}", p.rho), {}, {}}}};
  const double floor = halley::variance_floor(p.lambda, p.rho);
  for (int e = 1; e <= 5; ++e) {
    const auto n = static_cast<std::uint64_t>(std::llround(std::pow(10.0, e)));
    const double vi = halley::failure_fraction_variance(n, p.lambda, 0.0), vc = halley::failure_fraction_variance(n, p.lambda, p.rho);
    t.add_row({num(n), sci(vi, 3), sci(vc, 5), sci(floor, 5)});
  }
  for (int i = 0; i <= 40; ++i) {
    const double n = std::pow(10.0, 1 + i * 0.1);
    const auto nn = static_cast<std::uint64_t>(std::llround(n));
    f.lines[0].x.push_back(static_cast<double>(nn));
    f.lines[0].y.push_back(halley::failure_fraction_variance(nn, p.lambda, 0.0));
    f.lines[1].x.push_back(static_cast<double>(nn));
    f.lines[1].y.push_back(halley::failure_fraction_variance(nn, p.lambda, p.rho));
  }
  t.notes.push_back(fmt::format("Floor {} (standard deviation {}) at lambda = {}, rho = {}.", fx(floor, 4), fx(std::sqrt(floor), 3),
                                p.lambda, p.rho));
  return {{t}, {f}};
}

/// Theorem 1 Part 2, Corollary 1 and Fig. 3: the ceiling.
inline report::section_output halley_ceiling(const halley_parameters& p) {
  using namespace detail_halley;
  auto c = make("corollary1", "Theorem 1 and Corollary 1 at the stress point", "Section III, Theorem 1, Corollary 1, Fig. 3",
                "Boost.Math ibeta/ibeta_inv; TOMS 748 for the correlation", {"quantity", "value"});
  const auto big = halley::large_pool_spare_ratio(p.lambda, p.rho, p.target5);
  const auto rc = halley::rho_for_ceiling(p.lambda, p.cap, p.target5);
  c.add_row({"lambda, rho", fmt::format("{}, {}", p.lambda, p.rho)});
  c.add_row({"variance floor lambda(1-lambda)rho", fx(halley::variance_floor(p.lambda, p.rho), 4)});
  c.add_row({"standard deviation of F/N", fx(std::sqrt(halley::variance_floor(p.lambda, p.rho)), 3)});
  c.add_row({fmt::format("A_crit at sigma_max = {} (%)", p.cap), pct(halley::critical_availability(p.lambda, p.rho, p.cap), 3)});
  c.add_row({fmt::format("ceiling at the reserve's ratio {}/{} (%)", p.reserve, p.channels + p.reserve),
             pct(halley::ceiling(static_cast<double>(p.reserve) / static_cast<double>(p.channels + p.reserve), p.lambda, p.rho), 1)});
  c.add_row({fmt::format("coverage of the {}-channel reserve (%)", p.channels), pct(halley::coverage(p.channels, p.reserve, p.lambda, p.rho), 1)});
  c.add_row({fmt::format("large-pool sigma for {}%", pct(p.target5, 3)), fx(big.sigma, 3)});
  c.add_row({"pool multiple 1/(1-sigma)", fx(big.pool_multiple, 1)});
  c.add_row({fmt::format("rho at which A_crit reaches {}%", pct(p.target5, 3)), rc.reachable ? fx(rc.rho, 3) : "none"});

  // Fig. 3 left: ceiling against sigma for each rho; right: the 2x pool's ceiling against rho.
  const std::vector<double> rhos = {0.25, 0.20, 0.15, 0.10, 0.05};
  std::vector<std::string> cols{"sigma (%)"};
  for (double r : rhos) cols.push_back(fmt::format("1 - A* at rho = {}", r));
  auto left = make("fig3_left", "Fig. 3 (left): coverage ceiling against spare ratio", "Theorem 1 Part 2, Fig. 3 left",
                   "closed form 1 - A* = 1 - F_Beta(sigma; a, b) (Boost.Math ibetac)", cols);
  report::figure fl{"fig3_left_plot", "Fig. 3 (left): ceiling against spare ratio", "spare ratio sigma = s/N (%)", "1 - A* (shortfall)",
                    false, true, {}};
  for (double r : rhos) fl.lines.push_back({fmt::format("rho = {}", r), {}, {}});
  for (int s = 10; s <= 90; s += 10) {
    std::vector<std::string> row{num(static_cast<std::uint64_t>(s))};
    for (double r : rhos) row.push_back(sci(halley::ceiling_shortfall(s / 100.0, p.lambda, r), 3));
    left.add_row(row);
  }
  for (int s = 2; s <= 90; s += 2)
    for (std::size_t k = 0; k < rhos.size(); ++k) {
      fl.lines[k].x.push_back(s);
      fl.lines[k].y.push_back(std::max(1e-12, halley::ceiling_shortfall(s / 100.0, p.lambda, rhos[k])));
    }
  auto right = make("fig3_right", "Fig. 3 (right): ceiling of a 2x pool against rho", "Corollary 1, Fig. 3 right",
                    "closed form A_crit = F_Beta(sigma_max; a, b)", {"rho", "A_crit (%)", "1 - A_crit"});
  report::figure fr{"fig3_right_plot", "Fig. 3 (right): ceiling at the 2x cap", "failure correlation rho", "1 - A_crit (shortfall)", false,
                    true, {{"2x pool", {}, {}}}};
  for (double r : {0.25, 0.20, 0.15, 0.10, 0.08, 0.06, 0.056, 0.05, 0.04, 0.03, 0.02, 0.01}) {
    right.add_row({fx(r, 3), pct(halley::critical_availability(p.lambda, r, p.cap), 5), sci(halley::ceiling_shortfall(p.cap, p.lambda, r), 3)});
  }
  for (int i = 50; i >= 2; --i) {
    const double r = i / 200.0;
    fr.lines[0].x.push_back(r);
    fr.lines[0].y.push_back(std::max(1e-12, halley::ceiling_shortfall(p.cap, p.lambda, r)));
  }
  return {{c, left, right}, {fl, fr}};
}

/// Table II: where the ceiling binds, and its threshold.
inline report::section_output halley_table2(const halley_parameters& p) {
  using namespace detail_halley;
  auto t = make("table2", "Table II: where the ceiling binds, for the 32-channel pool", "Table II, Section III-B",
                "closed form lambda = 1 - exp(-phi t_w 1e-9); A_crit by ibeta; s5 by Algorithm 1 (exact sums)",
                {"phi (FIT)", "window", "lambda", "A_crit (%)", "s5, rho = 0.15", "s5, indep."});
  struct row_in {
    double fit;
    const char* window;
    double lambda;  // 0: from fit and window
  };
  const std::vector<row_in> rows = {{50, "90d", 0}, {50, "1y", 0}, {250, "1y", 0}, {500, "1y", 0}, {0, "6y", p.lambda}};
  for (const auto& r : rows) {
    const double hours = halley::parse_window(r.window);
    const double lambda = r.lambda > 0 ? r.lambda : halley::failure_probability(r.fit, hours);
    const double fit = r.lambda > 0 ? halley::fit_for_probability(r.lambda, hours) : r.fit;
    const auto sc = halley::light_reserve(p.channels, lambda, p.rho, p.target5, p.cap);
    const auto si = halley::light_reserve(p.channels, lambda, 0.0, p.target5, p.cap);
    t.add_row({fx(fit, 0), r.window, r.lambda > 0 ? fmt::format("{}", lambda) : sci(lambda, 1),
               pct(halley::critical_availability(lambda, p.rho, p.cap), 4), spares_cell(sc), spares_cell(si)});
  }
  t.notes.push_back("A year is 365 days (8,760 h). The last row is the stress point lambda = 0.05 over six years; its FIT rate is "
                    "computed from lambda (975.9, printed 976).");
  auto th = make("table2_threshold", "Table II: the lambda threshold and what follows from it", "Table II, Sections III-B, IV-A, V-D",
                 "TOMS 748 on lambda for A(cap spares) = target; exact sums", {"quantity", "value"});
  const double lt = halley::largest_rate_within_cap(p.channels, p.rho, p.target5, p.cap);
  th.add_row({fmt::format("largest lambda with {}% inside the cap", pct(p.target5, 3)), sci(lt, 2)});
  th.add_row({"FIT-hours at that lambda", sci(-std::log1p(-lt) * 1e9, 2)});
  th.add_row({"days at 50 FIT", fx(halley::window_for_probability(lt, 50) / 24, 0)});
  th.add_row({"days at 250 FIT", fx(halley::window_for_probability(lt, 250) / 24, 0)});
  th.add_row({"four-laser reserve, 50 FIT, 90-day windows (%)",
              pct(halley::coverage(p.channels, p.reserve, halley::failure_probability(50, halley::parse_window("90d")), p.rho), 3)});
  th.add_row({"four-laser reserve, 50 FIT, one-year windows (%)",
              pct(halley::coverage(p.channels, p.reserve, halley::failure_probability(50, halley::parse_window("1y")), p.rho), 3)});
  th.add_row({fmt::format("spares for {}% at lambda = 0.005", pct(p.target5, 3)),
              spares_cell(halley::light_reserve(p.channels, 0.005, p.rho, p.target5, p.cap))});
  return {{t, th}, {}};
}

/// Algorithm 1 (LightReserve) at the calibration point, and Fig. 5.
inline report::section_output halley_light_reserve(const halley_parameters& p) {
  using namespace detail_halley;
  auto t = make("lightreserve", "Algorithm 1 (LightReserve) at the calibration point", "Section IV-A, Fig. 5",
                "exact beta-binomial sums; exponential-then-binary search; TOMS 748 for rho'",
                {"lambda", "rho", "target (%)", "spares s*", "pool multiple", "coverage (%)", "within cap", "rho' at cap"});
  struct q {
    double lambda, rho, target;
  };
  for (const auto& c : std::vector<q>{{0.05, 0, 0.99}, {0.10, 0, 0.99}, {0.20, 0, 0.99}, {p.lambda, p.rho, 0.99},
                                      {p.lambda, p.rho, 0.999}, {p.lambda, p.rho, p.target5}}) {
    const auto s = halley::light_reserve(p.channels, c.lambda, c.rho, c.target, p.cap);
    t.add_row({fmt::format("{}", c.lambda), fmt::format("{}", c.rho), pct(c.target, 3), num(s.spares), fx(s.pool_multiple, 1),
               pct(s.coverage, 4), s.reachable ? "yes" : "UNREACHABLE",
               s.reachable ? "-" : (s.rho_target_exists ? fx(s.rho_target, 4) : "none")});
  }
  const auto capped = halley::light_reserve(p.channels, p.lambda, p.rho, p.target5, p.cap);
  t.notes.push_back(fmt::format("The {}-laser reserve covers {}%; the {} spares the cap allows cover {}%.", p.reserve,
                                pct(halley::coverage(p.channels, p.reserve, p.lambda, p.rho), 1), capped.cap_spares,
                                pct(capped.cap_coverage, 3)));

  auto l = make("fig5_left", "Fig. 5 (left): coverage against spares, independent failures", "Fig. 5 left",
                "exact binomial sums", {"spares", "lambda = 0.05 (%)", "lambda = 0.10 (%)", "lambda = 0.20 (%)"});
  report::figure fl{"fig5_left_plot", "Fig. 5 (left): independent failures", "spare lasers", "coverage (%)", false, false,
                    {{"lambda = 0.05", {}, {}}, {"lambda = 0.10", {}, {}}, {"lambda = 0.20", {}, {}}}};
  const std::vector<double> ls = {0.05, 0.10, 0.20};
  for (std::uint64_t s = 0; s <= 25; ++s) {
    std::vector<std::string> row{num(s)};
    for (std::size_t k = 0; k < ls.size(); ++k) {
      const double a = halley::coverage(p.channels, s, ls[k], 0.0);
      row.push_back(pct(a, 2));
      fl.lines[k].x.push_back(static_cast<double>(s));
      fl.lines[k].y.push_back(100 * a);
    }
    l.add_row(row);
  }
  auto r = make("fig5_right", "Fig. 5 (right): fixed reserve against LightReserve at 99.9%", "Fig. 5 right",
                "exact beta-binomial sums; Algorithm 1", {"lambda", "four-laser reserve (%)", "spares for 99.9%", "sized pool (%)"});
  report::figure fr{"fig5_right_plot", "Fig. 5 (right): rho = 0.15", "failure rate lambda", "coverage (%)", false, false,
                    {{"four-laser reserve", {}, {}}, {"LightReserve, 99.9%", {}, {}}}};
  for (int i = 1; i <= 20; ++i) {
    const double lambda = i * 0.005;
    const double a = halley::coverage(p.channels, p.reserve, lambda, p.rho);
    const auto s = halley::light_reserve(p.channels, lambda, p.rho, 0.999, p.cap);
    r.add_row({fx(lambda, 3), pct(a, 2), spares_cell(s), pct(s.coverage, 3)});
    fr.lines[0].x.push_back(lambda);
    fr.lines[0].y.push_back(100 * a);
    fr.lines[1].x.push_back(lambda);
    fr.lines[1].y.push_back(100 * s.coverage);
  }
  return {{t, l, r}, {fl, fr}};
}

/// Fig. 14 (left): spares for 99% of 32 channels over (rho, lambda).
inline report::section_output halley_fig14_left(const halley_parameters& p) {
  using namespace detail_halley;
  const std::vector<double> lambdas = {0.01, 0.03, 0.05, 0.10, 0.20};
  std::vector<std::string> cols{"rho"};
  for (double l : lambdas) cols.push_back(fmt::format("lambda = {}", l));
  auto t = make("fig14_left", "Fig. 14 (left): spares for 99% coverage of 32 channels", "Fig. 14 left",
                "Algorithm 1, exact sums; '(past cap)' marks cells beyond the 2x cap (hatched in the paper)", cols);
  for (double rho : {0.0, 0.05, 0.15, 0.25, 0.35}) {
    std::vector<std::string> row{fmt::format("{}", rho)};
    for (double l : lambdas) row.push_back(spares_cell(halley::light_reserve(p.channels, l, rho, 0.99, p.cap)));
    t.add_row(row);
  }
  return {{t}, {}};
}

/// Theorem 2 and Fig. 8.
inline report::section_output halley_hierarchy(const halley_parameters& p) {
  using namespace detail_halley;
  auto t = make("theorem2", "Theorem 2: the hierarchical ceiling", "Section V-A, Theorem 2, Fig. 8",
                "pair counts exact; flat shortcut by exact sums; nested model by tanh-sinh quadrature over Theta0 of the convolved "
                "module beta-binomials (error < 1e-12)",
                {"pool", "modules x lasers", "spares", "rho_bar", "flat at rho (%)", "flat at rho_bar (%)", "nested (%)"});
  const auto pairs = halley::count_pairs(p.shape.modules, p.shape.lasers);
  const double rb = halley::average_correlation(p.shape);
  const std::uint64_t n2 = p.channels * 2;
  t.add_row({fmt::format("{}-channel pool at the cap", p.channels), fmt::format("{} x {} (rho_bar only)", p.shape.modules, p.shape.lasers),
             num(p.channels), fx(rb, 3), pct(halley::failure_cdf(n2, p.channels, p.lambda, p.rho), 3),
             pct(halley::failure_cdf(n2, p.channels, p.lambda, rb), 3), "-"});
  const halley::module_shape eight{8, 8, p.shape.rho_within, p.shape.rho_across};
  const auto h8 = halley::hierarchy_coverage(eight, p.channels, p.lambda);
  t.add_row({fmt::format("{}-channel pool as 8 modules of 8", p.channels), "8 x 8", num(p.channels), fx(h8.rho_bar, 3),
             pct(halley::failure_cdf(64, p.channels, p.lambda, p.rho), 3), pct(h8.flat, 3), pct(h8.nested, 3)});
  const std::uint64_t total = p.shape.modules * p.shape.lasers;
  const auto hs = halley::hierarchy_coverage(p.shape, total / 2, p.lambda);
  t.add_row({fmt::format("{} x {} at its own cap", p.shape.modules, p.shape.lasers), fmt::format("{} x {}", p.shape.modules, p.shape.lasers),
             num(total / 2), fx(hs.rho_bar, 3), pct(halley::failure_cdf(total, total / 2, p.lambda, p.rho), 4), pct(hs.flat, 4),
             pct(hs.nested, 4)});
  t.notes.push_back(fmt::format("{} x {}: {} same-module and {} cross-module pairs; rho_within = {}, rho_across = {} give rho_bar = {}.",
                                p.shape.modules, p.shape.lasers, pairs.same, pairs.cross, p.shape.rho_within, p.shape.rho_across,
                                fx(rb, 4)));
  t.notes.push_back(fmt::format("Part 1: as L grows, Var(F/N) -> {} (the flat floor at rho_across is {}).",
                                fx(halley::hierarchical_variance_limit(p.shape, p.lambda), 5),
                                fx(halley::variance_floor(p.lambda, p.shape.rho_across), 5)));
  auto f8 = make("fig8_hierarchy", "Fig. 8: flat pool against the module structure's rho_bar", "Fig. 8",
                 "exact beta-binomial sums (the flat model at rho and at the 18 x 8 shape's rho_bar)",
                 {"spares", fmt::format("flat rho = {} (%)", p.rho), fmt::format("flat rho_bar = {} (%)", fx(rb, 3))});
  report::figure ff{"fig8_hierarchy_plot", "Fig. 8: hierarchical ceiling, 32 active", "spare lasers (32 active)", "1 - coverage (shortfall)",
                    false, true, {{fmt::format("flat rho = {}", p.rho), {}, {}}, {"flat rho_bar", {}, {}}}};
  for (std::uint64_t s = 0; s <= 64; s += 4) {
    const double a = halley::coverage(p.channels, s, p.lambda, p.rho), b = halley::coverage(p.channels, s, p.lambda, rb);
    f8.add_row({num(s), pct(a, 4), pct(b, 4)});
    ff.lines[0].x.push_back(static_cast<double>(s));
    ff.lines[0].y.push_back(std::max(1e-12, halley::coverage_shortfall(p.channels, s, p.lambda, p.rho)));
    ff.lines[1].x.push_back(static_cast<double>(s));
    ff.lines[1].y.push_back(std::max(1e-12, halley::coverage_shortfall(p.channels, s, p.lambda, rb)));
  }
  return {{t, f8}, {ff}};
}

/// Observations 1-2, Figs. 9 and 10.
inline report::section_output halley_cost(const halley_parameters& p) {
  using namespace detail_halley;
  auto t = make("fig9_cost", "Fig. 9 and Observation 1: spares against separation", "Section V-B, Observation 1, Fig. 9",
                "Algorithm 1 at each rho' (exact sums) under the stated cost model",
                {"decorrelate to rho'", "spares", "spares ($)", "separation ($)", "total ($)"});
  for (double r : {0.15, 0.12, 0.09, 0.06, 0.045, 0.03}) {
    const auto pl = halley::plan_at(p.channels, p.lambda, p.rho, r, p.target5, p.cost);
    t.add_row({fmt::format("{}", r), num(pl.spares), money(pl.spare_cost), money(pl.separation_cost), money(pl.cost)});
  }
  const auto sp = halley::cheapest_plan(p.channels, p.lambda, p.rho, p.target5, p.cost);
  t.notes.push_back(fmt::format("Cost model: ${} per spare; {}% of the ${} active-laser capital for rho {} -> {}, i.e. ${} per 0.01.",
                                money(p.cost.price), money(100 * p.cost.premium), money(p.cost.price * static_cast<double>(p.channels)),
                                p.cost.reference_rho, p.cost.floor, money(halley::separation_rate(p.channels, p.cost) * 0.01)));
  t.notes.push_back(fmt::format("Cheapest plan over every (s, rho'): {} spares at rho' = {}, ${}; spares alone ${}; ratio {}x.",
                                sp.cheapest.spares, fx(sp.cheapest.rho, 3), money(sp.cheapest.cost), money(sp.spares_only.cost),
                                fx(sp.saving_ratio, 1)));
  auto o2 = make("fig10_rho_invariance", "Fig. 10 and Observation 2: rho-invariance across the plausible band",
                 "Section V-C, Observation 2, Fig. 10", "Algorithm 1 and TOMS 748 over (s, rho'), exact sums",
                 {"rho0", "spares alone", "spares-alone cost ($)", "cheapest rho'", "cheapest spares", "cheapest cost ($)", "ratio"});
  report::figure f{"fig10_rho_invariance_plot", "Fig. 10: total cost against separation", "decorrelate to rho'", "total cost ($k)", false, true, {}};
  for (double rho0 : {0.08, 0.15, 0.25, 0.35}) {
    const auto s = halley::cheapest_plan(p.channels, p.lambda, rho0, p.target5, p.cost);
    o2.add_row({fmt::format("{}", rho0), num(s.spares_only.spares), money(s.spares_only.cost), fx(s.cheapest.rho, 3),
                num(s.cheapest.spares), money(s.cheapest.cost), fx(s.saving_ratio, 1)});
    report::series line{fmt::format("rho0 = {}", rho0), {}, {}};
    for (int i = static_cast<int>(std::lround(rho0 * 200)); i >= static_cast<int>(std::lround(p.cost.floor * 200)); --i) {
      const double r = i / 200.0;
      line.x.push_back(r);
      line.y.push_back(halley::plan_at(p.channels, p.lambda, rho0, r, p.target5, p.cost).cost / 1000);
    }
    f.lines.push_back(std::move(line));
  }
  return {{t, o2}, {f}};
}

/// Section V-D: the goodput composition, its readings, the coupled model, Fig. 14 right, Fig. 15.
inline report::section_output halley_composition(const halley_parameters& p) {
  using namespace detail_halley;
  const auto& in = p.composition;
  auto t = make("composition", "Section V-D: composed goodput under each reading", "Section V-D, Figs. 11-12, Section VII-A",
                "closed form goodput = ideal x availability x (1 - thermal) x (1 - reconfig); coverage and lit share by exact sums",
                {"reading c", "baseline avail. (%)", "stack avail. (%)", "baseline (%)", "full stack (%)", "gain (points)",
                 "relative gain (%)", "training factor", "capacity saved (%)"});
  for (double c : {1.0, 0.75, 0.5, 0.25, 0.0}) {
    const auto g = halley::compose_goodput(in, c);
    t.add_row({fx(c, 2), pct(g.baseline_availability, 2), pct(g.stack_availability, 3), pct(g.baseline, 1), pct(g.full_stack, 1),
               pct(g.gain_points, 1), pct(g.relative_gain, 1), fx(g.capital_factor, 2), pct(g.capacity_saving, 1)});
  }
  const auto g = halley::compose_goodput(in, 1.0);
  auto capped_in = in;
  capped_in.stack_spares = halley::spares_at_cap(in.channels, p.cap);
  const auto gc = halley::compose_goodput(capped_in, 1.0);
  auto d = make("composition_details", "Section V-D: the coverage reading in detail", "Section V-D, Figs. 11-12",
                "closed form on exact coverages", {"quantity", "value"});
  d.add_row({"ideal goodput implied by the anchor (%)", pct(g.ideal, 2)});
  d.add_row({"availability alone: goodput (%)", pct(g.availability_only, 1)});
  d.add_row({"availability's share of the gain (points)", pct(g.availability_only - g.baseline, 1)});
  d.add_row({"pool availability change (points)", pct(g.stack_availability - g.baseline_availability, 1)});
  d.add_row({fmt::format("held to the cap ({} spares): goodput (%)", capped_in.stack_spares), pct(gc.full_stack, 1)});
  d.add_row({"held to the cap: gain (points)", pct(gc.gain_points, 1)});
  d.add_row({"held to the cap: pool availability change (points)", pct(gc.stack_availability - gc.baseline_availability, 1)});
  d.add_row({"lit share, four-laser reserve (%)", pct(halley::lit_share(in.channels, in.baseline_spares, in.lambda, in.rho), 1)});
  d.add_row({"lit share, full stack (%)", pct(halley::lit_share(in.channels, in.stack_spares, in.lambda, in.rho), 2)});
  for (double scale : {0.5, 2.0}) {
    auto s = in;
    s.thermal_share *= scale;
    s.reconfig_share *= scale;
    const double b = halley::goodput_at(s, g.ideal, s.baseline_spares, s.lambda, false);
    const double f = halley::goodput_at(s, g.ideal, s.stack_spares, s.lambda, true);
    d.add_row({fmt::format("loss shares x{}: baseline / full stack / relative gain (%)", scale),
               fmt::format("{} / {} / {}", pct(b, 1), pct(f, 1), pct(f / b - 1, 1))});
  }
  const double l50 = halley::failure_probability(50, halley::parse_window("90d"));
  const double b50 = halley::goodput_at(in, g.ideal, in.baseline_spares, l50, false);
  const double s50 = halley::goodput_at(in, g.ideal, in.baseline_spares, l50, true);
  d.add_row({"50 FIT, 90-day restock: gain (points) / relative (%)", fmt::format("{} / {}", pct(s50 - b50, 1), pct(s50 / b50 - 1, 1))});
  for (double frac : {0.75, 0.5, 1.0 / 3, 0.1})
    d.add_row({fmt::format("attribution fraction {}: coverage / lit-share relative gain (%)", fx(frac, 2)),
               fmt::format("{} / {}", pct(g.relative_gain * frac, 1), pct(halley::compose_goodput(in, 0.0).relative_gain * frac, 1))});
  d.add_row({"inference (failures 13.6x rarer): four-laser reserve coverage (%)",
             pct(halley::coverage(in.channels, in.baseline_spares, in.lambda / 13.6, in.rho), 1)});

  // Coupled model and Proposition 1.
  auto q = make("fig13_fig15_quantiles", "Fig. 13 and Fig. 15: the coupled model and quantile transport",
                "Section V-D (coupled model), Proposition 1, Fig. 15",
                "G(Theta) closed form; mean by tanh-sinh quadrature; Q_p(G) = G(F^-1(1-p)) by ibeta_inv",
                {"p (%)", fmt::format("Q_p(G), rho = {} (%)", in.rho), "Q_p(G), rho = 0.03 (%)"});
  report::figure f15{"fig15_quantiles_plot", "Fig. 15: closed-form quantile of G(Theta)", "tail percentile p", "quantile Q_p(G) (%)", false,
                     false, {{fmt::format("rho = {}", in.rho), {}, {}}, {"rho = 0.03", {}, {}}}};
  auto decor = in;
  decor.rho = 0.03;
  for (int pp = 1; pp <= 50; ++pp) {
    const double a = halley::goodput_quantile(in, g.ideal, pp / 100.0), b = halley::goodput_quantile(decor, g.ideal, pp / 100.0);
    if (pp == 1 || pp == 5 || pp % 10 == 0 || pp == 22) q.add_row({num(static_cast<std::uint64_t>(pp)), pct(a, 1), pct(b, 1)});
    f15.lines[0].x.push_back(pp);
    f15.lines[0].y.push_back(100 * a);
    f15.lines[1].x.push_back(pp);
    f15.lines[1].y.push_back(100 * b);
  }
  // Crossing of the two curves, by TOMS 748 on p.
  auto diff = [&](double pp) { return halley::goodput_quantile(in, g.ideal, pp) - halley::goodput_quantile(decor, g.ideal, pp); };
  std::uintmax_t iters = 100;
  const auto cross = boost::math::tools::toms748_solve(diff, 0.05, 0.5, [](double x, double y) { return std::fabs(x - y) < 1e-9; }, iters);
  q.notes.push_back(fmt::format("Coupled mean {}% (independent point estimate {}%); {}% of windows exhaust the {} spares.",
                                pct(halley::coupled_mean(in, g.ideal), 1), pct(g.full_stack, 1),
                                pct(halley::coverage_shortfall(in.channels, in.stack_spares, in.lambda, in.rho), 1), in.stack_spares));
  q.notes.push_back(fmt::format("The curves cross at p = {}.", fx(100 * 0.5 * (cross.first + cross.second), 1)));
  q.notes.push_back(fmt::format("p* (Proposition 1, located by TOMS 748): {} at rho = 0.03, {} at rho = 0.15, {} at rho = 0.35 (percentiles).",
                                fx(100 * halley::quantile_threshold(in.lambda, 0.03), 1), fx(100 * halley::quantile_threshold(in.lambda, 0.15), 1),
                                fx(100 * halley::quantile_threshold(in.lambda, 0.35), 1)));

  // Fig. 14 right: goodput against lambda.
  auto r = make("fig14_right", "Fig. 14 (right): goodput against failure rate", "Fig. 14 right, Section V-D",
                "closed form composition on exact coverages; pool sized to 99.9% by Algorithm 1",
                {"lambda", "baseline (%)", "spares for 99.9%", "full stack (%)", "full stack held to cap (%)"});
  report::figure fr{"fig14_right_plot", "Fig. 14 (right): goodput against lambda, rho = 0.15", "failure rate lambda", "cluster goodput (%)",
                    false, false, {{"baseline", {}, {}}, {"full stack", {}, {}}, {"full stack held to cap", {}, {}}}};
  for (int i = 1; i <= 20; ++i) {
    const double lambda = i * 0.01;
    const auto s = halley::light_reserve(in.channels, lambda, in.rho, 0.999, p.cap);
    const double b = halley::goodput_at(in, g.ideal, in.baseline_spares, lambda, false);
    const double f = halley::goodput_at(in, g.ideal, s.spares, lambda, true);
    const double c = halley::goodput_at(in, g.ideal, std::min(s.spares, s.cap_spares), lambda, true);
    r.add_row({fx(lambda, 2), pct(b, 1), spares_cell(s), pct(f, 1), pct(c, 1)});
    for (auto [k, v] : {std::pair{0, b}, std::pair{1, f}, std::pair{2, c}}) {
      fr.lines[k].x.push_back(lambda);
      fr.lines[k].y.push_back(100 * v);
    }
  }
  {
    const auto s = halley::light_reserve(in.channels, 0.18, in.rho, 0.999, p.cap);
    const double b = halley::goodput_at(in, g.ideal, in.baseline_spares, 0.18, false);
    const double f = halley::goodput_at(in, g.ideal, s.spares, 0.18, true);
    const double c = halley::goodput_at(in, g.ideal, s.cap_spares, 0.18, true);
    r.notes.push_back(fmt::format("At lambda = 0.18: {} spares; gap {} points ({} held to the cap: {}% against {}%).", s.spares,
                                  fx(100 * (f - b), 1), fx(100 * (c - b), 1), pct(c, 1), pct(b, 1)));
  }
  return {{t, d, q, r}, {f15, fr}};
}

/// ThermaLead and TriageGuard closed forms.
inline report::section_output halley_controllers(const halley_parameters&) {
  using namespace detail_halley;
  auto t = make("thermalead", "ThermaLead: the one-step-ahead benchmark", "Section IV-C, Table III",
                "closed form sigma_e^2 = sigma_x^2(1-R^2); lock loss 2 Phi-bar(tau/sigma) (erfc)",
                {"lag-1 autocorrelation R", "variance removed (%)", "sigma_e/sigma_x", "lock-loss ratio at tau/sigma_x = 1",
                 "at 2", "at 3"});
  for (double r : {0.0, 0.075, 0.13, 0.5, 0.8, 0.95}) {
    t.add_row({fx(r, 3), pct(halley::variance_removed(r), 2), fx(std::sqrt(halley::residual_variance(1.0, r)), 4),
               fx(halley::lock_loss_ratio(1.0, r), 4), fx(halley::lock_loss_ratio(2.0, r), 4), fx(halley::lock_loss_ratio(3.0, r), 4)});
  }
  auto g = make("triageguard", "TriageGuard: MTTR against intercepted mass", "Section IV-D, Algorithm 4, Fig. 7 right",
                "closed form MTTR = mu t_sw + (1-mu) t_miss, t_sw = 5 ms, t_miss = 150 ms; intercepted masses as printed by the "
                "paper's simulation",
                {"ranking", "intercepted mass mu", "MTTR (ms)", "cut vs uniform (%)"});
  const double u = halley::uniform_intercepted_mass(4, 18);
  g.add_row({"all-dynamic", "0", fx(halley::mean_time_to_recover(0), 2), pct(halley::mttr_cut(0, u), 1)});
  g.add_row({"uniform (B/M = 4/18)", fx(u, 3), fx(halley::mean_time_to_recover(u), 2), "0.0"});
  for (auto [name, mu] : std::vector<std::pair<std::string, double>>{{"stale telemetry", 0.264}, {"fresh telemetry", 0.307}, {"oracle", 0.311}})
    g.add_row({name, fx(mu, 3), fx(halley::mean_time_to_recover(mu), 2), pct(halley::mttr_cut(mu, u), 1)});
  g.notes.push_back("The three intercepted masses are simulation outputs of the paper (inputs here); the MTTR and its cut are closed form.");
  return {{t, g}, {}};
}

/// FoldFit: bounds and worked cases.
inline report::section_output halley_fold_fit(const halley_parameters&) {
  using namespace detail_halley;
  auto w = make("foldfit_cases", "FoldFit: worked cases", "Section IV-B, Algorithm 2, Fig. 6",
                "exact: FFD, MULTIFIT (q = 7), list scheduling, LPT, branch-and-bound optimum",
                {"case", "m", "lower bound", "MULTIFIT T*", "MULTIFIT makespan", "list (arrival order)", "LPT", "classical optimum"});
  const std::vector<std::uint64_t> greedy = {1, 1, 1, 1, 1, 1, 3};
  const auto mf = halley::multifit(greedy, 3, 7);
  w.add_row({"six 1-slot jobs, then one 3-slot job", "3", fx(mf.bounds.bound, 2), fx(mf.deadline, 2), num(mf.packing.makespan),
             num(halley::list_schedule(greedy, 3).makespan), num(halley::lpt_schedule(greedy, 3).makespan),
             num(halley::optimal_makespan(greedy, 3))});
  const auto d = halley::parse_demand_csv("9,1,0,1\n1,8,1,0\n0,1,7,2\n0,0,2,6\n");
  const auto ff = halley::fold_fit(d, 4, 7, 2);
  w.add_row({"Fig. 6 MoE matrix (4 x 4, blocks of 2)", "4", fx(ff.search.bounds.bound, 2), fx(ff.search.deadline, 2),
             num(ff.search.packing.makespan), num(ff.list_makespan), num(ff.lpt_makespan), num(halley::optimal_makespan(ff.jobs, 4))});
  w.notes.push_back("The classical optimum ignores the port condition; for the Fig. 6 matrix the busiest port (11) exceeds it.");
  w.notes.push_back(fmt::format("Fig. 6 bounds: max demand {}, average load {}, busiest port {}.", ff.search.bounds.max_job,
                                fx(ff.search.bounds.average_load, 2), ff.search.bounds.busiest_port));
  auto b = make("foldfit_bounds", "FoldFit: worst-case ratios", "Section IV-B", "closed form",
                {"q steps", "MULTIFIT 13/11 + 2^-q", "below 11/9"});
  for (unsigned q = 0; q <= 8; ++q) {
    const double v = 13.0 / 11.0 + std::ldexp(1.0, -static_cast<int>(q));
    b.add_row({num(q), fx(v, 4), v < 11.0 / 9.0 ? "yes" : "no"});
  }
  auto gr = make("graham_bounds", "Graham's ratios for comparison", "Section IV-B (c)", "closed form",
                 {"m", "list 2 - 1/m", "LPT 4/3 - 1/(3m)", "11/9"});
  for (std::uint64_t m : {2u, 3u, 4u, 8u, 16u})
    gr.add_row({num(m), fx(halley::list_bound(m), 4), fx(halley::lpt_bound(m), 4), fx(11.0 / 9.0, 4)});
  gr.notes.push_back(fmt::format("Iteration inflation under 11/9 at 30-40% of iteration time: {}-{}%.", pct((11.0 / 9.0 - 1) * 0.3, 1),
                                 pct((11.0 / 9.0 - 1) * 0.4, 1)));
  return {{w, b, gr}, {}};
}

/// Every section of `halley tables`, in paper order.
inline std::vector<report::section> halley_sections(const halley_parameters& p = {}) {
  using out = report::section_output;
  using ctx = report::section_context;
  return {
      {"variance", "Theorem 1 Part 1, Fig. 2", [p](const ctx&) -> out { return halley_variance(p); }},
      {"ceiling", "Theorem 1, Corollary 1, Fig. 3", [p](const ctx&) -> out { return halley_ceiling(p); }},
      {"table2", "Table II and its threshold", [p](const ctx&) -> out { return halley_table2(p); }},
      {"lightreserve", "Algorithm 1, Fig. 5", [p](const ctx&) -> out { return halley_light_reserve(p); }},
      {"fig14", "Fig. 14 (left)", [p](const ctx&) -> out { return halley_fig14_left(p); }},
      {"hierarchy", "Theorem 2, Fig. 8", [p](const ctx&) -> out { return halley_hierarchy(p); }},
      {"cost", "Observations 1-2, Figs. 9-10", [p](const ctx&) -> out { return halley_cost(p); }},
      {"composition", "Section V-D, Fig. 14 (right), Prop. 1, Fig. 15", [p](const ctx&) -> out { return halley_composition(p); }},
      {"controllers", "ThermaLead and TriageGuard", [p](const ctx&) -> out { return halley_controllers(p); }},
      {"foldfit", "FoldFit bounds and worked cases", [p](const ctx&) -> out { return halley_fold_fit(p); }},
  };
}

}  // namespace shiftfly::tables
