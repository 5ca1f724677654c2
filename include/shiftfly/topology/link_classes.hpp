#pragma once
/// \file link_classes.hpp
/// Building blocks of the families' channel classifiers (family_descriptor::classify,
/// topology/descriptor.hpp). A channel is one direction of a physical link, indexed by its CSR
/// position in g.targets() (core/channel.hpp); every classifier walks the channels
/// u -> v in that order and names each one's class.
///
/// API (namespace topology::detail, used by the family headers):
///   channel_classes classes_by_ends(g, n, names, f);  // f(u, v) -> index into names; empty classes dropped
///   channel_classes single_class(g, name);            // every channel in one class
///   channel_classes classes_by_dimension(g, dims);    // torus and HyperX: "dimension i", i from 1
///
/// `n` is the instance's vertex count: a graph of another count is not the instance's and is
/// refused (a classifier reads the class from the numbering, so it would misread it).
///
/// A class with no channel on the instance is dropped from `names` (the others keep their
/// order), so `names` lists exactly the classes the instance has: a group-level Shiftfly has
/// no "board" class, a Boardfly of one pod no "inter-pod" class.

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"

namespace shiftfly::topology::detail {

/// The classes given by f(u, v) (an index into `names`) on every channel u -> v, in CSR order;
/// classes with no channel are dropped and the rest renumbered in order. At most 255 names.
template <class F>
channel_classes classes_by_ends(const core::graph<std::uint32_t>& g, std::uint64_t n, std::vector<std::string> names,
                                F&& f) {
  if (names.empty() || names.size() > 255) core::fail("classes_by_ends", "a family has 1 to 255 link classes");
  if (g.num_vertices() != n)
    core::fail("classify_channels", "the graph has " + core::to_message(g.num_vertices()) +
                                        " vertices, the instance " + core::to_message(n) +
                                        " (accepted: the graph the instance's generator built)");
  std::vector<std::uint8_t> raw(g.targets().size());
  std::vector<std::uint64_t> count(names.size(), 0);
  const auto offsets = g.offsets();
  const auto targets = g.targets();
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto c = offsets[u]; c < offsets[u + 1]; ++c) {
      const std::size_t k = f(u, targets[c]);
      if (k >= names.size()) core::fail("classes_by_ends", "a channel's class index is past the class names");
      raw[c] = static_cast<std::uint8_t>(k);
      ++count[k];
    }
  std::vector<std::uint8_t> renumber(names.size(), 0);
  channel_classes out;
  for (std::size_t k = 0; k < names.size(); ++k)
    if (count[k] > 0) {
      renumber[k] = static_cast<std::uint8_t>(out.names.size());
      out.names.push_back(std::move(names[k]));
    }
  for (auto& x : raw) x = renumber[x];
  out.class_of = std::move(raw);
  return out;
}

/// Every channel in the class `name` (a graph without links has no class).
inline channel_classes single_class(const core::graph<std::uint32_t>& g, std::string name) {
  return classes_by_ends(g, g.num_vertices(), {std::move(name)}, [](std::uint32_t, std::uint32_t) { return 0; });
}

/// The torus and HyperX numbering (the first coordinate fastest): the channel u -> v joins two
/// routers that differ in exactly one coordinate i, its class "dimension i" (i from 1).
inline channel_classes classes_by_dimension(const core::graph<std::uint32_t>& g, std::span<const std::uint64_t> dims) {
  if (dims.size() > 255) core::fail("classes_by_dimension", "at most 255 dimensions have classes");
  std::vector<std::string> names;
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    names.push_back("dimension " + core::to_message(i + 1));
    n = core::checked_mul(n, dims[i], "classify_channels", "vertex count");
  }
  return classes_by_ends(g, n, std::move(names), [&](std::uint32_t u, std::uint32_t v) {
    std::uint64_t a = u, b = v;
    for (std::size_t i = 0; i < dims.size(); ++i) {
      if (a % dims[i] != b % dims[i]) return i;
      a /= dims[i];
      b /= dims[i];
    }
    return dims.size();  // not a link of this numbering: refused by classes_by_ends
  });
}

}  // namespace shiftfly::topology::detail
