#pragma once
/// \file detail/shared_rows.hpp
/// The pull rows of a sweep graph factored through neighbour sets that several rows share
/// ("virtual nodes": G. Buehrer, K. Chellapilla, "A Scalable Pattern Mining Approach to Web
/// Graph Compression with Communities", WSDM 2008). A bottom-up BFS level ORs the frontier
/// blocks of a vertex's pull neighbours; when a set S of vertices lies in many rows, the OR
/// over S is made once a level and read once by each of those rows.
///
/// Two kinds of shared set are found, both exact:
///  - a run of consecutive ids, at least `min_set` long, that several rows hold (a row may
///    hold its own vertex inside the run: a group of Boardfly is a clique of consecutive ids,
///    and every member's row is the whole run but itself);
///  - what is left of a row once its shared runs are taken out, when several rows leave the
///    same set (an Imase-Itoh, Kautz or de Bruijn digraph taken undirected: the in-neighbours
///    of a block of consecutive ids are the same arithmetic progression).
/// Including a vertex's own block in its OR changes nothing: its frontier bits are already
/// among its seen bits, which the level takes away.
///
/// Every row is then: the shared sets it uses (`refs`) and its other neighbours (`direct`),
/// whose union is the row, with at most the vertex itself added. The factoring is used only
/// when it reads at most three quarters of the blocks the plain rows read.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

namespace shiftfly::metrics::detail {

/// Compressed sparse rows of 32-bit ids (the shape of a sweep graph's adjacency).
struct id_rows {
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> ids;
  [[nodiscard]] std::size_t rows() const noexcept { return offsets.size() - 1; }
  [[nodiscard]] std::size_t size(std::size_t r) const noexcept { return offsets[r + 1] - offsets[r]; }
  void push_row() { offsets.push_back(ids.size()); }
};

/// A sweep graph's pull rows through shared sets (see the file comment).
struct shared_rows {
  bool used = false;
  id_rows sets;    ///< members of each shared set
  id_rows refs;    ///< per vertex: the shared sets its row uses
  id_rows direct;  ///< per vertex: its other pull neighbours
  id_rows member_of;  ///< per vertex: the sets it is a member of
  /// Blocks one full bottom-up level reads: every set's members, every ref, every direct entry.
  [[nodiscard]] std::uint64_t reads() const noexcept { return sets.ids.size() + refs.ids.size() + direct.ids.size(); }
};

/// An upper bound on the bytes factor_shared_rows holds at its peak for n vertices and `arcs`
/// pull arcs: a run has `min_set` >= 4 ids of a row with its vertex, so there are at most
/// (arcs + n) / 4 runs (16 bytes each, and as many uses twice over), the rests hold at most
/// the arcs, and the result at most the arcs as members, refs and direct entries.
inline std::uint64_t shared_rows_peak_bytes(std::uint64_t n, std::uint64_t arcs) {
  const std::uint64_t runs = (arcs + n) / 4 + 1;
  return 16 * runs + 12 * 2 * runs + (4 * arcs + 8 * n) + 24 * n + (24 * (n + 1) + 16 * arcs + 4 * runs) +
         (16 * (n + 1) + 4 * (arcs + n));  // member_of and its cursor
}

/// What a sweep worker holds for the shared sets (a block of `block_bytes` each), for the most
/// sets n vertices and `arcs` arcs can give: one per run and one per two rows' rests.
inline std::uint64_t shared_rows_worker_bytes(std::uint64_t n, std::uint64_t arcs, std::uint64_t block_bytes) {
  return ((arcs + n) / 4 + n / 2 + 1) * block_bytes;
}

/// Sorts (key, vertex) pairs by (bucket_of(key), key, vertex), bucket_of(key) < buckets: a
/// counting sort on the bucket, then each bucket sorted (they are small here).
template <class BucketOf>
inline void bucket_sort(std::vector<std::pair<std::uint64_t, std::uint32_t>>& items, std::size_t buckets,
                        BucketOf bucket_of) {
  std::vector<std::uint64_t> start(buckets + 1, 0);
  for (const auto& item : items) ++start[bucket_of(item.first) + 1];
  for (std::size_t b = 0; b < buckets; ++b) start[b + 1] += start[b];
  std::vector<std::pair<std::uint64_t, std::uint32_t>> sorted(items.size());
  {
    std::vector<std::uint64_t> at(start.begin(), start.end() - 1);
    for (const auto& item : items) sorted[at[bucket_of(item.first)]++] = item;
  }
  for (std::size_t b = 0; b < buckets; ++b)
    if (start[b + 1] - start[b] > 1)
      std::sort(sorted.begin() + static_cast<std::ptrdiff_t>(start[b]), sorted.begin() + static_cast<std::ptrdiff_t>(start[b + 1]));
  items.swap(sorted);
}

/// Rows whose rests (`rest`, at least min_set ids) two rows or more leave alike: each such rest
/// becomes a set of `sets`; returns each vertex's set (0xffffffff: none). Rows are ordered so that
/// equal hashes of their rests are together, then, among equal hashes, grouped by comparing the
/// rests themselves.
inline std::vector<std::uint32_t> shared_rests(const id_rows& rest, std::size_t n, std::size_t min_set, id_rows& sets) {
  const auto rest_of = [&](std::uint32_t v) {
    return std::span<const std::uint32_t>(rest.ids.data() + rest.offsets[v], rest.size(v));
  };
  std::vector<std::pair<std::uint64_t, std::uint32_t>> hashed;
  for (std::size_t v = 0; v < n; ++v) {
    if (rest.size(v) < min_set) continue;
    std::uint64_t h = rest.size(v);
    for (const std::uint32_t u : rest_of(static_cast<std::uint32_t>(v))) h = (h ^ u) * 0x9E3779B97F4A7C15ULL + (h >> 29);
    hashed.emplace_back(h, static_cast<std::uint32_t>(v));
  }
  bucket_sort(hashed, n, [n](std::uint64_t h) { return h % n; });  // equal hashes together
  std::vector<std::uint32_t> rest_set(n, 0xffffffffU);
  std::vector<std::uint32_t> group;
  for (std::size_t i = 0; i < hashed.size();) {
    std::size_t j = i;
    while (j < hashed.size() && hashed[j].first == hashed[i].first) ++j;
    // Rows [i, j) share a hash: take the first row not yet placed and every row equal to it.
    for (std::size_t k = i; k < j; ++k) {
      const std::uint32_t v = hashed[k].second;
      if (rest_set[v] != 0xffffffffU) continue;
      group.assign(1, v);
      const auto r = rest_of(v);
      for (std::size_t l = k + 1; l < j; ++l) {
        const std::uint32_t w = hashed[l].second;
        const auto q = rest_of(w);
        if (rest_set[w] == 0xffffffffU && std::equal(r.begin(), r.end(), q.begin(), q.end())) group.push_back(w);
      }
      if (group.size() < 2) continue;
      const auto set = static_cast<std::uint32_t>(sets.rows());
      sets.ids.insert(sets.ids.end(), r.begin(), r.end());
      sets.push_row();
      for (const auto w : group) rest_set[w] = set;
    }
    i = j;
  }
  return rest_set;
}

/// n rows holding the pairs' ids: each (row, id) pair in its row, in the pairs' order.
inline id_rows rows_of_pairs(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs, std::size_t n) {
  id_rows t;
  t.offsets.assign(n + 1, 0);
  for (const auto& [row, id] : pairs) ++t.offsets[row + 1];
  for (std::size_t r = 0; r < n; ++r) t.offsets[r + 1] += t.offsets[r];
  t.ids.resize(pairs.size());
  std::vector<std::uint64_t> at(t.offsets.begin(), t.offsets.end() - 1);
  for (const auto& [row, id] : pairs) t.ids[at[row]++] = id;
  return t;
}

/// The sets each of n vertices is in: `sets` transposed.
inline id_rows sets_of_vertices(const id_rows& sets, std::size_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  pairs.reserve(sets.ids.size());
  for (std::size_t set = 0; set < sets.rows(); ++set)
    for (auto k = sets.offsets[set]; k < sets.offsets[set + 1]; ++k) pairs.emplace_back(sets.ids[k], static_cast<std::uint32_t>(set));
  return rows_of_pairs(pairs, n);
}

/// Factors the rows `row(v)` (sorted, without loops or repeats) of n vertices, holding `arcs`
/// ids in all. Shared sets have at least `min_set` members and at least two rows using them.
template <class Offsets, class Targets>
inline shared_rows factor_shared_rows(std::size_t n, const Offsets& offsets, const Targets& targets,
                                      std::size_t min_set = 4) {
  shared_rows out;
  const std::uint64_t arcs = targets.size();
  if (n < 2 || arcs == 0) return out;
  // 1. Runs of consecutive ids in row(v) with v itself added: (first << 32 | last, v).
  std::vector<std::pair<std::uint64_t, std::uint32_t>> runs;
  std::vector<std::uint32_t> row;
  for (std::size_t v = 0; v < n; ++v) {
    const auto begin = offsets[v], end = offsets[v + 1];
    if (end - begin + 1 < min_set) continue;
    row.assign(targets.begin() + static_cast<std::ptrdiff_t>(begin), targets.begin() + static_cast<std::ptrdiff_t>(end));
    row.insert(std::upper_bound(row.begin(), row.end(), static_cast<std::uint32_t>(v)), static_cast<std::uint32_t>(v));
    for (std::size_t i = 0; i < row.size();) {
      std::size_t j = i + 1;
      while (j < row.size() && row[j] == row[j - 1] + 1) ++j;
      if (j - i >= min_set) runs.emplace_back(std::uint64_t{row[i]} << 32 | row[j - 1], static_cast<std::uint32_t>(v));
      i = j;
    }
  }
  bucket_sort(runs, n, [](std::uint64_t key) { return key >> 32; });  // by first id, then last
  // Runs held by two rows or more become sets; (vertex, set) for each row using one.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> uses;
  for (std::size_t i = 0; i < runs.size();) {
    std::size_t j = i;
    while (j < runs.size() && runs[j].first == runs[i].first) ++j;
    if (j - i >= 2) {
      const auto set = static_cast<std::uint32_t>(out.sets.rows());
      const std::uint64_t a = runs[i].first >> 32, b = runs[i].first & 0xffffffffU;
      for (std::uint64_t u = a; u <= b; ++u) out.sets.ids.push_back(static_cast<std::uint32_t>(u));
      out.sets.push_row();
      for (std::size_t k = i; k < j; ++k) uses.emplace_back(runs[k].second, set);
    }
    i = j;
  }
  // A run that no other row holds may still contain shared runs (a group's run that a
  // neighbour just past the group extends): it uses those, left to right, without overlap.
  const std::size_t run_sets = out.sets.rows();
  for (std::size_t i = 0; i < runs.size();) {
    std::size_t j = i;
    while (j < runs.size() && runs[j].first == runs[i].first) ++j;
    if (j - i == 1 && run_sets != 0) {
      const std::uint64_t a = runs[i].first >> 32, b = runs[i].first & 0xffffffffU;
      const auto first_of = [&](std::size_t s) -> std::uint64_t { return out.sets.ids[out.sets.offsets[s]]; };
      const auto last_of = [&](std::size_t s) -> std::uint64_t { return out.sets.ids[out.sets.offsets[s + 1] - 1]; };
      std::size_t lo = 0, hi = run_sets;  // the first set starting at a or after
      while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (first_of(mid) < a) lo = mid + 1; else hi = mid;
      }
      std::uint64_t free_from = a;
      for (std::size_t s = lo; s < run_sets && first_of(s) <= b; ++s)
        if (first_of(s) >= free_from && last_of(s) <= b) {
          uses.emplace_back(runs[i].second, static_cast<std::uint32_t>(s));
          free_from = last_of(s) + 1;
        }
    }
    i = j;
  }
  runs.clear();
  runs.shrink_to_fit();
  // 2. What each row leaves once its shared runs are out (the runs a row uses are disjoint,
  // and set ids grow with the runs' first ids).
  id_rows run_sets_of = rows_of_pairs(uses, n);  // per vertex, the run sets its row uses
  uses.clear();
  uses.shrink_to_fit();
  const std::vector<std::uint64_t>& run_begin = run_sets_of.offsets;
  std::vector<std::uint32_t>& run_set = run_sets_of.ids;
  for (std::size_t v = 0; v < n; ++v)  // a row's sets in the order of their first ids
    std::sort(run_set.begin() + static_cast<std::ptrdiff_t>(run_begin[v]),
              run_set.begin() + static_cast<std::ptrdiff_t>(run_begin[v + 1]));
  id_rows rest;
  for (std::size_t v = 0; v < n; ++v) {
    // The row is sorted and each shared run is an interval: copy what lies outside them.
    auto i = offsets[v];
    const auto end = offsets[v + 1];
    for (auto k = run_begin[v]; k < run_begin[v + 1]; ++k) {
      const auto s = run_set[k];
      const std::uint32_t a = out.sets.ids[out.sets.offsets[s]], b = out.sets.ids[out.sets.offsets[s + 1] - 1];
      for (; i < end && targets[i] < a; ++i) rest.ids.push_back(targets[i]);
      while (i < end && targets[i] <= b) ++i;
    }
    for (; i < end; ++i) rest.ids.push_back(targets[i]);
    rest.push_row();
  }
  // Rests held by two rows or more become sets too.
  const std::vector<std::uint32_t> rest_set = shared_rests(rest, n, min_set, out.sets);
  // 3. The rows: sets first (they cover the most), then the direct neighbours.
  for (std::size_t v = 0; v < n; ++v) {
    for (auto k = run_begin[v]; k < run_begin[v + 1]; ++k) out.refs.ids.push_back(run_set[k]);
    if (rest_set[v] != 0xffffffffU) {
      out.refs.ids.push_back(rest_set[v]);
    } else {
      out.direct.ids.insert(out.direct.ids.end(), rest.ids.begin() + static_cast<std::ptrdiff_t>(rest.offsets[v]),
                            rest.ids.begin() + static_cast<std::ptrdiff_t>(rest.offsets[v + 1]));
    }
    out.refs.push_row();
    out.direct.push_row();
  }
  out.used = 4 * out.reads() <= 3 * arcs;
  if (!out.used) return shared_rows{};
  // The sets each vertex is in, for making the sets' blocks in vertex order.
  out.member_of = sets_of_vertices(out.sets, n);
  return out;
}

}  // namespace shiftfly::metrics::detail
