#pragma once
/// \file network.hpp
/// The fabric a collective runs on (docs/collectives.md, "The model"): compute nodes, the
/// vertices that only forward, and directed links with integer capacities in units of the
/// link bandwidth b.
///
///   collective_network make_collective_network(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
///                                              std::uint64_t endpoint_units = 1);
///   std::vector<std::vector<std::uint32_t>> components(const collective_network& n);
///
/// The rule: when every router has at most one endpoint (the torus chips, Boardfly and
/// Shiftfly chips, a file graph of no family), the routers with one endpoint are the compute
/// nodes and the others only forward. When some router has more than one, every endpoint is a
/// compute vertex of its own (numbered after the routers, router by router), joined to its
/// router by one link each way of `endpoint_units` units (default 1: the network link's
/// bandwidth), and the routers only forward, as ForestColl's switches. Every link of the
/// physical graph is one unit each way (the graph is simple: parallel cables are not counted).
/// The endpoint counts come from topology::choose_endpoints, the library's one rule.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <utility>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
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
  std::uint64_t endpoint_units = 1;
  std::string rule;                      ///< the model in words
};

/// Largest number of vertices (routers plus split endpoints) the bounds accept.
inline constexpr std::uint64_t collective_max_vertices = std::uint64_t{1} << 22;

template <std::unsigned_integral V>
collective_network make_collective_network(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                                           std::uint64_t endpoint_units = 1) {
  constexpr const char* where = "make_collective_network";
  const std::uint64_t routers = g.num_vertices();
  core::require_endpoints(where, endpoints, routers);
  if (endpoint_units == 0) core::fail_parameter(where, "endpoint_units", "0", "is out of range", "at least 1");
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
  for (std::uint32_t u = 0; u < routers; ++u)
    for (V v : g.neighbors(static_cast<V>(u))) {
      n.tail.push_back(u);
      n.head.push_back(static_cast<std::uint32_t>(v));
      n.units.push_back(1);
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
    n.rule = "every endpoint is a compute vertex joined to its router by one link each way of " +
             (endpoint_units == 1 ? std::string("b") : core::to_message(endpoint_units) + " b") +
             "; routers only forward; every network link is b each way";
  }
  return n;
}

/// The weakly connected components of the network's vertices, each ascending, by least vertex.
inline std::vector<std::vector<std::uint32_t>> components(const collective_network& n) {
  std::vector<std::uint32_t> parent(n.vertices);
  for (std::uint32_t v = 0; v < n.vertices; ++v) parent[v] = v;
  const auto find = [&](std::uint32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (std::size_t i = 0; i < n.tail.size(); ++i) {
    const auto a = find(n.tail[i]), b = find(n.head[i]);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
  std::vector<std::vector<std::uint32_t>> out;
  std::vector<std::uint32_t> index(n.vertices, UINT32_MAX);
  for (std::uint32_t v = 0; v < n.vertices; ++v) {
    const auto r = find(v);
    if (index[r] == UINT32_MAX) {
      index[r] = static_cast<std::uint32_t>(out.size());
      out.emplace_back();
    }
    out[index[r]].push_back(v);
  }
  return out;
}

}  // namespace shiftfly::collectives
