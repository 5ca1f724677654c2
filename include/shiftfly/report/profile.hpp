#pragma once
/// \file profile.hpp
/// The two ways the Shiftfly tables are computed: `paper` repeats the reference
/// artefact's computation (sampled where it sampled, its seeds), so that every
/// published cell is reproduced; `exact` computes the exact values.

#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::report {

/// How the Shiftfly tables are computed: as the reference artefact did (sampled where it
/// sampled), or exactly.
enum class profile { exact, paper };

/// "exact" or "paper".
inline std::string_view profile_name(profile p) noexcept { return p == profile::paper ? "paper" : "exact"; }

/// Parses "exact" or "paper"; anything else throws invalid_parameter naming `profile`.
inline profile parse_profile(std::string_view text) {
  if (text == "exact") return profile::exact;
  if (text == "paper") return profile::paper;
  core::throw_out_of_range("parse_profile", "profile", std::string(text), "exact or paper");
}

}  // namespace shiftfly::report
