// One calling convention for thread counts (docs/design.md, "Parallelism"): a public function
// under include/shiftfly/ takes its thread count in an options struct (a `*_options`, a
// request or a study's params), never as a parameter of its own named `threads`. Mechanically:
// no parameter named `threads` in a function's (or a constructor's) parameter list, outside
// `detail/` directories and `namespace ... detail { }` blocks, which are not user-facing.
// Comments and strings are skipped (function_bodies.hpp's code_only), and so are the
// parameters of lambdas. The exceptions below are the thread pool's own primitives, whose
// subject is the count itself; the list only shrinks: an entry that no longer matches fails.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "function_bodies.hpp"

namespace thread_options_test {

namespace fs = std::filesystem;

namespace {

/// "<header under include/shiftfly/> <function>" that may still take `threads` positionally.
const std::set<std::string> allowed = {
    "core/worker_pool.hpp resolve_threads",  // maps a count to a count (0 = every core)
    "core/worker_pool.hpp for_each_part",    // the pool's primitives, which the options' counts reach
    "core/worker_pool.hpp parallel_for",
    "core/worker_pool.hpp thread_team",
};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

/// `code` with every `namespace ... detail {` block blanked (newlines kept).
std::string without_detail_blocks(std::string code) {
  for (std::size_t at = code.find("namespace"); at != std::string::npos; at = code.find("namespace", at + 1)) {
    if ((at > 0 && word_char(code[at - 1])) || !std::isspace(static_cast<unsigned char>(code[at + 9]))) continue;
    const std::size_t brace = code.find_first_of("{;", at);
    if (brace == std::string::npos || code[brace] != '{') continue;
    std::string name = code.substr(at + 9, brace - at - 9);
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
    if (!design_scan::ends_with_word(name, "detail")) continue;
    std::size_t depth = 0, end = brace;
    for (; end < code.size(); ++end) {
      if (code[end] == '{') ++depth;
      if (code[end] == '}' && --depth == 0) break;
    }
    for (std::size_t i = at; i <= end && i < code.size(); ++i)
      if (code[i] != '\n') code[i] = ' ';
  }
  return code;
}

struct finding {
  std::string function;
  std::size_t line = 0;
};

/// The functions of `code` (comments and strings already blanked) with a parameter named `threads`.
std::vector<finding> threads_parameters(const std::string& code) {
  std::vector<finding> out;
  const std::string word = "threads";
  for (std::size_t at = code.find(word); at != std::string::npos; at = code.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at > 0 && word_char(code[at - 1])) || (end < code.size() && word_char(code[end]))) continue;
    // after: an optional default argument, then `,` or `)`
    std::size_t j = end;
    while (j < code.size() && std::isspace(static_cast<unsigned char>(code[j]))) ++j;
    if (j < code.size() && code[j] == '=' && (j + 1 >= code.size() || code[j + 1] != '=')) {
      int depth = 0;
      for (++j; j < code.size(); ++j) {
        const char c = code[j];
        if (c == '(' || c == '{' || c == '[' || c == '<') ++depth;
        if ((c == ')' || c == '}' || c == ']' || c == '>') && depth > 0) {
          --depth;
          continue;
        }
        if (depth == 0 && (c == ',' || c == ')' || c == ';' || c == '{' || c == '}')) break;
      }
    }
    if (j >= code.size() || (code[j] != ',' && code[j] != ')')) continue;
    // before: a type (a word, maybe then one `&` or `*`), not an expression
    std::size_t i = at;
    while (i > 0 && std::isspace(static_cast<unsigned char>(code[i - 1]))) --i;
    if (i > 0 && (code[i - 1] == '&' || code[i - 1] == '*')) {
      --i;
      if (i > 0 && (code[i - 1] == '&' || code[i - 1] == '*')) continue;  // `a && threads`, `**`
      while (i > 0 && std::isspace(static_cast<unsigned char>(code[i - 1]))) --i;
    }
    if (i == 0 || !word_char(code[i - 1])) continue;
    std::size_t k = i;
    while (k > 0 && word_char(code[k - 1])) --k;
    const std::string type_word = code.substr(k, i - k);
    if (type_word == "return" || type_word == "throw" || type_word == "case" || type_word == "else" ||
        type_word == "co_return" || type_word == "sizeof")
      continue;
    // the `(` that opens this parameter list, and the name before it
    int depth = 0;
    std::size_t open = std::string::npos;
    for (std::size_t p = k; p-- > 0;) {
      const char c = code[p];
      if (c == ')' || c == '}' || c == ']') {
        ++depth;
      } else if (c == '(' || c == '{' || c == '[') {
        if (depth-- > 0) continue;
        if (c == '(') open = p;
        break;
      } else if (c == ';' && depth == 0) {
        break;
      }
    }
    if (open == std::string::npos) continue;
    std::size_t q = open;
    while (q > 0 && std::isspace(static_cast<unsigned char>(code[q - 1]))) --q;
    if (q > 0 && code[q - 1] == ']') continue;  // a lambda's parameters
    std::size_t r = q;
    while (r > 0 && word_char(code[r - 1])) --r;
    finding f;
    f.function = code.substr(r, q - r);
    f.line = static_cast<std::size_t>(std::count(code.begin(), code.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    f.line += 1;
    out.push_back(f);
  }
  return out;
}

std::vector<finding> scan(const std::string& text) {
  return threads_parameters(without_detail_blocks(design_scan::code_only(text)));
}

}  // namespace

TEST_CASE("the thread-count scan finds positional threads and nothing else", "[design][threads]") {
  const std::string text =
      "namespace shiftfly::metrics {\n"
      "struct x_options { unsigned threads = 0; };\n"                        // a member: fine
      "inline int a(const G& g, unsigned threads = 1) { return f(g, threads); }\n"  // found (line 3)
      "inline int b(const G& g, const x_options& o) { return f(g, o.threads); }\n"
      "template <class T>\n"
      "int c(std::size_t n,\n"
      "      const unsigned threads,\n"                                    // found (line 7)
      "      int k) { auto l = [&](unsigned threads) { return threads; }; return l(threads > 2 && threads); }\n"
      "// int d(unsigned threads);\n"                                      // a comment
      "namespace detail {\n"
      "inline void e(unsigned threads, int k) { for_each(k, threads); }\n"  // detail: fine
      "}  // namespace detail\n"
      "class t { public: explicit t(std::uint32_t threads) : n_(threads) {} };\n"  // found (line 13)
      "int d2(const G& g, const x_options& o = {}, unsigned threads = 0);\n"  // found (line 14)
      "}\n";
  const auto found = scan(text);
  REQUIRE(found.size() == 4);
  CHECK(found[0].function == "a");
  CHECK(found[0].line == 3);
  CHECK(found[1].function == "c");
  CHECK(found[1].line == 7);
  CHECK(found[2].function == "t");
  CHECK(found[2].line == 13);
  CHECK(found[3].function == "d2");
  CHECK(found[3].line == 14);
}

TEST_CASE("no public function under include/shiftfly/ takes `threads` outside an options struct", "[design][threads]") {
  const fs::path root = fs::path(SHIFTFLY_SOURCE_DIR) / "include" / "shiftfly";
  std::size_t headers = 0;
  std::set<std::string> seen;
  std::string report;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".hpp") continue;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    bool in_detail = false;
    for (const auto& part : fs::relative(entry.path(), root).parent_path()) in_detail = in_detail || part == "detail";
    if (in_detail) continue;
    ++headers;
    for (const finding& f : scan(design_scan::read(entry.path()))) {
      const std::string key = rel + " " + f.function;
      seen.insert(key);
      if (!allowed.count(key))
        report += "include/shiftfly/" + rel + ":" + std::to_string(f.line) + ": " + f.function +
                  " takes `threads` as a parameter of its own (take an options struct that holds it)\n";
    }
  }
  for (const auto& key : allowed)
    if (!seen.count(key)) report += "allowed but no longer found (remove it from the list): " + key + "\n";
  INFO(report);
  CHECK(headers >= 100);
  CHECK(report.empty());
}

}  // namespace thread_options_test
