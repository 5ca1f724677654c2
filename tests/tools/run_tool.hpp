#pragma once
// Runs a built tool (SHIFTFLY_BIN/<tool>) through the shell and captures its
// stdout, stderr and exit status, for the tool tests.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace shiftfly::test {

struct tool_run {
  int status = -1;
  std::string out, err;
  /// Number of lines on stderr.
  [[nodiscard]] std::size_t err_lines() const {
    std::size_t n = 0;
    for (char c : err) n += c == '\n';
    return n;
  }
};

inline tool_run run_tool(const std::string& tool, const std::string& args) {
  static int counter = 0;
  const std::string err_path =
      "/tmp/shiftfly_tool_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".err";
  const std::string cmd = std::string(SHIFTFLY_BIN) + "/" + tool + " " + args + " 2>" + err_path;
  tool_run r;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[65536];
  std::size_t k;
  while ((k = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, k);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream e(err_path);
  std::stringstream ss;
  ss << e.rdbuf();
  r.err = ss.str();
  std::remove(err_path.c_str());
  return r;
}

}  // namespace shiftfly::test
