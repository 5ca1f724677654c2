#pragma once
// What a subcommand runs with, passed to it explicitly (no global state): the command
// that ran and its parameters, for the JSON envelope (common/envelope.hpp), and the
// text the user typed for each flag, for error messages (common/given_values.hpp).
// cli_main.hpp makes it once, after parsing (make_run_context), and hands it to the
// chosen subcommand's runner.

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <set>
#include <string>

namespace shiftfly::tools {

struct run_context {
  std::string tool;     ///< "shiftfly" or "halley"
  std::string command;  ///< the command path, e.g. "shiftfly metrics kautz"
  nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
  bool pretty = false;  ///< --pretty was given
  /// Flag name (as CLI11's Option::get_name() spells it, e.g. "--rho") -> the text given for it.
  std::map<std::string, std::string, std::less<>> given;
  /// The flags of the command that runs (its subcommands' options, as get_name() spells them):
  /// the flags a library id may name (common/flag_names.hpp: naming_flags).
  std::set<std::string, std::less<>> flags;
};

}  // namespace shiftfly::tools
