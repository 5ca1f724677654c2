// studies/field_instances.hpp: the rule that picks the field tables' instances, checked
// against a brute-force scan written from the families' definitions, and the measured
// instances against the closed forms.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/studies/field_instances.hpp"
#include "shiftfly/topology/families.hpp"

namespace field_instances_test {

namespace fst = shiftfly::studies;

namespace {

bool field_test_prime_power(std::uint64_t q) {
  if (q < 2) return false;
  std::uint64_t p = 2;
  while (q % p != 0) ++p;  // smallest prime factor
  while (q % p == 0) q /= p;
  return q == 1;
}

struct field_test_pick {
  std::uint64_t routers = 0, radix = 0;
};

// Brute force over the families' definitions: most routers within both limits, then highest radix.
field_test_pick field_test_best(fst::field_family f, std::uint64_t max_radix, std::uint64_t max_routers) {
  field_test_pick best;
  const auto offer = [&](std::uint64_t routers, std::uint64_t radix) {
    if (radix > max_radix || routers > max_routers) return;
    if (routers > best.routers || (routers == best.routers && radix > best.radix)) best = {routers, radix};
  };
  for (std::uint64_t q = 2; q <= 2 * max_radix; ++q) {
    if (!field_test_prime_power(q)) continue;
    if (f == fst::field_family_of("polarfly")) offer(q * q + q + 1, q + 1);
    if (f == fst::field_family_of("slimfly") && q % 4 != 2) {
      const std::int64_t delta = q % 4 == 1 ? 1 : (q % 4 == 3 ? -1 : 0);
      offer(2 * q * q, static_cast<std::uint64_t>((3 * static_cast<std::int64_t>(q) - delta) / 2));
    }
  }
  if (f == fst::field_family_of("dragonfly"))
    for (std::uint64_t h = 1; h <= max_radix; ++h) offer(2 * h * (2 * h * h + 1), 3 * h - 1);
  if (f == fst::field_family_of("hyperx"))
    for (std::uint64_t s = 2; s <= max_radix + 1; ++s) {
      std::uint64_t n = 1;
      for (std::uint64_t l = 1; l <= 4 && n * s <= max_routers; ++l) {
        n *= s;
        offer(n, l * (s - 1));
      }
    }
  if (f == fst::field_family_of("fat-tree"))
    for (std::uint64_t k = 2; k <= max_radix; k += 2) offer(5 * k * k / 4, k);
  return best;
}

}  // namespace

TEST_CASE("choose_instance agrees with a brute-force scan of the definitions", "[field]") {
  for (auto f : {fst::field_family_of("polarfly"), fst::field_family_of("slimfly"), fst::field_family_of("dragonfly"),
                 fst::field_family_of("hyperx"), fst::field_family_of("fat-tree")})
    for (std::uint64_t radix : {4u, 8u, 13u, 24u, 40u, 64u})
      for (std::uint64_t routers : {50u, 999u, 1000u, 10000u, 20000u}) {
        CAPTURE(fst::field_family_name(f), radix, routers);
        const auto pick = fst::choose_instance(f, radix, routers);
        const auto expected = field_test_best(f, radix, routers);
        if (expected.routers == 0) {
          CHECK_FALSE(pick.has_value());
          continue;
        }
        REQUIRE(pick.has_value());
        CHECK(pick->routers == expected.routers);
        CHECK(pick->radix == expected.radix);
      }
}

TEST_CASE("the instances of the equal-radix table", "[field]") {
  const auto params = [](fst::field_family f, std::uint64_t n) { return fst::choose_instance(f, 40, n)->parameters; };
  CHECK(params(fst::field_family_of("polarfly"), 10000) == "q = 37");
  CHECK(params(fst::field_family_of("polarfly"), 1000) == "q = 31");
  CHECK(params(fst::field_family_of("slimfly"), 10000) == "q = 25");
  CHECK(params(fst::field_family_of("slimfly"), 1000) == "q = 19");
  CHECK(params(fst::field_family_of("dragonfly"), 10000) == "a = 26, h = 13, g = 339");
  CHECK(params(fst::field_family_of("dragonfly"), 1000) == "a = 12, h = 6, g = 73");
  CHECK(params(fst::field_family_of("hyperx"), 10000) == "S = 10x10x10x10");
  CHECK(params(fst::field_family_of("hyperx"), 1000) == "S = 10x10x10");
  CHECK(params(fst::field_family_of("fat-tree"), 10000) == "k = 40");
  CHECK(params(fst::field_family_of("jellyfish"), 1000) == "N = 1000, r = 40, seed 1");
  CHECK(params(fst::field_family_of("shiftfly"), 1000) == "G = 1000, ports = 40");
  CHECK(fst::choose_instance(fst::field_family_of("boardfly"), 40, 10000)->routers == 10000);
  CHECK_FALSE(fst::choose_instance(fst::field_family_of("boardfly"), 39, 10000).has_value());
  CHECK_FALSE(fst::choose_instance(fst::field_family_of("jellyfish"), 40, 40).has_value());
}

TEST_CASE("measured instances match their closed forms", "[field]") {
  for (auto f : fst::field_families()) {
    // Boardfly: radix 40; 400 routers hold the smallest SpectralFly, X^{5,7} (336)
    const auto inst = fst::choose_instance(f, f == fst::field_family_of("boardfly") ? 40 : 8, 400);
    REQUIRE(inst.has_value());
    CAPTURE(fst::field_family_name(f), inst->parameters);
    const auto m = fst::measure_instance(*inst, true, {1});
    CHECK(m.routers == inst->routers);
    CHECK(m.radix <= inst->radix);
    CHECK(m.distance.exact);
    CHECK_FALSE(m.distance.disconnected);
    REQUIRE(m.gap.has_value());
    CHECK(m.gap->gap > 0.0);
  }
  // PolarFly and Slim Fly have diameter 2 (Lakhotia et al.; Besta and Hoefler)
  const auto pf = fst::measure_instance(*fst::choose_instance(fst::field_family_of("polarfly"), 12, 1000), false, {1});
  CHECK(pf.routers == 133);  // q = 11
  CHECK(pf.distance.diameter == 2);
  CHECK(pf.radix == 12);
  const auto sf = fst::measure_instance(*fst::choose_instance(fst::field_family_of("slimfly"), 7, 1000), false, {1});
  CHECK(sf.routers == 50);  // q = 5: the Hoffman-Singleton graph
  CHECK(sf.distance.diameter == 2);
}

TEST_CASE("field_candidates refuses limits out of range, naming them", "[field][errors]") {
  const auto parameter_of = [](std::uint64_t radix, std::uint64_t routers) {
    try {
      (void)fst::field_candidates(fst::field_family_of("polarfly"), radix, routers);
    } catch (const shiftfly::core::invalid_parameter& e) {
      return e.parameter();
    }
    return std::string("(accepted)");
  };
  CHECK(parameter_of(0, 100) == "max_radix");
  CHECK(parameter_of(fst::field_max_radix + 1, 100) == "max_radix");
  CHECK(parameter_of(8, 1) == "max_routers");
  CHECK(parameter_of(8, fst::field_max_routers + 1) == "max_routers");
  CHECK(parameter_of(8, 100) == "(accepted)");
}

TEST_CASE("the field families come from the descriptors, in the tables' order", "[field]") {
  std::vector<std::string> names;
  for (auto f : fst::field_families()) names.emplace_back(fst::field_family_name(f));
  // by rank (Shiftfly 0, Boardfly 1, the others 2), then in registry order
  std::vector<std::pair<int, std::string>> ranked;
  for (const auto* f : shiftfly::topology::families())
    if (f->field) ranked.emplace_back(f->field->rank, f->field->display_name);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> expected;
  for (const auto& r : ranked) expected.push_back(r.second);
  CHECK(names == expected);
  REQUIRE(names.size() >= 8);
  CHECK(std::vector<std::string>(names.begin(), names.begin() + 8) ==
        std::vector<std::string>{"Shiftfly", "Boardfly", "PolarFly", "Slim Fly", "Dragonfly", "HyperX", "Fat tree",
                                 "Jellyfish"});
  CHECK(fst::size_is_free(fst::field_family_of("jellyfish")));
  CHECK_FALSE(fst::size_is_free(fst::field_family_of("polarfly")));
  CHECK_THROWS_WITH(fst::field_family_of("kautz"), Catch::StartsWith("field_family_of: family = 'kautz' is out of range"));
}

}  // namespace field_instances_test
