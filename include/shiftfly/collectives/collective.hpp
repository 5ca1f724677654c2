#pragma once
/// \file collective.hpp
/// How long a collective takes on a fabric: its certified lower bound, the best schedule known
/// here, and the gap between them, in the model of docs/collectives.md (compute nodes from the
/// endpoint counts, collectives/network.hpp; link bandwidth b per direction; M with the
/// nccl-tests convention; no latency term in this version).
///
///   struct collective_request { op, bytes, link_bandwidth, root, symmetry, endpoint_bandwidth, routing, family,
///                               max_seconds, threads, work };
///   struct collective_result { ... };
///   collective_result measure_collective(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
///                                        const collective_request& r);
///   core::record describe(const collective_result&);
///
/// The operations and their bounds (each proved or cited in docs/collectives.md):
/// - all-gather, reduce-scatter: ForestColl's optimum (collectives/cut_bound.hpp), exact; a
///   packing of spanning out-trees (in-trees) reaches it (ForestColl, arXiv 2402.06787) when
///   every vertex that only forwards has as much bandwidth in as out; the packing is built
///   (collectives/tree_packing.hpp), its time recomputed from its trees and run on data
///   (collectives/tree_simulator.hpp) when its estimated work is within max_packing_work, else
///   its time is the theorem's (constructed: false) unless require_trees or a latency needs it;
/// - latency α > 0: every schedule's time is steps·α + its bandwidth term (steps: the most hops
///   from a root to a compute node in its trees, one chunk a tree); the lower bound adds
///   α·(the hop diameter between compute nodes) to the bandwidth bound, both of which every
///   schedule of this model pays;
/// - broadcast, reduce from a root: M/(λ·b), λ the root's minimum cut to (from) every compute
///   node (Edmonds; with forwarding vertices, Bang-Jensen, Frank and Jackson on Eulerian
///   digraphs), reached by λ arc-disjoint arborescences;
/// - all-reduce: M/(λ·b), λ the least bandwidth into or out of a set that separates compute
///   nodes (every compute node outside S needs the sum over S); the schedule: reduce-scatter then
///   all-gather on their optimal trees, so the gap is at most their sum over this bound;
/// - all-to-all: (M/N)/(λ*·b), λ* the maximum concurrent flow of one unit for every ordered pair
///   of compute nodes on the compute-node graph (collectives/all_to_all.hpp: exact LP, its
///   reduction by symmetry, or its certified interval); the flow itself is the schedule, and
///   beside it the time under the fabric's routing (`routing`; none: the family's own,
///   routing/own_routing.hpp: dimension order on tori, HyperX and Tofu, shift on the shift
///   digraph families, else ecmp; ecmp on a user's graph), `routed_seconds`. With `work`, λ*
///   depends on that work budget only, never on the time (metrics/flow/throughput_work.hpp).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <type_traits>
#include <utility>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/collectives/all_to_all.hpp"
#include "shiftfly/collectives/built_schedules.hpp"
#include "shiftfly/collectives/cut_bound.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/tree_schedule.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/record.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_work.hpp"
#include "shiftfly/routing/own_routing.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::collectives {

/// The operations, as the tool names them.
inline const std::vector<std::string>& collective_operations() {
  static const std::vector<std::string> ops{"all-gather", "reduce-scatter", "all-reduce", "all-to-all", "broadcast", "reduce"};
  return ops;
}

struct collective_request {
  std::string op;              ///< one of collective_operations()
  double bytes = 0;            ///< M (nccl-tests: all-gather the whole output, all-reduce the buffer, all-to-all one node's send buffer)
  double link_bandwidth = 1;   ///< b, bytes per second per link direction
  std::uint64_t root = 0;      ///< broadcast, reduce: the root, an index among the compute nodes
  bool symmetry = true;        ///< test one compute node a vertex orbit (bliss) where that is valid
  double latency = 0;          ///< α, seconds per step (time = steps·α + the bandwidth term)
  bool require_trees = false;  ///< refuse, rather than leave unbuilt, trees over max_packing_work
  double max_packing_work = collective_max_packing_work;  ///< collectives/tree_schedule.hpp's units
  /// b_e, bytes per second each way of an endpoint's link, where endpoints are split off (some
  /// router has several); none: link_bandwidth. A ratio b_e/b of whole numbers up to 1000
  /// (collectives/network.hpp, units_of_bandwidths); given where routers are the compute nodes: refused
  std::optional<double> endpoint_bandwidth;
  /// all-to-all: the routing whose time is shown beside the bound (routing::parse_routing); none: the
  /// family's own (routing::own_routing; ecmp on a user's graph). Given with another operation: refused
  std::optional<routing::routing_spec> routing;
  std::optional<topology::family_spec> family;  ///< the graph's family (the routings it runs); none: a user's graph
  double max_seconds = 600;  ///< all-to-all: refuse its θ* or its routed loads estimated above this
  unsigned threads = 0;      ///< the all-gather search's flows and all-to-all's routed loads: worker threads, 0 = all cores (results do not depend on it)
  /// all-to-all: λ* within this work budget, its ends independent of the machine and the thread
  /// count (metrics/flow/throughput_work.hpp); none: within max_seconds (measure_throughput)
  std::optional<metrics::throughput_work_budget> work;
  /// The graph is the torus T(torus_dims) (chips numbered as topology::torus): the explainer's
  /// dimension-ordered schedules and Swing are tried too (built_schedules.hpp).
  std::vector<std::uint64_t> torus_dims;
  bool build_schedules = true;  ///< build and run the rings (and torus schedules) for all-reduce, all-gather, reduce-scatter
  /// Run a built schedule on integers while compute nodes x elements stay at most this; above, its
  /// time is counted from its routes alone (built_schedules.hpp).
  std::uint64_t max_simulated_cells = std::uint64_t{1} << 22;
};

/// One schedule and its time.
struct collective_schedule {
  std::string name;
  double seconds = 0;
  bool constructed = false;  ///< false: its time is proved (cited theorem), its trees not built here
  std::string note;
  std::uint64_t steps = 0;   ///< synchronous steps (tree schedules: the most hops from a root to a compute node); 0: pipelined (fluid)
  bool simulated = false;    ///< run on integers (simulator.hpp): every compute node ended with the sum
};

/// The trees built for a result, for the schedule writers (collectives/msccl_xml.hpp).
struct collective_trees {
  collective_network network;
  std::optional<tree_packing> all_gather, reduce_scatter, root;
};

struct collective_result {
  std::string op;
  double bytes = 0, link_bandwidth = 1;
  std::uint64_t compute_nodes = 0, vertices = 0, root = 0;
  std::string model;
  std::optional<double> endpoint_bandwidth;  ///< b_e where endpoints are split off
  double lower_bound_seconds = 0;
  std::string lower_bound_exact;  ///< the bound as an exact fraction of M/b, e.g. "511/3072"
  std::string bound;              ///< the bound in words, with its source
  std::optional<double> best_seconds;
  std::string best_schedule;
  std::optional<double> gap;  ///< best / lower bound
  std::string method;         ///< "exact" where the lower bound is reached, else "bounds"
  std::vector<std::uint32_t> cut;
  std::uint64_t cut_units = 0, cut_compute_nodes = 0;
  std::uint64_t link_units = 1;  ///< cut_units are of b / link_units (collectives/network.hpp)
  std::vector<collective_schedule> schedules;
  std::uint64_t max_flows = 0;
  std::uint64_t orbits_tested = 0;
  double latency = 0;                  ///< α, seconds per step
  std::uint64_t lower_bound_steps = 0; ///< steps every schedule needs (the hop diameter); 0 when α = 0
  std::optional<double> routed_seconds;  ///< all-to-all: the time under `routing` (the channel loads)
  std::string routing;                   ///< all-to-all: the routing of routed_seconds ("dor", "ecmp", ...)
  std::shared_ptr<const collective_trees> trees;
};

/// Largest (compute nodes tested) × (arcs + compute nodes) the all-gather search accepts, refused
/// above before any flow runs: a maximum flow a tested node, each about linear in the arcs at the
/// sizes measured (docs/performance.md: Boardfly, 2,304 groups: 2.2·10^8, about 6 s of CPU;
/// Jellyfish, 2,000 routers of degree 8: 3.6·10^7, about 2 s), so 1.5·10^9 is under a minute.
inline constexpr double collective_max_work = 1.5e9;

namespace detail {

inline std::string fraction_text(std::uint64_t num, std::uint64_t den) {
  const auto g = std::gcd(num, den);
  return core::to_message(num / g) + "/" + core::to_message(den / g);
}

/// Whether every vertex that is not a compute node has as much bandwidth in as out.
inline bool forwarders_balanced(const collective_network& n) {
  std::vector<std::int64_t> balance(n.vertices, 0);
  for (std::size_t i = 0; i < n.tail.size(); ++i) {
    balance[n.tail[i]] += static_cast<std::int64_t>(n.units[i]);
    balance[n.head[i]] -= static_cast<std::int64_t>(n.units[i]);
  }
  std::vector<char> compute(n.vertices, 0);
  for (auto c : n.compute) compute[c] = 1;
  for (std::uint32_t v = 0; v < n.vertices; ++v)
    if (!compute[v] && balance[v] != 0) return false;
  return true;
}

/// One compute vertex a router orbit, when the automorphisms keep the endpoint counts; else all.
template <std::unsigned_integral V>
std::vector<std::uint32_t> orbit_targets(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                                         const collective_network& n) {
  const auto group = metrics::graph_automorphisms(g);
  std::vector<std::int64_t> count_of(group.orbits, -1);
  for (std::size_t v = 0; v < endpoints.size(); ++v) {
    auto& c = count_of[group.orbit_of[v]];
    if (c >= 0 && c != endpoints[v]) return n.compute;  // an orbit mixes endpoint counts: test all
    c = endpoints[v];
  }
  std::vector<std::uint32_t> first_vertex(n.routers, 0);  // router -> its first compute vertex
  if (n.endpoints_split) {
    std::uint32_t next = n.routers;
    for (std::uint32_t u = 0; u < n.routers; ++u) {
      first_vertex[u] = next;
      next += endpoints[u];
    }
  } else {
    for (std::uint32_t u = 0; u < n.routers; ++u) first_vertex[u] = u;
  }
  std::vector<char> seen(group.orbits, 0);
  std::vector<std::uint32_t> out;
  for (std::uint32_t u = 0; u < n.routers; ++u)
    if (endpoints[u] > 0 && !seen[group.orbit_of[u]]) {
      seen[group.orbit_of[u]] = 1;
      out.push_back(first_vertex[u]);
    }
  return out;
}

/// The network of the request's model: endpoint links of endpoint_bandwidth (none: the link's)
/// in whole units (collectives/network.hpp); refused where routers are the compute nodes, as an
/// endpoint bandwidth would then mean nothing.
template <std::unsigned_integral V>
collective_network network_of_request(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                                      const collective_request& r) {
  if (!r.endpoint_bandwidth) return make_collective_network(g, endpoints);
  const auto u = units_of_bandwidths(r.link_bandwidth, *r.endpoint_bandwidth);
  if (std::none_of(endpoints.begin(), endpoints.end(), [](std::uint32_t h) { return h > 1; }))
    core::fail_parameter("collective", "endpoint_bandwidth", shortest_decimal(*r.endpoint_bandwidth),
                         "applies where routers carry several endpoints (here every router has at most one and is the "
                         "compute node)",
                         "no endpoint bandwidth, or several endpoints a router");
  return make_collective_network(g, endpoints, u.endpoint_units, u.link_units);
}

/// The all-to-all (collectives/all_to_all.hpp) into the result: the bound, the optimal flow and
/// the routed time as schedules.
template <std::unsigned_integral V>
std::string all_to_all_into(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints, const collective_network& net,
                     const collective_request& r, collective_result& out) {
  all_to_all_request q;
  q.endpoint_units = net.endpoint_units;
  q.link_units = net.link_units;
  std::optional<topology::resolved_family> resolved;  // the family looked up once (topology::resolve)
  if (r.family) resolved = topology::resolve(*r.family);
  q.family = resolved ? &*resolved : nullptr;
  q.routing = r.routing ? *r.routing : routing::own_routing(resolved ? &resolved->descriptor() : nullptr);
  q.max_seconds = r.max_seconds;
  q.threads = r.threads;
  q.work = r.work;
  all_to_all_answer a;
  if constexpr (std::is_same_v<V, std::uint32_t>) {
    a = measure_all_to_all(g, endpoints, q);
  } else {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (V v : g.neighbors(static_cast<V>(u)))
        if (u < v) e.emplace_back(u, static_cast<std::uint32_t>(v));
    a = measure_all_to_all(core::graph<std::uint32_t>::from_edges(g.num_vertices(), e), endpoints, q);
  }
  const double N = static_cast<double>(net.compute.size()), M = r.bytes, b = r.link_bandwidth;
  const auto seconds = [&](double lambda) { return (M / N) / (lambda * b); };
  out.lower_bound_seconds = seconds(a.lambda_upper);
  const std::string own = "M a compute node's send buffer, M/N to each of the N, its own block counted in M and not sent";
  if (a.endpoint_lambda <= a.network_upper) {  // the endpoint link binds: (N-1)/N M/b_e, exactly
    out.lower_bound_exact = fraction_text((net.compute.size() - 1) * net.link_units, net.compute.size() * net.endpoint_units);
    out.bound = "(N - 1)(M/N) / b_e: every endpoint sends and receives (N - 1) M/N over its one link (" + own + ")";
  } else {
    out.lower_bound_exact = "1/(N lambda*) = " + core::to_message(1.0 / (N * a.lambda_upper));
    out.bound = "(M/N) / (lambda* b), lambda* = " + core::to_message(a.lambda_upper) +
                " the maximum concurrent flow of one unit for every ordered pair of compute nodes (" + a.theta +
                (a.split ? "; endpoint links: min with b_e/(N - 1)" : "") + "; " + own + ")";
  }
  const std::string flow_note = a.method == "exact" ? "lambda* = " + core::to_message(a.lambda_lower) + ", exact"
                                                    : "interval: lambda* in [" + core::to_message(a.lambda_lower) + ", " +
                                                          core::to_message(a.lambda_upper) + "], its lower end routed";
  out.schedules.push_back({"optimal multicommodity flow", seconds(a.lambda_lower), true,
                           "every pair's M/N split over the flow's paths; " + flow_note});
  out.routed_seconds = seconds(a.routed_lambda);
  out.routing = a.routing;
  out.schedules.push_back({"routed: " + a.routing, *out.routed_seconds, true,
                           std::string(a.routed_method == "expected" ? "expected " : "") + "max channel load " +
                               core::to_message(a.routed_max_load) + " per unit of endpoint injection, x (N - 1) M/N / b" +
                               (a.split ? "; endpoint links (N - 1) M/N / b_e" : "")});
  return a.method;
}

inline std::string components_text(const std::vector<std::vector<std::uint32_t>>& parts) {
  std::string t;
  for (std::size_t i = 0; i < parts.size() && i < 4; ++i) {
    t += (i ? "; " : "") + std::string("{");
    for (std::size_t k = 0; k < parts[i].size() && k < 6; ++k) t += (k ? " " : "") + core::to_message(parts[i][k]);
    if (parts[i].size() > 6) t += " ... (" + core::to_message(parts[i].size()) + " vertices)";
    t += "}";
  }
  if (parts.size() > 4) t += "; ...";
  return t;
}

/// The rings (and, on tori, the explainer's and Swing's schedules) built and run for an
/// all-reduce, all-gather or reduce-scatter, appended to the schedules tried.
/// Whether g is topology::torus(dims), link for link (its vertices numbered as the torus numbers them).
template <std::unsigned_integral V>
bool is_torus_of(const core::graph<V>& g, const std::vector<std::uint64_t>& dims) {
  std::uint64_t n = 1;
  for (auto k : dims) {
    if (k < 2 || n > g.num_vertices() / k) return false;
    n *= k;
  }
  if (n != g.num_vertices()) return false;
  const auto t = topology::torus<std::uint32_t>(std::span<const std::uint64_t>(dims));
  for (std::uint64_t u = 0; u < n; ++u) {
    std::vector<std::uint64_t> a, b;
    for (auto v : g.neighbors(static_cast<V>(u))) a.push_back(v);
    for (auto v : t.neighbors(static_cast<std::uint32_t>(u))) b.push_back(v);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) return false;
  }
  return true;
}

template <std::unsigned_integral V>
void add_built_schedules(collective_result& out, const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                         const collective_network& net, const collective_request& r) {
  if (!r.build_schedules) return;
  // The rings and torus schedules count messages per link direction, every link alike: an endpoint
  // link of another bandwidth would make their times wrong, so they are not tried there.
  if (net.endpoints_split && net.endpoint_units != net.link_units) return;
  built_request q;
  q.op = r.op;
  q.bytes = r.bytes;
  q.link_bandwidth = r.link_bandwidth;
  // The torus schedules trust the chip numbering of topology::torus: used only when g is that torus.
  if (!r.torus_dims.empty() && detail::is_torus_of(g, r.torus_dims)) q.torus_dims = r.torus_dims;
  q.max_simulated_cells = r.max_simulated_cells;
  for (auto& s : build_schedules(g, endpoints, net, q))
    out.schedules.push_back({std::move(s.name), s.seconds + r.latency * static_cast<double>(s.steps), true, std::move(s.note),
                             s.steps, s.simulated});
}

}  // namespace detail

namespace detail {

/// The best schedule of a result, its gap and method; a schedule below the certified bound is
/// refused as a defect.
inline void choose_best(collective_result& out) {
  if (out.schedules.empty()) {
    out.method = "lower bound (no schedule)";
    return;
  }
  // Times equal up to rounding (a built schedule's time is summed over its steps, a bound is one
  // quotient) tie: the first listed wins, and one that reaches the bound makes it exact.
  const auto same = [](double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); };
  std::size_t best = 0;
  for (std::size_t i = 1; i < out.schedules.size(); ++i)
    if (out.schedules[i].seconds < out.schedules[best].seconds && !same(out.schedules[i].seconds, out.schedules[best].seconds))
      best = i;
  // A schedule below the certified bound would be a defect of one or the other: refused, not printed.
  if (out.schedules[best].seconds < out.lower_bound_seconds && !same(out.schedules[best].seconds, out.lower_bound_seconds))
    throw std::logic_error("collective: the schedule '" + out.schedules[best].name + "' takes " +
                           core::to_message(out.schedules[best].seconds) + " s, below the lower bound " +
                           core::to_message(out.lower_bound_seconds) + " s (a defect: please report it)");
  out.best_seconds = out.schedules[best].seconds;
  out.best_schedule = out.schedules[best].name;
  const bool reached = same(*out.best_seconds, out.lower_bound_seconds);
  out.gap = reached ? 1.0 : *out.best_seconds / out.lower_bound_seconds;
  out.method = reached ? "exact" : "bounds";
}

/// All-gather, reduce-scatter and all-reduce for measure_collective: the all-gather optimum first
/// (its cut), then the operation's bound and its tree schedules, then the rings and torus schedules.
template <std::unsigned_integral V, class Attempt, class SecondsOf, class LatencyBound, class SetCut, class Finish,
          class Fraction, class UnitsText>
collective_result gather_collectives(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                                     const collective_network& net, const collective_request& r, collective_result& out,
                                     const std::shared_ptr<collective_trees>& trees, const std::string& not_built,
                                     bool trees_reach, bool shallow, double M, double b, double N, Attempt& attempt,
                                     SecondsOf& seconds_of, LatencyBound& add_latency_bound, SetCut& set_cut, Finish& finish,
                                     Fraction& fraction, UnitsText& units_text) {
  constexpr const char* where = "collective";
  // all-gather, reduce-scatter, all-reduce: the all-gather optimum first.
  std::vector<std::uint32_t> targets;
  if (r.symmetry && !net.endpoints_split && net.compute.size() == net.routers) targets = detail::orbit_targets(g, endpoints, net);
  else if (r.symmetry && net.endpoints_split) targets = detail::orbit_targets(g, endpoints, net);
  const double tests = static_cast<double>(targets.empty() ? net.compute.size() : targets.size());
  const double work = tests * static_cast<double>(net.tail.size() + net.compute.size());
  if (work > collective_max_work)
    core::fail(where, "the all-gather search would run a maximum flow from each of " + core::to_message(tests) +
                          " compute nodes (no symmetry reduces them) on " + core::to_message(net.tail.size()) +
                          " arcs: estimated work " + core::to_message(work) + "; accepted: at most " +
                          core::to_message(collective_max_work) + " (about a minute)");
  out.orbits_tested = static_cast<std::uint64_t>(tests);
  const auto ag = optimal_allgather_cut(net, targets, false, {r.threads});
  const auto rs = r.op == "all-gather" ? ag : optimal_allgather_cut(net, targets, true, {r.threads});
  const auto time_of = [&](const cut_ratio& c) {
    return M * static_cast<double>(c.compute_inside) / (N * static_cast<double>(c.units) * b);
  };
  const std::string forestcoll = "ForestColl (Zhao et al., arXiv 2402.06787)";
  if (r.op == "all-gather" || r.op == "reduce-scatter") {
    const auto& c = r.op == "all-gather" ? ag : rs;
    set_cut(c);
    if (r.op == "reduce-scatter") out.max_flows += ag.max_flows;
    out.lower_bound_seconds = time_of(c);
    out.lower_bound_exact = fraction(c.compute_inside, net.compute.size() * c.units);
    out.bound = std::string("(M/N) max over S of |S cap Vc| / B") + (r.op == "all-gather" ? "+" : "-") +
                "(S), " + forestcoll + "; attained by the cut below (" + core::to_message(c.compute_inside) +
                " compute nodes, " + units_text(c.units) + " b " + (r.op == "all-gather" ? "leaving" : "entering") + ")";
    const double bandwidth_bound = out.lower_bound_seconds;
    add_latency_bound(std::nullopt, r.op == "reduce-scatter");
    if (trees_reach) {
      const std::string name = std::string("spanning ") + (r.op == "all-gather" ? "out" : "in") + "-tree packing, pipelined";
      const auto built = attempt(packing_work_estimate(net, 0, true, shallow), [&](double work) {
        return checked_allgather_trees(net, c, r.op == "reduce-scatter", work, shallow);
      });
      if (built) {
        const auto& t = built->time;
        const std::uint64_t g = std::gcd(c.compute_inside, net.compute.size() * c.units);
        const bool tight = t.numerator == c.compute_inside / g && t.denominator == net.compute.size() * c.units / g;
        out.schedules.push_back({name,
                                 tight ? bandwidth_bound + r.latency * static_cast<double>(t.steps) : seconds_of(t.numerator, t.denominator, t.steps),
                                 true,
                                 "the construction of docs/collectives.md (" + forestcoll + "'s optimum); " +
                                     core::to_message(built->packing.trees.size()) + " trees built, " +
                                     core::to_message(t.steps) + " steps, verified on data",
                                 t.steps});
        out.max_flows += built->packing.max_flows;
        (r.op == "all-gather" ? trees->all_gather : trees->reduce_scatter) = built->packing;
      } else {
        out.schedules.push_back({name, out.lower_bound_seconds, false, forestcoll + ": a packing reaches the bound; " + not_built});
      }
    }
    out.trees = trees;
    detail::add_built_schedules(out, g, endpoints, net, r);
    finish();
    return std::move(out);
  }
  // all-reduce
  // One orbit of compute nodes, every router one: the graph is vertex-transitive (separating_cut's theorem (b)).
  const auto sep = separating_cut(net, !net.endpoints_split && net.compute.size() == net.routers && targets.size() == 1);
  set_cut(sep);
  out.max_flows += ag.max_flows + rs.max_flows;
  out.lower_bound_seconds = M / (static_cast<double>(sep.units) * b);
  out.lower_bound_exact = fraction(1, sep.units);
  out.bound = "M / (lambda b), lambda = " + units_text(sep.units) +
              " the least bandwidth into or out of a set separating compute nodes (docs/collectives.md: every compute "
              "node outside S needs the sum over S)";
  add_latency_bound(std::nullopt, false);
  if (trees_reach) {
    const std::uint64_t n = net.compute.size();
    const std::string name = "reduce-scatter then all-gather, each on its optimal tree packing";
    const std::string parts = fraction(rs.compute_inside, n * rs.units) + " + " +
                              fraction(ag.compute_inside, n * ag.units) + " of M/b";
    const double estimate = 2 * packing_work_estimate(net, 0, true, shallow);
    const auto built_rs = attempt(estimate, [&](double work) { return checked_allgather_trees(net, rs, true, work, shallow); });
    const auto built_ag = built_rs ? attempt(estimate, [&](double work) { return checked_allgather_trees(net, ag, false, work, shallow); })
                                   : std::optional<checked_trees>{};
    if (built_rs && built_ag) {
      const auto &a = built_ag->time, &z = built_rs->time;
      const std::uint64_t steps = a.steps + z.steps;
      out.schedules.push_back({name,
                               seconds_of(z.numerator, z.denominator, 0) + seconds_of(a.numerator, a.denominator, 0) +
                                   r.latency * static_cast<double>(steps),
                               true,
                               parts + "; " + core::to_message(built_rs->packing.trees.size()) + " + " +
                                   core::to_message(built_ag->packing.trees.size()) + " trees built, " +
                                   core::to_message(steps) + " steps, verified on data",
                               steps});
      out.max_flows += built_rs->packing.max_flows + built_ag->packing.max_flows;
      trees->reduce_scatter = built_rs->packing;
      trees->all_gather = built_ag->packing;
    } else {
      out.schedules.push_back({name, time_of(rs) + time_of(ag), false, forestcoll + ": " + parts + "; " + not_built});
    }
  }
  out.trees = trees;
  detail::add_built_schedules(out, g, endpoints, net, r);
  finish();
  return std::move(out);
}

}  // namespace detail

template <std::unsigned_integral V>
collective_result measure_collective(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                                     const collective_request& r) {
  constexpr const char* where = "collective";
  const auto& ops = collective_operations();
  if (std::find(ops.begin(), ops.end(), r.op) == ops.end())
    core::fail_parameter(where, "op", r.op, "is not an operation",
                         "all-gather, reduce-scatter, all-reduce, all-to-all, broadcast, reduce");
  if (!std::isfinite(r.bytes) || !(r.bytes > 0))
    core::fail_parameter(where, "bytes", core::to_message(r.bytes), "is out of range", "finite, above 0");
  if (!std::isfinite(r.link_bandwidth) || !(r.link_bandwidth > 0))
    core::fail_parameter(where, "link_bandwidth", core::to_message(r.link_bandwidth), "is out of range", "finite, above 0");
  if (!std::isfinite(r.latency) || r.latency < 0)
    core::fail_parameter(where, "latency", core::to_message(r.latency), "is out of range", "finite, at least 0");
  core::require_range(where, "threads", r.threads, 0, 1024);
  if (r.work) {  // the budget's ranges here, before any work (measure_throughput_within_work checks them too)
    core::require_range(where, "lp_variables", r.work->lp_variables, 0, metrics::throughput_symmetric_max_variables);
    core::require_range(where, "balanced_rounds", r.work->balanced_rounds, 1, 100'000);
  }
  if (r.latency > 0 && r.op == "all-to-all")
    core::fail_parameter(where, "latency", core::to_message(r.latency), "is not modelled for all-to-all in this version",
                         "0 (the tree schedules of the other operations count their steps)");
  const auto net = detail::network_of_request(g, endpoints, r);
  if (net.compute.empty()) core::fail(where, "the graph has no compute nodes (no router has an endpoint)");
  if (r.routing && r.op != "all-to-all")
    core::fail_parameter(where, "routing", r.routing->name(), "applies to all-to-all only", "no routing with " + r.op);
  if (net.compute.size() < 2)
    core::fail(where, "the graph has 1 compute node; accepted: at least 2 (a collective needs two)");
  if (const auto parts = components(net); parts.size() > 1)
    core::fail(where, "the network is disconnected: " + core::to_message(parts.size()) +
                          " components (vertices of each, routers first, endpoints after): " + detail::components_text(parts));
  collective_result out;
  out.op = r.op;
  out.bytes = r.bytes;
  out.link_bandwidth = r.link_bandwidth;
  out.compute_nodes = net.compute.size();
  out.vertices = net.vertices;
  out.model = net.rule;
  out.link_units = net.link_units;
  if (net.endpoints_split)
    out.endpoint_bandwidth = r.link_bandwidth * static_cast<double>(net.endpoint_units) / static_cast<double>(net.link_units);
  const double N = static_cast<double>(net.compute.size());
  const double M = r.bytes, b = r.link_bandwidth / static_cast<double>(net.link_units);  // b: one unit of capacity
  const auto fraction = [&](std::uint64_t num, std::uint64_t den) { return detail::fraction_text(num * net.link_units, den); };
  const auto units_text = [&](std::uint64_t units) {
    return net.link_units == 1 ? core::to_message(units) : detail::fraction_text(units, net.link_units);
  };
  const bool trees_reach = net.compute.size() == net.vertices || detail::forwarders_balanced(net);
  // The tree schedules: built within the work limit, else left unbuilt (their time still proved)
  // unless the caller needs them (a schedule file, or a latency term that counts their steps).
  out.latency = r.latency;
  const bool require = r.require_trees || r.latency > 0;
  const bool shallow = r.latency > 0;  // a latency term counts steps: breadth-first trees
  auto trees = std::make_shared<collective_trees>();
  trees->network = net;
  std::string not_built;
  const double work_limit = require ? r.max_packing_work : std::min(r.max_packing_work, collective_auto_packing_work);
  const auto attempt = [&](double estimate, auto&& make) -> std::optional<checked_trees> {
    std::string why;
    if (estimate > work_limit) {
      why = "the tree packing would scan about " + core::to_message(estimate) +
            " arcs in its maximum flows (about 2e-7 s each); accepted: at most " + core::to_message(work_limit) +
            (require ? std::string() : std::string(" unless the trees are needed (a schedule file, a latency)"));
    } else {
      try {
        return make(4 * work_limit);
      } catch (const packing_over_limit& e) {
        why = e.what();
      }
    }
    if (require)
      core::fail(where, why + (r.latency > 0 ? " (a latency above 0 needs the trees' steps)" : " (a schedule file needs the trees)"));
    not_built = "not built: " + why;
    return std::nullopt;
  };
  const auto seconds_of = [&](std::uint64_t num, std::uint64_t den, std::uint64_t steps) {
    return M * static_cast<double>(num) / (static_cast<double>(den) * b) + r.latency * static_cast<double>(steps);
  };
  const auto add_latency_bound = [&](std::optional<std::uint32_t> root, bool reversed) {
    if (r.latency <= 0) return;
    out.lower_bound_steps = compute_diameter(net, root, reversed);
    out.lower_bound_seconds += r.latency * static_cast<double>(out.lower_bound_steps);
    out.bound += "; plus " + core::to_message(out.lower_bound_steps) + " steps x alpha, the hops data must cross";
  };
  const auto set_cut = [&](const cut_ratio& c) {
    out.cut = c.cut;
    out.cut_units = c.units;
    out.cut_compute_nodes = c.compute_inside;
    out.max_flows += c.max_flows;
  };
  const auto finish = [&] { detail::choose_best(out); };

  if (r.op == "all-to-all") {
    const auto how = detail::all_to_all_into(g, endpoints, net, r, out);
    finish();
    if (how == "interval") out.method = "interval";  // θ* known within an interval: the gap is between its ends
    return out;
  }
  if (r.op == "broadcast" || r.op == "reduce") {
    if (r.root >= net.compute.size())
      core::fail_parameter(where, "root", core::to_message(r.root), "is out of range",
                           "0 to " + core::to_message(net.compute.size() - 1) + " (an index among the compute nodes)");
    out.root = r.root;
    const auto c = root_cut(net, net.compute[r.root], r.op == "reduce");
    set_cut(c);
    out.lower_bound_seconds = M / (static_cast<double>(c.units) * b);
    out.lower_bound_exact = fraction(1, c.units);
    out.bound = std::string("M / (lambda b), lambda = ") + units_text(c.units) + " the root's minimum cut " +
                (r.op == "reduce" ? "from" : "to") + " a compute node (Edmonds 1973)";
    const double bandwidth_bound = out.lower_bound_seconds;
    add_latency_bound(net.compute[r.root], r.op == "reduce");
    if (trees_reach) {
      const std::string name = std::string("lambda arc-disjoint ") + (r.op == "reduce" ? "in-" : "out-") + "arborescences, pipelined";
      const std::string theorem = net.compute.size() == net.vertices
                                      ? "Edmonds' branching theorem"
                                      : "Bang-Jensen, Frank and Jackson 1995 (forwarding vertices balanced)";
      const auto built = attempt(packing_work_estimate(net, c.units, false, shallow), [&](double work) {
        return checked_root_trees(net, net.compute[r.root], c.units, r.op == "reduce", work, shallow);
      });
      if (built) {
        const auto& t = built->time;
        const bool tight = t.numerator == 1 && t.denominator == c.units;
        out.schedules.push_back({name,
                                 tight ? bandwidth_bound + r.latency * static_cast<double>(t.steps) : seconds_of(t.numerator, t.denominator, t.steps),
                                 true,
                                 theorem + "; " + core::to_message(built->packing.trees.size()) + " trees built, " +
                                     core::to_message(t.steps) + " steps, verified on data",
                                 t.steps});
        out.max_flows += built->packing.max_flows;
        trees->root = built->packing;
      } else {
        out.schedules.push_back({name, out.lower_bound_seconds, false, theorem + "; " + not_built});
      }
    }
    out.trees = trees;
    finish();
    return out;
  }
  return detail::gather_collectives(g, endpoints, net, r, out, trees, not_built, trees_reach, shallow, M, b, N, attempt,
                                    seconds_of, add_latency_bound, set_cut, finish, fraction, units_text);
}

inline core::record describe(const collective_result& c) {
  core::record r("collective");
  core::record_value::list schedules;
  for (const auto& s : c.schedules) {
    core::record k("schedule");
    k.add("name", s.name).add("seconds", s.seconds, "s").add("constructed", s.constructed, "", "false: time proved, trees not built").add("note", s.note);
    k.add("steps", s.steps, "steps", "0: pipelined (fluid)").add("simulated", s.simulated, "", "run on integers, every node ended with the sum");
    schedules.emplace_back(std::move(k));
  }
  r.add("op", c.op)
      .add("bytes", c.bytes, "bytes", "M (nccl-tests convention)")
      .add("link_bandwidth", c.link_bandwidth, "bytes/s", "b, per link direction")
      .add("latency", c.latency, "s", "alpha, per step")
      .add("compute_nodes", c.compute_nodes, "nodes")
      .add("vertices", c.vertices, "vertices", "routers and split endpoints")
      .add("model", c.model)
      .add("endpoint_bandwidth", c.endpoint_bandwidth ? core::record_value(*c.endpoint_bandwidth) : core::record_value(nullptr),
           "bytes/s", "b_e, per endpoint link direction (null: routers are the compute nodes)")
      .add("lower_bound_seconds", c.lower_bound_seconds, "s")
      .add("lower_bound_exact", c.lower_bound_exact, "M/b", "the bandwidth term of the lower bound, an exact fraction of M/b")
      .add("lower_bound_steps", c.lower_bound_steps, "", "steps of alpha in the lower bound (0 when alpha = 0)")
      .add("bound", c.bound)
      .add("best_seconds", c.best_seconds ? core::record_value(*c.best_seconds) : core::record_value(nullptr), "s")
      .add("best_schedule", c.best_schedule.empty() ? core::record_value(nullptr) : core::record_value(c.best_schedule))
      .add("gap", c.gap ? core::record_value(*c.gap) : core::record_value(nullptr), "", "best / lower bound")
      .add("method", c.method)
      .add("cut", c.cut, "vertices", "a vertex set S that attains the bound")
      .add("cut_units", c.cut_units, c.link_units == 1 ? std::string("b") : "b/" + core::to_message(c.link_units),
           "bandwidth across the cut")
      .add("cut_compute_nodes", c.cut_compute_nodes, "nodes")
      .add("schedules", schedules)
      .add("max_flows", c.max_flows, "", "maximum flows computed");
  if (c.op == "broadcast" || c.op == "reduce") r.add("root", c.root, "", "index among the compute nodes");
  if (c.op == "all-to-all" && c.routed_seconds)
    r.add("routed_seconds", *c.routed_seconds, "s", "the time under `routing`: its largest channel load x (N - 1) M/N / b")
        .add("routing", c.routing, "", "the routing of routed_seconds (none given: the family's own)");
  r.line(c.op + " of " + core::to_message(c.bytes) + " bytes on " + core::to_message(c.compute_nodes) + " compute nodes (" +
         c.model + ")");
  r.line("lower bound: " + core::to_message(c.lower_bound_seconds) + " s = " + c.lower_bound_exact + " x M/b" +
         (c.latency > 0 ? " + " + core::to_message(c.lower_bound_steps) + " alpha" : "") + "; " + c.bound);
  for (const auto& s : c.schedules)
    r.line("schedule: " + s.name + ": " + core::to_message(s.seconds) + " s" +
           (s.steps ? ", " + core::to_message(s.steps) + " steps" : "") +
           (s.constructed ? (s.simulated || s.note.find("verified on data") != std::string::npos ? " (built, run on integers)" : " (built)")
                          : " (proved, not built)"));
  r.line("method: " + c.method + (c.gap ? ", gap " + core::to_message(*c.gap) : ""));
  return r;
}

}  // namespace shiftfly::collectives
