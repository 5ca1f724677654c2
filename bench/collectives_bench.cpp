// Benchmarks for collectives/: building and simulating the torus and ring
// all-reduce on data (16x16, TPU v5e's pod, and 16x16x16, TPU v4's).
// Run: <build>/bench/bench_collectives  (figures in docs/performance.md, "## Collectives").
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "shiftfly/collectives/ring_allreduce.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/collectives/torus_chips.hpp"

namespace sc = shiftfly::collectives;

namespace {

std::vector<std::uint64_t> dims_of(const benchmark::State& state) {
  return state.range(0) == 2 ? std::vector<std::uint64_t>{16, 16} : std::vector<std::uint64_t>{16, 16, 16};
}

void report(benchmark::State& state, const sc::simulation_result& r) {
  state.counters["steps"] = static_cast<double>(r.steps);
  state.counters["messages"] = static_cast<double>(r.messages);
  state.counters["msgs/s"] = benchmark::Counter(static_cast<double>(r.messages), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["elems/s"] = benchmark::Counter(static_cast<double>(r.total_sent), benchmark::Counter::kIsIterationInvariantRate);
}

// range(0): 2 = 16x16, 3 = 16x16x16; range(1): elements per chip as a multiple of the chip count.
void BM_simulate_torus(benchmark::State& state) {
  const auto dims = dims_of(state);
  const std::uint64_t P = sc::torus_chip_count(dims);
  const auto links = sc::torus_links(dims);
  const auto plan = sc::torus_allreduce_plan(dims, P * static_cast<std::uint64_t>(state.range(1)));
  sc::simulation_result r;
  for (auto _ : state) {
    r = sc::simulate(links, plan);
    benchmark::DoNotOptimize(r.verified);
  }
  report(state, r);
}
BENCHMARK(BM_simulate_torus)->Args({2, 1})->Args({2, 64})->Args({3, 1})->Args({3, 2})->Unit(benchmark::kMillisecond);

void BM_simulate_ring(benchmark::State& state) {
  const auto dims = dims_of(state);
  const std::uint64_t P = sc::torus_chip_count(dims);
  const auto links = sc::torus_links(dims);
  const auto plan = sc::ring_allreduce_plan(sc::torus_ring_order(dims), P * static_cast<std::uint64_t>(state.range(1)));
  sc::simulation_result r;
  for (auto _ : state) {
    r = sc::simulate(links, plan);
    benchmark::DoNotOptimize(r.verified);
  }
  report(state, r);
}
BENCHMARK(BM_simulate_ring)->Args({2, 1})->Args({2, 64})->Args({3, 1})->Args({3, 2})->Unit(benchmark::kMillisecond);

// Building every step of the plan without running it (the schedule generator alone).
void BM_build_ring_steps(benchmark::State& state) {
  const auto dims = dims_of(state);
  const std::uint64_t P = sc::torus_chip_count(dims);
  const auto plan = sc::ring_allreduce_plan(sc::torus_ring_order(dims), P);
  sc::step buf;
  for (auto _ : state) {
    std::uint64_t n = 0;
    for (std::uint64_t s = 0; s < plan.num_steps(); ++s) {
      plan.fill_step(s, buf);
      n += buf.size();
    }
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_build_ring_steps)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

}  // namespace
