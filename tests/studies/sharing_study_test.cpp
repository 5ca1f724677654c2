// The §6.5 sharing study: Table 3 and Remark 6.2 come out exactly at 8,400 groups.
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/report/format.hpp"
#include "shiftfly/studies/sharing_study.hpp"

namespace sharing_study_test {

namespace studies = shiftfly::studies;

namespace {
std::string fixed3(double x) { return shiftfly::report::fixed(x, 3); }
}  // namespace

TEST_CASE("Table 3 and Remark 6.2 come out exactly at 8,400 groups", "[studies][sharing][reference]") {
  const auto s = studies::run_sharing_study(250);
  CHECK(fixed3(s.boardfly_random.tree_per_requester) == "2.768");
  CHECK(fixed3(s.boardfly_locality.tree_per_requester) == "2.174");
  CHECK(fixed3(s.shiftfly_random.tree_per_requester) == "2.470");
  CHECK(fixed3(s.shiftfly_locality.tree_per_requester) == "2.112");
  CHECK(fixed3(s.boardfly_random.merge_depth) == "2.868");
  CHECK(fixed3(s.boardfly_locality.merge_depth) == "2.336");
  CHECK(fixed3(s.shiftfly_random.merge_depth) == "2.772");
  CHECK(fixed3(s.shiftfly_locality.merge_depth) == "2.152");
  CHECK(fixed3(s.boardfly_locality.efficiency) == "1.431");
  CHECK(fixed3(s.boardfly_random.efficiency) == "1.191");
  CHECK(fixed3(s.shiftfly_random.efficiency) == "1.172");
  // unicast per requester (reference results.md, section 3)
  CHECK(fixed3(s.boardfly_random.unicast_per_requester) == "3.297");
  CHECK(fixed3(s.boardfly_locality.unicast_per_requester) == "3.111");
  CHECK(fixed3(s.shiftfly_random.unicast_per_requester) == "2.896");
  CHECK(fixed3(s.shiftfly_locality.unicast_per_requester) == "2.881");
  CHECK(s.boardfly_locality.labelling == "cluster-placement");
  CHECK(s.shiftfly_locality.labelling == "suffix-locality(j=2)");
  CHECK(fixed3(s.shiftfly_locality.efficiency) == "1.364");
}

}  // namespace sharing_study_test
