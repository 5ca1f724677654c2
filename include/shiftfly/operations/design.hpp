#pragma once
/// \file design.hpp
/// The two designs compared in §7 (Shiftfly paper, "Deployment and operations").

#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::operations {

/// Boardfly-of-pods (tabulated inter-pod tier) or Shiftfly (arithmetic global tier).
enum class design { boardfly, shiftfly };

/// "boardfly" or "shiftfly".
inline std::string design_name(design d) { return d == design::boardfly ? "boardfly" : "shiftfly"; }

/// Parses "boardfly" or "shiftfly".
inline design parse_design(std::string_view text) {
  if (text == "boardfly") return design::boardfly;
  if (text == "shiftfly") return design::shiftfly;
  core::throw_out_of_range("operations", "design", std::string(text), "boardfly or shiftfly");
}

}  // namespace shiftfly::operations
