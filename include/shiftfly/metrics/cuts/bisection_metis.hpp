#pragma once
/// \file bisection_metis.hpp
/// An upper bound on the bisection width by METIS (G. Karypis and V. Kumar, "A fast and
/// high quality multilevel scheme for partitioning irregular graphs", SIAM J. Sci.
/// Comput. 20(1), 1998): multilevel recursive bisection (METIS_PartGraphRecursive,
/// nparts = 2, the tightest imbalance METIS takes, ufactor = 1), run k times with
/// METIS_OPTION_SEED = seed + i; the best cut wins (the lowest i among ties).
///
///     bisection_partition metis_bisection(g, {.runs = k, .seed = s});
///
/// METIS may return halves of unequal size (its tolerance is 1.001 of n/2): each run is
/// then made a bisection by rebalance_bisection (greedy moves of the cheapest vertices),
/// and its cut is counted by bisection_cut on the graph itself, never taken from METIS's
/// objective. The result is a valid bisection and its cut: an upper bound on the width,
/// with the partition as its certificate. For a given seed the result is the same on
/// every run (METIS seeds its own generator from the option; it runs on one thread).
///
/// The graph is the undirected physical graph (bisection_partition.hpp). METIS's idx_t is
/// checked at compile time (32 or 64 bits; Debian builds 32): n and 2m must fit it, or
/// the call is refused before anything is allocated. Link with -lmetis (the CMake target
/// shiftfly::shiftfly carries it).

#include <metis.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/cuts/bisection_partition.hpp"

namespace shiftfly::metrics {

static_assert(IDXTYPEWIDTH == 32 || IDXTYPEWIDTH == 64, "metis.h: unexpected IDXTYPEWIDTH");
static_assert(sizeof(idx_t) * 8 == IDXTYPEWIDTH, "metis.h: idx_t does not have IDXTYPEWIDTH bits");

/// How metis_bisection runs.
struct metis_bisection_options {
  /// Seeded METIS runs (1 to 10,000); the best cut is kept.
  std::size_t runs = 8;
  /// Run i uses METIS_OPTION_SEED = seed + i (seed + runs − 1 must fit METIS's idx_t).
  std::uint64_t seed = 1;
};

/// The largest vertex count and adjacency size (2m) METIS's idx_t holds.
inline constexpr std::uint64_t metis_max_index = static_cast<std::uint64_t>(std::numeric_limits<idx_t>::max());

/// Upper bound on the bisection width: the best of `runs` seeded METIS recursive
/// bisections, each made exactly balanced and its cut recounted (n >= 2).
template <core::graph_like G>
inline bisection_partition metis_bisection(const G& g, const metis_bisection_options& options = {}) {
  using V = typename G::vertex_type;
  constexpr const char* where = "metrics::metis_bisection";
  const std::size_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, metis_max_index);
  core::require_range(where, "runs", options.runs, 1, 10000);
  core::require_range(where, "seed", options.seed, 0, metis_max_index - (options.runs - 1));
  const std::uint64_t adjacency = g.targets().size();
  if (adjacency > metis_max_index)
    core::fail(where, "the graph's " + core::to_message(adjacency / 2) + " edges exceed what METIS's " +
                          core::to_message(IDXTYPEWIDTH) + "-bit idx_t indexes (2m at most " +
                          core::to_message(metis_max_index) + ")");
  // xadj, adjncy, part and METIS's own work arrays (about 10 words per vertex and per entry).
  core::require_memory(where, "METIS on " + core::to_message(n) + " vertices",
                       core::estimate_add_mul(0, n + adjacency, 16 * sizeof(idx_t)));

  std::vector<idx_t> xadj(n + 1), adjncy;
  adjncy.reserve(adjacency);
  for (std::size_t u = 0; u < n; ++u) {
    for (auto v : g.neighbors(static_cast<V>(u)))
      if (static_cast<std::size_t>(v) != u) adjncy.push_back(static_cast<idx_t>(v));
    xadj[u + 1] = static_cast<idx_t>(adjncy.size());
  }
  const std::string method = "upper bound (METIS, best of " + core::to_message(options.runs) + " seeded run" +
                             (options.runs == 1 ? "" : "s") + ")";
  bisection_partition best;
  best.method = method;
  if (adjncy.empty()) {  // no edge: any bisection cuts nothing (METIS is not asked)
    best.side.assign(n, 0);
    for (std::size_t v = n / 2; v < n; ++v) best.side[v] = 1;
    best.cut = 0;
    return best;
  }
  std::vector<idx_t> part(n);
  bool have = false;
  for (std::size_t i = 0; i < options.runs; ++i) {
    idx_t nv = static_cast<idx_t>(n), ncon = 1, nparts = 2, objval = 0;
    idx_t opts[METIS_NOPTIONS];
    METIS_SetDefaultOptions(opts);
    opts[METIS_OPTION_SEED] = static_cast<idx_t>(options.seed + i);
    opts[METIS_OPTION_UFACTOR] = 1;
    opts[METIS_OPTION_NUMBERING] = 0;
    const int status = METIS_PartGraphRecursive(&nv, &ncon, xadj.data(), adjncy.data(), nullptr, nullptr, nullptr,
                                                &nparts, nullptr, nullptr, opts, &objval, part.data());
    if (status != METIS_OK)
      core::fail(where, "METIS_PartGraphRecursive failed (status " + core::to_message(status) + ") at seed " +
                            core::to_message(options.seed + i));
    std::vector<std::uint8_t> side(n);
    for (std::size_t v = 0; v < n; ++v) side[v] = part[v] == 0 ? 0 : 1;
    const std::uint64_t cut = rebalance_bisection(g, side);
    if (!have || cut < best.cut) {
      best.cut = cut;
      best.side = std::move(side);
      have = true;
    }
  }
  return best;
}

}  // namespace shiftfly::metrics
