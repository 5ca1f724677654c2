// The graph component alone: <shiftfly/graph.hpp> needs Boost's and Eigen's headers, the standard
// library and -pthread, nothing else. ctest's headers/graph_only compiles and runs this program with
// no METIS or CLP directory on the include path and poisoned metis.h, ClpSimplex.hpp and nlohmann/json.hpp ahead of it.
#include <cstdio>
#include <shiftfly/graph.hpp>

int main() {
  const auto t = shiftfly::topology::torus({8, 8});
  const auto d = shiftfly::metrics::exact_diameter(t);
  std::printf("8x8 torus: %zu vertices, diameter %u\n", t.num_vertices(), static_cast<unsigned>(d.diameter));
  return d.diameter == 8 ? 0 : 1;
}
