#pragma once
/// \file network.hpp
/// The fabric a collective runs on (docs/collectives.md, "The model"): compute nodes, the
/// vertices that only forward, and directed links with integer capacities in units of the
/// link bandwidth b.
///
///   collective_network make_collective_network(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
///                                              std::uint64_t endpoint_units = 1, std::uint64_t link_units = 1);
///   bandwidth_units units_of_bandwidths(double link_bandwidth, double endpoint_bandwidth);
///   std::vector<std::vector<std::uint32_t>> components(const collective_network& n);
///
/// The rule: when every router has at most one endpoint (the torus chips, Boardfly and
/// Shiftfly chips, a file graph of no family), the routers with one endpoint are the compute
/// nodes and the others only forward. When some router has more than one, every endpoint is a
/// compute vertex of its own (numbered after the routers, router by router), joined to its
/// router by one link each way of `endpoint_units` units, and the routers only forward, as
/// ForestColl's switches. Every link of the physical graph is `link_units` units each way (the
/// graph is simple: parallel cables are not counted), so a unit is b / link_units: with the
/// defaults (1, 1) the endpoint link has the network link's bandwidth b, and an endpoint
/// bandwidth of 3/2 b is endpoint_units = 3, link_units = 2 (units_of_bandwidths finds the two
/// whole numbers from the bandwidths; the bounds run on integer capacities, cut_bound.hpp).
/// The endpoint counts come from topology::choose_endpoints, the library's one rule.

#include <algorithm>
#include <cmath>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <utility>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/disjoint_sets.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::collectives {

/// The fabric as a capacitated digraph: arc i is tail[i] -> head[i] with units[i] units of b.
struct collective_network {
  std::uint32_t vertices = 0;
  std::uint32_t routers = 0;             ///< vertices 0 .. routers-1 are the graph's routers
  std::vector<std::uint32_t> tail, head;
  std::vector<std::uint64_t> units;
  std::vector<std::uint32_t> compute;    ///< the compute vertices, ascending
  bool endpoints_split = false;          ///< true: endpoints are vertices of their own
  std::uint64_t endpoint_units = 1;      ///< an endpoint link's units each way (split endpoints)
  std::uint64_t link_units = 1;          ///< a network link's units each way: one unit is b / link_units
  std::string rule;                      ///< the model in words
};

/// Largest number of vertices (routers plus split endpoints) the bounds accept.
inline constexpr std::uint64_t collective_max_vertices = std::uint64_t{1} << 22;

/// Largest denominator of the ratio endpoint bandwidth / link bandwidth (and largest units of
/// either link): the capacities stay small integers.
inline constexpr std::uint64_t collective_max_bandwidth_units = 1000;

/// The bandwidths of a network link and of an endpoint link as whole units: endpoint_units /
/// link_units = endpoint bandwidth / link bandwidth, in lowest terms.
struct bandwidth_units {
  std::uint64_t link_units = 1, endpoint_units = 1;
};

/// The ratio endpoint_bandwidth / link_bandwidth as p/q in lowest terms with p, q at most
/// collective_max_bandwidth_units (the best rational approximation by continued fractions,
/// accepted when it is within 10^-12 of the ratio, as 1.5, 0.25 or 2 are); other ratios are
/// refused naming `endpoint_bandwidth`: the bounds are exact on integer capacities only.
namespace detail {
/// The shortest decimal that reads back as v (3.14159 and 5000, not 3.1415899999999999), for messages.
inline std::string shortest_decimal(double v) {
  char text[64];
  const auto r = std::to_chars(text, text + sizeof text, v);
  return std::string(text, r.ptr);
}
}  // namespace detail

inline bandwidth_units units_of_bandwidths(double link_bandwidth, double endpoint_bandwidth) {
  constexpr const char* where = "collective";
  if (!std::isfinite(link_bandwidth) || !(link_bandwidth > 0))
    core::fail_parameter(where, "link_bandwidth", core::to_message(link_bandwidth), "is out of range", "finite, above 0");
  if (!std::isfinite(endpoint_bandwidth) || !(endpoint_bandwidth > 0))
    core::fail_parameter(where, "endpoint_bandwidth", core::to_message(endpoint_bandwidth), "is out of range", "finite, above 0");
  const double limit = static_cast<double>(collective_max_bandwidth_units);
  const double ratio = endpoint_bandwidth / link_bandwidth;
  const std::string accepted = "p/q times the link bandwidth (" + detail::shortest_decimal(link_bandwidth) +
                               "), p and q whole numbers from 1 to " + core::to_message(collective_max_bandwidth_units) +
                               " (2, 0.5, 1.25 times)";
  const std::string shown = detail::shortest_decimal(endpoint_bandwidth);
  if (!(ratio >= 1.0 / limit && ratio <= limit))
    core::fail_parameter(where, "endpoint_bandwidth", shown, "is out of range", accepted);
  // continued fraction convergents of ratio, while both terms stay within the limit
  std::uint64_t p0 = 0, q0 = 1, p1 = 1, q1 = 0;
  double x = ratio;
  bandwidth_units best{0, 0};
  for (int step = 0; step < 64; ++step) {
    const double a = std::floor(x);
    if (a > limit) break;
    const auto ai = static_cast<std::uint64_t>(a);
    const std::uint64_t p2 = ai * p1 + p0, q2 = ai * q1 + q0;
    if (p2 > collective_max_bandwidth_units || q2 > collective_max_bandwidth_units) break;
    best = {q2, p2};
    if (std::fabs(static_cast<double>(p2) / static_cast<double>(q2) - ratio) <= 1e-12 * ratio) break;
    p0 = p1;
    q0 = q1;
    p1 = p2;
    q1 = q2;
    if (x == a) break;
    x = 1.0 / (x - a);
  }
  if (best.link_units == 0 || best.endpoint_units == 0 ||
      std::fabs(static_cast<double>(best.endpoint_units) / static_cast<double>(best.link_units) - ratio) > 1e-12 * ratio)
    core::fail_parameter(where, "endpoint_bandwidth", shown, "is not a ratio of small whole numbers to the link bandwidth",
                         accepted);
  return best;
}

template <std::unsigned_integral V>
collective_network make_collective_network(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                                           std::uint64_t endpoint_units = 1, std::uint64_t link_units = 1) {
  constexpr const char* where = "make_collective_network";
  const std::uint64_t routers = g.num_vertices();
  core::require_endpoints(where, endpoints, routers);
  if (endpoint_units == 0) core::fail_parameter(where, "endpoint_units", "0", "is out of range", "at least 1");
  core::require_range(where, "link_units", link_units, 1, collective_max_bandwidth_units);
  bool split = false;
  std::uint64_t total = 0;
  for (auto h : endpoints) {
    split = split || h > 1;
    total += h;
  }
  const std::uint64_t vertices = routers + (split ? total : 0);
  if (vertices > collective_max_vertices)
    core::fail(where, "the network has " + core::to_message(vertices) + " vertices (routers and endpoints); accepted: at most " +
                          core::to_message(collective_max_vertices));
  collective_network n;
  n.routers = static_cast<std::uint32_t>(routers);
  n.vertices = static_cast<std::uint32_t>(vertices);
  n.endpoints_split = split;
  n.endpoint_units = endpoint_units;
  n.link_units = link_units;
  for (std::uint32_t u = 0; u < routers; ++u)
    for (V v : g.neighbors(static_cast<V>(u))) {
      n.tail.push_back(u);
      n.head.push_back(static_cast<std::uint32_t>(v));
      n.units.push_back(link_units);
    }
  if (!split) {
    for (std::uint32_t u = 0; u < routers; ++u)
      if (endpoints[u] == 1) n.compute.push_back(u);
    n.rule = "routers with an endpoint are the compute nodes (at most one endpoint a router); every link is b each way";
  } else {
    std::uint32_t next = n.routers;
    for (std::uint32_t u = 0; u < routers; ++u)
      for (std::uint32_t k = 0; k < endpoints[u]; ++k, ++next) {
        n.compute.push_back(next);
        for (auto [a, b] : {std::pair{next, u}, std::pair{u, next}}) {
          n.tail.push_back(a);
          n.head.push_back(b);
          n.units.push_back(endpoint_units);
        }
      }
    const std::string ratio = endpoint_units == link_units ? std::string("b")
                              : link_units == 1           ? core::to_message(endpoint_units) + " b"
                                                          : core::to_message(endpoint_units) + "/" + core::to_message(link_units) + " b";
    n.rule = "every endpoint is a compute vertex joined to its router by one link each way of " + ratio +
             "; routers only forward; every network link is b each way";
  }
  return n;
}

/// The weakly connected components of the network's vertices, each ascending, by least vertex.
inline std::vector<std::vector<std::uint32_t>> components(const collective_network& n) {
  core::disjoint_sets<std::uint32_t> component(n.vertices);
  for (std::size_t i = 0; i < n.tail.size(); ++i) component.unite(n.tail[i], n.head[i]);
  std::vector<std::vector<std::uint32_t>> out;
  std::vector<std::uint32_t> index(n.vertices, UINT32_MAX);
  for (std::uint32_t v = 0; v < n.vertices; ++v) {
    const auto r = component.find(v);
    if (index[r] == UINT32_MAX) {
      index[r] = static_cast<std::uint32_t>(out.size());
      out.emplace_back();
    }
    out[index[r]].push_back(v);
  }
  return out;
}

}  // namespace shiftfly::collectives
