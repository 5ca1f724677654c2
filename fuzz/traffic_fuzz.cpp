// libFuzzer harness: the traffic-file reader (io/traffic_file.hpp read_traffic_text) and the
// exact throughput (metrics/flow/throughput.hpp measure_throughput) of what it accepts.
// Input: byte 0 picks the vertex count n = 2 + b % 11 (2..12); the rest is the file's text.
// Properties:
//   - read_traffic_text either throws io::file_error (a std::invalid_argument) with a one-line
//     message, or returns lines whose ids are below n, whose source and target differ, whose
//     pairs are distinct and whose demands are normal doubles (2.2250738585072014e-308 to
//     1.7976931348623157e308: no subnormal, no 0, no infinity); the traffic matrix takes them;
//   - on a ring of n vertices with chords (v, v + 2), measure_throughput either refuses in one
//     line (std::invalid_argument: demands more than 1e12 apart, or a θ outside the normal
//     doubles) or returns an exact, finite, positive θ with its certificates, never an internal
//     error (a std::runtime_error: CLP's status);
//   - θ(2T) = θ(T)/2 exactly (a power of two: the same scaled LP); when 3T is accepted, the
//     certified intervals of θ(T) and θ(3T)·3 overlap (to rounding, 1e-12), and the two values
//     agree to twice throughput_lp_tolerance (1e-7: each is θ to that, not closer; demands of 4,
//     0.25 and 5e7 on 8 vertices gave values 5e-9 apart, both inside their certificates).
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"
#include "shiftfly/io/traffic_file.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace io = shiftfly::io;
namespace m = shiftfly::metrics;
using shiftfly::fuzz::require;

namespace {
shiftfly::core::graph<std::uint32_t> ring_with_chords(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (n > 2 || v == 0) e.push_back({v, (v + 1) % n});
    if (n > 4) e.push_back({v, (v + 2) % n});
  }
  return shiftfly::core::graph<std::uint32_t>::from_edges(n, e);
}

// θ of `T` on g and its certificates, or a negative value if refused as bad input (the refusal
// checked to be one line)
m::throughput_lp_result theta(const shiftfly::core::graph<std::uint32_t>& g, const m::traffic_matrix& T,
                              const std::string& text) {
  try {
    const auto r = m::throughput_lp(g, T);
    require(std::isfinite(r.value) && r.value >= std::numeric_limits<double>::min(), "theta is a normal double", text);
    require(r.lower_certificate <= r.value && r.value <= r.dual_bound * (1 + 1e-12),
            "theta lies between its certificates (to rounding, 1e-12)", text);
    return r;
  } catch (const m::throughput_lp_unsolved& e) {
    require(false, "CLP's answer is certified on a graph this small", text + "\n" + e.what());
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
  }
  m::throughput_lp_result refused;
  refused.value = -1.0;
  return refused;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  shiftfly::fuzz::bytes in{data, size};
  const std::uint32_t n = 2 + in.take() % 11;
  const std::string text(in.rest());
  std::vector<io::traffic_line> lines;
  try {
    lines = io::read_traffic_text(text, "T.txt", n);
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
    return 0;
  }
  std::set<std::pair<std::uint64_t, std::uint64_t>> pairs;
  for (const auto& l : lines) {
    require(l.source < n && l.target < n && l.source != l.target, "ids below n, source != target", text);
    require(pairs.insert({l.source, l.target}).second, "each pair at most once", text);
    require(std::isfinite(l.demand) && l.demand >= std::numeric_limits<double>::min(), "demands are normal doubles",
            text);
  }
  m::traffic_matrix T;
  try {
    T = m::traffic_from_lines(n, lines);
  } catch (const std::invalid_argument& e) {
    require(false, "the traffic matrix takes what the reader accepts", text + "\n" + e.what());
  }
  if (lines.size() > 24) return 0;  // keep the LP runs short
  const auto g = ring_with_chords(n);
  const auto base = theta(g, T, text);
  if (base.value < 0) return 0;
  const auto scaled = [&](double c) {
    auto e = T.entries();
    for (auto& x : e) x.demand *= c;
    return m::traffic_matrix::from_entries(n, e);
  };
  if (T.max_demand() <= std::numeric_limits<double>::max() / 4) {
    const double two = theta(g, scaled(2.0), text).value;
    require(two < 0 || two == base.value / 2, "theta(2T) = theta(T)/2 exactly", text);
    const auto three = theta(g, scaled(3.0), text);
    if (three.value >= 0) {
      require(three.lower_certificate * 3 <= base.dual_bound * (1 + 1e-12) &&
                  base.lower_certificate <= three.dual_bound * 3 * (1 + 1e-12),
              "the certified intervals of theta(T) and theta(3T) * 3 overlap (to rounding, 1e-12)", text);
      require(std::fabs(three.value * 3 - base.value) <= 2 * m::throughput_lp_tolerance * base.value,
              "theta(3T) * 3 = theta(T) to twice throughput_lp_tolerance", text);
    }
  }
  return 0;
}
