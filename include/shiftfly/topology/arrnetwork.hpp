#pragma once
/// \file arrnetwork.hpp
/// The arrangement graph A(n, k) (Day and Tripathi, "Arrangement graphs: a class of generalized
/// star graphs", Information Processing Letters 42(5), 1992), EvalNet's arrangement network: the
/// routers are the k-permutations (arrangements) of n symbols, two adjacent iff they differ in
/// exactly one position. n!/(n − k)! routers of degree k(n − k); A(n, 1) is the complete graph
/// K_n and A(n, n − 1) the star graph S_n. The diameter is min(⌊3k/2⌋, k + ⌊(n − 1)/2⌋) for every
/// n up to 7 (by BFS in tests/topology/arrnetwork_test.cpp; not claimed beyond).
///
///     arrnetwork<V>(n, k) -> core::graph<V>, named "Arrangement(n=4,k=2)"
///     arrnetwork_order<V>(n, k) = n!/(n − k)!, arrnetwork_radix(n, k) = k(n − k)
///     arrnetwork_digits(n, k, u) -> the arrangement of router u
///
/// Numbering: the arrangements (a_1, ..., a_k) of the symbols 0 .. n − 1 in lexicographic order
/// (EvalNet's order, itertools.permutations): router u's arrangement has the mixed-radix digits
/// r_i = u / w_i mod (n − i + 1), w_i = (n − i)!/(n − k)!, r_i the rank of a_i among the symbols
/// not in a_1 .. a_{i−1}. A link changes one position i (its class "position i"); the routers of
/// one first symbol, a block of w_1, form an A(n − 1, k − 1).

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

/// n!/(n − k)! when it is at most `limit`, else 0.
inline std::uint64_t arrnetwork_count_or_zero(std::uint64_t n, std::uint64_t k, std::uint64_t limit) {
  std::uint64_t c = 1;
  for (std::uint64_t i = 0; i < k; ++i)
    if (__builtin_mul_overflow(c, n - i, &c) || c > limit) return 0;
  return c;
}

/// The largest k at any n for ids of type V: n!/(n − k)! within V for some n > k (11 for 32 bits).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t arrnetwork_max_k() {
  std::uint64_t best = 1;
  for (std::uint64_t k = 2; k < 64; ++k)
    if (arrnetwork_count_or_zero(k + 1, k, core::max_vertices<V>()) != 0) best = k;
  return best;
}

/// The exact range of k at n over ids of type V: 1 to the largest k < n whose n!/(n − k)! routers
/// fit V (at an n out of range, 1 to arrnetwork_max_k).
template <std::unsigned_integral V = std::uint32_t>
parameter_range arrnetwork_k_range(std::uint64_t n) {
  if (n < 2 || n > core::max_vertices<V>()) return {1, arrnetwork_max_k<V>(), {}, {}};
  std::uint64_t k = 1;
  while (k + 1 < n && arrnetwork_count_or_zero(n, k + 1, core::max_vertices<V>()) != 0) ++k;
  return {1, k, {},
          "at n = " + core::to_message(n) + ", so that k < n and n!/(n-k)! routers fit a " +
              core::to_message(sizeof(V) * 8) + "-bit vertex id"};
}

/// Validates (n, k) (n first, then k at n) and returns the router count n!/(n − k)!.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t arrnetwork_order(std::uint64_t n, std::uint64_t k) {
  core::require_range("arrnetwork", "n", n, 2, core::max_vertices<V>());
  const auto r = arrnetwork_k_range<V>(n);
  if (k < r.min || k > r.max) core::throw_out_of_range("arrnetwork", "k", k, range_text(r));
  return arrnetwork_count_or_zero(n, k, core::max_vertices<V>());
}

/// The degree k(n − k) of every router.
inline std::uint64_t arrnetwork_radix(std::uint64_t n, std::uint64_t k) {
  arrnetwork_order<std::uint64_t>(n, k);
  return k * (n - k);
}

namespace detail {
/// The weights w_1 .. w_k of the numbering, w_i = (n − i)!/(n − k)!.
inline std::vector<std::uint64_t> arrnetwork_weights(std::uint64_t n, std::uint64_t k) {
  std::vector<std::uint64_t> w(static_cast<std::size_t>(k), 1);
  for (std::uint64_t i = k - 1; i-- > 0;) w[i] = w[i + 1] * (n - i - 1);
  return w;
}
}  // namespace detail

/// The arrangement (a_1, ..., a_k) of router u of A(n, k) (see the file comment).
inline std::vector<std::uint64_t> arrnetwork_digits(std::uint64_t n, std::uint64_t k, std::uint64_t u) {
  const std::uint64_t order = arrnetwork_order<std::uint64_t>(n, k);
  core::require_range("arrnetwork_digits", "u", u, 0, order - 1);
  const auto w = detail::arrnetwork_weights(n, k);
  std::vector<std::uint64_t> a, before;  // before: a_1 .. a_{i-1} in ascending order
  for (std::size_t i = 0; i < static_cast<std::size_t>(k); ++i) {
    std::uint64_t s = u / w[i];  // the rank among the free symbols: skip the used ones at or below it
    u %= w[i];
    for (auto x : before) s += x <= s ? 1 : 0;
    a.push_back(s);
    before.insert(std::upper_bound(before.begin(), before.end(), s), s);
  }
  return a;
}

/// A(n, k) over vertex ids of type V (see the file comment for the numbering).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> arrnetwork(std::uint64_t n, std::uint64_t k) {
  const std::uint64_t order = arrnetwork_order<V>(n, k);
  const std::uint64_t m = core::checked_mul(order, k * (n - k), "arrnetwork", "link count") / 2;
  core::require_graph_memory("arrnetwork", sizeof(V), order, m);
  const auto w = detail::arrnetwork_weights(n, k);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  std::vector<std::uint64_t> a(static_cast<std::size_t>(k));
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  // the rank of arrangement x: its digits r_i = x_i − #{j < i : x_j < x_i}
  auto rank = [&](const std::vector<std::uint64_t>& x) {
    std::uint64_t r = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      std::uint64_t d = x[i];
      for (std::size_t j = 0; j < i; ++j) d -= x[j] < x[i] ? 1 : 0;
      r += d * w[i];
    }
    return r;
  };
  // the first arrangement (0, 1, ..., k − 1), then the next in lexicographic order each step
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = i;
    used[i] = true;
  }
  for (std::uint64_t u = 0; u < order; ++u) {
    // each link once: from the arrangement whose changed position holds the smaller symbol
    for (std::size_t i = 0; i < a.size(); ++i)
      for (std::uint64_t c = a[i] + 1; c < n; ++c)
        if (!used[c]) {
          const std::uint64_t was = a[i];
          a[i] = c;
          edges.emplace_back(static_cast<V>(u), static_cast<V>(rank(a)));
          a[i] = was;
        }
    if (u + 1 == order) break;
    // next arrangement: the last position that can take a larger free symbol takes the smallest
    // one, and the positions after it the smallest free symbols in order
    for (std::size_t i = a.size(); i-- > 0;) {
      used[a[i]] = false;
      std::uint64_t c = a[i] + 1;
      while (c < n && used[c]) ++c;
      if (c < n) {
        a[i] = c;
        used[c] = true;
        std::uint64_t s = 0;
        for (std::size_t j = i + 1; j < a.size(); ++j) {
          while (used[s]) ++s;
          a[j] = s;
          used[s] = true;
        }
        break;
      }
    }
  }
  return core::graph<V>::from_edges(order, edges,
                                    "Arrangement(n=" + core::to_message(n) + ",k=" + core::to_message(k) + ")");
}

/// The arrangement network's descriptor (topology/descriptor.hpp).
inline const family_descriptor& arrnetwork_family() {
  static const family_descriptor f{
      .name = "arrnetwork",
      .summary = "Arrangement network: the k-permutations of n symbols, adjacent when they differ in one position (Day and Tripathi 1992)",
      .source = "Day and Tripathi, Information Processing Letters 1992",
      .parameters = {{.id = "n",
                      .symbol = "n",
                      .min = 2,
                      .max = core::max_vertices<std::uint32_t>(),
                      .help = "Symbols n; n!/(n - k)! routers of radix k(n - k)"},
                     {.id = "k",
                      .symbol = "k",
                      .min = 1,
                      .max = arrnetwork_max_k(),
                      .help = "Positions k < n (k = 1: the complete graph K_n; k = n - 1: the star graph S_n)",
                      .range_at = [](const parameter_values& v) { return arrnetwork_k_range(unsigned_value(v, "n")); }}},
      .example = {{"n", std::uint64_t{4}}, {"k", std::uint64_t{2}}},
      .make = [](const parameter_values& v) {
        return arrnetwork<std::uint32_t>(unsigned_value(v, "n"), unsigned_value(v, "k"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"position"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto n = unsigned_value(v, "n"), k = unsigned_value(v, "k");
            const auto order = arrnetwork_order(n, k);
            const auto w = detail::arrnetwork_weights(n, k);
            std::vector<std::string> names;
            for (std::uint64_t i = 1; i <= k; ++i) names.push_back("position " + core::to_message(i));
            // the first differing digit is the changed position: the digits before it are the same
            return detail::classes_by_ends(g, order, std::move(names), [&](std::uint32_t x, std::uint32_t y) {
              std::size_t i = 0;
              while (i + 1 < w.size() && x / w[i] == y / w[i]) ++i;
              return i;
            });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "n + 1 (EvalNet's ArrangementNetwork)",
      .endpoints = [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), unsigned_value(v, "n") + 1);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            const auto n = unsigned_value(v, "n"), k = unsigned_value(v, "k");
            return "the n = " + core::to_message(n) + " sub-arrangements A(n - 1, k - 1) of a first symbol, " +
                   core::to_message(arrnetwork_order(n, k) / n) + " routers each";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const auto n = unsigned_value(v, "n"), k = unsigned_value(v, "k");
            return block_groups(routers, arrnetwork_order(n, k) / n);
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
