// Tests for collectives/schedule.hpp: the even split of a range into blocks,
// against 128-bit brute force, and materialising a lazy plan.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/core/python_random.hpp"

namespace schedule_test {

namespace sc = shiftfly::collectives;

TEST_CASE("split_block: floor(i n / k) boundaries, sizes differ by at most one, blocks tile the range", "[schedule]") {
  shiftfly::core::python_random rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint64_t begin = rng.getrandbits(20);
    const std::uint64_t n = trial % 3 == 0 ? rng.getrandbits(12) : rng.getrandbits(63) >> (trial % 40);
    const std::uint64_t k = 1 + (trial % 2 ? rng.getrandbits(32) % 0xffffffffull : rng.randrange(64));
    for (int probe = 0; probe < 8; ++probe) {
      const std::uint64_t i = probe == 0 ? 0 : probe == 1 ? k - 1 : rng.randrange(k);
      const auto b = sc::split_block({begin, begin + n}, k, i);
      __extension__ using u128 = unsigned __int128;
      const auto lo = static_cast<std::uint64_t>(static_cast<u128>(i) * n / k);
      const auto hi = static_cast<std::uint64_t>(static_cast<u128>(i + 1) * n / k);
      REQUIRE(b.begin == begin + lo);
      REQUIRE(b.end == begin + hi);
      REQUIRE((b.size() == n / k || b.size() == n / k + 1));
    }
  }
  // Small k: consecutive blocks tile [begin, end).
  for (std::uint64_t n = 0; n < 40; ++n)
    for (std::uint64_t k = 1; k <= 12; ++k) {
      std::uint64_t at = 5;
      for (std::uint64_t i = 0; i < k; ++i) {
        const auto b = sc::split_block({5, 5 + n}, k, i);
        REQUIRE(b.begin == at);
        at = b.end;
        if (n % k == 0) REQUIRE(b.size() == n / k);
      }
      REQUIRE(at == 5 + n);
    }
  REQUIRE_THROWS_AS(sc::split_block({0, 10}, 0, 0), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::split_block({0, 10}, 4, 4), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::split_block({0, 10}, std::uint64_t{1} << 32, 0), std::invalid_argument);
}

TEST_CASE("materialize copies every step of a plan", "[schedule]") {
  const std::vector<std::uint64_t> dims{3, 3};
  const auto plan = sc::torus_allreduce_plan(dims, 9);
  const auto s = sc::materialize(plan);
  REQUIRE(s.chips == 9);
  REQUIRE(s.elements == 9);
  REQUIRE(s.num_steps() == 8);
  REQUIRE(s.label() == plan.label());
  sc::step buf;
  s.fill_step(7, buf);
  REQUIRE(buf == s.steps[7]);
  REQUIRE(to_string(sc::message_op::reduce) == std::string("reduce"));
  REQUIRE(to_string(sc::message_op::copy) == std::string("copy"));
}

}  // namespace schedule_test
