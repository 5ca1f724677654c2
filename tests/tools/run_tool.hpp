#pragma once
// Runs a built tool (SHIFTFLY_BIN/<tool>) through the shell and captures its
// stdout, stderr and exit status, for the tool tests. run_tool_argv runs it
// without a shell (arguments passed as given, empty ones included), kills it
// after a wall-clock deadline (a hang guard only), and measures the CPU time the
// tool used (its user and system time, from wait4). Tests bound CPU time, never
// wall time: on a busy machine a quick refusal can take seconds of wall time.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" char** environ;  // the environment the tools inherit (posix_spawn)

namespace shiftfly::test {

// Under AddressSanitizer the tools reserve terabytes of shadow memory at start, so an
// address-space limit (ulimit -v) stops them before main: the tests that set one
// return early there (they run in the uninstrumented builds).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool address_space_limit_works = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool address_space_limit_works = false;
#else
constexpr bool address_space_limit_works = true;
#endif
#else
constexpr bool address_space_limit_works = true;
#endif

/// Number of newline-terminated lines in s.
inline std::size_t line_count(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

struct tool_run {
  int status = -1;
  std::string out, err;
  /// Number of lines on stderr.
  [[nodiscard]] std::size_t err_lines() const { return line_count(err); }
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

/// A run without a shell: status is the exit status, or -1 when the tool was killed by a signal.
struct timed_run : tool_run {
  double seconds = 0;      ///< wall time from fork to exit (reported, never asserted: it depends on the machine's load)
  double cpu_seconds = 0;  ///< user + system CPU time of the tool (all its threads), from wait4
  bool timed_out = false;  ///< killed after the deadline
  int signal = 0;          ///< the signal that ended the tool, if any
};

/// The wall-clock deadline after which run_tool_argv kills a tool: a hang guard, not a
/// measure of speed. Two minutes hold every run of the tool tests many times over, on a
/// machine whose cores are all busy with other work.
inline constexpr double hang_guard_seconds = 120;

/// Runs SHIFTFLY_BIN/<tool> with exactly `args` (no shell), stdin from /dev/null;
/// kills it after `limit_seconds` of wall time (the hang guard). `address_space` > 0 sets the child's RLIMIT_AS
/// (`ulimit -v`) to that many bytes before it starts.
inline timed_run run_tool_argv(const std::string& tool, const std::vector<std::string>& args, double limit_seconds = hang_guard_seconds,
                               std::uint64_t address_space = 0) {
  timed_run r;
  const std::string path = std::string(SHIFTFLY_BIN) + "/" + tool;
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int out_pipe[2], err_pipe[2];
  if (::pipe(out_pipe) != 0) return r;
  if (::pipe(err_pipe) != 0) {
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    return r;
  }
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  if (address_space == 0) {
    // posix_spawn (glibc: clone with CLONE_VM | CLONE_VFORK) copies none of this process's page
    // tables; a fork of the test program did, and cost more than the tool's own start (measured:
    // docs/hardening.md, "CI time"). posix_spawn reports a failed exec as its own error: the
    // run's status is then 127, a shell's for a command it cannot run, as the fork below gives.
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    ::posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    ::posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
    for (const int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::posix_spawn_file_actions_addclose(&actions, fd);
    const int spawned = ::posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
    ::posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
      for (const int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::close(fd);
      r.status = 127;
      return r;
    }
  } else {
    pid = ::fork();
  }
  if (pid == 0) {
    const int null_in = ::open("/dev/null", O_RDONLY);
    if (null_in >= 0) ::dup2(null_in, 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    ::close(err_pipe[0]);
    ::close(err_pipe[1]);
    if (address_space > 0) {
      rlimit as{static_cast<rlim_t>(address_space), static_cast<rlim_t>(address_space)};
      if (::setrlimit(RLIMIT_AS, &as) != 0) ::_exit(126);
    }
    ::execv(path.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (pid < 0) {
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    return r;
  }
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&r.out, &r.err};
  int open_fds = 2;
  const auto deadline = start + std::chrono::duration<double>(limit_seconds);
  char buf[65536];
  while (open_fds > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      ::kill(pid, SIGKILL);
      r.timed_out = true;
      break;
    }
    const int k = ::poll(fds, 2, static_cast<int>(left.count()));
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (auto& f : fds)
    if (f.fd >= 0) ::close(f.fd);
  int st = 0;
  rusage usage{};
  while (::wait4(pid, &st, 0, &usage) < 0 && errno == EINTR) {
  }
  r.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                  static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(st)) r.status = WEXITSTATUS(st);
  if (WIFSIGNALED(st)) r.signal = WTERMSIG(st);
  return r;
}

}  // namespace shiftfly::test
