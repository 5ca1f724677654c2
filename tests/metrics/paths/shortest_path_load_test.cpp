// Tests of metrics/paths/shortest_path_load.hpp: spread against networkx's and igraph's edge
// betweenness (tests/fixtures/betweenness, made by its script), both splits against a per-pair
// brute force (every shortest path enumerated; the ECMP split followed hop by hop), the ring's
// and K_n's closed forms, equal loads on arc-transitive graphs, a graph where ecmp and spread
// differ, the reverse-channel relation to throughput_ecmp, thread-count independence, bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/flow/throughput_ecmp.hpp"
#include "shiftfly/metrics/paths/shortest_path_load.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "load_options.hpp"
#include "throughput_fixture.hpp"

namespace shortest_path_load_test {

using namespace shiftfly;

namespace spl_test {

using graph = core::graph<std::uint32_t>;
using edge = std::pair<std::uint32_t, std::uint32_t>;

struct fixture_graph {
  std::string name;
  graph g;
  std::vector<edge> edges;
  std::vector<double> networkx, igraph;
};

inline std::vector<fixture_graph> load_fixtures() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/betweenness/betweenness.txt");
  REQUIRE(in);
  std::vector<fixture_graph> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream head(line);
    std::string word;
    fixture_graph f;
    std::size_t n = 0, m = 0;
    head >> word >> f.name >> n >> m;
    REQUIRE(word == "graph");
    for (std::size_t i = 0; i < m; ++i) {
      REQUIRE(std::getline(in, line));
      std::istringstream row(line);
      edge e;
      double a = 0, b = 0;
      row >> e.first >> e.second >> a >> b;
      f.edges.push_back(e);
      f.networkx.push_back(a);
      f.igraph.push_back(b);
    }
    REQUIRE(std::getline(in, line));
    REQUIRE(line == "end");
    f.g = graph::from_edges(n, f.edges, f.name);
    out.push_back(std::move(f));
  }
  return out;
}

using testing::load_options;

inline std::uint64_t channel(const graph& g, std::uint32_t u, std::uint32_t v) {
  const auto nb = g.neighbors(u);
  const auto it = std::lower_bound(nb.begin(), nb.end(), v);
  REQUIRE((it != nb.end() && *it == v));
  return g.offsets()[u] + static_cast<std::uint64_t>(it - nb.begin());
}

// The loads by brute force, pair by pair: spread enumerates every shortest s-t path and gives
// each 1 / (their number); ecmp follows the flow from s, splitting it evenly at every router.
inline std::vector<double> brute_force(const graph& g, metrics::shortest_path_split s) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices());
  std::vector<double> load(g.targets().size(), 0.0);
  for (std::uint32_t t = 0; t < n; ++t) {
    const auto dt = metrics::bfs(g, t).distance;  // d(., t)
    const auto next_hops = [&](std::uint32_t u) {
      std::vector<std::uint32_t> out;
      for (auto v : g.neighbors(u))
        if (dt[v] + 1 == dt[u]) out.push_back(v);
      return out;
    };
    for (std::uint32_t src = 0; src < n; ++src) {
      if (src == t) continue;
      if (s == metrics::shortest_path_split::spread) {
        std::vector<std::vector<std::uint32_t>> paths;
        std::vector<std::uint32_t> path{src};
        std::function<void(std::uint32_t)> walk = [&](std::uint32_t u) {
          if (u == t) {
            paths.push_back(path);
            return;
          }
          for (auto v : next_hops(u)) {
            path.push_back(v);
            walk(v);
            path.pop_back();
          }
        };
        walk(src);
        for (const auto& p : paths)
          for (std::size_t i = 0; i + 1 < p.size(); ++i)
            load[channel(g, p[i], p[i + 1])] += 1.0 / static_cast<double>(paths.size());
      } else {
        std::vector<double> flow(n, 0.0);
        flow[src] = 1.0;
        for (auto d = dt[src]; d > 0; --d)
          for (std::uint32_t u = 0; u < n; ++u) {
            if (dt[u] != d || flow[u] == 0.0) continue;
            const auto hops = next_hops(u);
            for (auto v : hops) {
              const double x = flow[u] / static_cast<double>(hops.size());
              load[channel(g, u, v)] += x;
              flow[v] += x;
            }
          }
      }
    }
  }
  return load;
}

inline bool close(double a, double b, double rel) { return std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)}); }

}  // namespace spl_test

TEST_CASE("uniform spread load: twice networkx's and igraph's edge betweenness on the fixtures") {
  namespace t = spl_test;
  const auto fixtures = t::load_fixtures();
  REQUIRE(fixtures.size() >= 20);
  for (const auto& f : fixtures) {
    INFO(f.name);
    const auto load = metrics::uniform_shortest_path_load(f.g, t::load_options(metrics::shortest_path_split::spread));
    REQUIRE(load.size() == 2 * f.edges.size());
    for (std::size_t k = 0; k < f.edges.size(); ++k) {
      const auto [u, v] = f.edges[k];
      const double both = load[t::channel(f.g, u, v)] + load[t::channel(f.g, v, u)];
      INFO("edge " << u << " " << v);
      CHECK(t::close(both, 2 * f.networkx[k], 1e-9));
      CHECK(t::close(both, 2 * f.igraph[k], 1e-9));
    }
  }
}

TEST_CASE("uniform shortest-path load: both splits equal the per-pair brute force") {
  namespace t = spl_test;
  std::vector<spl_test::graph> graphs;
  for (const auto& f : t::load_fixtures())
    if (f.g.num_vertices() <= 40) graphs.push_back(f.g);
  graphs.push_back(testing::throughput::petersen());
  for (const auto& g : graphs)
    for (auto s : {metrics::shortest_path_split::ecmp, metrics::shortest_path_split::spread}) {
      INFO(g.name() << " " << metrics::split_name(s));
      const auto ref = t::brute_force(g, s);
      // The public entry (the batched kernel on these graphs) and both kernels forced.
      using k = metrics::detail::uniform_load_kernel;
      for (auto kernel : {k::automatic, k::per_destination, k::batched}) {
        const auto load = metrics::detail::uniform_load_run(g, t::load_options(s), kernel);
        REQUIRE(load.size() == ref.size());
        for (std::size_t c = 0; c < load.size(); ++c) CHECK(t::close(load[c], ref[c], 1e-12));
      }
    }
}

TEST_CASE("uniform shortest-path load: a graph where ecmp and spread differ") {
  // s = 0 reaches t = 6 over 1 (then 3 or 4) or over 2 (then 5): three shortest paths, two
  // through 1. Ecmp splits the pair evenly at 0, spread two thirds to 1. Channel 0 -> 2 also
  // carries (0,2), (0,5), (1,2) whole, (1,5) a third (1 has next hops 0, 3, 4; one path of
  // three each way) and (3,2), (4,2) a half each (3-1-0-2 and 3-6-5-2): 4 + 5/6 under ecmp,
  // 4 + 2/3 under spread. Channel 0 -> 1 happens to carry 6 under both ((5,1) goes a half
  // over 2 under ecmp, a third under spread, which makes up for (0,6)).
  namespace t = spl_test;
  const std::vector<spl_test::edge> e{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {3, 6}, {4, 6}, {5, 6}};
  const auto g = spl_test::graph::from_edges(7, e);
  const auto ecmp = metrics::uniform_shortest_path_load(g, t::load_options(metrics::shortest_path_split::ecmp));
  const auto spread = metrics::uniform_shortest_path_load(g, t::load_options(metrics::shortest_path_split::spread));
  CHECK(ecmp[t::channel(g, 0, 2)] == Approx(4.0 + 5.0 / 6.0).epsilon(1e-15));
  CHECK(spread[t::channel(g, 0, 2)] == Approx(4.0 + 2.0 / 3.0).epsilon(1e-15));
  CHECK(ecmp[t::channel(g, 0, 1)] == Approx(6.0).epsilon(1e-15));
  CHECK(spread[t::channel(g, 0, 1)] == Approx(6.0).epsilon(1e-15));
  const auto be = t::brute_force(g, metrics::shortest_path_split::ecmp);
  const auto bs = t::brute_force(g, metrics::shortest_path_split::spread);
  for (std::size_t c = 0; c < ecmp.size(); ++c) {
    CHECK(t::close(ecmp[c], be[c], 1e-12));
    CHECK(t::close(spread[c], bs[c], 1e-12));
  }
}

TEST_CASE("uniform shortest-path load: closed forms on rings, K_n and arc-transitive graphs") {
  namespace t = spl_test;
  for (auto s : {metrics::shortest_path_split::ecmp, metrics::shortest_path_split::spread}) {
    // Ring of n = 2k + 1: every channel carries the pairs at distance 1..k ahead, k(k + 1)/2.
    // Ring of n = 2k: distances 1..k-1 whole and the antipodal pairs split in two: k^2 / 2.
    for (std::uint32_t n : {3u, 4u, 9u, 10u, 31u, 64u}) {
      std::vector<spl_test::edge> e;
      for (std::uint32_t i = 0; i < n; ++i) e.push_back({i, (i + 1) % n});
      const auto g = spl_test::graph::from_edges(n, e);
      const double k = n / 2;
      const double expect = n % 2 ? k * (k + 1) / 2 : k * k / 2;
      for (double x : metrics::uniform_shortest_path_load(g, t::load_options(s))) CHECK(x == expect);
    }
    // K_n: every pair has its own channel.
    for (std::uint32_t n : {2u, 5u, 17u}) {
      std::vector<spl_test::edge> e;
      for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = i + 1; j < n; ++j) e.push_back({i, j});
      for (double x : metrics::uniform_shortest_path_load(spl_test::graph::from_edges(n, e), t::load_options(s))) CHECK(x == 1.0);
    }
    // Arc-transitive: every channel carries the mean, sum d / 2m.
    for (const auto& g : testing::throughput::arc_transitive()) {
      const double mean = 1.0 / testing::throughput::closed_form_uniform(g);
      for (double x : metrics::uniform_shortest_path_load(g, t::load_options(s))) CHECK(x == Approx(mean).epsilon(1e-12));
    }
  }
}

TEST_CASE("uniform ecmp load: the reverse-channel loads of throughput_ecmp's per-source routing") {
  // Same maximum: ecmp_uniform_throughput_bound's max_load is the largest of our ecmp loads.
  namespace t = spl_test;
  for (const auto& f : t::load_fixtures()) {
    INFO(f.name);
    const auto load = metrics::uniform_shortest_path_load(f.g, t::load_options(metrics::shortest_path_split::ecmp));
    const double mx = *std::max_element(load.begin(), load.end());
    CHECK(metrics::ecmp_uniform_throughput_bound(f.g).max_load == Approx(mx).epsilon(1e-12));
  }
}

TEST_CASE("uniform shortest-path load: identical for any thread count") {
  // 144 and 180 vertices: three blocks of destinations, so that thread counts split them differently.
  namespace t = spl_test;
  // Both kernels: the batched one runs on these graphs, the per-destination one when forced.
  using k = metrics::detail::uniform_load_kernel;
  for (const auto& g : {topology::boardfly_group_level(144), topology::shiftfly_group_level(180)})
    for (auto s : {metrics::shortest_path_split::ecmp, metrics::shortest_path_split::spread})
      for (auto kernel : {k::automatic, k::per_destination}) {
        const auto one = metrics::detail::uniform_load_run(g, t::load_options(s, 1), kernel);
        for (unsigned threads : {2u, 3u, 7u}) {
          const auto other = metrics::detail::uniform_load_run(g, t::load_options(s, threads), kernel);
          REQUIRE(other.size() == one.size());
          CHECK(std::memcmp(one.data(), other.data(), one.size() * sizeof(double)) == 0);
        }
      }
}

namespace spl_test {
// Every batch of destinations through the generic batched kernel and through the AVX2 one (when
// the processor has it): the loads and the pulled shares must be the same bits.
template <bool Spread>
void check_batch_variants_agree(const graph& g) {
  namespace d = metrics::detail;
  constexpr int B = d::uniform_load_lanes;
  const auto off = g.offsets();
  const auto tgt = g.targets();
  const std::size_t n = g.num_vertices(), m = tgt.size();
  std::vector<std::uint32_t> dest(n);
  for (std::uint32_t v = 0; v < n; ++v) dest[v] = v;
  std::vector<double> load_g(m, 0.0), pulled_g(m, 0.0), load_v(m, 0.0), pulled_v(m, 0.0);
  d::load_batch_scratch<B> w(n);
  bool ran = false;
  for (std::size_t lo = 0; lo < n; lo += B) {
    const std::size_t k = std::min<std::size_t>(B, n - lo);
    d::uniform_load_batch_generic<Spread, B, std::uint32_t>(off.data(), tgt.data(), n, dest.data() + lo, k, w,
                                                             load_g.data(), pulled_g.data());
#ifdef SHIFTFLY_UNIFORM_LOAD_DISPATCH
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
      d::uniform_load_batch_avx2<Spread, B, std::uint32_t>(off.data(), tgt.data(), n, dest.data() + lo, k, w,
                                                            load_v.data(), pulled_v.data());
      ran = true;
    }
#endif
  }
  if (!ran) return;
  CHECK(std::memcmp(load_g.data(), load_v.data(), m * sizeof(double)) == 0);
  CHECK(std::memcmp(pulled_g.data(), pulled_v.data(), m * sizeof(double)) == 0);
}
}  // namespace spl_test

TEST_CASE("uniform shortest-path load: the AVX2 batched kernel gives the generic one's bits") {
  namespace t = spl_test;
  // A partial last batch (n not a multiple of 8), push and pull levels, both passes back.
  std::vector<t::graph> graphs{topology::boardfly_group_level(144), topology::shiftfly_group_level(180),
                               testing::throughput::petersen()};
  for (const auto& f : t::load_fixtures())
    if (f.g.num_vertices() <= 60) graphs.push_back(f.g);
  for (const auto& g : graphs) {
    INFO(g.name());
    t::check_batch_variants_agree<true>(g);
    t::check_batch_variants_agree<false>(g);
  }
}

TEST_CASE("uniform shortest-path load: bad input is refused in one line") {
  namespace t = spl_test;
  const auto ring = topology::torus({6});
  const auto refuses = [](auto&& f, const std::string& part) {
    try {
      f();
      FAIL("not refused");
    } catch (const core::invalid_parameter& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(part) != std::string::npos);
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  };
  auto o = t::load_options(metrics::shortest_path_split::spread, 1025);
  refuses([&] { metrics::uniform_shortest_path_load(ring, o); }, "threads = 1025");
  o = t::load_options(static_cast<metrics::shortest_path_split>(7));
  refuses([&] { metrics::uniform_shortest_path_load(ring, o); }, "split = 7");
  const spl_test::graph empty = spl_test::graph::from_edges(0, std::vector<spl_test::edge>{});
  refuses([&] { metrics::uniform_shortest_path_load(empty, {}); }, "n = 0");
  const spl_test::graph one = spl_test::graph::from_edges(1, std::vector<spl_test::edge>{});
  refuses([&] { metrics::uniform_shortest_path_load(one, {}); }, "n = 1");
  const auto two = spl_test::graph::from_edges(4, std::vector<spl_test::edge>{{0, 1}, {2, 3}});
  refuses([&] { metrics::uniform_shortest_path_load(two, {}); }, "not connected: vertex 2 does not reach vertex 0");
  // The estimate: 6 vertices x 12 channels x 2 = 144 arc visits.
  CHECK(metrics::uniform_load_arc_visits(ring) == 144);
  o = t::load_options(metrics::shortest_path_split::ecmp);
  o.max_arc_visits = 143;
  refuses([&] { metrics::uniform_shortest_path_load(ring, o); }, "below the estimated 144 arc visits");
  o.max_arc_visits = 0;
  refuses([&] { metrics::uniform_shortest_path_load(ring, o); }, "max_arc_visits = 0");
  o.max_arc_visits = 144;
  CHECK(metrics::uniform_shortest_path_load(ring, o).size() == 12);
}

}  // namespace shortest_path_load_test
