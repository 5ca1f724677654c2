#pragma once
// The shared main() of both tools: parse, dispatch to the chosen subcommand,
// and map failures to the command-line contract: one line on
// stderr, exit 2 for bad input, 1 for an internal failure.

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

#include "common/envelope.hpp"
#include "common/given_values.hpp"
#include "common/strict_values.hpp"
#include "common/subcommand.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/version.hpp"

namespace shiftfly::tools {

/// Collapses a possibly multi-line message onto one line.
inline std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

/// The one line for a missing or unknown subcommand: names the word that is not
/// one (or says that one is required) and lists the accepted subcommands.
inline std::string subcommand_error(const std::string& tool, const CLI::App& app) {
  const CLI::App* at = &app;
  std::string path = tool;
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
    path += " " + at->get_name();
  }
  std::string accepted;
  for (const CLI::App* sub : at->get_subcommands({})) accepted += (accepted.empty() ? "" : ", ") + sub->get_name();
  const auto left = at->remaining();
  if (left.empty()) return path + ": a subcommand is required (accepted: " + accepted + ")";
  const std::string& word = left.front();
  return path + ": " + detail::quoted_value(word) + " is not " +
         (word.rfind("-", 0) == 0 ? "an option or a subcommand" : "a subcommand") + " of " + path + " (accepted: " + accepted +
         ")";
}

inline int run_cli(const std::string& tool, const std::string& description, int argc, char** argv) {
  CLI::App app{description, tool};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(core::version));
  auto& reg = subcommand_registry();
  std::sort(reg.begin(), reg.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  // Only the subcommand the first word names is built when it names one: building every
  // subcommand's options (each family's, under several commands) was a third of the tool's start,
  // which the tool tests pay thousands of times. Anything else (no word, an option first, a word
  // that is no subcommand, --help of the tool) builds them all, for the list and the messages.
  const bool one = argc > 1 && std::any_of(reg.begin(), reg.end(), [&](const auto& e) { return e.name == argv[1]; });
  std::map<std::string, std::function<int(const run_context&)>> runners;
  for (auto& entry : reg)
    if (!one || entry.name == argv[1]) runners[entry.name] = entry.setup(app);
  add_pretty_flags(app);
  show_defaults(app);
  harden_options(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::string what = e.what();
    const bool no_subcommand = e.get_name() == "RequiredError" && what.rfind("A subcommand", 0) == 0;
    const std::string line = tool + ": error: " + one_line(no_subcommand ? subcommand_error(tool, app) : what);
    for (const auto& entry : reg)  // a subcommand that reports its own parse errors (metrics --mpi)
      if (entry.on_parse_error) return entry.on_parse_error(argc, argv, line, 2);
    std::cerr << line << '\n';
    return 2;
  }
  // the command, its parameters and each flag's text, for the envelope and error messages
  const run_context ctx = make_run_context(tool, app);
  try {
    for (auto* sub : app.get_subcommands()) return runners.at(sub->get_name())(ctx);
    std::cerr << tool << ": error: a subcommand is required\n";
    return 2;
  } catch (const core::invalid_parameter& e) {  // a library error no flag list caught: still no function name
    std::cerr << tool << ": error: " << one_line(e.message_without_function()) << '\n';
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
