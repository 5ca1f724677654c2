#pragma once
/// \file fold_fit_tables.hpp
/// `halley tables` section "foldfit": FoldFit (Section IV-B, Algorithm 2) on
/// worked cases, its worst-case ratio after q bisection steps, and Graham's
/// ratios for comparison.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/halley/fold_fit.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

namespace halley_tables {
/// Graham's worked case: six 1-slot jobs, then one 3-slot job, on 3 channels (list
/// scheduling reaches 2 − 1/m = 5/3 of the optimum).
inline constexpr std::array<std::uint64_t, 7> graham_case_jobs{1, 1, 1, 1, 1, 1, 3};
inline constexpr std::uint64_t graham_case_channels = 3;
/// The bisection steps q the worst-case ratio is tabulated for, 0 to 8.
inline constexpr unsigned max_tabulated_steps = 8;
/// The channel counts m Graham's ratios are tabulated for.
inline constexpr std::array<std::uint64_t, 5> graham_channel_counts{2, 3, 4, 8, 16};
}  // namespace halley_tables

/// FoldFit: bounds and worked cases.
inline report::section_output halley_fold_fit(const halley_parameters&) {
  using namespace halley_tables;
  namespace paper = halley::paper;
  using report::fixed, report::percent_number;
  const auto num = [](std::uint64_t x) { return std::to_string(x); };
  auto w = make_table("foldfit_cases", "FoldFit: worked cases", "Section IV-B, Algorithm 2, Fig. 6",
                      "exact: FFD, MULTIFIT (q = " + num(paper::foldfit_steps) + "), list scheduling, LPT, branch-and-bound optimum",
                      {"case", "m", "lower bound", "MULTIFIT T*", "MULTIFIT makespan", "list (arrival order)", "LPT", "classical optimum"});
  const std::vector<std::uint64_t> greedy(graham_case_jobs.begin(), graham_case_jobs.end());
  const auto mf = halley::multifit(greedy, graham_case_channels, paper::foldfit_steps);
  w.add_row({"six 1-slot jobs, then one 3-slot job", num(graham_case_channels), fixed(mf.bounds.bound, 2), fixed(mf.deadline, 2),
             num(mf.packing.makespan), num(halley::list_schedule(greedy, graham_case_channels).makespan),
             num(halley::lpt_schedule(greedy, graham_case_channels).makespan), num(halley::optimal_makespan(greedy, graham_case_channels))});
  const auto d = halley::parse_demand_csv(paper::fig6_demand_csv);
  const auto ff = halley::fold_fit(d, paper::fig6_channels, paper::foldfit_steps, paper::fig6_block);
  w.add_row({"Fig. 6 MoE matrix (4 x 4, blocks of " + num(paper::fig6_block) + ")", num(paper::fig6_channels), fixed(ff.search.bounds.bound, 2),
             fixed(ff.search.deadline, 2), num(ff.search.packing.makespan), num(ff.list_makespan), num(ff.lpt_makespan),
             num(halley::optimal_makespan(ff.jobs, paper::fig6_channels))});
  w.notes.push_back("The classical optimum ignores the port condition; for the Fig. 6 matrix the busiest port (11) exceeds it.");
  w.notes.push_back("Fig. 6 bounds: max demand " + num(ff.search.bounds.max_job) + ", average load " + fixed(ff.search.bounds.average_load, 2) +
                    ", busiest port " + num(ff.search.bounds.busiest_port) + ".");
  auto b = make_table("foldfit_bounds", "FoldFit: worst-case ratios", "Section IV-B", "closed form",
                      {"q steps", "MULTIFIT 13/11 + 2^-q", "below 11/9"});
  for (unsigned q = 0; q <= max_tabulated_steps; ++q) {
    const double v = halley::multifit_bound(q);
    b.add_row({num(q), fixed(v, 4), v < paper::foldfit_ratio ? "yes" : "no"});
  }
  auto gr = make_table("graham_bounds", "Graham's ratios for comparison", "Section IV-B (c)", "closed form",
                       {"m", "list 2 - 1/m", "LPT 4/3 - 1/(3m)", "11/9"});
  for (std::uint64_t m : graham_channel_counts)
    gr.add_row({num(m), fixed(halley::list_bound(m), 4), fixed(halley::lpt_bound(m), 4), fixed(paper::foldfit_ratio, 4)});
  gr.notes.push_back("Iteration inflation under 11/9 at " + fixed(100 * paper::low_communication_share, 0) + "-" +
                     fixed(100 * paper::high_communication_share, 0) + "% of iteration time: " +
                     percent_number(halley::iteration_inflation(paper::foldfit_ratio, paper::low_communication_share), 1) + "-" +
                     percent_number(halley::iteration_inflation(paper::foldfit_ratio, paper::high_communication_share), 1) + "%.");
  return {{w, b, gr}, {}};
}

}  // namespace shiftfly::tables
