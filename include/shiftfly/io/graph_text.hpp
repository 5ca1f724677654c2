#pragma once
/// \file graph_text.hpp
/// What every graph writer of io/ shares: a vertex written as text (its name when
/// the graph was read from a file with names, its label `0.1.2`, or its id), and
/// the refusal of `directed` for a graph without arcs.

#include <concepts>
#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::io {

/// A graph's vertex as text: its name when the graph has names, its label `0.1.2` when it
/// has labels, else its id.
template <std::unsigned_integral V>
inline std::string vertex_text(const core::graph<V>& g, V u) {
  if (g.has_names()) return g.name_of(u);
  if (!g.has_labels()) return std::to_string(u);
  std::string s;
  for (auto x : g.label(u)) s += (s.empty() ? "" : ".") + std::to_string(x);
  return s;
}

/// Refuses `directed` for a graph without arcs.
template <std::unsigned_integral V>
inline void require_arcs_if_directed(std::string_view where, const core::graph<V>& g, bool directed) {
  if (directed && !g.has_arcs())
    core::fail(where, "directed = true needs a graph with arcs (a digraph family); " +
                          (g.name().empty() ? std::string("this graph") : g.name()) + " has none");
}

}  // namespace shiftfly::io
