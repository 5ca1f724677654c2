// Build a torus with shiftfly and run Boost.Graph's own breadth-first search on
// it, unchanged, through shiftfly/boost/graph_traits.hpp. The eccentricity of
// vertex 0 is the torus diameter Σ⌊ki/2⌋ (Shiftfly paper, Proposition 2.2).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <boost/property_map/property_map.hpp>

#include <shiftfly/boost/graph_traits.hpp>
#include <shiftfly/topology/torus.hpp>

int main() {
  const std::vector<std::uint64_t> dims{16, 16, 16};
  const auto g = shiftfly::topology::torus(dims);
  std::vector<std::uint32_t> dist(g.num_vertices(), 0);
  auto dmap = boost::make_iterator_property_map(dist.begin(), get(boost::vertex_index, g));
  boost::breadth_first_search(g, std::uint32_t{0},
                              boost::visitor(boost::make_bfs_visitor(boost::record_distances(dmap, boost::on_tree_edge()))));
  const auto ecc = *std::max_element(dist.begin(), dist.end());
  std::printf("%s: %zu vertices, %zu edges, eccentricity of vertex 0 by boost::breadth_first_search = %u (exact), "
              "Prop. 2.2 diameter = %llu\n",
              g.name().c_str(), g.num_vertices(), g.num_edges(), ecc,
              static_cast<unsigned long long>(shiftfly::topology::torus_diameter(dims)));
  return ecc == shiftfly::topology::torus_diameter(dims) ? 0 : 1;
}
