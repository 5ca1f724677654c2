#pragma once
/// \file variance_table.hpp
/// `halley tables` section "variance": Theorem 1 Part 1 and Fig. 2, the
/// variance of the failure fraction F/N against the pool size N.

#include <cmath>
#include <cstdint>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

/// Theorem 1 Part 1 and Fig. 2: Var(F/N) against N, independent and correlated.
/// The table samples N = 10, 100, ..., 10^5; the figure 41 points a decade apart by 0.1.
inline report::section_output halley_variance(const halley_parameters& p) {
  using namespace halley_tables;
  using report::scientific, report::fixed, report::shortest;
  auto t = make_table("fig2_variance", "Fig. 2: variance of the failure fraction against pool size", "Theorem 1 Part 1, Fig. 2",
                      "closed form Var(F/N) = lambda(1-lambda)[1+(N-1)rho]/N",
                      {"N", "independent", "rho = " + shortest(p.rho), "floor lambda(1-lambda)rho"});
  report::figure f{"fig2_variance_plot", "Fig. 2: Var(F/N) against N", "pool size N (lasers)", "variance of failure fraction Var(F/N)",
                   true, true, {{"independent", {}, {}}, {"ρ = " + shortest(p.rho), {}, {}}}};
  const double floor = halley::variance_floor(p.lambda, p.rho);
  // The paper's axes: N from 10 to 10^5, the variance from 10^-7 to 10^-1; the floor dashed.
  f.xrange = {1e1, 1e5};
  f.yrange = {1e-7, 1e-1};
  f.references.push_back({'y', floor, "floor λ(1 − λ)ρ = " + fixed(floor, 4)});
  for (int e = 1; e <= 5; ++e) {
    const auto n = static_cast<std::uint64_t>(std::llround(std::pow(10.0, e)));
    t.add_row({std::to_string(n), scientific(halley::failure_fraction_variance(n, p.lambda, 0.0), 3),
               scientific(halley::failure_fraction_variance(n, p.lambda, p.rho), 5), scientific(floor, 5)});
  }
  for (int i = 0; i <= 40; ++i) {
    const auto n = static_cast<std::uint64_t>(std::llround(std::pow(10.0, 1 + i * 0.1)));
    f.lines[0].x.push_back(static_cast<double>(n));
    f.lines[0].y.push_back(halley::failure_fraction_variance(n, p.lambda, 0.0));
    f.lines[1].x.push_back(static_cast<double>(n));
    f.lines[1].y.push_back(halley::failure_fraction_variance(n, p.lambda, p.rho));
  }
  t.notes.push_back("Floor " + fixed(floor, 4) + " (standard deviation " + fixed(halley::failure_fraction_sd_floor(p.lambda, p.rho), 3) +
                    ") at lambda = " + shortest(p.lambda) + ", rho = " + shortest(p.rho) + ".");
  report::illustrate(f, t,
                     "Variance of the failure fraction F/N against the pool size N, independent and correlated "
                     "failures (log–log): correlation leaves a floor that pooling cannot remove (dashed).");
  return {{t}, {f}};
}

}  // namespace shiftfly::tables
