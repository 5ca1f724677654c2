// Tests for studies/moore_audit.hpp (Table 1 of the Shiftfly paper, Theorem 3.1, Lemma 2.3)
// and studies/exact_ratio.hpp: the audit's rows against Proposition 2.2 and the Moore bound
// written out by hand, and bound / chips rounded as Python's int / int.
#include <catch2/catch.hpp>

#include <cstdint>

#include "shiftfly/studies/exact_ratio.hpp"
#include "shiftfly/studies/moore_audit.hpp"

namespace moore_audit_test {

using namespace shiftfly;

TEST_CASE("exact_ratio rounds like Python's int / int", "[studies]") {
  // python3 -c "print(repr(3706040377703681/1024), repr(174622982740402221679687/9600), repr(2**80/3))"
  CHECK(studies::exact_ratio(topology::big_int("3706040377703681"), 1024) == 3619180056351.251);
  CHECK(studies::exact_ratio(topology::big_int("174622982740402221679687"), 9600) == 1.8189894035458564e+19);
  CHECK(studies::exact_ratio(topology::big_int(1) << 80, 3) == 4.029752732048764e+23);
  CHECK(studies::exact_ratio(topology::big_int(7), 7) == 1.0);
}

TEST_CASE("the Moore audit measures a torus and the Boardfly pod", "[studies]") {
  // v4's 16x16x16 torus: 4,096 chips of degree 6, diameter 3 x 8 = 24 (Proposition 2.2)
  const auto v4 = studies::measure_generation({"v4", {16, 16, 16}, "analytic"}, {2});
  CHECK(v4.chips == 4096);
  CHECK(v4.degree == 6);
  CHECK(v4.diameter == 24);
  // M(6, 24) = 1 + 6 (5^24 - 1) / 4
  topology::big_int five24 = 1;
  for (int i = 0; i < 24; ++i) five24 *= 5;
  CHECK(v4.bound == 1 + 6 * (five24 - 1) / 4);
  CHECK(v4.ratio == studies::exact_ratio(v4.bound, 4096));
  CHECK(v4.min_diameter == topology::min_diameter_for(6, 4096));
  // the rows of Table 1, in order, the last the pod
  const auto rows = studies::moore_audit_rows({2});
  REQUIRE(rows.size() == studies::tpu_generations().size());
  CHECK(rows[2].bound == v4.bound);
  const auto pod = studies::measure_boardfly_pod({2});
  CHECK(pod.chips == 1152);
  CHECK(pod.max_degree == 7);
  CHECK(pod.distance.diameter == 7);  // Lemma 2.3
  CHECK(rows.back().chips == pod.chips);
  CHECK(rows.back().diameter == pod.distance.diameter);
}

}  // namespace moore_audit_test
