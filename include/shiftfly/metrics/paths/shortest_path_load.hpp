#pragma once
/// \file shortest_path_load.hpp
/// The load of every channel when every ordered pair of routers sends one unit along its
/// shortest paths (uniform traffic), under the two multipath rules of switches:
///
///   enum class shortest_path_split { ecmp, spread };
///   struct uniform_load_options { unsigned threads = 0; shortest_path_split split; std::uint64_t max_arc_visits; };
///   std::vector<double> uniform_shortest_path_load(const G& g, const uniform_load_options& o);
///   std::uint64_t uniform_load_arc_visits(const G& g);   // the work, for estimates
///
/// Channels (core/channel.hpp): a channel is one direction of a physical link, indexed by its
/// CSR position in the undirected physical graph, 2m channels in all. The result has one load
/// per channel: the sum, over the ordered pairs s != t, of the fraction of the pair's unit that
/// crosses the channel.
///
/// The splits (per destination t, on the distances d(., t) of the physical graph):
/// - ecmp: the flow of a pair that is at router u splits evenly over the channels u -> v
///   with d(v, t) = d(u, t) - 1 (what a switch does; D. Thaler and C. Hopps, RFC 2991).
/// - spread: an even split over all shortest s-t paths; at u the flow splits over the next
///   hops v in proportion to sigma(v, t), the number of shortest v-t paths. Summed over the
///   two channels of a link, this is twice the link's edge betweenness (U. Brandes, "A
///   faster algorithm for betweenness centrality", J. Math. Sociol. 25(2), 2001; networkx's
///   edge_betweenness_centrality(normalized=False) and igraph's edge_betweenness(directed=
///   False) count each unordered pair once, this counts both orders).
///
/// Algorithm: one BFS per destination t (the tree of d(., t), with c(u) = the number of
/// next hops of u for ecmp, sigma(u, t) for spread), then one pass from the farthest vertex
/// in: the flow at u is f(u) = 1 + what u receives, each next hop v gets f(u)/c(u) (ecmp)
/// or f(u)·sigma(v)/sigma(u) (spread) on the channel u -> v. This is Brandes' dependency
/// accumulation with the destination as root; the two splits differ only in c and in the
/// weight of v. Nominal work: two scans of the 2m channels per destination, n·4m arc visits
/// in all (uniform_load_arc_visits).
///
/// Two kernels compute it, chosen from the graph alone (vertex 0's eccentricity e):
/// - batched (e <= 16, so the diameter is at most 32): 8 destinations at once, one per lane
///   of a vector of 8 doubles per vertex (level, c and received flow in lanes), levels built
///   level-synchronously with a direction switch (S. Beamer, K. Asanović, D. Patterson, SC 2012:
///   push from the last level while its arcs are fewer than those of the vertices still open,
///   pull otherwise), and the pass back level by level, each level pushing from its vertices or
///   pulling into the level below, whichever has fewer arcs. An arc scanned once serves all 8
///   lanes. Memory per thread: 8·17 bytes per vertex (and lists of at most 8n vertices), two
///   load vectors and, shared, the reverse channels: O(n + m).
/// - per destination (long graphs: rings, paths, large tori): a plain BFS queue and the pass
///   back, O(n + m) per thread.
/// Measured on Shiftfly's group level (degree 40, docs/performance.md, "Uniform shortest-path
/// load"): the batched kernel takes 0.13 s of CPU at 2,304 groups (3.3·10^9 nominal visits per
/// second, 16x igraph's edge_betweenness), 5.7 s at 12,500, about 60 s at 36,000.
///
/// The ms_bfs kernel of metrics/distances/detail/ms_bfs.hpp is not used: it keeps one bit per
/// (source, vertex) and counts new bits per level, while this pass needs, per lane, the level of
/// every vertex and a sum (not an OR) over the previous level; the lanes here are doubles.
///
/// Relation to metrics/flow/throughput_ecmp.hpp: that routing runs per SOURCE s and pulls
/// the flow that must reach v from v's predecessors toward s in proportion to capacity
/// (with unit capacities: evenly). Under uniform traffic on an undirected graph its recursion
/// is this header's ecmp with s as the destination and every channel reversed: the load it
/// puts on u -> v is the load our ecmp puts on v -> u (up to rounding), so both have the same
/// maximum (a test checks ecmp_uniform_throughput_bound's max_load against ours). Spread is
/// symmetric under reversal (the shortest s-t paths reversed are the shortest t-s paths), so
/// Brandes' orientation (per source, flow away from the root) and ours (per destination, flow
/// toward it) give the same spread loads.
///
/// Disconnected graphs are refused (one line naming a vertex that does not reach vertex 0):
/// uniform traffic demands every pair, and a pair without a path has no route.
///
/// Reproducibility: the destinations are cut into blocks of uniform_load_block, each summed
/// into its own vector in destination order, and the blocks are added in block order (each
/// channel's sum in that order, over channel ranges in parallel), so the result is
/// bit-identical for any thread count. The batched kernel's lanes are IEEE operations lane by
/// lane, summed across lanes as a fixed tree, with no fused multiply-add (GCC is told so; Clang
/// fuses only within an expression), so its AVX-512, AVX2 and generic variants, under GCC and
/// Clang, give the same bits. The two kernels round differently from each other (each is
/// within 1e-12 relative of a per-pair brute force on the tests' graphs).
///
/// Running time is bounded up front: a run of more than `max_arc_visits` nominal arc visits
/// is refused with the estimate and its time at the chosen kernel's measured rate.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>  // declares the builtin of load_widen
#endif

#include "shiftfly/core/channel.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/destination_pass.hpp"

// Lane vectors travel between inline helpers; the ABI note is irrelevant here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace shiftfly::metrics {

/// How a pair's flow splits at a router over its shortest-path next hops.
enum class shortest_path_split {
  ecmp,    ///< evenly over the next hops
  spread,  ///< evenly over the shortest paths (in proportion to the next hops' path counts)
};

/// The name of a split ("ecmp", "spread").
inline std::string_view split_name(shortest_path_split s) noexcept {
  return s == shortest_path_split::spread ? "spread" : "ecmp";
}

/// Destinations per block of the load sum (fixed, so that thread counts do not change it).
/// Each block clears, folds and adds whole vectors of the 2m channels, and the threads meet
/// once a wave of blocks: at 64 destinations a block, the 36,000-group Shiftfly took 21.8 s on
/// one thread and 17.7 s on two (the second thread worth 1.23x); at 256, 20.7 s and 12.0 s
/// (1.73x); at 2,304 groups 256 was no slower (docs/performance.md, "Uniform shortest-path load").
inline constexpr std::size_t uniform_load_block = 256;

/// Nominal arc visits (uniform_load_arc_visits) per second of one core, for the refusal's time
/// estimate: the batched and per-destination kernels, rounded down from their rates on Shiftfly's
/// group level on the 2-core test machine (docs/performance.md, "Uniform shortest-path load").
inline constexpr double uniform_load_batched_visits_per_second = 1.5e9;
inline constexpr double uniform_load_per_destination_visits_per_second = 5.0e8;

/// The default limit on nominal arc visits: about 11 minutes of one core for the batched
/// kernel, 33 for the other (Shiftfly at 36,000 groups takes 1.04·10^11).
inline constexpr std::uint64_t uniform_load_default_max_arc_visits = 1'000'000'000'000ULL;

/// How uniform_shortest_path_load runs.
struct uniform_load_options {
  /// Worker threads (0 = all cores, at most 1024).
  unsigned threads = 0;
  /// The multipath rule.
  shortest_path_split split = shortest_path_split::ecmp;
  /// Refuse a run estimated (uniform_load_arc_visits) above this many arc visits (1 to 10^15).
  std::uint64_t max_arc_visits = uniform_load_default_max_arc_visits;
};

/// Arc visits of the run: two scans of the 2m channels per destination.
template <core::digraph_like G>
std::uint64_t uniform_load_arc_visits(const G& g) {
  const std::uint64_t channels = g.targets().size();
  return core::checked_mul(core::checked_mul(static_cast<std::uint64_t>(g.num_vertices()), channels,
                                             "uniform_load_arc_visits", "vertices x channels"),
                           std::uint64_t{2}, "uniform_load_arc_visits", "vertices x channels");
}

namespace detail {

/// The split of the uniform load on the pass of metrics/distances/destination_pass.hpp: the
/// count c(u) (next hops for ecmp, sigma(u, t) for spread) is summed while the BFS runs, every
/// vertex sends f(u) = 1 + what it received, and each next hop v gets f(u)/c(u) (ecmp) or
/// f(u)/c(u)·c(v) (spread). Per-worker scratch: O(n).
template <bool Spread>
struct uniform_split : split_policy_base {
  double* count;  // next hops (ecmp) or sigma (spread), n entries
  std::size_t n;
  void begin(std::uint32_t t) {
    std::fill(count, count + n, 0.0);
    count[t] = 1.0;
  }
  void dag_arc(std::uint32_t u, std::uint32_t v) { count[v] += Spread ? count[u] : 1.0; }
  bool prepare(shortest_path_dag& dag) const {
    if (dag.reached != n) return false;
    dag.flow.assign(n, 0.0);
    return true;
  }
  static double flow_at(std::uint32_t, double received) { return 1.0 + received; }
  template <class View, class Send>
  void split(const View& view, const shortest_path_dag& dag, std::uint32_t u, double f, Send&& send) const {
    const double g = f / count[u];
    dag.next_hops(view, u, [&](auto k, std::uint32_t v) { send(k, v, Spread ? g * count[v] : g); });
  }
};

/// Per-worker scratch: the DAG and the split's counts, O(n).
struct uniform_load_scratch {
  shortest_path_dag dag;
  std::vector<double> count;
  explicit uniform_load_scratch(std::size_t n) : count(n) {}
};

/// Adds destination t's loads to `load` (2m channels). Returns false if a vertex is unreachable.
template <bool Spread, class V>
bool uniform_load_destination(std::span<const std::uint64_t> off, std::span<const V> tgt, std::uint32_t t,
                              uniform_load_scratch& w, double* load) {
  const csr_view<V> view{off, tgt};
  uniform_split<Spread> policy{{}, w.count.data(), w.count.size()};
  return destination_pass(view, t, w.dag, policy, [load](std::uint64_t i, double x) { load[i] += x; });
}

// ---- The batched kernel: B destinations at once, one lane each ----------------------------
//
// Every vertex holds B lanes: its level (distance to the lane's destination, int8), its count
// c (double) and the flow it has received (double). Levels are built level-synchronously,
// pushing from the previous level's vertices while they are few and pulling into the
// unfinished vertices otherwise (S. Beamer, K. Asanović, D. Patterson, "Direction-Optimizing
// Breadth-First Search", SC 2012); the counts are sums of integers (exact below 2^53), so the
// direction does not change them (beyond 2^53 the order is still fixed by the graph and the
// batch). The pass back runs level by level from the farthest, over the vertices that have a
// lane at that level; a channel's load adds the B lanes' shares as a fixed tree
// (load_lane_sum). All lane arithmetic is IEEE per lane (no fused multiply-add: see the pragma
// below), so every dispatch variant (AVX-512, AVX2, generic) gives the same bits. B = 8 (one
// AVX-512 register of doubles); 4 and 16 lanes were slower (docs/performance.md).

/// Levels a lane can hold: the batched kernel runs when the graph's diameter is below it.
inline constexpr int uniform_load_batch_levels = 100;
/// The batched kernel runs when vertex 0's eccentricity is at most this (so the diameter is at
/// most twice it), the per-destination kernel otherwise (a ring, a long path: few vertices per
/// level, where level-synchronous scans would cost more than they save).
inline constexpr std::uint64_t uniform_load_batch_max_eccentricity = 16;

template <int B>
struct load_lanes;
template <>
struct load_lanes<8> {
  typedef double real __attribute__((vector_size(64)));
  typedef std::int64_t mask __attribute__((vector_size(64)));
  typedef std::int8_t level __attribute__((vector_size(8)));
};

/// The same 8 lanes as two 256-bit halves: the AVX2 variant's types. Given the 512-bit types,
/// GCC 12 under target("avx2") kept sums and masks in the stack, moved lanes between the
/// halves one 64-bit word at a time (vmovq, vpinsrq, stores of 256 bits reloaded 64 bits at a
/// time) and widened the upper four levels byte by byte; on the AMD EPYC (Zen 3) where this was
/// measured the AVX2 variant was slower than the SSE2 one (docs/performance.md, "Uniform
/// shortest-path load").
/// As two halves every value stays in a pair of ymm registers. The arithmetic is the same IEEE
/// operation lane by lane, and load_lane_sum adds the same tree: the same bits.
struct load_lanes_halves {
  typedef double half __attribute__((vector_size(32)));
  typedef std::int64_t half_mask __attribute__((vector_size(32)));
  typedef std::int8_t level __attribute__((vector_size(8)));
  struct real {
    half lo, hi;
  };
  struct mask {
    half_mask lo, hi;
  };
};
using load_real_halves = load_lanes_halves::real;
using load_mask_halves = load_lanes_halves::mask;
[[gnu::always_inline]] inline load_real_halves operator+(const load_real_halves& a, const load_real_halves& b) noexcept {
  return {a.lo + b.lo, a.hi + b.hi};
}
[[gnu::always_inline]] inline load_real_halves operator+(const load_real_halves& a, double b) noexcept {
  return {a.lo + b, a.hi + b};
}
[[gnu::always_inline]] inline load_real_halves& operator+=(load_real_halves& a, const load_real_halves& b) noexcept {
  a.lo += b.lo;
  a.hi += b.hi;
  return a;
}
[[gnu::always_inline]] inline load_real_halves operator*(const load_real_halves& a, const load_real_halves& b) noexcept {
  return {a.lo * b.lo, a.hi * b.hi};
}
[[gnu::always_inline]] inline load_real_halves operator/(const load_real_halves& a, const load_real_halves& b) noexcept {
  return {a.lo / b.lo, a.hi / b.hi};
}
[[gnu::always_inline]] inline load_mask_halves operator>(const load_real_halves& a, double b) noexcept {
  return {a.lo > b, a.hi > b};
}
[[gnu::always_inline]] inline load_mask_halves operator&(const load_mask_halves& a, const load_mask_halves& b) noexcept {
  return {a.lo & b.lo, a.hi & b.hi};
}
[[gnu::always_inline]] inline load_mask_halves operator~(const load_mask_halves& a) noexcept { return {~a.lo, ~a.hi}; }

/// n values of a vector type on a 64-byte boundary (std::vector drops the alignment of a
/// vector type given as a template argument).
template <class T>
class load_lane_array {
 public:
  explicit load_lane_array(std::size_t n)
      : p_(static_cast<T*>(::operator new(std::max<std::size_t>(1, n) * sizeof(T), std::align_val_t{64}))) {}
  load_lane_array(load_lane_array&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  load_lane_array(const load_lane_array&) = delete;
  load_lane_array& operator=(const load_lane_array&) = delete;
  load_lane_array& operator=(load_lane_array&&) = delete;
  ~load_lane_array() {
    if (p_) ::operator delete(p_, std::align_val_t{64});
  }
  [[nodiscard]] T* data() const noexcept { return p_; }

 private:
  T* p_;
};

/// Per-worker scratch of the batched kernel: O(B·n).
template <int B>
struct load_batch_scratch {
  using L = load_lanes<B>;
  load_lane_array<typename L::level> level;
  load_lane_array<typename L::real> count, received;
  std::vector<double> pulled;              // shares pulled, by reverse channel (see uniform_load_run)
  std::vector<std::uint32_t> members;      // vertices with a lane at each level, level by level
  std::vector<std::size_t> level_start;    // members of level k: [level_start[k], level_start[k + 1])
  std::vector<char> listed;
  explicit load_batch_scratch(std::size_t n) : level(n), count(n), received(n), listed(n, 0) { members.reserve(n); }
};

inline constexpr std::int8_t load_unreached_level = 127, load_unused_lane = -2;

/// The sum of the B lanes as a fixed tree (halves added lane by lane, down to one), the same
/// order in every variant.
// The halves are taken as vectors (the halves type's members, __builtin_shufflevector), not
// lane by lane: built from x[0] .. x[3], GCC 12's AVX2 variant stored both registers to the
// stack and read the lanes back one at a time, on every arc of the pass back.
template <class L>
[[gnu::always_inline]] inline double load_lane_sum(const typename L::real& x) noexcept {
  typedef double pair __attribute__((vector_size(16)));
  if constexpr (std::is_same_v<L, load_lanes_halves>) {
    const auto q = x.lo + x.hi;
    const pair h = __builtin_shufflevector(q, q, 0, 1) + __builtin_shufflevector(q, q, 2, 3);  // q0 + q2, q1 + q3
    return h[0] + h[1];
  } else {
    static_assert(sizeof(x) == 8 * sizeof(double));
    const auto q = __builtin_shufflevector(x, x, 0, 1, 2, 3) + __builtin_shufflevector(x, x, 4, 5, 6, 7);
    const pair h = __builtin_shufflevector(q, q, 0, 1) + __builtin_shufflevector(q, q, 2, 3);
    return h[0] + h[1];
  }
}

/// Some lane of the mask m is set; halves ORed in registers (see load_lane_sum).
template <class L>
[[gnu::always_inline]] inline bool load_any_lane(const typename L::mask& m) noexcept {
  if constexpr (std::is_same_v<L, load_lanes_halves>) {
    const auto q = m.lo | m.hi;
    const auto h = __builtin_shufflevector(q, q, 0, 1) | __builtin_shufflevector(q, q, 2, 3);
    return (h[0] | h[1]) != 0;
  } else {
    const auto q = __builtin_shufflevector(m, m, 0, 1, 2, 3) | __builtin_shufflevector(m, m, 4, 5, 6, 7);
    const auto h = __builtin_shufflevector(q, q, 0, 1) | __builtin_shufflevector(q, q, 2, 3);
    return (h[0] | h[1]) != 0;
  }
}

/// Some lane of the 8 levels l is set (one 64-bit word).
template <class L>
[[gnu::always_inline]] inline bool load_any_level(const typename L::level& l) noexcept {
  static_assert(sizeof(l) == sizeof(std::uint64_t));
  std::uint64_t w;
  std::memcpy(&w, &l, sizeof w);
  return w != 0;
}

/// Level lanes (0 or -1 each) widened to a mask.
// Out parameters, not return values: a 512-bit vector returned by value changes the ABI
// without AVX-512, and GCC says so (-Wpsabi) at the end of every file that includes this one.
template <class L>
[[gnu::always_inline]] inline void load_widen(const typename L::level& l, typename L::mask& out) noexcept {
  if constexpr (std::is_same_v<L, load_lanes_halves>) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    // GCC 12 widens the upper four bytes one at a time (vpextrb, movsx, vpinsrq) however they are
    // shuffled or shifted into place; its builtin gives vpmovsxbq on each half. Not the
    // intrinsic: its target("avx2") could not be inlined into this target-less helper, which
    // only the AVX2 variant instantiates (so the builtin is expanded under its target).
    typedef std::uint64_t word2 __attribute__((vector_size(16)));
    typedef char byte16 __attribute__((vector_size(16)));
    std::uint64_t word;
    std::memcpy(&word, &l, sizeof word);
    const word2 v = {word, 0};
    out.lo = (load_lanes_halves::half_mask)__builtin_ia32_pmovsxbq256((byte16)v);
    out.hi = (load_lanes_halves::half_mask)__builtin_ia32_pmovsxbq256((byte16)(v >> 32));
#else
    typedef std::int8_t quarter __attribute__((vector_size(4)));
    const quarter lo = __builtin_shufflevector(l, l, 0, 1, 2, 3), hi = __builtin_shufflevector(l, l, 4, 5, 6, 7);
    out.lo = __builtin_convertvector(lo, load_lanes_halves::half_mask);
    out.hi = __builtin_convertvector(hi, load_lanes_halves::half_mask);
#endif
  } else {
    out = __builtin_convertvector(l, typename L::mask);
  }
}

/// A mask narrowed to level lanes.
template <class L>
[[gnu::always_inline]] inline typename L::level load_narrow(const typename L::mask& m) noexcept {
  if constexpr (std::is_same_v<L, load_lanes_halves>) {
    typedef std::int8_t quarter __attribute__((vector_size(4)));
    const quarter lo = __builtin_convertvector(m.lo, quarter), hi = __builtin_convertvector(m.hi, quarter);
    return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7);
  } else {
    return __builtin_convertvector(m, typename L::level);
  }
}

/// x where m is set, 0 elsewhere.
template <class L>
[[gnu::always_inline]] inline void load_select(const typename L::real& x, const typename L::mask& m,
                                               typename L::real& out) noexcept {
  if constexpr (std::is_same_v<L, load_lanes_halves>) {
    using H = load_lanes_halves;
    out.lo = (H::half)((H::half_mask)x.lo & m.lo);
    out.hi = (H::half)((H::half_mask)x.hi & m.hi);
  } else {
    out = (typename L::real)((typename L::mask)x & m);
  }
}

/// Lane i of x set to a.
template <class L>
[[gnu::always_inline]] inline void load_set_lane(typename L::real& x, std::size_t i, double a) noexcept {
  if constexpr (std::is_same_v<L, load_lanes_halves>) {
    if (i < 4)
      x.lo[i] = a;
    else
      x.hi[i - 4] = a;
  } else {
    x[i] = a;
  }
}

/// The scratch's count and received arrays seen as L's values (the same 64 bytes a vertex,
/// on a 64-byte boundary; a process uses one variant, so one type).
template <class L, class T>
[[gnu::always_inline]] inline typename L::real* load_reals(T* p) noexcept {
  static_assert(sizeof(typename L::real) == sizeof(T) && alignof(typename L::real) <= 64);
  return reinterpret_cast<typename L::real*>(p);
}

// The batched kernel's steps, each always inlined into its caller (so that it runs under the
// caller's target; a call would pass vectors through memory). Macros, not lambdas, for the same
// reason: a lambda would not inherit the caller's target.
#define SHIFTFLY_WIDEN(m)                   \
  __extension__({                           \
    typename L::mask widened_;              \
    load_widen<L>((m), widened_);           \
    widened_;                               \
  })
#define SHIFTFLY_SELECT(x, m)               \
  __extension__({                           \
    typename L::real selected_;             \
    load_select<L>((x), (m), selected_);    \
    selected_;                              \
  })
#define SHIFTFLY_OPEN_LANES(l, out) (out) = load_any_level<L>((l) == unreached)

/// Lane i of every vertex unreached (i < k) or unused; destination i at level 0 with count 1.
template <int B, class L>
[[gnu::always_inline]] inline void uniform_load_batch_start(std::size_t n, const std::uint32_t* dest, std::size_t k,
                                                            load_batch_scratch<B>& w) {
  using real = typename L::real;
  using level = typename L::level;
  level start;
  for (int i = 0; i < B; ++i) start[i] = static_cast<std::size_t>(i) < k ? load_unreached_level : load_unused_lane;
  level* __restrict lev = w.level.data();
  real* __restrict cnt = load_reals<L>(w.count.data());
  real* __restrict rec = load_reals<L>(w.received.data());
  const real zero{};
  for (std::size_t v = 0; v < n; ++v) {
    lev[v] = start;
    cnt[v] = zero;
    rec[v] = zero;
  }
  w.members.clear();
  w.level_start.assign(1, 0);
  for (std::size_t i = 0; i < k; ++i) {  // distinct destinations
    w.members.push_back(dest[i]);
    lev[dest[i]][i] = 0;
    load_set_lane<L>(cnt[dest[i]], i, 1.0);
  }
  w.level_start.push_back(w.members.size());
}

/// The lanes of level d's step: every lane unreached, every lane at d - 1, every lane at d.
template <int B>
struct load_level_lanes {
  typename load_lanes<B>::level unreached, prev, here;
};
template <int B>
[[gnu::always_inline]] inline load_level_lanes<B> load_levels_at(std::int8_t d) {
  load_level_lanes<B> l;
  for (int i = 0; i < B; ++i) {
    l.unreached[i] = load_unreached_level;
    l.prev[i] = static_cast<std::int8_t>(d - 1);
    l.here[i] = d;
  }
  return l;
}

/// v's lanes in `fresh` reach level `here` (lv: v's levels); false when no lane is fresh. When
/// v has no unreached lane left, its arcs leave open_degree (what a pull would scan).
template <int B, class L>
[[gnu::always_inline]] inline bool load_reach_lanes(typename L::level& lv, const typename L::mask& fresh,
                                                    const load_level_lanes<B>& at, std::uint64_t degree,
                                                    std::uint64_t& open_degree) {
  using level = typename L::level;
  if (!load_any_lane<L>(fresh)) return false;
  const level fresh8 = load_narrow<L>(fresh);
  lv = (lv & ~fresh8) | (at.here & fresh8);
  const level unreached = at.unreached;
  bool still_open = false;
  SHIFTFLY_OPEN_LANES(lv, still_open);
  if (!still_open) open_degree -= degree;
  return true;
}

/// Level d by a push from the vertices of level d - 1 (members [lo, hi)) into the unreached
/// lanes of their neighbours.
template <bool Spread, int B, class V, class L>
[[gnu::always_inline]] inline void uniform_load_batch_push_level(const std::uint64_t* off, const V* tgt,
                                                                 load_batch_scratch<B>& w, std::int8_t d,
                                                                 std::size_t lo, std::size_t hi,
                                                                 std::uint64_t& open_degree) {
  using real = typename L::real;
  using mask = typename L::mask;
  using level = typename L::level;
  level* __restrict lev = w.level.data();
  real* __restrict cnt = load_reals<L>(w.count.data());
  const auto at = load_levels_at<B>(d);
  const level unreached = at.unreached, prev = at.prev;
  const std::size_t first_new = w.members.size();
  for (std::size_t j = lo; j < hi; ++j) {
    const auto u = w.members[j];
    const mask mu = SHIFTFLY_WIDEN(lev[u] == prev);
    const real a = Spread ? SHIFTFLY_SELECT(cnt[u], mu) : SHIFTFLY_SELECT(real{} + 1.0, mu);
    for (auto i = off[u]; i < off[u + 1]; ++i) {
      const auto v = static_cast<std::uint32_t>(tgt[i]);
      const mask mv = SHIFTFLY_WIDEN(lev[v] == unreached);
      cnt[v] += SHIFTFLY_SELECT(a, mv);
      if (!w.listed[v]) {
        w.listed[v] = 1;
        w.members.push_back(v);
      }
    }
  }
  // Keep the touched vertices that gained a lane, in the order they were first touched.
  std::size_t kept = first_new;
  for (std::size_t j = first_new; j < w.members.size(); ++j) {
    const auto v = w.members[j];
    w.listed[v] = 0;
    const mask fresh = SHIFTFLY_WIDEN(lev[v] == unreached) & (cnt[v] > 0.0);
    if (load_reach_lanes<B, L>(lev[v], fresh, at, off[v + 1] - off[v], open_degree)) w.members[kept++] = v;
  }
  w.members.resize(kept);
}

/// Level d by a pull into every vertex with an unreached lane from its neighbours at level d - 1.
template <bool Spread, int B, class V, class L>
[[gnu::always_inline]] inline void uniform_load_batch_pull_level(const std::uint64_t* off, const V* tgt, std::size_t n,
                                                                 load_batch_scratch<B>& w, std::int8_t d,
                                                                 std::uint64_t& open_degree) {
  using real = typename L::real;
  using mask = typename L::mask;
  using level = typename L::level;
  level* __restrict lev = w.level.data();
  real* __restrict cnt = load_reals<L>(w.count.data());
  const auto at = load_levels_at<B>(d);
  const level unreached = at.unreached, prev = at.prev;
  for (std::size_t v = 0; v < n; ++v) {
    const level lv = lev[v];
    bool has_open = false;
    SHIFTFLY_OPEN_LANES(lv, has_open);
    if (!has_open) continue;
    const level open = lv == unreached;
    // Four sums side by side (one would wait on each addition's latency): the counts are
    // integers, exact below 2^53, so the order of the additions does not matter.
    real acc0{}, acc1{}, acc2{}, acc3{};
    auto i = off[v];
    const auto end = off[v + 1];
#define SHIFTFLY_TERM(k)                                                   \
  (Spread ? SHIFTFLY_SELECT(cnt[tgt[(k)]], SHIFTFLY_WIDEN(lev[tgt[(k)]] == prev)) \
          : SHIFTFLY_SELECT(real{} + 1.0, SHIFTFLY_WIDEN(lev[tgt[(k)]] == prev)))
    for (; i + 4 <= end; i += 4) {
      acc0 += SHIFTFLY_TERM(i);
      acc1 += SHIFTFLY_TERM(i + 1);
      acc2 += SHIFTFLY_TERM(i + 2);
      acc3 += SHIFTFLY_TERM(i + 3);
    }
    for (; i < end; ++i) acc0 += SHIFTFLY_TERM(i);
#undef SHIFTFLY_TERM
    const real acc = (acc0 + acc1) + (acc2 + acc3);
    const mask fresh = SHIFTFLY_WIDEN(open) & (acc > 0.0);
    if (!load_reach_lanes<B, L>(lev[v], fresh, at, off[v + 1] - off[v], open_degree)) continue;
    cnt[v] += SHIFTFLY_SELECT(acc, fresh);  // the open lanes' counts were 0
    w.members.push_back(static_cast<std::uint32_t>(v));
  }
}

/// The levels, level-synchronously: each by a push or a pull, whichever scans fewer arcs.
template <bool Spread, int B, class V, class L>
[[gnu::always_inline]] inline void uniform_load_batch_count_levels(const std::uint64_t* off, const V* tgt, std::size_t n,
                                                             load_batch_scratch<B>& w) {
  // The arcs of the vertices with an unreached lane: what a pull would scan.
  std::uint64_t open_degree = off[n];
  for (std::int8_t d = 1;; ++d) {
    const std::size_t lo = w.level_start[static_cast<std::size_t>(d) - 1], hi = w.level_start[d];
    std::uint64_t frontier_degree = 0;
    for (std::size_t j = lo; j < hi; ++j) frontier_degree += off[w.members[j] + 1] - off[w.members[j]];
    if (frontier_degree < open_degree)
      uniform_load_batch_push_level<Spread, B, V, L>(off, tgt, w, d, lo, hi, open_degree);
    else
      uniform_load_batch_pull_level<Spread, B, V, L>(off, tgt, n, w, d, open_degree);
    if (w.members.size() == hi) break;  // no lane reached a new vertex
    w.level_start.push_back(w.members.size());
  }
}

/// From the farthest level in: u's lanes at level d send g = (1 + received) / c to their next
/// hops v (spread: g·c(v) each). Each level either pushes from its own vertices or pulls into
/// the vertices of the level below, whichever scans fewer arcs (a pull adds to pulled[v -> u],
/// which the caller folds into u -> v); the choice depends on the graph and the batch only.
template <bool Spread, int B, class V, class L>
[[gnu::always_inline]] inline void uniform_load_batch_back(const std::uint64_t* off, const V* tgt,
                                                           load_batch_scratch<B>& w, double* __restrict load,
                                                           double* __restrict pulled) {
  using real = typename L::real;
  using mask = typename L::mask;
  using level = typename L::level;
  level* __restrict lev = w.level.data();
  real* __restrict cnt = load_reals<L>(w.count.data());
  real* __restrict rec = load_reals<L>(w.received.data());
  const real one = real{} + 1.0;
  for (std::size_t d = w.level_start.size() - 2; d >= 1; --d) {  // level_start: levels 0 .. size - 2
    level here, below;
    for (int i = 0; i < B; ++i) {
      here[i] = static_cast<std::int8_t>(d);
      below[i] = static_cast<std::int8_t>(d - 1);
    }
    std::uint64_t push_arcs = 0, pull_arcs = 0;
    for (std::size_t j = w.level_start[d]; j < w.level_start[d + 1]; ++j) {
      const auto u = w.members[j];
      push_arcs += off[u + 1] - off[u];
      // u's lanes at level d have heard from every farther vertex: they now hold what u sends
      // per unit, g = (1 + received) / c (the other lanes keep what they have received).
      const mask mu = SHIFTFLY_WIDEN(lev[u] == here);
      rec[u] = SHIFTFLY_SELECT((one + rec[u]) / cnt[u], mu) + SHIFTFLY_SELECT(rec[u], ~mu);
    }
    for (std::size_t j = w.level_start[d - 1]; j < w.level_start[d]; ++j)
      pull_arcs += off[w.members[j] + 1] - off[w.members[j]];
    if (push_arcs <= pull_arcs) {
      for (std::size_t j = w.level_start[d]; j < w.level_start[d + 1]; ++j) {
        const auto u = w.members[j];
        const real g = SHIFTFLY_SELECT(rec[u], SHIFTFLY_WIDEN(lev[u] == here));
        for (auto i = off[u]; i < off[u + 1]; ++i) {
          const auto v = static_cast<std::uint32_t>(tgt[i]);
          const mask mv = SHIFTFLY_WIDEN(lev[v] == below);
          const real x = Spread ? SHIFTFLY_SELECT(g * cnt[v], mv) : SHIFTFLY_SELECT(g, mv);
          load[i] += load_lane_sum<L>(x);
          rec[v] += x;
        }
      }
    } else {
      for (std::size_t j = w.level_start[d - 1]; j < w.level_start[d]; ++j) {
        const auto v = w.members[j];
        const mask mv = SHIFTFLY_WIDEN(lev[v] == below);
        const real cv = cnt[v];
        real sum{};
        for (auto i = off[v]; i < off[v + 1]; ++i) {
          const auto u = static_cast<std::uint32_t>(tgt[i]);
          const mask m = SHIFTFLY_WIDEN(lev[u] == here) & mv;
          const real x = Spread ? SHIFTFLY_SELECT(rec[u] * cv, m) : SHIFTFLY_SELECT(rec[u], m);
          pulled[i] += load_lane_sum<L>(x);  // the channel v -> u: folded into u -> v by the caller
          sum += x;
        }
        rec[v] += sum;  // v's lanes at level d - 1 hear only from level d: they were 0
      }
    }
  }
}
#undef SHIFTFLY_WIDEN
#undef SHIFTFLY_SELECT
#undef SHIFTFLY_OPEN_LANES

/// Adds the loads of destinations dest[0..k) (k <= B) to `load`.
template <bool Spread, int B, class V, class L>
[[gnu::always_inline]] inline void uniform_load_batch_body(const std::uint64_t* off, const V* tgt, std::size_t n,
                                                           const std::uint32_t* dest,
                                                           std::size_t k, load_batch_scratch<B>& w,
                                                           double* __restrict load, double* __restrict pulled) {
  uniform_load_batch_start<B, L>(n, dest, k, w);
  uniform_load_batch_count_levels<Spread, B, V, L>(off, tgt, n, w);
  uniform_load_batch_back<Spread, B, V, L>(off, tgt, w, load, pulled);
}

template <bool Spread, int B, class V>
using load_batch_kernel = void (*)(const std::uint64_t*, const V*, std::size_t, const std::uint32_t*, std::size_t,
                              load_batch_scratch<B>&, double*, double*);

// GCC would fuse a product and a sum into one multiply-add where the target has FMA (the
// AVX-512 variant), and round differently from the other variants: not in these functions.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif
template <bool Spread, int B, class V>
inline void uniform_load_batch_generic(const std::uint64_t* off, const V* tgt, std::size_t n,
                                       const std::uint32_t* dest, std::size_t k, load_batch_scratch<B>& w, double* load,
                                       double* pulled) {
  uniform_load_batch_body<Spread, B, V, load_lanes<B>>(off, tgt, n, dest, k, w, load, pulled);
}
#if defined(__x86_64__) && defined(__GNUC__)
#define SHIFTFLY_UNIFORM_LOAD_DISPATCH 1
template <bool Spread, int B, class V>
[[gnu::target("avx2")]] inline void uniform_load_batch_avx2(const std::uint64_t* off, const V* tgt, std::size_t n,
                                                            const std::uint32_t* dest,
                                                            std::size_t k, load_batch_scratch<B>& w, double* load,
                                                            double* pulled) {
  uniform_load_batch_body<Spread, B, V, load_lanes_halves>(off, tgt, n, dest, k, w, load, pulled);
}
template <bool Spread, int B, class V>
[[gnu::target("avx512f,avx512bw,avx512vl,avx2")]] inline void uniform_load_batch_avx512(
    const std::uint64_t* off, const V* tgt, std::size_t n, const std::uint32_t* dest,
    std::size_t k, load_batch_scratch<B>& w, double* load, double* pulled) {
  uniform_load_batch_body<Spread, B, V, load_lanes<B>>(off, tgt, n, dest, k, w, load, pulled);
}
#endif
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

/// The widest variant the processor runs (SHIFTFLY_METRICS_NO_DISPATCH in the environment
/// forces the generic one, as for the distance sweeps); every variant gives the same bits.
template <bool Spread, int B, class V>
inline load_batch_kernel<Spread, B, V> select_load_batch_kernel() {
#ifdef SHIFTFLY_UNIFORM_LOAD_DISPATCH
  if (std::getenv("SHIFTFLY_METRICS_NO_DISPATCH") == nullptr) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
      return &uniform_load_batch_avx512<Spread, B, V>;
    if (__builtin_cpu_supports("avx2")) return &uniform_load_batch_avx2<Spread, B, V>;
  }
#endif
  return &uniform_load_batch_generic<Spread, B, V>;
}

}  // namespace detail

namespace detail {

/// Which kernel runs: chosen from the graph (auto), or forced (for the tests).
enum class uniform_load_kernel { automatic, per_destination, batched };

/// Lanes of the batched kernel (destinations per batch).
inline constexpr int uniform_load_lanes = 8;

/// The options checked, each bad value refused in one line naming it and `where`.
inline void require_uniform_load_options(std::string_view where, const uniform_load_options& o) {
  core::require_range(where, "threads", o.threads, 0U, 1024U);
  if (o.split != shortest_path_split::ecmp && o.split != shortest_path_split::spread)
    core::fail_parameter(where, "split", core::to_message(static_cast<int>(o.split)), "is not a split",
                         "ecmp or spread");
  core::require_range(where, "max_arc_visits", o.max_arc_visits, std::uint64_t{1}, std::uint64_t{1'000'000'000'000'000ULL});
}

/// The loads of the destinations `only` (every vertex when empty; metrics/paths/symmetric_load.hpp
/// passes one vertex of each orbit): the sum over t in `only` of what t's pass puts on each channel,
/// times weight[t's index] when `weight` is given (one a destination; a block of destinations
/// never mixes two weights, and its sum is multiplied once by its weight: with every weight 1 the
/// same bits as without).
template <core::digraph_like G>
std::vector<double> uniform_load_run(const G& g, const uniform_load_options& o, uniform_load_kernel kernel,
                                     std::span<const std::uint32_t> only = {},
                                     std::string_view where = "uniform_shortest_path_load",
                                     std::span<const double> weight = {}) {
  require_uniform_load_options(where, o);
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, std::uint64_t{2}, std::uint64_t{0xffffffffULL});
  const std::uint64_t destinations = only.empty() ? n : only.size();
  for (const auto t : only)
    if (t >= n) core::fail_parameter(where, "destination", core::to_message(t), "is not a vertex", "0 to n - 1");
  if (!weight.empty() && weight.size() != destinations)
    core::fail_parameter(where, "weight", core::to_message(weight.size()) + " weights",
                         "is not one a destination (" + core::to_message(destinations) + ")",
                         "none, or one a destination");
  const std::uint64_t visits =
      only.empty() ? uniform_load_arc_visits(g)
                   : core::checked_mul(destinations, 2 * static_cast<std::uint64_t>(g.targets().size()), where,
                                       "destinations x channels");
  const auto off = g.offsets();
  const auto tgt = g.targets();
  const std::size_t channels = tgt.size();
  // One BFS from vertex 0: every vertex must be reached; its eccentricity picks the kernel.
  std::uint64_t eccentricity = 0;
  {
    std::vector<std::int64_t> dist(n, -1);
    std::vector<std::uint32_t> queue{0};
    dist[0] = 0;
    for (std::size_t h = 0; h < queue.size(); ++h) {
      const auto u = queue[h];
      for (auto i = off[u]; i < off[u + 1]; ++i)
        if (dist[tgt[i]] < 0) {
          dist[tgt[i]] = dist[u] + 1;
          eccentricity = static_cast<std::uint64_t>(dist[u] + 1);
          queue.push_back(static_cast<std::uint32_t>(tgt[i]));
        }
    }
    if (queue.size() != n) {
      std::uint64_t missing = 0;
      while (dist[missing] >= 0) ++missing;
      core::fail(where, "the graph is not connected: vertex " + core::to_message(missing) +
                            " does not reach vertex 0 (uniform traffic needs a path for every pair; accepted: a "
                            "connected graph)");
    }
  }
  if (kernel == uniform_load_kernel::automatic)
    kernel = eccentricity <= uniform_load_batch_max_eccentricity ? uniform_load_kernel::batched
                                                                  : uniform_load_kernel::per_destination;
  if (kernel == uniform_load_kernel::batched && 2 * eccentricity >= static_cast<std::uint64_t>(uniform_load_batch_levels))
    core::fail(where, "the batched kernel needs a diameter below " + core::to_message(uniform_load_batch_levels));
  const bool batched = kernel == uniform_load_kernel::batched;
  if (visits > o.max_arc_visits) {
    const double rate = batched ? uniform_load_batched_visits_per_second : uniform_load_per_destination_visits_per_second;
    char estimate[64];
    std::snprintf(estimate, sizeof estimate, "%.0f", std::ceil(static_cast<double>(visits) / rate));
    core::fail_parameter(where, "max_arc_visits", core::to_message(o.max_arc_visits),
                         "is below the estimated " + core::to_message(visits) + " arc visits (about " + estimate +
                             " s on one core) of " + core::to_message(destinations) +
                             (only.empty() ? " vertices and " : " destinations and ") +
                             core::to_message(g.targets().size()) + " channels",
                         "1 to 10^15");
  }
  constexpr int B = uniform_load_lanes;
  // Blocks of uniform_load_block destinations, cut also where the weight changes.
  std::vector<std::size_t> block_start{0};
  for (std::size_t i = 1; i < destinations; ++i)
    if (i - block_start.back() == uniform_load_block || (!weight.empty() && weight[i] != weight[block_start.back()]))
      block_start.push_back(i);
  const std::size_t blocks = block_start.size();
  block_start.push_back(destinations);
  auto destination = [&](std::size_t i) { return static_cast<std::uint32_t>(only.empty() ? i : only[i]); };
  const unsigned workers =
      static_cast<unsigned>(std::min<std::size_t>(core::resolve_threads(o.threads), blocks));
  const std::uint64_t per_vertex = batched ? B * 21 + 9 : 24;  // the workspace's bytes per vertex (lists included)
  core::require_memory(where,
                       "the channel loads (" + core::to_message(channels) + " channels, " +
                           core::to_message(batched ? 2 * workers + 1 : workers + 1) + " copies" +
                           (batched ? ", and their reverses" : "") +
                           ") and " + core::to_message(workers) + " workspaces of " + core::to_message(n) + " vertices",
                       core::estimate_add_mul(
                           core::estimate_add_mul(0, (batched ? 2 : 1) * std::uint64_t{workers} + (batched ? 2 : 1),
                                                  channels * 8),
                           std::uint64_t{workers}, n * per_vertex));
  std::vector<double> total(channels, 0.0);
  std::vector<std::vector<double>> part(workers, std::vector<double>(channels, 0.0));
  std::vector<uniform_load_scratch> scratch;
  if (!batched) scratch.reserve(workers);
  for (unsigned w = 0; !batched && w < workers; ++w) scratch.emplace_back(n);
  std::vector<std::uint64_t> rev;  // the batched kernel's reverse channels: rev[u -> v] = v -> u
  std::vector<load_batch_scratch<B>> lanes;
  if (batched) {
    rev = core::reverse_channels(g);
    lanes.reserve(workers);
    for (unsigned w = 0; w < workers; ++w) {
      lanes.emplace_back(n);
      lanes.back().pulled.resize(channels);
    }
  }
  const bool spread = o.split == shortest_path_split::spread;
  using V = typename G::vertex_type;
  static const load_batch_kernel<true, B, V> spread_kernel = select_load_batch_kernel<true, B, V>();
  static const load_batch_kernel<false, B, V> ecmp_kernel = select_load_batch_kernel<false, B, V>();
  // Waves of `workers` blocks: worker w takes block wave + w; then the wave's blocks are
  // added to the total in block order, channel ranges in parallel.
  for (std::size_t first = 0; first < blocks; first += workers) {
    const std::size_t in_wave = std::min<std::size_t>(workers, blocks - first);
    core::run_workers(static_cast<unsigned>(in_wave), [&](unsigned w) {
      double* load = part[w].data();
      std::fill(load, load + channels, 0.0);
      const std::size_t lo = block_start[first + w], hi = block_start[first + w + 1];
      if (batched) {
        // Pulled shares go to pulled[v -> u] in row order, and are folded into load[u -> v]
        // once per block (scattered writes per arc would miss the cache on large graphs).
        double* pulled = lanes[w].pulled.data();
        std::fill(pulled, pulled + channels, 0.0);
        std::uint32_t dest[B];
        for (std::size_t t = lo; t < hi; t += B) {
          const std::size_t k = std::min<std::size_t>(B, hi - t);
          for (std::size_t i = 0; i < k; ++i) dest[i] = destination(t + i);
          (spread ? spread_kernel : ecmp_kernel)(off.data(), tgt.data(), n, dest, k, lanes[w], load, pulled);
        }
        for (std::size_t c = 0; c < channels; ++c) load[c] += pulled[rev[c]];
        return;
      }
      for (std::size_t t = lo; t < hi; ++t)
        if (spread) uniform_load_destination<true>(off, tgt, destination(t), scratch[w], load);
        else uniform_load_destination<false>(off, tgt, destination(t), scratch[w], load);
    });
    core::parallel_for(channels, workers, workers, [&](std::size_t, std::size_t b, std::size_t e) {
      for (std::size_t w = 0; w < in_wave; ++w) {
        const double* p = part[w].data();
        if (weight.empty()) {
          for (std::size_t c = b; c < e; ++c) total[c] += p[c];
        } else {
          const double x = weight[block_start[first + w]];
          for (std::size_t c = b; c < e; ++c) total[c] += x * p[c];
        }
      }
    });
  }
  return total;
}

}  // namespace detail

/// The load of every channel (CSR position) when every ordered pair s != t sends one unit,
/// split by o.split over shortest paths (see the file comment).
template <core::digraph_like G>
std::vector<double> uniform_shortest_path_load(const G& g, const uniform_load_options& o = {}) {
  return detail::uniform_load_run(g, o, detail::uniform_load_kernel::automatic);
}

}  // namespace shiftfly::metrics

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
