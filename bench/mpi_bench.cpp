// Per-batch cost of the distributed exact all-pairs statistics (include/shiftfly/mpi/,
// the MPI scale-out) on the chip-level Shiftfly and Boardfly graphs of 400,000 chips (12,500
// groups x 32) and 1,152,000 chips (36,000 groups x 32). Every rank of an MPI run
// builds the graph and its sweep adjacency, then sweeps its contiguous share of the
// batches of 512 sources, so the run time on P ranks of c threads is about
//   build + ceil(B / P) x t_batch / c,   B = ceil(n / 512),
// plus two tiny MPI_Allreduce calls. This program measures the terms on one core:
//   BM_build/<design>/<groups>         graph construction + sweep adjacency (every rank pays it);
//   BM_batch/<design>/<groups>/<pos>   one 512-source batch on one thread (the kernel the
//                                      sweep runs, blocks allocated beforehand), the batch at
//                                      position pos/4 of the sweep (0, 1/4, 1/2, 3/4).
// No MPI is needed: a rank's work is exactly these batches (metrics::detail::sweep runs
// sweep_batch on each batch of the rank's slice of the sources). Results: docs/performance.md, "MPI scale-out".
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/topology/family.hpp"

namespace {

namespace md = shiftfly::metrics::detail;

const char* design_name(std::int64_t d) { return d == 0 ? "shiftfly" : "boardfly"; }

shiftfly::core::graph<std::uint32_t> chip_graph(std::int64_t design, std::int64_t groups) {
  namespace t = shiftfly::topology;
  const auto g = static_cast<std::uint64_t>(groups);
  if (design == 0) return t::make_graph(t::shiftfly_spec{.groups = g, .level = t::level::chip});
  return t::make_graph(t::boardfly_spec{.groups = g, .level = t::level::chip});
}

const md::sweep_graph& sweep_graph_of(std::int64_t design, std::int64_t groups) {
  static std::map<std::pair<std::int64_t, std::int64_t>, md::sweep_graph> cache;
  const auto key = std::make_pair(design, groups);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, md::undirected_sweep_graph(chip_graph(design, groups))).first;
  return it->second;
}

void BM_build(benchmark::State& state) {
  const std::int64_t design = state.range(0), groups = state.range(1);
  std::size_t n = 0, arcs = 0;
  for (auto _ : state) {
    const auto sg = md::undirected_sweep_graph(chip_graph(design, groups));
    n = sg.pull.n;
    arcs = sg.pull.targets.size();
    benchmark::DoNotOptimize(sg.pull.targets.data());
  }
  state.SetLabel(std::string(design_name(design)) + " chips");
  state.counters["n"] = static_cast<double>(n);
  state.counters["arcs"] = static_cast<double>(arcs);
}

void BM_batch(benchmark::State& state) {
  const std::int64_t design = state.range(0), groups = state.range(1), pos = state.range(2);
  const auto& sg = sweep_graph_of(design, groups);
  const std::size_t n = sg.pull.n, width = 512, batches = (n + width - 1) / width;
  const std::size_t batch = std::min(batches - 1, batches * static_cast<std::size_t>(pos) / 4);
  const std::size_t lo = batch * width, hi = std::min(n, lo + width);
  std::vector<std::uint32_t> sources(hi - lo);
  std::iota(sources.begin(), sources.end(), static_cast<std::uint32_t>(lo));
  // A rank allocates its thread's blocks once and reuses them for all its batches, so
  // the allocation (3 x 64 bytes per vertex) is outside the timed loop.
  md::workspace<8> ws(n);
  const md::shared_rows rows = md::factor_pull_rows(sg);
  std::size_t levels = 0;
  for (auto _ : state) {
    md::sweep_counts counts;
    md::sweep_batch<8>(sg, rows, sources, ws, counts);
    levels = counts.histogram.size();
    benchmark::DoNotOptimize(counts.histogram.data());
  }
  state.SetLabel(std::string(design_name(design)) + " chips, batch " + std::to_string(batch) + " of " +
                 std::to_string(batches));
  state.counters["batches"] = static_cast<double>(batches);
  state.counters["levels"] = static_cast<double>(levels);
}

}  // namespace

// design 0 = Shiftfly, 1 = Boardfly; groups; batch position in quarters.
BENCHMARK(BM_build)
    ->ArgsProduct({{0, 1}, {12500, 36000}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_batch)
    ->ArgsProduct({{0, 1}, {12500, 36000}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2);
