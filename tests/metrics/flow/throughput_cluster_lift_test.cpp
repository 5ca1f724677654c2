// Tests of metrics/flow/throughput_cluster_lift.hpp: on random cliques joined by random links the
// lift's ends hold the exact edge LP's θ, and where it says exact it is θ (both outcomes occur);
// the lift's congestion equals the loads of its routing taken walk by walk, pair by pair, link by
// link (and every pair gets its θ); Boardfly of 100 groups (three pods, above the edge LP's limit) is
// answered exactly by measure_throughput and by the work path, equal to arc generation; without
// contracted_bound it is not; the tables' profile takes it (Boardfly of 100 groups exact, of 40
// tightened); bad input is refused naming the parameter.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_arc_generation.hpp"
#include "shiftfly/metrics/flow/throughput_cluster_lift.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_profile.hpp"
#include "shiftfly/metrics/flow/throughput_work.hpp"
#include "shiftfly/topology/boardfly.hpp"

namespace throughput_cluster_lift_test {

using namespace shiftfly;
using graph = core::graph<std::uint32_t>;
using edge = std::pair<std::uint32_t, std::uint32_t>;

/// Cliques of 2 to 5 vertices (2 to 4 of them), a ring of links between consecutive cliques and
/// 0 to 6 more random links between cliques (parallel links allowed); part_of gets the cliques.
inline graph random_cliques(std::uint64_t seed, std::vector<std::uint32_t>& part_of) {
  core::python_random rng(seed);
  const std::uint64_t k = 2 + rng.randrange(3);
  std::vector<std::uint32_t> first;
  part_of.clear();
  std::vector<edge> e;
  for (std::uint32_t p = 0; p < k; ++p) {
    const auto size = static_cast<std::uint32_t>(2 + rng.randrange(4));
    const auto base = static_cast<std::uint32_t>(part_of.size());
    first.push_back(base);
    for (std::uint32_t a = 0; a < size; ++a) {
      part_of.push_back(p);
      for (std::uint32_t b = a + 1; b < size; ++b) e.push_back({base + a, base + b});
    }
  }
  first.push_back(static_cast<std::uint32_t>(part_of.size()));
  const auto n = static_cast<std::uint32_t>(part_of.size());
  const auto vertex_of = [&](std::uint32_t p) {
    return first[p] + static_cast<std::uint32_t>(rng.randrange(first[p + 1] - first[p]));
  };
  for (std::uint32_t p = 0; p < k; ++p) {
    const std::uint32_t next = (p + 1) % k;
    if (k == 2 && p == 1) break;
    e.push_back({vertex_of(p), vertex_of(next)});
  }
  const std::uint64_t extra = rng.randrange(7);
  for (std::uint64_t i = 0; i < extra; ++i) {
    const auto a = static_cast<std::uint32_t>(rng.randrange(k));
    const auto b = static_cast<std::uint32_t>((a + 1 + rng.randrange(k - 1)) % k);
    e.push_back({vertex_of(a), vertex_of(b)});
  }
  return graph::from_edges(n, std::span<const edge>(e), "random cliques");
}

TEST_CASE("cluster lift: its ends hold the exact LP on random cliques, and exact means θ") {
  int exact_cases = 0, interval_cases = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    std::vector<std::uint32_t> part_of;
    const auto g = random_cliques(seed, part_of);
    INFO("seed " << seed << ", " << g.num_vertices() << " vertices");
    REQUIRE(metrics::parts_are_cliques(g, part_of));
    const double theta = metrics::throughput_lp(g, metrics::uniform_traffic(g.num_vertices())).value;
    const auto r = metrics::throughput_cluster_lift(g, part_of);
    CHECK(r.lower <= theta * (1 + 1e-7));
    CHECK(r.upper >= theta * (1 - 1e-7));
    CHECK(r.upper >= r.value * (1 - 1e-12));
    CHECK(r.deficit < 1e-7);
    if (r.exact) {
      ++exact_cases;
      CHECK(r.value == Approx(theta).epsilon(1e-7));
      CHECK(r.congestion <= 1 + 1e-7);
    } else {
      ++interval_cases;
      CHECK(r.congestion > 1 + 1e-7);  // the cliques' links are what fall short
    }
  }
  CHECK(exact_cases > 0);
  CHECK(interval_cases > 0);
}

/// The lift's largest load taken walk by walk: for every pair (s, t), every walk of the quotient
/// routing of s's part that ends at t's part (what arrives at a part leaves in proportion to what
/// leaves), every choice of link between parts, the hops inside the cliques. `pair_error`: the
/// largest |delivered − θ| over the pairs.
inline double walked_congestion(const graph& g, const std::vector<std::uint32_t>& part_of, double& pair_error) {
  namespace d = metrics::detail;
  const auto q = d::make_uniform_quotient("test", g, part_of);
  const auto net = d::make_capacity_network("test", q.graph, metrics::traversal::arcs);
  const auto lp = d::solve_quotient_lp(net, q.demand, 0.0);
  const double theta = std::ldexp(lp.theta_scaled, -lp.exponent);
  const std::size_t A = net.arcs(), n = g.num_vertices(), k = q.size.size();
  std::map<edge, double> load, channels;
  std::vector<std::vector<edge>> between(A);  // the links of g behind each arc of the quotient
  for (std::uint32_t u = 0; u < n; ++u)
    for (const auto v : g.neighbors(u)) {
      if (v == u) continue;
      channels[{u, v}] += 1;
      if (part_of[u] != part_of[v])
        for (std::size_t a = 0; a < A; ++a)
          if (net.tail[a] == part_of[u] && net.head[a] == part_of[v]) between[a].push_back({u, v});
    }
  pair_error = 0;
  const auto sources = lp.scaled.sources_with_demand();
  for (std::size_t c = 0; c < sources.size(); ++c) {
    const std::uint32_t home = sources[c];
    const double* f = lp.flow.data() + c * A;
    std::vector<double> ends(k, 0.0), arriving(k, 0.0);
    double supply = 0;
    for (std::uint32_t x = 0; x < k; ++x)
      if (x != home) supply += ends[x] = lp.theta_scaled * lp.scaled.demands_of(home)[x < home ? x : x - 1];
    for (std::size_t a = 0; a < A; ++a) arriving[net.head[a]] += f[a];
    arriving[home] += supply;
    for (std::uint32_t s = 0; s < n; ++s) {
      if (part_of[s] != home) continue;
      for (std::uint32_t t = 0; t < n; ++t) {
        if (part_of[t] == home) continue;
        const std::uint32_t dest = part_of[t];
        // walks: (hops, probability) of those that end at dest
        std::vector<std::pair<std::vector<edge>, double>> walks;
        std::vector<edge> hops;
        std::function<void(std::uint32_t, std::uint32_t, double, int)> walk = [&](std::uint32_t v, std::uint32_t x,
                                                                                   double p, int depth) {
          if (p < 1e-18 || depth > 40) return;
          if (x == dest) {
            auto h = hops;
            if (v != t) h.push_back({v, t});
            walks.push_back({h, p * ends[x] / arriving[x]});
          }
          for (std::size_t a = net.out_offsets[x]; a < net.out_offsets[x + 1]; ++a) {
            if (f[a] <= 0) continue;
            for (const auto& [xu, zv] : between[a]) {
              const std::size_t mark = hops.size();
              if (xu != v) hops.push_back({v, xu});
              hops.push_back({xu, zv});
              walk(zv, net.head[a], p * f[a] / arriving[x] / static_cast<double>(between[a].size()), depth + 1);
              hops.resize(mark);
            }
          }
        };
        walk(s, home, 1.0, 0);
        double total = 0;
        for (const auto& w : walks) total += w.second;
        // the walks that end at dest hold its share of the supply
        CHECK(total == Approx(ends[dest] / supply).epsilon(1e-9));
        double delivered = 0;
        for (const auto& [h, p] : walks) {
          for (const auto& hop : h) load[hop] += theta * p / total;
          delivered += theta * p / total;
        }
        pair_error = std::max(pair_error, std::abs(delivered - theta));
      }
    }
  }
  for (std::uint32_t u = 0; u < n; ++u)  // the pairs inside a part: their direct link
    for (std::uint32_t v = 0; v < n; ++v)
      if (u != v && part_of[u] == part_of[v]) load[{u, v}] += theta;
  double congestion = 0;
  for (const auto& [uv, x] : load) congestion = std::max(congestion, x / channels.at(uv));
  return congestion;
}

TEST_CASE("cluster lift: its congestion is its routing's, walk by walk") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    std::vector<std::uint32_t> part_of;
    const auto g = random_cliques(seed, part_of);
    INFO("seed " << seed);
    double pair_error = 1;
    const double walked = walked_congestion(g, part_of, pair_error);
    const auto r = metrics::throughput_cluster_lift(g, part_of);
    CHECK(pair_error <= 1e-9 * r.value);
    CHECK(walked == Approx(r.congestion).epsilon(1e-9));
    ++checked;
  }
  CHECK(checked == 12);
}

TEST_CASE("cluster lift: Boardfly of three pods, exact in measure_throughput and the work path") {
  const auto g = topology::boardfly_group_level(100);  // pods of 36, 36 and 28 groups
  const auto T = metrics::uniform_traffic(100);
  const double exact = metrics::throughput_arc_generation(g, T, {}).value;
  metrics::throughput_request q;
  q.threads = 1;
  const auto m = metrics::measure_throughput(g, q);
  CHECK(m.lp_variables > metrics::throughput_lp_max_variables);
  CHECK(m.answered_by == metrics::throughput_method::cluster_lift);
  CHECK(m.status == metrics::throughput_status::exact);
  CHECK(m.lower == Approx(exact).epsilon(1e-7));
  CHECK(m.algorithm.find("3 cliques") != std::string::npos);
  const auto w = metrics::measure_throughput_within_work(g, T, true, {});
  CHECK(w.answered_by == metrics::throughput_method::cluster_lift);
  CHECK(w.lower == m.lower);
  q.contracted_bound = false;  // then arc generation answers (asked for: the interval would take minutes)
  q.column_generation = true;
  const auto without = metrics::measure_throughput(g, q);
  CHECK(without.answered_by == metrics::throughput_method::arc_generation);
  CHECK(without.lower == Approx(m.lower).epsilon(1e-7));
}

TEST_CASE("cluster lift: the tables' profile takes it, and leaves it out at 0 variables") {
  const auto g = topology::boardfly_group_level(100);
  const double exact = metrics::throughput_arc_generation(g, metrics::uniform_traffic(100), {}).value;
  const auto p = metrics::measure_throughput_profile(g);
  CHECK(p.uniform.lower == p.uniform.upper);
  CHECK(p.uniform.lower == Approx(exact).epsilon(1e-7));
  CHECK(p.uniform.lower_method.rfind("exact (the exact LP of the quotient by 3 cliques", 0) == 0);
  CHECK(p.worst_permutation.lower == Approx(exact * 50).epsilon(1e-7));  // Valiant: n/2 × uniform
  metrics::throughput_profile_options o;
  o.cluster_lift_max_variables = 0;
  const auto without = metrics::measure_throughput_profile(g, o);
  CHECK(without.uniform.lower < without.uniform.upper);
  CHECK(without.uniform.lower <= exact * (1 + 1e-9));
  CHECK(without.uniform.upper >= exact * (1 - 1e-9));
  // Boardfly of 40 groups, its automorphisms left out: the lift's congestion is 2.62 (a pod of 4
  // groups), so its ends only tighten the interval: the quotient's dual bound above (θ* itself here,
  // 4.604166... / 39, as the reduced LP says)
  metrics::throughput_profile_options plain;
  plain.symmetric_max_variables = 0;
  plain.arc_generation_max_variables = 0;
  auto unlifted = plain;
  unlifted.cluster_lift_max_variables = 0;
  const auto small = metrics::measure_throughput_profile(topology::boardfly_group_level(40), unlifted);
  const auto lifted = metrics::measure_throughput_profile(topology::boardfly_group_level(40), plain);
  CHECK(lifted.uniform.upper < small.uniform.upper);
  CHECK(lifted.uniform.upper_method.rfind("quotient bound (the dual bound of the exact LP of the quotient", 0) == 0);
  CHECK(lifted.uniform.upper == Approx(4.604166666666667 / 39).epsilon(1e-9));
  CHECK(lifted.uniform.lower >= small.uniform.lower);
  CHECK(lifted.uniform.lower < lifted.uniform.upper);
}

TEST_CASE("cluster lift: bad input is refused, naming the parameter") {
  std::vector<std::uint32_t> part_of;
  const auto g = random_cliques(3, part_of);
  auto torn = part_of;
  torn[0] = torn[torn.size() - 1];  // a vertex moved into another clique: that part is not a clique
  CHECK_FALSE(metrics::parts_are_cliques(g, torn));
  CHECK_THROWS_WITH(metrics::throughput_cluster_lift(g, torn), Catch::Contains("part_of") && Catch::Contains("not a clique"));
  CHECK_THROWS_WITH(metrics::throughput_cluster_lift(g, std::vector<std::uint32_t>(part_of.size() - 1, 0)),
                    Catch::Contains("part_of"));
  CHECK_THROWS_WITH(metrics::throughput_cluster_lift(g, part_of, -1.0), Catch::Contains("max_seconds"));
  CHECK_THROWS_WITH(metrics::throughput_cluster_lift(g, part_of, std::nan("")), Catch::Contains("max_seconds"));
  // a ring of 300 vertices, one a part (singletons are cliques): 300 × 600 flow variables
  std::vector<edge> e;
  for (std::uint32_t v = 0; v < 300; ++v) e.push_back({v, (v + 1) % 300});
  const auto ring = graph::from_edges(300, std::span<const edge>(e), "ring");
  std::vector<std::uint32_t> singletons(300);
  for (std::uint32_t v = 0; v < 300; ++v) singletons[v] = v;
  CHECK(metrics::cluster_lift_variables(ring, singletons) == 180'000);
  CHECK_THROWS_WITH(metrics::throughput_cluster_lift(ring, singletons),
                    Catch::Contains("part_of") && Catch::Contains("180000") && Catch::Contains("40000"));
}

}  // namespace throughput_cluster_lift_test
