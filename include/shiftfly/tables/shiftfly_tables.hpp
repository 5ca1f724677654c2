#pragma once
/// \file shiftfly_tables.hpp
/// The sections of `shiftfly tables`: every table of the Shiftfly paper and
/// of its reference artefact, plus the sections that go beyond them. Each
/// section is a function from a context (profile, threads) to tables and
/// figures; the list below is the order in which they print.
///
/// In the exact profile, every section whose published figures were sampled
/// or estimated is computed both ways; differing exact cells are marked `*`
/// and listed by the closing "differences" section (tables/differences.hpp).

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/allreduce_table.hpp"
#include "shiftfly/tables/collectives_table.hpp"
#include "shiftfly/tables/chip_validation.hpp"
#include "shiftfly/tables/differences.hpp"
#include "shiftfly/tables/equal_cost.hpp"
#include "shiftfly/tables/failure_throughput_table.hpp"
#include "shiftfly/tables/failures_table.hpp"
#include "shiftfly/tables/field_equal_radix.hpp"
#include "shiftfly/tables/moore_audit.hpp"
#include "shiftfly/tables/moore_efficiency.hpp"
#include "shiftfly/tables/nonminimal_table.hpp"
#include "shiftfly/tables/operations_tables.hpp"
#include "shiftfly/tables/physical_table.hpp"
#include "shiftfly/tables/sharing_table.hpp"
#include "shiftfly/tables/routing_load.hpp"
#include "shiftfly/tables/throughput_table.hpp"

namespace shiftfly::tables {

/// The reference artefact whose published tables the paper profile reproduces, and the
/// commit its results come from (docs/references.md, [Shiftfly artefact]).
inline constexpr const char* reference_artefact = "the Shiftfly paper's reference artefact, its results directory";
inline constexpr const char* reference_artefact_commit = "460ccb4655fbb61d3712de393c90a4ac1003ab16";

/// The least distance, in decades, between two named chip counts on the figures' log axis.
inline constexpr double equal_cost_tick_spacing = 0.25;
/// The log axis reaches this factor beyond the smallest and the largest system.
inline constexpr double equal_cost_axis_margin = 2;

/// The figures of Table 2: chip diameter, chip mean distance and spectral gap against chips.
inline std::vector<report::figure> equal_cost_figures(const std::vector<studies::equal_cost_row>& rows) {
  report::figure d{"diameter_vs_scale", "Chip-level diameter at equal optical cost (eq. (1))", "chips in the system",
                   "worst-case chip hops", true, false, {}};
  report::figure m{"mean_distance", "Mean chip-level distance (eq. (1))", "chips in the system", "mean chip hops",
                   true, false, {}};
  report::figure g{"spectral_gap", "Spectral gap of the group graph", "chips in the system", "spectral gap 1 − λ_2",
                   true, false, {}};
  report::series bd{"Boardfly-of-pods", {}, {}}, sd{"Shiftfly", {}, {}};
  report::series bm = bd, sm = sd, bg = bd, sg = sd;
  for (const auto& r : rows) {
    const double x = static_cast<double>(r.chips);
    for (auto* s : {&bd, &sd, &bm, &sm, &bg, &sg}) s->x.push_back(x);
    bd.y.push_back(static_cast<double>(r.boardfly.chip_diameter));
    sd.y.push_back(static_cast<double>(r.shiftfly.chip_diameter));
    bm.y.push_back(r.boardfly.chip_mean);
    sm.y.push_back(r.shiftfly.chip_mean);
    bg.y.push_back(r.boardfly.gap.gap);
    sg.y.push_back(r.shiftfly.gap.gap);
  }
  d.lines = {bd, sd};
  m.lines = {bm, sm};
  g.lines = {bg, sg};
  // The paper's axes: the chips of each row named on the log axis (a name that would touch the
  // previous one left out, as 400,000 beside 268,800), and each quantity from 0.
  std::vector<std::pair<double, std::string>> ticks;
  double last_named = 0;
  for (const double x : bd.x) {
    const bool room = last_named == 0 || std::log10(x / last_named) >= equal_cost_tick_spacing;
    ticks.emplace_back(x, room ? report::thousands(static_cast<std::uint64_t>(x)) : std::string());
    if (room) last_named = x;
  }
  for (auto* f : {&d, &m, &g}) {
    f->xticks = ticks;
    f->yrange.lo = 0;
    if (!bd.x.empty()) f->xrange = {bd.x.front() / equal_cost_axis_margin, bd.x.back() * equal_cost_axis_margin};
  }
  return {d, m, g};
}

namespace detail {

// The sections' builders, one each, in print order (shiftfly_sections lists them).

inline report::section_output scale_output(const report::section_context& c, difference_log& log) {
  report::section_output o;
  const auto rows = studies::equal_cost_rows(equal_cost_method_for(c.profile), {c.threads});
  auto t = equal_cost_table(rows, c.profile);
  if (c.profile == report::profile::exact) {
    const auto paper = equal_cost_table(
        studies::equal_cost_rows(studies::equal_cost_method::reference_artefact, {c.threads}),
        report::profile::paper);
    mark_differences(t, paper, [](const std::string& col) -> std::string {
      if (col.find("gap") != std::string::npos)
        return "published: power-iteration estimate (120 or 60 steps); exact: Lanczos, converged to 1e-9";
      return "published: 120 sampled sources above 3,000 groups (a diameter is then a lower bound); "
             "exact: all pairs";
    }, log);
  }
  o.figures = equal_cost_figures(rows);
  report::illustrate(o.figures[0], t,
                     "Worst-case chip-to-chip hops at equal optical cost: the group diameter by eq. (1), "
                     "against the chips in the system (log scale).");
  report::illustrate(o.figures[1], t,
                     "Mean chip-to-chip hops by eq. (1) from the mean group distance, against the chips "
                     "in the system (log scale).");
  report::illustrate(o.figures[2], t,
                     "Spectral gap 1 − λ₂ of the group graph (larger mixes faster), against the chips in "
                     "the system (log scale).");
  o.tables.push_back(std::move(t));
  return o;
}

inline report::section_output failures_output(const report::section_context& c, difference_log& log) {
  report::section_output o;
  studies::link_failure_sweep_params prm;
  prm.exact = c.profile == report::profile::exact;
  auto t = failures_table(studies::run_link_failure_sweep(prm));
  if (c.profile == report::profile::exact)
    mark_differences(t, failures_table(studies::run_link_failure_sweep()), [](const std::string&) -> std::string {
      return "published: 60 sampled sources (eccentricity a lower bound); exact: every source";
    }, log);
  o.tables.push_back(std::move(t));
  return o;
}

inline report::section_output chips_output(const report::section_context& c) {
  report::section_output o;
  if (c.profile != report::profile::exact) return o;
  using studies::chip_validation_all_pairs_limit, studies::chip_validation_max_groups;
  const auto rows = studies::chip_validation_rows(studies::chip_validation_sizes(chip_validation_max_groups),
                                                  chip_validation_all_pairs_limit, {c.threads});
  o.tables.push_back(
      chip_validation_table(rows, chip_validation_all_pairs_limit, chip_validation_max_groups));
  o.tables.back().notes.push_back(
      "Stopped at 2,304 groups (73,728 chips): the chip-level diameter of the 268,800-chip graphs by "
      "iFUB did not finish within 5 minutes on the 2-core development machine.");
  o.figures.push_back(chip_validation_figure(rows));
  report::illustrate(o.figures.back(), o.tables.back(),
                     "Chip-level diameter predicted by eq. (1) from the group diameter, and measured on "
                     "the chip-level graph, against chips (log scale).");
  return o;
}

inline report::section_output field_output(const report::section_context& c) {
  report::section_output o;
  if (c.profile != report::profile::exact) return o;
  const auto moore = studies::moore_efficiency_rows({c.threads});
  o.tables.push_back(moore_efficiency_table(moore));
  o.figures.push_back(moore_efficiency_figure(moore));
  report::illustrate(o.figures.back(), o.tables.back(),
                     "Routers over the Moore bound at each family's exact diameter, against the radix "
                     "limit (log scale: the fat tree's fraction is tiny).");
  const auto field = studies::field_equal_radix_rows({c.threads});
  o.tables.push_back(field_equal_radix_table(field));
  o.figures.push_back(field_equal_radix_figure(field));
  report::illustrate(o.figures.back(), o.tables.back(),
                     "Mean router-to-router distance of each family at radix 40, against its routers "
                     "(log scale).");
  return o;
}

inline report::section_output throughput_output(const report::section_context& c, claim_log& claims) {
  report::section_output o;
  if (c.profile != report::profile::exact) return o;
  const auto table2 = studies::throughput_rows({c.threads});
  const auto field = studies::field_throughput_rows({c.threads});
  o.tables.push_back(throughput_table(table2));
  o.tables.push_back(field_throughput_table(field));
  o.figures.push_back(throughput_figure(table2, field));
  report::illustrate(o.figures.back(), o.tables.front(),
                     "Uniform throughput per router, (n - 1) theta in link capacities, against routers "
                     "(log scale): each family's certified upper bound (the smaller of the distance and "
                     "cut bounds), and Boardfly's and Shiftfly's shortest-path routing lower bound up to "
                     "2,304 groups; the field's families at radix 40 from the field_throughput table.");
  for (auto& f : section_8_finding(table2, field)) claims.push_back(std::move(f));
  return o;
}

inline report::section_output routing_load_output(const report::section_context& c, claim_log& claims) {
  report::section_output o;
  if (c.profile != report::profile::exact) return o;
  // Table 2's designs feed the first table and the figure, the field's the second: a run that
  // prints only the field's (`--only routing_load_field`) or only the figure measures that part
  // alone (`--only routing_load` names the section, its first table's id being the same).
  const bool want_table2 = report::section_wants(c, "routing_load") || report::section_wants(c, "routing_load_vs_size");
  const bool want_field = report::section_wants(c, "routing_load_field");
  std::vector<studies::routing_load_design> table2, field;
  if (want_table2) table2 = studies::routing_load_table2({c.threads});
  if (want_field) field = studies::routing_load_field({c.threads});
  if (want_table2) o.tables.push_back(routing_load_table(table2));
  if (want_field) o.tables.push_back(routing_load_field_table(field));
  if (want_table2) {
    o.figures.push_back(routing_load_figure(table2));
    report::illustrate(o.figures.back(), o.tables.front(),
                       "Uniform saturation throughput per router, (n - 1) theta_R in link capacities, of "
                       "Boardfly and Shiftfly under each routing they run, against groups (log scales), "
                       "with the upper end of the optimal throughput theta* of each.");
  }
  // the finding reads both parts (the differences table prints it)
  if (want_table2 && want_field)
    for (auto& f : routing_load_finding(table2, field)) claims.push_back(std::move(f));
  return o;
}

inline report::section_output failure_throughput_output(const report::section_context& c) {
  report::section_output o;
  if (c.profile != report::profile::exact) return o;
  // the section's size; the full study (2,304 groups, 100 samples): examples/failure_throughput.cpp
  studies::failure_throughput_params prm;
  prm.groups = studies::failure_throughput_section_groups;
  prm.samples = studies::failure_throughput_section_samples;
  prm.threads = c.threads;
  const auto study = studies::run_failure_throughput(prm);
  o.tables.push_back(failure_throughput_table(study));
  o.figures.push_back(failure_throughput_figure(study));
  report::illustrate(o.figures.back(), o.tables.back(),
                     "Median uniform throughput per router, (n - 1) theta in link capacities, of "
                     "Boardfly and Shiftfly over the damaged samples against the fraction of links "
                     "failed: ecmp and minimal routing (exact loads), ecmp's worst sample, and the "
                     "distance bound on the optimal throughput.");
  return o;
}

inline report::section_output physical_output(const report::section_context& c) {
  report::section_output o;
  if (c.profile != report::profile::exact) return o;
  const auto rows = studies::physical_comparison_rows(studies::shipped_cost_model("slimfly-sc14"));
  o.tables.push_back(physical_table(rows));
  o.figures.push_back(physical_figure(rows));
  report::illustrate(o.figures.back(), o.tables.back(),
                     "Cost per endpoint against power per endpoint of each configuration, under the "
                     "shipped Slim Fly model (constants unconfirmed, docs/references.md).");
  const auto model = studies::shipped_cost_model("slimfly-sc14");
  o.tables.push_back(
      physical_paper_optical_table(studies::paper_optical_rows(model, 12500), model.name));
  return o;
}

inline report::section_output chips_largest_output(const report::section_context& c) {
  report::section_output o;
  if (c.profile != report::profile::largest) return o;
  const auto rows = studies::chip_validation_rows({studies::chip_largest_groups},
                                                  studies::chip_largest_all_pairs_limit, {c.threads});
  auto t = chip_validation_table(rows, studies::chip_largest_all_pairs_limit, studies::chip_largest_groups);
  t.id = "chip_validation_largest";
  t.title = "Chip-level validation of eq. (1) at the paper's largest system";
  t.notes.push_back(
      "Every one of the 1,152,000 chips a source of a BFS (1.3 x 10^12 ordered pairs), by the "
      "bit-parallel sweep on the machine's threads: the better part of an hour on 2 cores "
      "(docs/scale-out.md gives the run's wall time and peak memory).");
  o.tables.push_back(std::move(t));
  return o;
}

}  // namespace detail

/// Every section of `shiftfly tables`, in print order. The paper profile prints the published
/// tables of the Shiftfly paper and its reference artefact; the other sections (chip-level
/// validation, non-minimal routing, the TPU explainer's all-reduce, differences) print in the
/// exact profile only; the largest profile prints its own section (chips_largest) alone.
inline std::vector<report::section> shiftfly_sections() {
  auto log = std::make_shared<difference_log>();
  auto claims = std::make_shared<claim_log>();
  std::vector<report::section> s;
  s.push_back({"moore", "Section 1: the Moore-bound audit (Table 1) and the chip-level Boardfly pod (Lemma 2.3)",
               [](const report::section_context& c) {
                 report::section_output o;
                 o.tables.push_back(moore_audit_table(studies::moore_audit_rows({c.threads})));
                 o.tables.push_back(boardfly_pod_table(studies::measure_boardfly_pod({c.threads})));
                 return o;
               },
               {"moore_audit", "boardfly_pod"}});
  s.push_back({"scale", "Section 2: equal-cost scaling from 36 to 36,000 groups (Table 2)",
               [log](const report::section_context& c) { return detail::scale_output(c, *log); },
               {"equal_cost", "diameter_vs_scale", "mean_distance", "spectral_gap"}});
  s.push_back({"sharing", "Section 3: redundancy and sharing on 8,400 groups (Table 3, Remark 6.2)",
               [](const report::section_context&) {
                 report::section_output o;
                 const auto study = studies::run_sharing_study();
                 o.tables.push_back(sharing_table(study));
                 o.tables.push_back(sharing_reading_table(study));
                 o.figures.push_back(sharing_figure(study));
                 report::illustrate(o.figures.back(), o.tables.front(),
                                    "Tree hops per requester when one item is served to 32 agents placed at random "
                                    "or by locality.");
                 return o;
               },
               {"sharing", "sharing_reading", "sharing_cost"}});
  s.push_back({"operations", "Section 3b: operations on 12,500 groups (swap cost, Table 4, Table 5)",
               [](const report::section_context&) {
                 report::section_output o;
                 o.tables.push_back(swap_table(studies::swap_rows()));
                 o.tables.push_back(wiring_state_table(studies::wiring_state_rows()));
                 o.tables.push_back(slice_table(studies::slice_rows()));
                 return o;
               },
               {"swap_cost", "wiring_state", "slices"}});
  s.push_back({"failures", "Section 4: independent link failures on 2,304 groups",
               [log](const report::section_context& c) { return detail::failures_output(c, *log); },
               {"link_failures"}});
  s.push_back({"chips", "Beyond the paper: chip-level validation of eq. (1) (exact profile only)",
               [](const report::section_context& c) { return detail::chips_output(c); },
               {"chip_validation", "chip_validation_plot"}});
  {
    // Beyond the paper: exact profile only, so that the paper profile is the published tables alone.
    auto nonminimal = nonminimal_section();
    s.push_back({nonminimal.id, nonminimal.description + " (exact profile only)",
                 [build = nonminimal.build](const report::section_context& c) {
                   return c.profile == report::profile::exact ? build(c) : report::section_output{};
                 },
                 nonminimal.outputs});
  }
  s.push_back({"allreduce", "The TPU explainer's torus all-reduce, simulated and verified (exact profile only)",
               [](const report::section_context& c) {
                 report::section_output o;
                 if (c.profile != report::profile::exact) return o;  // not a table of the Shiftfly artefact; ~2.5 s of simulation
                 const studies::allreduce_comparison_options opt;
                 o.tables.push_back(allreduce_table(studies::allreduce_comparison_rows(opt), opt));
                 return o;
               },
               {"allreduce"}});
  s.push_back({"collectives",
               "Beyond the paper: all-reduce and all-to-all per byte, bound and best schedule (exact profile only)",
               [](const report::section_context& c) {
                 report::section_output o;
                 if (c.profile != report::profile::exact) return o;
                 const auto rows = studies::collectives_field_rows({c.threads});
                 const auto rows_10000 = studies::collectives_field_rows_10000({c.threads});
                 o.tables.push_back(collectives_table(rows));
                 o.tables.push_back(collectives_table(rows_10000, true));
                 o.figures.push_back(collectives_figure(rows, rows_10000));
                 report::illustrate(o.figures.back(), o.tables.front(),
                                    "All-reduce time per byte (in M/b) against compute nodes, log scales: the cut "
                                    "lower bound and the best schedule tried, one point a row of the collectives "
                                    "and collectives_10000 tables.");
                 return o;
               },
               {"collectives", "collectives_10000", "collectives_allreduce"}});
  s.push_back({"field", "Beyond the paper: the field's families at equal radix (exact profile only)",
               [](const report::section_context& c) { return detail::field_output(c); },
               {"moore_efficiency", "moore_efficiency_plot", "field_equal_radix", "field_mean_distance"}});
  s.push_back({"throughput",
               "Beyond the paper: bisection and throughput, Table 2's designs and the field (exact profile only)",
               [claims](const report::section_context& c) { return detail::throughput_output(c, *claims); },
               {"throughput", "field_throughput", "throughput_vs_size"}});
  s.push_back({"routing_load",
               "Beyond the paper: the routings fabrics run, their channel loads and saturation (exact profile only)",
               [claims](const report::section_context& c) { return detail::routing_load_output(c, *claims); },
               {"routing_load", "routing_load_field", "routing_load_vs_size"}});
  s.push_back({"failure_throughput",
               "Beyond the paper: uniform throughput under random link failures (exact profile only)",
               [](const report::section_context& c) { return detail::failure_throughput_output(c); },
               {"failure_throughput", "failure_throughput_vs_rate"}});
  s.push_back({"physical", "Beyond the paper: racks, cables, cost and power at about 10,000 endpoints (exact profile only)",
               [](const report::section_context& c) { return detail::physical_output(c); },
               {"physical", "physical_cost_power", "physical_paper_optical"}});
  s.push_back({"differences", "Differences from the published tables (exact profile)",
               [log, claims](const report::section_context& c) {
                 report::section_output o;
                 if (c.profile == report::profile::exact) o.tables.push_back(differences_table(*log, *claims));
                 return o;
               },
               {"differences"}});
  // The largest profile runs its own sections alone; the others print nothing there.
  for (auto& section : s)
    section.build = [build = std::move(section.build)](const report::section_context& c) {
      return c.profile == report::profile::largest ? report::section_output{} : build(c);
    };
  s.push_back({"chips_largest",
               "Beyond the paper: eq. (1) on the paper's largest chip-level systems, exact all pairs (largest profile "
               "only)",
               [](const report::section_context& c) { return detail::chips_largest_output(c); },
               {"chip_validation_largest"}});
  return s;
}

}  // namespace shiftfly::tables
