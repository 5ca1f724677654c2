// io/file_text.hpp: the text of a user's file, and the one-line refusals of what is not
// a readable text file (missing, a directory, empty, NUL bytes, bytes that are not UTF-8).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

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

TEST_CASE("lines end with LF, CRLF or a lone CR (old Mac OS files), in every count", "[io][file]") {
  namespace io = shiftfly::io;
  const auto lines = [](const std::string& text) {
    std::vector<std::pair<std::size_t, std::string>> out;
    io::for_each_line_words(text, "#", [&](std::size_t no, std::string_view, const std::vector<std::string_view>& w) {
      std::string joined;
      for (auto x : w) joined += (joined.empty() ? "" : "|") + std::string(x);
      out.emplace_back(no, joined);
    });
    return out;
  };
  using L = std::vector<std::pair<std::size_t, std::string>>;
  CHECK(lines("0 1\r1 2\r2 0\r") == L{{1, "0|1"}, {2, "1|2"}, {3, "2|0"}});
  CHECK(lines("0 1\n1 2\n2 0\n") == L{{1, "0|1"}, {2, "1|2"}, {3, "2|0"}});
  CHECK(lines("0 1\r\n1 2\r\n2 0") == L{{1, "0|1"}, {2, "1|2"}, {3, "2|0"}});
  CHECK(lines("a\r\rb # c\r\n\n\rd\te") == L{{1, "a"}, {3, "b"}, {6, "d|e"}});  // blank lines counted
  CHECK(io::count_lines("") == 1);
  CHECK(io::count_lines("a\r\nb\rc\nd") == 4);
  CHECK(io::line_of("a\rb\r\nc", 5) == 3);
  // a refusal's line counts the same line ends
  CHECK(file_text_test::text_error(std::string("a\rb\r\n\0", 6)) == "f: G.txt:3: binary file, not text (a NUL byte at byte 6)");
}

TEST_CASE("the line counts, the line splitting and the text check equal a byte-by-byte reference", "[io][file]") {
  namespace io = shiftfly::io;
  // Texts of a, space, #, \r, \n, NUL and a non-UTF-8 byte, long enough that the eight-byte
  // steps of the checks start at every offset; the reference counts line ends one byte at a time.
  const std::string alphabet("a #\r\n\0\xff", 7);
  std::uint64_t state = 12345;
  const auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(state >> 33);
  };
  for (int round = 0; round < 400; ++round) {
    std::string text(next() % 40, 'a');
    for (auto& c : text) {
      const std::size_t k = next() % 20;  // mostly 'a': NUL and 0xff rare
      c = k < 7 ? alphabet[k % 5] : k == 19 ? alphabet[5 + next() % 2] : 'a';
    }
    std::size_t ends = 0, first_bad = text.size(), line_at_bad = 0;
    std::vector<std::size_t> word_lines;  // the line of every line holding a word
    bool has_word = false, in_comment = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '\0' || c == '\xff') {
        if (first_bad == text.size()) first_bad = i, line_at_bad = ends + 1;
      }
      const bool end = c == '\r' || (c == '\n' && !(i > 0 && text[i - 1] == '\r'));
      const bool second_of_pair = c == '\n' && i > 0 && text[i - 1] == '\r';
      if (end || second_of_pair) {
        if (end) {
          if (has_word) word_lines.push_back(ends + 1);
          ++ends;
        }
        has_word = in_comment = false;
        continue;
      }
      if (c == '#') in_comment = true;
      if (!in_comment && c != ' ') has_word = true;
    }
    if (has_word) word_lines.push_back(ends + 1);
    INFO("round " << round << ", " << text.size() << " bytes");
    CHECK(io::count_lines(text) == ends + 1);
    std::vector<std::size_t> seen;
    io::for_each_line_words(text, "#", [&](std::size_t no, std::string_view, const std::vector<std::string_view>&) {
      seen.push_back(no);
    });
    CHECK(seen == word_lines);
    const std::string error = file_text_test::text_error(text);
    if (first_bad == text.size()) {
      CHECK(error.empty());
    } else {
      CHECK(error.find("G.txt:" + std::to_string(line_at_bad) + ": binary file") != std::string::npos);
      const std::string tail = text[first_bad] == '\0' ? ")" : " is not UTF-8)";
      CHECK(error.find("at byte " + std::to_string(first_bad + 1) + tail) != std::string::npos);
    }
  }
}

TEST_CASE("read_file_text: devices and pipes are read with a size limit, binary ones refused at once", "[io][file]") {
  namespace io = shiftfly::io;
  using file_text_test::scratch;
  // /dev/zero is endless and binary: refused at its first byte, after one chunk
  CHECK_THROWS_WITH(io::read_file_text("r", "/dev/zero"), "r: /dev/zero:1: binary file, not text (a NUL byte at byte 1)");
  CHECK_THROWS_WITH(io::read_file_text("r", "/dev/urandom"), Catch::StartsWith("r: /dev/urandom:"));
  // a regular file larger than the limit, before it is read
  const std::string big = scratch("big.txt");
  std::ofstream(big) << std::string(5000, 'a');
  CHECK_THROWS_WITH(io::read_file_text("r", big, 4096),
                    "r: " + big + ": has 5000 bytes, more than 4096 bytes (4.0 KiB), the largest input read; refused before reading it");
  CHECK(io::read_file_text("r", big, 5000).size() == 5000);
  std::remove(big.c_str());
  // an endless pipe of text: refused once the text passes the limit (the writer is stopped
  // by the reader closing the pipe)
  const std::string fifo = scratch("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto old = std::signal(SIGPIPE, SIG_IGN);
  std::thread writer([&] {
    std::FILE* f = std::fopen(fifo.c_str(), "wb");
    if (!f) return;
    const std::string line = "0 1\n";
    while (std::fwrite(line.data(), 1, line.size(), f) == line.size()) {}
    std::fclose(f);
  });
  CHECK_THROWS_WITH(io::read_file_text("r", fifo, 1 << 20),
                    "r: " + fifo + ": holds more than 1048576 bytes (1.0 MiB), the largest input read; refused before reading on");
  writer.join();
  std::signal(SIGPIPE, old);
  std::remove(fifo.c_str());
}

}  // namespace file_text_test
