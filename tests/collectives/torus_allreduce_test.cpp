// Tests for collectives/torus_allreduce.hpp: the TPU explainer's dimension-ordered
// all-reduce, run on data by the simulator and on contribution sets by an
// independent verifier, on every torus 2x2..6x6 and 2x2x2..4x4x4.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "contributions.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/collectives/torus_chips.hpp"

namespace torus_allreduce_test {

namespace sc = shiftfly::collectives;
using namespace test_support;

namespace {
std::uint64_t torus_steps(const std::vector<std::uint64_t>& dims) {
  std::uint64_t s = 0;
  for (auto k : dims) s += 2 * (k - 1);
  return s;
}
}  // namespace

TEST_CASE("every small torus: every chip ends with the sum, every message goes to a neighbour", "[torus_allreduce]") {
  for (const auto& dims : small_tori()) {
    const std::uint64_t P = product(dims);
    const auto links = sc::torus_links(dims);
    // D divisible by P, D not divisible by P, and D smaller than P (some blocks empty).
    for (std::uint64_t D : {P, 3 * P, P + 5, std::uint64_t{3}}) {
      INFO(sc::torus_dims_text(dims) << " D=" << D);
      const auto sched = sc::torus_allreduce(dims, D);
      REQUIRE(sched.steps.size() == torus_steps(dims));
      for (const auto& st : sched.steps)
        for (const auto& m : st) REQUIRE(torus_neighbours(m.src, m.dst, dims));
      const auto r = sc::simulate(links, sched);
      REQUIRE(r.verified);
      REQUIRE(r.steps == torus_steps(dims));
      if (P <= 64) REQUIRE(all_complete(run_contributions(sched, sched.steps.size())));
      if (D >= P) REQUIRE(r.messages == P * torus_steps(dims));
      if (D % P == 0) {
        // Volume per chip exactly 2D(P-1)/P, on every chip.
        for (auto v : r.sent_per_chip) REQUIRE(v == 2 * D * (P - 1) / P);
        REQUIRE(2 * D * (P - 1) % P == 0);
      }
    }
  }
}

TEST_CASE("the lazy plan and the materialised schedule agree", "[torus_allreduce]") {
  const std::vector<std::uint64_t> dims{3, 4, 2};
  const auto plan = sc::torus_allreduce_plan(dims, 50);
  const auto sched = sc::torus_allreduce(dims, 50);
  REQUIRE(plan.num_steps() == sched.steps.size());
  sc::step buf;
  for (std::uint64_t s = 0; s < plan.num_steps(); ++s) {
    plan.fill_step(s, buf);
    REQUIRE(buf == sched.steps[s]);
  }
  REQUIRE_THROWS_AS(plan.fill_step(plan.num_steps(), buf), std::invalid_argument);
}

TEST_CASE("reduce-scatter along x follows the explainer's induction", "[torus_allreduce]") {
  // In step s chip x sends block (x - s) mod X to x + 1; after step s its block
  // (x - s - 1) mod X holds the sum of the s + 2 chips x - s - 1 .. x of its row.
  for (std::uint64_t X : {2, 3, 4, 5}) {
    for (std::uint64_t Y : {2, 3, 4}) {
      const std::vector<std::uint64_t> dims{X, Y};
      const std::uint64_t D = X * Y * 2;
      const auto sched = sc::torus_allreduce(dims, D);
      for (std::uint64_t s = 0; s + 1 < X; ++s) {
        for (const auto& m : sched.steps[s]) {
          const auto c = coords(m.src, dims);
          const auto b = sc::split_block({0, D}, X, (c[0] + X - s % X) % X);
          REQUIRE(m.begin == b.begin);
          REQUIRE(m.end == b.end);
          REQUIRE(m.dst == (c[0] + 1) % X + c[1] * X);
          REQUIRE(m.op == sc::message_op::reduce);
        }
        const auto st = run_contributions(sched, s + 1);
        for (std::uint64_t c = 0; c < X * Y; ++c) {
          const auto xy = coords(c, dims);
          const auto b = sc::split_block({0, D}, X, (xy[0] + 2 * X - s - 1) % X);
          std::uint64_t want = 0;
          for (std::uint64_t j = 0; j < s + 2; ++j) want |= std::uint64_t{1} << ((xy[0] + X - j) % X + xy[1] * X);
          for (std::uint64_t e = b.begin; e < b.end; ++e) REQUIRE(st.at(c, e) == want);
        }
      }
      // After X - 1 steps chip x owns block (x + 1) mod X summed over its row; after
      // the y reduce-scatter it owns one sub-block summed over all chips.
      const auto st = run_contributions(sched, X - 1);
      const auto full = run_contributions(sched, X - 1 + Y - 1);
      for (std::uint64_t c = 0; c < X * Y; ++c) {
        const auto xy = coords(c, dims);
        const auto owned = sc::split_block({0, D}, X, (xy[0] + 1) % X);
        std::uint64_t row = 0;
        for (std::uint64_t j = 0; j < X; ++j) row |= std::uint64_t{1} << (j + xy[1] * X);
        for (std::uint64_t e = owned.begin; e < owned.end; ++e) REQUIRE(st.at(c, e) == row);
        const auto final_block = sc::split_block(owned, Y, (xy[1] + 1) % Y);
        for (std::uint64_t e = final_block.begin; e < final_block.end; ++e)
          REQUIRE(full.at(c, e) == (std::uint64_t{1} << (X * Y)) - 1);
      }
    }
  }
}

TEST_CASE("4x4 takes 12 steps and 16x16 takes 60, on data", "[torus_allreduce]") {
  const std::vector<std::uint64_t> a{4, 4}, b{16, 16};
  const auto ra = sc::simulate(sc::torus_links(a), sc::torus_allreduce_plan(a, 16));
  REQUIRE(ra.steps == 12);
  REQUIRE(ra.messages == 192);
  REQUIRE(ra.max_sent_per_chip == 30);  // the explainer's "the same 30 numbers"
  REQUIRE(ra.min_sent_per_chip == 30);
  const auto rb = sc::simulate(sc::torus_links(b), sc::torus_allreduce_plan(b, 256));
  REQUIRE(rb.steps == 60);
  REQUIRE(rb.max_sent_per_chip == 510);
  REQUIRE(rb.verified);
}

TEST_CASE("bidirectional: half the data each way, same steps, half the critical path", "[torus_allreduce]") {
  for (const auto& dims : small_tori(3)) {
    const std::uint64_t P = product(dims);
    const auto links = sc::torus_links(dims);
    for (std::uint64_t D : {2 * P, P + 7}) {
      INFO(sc::torus_dims_text(dims) << " D=" << D);
      const auto sched = sc::torus_allreduce(dims, D, true);
      const auto r = sc::simulate(links, sched);
      REQUIRE(r.verified);
      REQUIRE(r.steps == torus_steps(dims));
      if (P <= 64) REQUIRE(all_complete(run_contributions(sched, sched.steps.size())));
      // Each chip sends one message each way per step: 2P messages a step.
      REQUIRE(r.max_messages_per_step == 2 * P);
      if (D % (2 * P) == 0) {
        for (auto v : r.sent_per_chip) REQUIRE(v == 2 * D * (P - 1) / P);
        const auto uni = sc::simulate(links, sc::torus_allreduce_plan(dims, D));
        REQUIRE(2 * r.critical_path_elements == uni.critical_path_elements);
      }
    }
  }
}

TEST_CASE("torus_allreduce validates its input", "[torus_allreduce]") {
  const std::vector<std::uint64_t> ok{4, 4}, one{1, 4}, two{2, 4}, empty{};
  REQUIRE_THROWS_AS(sc::torus_allreduce_plan(ok, 0), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::torus_allreduce_plan(one, 8), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::torus_allreduce_plan(empty, 8), std::invalid_argument);
  REQUIRE_THROWS_WITH(sc::torus_allreduce_plan(two, 8, true), Catch::Contains("at least 3 for the bidirectional"));
  REQUIRE_NOTHROW(sc::torus_allreduce_plan(two, 8, false));
}

TEST_CASE("one and four dimensions, and TPU v4's 16x16x16 on data", "[torus_allreduce]") {
  for (const auto& dims : std::vector<std::vector<std::uint64_t>>{{5}, {2}, {2, 3, 2, 3}, {3, 3, 3, 3}}) {
    const std::uint64_t P = product(dims);
    INFO(sc::torus_dims_text(dims));
    const auto sched = sc::torus_allreduce(dims, 2 * P);
    const auto r = sc::simulate(sc::torus_links(dims), sched);
    REQUIRE(r.steps == torus_steps(dims));
    for (auto v : r.sent_per_chip) REQUIRE(v == 4 * (P - 1));
    if (P <= 64) REQUIRE(all_complete(run_contributions(sched, sched.steps.size())));
  }
  const std::vector<std::uint64_t> v4{16, 16, 16};
  const auto r = sc::simulate(sc::torus_links(v4), sc::torus_allreduce_plan(v4, 4096));
  REQUIRE(r.verified);
  REQUIRE(r.steps == 90);
  REQUIRE(r.messages == 4096 * 90);
  REQUIRE(r.max_sent_per_chip == 8190);
  REQUIRE(r.min_sent_per_chip == 8190);
  REQUIRE(r.critical_path_elements == 8190);
}

}  // namespace torus_allreduce_test
