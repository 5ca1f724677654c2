// Google Benchmarks for the Halley headers: sizing (Algorithm 1), the ceiling,
// the nested model of Theorem 2, the cost search, the slowest corners of the
// accepted domain, and each table section of `halley tables`. User counters carry
// the headline figures.
#include <benchmark/benchmark.h>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/tables/halley/sections.hpp"

namespace h = shiftfly::halley;

static void BM_size(benchmark::State& state, double rho, double target) {
  h::sizing s;
  for (auto _ : state) {
    s = h::light_reserve(32, 0.05, rho, target);
    benchmark::DoNotOptimize(s);
  }
  state.counters["s_star"] = static_cast<double>(s.spares);
  state.counters["coverage"] = s.coverage;
  state.counters["evaluations"] = s.evaluations;
  state.counters["rho_target"] = s.reachable ? 0.0 : s.rho_target;
}
BENCHMARK_CAPTURE(BM_size, rho015_99, 0.15, 0.99)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_size, rho015_99999, 0.15, 0.99999)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_size, rho015_1m1e7, 0.15, 1 - 1e-7)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_size, independent_99, 0.0, 0.99)->Unit(benchmark::kMicrosecond);

static void BM_coverage(benchmark::State& state) {
  const auto s = static_cast<std::uint64_t>(state.range(0));
  double a = 0;
  for (auto _ : state) {
    a = h::coverage(32, s, 0.05, 0.15);
    benchmark::DoNotOptimize(a);
  }
  state.counters["coverage"] = a;
}
BENCHMARK(BM_coverage)->Arg(4)->Arg(156)->Arg(4096)->Unit(benchmark::kMicrosecond);

static void BM_ceiling(benchmark::State& state) {
  double a = 0, r = 0;
  for (auto _ : state) {
    a = h::critical_availability(0.05, 0.15);
    r = h::rho_for_ceiling(0.05, 0.5, 0.99999).rho;
    benchmark::DoNotOptimize(a);
  }
  state.counters["A_crit"] = a;
  state.counters["rho_crit"] = r;
}
BENCHMARK(BM_ceiling)->Unit(benchmark::kMicrosecond);

static void BM_nested(benchmark::State& state) {
  const auto m = static_cast<std::uint64_t>(state.range(0));
  const h::module_shape shape{m, 8, 0.30, 0.05};
  h::hierarchical_coverage c;
  for (auto _ : state) {
    c = h::hierarchy_coverage(shape, m * 4, 0.05);
    benchmark::DoNotOptimize(c);
  }
  state.counters["rho_bar"] = c.rho_bar;
  state.counters["flat"] = c.flat;
  state.counters["nested"] = c.nested;
}
BENCHMARK(BM_nested)->Arg(8)->Arg(18)->Unit(benchmark::kMillisecond);

static void BM_cheapest_plan(benchmark::State& state) {
  h::split s;
  for (auto _ : state) {
    s = h::cheapest_plan(32, 0.05, 0.15, 0.99999);
    benchmark::DoNotOptimize(s);
  }
  state.counters["cost"] = s.cheapest.cost;
  state.counters["ratio"] = s.saving_ratio;
}
BENCHMARK(BM_cheapest_plan)->Unit(benchmark::kMillisecond);

// The slowest corners of the accepted domain (each halley command stays under 2 s):
// the latent level at the tiniest correlation (relative-entropy quadrature), the
// correlation searches that scan down to 2.2e-308, the largest pools, and the
// nested model at the tools' work bound.
static void BM_edge_ceiling(benchmark::State& state, double rho) {
  double c = 0;
  for (auto _ : state) {
    c = h::ceiling(0.5, 0.5, rho);
    benchmark::DoNotOptimize(c);
  }
  state.counters["ceiling"] = c;
}
BENCHMARK_CAPTURE(BM_edge_ceiling, rho1e_21, 1e-21)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_edge_ceiling, rho2e_308, 2.2250738585072014e-308)->Unit(benchmark::kMicrosecond);

static void BM_edge_rho_for_ceiling(benchmark::State& state) {
  h::correlation_target r;
  for (auto _ : state) {
    r = h::rho_for_ceiling(0.1, 0.10001, 0.999);  // the crossing near 1.16e-10
    benchmark::DoNotOptimize(r);
  }
  state.counters["rho"] = r.rho;
}
BENCHMARK(BM_edge_rho_for_ceiling)->Unit(benchmark::kMillisecond);

static void BM_edge_unreachable_ceiling(benchmark::State& state) {
  h::correlation_target r;
  for (auto _ : state) {
    r = h::rho_for_ceiling(0.3, 0.3, 0.9);  // the whole scan, every point failing
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_edge_unreachable_ceiling)->Unit(benchmark::kMillisecond);

static void BM_edge_large_pool(benchmark::State& state, double rho) {
  double sf = 0;
  for (auto _ : state) {
    sf = h::failure_sf(20'000'000, 2'010'000, 0.1, rho);
    benchmark::DoNotOptimize(sf);
  }
  state.counters["shortfall"] = sf;
}
BENCHMARK_CAPTURE(BM_edge_large_pool, mode_walk_rho1e_12, 1e-12)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_edge_large_pool, full_sum_rho0_1, 0.1)->Unit(benchmark::kMillisecond);

static void BM_edge_size_rho_target(benchmark::State& state) {
  h::sizing s;
  for (auto _ : state) {
    s = h::light_reserve(1'000'000, 0.01, 0.1, 0.99, 0.02);
    benchmark::DoNotOptimize(s);
  }
  state.counters["s_star"] = static_cast<double>(s.spares);
  state.counters["rho_target"] = s.rho_target;
}
BENCHMARK(BM_edge_size_rho_target)->Unit(benchmark::kMillisecond);

static void BM_edge_nested(benchmark::State& state, h::module_shape shape, std::uint64_t spares) {
  h::nested_tails t;
  for (auto _ : state) {
    t = h::nested_model(shape, spares, 0.05);
    benchmark::DoNotOptimize(t);
  }
  state.counters["nested"] = t.coverage;
}
// 20 x (100 + 2) x 101 = 206,040 multiply-adds a node, within the tools' bound.
BENCHMARK_CAPTURE(BM_edge_nested, at_bound, h::module_shape{20, 100, 0.30, 0.05}, 100)->Unit(benchmark::kMillisecond);
// 8 x 8 at rho = 1e-13, which ended in an internal error before.
BENCHMARK_CAPTURE(BM_edge_nested, tiny_rho, h::module_shape{8, 8, 1e-13, 1e-13}, 8)->Unit(benchmark::kMillisecond);

static void BM_table_section(benchmark::State& state) {
  const auto sections = shiftfly::tables::halley_sections();
  const auto& sec = sections.at(static_cast<std::size_t>(state.range(0)));
  state.SetLabel(sec.id);
  std::size_t cells = 0;
  for (auto _ : state) {
    const auto out = sec.build({});
    cells = 0;
    for (const auto& t : out.tables) cells += t.rows.size() * t.columns.size();
    benchmark::DoNotOptimize(cells);
  }
  state.counters["cells"] = static_cast<double>(cells);
}
BENCHMARK(BM_table_section)->DenseRange(0, 9)->Unit(benchmark::kMillisecond);

static void BM_all_tables(benchmark::State& state) {
  const auto sections = shiftfly::tables::halley_sections();
  for (auto _ : state)
    for (const auto& sec : sections) benchmark::DoNotOptimize(sec.build({}));
  state.counters["A_crit"] = h::critical_availability(0.05, 0.15);
  state.counters["s_star_99999"] = static_cast<double>(h::light_reserve(32, 0.05, 0.15, 0.99999).spares);
}
BENCHMARK(BM_all_tables)->Unit(benchmark::kMillisecond);
