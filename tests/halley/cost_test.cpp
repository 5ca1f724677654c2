// Observations 1 and 2, Figs. 9 and 10 (Halley Sections V-B, V-C) under the stated cost model.
#include <catch2/catch.hpp>

#include <limits>

#include "printed.hpp"
#include "shiftfly/halley/cost.hpp"

namespace cost_test {

using namespace shiftfly::halley;

TEST_CASE("the stated cost model: $800 per 0.01, $9,600 for 0.15 -> 0.03", "[halley][cost]") {
  CHECK(separation_rate(32) * 0.01 == Approx(800));
  CHECK(separation_cost(32, 0.15, 0.03) == Approx(9600));
  CHECK(separation_cost(32, 0.15, 0.15) == 0);
}

TEST_CASE("Observation 1: 156 spares ($234,000) against $44,100 decorrelating first, 5.3x", "[halley][cost]") {
  const auto s = cheapest_plan(32, 0.05, 0.15, 0.99999);
  CHECK(s.spares_only.spares == 156);
  CHECK(s.spares_only.cost == Approx(234000));
  CHECK(s.cheapest.rho == Approx(0.03));
  CHECK(s.cheapest.spares == 23);
  CHECK(s.cheapest.spare_cost == Approx(34500));
  CHECK(s.cheapest.separation_cost == Approx(9600));
  CHECK(s.cheapest.cost == Approx(44100));
  CHECK(halley_test::fixed(s.saving_ratio, 1) == "5.3");
}

TEST_CASE("Fig. 9: the cost falls at every bar from 0.15 down to 0.03", "[halley][cost]") {
  const auto curve = cost_curve(32, 0.05, 0.15, {0.15, 0.12, 0.09, 0.06, 0.045, 0.03}, 0.99999);
  for (std::size_t i = 1; i < curve.size(); ++i) CHECK(curve[i].cost < curve[i - 1].cost);
  CHECK(curve.front().cost == Approx(234000));
  CHECK(curve.back().cost == Approx(44100));
}

TEST_CASE("Observation 2: across rho0 in [0.08, 0.35] the cheapest plan decorrelates to the floor", "[halley][cost]") {
  for (double rho0 = 0.08; rho0 <= 0.3500001; rho0 += 0.03) {
    INFO("rho0 " << rho0);
    const auto s = cheapest_plan(32, 0.05, rho0, 0.99999);
    CHECK(s.cheapest.rho == Approx(0.03));
    CHECK(s.saving_ratio > 1);
    // Fig. 10: every curve falls all the way to 0.03.
    std::vector<double> grid;
    for (double r = rho0; r >= 0.03 - 1e-12; r -= 0.01) grid.push_back(std::max(r, 0.03));
    const auto curve = cost_curve(32, 0.05, rho0, grid, 0.99999);
    for (std::size_t i = 1; i < curve.size(); ++i) CHECK(curve[i].cost <= curve[i - 1].cost);
  }
}

TEST_CASE("the cheapest plan is no worse than any plan on a fine grid", "[halley][cost]") {
  const auto s = cheapest_plan(32, 0.05, 0.15, 0.999);
  for (double r = 0.03; r <= 0.15; r += 0.0025) CHECK(s.cheapest.cost <= plan_at(32, 0.05, 0.15, r, 0.999).cost + 1e-9);
  CHECK(coverage(32, s.cheapest.spares, 0.05, s.cheapest.rho) >= 0.999);
}

TEST_CASE("cost functions refuse bad input", "[halley][cost][validation]") {
  CHECK_THROWS_AS(separation_cost(32, 0.15, 0.01), std::invalid_argument);  // below the floor
  CHECK_THROWS_AS(separation_cost(32, 0.15, 0.2), std::invalid_argument);   // above rho0
  // the parameters are named as the tool's flags: rho0 is --rho, the model's reference_rho is --premium-from
  CHECK_THROWS_WITH(separation_cost(32, 0.15, 0.2),
                    Catch::StartsWith("separation_cost: rho_new = ") && Catch::EndsWith(" (rho))"));
  CHECK_THROWS_WITH(cheapest_plan(32, 0.05, 0.01, 0.999), Catch::StartsWith("cheapest_plan: rho = 0.01 is out of range"));
  cost_model from;
  from.reference_rho = 0.02;
  CHECK_THROWS_WITH(cheapest_plan(32, 0.05, 0.15, 0.999, from),
                    "cheapest_plan: premium_from = 0.02 is out of range (accepted: above the floor and below 1)");
  cost_model bad;
  bad.price = -1;
  CHECK_THROWS_AS(cheapest_plan(32, 0.05, 0.15, 0.99999, bad), std::invalid_argument);
  bad = {};
  bad.premium = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(cheapest_plan(32, 0.05, 0.15, 0.99999, bad), std::invalid_argument);
  CHECK_THROWS_AS(cheapest_plan(32, 0.05, 0.02, 0.99999), std::invalid_argument);
  CHECK_THROWS_AS(cheapest_plan(32, 0.05, 0.15, 1.0), std::invalid_argument);
}

TEST_CASE("active_capital and separation_price: $48,000 of active lasers, $800 per 0.01", "[halley][cost]") {
  CHECK(active_capital(32) == 48000);
  CHECK(cost_model{}.premium * active_capital(32) == Approx(separation_cost(32, 0.15, 0.03)));  // the $9,600 premium
  CHECK(separation_price(32, 0.01) == Approx(800));
  // Independently: the prorated price is the cost of the partial move it prices.
  for (double d : {0.0, 0.01, 0.05, 0.12})
    CHECK(separation_price(32, d) == Approx(separation_cost(32, 0.15, 0.15 - d)).margin(1e-9));
  CHECK_THROWS_AS(separation_price(32, -0.01), std::invalid_argument);
  CHECK_THROWS_AS(active_capital(0), std::invalid_argument);
}

}  // namespace cost_test
