// routing/worst_case_load.hpp: the Towles–Dally worst case of an oblivious routing, against brute
// force over every permutation on graphs of at most 7 vertices (a lowest-id minimal routing and
// an ECMP split built here), the ring's closed form (tornado is worst), the dual certificate, and
// the bound against the exact value on random small graphs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/shortest_path_routing.hpp"
#include "shiftfly/routing/worst_case_load.hpp"

namespace worst_case_load_test {

using namespace shiftfly;

namespace {

using graph = core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

graph make(std::uint32_t n, const edges& e) { return graph::from_edges(n, e, "test"); }

/// All-pairs hop distances by BFS (the graph connected).
std::vector<std::vector<std::uint32_t>> distances(const graph& g) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices());
  std::vector<std::vector<std::uint32_t>> d(n, std::vector<std::uint32_t>(n, n));
  for (std::uint32_t s = 0; s < n; ++s) {
    std::vector<std::uint32_t> queue{s};
    d[s][s] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (auto v : g.neighbors(queue[i]))
        if (d[s][v] == n) d[s][v] = d[s][queue[i]] + 1, queue.push_back(v);
  }
  return d;
}

/// Minimal routing, one path a pair: at u, the lowest-id neighbour one hop closer to t.
routing::pair_shares_function lowest_minimal(const graph& g) {
  auto d = distances(g);
  return [&g, d](std::uint32_t s, std::uint32_t t, std::vector<routing::channel_share>& out) {
    for (std::uint32_t u = s; u != t;) {
      std::uint32_t next = u;
      for (auto v : g.neighbors(u))
        if (d[v][t] + 1 == d[u][t]) {
          next = v;
          break;  // neighbours ascend: the first is the lowest
        }
      out.push_back({routing::channel_of(g, u, next), 1.0});
      u = next;
    }
  };
}

/// ECMP: the flow at u splits evenly over u's neighbours one hop closer to t.
routing::pair_shares_function ecmp(const graph& g) {
  auto d = distances(g);
  return [&g, d](std::uint32_t s, std::uint32_t t, std::vector<routing::channel_share>& out) {
    const std::uint32_t n = static_cast<std::uint32_t>(g.num_vertices());
    std::vector<double> flow(n, 0.0);
    flow[s] = 1.0;
    for (std::uint32_t level = d[s][t]; level >= 1; --level)
      for (std::uint32_t u = 0; u < n; ++u) {
        if (d[u][t] != level || flow[u] == 0.0) continue;
        std::vector<std::uint32_t> next;
        for (auto v : g.neighbors(u))
          if (d[v][t] + 1 == level) next.push_back(v);
        for (auto v : next) {
          out.push_back({routing::channel_of(g, u, v), flow[u] / static_cast<double>(next.size())});
          flow[v] += flow[u] / static_cast<double>(next.size());
        }
      }
  };
}

/// The largest channel load of the permutation p.
double max_channel_load(const std::vector<std::uint64_t>& p, std::uint64_t channels, const routing::pair_shares_function& f) {
  std::vector<double> load(channels, 0.0);
  std::vector<routing::channel_share> out;
  for (std::uint64_t s = 0; s < p.size(); ++s) {
    if (p[s] == s) continue;
    out.clear();
    f(static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(p[s]), out);
    for (const auto& x : out) load[x.channel] += x.fraction;
  }
  return *std::max_element(load.begin(), load.end());
}

/// The worst case by brute force over all n! permutations.
double brute_force(const graph& g, const routing::pair_shares_function& f) {
  std::vector<std::uint64_t> p(g.num_vertices());
  std::iota(p.begin(), p.end(), std::uint64_t{0});
  double worst = 0.0;
  do worst = std::max(worst, max_channel_load(p, routing::channel_count(g), f));
  while (std::next_permutation(p.begin(), p.end()));
  return worst;
}

/// The certificate: u_s + v_t >= w_c(s, t) for every pair, u, v >= 0, and Σ u + Σ v <= upper.
void check_certificate(const graph& g, const routing::pair_shares_function& f, const routing::worst_case_load_result& r) {
  const auto n = g.num_vertices();
  REQUIRE(r.row_potential.size() == n);
  REQUIRE(r.column_potential.size() == n);
  std::vector<routing::channel_share> out;
  for (std::uint32_t s = 0; s < n; ++s)
    for (std::uint32_t t = 0; t < n; ++t) {
      if (s == t) continue;
      out.clear();
      f(s, t, out);
      double w = 0.0;
      for (const auto& x : out)
        if (x.channel == r.channel) w += x.fraction;
      CHECK(r.row_potential[s] + r.column_potential[t] >= w);
    }
  double dual = 0.0;
  for (std::uint32_t s = 0; s < n; ++s) {
    CHECK(r.row_potential[s] >= 0.0);
    CHECK(r.column_potential[s] >= 0.0);
    dual += r.row_potential[s] + r.column_potential[s];
  }
  CHECK(dual <= r.upper);
}

const std::vector<std::pair<std::string, std::pair<std::uint32_t, edges>>>& small_graphs() {
  static const std::vector<std::pair<std::string, std::pair<std::uint32_t, edges>>> all{
      {"C5", {5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}}},
      {"C6", {6, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}}}},
      {"C7", {7, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 0}}}},
      {"P6", {6, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}}},
      {"star", {6, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}}}},
      {"K5", {5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}}},
      {"wheel", {7, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 1}}}},
      {"grid 2x3", {6, {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {0, 3}, {1, 4}, {2, 5}}}},
      {"mixed", {7, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 4}, {2, 6}}}},
  };
  return all;
}

}  // namespace

TEST_CASE("worst case: exact against brute force over every permutation (n <= 7)", "[worst_case]") {
  for (const auto& [name, spec] : small_graphs()) {
    const auto g = make(spec.first, spec.second);
    for (const bool split : {false, true}) {
      CAPTURE(name, split);
      const auto f = split ? ecmp(g) : lowest_minimal(g);
      const double want = brute_force(g, f);
      const auto r = routing::worst_case_load(g.num_vertices(), routing::channel_count(g), f);
      CHECK(r.method == routing::worst_case_method::exact);
      CHECK(r.load == Approx(want).epsilon(1e-12));
      CHECK(r.upper >= want);
      CHECK(r.upper - r.load <= 1e-9 * std::max(1.0, r.load));
      // the permutation is a permutation, and it loads its channel with the worst case
      auto sorted = r.permutation;
      std::sort(sorted.begin(), sorted.end());
      std::vector<std::uint64_t> ids(g.num_vertices());
      std::iota(ids.begin(), ids.end(), std::uint64_t{0});
      CHECK(sorted == ids);
      CHECK(routing::permutation_channel_load(r.permutation, r.channel, f) == r.load);
      CHECK(max_channel_load(r.permutation, routing::channel_count(g), f) == Approx(want).epsilon(1e-12));
      check_certificate(g, f, r);
      CHECK(r.pairs == g.num_vertices() * (g.num_vertices() - 1));
      CHECK(r.channels_solved >= 1);
      CHECK(r.channels_solved <= r.channels_with_load);
      CHECK(r.method_text().rfind("exact", 0) == 0);
    }
  }
}

TEST_CASE("worst case: the ring under minimal routing, tornado is worst ((n - 1)/2 for odd n)", "[worst_case]") {
  for (std::uint32_t n : {5u, 9u, 15u, 31u, 61u}) {
    CAPTURE(n);
    edges e;
    for (std::uint32_t i = 0; i < n; ++i) e.push_back({i, (i + 1) % n});
    const auto g = make(n, e);
    const auto f = lowest_minimal(g);
    const auto r = routing::worst_case_load(n, routing::channel_count(g), f);
    CHECK(r.method == routing::worst_case_method::exact);
    CHECK(r.load == (n - 1) / 2);
    check_certificate(g, f, r);
    // tornado, s -> s + ceil(n/2) - 1, loads every channel of its direction with (n - 1)/2
    const auto tornado = metrics::tornado_permutation(std::vector<std::uint64_t>{n});
    CHECK(max_channel_load(tornado, routing::channel_count(g), f) == (n - 1) / 2);
    // on the ring every channel has the same worst case; its certificate ends the search at once
    CHECK(r.channels_with_load == 2 * n);
  }
}

TEST_CASE("worst case: K_n under minimal routing carries one pair a channel (worst case 1)", "[worst_case]") {
  for (std::uint32_t n : {3u, 8u, 20u}) {
    edges e;
    for (std::uint32_t a = 0; a < n; ++a)
      for (std::uint32_t b = a + 1; b < n; ++b) e.push_back({a, b});
    const auto g = make(n, e);
    const auto r = routing::worst_case_load(n, routing::channel_count(g), lowest_minimal(g));
    CHECK(r.method == routing::worst_case_method::exact);
    CHECK(r.load == 1.0);
    CHECK(r.upper == 1.0);
    // every channel's bound is 1 and the first solved reaches it: one assignment suffices
    CHECK(r.channels_solved == 1);
    CHECK(r.channels_with_load == n * (n - 1));
  }
}

TEST_CASE("worst case: the bound is at or above the exact value, and labelled as a bound", "[worst_case]") {
  core::python_random rng(2024);
  for (int trial = 0; trial < 12; ++trial) {
    // a random connected graph: a random spanning tree and a few more links
    const std::uint32_t n = 6 + static_cast<std::uint32_t>(rng.randrange(std::uint64_t{10}));
    edges e;
    for (std::uint32_t v = 1; v < n; ++v) e.push_back({static_cast<std::uint32_t>(rng.randrange(std::uint64_t{v})), v});
    for (int extra = 0; extra < 4; ++extra) {
      const auto a = static_cast<std::uint32_t>(rng.randrange(std::uint64_t{n}));
      const auto b = static_cast<std::uint32_t>(rng.randrange(std::uint64_t{n}));
      if (a != b) e.push_back({std::min(a, b), std::max(a, b)});
    }
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    const auto g = make(n, e);
    for (const bool split : {false, true}) {
      CAPTURE(trial, n, split);
      const auto f = split ? ecmp(g) : lowest_minimal(g);
      const auto exact = routing::worst_case_load(n, routing::channel_count(g), f);
      REQUIRE(exact.method == routing::worst_case_method::exact);
      check_certificate(g, f, exact);
      if (n <= 7) CHECK(exact.load == Approx(brute_force(g, f)).epsilon(1e-12));
      // no assignment allowed: the per-channel bound alone
      routing::worst_case_options none;
      none.max_assignment_work = 0;
      const auto b0 = routing::worst_case_load(n, routing::channel_count(g), f, none);
      CHECK(b0.method == routing::worst_case_method::bound);
      CHECK(b0.channels_solved == 0);
      CHECK(b0.upper >= exact.load);
      CHECK(b0.upper == b0.next_bound);
      CHECK(b0.method_text().rfind("bound", 0) == 0);
      // a little work: some channels solved, the bound still above, the load found still below
      routing::worst_case_options some;
      some.max_assignment_work = exact.assignment_work / 2;
      const auto b1 = routing::worst_case_load(n, routing::channel_count(g), f, some);
      CHECK(b1.upper >= exact.load);
      CHECK(b1.load <= exact.load + 1e-12);
      CHECK(b1.upper <= b0.upper + 1e-9);
    }
  }
}

TEST_CASE("worst case: bad input and limits are refused in one line", "[worst_case][errors]") {
  const auto g = make(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}});
  const auto f = lowest_minimal(g);
  const auto what = [](auto&& call) -> std::string {
    try {
      call();
    } catch (const core::invalid_parameter& e) {
      return e.what();
    }
    return "(accepted)";
  };
  CHECK(what([&] { routing::worst_case_load(1, 10, f); }) == "worst_case_load: n = 1 is out of range (accepted: 2 to 4294967295)");
  CHECK(what([&] { routing::worst_case_load(5, 0, f); }).find("channel_count = 0 is out of range") != std::string::npos);
  CHECK(what([&] { routing::worst_case_load(5, 10, {}); }).find("no routing was given") != std::string::npos);
  CHECK(what([&] { routing::worst_case_load(5, 3, f); }).find("the routing gave channel") != std::string::npos);
  routing::worst_case_options few;
  few.max_pairs = 19;
  CHECK(what([&] { routing::worst_case_load(5, 10, f, few); }) ==
        "worst_case_load: n = 5 needs 20 routing calls, past the limit of 19 (accepted: n(n - 1) at most the limit)");
  routing::worst_case_options strict;
  strict.max_assignment_work = 0;
  strict.allow_bound = false;
  CHECK(what([&] { routing::worst_case_load(5, 10, f, strict); }).find("the exact worst case needs about") !=
        std::string::npos);
  const routing::pair_shares_function negative = [](std::uint32_t, std::uint32_t, std::vector<routing::channel_share>& out) {
    out.push_back({0, -0.5});
  };
  CHECK(what([&] { routing::worst_case_load(5, 10, negative); }).find("the fraction -0.5") != std::string::npos);
  CHECK(what([&] { routing::permutation_channel_load({0, 1, 1, 3, 4}, 0, f); }) ==
        "permutation_channel_load: p = entry 2 = 1 is not a permutation (accepted: each of 0..4 exactly once)");
}

TEST_CASE("worst case: gathered by target (one search a target) equals gathered by pair, bit for bit", "[worst_case]") {
  // shortest_path_router::shares_to_target gives every source's shares toward t from one search;
  // they must be the very doubles shares(s, t) gives, and worst_case_load fed by target the
  // same answer as fed by pair (the routing-load table's worst cases take this path).
  std::vector<std::pair<std::string, std::pair<std::uint32_t, edges>>> graphs = small_graphs();
  edges torus;  // 4 x 5 torus: many ties, so ECMP and spread split at every step
  for (std::uint32_t r = 0; r < 4; ++r)
    for (std::uint32_t c = 0; c < 5; ++c) {
      torus.push_back({r * 5 + c, r * 5 + (c + 1) % 5});
      torus.push_back({r * 5 + c, ((r + 1) % 4) * 5 + c});
    }
  graphs.push_back({"torus 4x5", {20, torus}});
  edges chords;  // a ring of 13 with chords: unequal degrees
  for (std::uint32_t v = 0; v < 13; ++v) chords.push_back({v, (v + 1) % 13});
  for (std::uint32_t v = 0; v < 13; v += 3) chords.push_back({v, (v + 5) % 13});
  graphs.push_back({"ring 13 with chords", {13, chords}});
  for (const auto& [name, spec] : graphs) {
    const auto g = make(spec.first, spec.second);
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    for (const auto kind : {routing::routing_kind::minimal, routing::routing_kind::ecmp, routing::routing_kind::spread}) {
      CAPTURE(name, routing::routing_kind_name(kind));
      const routing::shortest_path_router<graph> router(g, kind);
      const routing::pair_shares_function by_pair = [&router](std::uint32_t s, std::uint32_t t,
                                                              std::vector<routing::channel_share>& out) {
        router.shares(s, t, out);
      };
      std::vector<routing::channel_share> want;
      for (std::uint32_t t = 0; t < n; ++t) {
        std::uint32_t next = 0;
        router.shares_to_target(t, [&](std::uint32_t s, const std::vector<routing::channel_share>& got) {
          if (next == t) ++next;
          CHECK(s == next);  // every source but t, in order
          ++next;
          want.clear();
          router.shares(s, t, want);
          REQUIRE(got.size() == want.size());
          for (std::size_t i = 0; i < got.size(); ++i) {
            CHECK(got[i].channel == want[i].channel);
            CHECK(got[i].fraction == want[i].fraction);  // the same double, not merely close
          }
        });
        CHECK(next == (t == n - 1 ? n - 1 : n));
      }
      const routing::target_shares_function by_target =
          [&router](std::uint32_t t, const std::function<void(std::uint32_t, const std::vector<routing::channel_share>&)>& emit) {
            router.shares_to_target(t, emit);
          };
      const auto a = routing::worst_case_load(n, routing::channel_count(g), by_pair);
      const auto b = routing::worst_case_load(n, routing::channel_count(g), by_pair, {}, by_target);
      CHECK(a.permutation == b.permutation);
      CHECK(a.channel == b.channel);
      CHECK(a.load == b.load);
      CHECK(a.upper == b.upper);
      CHECK(a.method == b.method);
      CHECK(a.shares == b.shares);
      CHECK(a.channels_solved == b.channels_solved);
      CHECK(a.row_potential == b.row_potential);
      CHECK(a.column_potential == b.column_potential);
    }
  }
}

}  // namespace worst_case_load_test
