#pragma once
/// \file channel.hpp
/// Channels, defined once for routing and metrics both.
///
/// A channel is one direction of a physical link: the graph's undirected physical graph has
/// m links and 2m channels, and the channel u -> v has the index of v in u's sorted neighbour
/// list within the CSR arrays: channel_of(g, u, v) = offsets[u] + (position of v in neighbors(u)),
/// the position of the arc in g.targets(). Every channel carries one unit per unit time (the
/// capacity model of metrics/flow/throughput_lp.hpp). A family with arcs (Kautz, de Bruijn,
/// Imase–Itoh, Shiftfly) routes its arc u -> v over the channel u -> v of its physical link; a
/// repeated arc and the second arc of a bidirectional pair share that channel, as they share
/// the link. A load is one double per channel, indexed by channel (std::vector<double> of
/// channel_count(g) entries): the channel loads of routing/channel_load.hpp, the uniform loads
/// of metrics/paths/shortest_path_load.hpp, the link classes of topology/descriptor.hpp.
///
/// A routing gives, for a source–destination pair (s, t), the fraction of the pair's traffic
/// on every channel it uses: a list of channel_share, whose fractions along any cut between s
/// and t sum to 1.
///
///   struct channel_share { std::uint64_t channel; double fraction; };
///   std::uint64_t channel_count(const G& g);                 // 2m
///   std::uint64_t channel_at(const G& g, u, position);       // u's position-th channel
///   std::uint64_t channel_of(const G& g, u, v);              // refuses u, v not adjacent
///   std::pair<V, V> channel_ends(const G& g, channel);       // (tail, head)
///   std::vector<std::uint64_t> reverse_channels(const G& g); // u -> v to v -> u, every channel
///
/// tests/design/split_home_test.cpp fails when a channel is indexed anywhere else.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::core {

/// The fraction of one pair's traffic on one channel.
struct channel_share {
  std::uint64_t channel = 0;
  double fraction = 0.0;
};

/// The number of channels: two per physical link.
template <class G>
std::uint64_t channel_count(const G& g) {
  return g.targets().size();
}

/// The channel from u to its neighbour at `position` in u's sorted neighbour list.
template <class G>
std::uint64_t channel_at(const G& g, typename G::vertex_type u, std::uint64_t position) {
  return g.offsets()[u] + position;
}

/// The channel u -> v (u and v adjacent in the physical graph).
template <class G>
std::uint64_t channel_of(const G& g, typename G::vertex_type u, typename G::vertex_type v) {
  if (u >= g.num_vertices() || v >= g.num_vertices())
    core::fail("channel_of", "vertex " + core::to_message(u >= g.num_vertices() ? u : v) + " is not a vertex of the graph");
  const auto nb = g.neighbors(u);
  const auto it = std::lower_bound(nb.begin(), nb.end(), v);
  if (it == nb.end() || *it != v)
    core::fail("channel_of", "vertices " + core::to_message(u) + " and " + core::to_message(v) + " are not adjacent");
  return channel_at(g, u, static_cast<std::uint64_t>(it - nb.begin()));
}

/// The tail and head of a channel.
template <class G>
std::pair<typename G::vertex_type, typename G::vertex_type> channel_ends(const G& g, std::uint64_t channel) {
  if (channel >= channel_count(g))
    core::fail("channel_ends", "channel " + core::to_message(channel) + " is not below the channel count " +
                                   core::to_message(channel_count(g)));
  const auto offsets = g.offsets();
  const auto tail = static_cast<typename G::vertex_type>(
      std::upper_bound(offsets.begin(), offsets.end(), channel) - offsets.begin() - 1);
  return {tail, g.targets()[channel]};
}

/// Every channel's reverse: out[u -> v] = v -> u. One pass over the rows in order: the rows
/// are sorted, so v's channels to its lower neighbours come in the order of those neighbours.
template <class G>
std::vector<std::uint64_t> reverse_channels(const G& g) {
  const auto off = g.offsets();
  const auto tgt = g.targets();
  const std::size_t n = g.num_vertices();
  std::vector<std::uint64_t> rev(tgt.size());
  std::vector<std::uint64_t> cursor(off.begin(), off.end() - 1);  // v's next neighbour below v
  for (std::size_t u = 0; u < n; ++u)
    for (auto i = off[u]; i < off[u + 1]; ++i)
      if (const auto v = tgt[i]; v > u) {
        rev[i] = cursor[v];
        rev[cursor[v]++] = i;
      }
  return rev;
}

}  // namespace shiftfly::core
