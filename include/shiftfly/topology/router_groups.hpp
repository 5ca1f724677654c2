#pragma once
/// \file router_groups.hpp
/// The groupings of routers the family descriptors state for the physical layout
/// (topology/descriptor.hpp, router_grouping; physical/layout.hpp places each group's routers
/// together): consecutive blocks, and the slabs of a grid (routers with the same last coordinate).
///
/// API:
///   std::uint64_t slab_size(const std::vector<std::uint64_t>& dims);   // product of all but the last
///   std::vector<std::uint64_t> block_groups(std::size_t routers, std::uint64_t block);  // u / block
///   std::vector<std::uint64_t> folded_slab_groups(std::size_t routers, const std::vector<std::uint64_t>& dims);

#include <cstddef>
#include <cstdint>
#include <vector>

namespace shiftfly::topology {

/// The routers of one slab of a grid: the product of every size but the last (the generator
/// checked the product).
inline std::uint64_t slab_size(const std::vector<std::uint64_t>& dims) {
  std::uint64_t s = 1;
  for (std::size_t i = 0; i + 1 < dims.size(); ++i) s *= dims[i];
  return s;
}

/// Consecutive blocks of `block` routers: router u in group u / block.
inline std::vector<std::uint64_t> block_groups(std::size_t routers, std::uint64_t block) {
  std::vector<std::uint64_t> groups(routers);
  for (std::size_t u = 0; u < routers; ++u) groups[u] = u / block;
  return groups;
}

/// A torus's slabs in folded order, so that the wraparound links stay short: slab i at
/// position 2i, or 2(k - 1 - i) + 1 past the middle (k the last size).
inline std::vector<std::uint64_t> folded_slab_groups(std::size_t routers, const std::vector<std::uint64_t>& dims) {
  const std::uint64_t block = slab_size(dims), k = dims.back(), half = (k + 1) / 2;
  std::vector<std::uint64_t> groups(routers);
  for (std::size_t u = 0; u < routers; ++u) {
    const std::uint64_t i = u / block;
    groups[u] = i < half ? 2 * i : 2 * (k - 1 - i) + 1;
  }
  return groups;
}

}  // namespace shiftfly::topology
