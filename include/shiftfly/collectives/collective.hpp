#pragma once
/// \file collective.hpp
/// How long a collective takes on a fabric: its certified lower bound, the best schedule known
/// here, and the gap between them, in the model of docs/collectives.md (compute nodes from the
/// endpoint counts, collectives/network.hpp; link bandwidth b per direction; M with the
/// nccl-tests convention; no latency term in this version).
///
///   struct collective_request { op, bytes, link_bandwidth, root, symmetry };
///   struct collective_result { ... };
///   collective_result measure_collective(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
///                                        const collective_request& r);
///   core::record describe(const collective_result&);
///
/// The operations and their bounds (each proved or cited in docs/collectives.md):
/// - all-gather, reduce-scatter: ForestColl's optimum (collectives/cut_bound.hpp), exact; a
///   packing of spanning out-trees (in-trees) reaches it (ForestColl, arXiv 2402.06787) when
///   every vertex that only forwards has as much bandwidth in as out; this version proves the
///   time and does not build the trees (the schedule says constructed: false);
/// - broadcast, reduce from a root: M/(λ·b), λ the root's minimum cut to (from) every compute
///   node (Edmonds; with forwarding vertices, Bang-Jensen, Frank and Jackson on Eulerian
///   digraphs), reached by λ arc-disjoint arborescences;
/// - all-reduce: M/(λ·b), λ the least bandwidth into or out of a set that separates compute
///   nodes (every compute node outside S needs the sum over S); the schedule: reduce-scatter then
///   all-gather on their optimal trees, so the gap is at most their sum over this bound;
/// - all-to-all: (M/N)/(θ*·b), θ* the maximum concurrent flow of uniform traffic
///   (metrics/flow/throughput.hpp, measure_throughput: exact LP or its certified interval); the
///   flow itself is the schedule. Routers must be the compute nodes (one endpoint each).

#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "shiftfly/collectives/built_schedules.hpp"
#include "shiftfly/collectives/cut_bound.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/record.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"

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
  std::uint64_t steps = 0;   ///< synchronous steps; 0 for a pipelined (fluid) schedule
  bool simulated = false;    ///< run on integers (simulator.hpp): every compute node ended with the sum
};

struct collective_result {
  std::string op;
  double bytes = 0, link_bandwidth = 1;
  std::uint64_t compute_nodes = 0, vertices = 0, root = 0;
  std::string model;
  double lower_bound_seconds = 0;
  std::string lower_bound_exact;  ///< the bound as an exact fraction of M/b, e.g. "511/3072"
  std::string bound;              ///< the bound in words, with its source
  std::optional<double> best_seconds;
  std::string best_schedule;
  std::optional<double> gap;  ///< best / lower bound
  std::string method;         ///< "exact" where the lower bound is reached, else "bounds"
  std::vector<std::uint32_t> cut;
  std::uint64_t cut_units = 0, cut_compute_nodes = 0;
  std::vector<collective_schedule> schedules;
  std::uint64_t max_flows = 0;
  std::uint64_t orbits_tested = 0;
};

/// Largest (compute nodes tested) × (arcs + compute nodes) the all-gather search accepts, refused
/// above before any flow runs: a maximum flow a tested node, each about linear in the arcs at the
/// sizes measured (Jellyfish, 2,000 routers of degree 8: 3.6·10^7, about 14 s on one core).
inline constexpr double collective_max_work = 1.5e8;

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
template <std::unsigned_integral V>
void add_built_schedules(collective_result& out, const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                         const collective_network& net, const collective_request& r) {
  if (!r.build_schedules) return;
  built_request q;
  q.op = r.op;
  q.bytes = r.bytes;
  q.link_bandwidth = r.link_bandwidth;
  q.torus_dims = r.torus_dims;
  q.max_simulated_cells = r.max_simulated_cells;
  for (auto& s : build_schedules(g, endpoints, net, q))
    out.schedules.push_back({std::move(s.name), s.seconds, true, std::move(s.note), s.steps, s.simulated});
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
  const auto net = make_collective_network(g, endpoints);
  if (net.compute.empty()) core::fail(where, "the graph has no compute nodes (no router has an endpoint)");
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
  const double N = static_cast<double>(net.compute.size());
  const double M = r.bytes, b = r.link_bandwidth;
  const bool trees_reach = net.compute.size() == net.vertices || detail::forwarders_balanced(net);
  const auto set_cut = [&](const cut_ratio& c) {
    out.cut = c.cut;
    out.cut_units = c.units;
    out.cut_compute_nodes = c.compute_inside;
    out.max_flows += c.max_flows;
  };
  const auto finish = [&] {
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
    out.best_seconds = out.schedules[best].seconds;
    out.best_schedule = out.schedules[best].name;
    const bool reached = same(*out.best_seconds, out.lower_bound_seconds);
    out.gap = reached ? 1.0 : *out.best_seconds / out.lower_bound_seconds;
    out.method = reached ? "exact" : "bounds";
  };

  if (r.op == "all-to-all") {
    if (net.endpoints_split || net.compute.size() != net.routers)
      core::fail(where, "all-to-all needs every router to be a compute node (one endpoint a router) in this version; "
                        "the graph has " + core::to_message(net.compute.size()) + " compute nodes on " +
                        core::to_message(net.routers) + " routers");
    metrics::throughput_request q;
    q.pattern = metrics::traffic_pattern::uniform;
    q.threads = 1;
    const auto theta = metrics::measure_throughput(g, q);
    out.lower_bound_seconds = (M / N) / (theta.upper * b);
    out.bound = "(M/N) / (theta* b), theta* the maximum concurrent flow of uniform traffic (" + theta.method + ", " +
                theta.algorithm + "; upper end " + core::to_message(theta.upper) + ")";
    out.lower_bound_exact = "1/(N theta*) = " + core::to_message(1.0 / (N * theta.upper));
    out.schedules.push_back({"maximum concurrent flow (every pair's M/N routed as the flow's paths)",
                             (M / N) / (theta.lower * b), true,
                             "theta lower end " + core::to_message(theta.lower) + " (" + theta.lower_method + ")"});
    finish();
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
    out.lower_bound_exact = detail::fraction_text(1, c.units);
    out.bound = std::string("M / (lambda b), lambda = ") + core::to_message(c.units) + " the root's minimum cut " +
                (r.op == "reduce" ? "from" : "to") + " a compute node (Edmonds 1973)";
    if (trees_reach)
      out.schedules.push_back({std::string("lambda arc-disjoint ") + (r.op == "reduce" ? "in-" : "out-") + "arborescences, pipelined",
                               out.lower_bound_seconds, false,
                               net.compute.size() == net.vertices
                                   ? "Edmonds' branching theorem"
                                   : "Bang-Jensen, Frank and Jackson 1995 (forwarding vertices balanced)"});
    finish();
    return out;
  }
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
  const auto ag = optimal_allgather_cut(net, targets, false);
  const auto rs = r.op == "all-gather" ? ag : optimal_allgather_cut(net, targets, true);
  const auto time_of = [&](const cut_ratio& c) {
    return M * static_cast<double>(c.compute_inside) / (N * static_cast<double>(c.units) * b);
  };
  const std::string forestcoll = "ForestColl (Zhao et al., arXiv 2402.06787)";
  if (r.op == "all-gather" || r.op == "reduce-scatter") {
    const auto& c = r.op == "all-gather" ? ag : rs;
    set_cut(c);
    if (r.op == "reduce-scatter") out.max_flows += ag.max_flows;
    out.lower_bound_seconds = time_of(c);
    out.lower_bound_exact = detail::fraction_text(c.compute_inside, net.compute.size() * c.units);
    out.bound = std::string("(M/N) max over S of |S cap Vc| / B") + (r.op == "all-gather" ? "+" : "-") +
                "(S), " + forestcoll + "; attained by the cut below (" + core::to_message(c.compute_inside) +
                " compute nodes, " + core::to_message(c.units) + " b " + (r.op == "all-gather" ? "leaving" : "entering") + ")";
    if (trees_reach)
      out.schedules.push_back({std::string("spanning ") + (r.op == "all-gather" ? "out" : "in") + "-tree packing, pipelined",
                               out.lower_bound_seconds, false, forestcoll + ": a packing reaches the bound; not built here"});
    detail::add_built_schedules(out, g, endpoints, net, r);
    finish();
    return out;
  }
  // all-reduce
  const auto sep = separating_cut(net);
  set_cut(sep);
  out.max_flows += ag.max_flows + rs.max_flows;
  out.lower_bound_seconds = M / (static_cast<double>(sep.units) * b);
  out.lower_bound_exact = detail::fraction_text(1, sep.units);
  out.bound = "M / (lambda b), lambda = " + core::to_message(sep.units) +
              " the least bandwidth into or out of a set separating compute nodes (docs/collectives.md: every compute "
              "node outside S needs the sum over S)";
  if (trees_reach) {
    const std::uint64_t n = net.compute.size();
    out.schedules.push_back({"reduce-scatter then all-gather, each on its optimal tree packing",
                             time_of(rs) + time_of(ag), false,
                             forestcoll + ": " + detail::fraction_text(rs.compute_inside, n * rs.units) + " + " +
                                 detail::fraction_text(ag.compute_inside, n * ag.units) + " of M/b"});
  }
  detail::add_built_schedules(out, g, endpoints, net, r);
  finish();
  return out;
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
      .add("compute_nodes", c.compute_nodes, "nodes")
      .add("vertices", c.vertices, "vertices", "routers and split endpoints")
      .add("model", c.model)
      .add("lower_bound_seconds", c.lower_bound_seconds, "s")
      .add("lower_bound_exact", c.lower_bound_exact, "M/b", "the lower bound as an exact fraction of M/b")
      .add("bound", c.bound)
      .add("best_seconds", c.best_seconds ? core::record_value(*c.best_seconds) : core::record_value(nullptr), "s")
      .add("best_schedule", c.best_schedule.empty() ? core::record_value(nullptr) : core::record_value(c.best_schedule))
      .add("gap", c.gap ? core::record_value(*c.gap) : core::record_value(nullptr), "", "best / lower bound")
      .add("method", c.method)
      .add("cut", c.cut, "vertices", "a vertex set S that attains the bound")
      .add("cut_units", c.cut_units, "b", "bandwidth across the cut")
      .add("cut_compute_nodes", c.cut_compute_nodes, "nodes")
      .add("schedules", schedules)
      .add("max_flows", c.max_flows, "", "maximum flows computed");
  if (c.op == "broadcast" || c.op == "reduce") r.add("root", c.root, "", "index among the compute nodes");
  r.line(c.op + " of " + core::to_message(c.bytes) + " bytes on " + core::to_message(c.compute_nodes) + " compute nodes (" +
         c.model + ")");
  r.line("lower bound: " + core::to_message(c.lower_bound_seconds) + " s = " + c.lower_bound_exact + " x M/b; " + c.bound);
  for (const auto& s : c.schedules)
    r.line("schedule: " + s.name + ": " + core::to_message(s.seconds) + " s" +
           (s.steps ? ", " + core::to_message(s.steps) + " steps" : "") +
           (s.constructed ? (s.simulated ? " (built, run on integers)" : " (built)") : " (proved, not built)"));
  r.line("method: " + c.method + (c.gap ? ", gap " + core::to_message(*c.gap) : ""));
  return r;
}

}  // namespace shiftfly::collectives
