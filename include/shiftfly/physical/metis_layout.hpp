#pragma once
/// \file metis_layout.hpp
/// Routers into racks by a METIS partition of the graph: the locality-preserving layout for a
/// family without a grouping of its own (Kautz, de Bruijn, Imase–Itoh, PolarFly, Jellyfish,
/// Spectralfly, ...) and for a graph read from a file. In the solvers component (METIS):
/// <shiftfly/graph.hpp> does not include it.
///
/// API:
///   std::vector<std::uint64_t> metis_racks(const G& g, std::uint64_t capacity, std::uint64_t seed = 1);
///       // the METIS part of every router, ⌈n / capacity⌉ parts
///   cost_request metis_request(const G& g, const cost_model& m, cost_request req, std::uint64_t seed = 1);
///       // req with layout metis and its parts: the rack capacity from m's racks and req's endpoints
///
/// The partition (G. Karypis and V. Kumar, "A fast and high quality multilevel scheme for
/// partitioning irregular graphs", SIAM J. Sci. Comput. 20(1), 1998): METIS_PartGraphRecursive on
/// the undirected physical graph (loops and repeated links dropped, an arc either way one link),
/// nparts = ⌈n / capacity⌉, METIS_OPTION_SEED = seed, UFACTOR = 1 (the tightest imbalance METIS
/// takes), NUMBERING = 0, unit weights. Recursive bisection numbers the parts so that parts with
/// nearby numbers share a bisection level, so racks with nearby numbers (nearby on the floor,
/// physical/layout.hpp) hold routers near in the graph. METIS may make a part a little larger
/// than a rack; physical::place takes the routers part by part and fills racks in turn, so no rack
/// is over capacity and the racks are exactly ⌈n / capacity⌉. METIS runs on one thread and seeds its
/// own generator from the option, so for a given seed the parts are the same on every run.
#include <metis.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/cuts/bisection_metis.hpp"
#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/layout.hpp"
#include "shiftfly/physical/model.hpp"

namespace shiftfly::physical {

/// The METIS part of every router of `g` for racks of `capacity` routers: ⌈n / capacity⌉ parts.
template <core::graph_like G>
std::vector<std::uint64_t> metis_racks(const G& g, std::uint64_t capacity, std::uint64_t seed = 1) {
  using V = typename G::vertex_type;
  constexpr const char* where = "physical::metis_racks";
  const std::size_t n = g.num_vertices();
  core::require_range(where, "routers", n, 1, metrics::metis_max_index);
  core::require_range(where, "capacity", capacity, 1, 1'000'000);
  core::require_range(where, "seed", seed, 0, metrics::metis_max_index);
  const std::uint64_t parts = (n + capacity - 1) / capacity;
  std::vector<std::uint64_t> part(n, 0);
  if (parts == 1) return part;  // one rack: METIS is not asked
  // The adjacency lists, xadj, adjncy, part and METIS's own work arrays (about 10 words per entry).
  core::require_memory(where, "METIS on " + core::to_message(n) + " routers",
                       core::estimate_add_mul(0, n + 2 * g.targets().size(), 16 * sizeof(idx_t)));
  // The undirected physical graph: both directions of every link, no loops, no repeats.
  std::vector<std::vector<idx_t>> adj(n);
  std::uint64_t entries = 0;
  for (std::size_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(static_cast<V>(u))) {
      if (static_cast<std::size_t>(v) == u) continue;
      adj[u].push_back(static_cast<idx_t>(v));
      adj[static_cast<std::size_t>(v)].push_back(static_cast<idx_t>(u));
      entries += 2;
    }
  if (entries > metrics::metis_max_index)
    core::fail(where, "the graph's " + core::to_message(entries / 2) + " links exceed what METIS's idx_t indexes");
  std::vector<idx_t> xadj(n + 1, 0), adjncy;
  adjncy.reserve(entries);
  for (std::size_t u = 0; u < n; ++u) {
    auto& a = adj[u];
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
    adjncy.insert(adjncy.end(), a.begin(), a.end());
    xadj[u + 1] = static_cast<idx_t>(adjncy.size());
    std::vector<idx_t>().swap(a);
  }
  if (adjncy.empty()) {  // no link: any order is as good; by id
    for (std::size_t u = 0; u < n; ++u) part[u] = u / capacity;
    return part;
  }
  idx_t nv = static_cast<idx_t>(n), ncon = 1, nparts = static_cast<idx_t>(parts), objval = 0;
  idx_t opts[METIS_NOPTIONS];
  METIS_SetDefaultOptions(opts);
  opts[METIS_OPTION_SEED] = static_cast<idx_t>(seed);
  opts[METIS_OPTION_UFACTOR] = 1;
  opts[METIS_OPTION_NUMBERING] = 0;
  std::vector<idx_t> p(n);
  const int status = METIS_PartGraphRecursive(&nv, &ncon, xadj.data(), adjncy.data(), nullptr, nullptr, nullptr,
                                              &nparts, nullptr, nullptr, opts, &objval, p.data());
  if (status != METIS_OK)
    core::fail(where, "METIS_PartGraphRecursive failed (status " + core::to_message(status) + ") at seed " +
                          core::to_message(seed));
  for (std::size_t u = 0; u < n; ++u) part[u] = static_cast<std::uint64_t>(p[u]);
  return part;
}

/// `req` with the metis layout: the racks hold as many routers as `m`'s racks take with the
/// largest endpoint count of `req` (physical::rack_capacity), and the routers are parted by
/// metis_racks at that capacity.
template <core::graph_like G>
cost_request metis_request(const G& g, const cost_model& m, cost_request req, std::uint64_t seed = 1) {
  validate(m);
  core::require_at_least("metis_request", "routers", g.num_vertices(), 1);
  const auto counts = router_endpoints(g, req);
  const std::uint64_t max_endpoints = *std::max_element(counts.begin(), counts.end());
  const std::uint64_t capacity = rack_capacity(max_endpoints, m.rack);
  req.layout = layout_rule::metis;
  req.groups = metis_racks(g, capacity, seed);
  const std::uint64_t parts = (g.num_vertices() + capacity - 1) / capacity;
  req.grouping = "METIS recursive bisection into " + core::to_message(parts) + " part" + (parts == 1 ? "" : "s") +
                 " of about " + core::to_message(capacity) + " routers (seed " + core::to_message(seed) + ")";
  return req;
}

}  // namespace shiftfly::physical
