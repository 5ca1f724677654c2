#pragma once
/// \file endpoints.hpp
/// Endpoints per router (the concentration): how many terminals, hosts or chips hang off each
/// router of a graph, one count a router, and the router radix they give (network ports, the
/// router's links to other routers, plus endpoint ports). Every family's descriptor gives its
/// paper's customary counts (family_descriptor::endpoints, topology/descriptor.hpp); a file
/// in a simulator's format carries its own (io/booksim_anynet.hpp, io/sst_anytopo.hpp, io/ns3_topology.hpp).
///
/// API:
///   inline constexpr std::uint64_t max_endpoints_per_router = 65535;
///   inline constexpr std::uint64_t max_total_endpoints = 2147483647;   // a simulator's int
///   std::vector<std::uint32_t> uniform_endpoints(std::size_t routers, std::uint64_t per_router);
///   void require_endpoints(where, const std::vector<std::uint32_t>& counts, std::size_t routers);
///   struct router_ports { routers, endpoints, min_network, max_network, min_endpoints, max_endpoints,
///                         min_radix, max_radix };
///   router_ports count_router_ports(const G& g, const std::vector<std::uint32_t>& counts);
///
/// The network ports of a router are its degree in the physical graph (an arc either way is
/// one bidirectional link); its radix is that plus its endpoints. `per_router` is named
/// `endpoints` in errors (the tools' --endpoints); the total is at most 2^31 - 1, the largest
/// node id BookSim2 and SST hold in an int.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::core {

/// The most endpoints a router may carry.
inline constexpr std::uint64_t max_endpoints_per_router = 65535;
/// The most endpoints a network may have (the simulators number them in an int).
inline constexpr std::uint64_t max_total_endpoints = 2147483647;

/// Refuses counts of another length than `routers`, a count above max_endpoints_per_router,
/// or a total above max_total_endpoints.
inline void require_endpoints(std::string_view where, const std::vector<std::uint32_t>& counts, std::size_t routers) {
  if (counts.size() != routers)
    fail_parameter(where, "number of endpoints items", to_message(counts.size()),
                         "does not match the router count", to_message(routers));
  std::uint64_t total = 0;
  for (auto c : counts) {
    require_range(where, "endpoints", std::uint64_t{c}, 0, max_endpoints_per_router);
    total += c;
  }
  if (total > max_total_endpoints)
    fail(where, "endpoints in all = " + to_message(total) + " exceed " +
                          to_message(max_total_endpoints) + " (a simulator numbers them in an int)");
}

/// `per_router` endpoints on each of `routers` routers; `per_router` is checked as `endpoints`.
inline std::vector<std::uint32_t> uniform_endpoints(std::size_t routers, std::uint64_t per_router) {
  require_range("uniform_endpoints", "endpoints", per_router, 0, max_endpoints_per_router);
  if (routers && per_router > max_total_endpoints / routers)
    fail("uniform_endpoints", "endpoints in all = " + to_message(per_router) + " x " +
                                        to_message(routers) + " routers exceed " +
                                        to_message(max_total_endpoints) + " (a simulator numbers them in an int)");
  return std::vector<std::uint32_t>(routers, static_cast<std::uint32_t>(per_router));
}

/// Routers, endpoints and radix of a graph with its endpoint counts (exact).
struct router_ports {
  std::uint64_t routers = 0, endpoints = 0;
  std::uint64_t min_network = 0, max_network = 0;      ///< links to other routers
  std::uint64_t min_endpoints = 0, max_endpoints = 0;  ///< endpoint ports
  std::uint64_t min_radix = 0, max_radix = 0;          ///< network + endpoint ports
};

/// The router_ports of `g` (its physical graph) with `counts` endpoints a router.
template <digraph_like G>
router_ports count_router_ports(const G& g, const std::vector<std::uint32_t>& counts) {
  require_endpoints("count_router_ports", counts, g.num_vertices());
  router_ports r;
  r.routers = g.num_vertices();
  for (std::size_t u = 0; u < counts.size(); ++u) {
    const std::uint64_t net = g.degree(static_cast<typename G::vertex_type>(u)), ep = counts[u], radix = net + ep;
    r.endpoints += ep;
    if (u == 0) {
      r.min_network = r.max_network = net;
      r.min_endpoints = r.max_endpoints = ep;
      r.min_radix = r.max_radix = radix;
      continue;
    }
    r.min_network = std::min(r.min_network, net), r.max_network = std::max(r.max_network, net);
    r.min_endpoints = std::min(r.min_endpoints, ep), r.max_endpoints = std::max(r.max_endpoints, ep);
    r.min_radix = std::min(r.min_radix, radix), r.max_radix = std::max(r.max_radix, radix);
  }
  return r;
}

}  // namespace shiftfly::core
