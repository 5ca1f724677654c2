// A ten-line consumer: build a Kautz graph and compare it with its directed Moore bound.
#include <cstdio>

#include <shiftfly/topology/kautz.hpp>
#include <shiftfly/topology/moore.hpp>

int main() {
  const auto g = shiftfly::topology::kautz(4, 3);
  const auto bound = shiftfly::topology::directed_moore_bound(4, 3);
  std::printf("%s: %zu vertices, directed Moore bound %s\n", g.name().c_str(), g.num_vertices(), bound.str().c_str());
  return g.num_vertices() == 80 && bound == 85 ? 0 : 1;
}
