// The paper's inputs (halley/paper_inputs.hpp): the defaults that carry them, and
// the inputs the paper derived from others, checked against that derivation.
#include <catch2/catch.hpp>

#include <cmath>

#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/halley/triage.hpp"
#include "shiftfly/halley/window.hpp"

namespace paper_inputs_test {

namespace paper = shiftfly::halley::paper;

TEST_CASE("the model defaults are the paper's inputs", "[halley][paper_inputs]") {
  const shiftfly::halley::composition_inputs in;
  CHECK(in.anchor == 0.652);
  CHECK(in.thermal_ratio == 472.0 / 462);
  CHECK(in.reconfig_ratio == 8.8 / 16);
  CHECK(in.channels == 32);
  CHECK(in.baseline_spares == 4);
  CHECK(in.stack_spares == 49);
  CHECK(in.lambda == 0.05);
  CHECK(in.rho == 0.15);
  const shiftfly::halley::cost_model c;
  CHECK(c.price == 1500);
  CHECK(c.premium == 0.20);
  CHECK(c.reference_rho == 0.15);
  CHECK(c.floor == 0.03);
  CHECK(shiftfly::halley::mean_time_to_recover(1.0) == 5.0);
  CHECK(shiftfly::halley::mean_time_to_recover(0.0) == 150.0);
}

TEST_CASE("the full stack's 49 spares are Algorithm 1 at 99.9%; the stress row is 976 FIT", "[halley][paper_inputs]") {
  using namespace shiftfly::halley;
  CHECK(light_reserve(paper::channels, paper::stress_lambda, paper::stress_rho, paper::three_nines, paper::spare_ratio_cap).spares ==
        paper::stack_spares);
  CHECK(spares_at_cap(paper::channels, paper::spare_ratio_cap) == 32);
  const auto& stress = paper::table2_rows.back();
  CHECK(stress.lambda == paper::stress_lambda);
  CHECK(std::llround(fit_for_probability(stress.lambda, parse_window(stress.window))) == 976);
  for (const auto& row : paper::table2_rows) CHECK((row.fit > 0) != (row.lambda > 0));  // each row is given one way
  CHECK(paper::fig8_modules * paper::fig8_lasers == 2 * paper::channels);  // Fig. 8: the 32-channel pool at the cap
  CHECK(paper::decorrelated_rho == paper::separation_floor_rho);
}

}  // namespace paper_inputs_test
