// A family is known by its name only in its descriptor (docs/design.md, "The family
// descriptor"): outside include/shiftfly/topology/, no code of include/, tools/,
// python/src/ or python/shiftfly/ compares a family's name written as a string literal
// (`f == "torus"`, `"kautz" != x`), looks a family up by a literal name
// (`find_family("hyperx")`, `family_named("torus", ...)`, `default_spec("torus")`), or
// writes out a list of two or more family names (`("kautz", "de_bruijn")`, the hand-kept
// set of families that runs something). What differs by family is a hook of the descriptor
// (coordinates, shift numbering, grouping, link classes, ...), read where it is needed.
// The names are the registry's (topology/families.hpp), each also with '-' as '_' (the
// Python spelling). Comments, Python docstrings, examples and docs may name families.
// A word that is a family's name but names something else (the table set "shiftfly", the
// operations design "boardfly") is listed below with the reason.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/topology/families.hpp"

namespace family_names_test {

namespace fs = std::filesystem;

namespace {

/// The registry's names and their Python spellings.
std::set<std::string> family_words() {
  std::set<std::string> words;
  for (const auto* f : shiftfly::topology::families()) {
    words.insert(f->name);
    std::string underscored = f->name;
    std::replace(underscored.begin(), underscored.end(), '-', '_');
    words.insert(underscored);
  }
  return words;
}

struct literal {
  std::size_t begin = 0, end = 0;  // the quotes' positions: text[begin] and text[end - 1]
  std::string value;
};

/// The string literals of `text` outside comments (and outside Python's triple-quoted
/// strings, its docstrings), and `code`: `text` with comments and literals blanked.
std::vector<literal> literals_of(const std::string& text, bool python, std::string& code) {
  std::vector<literal> out;
  code = text;
  const auto blank = [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to && k < code.size(); ++k)
      if (code[k] != '\n') code[k] = ' ';
  };
  std::size_t i = 0;
  while (i < text.size()) {
    if ((!python && text.compare(i, 2, "//") == 0) || (python && text[i] == '#')) {
      const std::size_t end = std::min(text.find('\n', i), text.size());
      blank(i, end);
      i = end;
    } else if (!python && text.compare(i, 2, "/*") == 0) {
      const std::size_t end = text.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? text.size() : end + 2;
      blank(i, stop);
      i = stop;
    } else if (python && (text.compare(i, 3, "\"\"\"") == 0 || text.compare(i, 3, "'''") == 0)) {
      const std::size_t end = text.find(text.substr(i, 3), i + 3);
      const std::size_t stop = end == std::string::npos ? text.size() : end + 3;
      blank(i, stop);
      i = stop;
    } else if (!python && text.compare(i, 2, "R\"") == 0 && (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
      const std::size_t open = text.find('(', i);
      const std::string close = ")" + text.substr(i + 2, open - i - 2) + "\"";
      const std::size_t end = text.find(close, open);
      const std::size_t stop = end == std::string::npos ? text.size() : end + close.size();
      blank(i, stop);
      i = stop;
    } else if (text[i] == '"' || (text[i] == '\'' && (python || i == 0 || !std::isxdigit(static_cast<unsigned char>(text[i - 1]))))) {
      const char quote = text[i];
      literal l{i, 0, {}};
      std::size_t k = i + 1;
      while (k < text.size() && text[k] != quote && text[k] != '\n') {
        if (text[k] == '\\' && k + 1 < text.size()) l.value += text[++k];
        else l.value += text[k];
        ++k;
      }
      l.end = std::min(k + 1, text.size());
      blank(i, l.end);
      out.push_back(l);
      i = l.end;
    } else {
      ++i;
    }
  }
  return out;
}

std::string trimmed_before(const std::string& code, std::size_t at) {
  std::size_t k = at;
  while (k > 0 && std::isspace(static_cast<unsigned char>(code[k - 1]))) --k;
  return code.substr(k >= 40 ? k - 40 : 0, k >= 40 ? 40 : k);
}

std::string trimmed_after(const std::string& code, std::size_t at) {
  std::size_t k = at;
  while (k < code.size() && std::isspace(static_cast<unsigned char>(code[k]))) ++k;
  return code.substr(k, 40);
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// The family names compared, looked up or listed in `text`, one line each ("line 12: "torus" compared").
std::vector<std::string> family_name_uses(const std::string& text, bool python, const std::set<std::string>& names) {
  std::string code;
  const auto lits = literals_of(text, python, code);
  std::vector<std::string> found;
  const auto line_of = [&](std::size_t at) { return std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1; };
  for (std::size_t n = 0; n < lits.size(); ++n) {
    const auto& l = lits[n];
    if (!names.count(l.value)) continue;
    const std::string before = trimmed_before(code, l.begin), after = trimmed_after(code, l.end);
    std::string use;
    if (ends_with(before, "==") || ends_with(before, "!=") || after.rfind("==", 0) == 0 || after.rfind("!=", 0) == 0)
      use = "compared";
    for (const char* lookup : {"find_family(", "family_named(", "default_spec("})
      if (ends_with(before, lookup)) use = "looked up";
    // a written-out list: the next literal, past one comma, is a family name too (or the previous one)
    const auto adjacent = [&](const literal& a, const literal& b) {
      const std::string between = code.substr(a.end, b.begin - a.end);
      return names.count(b.value) && names.count(a.value) &&
             std::count(between.begin(), between.end(), ',') == 1 &&
             std::all_of(between.begin(), between.end(), [](char c) { return c == ',' || std::isspace(static_cast<unsigned char>(c)); });
    };
    if ((n + 1 < lits.size() && adjacent(l, lits[n + 1])) || (n > 0 && adjacent(lits[n - 1], l))) use = "listed";
    if (!use.empty()) found.push_back("line " + std::to_string(line_of(l.begin)) + ": \"" + l.value + "\" " + use);
  }
  return found;
}

/// Words that are a family's name but name something else there.
struct exemption {
  std::string file, word, reason;
};
const std::vector<exemption>& exemptions() {
  static const std::vector<exemption> all{
      {"python/src/tables.cpp", "shiftfly", "the table set \"shiftfly\" (beside \"halley\"), not the family"},
      {"include/shiftfly/operations/design.hpp", "boardfly", "the operations design (Boardfly or Shiftfly pods)"},
      {"include/shiftfly/operations/design.hpp", "shiftfly", "the operations design (Boardfly or Shiftfly pods)"},
  };
  return all;
}

}  // namespace

TEST_CASE("no family name is compared or looked up outside topology/", "[design][family_names]") {
  const fs::path root(SHIFTFLY_SOURCE_DIR);
  const auto names = family_words();
  std::size_t files = 0;
  std::string report;
  std::set<std::string> used_exemptions;
  for (const char* dir : {"include", "tools", "python/src", "python/shiftfly"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      if (!entry.is_regular_file()) continue;
      const std::string ext = entry.path().extension().string();
      const bool python = ext == ".py" || ext == ".pyi";
      if (!python && ext != ".hpp" && ext != ".cpp" && ext != ".h") continue;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      if (rel.rfind("include/shiftfly/topology/", 0) == 0) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream os;
      os << in.rdbuf();
      ++files;
      for (const auto& use : family_name_uses(os.str(), python, names)) {
        bool exempt = false;
        for (const auto& e : exemptions())
          if (e.file == rel && use.find("\"" + e.word + "\"") != std::string::npos) {
            exempt = true;
            used_exemptions.insert(e.file + ":" + e.word);
          }
        if (!exempt) report += rel + ": " + use + "\n";
      }
    }
  }
  INFO(report);
  CHECK(files > 200);
  CHECK(report.empty());
  for (const auto& e : exemptions()) {
    INFO("a stale exemption: " << e.file << " no longer uses \"" << e.word << "\"");
    CHECK(used_exemptions.count(e.file + ":" + e.word) == 1);
  }
}

TEST_CASE("the family-name check finds what it looks for", "[design][family_names]") {
  const auto names = family_words();
  const auto cpp = [&](const std::string& t) { return family_name_uses(t, false, names); };
  const auto py = [&](const std::string& t) { return family_name_uses(t, true, names); };
  CHECK(cpp("if (spec.family == \"torus\") return 1;").size() == 1);
  CHECK(cpp("if (f != \"kautz\" && f != \"de-bruijn\") fail();").size() == 2);
  CHECK(cpp("return \"hyperx\" == name;").size() == 1);
  CHECK(cpp("const auto& f = topology::family_named(\"dragonfly\", where);").size() == 1);
  CHECK(cpp("auto* f = find_family(\"slimfly\");").size() == 1);
  CHECK(cpp("for (const char* fam : {\"kautz\", \"de-bruijn\"}) add(fam);").size() == 2);
  CHECK(py("if family == \"kautz\":\n    pass\n").size() == 1);
  CHECK(py("_FAMILIES = (\"kautz\", \"de_bruijn\", \"de-bruijn\")\n").size() == 3);
  CHECK(py("top = 'd' if family == 'kautz' else 'd - 1'\n").size() == 1);
  // not uses: a comment, a docstring, a spec built by name, a word that is no family's
  CHECK(cpp("// if (f == \"torus\")\nint x;").empty());
  CHECK(cpp("/* f == \"torus\" */ int x;").empty());
  CHECK(py("def f():\n    \"\"\"family == \"kautz\" \"\"\"\n    # f == \"torus\"\n").empty());
  CHECK(cpp("const family_spec spec{\"torus\", {{\"dims\", dims}}};").empty());
  CHECK(cpp("if (kind == \"exact\") return;").empty());
  CHECK(cpp("const char* s = \"say \\\"torus\\\" == x\";").empty());
}

}  // namespace family_names_test
