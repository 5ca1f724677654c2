// Every family's parameter ranges are data (topology/descriptor.hpp: min, max, rule, range_at),
// and the generators' messages state exactly that data: for every family of the registry and
// every unsigned parameter (and every list's items), at the family's example values, a value just
// outside the exact range is refused naming the parameter with range_text(exact_range(...)) as the
// accepted range, and stated_range (what Python names) is the same text. The exact range lies within
// the descriptor's static [min, max] (--help's).
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"

namespace parameter_ranges_test {

namespace {

namespace topology = shiftfly::topology;

constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();

/// The values with `id` (its first item, for a list) set to `v`.
topology::parameter_values with(topology::parameter_values values, const topology::parameter_descriptor& p, std::uint64_t v) {
  auto& value = values.find(p.id)->second;
  if (p.kind == topology::parameter_kind::unsigned_list) std::get<std::vector<std::uint64_t>>(value).at(0) = v;
  else value = v;
  return values;
}

}  // namespace

TEST_CASE("every family's messages state its parameter ranges' data", "[topology][ranges]") {
  std::size_t checked = 0;
  for (const auto* f : topology::families()) {
    const auto base = topology::complete({f->name, f->example}).values;
    for (const auto& p : f->parameters) {
      if (p.kind == topology::parameter_kind::choice) continue;
      const auto range = topology::exact_range(p, base);
      const std::string text = topology::range_text(range);
      INFO(f->name << " " << p.id << ": data " << text);
      CHECK(p.min <= range.min);
      CHECK(range.max <= p.max);
      CHECK(range.min <= range.max);
      const std::optional<std::size_t> position =
          p.kind == topology::parameter_kind::unsigned_list ? std::optional<std::size_t>(0) : std::nullopt;
      CHECK(topology::stated_range({f->name, base}, p.id, position) == text);
      std::vector<std::uint64_t> outside;
      // 0 where it stands for a default computed from the others (Dragonfly's groups: a*h+1) is accepted
      const auto* stand_in = p.default_value ? std::get_if<std::uint64_t>(&*p.default_value) : nullptr;
      const bool zero_stands_in = !p.default_text.empty() && stand_in && *stand_in == 0;
      if (range.min > 0) outside.push_back(range.min - 1);
      if (range.min > 1 && !zero_stands_in) outside.push_back(0);
      if (range.max < top) outside.insert(outside.end(), {range.max + 1, top});
      const std::string item = p.kind == topology::parameter_kind::unsigned_list ? p.id + " item" : p.id;
      for (const auto v : outside) {
        INFO("value " << v);
        try {
          f->make(with(base, p, v));
          FAIL("accepted");
        } catch (const shiftfly::core::invalid_parameter& e) {
          CHECK(e.parameter() == item);
          CHECK(e.accepted() == text);
          ++checked;
        }
      }
    }
  }
  CHECK(checked >= 60);  // the registry's sixteen families, their numeric parameters at both ends
}

TEST_CASE("a range that depends on other values is stated at them", "[topology][ranges]") {
  const auto& kautz = topology::family_named("kautz", "test");
  const auto at = [&](std::uint64_t d) {
    return topology::range_text(topology::exact_range(*kautz.parameter("D"), {{"d", d}, {"D", std::uint64_t{3}}}));
  };
  CHECK(at(2) == "1 to 31 at d = 2, so that (d+1)d^(D-1) vertices fit a 32-bit vertex id");
  CHECK(at(20) == "1 to 7 at d = 20, so that (d+1)d^(D-1) vertices fit a 32-bit vertex id");
  CHECK(at(1) == "1 to 63");  // d itself out of range: D's range at any d
  const auto& fat_tree = topology::family_named("fat-tree", "test");
  CHECK(topology::range_text(topology::exact_range(*fat_tree.parameter("k"), {})) == "an even number from 2 to 2000000");
  CHECK(topology::range_text({1, top, {}, {}}) == "at least 1");
  CHECK(topology::range_text({0, top, {}, {}}) == "0 to 18446744073709551615");
}

}  // namespace parameter_ranges_test
