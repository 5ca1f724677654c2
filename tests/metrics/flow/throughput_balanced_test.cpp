// Tests of metrics/flow/throughput_balanced.hpp: the path-product split equals a brute force
// over every shortest path (and the weight update a second, independent implementation),
// the bound stays below the exact LP, reaches 2m / Σd where the optimum does, ignores the
// thread count, refuses bad input; measure_throughput closes uniform intervals with it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/cuts/bisection_metis.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_arc_generation.hpp"
#include "shiftfly/metrics/flow/throughput_balanced.hpp"
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "throughput_fixture.hpp"

namespace throughput_balanced_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

namespace {

using arc_key = std::pair<std::uint32_t, std::uint32_t>;

/// Max load per unit capacity of the path-product routing of T, by listing every shortest
/// path of every pair: each carries T(s,t)·Π w / Σ_paths Π w. Capacities: parallel edges add.
double brute_force_max_load(const tf::graph& g, const metrics::traffic_matrix& T, const std::map<arc_key, double>& cap,
                            const std::map<arc_key, double>& w, std::map<arc_key, double>& load) {
  const auto n = static_cast<std::uint32_t>(g.num_vertices());
  load.clear();
  for (const auto& [a, c] : cap) load[a] = 0.0;
  for (std::uint32_t s = 0; s < n; ++s) {
    const auto d = metrics::bfs(g, s).distance;
    const auto tg = T.targets_of(s);
    const auto dem = T.demands_of(s);
    for (std::size_t i = 0; i < tg.size(); ++i) {
      const std::uint32_t t = tg[i];
      std::vector<std::pair<std::vector<arc_key>, double>> paths;  // (arcs, product of weights)
      std::vector<arc_key> path;
      // walk back from t along arcs (u, v) with d(u) = d(v) - 1
      std::function<void(std::uint32_t, double)> back = [&](std::uint32_t v, double product) {
        if (v == s) {
          paths.push_back({path, product});
          return;
        }
        for (const auto& [a, c] : cap)
          if (a.second == v && d[a.first] == d[v] - 1) {
            path.push_back(a);
            back(a.first, product * w.at(a));
            path.pop_back();
          }
      };
      back(t, 1.0);
      double sum = 0.0;
      for (const auto& p : paths) sum += p.second;
      for (const auto& p : paths)
        for (const auto& a : p.first) load[a] += dem[i] * p.second / sum;
    }
  }
  double worst = 0.0;
  for (const auto& [a, c] : cap) worst = std::max(worst, load[a] / c);
  return worst;
}

std::map<arc_key, double> capacities(const tf::graph& g) {
  std::map<arc_key, double> cap;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (const auto v : g.neighbors(u)) cap[{u, v}] += 1.0;  // each direction once; parallel edges add
  return cap;
}

/// Shiftfly's 72 groups: θ* by the reduced LP (2 s), equal to 2m / Σd.
double shiftfly_72_exact() {
  static const double exact = [] {
    const auto g = topology::shiftfly_group_level(72);
    const auto aut = metrics::graph_automorphisms(g);
    return metrics::throughput_symmetric_lp(g, metrics::uniform_traffic(72), aut.generators).value;
  }();
  return exact;
}

/// The uniform cut bound of the bisection measure_throughput takes: the best of its seeded METIS runs.
metrics::throughput_bound_result metis_uniform_cut_bound(const tf::graph& g) {
  metrics::metis_bisection_options mo;
  mo.runs = metrics::throughput_cut_bound_runs;
  const auto part = metrics::metis_bisection(g, mo);
  std::uint64_t side = 0;
  for (const auto s : part.side) side += s;
  return metrics::uniform_cut_bound(g.num_vertices(), side, part.cut);
}

}  // namespace

TEST_CASE("balanced routing: equals a brute force over every shortest path, rounds 1 to 3") {
  std::vector<tf::graph> graphs;
  for (const auto& fg : tf::load().graphs)
    if (fg.g.num_vertices() >= 3 && fg.g.num_vertices() <= 14) graphs.push_back(fg.g);
  // a multigraph: parallel edges are one arc of capacity 2
  graphs.push_back(tf::graph::from_edges(
      5, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {1, 3}}));
  for (const auto& g : graphs) {
    for (const auto& T : {metrics::uniform_traffic(g.num_vertices()), tf::uneven_traffic(g.num_vertices())}) {
      const auto cap = capacities(g);
      // an independent run of the weight update: y += η (x / x̄ − 1), w = c·exp(−y), η halved after a worse round
      std::map<arc_key, double> y, w = cap, load;
      for (const auto& [a, c] : cap) y[a] = 0.0;
      double best = 0.0, eta = metrics::balanced_routing_options{}.step;
      for (std::uint64_t rounds = 1; rounds <= 3; ++rounds) {
        const double worst = brute_force_max_load(g, T, cap, w, load);
        if (rounds == 1 || worst < best) best = worst;
        else eta /= 2;
        metrics::balanced_routing_options o;
        o.max_rounds = rounds;
        const auto r = metrics::balanced_throughput_bound(g, T, o);
        CHECK(r.max_load == Approx(best).epsilon(1e-12));
        CHECK(r.value == Approx(1.0 / best).epsilon(1e-12));
        CHECK(r.rounds == rounds);
        double total = 0.0, capacity = 0.0;
        for (const auto& [a, c] : cap) {
          total += load[a];
          capacity += c;
        }
        for (const auto& [a, c] : cap) {
          y[a] = std::clamp(y[a] + eta * (load[a] / c / (total / capacity) - 1.0), -40.0, 40.0);
          w[a] = c * std::exp(-y[a]);
        }
      }
    }
  }
}

TEST_CASE("balanced routing: a lower bound, below the exact LP of the fixture graphs, improving on its first round") {
  for (const auto& fg : tf::load().graphs) {
    const auto n = fg.g.num_vertices();
    if (n < 3) continue;
    metrics::balanced_routing_options one;
    one.max_rounds = 1;
    const auto first = metrics::balanced_uniform_throughput_bound(fg.g, one);
    const auto r = metrics::balanced_uniform_throughput_bound(fg.g);
    CHECK(r.value <= fg.uniform * (1 + 1e-9));
    CHECK(r.value >= first.value);
    // every round, or stopped once stalled (below 0.1 % gained over `patience` rounds)
    CHECK(r.rounds >= 1);
    CHECK(r.rounds <= metrics::balanced_routing_default_rounds);
    if (r.rounds < metrics::balanced_routing_default_rounds) CHECK(r.algorithm.find("stalled") != std::string::npos);
    metrics::balanced_routing_options patient;
    patient.patience = 0;
    const auto all = metrics::balanced_uniform_throughput_bound(fg.g, patient);
    CHECK(all.rounds == metrics::balanced_routing_default_rounds);
    CHECK(all.value >= r.value);
    CHECK(r.method == "lower bound");
    // the uniform form and the matrix form are the same routing
    CHECK(metrics::balanced_throughput_bound(fg.g, metrics::uniform_traffic(n)).value == r.value);
    const auto p = metrics::balanced_throughput_bound(fg.g, metrics::permutation_traffic(n, fg.seed));
    CHECK(p.value <= fg.permutation * (1 + 1e-9));
  }
}

TEST_CASE("balanced routing: reaches 2m / sum d on Shiftfly's 72 groups, where the optimum is on shortest paths") {
  const auto g = topology::shiftfly_group_level(72);
  const double distance = metrics::throughput_distance_bound(g, metrics::uniform_traffic(72)).value;
  const double exact = shiftfly_72_exact();
  REQUIRE(exact == Approx(distance).epsilon(1e-7));  // the optimum meets the distance bound
  const auto ecmp = metrics::ecmp_uniform_throughput_bound(g);
  CHECK(ecmp.value < 0.95 * exact);  // the capacity split is not balanced
  const auto r = metrics::balanced_uniform_throughput_bound(g);
  CHECK(r.value <= exact * (1 + 1e-9));
  CHECK(r.value >= exact / 1.01);  // within 1 % in the default 40 rounds
  // `target` stops the rounds once reached
  metrics::balanced_routing_options o;
  o.target = exact / 1.05;
  const auto early = metrics::balanced_uniform_throughput_bound(g, o);
  CHECK(early.value >= o.target);
  CHECK(early.rounds < metrics::balanced_routing_default_rounds);
}

TEST_CASE("balanced routing: identical for any thread count") {
  const auto g = topology::boardfly_group_level(144);  // two blocks of sources
  std::vector<double> loads;
  for (unsigned t : {1u, 2u, 3u}) {
    metrics::balanced_routing_options o;
    o.threads = t;
    o.max_rounds = 5;
    loads.push_back(metrics::balanced_uniform_throughput_bound(g, o).max_load);
  }
  CHECK(std::memcmp(&loads[0], &loads[1], sizeof(double)) == 0);
  CHECK(std::memcmp(&loads[0], &loads[2], sizeof(double)) == 0);
}

TEST_CASE("balanced routing: an unreachable demand gives exactly 0; bad input is refused") {
  const auto two = tf::graph::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  const auto r = metrics::balanced_uniform_throughput_bound(two);
  CHECK(r.value == 0.0);
  CHECK(r.unreachable);
  CHECK(r.method == "exact");
  const auto g = tf::load().graphs.front().g;
  const auto refused = [&](auto set, const char* parameter) {
    metrics::balanced_routing_options o;
    set(o);
    try {
      (void)metrics::balanced_uniform_throughput_bound(g, o);
      FAIL("accepted a bad " << parameter);
    } catch (const core::invalid_parameter& e) {
      CHECK(std::string(e.what()).find(parameter) != std::string::npos);
    }
  };
  refused([](auto& o) { o.max_rounds = 0; }, "max_rounds");
  refused([](auto& o) { o.max_rounds = 100'001; }, "max_rounds");
  refused([](auto& o) { o.threads = 1025; }, "threads");
  refused([](auto& o) { o.target = -1; }, "target");
  refused([](auto& o) { o.target = INFINITY; }, "target");
  refused([](auto& o) { o.max_seconds = NAN; }, "max_seconds");
  refused([](auto& o) { o.step = 0; }, "step");
  refused([](auto& o) { o.step = 17; }, "step");
  refused([](auto& o) { o.patience = 1001; }, "patience");
  CHECK_THROWS_AS(metrics::balanced_throughput_bound(two, metrics::uniform_traffic(5)), core::invalid_parameter);
  const auto one = tf::graph::from_edges(1, std::vector<std::pair<std::uint32_t, std::uint32_t>>{});
  CHECK_THROWS_AS(metrics::balanced_uniform_throughput_bound(one), core::invalid_parameter);
}

TEST_CASE("measure_throughput: uniform intervals closed by the balanced routing, and without it the interval as before") {
  const auto g = topology::shiftfly_group_level(72);
  const double exact = shiftfly_72_exact();
  metrics::throughput_request q;
  q.symmetry = false;  // the interval, not the reduced LP
  q.epsilon = 0.02;
  q.threads = 2;
  std::uint64_t reported = 0;
  q.progress = [&](const metrics::throughput_mwu_progress& p) { reported = p.round; };
  const auto m = metrics::measure_throughput(g, q);
  CHECK(m.method == "interval");
  CHECK(m.converged);
  CHECK(m.lower_method.find("balanced shortest-path routing") != std::string::npos);
  CHECK(m.upper == m.distance_bound.value);
  CHECK(m.lower <= exact * (1 + 1e-9));
  CHECK(m.upper >= exact * (1 - 1e-9));
  CHECK(m.upper <= (1 + q.epsilon) * m.lower);
  CHECK(m.rounds == reported);
  q.balanced = false;
  q.epsilon = 0.2;
  const auto without = metrics::measure_throughput(g, q);
  CHECK(without.lower_method.find("balanced") == std::string::npos);
  CHECK(without.lower <= exact * (1 + 1e-9));
  CHECK(without.upper >= exact * (1 - 1e-9));
}

TEST_CASE("measure_throughput: a uniform interval's upper end is the METIS cut where that is below the distance bound") {
  // Boardfly's pods: the bisection between pods is far below the distance bound, and the
  // balanced routing comes within 5 % of that cut bound on its own. (The quotient by the two pods,
  // lifted through them, would answer exactly: metrics/flow/throughput_cluster_lift.hpp; left out.)
  const auto g = topology::boardfly_group_level(72);
  metrics::throughput_request q;
  q.symmetry = false;
  q.contracted_bound = false;
  q.epsilon = 0.05;
  q.threads = 2;
  const auto m = metrics::measure_throughput(g, q);
  const auto cut = metis_uniform_cut_bound(g);
  REQUIRE(cut.value < 0.8 * m.distance_bound.value);
  CHECK(m.upper == cut.value);
  CHECK(m.upper_method.find("METIS") != std::string::npos);
  CHECK(m.converged);
  CHECK(m.lower_method.find("balanced shortest-path routing") != std::string::npos);
  metrics::balanced_routing_options o;
  o.target = cut.value / (1 + q.epsilon);
  CHECK(m.lower == metrics::balanced_uniform_throughput_bound(g, o).value);  // the same rounds
  // without the cut bound: the distance bound is out of the balanced routing's reach, so the
  // phases follow, and the upper end is theirs or the distance bound
  q.cut_bound = false;
  q.epsilon = 0.3;
  const auto without = metrics::measure_throughput(g, q);
  CHECK(without.upper > cut.value);
  CHECK(without.upper_method.find("METIS") == std::string::npos);
  CHECK(without.lower <= without.upper);
}

TEST_CASE("measure_throughput: where the balanced routing stalls, the interval goes on and keeps the better lower end") {
  // A wheel: 120 rim vertices and a hub. The shortest paths of most pairs go through the hub,
  // so no split of them relieves its spokes; the optimum also uses the rim.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t i = 0; i < 120; ++i) {
    edges.push_back({i, (i + 1) % 120});
    edges.push_back({i, 120});
  }
  const auto g = tf::graph::from_edges(121, edges);
  metrics::throughput_request q;
  q.symmetry = false;
  q.epsilon = 0.1;
  q.threads = 2;
  const auto m = metrics::measure_throughput(g, q);
  const double upper = std::min(m.distance_bound.value, metis_uniform_cut_bound(g).value);
  metrics::balanced_routing_options o;
  o.target = upper / (1 + q.epsilon);
  const auto b = metrics::balanced_uniform_throughput_bound(g, o);
  REQUIRE(b.value * (1 + q.epsilon) < upper);  // the balanced routing did not close it
  CHECK(b.algorithm.find("stalled") != std::string::npos);
  CHECK(m.lower >= b.value);
  CHECK(m.lower <= m.upper);
  CHECK(m.upper <= upper);
  CHECK(m.rounds > b.rounds);
}

TEST_CASE("measure_throughput: asked for the exact value, the balanced routing run to the bound answers where it meets it") {
  metrics::throughput_request q;
  q.symmetry = false;
  q.column_generation = true;
  q.threads = 2;
  // Jellyfish (100, 8): θ* is the distance bound, and the routing's gap to it shrinks geometrically
  const auto met = topology::jellyfish<std::uint32_t>(100, 8, 1);
  const double exact = metrics::throughput_arc_generation(met, metrics::uniform_traffic(100), {}).value;
  const auto m = metrics::measure_throughput(met, q);
  CHECK(m.lp_variables > metrics::throughput_lp_max_variables);
  CHECK(m.status == metrics::throughput_status::exact);
  CHECK(m.answered_by == metrics::throughput_method::balanced_exact);
  CHECK(m.lower == m.upper);
  CHECK(m.upper == m.distance_bound.value);
  CHECK(std::fabs(m.lower - exact) <= 1e-7 * exact);
  CHECK(m.algorithm.find("meets") != std::string::npos);
  CHECK(m.rounds < metrics::throughput_balanced_exact_rounds);
  // Jellyfish (64, 12): θ* is below the distance bound (by 0.07 %, on longer paths), the shortest-path
  // routing stalls 23 % below it, its gap stops halving, and arc generation answers, exactly
  const auto below = topology::jellyfish<std::uint32_t>(64, 12, 1);
  const double lp = metrics::throughput_arc_generation(below, metrics::uniform_traffic(64), {}).value;
  const auto b = metrics::measure_throughput(below, q);
  CHECK(b.status == metrics::throughput_status::exact);
  CHECK(b.answered_by == metrics::throughput_method::arc_generation);
  CHECK(std::fabs(b.lower - lp) <= 1e-7 * lp);
  CHECK(b.upper < b.distance_bound.value * (1 - 1e-4));
}

TEST_CASE("balanced routing: gap_patience stops where the gap to the target stops halving") {
  const auto g = topology::jellyfish<std::uint32_t>(64, 12, 1);
  const auto T = metrics::uniform_traffic(64);
  metrics::balanced_routing_options o;
  o.threads = 1;
  o.target = metrics::throughput_distance_bound(g, T).value;
  o.max_rounds = 200;
  o.gap_patience = true;
  const auto stalled = metrics::balanced_throughput_bound(g, T, o);
  CHECK(stalled.algorithm.find("stalled") != std::string::npos);
  CHECK(stalled.rounds < 40);
  o.patience = 0;  // never stalls: every round
  const auto all = metrics::balanced_throughput_bound(g, T, o);
  CHECK(all.rounds == 200);
  CHECK(all.value >= stalled.value);
  // where the gap shrinks geometrically (Jellyfish (100, 8)), the gap rule runs on to the target
  const auto met = topology::jellyfish<std::uint32_t>(100, 8, 1);
  const auto Tm = metrics::uniform_traffic(100);
  metrics::balanced_routing_options e;
  e.threads = 1;
  e.target = metrics::throughput_distance_bound(met, Tm).value / (1 + 1e-7);
  e.max_rounds = 200;
  e.gap_patience = true;
  const auto reached = metrics::balanced_throughput_bound(met, Tm, e);
  CHECK(reached.value >= e.target);
  CHECK(reached.algorithm.find("stalled") == std::string::npos);
  e.gap_patience = false;  // the 0.1 % rule stops it long before
  CHECK(metrics::balanced_throughput_bound(met, Tm, e).value < e.target);
}

}  // namespace throughput_balanced_test
