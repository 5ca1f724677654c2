#pragma once
// Shared helpers of the libFuzzer harnesses (fuzz/*_fuzz.cpp): a property
// check that prints what failed and aborts (so libFuzzer records the input),
// the one-line error-message property, and a byte reader.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace shiftfly::fuzz {

/// Aborts with a message when a property fails (works with NDEBUG).
inline void require(bool ok, const char* property, std::string_view detail = {}) {
  if (ok) return;
  std::fprintf(stderr, "PROPERTY FAILED: %s\n%.*s\n", property, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

/// The library's error contract: a non-empty message of one line,
/// "<function>: ...", with no control character in it.
inline void require_one_line(const std::invalid_argument& e) {
  const std::string_view msg = e.what();
  bool clean = !msg.empty();
  for (char c : msg)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) clean = false;
  require(clean, "error message is one line without control characters", msg);
  require(msg.find(": ") != std::string_view::npos && msg.find(": ") > 0, "error message starts with '<function>: '",
          msg);
}

/// Consumes bytes from the front of the fuzz input.
struct bytes {
  const std::uint8_t* data;
  std::size_t size;
  std::uint8_t take(std::uint8_t fallback = 0) {
    if (size == 0) return fallback;
    --size;
    return *data++;
  }
  std::string_view rest() const { return {reinterpret_cast<const char*>(data), size}; }
};

}  // namespace shiftfly::fuzz
