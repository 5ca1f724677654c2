// Tests for collectives/simulator.hpp: it accepts correct schedules, counts what
// they send, and rejects broken ones with one line naming the fault.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/ring_allreduce.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/collectives/torus_chips.hpp"

namespace simulator_test {

namespace sc = shiftfly::collectives;
using Catch::Contains;

namespace {
const std::vector<std::uint64_t> dims44{4, 4};

void require_one_line_rejection(const shiftfly::core::graph<std::uint32_t>& g, const sc::schedule& s,
                                const std::string& needle) {
  try {
    sc::simulate(g, s);
    FAIL("the broken schedule was accepted");
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    INFO(what);
    REQUIRE(what.find('\n') == std::string::npos);
    REQUIRE(what.rfind("simulate: ", 0) == 0);
    REQUIRE_THAT(what, Contains(needle));
  }
}
}  // namespace

TEST_CASE("a message to a chip that is not a neighbour is rejected", "[simulator]") {
  const auto g = sc::torus_links(dims44);
  auto s = sc::torus_allreduce(dims44, 16);
  s.steps[3][5].dst = (s.steps[3][5].src + 2) % 16;  // two hops along x
  require_one_line_rejection(g, s, "are not joined by a link");
  require_one_line_rejection(g, s, "step 3, message 5");
}

TEST_CASE("two messages on one link in one direction in one step are rejected", "[simulator]") {
  const auto g = sc::torus_links(dims44);
  auto s = sc::torus_allreduce(dims44, 16);
  auto extra = s.steps[0][0];
  extra.begin = extra.end == 16 ? 0 : extra.end;  // a different block on the same link
  extra.end = extra.begin + 1;
  s.steps[0].push_back(extra);
  require_one_line_rejection(g, s, "already carries message 0");
}

TEST_CASE("the same link used both ways in one step is fine", "[simulator]") {
  // Two chips exchange their whole vectors and add: with staged payloads both end
  // with the sum (applying the messages one after the other would double-count).
  const std::vector<std::uint64_t> d{2};
  sc::schedule s{"exchange", 2, 5, {{{0, 1, 0, 5, sc::message_op::reduce}, {1, 0, 0, 5, sc::message_op::reduce}}}};
  const auto r = sc::simulate(sc::torus_links(d), s);
  REQUIRE(r.verified);
  REQUIRE(r.steps == 1);
  REQUIRE(r.messages == 2);
  REQUIRE(r.sent_per_chip == std::vector<std::uint64_t>{5, 5});
  REQUIRE(r.critical_path_elements == 5);
}

TEST_CASE("a dropped message, a copy for a reduce, a missing step: the sum check fails", "[simulator]") {
  const auto g = sc::torus_links(dims44);
  auto dropped = sc::torus_allreduce(dims44, 16);
  dropped.steps[1].erase(dropped.steps[1].begin() + 2);
  require_one_line_rejection(g, dropped, "not the sum");
  auto copied = sc::torus_allreduce(dims44, 16);
  copied.steps[0][4].op = sc::message_op::copy;
  require_one_line_rejection(g, copied, "not the sum");
  auto reduced = sc::torus_allreduce(dims44, 16);
  reduced.steps.back()[7].op = sc::message_op::reduce;  // an all-gather message that adds
  require_one_line_rejection(g, reduced, "not the sum");
  auto short_s = sc::torus_allreduce(dims44, 16);
  short_s.steps.pop_back();
  require_one_line_rejection(g, short_s, "after 11 steps");
}

TEST_CASE("bad chips, blocks and sizes are rejected", "[simulator]") {
  const auto g = sc::torus_links(dims44);
  auto bad_chip = sc::torus_allreduce(dims44, 16);
  bad_chip.steps[0][0].dst = 16;
  require_one_line_rejection(g, bad_chip, "chip ids must be below 16");
  auto bad_block = sc::torus_allreduce(dims44, 16);
  bad_block.steps[2][1].end = 17;
  require_one_line_rejection(g, bad_block, "is not inside 0..16");
  auto reversed = sc::torus_allreduce(dims44, 16);
  reversed.steps[2][1].begin = reversed.steps[2][1].end + 1;
  require_one_line_rejection(g, reversed, "is not inside");
  const std::vector<std::uint64_t> d3{3, 3};
  require_one_line_rejection(sc::torus_links(d3), sc::torus_allreduce(dims44, 16), "has 16 chips but the graph");
  sc::schedule empty{"empty", 16, 0, {}};
  REQUIRE_THROWS_AS(sc::simulate(g, empty), std::invalid_argument);
}

TEST_CASE("a ring whose order skips across the torus is rejected", "[simulator]") {
  // 0,1,2,...,15 in numbering order: chip 3 -> chip 4 is not a link of the 4x4 torus.
  std::vector<std::uint32_t> order(16);
  for (std::uint32_t i = 0; i < 16; ++i) order[i] = i;
  require_one_line_rejection(sc::torus_links(dims44), sc::ring_allreduce(order, 16), "chips 3 and 4 are not joined");
}

TEST_CASE("limits refuse a simulation before it allocates, with an estimate", "[simulator]") {
  const auto g = sc::torus_links(dims44);
  sc::simulation_limits tiny;
  tiny.max_bytes = 1024;
  REQUIRE_THROWS_WITH(sc::simulate(g, sc::torus_allreduce_plan(dims44, 1000), tiny), Contains("needs about"));
  sc::simulation_limits few;
  few.max_messages = 100;
  REQUIRE_THROWS_WITH(sc::simulate(g, sc::torus_allreduce_plan(dims44, 16), few), Contains("more than 100 messages"));
  REQUIRE_THROWS_AS(sc::simulation_bytes(1ull << 40, 1ull << 40, 0), std::invalid_argument);
}

}  // namespace simulator_test
