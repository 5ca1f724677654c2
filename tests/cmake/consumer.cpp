// A small consumer: build a Kautz graph and compare it with its directed Moore bound, and
// solve one throughput LP (so that the package's COIN-OR CLP link is exercised).
#include <cmath>
#include <cstdio>

#include <shiftfly/metrics/throughput_lp.hpp>
#include <shiftfly/topology/kautz.hpp>
#include <shiftfly/topology/moore.hpp>
#include <shiftfly/topology/torus.hpp>

int main() {
  const auto g = shiftfly::topology::kautz(4, 3);
  const auto bound = shiftfly::topology::directed_moore_bound(4, 3);
  std::printf("%s: %zu vertices, directed Moore bound %s\n", g.name().c_str(), g.num_vertices(), bound.str().c_str());
  // uniform traffic on the 4x4 torus: theta = 2m / sum of distances = 64 / 512
  const auto t = shiftfly::topology::torus({4, 4});
  const double theta = shiftfly::metrics::throughput_lp(t, shiftfly::metrics::uniform_traffic(16)).value;
  std::printf("4x4 torus, uniform traffic: throughput %.6f\n", theta);
  return g.num_vertices() == 80 && bound == 85 && std::fabs(theta - 0.125) < 1e-9 ? 0 : 1;
}
