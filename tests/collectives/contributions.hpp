#pragma once
// An independent verifier for the collectives tests, sharing no code with the
// simulator: every element of every chip carries the SET of chips whose
// values it sums (a 64-bit mask, so at most 64 chips). A reduce must join
// disjoint sets (a chip counted twice is an error even when sums would hide
// it), a copy overwrites; all messages of a step read the state at its start.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/collectives/schedule.hpp"

namespace test_support {

struct contribution_state {
  std::uint64_t chips = 0, elements = 0;
  std::vector<std::uint64_t> mask;  // chips x elements
  std::uint64_t at(std::uint64_t chip, std::uint64_t e) const { return mask[chip * elements + e]; }
};

/// Runs the first `steps` steps of `s` on contribution sets.
inline contribution_state run_contributions(const shiftfly::collectives::schedule& s, std::uint64_t steps) {
  if (s.chips > 64) throw std::logic_error("run_contributions: at most 64 chips");
  contribution_state st{s.chips, s.elements, std::vector<std::uint64_t>(s.chips * s.elements)};
  for (std::uint64_t c = 0; c < s.chips; ++c)
    for (std::uint64_t e = 0; e < s.elements; ++e) st.mask[c * s.elements + e] = std::uint64_t{1} << c;
  for (std::uint64_t i = 0; i < steps && i < s.steps.size(); ++i) {
    const auto before = st.mask;
    for (const auto& m : s.steps[i])
      for (std::uint64_t e = m.begin; e < m.end; ++e) {
        const std::uint64_t in = before[m.src * s.elements + e];
        std::uint64_t& out = st.mask[m.dst * s.elements + e];
        if (m.op == shiftfly::collectives::message_op::reduce) {
          if (out & in) throw std::logic_error("run_contributions: step " + std::to_string(i) + " counts a chip twice");
          out |= in;
        } else {
          out = in;
        }
      }
  }
  return st;
}

/// True when every element of every chip holds every chip's value exactly once.
inline bool all_complete(const contribution_state& st) {
  const std::uint64_t full = st.chips == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << st.chips) - 1;
  for (auto m : st.mask)
    if (m != full) return false;
  return true;
}

/// Coordinates of chip c (x fastest).
inline std::vector<std::uint64_t> coords(std::uint64_t c, const std::vector<std::uint64_t>& dims) {
  std::vector<std::uint64_t> out;
  for (auto k : dims) {
    out.push_back(c % k);
    c /= k;
  }
  return out;
}

/// True when chips a and b differ in exactly one coordinate, by +1 or -1 modulo its size.
inline bool torus_neighbours(std::uint64_t a, std::uint64_t b, const std::vector<std::uint64_t>& dims) {
  const auto ca = coords(a, dims), cb = coords(b, dims);
  int differing = 0;
  bool unit = false;
  for (std::size_t i = 0; i < dims.size(); ++i)
    if (ca[i] != cb[i]) {
      ++differing;
      unit = (ca[i] + 1) % dims[i] == cb[i] || (cb[i] + 1) % dims[i] == ca[i];
    }
  return differing == 1 && unit;
}

/// Every torus X x Y with 2 <= X, Y <= 6 and X x Y x Z with 2 <= X, Y, Z <= 4.
inline std::vector<std::vector<std::uint64_t>> small_tori(std::uint64_t lo = 2) {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t x = lo; x <= 6; ++x)
    for (std::uint64_t y = lo; y <= 6; ++y) out.push_back({x, y});
  for (std::uint64_t x = lo; x <= 4; ++x)
    for (std::uint64_t y = lo; y <= 4; ++y)
      for (std::uint64_t z = lo; z <= 4; ++z) out.push_back({x, y, z});
  return out;
}

inline std::uint64_t product(const std::vector<std::uint64_t>& dims) {
  std::uint64_t p = 1;
  for (auto k : dims) p *= k;
  return p;
}

}  // namespace test_support
