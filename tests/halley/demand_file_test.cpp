// halley/demand_file.hpp with io::read_named_file: a demand file is read (io) and parsed (halley), and every bad file is
// one std::invalid_argument line naming the flag and the path.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "shiftfly/halley/demand_file.hpp"
#include "shiftfly/io/file_text.hpp"

namespace demand_file_test {

namespace h = shiftfly::halley;

namespace {
// As the tool reads it: io reads the file, halley parses the text.
h::demand_matrix read_demand_csv_file(const std::string& path, std::string_view param) {
  return h::read_demand_csv_text(
      shiftfly::io::read_named_file("read_demand_csv_file", param, path, "a CSV file", h::max_demand_file_bytes), path,
      param);
}
}  // namespace

TEST_CASE("read_demand_csv_file reads a valid matrix", "[halley][demand_file]") {
  const auto d = read_demand_csv_file(std::string(SHIFTFLY_FIXTURES) + "/bad/ok_demand.csv", "--demand");
  CHECK(d.rows == 3);
  CHECK(d.cols == 3);
  CHECK(d.entries == std::vector<std::uint64_t>{3, 1, 0, 2, 2, 5, 0, 4, 1});
}

TEST_CASE("read_demand_csv_file refuses missing, unreadable and malformed files naming the flag", "[halley][demand_file]") {
  const std::string bad = std::string(SHIFTFLY_FIXTURES) + "/bad/";
  using Catch::Contains;
  CHECK_THROWS_WITH(read_demand_csv_file("", "--demand"), Contains("--demand is empty"));
  CHECK_THROWS_WITH(read_demand_csv_file("/nonexistent-shiftfly/d.csv", "--demand"), Contains("does not exist"));
  CHECK_THROWS_WITH(read_demand_csv_file(bad, "--demand"), Contains("is a directory"));
  CHECK_THROWS_WITH(read_demand_csv_file("/dev/null", "--demand"), Contains("is not a regular file"));
  for (const char* f : {"empty.csv", "blank.csv", "ragged.csv", "negative.csv", "header.csv", "real.csv", "empty_item.csv",
                        "trailing_comma.csv", "semicolon.csv", "above_max.csv", "overflow.csv", "binary.csv",
                        "inner_blank.csv", "hex.csv", "plus.csv"}) {
    INFO(f);
    try {
      read_demand_csv_file(bad + f, "--demand");
      FAIL("accepted " << f);
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      CHECK(what.rfind("read_demand_csv_file: --demand = '" + bad + f + "': ", 0) == 0);
      CHECK(what.find('\n') == std::string::npos);
    }
  }
}

}  // namespace demand_file_test
