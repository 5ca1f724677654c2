#pragma once
/// \file destination_pass.hpp
/// The one home of shortest-path splits: the shortest-path DAG toward a root and the pass
/// that carries flow down it, farthest vertex first, with what differs between the splits
/// supplied as a policy (as Boost.Graph's BFS visitors supply what a search does at each
/// event: J. Siek, L.-Q. Lee, A. Lumsdaine, "The Boost Graph Library", 2002, ch. 12).
///
///   struct shortest_path_dag { dist, order, flow, reached; search(view, root, policy);
///                              next_hops(view, u, f); count_next_hops(view, u);
///                              first_next_hop(g, u); };
///   bool destination_pass(const View& view, std::uint32_t root, shortest_path_dag& dag,
///                         Policy& policy, Sink&& sink);
///
/// The view names the arcs: view.away(u, f) calls f(v) for every v one arc farther from the
/// root (the BFS's arcs), view.toward(u, f) calls f(k, v) for every arc k of u to a
/// neighbour v (the arcs a split may use: those with dist(v) + 1 = dist(u), u's next hops).
/// On an undirected graph both are u's CSR row and k is its channel (csr_view, channels of
/// core/channel.hpp; neighbor_view: any graph by its neighbour lists); the throughput's routing runs from a source over the reversed arcs
/// (metrics/flow/throughput_ecmp.hpp: away are the out-arcs, toward the in-arcs).
///
/// The pass (Brandes' dependency accumulation with the root as the destination: U. Brandes,
/// "A faster algorithm for betweenness centrality", J. Math. Sociol. 25(2), 2001):
/// 0. policy.begin(root) (resets what the policy counts per root);
/// 1. the BFS from the root: dist and order (the reached vertices by distance), with
///    policy.dag_arc(u, v) on every arc u -> v of the DAG away from the root, in BFS order
///    (where a policy counts next hops or paths while the search runs);
/// 2. policy.prepare(dag): anything the split needs from the whole DAG (path counts, path
///    products), the initial dag.flow; false stops the pass (a demanded vertex unreached);
/// 3. from the farthest vertex in: u's flow f = policy.flow_at(u, dag.flow[u]) (the demand
///    enters either in dag.flow or here, so that every caller adds in its own order), skipped
///    when 0; policy.split(view, dag, u, f, send) calls send(k, v, x) for each share x it puts on
///    arc k to a next hop v: sink(k, x) records it and v's flow grows by x.
/// What the callers supply: the ECMP and spread loads (metrics/paths/shortest_path_load.hpp:
/// an even split over the next hops, or by the next hops' path counts sigma), the routings of
/// routing/shortest_path_routing.hpp (minimal by a tie rule, ECMP, spread) and the throughput's
/// split by capacity or by path products (metrics/flow/throughput_ecmp.hpp). The 8-lane batched
/// kernel of the uniform load is this pass with eight roots at once in vector lanes
/// (shortest_path_load.hpp). tests/design/split_home_test.cpp fails when a next-hop test
/// (a distance compared with another's plus one) appears outside this header.
///
/// O(n + arcs) per root; the order of every sum is fixed by the view and the BFS, so the pass
/// is deterministic.

#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace shiftfly::metrics {

/// dist of a vertex the search has not reached.
inline constexpr std::uint32_t dag_unreached = std::numeric_limits<std::uint32_t>::max();

/// A policy that does nothing at the search's events (derive and override what you need).
struct split_policy_base {
  void begin(std::uint32_t) noexcept {}
  void dag_arc(std::uint32_t, std::uint32_t) noexcept {}
};

/// The arcs of a CSR graph (undirected physical graph): both directions are u's row, k its channel.
template <class V>
struct csr_view {
  std::span<const std::uint64_t> offsets;
  std::span<const V> targets;
  [[nodiscard]] std::size_t vertices() const noexcept { return offsets.size() - 1; }
  template <class F>
  void away(std::uint32_t u, F&& f) const {
    for (auto i = offsets[u]; i < offsets[u + 1]; ++i) f(static_cast<std::uint32_t>(targets[i]));
  }
  template <class F>
  void toward(std::uint32_t u, F&& f) const {
    for (auto i = offsets[u]; i < offsets[u + 1]; ++i) f(i, static_cast<std::uint32_t>(targets[i]));
  }
};

/// The CSR view of a graph's physical graph.
template <class G>
csr_view<typename G::vertex_type> csr_view_of(const G& g) {
  return {g.offsets(), g.targets()};
}

/// The arcs of any graph_like graph by its neighbour lists: k is v's position in u's list.
template <class G>
struct neighbor_view {
  const G* g;
  [[nodiscard]] std::size_t vertices() const noexcept { return g->num_vertices(); }
  template <class F>
  void away(std::uint32_t u, F&& f) const {
    for (const auto v : g->neighbors(static_cast<typename G::vertex_type>(u))) f(static_cast<std::uint32_t>(v));
  }
  template <class F>
  void toward(std::uint32_t u, F&& f) const {
    const auto nb = g->neighbors(static_cast<typename G::vertex_type>(u));
    for (std::size_t j = 0; j < nb.size(); ++j) f(j, static_cast<std::uint32_t>(nb[j]));
  }
};

/// The shortest-path DAG toward a root, and the flow of the pass (one per thread: O(n)).
struct shortest_path_dag {
  std::vector<std::uint32_t> dist;   ///< hops to the root; dag_unreached if not reached
  std::vector<std::uint32_t> order;  ///< order[0 .. reached): the reached vertices by distance
  std::vector<double> flow;          ///< the flow at each vertex (the policy initialises it)
  std::size_t reached = 0;

  /// The BFS from root over view.away; policy.dag_arc(u, v) on every DAG arc, in BFS order.
  template <class View, class Policy>
  void search(const View& view, std::uint32_t root, Policy& policy) {
    const std::size_t n = view.vertices();
    dist.assign(n, dag_unreached);
    if (order.size() < n) order.resize(n);
    std::uint32_t* q = order.data();
    std::uint32_t* d = dist.data();
    d[root] = 0;
    q[0] = root;
    std::size_t tail = 1;
    for (std::size_t h = 0; h < tail; ++h) {
      const std::uint32_t u = q[h];
      const std::uint32_t du1 = d[u] + 1;
      view.away(u, [&](std::uint32_t v) {
        if (d[v] == dag_unreached) {
          d[v] = du1;
          q[tail++] = v;
          policy.dag_arc(u, v);
        } else if (d[v] == du1) {
          policy.dag_arc(u, v);
        }
      });
    }
    reached = tail;
  }
  template <class View>
  void search(const View& view, std::uint32_t root) {
    split_policy_base none;
    search(view, root, none);
  }

  /// f(k, v) for every next hop of u (an arc k to v with dist(v) + 1 = dist(u)), in the view's order.
  template <class View, class F>
  void next_hops(const View& view, std::uint32_t u, F&& f) const {
    const std::uint32_t before = dist[u] - 1;
    const std::uint32_t* d = dist.data();
    view.toward(u, [&](auto k, std::uint32_t v) {
      if (d[v] == before) f(k, v);
    });
  }

  /// The number of u's next hops (counted without a branch a hop).
  template <class View>
  [[nodiscard]] std::uint32_t count_next_hops(const View& view, std::uint32_t u) const {
    const std::uint32_t before = dist[u] - 1;
    const std::uint32_t* d = dist.data();
    std::uint32_t c = 0;
    view.toward(u, [&](auto, std::uint32_t v) { c += d[v] == before ? 1 : 0; });
    return c;
  }

  /// The first next hop of u in the view's order (the lowest-id one on a sorted CSR row), and
  /// its position in u's row; u must be reached and not the root.
  template <class G>
  [[nodiscard]] std::pair<std::uint32_t, std::uint64_t> first_next_hop(const G& g, std::uint32_t u) const {
    const std::uint32_t before = dist[u] - 1;
    const auto nb = g.neighbors(static_cast<typename G::vertex_type>(u));
    for (std::size_t j = 0; j < nb.size(); ++j)
      if (dist[nb[j]] == before) return {static_cast<std::uint32_t>(nb[j]), j};
    return {dag_unreached, nb.size()};
  }
};

/// The pass toward `root` (see the file comment): the search, policy.prepare, then the split
/// of every vertex's flow, farthest first; sink(k, x) records x on arc k. Returns prepare's answer.
template <class View, class Policy, class Sink>
bool destination_pass(const View& view, std::uint32_t root, shortest_path_dag& dag, Policy& policy, Sink&& sink) {
  policy.begin(root);
  dag.search(view, root, policy);
  if (!policy.prepare(dag)) return false;
  double* flow = dag.flow.data();
  const auto send = [&](auto k, std::uint32_t v, double x) {
    sink(k, x);
    flow[v] += x;
  };
  for (std::size_t i = dag.reached; i-- > 1;) {
    const std::uint32_t u = dag.order[i];
    const double f = policy.flow_at(u, flow[u]);
    if (f == 0.0) continue;
    policy.split(view, dag, u, f, send);
  }
  return true;
}

}  // namespace shiftfly::metrics
