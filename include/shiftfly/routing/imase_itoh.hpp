#pragma once
/// \file imase_itoh.hpp
/// Table-free routing on the Imase–Itoh digraph II(n,d) at every order n >= 2
/// (arcs i -> -d i - r mod n, r = 1..d; Shiftfly paper, Theorem 5.5).
///
/// Iterating the arc map k times with digits r_1..r_k sends i to
///   (-d)^k i - S,   S = sum_{t=1}^k r_t (-d)^{k-t}.
/// With digits 1..d, base -d, the d^k values of S are exactly the integers of one
/// interval [L_k, U_k] of length d^k (a shifted negabase numeral system), so the
/// vertices reachable in exactly k steps are {(-d)^k i - S mod n : L_k <= S <= U_k}.
/// Routing from i to j therefore tries k = 0, 1, 2, ... and at each k asks in
/// O(1) whether the residue class ((-d)^k i - j) mod n meets [L_k, U_k]; the first
/// k that succeeds is the directed distance (the walk found is a shortest one, by
/// construction), and k <= ceil(log_d n) because d^k >= n covers every class.
/// The digits are then read off S in base -d with digit set 1..d. No table, no BFS.
///
/// `imase_itoh_shortest_stats` checks this against an independent BFS over all
/// ordered pairs, and also counts how often the fixed-length walk of exactly
/// ceil(log_d n) arcs (the route of the proof of Theorem 5.5) would be shortest.

#include <cstdint>
#include <string_view>
#include <stdexcept>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::routing {

/// Largest order accepted by the Imase–Itoh router (keeps (-d)^k within 128-bit arithmetic).
inline constexpr std::uint64_t imase_itoh_max_order = std::uint64_t{1} << 40;

/// ceil(log_d n): the diameter guarantee of II(n,d) (Theorem 5.5); 0 for n = 1.
inline unsigned ceil_log(std::uint64_t n, std::uint64_t d) {
  core::require_at_least("ceil_log", "d", d, 2);
  core::require_at_least("ceil_log", "n", n, 1);
  unsigned k = 0;
  unsigned __int128 cap = 1;
  while (cap < n) {
    cap *= d;
    ++k;
  }
  return k;
}

/// A route on II(n,d): the vertices (source first), the digits r_1..r_k, and k.
struct imase_itoh_route {
  std::vector<std::uint64_t> path;
  std::vector<std::uint32_t> digits;
  std::size_t hops = 0;
};

namespace detail {

using i128 = __int128;

inline std::uint64_t mod_floor(i128 a, std::uint64_t n) {
  i128 r = a % static_cast<i128>(n);
  if (r < 0) r += n;
  return static_cast<std::uint64_t>(r);
}

}  // namespace detail

/// The per-(n,d) constants of the router: for k = 0..ceil(log_d n), the interval
/// [L_k, U_k] of S and (-d)^k mod n. O(log_d n) numbers; not a routing table.
struct imase_itoh_plan {
  std::uint64_t n = 0, d = 0;
  unsigned guarantee = 0;  ///< ceil(log_d n)
  std::vector<detail::i128> lo, hi;
  std::vector<std::uint64_t> power;  ///< (-d)^k mod n
  bool narrow = false;               ///< every quantity fits 64-bit arithmetic
};

/// Builds the router constants for II(n,d).
inline imase_itoh_plan make_imase_itoh_plan(std::uint64_t n, std::uint64_t d) {
  core::require_range("imase_itoh_plan", "n", n, 2, imase_itoh_max_order);
  core::require_range("imase_itoh_plan", "d", d, 2, 65535);
  imase_itoh_plan p;
  p.n = n;
  p.d = d;
  p.guarantee = ceil_log(n, d);
  // term e (coefficient (-d)^e of digit r_{k-e}) spans d^e..d^{e+1} (even e), -d^{e+1}..-d^e (odd e)
  detail::i128 lo = 0, hi = 0, pw = 1;
  std::uint64_t pmod = 1 % n;
  for (unsigned k = 0; k <= p.guarantee; ++k) {
    p.lo.push_back(lo);
    p.hi.push_back(hi);
    p.power.push_back(pmod);
    if (k % 2 == 0) {
      lo += pw;
      hi += pw * static_cast<detail::i128>(d);
    } else {
      lo -= pw * static_cast<detail::i128>(d);
      hi -= pw;
    }
    pw *= static_cast<detail::i128>(d);
    pmod = detail::mod_floor(-static_cast<detail::i128>(pmod) * static_cast<detail::i128>(d), n);
  }
  const detail::i128 limit = detail::i128{1} << 62;
  p.narrow = n < (std::uint64_t{1} << 31);
  for (unsigned k = 0; k <= p.guarantee; ++k) p.narrow = p.narrow && p.lo[k] > -limit && p.hi[k] < limit;
  return p;
}

namespace detail {

/// The smallest S in [lo_k, hi_k] with (-d)^k i - S = j (mod n), or false.
inline bool solve_k(const imase_itoh_plan& p, std::uint64_t i, std::uint64_t j, unsigned k, i128& S) {
  if (p.narrow) {  // 64-bit fast path: n < 2^31 and every bound below 2^62 in magnitude
    const auto n = static_cast<std::int64_t>(p.n);
    const std::int64_t c = static_cast<std::int64_t>((p.power[k] * i + p.n - j) % p.n);
    const auto lo = static_cast<std::int64_t>(p.lo[k]);
    std::int64_t off = (c - lo) % n;
    if (off < 0) off += n;
    S = lo + off;
    return lo + off <= static_cast<std::int64_t>(p.hi[k]);
  }
  const std::uint64_t c = mod_floor(static_cast<i128>(p.power[k]) * i - static_cast<i128>(j), p.n);
  S = p.lo[k] + static_cast<i128>(mod_floor(static_cast<i128>(c) - p.lo[k], p.n));
  return S <= p.hi[k];
}

inline void validate_pair(std::string_view where, const imase_itoh_plan& p, std::uint64_t i, std::uint64_t j) {
  core::require_range(where, "source", i, 0, p.n - 1);
  core::require_range(where, "dest", j, 0, p.n - 1);
}

/// Expands S into digits r_1..r_k (base -d, digit set 1..d) and walks them, into `out`
/// (its vectors' capacity is reused).
inline void expand_into(const imase_itoh_plan& p, std::uint64_t i, std::uint64_t j, unsigned k, i128 S,
                        imase_itoh_route& out) {
  out.digits.resize(k);
  const auto d = static_cast<i128>(p.d);
  if (p.narrow) {  // 64-bit arithmetic (see make_imase_itoh_plan)
    auto s64 = static_cast<std::int64_t>(S);
    const auto d64 = static_cast<std::int64_t>(p.d);
    for (unsigned t = k; t-- > 0;) {
      std::int64_t m = (s64 - 1) % d64;
      if (m < 0) m += d64;
      out.digits[t] = static_cast<std::uint32_t>(m + 1);
      s64 = (s64 - (m + 1)) / -d64;
    }
    S = s64;
  } else {
    for (unsigned t = k; t-- > 0;) {  // r_k first
      const auto r = static_cast<std::uint32_t>(mod_floor(S - 1, p.d) + 1);
      out.digits[t] = r;
      S = (S - r) / -d;
    }
  }
  if (S != 0) throw std::logic_error("route_imase_itoh: digit expansion did not terminate (interval claim violated)");
  out.path.assign(1, i);
  std::uint64_t x = i;
  for (auto r : out.digits) {
    x = p.narrow ? (p.n - (p.d * x + r) % p.n) % p.n : mod_floor(-d * x - r, p.n);
    out.path.push_back(x);
  }
  if (x != j) throw std::logic_error("route_imase_itoh: walk does not end at the destination");
  out.hops = k;
}

inline imase_itoh_route expand(const imase_itoh_plan& p, std::uint64_t i, std::uint64_t j, unsigned k, i128 S) {
  imase_itoh_route out;
  expand_into(p, i, j, k, S, out);
  return out;
}

}  // namespace detail

/// Hop count of the smallest-k route (= directed distance), without building the walk.
inline unsigned imase_itoh_hops(const imase_itoh_plan& p, std::uint64_t i, std::uint64_t j) {
  detail::validate_pair("imase_itoh_hops", p, i, j);
  detail::i128 S = 0;
  for (unsigned k = 0; k <= p.guarantee; ++k)
    if (detail::solve_k(p, i, j, k, S)) return k;
  throw std::logic_error("imase_itoh_hops: no walk of at most ceil(log_d n) arcs (Theorem 5.5 violated)");
}

/// Shortest table-free route from i to j on II(n,d): smallest k first, k <= ceil(log_d n).
inline imase_itoh_route route_imase_itoh(const imase_itoh_plan& p, std::uint64_t i, std::uint64_t j) {
  detail::validate_pair("route_imase_itoh", p, i, j);
  detail::i128 S = 0;
  for (unsigned k = 0; k <= p.guarantee; ++k)
    if (detail::solve_k(p, i, j, k, S)) return detail::expand(p, i, j, k, S);
  throw std::logic_error("route_imase_itoh: no walk of at most ceil(log_d n) arcs (Theorem 5.5 violated)");
}

/// route_imase_itoh writing into `out` (reuses its storage; for loops over many pairs).
inline void route_imase_itoh_into(const imase_itoh_plan& p, std::uint64_t i, std::uint64_t j, imase_itoh_route& out) {
  detail::validate_pair("route_imase_itoh", p, i, j);
  detail::i128 S = 0;
  for (unsigned k = 0; k <= p.guarantee; ++k)
    if (detail::solve_k(p, i, j, k, S)) return detail::expand_into(p, i, j, k, S, out);
  throw std::logic_error("route_imase_itoh: no walk of at most ceil(log_d n) arcs (Theorem 5.5 violated)");
}

/// Shortest table-free route from i to j on II(n,d), from (n, d, i, j) alone; i and j are
/// named source and dest in its errors.
inline imase_itoh_route route_imase_itoh(std::uint64_t n, std::uint64_t d, std::uint64_t i, std::uint64_t j) {
  return route_imase_itoh(make_imase_itoh_plan(n, d), i, j);
}

/// The fixed-length route of the proof of Theorem 5.5: exactly ceil(log_d n) arcs.
inline imase_itoh_route route_imase_itoh_fixed(std::uint64_t n, std::uint64_t d, std::uint64_t i, std::uint64_t j) {
  const auto p = make_imase_itoh_plan(n, d);
  detail::validate_pair("route_imase_itoh_fixed", p, i, j);
  detail::i128 S = 0;
  if (!detail::solve_k(p, i, j, p.guarantee, S)) throw std::logic_error("route_imase_itoh_fixed: Theorem 5.5 violated");
  return detail::expand(p, i, j, p.guarantee, S);
}

/// Directed BFS distances from `source` on II(n,d), by the arc map itself (an
/// independent check of the router; O(n d)).
inline std::vector<std::uint32_t> imase_itoh_bfs(std::uint64_t n, std::uint64_t d, std::uint64_t source) {
  core::require_range("imase_itoh_bfs", "n", n, 2, std::uint64_t{1} << 31);
  core::require_range("imase_itoh_bfs", "d", d, 2, 65535);
  core::require_range("imase_itoh_bfs", "source", source, 0, n - 1);
  constexpr std::uint32_t unreached = 0xffffffffU;
  std::vector<std::uint32_t> dist(n, unreached);
  std::vector<std::uint64_t> queue;
  queue.reserve(n);
  dist[source] = 0;
  queue.push_back(source);
  for (std::size_t h = 0; h < queue.size(); ++h) {
    const std::uint64_t x = queue[h];
    // the successors -d x - r, r = d..1, are the d consecutive residues from -d x - d (mod n)
    std::uint64_t y = detail::mod_floor(-static_cast<detail::i128>(d) * x - static_cast<detail::i128>(d), n);
    for (std::uint64_t r = 0; r < d; ++r) {
      if (dist[y] == unreached) {
        dist[y] = dist[x] + 1;
        queue.push_back(y);
      }
      if (++y == n) y = 0;
    }
  }
  return dist;
}

/// How often the arithmetic routes are shortest, over all ordered pairs i != j of II(n,d).
struct imase_itoh_shortest_stats {
  std::uint64_t n = 0, d = 0;
  std::uint64_t pairs = 0;           ///< ordered pairs i != j
  std::uint64_t shortest = 0;        ///< smallest-k route length == BFS distance
  std::uint64_t fixed_shortest = 0;  ///< the ceil(log_d n)-arc route is shortest (distance == guarantee)
  std::uint64_t total_hops = 0;      ///< sum of route lengths
  unsigned guarantee = 0;            ///< ceil(log_d n)
  unsigned max_hops = 0;             ///< diameter, as found by the router
  [[nodiscard]] double mean_hops() const { return pairs ? double(total_hops) / double(pairs) : 0.0; }
};

/// Exact over all ordered pairs: the router's hop count (whose walk `route_imase_itoh` builds) against BFS. O(n^2 (d + log n)).
inline imase_itoh_shortest_stats imase_itoh_shortest(std::uint64_t n, std::uint64_t d) {
  core::require_range("imase_itoh_shortest", "n", n, 2, 20000);
  core::require_range("imase_itoh_shortest", "d", d, 2, 65535);
  imase_itoh_shortest_stats s;
  s.n = n;
  s.d = d;
  s.guarantee = ceil_log(n, d);
  const auto plan = make_imase_itoh_plan(n, d);
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto dist = imase_itoh_bfs(n, d, i);
    for (std::uint64_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const unsigned hops = imase_itoh_hops(plan, i, j);
      ++s.pairs;
      s.total_hops += hops;
      if (hops > s.max_hops) s.max_hops = hops;
      if (hops == dist[j]) ++s.shortest;
      if (dist[j] == s.guarantee) ++s.fixed_shortest;
    }
  }
  return s;
}

}  // namespace shiftfly::routing
