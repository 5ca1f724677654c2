// The exact all-gather optimum (collectives/cut_bound.hpp) against ForestColl's own code, run as an
// oracle on small fabrics: tests/fixtures/forestcoll/allgather.tsv (its README line: the commit and
// the command that wrote it). Every fabric is rebuilt here from the file's routers, links and
// endpoints, and the optimum, a fraction of M/b, must be the file's exactly.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/core/graph.hpp"

namespace forestcoll_test {

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, by)) out.push_back(item);
  return out;
}

TEST_CASE("the all-gather optimum equals ForestColl's on its fixtures", "[forestcoll]") {
  std::ifstream file(std::string(SHIFTFLY_FIXTURES) + "/forestcoll/allgather.tsv");
  REQUIRE(file);
  std::string line;
  int fabrics = 0;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto f = split(line, '\t');
    REQUIRE(f.size() == 8);
    INFO(f[0]);
    const auto routers = static_cast<std::uint32_t>(std::stoul(f[1]));
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    for (const auto& e : split(f[2], ';')) {
      const auto ab = split(e, '-');
      edges.emplace_back(static_cast<std::uint32_t>(std::stoul(ab[0])), static_cast<std::uint32_t>(std::stoul(ab[1])));
    }
    std::vector<std::uint32_t> endpoints;
    for (const auto& h : split(f[3], ',')) endpoints.push_back(static_cast<std::uint32_t>(std::stoul(h)));
    const auto g = shiftfly::core::graph<std::uint32_t>::from_edges(routers, edges);
    const auto r = shiftfly::collectives::measure_collective(g, endpoints, {"all-gather", 1.0, 1.0, 0, true});
    CHECK(r.lower_bound_exact == f[6]);
    CHECK(r.method == "exact");
    ++fabrics;
  }
  CHECK(fabrics >= 5);
}

}  // namespace forestcoll_test
