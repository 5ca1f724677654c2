#pragma once
// Function bodies found in C++ source text, for the design tests that bound their length
// (thin_tools_test.cpp for tools/, function_length_test.cpp for include/). The body of a
// function is found by matching braces, outside comments, strings and character literals:
// a `{` that follows a parameter list (`)`, optionally `const`, `noexcept`, `mutable`,
// `override` or a trailing return type) and is not the block of if, for, while, switch or
// catch. A lambda's body is found too (and counts inside the function holding it).

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace design_scan {

namespace fs = std::filesystem;

struct body {
  std::string head;  // the text before the `{`, on its line
  std::size_t first_line = 0, lines = 0;
};

/// `text` with comments, strings and character literals blanked (newlines kept).
inline std::string code_only(const std::string& text) {
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

inline bool ends_with_word(const std::string& s, const std::string& word) {
  return s.size() >= word.size() && s.compare(s.size() - word.size(), word.size(), word) == 0 &&
         (s.size() == word.size() || !(std::isalnum(static_cast<unsigned char>(s[s.size() - word.size() - 1])) ||
                                       s[s.size() - word.size() - 1] == '_'));
}

/// True when the code before a `{` (trimmed) ends a function's or a lambda's head.
inline bool opens_function(std::string before, const std::string& code, std::size_t paren_close) {
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
inline std::vector<body> function_bodies(const std::string& text) {
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

inline std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}


}  // namespace design_scan
