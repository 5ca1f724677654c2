#pragma once
/// \file shift.hpp
/// Table-free shift routing on Kautz K(d,D) and de Bruijn B(d,D) (Shiftfly
/// paper, Theorem 5.2), the merge criterion (Theorem 5.3), and the expected
/// longest common suffix under uniform labels (Proposition 5.4).
///
/// Theorem 5.2: let l be the length of the longest suffix of u that is a prefix
/// of v and k = D - l. Then w^(j) = u_{j+1}..u_D v_{l+1}..v_{l+j}, j = 0..k, is a
/// walk from u to v along shift arcs, and k is the directed distance d(u,v).
/// l is found in O(D) with the Knuth-Morris-Pratt prefix function of v, run over u.
/// Nothing is tabulated and there is no fallback: a walk that leaves the label
/// space would contradict the theorem and raises std::logic_error.
///
/// Theorem 5.3: if u and u' route to a common v with equal overlap, their walks
/// occupy the same vertex at step j iff u and u' agree in their last D-j symbols,
/// so they first merge at j* = D - lcs(u,u').

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/routing/label.hpp"

namespace shiftfly::routing {

/// Length of the longest suffix of u that is a prefix of v (0..min(|u|,|v|)),
/// in O(|u| + |v|): the KMP failure function of v, then u fed through the automaton.
inline std::size_t suffix_prefix_overlap(std::span<const core::symbol> u, std::span<const core::symbol> v) {
  const std::size_t m = v.size();
  if (m == 0 || u.empty()) return 0;
  std::array<std::size_t, 64> small{};
  std::vector<std::size_t> large;
  if (m > small.size()) large.assign(m, 0);
  std::size_t* fail = m > small.size() ? large.data() : small.data();  // fail[i]: longest proper border of v[0..i]
  fail[0] = 0;
  for (std::size_t i = 1, k = 0; i < m; ++i) {
    while (k > 0 && v[i] != v[k]) k = fail[k - 1];
    if (v[i] == v[k]) ++k;
    fail[i] = k;
  }
  std::size_t q = 0;  // length of the longest prefix of v that is a suffix of the text read so far
  for (std::size_t i = 0; i < u.size(); ++i) {
    if (q == m) q = fail[q - 1];
    while (q > 0 && u[i] != v[q]) q = fail[q - 1];
    if (u[i] == v[q]) ++q;
  }
  return q;
}

/// Longest common suffix of a and b.
inline std::size_t longest_common_suffix(std::span<const core::symbol> a, std::span<const core::symbol> b) noexcept {
  std::size_t k = 0;
  while (k < a.size() && k < b.size() && a[a.size() - 1 - k] == b[b.size() - 1 - k]) ++k;
  return k;
}

/// A shift route: the vertex ids of w^(0..k), the overlap l and the hop count k = D - l.
struct shift_route {
  std::vector<std::uint64_t> path;  ///< source first, destination last
  std::size_t overlap = 0;          ///< l of Theorem 5.2
  std::size_t hops = 0;             ///< k = D - l = directed distance
};

/// Directed distance d(u,v) = D - l (Theorem 5.2), from the labels alone.
inline std::size_t shift_distance(const label_space& s, std::span<const core::symbol> u,
                                  std::span<const core::symbol> v) {
  validate_label(s, u, "shift_distance", "u");
  validate_label(s, v, "shift_distance", "v");
  return s.D - suffix_prefix_overlap(u, v);
}

/// The walk w^(0..k) of Theorem 5.2 as labels (source first). Every word is checked
/// to be a label of the space: a violation is a broken theorem, std::logic_error.
inline std::vector<std::vector<core::symbol>> shift_walk_labels(const label_space& s, std::span<const core::symbol> u,
                                                                std::span<const core::symbol> v) {
  validate_label(s, u, "shift_walk_labels", "u");
  validate_label(s, v, "shift_walk_labels", "v");
  const std::size_t D = s.D, l = suffix_prefix_overlap(u, v), k = D - l;
  std::vector<std::vector<core::symbol>> walk;
  walk.reserve(k + 1);
  std::vector<core::symbol> w(u.begin(), u.end());
  walk.push_back(w);
  for (std::size_t j = 1; j <= k; ++j) {
    // the arc map: drop the leading symbol, append v_{l+j}
    std::rotate(w.begin(), w.begin() + 1, w.end());
    w.back() = v[l + j - 1];
    if (s.family == label_family::kautz && D > 1 && w[D - 1] == w[D - 2])
      throw std::logic_error("shift_walk_labels: Theorem 5.2 violated (walk left the Kautz label space)");
    walk.push_back(w);
  }
  if (!std::equal(w.begin(), w.end(), v.begin(), v.end()))
    throw std::logic_error("shift_walk_labels: Theorem 5.2 violated (walk does not end at v)");
  return walk;
}

/// Theorem 5.2 between labels: the route as vertex ids (lexicographic label ranks).
inline shift_route route_shift(const label_space& s, std::span<const core::symbol> u, std::span<const core::symbol> v) {
  shift_route r;
  const auto walk = shift_walk_labels(s, u, v);
  r.hops = walk.size() - 1;
  r.overlap = s.D - r.hops;
  r.path.reserve(walk.size());
  for (const auto& w : walk) r.path.push_back(rank_label(s, w));
  return r;
}

/// Theorem 5.2 between vertex ids (labels obtained arithmetically, no table).
inline shift_route route_shift(const label_space& s, std::uint64_t source, std::uint64_t dest) {
  core::require_range("route_shift", "source", source, 0, s.size - 1);
  core::require_range("route_shift", "dest", dest, 0, s.size - 1);
  const auto u = unrank_label(s, source), v = unrank_label(s, dest);
  return route_shift(s, u, v);
}

/// Theorem 5.3, the paper's merge criterion: the merge step of the shift routes of
/// u and u' to a common destination (with equal overlap), the first step at which
/// they occupy the same vertex, is j* = D - lcs(u,u'). It predicts from the labels
/// what metrics::merge_step measures on the two routes (tests/routing/shift_test.cpp
/// checks the two agree).
inline std::size_t shift_merge_step(const label_space& s, std::span<const core::symbol> u,
                                   std::span<const core::symbol> u2) {
  validate_label(s, u, "shift_merge_step", "u");
  validate_label(s, u2, "shift_merge_step", "u'");
  return s.D - longest_common_suffix(u, u2);
}

/// Theorem 5.3 for two labels: the merge step j* = D - lcs(u,u') and lcs(u,u') itself
/// (Python's MergeCriterion; routing/describe_routes.hpp describes it).
struct merge_criterion_result {
  std::uint64_t merge_step = 0, lcs = 0;
};

/// The merge criterion of u and u' (both checked as labels of `s`).
inline merge_criterion_result shift_merge_criterion(const label_space& s, std::span<const core::symbol> u,
                                                    std::span<const core::symbol> u2) {
  return {shift_merge_step(s, u, u2), longest_common_suffix(u, u2)};
}

/// Proposition 5.4, exactly: E[lcs(u,u')] for u, u' independent and uniform over
/// the labels (with replacement), as a reduced fraction, with its limits.
///
/// Every suffix of length j <= D has the same number of completions (d^{D-j} for
/// Kautz, d^{D-j} for de Bruijn), so Pr[lcs >= j] = 1/#suffixes(j):
/// Kautz 1/((d+1)d^{j-1}), de Bruijn d^{-j}. Summing over j = 1..D,
///   Kautz:     E[lcs] = ((d^D - 1)/(d-1)) / ((d+1)d^{D-1}),  -> d/(d^2-1) as D -> inf;
///   de Bruijn: E[lcs] = ((d^D - 1)/(d-1)) / d^D,             -> 1/(d-1)   as D -> inf.
/// The paper's 1/(d-1)(1+o(1)) is the large-d form of both.
struct expected_lcs_result {
  std::uint64_t numerator = 0;    ///< reduced
  std::uint64_t denominator = 1;  ///< reduced
  double value = 0;               ///< numerator / denominator
  double limit_large_D = 0;       ///< the D -> infinity limit at this d
  double paper_limit = 0;         ///< 1/(d-1), Proposition 5.4's leading term
  double expected_merge_step = 0; ///< E[j*] = D - E[lcs]
  /// E[lcs(u,u')] over distinct pairs u != u' (without replacement), reduced:
  /// (N E[lcs] - D)/(N - 1), since the N pairs u = u' each have lcs = D.
  std::uint64_t distinct_numerator = 0;
  std::uint64_t distinct_denominator = 1;
  double distinct_value = 0;
};

/// Proposition 5.4 at finite D (exact rational) and its limits.
inline expected_lcs_result expected_lcs(const label_space& s) {
  constexpr std::string_view where = "expected_lcs";
  const std::uint64_t d = s.d;
  const std::uint64_t dD = core::checked_pow(d, s.D, where, "d^D");
  expected_lcs_result r;
  std::uint64_t num = (dD - 1) / (d - 1);  // 1 + d + ... + d^{D-1}
  std::uint64_t den = s.size;              // number of labels
  const std::uint64_t g = std::gcd(num, den);
  r.numerator = num / g;
  r.denominator = den / g;
  r.value = static_cast<double>(r.numerator) / static_cast<double>(r.denominator);
  const double dd = static_cast<double>(d);
  r.limit_large_D = s.family == label_family::kautz ? dd / (dd * dd - 1.0) : 1.0 / (dd - 1.0);
  r.paper_limit = 1.0 / (dd - 1.0);
  r.expected_merge_step = static_cast<double>(s.D) - r.value;
  // N E[lcs] = (d^D - 1)/(d - 1) (before reduction, num / N = E[lcs]); leave out the N diagonal pairs.
  if (s.size > 1) {
    const std::uint64_t dn = num - s.D, dd2 = s.size - 1;
    const std::uint64_t g2 = std::gcd(dn, dd2);
    r.distinct_numerator = dn / g2;
    r.distinct_denominator = dd2 / g2;
    r.distinct_value = static_cast<double>(r.distinct_numerator) / static_cast<double>(r.distinct_denominator);
  }
  return r;
}

}  // namespace shiftfly::routing
