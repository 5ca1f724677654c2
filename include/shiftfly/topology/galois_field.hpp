#pragma once
/// \file galois_field.hpp
/// The finite field GF(q) for every prime power q = p^k from 2 to galois_field_max_order,
/// the arithmetic under the PolarFly and Slim Fly generators (polarfly.hpp, slimfly.hpp).
///
///     is_prime_power(q), prime_power_factors(q) -> {p, k}
///     galois_field f(q);  f.order(), f.characteristic(), f.degree(), f.modulus(),
///     f.add/sub/neg/mul/div/inv/pow, f.primitive_element(), f.log(a), f.exp(i)
///
/// Elements are the integers 0 .. q-1: the base-p digits of an element, least significant
/// first, are the coefficients c_0, c_1, ..., c_{k-1} of the polynomial Σ c_i x^i, and
/// GF(p^k) = GF(p)[x] / (m(x)). So 0 is zero, 1 is one, and for k = 1 the element a is the
/// residue a mod p. The modulus m(x) is fixed by a rule, so every build makes the same field:
/// for k > 1 it is the first monic irreducible polynomial x^k + c_{k-1} x^{k-1} + ... + c_0
/// in the order of the code Σ c_i p^i (0, 1, 2, ...), each candidate checked irreducible by
/// trial division by every monic polynomial of degree 1 to k/2 (GF(4): x^2+x+1, GF(8):
/// x^3+x+1, GF(9): x^2+1, GF(16): x^4+x+1). The primitive element is the smallest element
/// of multiplicative order q-1 (checked against every prime factor of q-1), and its
/// powers give the log/antilog tables behind mul, div, inv and pow (R. Lidl and
/// H. Niederreiter, *Finite Fields*, Chapters 2-3). is_prime_power works on every 64-bit
/// integer (exact k-th roots and a deterministic Miller-Rabin test).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::topology {

/// Largest field order accepted by galois_field (2^16; every table has q entries).
inline constexpr std::uint64_t galois_field_max_order = 65536;
static_assert(galois_field_max_order <= 65536, "galois_field: the construction buffers hold degrees up to 16");

/// q = p^k with p prime and k >= 1.
struct prime_power {
  std::uint64_t p = 0;
  unsigned k = 0;
  friend bool operator==(const prime_power&, const prime_power&) = default;
};

namespace detail {

inline std::uint64_t mulmod_u64(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % m);
}

inline std::uint64_t powmod_u64(std::uint64_t a, std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1 % m;
  a %= m;
  while (e) {
    if (e & 1) r = mulmod_u64(r, a, m);
    a = mulmod_u64(a, a, m);
    e >>= 1;
  }
  return r;
}

/// Deterministic Miller-Rabin for 64-bit n (the first twelve primes as bases suffice below 3.3e24).
inline bool is_prime_u64(std::uint64_t n) {
  if (n < 2) return false;
  static constexpr std::uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
  for (auto b : bases) {
    if (n == b) return true;
    if (n % b == 0) return false;
  }
  std::uint64_t d = n - 1;
  unsigned s = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++s;
  }
  for (auto b : bases) {
    std::uint64_t x = powmod_u64(b, d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (unsigned i = 1; i < s && composite; ++i) {
      x = mulmod_u64(x, x, n);
      if (x == n - 1) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

/// r^k, or 2^64 when it exceeds 64 bits (so it compares correctly with any 64-bit value).
inline unsigned __int128 saturating_pow(std::uint64_t r, unsigned k) {
  constexpr unsigned __int128 cap = static_cast<unsigned __int128>(1) << 64;
  unsigned __int128 out = 1;
  for (unsigned i = 0; i < k; ++i) {
    out *= r;
    if (out >= cap) return cap;
  }
  return out;
}

/// floor(q^(1/k)) exactly.
inline std::uint64_t integer_root(std::uint64_t q, unsigned k) {
  if (k == 1) return q;
  auto r = static_cast<std::uint64_t>(std::pow(static_cast<double>(q), 1.0 / static_cast<double>(k)));
  while (r > 0 && saturating_pow(r, k) > q) --r;
  while (saturating_pow(r + 1, k) <= q) ++r;
  return r;
}

inline std::optional<prime_power> find_prime_power(std::uint64_t q) {
  if (q < 2) return std::nullopt;
  // q = p^k has exactly one exponent whose exact root is prime.
  for (unsigned k = 1; k < 64; ++k) {
    const std::uint64_t r = integer_root(q, k);
    if (r < 2) break;
    if (saturating_pow(r, k) == q && is_prime_u64(r)) return prime_power{r, k};
  }
  return std::nullopt;
}

}  // namespace detail

/// True if q = p^k for a prime p and k >= 1.
inline bool is_prime_power(std::uint64_t q) { return detail::find_prime_power(q).has_value(); }

/// The prime p and exponent k with q = p^k; throws invalid_parameter naming q when q is not a prime power.
inline prime_power prime_power_factors(std::uint64_t q) {
  const auto f = detail::find_prime_power(q);
  if (!f) core::throw_out_of_range("prime_power_factors", "q", q, "a prime power p^k, p prime, k at least 1");
  return *f;
}

/// GF(q), elements 0 .. q-1 (see the file comment for the representation and the rules
/// fixing the modulus and the primitive element).
class galois_field {
 public:
  using element = std::uint64_t;

  /// Builds GF(q): q must be a prime power from 2 to galois_field_max_order.
  explicit galois_field(std::uint64_t q) {
    const auto f = detail::find_prime_power(q);
    if (!f || q > galois_field_max_order)
      core::throw_out_of_range("galois_field", "q", q,
                               "a prime power from 2 to " + core::to_message(galois_field_max_order));
    q_ = q;
    p_ = f->p;
    k_ = f->k;
    find_modulus();
    find_primitive_element();
    build_tables();
  }

  [[nodiscard]] std::uint64_t order() const noexcept { return q_; }
  [[nodiscard]] std::uint64_t characteristic() const noexcept { return p_; }
  [[nodiscard]] unsigned degree() const noexcept { return k_; }
  /// The coefficients c_0, ..., c_k of the monic irreducible modulus m(x) (c_k = 1); for k = 1, m(x) = x: {0, 1}.
  [[nodiscard]] const std::vector<std::uint64_t>& modulus() const noexcept { return modulus_; }
  /// The smallest element of multiplicative order q-1.
  [[nodiscard]] element primitive_element() const noexcept { return primitive_; }

  [[nodiscard]] element add(element a, element b) const {
    check("galois_field::add", "a", a);
    check("galois_field::add", "b", b);
    return add_unchecked(a, b);
  }
  [[nodiscard]] element neg(element a) const {
    check("galois_field::neg", "a", a);
    return neg_unchecked(a);
  }
  [[nodiscard]] element sub(element a, element b) const {
    check("galois_field::sub", "a", a);
    check("galois_field::sub", "b", b);
    return add_unchecked(a, neg_unchecked(b));
  }
  [[nodiscard]] element mul(element a, element b) const {
    check("galois_field::mul", "a", a);
    check("galois_field::mul", "b", b);
    return mul_unchecked(a, b);
  }
  /// Multiplicative inverse; a = 0 is refused.
  [[nodiscard]] element inv(element a) const {
    check_nonzero("galois_field::inv", "a", a);
    return exp_[(q_ - 1 - log_[a]) % (q_ - 1)];
  }
  /// a / b; b = 0 is refused.
  [[nodiscard]] element div(element a, element b) const {
    check("galois_field::div", "a", a);
    check_nonzero("galois_field::div", "b", b);
    if (a == 0) return 0;
    return exp_[log_[a] + (q_ - 1 - log_[b])];
  }
  /// a^e (0^0 = 1).
  [[nodiscard]] element pow(element a, std::uint64_t e) const {
    check("galois_field::pow", "a", a);
    if (a == 0) return e == 0 ? 1 : 0;
    return exp_[(log_[a] * (e % (q_ - 1))) % (q_ - 1)];
  }
  /// The discrete logarithm of a nonzero a to the primitive element, 0 .. q-2.
  [[nodiscard]] std::uint64_t log(element a) const {
    check_nonzero("galois_field::log", "a", a);
    return log_[a];
  }
  /// The primitive element to the power i (any i; reduced mod q-1).
  [[nodiscard]] element exp(std::uint64_t i) const noexcept { return exp_[i % (q_ - 1)]; }

  /// The same operations without the range checks, for generators whose operands are elements by construction.
  [[nodiscard]] element add_unchecked(element a, element b) const noexcept {
    if (k_ == 1) {
      const element s = a + b;
      return s >= p_ ? s - p_ : s;
    }
    if (p_ == 2) return a ^ b;
    element out = 0, scale = 1;
    for (unsigned i = 0; i < k_; ++i) {
      const element s = a % p_ + b % p_;
      out += (s >= p_ ? s - p_ : s) * scale;
      a /= p_;
      b /= p_;
      scale *= p_;
    }
    return out;
  }
  [[nodiscard]] element neg_unchecked(element a) const noexcept {
    if (k_ == 1) return a == 0 ? 0 : p_ - a;
    if (p_ == 2) return a;
    element out = 0, scale = 1;
    for (unsigned i = 0; i < k_; ++i) {
      const element d = a % p_;
      out += (d == 0 ? 0 : p_ - d) * scale;
      a /= p_;
      scale *= p_;
    }
    return out;
  }
  [[nodiscard]] element mul_unchecked(element a, element b) const noexcept {
    if (a == 0 || b == 0) return 0;
    return exp_[log_[a] + log_[b]];
  }

 private:
  void check(std::string_view where, std::string_view param, element a) const {
    if (a >= q_) core::throw_out_of_range(where, param, a, "an element of GF(" + core::to_message(q_) + "), 0 to " +
                                                               core::to_message(q_ - 1));
  }
  void check_nonzero(std::string_view where, std::string_view param, element a) const {
    if (a == 0 || a >= q_)
      core::throw_out_of_range(where, param, a,
                               "a nonzero element of GF(" + core::to_message(q_) + "), 1 to " + core::to_message(q_ - 1));
  }

  std::vector<std::uint64_t> digits(std::uint64_t a, std::size_t len) const {
    std::vector<std::uint64_t> d(len, 0);
    for (std::size_t i = 0; i < len; ++i, a /= p_) d[i] = a % p_;
    return d;
  }

  // Remainder of f modulo the monic g (coefficient vectors, lowest first), in place; returns f's low part.
  void reduce(std::vector<std::uint64_t>& f, const std::vector<std::uint64_t>& g) const {
    const std::size_t dg = g.size() - 1;
    for (std::size_t i = f.size(); i-- > dg;) {
      const std::uint64_t t = f[i];
      if (t == 0) continue;
      for (std::size_t j = 0; j <= dg; ++j) f[i - dg + j] = (f[i - dg + j] + (p_ - t) * g[j]) % p_;
    }
  }

  bool irreducible(const std::vector<std::uint64_t>& f) const {
    for (unsigned d = 1; 2 * d <= k_; ++d) {
      const auto count = static_cast<std::uint64_t>(detail::saturating_pow(p_, d));
      for (std::uint64_t c = 0; c < count; ++c) {
        auto g = digits(c, d);
        g.push_back(1);
        auto r = f;
        reduce(r, g);
        if (std::all_of(r.begin(), r.begin() + d, [](std::uint64_t x) { return x == 0; })) return false;
      }
    }
    return true;
  }

  void find_modulus() {
    if (k_ == 1) {
      modulus_ = {0, 1};
      return;
    }
    for (std::uint64_t c = 0; c < q_; ++c) {
      auto f = digits(c, k_);
      f.push_back(1);
      if (irreducible(f)) {
        modulus_ = std::move(f);
        return;
      }
    }
    throw std::logic_error("galois_field: no irreducible polynomial found");  // cannot happen: one exists for every k
  }

  // Polynomial product modulo m(x), before the tables exist (k <= 16 since q <= 2^16: fixed buffers).
  element slow_mul(element a, element b) const {
    if (k_ == 1) return a * b % p_;
    std::array<std::uint64_t, 16> da{}, db{};
    std::array<std::uint64_t, 31> r{};
    for (unsigned i = 0; i < k_; ++i, a /= p_, b /= p_) {
      da[i] = a % p_;
      db[i] = b % p_;
    }
    for (unsigned i = 0; i < k_; ++i)
      if (da[i])
        for (unsigned j = 0; j < k_; ++j) r[i + j] = (r[i + j] + da[i] * db[j]) % p_;
    for (unsigned i = 2 * k_ - 2; i >= k_; --i) {
      const std::uint64_t t = r[i];
      if (t == 0) continue;
      for (unsigned j = 0; j <= k_; ++j) r[i - k_ + j] = (r[i - k_ + j] + (p_ - t) * modulus_[j]) % p_;
    }
    element out = 0;
    for (unsigned i = k_; i-- > 0;) out = out * p_ + r[i];
    return out;
  }

  element slow_pow(element a, std::uint64_t e) const {
    element r = 1;
    while (e) {
      if (e & 1) r = slow_mul(r, a);
      a = slow_mul(a, a);
      e >>= 1;
    }
    return r;
  }

  void find_primitive_element() {
    std::vector<std::uint64_t> primes;
    std::uint64_t m = q_ - 1;
    for (std::uint64_t r = 2; r * r <= m; ++r)
      if (m % r == 0) {
        primes.push_back(r);
        while (m % r == 0) m /= r;
      }
    if (m > 1) primes.push_back(m);
    for (element g = 1; g < q_; ++g) {
      if (std::all_of(primes.begin(), primes.end(), [&](std::uint64_t r) { return slow_pow(g, (q_ - 1) / r) != 1; })) {
        primitive_ = g;
        return;
      }
    }
    throw std::logic_error("galois_field: no primitive element found");  // cannot happen: GF(q)* is cyclic
  }

  void build_tables() {
    const std::uint64_t n = q_ - 1;
    exp_.assign(2 * n, 0);
    log_.assign(q_, 0);
    element x = 1;
    for (std::uint64_t i = 0; i < n; ++i) {
      exp_[i] = exp_[i + n] = static_cast<std::uint32_t>(x);
      log_[x] = static_cast<std::uint32_t>(i);
      x = slow_mul(x, primitive_);
    }
    if (x != 1) throw std::logic_error("galois_field: the primitive element's powers do not cycle");
  }

  std::uint64_t q_ = 0, p_ = 0;
  unsigned k_ = 0;
  std::vector<std::uint64_t> modulus_;
  element primitive_ = 0;
  std::vector<std::uint32_t> exp_, log_;
};

}  // namespace shiftfly::topology
