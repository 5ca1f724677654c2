#pragma once
/// \file worst_case_load.hpp
/// The worst-case traffic of an oblivious routing (Towles and Dally, "Worst-case traffic for
/// oblivious routing functions", SPAA 2002; docs/references.md): among all permutations of the
/// n vertices (a vertex sends one unit to its image; a fixed point sends nothing), the one that
/// loads some channel most, and that load.
///
/// An oblivious routing sends the fraction w_c(s, t) of the pair (s, t)'s traffic over channel c
/// (core/channel.hpp), whatever else is sent. A permutation π loads c with
/// Σ_s w_c(s, π(s)), so the worst load of c is a maximum-weight assignment with weights w_c,
/// and the worst case over all permutations is the largest of these over the channels.
///
/// API:
///   using pair_shares_function = std::function<void(std::uint32_t s, std::uint32_t t,
///                                                   std::vector<channel_share>& out)>;  // appends; s != t
///   struct worst_case_options { max_pairs, max_assignment_work, allow_bound };
///   enum class worst_case_method { exact, bound };  const char* worst_case_method_name(m);
///   struct worst_case_load_result { permutation, channel, load, upper, method, row_potential,
///       column_potential, channels, channels_with_load, channels_solved, pairs, shares,
///       assignment_work, next_bound; method_text() };
///   using target_shares_function = std::function<void(std::uint32_t t, emit(s, shares))>;  // optional
///   worst_case_load_result worst_case_load(std::uint64_t n, std::uint64_t channel_count,
///                                          const pair_shares_function& shares, const worst_case_options& = {},
///                                          const target_shares_function& by_target = {});
///   double permutation_channel_load(perm, channel, shares);   // Σ_s w_c(s, perm[s])
///
/// Method. The routing is asked once for every ordered pair s != t (n(n − 1) calls); its shares
/// are gathered by channel. A routing that gives `by_target` is asked once a target instead (a
/// shortest-path routing then searches once from t for all its sources, not once a pair: the
/// routing-load table's worst cases at 576 routers took about 8 s of CPU each by pair); the
/// shares are reordered by source, so the gathered shares are the same. Every channel c gets the bound
///   B(c) = min(Σ_s max_t w_c(s, t), Σ_t max_s w_c(s, t)) >= its worst load
/// (a permutation takes one target a source and one source a target). Channels are then solved
/// exactly in decreasing B(c) (ties by channel index) until the best exact load found is at
/// least the next channel's bound: every channel not solved is then no worse, so the best one is
/// the exact worst case, without solving every channel (`channels_solved` says how many were).
///
/// One channel's assignment is solved on its own sources R and targets C only (every other
/// pair weighs 0): a maximum-weight bipartite matching by the primal–dual Hungarian method (Kuhn
/// 1955) with non-negative potentials u_s, v_t, u_s + v_t >= w_c(s, t) on every pair; vertices
/// outside R and C get potential 0, so the potentials are a dual certificate of the whole n x n
/// assignment: its value is at most Σ u + Σ v. The matching is extended to a permutation
/// (a source left over goes to itself when it may, else to the lowest free target). O(|R|² (|R| +
/// |C|)) a channel, counted in `assignment_work`.
///
/// Arithmetic: doubles, with the dual check, not the integer solver of
/// metrics/flow/linear_assignment.hpp. The weights are fractions whose common denominator
/// grows with the routing (ECMP multiplies 1/k at every router of a path, so a channel's weights
/// have denominators up to lcm of the degrees' products; dimension order halves at antipodal
/// ties; Valiant divides by n), and scaling them to integers below that solver's 2^40 cost bound
/// is exact only for the simplest routings. So the load `load` is the permutation's own load of
/// the channel, summed from the shares, and `upper` = Σ u + Σ v of the certificate, recomputed
/// after the search with every column's potential raised to max_s (w − u_s) so that every
/// constraint holds as computed. `exact`: upper − load <= 1e-9 · max(1, load) (the tests see
/// gaps of a few ulps), and `load` is then the worst case.
///
/// Limits. The n(n − 1) pair calls are refused up front beyond `max_pairs` (default 25,000,000:
/// n = 5,000), and the memory of the gathered shares (24 bytes each) by core::require_memory.
/// The assignments stop when their work would pass `max_assignment_work` (default 4·10^10
/// counted steps, about 30 s: measured 8.6·10^9 in 6.2 s for the 2^8 hypercube under ECMP, every
/// one of its 2,048 channels solved, and 4.3·10^9 in 2.8 s for the 16 x 16 torus under ECMP;
/// minimal routings stop far sooner: the 16 x 16 torus under a lowest-id minimal routing solved
/// 66 of 1,024 channels in 0.2 s, PolarFly q = 13 (183 routers) all 2,548 in 0.2 s, GCC -O2, one
/// thread); the answer is then `bound`: `load` and `permutation` are
/// the best found (a lower bound on the worst case), and `upper` = the larger of the solved
/// channels' dual bounds and the largest bound of the channels not solved, a certified UPPER
/// bound on the worst-case load, so 1/upper is a certified lower bound on the worst-case
/// saturation throughput. With `allow_bound = false` that case is refused in one line with the
/// estimated work instead; the estimate is given up front when the first channel alone exceeds
/// the budget.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/flow/assignment.hpp"
#include "shiftfly/routing/channel_share.hpp"

namespace shiftfly::routing {

/// A routing's shares of the pair (s, t)'s traffic, appended to `out` (s != t).
using pair_shares_function = std::function<void(std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out)>;

/// A routing's shares of every pair toward one target t at once: emit(s, shares) for s = 0, 1, ...
/// (s != t), each pair's shares as pair_shares_function appends them. Optional: a routing that
/// shares work across the sources of one target (a destination-based routing's one search from
/// t) gives it, and worst_case_load gathers by target instead of by pair, with the same result.
using target_shares_function = std::function<void(
    std::uint32_t t, const std::function<void(std::uint32_t s, const std::vector<channel_share>& shares)>& emit)>;

/// Limits of worst_case_load (see the file comment).
struct worst_case_options {
  std::uint64_t max_pairs = 25'000'000;               ///< n(n − 1) routing calls at most
  std::uint64_t max_assignment_work = 40'000'000'000;  ///< Σ |R|²(|R| + |C|) over the channels solved
  bool allow_bound = true;  ///< false: refuse rather than answer with a bound
};

/// How the worst case was obtained.
enum class worst_case_method { exact, bound };

/// The method's name as printed: "exact" or "bound".
inline const char* worst_case_method_name(worst_case_method m) noexcept {
  return m == worst_case_method::exact ? "exact" : "bound";
}

/// The worst-case permutation of a routing and its load.
struct worst_case_load_result {
  /// The permutation found: vertex s sends one unit to permutation[s] (fixed points send
  /// nothing); metrics::traffic_from_permutation turns it into a traffic matrix.
  std::vector<std::uint64_t> permutation;
  std::uint64_t channel = 0;  ///< the channel it loads with `load`
  double load = 0.0;          ///< the permutation's load of `channel`: exact, the worst case; bound, a lower bound
  double upper = 0.0;         ///< certified upper bound on the worst-case maximum channel load
  worst_case_method method = worst_case_method::exact;
  /// The certificate of `channel`'s assignment: u_s + v_t >= w(s, t) for every pair, Σ u + Σ v
  /// its dual bound (exact: `upper`).
  std::vector<double> row_potential, column_potential;
  std::uint64_t channels = 0;            ///< channels of the graph
  std::uint64_t channels_with_load = 0;  ///< channels some pair uses
  std::uint64_t channels_solved = 0;     ///< channels whose assignment was solved
  std::uint64_t pairs = 0;               ///< routing calls, n(n − 1)
  std::uint64_t shares = 0;              ///< (channel, pair) shares gathered
  std::uint64_t assignment_work = 0;     ///< Σ |R|²(|R| + |C|) over the channels solved
  double next_bound = 0.0;               ///< the largest bound B(c) of the channels not solved (0: none)

  /// "exact (maximum-weight assignment, 3 of 40 channels solved, dual gap 0)" or the bound's text.
  [[nodiscard]] std::string method_text() const {
    const std::string solved = core::to_message(channels_solved) + " of " + core::to_message(channels_with_load) +
                               " loaded channels solved";
    if (method == worst_case_method::exact)
      return "exact (Towles-Dally maximum-weight assignment per channel, " + solved + ", dual certificate)";
    return "bound (certified upper bound on the worst-case load: the assignment work limit was reached with " + solved +
           "; the load is that of the best permutation found)";
  }
};

namespace detail {

/// One share of one pair on one channel.
struct gathered_share {
  std::uint32_t channel, source, target;
  double weight;
};

/// Refuses a worst case whose assignments exceed the work limit.
[[noreturn]] inline void refuse_assignment_work(std::uint64_t estimate, std::uint64_t limit, std::uint64_t solved) {
  core::fail("worst_case_load", "the exact worst case needs about " + core::to_message(estimate) +
                                    " assignment steps (" + core::to_message(solved) +
                                    " channels solved so far), past the limit of " + core::to_message(limit) +
                                    " (accepted: a smaller graph, or the certified bound)");
}

}  // namespace detail

/// The load of `channel` under the permutation p (Σ_s w_channel(s, p[s]), fixed points send nothing).
inline double permutation_channel_load(const std::vector<std::uint64_t>& p, std::uint64_t channel,
                                       const pair_shares_function& shares) {
  std::vector<char> seen(p.size(), 0);
  for (std::uint64_t s = 0; s < p.size(); ++s) {
    if (p[s] >= p.size() || seen[p[s]])
      core::fail_parameter("permutation_channel_load", "p", "entry " + core::to_message(s) + " = " + core::to_message(p[s]),
                           "is not a permutation", "each of 0.." + core::to_message(p.size() - 1) + " exactly once");
    seen[p[s]] = 1;
  }
  std::vector<channel_share> out;
  double load = 0.0;
  for (std::uint64_t s = 0; s < p.size(); ++s) {
    if (p[s] == s) continue;
    out.clear();
    shares(static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(p[s]), out);
    for (const auto& x : out)
      if (x.channel == channel) load += x.fraction;
  }
  return load;
}

namespace detail {

/// Step 1: every pair's shares, gathered by channel (sorted by channel, source, target; a
/// channel listed twice for one pair: its fractions add; zero fractions dropped).
inline std::vector<gathered_share> gather_shares(std::uint64_t n, std::uint64_t channel_count,
                                                 const pair_shares_function& shares, std::string_view where,
                                                 const target_shares_function& by_target = {}) {
  std::vector<gathered_share> all;
  const auto add = [&](std::uint64_t s, std::uint64_t t, const std::vector<channel_share>& out) {
    if (all.size() + out.size() > all.capacity())
      core::require_memory(where, "the routing's shares",
                           core::estimate_add_mul(0, std::max<std::uint64_t>(2 * all.capacity(), all.size() + out.size()),
                                                  sizeof(gathered_share)));
    for (const auto& x : out) {
      if (x.channel >= channel_count)
        core::fail(where, "the routing gave channel " + core::to_message(x.channel) + " for the pair (" +
                              core::to_message(s) + ", " + core::to_message(t) + ") (accepted: below the channel count " +
                              core::to_message(channel_count) + ")");
      if (!(x.fraction >= 0.0) || !std::isfinite(x.fraction))
        core::fail(where, "the routing gave the fraction " + core::to_message(x.fraction) + " for the pair (" +
                              core::to_message(s) + ", " + core::to_message(t) + ") (accepted: finite, at least 0)");
      if (x.fraction > 0.0)
        all.push_back({static_cast<std::uint32_t>(x.channel), static_cast<std::uint32_t>(s),
                       static_cast<std::uint32_t>(t), x.fraction});
    }
  };
  if (!by_target) {
    std::vector<channel_share> out;
    for (std::uint64_t s = 0; s < n; ++s)
      for (std::uint64_t t = 0; t < n; ++t) {
        if (s == t) continue;
        out.clear();
        shares(static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(t), out);
        add(s, t, out);
      }
  } else {
    for (std::uint64_t t = 0; t < n; ++t)
      by_target(static_cast<std::uint32_t>(t), [&](std::uint32_t s, const std::vector<channel_share>& out) {
        if (s >= n || s == t)
          core::fail(where, "the routing gave the pair (" + core::to_message(s) + ", " + core::to_message(t) +
                                ") (accepted: distinct vertices below " + core::to_message(n) + ")");
        add(s, t, out);
      });
    // By source, stably (a counting sort): the sequence the pairs' loop above gives, so that the
    // sort below, and the order in which a pair's repeated channel adds, are the same.
    core::require_memory(where, "the routing's shares, reordered",
                         core::estimate_add_mul(0, 2 * static_cast<std::uint64_t>(all.size()), sizeof(gathered_share)));
    std::vector<std::uint64_t> start(n + 1, 0);
    for (const auto& x : all) ++start[x.source + 1];
    for (std::uint64_t s = 0; s < n; ++s) start[s + 1] += start[s];
    std::vector<gathered_share> by_source(all.size());
    for (const auto& x : all) by_source[start[x.source]++] = x;
    all = std::move(by_source);
  }
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
    return a.channel != b.channel ? a.channel < b.channel : a.source != b.source ? a.source < b.source : a.target < b.target;
  });
  std::size_t k = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (k > 0 && all[k - 1].channel == all[i].channel && all[k - 1].source == all[i].source &&
        all[k - 1].target == all[i].target)
      all[k - 1].weight += all[i].weight;
    else
      all[k++] = all[i];
  }
  all.resize(k);
  return all;
}

/// One channel: its range in the gathered shares, its sources and targets, and the bound B(c).
struct channel_part {
  std::uint32_t channel;
  std::size_t begin, end;
  std::uint64_t rows, cols;
  double bound;
};

/// Step 2: the channels with load, in decreasing bound B(c) (ties by channel index).
inline std::vector<channel_part> channel_parts(const std::vector<gathered_share>& all, std::uint64_t n) {
  std::vector<channel_part> parts;
  std::vector<double> row_max(n, 0.0), col_max(n, 0.0);
  for (std::size_t b = 0; b < all.size();) {
    std::size_t e = b;
    while (e < all.size() && all[e].channel == all[b].channel) ++e;
    std::vector<std::uint32_t> rows, cols;
    for (std::size_t i = b; i < e; ++i) {
      const auto& x = all[i];
      if (row_max[x.source] == 0.0) rows.push_back(x.source);
      if (col_max[x.target] == 0.0) cols.push_back(x.target);
      row_max[x.source] = std::max(row_max[x.source], x.weight);
      col_max[x.target] = std::max(col_max[x.target], x.weight);
    }
    double by_rows = 0.0, by_cols = 0.0;
    for (auto s : rows) by_rows += row_max[s], row_max[s] = 0.0;
    for (auto t : cols) by_cols += col_max[t], col_max[t] = 0.0;
    parts.push_back({all[b].channel, b, e, rows.size(), cols.size(), std::min(by_rows, by_cols)});
    b = e;
  }
  std::sort(parts.begin(), parts.end(), [](const channel_part& a, const channel_part& b) {
    return a.bound != b.bound ? a.bound > b.bound : a.channel < b.channel;
  });
  return parts;
}

/// The assignment steps of one channel, O(|R|²(|R| + |C|)), the smaller side as rows.
inline std::uint64_t assignment_steps(const channel_part& p) {
  const std::uint64_t small = std::min(p.rows, p.cols), large = std::max(p.rows, p.cols);
  return small * small * (small + large);
}

/// One channel solved: the permutation, its load of the channel, and the certificate.
struct channel_solution {
  std::vector<std::uint64_t> permutation;
  std::vector<double> u, v;  ///< row and column potentials over all n vertices
  double load = 0.0, dual = 0.0;
};

/// Reused index buffers of solve_channel (n entries each, -1 between channels).
struct channel_workspace {
  std::vector<std::uint32_t> row_ids, col_ids;
  std::vector<std::int64_t> row_index, col_index;
};

/// The matching of one channel's rows to columns extended to a permutation: every source left
/// over to itself when free, else to the lowest free target.
inline std::vector<std::uint64_t> permutation_of(std::uint64_t n, const metrics::weighted_matching& m, std::size_t r, bool transposed,
                                                 const channel_workspace& ws) {
  std::vector<std::uint64_t> perm(n, n);
  std::vector<char> taken(n, 0);
  for (std::size_t i = 0; i < r; ++i)
    if (m.match[i] >= 0) {
      const std::uint32_t s = transposed ? ws.row_ids[static_cast<std::size_t>(m.match[i])] : ws.row_ids[i];
      const std::uint32_t t = transposed ? ws.col_ids[i] : ws.col_ids[static_cast<std::size_t>(m.match[i])];
      perm[s] = t;
      taken[t] = 1;
    }
  for (std::uint64_t s = 0; s < n; ++s)
    if (perm[s] == n && !taken[s]) perm[s] = s, taken[s] = 1;
  std::uint64_t next_free = 0;
  for (std::uint64_t s = 0; s < n; ++s)
    if (perm[s] == n) {
      while (taken[next_free]) ++next_free;
      perm[s] = next_free;
      taken[next_free] = 1;
    }
  return perm;
}

/// Step 3, one channel: its assignment on its own rows and columns (the smaller side as rows),
/// the permutation, its load summed from the shares, and the certificate: row potentials as
/// found, every column's raised to max_s (w - u_s) so that each constraint holds as computed.
inline channel_solution solve_channel(const channel_part& p, const std::vector<gathered_share>& all, std::uint64_t n,
                                      channel_workspace& ws, std::string_view where) {
  ws.row_ids.clear();
  ws.col_ids.clear();
  for (std::size_t i = p.begin; i < p.end; ++i) {
    const auto& x = all[i];
    if (ws.row_index[x.source] < 0)
      ws.row_index[x.source] = static_cast<std::int64_t>(ws.row_ids.size()), ws.row_ids.push_back(x.source);
    if (ws.col_index[x.target] < 0)
      ws.col_index[x.target] = static_cast<std::int64_t>(ws.col_ids.size()), ws.col_ids.push_back(x.target);
  }
  const bool transposed = ws.row_ids.size() > ws.col_ids.size();
  const std::size_t r = transposed ? ws.col_ids.size() : ws.row_ids.size(), c = transposed ? ws.row_ids.size() : ws.col_ids.size();
  core::require_memory(where, "one channel's assignment matrix", core::estimate_add_mul(0, r * c, sizeof(double)));
  std::vector<double> w(r * c, 0.0);
  for (std::size_t i = p.begin; i < p.end; ++i) {
    const auto& x = all[i];
    const auto a = static_cast<std::size_t>(ws.row_index[x.source]), b = static_cast<std::size_t>(ws.col_index[x.target]);
    if (transposed)
      w[b * c + a] = x.weight;
    else
      w[a * c + b] = x.weight;
  }
  const auto m = metrics::max_weight_matching(r, c, w);  // metrics/flow/assignment.hpp
  channel_solution out;
  out.permutation = permutation_of(n, m, r, transposed, ws);
  const auto& perm = out.permutation;
  auto& u = out.u;
  auto& v = out.v;
  u.assign(n, 0.0);
  v.assign(n, 0.0);
  for (std::size_t i = 0; i < r; ++i) (transposed ? v[ws.col_ids[i]] : u[ws.row_ids[i]]) = m.u[i];
  for (std::size_t j = 0; j < c; ++j) (transposed ? u[ws.row_ids[j]] : v[ws.col_ids[j]]) = m.v[j];
  for (std::size_t i = p.begin; i < p.end; ++i) {
    const auto& x = all[i];
    if (perm[x.source] == x.target) out.load += x.weight;
    if (x.weight > u[x.source] + v[x.target]) v[x.target] = x.weight - u[x.source];
    while (u[x.source] + v[x.target] < x.weight) v[x.target] = std::nextafter(v[x.target], 2 * x.weight + 1);
  }
  for (std::uint64_t s = 0; s < n; ++s) out.dual += u[s] + v[s];
  for (auto s : ws.row_ids) ws.row_index[s] = -1;
  for (auto t : ws.col_ids) ws.col_index[t] = -1;
  return out;
}

/// Refuses up front what worst_case_load cannot start: n, the channel count, no routing, too many pairs.
inline std::uint64_t require_worst_case_inputs(std::uint64_t n, std::uint64_t channel_count, const pair_shares_function& shares,
                                               const worst_case_options& options, std::string_view where) {
  core::require_range(where, "n", n, 2, std::numeric_limits<std::uint32_t>::max());
  core::require_range(where, "channel_count", channel_count, 1, std::numeric_limits<std::uint32_t>::max());
  if (!shares) core::fail(where, "no routing was given (accepted: a function giving each pair's channel shares)");
  const std::uint64_t pairs = core::checked_mul(n, n - 1, where, "pair count");
  if (pairs > options.max_pairs)
    core::fail(where, "n = " + core::to_message(n) + " needs " + core::to_message(pairs) +
                          " routing calls, past the limit of " + core::to_message(options.max_pairs) +
                          " (accepted: n(n - 1) at most the limit)");
  return pairs;
}

}  // namespace detail

/// The worst-case permutation of the oblivious routing `shares` on n vertices and
/// `channel_count` channels (see the file comment).
/// `by_target`, when given, must give the same shares as `shares` (shortest_path_router's
/// shares_to_target): they are then gathered one target at a time, with the same result.
inline worst_case_load_result worst_case_load(std::uint64_t n, std::uint64_t channel_count,
                                              const pair_shares_function& shares,
                                              const worst_case_options& options = {},
                                              const target_shares_function& by_target = {}) {
  constexpr std::string_view where = "worst_case_load";
  worst_case_load_result result;
  result.pairs = detail::require_worst_case_inputs(n, channel_count, shares, options, where);
  const auto all = detail::gather_shares(n, channel_count, shares, where, by_target);  // 1. shares by channel
  result.channels = channel_count;
  result.shares = all.size();
  const auto parts = detail::channel_parts(all, n);  // 2. the channels in decreasing bound
  result.channels_with_load = parts.size();
  if (parts.empty()) core::fail(where, "the routing gave no pair any channel (accepted: a routing that uses some channel)");

  // 3. exact assignments in decreasing bound until the best exact load reaches the next bound
  const auto tolerance = [](double x) { return 1e-9 * std::max(1.0, x); };
  double best_upper_solved = 0.0;
  bool have = false;
  detail::channel_workspace ws;
  ws.row_index.assign(n, -1);
  ws.col_index.assign(n, -1);
  std::size_t k = 0;
  for (; k < parts.size(); ++k) {
    const auto& p = parts[k];
    if (have && result.load + tolerance(result.load) >= p.bound) break;
    const std::uint64_t work = detail::assignment_steps(p);
    if (result.assignment_work + work > options.max_assignment_work) {
      if (!options.allow_bound) {
        std::uint64_t estimate = result.assignment_work;
        for (std::size_t i = k; i < parts.size(); ++i)
          if (!have || parts[i].bound > result.load)
            estimate = core::checked_add(estimate, detail::assignment_steps(parts[i]), where, "work");
        detail::refuse_assignment_work(estimate, options.max_assignment_work, result.channels_solved);
      }
      break;
    }
    auto solved = detail::solve_channel(p, all, n, ws, where);
    result.assignment_work += work;
    ++result.channels_solved;
    best_upper_solved = std::max(best_upper_solved, solved.dual);
    if (!have || solved.load > result.load) {
      have = true;
      result.load = solved.load;
      result.channel = p.channel;
      result.permutation = std::move(solved.permutation);
      result.row_potential = std::move(solved.u);
      result.column_potential = std::move(solved.v);
    }
  }
  if (!have) {
    if (!options.allow_bound) detail::refuse_assignment_work(detail::assignment_steps(parts[0]), options.max_assignment_work, 0);
    // not even one channel fits: the identity's load is 0; the bound is the largest B(c)
    result.permutation.resize(n);
    for (std::uint64_t s = 0; s < n; ++s) result.permutation[s] = s;
    result.channel = parts[0].channel;
  }
  // every channel not solved has B(c) <= next_bound; every one solved, its dual bound
  result.next_bound = k < parts.size() ? parts[k].bound : 0.0;
  result.upper = std::max({best_upper_solved, result.next_bound, result.load});
  result.method = have && result.upper - result.load <= tolerance(result.load) ? worst_case_method::exact
                                                                               : worst_case_method::bound;
  return result;
}

}  // namespace shiftfly::routing
