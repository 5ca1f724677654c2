#pragma once
/// \file spectralfly.hpp
/// SpectralFly (Young et al., IPDPS 2022): the Lubotzky–Phillips–Sarnak Ramanujan graph
/// X^{p,q} (Lubotzky, Phillips and Sarnak 1988; in the form of Davidoff, Sarnak and Valette
/// 2003, Chapter 4, which allows every odd prime q), for distinct odd primes p and q with
/// p ≡ 1 (mod 4) and q > 2√p.
///
///     spectralfly<V>(p, q) -> core::graph<V>, named "SpectralFly(p=5,q=13)"
///     spectralfly_order<V>(p, q) = q (q^2 - 1) / 2 if (p/q) = 1, q (q^2 - 1) if (p/q) = -1,
///     spectralfly_radix(p) = p + 1, spectralfly_edge_count<V>(p, q) = order (p + 1) / 2,
///     spectralfly_is_bipartite<V>(p, q) = ((p/q) = -1), legendre_symbol(a, q),
///     spectralfly_max_p<V>(), spectralfly_min_q(p), spectralfly_max_q<V>(p),
///     spectralfly_quaternions(p), spectralfly_generators(p, q), spectralfly_elements<V>(p, q),
///     spectralfly_multiply(q, a, b), spectralfly_normalize(q, m)
///
/// Accepted: p a prime ≡ 1 (mod 4) from 5 to spectralfly_max_p<V>() (1,039,321 for 32-bit ids);
/// q a prime other than p with q > 2√p (spectralfly_min_q(p)) up to spectralfly_max_q<V>(p), the
/// largest whose graph fits the id type (2039 at p = 5 for 32-bit ids; never above 65,521). The
/// case p ≡ 3 (mod 4) is refused: its quaternions of norm p have one even coordinate, LPS's
/// theorem is stated for p ≡ 1 (mod 4), and for p ≡ 3 (mod 8) some generators would be involutions
/// (half the degree on their edges). Errors name `p` or `q` and the accepted range.
///
/// The generators. The integer solutions of a0^2 + a1^2 + a2^2 + a3^2 = p with a0 > 0 odd and
/// a1, a2, a3 even are exactly p + 1 (Jacobi's four-square theorem; LPS 1988), listed in
/// lexicographic order of (a0, a1, a2, a3). Each becomes the matrix over Z_q
///     [[a0 + a1 x + a3 y,  a2 + a3 x - a1 y],
///      [-a2 + a3 x - a1 y, a0 - a1 x - a3 y]]
/// of determinant p, for a fixed solution of x^2 + y^2 + 1 ≡ 0 (mod q) (DSV 2003, Chapter 4): when
/// q ≡ 1 (mod 4), x = i, the smaller square root of -1, and y = 0, which is LPS's
/// [[a0 + i a1, a2 + i a3], [-a2 + i a3, a0 - i a1]]; when q ≡ 3 (mod 4), x is the least
/// residue for which -1 - x^2 is a square and y the smaller square root of -1 - x^2. The set
/// is closed under conjugation (a1, a2, a3 negated), whose matrix is the inverse up to the
/// scalar p, so the Cayley graph is undirected; since a0 < q no generator is an involution
/// (trace 2 a0 ≠ 0), and since q > 2√p no two are equal in PGL(2, q) and none is the identity
/// (checked when they are made), so the graph is simple and (p + 1)-regular.
///
/// The group. Elements of PGL(2, q) = GL(2, q) / scalars are written as 2x2 matrices
/// {a, b, c, d} (row-major) over Z_q scaled so that their first nonzero entry is 1. When the
/// Legendre symbol (p/q) = 1 the generators have square determinant and generate PSL(2, q),
/// of order q (q^2 - 1) / 2; when (p/q) = -1 they generate PGL(2, q), of order q (q^2 - 1),
/// and the graph is bipartite (PSL(2, q) and its coset) (LPS 1988; DSV 2003, Chapter 4).
///
/// The vertices. Vertex 0 is the identity; the others are numbered in breadth-first order
/// from it: the vertices are taken in the order of their numbers and, for each vertex g, the
/// products g s over the generators s in the order above; a product not yet numbered takes
/// the next number. Vertex v is adjacent to the vertex of g_v s for every generator s (the
/// right Cayley graph; left multiplication by any group element is an automorphism, so the
/// graph is vertex-transitive).
///
/// The spectrum (LPS 1988; DSV 2003, Chapter 4): every eigenvalue λ of the adjacency
/// matrix other than p + 1 and, when bipartite, -(p + 1), satisfies |λ| <= 2√p: the graph is
/// Ramanujan. LPS also bound the girth (at least 2 log_p q, and 4 log_p q - log_p 4 when
/// bipartite) and the diameter (at most 2 log_p n + 2 log_p 2 + 1).

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/galois_field.hpp"

namespace shiftfly::topology {

/// An element of PGL(2, q): the matrix {a, b, c, d} = [[a, b], [c, d]] over Z_q, normalised
/// so that its first nonzero entry is 1 (spectralfly_normalize).
using spectralfly_matrix = std::array<std::uint64_t, 4>;

/// An integer quaternion a0 + a1 i + a2 j + a3 k (one generator, before reduction mod q).
struct spectralfly_quaternion {
  std::int64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  friend bool operator==(const spectralfly_quaternion&, const spectralfly_quaternion&) = default;
};

/// The largest q considered for any id type (the field bound of galois_field.hpp); with it every
/// product of two entries and every dense index below fits in 64 bits.
inline constexpr std::uint64_t spectralfly_q_limit = galois_field_max_order;

/// The largest p considered for any id type: spectralfly_quaternions takes about p^1.5 / 2 steps.
inline constexpr std::uint64_t spectralfly_p_limit = 1ULL << 21;

namespace detail {

inline std::uint64_t spectralfly_isqrt(std::uint64_t n) {
  auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && static_cast<unsigned __int128>(r) * r > n) --r;
  while (static_cast<unsigned __int128>(r + 1) * (r + 1) <= n) ++r;
  return r;
}

/// q (q^2 - 1), the order of PGL(2, q), for q <= spectralfly_q_limit.
inline std::uint64_t spectralfly_pgl_order(std::uint64_t q) { return q * (q * q - 1); }

/// (a/q) by Euler's criterion, q an odd prime: 1, -1, or 0 when q divides a.
inline int legendre_unchecked(std::uint64_t a, std::uint64_t q) {
  a %= q;
  if (a == 0) return 0;
  return powmod_u64(a, (q - 1) / 2, q) == 1 ? 1 : -1;
}

/// The order of X^{p,q}: PSL(2, q) when (p/q) = 1, PGL(2, q) when (p/q) = -1.
inline std::uint64_t spectralfly_order_unchecked(std::uint64_t p, std::uint64_t q) {
  return legendre_unchecked(p, q) == 1 ? spectralfly_pgl_order(q) / 2 : spectralfly_pgl_order(q);
}

/// The least prime greater than 2 sqrt(p) other than p (q > 2 sqrt(p) <=> q^2 > 4p).
inline std::uint64_t spectralfly_min_q_unchecked(std::uint64_t p) {
  std::uint64_t q = spectralfly_isqrt(4 * p) + 1;
  while (q < 3 || q == p || !is_prime_u64(q)) ++q;
  return q;
}

/// The largest prime q <= spectralfly_q_limit whose PSL(2, q) (the smaller group) has at most
/// core::max_vertices<V>() elements.
template <std::unsigned_integral V>
std::uint64_t spectralfly_q_cap() {
  const auto root = static_cast<std::uint64_t>(std::cbrt(2.0L * static_cast<long double>(core::max_vertices<V>())));
  std::uint64_t q = std::min(spectralfly_q_limit, root + 2);
  while (q > 3 && (spectralfly_pgl_order(q) / 2 > core::max_vertices<V>() || !is_prime_u64(q))) --q;
  return q;
}

/// The largest prime q other than p with the order of X^{p,q} at most core::max_vertices<V>(), or 0.
template <std::unsigned_integral V>
std::uint64_t spectralfly_q_hi(std::uint64_t p) {
  for (std::uint64_t q = spectralfly_q_cap<V>(); q >= 3; --q)
    if (q != p && is_prime_u64(q) && spectralfly_order_unchecked(p, q) <= core::max_vertices<V>()) return q;
  return 0;
}

}  // namespace detail

/// The largest p accepted for vertex ids of type V: the largest prime p ≡ 1 (mod 4) up to
/// spectralfly_p_limit that has a q (spectralfly_min_q(p) <= spectralfly_max_q<V>(p)).
/// 5 is the smallest p.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t spectralfly_max_p() {
  const std::uint64_t cap = detail::spectralfly_q_cap<V>();
  std::uint64_t p = std::min(spectralfly_p_limit, (cap * cap - 1) / 4);  // q > 2 sqrt(p) needs 4p < q^2
  for (; p >= 5; --p)
    if (p % 4 == 1 && detail::is_prime_u64(p) && detail::spectralfly_min_q_unchecked(p) <= detail::spectralfly_q_hi<V>(p))
      return p;
  return 0;
}

/// Which p and q in their ranges are accepted.
inline constexpr const char* spectralfly_p_rule = "a prime congruent to 1 mod 4";
inline constexpr const char* spectralfly_q_rule = "a prime other than p, above 2 sqrt(p)";

/// The p accepted for vertex ids of type V.
template <std::unsigned_integral V = std::uint32_t>
parameter_range spectralfly_p_range() {
  return {5, spectralfly_max_p<V>(), spectralfly_p_rule, {}};
}

/// The exact range of q at p for vertex ids of type V (at a p that is not accepted, the q of any p).
template <std::unsigned_integral V = std::uint32_t>
parameter_range spectralfly_q_range(std::uint64_t p) {
  const auto ps = spectralfly_p_range<V>();
  if (p < ps.min || p > ps.max || p % 4 != 1 || !detail::is_prime_u64(p))
    return {7, detail::spectralfly_q_cap<V>(), spectralfly_q_rule, {}};
  return {detail::spectralfly_min_q_unchecked(p), detail::spectralfly_q_hi<V>(p), spectralfly_q_rule,
          "at p = " + core::to_message(p)};
}

namespace detail {
template <std::unsigned_integral V>
void require_spectralfly_p(std::string_view where, std::uint64_t p) {
  const auto r = spectralfly_p_range<V>();
  if (p < r.min || p > r.max || p % 4 != 1 || !is_prime_u64(p)) core::throw_out_of_range(where, "p", p, range_text(r));
}

/// Validates p and q (see the file comment) and returns the Legendre symbol (p/q).
template <std::unsigned_integral V>
int require_spectralfly(std::string_view where, std::uint64_t p, std::uint64_t q) {
  require_spectralfly_p<V>(where, p);
  const auto r = spectralfly_q_range<V>(p);
  if (q < r.min || q > r.max || q == p || !is_prime_u64(q)) core::throw_out_of_range(where, "q", q, range_text(r));
  return legendre_unchecked(p, q);
}
}  // namespace detail

/// The Legendre symbol (a/q) for an odd prime q: 1 if a is a nonzero square mod q, -1 if it is
/// not a square, 0 if q divides a.
inline int legendre_symbol(std::uint64_t a, std::uint64_t q) {
  if (q < 3 || !detail::is_prime_u64(q)) core::throw_out_of_range("legendre_symbol", "q", q, "an odd prime");
  return detail::legendre_unchecked(a, q);
}

/// The smallest q accepted with p: the least prime greater than 2 sqrt(p) other than p. Validates p.
inline std::uint64_t spectralfly_min_q(std::uint64_t p) {
  detail::require_spectralfly_p<std::uint64_t>("spectralfly", p);
  return detail::spectralfly_min_q_unchecked(p);
}

/// The largest q accepted with p for vertex ids of type V: the largest prime other than p, at most
/// spectralfly_q_limit, whose graph X^{p,q} has at most core::max_vertices<V>() vertices. Validates p.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t spectralfly_max_q(std::uint64_t p) {
  detail::require_spectralfly_p<V>("spectralfly", p);
  return detail::spectralfly_q_hi<V>(p);
}

/// Validates p and q and returns the order: q (q^2 - 1) / 2 when (p/q) = 1 (PSL(2, q)),
/// q (q^2 - 1) when (p/q) = -1 (PGL(2, q)).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t spectralfly_order(std::uint64_t p, std::uint64_t q) {
  const int s = detail::require_spectralfly<V>("spectralfly", p, q);
  const std::uint64_t pgl = detail::spectralfly_pgl_order(q);
  return s == 1 ? pgl / 2 : pgl;
}

/// True when (p/q) = -1: the graph is the Cayley graph of PGL(2, q) and bipartite.
template <std::unsigned_integral V = std::uint32_t>
bool spectralfly_is_bipartite(std::uint64_t p, std::uint64_t q) {
  return detail::require_spectralfly<V>("spectralfly", p, q) == -1;
}

/// The network radix p + 1, the degree of every vertex. Validates p (for 64-bit ids).
inline std::uint64_t spectralfly_radix(std::uint64_t p) {
  detail::require_spectralfly_p<std::uint64_t>("spectralfly", p);
  return p + 1;
}

/// The number of edges order (p + 1) / 2.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t spectralfly_edge_count(std::uint64_t p, std::uint64_t q) {
  return core::checked_mul(spectralfly_order<V>(p, q), p + 1, "spectralfly", "edge count") / 2;
}

/// The p + 1 quaternions a0 + a1 i + a2 j + a3 k of norm p with a0 > 0 odd and a1, a2, a3 even,
/// in lexicographic order of (a0, a1, a2, a3). p must be a valid SpectralFly p (for 64-bit ids).
inline std::vector<spectralfly_quaternion> spectralfly_quaternions(std::uint64_t p) {
  detail::require_spectralfly_p<std::uint64_t>("spectralfly_quaternions", p);
  std::vector<spectralfly_quaternion> out;
  const auto r = static_cast<std::int64_t>(detail::spectralfly_isqrt(p));
  const auto pp = static_cast<std::int64_t>(p);
  for (std::int64_t a0 = 1; a0 <= r; a0 += 2)
    for (std::int64_t a1 = -(r - r % 2); a1 <= r; a1 += 2) {
      const std::int64_t s1 = pp - a0 * a0 - a1 * a1;
      if (s1 < 0) continue;
      for (std::int64_t a2 = -(r - r % 2); a2 <= r; a2 += 2) {
        const std::int64_t s2 = s1 - a2 * a2;
        if (s2 < 0) continue;
        const auto a3 = static_cast<std::int64_t>(detail::spectralfly_isqrt(static_cast<std::uint64_t>(s2)));
        if (a3 * a3 != s2 || a3 % 2 != 0) continue;
        out.push_back({a0, a1, a2, -a3});
        if (a3 != 0) out.push_back({a0, a1, a2, a3});
      }
    }
  if (out.size() != p + 1)
    throw std::logic_error("spectralfly_quaternions: found " + core::to_message(out.size()) + " solutions for p = " +
                           core::to_message(p) + ", not p + 1");
  return out;
}

/// m scaled so that its first nonzero entry is 1 (the canonical representative of its class
/// in PGL(2, q)). q must be an odd prime below 2^31 and m's entries below q, not all zero.
inline spectralfly_matrix spectralfly_normalize(std::uint64_t q, spectralfly_matrix m) {
  if (q < 3 || q >= (1ULL << 31) || !detail::is_prime_u64(q))
    core::throw_out_of_range("spectralfly_normalize", "q", q, "an odd prime below 2^31");
  for (auto x : m) core::require_range("spectralfly_normalize", "matrix entry", x, 0, q - 1);
  std::size_t i = 0;
  while (i < 4 && m[i] == 0) ++i;
  if (i == 4) core::fail_parameter("spectralfly_normalize", "matrix", "0", "is not invertible");
  const std::uint64_t s = detail::powmod_u64(m[i], q - 2, q);
  for (auto& x : m) x = x * s % q;
  return m;
}

/// The normalised product a b in PGL(2, q) (entries as for spectralfly_normalize).
inline spectralfly_matrix spectralfly_multiply(std::uint64_t q, const spectralfly_matrix& a,
                                               const spectralfly_matrix& b) {
  if (q < 3 || q >= (1ULL << 31) || !detail::is_prime_u64(q))
    core::throw_out_of_range("spectralfly_multiply", "q", q, "an odd prime below 2^31");
  for (auto x : a) core::require_range("spectralfly_multiply", "matrix entry", x, 0, q - 1);
  for (auto x : b) core::require_range("spectralfly_multiply", "matrix entry", x, 0, q - 1);
  return spectralfly_normalize(q, {(a[0] * b[0] + a[1] * b[2]) % q, (a[0] * b[1] + a[1] * b[3]) % q,
                                   (a[2] * b[0] + a[3] * b[2]) % q, (a[2] * b[1] + a[3] * b[3]) % q});
}

namespace detail {

/// x, y with x^2 + y^2 + 1 ≡ 0 (mod q), as the file comment fixes them.
inline std::pair<std::uint64_t, std::uint64_t> spectralfly_xy(std::uint64_t q) {
  auto sqrt_mod = [q](std::uint64_t a) {  // the smaller square root of a nonzero square a
    std::uint64_t r = 0;
    if (q % 4 == 3) {
      r = powmod_u64(a, (q + 1) / 4, q);
    } else {  // Tonelli–Shanks
      std::uint64_t s = 0, d = q - 1;
      while (d % 2 == 0) d /= 2, ++s;
      std::uint64_t z = 2;
      while (legendre_unchecked(z, q) != -1) ++z;
      std::uint64_t m = s, c = powmod_u64(z, d, q), t = powmod_u64(a, d, q);
      r = powmod_u64(a, (d + 1) / 2, q);
      while (t != 1) {
        std::uint64_t i = 0, t2 = t;
        while (t2 != 1) t2 = t2 * t2 % q, ++i;
        std::uint64_t b = c;
        for (std::uint64_t k = 0; k + 1 < m - i; ++k) b = b * b % q;
        m = i;
        c = b * b % q;
        t = t * c % q;
        r = r * b % q;
      }
    }
    return std::min(r, q - r);
  };
  if (q % 4 == 1) return {sqrt_mod(q - 1), 0};
  for (std::uint64_t x = 0;; ++x) {
    const std::uint64_t rest = (2 * q - 1 - x * x % q) % q;  // -1 - x^2
    if (rest != 0 && legendre_unchecked(rest, q) == 1) return {x, sqrt_mod(rest)};
  }
}

/// The generator matrices of already-validated p, q (see spectralfly_generators).
inline std::vector<spectralfly_matrix> spectralfly_generators_unchecked(std::uint64_t p, std::uint64_t q) {
  const auto [x, y] = spectralfly_xy(q);
  const auto qi = static_cast<std::int64_t>(q);
  auto mod = [qi](std::int64_t v) { return static_cast<std::uint64_t>(((v % qi) + qi) % qi); };
  auto mul = [q](std::uint64_t a, std::uint64_t b) { return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % q); };
  std::vector<spectralfly_matrix> out;
  for (const auto& h : spectralfly_quaternions(p)) {
    const std::uint64_t a0 = mod(h.a0), a1 = mod(h.a1), a2 = mod(h.a2), a3 = mod(h.a3);
    const std::uint64_t a1x = mul(a1, x), a1y = mul(a1, y), a3x = mul(a3, x), a3y = mul(a3, y);
    out.push_back(spectralfly_normalize(q, {(a0 + a1x + a3y) % q, (a2 + a3x + q - a1y) % q,
                                            (2 * q - a2 + a3x - a1y) % q, (a0 + 2 * q - a1x - a3y) % q}));
  }
  std::vector<spectralfly_matrix> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  const spectralfly_matrix identity{1, 0, 0, 1};
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end() ||
      std::binary_search(sorted.begin(), sorted.end(), identity))
    throw std::logic_error("spectralfly: the generators of p = " + core::to_message(p) + ", q = " +
                           core::to_message(q) + " are not p + 1 distinct non-identity elements");
  return out;
}

/// The dense index of a normalised matrix: b q^2 + c q + d for (1, b, c, d), q^3 + c q + d for (0, 1, c, d).
inline std::uint64_t spectralfly_index(std::uint64_t q, const spectralfly_matrix& m) {
  return m[0] == 1 ? (m[1] * q + m[2]) * q + m[3] : q * q * q + m[2] * q + m[3];
}

/// Breadth-first enumeration of the group from the identity (see the file comment): calls
/// edge(u, v) once for every edge u < v, and returns the elements in vertex order.
template <std::unsigned_integral V, class Edge>
std::vector<spectralfly_matrix> spectralfly_enumerate(std::uint64_t p, std::uint64_t q, std::uint64_t n,
                                                      Edge&& edge) {
  const auto gens = spectralfly_generators_unchecked(p, q);
  const V unseen = std::numeric_limits<V>::max();
  std::vector<V> id(static_cast<std::size_t>(q * q * q + q * q), unseen);
  std::vector<spectralfly_matrix> elements;
  elements.reserve(static_cast<std::size_t>(n));
  elements.push_back({1, 0, 0, 1});
  id[spectralfly_index(q, elements[0])] = 0;
  for (std::size_t u = 0; u < elements.size(); ++u) {
    const auto g = elements[u];
    for (const auto& s : gens) {
      spectralfly_matrix m{(g[0] * s[0] + g[1] * s[2]) % q, (g[0] * s[1] + g[1] * s[3]) % q,
                           (g[2] * s[0] + g[3] * s[2]) % q, (g[2] * s[1] + g[3] * s[3]) % q};
      const std::uint64_t lead = m[0] != 0 ? m[0] : m[1];
      const std::uint64_t inv = powmod_u64(lead, q - 2, q);
      for (auto& e : m) e = e * inv % q;
      V& v = id[spectralfly_index(q, m)];
      if (v == unseen) {
        if (elements.size() == n)
          throw std::logic_error("spectralfly: the generators of p = " + core::to_message(p) + ", q = " +
                                 core::to_message(q) + " reach more than the " + core::to_message(n) + " elements");
        v = static_cast<V>(elements.size());
        elements.push_back(m);
      }
      if (u < v) edge(static_cast<V>(u), v);
    }
  }
  if (elements.size() != n)
    throw std::logic_error("spectralfly: the generators of p = " + core::to_message(p) + ", q = " +
                           core::to_message(q) + " reach " + core::to_message(elements.size()) + " elements, not " +
                           core::to_message(n));
  return elements;
}

/// Bytes of the enumeration beside the graph: the index table and the element list.
template <std::unsigned_integral V>
std::uint64_t spectralfly_enumeration_bytes(std::uint64_t q, std::uint64_t n) {
  return core::estimate_add_mul(core::estimate_add_mul(0, q * q * q + q * q, sizeof(V)), n,
                                sizeof(spectralfly_matrix));
}

}  // namespace detail

/// The p + 1 generators in PGL(2, q), normalised, in the order of spectralfly_quaternions(p).
/// Validates p and q (for 64-bit ids).
inline std::vector<spectralfly_matrix> spectralfly_generators(std::uint64_t p, std::uint64_t q) {
  detail::require_spectralfly<std::uint64_t>("spectralfly_generators", p, q);
  return detail::spectralfly_generators_unchecked(p, q);
}

/// The group elements in vertex order: element v is the normalised matrix of vertex v.
template <std::unsigned_integral V = std::uint32_t>
std::vector<spectralfly_matrix> spectralfly_elements(std::uint64_t p, std::uint64_t q) {
  const std::uint64_t n = spectralfly_order<V>(p, q);
  core::require_memory("spectralfly_elements", "the group enumeration",
                       detail::spectralfly_enumeration_bytes<V>(q, n));
  return detail::spectralfly_enumerate<V>(p, q, n, [](V, V) {});
}

/// The SpectralFly graph X^{p,q} over vertex ids of type V.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> spectralfly(std::uint64_t p, std::uint64_t q) {
  const std::uint64_t n = spectralfly_order<V>(p, q);
  const std::uint64_t m = spectralfly_edge_count<V>(p, q);
  core::require_memory("spectralfly",
                       "the graph (" + core::to_message(n) + " vertices, " + core::to_message(m) + " edges)",
                       core::estimate_add_mul(core::graph_build_bytes(sizeof(V), n, m, 2 * m), 1,
                                              detail::spectralfly_enumeration_bytes<V>(q, n)));
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  detail::spectralfly_enumerate<V>(p, q, n, [&](V u, V v) { edges.emplace_back(u, v); });
  return core::graph<V>::from_edges(n, edges,
                                    "SpectralFly(p=" + core::to_message(p) + ",q=" + core::to_message(q) + ")");
}

/// SpectralFly as a family of the registry (topology/families.hpp): parameters p and q, and the
/// field tables' candidates, every allowed X^{p,q} of radix p + 1 within the limits (q from
/// spectralfly_min_q(p) upward while the smaller group, PSL(2, q), fits the router count).
inline const family_descriptor& spectralfly_family() {
  static const family_descriptor f{
      .name = "spectralfly",
      .summary = "SpectralFly: the Lubotzky-Phillips-Sarnak Ramanujan graph X^{p,q}, a Cayley graph of PSL(2,q) "
                 "or PGL(2,q); (p+1)-regular, nontrivial eigenvalues within 2 sqrt(p)",
      .source = "Young et al., IPDPS '22; Lubotzky, Phillips and Sarnak 1988",
      .parameters = {{.id = "p",
                      .symbol = "p",
                      .min = 5,
                      .max = spectralfly_max_p<std::uint32_t>(),
                      .help = "Prime congruent to 1 mod 4; radix p+1",
                      .rule = spectralfly_p_rule},
                     {.id = "q",
                      .symbol = "q",
                      .min = 7,
                      .max = detail::spectralfly_q_cap<std::uint32_t>(),
                      .help = "Prime other than p above 2 sqrt(p); q(q^2-1)/2 routers if p is a square mod q, "
                              "else q(q^2-1), bipartite",
                      .rule = spectralfly_q_rule,
                      .range_at = [](const parameter_values& v) { return spectralfly_q_range(unsigned_value(v, "p")); }}},
      .example = {{"p", std::uint64_t{5}}, {"q", std::uint64_t{7}}},
      .make = [](const parameter_values& v) {
        return spectralfly<std::uint32_t>(unsigned_value(v, "p"), unsigned_value(v, "q"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"cayley"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "cayley"); },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "SpectralFly",
                           .rule = "every X^{p,q}: p a prime = 1 mod 4, q a prime other than p above 2 sqrt(p)",
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t max_routers) {
                                 std::vector<field_candidate> out;
                                 for (std::uint64_t p = 5; p + 1 <= max_radix && p <= spectralfly_p_limit; p += 4) {
                                   if (!detail::is_prime_u64(p)) continue;
                                   for (std::uint64_t q = detail::spectralfly_min_q_unchecked(p);
                                        q <= spectralfly_q_limit && detail::spectralfly_pgl_order(q) / 2 <= max_routers;
                                        ++q)
                                     if (q != p && detail::is_prime_u64(q))
                                       out.push_back({{{"p", p}, {"q", q}},
                                                      detail::spectralfly_order_unchecked(p, q),
                                                      p + 1,
                                                      "p = " + core::to_message(p) + ", q = " + core::to_message(q)});
                                 }
                                 return out;
                               }},
      .endpoints_rule = "ceil((p+1)/2), half the network radix p+1 rounded up (the balanced rule Besta and Hoefler give for Slim Fly)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), (unsigned_value(v, "p") + 2) / 2);
      },
  };
  return f;
}

}  // namespace shiftfly::topology
