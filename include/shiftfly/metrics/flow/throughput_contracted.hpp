#pragma once
/// \file throughput_contracted.hpp
/// A certified upper end of the throughput under uniform traffic from a partition of the
/// vertices: every part contracted to one vertex.
///
///   struct contracted_bound_options { double epsilon = 0.02; unsigned threads = 0;
///                                     std::uint64_t max_rounds = 10000; double max_seconds = 0; progress; };
///   struct contracted_bound { double upper; std::uint64_t parts, links_between; throughput_interval quotient; };
///   contracted_bound contracted_uniform_upper_bound(const G& g, std::span<const std::uint32_t> part_of,
///                                                   const contracted_bound_options& o = {});
///
/// Why it holds. Uniform traffic T sends one unit between every ordered pair of vertices of g
/// (every link one unit of capacity each way, as metrics/flow/throughput_lp.hpp). Contract each
/// part A to one vertex: the links inside parts disappear (capacity without limit), every link
/// between parts A and B becomes one arc A -> B and one arc B -> A (parallel links stay parallel
/// arcs, so their capacities add), and the quotient's demand from A to B is |A|·|B|, the sum of
/// T over the pairs it stands for (pairs inside a part are dropped). Any routing of θ·T in g maps
/// onto a routing of θ·T_q in the quotient with the same load on every link between parts, so
/// θ(g) ≤ θ(quotient); and any length function of the quotient, put on the links between parts
/// (0 inside them), is one of g with the same bound D(l)/α(l). So the upper end of the quotient's
/// certified (1+ε) interval (metrics/flow/throughput_mwu.hpp, traversal::arcs on the quotient) is
/// a certified upper end of θ(g). The quotient's lower end is not one of g (a routing of the
/// quotient is not a routing of g until it is carried through the parts), and is reported only
/// as the quotient's. With two parts the bound is the cut bound; with one vertex a part it is the
/// interval of g itself.
///
/// Where it helps: graphs whose parts are cliques joined by few links, as Boardfly's pods (36
/// groups each): at 12,500 groups the 348-part quotient's interval takes 26 s on one thread and
/// bounds (n − 1)θ by 3.1698, where the METIS cut gave 4.917 (docs/performance.md, "Boardfly's
/// pods bound θ* from above").
///
/// Input: part_of[v] is v's part, the parts numbered 0 .. k − 1 with none empty and k ≥ 2;
/// otherwise refused in one line naming part_of. Work: one pass over g's channels, and the
/// quotient's interval (k vertices, twice the links between parts as arcs; its own estimate
/// and limits, throughput_mwu).

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// The quotient by the structural clusters (metrics/cuts/structural_clusters.hpp) is used where they
/// have at least this many vertices a part on average (so the quotient costs a small part of the
/// graph) ...
inline constexpr std::uint64_t throughput_contracted_min_part = 4;
/// ... and number at most this many (their k(k − 1) demands: 4·10^6, about 100 MB).
inline constexpr std::uint64_t throughput_contracted_max_parts = 2000;

/// How contracted_uniform_upper_bound runs the quotient's interval (throughput_mwu_options').
struct contracted_bound_options {
  double epsilon = 0.02;             ///< the quotient's interval: stop when upper <= (1 + epsilon) * lower
  unsigned threads = 0;              ///< 0 = all hardware threads; the result does not depend on it
  std::uint64_t max_rounds = 10000;  ///< the quotient's rounds, 1 to 10^7
  double max_seconds = 0;            ///< 0 = no limit (throughput_mwu_options::max_seconds)
  std::function<void(const throughput_mwu_progress&)> progress;  ///< after every round of the quotient's interval
};

/// The upper end and what it came from.
struct contracted_bound {
  double upper = 0;                  ///< θ(g) under uniform traffic is at most this (certified)
  std::uint64_t parts = 0;           ///< vertices of the quotient
  std::uint64_t links_between = 0;   ///< links of g between parts (each an arc either way)
  throughput_interval quotient;      ///< the quotient's interval, in g's unit (one unit a pair)
  std::string algorithm;
};

namespace detail {

/// The quotient of g by part_of under uniform traffic (see the file comment): one vertex a part,
/// one arc a channel of g between parts (parallel arcs kept), the demand |A|·|B| from A to B.
struct uniform_quotient {
  core::graph<std::uint32_t> graph;
  std::vector<std::uint64_t> size;  ///< vertices of g in each part
  traffic_matrix demand;
  std::uint64_t links_between = 0;  ///< links of g between parts
};

/// Builds the quotient; a part_of that is not one part a vertex, numbered 0 .. k − 1 with none
/// empty and k ≥ 2, is refused in one line naming `where` and part_of.
template <core::digraph_like G>
uniform_quotient make_uniform_quotient(std::string_view where, const G& g, std::span<const std::uint32_t> part_of) {
  const std::uint64_t n = g.num_vertices();
  if (part_of.size() != n)
    core::fail_parameter(where, "part_of", core::to_message(part_of.size()) + " entries",
                         "is not one part a vertex (" + core::to_message(n) + " vertices)", "one entry a vertex");
  std::uint64_t k = 0;
  for (const auto p : part_of) k = std::max<std::uint64_t>(k, std::uint64_t{p} + 1);
  uniform_quotient q;
  q.size.assign(k, 0);
  for (const auto p : part_of) ++q.size[p];
  for (std::uint64_t a = 0; a < k; ++a)
    if (q.size[a] == 0)
      core::fail_parameter(where, "part_of", "part " + core::to_message(a), "is empty",
                           "parts numbered 0 to k - 1, none empty");
  if (k < 2)
    core::fail_parameter(where, "part_of", "1 part", "leaves no demand between parts", "at least 2 parts");
  // every channel of g between parts (each link gives two, u -> v and v -> u) one arc, parallel arcs kept
  const auto off = g.offsets();
  const auto tgt = g.targets();
  std::vector<std::uint64_t> arc_offsets(k + 1, 0);
  for (std::uint64_t u = 0; u < n; ++u)
    for (auto i = off[u]; i < off[u + 1]; ++i)
      if (part_of[u] != part_of[tgt[i]]) ++arc_offsets[part_of[u] + 1];
  for (std::uint64_t a = 0; a < k; ++a) arc_offsets[a + 1] += arc_offsets[a];
  std::vector<std::uint32_t> arc_targets(arc_offsets[k]);
  {
    std::vector<std::uint64_t> at(arc_offsets.begin(), arc_offsets.end() - 1);
    for (std::uint64_t u = 0; u < n; ++u)
      for (auto i = off[u]; i < off[u + 1]; ++i)
        if (part_of[u] != part_of[tgt[i]]) arc_targets[at[part_of[u]]++] = part_of[tgt[i]];
  }
  q.links_between = arc_offsets[k] / 2;
  q.graph = core::graph<std::uint32_t>::from_arcs(k, std::move(arc_offsets), std::move(arc_targets),
                                                  "quotient of " + std::string(g.name()));
  // k(k - 1) demands: the entries here and the matrix made from them
  const std::uint64_t pairs = core::checked_mul(k, k - 1, where, "parts x parts");
  core::require_memory(where, "the demands between " + core::to_message(k) + " parts",
                       core::estimate_add_mul(0, pairs, 2 * sizeof(traffic_entry)));
  std::vector<traffic_entry> demands;
  demands.reserve(pairs);
  for (std::uint64_t a = 0; a < k; ++a)
    for (std::uint64_t b = 0; b < k; ++b)
      if (a != b) demands.push_back({a, b, static_cast<double>(q.size[a]) * static_cast<double>(q.size[b])});
  q.demand = traffic_matrix::from_entries(k, std::move(demands), "uniform, contracted");
  return q;
}

}  // namespace detail

/// A certified upper end of θ(g) under uniform traffic from the partition part_of (see the file
/// comment).
template <core::digraph_like G>
contracted_bound contracted_uniform_upper_bound(const G& g, std::span<const std::uint32_t> part_of,
                                                const contracted_bound_options& o = {}) {
  const auto q = detail::make_uniform_quotient("contracted_uniform_upper_bound", g, part_of);
  const std::uint64_t k = q.size.size();
  contracted_bound r;
  r.parts = k;
  r.links_between = q.links_between;
  throughput_mwu_options m;
  m.epsilon = o.epsilon;
  m.threads = o.threads;
  m.max_rounds = o.max_rounds;
  m.max_seconds = o.max_seconds;
  m.progress = o.progress;
  m.how = traversal::arcs;  // the quotient's parallel arcs add their capacities
  r.quotient = throughput_mwu(q.graph, q.demand, m);
  r.upper = r.quotient.upper;
  r.algorithm = "the upper end of the (1+eps) interval of the quotient by " + core::to_message(k) +
                " parts (" + core::to_message(r.links_between) + " links between them, " +
                core::to_message(r.quotient.rounds) + " rounds): a length function of the graph, 0 inside the parts";
  return r;
}

}  // namespace shiftfly::metrics
