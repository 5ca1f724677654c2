// Benchmarks of the uniform shortest-path load (metrics/paths/shortest_path_load.hpp): ecmp and
// spread on the group-level Shiftfly graphs (degree 40) at 2,304, 12,500 and 36,000 groups, on 1
// and 2 threads, the per-destination kernel beside the batched one at 2,304 and 12,500 groups.
// Each case reports the largest channel load and the largest edge betweenness (spread: the two
// channels of a link summed and halved, igraph's edge_betweenness(directed=False)).
//
//   bench_betweenness [google benchmark flags]
//   bench_betweenness --edgelist GROUPS     (prints the graph's edges "u v", for the comparison)
//
// bench/betweenness_compare.py runs this program and igraph's edge_betweenness on the same
// graphs in one run. Results: docs/performance.md, section "Uniform shortest-path load".
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "shiftfly/core/parse.hpp"
#include "shiftfly/metrics/paths/shortest_path_load.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace {

using graph = shiftfly::core::graph<std::uint32_t>;
namespace m = shiftfly::metrics;

const graph& shiftfly_graph(std::uint64_t groups) {
  static std::map<std::uint64_t, graph> cache;
  auto it = cache.find(groups);
  if (it == cache.end()) it = cache.emplace(groups, shiftfly::topology::shiftfly_group_level(groups)).first;
  return it->second;
}

// The largest edge betweenness: (load(u -> v) + load(v -> u)) / 2 over the links.
double max_edge_betweenness(const graph& g, const std::vector<double>& load) {
  const auto off = g.offsets();
  const auto tgt = g.targets();
  double best = 0;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto i = off[u]; i < off[u + 1]; ++i) {
      const auto v = tgt[i];
      if (v < u) continue;
      const auto nb = g.neighbors(v);
      const auto back = off[v] + static_cast<std::uint64_t>(std::lower_bound(nb.begin(), nb.end(), u) - nb.begin());
      best = std::max(best, (load[i] + load[back]) / 2);
    }
  return best;
}

void register_case(const char* split_name, m::shortest_path_split split, std::uint64_t groups, unsigned threads,
                   m::detail::uniform_load_kernel kernel) {
  const bool per_destination = kernel == m::detail::uniform_load_kernel::per_destination;
  const std::string name = std::string(per_destination ? "uniform_load_per_destination/" : "uniform_load/") +
                           split_name + "/shiftfly/" + std::to_string(groups) + "/threads:" + std::to_string(threads);
  auto* b = benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) {
    const graph& g = shiftfly_graph(groups);
    m::uniform_load_options o;
    o.split = split;
    o.threads = threads;
    std::vector<double> load;
    for (auto _ : st) {
      load = m::detail::uniform_load_run(g, o, kernel);
      benchmark::DoNotOptimize(load.data());
    }
    st.counters["n"] = static_cast<double>(g.num_vertices());
    st.counters["m"] = static_cast<double>(g.num_edges());
    st.counters["max_channel_load"] = *std::max_element(load.begin(), load.end());
    st.counters["max_edge_betweenness"] = max_edge_betweenness(g, load);
  });
  b->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime()->Iterations(1);
}

int register_all() {
  using k = m::detail::uniform_load_kernel;
  for (std::uint64_t groups : {2304u, 12500u, 36000u})
    for (unsigned threads : {1u, 2u}) {
      register_case("spread", m::shortest_path_split::spread, groups, threads, k::automatic);
      register_case("ecmp", m::shortest_path_split::ecmp, groups, threads, k::automatic);
    }
  for (std::uint64_t groups : {2304u, 12500u})
    register_case("spread", m::shortest_path_split::spread, groups, 1, k::per_destination);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--edgelist") == 0) {
    const graph& g = shiftfly_graph(shiftfly::core::parse_unsigned(argv[2], "groups", "bench_betweenness"));
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (auto v : g.neighbors(u))
        if (u < v) std::printf("%u %u\n", u, v);
    return 0;
  }
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
