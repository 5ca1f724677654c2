#pragma once
/// \file own_routing.hpp
/// A fabric's own routing: the one its paper routes by, read from the family's descriptor
/// (its `routings` list), for results that show what a fabric's routing loses (the routed
/// all-to-all of collectives/all_to_all.hpp).
///
///   routing_spec own_routing(const topology::family_descriptor* family);   // null: a user's graph
///
/// The rule:
/// - dimension order (`dor`) where the family runs it: the torus (the TPU explainer's and
///   BookSim2's torus routing), HyperX and Tofu;
/// - else the table-free shift route where the descriptor lists it first (Kautz, de Bruijn,
///   Imase-Itoh, Shiftfly: the route their digraphs are built for);
/// - else ECMP, an even split at every router over the next hops on a shortest path (the
///   minimal routing of the other families' papers, spread as their switches do), and on a
///   user's graph.

#include <algorithm>
#include <string>

#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/topology/descriptor.hpp"

namespace shiftfly::routing {

inline routing_spec own_routing(const topology::family_descriptor* family) {
  routing_spec r;  // ecmp
  if (family == nullptr) return r;
  // the descriptor's names against the routing kinds' own names (routing_spec.hpp), not as literals
  const auto& names = family->routings;
  if (std::find(names.begin(), names.end(), routing_kind_name(routing_kind::dor)) != names.end())
    r.kind = routing_kind::dor;
  else if (!names.empty() && names.front() == routing_kind_name(routing_kind::shift))
    r.kind = routing_kind::shift;
  return r;
}

}  // namespace shiftfly::routing
