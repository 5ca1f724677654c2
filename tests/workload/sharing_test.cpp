// §6.5 sharing workload: the labellings are injective, requests respect locality
// in distribution, and the evaluation refuses inconsistent input (Table 3 itself:
// tests/studies/sharing_study_test.cpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <set>
#include <string>

#include "shiftfly/routing/label.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/workload/sharing.hpp"
#include "shiftfly/workload/sharing_evaluation.hpp"

namespace sharing_test {

namespace wl = shiftfly::workload;

TEST_CASE("labellings are injective", "[workload][sharing]") {
  const auto sf = shiftfly::topology::kautz(20, 3);
  const auto bf = shiftfly::topology::boardfly_group_level(8400);
  const std::uint64_t n = 8400;
  for (const auto& lab : {wl::random_labelling(n, n), wl::random_labelling(n, 5000),
                          wl::locality_labelling(sf, n, 64), wl::locality_labelling(sf, 4000, 64),
                          wl::cluster_placement_labelling(bf, n, 64)}) {
    std::set<std::uint64_t> seen(lab.to_vertex.begin(), lab.to_vertex.end());
    CHECK(seen.size() == lab.to_vertex.size());
    CHECK(*seen.rbegin() < n);
  }
  CHECK(wl::locality_labelling(sf, n, 64).name == "suffix-locality(j=2)");
}

TEST_CASE("suffix-locality puts each cluster in one suffix class while room lasts", "[workload][sharing]") {
  const auto sf = shiftfly::topology::kautz(20, 3);
  const auto lab = wl::locality_labelling(sf, 8400, 64);
  // j = 2 gives 420 classes of 20 vertices; a cluster of 131 groups spills over 7 classes,
  // and within each class the last 2 symbols agree.
  std::size_t same_suffix_pairs = 0, pairs = 0;
  for (std::uint64_t x = 0; x + 1 < 8400; ++x) {
    if (wl::cluster_of(x, 8400, 64) != wl::cluster_of(x + 1, 8400, 64)) continue;
    const auto a = sf.label(static_cast<std::uint32_t>(lab(x))), b = sf.label(static_cast<std::uint32_t>(lab(x + 1)));
    ++pairs;
    if (a[1] == b[1] && a[2] == b[2]) ++same_suffix_pairs;
  }
  CHECK(static_cast<double>(same_suffix_pairs) / static_cast<double>(pairs) > 0.9);
}

TEST_CASE("requests respect locality in distribution", "[workload][sharing]") {
  const wl::sharing_model m;
  const auto reqs = wl::draw_requests(m, 8400, 2000, 5);
  std::uint64_t in_cluster = 0, total = 0, top_item = 0;
  for (const auto& r : reqs) {
    REQUIRE(!r.logical.empty());
    REQUIRE(r.logical.size() <= m.agents);
    REQUIRE(std::is_sorted(r.logical.begin(), r.logical.end()));
    if (r.item == 0) ++top_item;
    for (auto x : r.logical) {
      ++total;
      if (wl::cluster_of(x, 8400, m.clusters) == r.item % m.clusters) ++in_cluster;
    }
  }
  // P(in cluster) = 0.85 + 0.15/64 before deduplication; duplicates only occur inside a cluster of 131,
  // which lowers the in-cluster share of distinct requesters a little.
  const double share = static_cast<double>(in_cluster) / static_cast<double>(total);
  CHECK(share > 0.80);
  CHECK(share < 0.86);
  // Zipf(1) over 4,096 items: P(item 0) = 1/H_4096 ~ 0.1139
  const double p0 = static_cast<double>(top_item) / 2000.0;
  CHECK(std::abs(p0 - 0.1139) < 0.03);
}

TEST_CASE("the sharing evaluation refuses inconsistent input", "[workload][sharing]") {
  const auto sf = shiftfly::topology::kautz(3, 3);
  const auto reqs = wl::draw_requests(wl::sharing_model{}, 36, 5);
  const auto lab = wl::random_labelling(36, 36);
  CHECK_THROWS_AS(wl::evaluate_sharing(sf, lab, reqs, 36, shiftfly::routing::kautz_space(3, 2)), std::invalid_argument);
  CHECK_THROWS_AS(wl::random_labelling(10, 11), std::invalid_argument);
  CHECK_THROWS_AS(wl::draw_requests(wl::sharing_model{64, 32, 1.5}, 100, 5), std::invalid_argument);
  const auto ok = wl::evaluate_sharing(sf, lab, reqs, 36, shiftfly::routing::kautz_space(3, 3));
  CHECK(ok.tree <= ok.unicast);
  CHECK(ok.requesters > 0);
}

}  // namespace sharing_test
