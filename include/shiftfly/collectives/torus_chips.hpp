#pragma once
/// \file torus_chips.hpp
/// The chips of a torus T(k0, ..., k_{n-1}) as the collectives see them: the
/// numbering (chip id = Σ ci · stride_i with stride_0 = 1, so the x coordinate
/// varies fastest, exactly the vertex numbering of topology/torus.hpp), the
/// links (the library's torus graph), and one Hamiltonian cycle through every
/// chip, which is the cyclic order the ring all-reduce uses on the same chips.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::collectives {

/// Number of chips Π ki, validated as topology::torus does: 1 to 64 sizes, each at
/// least 2, and the product fits a 32-bit chip id.
inline std::uint64_t torus_chip_count(std::span<const std::uint64_t> dims) {
  return topology::torus_order<std::uint32_t>(dims);
}

/// The rule of the bidirectional schedules (torus and ring alike, each ring along one
/// dimension): every torus size is at least 3, since at 2 the +1 and -1 neighbours share
/// one link, already used both ways. The one place the rule is written; every caller
/// (torus_allreduce_plan, torus_allreduce_counts, allreduce_closed_forms, the tool) calls it.
inline void require_bidirectional_dims(const char* where, std::span<const std::uint64_t> dims) {
  for (auto k : dims)
    if (k < 3)
      core::throw_out_of_range(where, "dims item", k,
                               "at least 3 for the bidirectional schedule: at 2 the +1 and -1 neighbours share one "
                               "link, already used both ways");
}

/// Strides of the chip numbering: stride_0 = 1, stride_i = Π_{j<i} kj.
inline std::vector<std::uint64_t> torus_strides(std::span<const std::uint64_t> dims) {
  torus_chip_count(dims);
  std::vector<std::uint64_t> strides(dims.size());
  std::uint64_t s = 1;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    strides[i] = s;
    s *= dims[i];
  }
  return strides;
}

/// "4x4x4".
inline std::string torus_dims_text(std::span<const std::uint64_t> dims) {
  std::string text;
  for (std::size_t i = 0; i < dims.size(); ++i) text += (i ? "x" : "") + core::to_message(dims[i]);
  return text;
}

/// The links between the chips: the library's torus graph T(dims) (Shiftfly paper,
/// Proposition 2.2), built by topology::torus with the same chip numbering.
inline core::graph<std::uint32_t> torus_links(std::span<const std::uint64_t> dims) {
  return topology::torus<std::uint32_t>(dims);
}

/// A Hamiltonian cycle of T(dims), starting at chip 0: consecutive chips (and the
/// last and the first) are joined by a link. Built dimension by dimension: given
/// a cycle c_0 .. c_{m-1} through the first j dimensions, the cycle through j+1
/// dimensions (next size k) starts at (c_0, 0), snakes through c_1 .. c_{m-1}
/// layer by layer (forwards in even layers, backwards in odd ones), steps to c_0
/// in the last layer (by the edge c_1 c_0 or the closing edge c_{m-1} c_0), and
/// walks back down the c_0 column. Every cyclic product C_m x C_k is therefore
/// Hamiltonian, including odd x odd, where a plain boustrophedon is not a cycle.
inline std::vector<std::uint32_t> torus_ring_order(std::span<const std::uint64_t> dims) {
  const std::uint64_t chips = torus_chip_count(dims);
  std::vector<std::uint64_t> cycle;
  cycle.reserve(static_cast<std::size_t>(chips));
  for (std::uint64_t i = 0; i < dims[0]; ++i) cycle.push_back(i);
  std::uint64_t stride = dims[0];
  for (std::size_t d = 1; d < dims.size(); ++d) {
    const std::uint64_t k = dims[d];
    const std::size_t m = cycle.size();
    std::vector<std::uint64_t> next;
    next.reserve(m * static_cast<std::size_t>(k));
    next.push_back(cycle[0]);
    for (std::uint64_t y = 0; y < k; ++y) {
      if (y % 2 == 0)
        for (std::size_t i = 1; i < m; ++i) next.push_back(cycle[i] + y * stride);
      else
        for (std::size_t i = m - 1; i >= 1; --i) next.push_back(cycle[i] + y * stride);
    }
    for (std::uint64_t y = k - 1; y >= 1; --y) next.push_back(cycle[0] + y * stride);
    cycle = std::move(next);
    stride *= k;
  }
  return {cycle.begin(), cycle.end()};
}

}  // namespace shiftfly::collectives
