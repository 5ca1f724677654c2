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
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/destination_pass.hpp"
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

/// Writes the next-hop table of `g` under `rule` (see the file comment).
template <core::graph_like G>
void write_next_hops(std::ostream& os, const G& g, next_hop_rule rule) {
  const std::uint64_t n = g.num_vertices();
  core::require_range("write_next_hops", "routers", n, 1, next_hop_max_routers);
  const metrics::neighbor_view<G> view{&g};
  std::vector<metrics::shortest_path_dag> toward;  // ecmp: the DAG toward every router
  if (rule == next_hop_rule::ecmp) {
    toward.resize(n);
    for (std::uint32_t t = 0; t < n; ++t) {
      toward[t].search(view, t);
      toward[t].order = {};  // only the distances are kept (n^2 in all)
    }
  }
  os << "# next hops (" << next_hop_rule_name(rule)
     << (rule == next_hop_rule::minimal ? ": BookSim2 anynet's min tie rule" : ": every neighbour one step closer")
     << "): src dst next...\n";
  std::string line;
  metrics::shortest_path_dag from;
  for (std::uint32_t s = 0; s < n; ++s) {
    if (rule == next_hop_rule::ecmp) {
      for (std::uint32_t t = 0; t < n; ++t) {
        if (t == s || toward[t].dist[s] == metrics::dag_unreached) continue;
        line = std::to_string(s) + ' ' + std::to_string(t);
        // s's next hops toward t, ascending (a sorted CSR row)
        toward[t].next_hops(view, s, [&](std::uint64_t, std::uint32_t h) { line += ' ' + std::to_string(h); });
        os << line << '\n';
      }
      continue;
    }
    from.search(view, s);
    // by (distance, id): BookSim2's finalisation order
    std::vector<std::uint32_t> order(from.order.begin(), from.order.begin() + static_cast<std::ptrdiff_t>(from.reached));
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return from.dist[a] < from.dist[b]; });
    std::vector<std::uint32_t> first(n, metrics::dag_unreached);
    for (auto v : order) {
      if (v == s) continue;
      const std::uint32_t parent = from.first_next_hop(g, v).first;  // the lowest-id neighbour one step closer to s
      first[v] = parent == s ? v : first[parent];
    }
    for (std::uint32_t t = 0; t < n; ++t)
      if (t != s && from.dist[t] != metrics::dag_unreached) os << s << ' ' << t << ' ' << first[t] << '\n';
  }
}

}  // namespace shiftfly::routing
