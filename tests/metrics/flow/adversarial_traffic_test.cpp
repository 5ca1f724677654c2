// The simulators' adversarial permutations of metrics/flow/traffic.hpp (tornado, bit complement,
// transpose, shift by k), on hand-worked small cases, and their refusals.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace adversarial_traffic_test {

using namespace shiftfly;

namespace {
/// The (source, target) pairs of a matrix, every demand checked to be 1.
std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs_of(const metrics::traffic_matrix& T) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  for (const auto& e : T.entries()) {
    CHECK(e.demand == 1.0);
    out.emplace_back(e.source, e.target);
  }
  return out;
}
using pairs = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

std::string pattern_refusal(auto&& f) {
  try {
    f();
  } catch (const core::invalid_parameter& e) {
    return e.what();
  }
  return "(accepted)";
}
}  // namespace

TEST_CASE("adversarial traffic: tornado on the ring and on the k-ary n-cube", "[traffic]") {
  // the 8-ring: offset ceil(8/2) - 1 = 3
  CHECK(metrics::tornado_permutation(std::vector<std::uint64_t>{8}) == std::vector<std::uint64_t>{3, 4, 5, 6, 7, 0, 1, 2});
  const auto ring = metrics::tornado_traffic(8);
  CHECK(ring.size() == 8);
  CHECK(pairs_of(ring) == pairs{{0, 3}, {1, 4}, {2, 5}, {3, 6}, {4, 7}, {5, 0}, {6, 1}, {7, 2}});
  // the 5-ring: offset ceil(5/2) - 1 = 2 (BookSim2's (k + 1)/2 - 1)
  CHECK(metrics::tornado_permutation(std::vector<std::uint64_t>{5}) == std::vector<std::uint64_t>{2, 3, 4, 0, 1});
  // the 3-ring: offset 1
  CHECK(pairs_of(metrics::tornado_traffic(3)) == pairs{{0, 1}, {1, 2}, {2, 0}});
  // 4 x 3 torus, first coordinate fastest: (x, y) -> (x + 1 mod 4, y + 1 mod 3); id x + 4y
  const std::vector<std::uint64_t> dims{4, 3};
  const auto p = metrics::tornado_permutation(dims);
  for (std::uint64_t y = 0; y < 3; ++y)
    for (std::uint64_t x = 0; x < 4; ++x) CHECK(p[x + 4 * y] == (x + 1) % 4 + 4 * ((y + 1) % 3));
  // a size of 2 stays (offset 0): 2 x 6 torus, (x, y) -> (x, y + 2 mod 6), nothing fixed
  const std::vector<std::uint64_t> mixed{2, 6};
  const auto q = metrics::tornado_permutation(mixed);
  CHECK(q == std::vector<std::uint64_t>{4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3});
  CHECK(metrics::tornado_traffic(mixed).size() == 12);
  CHECK(metrics::tornado_traffic(mixed).name() == "tornado");
}

TEST_CASE("adversarial traffic: bit complement, transpose and shift by k", "[traffic]") {
  CHECK(metrics::bit_complement_permutation(8) == std::vector<std::uint64_t>{7, 6, 5, 4, 3, 2, 1, 0});
  CHECK(pairs_of(metrics::bit_complement_traffic(2)) == pairs{{0, 1}, {1, 0}});
  CHECK(metrics::bit_complement_traffic(16).size() == 16);  // no fixed point
  // transpose on 16 = 2^(2*2): s = (hi, lo) two bits each -> (lo, hi)
  const auto t = metrics::transpose_permutation(16);
  CHECK(t == std::vector<std::uint64_t>{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15});
  // the 4 ids with equal halves (0, 5, 10, 15) are fixed and send nothing
  const auto T = metrics::transpose_traffic(16);
  CHECK(T.size() == 12);
  for (const auto& [s, d] : pairs_of(T)) CHECK(t[d] == s);  // an involution
  CHECK(pairs_of(metrics::transpose_traffic(4)) == pairs{{1, 2}, {2, 1}});
  // shift
  CHECK(metrics::shift_permutation(5, 2) == std::vector<std::uint64_t>{2, 3, 4, 0, 1});
  CHECK(pairs_of(metrics::shift_traffic(3, 2)) == pairs{{0, 2}, {1, 0}, {2, 1}});
  CHECK(metrics::shift_traffic(6, 1).name() == "shift by 1");
}

TEST_CASE("adversarial traffic: a size the pattern cannot take is refused in one line", "[traffic][errors]") {
  CHECK(pattern_refusal([] { metrics::bit_complement_traffic(6); }) ==
        "bit_complement_traffic: n = 6 is not a power of two, which bit complement needs (accepted: n = 2^b, b >= 1)");
  CHECK(pattern_refusal([] { metrics::transpose_traffic(8); }) ==
        "transpose_traffic: n = 8 is not an even power of two, which transpose needs (accepted: n = 2^(2b), b >= 1: 4, "
        "16, 64, ...)");
  CHECK(pattern_refusal([] { metrics::transpose_traffic(12); }).find("n = 12 is not an even power of two") != std::string::npos);
  CHECK(pattern_refusal([] { metrics::transpose_traffic(2); }).find("n = 2 is not an even power of two") != std::string::npos);
  CHECK(pattern_refusal([] { metrics::tornado_traffic(2); }) == "tornado_traffic: n = 2 is out of range (accepted: 3 to 4294967295)");
  CHECK(pattern_refusal([] { metrics::tornado_traffic(std::vector<std::uint64_t>{2, 2, 2}); })
            .find("makes tornado the identity") != std::string::npos);
  CHECK(pattern_refusal([] { metrics::tornado_traffic(std::vector<std::uint64_t>{}); }).find("dims") != std::string::npos);
  CHECK(pattern_refusal([] { metrics::shift_traffic(5, 0); }) == "shift_traffic: k = 0 is out of range (accepted: 1 to 4)");
  CHECK(pattern_refusal([] { metrics::shift_traffic(5, 5); }) == "shift_traffic: k = 5 is out of range (accepted: 1 to 4)");
  CHECK(pattern_refusal([] { metrics::shift_traffic(1, 1); }).find("n = 1") != std::string::npos);
  CHECK(pattern_refusal([] { metrics::bit_complement_traffic(1); }).find("n = 1") != std::string::npos);
}

}  // namespace adversarial_traffic_test
