// Tests for the real-unit side of collectives/cost.hpp and allreduce.hpp: the exact
// counts equal what the simulator measures for every D (dividing or not, uni- and
// bidirectional), the Hockney times are the textbook closed forms (Patarasuk and
// Yuan 2009; Thakur, Rabenseifner and Gropp 2005), the closed forms hold to 2^60
// bytes, and every parameter is validated.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "contributions.hpp"
#include "shiftfly/collectives/allreduce.hpp"
#include "shiftfly/collectives/cost.hpp"

namespace hockney_test {

// The same alias as the other files of this directory (a redefinition to the same namespace is allowed).
namespace sc = shiftfly::collectives;

/// D values around the block sizes: tiny, just off a multiple of P, multiples.
std::vector<std::uint64_t> sizes_for(std::uint64_t P) {
  return {1, 2, 3, 5, 7, P - 1, P, P + 1, 2 * P - 1, 2 * P + 3, 3 * P, 5 * P + 2};
}

bool all_at_least_3(const std::vector<std::uint64_t>& dims) {
  for (auto k : dims)
    if (k < 3) return false;
  return true;
}

/// ⌈a/b⌉, written out independently of the library.
std::uint64_t up(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

TEST_CASE("the exact counts equal the simulated ones for every D, uni- and bidirectional", "[cost][hockney]") {
  const sc::hockney_model m{0.75, 12.5};
  std::size_t runs = 0;
  for (const auto& dims : test_support::small_tori()) {
    const std::uint64_t P = test_support::product(dims);
    for (const bool bi : {false, true}) {
      if (bi && !all_at_least_3(dims)) continue;
      for (const std::uint64_t D : sizes_for(P)) {
        INFO(sc::torus_dims_text(dims) << " D = " << D << (bi ? " bidirectional" : ""));
        const auto r = sc::simulate_allreduce(dims, sc::message_of_elements(D, 2), bi, m);
        REQUIRE(r.simulated.verified);
        const auto& ts = r.simulated.torus.simulated;
        const auto& rs = r.simulated.ring.simulated;
        REQUIRE(ts.steps == r.closed_form.torus.counts.steps);
        REQUIRE(ts.messages == r.closed_form.torus.counts.messages);
        REQUIRE(ts.critical_path_elements == r.closed_form.torus.counts.critical_path_elements);
        REQUIRE(rs.steps == r.closed_form.ring.counts.steps);
        REQUIRE(rs.messages == r.closed_form.ring.counts.messages);
        REQUIRE(rs.critical_path_elements == r.closed_form.ring.counts.critical_path_elements);
        // Equal integer counts through one function: the times are equal to the last bit.
        REQUIRE(r.torus.time.time_us == r.closed_form.torus.time.time_us);
        REQUIRE(r.ring.time.time_us == r.closed_form.ring.time.time_us);
        REQUIRE(r.torus.busbw_gb_per_s == r.closed_form.torus.busbw_gb_per_s);
        ++runs;
      }
    }
  }
  REQUIRE(runs > 600);
}

TEST_CASE("the ring's Hockney time is the textbook 2(p-1)alpha + 2(p-1)/p n beta when p divides D", "[cost][hockney]") {
  for (const double alpha : {0.0, 1.0, 2.5})
    for (const double bw : {1.0, 46.0, 100.0, 450.0})
      for (std::uint64_t p = 2; p <= 12; ++p)
        for (const std::uint64_t E : {1u, 2u, 4u, 8u}) {
          const std::uint64_t D = 7 * p;
          const double n = static_cast<double>(D * E);
          const double beta_us = 1e-3 / bw;  // β = 1/bandwidth: 1 GB/s = 10^3 bytes per µs
          const double textbook = 2.0 * (p - 1) * alpha + 2.0 * (p - 1) / p * n * beta_us;
          const auto c = sc::cost_in_units(sc::ring_allreduce_counts(p, D), p, sc::message_of_elements(D, E),
                                           {alpha, bw});
          INFO("p = " << p << " E = " << E << " alpha = " << alpha << " bw = " << bw);
          // Other roundings than the library's (β first, then the products): equal to 1e-14 relative.
          REQUIRE(c.time.time_us == Approx(textbook).epsilon(1e-14));
          REQUIRE(c.counts.steps == 2 * (p - 1));
          REQUIRE(c.critical_path_bytes == 2 * (p - 1) * 7 * E);
          // NCCL: algbw = n / t, busbw = algbw · 2(p-1)/p; with α = 0 the ring's busbw is the link bandwidth.
          REQUIRE(c.algbw_gb_per_s == Approx(n / (textbook * 1e3)).epsilon(1e-14));
          REQUIRE(c.busbw_gb_per_s == Approx(c.algbw_gb_per_s * 2.0 * (p - 1) / p).epsilon(1e-14));
          if (alpha == 0.0) REQUIRE(c.busbw_gb_per_s == Approx(bw).epsilon(1e-14));
        }
}

TEST_CASE("the torus's Hockney time is sum 2(k_i-1)(alpha + n/(k_0...k_i) beta) when the blocks divide D",
          "[cost][hockney]") {
  const sc::hockney_model m{1.5, 25.0};
  const double beta_us = 1e-3 / 25.0;
  for (std::uint64_t X = 2; X <= 7; ++X)
    for (std::uint64_t Y = 2; Y <= 7; ++Y) {
      const std::vector<std::uint64_t> dims{X, Y};
      const std::uint64_t D = 3 * X * Y;
      const double n = 4.0 * D;
      const double hand = 2.0 * (X - 1) * (1.5 + n / X * beta_us) + 2.0 * (Y - 1) * (1.5 + n / (X * Y) * beta_us);
      const auto f = sc::allreduce_closed_forms(dims, sc::message_of_elements(D, 4), false, m);
      INFO(X << "x" << Y);
      REQUIRE(f.torus.time.time_us == Approx(hand).epsilon(1e-14));
      REQUIRE(f.torus.counts.steps == 2 * (X - 1) + 2 * (Y - 1));
      // Both send 2D(P-1)/P on the critical path: the same bandwidth term.
      REQUIRE(f.torus.critical_path_bytes == f.ring.critical_path_bytes);
      REQUIRE(f.torus.critical_path_bytes == 2 * 4 * D * (X * Y - 1) / (X * Y));
    }
}

TEST_CASE("closed forms at 1 TB and at 2^60 bytes: exact integers, finite times, no simulation", "[cost][hockney]") {
  const std::vector<std::uint64_t> dims{16, 16};
  // 1 TB = 10^12 bytes of fp32 on 16x16 at α = 1 µs, 100 GB/s: hand formulas.
  const auto tb = sc::allreduce_closed_forms(dims, sc::message_of_bytes(1'000'000'000'000, 4), false, {1.0, 100.0});
  const std::uint64_t D = 250'000'000'000;
  REQUIRE(tb.message.elements == D);
  REQUIRE(tb.ring.counts.critical_path_elements == 510 * up(D, 256));
  REQUIRE(tb.torus.counts.critical_path_elements == 30 * up(D, 16) + 30 * up(D, 256));
  REQUIRE(tb.ring.critical_path_bytes == 1'992'187'500'000);
  REQUIRE(tb.ring.time.time_us == Approx(510.0 + 510.0 / 256.0 * 1e12 * 1e-5).epsilon(1e-15));
  REQUIRE(tb.torus.time.time_us == Approx(60.0 + 510.0 / 256.0 * 1e12 * 1e-5).epsilon(1e-15));
  REQUIRE(tb.ring.counts.messages == 510 * 256);
  REQUIRE(tb.torus.counts.messages == 60 * 256);

  // 2^60 bytes of 1-byte elements, and a P that divides nothing (3x5): every count exact in 64 bits.
  const std::uint64_t n = std::uint64_t{1} << 60;
  for (const bool bi : {false, true}) {
    const std::vector<std::uint64_t> odd{3, 5};
    const auto f = sc::allreduce_closed_forms(odd, sc::message_of_bytes(n, 1), bi, {2.0, 0.5});
    const std::uint64_t half = bi ? n - n / 2 : n;
    INFO((bi ? "bidirectional" : "unidirectional"));
    REQUIRE(f.ring.counts.critical_path_elements == 28 * up(half, 15));
    REQUIRE(f.torus.counts.critical_path_elements == 4 * up(half, 3) + 8 * up(half, 15));
    REQUIRE(f.ring.counts.messages == 28 * 15 * (bi ? 2 : 1));
    REQUIRE(std::isfinite(f.ring.time.time_us));
    // β = 1/0.5 GB/s = 2 ns per byte: 2^61-ish bytes take about 4.9·10^12 µs, α adds 56 µs.
    REQUIRE(f.ring.time.time_us ==
            Approx(56.0 + static_cast<double>(28 * up(half, 15)) * 2e-3).epsilon(1e-15));
    REQUIRE(f.ring.critical_path_bytes < std::uint64_t{1} << 62);
  }
}

TEST_CASE("real-unit parameters are validated, naming the parameter and the range", "[cost][hockney]") {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (const double a : {-1.0, nan, inf, 1e6 * 1.0000001, 1e300})
    REQUIRE_THROWS_WITH(sc::validate(sc::hockney_model{a, 100.0}), Catch::Contains("alpha = ") &&
                                                                        Catch::Contains("0 to 1e6 microseconds"));
  for (const double b : {0.0, -1.0, nan, inf, 9e-4, 1.0000001e6})
    REQUIRE_THROWS_WITH(sc::validate(sc::hockney_model{1.0, b}), Catch::Contains("bandwidth = ") &&
                                                                      Catch::Contains("1e-3 to 1e6 GB/s"));
  REQUIRE_NOTHROW(sc::validate(sc::hockney_model{0.0, 1e-3}));
  REQUIRE_NOTHROW(sc::validate(sc::hockney_model{1e6, 1e6}));
  REQUIRE(sc::hockney_model{1.0, 4.0}.beta_ns_per_byte() == 0.25);

  const std::uint64_t max = std::uint64_t{1} << 60;
  REQUIRE(sc::message_of_bytes(max, 1).elements == max);
  REQUIRE(sc::message_of_bytes(max, 1024).elements == max / 1024);
  REQUIRE_THROWS_WITH(sc::message_of_bytes(0, 4), Catch::Contains("bytes = 0 is out of range"));
  REQUIRE_THROWS_WITH(sc::message_of_bytes(max + 1, 1), Catch::Contains("2^60"));
  REQUIRE_THROWS_WITH(sc::message_of_bytes(10, 4), Catch::Contains("bytes = 10 is not a whole number"));
  REQUIRE_THROWS_WITH(sc::message_of_bytes(8, 0), Catch::Contains("bytes_per_element = 0"));
  REQUIRE_THROWS_WITH(sc::message_of_elements(8, 1025), Catch::Contains("bytes_per_element = 1025"));
  REQUIRE_THROWS_WITH(sc::message_of_elements(0, 4), Catch::Contains("elements = 0"));
  REQUIRE_THROWS_WITH(sc::message_of_elements(max / 4 + 1, 4), Catch::Contains("elements = "));
  REQUIRE(sc::message_of_elements(max / 4, 4).bytes() == max);
  try {
    sc::message_of_bytes(3, 2);
    FAIL("not refused");
  } catch (const shiftfly::core::invalid_parameter& e) {
    REQUIRE(e.parameter() == "bytes");
  }

  const std::vector<std::uint64_t> dims{2, 4};
  REQUIRE_THROWS_AS(sc::allreduce_closed_forms(dims, sc::message_of_elements(8, 4), true, {}),
                    shiftfly::core::invalid_parameter);
  REQUIRE_THROWS_AS(sc::allreduce_closed_forms(dims, sc::message_of_elements(8, 4), false, {-1.0, 1.0}),
                    shiftfly::core::invalid_parameter);
  REQUIRE_THROWS_AS(sc::ring_allreduce_counts(1, 8), shiftfly::core::invalid_parameter);
  REQUIRE_THROWS_AS(sc::ring_allreduce_counts(2, 8, true), shiftfly::core::invalid_parameter);
  REQUIRE_THROWS_AS(sc::ring_allreduce_counts(4, max + 1), shiftfly::core::invalid_parameter);
  // A ring of ~2^32 chips would send more than 2^64 messages: refused, not wrapped.
  REQUIRE_THROWS_WITH(sc::ring_allreduce_counts(0xffffffffull, max), Catch::Contains("messages"));
}

}  // namespace hockney_test
