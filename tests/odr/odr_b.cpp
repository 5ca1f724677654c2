// Second translation unit of the one-definition-rule check (see odr_a.cpp).
#include "all_headers.hpp"

#include <cstdint>

std::uint64_t odr_b_value() {
  const auto k = shiftfly::topology::kautz(3, 2);
  const shiftfly::topology::family_spec p = shiftfly::topology::torus_spec{{4, 4}};
  return k.num_edges() + shiftfly::topology::make_graph(p).num_edges();
}
