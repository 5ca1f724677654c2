// Tests of the throughput metrics at every magnitude of demand: θ(c·T) = θ(T)/c for c from
// 1e-300 to 1e300 (the LP and the interval solve T scaled by a power of two), the demand range
// rules of metrics/flow/traffic.hpp, the LP's two certificates, the interval's converged flag and
// width, the ε floor and the cost model (metrics/flow/throughput_mwu.hpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/torus.hpp"
#include "throughput_fixture.hpp"

namespace throughput_scale_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

namespace {
metrics::traffic_matrix matrix(std::uint64_t n, std::vector<metrics::traffic_entry> e) {
  return metrics::traffic_matrix::from_entries(n, std::move(e));
}

metrics::traffic_matrix times(const metrics::traffic_matrix& T, double c) {
  auto e = T.entries();
  for (auto& x : e) x.demand *= c;
  return metrics::traffic_matrix::from_entries(T.n(), std::move(e));
}

// a random matrix on n vertices: about a third of the pairs, demands log-uniform in [1, spread]
metrics::traffic_matrix random_matrix(std::uint64_t n, double spread, std::uint64_t seed) {
  core::python_random rng(seed);
  std::vector<metrics::traffic_entry> e;
  for (std::uint64_t s = 0; s < n; ++s)
    for (std::uint64_t t = 0; t < n; ++t)
      if (s != t && rng.random() < 0.3) e.push_back({s, t, std::pow(spread, rng.random())});
  if (e.empty()) e.push_back({0, 1, 1.0});
  return metrics::traffic_matrix::from_entries(n, std::move(e));
}

std::string refusal(const auto& f) {
  try {
    (void)f();
  } catch (const core::invalid_parameter& e) {
    return e.what();
  }
  return "";
}

double relative(double a, double b) { return std::fabs(a - b) / std::fabs(b); }
}  // namespace

TEST_CASE("throughput scale: one pair on the 3x3 torus at every magnitude (exact LP)") {
  // one unit between neighbours: 4 edge-disjoint paths, θ = 4; θ(d) = 4/d for any demand d
  const auto g = topology::torus({3, 3});
  for (double d : {1.0, 1e9, 1e11, 1e13, 1e15, 1e100, 1e300, 1e305, 1e308, 1e-9, 1e-200, 1e-300, 3e-307}) {
    INFO("demand " << d);
    const auto r = metrics::throughput_lp(g, matrix(9, {{0, 1, d}}));
    CHECK(relative(r.value, 4.0 / d) <= 1e-12);
    CHECK(r.lower_certificate <= r.value);
    CHECK(r.value <= r.dual_bound * (1 + 1e-12));  // rounded sums: within 1e-12
    CHECK(r.dual_bound <= r.value * (1 + metrics::throughput_lp_tolerance));
  }
  // was 2e-11 labelled exact (an unscaled LP that CLP left suboptimal)
  CHECK(relative(metrics::throughput_lp(g, matrix(9, {{0, 1, 1e11}})).value, 4e-11) <= 1e-12);
}

TEST_CASE("throughput scale: theta(cT) = theta(T)/c from 1e-300 to 1e300 on small graphs (exact LP)") {
  std::vector<core::graph<std::uint32_t>> graphs{topology::torus({3, 3}), tf::petersen(), topology::jellyfish(16, 3, 2)};
  const auto& fixture = tf::load();
  graphs.push_back(fixture.graphs.at(3).g);
  for (const auto& g : graphs) {
    const auto n = g.num_vertices();
    for (const auto& T : {metrics::uniform_traffic(n), metrics::permutation_traffic(n, 5), random_matrix(n, 1e6, n)}) {
      const double base = metrics::throughput_lp(g, T).value;
      REQUIRE(base > 0);
      for (double c : {1e-300, 1e-200, 7.3e-101, 1e-9, 0.37, 3.0, 1e9, 2.9e77, 1e200, 1e300}) {
        INFO(g.name() << " " << T.name() << " c = " << c);
        CHECK(relative(metrics::throughput_lp(g, times(T, c)).value * c, base) <= 1e-9);
      }
    }
  }
}

TEST_CASE("throughput scale: mixed magnitudes up to 1e12 apart are solved and certified") {
  const auto g = topology::torus({3, 3});
  // 1e9 and 1: the small pair cannot bind (its θ·1 is far below its 4 paths), so
  // θ ∈ [1 / (1/θ_big + 1/θ_small), θ_big] with θ_big = 4e-9, θ_small = θ of (2, 3) alone
  const double small = metrics::throughput_lp(g, matrix(9, {{2, 3, 1.0}})).value;
  const double mixed = metrics::throughput_lp(g, matrix(9, {{0, 1, 1e9}, {2, 3, 1.0}})).value;
  CHECK(mixed <= 4e-9 * (1 + 1e-12));
  CHECK(mixed >= 1.0 / (1.0 / 4e-9 + 1.0 / small) * (1 - 1e-12));
  // random spreads: every run is certified and the identity holds
  for (double spread : {1e3, 1e6, 1e9, 1e12}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const auto jg = topology::jellyfish(16, 3, seed);
      auto e = random_matrix(16, spread, seed).entries();
      e.push_back({15, 14, spread});
      e.push_back({14, 15, 1.0});
      std::sort(e.begin(), e.end(), [](auto& a, auto& b) { return a.source != b.source ? a.source < b.source : a.target < b.target; });
      e.erase(std::unique(e.begin(), e.end(), [](auto& a, auto& b) { return a.source == b.source && a.target == b.target; }),
              e.end());
      const auto T = matrix(16, e);
      INFO("spread " << spread << " seed " << seed);
      const auto a = metrics::throughput_lp(jg, T);
      const auto b = metrics::throughput_lp(jg, times(T, 3.7));
      CHECK(a.lower_certificate <= a.value);
      CHECK(a.value <= a.dual_bound * (1 + 1e-12));
      CHECK(relative(b.value * 3.7, a.value) <= 1e-9);
    }
  }
}

TEST_CASE("throughput scale: the demand range rules") {
  const auto g = topology::torus({3, 3});
  // more than 1e12 apart: refused in one line with the rule (was exactly 0 at 1e15 and 1)
  for (double big : {1e13, 1e15, 1e308}) {
    const auto w = refusal([&] { return metrics::throughput_lp(g, matrix(9, {{0, 1, big}, {2, 3, 1.0}})); });
    INFO(w);
    CHECK(w.find("the largest demand at most 1e12 times the smallest") != std::string::npos);
    CHECK(w.find('\n') == std::string::npos);
    CHECK(refusal([&] { return metrics::throughput_mwu(g, matrix(9, {{0, 1, big}, {2, 3, 1.0}})); }) != "");
  }
  CHECK(refusal([&] { return metrics::throughput_lp(g, matrix(9, {{0, 1, 1e12}, {2, 3, 1.0}})); }) == "");
  // subnormal demands: refused by the matrix itself
  for (double tiny : {4.9e-324, 1e-310, 2.2e-308}) {
    const auto w = refusal([&] { return matrix(9, {{0, 1, tiny}}); });
    CHECK(w.find("2.2250738585072014e-308 to 1.7976931348623157e308") != std::string::npos);
  }
  CHECK(refusal([&] { return matrix(9, {{0, 1, std::numeric_limits<double>::min()}}); }) == "");
  // a throughput outside the normal doubles: refused, not rounded to 0 or infinity
  const auto under = refusal([&] { return metrics::throughput_lp(g, matrix(9, {{0, 1, 1e308}, {1, 0, 1e308}, {0, 2, 1e308}, {2, 0, 1e308}, {0, 3, 1e308}, {0, 4, 1e308}, {0, 5, 1e308}, {0, 6, 1e308}})); });
  CHECK(under.find("outside the normal doubles") != std::string::npos);
  const auto over = refusal([&] { return metrics::throughput_lp(g, matrix(9, {{0, 1, std::numeric_limits<double>::min()}})); });
  CHECK(over.find("outside the normal doubles") != std::string::npos);
}

TEST_CASE("throughput scale: the total demand never overflows") {
  const auto T = times(metrics::uniform_traffic(120), 1e305);
  CHECK(std::isinf(T.total_demand()));
  CHECK(std::fabs(T.total_demand_log10() - (305 + std::log10(120.0 * 119))) <= 1e-9);
  CHECK(T.demand_exponent() == std::ilogb(1e305));
  CHECK(T.scaled(T.demand_exponent()).max_demand() == std::ldexp(1e305, -std::ilogb(1e305)));
  const auto U = metrics::uniform_traffic(120);
  CHECK(U.total_demand() == 120.0 * 119);
  CHECK(U.demand_exponent() == 0);
}

TEST_CASE("throughput scale: the interval at 1e305 a pair is the interval at 1 scaled back") {
  // every demand 1e305 on a Jellyfish: the interval was [0, 0] (Σ T·d overflowed); a power-of-two
  // multiple of T gives the bit-identical scaled problem, so the same interval times 2^-k
  const auto g = topology::jellyfish(120, 4, 1);
  const double c = std::ldexp(1.0, 1013);  // about 1.1e305
  const auto base = metrics::throughput_mwu(g, metrics::uniform_traffic(120));
  const auto big = metrics::throughput_mwu(g, times(metrics::uniform_traffic(120), c));
  CHECK(big.lower == std::ldexp(base.lower, -1013));
  CHECK(big.upper == std::ldexp(base.upper, -1013));
  CHECK(big.rounds == base.rounds);
  CHECK(big.converged);
  CHECK(big.lower > 8e-308);
  const auto ten = metrics::throughput_mwu(g, times(metrics::uniform_traffic(120), 1e305));
  CHECK(ten.lower * 1e305 >= base.lower * (1 - 1e-3));
  CHECK(ten.lower <= 8.8e-308);
  CHECK(ten.upper >= 8.6e-308);
}

TEST_CASE("throughput scale: an interval cut short says so, with its width") {
  const auto g = topology::boardfly_group_level(40);
  metrics::throughput_mwu_options o;
  o.epsilon = 0.05;
  o.max_rounds = 50;
  const auto r = metrics::throughput_mwu(g, metrics::uniform_traffic(40), o);
  CHECK(r.rounds == 50);
  CHECK(r.round_limit == 50);
  CHECK_FALSE(r.converged);
  CHECK(r.width > 0.05);
  CHECK(std::fabs(r.width - (r.upper / r.lower - 1)) <= 1e-12);
  CHECK(r.lower <= r.upper);
  // a converged interval: width within epsilon
  o.max_rounds = 10000;
  const auto c = metrics::throughput_mwu(topology::jellyfish(60, 4, 1), metrics::uniform_traffic(60), o);
  CHECK(c.converged);
  CHECK(c.width <= 0.05 * (1 + 1e-12));
}

TEST_CASE("throughput scale: the epsilon floor and the cost model") {
  const auto g = topology::jellyfish(60, 4, 1);
  metrics::throughput_mwu_options o;
  for (double eps : {1e-12, 1e-6, 9.99e-4}) {
    o.epsilon = eps;
    CHECK(refusal([&] { return metrics::throughput_mwu(g, metrics::uniform_traffic(60), o); })
              .find("0.001 to below 1") != std::string::npos);
  }
  // the estimate: K·(arcs + n·log2 n) units a round, ⌈ε^-2⌉ rounds (at most max_rounds)
  const auto c = metrics::estimate_throughput_mwu_cost(10000, 40000, 9999, 0.05, 10000);
  CHECK(c.units_per_round == 9999.0 * (40000 + 10000 * 14));
  CHECK(c.rounds == 400);
  CHECK(c.seconds == c.units_per_round * 400 / metrics::throughput_mwu_units_per_second);
  CHECK(metrics::estimate_throughput_mwu_cost(100, 400, 100, 0.001, 10000).rounds == 10000);
  // refused up front when over max_seconds: permutation traffic on a 100x100 torus (had done one
  // round after 125 s); the line carries the estimate
  const auto torus = topology::torus({100, 100});
  o.epsilon = 0.05;
  o.max_seconds = 60;
  const auto w = refusal([&] { return metrics::throughput_mwu(torus, metrics::permutation_traffic(10000, 1), o); });
  INFO(w);
  CHECK(w.find("max_seconds = 60 is below the estimated") != std::string::npos);
  CHECK(w.find("400 rounds") != std::string::npos);
  // the whole run's estimate refuses nothing: Shiftfly of 2,304 groups (91,740 arcs), estimated at
  // ⌈0.05^-2⌉ = 400 rounds (about 3,700 s at 3·10^7 units a second), converges in 15; its first 2
  // rounds fit in 60 s, so it runs, limited to the 6 rounds that fit by the model
  CHECK(metrics::require_throughput_mwu_within("t", 2304, 91740, 2304, 0.05, 10000, 60) == 6);
  const auto whole = metrics::estimate_throughput_mwu_cost(2304, 91740, 2304, 0.05, 10000);
  CHECK(whole.rounds == 400);
  CHECK(whole.seconds == Approx(2304.0 * (91740.0 + 2304.0 * 12.0) * 400.0 / metrics::throughput_mwu_units_per_second));
  // refused only when the first 2 rounds do not fit: the 100x100 torus's are 120 s
  CHECK(refusal([&] {
          return metrics::require_throughput_mwu_within("t", 10000, 40000, 10000, 0.05, 10000, 119);
        }).find("of the first 2 rounds") != std::string::npos);
  CHECK(metrics::require_throughput_mwu_within("t", 10000, 40000, 10000, 0.05, 10000, 121) == 2);
  // the thread count is checked as every other kernel's (0 to 1024)
  {
    metrics::throughput_request bad;
    bad.threads = 2000;
    CHECK(refusal([&] { return metrics::measure_throughput(topology::torus({4, 4}), bad); }).find("threads = 2000") !=
          std::string::npos);
  }
  // within max_seconds, the rounds are limited to those that fit
  o.max_seconds = 1;
  const auto fit = metrics::throughput_mwu(g, metrics::uniform_traffic(60), o);
  const auto cost = metrics::estimate_throughput_mwu_cost(60, 2 * g.num_edges(), 60, 0.05, 10000);
  CHECK(fit.round_limit == static_cast<std::uint64_t>(std::floor(metrics::throughput_mwu_units_per_second / cost.units_per_round)));
  CHECK(fit.estimated_seconds == cost.seconds);
  // the same refusal before any traffic is built (every vertex counted as a source)
  metrics::throughput_request req;
  req.pattern = metrics::traffic_pattern::permutation;
  req.max_seconds = 60;
  CHECK(refusal([&] {
          metrics::require_throughput_within(torus, req);
          return 0;
        }).find("max_seconds = 60 is below the estimated") != std::string::npos);
  req.max_seconds = 0;  // no limit
  CHECK(refusal([&] {
          metrics::require_throughput_within(torus, req);
          return 0;
        }) == "");
  req.max_seconds = 60;  // a graph the LP takes passes
  CHECK(refusal([&] {
          metrics::require_throughput_within(topology::torus({4, 4}), req);
          return 0;
        }) == "");
}

TEST_CASE("throughput scale: the LP's certificates may cross by rounding only (traffic harness regression)") {
  // a ring of 8 with chords (v, v + 2): the flow's bound came out one ulp above the dual bound
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t v = 0; v < 8; ++v) {
    e.push_back({v, (v + 1) % 8});
    e.push_back({v, (v + 2) % 8});
  }
  const auto g = core::graph<std::uint32_t>::from_edges(8, e);
  const auto r = metrics::throughput_lp(g, matrix(8, {{1, 2, 3.0}, {4, 5, 0.25}, {3, 0, 9.5e3}}));
  CHECK(r.lower_certificate <= r.value);
  CHECK(r.value <= r.dual_bound * (1 + 1e-12));
  CHECK(relative(r.value, 4.0 / 9.5e3) <= 1e-12);  // the 9,500 pair's 4 disjoint paths bind
}

// θ = 4e307 is a normal double, but the distance bound 36 / 1e-307 = 3.6e308 is not: the bound is
// +inf (still a bound), and the exact LP answers. The neighbours: θ past the largest double (a
// demand of the least normal double) and a subnormal demand are refused in one line.
TEST_CASE("throughput scale: a normal theta whose distance bound overflows is answered", "[metrics][throughput]") {
  const auto g = topology::torus({3, 3});
  const auto tiny = matrix(9, {{0, 1, 1e-307}});
  const auto b = metrics::throughput_distance_bound(g, tiny);
  CHECK(std::isinf(b.value));
  CHECK(std::isinf(b.total_distance) == false);
  metrics::throughput_request r;
  r.pattern = metrics::traffic_pattern::file;
  r.matrix = tiny;
  const auto m = metrics::measure_throughput(g, r);
  CHECK(m.method == "exact");
  CHECK(relative(m.lower, 4e307) <= 1e-12);  // four disjoint paths from 0 to 1 of capacity 1 each
  CHECK(m.upper == m.lower);
  // 2.5e-308: θ = 1.6e308, still normal
  r.matrix = matrix(9, {{0, 1, 2.5e-308}});
  CHECK(relative(metrics::measure_throughput(g, r).lower, 4 / 2.5e-308) <= 1e-12);
  // the least normal demand: θ = 2^1024, past the largest double: refused, one line
  r.matrix = matrix(9, {{0, 1, std::numeric_limits<double>::min()}});
  const auto over = refusal([&] { return metrics::measure_throughput(g, r); });
  CHECK(over.find("outside the normal doubles") != std::string::npos);
  CHECK(over.find('\n') == std::string::npos);
  // a huge demand: θ = 4e-308, normal; the bound 3.6e-307 finite
  r.matrix = matrix(9, {{0, 1, 1e308}});
  CHECK(relative(metrics::measure_throughput(g, r).lower, 4e-308) <= 1e-12);
}

}  // namespace throughput_scale_test
