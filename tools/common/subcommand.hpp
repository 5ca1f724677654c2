#pragma once
// Self-registering subcommands: each tools/<tool>/<name>.cpp defines an options
// struct, a setup_x(CLI::App&) and a run_x(const Options&), and registers
// them with a static `register_subcommand`, so main.cpp never changes.

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace shiftfly::tools {

/// A subcommand's setup: adds itself to the parent app and returns the function that runs it.
struct subcommand_entry {
  std::string name;
  std::function<std::function<int()>(CLI::App&)> setup;
};

inline std::vector<subcommand_entry>& subcommand_registry() {
  static std::vector<subcommand_entry> registry;
  return registry;
}

/// Optional reporter of command-line errors found while parsing: gets argc, argv, the
/// one-line message and the exit status, reports the line and returns the status.
/// Unset: cli_main prints the line on stderr. (shiftfly metrics --mpi sets it so that
/// under mpirun rank 0 alone prints.)
using error_reporter = std::function<int(int, char**, const std::string&, int)>;
inline error_reporter& error_report_hook() {
  static error_reporter hook;
  return hook;
}

struct register_subcommand {
  register_subcommand(std::string name, std::function<std::function<int()>(CLI::App&)> setup) {
    subcommand_registry().push_back({std::move(name), std::move(setup)});
  }
};

}  // namespace shiftfly::tools
