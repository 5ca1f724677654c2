// GF(q) (galois_field.hpp): prime powers against trial division; the field axioms checked
// exhaustively for every prime power q <= 64 (associativity, commutativity, distributivity
// over all triples, identities, inverses); multiplication equal to a schoolbook polynomial
// product modulo modulus(), and modulus() the first monic irreducible by the documented rule
// (every smaller candidate has a zero divisor); the primitive element of order q - 1;
// Frobenius additive; prime fields equal to integer arithmetic mod p; the refusals.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/galois_field.hpp"

namespace galois_field_test {

namespace t = shiftfly::topology;

namespace {

// Trial division: {p, k} if n = p^k, else {0, 0}.
t::prime_power gf_brute_prime_power(std::uint64_t n) {
  if (n < 2) return {};
  std::uint64_t p = n;
  for (std::uint64_t d = 2; d * d <= n; ++d)
    if (n % d == 0) {
      p = d;
      break;
    }
  unsigned k = 0;
  while (n % p == 0) {
    n /= p;
    ++k;
  }
  return n == 1 ? t::prime_power{p, k} : t::prime_power{};
}

std::vector<std::uint64_t> gf_prime_powers_up_to(std::uint64_t hi) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t q = 2; q <= hi; ++q)
    if (gf_brute_prime_power(q).p) out.push_back(q);
  return out;
}

// Coefficients (lowest first, length k) of element a of GF(p^k).
std::vector<std::uint64_t> gf_digits(std::uint64_t a, std::uint64_t p, unsigned k) {
  std::vector<std::uint64_t> d(k);
  for (unsigned i = 0; i < k; ++i, a /= p) d[i] = a % p;
  return d;
}

// a * b in GF(p)[x] modulo the monic f (degree k), as an element code: schoolbook, independent of the tables.
std::uint64_t gf_poly_mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t p, const std::vector<std::uint64_t>& f) {
  const unsigned k = static_cast<unsigned>(f.size() - 1);
  const auto da = gf_digits(a, p, k), db = gf_digits(b, p, k);
  std::vector<std::uint64_t> r(2 * k, 0);
  for (unsigned i = 0; i < k; ++i)
    for (unsigned j = 0; j < k; ++j) r[i + j] = (r[i + j] + da[i] * db[j]) % p;
  for (unsigned i = 2 * k - 1; i >= k; --i) {
    const std::uint64_t c = r[i];
    for (unsigned j = 0; j <= k; ++j) r[i - k + j] = (r[i - k + j] + (p - c) * f[j]) % p;
  }
  std::uint64_t out = 0;
  for (unsigned i = k; i-- > 0;) out = out * p + r[i];
  return out;
}

}  // namespace

TEST_CASE("galois_field: is_prime_power and prime_power_factors agree with trial division up to 70,000",
          "[galois_field]") {
  for (std::uint64_t n = 0; n <= 70000; ++n) {
    const auto b = gf_brute_prime_power(n);
    INFO("n = " << n);
    REQUIRE(t::is_prime_power(n) == (b.p != 0));
    if (b.p) CHECK(t::prime_power_factors(n) == b);
  }
}

TEST_CASE("galois_field: is_prime_power on 64-bit values", "[galois_field]") {
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  CHECK(t::prime_power_factors(std::uint64_t{1} << 63) == t::prime_power{2, 63});
  CHECK(t::prime_power_factors(12157665459056928801ULL) == t::prime_power{3, 40});
  CHECK(t::prime_power_factors(2305843009213693951ULL) == t::prime_power{2305843009213693951ULL, 1});  // 2^61 - 1
  CHECK(t::prime_power_factors(18446744073709551557ULL) == t::prime_power{18446744073709551557ULL, 1});
  CHECK(t::prime_power_factors(18446744030759878681ULL) == t::prime_power{4294967291ULL, 2});  // (2^32 - 5)^2
  CHECK_FALSE(t::is_prime_power(max));                        // 3 * 5 * 17 * 257 * 641 * 65537 * 6700417
  CHECK_FALSE(t::is_prime_power(4294967291ULL * 4294967279ULL));  // two distinct primes
  CHECK_FALSE(t::is_prime_power(3215031751ULL));                 // a strong pseudoprime to bases 2, 3, 5, 7
  CHECK_FALSE(t::is_prime_power(std::uint64_t{1} << 32 | 1));   // 641 * 6700417
  for (std::uint64_t n : {0ULL, 1ULL, 6ULL, 12ULL, 100ULL}) {
    CHECK_FALSE(t::is_prime_power(n));
    CHECK_THROWS_WITH(t::prime_power_factors(n), "prime_power_factors: q = " + std::to_string(n) +
                                                      " is out of range (accepted: a prime power p^k, p prime, k at least 1)");
  }
}

TEST_CASE("galois_field: the field axioms hold exhaustively for every prime power q <= 64", "[galois_field]") {
  for (std::uint64_t q : gf_prime_powers_up_to(64)) {
    INFO("q = " << q);
    const t::galois_field f(q);
    const auto pk = gf_brute_prime_power(q);
    REQUIRE(f.order() == q);
    REQUIRE(f.characteristic() == pk.p);
    REQUIRE(f.degree() == pk.k);
    bool ok = true;
    for (std::uint64_t a = 0; a < q; ++a) {
      ok &= f.add(a, 0) == a && f.mul(a, 1) == a && f.mul(a, 0) == 0;
      ok &= f.add(a, f.neg(a)) == 0;
      if (a) ok &= f.mul(a, f.inv(a)) == 1;
      for (std::uint64_t b = 0; b < q; ++b) {
        ok &= f.add(a, b) == f.add(b, a) && f.mul(a, b) == f.mul(b, a);
        ok &= f.sub(f.add(a, b), b) == a;
        if (b) ok &= f.mul(f.div(a, b), b) == a;
        for (std::uint64_t c = 0; c < q; ++c) {
          ok &= f.add(f.add(a, b), c) == f.add(a, f.add(b, c));
          ok &= f.mul(f.mul(a, b), c) == f.mul(a, f.mul(b, c));
          ok &= f.mul(a, f.add(b, c)) == f.add(f.mul(a, b), f.mul(a, c));
        }
      }
    }
    CHECK(ok);
  }
}

TEST_CASE("galois_field: mul is the polynomial product modulo modulus(), the first monic irreducible", "[galois_field]") {
  for (std::uint64_t q : gf_prime_powers_up_to(64)) {
    INFO("q = " << q);
    const t::galois_field f(q);
    const std::uint64_t p = f.characteristic();
    const unsigned k = f.degree();
    const auto& m = f.modulus();
    REQUIRE(m.size() == k + 1);
    CHECK(m.back() == 1);
    if (k == 1) {
      CHECK(m == std::vector<std::uint64_t>{0, 1});
      continue;
    }
    bool same = true;
    for (std::uint64_t a = 0; a < q; ++a)
      for (std::uint64_t b = 0; b < q; ++b) same &= f.mul(a, b) == gf_poly_mulmod(a, b, p, m);
    CHECK(same);
    // Every smaller candidate x^k + (code c) is reducible: its quotient ring has a zero divisor.
    std::uint64_t code = 0;
    for (unsigned i = k; i-- > 0;) code = code * p + m[i];
    for (std::uint64_t c = 0; c < code; ++c) {
      auto g = gf_digits(c, p, k);
      g.push_back(1);
      bool zero_divisor = false;
      for (std::uint64_t a = 1; a < q && !zero_divisor; ++a)
        for (std::uint64_t b = a; b < q && !zero_divisor; ++b) zero_divisor = gf_poly_mulmod(a, b, p, g) == 0;
      CHECK(zero_divisor);
    }
  }
  // The polynomials of the rule for small fields (coefficients c_0 .. c_k).
  CHECK(t::galois_field(4).modulus() == std::vector<std::uint64_t>{1, 1, 1});
  CHECK(t::galois_field(8).modulus() == std::vector<std::uint64_t>{1, 1, 0, 1});
  CHECK(t::galois_field(9).modulus() == std::vector<std::uint64_t>{1, 0, 1});
  CHECK(t::galois_field(16).modulus() == std::vector<std::uint64_t>{1, 1, 0, 0, 1});
  CHECK(t::galois_field(25).modulus() == std::vector<std::uint64_t>{2, 0, 1});
}

TEST_CASE("galois_field: the primitive element has order q - 1; pow, log, exp; Frobenius is additive", "[galois_field]") {
  for (std::uint64_t q : gf_prime_powers_up_to(64)) {
    INFO("q = " << q);
    const t::galois_field f(q);
    const auto g = f.primitive_element();
    std::set<std::uint64_t> seen;
    std::uint64_t x = 1;
    for (std::uint64_t i = 0; i + 1 < q; ++i) {
      CHECK(f.pow(g, i) == x);
      CHECK(f.exp(i) == x);
      CHECK(f.log(x) == i);
      seen.insert(x);
      x = f.mul(x, g);
    }
    CHECK(x == 1);
    CHECK(seen.size() == q - 1);
    CHECK(seen.count(0) == 0);
    // The smallest such element: every smaller nonzero element has a smaller order.
    for (std::uint64_t h = 1; h < g; ++h) {
      std::uint64_t order = 1;
      for (std::uint64_t y = h; y != 1; y = f.mul(y, h)) ++order;
      CHECK(order < q - 1);
    }
    const std::uint64_t p = f.characteristic();
    bool frobenius = true;
    for (std::uint64_t a = 0; a < q; ++a) {
      frobenius &= f.pow(a, q) == a;
      for (std::uint64_t b = 0; b < q; ++b) frobenius &= f.pow(f.add(a, b), p) == f.add(f.pow(a, p), f.pow(b, p));
    }
    CHECK(frobenius);
    CHECK(f.pow(0, 0) == 1);
    CHECK(f.pow(0, 5) == 0);
  }
}

TEST_CASE("galois_field: a prime field is integer arithmetic mod p", "[galois_field]") {
  for (std::uint64_t p : gf_prime_powers_up_to(64)) {
    if (gf_brute_prime_power(p).k != 1) continue;
    const t::galois_field f(p);
    bool ok = true;
    for (std::uint64_t a = 0; a < p; ++a)
      for (std::uint64_t b = 0; b < p; ++b) {
        ok &= f.add(a, b) == (a + b) % p && f.sub(a, b) == (a + p - b) % p && f.mul(a, b) == a * b % p;
        if (b) ok &= f.inv(b) * b % p == 1;
      }
    CHECK(ok);
  }
  const t::galois_field big(65521);
  bool ok = true;
  for (std::uint64_t a = 1; a < 65521; a += 97)
    for (std::uint64_t b = 3; b < 65521; b += 1013) {
      ok &= big.add(a, b) == (a + b) % 65521 && big.mul(a, b) == a * b % 65521;
      ok &= big.inv(a) * a % 65521 == 1;
    }
  CHECK(ok);
}

TEST_CASE("galois_field: the largest fields build and stay consistent", "[galois_field]") {
  for (std::uint64_t q : {65536ULL, 59049ULL, 15625ULL, 65521ULL}) {
    INFO("q = " << q);
    const t::galois_field f(q);
    bool ok = true;
    for (std::uint64_t a = 1; a < q; a += 251) {
      ok &= f.mul(a, f.inv(a)) == 1 && f.add(a, f.neg(a)) == 0;
      for (std::uint64_t b = 7; b < q; b += 4093) {
        const std::uint64_t c = (a * 31 + b) % q;
        ok &= f.mul(a, f.add(b, c)) == f.add(f.mul(a, b), f.mul(a, c));
        if (f.degree() > 1) ok &= f.mul(a, b) == gf_poly_mulmod(a, b, f.characteristic(), f.modulus());
      }
    }
    CHECK(ok);
    CHECK(f.pow(f.primitive_element(), q - 1) == 1);
  }
}

TEST_CASE("galois_field: refusals name the parameter and the accepted range", "[galois_field]") {
  for (std::uint64_t q : {0ULL, 1ULL, 6ULL, 12ULL, 100ULL, 65537ULL, 131072ULL, 18446744073709551615ULL}) {
    CHECK_THROWS_AS(t::galois_field(q), shiftfly::core::invalid_parameter);
    CHECK_THROWS_WITH(t::galois_field(q), "galois_field: q = " + std::to_string(q) +
                                              " is out of range (accepted: a prime power from 2 to 65536)");
  }
  const t::galois_field f(9);
  CHECK_THROWS_WITH(f.inv(0), "galois_field::inv: a = 0 is out of range (accepted: a nonzero element of GF(9), 1 to 8)");
  CHECK_THROWS_WITH(f.div(1, 0), "galois_field::div: b = 0 is out of range (accepted: a nonzero element of GF(9), 1 to 8)");
  CHECK_THROWS_WITH(f.log(0), "galois_field::log: a = 0 is out of range (accepted: a nonzero element of GF(9), 1 to 8)");
  CHECK_THROWS_WITH(f.add(9, 1), "galois_field::add: a = 9 is out of range (accepted: an element of GF(9), 0 to 8)");
  CHECK_THROWS_WITH(f.mul(1, 10), "galois_field::mul: b = 10 is out of range (accepted: an element of GF(9), 0 to 8)");
  CHECK_THROWS_AS(f.sub(0, 9), shiftfly::core::invalid_parameter);
  CHECK_THROWS_AS(f.neg(9), shiftfly::core::invalid_parameter);
  CHECK_THROWS_AS(f.pow(9, 2), shiftfly::core::invalid_parameter);
}

}  // namespace galois_field_test
