#pragma once
/// \file routed_path.hpp
/// One path of a routing between a source and a destination, with the fraction of the
/// pair's traffic it carries, and its channels (core/channel.hpp).
///
/// The per-pair routings (routing/dimension_order.hpp, routing/k_shortest_paths.hpp,
/// routing/shift_channel_routing.hpp) list their paths with `paths(s, t, out)`, so that a
/// reader or a test can see every path, and give their channel shares with
/// `shares(s, t, out)`: the sum of the paths' fractions on each channel.
///
///   struct routed_path { std::vector<std::uint32_t> vertices; double fraction; };
///   void append_path_shares(const G& g, std::span<const V> vertices, double fraction,
///                           std::vector<channel_share>& out);  // one share per hop

#include <cstdint>
#include <span>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/routing/channel_share.hpp"

namespace shiftfly::routing {

/// A path of a routing: its vertices (source first, destination last) and its share of
/// the pair's traffic.
struct routed_path {
  std::vector<std::uint32_t> vertices;
  double fraction = 0.0;
  /// The number of hops (channels) of the path.
  [[nodiscard]] std::size_t hops() const noexcept { return vertices.empty() ? 0 : vertices.size() - 1; }
};

/// Appends one channel_share of `fraction` for every hop of the walk `vertices`
/// (consecutive vertices must be adjacent in g: channel_of refuses them otherwise).
template <class G>
void append_path_shares(const G& g, std::span<const typename G::vertex_type> vertices, double fraction,
                        std::vector<channel_share>& out) {
  for (std::size_t i = 0; i + 1 < vertices.size(); ++i)
    out.push_back({channel_of(g, vertices[i], vertices[i + 1]), fraction});
}

}  // namespace shiftfly::routing
