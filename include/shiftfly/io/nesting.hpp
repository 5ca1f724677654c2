#pragma once
/// \file nesting.hpp
/// The nesting depth of XML and JSON text, measured by one linear scan before the
/// text is parsed, so that a file nested too deep is refused in one line instead of
/// overflowing the stack of a recursive parser.
///
/// API:
///   inline constexpr std::size_t max_nesting_depth = 256;
///   struct nesting { std::size_t depth, line; };         // deepest level and its first line
///   nesting xml_nesting(std::string_view text, std::size_t stop_above);
///   nesting json_nesting(std::string_view text, std::size_t stop_above);
///   void require_xml_depth(where, file, text, limit = max_nesting_depth);
///   void require_json_depth(where, file, text, limit = max_nesting_depth);
///
/// Boost.PropertyTree's XML parser (which the GraphML reader and Boost.Graph's
/// read_graphml use) descends one C++ call a level of elements: a GraphML file of
/// about 150 KB nested 21,000 elements deep overflowed an 8 MiB stack. The scans
/// count levels without recursion and stop at the first level past the limit:
/// - XML: the depth of an element is its number of ancestors plus one (the parser's
///   calls for it): a start tag `<name ...>` opens a level and `</name>` closes it, an
///   empty element `<name/>` reaches one level below its parent; comments `<!-- -->`,
///   CDATA sections, processing instructions `<? ?>` and declarations `<!...>` reach none;
///   attribute values in quotes may hold `>`. A declaration ends exactly where the parser
///   (Boost.PropertyTree's copy of RapidXML, parse_node and parse_doctype) ends it, since a
///   scan that ended it later would miss the elements in between: `<!DOCTYPE` and a white-space
///   character runs to the first `>` outside an internal subset `[...]` (nested brackets
///   counted), any other `<!` to the first `>`; quotes inside a declaration are not honoured,
///   as the parser honours none there. Malformed markup is left to the parser, which refuses
///   it with its line.
/// - JSON: `[` and `{` open a level and `]` and `}` close it, outside strings
///   (escapes `\"` and `\\` respected).
/// The limit, 256 levels, is libxml2's default maximum depth (XML_PARSE_HUGE off);
/// GraphML needs about 6 (graphml, graph, node, data, and yEd's drawing elements
/// below data), plus 2 a level of nested graphs; node-link JSON needs 3, plus the
/// depth of its attributes. A refusal names the file and the line where the limit is
/// passed: `G.graphml:4: elements nested deeper than 256 levels ...`.
///
/// Reference: libxml2, xmlParserMaxDepth (docs/references.md, [libxml2]).

#include <cstddef>
#include <string>
#include <string_view>

#include "shiftfly/io/file_text.hpp"

namespace shiftfly::io {

/// Deepest nesting the XML and JSON readers accept (see the file comment).
inline constexpr std::size_t max_nesting_depth = 256;

/// The deepest level a scan met (up to its stop) and the line (from 1) where it was first met.
struct nesting {
  std::size_t depth = 0;
  std::size_t line = 0;
};

namespace detail {
/// The parser's XML white space (space, tab, CR, LF).
inline bool xml_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
/// Counts the line ends (\n, \r\n, \r) in text[from, to), as io/file_text.hpp does.
inline std::size_t line_ends(std::string_view text, std::size_t from, std::size_t to) {
  std::size_t k = 0;
  for (std::size_t i = from; i < to && i < text.size(); ++i)
    k += text[i] == '\r' || (text[i] == '\n' && (i == 0 || text[i - 1] != '\r'));
  return k;
}
}  // namespace detail

/// The element nesting of XML text; stops at the first level above `stop_above`.
inline nesting xml_nesting(std::string_view text, std::size_t stop_above) {
  nesting out;
  std::size_t depth = 0, line = 1, counted = 0;  // line ends counted in text[0, counted)
  const std::size_t n = text.size();
  const auto skip_past = [&](std::size_t from, std::string_view end) {
    const std::size_t at = text.find(end, from);
    return at == std::string_view::npos ? n : at + end.size();
  };
  std::size_t i = 0;
  while (i < n) {
    const std::size_t lt = text.find('<', i);
    if (lt == std::string_view::npos) break;
    if (text.compare(lt, 4, "<!--") == 0) {
      i = skip_past(lt + 4, "-->");
    } else if (text.compare(lt, 9, "<![CDATA[") == 0) {
      i = skip_past(lt + 9, "]]>");
    } else if (text.compare(lt, 2, "<?") == 0) {
      i = skip_past(lt + 2, "?>");
    } else if (text.compare(lt, 9, "<!DOCTYPE") == 0 && lt + 9 < n && detail::xml_space(text[lt + 9])) {
      // as the parser: to the first `>` outside [brackets], nested brackets counted, quotes not honoured
      std::size_t j = lt + 10, brackets = 0;
      for (; j < n; ++j) {
        const char c = text[j];
        if (c == '[') ++brackets;
        else if (c == ']' && brackets) --brackets;
        else if (c == '>' && brackets == 0) break;
      }
      i = j + 1;
    } else if (text.compare(lt, 2, "<!") == 0) {  // any other declaration: to the first `>`, as the parser
      i = skip_past(lt + 2, ">");
    } else if (text.compare(lt, 2, "</") == 0) {
      if (depth) --depth;
      i = skip_past(lt + 2, ">");
    } else {  // a start tag, or an empty element
      std::size_t j = lt + 1;
      char quote = 0;
      for (; j < n; ++j) {
        const char c = text[j];
        if (quote) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '>') {
          break;
        }
      }
      if (j < n) {
        const bool empty = text[j - 1] == '/';  // at depth + 1, and closed at once
        if (depth + 1 > out.depth) {
          line += detail::line_ends(text, counted, lt);
          counted = lt;
          out.depth = depth + 1;
          out.line = line;
          if (out.depth > stop_above) return out;
        }
        if (!empty) ++depth;
      }
      i = j + 1;
    }
  }
  return out;
}

/// The array and object nesting of JSON text; stops at the first level above `stop_above`.
inline nesting json_nesting(std::string_view text, std::size_t stop_above) {
  nesting out;
  std::size_t depth = 0, line = 1, counted = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      ++depth;
      if (depth > out.depth) {
        line += detail::line_ends(text, counted, i);
        counted = i;
        out.depth = depth;
        out.line = line;
        if (depth > stop_above) return out;
      }
    } else if ((c == ']' || c == '}') && depth) {
      --depth;
    }
  }
  return out;
}

/// Refuses XML text whose elements nest deeper than `limit` levels, naming the line.
inline void require_xml_depth(std::string_view where, std::string_view file, std::string_view text,
                              std::size_t limit = max_nesting_depth) {
  const nesting d = xml_nesting(text, limit);
  if (d.depth > limit)
    fail_file(where, file, d.line,
              "elements nested deeper than " + std::to_string(limit) +
                  " levels (the limit of the XML reader, whose parser recurses once a level)");
}

/// Refuses JSON text whose arrays and objects nest deeper than `limit` levels, naming the line.
inline void require_json_depth(std::string_view where, std::string_view file, std::string_view text,
                               std::size_t limit = max_nesting_depth) {
  const nesting d = json_nesting(text, limit);
  if (d.depth > limit)
    fail_file(where, file, d.line,
              "arrays and objects nested deeper than " + std::to_string(limit) +
                  " levels (the limit of the JSON reader)");
}

}  // namespace shiftfly::io
