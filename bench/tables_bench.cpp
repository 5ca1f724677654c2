// Google Benchmarks for the regeneration of each Shiftfly table (the studies behind tables/*.hpp),
// in the paper and the exact profile. User counters carry each table's
// headline figures, so a run shows what was computed as well as how long it took.
// Run: build/bench/bench_tables --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include "shiftfly/tables/shiftfly_tables.hpp"

namespace t = shiftfly::tables;
namespace st = shiftfly::studies;

static void BM_moore_audit(benchmark::State& state) {
  shiftfly::report::table tab;
  for (auto _ : state) tab = t::moore_audit_table(st::moore_audit_rows({2}));
  state.counters["rows"] = static_cast<double>(tab.rows.size());
  state.counters["boardfly_diameter"] = std::stod(tab.rows.back()[3]);
}
BENCHMARK(BM_moore_audit)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_equal_cost(benchmark::State& state, shiftfly::report::profile profile) {
  std::vector<st::equal_cost_row> rows;
  for (auto _ : state) rows = st::equal_cost_rows(t::equal_cost_method_for(profile), {2});
  const auto& last = rows.back();  // 36,000 groups
  state.counters["bf_chip_D_36000"] = static_cast<double>(last.boardfly.chip_diameter);
  state.counters["sf_chip_D_36000"] = static_cast<double>(last.shiftfly.chip_diameter);
  state.counters["bf_gap_36000"] = last.boardfly.gap.gap;
  state.counters["sf_gap_36000"] = last.shiftfly.gap.gap;
  const auto& at12500 = rows[5];
  state.counters["sf_chip_D_400k_chips"] = static_cast<double>(at12500.shiftfly.chip_diameter);
  state.counters["bf_chip_D_400k_chips"] = static_cast<double>(at12500.boardfly.chip_diameter);
}
BENCHMARK_CAPTURE(BM_equal_cost, paper, shiftfly::report::profile::paper)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK_CAPTURE(BM_equal_cost, exact, shiftfly::report::profile::exact)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

static void BM_sharing(benchmark::State& state) {
  shiftfly::studies::sharing_study s;
  for (auto _ : state) s = shiftfly::studies::run_sharing_study();
  state.counters["sf_locality_tree_per_req"] = s.shiftfly_locality.tree_per_requester;
  state.counters["bf_locality_tree_per_req"] = s.boardfly_locality.tree_per_requester;
}
BENCHMARK(BM_sharing)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

static void BM_operations(benchmark::State& state) {
  shiftfly::report::table w, sl;
  for (auto _ : state) {
    benchmark::DoNotOptimize(t::swap_table(st::swap_rows()));
    w = t::wiring_state_table(st::wiring_state_rows());
    sl = t::slice_table(st::slice_rows());
  }
  state.counters["slice_rows"] = static_cast<double>(sl.rows.size());
}
BENCHMARK(BM_operations)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

static void BM_failures(benchmark::State& state, shiftfly::report::profile profile) {
  shiftfly::report::table tab;
  st::link_failure_sweep_params prm;
  prm.exact = profile == shiftfly::report::profile::exact;
  for (auto _ : state) tab = t::failures_table(st::run_link_failure_sweep(prm));
  state.counters["sf_ecc_20pct"] = std::stod(tab.rows.back()[4]);
}
BENCHMARK_CAPTURE(BM_failures, paper, shiftfly::report::profile::paper)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK_CAPTURE(BM_failures, exact, shiftfly::report::profile::exact)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

static void BM_chip_validation(benchmark::State& state) {
  std::vector<st::chip_validation_row> rows;
  for (auto _ : state)
    rows = st::chip_validation_rows(st::chip_validation_sizes(st::chip_validation_max_groups),
                                    st::chip_validation_all_pairs_limit, {2});
  state.counters["bf_chip_D_73728"] = rows.back().boardfly.chip_diameter;
  state.counters["sf_chip_D_73728"] = rows.back().shiftfly.chip_diameter;
  state.counters["bf_chip_mean_73728"] = rows.back().boardfly.chip_mean;
  state.counters["sf_chip_mean_73728"] = rows.back().shiftfly.chip_mean;
}
BENCHMARK(BM_chip_validation)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
