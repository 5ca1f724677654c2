#pragma once
/// \file fold_fit.hpp
/// FoldFit (Algorithm 2), Halley Section IV-B: the OCS schedule as a packing.
///
/// Every nonzero demand D_ij (in slots) is an indivisible job; the switch offers
/// m identical channels. Lower bounds on the optimum: the largest demand, the
/// average load ΣD/m, and the busiest port (largest row or column sum). FoldFit
/// is MULTIFIT (Coffman, Garey and Johnson 1978): first-fit-decreasing (FFD) at
/// a deadline T, binary-searched over T in [T_lb, T_hi], T_hi = max{T_lb,
/// ΣD/m + max D} (FFD always fits there: a job that fits nowhere would need
/// every channel above ΣD/m). After q steps T* ≤ (13/11 + 2^−q)·OPT (Yue 1990):
/// each infeasible probe lies below 13/11·OPT, and the interval is never wider
/// than min(ΣD/m, max D) ≤ OPT. For comparison: Graham's list scheduling in
/// arrival order (≤ (2 − 1/m)·OPT) and LPT (≤ (4/3 − 1/(3m))·OPT), and an exact
/// branch-and-bound optimum for small instances so that the bounds are tested.
/// Ties in FFD's order keep jobs of one expert-parallel block together.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/parse.hpp"

namespace shiftfly::halley {

/// A demand matrix in slots, row-major.
struct demand_matrix {
  std::size_t rows = 0, cols = 0;
  std::vector<std::uint64_t> entries;
  std::uint64_t at(std::size_t i, std::size_t j) const { return entries[i * cols + j]; }
};

/// Largest single demand accepted (keeps every sum far from overflow).
inline constexpr std::uint64_t max_demand = 1'000'000'000'000ULL;

/// Parses CSV text: one row per line, comma-separated non-negative integers (blanks
/// and tabs around an item ignored, blank lines skipped), every row the same length,
/// entries at most max_demand. Lines end with \n, \r\n or a lone \r (old Mac OS files).
inline demand_matrix parse_demand_csv(std::string_view text) {
  demand_matrix d;
  std::size_t line_no = 0, start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (end < text.size() && text[end] == '\r' && start < text.size() && text[start] == '\n') {
      ++start;  // CRLF
      ++end;
    }
    ++line_no;
    if (line.find_first_not_of(" \t") == std::string_view::npos) {
      if (end == text.size()) break;
      continue;
    }
    // blanks around an item are ignored; blanks inside one ("1 2") are refused below
    std::string cleaned;
    for (std::size_t from = 0;;) {
      const std::size_t comma = line.find(',', from);
      std::string_view item = line.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from);
      const std::size_t first = item.find_first_not_of(" \t");
      item = first == std::string_view::npos ? std::string_view{} : item.substr(first, item.find_last_not_of(" \t") - first + 1);
      cleaned += item;
      if (comma == std::string_view::npos) break;
      cleaned += ',';
      from = comma + 1;
    }
    const auto row = core::parse_unsigned_list(cleaned, "demand line " + std::to_string(line_no));
    if (d.rows == 0) d.cols = row.size();
    else if (row.size() != d.cols)
      core::fail("parse_demand_csv", "demand line " + std::to_string(line_no) + " has " + std::to_string(row.size()) +
                                         " entries, expected " + std::to_string(d.cols));
    for (auto v : row) {
      if (v > max_demand)
        core::fail("parse_demand_csv", "demand line " + std::to_string(line_no) + " has an entry above " +
                                           std::to_string(max_demand));
      d.entries.push_back(v);
    }
    ++d.rows;
    if (end == text.size()) break;
  }
  if (d.rows == 0) core::fail("parse_demand_csv", "the demand file has no rows");
  return d;
}

/// The three lower bounds of Section IV-B.
struct lower_bounds {
  std::uint64_t max_job = 0;       ///< max D
  std::uint64_t total = 0;         ///< ΣD
  double average_load = 0;         ///< ΣD/m
  std::uint64_t busiest_port = 0;  ///< largest row or column sum (0 for a plain job list)
  double bound = 0;                ///< the largest of the three: T_lb
};

/// Most jobs (nonzero demands) the schedulers take: FoldFit, list scheduling and LPT
/// together took 0.40 s for 490,000 jobs on 10^6 channels, so 2·10^6 stay near 1.6 s.
inline constexpr std::uint64_t max_jobs = 2'000'000;

namespace detail {
inline void require_channels(const char* where, std::uint64_t m) { core::require_range(where, "channels", m, 1, 1'000'000); }
inline void require_jobs(const char* where, std::span<const std::uint64_t> jobs) {
  core::require_range(where, "jobs", jobs.size(), 0, max_jobs);
  for (std::size_t i = 0; i < jobs.size(); ++i)
    if (jobs[i] > max_demand) core::throw_out_of_range(where, "job[" + std::to_string(i) + "]", jobs[i], "0 to 10^12");
}
}  // namespace detail

/// max job and ΣD/m of a job list (the port bound needs the matrix: see fold_fit).
inline lower_bounds job_lower_bounds(std::span<const std::uint64_t> jobs, std::uint64_t m) {
  detail::require_channels("job_lower_bounds", m);
  detail::require_jobs("job_lower_bounds", jobs);
  lower_bounds b;
  for (auto j : jobs) {
    b.max_job = std::max(b.max_job, j);
    b.total += j;
  }
  b.average_load = static_cast<double>(b.total) / static_cast<double>(m);
  b.bound = std::max(static_cast<double>(b.max_job), b.average_load);
  return b;
}

/// A schedule of jobs on m channels.
struct schedule {
  std::vector<std::uint32_t> channel;  ///< channel of each job (input order)
  std::vector<std::uint64_t> loads;    ///< per-channel load
  std::uint64_t makespan = 0;          ///< max load
};

namespace detail {
inline schedule finish(std::vector<std::uint32_t> ch, std::vector<std::uint64_t> loads) {
  schedule s{std::move(ch), std::move(loads), 0};
  for (auto l : s.loads) s.makespan = std::max(s.makespan, l);
  return s;
}

/// Channel loads in a min segment tree: the leftmost channel whose load passes a
/// test that holds for every smaller load (FFD's "fits", list scheduling's "least
/// loaded") in O(log m), where a scan of the channels took O(m) a job (a 300 x 300
/// demand on 10^6 channels ran for minutes).
class load_tree {
 public:
  explicit load_tree(std::uint64_t m) : m_(m) {
    while (size_ < m) size_ *= 2;
    node_.assign(2 * size_, empty);
    for (std::uint64_t c = 0; c < m; ++c) node_[size_ + c] = 0;
    for (std::size_t i = size_; i-- > 1;) node_[i] = std::min(node_[2 * i], node_[2 * i + 1]);
  }
  std::uint64_t load(std::uint64_t c) const { return node_[size_ + c]; }
  void add(std::uint64_t c, std::uint64_t x) {
    std::size_t i = size_ + c;
    node_[i] += x;
    for (i /= 2; i >= 1; i /= 2) node_[i] = std::min(node_[2 * i], node_[2 * i + 1]);
  }
  /// The leftmost channel whose load v has ok(v), for ok monotone (true for every
  /// load below one where it is true), or m when there is none.
  template <class Ok>
  std::uint64_t leftmost(Ok&& ok) const {
    if (node_[1] == empty || !ok(node_[1])) return m_;
    std::size_t i = 1;
    while (i < size_) i = node_[2 * i] != empty && ok(node_[2 * i]) ? 2 * i : 2 * i + 1;
    return i - size_;
  }
  /// The leftmost least-loaded channel.
  std::uint64_t least_loaded() const {
    const std::uint64_t low = node_[1];
    return leftmost([low](std::uint64_t v) { return v <= low; });
  }
  std::vector<std::uint64_t> loads() const { return {node_.begin() + static_cast<std::ptrdiff_t>(size_), node_.begin() + static_cast<std::ptrdiff_t>(size_ + m_)}; }

 private:
  static constexpr std::uint64_t empty = std::numeric_limits<std::uint64_t>::max();  // padding leaves
  std::uint64_t m_;
  std::size_t size_ = 1;
  std::vector<std::uint64_t> node_;
};

/// FFD at deadline T over jobs visited in `order`; nothing when some job fits nowhere.
/// A job goes to the lowest-numbered channel c with load(c) + job ≤ T.
inline std::optional<schedule> first_fit(std::span<const std::uint64_t> jobs, const std::vector<std::size_t>& order,
                                         std::uint64_t m, double deadline) {
  load_tree tree(m);
  std::vector<std::uint32_t> ch(jobs.size(), 0);
  for (std::size_t idx : order) {
    const std::uint64_t job = jobs[idx];
    const std::uint64_t c =
        tree.leftmost([&](std::uint64_t load) { return static_cast<double>(load + job) <= deadline; });
    if (c == m) return std::nullopt;
    tree.add(c, job);
    ch[idx] = static_cast<std::uint32_t>(c);
  }
  return finish(std::move(ch), tree.loads());
}

/// Decreasing order; ties by block tag, then by input position (stable).
inline std::vector<std::size_t> decreasing_order(std::span<const std::uint64_t> jobs, std::span<const std::uint64_t> blocks) {
  std::vector<std::size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (jobs[a] != jobs[b]) return jobs[a] > jobs[b];
    if (!blocks.empty() && blocks[a] != blocks[b]) return blocks[a] < blocks[b];
    return false;
  });
  return order;
}
}  // namespace detail

/// First-fit-decreasing at deadline T: the schedule, or nothing when FFD fails.
inline std::optional<schedule> ffd(std::span<const std::uint64_t> jobs, std::uint64_t m, double deadline) {
  detail::require_channels("ffd", m);
  detail::require_jobs("ffd", jobs);
  if (!std::isfinite(deadline) || !(deadline >= 0)) core::throw_out_of_range("ffd", "deadline", deadline, "finite, at least 0");
  return detail::first_fit(jobs, detail::decreasing_order(jobs, {}), m, deadline);
}

/// MULTIFIT's result.
struct multifit_result {
  lower_bounds bounds;
  double upper = 0;        ///< T_hi = max{T_lb, ΣD/m + max D}
  double deadline = 0;     ///< T*, the feasible deadline the search ends on
  unsigned steps = 0;      ///< bisection steps q
  double guarantee = 0;    ///< 13/11 + 2^−q
  schedule packing;        ///< FFD's schedule at T* (its makespan ≤ T*)
};

/// MULTIFIT with q bisection steps, started at `start` (≥ the job bounds; the port
/// bound for a matrix). Ends at T_lb itself when FFD fits there.
inline multifit_result multifit(std::span<const std::uint64_t> jobs, std::uint64_t m, unsigned steps = 7,
                                std::span<const std::uint64_t> blocks = {}, double start = 0) {
  detail::require_channels("multifit", m);
  detail::require_jobs("multifit", jobs);
  core::require_range("multifit", "steps", steps, 0u, 60u);
  if (!blocks.empty() && blocks.size() != jobs.size())
    core::fail("multifit", "blocks has " + std::to_string(blocks.size()) + " tags for " + std::to_string(jobs.size()) + " jobs");
  multifit_result r;
  r.bounds = job_lower_bounds(jobs, m);
  r.bounds.bound = std::max(r.bounds.bound, start);
  r.steps = steps;
  r.guarantee = 13.0 / 11.0 + std::ldexp(1.0, -static_cast<int>(steps));
  r.upper = std::max(r.bounds.bound, r.bounds.average_load + static_cast<double>(r.bounds.max_job));
  const auto order = detail::decreasing_order(jobs, blocks);
  if (auto s = detail::first_fit(jobs, order, m, r.bounds.bound)) {
    r.deadline = r.bounds.bound;
    r.packing = std::move(*s);
    return r;
  }
  double lo = r.bounds.bound, hi = r.upper;
  auto best = detail::first_fit(jobs, order, m, hi);
  if (!best) throw std::logic_error("multifit: FFD failed at T_hi, which contradicts the averaging argument");
  for (unsigned i = 0; i < steps; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (auto s = detail::first_fit(jobs, order, m, mid)) {
      hi = mid;
      best = std::move(s);
    } else {
      lo = mid;
    }
  }
  r.deadline = hi;
  r.packing = std::move(*best);
  return r;
}

/// Graham's list scheduling: jobs in the given order, each to the least-loaded channel (lowest index on ties).
inline schedule list_schedule(std::span<const std::uint64_t> jobs, std::uint64_t m) {
  detail::require_channels("list_schedule", m);
  detail::require_jobs("list_schedule", jobs);
  detail::load_tree tree(m);
  std::vector<std::uint32_t> ch(jobs.size(), 0);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const std::uint64_t c = tree.least_loaded();
    tree.add(c, jobs[i]);
    ch[i] = static_cast<std::uint32_t>(c);
  }
  return detail::finish(std::move(ch), tree.loads());
}

/// LPT: list scheduling over the jobs sorted longest first (stable).
inline schedule lpt_schedule(std::span<const std::uint64_t> jobs, std::uint64_t m) {
  detail::require_channels("lpt_schedule", m);
  detail::require_jobs("lpt_schedule", jobs);
  const auto order = detail::decreasing_order(jobs, {});
  std::vector<std::uint64_t> sorted;
  for (auto i : order) sorted.push_back(jobs[i]);
  const auto s = list_schedule(sorted, m);
  std::vector<std::uint32_t> ch(jobs.size());
  for (std::size_t k = 0; k < order.size(); ++k) ch[order[k]] = s.channel[k];
  return detail::finish(std::move(ch), s.loads);
}

/// Graham's bound for list scheduling, 2 − 1/m.
inline double list_bound(std::uint64_t m) { detail::require_channels("list_bound", m); return 2.0 - 1.0 / static_cast<double>(m); }
/// Graham's bound for LPT, 4/3 − 1/(3m).
inline double lpt_bound(std::uint64_t m) { detail::require_channels("lpt_bound", m); return 4.0 / 3.0 - 1.0 / (3.0 * static_cast<double>(m)); }

/// MULTIFIT's worst-case ratio after q bisection steps, 13/11 + 2^−q (Yue 1990;
/// Section IV-B).
inline double multifit_bound(unsigned steps) {
  core::require_range("multifit_bound", "steps", steps, 0u, 1000u);
  return 13.0 / 11.0 + std::ldexp(1.0, -static_cast<int>(steps));
}

/// How much longer an iteration runs when its communication share `share` of the
/// iteration time is stretched by a schedule `ratio` times the optimum: (ratio − 1)·share
/// (Section IV-B's reading of the 11/9 bound).
inline double iteration_inflation(double ratio, double share) {
  if (!std::isfinite(ratio) || !(ratio >= 1)) core::throw_out_of_range("iteration_inflation", "ratio", ratio, "finite and at least 1");
  core::require_range("iteration_inflation", "share", share, 0.0, 1.0);
  return (ratio - 1) * share;
}

/// Most jobs the exact branch and bound accepts.
inline constexpr std::size_t max_exact_jobs = 24;

/// The exact optimum makespan on m identical channels, by branch and bound
/// (jobs longest first; a job never goes to a second channel of equal load;
/// pruned by the incumbent and by max(max job, ⌈ΣD/m⌉)). For small instances.
inline std::uint64_t optimal_makespan(std::span<const std::uint64_t> jobs, std::uint64_t m) {
  detail::require_channels("optimal_makespan", m);
  detail::require_jobs("optimal_makespan", jobs);
  core::require_range("optimal_makespan", "jobs", jobs.size(), 0, max_exact_jobs);
  if (jobs.empty()) return 0;
  std::vector<std::uint64_t> sorted(jobs.begin(), jobs.end());
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  const auto b = job_lower_bounds(jobs, m);
  const std::uint64_t lb = std::max<std::uint64_t>(b.max_job, (b.total + m - 1) / m);
  std::uint64_t best = lpt_schedule(jobs, m).makespan;
  const std::size_t channels = static_cast<std::size_t>(std::min<std::uint64_t>(m, sorted.size()));
  std::vector<std::uint64_t> loads(channels, 0);
  auto dfs = [&](auto&& self, std::size_t i, std::uint64_t current) -> void {
    if (best == lb) return;
    if (i == sorted.size()) {
      best = std::min(best, current);
      return;
    }
    for (std::size_t c = 0; c < channels; ++c) {
      bool seen = false;
      for (std::size_t d = 0; d < c; ++d)
        if (loads[d] == loads[c]) { seen = true; break; }
      if (seen) continue;
      const std::uint64_t nl = loads[c] + sorted[i];
      if (nl >= best) continue;
      loads[c] = nl;
      self(self, i + 1, std::max(current, nl));
      loads[c] -= sorted[i];
    }
  };
  dfs(dfs, 0, 0);
  return best;
}

/// Algorithm 2 on a demand matrix.
struct fold_fit_result {
  std::vector<std::uint64_t> jobs;         ///< nonzero demands, row-major
  std::vector<std::pair<std::size_t, std::size_t>> cells;  ///< (row, col) of each job
  multifit_result search;                  ///< bounds include the busiest port
  std::uint64_t lpt_makespan = 0;
  std::uint64_t list_makespan = 0;
};

/// FoldFit: nonzero demands as jobs, T_lb including the busiest port, MULTIFIT
/// with q steps; `block` > 0 tags rows and columns into expert-parallel blocks of
/// that many engines (a job's block is its row block when row and column share one).
inline fold_fit_result fold_fit(const demand_matrix& d, std::uint64_t m, unsigned steps = 7, std::size_t block = 0) {
  detail::require_channels("fold_fit", m);
  if (d.rows == 0 || d.cols == 0 || d.entries.size() != d.rows * d.cols) core::fail("fold_fit", "the demand matrix is empty or ragged");
  // The nonzero demands become jobs: refuse more than the schedulers take (max_jobs), and
  // a job list that does not fit, before building it (core/memory.hpp). Per job: the
  // job and its cell (24 bytes), its tag (8), and the schedulers' orders, channel
  // assignments and sorted copies (about 48 bytes); plus per channel a few loads.
  std::uint64_t nonzero = 0;
  for (auto v : d.entries) nonzero += v != 0;
  core::require_range("fold_fit", "jobs (nonzero demands)", nonzero, 0, max_jobs);
  core::require_memory("fold_fit",
                       "scheduling " + core::to_message(nonzero) + " jobs on " + core::to_message(m) + " channels",
                       core::estimate_add_mul(core::estimate_add_mul(0, nonzero, 80), m, 32));
  fold_fit_result r;
  r.jobs.reserve(nonzero);
  r.cells.reserve(nonzero);
  std::vector<std::uint64_t> tags;
  std::uint64_t busiest = 0;
  std::vector<std::uint64_t> colsum(d.cols, 0);
  for (std::size_t i = 0; i < d.rows; ++i) {
    std::uint64_t rowsum = 0;
    for (std::size_t j = 0; j < d.cols; ++j) {
      const auto v = d.at(i, j);
      rowsum += v;
      colsum[j] += v;
      if (v == 0) continue;
      r.jobs.push_back(v);
      r.cells.emplace_back(i, j);
      if (block > 0) tags.push_back(i / block == j / block ? i / block : d.rows + i * d.cols + j);
    }
    busiest = std::max(busiest, rowsum);
  }
  for (auto c : colsum) busiest = std::max(busiest, c);
  r.search = multifit(r.jobs, m, steps, tags, static_cast<double>(busiest));
  r.search.bounds.busiest_port = busiest;
  r.lpt_makespan = lpt_schedule(r.jobs, m).makespan;
  r.list_makespan = list_schedule(r.jobs, m).makespan;
  return r;
}

}  // namespace shiftfly::halley
