// Build Kautz graphs K(d, D) and compare each with the directed Moore bound
// (d^(D+1) - 1)/(d - 1) of its out-degree and diameter: Kautz graphs reach
// at least d/(d+1) of it (Shiftfly paper, Definition 4.1 and Theorem 5.1).
#include <cstdio>

#include <shiftfly/topology/kautz.hpp>
#include <shiftfly/topology/moore.hpp>

int main() {
  namespace t = shiftfly::topology;
  std::printf("%-12s %12s %16s %8s\n", "graph", "vertices", "directed Moore", "ratio");
  for (unsigned d : {2u, 4u, 20u}) {
    for (unsigned D : {2u, 3u, 4u}) {
      const auto g = t::kautz(d, D);  // exact construction, not sampled
      const auto bound = t::directed_moore_bound(d, D);
      const double ratio = static_cast<double>(g.num_vertices()) / bound.convert_to<double>();
      std::printf("%-12s %12zu %16s %8.4f\n", g.name().c_str(), g.num_vertices(), bound.str().c_str(), ratio);
      if (ratio > 1.0 || ratio < static_cast<double>(d) / (d + 1)) return 1;
    }
  }
  return 0;
}
