// The Halley results described once (halley/describe.hpp): the fields the halley tool
// prints and the ones Python receives come from one record per result.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "shiftfly/halley/describe.hpp"

namespace describe_test {

using namespace shiftfly;

namespace {
std::vector<std::string> names(const core::record& r, core::shown_in hidden) {
  std::vector<std::string> out;
  for (const auto& f : r.fields)
    if (f.shown != hidden) out.push_back(f.name);
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

TEST_CASE("halley size: the tools' fields and sentence, and Python's fields, from one description", "[halley][describe]") {
  const auto q = halley::report_sizing(32, {0.01, {}, {}}, 0.05, 0.99, 0.5);
  const auto r = halley::describe(q);
  CHECK(names(r, core::shown_in::python) ==
        std::vector<std::string>{"algorithm", "cap", "cap_coverage", "cap_spares", "channels", "coverage", "lambda", "method",
                                 "pool", "pool_multiple", "reachable", "rho", "rho_target_status", "spare_ratio", "spares",
                                 "status", "target"});
  CHECK(names(r, core::shown_in::tools) == names(halley::describe(q.result), core::shown_in::tools));
  REQUIRE(r.text.size() == 1);
  CHECK(r.text[0] == "5 spares (pool 37, 1.16x) reach 99.00% coverage (99.28% with them); cap 50% allows 32 (99.999949% there).");
}

TEST_CASE("halley coverage, foldfit and cost read as before", "[halley][describe]") {
  CHECK(halley::describe(halley::report_coverage(32, 3, {0.01, {}, {}}, 0)).text.at(0) ==
        "32 channels with 3 spares (pool 35) are covered with probability 99.959% (shortfall 0.0004087).");
  halley::demand_matrix d{3, 3, {3, 0, 2, 1, 4, 0, 0, 2, 5}};
  const auto f = halley::report_fold_fit(d, 2, 7, 0);
  CHECK(halley::describe(f, false).text.at(0) ==
        "FoldFit schedules 6 jobs on 2 channels in 9 slots (lower bound 8.5, optimum 9; LPT 9, list scheduling 10).");
  CHECK(halley::describe(f, false).find("assignment") == nullptr);
  CHECK(halley::describe(f, true).find("assignment") != nullptr);
  const auto c = halley::describe(halley::report_cost(32, {0.01, {}, {}}, 0.15, 0.99999, {}));
  CHECK(c.text.at(0) == "The cheapest plan costs $32,100 (15 spares, separated to rho' = 0.03), 4.25x less than spares alone "
                        "($136,500, 91 spares at rho = 0.15).");
}

TEST_CASE("the sentences' numbers", "[halley][describe]") {
  CHECK(halley::wording::percent(0.99) == "99.00%");
  CHECK(halley::wording::percent(0.99999) == "99.9990%");
  CHECK(halley::wording::percent(1 - 1e-11) == ">99.99999999%");
  CHECK(halley::wording::ratio_percent(0.5) == "50%");
  CHECK(halley::wording::dollars(664500) == "$664,500");
}

}  // namespace describe_test
