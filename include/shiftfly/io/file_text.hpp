#pragma once
/// \file file_text.hpp
/// The text of a user's graph file, and the one-line refusal of a bad file.
///
/// API:
///   class file_error : public core::invalid_parameter;   // "<file>:<line>: <problem>"
///   [[noreturn]] void fail_file(where, file, line, problem);
///   std::string read_file_text(where, path);             // path "-" = standard input
///   void require_text(where, file, text);                // NUL bytes, invalid UTF-8
///   std::string_view display_name(path);                 // "<stdin>" for "-"
///   void with_file(where, file, line, f);                // f's library refusals, naming the file
///
/// A refusal names the file and, where it applies, the line: `G.txt:17: expected
/// two vertex names, found 1` (what() starts with the reading function, as every
/// library error does; the tools print the line without it). Line 0 leaves the line
/// out: `G.txt: the file is empty`. read_file_text refuses a missing path, a
/// directory, an unreadable file, an empty file and a file larger than the memory
/// this process may use (core/memory.hpp), before reading it; require_text refuses a
/// binary file: a NUL byte or bytes that are not UTF-8 (RFC 3629), at their line.
/// A leading UTF-8 byte-order mark is dropped.
///
/// Reference: RFC 3629, UTF-8 (docs/references.md, [RFC 3629]).

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>
#include <system_error>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::io {

/// A bad graph file: the file as shown, the line (0 when none applies) and the problem.
class file_error : public core::invalid_parameter {
 public:
  file_error(std::string function, std::string file, std::size_t line, const std::string& problem)
      : core::invalid_parameter(std::move(function), {}, {}, located(file, line) + ": " + problem),
        file_(std::move(file)),
        line_(line) {}
  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] std::size_t line() const noexcept { return line_; }

  /// "G.txt:17", or "G.txt" for line 0.
  static std::string located(const std::string& file, std::size_t line) {
    return line ? file + ":" + std::to_string(line) : file;
  }

 private:
  std::string file_;
  std::size_t line_ = 0;
};

/// Throws file_error from `where`.
[[noreturn]] inline void fail_file(std::string_view where, std::string_view file, std::size_t line,
                                   const std::string& problem) {
  throw file_error(std::string(where), core::printable(file), line, problem);
}

/// Runs f(); a core::invalid_parameter it throws that is not a file_error (a memory limit,
/// core/memory.hpp) is thrown again as a file_error naming `file` and `line`.
template <class F>
void with_file(std::string_view where, std::string_view file, std::size_t line, F&& f) {
  try {
    f();
  } catch (const file_error&) {
    throw;
  } catch (const core::invalid_parameter& e) {
    fail_file(where, file, line, e.problem());
  }
}

/// The name a file is shown by: "<stdin>" for "-", else the path as given.
/// Calls f(line_no, line, words) for every line of `text` that has words: lines
/// are numbered from 1, everything from a character of `comment` on is a comment
/// (cut from `line`), and words are separated by spaces, tabs and carriage returns
/// (CRLF files). `line` and the words view `text`; `words` is valid during the call.
template <class F>
void for_each_line_words(std::string_view text, std::string_view comment, F&& f) {
  std::size_t line_no = 0, start = 0;
  std::vector<std::string_view> words;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    const std::size_t cut = line.find_first_of(comment);
    if (cut != std::string_view::npos) line = line.substr(0, cut);
    words.clear();
    for (std::size_t i = 0; i < line.size();) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
      if (j > i) words.push_back(line.substr(i, j - i));
      i = j;
    }
    if (!words.empty()) f(line_no, line, static_cast<const std::vector<std::string_view>&>(words));
  }
}

inline std::string display_name(std::string_view path) { return path == "-" ? "<stdin>" : std::string(path); }

/// The line (from 1) of byte `at` of `text`.
inline std::size_t line_of(std::string_view text, std::size_t at) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

/// Refuses text that is not text: a NUL byte, or bytes that are not well-formed UTF-8.
inline void require_text(std::string_view where, std::string_view file, std::string_view text) {
  std::size_t line = 1;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned c = p[i];
    if (c == '\n') ++line;
    if (c == 0)
      fail_file(where, file, line, "binary file, not text (a NUL byte at byte " + std::to_string(i + 1) + ")");
    if (c < 0x80) {
      ++i;
      continue;
    }
    // RFC 3629: lead byte, continuation count and the range of the second byte
    std::size_t more = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) more = 1;
    else if (c == 0xE0) more = 2, lo = 0xA0;
    else if (c >= 0xE1 && c <= 0xEC) more = 2;
    else if (c == 0xED) more = 2, hi = 0x9F;
    else if (c >= 0xEE && c <= 0xEF) more = 2;
    else if (c == 0xF0) more = 3, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) more = 3;
    else if (c == 0xF4) more = 3, hi = 0x8F;
    bool ok = more != 0 && i + more < n;  // the whole sequence is in the text
    for (std::size_t k = 1; ok && k <= more; ++k) {
      const unsigned b = p[i + k];
      ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
    }
    if (!ok) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02x", c);
      fail_file(where, file, line,
                "binary file, not text (byte " + std::string(hex) + " at byte " + std::to_string(i + 1) +
                    " is not UTF-8)");
    }
    i += more + 1;
  }
}

/// The whole text of the file at `path` ("-": standard input), checked by require_text,
/// without a leading byte-order mark. Refusals name the file (display_name).
inline std::string read_file_text(std::string_view where, std::string_view path) {
  const std::string file = display_name(path);
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    if (std::cin.bad()) fail_file(where, file, 0, "cannot be read");
  } else {
    if (path.empty()) fail_file(where, "''", 0, "no file named (the path is empty)");
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path p{std::string(path)};
    const auto st = fs::status(p, ec);
    if (ec || !fs::exists(st)) fail_file(where, file, 0, "no such file");
    if (fs::is_directory(st)) fail_file(where, file, 0, "is a directory, not a file");
    std::ifstream in(p, std::ios::binary);
    if (!in) fail_file(where, file, 0, std::string("cannot be read (") + std::strerror(errno) + ")");
    if (fs::is_regular_file(st)) {
      const auto size = fs::file_size(p, ec);
      if (!ec) {
        with_file(where, file, 0, [&] { core::require_memory(where, "reading it (" + std::to_string(size) + " bytes)", size); });
        text.reserve(static_cast<std::size_t>(size));
      }
    }
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) fail_file(where, file, 0, "cannot be read");
  }
  if (text.empty()) fail_file(where, file, 0, "the file is empty");
  if (text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
  require_text(where, file, text);
  return text;
}

}  // namespace shiftfly::io
