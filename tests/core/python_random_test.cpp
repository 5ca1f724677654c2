// Tests for core/python_random.hpp against streams recorded from CPython 3.11
// (tests/fixtures/python_random/make_fixtures.py made streams.txt).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/core/python_random.hpp"

namespace python_random_test {

using shiftfly::core::python_random;

namespace {
struct fixture_line {
  std::uint64_t seed;
  std::string what;
  std::vector<std::string> values;
};

std::vector<fixture_line> load() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/python_random/streams.txt");
  REQUIRE(in.good());
  std::vector<fixture_line> lines;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    fixture_line f;
    is >> f.seed >> f.what;
    std::string v;
    while (is >> v) f.values.push_back(v);
    lines.push_back(std::move(f));
  }
  return lines;
}

std::uint64_t u64(const std::string& s) { return std::stoull(s); }
}  // namespace

TEST_CASE("python_random reproduces CPython's streams bit for bit", "[rng]") {
  const auto lines = load();
  REQUIRE(lines.size() > 100);
  std::size_t checked = 0;
  for (const auto& f : lines) {
    INFO("seed " << f.seed << " " << f.what);
    python_random r(f.seed);
    if (f.what == "random" || f.what == "uniform") {
      for (const auto& v : f.values) {
        const double expected = std::strtod(v.c_str(), nullptr);
        const double got = f.what == "random" ? r.random() : r.uniform(-1.0, 1.0);
        REQUIRE(got == expected);  // exact: repr() round-trips doubles
      }
    } else if (f.what.rfind("getrandbits", 0) == 0) {
      const unsigned k = static_cast<unsigned>(std::stoul(f.what.substr(11)));
      for (const auto& v : f.values) REQUIRE(r.getrandbits(k) == u64(v));
    } else if (f.what.rfind("randrange", 0) == 0) {
      const std::uint64_t n = u64(f.what.substr(9));
      for (const auto& v : f.values) REQUIRE(r.randrange(n) == u64(v));
    } else if (f.what == "shuffle100") {
      std::vector<int> x(100);
      for (int i = 0; i < 100; ++i) x[i] = i;
      r.shuffle(x);
      for (std::size_t i = 0; i < 100; ++i) REQUIRE(x[i] == std::stoi(f.values[i]));
    } else if (f.what.rfind("sample", 0) == 0) {
      const auto us = f.what.find('_');
      const std::uint64_t n = u64(f.what.substr(6, us - 6)), k = u64(f.what.substr(us + 1));
      const auto s = r.sample_range(n, k);
      REQUIRE(s.size() == f.values.size());
      for (std::size_t i = 0; i < s.size(); ++i) REQUIRE(s[i] == u64(f.values[i]));
    } else if (f.what == "choice") {
      std::vector<int> seq(37);
      for (int i = 0; i < 37; ++i) seq[i] = i;
      for (const auto& v : f.values) REQUIRE(r.choice(std::span<const int>(seq)) == std::stoi(v));
    } else {
      FAIL("unknown fixture kind " << f.what);
    }
    ++checked;
  }
  CHECK(checked == lines.size());
}

TEST_CASE("python_random refuses bad arguments", "[rng]") {
  python_random r(1);
  CHECK_THROWS_AS(r.randrange(0), std::invalid_argument);
  CHECK_THROWS_AS(r.getrandbits(65), std::invalid_argument);
  CHECK_THROWS_AS(r.sample_range(3, 4), std::invalid_argument);
  CHECK_THROWS_AS(r.randrange(5, 5), std::invalid_argument);
}

}  // namespace python_random_test
