#pragma once
/// \file profile.hpp
/// The ways the Shiftfly tables are computed: `paper` repeats the reference
/// artefact's computation (sampled where it sampled, its seeds), so that every
/// published cell is reproduced; `exact` computes the exact values; `largest` computes
/// the few exact results at the paper's largest scales, which take the better part of an
/// hour on a 2-core machine and so are not part of the other two (nor of CI).

#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::report {

/// How the Shiftfly tables are computed: as the reference artefact did (sampled where it
/// sampled), or exactly.
enum class profile { exact, paper, largest };

/// "exact", "paper" or "largest".
inline std::string_view profile_name(profile p) noexcept {
  return p == profile::paper ? "paper" : p == profile::largest ? "largest" : "exact";
}

/// Parses "exact", "paper" or "largest"; anything else throws invalid_parameter naming `profile`.
inline profile parse_profile(std::string_view text) {
  if (text == "exact") return profile::exact;
  if (text == "paper") return profile::paper;
  if (text == "largest") return profile::largest;
  core::throw_out_of_range("parse_profile", "profile", std::string(text), "exact, paper or largest");
}

}  // namespace shiftfly::report
