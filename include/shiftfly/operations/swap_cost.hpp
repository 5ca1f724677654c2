#pragma once
/// \file swap_cost.hpp
/// §7.1 (Shiftfly paper): the cost of physically replacing a failed group. The
/// replacement inherits the identity of the unit it replaces and the optical
/// circuit switch re-points that identity's fibres, so the circuits to
/// re-establish and the peers disturbed are the group's degree in the physical
/// graph; the designs differ only in what the control plane must know
/// (reference artefact: topology/operations.py `swap_cost`, `mean_swap_cost`).

#include <cstdint>
#include <string>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/operations/design.hpp"

namespace shiftfly::operations {

/// What replacing one group costs.
struct swap_cost_result {
  std::uint64_t circuits = 0;  ///< optical circuits re-established (the degree)
  std::uint64_t peers = 0;     ///< other groups whose port assignment is disturbed (the degree)
  std::string recompute;       ///< what the control plane must work out
};

/// §7.1 for group v of graph g under design `how`.
template <core::graph_like G>
inline swap_cost_result swap_cost(const G& g, std::uint64_t v, design how) {
  core::require_range("swap_cost", "v", v, 0, g.num_vertices() == 0 ? 0 : g.num_vertices() - 1);
  if (g.num_vertices() == 0) core::fail("swap_cost", "the graph has no vertices");
  swap_cost_result r;
  r.circuits = r.peers = g.degree(static_cast<typename G::vertex_type>(v));
  r.recompute = how == design::shiftfly ? "none: the label determines the neighbour set arithmetically"
                                        : "look up the group's recorded peer list";
  return r;
}

/// Mean circuits over `samples` groups drawn with randrange(n) (seed 41, 64 samples by default); exact for that draw.
template <core::graph_like G>
inline double mean_swap_cost(const G& g, std::uint64_t samples = 64, std::uint64_t seed = 41) {
  core::require_range("mean_swap_cost", "samples", samples, 1, std::uint64_t{1} << 32);
  if (g.num_vertices() == 0) core::fail("mean_swap_cost", "the graph has no vertices");
  core::python_random rng(seed);
  std::uint64_t total = 0;
  for (std::uint64_t i = 0; i < samples; ++i)
    total += g.degree(static_cast<typename G::vertex_type>(rng.randrange(g.num_vertices())));
  return static_cast<double>(total) / static_cast<double>(samples);
}

}  // namespace shiftfly::operations
