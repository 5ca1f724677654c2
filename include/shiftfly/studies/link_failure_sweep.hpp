#pragma once
/// \file link_failure_sweep.hpp
/// The link-failure sweep of the reference artefact's results §4
/// (run_experiments.py `experiment_faults`): Boardfly and Shiftfly at the same number
/// of groups, each damaged at the failure rates 0, 2, 5, 10 and 20% and measured
/// (operations/link_failures.hpp: drops drawn with seed 101, then 60 sources from the
/// same stream; or, exact, every vertex a source of the same damaged graph).

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::studies {

/// What the sweep measures (defaults: the reference's §4).
struct link_failure_sweep_params {
  std::uint64_t groups = 2304;
  std::vector<double> rates{0.0, 0.02, 0.05, 0.10, 0.20};
  bool exact = false;  ///< every vertex a source (link_failures_exact) instead of the 60 sampled ones
};

/// One (topology, rate) measurement.
struct link_failure_sweep_row {
  std::string topology;  ///< "Boardfly" or "Shiftfly"
  operations::link_failure_result result;
};

/// The rows in order: Boardfly at every rate, then Shiftfly at every rate.
struct link_failure_sweep {
  link_failure_sweep_params params;
  std::vector<link_failure_sweep_row> rows;
};

inline link_failure_sweep run_link_failure_sweep(const link_failure_sweep_params& prm = {}) {
  link_failure_sweep out;
  out.params = prm;
  const auto measure = [&](const char* name, const auto& g) {
    for (double rate : prm.rates)
      out.rows.push_back(
          {name, prm.exact ? operations::link_failures_exact(g, rate) : operations::link_failures(g, rate)});
  };
  measure("Boardfly", topology::boardfly_group_level(prm.groups));
  measure("Shiftfly", topology::shiftfly_group_level(prm.groups));
  return out;
}

}  // namespace shiftfly::studies
