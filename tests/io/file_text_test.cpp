// io/file_text.hpp: the text of a user's file, and the one-line refusals of what is not
// a readable text file (missing, a directory, empty, NUL bytes, bytes that are not UTF-8).
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

#include "shiftfly/io/file_text.hpp"

namespace file_text_test {
namespace io = shiftfly::io;

/// The what() of require_text on `text`, or "" when it accepts it.
std::string text_error(const std::string& text) {
  try {
    io::require_text("f", "G.txt", text);
  } catch (const io::file_error& e) {
    return e.what();
  }
  return "";
}

std::string scratch(const std::string& name) { return "/tmp/shiftfly_file_text_" + std::to_string(::getpid()) + name; }
}  // namespace file_text_test

TEST_CASE("file_error: one line naming the file and the line", "[io][file]") {
  const shiftfly::io::file_error e("read_x", "G.txt", 17, "expected two vertex names, found 1");
  CHECK(std::string(e.what()) == "read_x: G.txt:17: expected two vertex names, found 1");
  CHECK(e.message_without_function() == "G.txt:17: expected two vertex names, found 1");  // what the tools print
  CHECK(e.file() == "G.txt");
  CHECK(e.line() == 17);
  CHECK(std::string(shiftfly::io::file_error("r", "G.txt", 0, "no such file").what()) == "r: G.txt: no such file");
  // it is the library's error type
  CHECK_THROWS_AS(shiftfly::io::fail_file("r", "G", 1, "x"), shiftfly::core::invalid_parameter);
}

TEST_CASE("require_text: UTF-8 text passes; NUL bytes and malformed UTF-8 are refused at their line", "[io][file]") {
  using file_text_test::text_error;
  CHECK(text_error("a b\n") == "");
  CHECK(text_error("K\xc3\xa4utz \xe2\x82\xac \xf0\x9f\x98\x80\n") == "");  // 2-, 3- and 4-byte sequences
  CHECK(text_error("a b\nc\0d\n" + std::string(1, '\0')).find("G.txt:2: binary file, not text (a NUL byte") != std::string::npos);
  CHECK(text_error(std::string("a\n\0", 3)) == "f: G.txt:2: binary file, not text (a NUL byte at byte 3)");
  CHECK(text_error("a\n\n\xff") == "f: G.txt:3: binary file, not text (byte 0xff at byte 4 is not UTF-8)");
  CHECK(text_error("\xc0\xaf").find("byte 0xc0") != std::string::npos);        // overlong
  CHECK(text_error("\xed\xa0\x80").find("byte 0xed") != std::string::npos);    // a surrogate
  CHECK(text_error("\xf4\x90\x80\x80").find("byte 0xf4") != std::string::npos);  // above U+10FFFF
  CHECK(text_error("ok \xe2\x82").find("byte 0xe2 at byte 4") != std::string::npos);  // cut short at the end
  CHECK(text_error("\x80").find("byte 0x80") != std::string::npos);            // a lone continuation
}

TEST_CASE("read_file_text: missing, directory, empty; a byte-order mark is dropped", "[io][file]") {
  namespace io = shiftfly::io;
  using file_text_test::scratch;
  CHECK_THROWS_WITH(io::read_file_text("r", "/nonexistent-shiftfly/G.txt"), "r: /nonexistent-shiftfly/G.txt: no such file");
  CHECK_THROWS_WITH(io::read_file_text("r", "/tmp"), "r: /tmp: is a directory, not a file");
  CHECK_THROWS_WITH(io::read_file_text("r", ""), "r: '': no file named (the path is empty)");
  const std::string empty = scratch("empty.txt"), bom = scratch("bom.txt"), bin = scratch("bin.txt");
  std::ofstream(empty).flush();
  std::ofstream(bom) << "\xEF\xBB\xBF" << "a b\n";
  std::ofstream(bin) << "a b\n" << std::string(1, '\0');
  CHECK_THROWS_WITH(io::read_file_text("r", empty), "r: " + empty + ": the file is empty");
  CHECK(io::read_file_text("r", bom) == "a b\n");
  CHECK_THROWS_WITH(io::read_file_text("r", bin), Catch::Contains(bin + ":2: binary file"));
  for (const auto& p : {empty, bom, bin}) std::remove(p.c_str());
  CHECK(io::display_name("-") == "<stdin>");
  CHECK(io::line_of("a\nb\nc", 4) == 3);
}
