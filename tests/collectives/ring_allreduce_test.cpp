// Tests for collectives/ring_allreduce.hpp: ring all-reduce over any cyclic
// order, 2(P-1) steps, 2D(P-1)/P elements per chip, unidirectional and bidirectional.
#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "contributions.hpp"
#include "shiftfly/collectives/ring_allreduce.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/torus_chips.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"

namespace ring_allreduce_test {

namespace sc = shiftfly::collectives;
using namespace test_support;

namespace {
// The cycle graph through `order` (chip order[i] joined to order[i+1]).
shiftfly::core::graph<std::uint32_t> cycle_through(const std::vector<std::uint32_t>& order) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::size_t i = 0; i < order.size(); ++i) e.emplace_back(order[i], order[(i + 1) % order.size()]);
  return shiftfly::core::graph<std::uint32_t>::from_edges(order.size(), e, "cycle");
}
}  // namespace

TEST_CASE("ring over a shuffled cyclic order: 2(P-1) steps, everyone ends with the sum", "[ring_allreduce]") {
  shiftfly::core::python_random rng(7);
  for (std::uint32_t P = 2; P <= 40; ++P) {
    std::vector<std::uint32_t> order(P);
    std::iota(order.begin(), order.end(), 0u);
    rng.shuffle(order);
    const auto links = cycle_through(order);
    for (std::uint64_t D : {std::uint64_t{P}, std::uint64_t{4} * P, std::uint64_t{P} + 3, std::uint64_t{1}}) {
      INFO("P=" << P << " D=" << D);
      const auto sched = sc::ring_allreduce(order, D);
      REQUIRE(sched.steps.size() == 2 * (P - 1));
      const auto r = sc::simulate(links, sched);
      REQUIRE(r.verified);
      REQUIRE(r.steps == 2 * (P - 1));
      if (D >= P) REQUIRE(r.messages == std::uint64_t{P} * 2 * (P - 1));
      if (D % P == 0)
        for (auto v : r.sent_per_chip) REQUIRE(v == 2 * D * (P - 1) / P);
      if (P <= 64) REQUIRE(all_complete(run_contributions(sched, sched.steps.size())));
      // Reduce-scatter leaves position i owning block (i + 1) mod P summed over all chips.
      if (D >= P) {
        const auto st = run_contributions(sched, P - 1);
        const std::uint64_t full = P == 64 ? ~0ull : (std::uint64_t{1} << P) - 1;
        for (std::uint32_t i = 0; i < P; ++i) {
          const auto b = sc::split_block({0, D}, P, (i + 1) % P);
          for (auto e = b.begin; e < b.end; ++e) REQUIRE(st.at(order[i], e) == full);
        }
      }
    }
  }
}

TEST_CASE("ring over the torus Hamiltonian cycle: 30 steps on 4x4, 510 on 16x16", "[ring_allreduce]") {
  const std::vector<std::uint64_t> a{4, 4}, b{16, 16};
  const auto ra = sc::simulate(sc::torus_links(a), sc::ring_allreduce_plan(sc::torus_ring_order(a), 16));
  REQUIRE(ra.steps == 30);
  REQUIRE(ra.messages == 480);
  REQUIRE(ra.max_sent_per_chip == 30);
  const auto rb = sc::simulate(sc::torus_links(b), sc::ring_allreduce_plan(sc::torus_ring_order(b), 256));
  REQUIRE(rb.steps == 510);
  REQUIRE(rb.max_sent_per_chip == 510);
}

TEST_CASE("ring on every small torus, both directions", "[ring_allreduce]") {
  for (const auto& dims : small_tori()) {
    const std::uint64_t P = product(dims);
    const auto links = sc::torus_links(dims);
    const auto order = sc::torus_ring_order(dims);
    INFO(sc::torus_dims_text(dims));
    const auto r = sc::simulate(links, sc::ring_allreduce_plan(order, 2 * P));
    REQUIRE(r.steps == 2 * (P - 1));
    for (auto v : r.sent_per_chip) REQUIRE(v == 4 * (P - 1));
    const auto bi = sc::simulate(links, sc::ring_allreduce_plan(order, 2 * P, true));
    REQUIRE(bi.steps == 2 * (P - 1));
    REQUIRE(bi.max_messages_per_step == 2 * P);
    for (auto v : bi.sent_per_chip) REQUIRE(v == 4 * (P - 1));
    REQUIRE(2 * bi.critical_path_elements == r.critical_path_elements);
  }
}

TEST_CASE("ring_allreduce validates the order", "[ring_allreduce]") {
  REQUIRE_THROWS_AS(sc::ring_allreduce_plan({0}, 4), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::ring_allreduce_plan({}, 4), std::invalid_argument);
  REQUIRE_THROWS_WITH(sc::ring_allreduce_plan({0, 1, 1}, 4), Catch::Contains("repeats a chip"));
  REQUIRE_THROWS_WITH(sc::ring_allreduce_plan({0, 1, 3}, 4), Catch::Contains("is not a chip"));
  REQUIRE_THROWS_AS(sc::ring_allreduce_plan({0, 1, 2}, 0), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::ring_allreduce_plan({0, 1}, 4, true), std::invalid_argument);
  REQUIRE_NOTHROW(sc::ring_allreduce_plan({1, 0}, 4));
}

}  // namespace ring_allreduce_test
