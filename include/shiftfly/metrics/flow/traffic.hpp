#pragma once
/// \file traffic.hpp
/// Traffic matrices for the throughput metrics (metrics/flow/throughput_lp.hpp,
/// throughput_mwu.hpp, throughput_bound.hpp), and the patterns the studies use.
///
/// Model: a traffic matrix T over the n vertices of a graph gives a demand T(s,t) > 0
/// for some ordered pairs s ≠ t (absent pairs demand nothing). The throughput θ(T) is
/// the largest θ such that θ·T can be routed as a multicommodity flow within the
/// capacities (one unit per direction of every link; metrics/flow/throughput_lp.hpp).
///
/// API:
///   struct traffic_entry { std::uint64_t source, target; double demand; };
///   class traffic_matrix {
///     static traffic_matrix from_entries(std::uint64_t n, std::vector<traffic_entry>, std::string name = {});
///     n(), size(), total_demand(), name(), entries(),
///     sources_with_demand(), targets_of(s), demands_of(s),       // CSR by source
///     min_demand(), max_demand(), demand_exponent(), scaled_total(), total_demand_log10(),
///     scaled(e)                                                  // the demands × 2^-e
///   };
///   inline constexpr double throughput_max_demand_ratio;             // 10^12
///   void require_throughput_demands(std::string_view where, const traffic_matrix& T);
///   traffic_matrix uniform_traffic(std::uint64_t n);
///   traffic_matrix permutation_traffic(std::uint64_t n, std::uint64_t seed);
///   std::vector<std::uint64_t> random_permutation(std::uint64_t n, std::uint64_t seed);
///   traffic_matrix traffic_from_permutation(std::span<const std::uint64_t> p, std::string name);
///   traffic_matrix within_groups_traffic(std::span<const std::uint64_t> group_of);
///   traffic_matrix within_groups_traffic(std::uint64_t n, std::uint64_t group_size);
///   traffic_matrix moe_dispatch_traffic(std::uint64_t n, std::uint64_t k, std::uint64_t seed);
///   traffic_matrix traffic_from_lines(std::uint64_t n, std::span<const io::traffic_line>, name);
///   // the simulators' adversarial permutations (below); fixed points send nothing
///   traffic_matrix tornado_traffic(std::span<const std::uint64_t> dims);  // k-ary n-cube numbering
///   traffic_matrix tornado_traffic(std::uint64_t n);                      // ids 0..n-1 as one ring
///   traffic_matrix bit_complement_traffic(std::uint64_t n);               // n a power of two
///   traffic_matrix transpose_traffic(std::uint64_t n);                    // n = 2^(2b)
///   traffic_matrix shift_traffic(std::uint64_t n, std::uint64_t k);       // s -> (s + k) mod n
///   std::vector<std::uint64_t> tornado_permutation(dims), bit_complement_permutation(n),
///                              transpose_permutation(n), shift_permutation(n, k);
///
/// A user's traffic file is read by io (io/traffic_file.hpp, read_traffic_file: the file or
/// standard input to checked lines); its lines become a matrix here, traffic_from_lines.
/// No metric opens a file: the caller composes the two, e.g.
///   traffic_from_lines(n, io::read_traffic_file(path, n), "file " + io::display_name(path)).
///
/// Storage: the pattern of pairs (CSR by source) and the demands are immutable once built and
/// shared by copies; scaled(e) copies the demands only (none for e = 0). uniform_traffic builds
/// its n(n − 1) pairs in sorted form directly, 12 bytes a pair.
///
/// Validation (from_entries): every vertex id below n, s ≠ t, every demand a finite normal
/// double (2^-1022 ≈ 2.2250738585072014e-308 to 1.7976931348623157e308: a subnormal value
/// keeps only a few bits of what was written), and each pair at most once: a repeated pair is
/// refused, not summed (summing silently would hide a mistake in a generated file). Entries
/// are kept sorted by source, then target. Ids are at most 2^32 − 2 (stored in 32 bits).
///
/// Scale. θ(c·T) = θ(T)/c, so the throughput metrics solve the matrix scaled by a power of
/// two, 2^-e with e = demand_exponent() (the largest demand then lies in [1, 2); a power of
/// two makes the scaling exact), and scale the answer back by 2^-e. The total demand is kept
/// the same way (scaled_total() = Σ T·2^-e, at most 2·pairs, never overflows); total_demand()
/// is 2^e times it, +∞ when that exceeds the largest double, and total_demand_log10() is its
/// logarithm, always finite. require_throughput_demands refuses a matrix whose largest and
/// smallest demands are more than throughput_max_demand_ratio = 10^12 apart: past that the
/// LP's tolerances (1e-9, absolute on the scaled problem) no longer resolve the small
/// demands, and CLP stops on numerical errors (measured: docs/metrics.md, "Throughput").
///
/// The random patterns draw only from core::python_random, so Python reproduces them:
/// - permutation_traffic(n, seed): `r = random.Random(seed); p = list(range(n));
///   r.shuffle(p)`; vertex s sends one unit to p[s]. A fixed point p[s] = s sends
///   nothing (the permutation is not forced to be a derangement; with n ≥ 2 at least
///   one vertex must send, else the call is refused: draw another seed).
/// - moe_dispatch_traffic(n, k, seed): a mixture-of-experts dispatch step. Every vertex
///   hosts tokens and experts; the router sends each vertex's tokens to its top-k
///   experts, which this model takes as k distinct other vertices chosen at random,
///   one unit to each. So every vertex sends k units and receives k on average, but
///   the receivers are uneven, as a skewed expert choice makes them. Draws:
///   `r = random.Random(seed)`; for s in range(n): for j in r.sample(range(n-1), k):
///   t = j if j < s else j + 1`. (A balanced dispatch to every expert is uniform_traffic.)
///
/// The adversarial permutations of the network simulators (Dally and Towles, "Principles and
/// Practices of Interconnection Networks", 2004, §3.2, Table 3.2; BookSim2's src/traffic.cpp,
/// TornadoTrafficPattern, BitCompTrafficPattern, TransposeTrafficPattern; docs/references.md).
/// Each is a permutation p of 0..n-1 (vertex s sends one unit to p[s]; a fixed point sends
/// nothing), refused in one line when n does not allow it:
/// - tornado on the k-ary n-cube numbering of topology/torus.hpp (the first coordinate
///   fastest; the sizes may differ): every coordinate x_i -> (x_i + ⌈k_i/2⌉ − 1) mod k_i,
///   BookSim2's `(_xr*_k + 1)/2 - 1` offset at xr = 1 (its older function-style traffic.cpp
///   added k/2 − 1, the same for even k, one less for odd k). A size of 2 gives offset 0 (that
///   coordinate stays); refused when every size is at most 2 (the identity).
///   tornado_traffic(n) takes ids 0..n-1 as one ring (a 1-dimensional torus of size n), the
///   library's convention on a graph that is not a torus: s -> (s + ⌈n/2⌉ − 1) mod n, n >= 3.
/// - bit complement, n = 2^b (b >= 1): s -> ~s & (n − 1), no fixed point.
/// - transpose, n = 2^(2b) (b >= 1): the low and high b bits swap,
///   s -> ((s >> b) & (2^b − 1)) | ((s << b) & (2^b − 1) << b); the 2^b ids with equal halves stay.
/// - shift by k, 1 <= k <= n − 1: s -> (s + k) mod n (k = 1 is BookSim2's "neighbor" on a ring).

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <numeric>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/io/traffic_file.hpp"

namespace shiftfly::metrics {

/// Demand `demand` from `source` to `target`.
struct traffic_entry {
  std::uint64_t source = 0, target = 0;
  double demand = 0.0;
  friend bool operator==(const traffic_entry&, const traffic_entry&) = default;
};

/// Largest vertex count of a traffic matrix (ids are stored in 32 bits).
inline constexpr std::uint64_t traffic_max_vertices = std::numeric_limits<std::uint32_t>::max();

/// A validated sparse traffic matrix, stored by source (CSR), targets ascending.
class traffic_matrix {
 public:
  traffic_matrix() = default;

  /// Validates and sorts `entries` (see the file comment); refusals name `where`.
  static traffic_matrix from_entries(std::uint64_t n, std::vector<traffic_entry> entries, std::string name = {},
                                     std::string_view where = "traffic_matrix") {
    core::require_range(where, "n", n, 2, traffic_max_vertices);
    for (const auto& e : entries) {
      if (e.source >= n) core::throw_out_of_range(where, "source", e.source, "0 to " + core::to_message(n - 1));
      if (e.target >= n) core::throw_out_of_range(where, "target", e.target, "0 to " + core::to_message(n - 1));
      if (e.source == e.target)
        core::fail(where, "the pair (" + core::to_message(e.source) + ", " + core::to_message(e.target) +
                              ") joins a vertex to itself (accepted: source != target)");
      if (!std::isfinite(e.demand) || !(e.demand >= std::numeric_limits<double>::min()))
        core::throw_out_of_range(where, "demand", e.demand,
                                 "a finite normal double, 2.2250738585072014e-308 to 1.7976931348623157e308");
    }
    const auto by_pair = [](const traffic_entry& a, const traffic_entry& b) {
      return a.source != b.source ? a.source < b.source : a.target < b.target;
    };
    // the generators give their entries in order: sorted already, they are kept as they are
    if (!std::is_sorted(entries.begin(), entries.end(), by_pair)) std::sort(entries.begin(), entries.end(), by_pair);
    for (std::size_t i = 1; i < entries.size(); ++i)
      if (entries[i].source == entries[i - 1].source && entries[i].target == entries[i - 1].target)
        core::fail(where, "the pair (" + core::to_message(entries[i].source) + ", " +
                              core::to_message(entries[i].target) + ") is given twice (accepted: each pair at most once)");
    traffic_matrix t;
    t.n_ = n;
    t.name_ = std::move(name);
    auto rows = std::make_shared<pattern>();
    auto demands = std::make_shared<std::vector<double>>();
    rows->offsets.assign(n + 1, 0);
    rows->targets.reserve(entries.size());
    demands->reserve(entries.size());
    for (const auto& e : entries) {
      t.max_ = std::max(t.max_, e.demand);
      t.min_ = std::min(t.min_, e.demand);
    }
    if (entries.empty()) t.min_ = 0.0;
    t.exponent_ = entries.empty() ? 0 : std::ilogb(t.max_);
    // the sum of the demands × 2^-e: every term is exact (a power of two, normal results),
    // so this rounds exactly as the plain sum does wherever that one stays finite
    for (const auto& e : entries) {
      ++rows->offsets[e.source + 1];
      rows->targets.push_back(static_cast<std::uint32_t>(e.target));
      demands->push_back(e.demand);
      t.scaled_total_ += std::ldexp(e.demand, -t.exponent_);
    }
    std::partial_sum(rows->offsets.begin(), rows->offsets.end(), rows->offsets.begin());
    for (std::uint64_t s = 0; s < n; ++s)
      if (rows->offsets[s + 1] > rows->offsets[s]) rows->sources.push_back(static_cast<std::uint32_t>(s));
    t.rows_ = std::move(rows);
    t.demands_ = std::move(demands);
    return t;
  }

  /// The vertex count of the graph the matrix is for.
  [[nodiscard]] std::uint64_t n() const noexcept { return n_; }
  /// Number of pairs with demand.
  [[nodiscard]] std::size_t size() const noexcept { return demands_ ? demands_->size() : 0; }
  [[nodiscard]] bool empty() const noexcept { return size() == 0; }
  /// Σ T(s,t); +∞ when it exceeds the largest double (scaled_total() and total_demand_log10() do not).
  [[nodiscard]] double total_demand() const noexcept { return std::ldexp(scaled_total_, exponent_); }
  /// Σ T(s,t)·2^-e with e = demand_exponent(): at most 2·size(), always finite.
  [[nodiscard]] double scaled_total() const noexcept { return scaled_total_; }
  /// log10 Σ T(s,t), finite for any matrix with demand (−∞ for an empty one).
  [[nodiscard]] double total_demand_log10() const noexcept {
    return std::log10(scaled_total_) + static_cast<double>(exponent_) * std::log10(2.0);
  }
  /// Every ordered pair s != t with one and the same demand (uniform traffic, any scale): every
  /// permutation of the vertices preserves it, and so does reversing every pair.
  [[nodiscard]] bool is_uniform() const noexcept {
    return n_ >= 2 && size() == n_ * (n_ - 1) && min_ == max_;
  }
  /// The largest and smallest demand (0 for an empty matrix).
  [[nodiscard]] double max_demand() const noexcept { return max_; }
  [[nodiscard]] double min_demand() const noexcept { return min_; }
  /// e such that max_demand()·2^-e lies in [1, 2) (0 for an empty matrix).
  [[nodiscard]] int demand_exponent() const noexcept { return exponent_; }
  /// The same matrix with every demand × 2^-e (exact while the results stay normal doubles,
  /// as they do for e = demand_exponent() on a matrix require_throughput_demands accepts).
  /// The sparsity pattern is shared, never copied; so are the demands when e = 0.
  [[nodiscard]] traffic_matrix scaled(int e) const {
    traffic_matrix t = *this;
    if (e == 0) return t;
    auto demands = std::make_shared<std::vector<double>>(*demands_);
    for (auto& d : *demands) d = std::ldexp(d, -e);
    t.demands_ = std::move(demands);
    t.max_ = std::ldexp(max_, -e);
    t.min_ = std::ldexp(min_, -e);
    t.exponent_ = exponent_ - e;
    t.scaled_total_ = scaled_total_;
    return t;
  }
  /// A short description, e.g. "uniform" or "permutation (seed 1)".
  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  /// The vertices that send something, ascending.
  [[nodiscard]] std::span<const std::uint32_t> sources_with_demand() const noexcept {
    return rows_ ? std::span<const std::uint32_t>(rows_->sources) : std::span<const std::uint32_t>{};
  }
  /// Targets of source s, ascending, and their demands (same order).
  [[nodiscard]] std::span<const std::uint32_t> targets_of(std::uint64_t s) const noexcept {
    return {rows_->targets.data() + rows_->offsets[s], rows_->targets.data() + rows_->offsets[s + 1]};
  }
  [[nodiscard]] std::span<const double> demands_of(std::uint64_t s) const noexcept {
    return {demands_->data() + rows_->offsets[s], demands_->data() + rows_->offsets[s + 1]};
  }
  /// All entries, sorted by source then target.
  [[nodiscard]] std::vector<traffic_entry> entries() const {
    std::vector<traffic_entry> out;
    out.reserve(size());
    for (const auto s : sources_with_demand()) {
      const auto tg = targets_of(s);
      const auto dm = demands_of(s);
      for (std::size_t i = 0; i < tg.size(); ++i) out.push_back({s, tg[i], dm[i]});
    }
    return out;
  }

 private:
  friend traffic_matrix uniform_traffic(std::uint64_t n);
  /// Uniform all-to-all on n vertices (demand 1 for every ordered pair s != t), built in its
  /// sorted form directly: the n(n - 1) entries that from_entries would take, check and copy
  /// are what the throughput tables spent most of their time on at 12,500 vertices. The caller
  /// (uniform_traffic) has checked n and the memory.
  static traffic_matrix uniform(std::uint64_t n) {
    traffic_matrix t;
    t.n_ = n;
    t.name_ = "uniform";
    auto rows = std::make_shared<pattern>();
    rows->offsets.resize(n + 1);
    rows->targets.resize(n * (n - 1));
    rows->sources.resize(n);
    std::uint32_t* out = rows->targets.data();
    for (std::uint64_t s = 0; s < n; ++s) {
      rows->offsets[s] = s * (n - 1);
      rows->sources[s] = static_cast<std::uint32_t>(s);
      for (std::uint64_t x = 0; x < n; ++x)
        if (x != s) *out++ = static_cast<std::uint32_t>(x);
    }
    rows->offsets[n] = n * (n - 1);
    t.rows_ = std::move(rows);
    t.demands_ = std::make_shared<std::vector<double>>(n * (n - 1), 1.0);
    t.max_ = t.min_ = 1.0;
    t.exponent_ = 0;
    t.scaled_total_ = static_cast<double>(n * (n - 1));  // the sum of as many ones: exact below 2^53 pairs
    return t;
  }

  /// Which pairs have demand (CSR by source), and the sources with any: immutable once built,
  /// so copies and scaled() share it.
  struct pattern {
    std::vector<std::uint64_t> offsets;
    std::vector<std::uint32_t> targets;
    std::vector<std::uint32_t> sources;
  };
  std::uint64_t n_ = 0;
  std::string name_;
  std::shared_ptr<const pattern> rows_;
  std::shared_ptr<const std::vector<double>> demands_;
  double scaled_total_ = 0.0;
  double max_ = 0.0, min_ = std::numeric_limits<double>::infinity();
  int exponent_ = 0;
};

/// Largest ratio of the largest to the smallest demand of one matrix that the throughput
/// metrics accept (see the file comment).
inline constexpr double throughput_max_demand_ratio = 1e12;

/// Refuses a matrix whose demands are more than throughput_max_demand_ratio apart (see the file comment).
inline void require_throughput_demands(std::string_view where, const traffic_matrix& T) {
  if (T.empty()) return;
  const double ratio = T.max_demand() / T.min_demand();  // +inf past the largest double: refused too
  if (!(ratio <= throughput_max_demand_ratio)) {
    char text[160];
    std::snprintf(text, sizeof text, "the demands range from %.6g to %.6g, %.3g apart", T.min_demand(), T.max_demand(),
                  ratio);
    core::fail(where, std::string(text) + " (accepted: the largest demand at most 1e12 times the smallest)");
  }
}

namespace detail {
/// value·2^-e, the throughput of the unscaled demands, refused unless it is 0 or a normal double.
inline double unscaled_throughput(std::string_view where, std::string_view what, double value, int e) {
  const double v = std::ldexp(value, -e);
  if (value == 0.0 || (std::isfinite(v) && v >= std::numeric_limits<double>::min())) return v;
  char about[64];
  const double log10v = std::log10(value) - e * std::log10(2.0);
  const double exponent = std::floor(log10v);
  std::snprintf(about, sizeof about, "%.3ge%+.0f", std::pow(10.0, log10v - exponent), exponent);
  core::fail(where, std::string(what) + " is about " + about +
                        ", outside the normal doubles (accepted: demands whose throughput lies in "
                        "2.2250738585072014e-308 to 1.7976931348623157e308; scale the demands)");
}

/// Refuses a matrix of `pairs` entries that would not fit: `bytes_per_pair` for each (by default
/// the entries while building, then the sorted form's 12 bytes).
inline void require_traffic_memory(std::string_view where, std::uint64_t n, std::uint64_t pairs,
                                   std::uint64_t bytes_per_pair = sizeof(traffic_entry) + 12) {
  std::uint64_t bytes = core::estimate_add_mul(0, pairs, bytes_per_pair);
  bytes = core::estimate_add_mul(bytes, n + 1, 12);
  core::require_memory(where, "the traffic matrix (" + core::to_message(pairs) + " pairs)", bytes);
}
}  // namespace detail

/// Uniform all-to-all: demand 1 for every ordered pair s ≠ t of n vertices.
inline traffic_matrix uniform_traffic(std::uint64_t n) {
  constexpr std::string_view where = "uniform_traffic";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  // built in sorted form directly: a target (4 bytes) and a demand (8) a pair
  detail::require_traffic_memory(where, n, core::checked_mul(n, n - 1, where, "pairs"), 12);
  return traffic_matrix::uniform(n);
}

/// The permutation p of 0..n-1 drawn as `p = list(range(n)); random.Random(seed).shuffle(p)`.
inline std::vector<std::uint64_t> random_permutation(std::uint64_t n, std::uint64_t seed) {
  core::require_range("random_permutation", "n", n, 1, traffic_max_vertices);
  core::require_memory("random_permutation", "the permutation", core::estimate_add_mul(0, n, 8));
  std::vector<std::uint64_t> p(n);
  std::iota(p.begin(), p.end(), std::uint64_t{0});
  core::python_random rng(seed);
  rng.shuffle(p);
  return p;
}

/// One unit from every s to p[s] (fixed points send nothing); p must be a permutation of
/// 0..n-1 with n = p.size() >= 2 that moves some vertex. Refusals name `where`.
inline traffic_matrix traffic_from_permutation(std::span<const std::uint64_t> p, std::string name,
                                               std::string_view where = "traffic_from_permutation") {
  const std::uint64_t n = p.size();
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  detail::require_traffic_memory(where, n, n);
  std::vector<char> seen(n, 0);
  std::vector<traffic_entry> e;
  for (std::uint64_t s = 0; s < n; ++s) {
    if (p[s] >= n || seen[p[s]])
      core::fail_parameter(where, "p", "entry " + core::to_message(s) + " = " + core::to_message(p[s]),
                           "is not a permutation", "each of 0.." + core::to_message(n - 1) + " exactly once");
    seen[p[s]] = 1;
    if (p[s] != s) e.push_back({s, p[s], 1.0});
  }
  if (e.empty()) core::fail(where, "the permutation is the identity, which sends nothing (accepted: one that moves some vertex)");
  return traffic_matrix::from_entries(n, std::move(e), std::move(name), where);
}

/// One unit from every s to p[s] for the random_permutation p (fixed points send nothing).
inline traffic_matrix permutation_traffic(std::uint64_t n, std::uint64_t seed) {
  constexpr std::string_view where = "permutation_traffic";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  detail::require_traffic_memory(where, n, n);
  const auto p = random_permutation(n, seed);
  bool moves = false;
  for (std::uint64_t s = 0; s < n; ++s) moves = moves || p[s] != s;
  if (!moves)
    core::fail_parameter(where, "seed", core::to_message(seed),
                         "draws the identity permutation at n = " + core::to_message(n) + ", which sends nothing",
                         "a seed whose permutation moves some vertex");
  return traffic_from_permutation(p, "permutation (seed " + core::to_message(seed) + ")", where);
}

/// All-to-all within groups: demand 1 for every ordered pair s ≠ t with group_of[s] == group_of[t].
inline traffic_matrix within_groups_traffic(std::span<const std::uint64_t> group_of) {
  constexpr std::string_view where = "within_groups_traffic";
  const std::uint64_t n = group_of.size();
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  // members of each group, in vertex order (groups relabelled by first appearance)
  std::vector<std::uint64_t> order(n);
  std::iota(order.begin(), order.end(), std::uint64_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::uint64_t a, std::uint64_t b) { return group_of[a] < group_of[b]; });
  std::uint64_t pairs = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && group_of[order[j]] == group_of[order[i]]) ++j;
    pairs = core::checked_add(pairs, core::checked_mul(j - i, j - i - 1, where, "pairs"), where, "pairs");
    i = j;
  }
  if (pairs == 0) core::fail(where, "every group has a single vertex, so nothing is sent (accepted: some group of 2 or more)");
  detail::require_traffic_memory(where, n, pairs);
  std::vector<traffic_entry> e;
  e.reserve(pairs);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && group_of[order[j]] == group_of[order[i]]) ++j;
    for (std::size_t a = i; a < j; ++a)
      for (std::size_t b = i; b < j; ++b)
        if (a != b) e.push_back({order[a], order[b], 1.0});
    i = j;
  }
  return traffic_matrix::from_entries(n, std::move(e), "within groups", where);
}

/// All-to-all within consecutive groups of `group_size` vertices: vertex v is in group
/// v / group_size (n a multiple of group_size: chips of a Boardfly or Shiftfly group).
inline traffic_matrix within_groups_traffic(std::uint64_t n, std::uint64_t group_size) {
  constexpr std::string_view where = "within_groups_traffic";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  core::require_range(where, "group_size", group_size, 2, n);
  if (n % group_size != 0)
    core::throw_out_of_range(where, "group_size", group_size, "a divisor of n = " + core::to_message(n) + ", at least 2");
  std::vector<std::uint64_t> group(n);
  for (std::uint64_t v = 0; v < n; ++v) group[v] = v / group_size;
  auto t = within_groups_traffic(group);
  return traffic_matrix::from_entries(n, t.entries(), "within groups of " + core::to_message(group_size), where);
}

/// Mixture-of-experts dispatch: every vertex sends one unit to each of k distinct other
/// vertices drawn by random.Random(seed) (the draws are in the file comment).
inline traffic_matrix moe_dispatch_traffic(std::uint64_t n, std::uint64_t k, std::uint64_t seed) {
  constexpr std::string_view where = "moe_dispatch_traffic";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  core::require_range(where, "k", k, 1, n - 1);
  detail::require_traffic_memory(where, n, core::checked_mul(n, k, where, "pairs"));
  core::python_random rng(seed);
  std::vector<traffic_entry> e;
  e.reserve(n * k);
  for (std::uint64_t s = 0; s < n; ++s)
    for (std::uint64_t j : rng.sample_range(n - 1, k)) e.push_back({s, j < s ? j : j + 1, 1.0});
  return traffic_matrix::from_entries(n, std::move(e),
                                      "MoE dispatch (k " + core::to_message(k) + ", seed " + core::to_message(seed) + ")",
                                      where);
}

/// The matrix of the lines of a traffic file (io/traffic_file.hpp) for a graph of n vertices.
inline traffic_matrix traffic_from_lines(std::uint64_t n, std::span<const io::traffic_line> lines, std::string name = {}) {
  std::vector<traffic_entry> e;
  e.reserve(lines.size());
  for (const auto& l : lines) e.push_back({l.source, l.target, l.demand});
  return traffic_matrix::from_entries(n, std::move(e), std::move(name), "traffic_from_lines");
}

/// The tornado permutation on the torus numbering of `dims` (see the file comment).
inline std::vector<std::uint64_t> tornado_permutation(std::span<const std::uint64_t> dims) {
  constexpr std::string_view where = "tornado_traffic";
  if (dims.empty()) core::throw_out_of_range(where, "dims", "(empty)", "a list of sizes, each at least 2");
  std::uint64_t n = 1;
  bool moves = false;
  for (auto k : dims) {
    core::require_range(where, "dims item", k, 2, traffic_max_vertices);
    n = core::checked_mul(n, k, where, "vertex count (the product of the dims)", traffic_max_vertices);
    moves = moves || k > 2;
  }
  if (!moves)
    core::fail_parameter(where, "dims", "every size at most 2",
                         "makes tornado the identity (offset ceil(k/2) - 1 = 0), which sends nothing",
                         "some size at least 3");
  core::require_memory(where, "the permutation", core::estimate_add_mul(0, n, 8));
  std::vector<std::uint64_t> p(n);
  for (std::uint64_t s = 0; s < n; ++s) {
    std::uint64_t rest = s, stride = 1, t = 0;
    for (auto k : dims) {
      t += stride * ((rest % k + (k + 1) / 2 - 1) % k);
      rest /= k;
      stride *= k;
    }
    p[s] = t;
  }
  return p;
}

/// Bit complement on n = 2^b ids: s -> ~s & (n - 1).
inline std::vector<std::uint64_t> bit_complement_permutation(std::uint64_t n) {
  constexpr std::string_view where = "bit_complement_traffic";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  if ((n & (n - 1)) != 0)
    core::fail_parameter(where, "n", core::to_message(n), "is not a power of two, which bit complement needs",
                         "n = 2^b, b >= 1");
  core::require_memory(where, "the permutation", core::estimate_add_mul(0, n, 8));
  std::vector<std::uint64_t> p(n);
  for (std::uint64_t s = 0; s < n; ++s) p[s] = ~s & (n - 1);
  return p;
}

/// Transpose on n = 2^(2b) ids: the low and high b bits swap.
inline std::vector<std::uint64_t> transpose_permutation(std::uint64_t n) {
  constexpr std::string_view where = "transpose_traffic";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  const int bits = std::countr_zero(n);
  if ((n & (n - 1)) != 0 || bits % 2 != 0)
    core::fail_parameter(where, "n", core::to_message(n), "is not an even power of two, which transpose needs",
                         "n = 2^(2b), b >= 1: 4, 16, 64, ...");
  core::require_memory(where, "the permutation", core::estimate_add_mul(0, n, 8));
  const int b = bits / 2;
  const std::uint64_t low = (std::uint64_t{1} << b) - 1;
  std::vector<std::uint64_t> p(n);
  for (std::uint64_t s = 0; s < n; ++s) p[s] = ((s >> b) & low) | ((s << b) & (low << b));
  return p;
}

/// Shift by k on n ids: s -> (s + k) mod n, 1 <= k <= n - 1.
inline std::vector<std::uint64_t> shift_permutation(std::uint64_t n, std::uint64_t k) {
  constexpr std::string_view where = "shift_traffic";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  core::require_range(where, "k", k, 1, n - 1);
  core::require_memory(where, "the permutation", core::estimate_add_mul(0, n, 8));
  std::vector<std::uint64_t> p(n);
  for (std::uint64_t s = 0; s < n; ++s) p[s] = (s + k) % n;
  return p;
}

/// Tornado on the torus numbering of `dims` (see the file comment).
inline traffic_matrix tornado_traffic(std::span<const std::uint64_t> dims) {
  return traffic_from_permutation(tornado_permutation(dims), "tornado", "tornado_traffic");
}

/// Tornado on ids 0..n-1 taken as one ring: s -> (s + ceil(n/2) - 1) mod n, n >= 3.
inline traffic_matrix tornado_traffic(std::uint64_t n) {
  core::require_range("tornado_traffic", "n", n, 3, traffic_max_vertices);
  const std::uint64_t dims[1] = {n};
  return traffic_from_permutation(tornado_permutation(dims), "tornado (one ring)", "tornado_traffic");
}

/// Bit complement on n = 2^b ids.
inline traffic_matrix bit_complement_traffic(std::uint64_t n) {
  return traffic_from_permutation(bit_complement_permutation(n), "bit complement", "bit_complement_traffic");
}

/// Transpose on n = 2^(2b) ids.
inline traffic_matrix transpose_traffic(std::uint64_t n) {
  return traffic_from_permutation(transpose_permutation(n), "transpose", "transpose_traffic");
}

/// Shift by k on n ids.
inline traffic_matrix shift_traffic(std::uint64_t n, std::uint64_t k) {
  return traffic_from_permutation(shift_permutation(n, k), "shift by " + core::to_message(k), "shift_traffic");
}

}  // namespace shiftfly::metrics
