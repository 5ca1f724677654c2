#pragma once
/// \file throughput_ecmp.hpp
/// A certified lower bound on throughput from one explicit routing: every demand is
/// split over its shortest paths, and θ(T) ≥ 1 / (the largest load of a link per
/// unit of its capacity), because that routing of θ·T then fits every capacity.
///
///   struct throughput_lower_bound_result { value, method, algorithm, max_load, mean_load, ... };
///   throughput_lower_bound_result ecmp_throughput_bound(const G& g, const traffic_matrix& T, options);
///   throughput_lower_bound_result ecmp_uniform_throughput_bound(const G& g, options);
///   std::uint64_t ecmp_arc_visits(const G& g, traversal how);   // the work, for estimates
///
/// The routing (model and capacities as metrics/flow/throughput_lp.hpp): for a source s, a
/// BFS gives the shortest-path DAG. Processing vertices from the farthest in, the flow
/// g(v) that must reach v is T(s,v) plus what v forwards to its DAG successors, and v
/// pulls g(v) from its DAG predecessors in proportion to the capacity of the arc from
/// each. Flow is conserved at every vertex, so this routes T(s,·) exactly along shortest
/// paths; on an arc-transitive graph under uniform traffic it is invariant under every
/// automorphism, so every arc carries the mean load and the bound meets the distance
/// bound 2m / Σ d(s,t) (metrics/flow/throughput_bound.hpp): the interval closes.
///
/// The work is one BFS and one reverse pass per source, O(n·arcs): on the 2-core test
/// machine (2 threads, shared with other builds) about 3 s at 2,304 vertices of degree 40
/// and 33 to 41 s at 8,400, growing as n²; ecmp_arc_visits gives the count for up-front
/// estimates. Loads are doubles: sources are summed in blocks of
/// ecmp_source_block, whatever the thread count, and the blocks in order, so the result
/// does not depend on `threads`. Rounding of the split fractions (a relative 1e-15 per
/// step) is far below the printed digits; the bound is stated as certified up to it.
///
/// Reference: the equal split over shortest paths is the routing of D. Thaler and C. Hopps,
/// "Multipath issues in unicast and multicast next-hop selection", RFC 2991 (2000), here
/// weighted per source instead of per destination (docs/references.md).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/destination_pass.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// Sources per block of the load sum (fixed, so that thread counts do not change it).
inline constexpr std::size_t ecmp_source_block = 128;

/// Threads for the shortest-path routing (0 = every hardware thread).
struct ecmp_options {
  unsigned threads = 0;
  traversal how = traversal::undirected;
};

/// A lower bound on θ(T) and how it was obtained.
struct throughput_lower_bound_result {
  double value = 0.0;        ///< 1 / max_load (0 when a demanded target is unreachable)
  std::string method = "lower bound";
  std::string algorithm;
  double max_load = 0.0;     ///< the largest load per unit capacity, for one unit of every demand
  double mean_load = 0.0;    ///< total load / total capacity (max_load / mean_load: the routing's imbalance)
  double capacity = 0.0;     ///< total capacity (2m undirected)
  bool unreachable = false;  ///< a demanded target is not reachable (θ = 0 exactly)
  std::uint64_t rounds = 1;  ///< routings computed (the balanced routing's rounds; 1 for ECMP)
};

/// Arc visits of the routing (two passes over the arcs per source): its cost.
template <core::digraph_like G>
std::uint64_t ecmp_arc_visits(const G& g, traversal how = traversal::undirected) {
  const std::uint64_t arcs = how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  return core::checked_mul(core::checked_mul(static_cast<std::uint64_t>(g.num_vertices()), arcs, "ecmp_arc_visits",
                                             "vertices x arcs"),
                           std::uint64_t{2}, "ecmp_arc_visits", "vertices x arcs");
}

namespace detail {

/// The in-arcs of every vertex as arrays in in-arc order (position k of net.in_arc): the
/// backward passes then read and write them in sequence instead of by arc id.
struct in_arc_order {
  std::vector<std::uint32_t> tail;
  std::vector<double> capacity;
  explicit in_arc_order(const capacity_network& net) : tail(net.arcs()), capacity(net.arcs()) {
    for (std::size_t k = 0; k < net.arcs(); ++k) {
      tail[k] = net.tail[net.in_arc[k]];
      capacity[k] = net.capacity[net.in_arc[k]];
    }
  }
};

/// The routing's arcs for the pass of metrics/distances/destination_pass.hpp, rooted at the
/// source: the search runs over the out-arcs, and a vertex's flow goes back toward the source
/// over its in-arcs (k in in-arc order) from the predecessors one step closer.
struct ecmp_view {
  const capacity_network* net;
  const in_arc_order* in;
  [[nodiscard]] std::size_t vertices() const noexcept { return net->n; }
  template <class F>
  void away(std::uint32_t u, F&& f) const {
    for (auto a = net->out_offsets[u]; a < net->out_offsets[u + 1]; ++a) f(net->head[a]);
  }
  template <class F>
  void toward(std::uint32_t v, F&& f) const {
    for (auto k = net->in_offsets[v]; k < net->in_offsets[v + 1]; ++k) f(k, in->tail[k]);
  }
};

/// Per-worker scratch of the routing.
struct ecmp_scratch {
  shortest_path_dag dag;
  std::vector<double> z, total;  // path-product weights and their sums into each vertex (weighted split only)
};

/// The split of the routing of one source (see ecmp_route_source): prepare reads the demands
/// into the flow and, with weights, computes the path products; split pulls a vertex's flow
/// from its predecessors by capacity or by path product.
template <class Demand>
struct ecmp_split : split_policy_base {
  const ecmp_view& view;
  Demand& demand;
  ecmp_scratch& w;
  const double* weight;
  std::uint32_t source;
  bool prepare(shortest_path_dag& dag) {
    const std::size_t n = view.vertices();
    dag.flow.assign(n, 0.0);
    for (std::size_t v = 0; v < n; ++v) {
      const double t = demand(v);
      if (t > 0 && dag.dist[v] == dag_unreached) return false;
      dag.flow[v] = t;
    }
    if (weight) path_products(dag);
    return true;
  }
  /// Z(v) = Σ Z(u)·weight(u,v) over the predecessors, each BFS level scaled by its largest Z
  /// so that no product overflows; total(v) is Z(v) before its level is scaled.
  void path_products(const shortest_path_dag& dag) {
    const std::size_t n = view.vertices();
    w.z.assign(n, 0.0);
    w.total.resize(n);
    w.z[source] = 1.0;
    std::size_t level = 1;  // first vertex of the level being computed
    double top = 0.0;
    for (std::size_t i = 1; i < dag.reached; ++i) {
      const std::uint32_t v = dag.order[i];
      if (dag.dist[v] != dag.dist[dag.order[level]]) {  // a level ends: scale it by its largest Z
        if (top > 0.0)
          for (std::size_t k = level; k < i; ++k) w.z[dag.order[k]] /= top;
        level = i;
        top = 0.0;
      }
      double z = 0.0;
      dag.next_hops(view, v, [&](std::uint64_t k, std::uint32_t u) { z += w.z[u] * weight[k]; });
      w.z[v] = z;
      w.total[v] = z;  // Σ of v's shares, before its level is scaled (its predecessors' already were)
      top = std::max(top, z);
    }
  }
  static double flow_at(std::uint32_t, double need) { return need; }
  template <class Send>
  void split(const ecmp_view&, const shortest_path_dag& dag, std::uint32_t v, double nv, Send&& send) const {
    double total = weight ? w.total[v] : 0.0;
    // weights far apart can leave every share of v at 0 (underflow): split by capacity there
    const bool by_capacity = !weight || !(total > 0.0) || !std::isfinite(total);
    const double* capacity = view.in->capacity.data();
    if (by_capacity) {
      total = 0.0;
      dag.next_hops(view, v, [&](std::uint64_t k, std::uint32_t) { total += capacity[k]; });
    }
    dag.next_hops(view, v, [&](std::uint64_t k, std::uint32_t u) {
      send(k, u, nv * ((by_capacity ? capacity[k] : w.z[u] * weight[k]) / total));
    });
  }
};

/// Adds the loads of source s's routing to `load` (indexed in in-arc order); demand(v) is
/// T(s, v) (0 for v = s). Returns false when a vertex with demand is unreachable.
///
/// weight == nullptr: v pulls its flow from its DAG predecessors by the capacity of each arc.
/// Otherwise (weights in in-arc order) the path-product split of metrics/flow/throughput_balanced.hpp:
/// every shortest path carries a share of T(s, t) proportional to the product of its arcs'
/// weights, which a forward pass (Z(v) = Σ Z(u)·weight(u,v) over the predecessors, each BFS
/// level scaled by its largest Z so that no product overflows) and the same pull with shares
/// Z(u)·weight(u,v) compute (Dial's algorithm on the shortest-path DAG). The pass is the one of
/// metrics/distances/destination_pass.hpp with the source as its root, over reversed arcs.
template <class Demand>
bool ecmp_route_source(const capacity_network& net, const in_arc_order& in, std::uint32_t s, Demand&& demand,
                       ecmp_scratch& w, std::vector<double>& load, const double* weight = nullptr) {
  const ecmp_view view{&net, &in};
  ecmp_split<std::remove_reference_t<Demand>> policy{{}, view, demand, w, weight, s};
  double* out = load.data();
  return destination_pass(view, s, w.dag, policy, [out](std::uint64_t k, double f) { out[k] += f; });
}

/// The loads (by arc id) of the routing of every listed source (weights by arc id, as
/// ecmp_route_source), summed in blocks of ecmp_source_block in order, so that they do not
/// depend on `threads`. Returns false when a demanded target is unreachable.
template <class Demand>
bool ecmp_loads(std::string_view where, const capacity_network& net, std::span<const std::uint32_t> sources,
                Demand&& demand, unsigned threads, const double* weight, std::vector<double>& total) {
  const std::size_t arcs = net.arcs();
  const std::size_t blocks = (sources.size() + ecmp_source_block - 1) / ecmp_source_block;
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(core::resolve_threads(threads), std::max<std::size_t>(blocks, 1)));
  core::require_memory(where, "the link loads (" + core::to_message(arcs) + " arcs, " + core::to_message(workers + 4) +
                                  " copies)",
                       core::estimate_add_mul(0, static_cast<std::uint64_t>(arcs) * (workers + 4), 8));
  const in_arc_order in(net);
  std::vector<double> weight_in;
  if (weight) {
    weight_in.resize(arcs);
    for (std::size_t k = 0; k < arcs; ++k) weight_in[k] = weight[net.in_arc[k]];
  }
  std::vector<double> total_in(arcs, 0.0);
  std::vector<std::vector<double>> part(workers, std::vector<double>(arcs, 0.0));
  std::vector<detail::ecmp_scratch> scratch(workers);
  std::vector<char> ok(workers, 1);
  // Waves of `workers` blocks: worker w routes block wave·workers + w, then the blocks are summed in order.
  for (std::size_t first = 0; first < blocks; first += workers) {
    const std::size_t in_wave = std::min<std::size_t>(workers, blocks - first);
    core::run_workers(static_cast<unsigned>(in_wave), [&](unsigned w) {
      auto& load = part[w];
      std::fill(load.begin(), load.end(), 0.0);
      const std::size_t b = first + w;
      const std::size_t lo = b * ecmp_source_block, hi = std::min(sources.size(), lo + ecmp_source_block);
      for (std::size_t i = lo; i < hi; ++i) {
        const std::uint32_t s = sources[i];
        if (!ecmp_route_source(net, in, s, [&](std::size_t v) { return demand(s, v); }, scratch[w], load,
                               weight ? weight_in.data() : nullptr))
          ok[w] = 0;
      }
    });
    for (std::size_t w = 0; w < in_wave; ++w)
      for (std::size_t k = 0; k < arcs; ++k) total_in[k] += part[w][k];
  }
  total.assign(arcs, 0.0);
  for (std::size_t k = 0; k < arcs; ++k) total[net.in_arc[k]] = total_in[k];
  return std::find(ok.begin(), ok.end(), 0) == ok.end();
}

/// T's demands as demand(s, v), after checking that T has a demand and fits g. Dense demand
/// rows, one per worker, would cost n per source; the lookup searches s's sorted targets.
template <core::digraph_like G>
auto traffic_demand(std::string_view where, const G& g, const traffic_matrix& T) {
  if (T.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
  if (T.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T.n()) + " vertices",
                         "does not match the graph's " + core::to_message(g.num_vertices()) + " vertices");
  return [&T](std::uint32_t s, std::size_t v) {
    const auto tg = T.targets_of(s);
    const auto it = std::lower_bound(tg.begin(), tg.end(), static_cast<std::uint32_t>(v));
    return it != tg.end() && *it == v ? T.demands_of(s)[static_cast<std::size_t>(it - tg.begin())] : 0.0;
  };
}

/// The name of T's traffic in an algorithm string.
inline std::string traffic_label(const traffic_matrix& T) {
  return T.name().empty() ? std::string("the given traffic") : T.name() + " traffic";
}

/// max and mean load per unit capacity of `total` into r (value = 1 / max).
inline void ecmp_summarize(const capacity_network& net, const std::vector<double>& total,
                           throughput_lower_bound_result& r) {
  r.max_load = 0.0;
  double sum = 0.0;
  for (std::size_t a = 0; a < total.size(); ++a) {
    r.max_load = std::max(r.max_load, total[a] / net.capacity[a]);
    sum += total[a];
  }
  r.mean_load = sum / net.total_capacity;
  r.value = r.max_load > 0 ? 1.0 / r.max_load : 0.0;
}

/// Runs the routing of every listed source; demand(s, v) is T(s, v).
template <core::digraph_like G, class Demand>
throughput_lower_bound_result ecmp_bound(std::string_view where, const G& g, std::span<const std::uint32_t> sources,
                                         Demand&& demand, const ecmp_options& o, std::string traffic_name) {
  const auto net = make_capacity_network(where, g, o.how);
  std::vector<double> total;
  const bool reachable = ecmp_loads(where, net, sources, demand, o.threads, nullptr, total);
  throughput_lower_bound_result r;
  r.capacity = net.total_capacity;
  r.algorithm = "1 / max link load of shortest-path routing, each demand split over its shortest paths by "
                "capacity (BFS; " + traffic_name + ")";
  if (!reachable) {
    r.unreachable = true;
    r.method = "exact";
    r.algorithm = "exact: a demanded target is unreachable";
    return r;
  }
  ecmp_summarize(net, total, r);
  return r;
}

}  // namespace detail

/// θ(T) ≥ 1 / max load of the shortest-path split routing of T (see the file comment).
template <core::digraph_like G>
throughput_lower_bound_result ecmp_throughput_bound(const G& g, const traffic_matrix& T, const ecmp_options& o = {}) {
  constexpr std::string_view where = "ecmp_throughput_bound";
  const auto demand = detail::traffic_demand(where, g, T);
  return detail::ecmp_bound(where, g, T.sources_with_demand(), demand, o, detail::traffic_label(T));
}

/// The same bound for uniform traffic (one unit for every ordered pair), without
/// building the n² traffic matrix.
template <core::digraph_like G>
throughput_lower_bound_result ecmp_uniform_throughput_bound(const G& g, const ecmp_options& o = {}) {
  constexpr std::string_view where = "ecmp_uniform_throughput_bound";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  std::vector<std::uint32_t> sources(n);
  for (std::uint64_t s = 0; s < n; ++s) sources[s] = static_cast<std::uint32_t>(s);
  return detail::ecmp_bound(where, g, sources, [](std::uint32_t s, std::size_t v) { return v == s ? 0.0 : 1.0; }, o,
                            "uniform traffic");
}

}  // namespace shiftfly::metrics
