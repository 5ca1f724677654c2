#pragma once
/// \file allreduce_comparison.hpp
/// The TPU explainer's comparison of the dimension-ordered torus all-reduce with one
/// ring through every chip (the all-reduce on a 2-D torus: 12 steps against 30 on 4x4,
/// 60 against 510 on 16x16), on the square tori 2x2 .. 16x16 and on TPU v4's 16x16x16.
/// Every count is measured by running both schedules on data in the simulator
/// (collectives/simulator.hpp), which also verifies them; the α–β times are computed
/// from the measured steps and critical-path elements, for the stated α and β. The
/// bidirectional torus schedule is simulated too, except on a torus with a dimension of
/// size 2 (whose two chips share one link that the unidirectional schedule already uses
/// both ways).

#include <cstdint>
#include <optional>
#include <vector>

#include "shiftfly/collectives/allreduce.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::studies {

/// Parameters of the comparison.
struct allreduce_comparison_options {
  std::vector<std::vector<std::uint64_t>> tori;  ///< empty: 2x2 .. 16x16 and 16x16x16
  std::uint64_t elements_per_chip_factor = 2;    ///< D = factor x P, so that P and 2P divide D
  collectives::alpha_beta model{1.0, 1.0};       ///< α per step, β elements per unit of time
};

/// The default tori: the square tori 2x2 .. 16x16, then 16x16x16.
inline std::vector<std::vector<std::uint64_t>> allreduce_comparison_tori() {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t k = 2; k <= 16; ++k) out.push_back({k, k});
  out.push_back({16, 16, 16});
  return out;
}

/// One torus: the unidirectional torus and ring schedules simulated and timed, and the
/// bidirectional torus schedule where it exists.
struct allreduce_comparison_row {
  std::vector<std::uint64_t> dims;
  std::uint64_t chips = 0, elements = 0;
  collectives::allreduce_comparison unidirectional;
  std::optional<collectives::simulation_result> bidirectional;  ///< none with a dimension of size 2
  std::optional<collectives::cost> bidirectional_time;
  bool verified = false;  ///< every simulated schedule of the row verified
};

/// Simulates every torus (uni- and bidirectional, torus and ring).
inline std::vector<allreduce_comparison_row> allreduce_comparison_rows(const allreduce_comparison_options& opt = {}) {
  constexpr const char* where = "allreduce_comparison_rows";
  core::require_range(where, "elements_per_chip_factor", opt.elements_per_chip_factor, 1, 1024);
  collectives::validate(opt.model, where);
  const auto tori = opt.tori.empty() ? allreduce_comparison_tori() : opt.tori;
  std::vector<allreduce_comparison_row> rows;
  for (const auto& dims : tori) {
    allreduce_comparison_row r;
    r.dims = dims;
    r.chips = collectives::torus_chip_count(dims);
    r.elements = core::checked_mul(r.chips, opt.elements_per_chip_factor, where, "elements");
    r.unidirectional = collectives::compare_allreduce(dims, r.elements, false, opt.model);
    r.verified = r.unidirectional.verified;
    bool has_two = false;
    for (auto k : dims) has_two = has_two || k < 3;
    if (!has_two) {
      r.bidirectional =
          collectives::simulate(collectives::torus_links(dims), collectives::torus_allreduce_plan(dims, r.elements, true));
      r.bidirectional_time = collectives::alpha_beta_time(
          r.bidirectional->steps, static_cast<double>(r.bidirectional->critical_path_elements), opt.model);
      r.verified = r.verified && r.bidirectional->verified;
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace shiftfly::studies
