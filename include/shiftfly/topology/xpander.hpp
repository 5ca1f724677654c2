#pragma once
/// \file xpander.hpp
/// Xpander (Valadarsky, Shahaf, Dinitz and Schapira, CoNEXT 2016): a random L-lift of the
/// complete graph K_{d+1}, a d-regular router graph on N = (d + 1)·L routers. Each of the
/// d + 1 "meta-nodes" of K_{d+1} becomes L routers, and each pair of meta-nodes is joined
/// by a random perfect matching between their routers, so every router has exactly one
/// link to every other meta-node. The paper chooses among random lifts by their spectral
/// gap; this is the plain random lift, which is what the throughput studies of Namyar et al.
/// (SIGCOMM 2021) call Xpander-like. Lifts of an expander stay good expanders with high
/// probability (Bilu and Linial, Combinatorica 26, 2006), but a given lift may be worse or
/// even disconnected (L = 2 with every matching the identity is two copies of K_{d+1}):
/// `shiftfly metrics` says so.
///
/// API: xpander<V>(d, L, seed = 1), xpander_validate<V>(d, L) (returns the link count
/// (d + 1)·d·L / 2), xpander_family().
///
/// The draws, exactly (rng = core::python_random(seed), CPython's random.Random): router
/// (i, a) of meta-node i in 0..d and copy a in 0..L−1 is numbered i·L + a. For i = 0..d and
/// then j = i + 1..d (ascending): σ = [0, 1, …, L − 1]; rng.shuffle(σ); link (i·L + a,
/// j·L + σ[a]) for a = 0..L−1. A Python script following this text builds the same graph
/// edge for edge (tests/fixtures/families/make_family_fixtures.py does).
///
/// Parameters: d ≥ 1, L ≥ 1, (d + 1)·L routers within what V holds (memory checked).

#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"

namespace shiftfly::topology {

/// The exact range of L at d for vertex ids of type V: 1 to the largest L whose (d + 1)·L routers
/// the ids hold (at a d out of range, 1 to what V holds).
template <std::unsigned_integral V = std::uint32_t>
parameter_range xpander_lift_range(std::uint64_t d) {
  if (d < 1 || d > core::max_vertices<V>() - 1) return {1, core::max_vertices<V>(), {}, {}};
  return {1, core::max_vertices<V>() / (d + 1), {},
          "at degree = " + core::to_message(d) + ", so that (d + 1) x L routers fit a " +
              core::to_message(sizeof(V) * 8) + "-bit vertex id"};
}

/// Validates d and L; returns the link count (d + 1)·d·L / 2.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t xpander_validate(std::uint64_t d, std::uint64_t lift) {
  core::require_range("xpander", "degree", d, 1, core::max_vertices<V>() - 1);
  const auto r = xpander_lift_range<V>(d);
  if (lift < r.min || lift > r.max) core::throw_out_of_range("xpander", "lift", lift, range_text(r));
  const std::uint64_t n = (d + 1) * lift;  // at most what V holds
  return core::checked_mul(n, d, "xpander", "port count N x d") / 2;
}

/// The random L-lift of K_{d+1} drawn with `seed` (the draws are in the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> xpander(std::uint64_t d, std::uint64_t lift, std::uint64_t seed = 1) {
  const std::uint64_t links = xpander_validate<V>(d, lift);
  const std::uint64_t n = (d + 1) * lift;
  core::require_graph_memory("xpander", sizeof(V), n, links);
  core::require_memory("xpander", "the link list (" + core::to_message(links) + " links)",
                       core::estimate_add_mul(core::estimate_add_mul(0, links, 2 * sizeof(V)), lift, 8));
  core::python_random rng(seed);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(links);
  std::vector<std::uint64_t> sigma(lift);
  for (std::uint64_t i = 0; i <= d; ++i)
    for (std::uint64_t j = i + 1; j <= d; ++j) {
      std::iota(sigma.begin(), sigma.end(), std::uint64_t{0});
      rng.shuffle(sigma);
      for (std::uint64_t a = 0; a < lift; ++a)
        edges.emplace_back(static_cast<V>(i * lift + a), static_cast<V>(j * lift + sigma[a]));
    }
  return core::graph<V>::from_edges(n, edges,
                                    "Xpander(d=" + core::to_message(d) + ",L=" + core::to_message(lift) +
                                        ",seed=" + core::to_message(seed) + ")");
}

/// The Xpander family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& xpander_family() {
  static const family_descriptor f{
      .name = "xpander",
      .summary = "Xpander: random lift of the complete graph K_(d+1) (Valadarsky et al. 2016)",
      .source = "Valadarsky et al., CoNEXT '16",
      .parameters = {{.id = "degree", .symbol = "d", .min = 1, .max = 4294967294u, .help = "Links per router to other routers"},
                     {.id = "lift", .symbol = "L", .min = 1, .max = 4294967295u,
                      .help = "Routers per meta-node (copies of K_(d+1)): (d+1) x L routers",
                      .range_at = [](const parameter_values& v) { return xpander_lift_range(unsigned_value(v, "degree")); }},
                     {.id = "seed", .symbol = "seed", .default_value = std::uint64_t{1}, .help = "Seed of the random matchings"}},
      .example = {{"degree", std::uint64_t{3}}, {"lift", std::uint64_t{3}}, {"seed", std::uint64_t{5}}},
      .make =
          [](const parameter_values& v) {
            return xpander<std::uint32_t>(unsigned_value(v, "degree"), unsigned_value(v, "lift"), unsigned_value(v, "seed"));
          },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"lift"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "lift"); },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = std::nullopt,
      .endpoints_rule = "1: the paper's servers a switch follow from a radix this family does not take; give --endpoints",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return core::uniform_endpoints(g.num_vertices(), 1); },
  };
  return f;
}

}  // namespace shiftfly::topology
