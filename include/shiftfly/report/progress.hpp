#pragma once
/// \file progress.hpp
/// A progress line on stderr for long runs, shown only when stderr is a
/// terminal (so scripts, CI logs and golden outputs never see it).

#include <unistd.h>

#include <cstdio>
#include <string>

namespace shiftfly::report {

/// True when stderr is a terminal.
inline bool progress_enabled() { return ::isatty(STDERR_FILENO) == 1; }

/// Rewrites the progress line: "<what> [done/total]".
inline void show_progress(const std::string& what, std::size_t done, std::size_t total) {
  if (!progress_enabled()) return;
  std::fprintf(stderr, "\r\033[K%s [%zu/%zu]", what.c_str(), done, total);
  if (done == total) std::fputc('\n', stderr);
  std::fflush(stderr);
}

}  // namespace shiftfly::report
