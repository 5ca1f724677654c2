// Benchmarks of the metrics engine on the group-level Boardfly and Shiftfly graphs at
// 2,304, 12,500 and 36,000 groups: single BFS, exact all-pairs statistics (1 and 2
// threads, 512-bit batches), a straightforward single-threaded 64-source bit-parallel
// BFS as the baseline, the Lanczos spectral gap (1 and 2 threads) and the reference's
// power iteration. Then the field's families at about the same scale (PolarFly q = 37,
// Slim Fly q = 29, a balanced Dragonfly of 11,004 routers, HyperX 10^4, Jellyfish 10,000
// x 40): exact all pairs (1 and 2 threads), the baseline and the Lanczos gap.
// Results: docs/performance.md, section "Metrics".
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/family.hpp"
#include "plain_kernels.hpp"

namespace {

using graph = shiftfly::core::graph<std::uint32_t>;

const graph& family_graph(const std::string& family, std::uint64_t groups) {
  static std::map<std::pair<std::string, std::uint64_t>, graph> cache;
  auto key = std::make_pair(family, groups);
  auto it = cache.find(key);
  if (it == cache.end()) {
    auto spec = shiftfly::topology::default_spec(family);
    if (spec.values.count("groups")) spec.values["groups"] = groups;
    it = cache.emplace(key, shiftfly::topology::make_graph(spec)).first;
  }
  return it->second;
}

using shiftfly_bench::plain_all_pairs_64;  // the baseline (plain_kernels.hpp)

// The field's graphs, by name.
const graph& field_graph(const std::string& name) {
  namespace t = shiftfly::topology;
  static std::map<std::string, graph> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  t::family_spec spec;
  if (name == "polarfly/q37") spec = t::polarfly_spec{37};
  else if (name == "slimfly/q29") spec = t::slimfly_spec{29};
  else if (name == "dragonfly/a28h14") spec = t::dragonfly_spec{28, 14, 0};
  else if (name == "hyperx/10x10x10x10") spec = t::hyperx_spec{{10, 10, 10, 10}};
  else spec = t::jellyfish_spec{10000, 40, 1};
  return cache.emplace(name, t::make_graph(spec)).first->second;
}
const std::vector<std::string> field_graphs{"polarfly/q37", "slimfly/q29", "dragonfly/a28h14", "hyperx/10x10x10x10",
                                            "jellyfish/10000x40"};

const std::vector<std::string> families{"boardfly", "shiftfly"};
const std::vector<std::uint64_t> sizes{2304, 12500, 36000};

// all_pairs/<tag>/threads:1 and :2, and the naive 64-bit baseline, on the graph get() returns.
template <class Get>
void register_all_pairs(const std::string& tag, Get get) {
  for (unsigned threads : {1u, 2u})
    benchmark::RegisterBenchmark(("all_pairs/" + tag + "/threads:" + std::to_string(threads)).c_str(),
                                 [get, threads](benchmark::State& st) {
                                   const graph& g = get();
                                   shiftfly::metrics::sweep_options o;
                                   o.threads = threads;
                                   for (auto _ : st) {
                                     const auto s = shiftfly::metrics::all_pairs_stats(g, o);
                                     st.counters["diameter"] = s.diameter;
                                     st.counters["mean"] = s.mean;
                                   }
                                 })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::RegisterBenchmark(("naive_64bit_all_pairs/" + tag).c_str(), [get](benchmark::State& st) {
    const graph& g = get();
    for (auto _ : st) benchmark::DoNotOptimize(plain_all_pairs_64(g));
  })->Unit(benchmark::kMillisecond)->UseRealTime();
}

int register_all() {
  for (const auto& f : families)
    for (auto groups : sizes) {
      const std::string tag = f + "/" + std::to_string(groups);
      benchmark::RegisterBenchmark(("bfs/" + tag).c_str(), [f, groups](benchmark::State& st) {
        const auto& g = family_graph(f, groups);
        for (auto _ : st) benchmark::DoNotOptimize(shiftfly::metrics::bfs(g, 0u).eccentricity);
      })->Unit(benchmark::kMillisecond);
      register_all_pairs(tag, [f, groups]() -> const auto& { return family_graph(f, groups); });
      benchmark::RegisterBenchmark(("diameter_ifub/" + tag).c_str(), [f, groups](benchmark::State& st) {
        const auto& g = family_graph(f, groups);
        for (auto _ : st) benchmark::DoNotOptimize(shiftfly::metrics::diameter_ifub(g, {.threads = 2}).diameter);
      })->Unit(benchmark::kMillisecond)->UseRealTime();
      // 1 thread (CPU time), and the operator's rows split over 2 threads (core/worker_pool.hpp; wall time)
      for (const unsigned threads : {1u, 2u}) {
        auto* b = benchmark::RegisterBenchmark(
            ("spectral_gap_lanczos/" + tag + (threads == 1 ? "" : "/threads:2")).c_str(),
            [f, groups, threads](benchmark::State& st) {
              const auto& g = family_graph(f, groups);
              for (auto _ : st) {
                const auto r = shiftfly::metrics::spectral_gap(g, {threads});
                st.counters["gap"] = r.gap;
              }
            });
        b->Unit(benchmark::kMillisecond);
        if (threads > 1) b->UseRealTime();
      }
      benchmark::RegisterBenchmark(("spectral_gap_power_reference/" + tag).c_str(), [f, groups](benchmark::State& st) {
        const auto& g = family_graph(f, groups);
        const std::size_t iters = groups > 10000 ? 60 : 120;
        for (auto _ : st) {
          const auto r = shiftfly::metrics::reference_spectral_gap(g, iters);
          st.counters["gap"] = r.gap;
        }
      })->Unit(benchmark::kMillisecond);
    }
  for (const auto& name : field_graphs) {
    register_all_pairs(name, [name]() -> const auto& { return field_graph(name); });
    benchmark::RegisterBenchmark(("spectral_gap_lanczos/" + name).c_str(), [name](benchmark::State& st) {
      const auto& g = field_graph(name);
      for (auto _ : st) st.counters["gap"] = shiftfly::metrics::spectral_gap(g).gap;
    })->Unit(benchmark::kMillisecond);
  }
  return 0;
}

const int registered = register_all();

}  // namespace
