#pragma once
// Walks the tools' --help: every command path of a tool and its help text, found
// through the "Subcommands:" section of each help (CLI11's layout).
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run_tool.hpp"

namespace shiftfly::test {

/// The subcommands listed under "Subcommands:" in a --help text.
inline std::vector<std::string> listed_subcommands(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream lines(help);
  bool in = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("Subcommands:", 0) == 0) {
      in = true;
    } else if (in && line.size() > 2 && line[0] == ' ' && line[2] != ' ') {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else if (in && (line.empty() || line[0] != ' ')) {
      in = false;
    }
  }
  return names;
}

/// A command path ("shiftfly metrics kautz") and its --help text.
struct command_help {
  std::string command, help;
  bool leaf = false;  ///< lists no subcommands
};

/// `tool` and every command under it, parents before their subcommands.
inline std::vector<command_help> walk_help(const std::string& tool, const std::string& path = {}) {
  const auto help = run_tool(tool, path + (path.empty() ? "" : " ") + "--help").out;
  const auto subs = listed_subcommands(help);
  std::vector<command_help> out{{tool + (path.empty() ? "" : " " + path), help, subs.empty()}};
  for (const auto& s : subs) {
    auto below = walk_help(tool, path.empty() ? s : path + " " + s);
    out.insert(out.end(), below.begin(), below.end());
  }
  return out;
}

}  // namespace shiftfly::test
