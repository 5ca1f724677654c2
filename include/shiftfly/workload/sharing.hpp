#pragma once
/// \file sharing.hpp
/// The sharing workload of §6.5 (Shiftfly paper) and the three labellings it is
/// measured under, with the reference artefact's semantics and seeds
/// (topology/workload.py): agentic serving as an access pattern over groups.
///
/// A query for an item fans out into `agents` requests; with probability
/// `locality` an agent lands in the item's affinity cluster (item mod clusters,
/// a block of n_logical / clusters consecutive logical groups), otherwise on a
/// uniformly random logical group. Items are Zipf(zipf) over `items`.
///
/// Labellings map logical groups to vertices:
/// - random (seed 29): a shuffled vertex list, truncated;
/// - suffix-locality (seed 31): each affinity cluster inside one suffix class of
///   the shortest suffix length j giving at least `clusters` classes, so that the
///   cluster's routes merge early (Theorem 5.3);
/// - cluster placement (seed 37): each cluster in one BFS ball, the fair
///   locality baseline for graphs without a shift algebra.
/// Every random draw goes through core::python_random, so the draws are the
/// reference's, bit for bit.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::workload {

/// §6.5's request model (the reference's defaults).
struct sharing_model {
  std::uint64_t clusters = 64;
  std::uint64_t agents = 32;
  double locality = 0.85;
  double zipf = 1.0;
  std::uint64_t items = 4096;
};

namespace detail {
inline void validate_model(std::string_view where, const sharing_model& m) {
  core::require_range(where, "clusters", m.clusters, 1, std::uint64_t{1} << 32);
  core::require_range(where, "agents", m.agents, 1, std::uint64_t{1} << 20);
  core::require_range(where, "locality", m.locality, 0.0, 1.0);
  core::require_range(where, "zipf", m.zipf, 0.0, 100.0);
  core::require_range(where, "items", m.items, 1, std::uint64_t{1} << 26);
}
}  // namespace detail

/// Normalised Zipf weights 1/(i+1)^zipf, summed left to right (CPython 3.11 `sum`).
inline std::vector<double> item_weights(const sharing_model& m) {
  detail::validate_model("item_weights", m);
  std::vector<double> w(m.items);
  double total = 0.0;
  for (std::uint64_t i = 0; i < m.items; ++i) {
    w[i] = 1.0 / std::pow(static_cast<double>(i + 1), m.zipf);
    total += w[i];
  }
  for (auto& x : w) x /= total;
  return w;
}

/// The affinity cluster of a logical group: blocks of max(1, n_logical / clusters), the last one absorbing the rest.
inline std::uint64_t cluster_of(std::uint64_t logical, std::uint64_t n_logical, std::uint64_t clusters) {
  core::require_at_least("cluster_of", "clusters", clusters, 1);
  const std::uint64_t per = std::max<std::uint64_t>(1, n_logical / clusters);
  return std::min(clusters - 1, logical / per);
}

/// One query: the item and the distinct logical groups requesting it, ascending.
struct request {
  std::uint64_t item = 0;
  std::vector<std::uint64_t> logical;
};

/// Draws `trials` queries (reference `draw_requests`, seed 23): item by inverse CDF
/// (first index whose cumulative weight is >= random()), then `agents` requesters.
inline std::vector<request> draw_requests(const sharing_model& m, std::uint64_t n_logical, std::uint64_t trials,
                                          std::uint64_t seed = 23) {
  constexpr std::string_view where = "draw_requests";
  detail::validate_model(where, m);
  core::require_range(where, "n_logical", n_logical, 1, std::uint64_t{1} << 32);
  core::require_range(where, "trials", trials, 0, std::uint64_t{1} << 24);
  core::python_random rng(seed);
  const auto w = item_weights(m);
  std::vector<double> cum(w.size());
  double acc = 0.0;
  for (std::size_t i = 0; i < w.size(); ++i) cum[i] = (acc += w[i]);
  const std::uint64_t per = std::max<std::uint64_t>(1, n_logical / m.clusters);
  std::vector<request> out;
  out.reserve(trials);
  std::vector<std::uint64_t> req;
  for (std::uint64_t t = 0; t < trials; ++t) {
    const double x = rng.random();
    std::size_t lo = 0, hi = cum.size() - 1;
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (cum[mid] < x)
        lo = mid + 1;
      else
        hi = mid;
    }
    request r;
    r.item = lo;
    const std::uint64_t c = r.item % m.clusters;
    const std::uint64_t first = c * per, last = std::min(n_logical, first + per);
    req.clear();
    for (std::uint64_t a = 0; a < m.agents; ++a) {
      if (last > first && rng.random() < m.locality)
        req.push_back(static_cast<std::uint64_t>(rng.randrange(static_cast<std::int64_t>(first),
                                                               static_cast<std::int64_t>(last))));
      else
        req.push_back(rng.randrange(n_logical));
    }
    std::sort(req.begin(), req.end());
    req.erase(std::unique(req.begin(), req.end()), req.end());
    r.logical = req;
    out.push_back(std::move(r));
  }
  return out;
}

/// A map from logical group to vertex (logical ids are taken modulo its size).
struct labelling {
  std::string name;
  std::vector<std::uint64_t> to_vertex;
  [[nodiscard]] std::uint64_t operator()(std::uint64_t logical) const { return to_vertex[logical % to_vertex.size()]; }
};

/// Random labelling (seed 29): shuffle 0..n-1, keep the first n_logical.
inline labelling random_labelling(std::uint64_t n, std::uint64_t n_logical, std::uint64_t seed = 29) {
  core::require_range("random_labelling", "n", n, 1, std::uint64_t{1} << 32);
  core::require_range("random_labelling", "n_logical", n_logical, 1, n);
  core::python_random rng(seed);
  std::vector<std::uint64_t> v(n);
  for (std::uint64_t i = 0; i < n; ++i) v[i] = i;
  rng.shuffle(v);
  v.resize(n_logical);
  return {"random", std::move(v)};
}

/// Vertices grouped by their last `length` label symbols, classes in ascending
/// suffix order, vertices ascending within a class (reference `suffix_classes`).
template <class G>
inline std::vector<std::vector<std::uint64_t>> suffix_classes(const G& g, std::size_t length) {
  if (!g.has_labels()) core::fail("suffix_classes", "graph '" + g.name() + "' has no labels");
  core::require_range("suffix_classes", "length", length, 0, g.label_length());
  std::map<std::vector<core::symbol>, std::vector<std::uint64_t>> classes;
  for (std::uint64_t v = 0; v < g.num_vertices(); ++v) {
    const auto lab = g.label(static_cast<typename G::vertex_type>(v));
    classes[std::vector<core::symbol>(lab.end() - static_cast<std::ptrdiff_t>(length), lab.end())].push_back(v);
  }
  std::vector<std::vector<std::uint64_t>> out;
  out.reserve(classes.size());
  for (auto& [key, members] : classes) out.push_back(std::move(members));
  return out;
}

/// Shortest suffix length whose classes number at least `clusters` (D if none).
template <class G>
inline std::size_t suffix_length_for(const G& g, std::uint64_t clusters) {
  if (!g.has_labels()) core::fail("suffix_length_for", "graph '" + g.name() + "' has no labels");
  const std::size_t D = g.label_length();
  for (std::size_t j = 1; j <= D; ++j)
    if (suffix_classes(g, j).size() >= clusters) return j;
  return D;
}

/// Suffix-locality labelling (seed 31): cluster c goes to suffix class (shuffled) c mod #classes,
/// walking forward to the next class with room when one is exhausted.
template <class G>
inline labelling locality_labelling(const G& g, std::uint64_t n_logical, std::uint64_t clusters,
                                    std::uint64_t seed = 31) {
  core::require_range("locality_labelling", "n_logical", n_logical, 1, g.num_vertices());
  core::require_range("locality_labelling", "clusters", clusters, 1, std::uint64_t{1} << 32);
  core::python_random rng(seed);
  const std::size_t j = suffix_length_for(g, clusters);
  auto buckets = suffix_classes(g, j);
  rng.shuffle(buckets);
  const std::uint64_t per = std::max<std::uint64_t>(1, n_logical / clusters);
  std::vector<std::uint64_t> to_vertex(n_logical, 0);
  std::vector<std::size_t> cursor(buckets.size(), 0);
  for (std::uint64_t logical = 0; logical < n_logical; ++logical) {
    const std::uint64_t c = std::min(clusters - 1, logical / per);
    const std::size_t b = c % buckets.size();
    for (std::size_t step = 0; step < buckets.size(); ++step) {
      const std::size_t idx = (b + step) % buckets.size();
      if (cursor[idx] < buckets[idx].size()) {
        to_vertex[logical] = buckets[idx][cursor[idx]++];
        break;
      }
    }
  }
  return {"suffix-locality(j=" + std::to_string(j) + ")", std::move(to_vertex)};
}

/// Cluster placement by BFS balls (seed 37): repeatedly pick a uniformly random unused
/// vertex, and give the next cluster the max(1, n_logical/clusters) unused vertices
/// nearest to it (ties by vertex id).
template <class G>
inline labelling cluster_placement_labelling(const G& g, std::uint64_t n_logical, std::uint64_t clusters,
                                             std::uint64_t seed = 37) {
  using V = typename G::vertex_type;
  const std::uint64_t n = g.num_vertices();
  core::require_range("cluster_placement_labelling", "n_logical", n_logical, 1, n);
  core::require_range("cluster_placement_labelling", "clusters", clusters, 1, std::uint64_t{1} << 32);
  core::python_random rng(seed);
  std::vector<char> unused(n, 1);
  std::uint64_t unused_count = n;
  const std::uint64_t per = std::max<std::uint64_t>(1, n_logical / clusters);
  std::vector<std::uint64_t> to_vertex(n_logical, 0), pool;
  std::vector<std::pair<std::int32_t, std::uint64_t>> ball;
  std::uint64_t logical = 0;
  while (logical < n_logical && unused_count > 0) {
    pool.clear();
    for (std::uint64_t v = 0; v < n; ++v)
      if (unused[v]) pool.push_back(v);
    const std::uint64_t centre = pool[rng.randrange(pool.size())];
    const auto r = metrics::bfs(g, static_cast<V>(centre));
    ball.clear();
    for (std::uint64_t v = 0; v < n; ++v)
      if (unused[v] && r.distance[v] >= 0) ball.emplace_back(r.distance[v], v);
    std::sort(ball.begin(), ball.end());
    for (std::size_t t = 0; t < ball.size() && t < per; ++t) {
      if (logical >= n_logical) break;
      to_vertex[logical++] = ball[t].second;
      unused[ball[t].second] = 0;
      --unused_count;
    }
  }
  return {"cluster-placement", std::move(to_vertex)};
}

}  // namespace shiftfly::workload
