// A small consumer: build a Kautz graph and compare it with its directed Moore bound,
// bisect a torus with METIS and solve one throughput LP (so that the package's METIS
// and COIN-OR CLP links are exercised through shiftfly::shiftfly).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <shiftfly/metrics/cuts/bisection_metis.hpp>
#include <shiftfly/metrics/flow/throughput_lp.hpp>
#include <shiftfly/topology/kautz.hpp>
#include <shiftfly/topology/moore.hpp>
#include <shiftfly/topology/torus.hpp>

int main() {
  const auto g = shiftfly::topology::kautz(4, 3);
  const auto bound = shiftfly::topology::directed_moore_bound(4, 3);
  std::printf("%s: %zu vertices, directed Moore bound %s\n", g.name().c_str(), g.num_vertices(), bound.str().c_str());
  const std::vector<std::uint64_t> dims{8, 8};
  const auto cut = shiftfly::metrics::metis_bisection(shiftfly::topology::torus(dims), {.runs = 2, .seed = 1}).cut;
  std::printf("8x8 torus: METIS bisection cut %llu (the width is 16)\n", static_cast<unsigned long long>(cut));
  // uniform traffic on the 4x4 torus: theta = 2m / sum of distances = 64 / 512
  const auto t = shiftfly::topology::torus({4, 4});
  const double theta = shiftfly::metrics::throughput_lp(t, shiftfly::metrics::uniform_traffic(16)).value;
  std::printf("4x4 torus, uniform traffic: throughput %.6f\n", theta);
  return g.num_vertices() == 80 && bound == 85 && cut >= 16 && std::fabs(theta - 0.125) < 1e-9 ? 0 : 1;
}
