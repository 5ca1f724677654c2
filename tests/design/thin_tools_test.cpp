// The tools are thin: a subcommand parses its flags, calls one library function and
// prints (docs/design.md, "The tools"). This test keeps every function of tools/
// short: no function or lambda body under tools/ runs over 120 lines, and the
// metrics subcommand's run function over 60. The body of a function is found by
// matching braces, outside comments, strings and character literals: a `{` that
// follows a parameter list (`)`, optionally `const`, `noexcept`, `mutable`,
// `override` or a trailing return type) and is not the block of if, for, while,
// switch or catch.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct body {
  std::string head;  // the text before the `{`, on its line
  std::size_t first_line = 0, lines = 0;
};

/// `text` with comments, strings and character literals blanked (newlines kept).
std::string code_only(const std::string& text) {
  std::string out = text;
  std::size_t i = 0;
  while (i < out.size()) {
    if (out.compare(i, 2, "//") == 0) {
      while (i < out.size() && out[i] != '\n') out[i++] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      const std::size_t end = out.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? out.size() : end + 2;
      for (; i < stop; ++i)
        if (out[i] != '\n') out[i] = ' ';
    } else if (out.compare(i, 2, "R\"") == 0) {  // a raw string R"delim( ... )delim"
      const std::size_t open = out.find('(', i);
      const std::string close = ")" + out.substr(i + 2, open - i - 2) + "\"";
      const std::size_t end = out.find(close, open);
      const std::size_t stop = end == std::string::npos ? out.size() : end + close.size();
      for (; i < stop; ++i)
        if (out[i] != '\n') out[i] = ' ';
    } else if (out[i] == '"' || (out[i] == '\'' && (i == 0 || !std::isxdigit(static_cast<unsigned char>(out[i - 1]))))) {
      const char quote = out[i];
      out[i++] = ' ';
      while (i < out.size() && out[i] != quote) {
        if (out[i] == '\\') out[i++] = ' ';
        if (i < out.size() && out[i] != '\n') out[i] = ' ';
        ++i;
      }
      if (i < out.size()) out[i++] = ' ';
    } else {
      ++i;
    }
  }
  return out;
}

bool ends_with_word(const std::string& s, const std::string& word) {
  return s.size() >= word.size() && s.compare(s.size() - word.size(), word.size(), word) == 0 &&
         (s.size() == word.size() || !(std::isalnum(static_cast<unsigned char>(s[s.size() - word.size() - 1])) ||
                                       s[s.size() - word.size() - 1] == '_'));
}

/// True when the code before a `{` (trimmed) ends a function's or a lambda's head.
bool opens_function(std::string before, const std::string& code, std::size_t paren_close) {
  for (const char* qualifier : {"const", "noexcept", "mutable", "override", "final"}) {
    while (!before.empty() && std::isspace(static_cast<unsigned char>(before.back()))) before.pop_back();
    if (ends_with_word(before, qualifier)) before.resize(before.size() - std::string(qualifier).size());
  }
  while (!before.empty() && std::isspace(static_cast<unsigned char>(before.back()))) before.pop_back();
  if (before.empty() || before.back() != ')') return false;
  // the word before the matching `(`: a control statement's block is not a function
  std::size_t depth = 0, at = paren_close;
  for (std::size_t i = at + 1; i-- > 0;) {
    if (code[i] == ')') ++depth;
    if (code[i] == '(' && --depth == 0) {
      at = i;
      break;
    }
  }
  std::string word;
  std::size_t j = at;
  while (j > 0 && std::isspace(static_cast<unsigned char>(code[j - 1]))) --j;
  while (j > 0 && (std::isalnum(static_cast<unsigned char>(code[j - 1])) || code[j - 1] == '_')) word.insert(word.begin(), code[--j]);
  return word != "if" && word != "for" && word != "while" && word != "switch" && word != "catch" && word != "return" &&
         word != "decltype" && word != "sizeof";
}

/// Every function or lambda body in `text`, with its length in lines (the lines from
/// its `{` to its `}`, both included).
std::vector<body> function_bodies(const std::string& text) {
  const std::string code = code_only(text);
  std::vector<body> found;
  std::vector<std::pair<std::size_t, bool>> open;  // offset of each open `{`, and whether it opens a function
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code[i] == '{') {
      // the code before it, back to the previous `;`, `{` or `}`
      std::size_t from = code.find_last_of(";{}", i == 0 ? 0 : i - 1);
      from = from == std::string::npos ? 0 : from + 1;
      std::string before = code.substr(from, i - from);
      // a trailing return type: `) -> type {`
      if (const std::size_t arrow = before.rfind("->"); arrow != std::string::npos && before.find(')', arrow) == std::string::npos)
        before.resize(arrow);
      const std::size_t paren = before.find_last_of(')');
      open.emplace_back(i, paren != std::string::npos && opens_function(before, code, from + paren));
    } else if (code[i] == '}' && !open.empty()) {
      const auto [start, is_function] = open.back();
      open.pop_back();
      if (!is_function) continue;
      body b;
      b.first_line = static_cast<std::size_t>(std::count(code.begin(), code.begin() + static_cast<std::ptrdiff_t>(start), '\n')) + 1;
      b.lines = static_cast<std::size_t>(std::count(code.begin() + static_cast<std::ptrdiff_t>(start),
                                                    code.begin() + static_cast<std::ptrdiff_t>(i), '\n')) + 1;
      const std::size_t line_start = text.rfind('\n', start);
      b.head = text.substr(line_start == std::string::npos ? 0 : line_start + 1,
                           start - (line_start == std::string::npos ? 0 : line_start + 1));
      found.push_back(b);
    }
  }
  return found;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

}  // namespace

TEST_CASE("the length check finds function bodies and skips control blocks", "[design][tools]") {
  const std::string text =
      "int f(int x) const {\n  if (x) {\n    return 1;\n  }\n  // { not code\n  const char* s = \"}\";\n  return 0;\n}\n"
      "auto g = [](int y) -> int {\n  return y;\n};\n";
  const auto bodies = function_bodies(text);
  REQUIRE(bodies.size() == 2);
  CHECK(bodies[0].lines == 8);
  CHECK(bodies[0].first_line == 1);
  CHECK(bodies[1].lines == 3);
  CHECK(bodies[1].first_line == 9);
}

TEST_CASE("no function in tools/ is longer than 120 lines; the metrics subcommand's run function 60", "[design][tools]") {
  const fs::path root = fs::path(SHIFTFLY_SOURCE_DIR) / "tools";
  std::size_t files = 0, functions = 0;
  std::string report;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    ++files;
    for (const body& b : function_bodies(read(entry.path()))) {
      ++functions;
      std::size_t limit = 120;
      if (entry.path().filename() == "metrics.cpp" && b.head.find("run_metrics") != std::string::npos) limit = 60;
      if (b.lines > limit)
        report += fs::relative(entry.path(), root.parent_path()).string() + ":" + std::to_string(b.first_line) + ": " +
                  std::to_string(b.lines) + " lines (at most " + std::to_string(limit) + "): " + b.head + "\n";
    }
  }
  INFO(report);
  CHECK(files >= 10);
  CHECK(functions >= 50);
  CHECK(report.empty());
}
