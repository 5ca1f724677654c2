#pragma once
/// \file progress.hpp
/// A progress line on stderr for long runs, shown when stderr is a terminal (so
/// scripts, CI logs and golden outputs never see it) or when forced on
/// (force_progress, for logs): then each update is a line of its own, without
/// terminal escapes. Progress never writes to stdout.

#include <unistd.h>

#include <cstdio>
#include <string>

namespace shiftfly::report {

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

inline void write_progress(const std::string& line, bool last) {
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
  detail::write_progress(what + " [" + std::to_string(done) + "/" + std::to_string(total) + "]", done == total);
}

/// Rewrites the progress line of a run whose length is not known: "<what> [done unit]";
/// end_progress() closes it.
inline void show_count(const std::string& what, std::size_t done, const std::string& unit) {
  if (!progress_enabled()) return;
  detail::write_progress(what + " [" + std::to_string(done) + " " + unit + "]", false);
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
