#pragma once
/// \file detail/ms_bfs.hpp
/// Kernel of the distance statistics: bit-parallel multi-source BFS
/// (M. Then, M. Kaufmann, F. Chirigati, T.-A. Hoang-Vu, K. Pham, A. Kemper,
/// T. Neumann, H. T. Vo, "The More the Merrier: Efficient Multi-Source Graph
/// Traversal", PVLDB 8(4), 2014), with direction optimisation (S. Beamer,
/// K. Asanović, D. Patterson, "Direction-Optimizing Breadth-First Search",
/// SC 2012).
///
/// Each vertex holds a block of W 64-bit words: bit i of `seen[v]` says that
/// source i has reached v. A level either pushes the frontier blocks along the
/// push adjacency (top-down; cheap while the frontier is small) or pulls, for
/// every vertex not yet reached by all sources, the OR of its pull-neighbours'
/// frontier blocks (bottom-up; vertices already reached by every source are
/// skipped, and long rows stop once all missing sources have arrived). The new bits of a level are counted, so a
/// batch adds (level, count) pairs to an integer histogram: results do not
/// depend on the order in which batches run.
///
/// The pull adjacency of a vertex v lists the vertices u whose frontier bits
/// reach v in one step; the push adjacency is its transpose.
///
/// Where several pull rows share a set of vertices (the groups of Boardfly, the
/// blocks of Imase-Itoh), the bottom-up levels OR that set's frontier blocks once
/// and each row reads the result (detail/shared_rows.hpp): at Boardfly 36,000 a
/// level reads 252 K blocks instead of 1.44 M. A batch stops as soon as the new
/// frontier has no arc out or no unreached vertex has an arc in.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <ranges>
#include <span>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/detail/shared_rows.hpp"

// Blocks are passed by value between inline helpers; the ABI note is irrelevant here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

// Pull scans test "all missing sources arrived" once per this many neighbours. The test
// costs a horizontal reduction; on the Boardfly graphs (degree 40) checking every 4
// neighbours made the sweeps 2.6x slower than not checking, so it is rare by default.
#ifndef SHIFTFLY_METRICS_PULL_GROUP
#define SHIFTFLY_METRICS_PULL_GROUP 64
#endif

namespace shiftfly::metrics::detail {

/// CSR with 32-bit vertex ids, loop-free and duplicate-free rows.
struct csr {
  std::size_t n = 0;
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> targets;
  [[nodiscard]] std::size_t degree(std::size_t v) const noexcept { return offsets[v + 1] - offsets[v]; }
};

/// Builds a csr from rows given by `row(v)` (any range of ids); drops loops and repeats.
template <class Row>
inline csr make_csr(std::size_t n, Row&& row) {
  csr c;
  c.n = n;
  c.offsets.assign(n + 1, 0);
  if constexpr (std::ranges::sized_range<decltype(row(std::size_t{0}))>) {
    std::size_t entries = 0;
    for (std::size_t v = 0; v < n; ++v) entries += std::ranges::size(row(v));
    c.targets.reserve(entries);
  }
  for (std::size_t v = 0; v < n; ++v) {
    const std::size_t from = c.targets.size();
    for (auto u : row(v))
      if (static_cast<std::size_t>(u) != v) c.targets.push_back(static_cast<std::uint32_t>(u));
    const auto first = c.targets.begin() + static_cast<std::ptrdiff_t>(from);
    if (!std::is_sorted(first, c.targets.end())) std::sort(first, c.targets.end());
    c.targets.erase(std::unique(first, c.targets.end()), c.targets.end());
    c.offsets[v + 1] = c.targets.size();
  }
  return c;
}

/// Transpose of a csr (rows sorted).
inline csr transpose(const csr& a) {
  csr t;
  t.n = a.n;
  t.offsets.assign(a.n + 1, 0);
  for (auto v : a.targets) ++t.offsets[v + 1];
  for (std::size_t v = 0; v < a.n; ++v) t.offsets[v + 1] += t.offsets[v];
  t.targets.resize(a.targets.size());
  std::vector<std::uint64_t> pos(t.offsets.begin(), t.offsets.end() - 1);
  for (std::size_t u = 0; u < a.n; ++u)
    for (auto i = a.offsets[u]; i < a.offsets[u + 1]; ++i) t.targets[pos[a.targets[i]]++] = static_cast<std::uint32_t>(u);
  return t;
}

/// The two adjacencies a sweep uses; `push` is empty when the graph is symmetric.
struct sweep_graph {
  csr pull;
  csr push;
  bool symmetric = true;
  [[nodiscard]] const csr& push_adj() const noexcept { return symmetric ? pull : push; }
};

/// Per-source-batch outcome: histogram[d] = (source, vertex) pairs at distance d.
struct sweep_counts {
  std::vector<std::uint64_t> histogram;
  void add(std::size_t level, std::uint64_t count) {
    if (histogram.size() <= level) histogram.resize(level + 1, 0);
    histogram[level] += count;
  }
  void merge(const sweep_counts& o) {
    for (std::size_t d = 0; d < o.histogram.size(); ++d) add(d, o.histogram[d]);
  }
};

// GCC drops vector attributes on dependent aliases, hence one specialisation per width.
template <int W>
struct block_type;
template <>
struct block_type<1> {
  typedef std::uint64_t type __attribute__((vector_size(8)));
};
template <>
struct block_type<2> {
  typedef std::uint64_t type __attribute__((vector_size(16)));
};
template <>
struct block_type<4> {
  typedef std::uint64_t type __attribute__((vector_size(32)));
};
template <>
struct block_type<8> {
  typedef std::uint64_t type __attribute__((vector_size(64)));
};
template <int W>
using block = typename block_type<W>::type;

template <int W>
inline bool any(const block<W>& b) noexcept {
  std::uint64_t r = 0;
  for (int i = 0; i < W; ++i) r |= b[i];
  return r != 0;
}

template <int W>
inline bool equal(const block<W>& a, const block<W>& b) noexcept {
  std::uint64_t r = 0;
  for (int i = 0; i < W; ++i) r |= a[i] ^ b[i];
  return r == 0;
}

// acc += per-lane population counts of x (SWAR; vectorises on any SIMD width).
// Blocks travel by reference only: by-value wide vectors change the ABI without AVX.
template <int W>
inline void add_popcount(block<W>& acc, const block<W>& in) noexcept {
  const std::uint64_t m1 = 0x5555555555555555ULL, m2 = 0x3333333333333333ULL, m4 = 0x0f0f0f0f0f0f0f0fULL;
  block<W> x = in;
  x = x - ((x >> 1) & m1);
  x = (x & m2) + ((x >> 2) & m2);
  x = (x + (x >> 4)) & m4;
  x = x + (x >> 8);
  x = x + (x >> 16);
  x = x + (x >> 32);
  acc += x & 0x7f;
}

template <int W>
inline std::uint64_t lane_sum(const block<W>& x) noexcept {
  std::uint64_t r = 0;
  for (int i = 0; i < W; ++i) r += x[i];
  return r;
}

/// n blocks on a 64-byte boundary (std::vector of a vector type may be under-aligned
/// when the type is a template argument).
template <int W>
class block_array {
 public:
  explicit block_array(std::size_t n)
      : p_(static_cast<block<W>*>(::operator new(std::max<std::size_t>(1, n) * sizeof(block<W>), std::align_val_t{64}))) {}
  block_array(const block_array&) = delete;
  block_array& operator=(const block_array&) = delete;
  ~block_array() { ::operator delete(p_, std::align_val_t{64}); }
  [[nodiscard]] block<W>* data() const noexcept { return p_; }

 private:
  block<W>* p_;
};

/// Working arrays of one thread: three blocks per vertex; with shared rows, one block per
/// shared set (the OR of its members' frontier blocks).
template <int W>
struct workspace {
  block_array<W> seen, frontier, next;
  std::unique_ptr<block_array<W>> shared;
  std::size_t shared_sets = 0;
  explicit workspace(std::size_t n) : seen(n), frontier(n), next(n) {}
  /// Sizes the shared sets' blocks for `rows`.
  void fit(const shared_rows& rows) {
    const std::size_t sets = rows.used ? rows.sets.rows() : 0;
    if (shared && shared_sets == sets) return;
    shared = std::make_unique<block_array<W>>(sets);
    shared_sets = sets;
  }
};

/// A batch's first level, shared by the generic and the AVX2 sweeps: `seen` and `frontier`
/// cleared, source i's bit set in both at its vertex; returns the frontier's out-degree (the
/// push-or-pull rule's first measure).
template <int W>
[[gnu::always_inline]] inline std::uint64_t seed_batch(std::span<const std::uint32_t> sources, const csr& push, std::size_t n,
                                                        block<W>* seen, block<W>* frontier) {
  std::memset(static_cast<void*>(seen), 0, n * sizeof(block<W>));
  std::memset(static_cast<void*>(frontier), 0, n * sizeof(block<W>));
  std::uint64_t frontier_degree = 0;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto s = sources[i];
    if (!any<W>(frontier[s])) frontier_degree += push.degree(s);
    seen[s][i / 64] |= std::uint64_t{1} << (i % 64);
    frontier[s][i / 64] |= std::uint64_t{1} << (i % 64);
  }
  return frontier_degree;
}

/// The tests of a block the sweep makes per vertex, in portable code: any bit set, equal
/// blocks, and covers(a, b): every bit of b is in a.
template <int W>
struct block_tests {
  static bool any(const block<W>& b) noexcept { return detail::any<W>(b); }
  static bool equal(const block<W>& a, const block<W>& b) noexcept { return detail::equal<W>(a, b); }
  static bool covers(const block<W>& a, const block<W>& b) noexcept { return !detail::any<W>(b & ~a); }
  static void add_popcount(block<W>& acc, const block<W>& x) noexcept { detail::add_popcount<W>(acc, x); }
};

/// ORs into acc the frontier blocks of ids[i, end), testing after every
/// SHIFTFLY_METRICS_PULL_GROUP of them whether acc holds every missing source, and
/// stopping if so.
template <int W, class Tests>
[[gnu::always_inline]] inline void or_scan(block<W>& acc, const block<W>& missing, const block<W>* frontier,
                                           const std::uint32_t* ids, std::uint64_t i, std::uint64_t end) {
  constexpr unsigned group = SHIFTFLY_METRICS_PULL_GROUP;
  for (; i + group <= end; i += group) {
    for (unsigned j = 0; j < group; ++j) acc |= frontier[ids[i + j]];
    if (Tests::covers(acc, missing)) return;
  }
  for (; i < end; ++i) acc |= frontier[ids[i]];
}

/// The arrays a sweep reads its pull rows through: the shared rows' when they are used
/// (detail/shared_rows.hpp), with what a vertex's pull reads and what a full level reads.
struct shared_row_arrays {
  bool factored;
  const std::uint64_t* po;   ///< the plain rows' offsets
  const std::uint64_t* mo;   ///< the sets of each vertex (member_of)
  const std::uint32_t* mt;
  const std::uint64_t* ro;   ///< the sets each row reads (refs)
  const std::uint32_t* rt;
  const std::uint64_t* dof;  ///< each row's other neighbours (direct)
  const std::uint32_t* dt;
  std::uint64_t level_reads;  ///< blocks one full bottom-up level reads
  shared_row_arrays(const csr& pull, const shared_rows& rows)
      : factored(rows.used),
        po(pull.offsets.data()),
        mo(rows.member_of.offsets.data()),
        mt(rows.member_of.ids.data()),
        ro(rows.refs.offsets.data()),
        rt(rows.refs.ids.data()),
        dof(rows.direct.offsets.data()),
        dt(rows.direct.ids.data()),
        level_reads(rows.used ? rows.reads() : pull.targets.size()) {}
  /// Blocks the pull of v reads, the sets themselves aside.
  [[nodiscard]] std::uint64_t reads(std::size_t v) const noexcept {
    return factored ? (ro[v + 1] - ro[v]) + (dof[v + 1] - dof[v]) : po[v + 1] - po[v];
  }
};

/// Runs one batch of at most 64·W sources (ids of the sweep graph); adds to `out`.
/// `rows` is the pull rows' factoring through shared sets (detail/shared_rows.hpp), used
/// when rows.used; the histogram does not depend on it.
/// `Tests` is block_tests<W> or a vector unit's own (see sweep_batch_avx512).
template <int W, class Tests = block_tests<W>>
[[gnu::always_inline]] inline void sweep_batch_body(const sweep_graph& sg, const shared_rows& rows,
                                                    std::span<const std::uint32_t> sources, workspace<W>& ws,
                                                    sweep_counts& out) {
  const csr& pull = sg.pull;
  const csr& push = sg.push_adj();
  const std::size_t n = pull.n;
  block<W> full{};
  for (std::size_t i = 0; i < sources.size(); ++i) full[i / 64] |= std::uint64_t{1} << (i % 64);
  block<W>* seen = ws.seen.data();
  block<W>* frontier = ws.frontier.data();
  block<W>* next = ws.next.data();
  std::uint64_t frontier_degree = seed_batch<W>(sources, push, n, seen, frontier);
  out.add(0, sources.size());
  const std::uint64_t* po = pull.offsets.data();
  const std::uint32_t* pt = pull.targets.data();
  const std::uint64_t* qo = push.offsets.data();
  const std::uint32_t* qt = push.targets.data();
  // With shared rows a vertex's pull reads its sets' blocks and its direct neighbours'.
  const shared_row_arrays pa(pull, rows);
  const bool factored = pa.factored;
  if (factored) ws.fit(rows);
  std::uint64_t unfinished_degree = pa.level_reads;
  for (std::size_t level = 1;; ++level) {
    block<W> counted{};
    std::uint64_t next_frontier_degree = 0, next_unfinished_degree = 0;
    // Top-down when the frontier's arcs are fewer than half the unfinished vertices' reads.
    if (2 * frontier_degree < unfinished_degree) {
      std::memset(static_cast<void*>(next), 0, n * sizeof(block<W>));
      const auto push_from = [&](std::size_t u) {
        const block<W> f = frontier[u];
        for (auto i = qo[u]; i < qo[u + 1]; ++i) next[qt[i]] |= f;
      };
      if (level == 1) {  // the frontier is the sources (one twice pushes the same bits twice)
        for (const auto u : sources) push_from(u);
      } else {
        for (std::size_t u = 0; u < n; ++u)
          if (Tests::any(frontier[u])) push_from(u);
      }
      for (std::size_t v = 0; v < n; ++v) {
        const block<W> s = seen[v];
        const block<W> nv = next[v] & ~s;
        next[v] = nv;
        if (Tests::any(nv)) {
          const block<W> ns = s | nv;
          seen[v] = ns;
          Tests::add_popcount(counted, nv);
          next_frontier_degree += qo[v + 1] - qo[v];
          if (!Tests::equal(ns, full)) next_unfinished_degree += pa.reads(v);
        } else if (!Tests::equal(s, full)) {
          next_unfinished_degree += pa.reads(v);
        }
      }
    } else {
      // The sets' blocks, made in one pass in vertex order: each frontier block is read
      // once, in order, and ORed into the few sets holding its vertex.
      block<W>* sets = factored ? ws.shared->data() : nullptr;
      if (factored) {
        std::memset(static_cast<void*>(sets), 0, ws.shared_sets * sizeof(block<W>));
        for (std::size_t u = 0; u < n; ++u) {
          const block<W> f = frontier[u];
          if (pa.mo[u] == pa.mo[u + 1] || !Tests::any(f)) continue;
          for (auto k = pa.mo[u]; k < pa.mo[u + 1]; ++k) sets[pa.mt[k]] |= f;
        }
      }
      for (std::size_t v = 0; v < n; ++v) {
        const block<W> s = seen[v];
        if (Tests::equal(s, full)) {
          next[v] = block<W>{};
          continue;
        }
        const block<W> missing = full & ~s;
        block<W> acc{};
        if (factored) {
          for (auto r = pa.ro[v]; r < pa.ro[v + 1]; ++r) acc |= sets[pa.rt[r]];
          if (!Tests::covers(acc, missing)) or_scan<W, Tests>(acc, missing, frontier, pa.dt, pa.dof[v], pa.dof[v + 1]);
        } else {
          or_scan<W, Tests>(acc, missing, frontier, pt, po[v], po[v + 1]);
        }
        const block<W> nv = acc & missing;
        next[v] = nv;
        if (Tests::any(nv)) {
          const block<W> ns = s | nv;
          seen[v] = ns;
          Tests::add_popcount(counted, nv);
          next_frontier_degree += qo[v + 1] - qo[v];
          if (!Tests::equal(ns, full)) next_unfinished_degree += pa.reads(v);
        } else {
          next_unfinished_degree += pa.reads(v);
        }
      }
    }
    const std::uint64_t count = lane_sum<W>(counted);
    if (count == 0) break;
    out.add(level, count);
    // Nothing is reached next if the new frontier has no arc out or no unreached vertex an arc in.
    if (next_frontier_degree == 0 || next_unfinished_degree == 0) break;
    std::swap(frontier, next);
    frontier_degree = next_frontier_degree;
    unfinished_degree = next_unfinished_degree;
  }
}

/// The same kernel compiled for wider vector units, chosen at run time (x86-64 with
/// GCC or Clang); the counts are integers, so every variant gives the same result.
template <int W>
using batch_kernel = void (*)(const sweep_graph&, const shared_rows&, std::span<const std::uint32_t>, workspace<W>&,
                              sweep_counts&);

template <int W>
inline void sweep_batch_generic(const sweep_graph& sg, const shared_rows& rows, std::span<const std::uint32_t> sources,
                                workspace<W>& ws, sweep_counts& out) {
  sweep_batch_body<W>(sg, rows, sources, ws, out);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define SHIFTFLY_METRICS_DISPATCH 1
// The AVX2 variant of sweep_batch_body for blocks of 256 and 512 bits, written with
// intrinsics. Compiled from sweep_batch_body under target("avx2"), GCC 12 keeps a block
// of 512 bits in two ymm registers but tests it (any, equal) and counts its bits
// word by word: each test stores the registers to the stack and reloads them 64 bits at
// a time, and on the AMD EPYC (Zen 3) where this was measured that made the sweep 2.8 to 3.5
// times slower than the SSE2 build of the same code (docs/performance.md, "All pairs on a
// processor with AVX2 and no AVX-512").
// Here a block stays in registers: the tests are vptest (_mm256_testz_si256 /
// _mm256_testc_si256), the bit counts a nibble table (vpshufb) summed by vpsadbw, and
// the lanes are added up once per level. Same levels, same direction choices, same
// integer counts as sweep_batch_body: the histogram is bit-identical. It reads the shared
// rows as sweep_batch_body does.
template <int N>  // N ymm registers a block: 1 (W = 4) or 2 (W = 8)
struct ymm_block {
  __m256i h[N];
};

template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline ymm_block<N> ymm_load(const void* p) noexcept {
  ymm_block<N> r;
  for (int k = 0; k < N; ++k) r.h[k] = _mm256_load_si256(static_cast<const __m256i*>(p) + k);
  return r;
}
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline void ymm_store(void* p, const ymm_block<N>& x) noexcept {
  for (int k = 0; k < N; ++k) _mm256_store_si256(static_cast<__m256i*>(p) + k, x.h[k]);
}
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline void ymm_or_into(ymm_block<N>& a, const void* p) noexcept {
  for (int k = 0; k < N; ++k) a.h[k] = _mm256_or_si256(a.h[k], _mm256_load_si256(static_cast<const __m256i*>(p) + k));
}
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline ymm_block<N> ymm_or(const ymm_block<N>& a, const ymm_block<N>& b) noexcept {
  ymm_block<N> r;
  for (int k = 0; k < N; ++k) r.h[k] = _mm256_or_si256(a.h[k], b.h[k]);
  return r;
}
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline ymm_block<N> ymm_and(const ymm_block<N>& a, const ymm_block<N>& b) noexcept {
  ymm_block<N> r;
  for (int k = 0; k < N; ++k) r.h[k] = _mm256_and_si256(a.h[k], b.h[k]);
  return r;
}
/// a & ~b
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline ymm_block<N> ymm_and_not(const ymm_block<N>& a,
                                                                             const ymm_block<N>& b) noexcept {
  ymm_block<N> r;
  for (int k = 0; k < N; ++k) r.h[k] = _mm256_andnot_si256(b.h[k], a.h[k]);
  return r;
}
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline bool ymm_any(const ymm_block<N>& a) noexcept {
  __m256i x = a.h[0];
  for (int k = 1; k < N; ++k) x = _mm256_or_si256(x, a.h[k]);
  return !_mm256_testz_si256(x, x);
}
/// Every bit of b is in a (b ⊆ a); with a ⊆ b known, a == b.
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline bool ymm_covers(const ymm_block<N>& a, const ymm_block<N>& b) noexcept {
  if constexpr (N == 1) {
    return _mm256_testc_si256(a.h[0], b.h[0]);
  } else {
    __m256i x = _mm256_andnot_si256(a.h[0], b.h[0]);
    for (int k = 1; k < N; ++k) x = _mm256_or_si256(x, _mm256_andnot_si256(a.h[k], b.h[k]));
    return _mm256_testz_si256(x, x);
  }
}
/// acc (four 64-bit lanes) += the number of set bits of x.
template <int N>
[[gnu::target("avx2"), gnu::always_inline]] inline void ymm_add_popcount(__m256i& acc, const ymm_block<N>& x) noexcept {
  const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2,
                                         3, 2, 3, 3, 4);
  const __m256i low = _mm256_set1_epi8(0x0f);
  __m256i bytes = _mm256_setzero_si256();  // at most 8 a byte per register: no overflow for N <= 31
  for (int k = 0; k < N; ++k) {
    const __m256i lo = _mm256_and_si256(x.h[k], low);
    const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x.h[k], 4), low);
    bytes = _mm256_add_epi8(bytes, _mm256_add_epi8(_mm256_shuffle_epi8(table, lo), _mm256_shuffle_epi8(table, hi)));
  }
  acc = _mm256_add_epi64(acc, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
}

template <int W>
[[gnu::target("avx2,popcnt")]] inline void sweep_batch_avx2_body(const sweep_graph& sg, const shared_rows& rows,
                                                                  std::span<const std::uint32_t> sources,
                                                                  workspace<W>& ws, sweep_counts& out) {
  constexpr int N = W / 4;
  using yb = ymm_block<N>;
  const csr& pull = sg.pull;
  const csr& push = sg.push_adj();
  const std::size_t n = pull.n;
  alignas(64) block<W> full_words{};
  for (std::size_t i = 0; i < sources.size(); ++i) full_words[i / 64] |= std::uint64_t{1} << (i % 64);
  const yb full = ymm_load<N>(&full_words);
  block<W>* seen = ws.seen.data();
  block<W>* frontier = ws.frontier.data();
  block<W>* next = ws.next.data();
  std::uint64_t frontier_degree = seed_batch<W>(sources, push, n, seen, frontier);
  out.add(0, sources.size());
  const std::uint64_t* po = pull.offsets.data();
  const std::uint32_t* pt = pull.targets.data();
  const std::uint64_t* qo = push.offsets.data();
  const std::uint32_t* qt = push.targets.data();
  // The shared rows as in sweep_batch_body.
  const shared_row_arrays pa(pull, rows);
  const bool factored = pa.factored;
  if (factored) ws.fit(rows);
  std::uint64_t unfinished_degree = pa.level_reads;
  const yb zero = ymm_and_not<N>(full, full);
  for (std::size_t level = 1;; ++level) {
    __m256i counted = _mm256_setzero_si256();
    std::uint64_t next_frontier_degree = 0, next_unfinished_degree = 0;
    // Top-down when the frontier's arcs are fewer than half the unfinished vertices' arcs.
    if (2 * frontier_degree < unfinished_degree) {
      std::memset(static_cast<void*>(next), 0, n * sizeof(block<W>));
      for (std::size_t u = 0; u < n; ++u) {
        const yb f = ymm_load<N>(&frontier[u]);
        if (!ymm_any<N>(f)) continue;
        for (auto i = qo[u]; i < qo[u + 1]; ++i) {
          block<W>* t = &next[qt[i]];
          ymm_store<N>(t, ymm_or<N>(ymm_load<N>(t), f));
        }
      }
      for (std::size_t v = 0; v < n; ++v) {
        const yb s = ymm_load<N>(&seen[v]);
        const yb nv = ymm_and_not<N>(ymm_load<N>(&next[v]), s);
        ymm_store<N>(&next[v], nv);
        if (ymm_any<N>(nv)) {
          const yb ns = ymm_or<N>(s, nv);
          ymm_store<N>(&seen[v], ns);
          ymm_add_popcount<N>(counted, nv);
          next_frontier_degree += qo[v + 1] - qo[v];
          if (!ymm_covers<N>(ns, full)) next_unfinished_degree += pa.reads(v);
        } else if (!ymm_covers<N>(s, full)) {
          next_unfinished_degree += pa.reads(v);
        }
      }
    } else {
      block<W>* sets = factored ? ws.shared->data() : nullptr;
      if (factored) {
        std::memset(static_cast<void*>(sets), 0, ws.shared_sets * sizeof(block<W>));
        for (std::size_t u = 0; u < n; ++u) {
          if (pa.mo[u] == pa.mo[u + 1]) continue;
          const yb f = ymm_load<N>(&frontier[u]);
          if (!ymm_any<N>(f)) continue;
          for (auto k = pa.mo[u]; k < pa.mo[u + 1]; ++k) {
            block<W>* t = &sets[pa.mt[k]];
            ymm_store<N>(t, ymm_or<N>(ymm_load<N>(t), f));
          }
        }
      }
      for (std::size_t v = 0; v < n; ++v) {
        const yb s = ymm_load<N>(&seen[v]);
        if (ymm_covers<N>(s, full)) {
          ymm_store<N>(&next[v], zero);
          continue;
        }
        const yb missing = ymm_and_not<N>(full, s);
        yb acc = zero;
        const std::uint32_t* ids = pt;
        auto i = po[v];
        auto end = po[v + 1];
        if (factored) {
          for (auto r = pa.ro[v]; r < pa.ro[v + 1]; ++r) ymm_or_into<N>(acc, &sets[pa.rt[r]]);
          ids = pa.dt;
          i = pa.dof[v];
          end = ymm_covers<N>(acc, missing) ? i : pa.dof[v + 1];
        }
        // Scan in groups, stopping once every missing source has arrived.
        constexpr unsigned group = SHIFTFLY_METRICS_PULL_GROUP;
        for (; i + group <= end; i += group) {
          for (unsigned j = 0; j < group; ++j) ymm_or_into<N>(acc, &frontier[ids[i + j]]);
          if (ymm_covers<N>(acc, missing)) break;
        }
        if (i + group > end)
          for (; i < end; ++i) ymm_or_into<N>(acc, &frontier[ids[i]]);
        const yb nv = ymm_and<N>(acc, missing);
        ymm_store<N>(&next[v], nv);
        const yb ns = ymm_or<N>(s, nv);
        ymm_store<N>(&seen[v], ns);
        if (ymm_any<N>(nv)) {
          ymm_add_popcount<N>(counted, nv);
          next_frontier_degree += qo[v + 1] - qo[v];
        }
        if (!ymm_covers<N>(ns, full)) next_unfinished_degree += pa.reads(v);
      }
    }
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), counted);
    const std::uint64_t count = lanes[0] + lanes[1] + lanes[2] + lanes[3];
    if (count == 0) break;
    out.add(level, count);
    if (next_frontier_degree == 0 || next_unfinished_degree == 0) break;
    std::swap(frontier, next);
    frontier_degree = next_frontier_degree;
    unfinished_degree = next_unfinished_degree;
  }
}

template <int W>
[[gnu::target("avx2,popcnt")]] inline void sweep_batch_avx2(const sweep_graph& sg, const shared_rows& rows,
                                                             std::span<const std::uint32_t> sources, workspace<W>& ws,
                                                             sweep_counts& out) {
  if constexpr (W >= 4)
    sweep_batch_avx2_body<W>(sg, rows, sources, ws, out);
  else
    sweep_batch_body<W>(sg, rows, sources, ws, out);
}
/// block_tests with AVX-512 (mask registers for 512-bit blocks, vptest below). Not
/// always_inline: a target function cannot be forced into the portable body; the kernel
/// below is flattened, which inlines them once the body is inside it.
template <int W>
struct avx512_block_tests {
  [[gnu::target("avx512f,avx512bw,avx512vl,avx2")]] static bool any(const block<W>& b) noexcept {
    if constexpr (W == 8) {
      const __m512i x = reinterpret_cast<const __m512i&>(b);
      return _mm512_test_epi64_mask(x, x) != 0;
    } else if constexpr (W == 4) {
      const __m256i x = reinterpret_cast<const __m256i&>(b);
      return !_mm256_testz_si256(x, x);
    } else {
      return detail::any<W>(b);
    }
  }
  [[gnu::target("avx512f,avx512bw,avx512vl,avx2")]] static bool equal(const block<W>& a, const block<W>& b) noexcept {
    if constexpr (W == 8) {
      return _mm512_cmpneq_epi64_mask(reinterpret_cast<const __m512i&>(a), reinterpret_cast<const __m512i&>(b)) == 0;
    } else if constexpr (W == 4) {
      const __m256i x = _mm256_xor_si256(reinterpret_cast<const __m256i&>(a), reinterpret_cast<const __m256i&>(b));
      return _mm256_testz_si256(x, x);
    } else {
      return detail::equal<W>(a, b);
    }
  }
  [[gnu::target("avx512f,avx512bw,avx512vl,avx2")]] static bool covers(const block<W>& a, const block<W>& b) noexcept {
    if constexpr (W == 8) {
      const block<W> rest = b & ~a;  // not _mm512_andnot_si512: GCC 12 warns on its undefined operand
      const __m512i x = reinterpret_cast<const __m512i&>(rest);
      return _mm512_test_epi64_mask(x, x) == 0;
    } else if constexpr (W == 4) {
      return _mm256_testc_si256(reinterpret_cast<const __m256i&>(a), reinterpret_cast<const __m256i&>(b));
    } else {
      return !detail::any<W>(b & ~a);
    }
  }
  static void add_popcount(block<W>& acc, const block<W>& x) noexcept { detail::add_popcount<W>(acc, x); }
};

/// avx512_block_tests with the bit count in one instruction (vpopcntq, AVX512-VPOPCNTDQ).
template <int W>
struct avx512_popcount_tests : avx512_block_tests<W> {
  [[gnu::target("avx512f,avx512bw,avx512vl,avx2,avx512vpopcntdq")]] static void add_popcount(block<W>& acc,
                                                                                            const block<W>& x) noexcept {
    if constexpr (W == 8) {
      reinterpret_cast<__m512i&>(acc) =
          _mm512_add_epi64(reinterpret_cast<const __m512i&>(acc), _mm512_popcnt_epi64(reinterpret_cast<const __m512i&>(x)));
    } else {
      detail::add_popcount<W>(acc, x);
    }
  }
};

template <int W>
[[gnu::target("avx512f,avx512bw,avx512vl,avx2,popcnt"), gnu::flatten]] inline void sweep_batch_avx512(
    const sweep_graph& sg, const shared_rows& rows, std::span<const std::uint32_t> sources, workspace<W>& ws,
    sweep_counts& out) {
  sweep_batch_body<W, avx512_block_tests<W>>(sg, rows, sources, ws, out);
}
template <int W>
[[gnu::target("avx512f,avx512bw,avx512vl,avx2,popcnt,avx512vpopcntdq"), gnu::flatten]] inline void
sweep_batch_avx512_popcount(const sweep_graph& sg, const shared_rows& rows, std::span<const std::uint32_t> sources,
                            workspace<W>& ws, sweep_counts& out) {
  sweep_batch_body<W, avx512_popcount_tests<W>>(sg, rows, sources, ws, out);
}
#endif

/// The widest kernel the processor runs (SHIFTFLY_METRICS_NO_DISPATCH in the
/// environment forces the generic one, for benchmarks).
template <int W>
inline batch_kernel<W> select_kernel() {
#ifdef SHIFTFLY_METRICS_DISPATCH
  if (std::getenv("SHIFTFLY_METRICS_NO_DISPATCH") == nullptr) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
      return __builtin_cpu_supports("avx512vpopcntdq") ? &sweep_batch_avx512_popcount<W> : &sweep_batch_avx512<W>;
    if (__builtin_cpu_supports("avx2")) return &sweep_batch_avx2<W>;
  }
#endif
  return &sweep_batch_generic<W>;
}

/// Runs one batch (see sweep_batch_body) with the selected kernel.
template <int W>
inline void sweep_batch(const sweep_graph& sg, const shared_rows& rows, std::span<const std::uint32_t> sources,
                        workspace<W>& ws, sweep_counts& out) {
  static const batch_kernel<W> kernel = select_kernel<W>();
  kernel(sg, rows, sources, ws, out);
}

/// The pull rows of sg factored through shared sets (detail/shared_rows.hpp).
inline shared_rows factor_pull_rows(const sweep_graph& sg) {
  return factor_shared_rows(sg.pull.n, sg.pull.offsets, sg.pull.targets);
}

/// Sources handed to the sweep in order, a batch at a time: `fill(out)` writes the
/// next out.size() sources of the list into `out`. Calls are serialised and come in
/// list order, so a generator (the reference's sampled sources, core/python_random.hpp)
/// can draw them one batch at a time: a sweep never holds more than one batch of
/// sources per thread, whatever the number of sources.
using source_fill = std::function<void(std::span<std::uint32_t>)>;

/// Runs `count` sources, produced by `fill`, through sweeps of 64·W sources, on
/// `threads` threads (>= 1). `progress(done, total)` (optional) is called after each
/// batch, serialised. Batches are taken in list order under one lock; the histogram
/// is a sum of integers, so the result does not depend on which thread ran which batch.
/// An exception from a worker (from `fill` or `progress` too) reaches the caller.
template <int W>
inline sweep_counts sweep_all(const sweep_graph& sg, std::size_t count, const source_fill& fill, unsigned threads,
                              bool factor, const std::function<void(std::size_t, std::size_t)>& progress) {
  constexpr std::size_t width = 64 * W;
  const std::size_t batches = (count + width - 1) / width;
  threads = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(threads, batches)));
  std::vector<sweep_counts> partial(threads);
  const shared_rows rows = factor ? factor_pull_rows(sg) : shared_rows{};
  std::size_t next_batch = 0;
  std::mutex source_mutex;
  std::size_t done = 0;
  std::mutex progress_mutex;
  bool stopped = false;  // a worker threw (fill, progress, an allocation): the others stop claiming
  // Batches are claimed dynamically (a worker that finishes early takes the next one),
  // each worker summing into its own histogram: the load stays balanced when batches
  // differ in depth, and the sum of integers does not depend on who ran what.
  auto worker = [&](unsigned t) {
    try {
      workspace<W> ws(sg.pull.n);
      std::uint32_t buffer[width];
      for (;;) {
        std::size_t size = 0;
        {
          std::lock_guard<std::mutex> lock(source_mutex);
          if (stopped || next_batch >= batches) break;
          const std::size_t lo = next_batch * width;
          size = std::min(count - lo, width);
          fill(std::span<std::uint32_t>(buffer, size));
          ++next_batch;
        }
        sweep_batch<W>(sg, rows, std::span<const std::uint32_t>(buffer, size), ws, partial[t]);
        if (progress) {
          std::lock_guard<std::mutex> lock(progress_mutex);
          progress(++done, batches);
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(source_mutex);
      stopped = true;
      throw;  // to run_workers, which rethrows it to the caller
    }
  };
  core::run_workers(threads, worker);
  sweep_counts total;
  for (const auto& p : partial) total.merge(p);
  return total;
}

/// The sweep graph without its isolated vertices (no arc in or out, loops aside), and
/// where each vertex went: the others keep their order, and every isolated vertex maps
/// to one last vertex without arcs. A source there reaches itself at distance 0 and
/// nothing else, and no other source reaches it: exactly what an isolated vertex gives,
/// so the histogram of a sweep is the same, at a cost that does not grow with them.
struct compacted_sweep_graph {
  sweep_graph graph;
  std::vector<std::uint32_t> vertex;  ///< new id of each old vertex
};

/// The number of isolated vertices of sg (see compacted_sweep_graph).
inline std::size_t isolated_vertices(const sweep_graph& sg) {
  const csr& push = sg.push_adj();
  std::size_t k = 0;
  for (std::size_t v = 0; v < sg.pull.n; ++v) k += sg.pull.degree(v) == 0 && push.degree(v) == 0;
  return k;
}

/// sg without its `isolated` (> 0) isolated vertices (see compacted_sweep_graph).
inline compacted_sweep_graph compact(const sweep_graph& sg, std::size_t isolated) {
  const std::size_t n = sg.pull.n, kept = n - isolated;
  const csr& push = sg.push_adj();
  compacted_sweep_graph c;
  c.vertex.resize(n);
  std::size_t next = 0;
  for (std::size_t v = 0; v < n; ++v)
    c.vertex[v] = static_cast<std::uint32_t>(sg.pull.degree(v) == 0 && push.degree(v) == 0 ? kept : next++);
  const auto relabel = [&](const csr& a) {
    csr b;
    b.n = kept + 1;
    b.offsets.assign(kept + 2, 0);
    b.targets.reserve(a.targets.size());
    for (std::size_t v = 0; v < n; ++v) {
      const std::uint32_t nv = c.vertex[v];
      if (nv == kept) continue;
      for (auto i = a.offsets[v]; i < a.offsets[v + 1]; ++i) b.targets.push_back(c.vertex[a.targets[i]]);
      b.offsets[nv + 1] = b.targets.size();
    }
    b.offsets[kept + 1] = b.targets.size();
    return b;
  };
  c.graph.symmetric = sg.symmetric;
  c.graph.pull = relabel(sg.pull);
  if (!sg.symmetric) c.graph.push = relabel(sg.push);
  return c;
}

inline sweep_counts sweep_kept(const sweep_graph& sg, std::size_t count, const source_fill& fill, unsigned threads,
                               unsigned batch_bits, const std::function<void(std::size_t, std::size_t)>& progress);

/// Dispatches on the batch width in bits (64, 128, 256 or 512): `count` sources,
/// produced in order by `fill` (see source_fill). Every source must be below sg.pull.n.
/// Isolated vertices are taken out of the graph first (compact): a graph of 2,000,000
/// vertices and one edge sweeps 3 vertices a batch, not 2,000,000.
inline sweep_counts sweep(const sweep_graph& sg, std::size_t count, const source_fill& fill, unsigned threads,
                          unsigned batch_bits, const std::function<void(std::size_t, std::size_t)>& progress) {
  const std::size_t isolated = isolated_vertices(sg);
  if (isolated == 0) return sweep_kept(sg, count, fill, threads, batch_bits, progress);
  const compacted_sweep_graph c = compact(sg, isolated);
  const source_fill mapped = [&](std::span<std::uint32_t> out) {
    fill(out);
    for (auto& s : out) s = c.vertex[s];
  };
  return sweep_kept(c.graph, count, mapped, threads, batch_bits, progress);
}

/// sweep() on a graph as given.
inline sweep_counts sweep_kept(const sweep_graph& sg, std::size_t count, const source_fill& fill, unsigned threads,
                               unsigned batch_bits, const std::function<void(std::size_t, std::size_t)>& progress) {
  // Each worker holds three blocks of batch_bits bits per vertex: refuse up front
  // what cannot fit rather than be killed mid-sweep (resource bounds, docs/hardening.md).
  // The sources themselves take one batch per worker, whatever their number.
  bool factor = false;
  if (batch_bits == 64 || batch_bits == 128 || batch_bits == 256 || batch_bits == 512) {
    const std::uint64_t batches = (count + batch_bits - 1) / batch_bits;
    const std::uint64_t workers = std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads, batches));
    const std::uint64_t workspaces = core::estimate_add_mul(0, workers * 3 * (batch_bits / 8), sg.pull.n);
    core::require_memory("metrics::sweep",
                         "the BFS workspaces (" + core::to_message(workers) + " threads x 3 x " +
                             core::to_message(sg.pull.n) + " vertices x " + core::to_message(batch_bits / 8) + " bytes)",
                         workspaces);
    // The shared rows (detail/shared_rows.hpp) only speed the sweep up: they are made when
    // their bound fits beside the workspaces, and the sweep reads the plain rows otherwise.
    factor = core::estimate_add_mul(
                 shared_rows_peak_bytes(sg.pull.n, sg.pull.targets.size()), workers,
                 shared_rows_worker_bytes(sg.pull.n, sg.pull.targets.size(), batch_bits / 8)) <=
             core::available_memory() - std::min(core::available_memory(), workspaces);
  }
  switch (batch_bits) {
    case 64: return sweep_all<1>(sg, count, fill, threads, factor, progress);
    case 128: return sweep_all<2>(sg, count, fill, threads, factor, progress);
    case 256: return sweep_all<4>(sg, count, fill, threads, factor, progress);
    case 512: return sweep_all<8>(sg, count, fill, threads, factor, progress);
    default: core::throw_out_of_range("metrics::sweep", "batch_bits", batch_bits, "64, 128, 256 or 512");
  }
}

/// The same over a source list held in memory.
inline sweep_counts sweep(const sweep_graph& sg, std::span<const std::uint32_t> sources, unsigned threads,
                          unsigned batch_bits, const std::function<void(std::size_t, std::size_t)>& progress) {
  std::size_t at = 0;
  const source_fill fill = [&](std::span<std::uint32_t> out) {
    std::copy_n(sources.begin() + static_cast<std::ptrdiff_t>(at), out.size(), out.begin());
    at += out.size();
  };
  return sweep(sg, sources.size(), fill, threads, batch_bits, progress);
}

/// The sources 0 .. n-1 in order (all pairs), without a list.
inline source_fill all_vertices_fill() {
  return [next = std::uint32_t{0}](std::span<std::uint32_t> out) mutable {
    for (auto& s : out) s = next++;
  };
}

/// Resolves a thread count: 0 means every hardware thread.
inline unsigned resolve_threads(const char* where, unsigned threads) {
  core::require_range(where, "threads", threads, 0, 1024);
  return core::resolve_threads(threads);
}

}  // namespace shiftfly::metrics::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
