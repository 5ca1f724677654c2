#pragma once
// Small graphs whose collectives have closed forms, shared by the collectives tests: the ring
// C_n, the complete graph K_n and the hypercube Q_d.
#include <cstdint>
#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"

namespace collectives_small_graphs {
using graph = shiftfly::core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

inline graph ring(std::uint32_t n) {
  edges e;
  for (std::uint32_t i = 0; i < n; ++i) e.emplace_back(i, (i + 1) % n);
  return graph::from_edges(n, e);
}
inline graph complete(std::uint32_t n) {
  edges e;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j) e.emplace_back(i, j);
  return graph::from_edges(n, e);
}
inline graph hypercube(std::uint32_t d) {
  edges e;
  for (std::uint32_t v = 0; v < (1U << d); ++v)
    for (std::uint32_t k = 0; k < d; ++k)
      if (v < (v ^ (1U << k))) e.emplace_back(v, v ^ (1U << k));
  return graph::from_edges(1U << d, e);
}

}  // namespace collectives_small_graphs
