#pragma once
/// \file version.hpp
/// The library's version: the one place it is written. CMakeLists.txt reads it
/// from here for the package version, and the tools print it (`--version`, and
/// the `version` field of every JSON output, docs/cli.md). CITATION.cff repeats
/// it, and ctest `design/repository_test` checks that the two agree.

#include <string_view>

namespace shiftfly::core {

/// "major.minor.patch".
inline constexpr std::string_view version = "0.1.0";

}  // namespace shiftfly::core
