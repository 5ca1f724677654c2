// Tests of metrics/flow/throughput_contracted.hpp: the contracted bound is at least the exact LP's
// θ (two cliques joined by two links, where it is the cut's 2/25 within its interval; Jellyfish and
// Shiftfly's group level under several partitions); parallel links between parts add capacity
// (a quotient that merged them would bound the two cliques by 1/25, below θ); one vertex a part
// gives the graph's own interval; measure_throughput takes the quotient by the structural clusters
// as a uniform interval's upper end where it is the lowest (three cliques in a row, against arc
// generation's exact θ); a bad partition is refused naming part_of.
#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_arc_generation.hpp"
#include "shiftfly/metrics/flow/throughput_contracted.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace throughput_contracted_test {

using namespace shiftfly;
using graph = core::graph<std::uint32_t>;

/// Two cliques K5 (vertices 0-4 and 5-9) joined by the links 0-5 and 1-6.
inline graph two_cliques() {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t base : {0U, 5U})
    for (std::uint32_t a = 0; a < 5; ++a)
      for (std::uint32_t b = a + 1; b < 5; ++b) e.push_back({base + a, base + b});
  e.push_back({0, 5});
  e.push_back({1, 6});
  return graph::from_edges(10, std::span<const std::pair<std::uint32_t, std::uint32_t>>(e), "two cliques");
}

TEST_CASE("contracted bound: the two cliques' cut, and never below the exact LP") {
  const auto g = two_cliques();
  const double exact = metrics::throughput_lp(g, metrics::uniform_traffic(10)).value;
  const std::vector<std::uint32_t> halves{0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
  metrics::contracted_bound_options o;
  o.epsilon = 0.01;
  o.threads = 1;
  const auto r = metrics::contracted_uniform_upper_bound(g, halves, o);
  CHECK(r.parts == 2);
  CHECK(r.links_between == 2);
  // the quotient: two arcs each way, 25 units each way: θ = 2/25, which the interval holds
  CHECK(r.quotient.lower <= 2.0 / 25 * (1 + 1e-9));
  CHECK(r.upper >= 2.0 / 25 * (1 - 1e-9));
  CHECK(r.upper <= 2.0 / 25 * (1 + o.epsilon) * (1 + 1e-9));
  CHECK(r.upper >= exact * (1 - 1e-9));
  CHECK(r.algorithm.find("2 parts") != std::string::npos);
}

TEST_CASE("contracted bound: at least the exact LP under every partition tried") {
  metrics::contracted_bound_options o;
  o.epsilon = 0.05;
  o.threads = 2;
  for (const auto& g : {topology::jellyfish<std::uint32_t>(24, 5, 1), topology::shiftfly_group_level(20, 8)}) {
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    const double exact = metrics::throughput_lp(g, metrics::uniform_traffic(n)).value;
    for (const std::uint32_t k : {2U, 3U, 5U, n}) {
      INFO(g.name() << ", " << k << " parts of consecutive vertices");
      std::vector<std::uint32_t> part(n);
      for (std::uint32_t v = 0; v < n; ++v) part[v] = static_cast<std::uint32_t>(std::uint64_t{v} * k / n);
      const auto r = metrics::contracted_uniform_upper_bound(g, part, o);
      CHECK(r.parts == k);
      CHECK(r.upper >= exact * (1 - 1e-9));
      if (k == n) {  // one vertex a part: the graph's own interval, which holds the exact value
        CHECK(r.quotient.lower <= exact * (1 + 1e-9));
      }
    }
  }
}

/// Three cliques K17 in a row (vertices 0-16, 17-33, 34-50), each joined to the next by two links;
/// `complete` false leaves out the link 0-1 of each (the parts are then no cliques, and the quotient's
/// lift, metrics/flow/throughput_cluster_lift.hpp, does not apply).
inline graph three_cliques_in_a_row(bool complete = true) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t base : {0U, 17U, 34U})
    for (std::uint32_t a = 0; a < 17; ++a)
      for (std::uint32_t b = a + 1; b < 17; ++b)
        if (complete || a != 0 || b != 1) e.push_back({base + a, base + b});
  for (std::uint32_t base : {0U, 17U}) {
    e.push_back({base + 15, base + 17});
    e.push_back({base + 16, base + 18});
  }
  return graph::from_edges(51, std::span<const std::pair<std::uint32_t, std::uint32_t>>(e), "three cliques in a row");
}

TEST_CASE("measure_throughput: the quotient by the structural clusters tightens a uniform interval's upper end") {
  // Above the edge LP's limit (51 sources x 824 arcs). The middle clique's two links each way
  // carry 17·17 pairs from an end clique and 17·17 to the other: θ ≤ 2/578, where any bisection
  // must split a clique (its cut bound about 0.11) and the distance bound is far above too. One link
  // left out of each clique keeps the lift (which needs cliques) from answering exactly; with the
  // cliques complete it does, at arc generation's θ.
  const auto g = three_cliques_in_a_row(false);
  const double exact = metrics::throughput_arc_generation(g, metrics::uniform_traffic(51), {}).value;
  CHECK(exact <= 2.0 / 578 * (1 + 1e-9));
  metrics::throughput_request q;
  q.symmetry = false;
  q.epsilon = 0.05;
  q.threads = 2;
  const auto m = metrics::measure_throughput(g, q);
  CHECK(m.lp_variables > metrics::throughput_lp_max_variables);
  CHECK(m.upper_method.find("contracted bound") != std::string::npos);
  CHECK(m.upper_method.find("3 parts") != std::string::npos);
  CHECK(m.upper >= exact * (1 - 1e-9));
  CHECK(m.upper <= 2.0 / 578 * (1 + q.epsilon / 2) * (1 + 1e-9));  // the quotient's interval at ε/2
  CHECK(m.lower <= exact * (1 + 1e-9));
  CHECK(m.upper < 0.5 * metrics::detail::uniform_metis_cut_bound(g).value);
  q.contracted_bound = false;
  const auto without = metrics::measure_throughput(g, q);
  CHECK(without.upper_method.find("contracted") == std::string::npos);
  CHECK(without.upper >= exact * (1 - 1e-9));
  const auto complete = three_cliques_in_a_row(true);
  q.contracted_bound = true;
  const auto lifted = metrics::measure_throughput(complete, q);
  CHECK(lifted.answered_by == metrics::throughput_method::cluster_lift);
  CHECK(lifted.lower == Approx(metrics::throughput_arc_generation(complete, metrics::uniform_traffic(51), {}).value).epsilon(1e-7));
}

TEST_CASE("contracted bound: a bad partition is refused, naming part_of") {
  const auto g = two_cliques();
  const std::vector<std::uint32_t> short_one(9, 0), one_part(10, 0);
  std::vector<std::uint32_t> gap{0, 0, 0, 0, 0, 2, 2, 2, 2, 2};
  CHECK_THROWS_WITH(metrics::contracted_uniform_upper_bound(g, short_one),
                    Catch::Contains("part_of") && Catch::Contains("9 entries"));
  CHECK_THROWS_WITH(metrics::contracted_uniform_upper_bound(g, one_part),
                    Catch::Contains("part_of") && Catch::Contains("at least 2 parts"));
  CHECK_THROWS_WITH(metrics::contracted_uniform_upper_bound(g, gap),
                    Catch::Contains("part_of") && Catch::Contains("part 1") && Catch::Contains("is empty"));
  metrics::contracted_bound_options bad;
  bad.epsilon = 2;
  CHECK_THROWS_WITH(metrics::contracted_uniform_upper_bound(g, std::vector<std::uint32_t>{0, 0, 0, 0, 0, 1, 1, 1, 1, 1}, bad),
                    Catch::Contains("epsilon"));
}

}  // namespace throughput_contracted_test
