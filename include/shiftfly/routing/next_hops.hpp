#pragma once
/// \file next_hops.hpp
/// Next-hop tables of a router graph, in a plain text format a simulator's table-driven routing
/// can load: for every ordered pair of routers (s, t), s != t, t reachable, the line
/// `s t h1 [h2 ...]`: the neighbours of s a packet at s bound for t is sent to.
///
/// API:
///   enum class next_hop_rule { minimal, ecmp };
///   std::string_view next_hop_rule_name(next_hop_rule);   // "minimal", "ecmp"
///   next_hop_rule parse_next_hop_rule(std::string_view);   // refuses others, naming `routing`
///   inline constexpr std::uint64_t next_hop_max_routers = 4096;
///   void write_next_hops(std::ostream&, const G& g, next_hop_rule);
///
/// - minimal: one next hop, BookSim2's `min` routing on anynet (src/networks/anynet.cpp,
///   AnyNet::route, at commit 28f43299f1706a3160ffac721ca461d74eb6e618): from each router s a
///   shortest-path tree whose vertices are finalised in order of (distance, id), every router v
///   taking as parent the first finalised neighbour one step closer to s, that is its
///   lowest-id neighbour at distance d(s, v) - 1; the next hop from s toward t is the child of s
///   on the tree path to t. (This is a source tree, not "the lowest-id neighbour closer to t":
///   the two differ on some graphs, and BookSim2 routes by the tree.)
/// - ecmp: every neighbour of s one step closer to t, ascending.
/// The first line is a comment naming the rule; lines are ordered by s, then t. The physical
/// graph is used (a digraph's arcs are ignored: the simulators' links are bidirectional). A
/// table has n(n - 1) lines, so graphs above next_hop_max_routers routers are refused.
///
/// Reference: docs/references.md, [BookSim2].

#include <algorithm>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/routing/routing_spec.hpp"

namespace shiftfly::routing {

/// Which next hops the table holds.
enum class next_hop_rule { minimal, ecmp };

/// The most routers a next-hop table is written for (n(n - 1) lines: 16.8 million at 4096).
inline constexpr std::uint64_t next_hop_max_routers = 4096;

/// "minimal" or "ecmp".
inline std::string_view next_hop_rule_name(next_hop_rule r) noexcept { return r == next_hop_rule::ecmp ? "ecmp" : "minimal"; }

/// "minimal" or "ecmp"; anything else throws invalid_parameter naming `routing`.
/// The name is read by the one routing parser (routing_spec.hpp); a table holds only these two.
inline next_hop_rule parse_next_hop_rule(std::string_view text) {
  routing_spec r;
  bool parsed = true;
  try {
    r = parse_routing(text);
  } catch (const core::invalid_parameter&) {
    parsed = false;
  }
  if (parsed && r.kind == routing_kind::minimal) return next_hop_rule::minimal;
  if (parsed && r.kind == routing_kind::ecmp) return next_hop_rule::ecmp;
  core::throw_out_of_range("next_hop_rule", "routing", std::string(text), "minimal or ecmp");
}

namespace detail {
/// Hop distances from s in the physical graph (max() when unreachable).
template <core::graph_like G>
std::vector<std::uint32_t> hop_distances(const G& g, std::uint32_t s) {
  constexpr auto far = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> d(g.num_vertices(), far), queue{s};
  d[s] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(queue[i])))
      if (d[v] == far) d[v] = d[queue[i]] + 1, queue.push_back(static_cast<std::uint32_t>(v));
  return d;
}
}  // namespace detail

/// Writes the next-hop table of `g` under `rule` (see the file comment).
template <core::graph_like G>
void write_next_hops(std::ostream& os, const G& g, next_hop_rule rule) {
  const std::uint64_t n = g.num_vertices();
  core::require_range("write_next_hops", "routers", n, 1, next_hop_max_routers);
  constexpr auto far = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::vector<std::uint32_t>> dist;  // ecmp: all pairs
  if (rule == next_hop_rule::ecmp)
    for (std::uint32_t t = 0; t < n; ++t) dist.push_back(detail::hop_distances(g, t));
  os << "# next hops (" << next_hop_rule_name(rule)
     << (rule == next_hop_rule::minimal ? ": BookSim2 anynet's min tie rule" : ": every neighbour one step closer")
     << "): src dst next...\n";
  std::string line;
  for (std::uint32_t s = 0; s < n; ++s) {
    if (rule == next_hop_rule::ecmp) {
      for (std::uint32_t t = 0; t < n; ++t) {
        if (t == s || dist[t][s] == far) continue;
        line = std::to_string(s) + ' ' + std::to_string(t);
        std::vector<std::uint32_t> hops;
        for (auto w : g.neighbors(static_cast<typename G::vertex_type>(s)))
          if (dist[t][w] + 1 == dist[t][s]) hops.push_back(static_cast<std::uint32_t>(w));
        std::sort(hops.begin(), hops.end());
        hops.erase(std::unique(hops.begin(), hops.end()), hops.end());
        for (auto h : hops) line += ' ' + std::to_string(h);
        os << line << '\n';
      }
      continue;
    }
    const auto d = detail::hop_distances(g, s);
    std::vector<std::uint32_t> order;  // by (distance, id): BookSim2's finalisation order
    for (std::uint32_t v = 0; v < n; ++v)
      if (d[v] != far) order.push_back(v);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return d[a] < d[b]; });
    std::vector<std::uint32_t> first(n, far);
    for (auto v : order) {
      if (v == s) continue;
      std::uint32_t parent = far;
      for (auto w : g.neighbors(static_cast<typename G::vertex_type>(v)))
        if (d[w] + 1 == d[v]) parent = std::min(parent, static_cast<std::uint32_t>(w));
      first[v] = parent == s ? v : first[parent];
    }
    for (std::uint32_t t = 0; t < n; ++t)
      if (t != s && d[t] != far) os << s << ' ' << t << ' ' << first[t] << '\n';
  }
}

}  // namespace shiftfly::routing
