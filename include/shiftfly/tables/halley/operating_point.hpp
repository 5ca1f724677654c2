#pragma once
/// \file operating_point.hpp
/// The operating point every `halley tables` section is a function of. Its
/// defaults are the paper's inputs (halley/paper_inputs.hpp); a caller may move
/// any of them to regenerate the tables elsewhere.

#include <cstdint>

#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/paper_inputs.hpp"

namespace shiftfly::tables {

/// The paper's operating point; every Halley table is a function of these.
struct halley_parameters {
  std::uint64_t channels = halley::paper::channels;     ///< n, the calibration pool
  std::uint64_t reserve = halley::paper::static_reserve;  ///< the static four-laser reserve
  double lambda = halley::paper::stress_lambda;         ///< stress failure probability per window
  double rho = halley::paper::stress_rho;               ///< stress correlation
  double cap = halley::paper::spare_ratio_cap;          ///< σmax, the 2x pool
  double target5 = halley::paper::five_nines;           ///< "five nines"
  /// The Quantum-X module shape (Section V-A).
  halley::module_shape shape{halley::paper::quantum_x_modules, halley::paper::quantum_x_lasers, halley::paper::rho_within,
                             halley::paper::rho_across};
  halley::cost_model cost{};
  halley::composition_inputs composition{};
};

}  // namespace shiftfly::tables
