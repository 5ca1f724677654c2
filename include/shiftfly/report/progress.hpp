#pragma once
/// \file progress.hpp
/// A progress line on stderr for long runs, shown when stderr is a terminal (so
/// scripts, CI logs and golden outputs never see it) or when forced on
/// (force_progress, for logs): then each update is a line of its own, without
/// terminal escapes. Progress never writes to stdout.
///
/// Updates are throttled (progress_throttle): the first update of a task and its
/// last are always shown, the others at most one every 0.1 s on a terminal and one
/// every second in a log, so a sweep of a million batches writes a few lines.

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace shiftfly::report {

/// Which progress updates to show: a task's first and last update always, others
/// once `interval` has passed since the last one shown.
class progress_throttle {
 public:
  using clock = std::chrono::steady_clock;
  explicit progress_throttle(clock::duration interval) : interval_(interval) {}
  /// True when the update of task `what` at time `now` is to be shown.
  bool due(const std::string& what, bool last, clock::time_point now) {
    const bool show = last || what != what_ || now - shown_ >= interval_;
    if (show) {
      shown_ = now;
      what_ = last ? std::string() : what;
    }
    return show;
  }

 private:
  clock::duration interval_;
  clock::time_point shown_{};
  std::string what_;
};

namespace detail {
inline bool& progress_forced() {
  static bool forced = false;
  return forced;
}
inline bool& progress_line_open() {
  static bool open = false;
  return open;
}
inline bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

inline progress_throttle& terminal_throttle() {
  static progress_throttle t(std::chrono::milliseconds(100));
  return t;
}
inline progress_throttle& log_throttle() {
  static progress_throttle t(std::chrono::seconds(1));
  return t;
}

inline void write_progress(const std::string& what, const std::string& line, bool last) {
  auto& throttle = stderr_is_terminal() ? terminal_throttle() : log_throttle();
  if (!throttle.due(what, last, progress_throttle::clock::now())) return;
  if (stderr_is_terminal()) {
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    if (last) std::fputc('\n', stderr);
    progress_line_open() = !last;
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}
}  // namespace detail

/// Shows progress even when stderr is not a terminal (one line per update).
inline void force_progress(bool on = true) { detail::progress_forced() = on; }

/// True when stderr is a terminal or progress was forced on.
inline bool progress_enabled() { return detail::progress_forced() || detail::stderr_is_terminal(); }

/// Rewrites the progress line: "<what> [done/total]".
inline void show_progress(const std::string& what, std::size_t done, std::size_t total) {
  if (!progress_enabled()) return;
  detail::write_progress(what, what + " [" + std::to_string(done) + "/" + std::to_string(total) + "]", done == total);
}

/// Rewrites the progress line of a run whose length is not known: "<what> [done unit]";
/// end_progress() closes it.
inline void show_count(const std::string& what, std::size_t done, const std::string& unit) {
  if (!progress_enabled()) return;
  detail::write_progress(what, what + " [" + std::to_string(done) + " " + unit + "]", false);
}

/// Ends an open progress line on a terminal (after show_count).
inline void end_progress() {
  if (detail::progress_line_open()) {
    std::fputc('\n', stderr);
    std::fflush(stderr);
    detail::progress_line_open() = false;
  }
}

}  // namespace shiftfly::report
