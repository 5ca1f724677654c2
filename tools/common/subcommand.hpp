#pragma once
// Self-registering subcommands: each tools/<tool>/<name>.cpp defines an options
// struct, a setup (CLI::App&) and a run_x(const Options&, const run_context&), and
// registers them with a static `register_subcommand`, so main.cpp never changes.

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/run_context.hpp"

namespace shiftfly::tools {

/// Optional reporter of command-line errors found while parsing: gets argc, argv, the
/// one-line message and the exit status, reports the line and returns the status.
/// (shiftfly metrics sets one so that under mpirun with --mpi rank 0 alone prints.)
using error_reporter = std::function<int(int, char**, const std::string&, int)>;

/// A subcommand's setup: adds itself to the parent app and returns the function that runs
/// it with the run's context (common/run_context.hpp); optionally, its reporter of parse errors.
struct subcommand_entry {
  std::string name;
  std::function<std::function<int(const run_context&)>(CLI::App&)> setup;
  error_reporter on_parse_error;
};

inline std::vector<subcommand_entry>& subcommand_registry() {
  static std::vector<subcommand_entry> registry;  // filled once, before main, by the registrations below
  return registry;
}

struct register_subcommand {
  register_subcommand(std::string name, std::function<std::function<int(const run_context&)>(CLI::App&)> setup,
                      error_reporter on_parse_error = {}) {
    subcommand_registry().push_back({std::move(name), std::move(setup), std::move(on_parse_error)});
  }
};

}  // namespace shiftfly::tools
