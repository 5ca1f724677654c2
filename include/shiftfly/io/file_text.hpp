#pragma once
/// \file file_text.hpp
/// The text of a user's graph file, and the one-line refusal of a bad file.
///
/// API:
///   class file_error : public core::invalid_parameter;   // "<file>:<line>: <problem>"
///   [[noreturn]] void fail_file(where, file, line, problem);
///   std::string read_file_text(where, path, max_bytes = max_file_bytes, bytes_per_byte = 1);  // "-": standard input
///   std::string read_named_file(where, param, path, expected, max_bytes); // a file a flag names (Halley's)
///   void require_text(where, file, text);                // NUL bytes, invalid UTF-8
///   std::string_view display_name(path);                 // "<stdin>" for "-"
///   void with_file(where, file, line, f);                // f's library refusals, naming the file
///   void for_each_line_words(text, comment, f);          // the line-based readers' lines
///   std::size_t line_of(text, at);                       // the line of a byte
///
/// A refusal names the file and, where it applies, the line: `G.txt:17: expected
/// two vertex names, found 1` (what() starts with the reading function, as every
/// library error does; the tools print the line without it). Line 0 leaves the line
/// out: `G.txt: the file is empty`. read_file_text refuses a missing path, a
/// directory, an unreadable file, an empty file, and a file larger than the input
/// size limit: the smaller of `max_bytes` (default max_file_bytes, 4 GiB) and the
/// memory this process may use (core/memory.hpp). A regular file's size is checked
/// before it is read; standard input, pipes and devices (`/dev/zero`, an endless
/// pipe) are read in chunks of 64 KiB and refused as soon as the text passes the
/// limit, so no input grows without bound; the buffer doubles as it grows, but the old and
/// the new buffer (both held while the text is copied) never pass the memory limit, and a
/// caller whose reader needs `bytes_per_byte` bytes a byte of text has a stream refused as
/// soon as that many times its bytes pass the limit (read_graph_file: 4, the least of its
/// readers' estimates), so reading a pipe stays within the limit. Each chunk is checked as text as it
/// arrives (require_text's rules): a binary stream is refused at its first chunk,
/// `/dev/zero` at its first byte. A leading UTF-8 byte-order mark is dropped.
///
/// Lines end with `\n`, `\r\n` or a lone `\r` (old Mac OS files): each is one line
/// end, for the line-based readers (for_each_line_words) and the line numbers of
/// every refusal (require_text, line_of).
///
/// Reference: RFC 3629, UTF-8 (docs/references.md, [RFC 3629]).

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
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

/// Calls f(line_no, line, words) for every line of `text` that has words: lines
/// are numbered from 1 and end with `\n`, `\r\n` or a lone `\r`; everything from a
/// character of `comment` on is a comment (cut from `line`), and words are separated
/// by spaces and tabs. `line` and the words view `text`; `words` is valid during the call.
template <class F>
void for_each_line_words(std::string_view text, std::string_view comment, F&& f) {
  std::size_t line_no = 0, start = 0;
  std::vector<std::string_view> words;
  // (plain loops, not find_first_of: libstdc++'s runs memchr over the set for every byte)
  const auto is_comment = [comment](char c) {
    for (const char k : comment)
      if (c == k) return true;
    return false;
  };
  while (start < text.size()) {
    std::size_t end = start;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (end < text.size() && text[end] == '\r' && start < text.size() && text[start] == '\n') ++start;  // CRLF
    ++line_no;
    for (std::size_t cut = 0; cut < line.size(); ++cut)
      if (is_comment(line[cut])) {
        line = line.substr(0, cut);
        break;
      }
    words.clear();
    for (std::size_t i = 0; i < line.size();) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      if (j > i) words.push_back(line.substr(i, j - i));
      i = j;
    }
    if (!words.empty()) f(line_no, line, static_cast<const std::vector<std::string_view>&>(words));
  }
}

/// The number of lines of `text` (line ends as for_each_line_words; 1 for text without one).
inline std::size_t count_lines(std::string_view text) {
  // every \r and every \n ends a line, but the \n of a \r\n pair (counted apart: std::count
  // vectorises, and most files have no \r)
  const auto returns = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\r'));
  std::size_t lines = 1 + returns + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  if (returns)
    for (std::size_t i = 1; i < text.size(); ++i) lines -= text[i] == '\n' && text[i - 1] == '\r';
  return lines;
}

/// The name a file is shown by: "<stdin>" for "-", else the path as given.
inline std::string display_name(std::string_view path) { return path == "-" ? "<stdin>" : std::string(path); }

/// The line (from 1) of byte `at` of `text` (line ends as for_each_line_words).
inline std::size_t line_of(std::string_view text, std::size_t at) {
  return count_lines(text.substr(0, std::min(at, text.size())));
}

/// Checks text as it arrives, chunk by chunk: a NUL byte, or bytes that are not well-formed
/// UTF-8 (RFC 3629), are refused at their line. check() looks at the bytes not yet checked;
/// unless `final`, a UTF-8 sequence cut by the end of the text so far waits for more.
/// Byte numbers in refusals count from `base` (the first byte after a byte-order mark).
class text_checker {
 public:
  explicit text_checker(std::size_t base = 0) : at_(base), base_(base) {}

  void check(std::string_view where, std::string_view file, std::string_view text, bool final) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = at_;
    // The line of byte i, counted only for a refusal (text is the whole text so far).
    const auto line_at = [&](std::size_t at) { return count_lines(text.substr(0, at + 1)); };
    while (i < n) {
      // eight bytes at a time while none is NUL or above 0x7f (the common case: ASCII text)
      while (i + 8 <= n) {
        std::uint64_t v;
        std::memcpy(&v, p + i, 8);
        constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
        if (((v - ones) & ~v & highs) | (v & highs)) break;
        i += 8;
      }
      if (i >= n) break;
      const unsigned c = p[i];
      if (c == 0)
        fail_file(where, file, line_at(i),
                  "binary file, not text (a NUL byte at byte " + std::to_string(i + 1 - base_) + ")");
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
      bool ok = more != 0;
      for (std::size_t k = 1; ok && k <= more && i + k < n; ++k) {
        const unsigned b = p[i + k];
        ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
      }
      if (ok && i + more >= n) {  // the sequence is cut by the end of the text so far
        if (!final) break;
        ok = false;
      }
      if (!ok) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", c);
        fail_file(where, file, line_at(i),
                  "binary file, not text (byte " + std::string(hex) + " at byte " + std::to_string(i + 1 - base_) +
                      " is not UTF-8)");
      }
      i += more + 1;
    }
    at_ = i;
  }

 private:
  std::size_t at_ = 0, base_ = 0;
};

/// Refuses text that is not text: a NUL byte, or bytes that are not well-formed UTF-8.
inline void require_text(std::string_view where, std::string_view file, std::string_view text) {
  text_checker().check(where, file, text, true);
}

/// Default largest input read_file_text reads: 4 GiB (a graph file of that size would need
/// far more memory to parse than its text; each reader checks its own estimate).
inline constexpr std::uint64_t max_file_bytes = std::uint64_t{1} << 32;

/// The whole text of the file at `path` ("-": standard input), checked by require_text,
/// without a leading byte-order mark; at most the smaller of `max_bytes` and the memory
/// this process may use (see the file comment). Refusals name the file (display_name).
inline std::string read_file_text(std::string_view where, std::string_view path,
                                  std::uint64_t max_bytes = max_file_bytes, std::uint64_t bytes_per_byte = 1) {
  const std::string file = display_name(path);
  const std::uint64_t memory = core::available_memory();
  const std::uint64_t limit = std::min(max_bytes, memory);
  // a stream's bound: its reader needs `bytes_per_byte` bytes of memory a byte of text
  const std::uint64_t stream_limit = std::min(max_bytes, memory / std::max<std::uint64_t>(bytes_per_byte, 1));
  // a regular file of `size` bytes, or a stream (size 0) that passed the limit
  const auto refuse_size = [&](std::uint64_t size) {
    const std::string what = size ? "has " + std::to_string(size) + " bytes, more than" : "holds more than";
    const std::string then = size ? "refused before reading it" : "refused before reading on";
    if (!size && bytes_per_byte > 1 && max_bytes > stream_limit)
      fail_file(where, file, 0,
                "holds more than " + std::to_string(stream_limit) + " bytes: reading it needs about " +
                    std::to_string(bytes_per_byte) + " bytes of memory a byte of text, more than the " +
                    core::format_bytes(memory) + " available; " + then + " (set SHIFTFLY_MEMORY_LIMIT to change the limit)");
    if (max_bytes <= memory)
      fail_file(where, file, 0,
                what + " " + std::to_string(max_bytes) + " bytes (" + core::format_bytes(max_bytes) +
                    "), the largest input read; " + then);
    fail_file(where, file, 0,
              what + " " + std::to_string(memory) + " bytes, the " + core::format_bytes(memory) +
                  " of memory available; " + then + " (set SHIFTFLY_MEMORY_LIMIT to change the limit)");
  };
  std::FILE* in = nullptr;
  bool close = false;
  std::size_t reserve = 0;  // a regular file's size: read without reallocating
  if (path == "-") {
    in = stdin;
  } else {
    if (path.empty()) fail_file(where, "''", 0, "no file named (the path is empty)");
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path p{std::string(path)};
    const auto st = fs::status(p, ec);
    if (ec || !fs::exists(st)) fail_file(where, file, 0, "no such file");
    if (fs::is_directory(st)) fail_file(where, file, 0, "is a directory, not a file");
    if (fs::is_regular_file(st)) {
      const auto size = fs::file_size(p, ec);
      if (!ec && size > limit) refuse_size(size);
      if (!ec) reserve = static_cast<std::size_t>(size);
    }
    in = std::fopen(p.c_str(), "rb");
    if (!in) fail_file(where, file, 0, std::string("cannot be read (") + std::strerror(errno) + ")");
    close = true;
  }
  struct closer {
    std::FILE* f;
    bool close;
    ~closer() {
      if (close) std::fclose(f);
    }
  } guard{in, close};
  constexpr std::size_t chunk = std::size_t{1} << 16;
  std::string text;
  if (reserve) text.reserve(reserve + chunk);
  std::size_t bom = 0;
  std::optional<text_checker> checker;
  for (;;) {
    const std::size_t old = text.size();
    if (old + chunk > text.capacity()) {
      // A stream grows by doubling, as std::string would, but within the memory: the old and the
      // new buffer are held at once while the text is copied, and both must fit.
      const std::uint64_t cap = text.capacity();
      std::uint64_t want = std::max<std::uint64_t>(old + chunk, 2 * cap);
      if (cap + want > memory) want = memory > cap ? memory - cap : 0;
      if (want < old + chunk) refuse_size(0);
      std::string bigger;
      bigger.reserve(static_cast<std::size_t>(want));
      bigger.append(text);
      text.swap(bigger);
    }
    text.resize(old + chunk);
    const std::size_t got = std::fread(text.data() + old, 1, chunk, in);
    text.resize(old + got);
    if (text.size() > (reserve ? limit : stream_limit)) refuse_size(0);
    const bool end = got < chunk;
    if (end && std::ferror(in)) fail_file(where, file, 0, std::string("cannot be read (") + std::strerror(errno) + ")");
    if (!checker && (text.size() >= 3 || end)) {
      bom = text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
      checker.emplace(bom);
    }
    if (checker) checker->check(where, file, text, end);
    if (end) break;
  }
  if (text.size() == bom) fail_file(where, file, 0, "the file is empty");
  if (bom) text.erase(0, bom);
  return text;
}

/// The whole text of a file named by a flag or a keyword, as the Halley tools read one: it
/// must exist, be a regular file (not a directory, not a device), hold at most `max_bytes`
/// bytes and fit in memory (core/memory.hpp). Each refusal is one line naming `param` and
/// the path: "<where>: <param> = '<path>' does not exist", "... is a directory (expected
/// <expected>)", "<where>: <param> is empty (expected <expected>)". The text is returned
/// unchecked (its reader parses it, e.g. halley::read_demand_csv_text).
inline std::string read_named_file(std::string_view where, std::string_view param, const std::string& path,
                                   std::string_view expected, std::uint64_t max_bytes) {
  const std::string head = std::string(param) + " = '" + core::to_message(path) + "'";
  const std::string expecting = " (expected " + std::string(expected) + ")";
  if (path.empty()) core::fail(where, std::string(param) + " is empty" + expecting);
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) core::fail(where, head + " does not exist");
  if (std::filesystem::is_directory(status)) core::fail(where, head + " is a directory" + expecting);
  if (!std::filesystem::is_regular_file(status)) core::fail(where, head + " is not a regular file" + expecting);
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) core::fail(where, head + " cannot be read");
  if (size > max_bytes)
    core::fail(where, head + " has " + core::to_message(size) + " bytes (accepted: at most " + core::to_message(max_bytes) + ")");
  // The text is held whole: refused up front when it does not fit (core/memory.hpp).
  core::require_memory(where, "reading " + head + " (" + core::to_message(size) + " bytes)",
                       static_cast<std::uint64_t>(size));
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) core::fail(where, head + " cannot be opened (" + std::strerror(errno) + ")");
  std::string text;
  char buf[65536];
  std::size_t k = 0;
  while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) {
    text.append(buf, k);
    if (text.size() > max_bytes) break;
  }
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) core::fail(where, head + " cannot be read (" + std::strerror(err) + ")");
  if (text.size() > max_bytes) core::fail(where, head + " has more than " + core::to_message(max_bytes) + " bytes");
  return text;
}

}  // namespace shiftfly::io
