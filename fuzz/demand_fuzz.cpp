// libFuzzer harness: the demand-matrix reader (halley/fold_fit.hpp
// parse_demand_csv) and FoldFit on what it accepts.
// Input: byte 0 picks the channels m (1..8), byte 1 the bisection steps q
// (0..12), byte 2 the expert-parallel block (0..3); the rest is the CSV text.
// Properties:
//   - parse_demand_csv either throws std::invalid_argument with a one-line
//     message, or returns what an independent reading of the documented format
//     gives (one row per line, comma-separated non-negative integers, blanks and
//     tabs around an item ignored, lines ending in \n, \r\n or \r, blank lines skipped,
//     every row the same length, entries at most 10^12, at least one row);
//   - the accepted matrix written back as CSV parses to the same matrix;
//   - on small accepted matrices (at most 64 entries) FoldFit returns a valid
//     schedule (every job on a channel below m, loads and makespan consistent,
//     makespan at most the deadline T*, T* at least the lower bound), and with
//     at most 9 jobs LPT, list scheduling and MULTIFIT stay within their
//     guarantees against the exact optimum.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "shiftfly/halley/fold_fit.hpp"

namespace h = shiftfly::halley;
using shiftfly::fuzz::require;

namespace {

// Independent reading of the documented CSV format; nothing when malformed.
std::optional<h::demand_matrix> oracle(std::string_view text) {
  h::demand_matrix d;
  std::size_t start = 0;
  while (start <= text.size()) {
    // a line ends at \n, at \r\n, or at a \r not followed by \n
    std::size_t end = start;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    std::string_view line = text.substr(start, end - start);
    start = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    std::vector<std::uint64_t> row;
    std::size_t from = 0;
    while (true) {
      const std::size_t comma = line.find(',', from);
      std::string_view item = line.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from);
      while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
      while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
      if (item.empty()) return std::nullopt;
      if (item.size() > 1 && item[0] == '0') return std::nullopt;  // the one integer grammar: no leading zero
      std::uint64_t v = 0;
      for (char c : item) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + static_cast<std::uint64_t>(c - '0');
        if (v > h::max_demand) return std::nullopt;
      }
      row.push_back(v);
      if (comma == std::string_view::npos) break;
      from = comma + 1;
    }
    if (d.rows == 0) d.cols = row.size();
    else if (row.size() != d.cols) return std::nullopt;
    d.entries.insert(d.entries.end(), row.begin(), row.end());
    ++d.rows;
  }
  if (d.rows == 0) return std::nullopt;
  return d;
}

std::string to_csv(const h::demand_matrix& d) {
  std::string s;
  for (std::size_t i = 0; i < d.rows; ++i)
    for (std::size_t j = 0; j < d.cols; ++j) s += std::to_string(d.at(i, j)) + (j + 1 < d.cols ? "," : "\n");
  return s;
}

bool same(const h::demand_matrix& a, const h::demand_matrix& b) {
  return a.rows == b.rows && a.cols == b.cols && a.entries == b.entries;
}

void check_schedule(const h::schedule& s, std::span<const std::uint64_t> jobs, std::uint64_t m) {
  require(s.channel.size() == jobs.size() && s.loads.size() == m, "schedule sizes");
  std::vector<std::uint64_t> loads(m, 0);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    require(s.channel[i] < m, "every job on a channel below m");
    loads[s.channel[i]] += jobs[i];
  }
  require(loads == s.loads, "loads are the sums of their jobs");
  require(s.makespan == *std::max_element(loads.begin(), loads.end()), "makespan is the largest load");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  shiftfly::fuzz::bytes in{data, size};
  const std::uint64_t m = 1 + in.take() % 8;
  const unsigned steps = in.take() % 13;
  const std::size_t block = in.take() % 4;
  const std::string_view text = in.rest();

  const auto expected = oracle(text);
  std::optional<h::demand_matrix> got;
  try {
    got = h::parse_demand_csv(text);
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
  }
  require(got.has_value() == expected.has_value(), "parse_demand_csv accepts exactly the documented format",
          std::string(text));
  if (!got) return 0;
  const auto& d = *got;
  require(same(d, *expected), "parse_demand_csv reads the documented values", std::string(text));
  require(d.rows >= 1 && d.cols >= 1 && d.entries.size() == d.rows * d.cols, "matrix dimensions");
  for (auto v : d.entries) require(v <= h::max_demand, "entries at most 10^12");
  require(same(h::parse_demand_csv(to_csv(d)), d), "CSV written back parses to the same matrix", to_csv(d));

  if (d.entries.size() > 64) return 0;
  const auto r = h::fold_fit(d, m, steps, block);
  check_schedule(r.search.packing, r.jobs, m);
  require(static_cast<double>(r.search.packing.makespan) <= r.search.deadline, "FFD's makespan <= T*");
  require(r.search.deadline >= r.search.bounds.bound, "T* >= T_lb");
  require(r.search.deadline <= r.search.upper, "T* <= T_hi");
  require(static_cast<double>(r.search.bounds.busiest_port) <= r.search.bounds.bound, "T_lb includes the busiest port");
  if (r.jobs.size() <= 9) {
    const double opt = static_cast<double>(h::optimal_makespan(r.jobs, m));
    const double eps = 1e-9 * std::max(1.0, opt);
    require(static_cast<double>(r.lpt_makespan) <= h::lpt_bound(m) * opt + eps, "LPT within 4/3 - 1/(3m)");
    require(static_cast<double>(r.list_makespan) <= h::list_bound(m) * opt + eps, "list within 2 - 1/m");
    require(static_cast<double>(r.lpt_makespan) >= opt && static_cast<double>(r.list_makespan) >= opt,
            "no schedule beats the optimum");
    // MULTIFIT (Yue 1990): T* <= max(T_lb, 13/11 OPT) + 2^-q OPT
    const double busiest = static_cast<double>(r.search.bounds.busiest_port);
    require(r.search.deadline <= std::max(busiest, 13.0 / 11.0 * opt) + std::ldexp(opt, -static_cast<int>(steps)) + eps,
            "MULTIFIT within (13/11 + 2^-q) OPT of the port-bounded start");
  }
  return 0;
}
