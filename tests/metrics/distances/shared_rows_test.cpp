// Tests of metrics/distances/detail/shared_rows.hpp: the pull rows factored through shared
// sets hold exactly each row (and at most the vertex itself besides), they find the groups of
// Boardfly and the blocks of Imase-Itoh, and the sweeps give the same histograms with them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/detail/shared_rows.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "test_graphs.hpp"

namespace shared_rows_test {

using namespace shiftfly;
namespace md = metrics::detail;

namespace {
// Every row: the union of its sets' members and its direct entries, less the vertex itself,
// is the row; the direct entries and the sets' members are ids of the graph; a set has two
// users at least.
void check_rows_hold(const md::sweep_graph& sg, const md::shared_rows& rows) {
  if (!rows.used) return;
  const std::size_t n = sg.pull.n;
  REQUIRE(rows.refs.rows() == n);
  REQUIRE(rows.direct.rows() == n);
  std::vector<std::uint64_t> users(rows.sets.rows(), 0);
  std::vector<std::uint32_t> got;
  for (std::size_t v = 0; v < n; ++v) {
    got.clear();
    for (auto r = rows.refs.offsets[v]; r < rows.refs.offsets[v + 1]; ++r) {
      const auto s = rows.refs.ids[r];
      REQUIRE(s < rows.sets.rows());
      ++users[s];
      for (auto k = rows.sets.offsets[s]; k < rows.sets.offsets[s + 1]; ++k) got.push_back(rows.sets.ids[k]);
    }
    for (auto i = rows.direct.offsets[v]; i < rows.direct.offsets[v + 1]; ++i) got.push_back(rows.direct.ids[i]);
    std::sort(got.begin(), got.end());
    got.erase(std::unique(got.begin(), got.end()), got.end());
    got.erase(std::remove(got.begin(), got.end(), static_cast<std::uint32_t>(v)), got.end());
    const std::vector<std::uint32_t> row(sg.pull.targets.begin() + static_cast<std::ptrdiff_t>(sg.pull.offsets[v]),
                                         sg.pull.targets.begin() + static_cast<std::ptrdiff_t>(sg.pull.offsets[v + 1]));
    INFO("vertex " << v);
    CHECK(got == row);
  }
  for (auto u : users) CHECK(u >= 2);
  CHECK(4 * rows.reads() <= 3 * sg.pull.targets.size());
}

// All sources of sg in batches of 512 through the generic kernel with and without the shared
// rows: equal histograms.
void check_sweeps_agree(const md::sweep_graph& sg, const md::shared_rows& rows) {
  const std::size_t n = sg.pull.n;
  md::workspace<8> ws(n);
  const md::shared_rows plain;
  md::sweep_counts a, b;
  std::vector<std::uint32_t> sources;
  for (std::size_t lo = 0; lo < n; lo += 512) {
    sources.resize(std::min<std::size_t>(512, n - lo));
    std::iota(sources.begin(), sources.end(), static_cast<std::uint32_t>(lo));
    md::sweep_batch_generic<8>(sg, plain, sources, ws, a);
    md::sweep_batch_generic<8>(sg, rows, sources, ws, b);
  }
  CHECK(a.histogram == b.histogram);
}
}  // namespace

TEST_CASE("shared_rows: Boardfly's groups and Imase-Itoh's blocks are found") {
  // Boardfly at the group level: groups of 36 consecutive ids, each a clique, so one set per
  // group read by each member, and the 5 other neighbours of a vertex read directly.
  {
    const auto sg = md::undirected_sweep_graph(topology::boardfly_group_level(3600));
    const auto rows = md::factor_pull_rows(sg);
    REQUIRE(rows.used);
    // A run that a neighbour just past the group lengthens still uses the group's set.
    CHECK(rows.sets.rows() == 3600 / 36);
    CHECK(rows.sets.ids.size() == 3600);
    CHECK(rows.refs.ids.size() == 3600);
    CHECK(rows.direct.ids.size() == sg.pull.targets.size() - 3600 * 35);
    check_rows_hold(sg, rows);
    check_sweeps_agree(sg, rows);
  }
  // Imase-Itoh GK(n, 20) taken undirected, n = 12,500: u's out-neighbours are the block of 20
  // ids below -20u mod n, shared by the 20 vertices u + 625j; the in-neighbours of a block's
  // vertices are those 20 vertices. So 625 runs and 625 rests, each shared by 20 rows; a row
  // whose run swallows one id of its rest (as 0's does 12,499) reads that rest directly.
  {
    const auto sg = md::undirected_sweep_graph(topology::shiftfly_group_level(12500));
    const auto rows = md::factor_pull_rows(sg);
    REQUIRE(rows.used);
    CHECK(rows.sets.rows() == 2 * 625);
    CHECK(8 * rows.reads() <= sg.pull.targets.size());
    check_rows_hold(sg, rows);
    check_sweeps_agree(sg, rows);
  }
  // HyperX 6 x 6 x 6: only the first dimension's lines are runs of consecutive ids; the
  // other 10 neighbours of a vertex are its own, so the factoring would read more than 3/4.
  {
    const auto sg = md::undirected_sweep_graph(topology::hyperx({6, 6, 6}));
    CHECK_FALSE(md::factor_pull_rows(sg).used);
  }
}

TEST_CASE("shared_rows: every family's rows are held exactly, and sparse random graphs are left plain") {
  std::vector<topology::family_spec> fams;
  for (const auto* f : topology::families()) fams.push_back({f->name, f->example});
  int factored = 0;
  for (const auto& f : fams) {
    const auto g = topology::make_graph(f);
    INFO(g.name());
    const auto sg = md::undirected_sweep_graph(g);
    const auto rows = md::factor_pull_rows(sg);
    factored += rows.used;
    check_rows_hold(sg, rows);
    check_sweeps_agree(sg, rows);
    if (g.has_arcs()) {
      const auto a = md::arc_sweep_graph(g, true);
      const auto arc_rows = md::factor_pull_rows(a);
      check_rows_hold(a, arc_rows);
      check_sweeps_agree(a, arc_rows);
    }
  }
  CHECK(factored > 0);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto sg = md::undirected_sweep_graph(testing::gnp(300, 0.02, seed));
    CHECK_FALSE(md::factor_pull_rows(sg).used);
  }
  // Complete graphs: one set, the whole vertex range, read by every row.
  const auto k = md::undirected_sweep_graph(testing::complete(50));
  const auto rows = md::factor_pull_rows(k);
  REQUIRE(rows.used);
  CHECK(rows.sets.rows() == 1);
  CHECK(rows.reads() == 50 + 50);
  check_rows_hold(k, rows);
  check_sweeps_agree(k, rows);
  // Dense random graphs with runs by chance: held exactly whichever way they factor.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto sg = md::undirected_sweep_graph(testing::gnp(120, 0.9, seed));
    const auto r = md::factor_pull_rows(sg);
    check_rows_hold(sg, r);
    check_sweeps_agree(sg, r);
  }
}

}  // namespace shared_rows_test
