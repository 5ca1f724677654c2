// Routing throughput: Theorem 5.2 shift routes on K(20,3) and K(20,5), the
// arithmetic Imase–Itoh router at 12,500 and 10^9 groups, the all-to-all link loads
// of K(12,3) (1,872 vertices, 3.5 million routes) on 1 and 2 threads, and the §6.5
// sharing study at 8,400 groups.
#include <benchmark/benchmark.h>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/studies/sharing_study.hpp"

namespace {

void bm_shift_route(benchmark::State& state) {
  const auto s = shiftfly::routing::kautz_space(20, static_cast<std::uint64_t>(state.range(0)));
  shiftfly::core::python_random rng(1);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs(4096);
  for (auto& p : pairs) p = {rng.randrange(s.size), rng.randrange(s.size)};
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    benchmark::DoNotOptimize(shiftfly::routing::route_shift(s, a, b));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_shift_route)->Arg(3)->Arg(5);

void bm_imase_itoh_route(benchmark::State& state) {
  const std::uint64_t n = static_cast<std::uint64_t>(state.range(0));
  const auto plan = shiftfly::routing::make_imase_itoh_plan(n, 20);
  shiftfly::core::python_random rng(2);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs(4096);
  for (auto& p : pairs) p = {rng.randrange(n), rng.randrange(n)};
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    benchmark::DoNotOptimize(shiftfly::routing::route_imase_itoh(plan, a, b));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_imase_itoh_route)->Arg(12500)->Arg(1000000000);

void bm_all_pairs_link_load(benchmark::State& state) {
  const auto s = shiftfly::routing::kautz_space(12, 3);
  const auto labels = shiftfly::routing::label_table(s);
  for (auto _ : state) {
    const auto load = shiftfly::routing::all_pairs_link_load(s, labels, {static_cast<unsigned>(state.range(0))});
    state.counters["max"] = load.max();
  }
}
BENCHMARK(bm_all_pairs_link_load)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void bm_sharing_study(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(shiftfly::studies::run_sharing_study(250));
}
BENCHMARK(bm_sharing_study)->Unit(benchmark::kMillisecond);

}  // namespace
