// The differential test of the throughput: the library's exact LP (COIN-OR CLP, source-
// aggregated) and its (1+eps) interval against SciPy's HiGHS on the per-pair formulation, on
// the random graphs and demand files of tests/fixtures/differential (make_differential.py
// beside them writes them and solves the LPs). For a demand file scaled by c the reference
// is the identity theta(c T) = theta(T) / c: the library must give it at every scale, or, at
// the extreme scales only, refuse the file in one line (std::invalid_argument); a solver
// status or any other exception is a failure.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/io/traffic_file.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace differential_throughput_test {

namespace {
namespace differential_throughput {

namespace m = shiftfly::metrics;
using graph = shiftfly::core::graph<std::uint32_t>;

struct lp_case {
  std::string name, base, scale;  // base and scale: a scaled copy of base's demands
  bool must = true;               // false: an extreme scale, where a refusal is accepted
  double theta = 0;               // HiGHS (plain cases)
};

struct lp_fixture {
  std::map<std::string, graph> graphs;
  std::vector<lp_case> cases;
};

const lp_fixture& load() {
  static const lp_fixture f = [] {
    lp_fixture out;
    const std::string path = std::string(SHIFTFLY_FIXTURES) + "/differential/lp.txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream is(line);
      std::string kind, name;
      is >> kind >> name;
      if (kind == "graph") {
        std::uint64_t n = 0, e = 0;
        is >> n >> e;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> edges(e);
        for (auto& [u, v] : edges) is >> u >> v;
        out.graphs.emplace(name, graph::from_edges(n, edges, name));
      } else if (kind == "theta") {
        lp_case c;
        c.name = name;
        is >> c.theta;
        out.cases.push_back(c);
      } else if (kind == "scaled") {
        lp_case c;
        c.name = name;
        std::string how;
        is >> c.base >> c.scale >> how;
        c.must = how == "must";
        out.cases.push_back(c);
      } else {
        throw std::runtime_error("lp.txt: bad line " + line);
      }
    }
    return out;
  }();
  return f;
}

std::string demand_path(const std::string& name) {
  return std::string(SHIFTFLY_FIXTURES) + "/differential/demands/" + name + ".txt";
}

const graph& graph_of(const lp_case& c) { return load().graphs.at(c.base.empty() ? c.name : c.base); }

double theta_of(const std::string& name) {
  for (const auto& c : load().cases)
    if (c.name == name) return c.theta;
  throw std::runtime_error("lp.txt: no case " + name);
}

/// |got - want| within 1e-6 relative (absolute 1e-12 when want is 0).
bool close(double got, double want) { return std::abs(got - want) <= 1e-6 * std::abs(want) + (want == 0 ? 1e-12 : 0); }

m::throughput_mwu_options interval_options() {
  m::throughput_mwu_options o;
  o.epsilon = 0.05;
  o.threads = 1;
  return o;
}

/// The interval contains want (to 1e-6 relative: the LP's own tolerance) and, when it
/// converged, is no wider than asked.
void check_interval(double lower, double upper, bool converged, double eps, double want) {
  INFO("interval [" << lower << ", " << upper << "], reference " << want);
  CHECK(lower <= want * (1 + 1e-6) + 1e-300);
  CHECK(upper >= want * (1 - 1e-6));
  CHECK(lower <= upper);
  if (converged) CHECK(upper <= (1 + eps) * lower * (1 + 1e-12));
}

// A demand file as the tools read it: io reads the lines, the matrix is made from them.
inline m::traffic_matrix read_demands(const std::string& path, std::uint64_t n) {
  return m::traffic_from_lines(n, shiftfly::io::read_traffic_file(path, n), "file " + shiftfly::io::display_name(path));
}

}  // namespace differential_throughput
}  // namespace

TEST_CASE("differential: the exact LP equals HiGHS on random graphs and demand files", "[differential]") {
  using namespace differential_throughput;
  int exact = 0, zero = 0;
  for (const auto& c : load().cases) {
    if (!c.base.empty() || c.name.rfind("big", 0) == 0) continue;
    INFO("case " << c.name << ", HiGHS theta = " << c.theta);
    const graph& g = graph_of(c);
    try {
      const auto T = read_demands(demand_path(c.name), g.num_vertices());
      const auto lp = m::throughput_lp(g, T);
      CHECK(close(lp.value, c.theta));
      // the same file through the tools' entry point, which picks the exact LP at this size
      m::throughput_request r;
      r.pattern = m::traffic_pattern::file;
      r.matrix = read_demands(demand_path(c.name), g.num_vertices());
      r.threads = 1;
      const auto got = m::measure_throughput(g, r);
      CHECK(got.method == "exact");
      CHECK(got.lower == lp.value);
      CHECK(got.upper == lp.value);
      ++exact;
      zero += c.theta == 0;
    } catch (const std::exception& e) {
      FAIL_CHECK("threw: " << e.what());
    }
  }
  CHECK(exact >= 36);
  CHECK(zero >= 2);  // disconnected demands: theta = 0
}

TEST_CASE("differential: the (1+eps) interval contains the HiGHS value", "[differential]") {
  using namespace differential_throughput;
  int direct = 0, chosen = 0;
  for (const auto& c : load().cases) {
    if (!c.base.empty()) continue;
    INFO("case " << c.name << ", HiGHS theta = " << c.theta);
    const graph& g = graph_of(c);
    if (c.name == "big0") {
      // too large for the exact LP: measure_throughput gives the interval (the distance bound may tighten its top)
      m::throughput_request r;
      r.pattern = m::traffic_pattern::file;
      r.matrix = read_demands(demand_path(c.name), g.num_vertices());
      r.threads = 1;
      const auto got = m::measure_throughput(g, r);
      CHECK(got.lp_variables > m::throughput_lp_max_variables);
      CHECK(got.method == "interval");
      check_interval(got.lower, got.upper, got.upper <= (1 + got.epsilon) * got.lower, got.epsilon, c.theta);
      ++chosen;
      continue;
    }
    if (c.name == "big1") {
      // as large, but the interval does not reach eps = 0.05 within the default 10,000 rounds
      // (about 25 s; it stalls near [2.6662, 2.8653] around theta = 2.6667): both ends are
      // certificates after any number of rounds, so 200 rounds are checked
      const auto T = read_demands(demand_path(c.name), g.num_vertices());
      CHECK(m::throughput_lp_variables(T.sources_with_demand().size(), 2 * g.num_edges()) >
            m::throughput_lp_max_variables);
      auto o = interval_options();
      o.max_rounds = 200;
      const auto iv = m::throughput_mwu(g, T, o);
      check_interval(iv.lower, iv.upper, iv.converged, iv.epsilon, c.theta);
      ++chosen;
      continue;
    }
    try {
      const auto T = read_demands(demand_path(c.name), g.num_vertices());
      const auto iv = m::throughput_mwu(g, T, interval_options());
      check_interval(iv.lower, iv.upper, iv.converged, iv.epsilon, c.theta);
      ++direct;
    } catch (const std::exception& e) {
      FAIL_CHECK("threw: " << e.what());
    }
  }
  CHECK(direct >= 36);
  CHECK(chosen == 2);
}

TEST_CASE("differential: scaled demand files give theta(T)/c, or at extreme scales a one-line refusal", "[differential]") {
  using namespace differential_throughput;
  int solved = 0;
  for (const auto& c : load().cases) {
    if (c.base.empty()) continue;
    const double want = theta_of(c.base) / std::stod(c.scale);
    INFO("case " << c.name << ": demands of " << c.base << " times " << c.scale << ", reference theta = " << want);
    const graph& g = graph_of(c);
    for (const bool exact : {true, false}) {
      INFO((exact ? "exact LP" : "interval"));
      try {
        const auto T = read_demands(demand_path(c.name), g.num_vertices());
        if (exact) {
          CHECK(close(m::throughput_lp(g, T).value, want));
        } else {
          const auto iv = m::throughput_mwu(g, T, interval_options());
          check_interval(iv.lower, iv.upper, iv.converged, iv.epsilon, want);
        }
        ++solved;
      } catch (const std::invalid_argument& e) {
        INFO("refused: " << e.what());
        CHECK_FALSE(c.must);
        CHECK(std::string(e.what()).find('\n') == std::string::npos);
      } catch (const std::exception& e) {
        FAIL("not a refusal (an internal error): " << e.what());
      }
    }
  }
  CHECK(solved >= 24);  // at least the "must" scales, both methods
}

}  // namespace differential_throughput_test
