#pragma once
/// \file ring_any.hpp
/// A ring through the compute nodes of any fabric (docs/collectives.md, "Rings on any graph"):
/// a Hamiltonian cycle of the routers that host compute nodes where the search finds one, else a
/// tour (a closed walk through every compute node, consecutive nodes joined by shortest paths),
/// with its congestion counted: the most ring messages that share one link direction in a step.
///
///   ring_tour find_ring_tour(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
///                            const collective_network& net, ring_search_options o = {});
///   routed_run simulate_routed(const collective_network& net, const S& plan, route_fn route, bool data);
///
/// The search is Pósa's rotation and extension (Pósa 1976; as in the random-graph literature,
/// e.g. Angluin and Valiant 1979), deterministic: the extension prefers the neighbour with the
/// fewest free neighbours (Warnsdorff's rule), ties and rotations drawn from the library's
/// Python-compatible Mersenne Twister (core/python_random.hpp) with a fixed seed, under a work
/// budget. It is a heuristic: "no cycle found" does not prove there is none (the Petersen graph,
/// which has none, exhausts the budget and gets a tour).
///
/// Where routers carry several endpoints (split compute vertices), the ring visits a router's
/// endpoints one after another (e -> router -> e'), then moves to the next router's: the
/// router-level order is what the search finds.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/ring_allreduce.hpp"
#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"

namespace shiftfly::collectives {

struct ring_search_options {
  std::uint64_t seed = 1;
  /// Work units (neighbour scans and reversed path entries) of the search: budget_per_arc
  /// times (arcs + vertices) of the host subgraph, plus budget_base.
  std::uint64_t budget_per_arc = 64;
  std::uint64_t budget_base = 200000;
};

/// A ring through every compute vertex of a collective_network and what it costs on the links.
struct ring_tour {
  std::vector<std::uint32_t> order;  ///< the compute vertices (network ids) in ring order
  bool hamiltonian = false;          ///< consecutive hosts are adjacent (a Hamiltonian cycle of the hosts)
  std::uint64_t longest_hops = 0;    ///< most links between consecutive compute vertices
  /// Most ring messages on one link direction in a step, over the link's units of b
  /// (unidirectional ring; both rings at once for the bidirectional one).
  double load = 0, load_bidirectional = 0;
  std::uint64_t congestion = 0, congestion_bidirectional = 0;  ///< the same, in messages
  std::uint64_t search_work = 0;
  std::string method;  ///< how the order was found
  /// The arcs (network arc ids) from order[i] to order[i+1 mod N].
  std::vector<std::vector<std::uint32_t>> paths;
};

namespace detail {

/// Outgoing arcs of every vertex of a network: (head, arc id), heads ascending.
inline std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> out_arcs(const collective_network& n) {
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> out(n.vertices);
  for (std::size_t i = 0; i < n.tail.size(); ++i) out[n.tail[i]].emplace_back(n.head[i], static_cast<std::uint32_t>(i));
  for (auto& l : out) std::sort(l.begin(), l.end());
  return out;
}

inline std::uint32_t arc_between(const std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& out,
                                 std::uint32_t u, std::uint32_t v) {
  const auto& l = out[u];
  const auto it = std::lower_bound(l.begin(), l.end(), std::pair<std::uint32_t, std::uint32_t>{v, 0});
  if (it == l.end() || it->first != v) core::fail("ring_tour", "internal: no arc " + core::to_message(u) + " -> " + core::to_message(v));
  return it->second;
}

/// Pósa rotation-extension on an undirected simple graph given by adjacency lists. Returns
/// the cycle (true) or the longest path seen (false); `work` receives the work spent.
inline bool posa_search(const std::vector<std::vector<std::uint32_t>>& adj, const ring_search_options& o,
                        std::uint64_t budget, std::vector<std::uint32_t>& best, std::uint64_t& work) {
  const std::uint32_t n = static_cast<std::uint32_t>(adj.size());
  work = 0;
  best.clear();
  if (n == 0) return false;
  if (n == 1) {
    best = {0};
    return true;
  }
  core::python_random rng(o.seed);
  std::vector<std::int64_t> pos(n, -1);
  std::vector<std::uint32_t> free_degree(n), path;
  const auto is_adjacent = [&](std::uint32_t a, std::uint32_t b) {
    return std::binary_search(adj[a].begin(), adj[a].end(), b);
  };
  std::uint32_t start = 0;
  while (work < budget) {
    // (Re)start from `start`.
    for (std::uint32_t v : path) pos[v] = -1;
    path.clear();
    work += n;  // the reset below
    for (std::uint32_t v = 0; v < n; ++v) free_degree[v] = static_cast<std::uint32_t>(adj[v].size());
    const auto add = [&](std::uint32_t v) {
      pos[v] = static_cast<std::int64_t>(path.size());
      path.push_back(v);
      for (auto w : adj[v]) --free_degree[w];
      work += adj[v].size() + 1;  // + 1: a vertex of no neighbour still spends work (no endless restarts)
    };
    add(start);
    std::uint64_t stuck = 0;
    while (work < budget && stuck <= 8ull * n + 64) {
      const std::uint32_t v = path.back();
      // Extension: the free neighbour with the fewest free neighbours (Warnsdorff), ties drawn.
      std::uint32_t pick = n, fewest = ~0u, ties = 0;
      for (auto w : adj[v]) {
        if (pos[w] >= 0) continue;
        if (free_degree[w] < fewest) {
          fewest = free_degree[w];
          pick = w;
          ties = 1;
        } else if (free_degree[w] == fewest && rng.randrange(++ties) == 0) {
          pick = w;
        }
      }
      work += adj[v].size() + 1;
      if (pick < n) {
        add(pick);
        stuck = 0;
        if (path.size() > best.size()) best = path;
        continue;
      }
      if (path.size() > best.size()) best = path;
      if (path.size() == n && (n == 2 || is_adjacent(v, path.front()))) {
        best = path;
        return true;
      }
      // Rotation: a neighbour w = path[i] of the end, i < len - 2, and path[i+1..] reversed.
      const auto& nb = adj[v];
      std::uint32_t choices = 0;
      for (auto w : nb) choices += pos[w] >= 0 && pos[w] + 2 < static_cast<std::int64_t>(path.size());
      if (choices == 0) break;
      std::uint64_t k = rng.randrange(choices);
      std::uint32_t w = 0;
      for (auto x : nb)
        if (pos[x] >= 0 && pos[x] + 2 < static_cast<std::int64_t>(path.size()) && k-- == 0) {
          w = x;
          break;
        }
      const std::size_t i = static_cast<std::size_t>(pos[w]);
      std::reverse(path.begin() + static_cast<std::ptrdiff_t>(i) + 1, path.end());
      for (std::size_t j = i + 1; j < path.size(); ++j) pos[path[j]] = static_cast<std::int64_t>(j);
      work += path.size() - i;
      ++stuck;
    }
    start = static_cast<std::uint32_t>(rng.randrange(n));
  }
  return false;
}

}  // namespace detail

/// Finds a ring through the compute vertices of `net` (built from g and endpoints by
/// make_collective_network) and counts its congestion.
template <std::unsigned_integral V>
ring_tour find_ring_tour(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                         const collective_network& net, ring_search_options o = {}) {
  constexpr const char* where = "ring_tour";
  if (net.compute.size() < 2) core::fail(where, "a ring needs at least 2 compute nodes");
  const std::uint32_t routers = net.routers;
  std::vector<std::uint32_t> hosts, host_index(routers, ~0u);
  for (std::uint32_t u = 0; u < routers; ++u)
    if (endpoints[u] > 0) {
      host_index[u] = static_cast<std::uint32_t>(hosts.size());
      hosts.push_back(u);
    }
  std::vector<std::vector<std::uint32_t>> adj(hosts.size());
  std::uint64_t arcs = 0;
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    for (V w : g.neighbors(static_cast<V>(hosts[i])))
      if (host_index[w] != ~0u) adj[i].push_back(host_index[w]);
    std::sort(adj[i].begin(), adj[i].end());
    arcs += adj[i].size();
  }
  ring_tour t;
  std::vector<std::uint32_t> path;
  const std::uint64_t budget = o.budget_base + o.budget_per_arc * (arcs + hosts.size());
  const bool cycle = detail::posa_search(adj, o, budget, path, t.search_work);
  // Router-level order of the hosts.
  std::vector<std::uint32_t> host_order;
  if (cycle) {
    for (auto i : path) host_order.push_back(hosts[i]);
    t.hamiltonian = true;
    t.method = "Hamiltonian cycle of the hosts (Posa rotation-extension, seed " + core::to_message(o.seed) + ")";
  } else if (path.size() == hosts.size()) {
    for (auto i : path) host_order.push_back(hosts[i]);
    t.method = "tour: a Hamiltonian path of the hosts (Posa), closed by a shortest path";
  } else {
    // Depth-first preorder of the hosts over the whole router graph (forwarders in transit).
    std::vector<char> seen(routers, 0);
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{hosts[0], 0}};
    seen[hosts[0]] = 1;
    host_order.push_back(hosts[0]);
    while (!stack.empty()) {
      auto& [u, k] = stack.back();
      const auto nb = g.neighbors(static_cast<V>(u));
      if (k >= nb.size()) {
        stack.pop_back();
        continue;
      }
      const auto w = static_cast<std::uint32_t>(nb[k++]);
      if (seen[w]) continue;
      seen[w] = 1;
      if (endpoints[w] > 0) host_order.push_back(w);
      stack.emplace_back(w, 0);
    }
    t.method = "tour: depth-first preorder of the hosts (no Hamiltonian cycle found within the search budget), "
               "consecutive hosts joined by shortest paths";
  }
  // Router paths between consecutive hosts (breadth-first, neighbours ascending: deterministic).
  std::vector<std::int64_t> parent(routers, -1);
  std::vector<std::uint32_t> queue, touched;
  const auto router_path = [&](std::uint32_t a, std::uint32_t b) {
    std::vector<std::uint32_t> p;
    if (a == b) return std::vector<std::uint32_t>{a};
    if (g.adjacent(static_cast<V>(a), static_cast<V>(b))) return std::vector<std::uint32_t>{a, b};
    queue.assign(1, a);
    touched.assign(1, a);
    parent[a] = a;
    for (std::size_t h = 0; h < queue.size() && parent[b] < 0; ++h)
      for (V w : g.neighbors(static_cast<V>(queue[h])))
        if (parent[w] < 0) {
          parent[w] = queue[h];
          queue.push_back(static_cast<std::uint32_t>(w));
          touched.push_back(static_cast<std::uint32_t>(w));
        }
    for (std::uint32_t x = b;; x = static_cast<std::uint32_t>(parent[x])) {
      p.push_back(x);
      if (x == a) break;
    }
    for (auto x : touched) parent[x] = -1;
    std::reverse(p.begin(), p.end());
    return p;
  };
  // Expand to compute vertices and arcs.
  const auto out = detail::out_arcs(net);
  std::vector<std::uint32_t> first_endpoint(routers, 0);
  for (std::uint32_t u = 0, next = routers; u < routers; ++u) {
    first_endpoint[u] = net.endpoints_split ? next : u;
    if (net.endpoints_split) next += endpoints[u];
  }
  struct stop {
    std::uint32_t vertex, router;
  };
  std::vector<stop> stops;
  for (auto u : host_order)
    for (std::uint32_t k = 0; k < (net.endpoints_split ? endpoints[u] : 1u); ++k) stops.push_back({first_endpoint[u] + k, u});
  std::vector<std::uint64_t> count(net.tail.size(), 0);
  t.paths.resize(stops.size());
  for (std::size_t i = 0; i < stops.size(); ++i) {
    const auto& a = stops[i];
    const auto& b = stops[(i + 1) % stops.size()];
    std::vector<std::uint32_t> vs;
    if (net.endpoints_split) vs.push_back(a.vertex);
    for (auto x : router_path(a.router, b.router)) vs.push_back(x);
    if (net.endpoints_split) vs.push_back(b.vertex);
    auto& arcs_i = t.paths[i];
    for (std::size_t k = 0; k + 1 < vs.size(); ++k) {
      const auto arc = detail::arc_between(out, vs[k], vs[k + 1]);
      arcs_i.push_back(arc);
      ++count[arc];
    }
    t.longest_hops = std::max<std::uint64_t>(t.longest_hops, arcs_i.size());
    t.order.push_back(a.vertex);
  }
  for (std::size_t a = 0; a < count.size(); ++a) {
    const auto rev = detail::arc_between(out, net.head[a], net.tail[a]);
    const double units = static_cast<double>(net.units[a]);
    t.congestion = std::max(t.congestion, count[a]);
    t.congestion_bidirectional = std::max(t.congestion_bidirectional, count[a] + count[rev]);
    t.load = std::max(t.load, static_cast<double>(count[a]) / units);
    t.load_bidirectional = std::max(t.load_bidirectional, static_cast<double>(count[a] + count[rev]) / units);
  }
  return t;
}

/// The route of a message between two chips of a schedule: the network arcs it crosses.
using route_fn = std::function<void(std::uint32_t src, std::uint32_t dst, std::vector<std::uint32_t>& arcs)>;

/// A schedule run on data over its logical links, its messages routed on the network.
struct routed_run {
  std::uint64_t steps = 0, messages = 0;
  /// Σ over steps of the most elements one link direction carries in the step, over its units
  /// of b: the schedule's time is this times (M/D)/b.
  double critical_elements = 0;
  bool simulated = false;  ///< run on integers (every chip ended with the sum)
};

/// Routes every message of `plan` (chips = compute indices, arcs of `net`) and, when `data`,
/// also runs it on integers through simulate() over the logical links the schedule uses.
template <schedule_source S>
routed_run simulate_routed(const collective_network& net, const S& plan, const route_fn& route, bool data) {
  routed_run r;
  r.steps = plan.num_steps();
  std::vector<std::uint64_t> load(net.tail.size(), 0);
  std::vector<std::uint32_t> used, arcs;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  step msgs;
  for (std::uint64_t s = 0; s < r.steps; ++s) {
    plan.fill_step(s, msgs);
    r.messages += msgs.size();
    for (const auto& m : msgs) {
      route(m.src, m.dst, arcs);
      for (auto a : arcs) {
        if (load[a] == 0) used.push_back(a);
        load[a] += m.size();
      }
      if (data) pairs.emplace_back(std::min(m.src, m.dst), std::max(m.src, m.dst));
    }
    double most = 0;
    for (auto a : used) {
      most = std::max(most, static_cast<double>(load[a]) / static_cast<double>(net.units[a]));
      load[a] = 0;
    }
    used.clear();
    r.critical_elements += most;
    if (data && pairs.size() > 4 * plan.num_chips()) {
      std::sort(pairs.begin(), pairs.end());
      pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    }
  }
  if (data) {
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    const auto links = core::graph<std::uint32_t>::from_edges(plan.num_chips(), pairs, "the schedule's logical links");
    simulate(links, plan);  // throws unless every chip ends with the sum
    r.simulated = true;
  }
  return r;
}

/// The ring all-reduce plan along a tour (chips numbered by their index in net.compute) and the
/// route of its messages (each ring pair's path, reversed for the backward ring).
struct ring_on_network {
  ring_plan plan;
  route_fn route;
};

inline ring_on_network ring_plan_on(const collective_network& net, const ring_tour& t, std::uint64_t elements,
                                    bool bidirectional) {
  std::vector<std::uint32_t> index_of(net.vertices, ~0u);
  for (std::size_t i = 0; i < net.compute.size(); ++i) index_of[net.compute[i]] = static_cast<std::uint32_t>(i);
  std::vector<std::uint32_t> order;
  for (auto v : t.order) order.push_back(index_of[v]);
  const std::size_t n = order.size();
  // Forward path of position i: order[i] -> order[i+1]; a backward message order[i+1] -> order[i]
  // takes the reversed arcs.
  auto position = std::make_shared<std::vector<std::uint32_t>>(net.compute.size());
  for (std::size_t i = 0; i < n; ++i) (*position)[order[i]] = static_cast<std::uint32_t>(i);
  auto reverse_arc = std::make_shared<std::vector<std::uint32_t>>(net.tail.size());
  const auto out = detail::out_arcs(net);
  for (std::size_t a = 0; a < net.tail.size(); ++a) (*reverse_arc)[a] = detail::arc_between(out, net.head[a], net.tail[a]);
  const auto* paths = &t.paths;
  route_fn route = [position, reverse_arc, paths, n](std::uint32_t src, std::uint32_t dst, std::vector<std::uint32_t>& arcs) {
    const std::uint32_t ps = (*position)[src], pd = (*position)[dst];
    arcs.clear();
    if ((ps + 1) % n == pd) {
      arcs = (*paths)[ps];
    } else {
      const auto& p = (*paths)[pd];  // dst -> src forwards
      for (std::size_t k = p.size(); k-- > 0;) arcs.push_back((*reverse_arc)[p[k]]);
    }
  };
  auto plan = ring_allreduce_plan(std::move(order), elements, bidirectional);
  plan.name = std::string(bidirectional ? "bidirectional " : "") + "ring all-reduce along " +
              (t.hamiltonian ? "a Hamiltonian cycle" : "a tour");
  return {std::move(plan), std::move(route)};
}

}  // namespace shiftfly::collectives
