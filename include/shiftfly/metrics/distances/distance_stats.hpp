#pragma once
/// \file distance_stats.hpp
/// The result of every distance computation (exact all-pairs, serial verifier,
/// sampled sources): diameter, mean distance, histogram, and how they were obtained.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::metrics {

/// Distance statistics over ordered pairs (s, v), s a source, v != s reachable from s.
///
/// Semantics are those of the reference artefact's `distance_stats`
/// (topology/metrics.py): unreachable pairs are skipped and only raise
/// `disconnected`; the mean divides the summed distance by the number of
/// reached pairs minus one self pair per source (sources drawn twice count twice).
struct distance_stats {
  std::size_t n = 0;
  /// Distances along the arcs (true) or over the undirected graph (false).
  bool directed = false;
  /// True when every vertex was a source; false when the sources were sampled.
  bool exact = true;
  /// Number of BFS sources (with repetitions when sampled).
  std::size_t sources = 0;
  /// Largest finite distance seen: the diameter when exact, a lower bound when sampled.
  std::uint32_t diameter = 0;
  /// Mean distance over the counted pairs (0 when there are none).
  double mean = 0.0;
  /// Some (source, vertex) pair is unreachable.
  bool disconnected = false;
  /// Sum of the counted distances.
  std::uint64_t total_distance = 0;
  /// Counted pairs: reached (source, vertex) pairs minus one self pair per source.
  std::uint64_t pairs = 0;
  /// (source, vertex) pairs with no path.
  std::uint64_t unreachable_pairs = 0;
  /// histogram[d] = (source, vertex) pairs at distance d (histogram[0] = sources).
  std::vector<std::uint64_t> histogram;

  /// "exact" or "sampled"; a sampled diameter is a lower bound.
  [[nodiscard]] std::string method() const { return exact ? "exact" : "sampled"; }
  [[nodiscard]] std::string diameter_kind() const { return exact ? "exact" : "lower bound"; }
};

namespace detail {

/// Fills the derived fields from a histogram.
inline distance_stats finish_stats(std::size_t n, bool directed, bool exact, std::size_t sources,
                                   std::vector<std::uint64_t> histogram) {
  distance_stats s;
  s.n = n;
  s.directed = directed;
  s.exact = exact;
  s.sources = sources;
  std::uint64_t reached = 0;
  for (std::size_t d = 0; d < histogram.size(); ++d) {
    reached += histogram[d];
    s.total_distance += d * histogram[d];
    if (histogram[d] != 0) s.diameter = static_cast<std::uint32_t>(d);
  }
  const std::uint64_t all = static_cast<std::uint64_t>(sources) * n;
  s.unreachable_pairs = all - reached;
  s.disconnected = s.unreachable_pairs != 0;
  s.pairs = reached - sources;
  s.mean = s.pairs ? static_cast<double>(s.total_distance) / static_cast<double>(s.pairs) : 0.0;
  s.histogram = std::move(histogram);
  return s;
}

}  // namespace detail
}  // namespace shiftfly::metrics
