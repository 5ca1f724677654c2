#pragma once
// The shared main() of both tools: parse, dispatch to the chosen subcommand,
// and map failures to the command-line contract (DESIGN.md §5): one line on
// stderr, exit 2 for bad input, 1 for an internal failure.

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

#include "common/subcommand.hpp"

namespace shiftfly::tools {

/// Collapses a possibly multi-line message onto one line.
inline std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

inline int run_cli(const std::string& tool, const std::string& description, int argc, char** argv) {
  CLI::App app{description, tool};
  app.require_subcommand(1);
  app.set_version_flag("--version", "0.1.0");
  auto& reg = subcommand_registry();
  std::sort(reg.begin(), reg.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  std::map<std::string, std::function<int()>> runners;
  for (auto& entry : reg) runners[entry.name] = entry.setup(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::string line = tool + ": error: " + one_line(e.what());
    if (const auto& report = error_report_hook()) return report(argc, argv, line, 2);
    std::cerr << line << '\n';
    return 2;
  }
  try {
    for (auto* sub : app.get_subcommands()) return runners.at(sub->get_name())();
    std::cerr << tool << ": error: a subcommand is required\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << tool << ": error: " << one_line(e.what()) << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << tool << ": internal error: " << one_line(e.what()) << '\n';
    return 1;
  }
}

}  // namespace shiftfly::tools
