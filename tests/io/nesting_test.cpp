// io/nesting.hpp: the depth scans that guard the recursive XML parser and the JSON reader,
// checked against the depth a parser sees (Boost.PropertyTree's tree, nlohmann-json's
// document) on generated documents, and on the markup that opens no level.
#include <catch2/catch.hpp>

#include <cstddef>
#include <sstream>
#include <string>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <nlohmann/json.hpp>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/io/nesting.hpp"

namespace nesting_test {

namespace io = shiftfly::io;
namespace pt = boost::property_tree;

/// The element depth of a parsed tree (attributes and text are not elements).
std::size_t tree_depth(const pt::ptree& t) {
  std::size_t d = 0;
  for (const auto& [tag, child] : t)
    if (tag != "<xmlattr>" && tag != "<xmlcomment>") d = std::max(d, 1 + tree_depth(child));
  return d;
}

std::size_t json_depth(const nlohmann::json& j) {
  if (!j.is_structured()) return 0;
  std::size_t d = 0;
  for (const auto& v : j) d = std::max(d, json_depth(v));
  return d + 1;
}

/// A random XML document of bounded depth, with the markup that opens no level mixed in.
std::string random_xml(shiftfly::core::python_random& rng, std::size_t depth, std::size_t max_depth) {
  std::string s = "<e a=\"x>y\" b='/>'>";
  const std::size_t children = rng.randrange(4);
  for (std::size_t i = 0; i < children && depth < max_depth; ++i) {
    switch (rng.randrange(6)) {
      case 0: s += "<!-- <c> -->"; break;
      case 1: s += "<![CDATA[<c><d>]]>"; break;
      case 2: s += "<?pi <c>?>"; break;
      case 3: s += "<empty x=\"1\"/>"; break;
      default: s += random_xml(rng, depth + 1, max_depth);
    }
    s += "\n";
  }
  return s + "</e>";
}

std::string random_json(shiftfly::core::python_random& rng, std::size_t depth, std::size_t max_depth) {
  if (depth >= max_depth || rng.randrange(3) == 0) return rng.randrange(2) ? "\"[{\\\"]\"" : "1";
  const bool array = rng.randrange(2);
  std::string s = array ? "[" : "{";
  const std::size_t k = rng.randrange(4);
  for (std::size_t i = 0; i < k; ++i) {
    if (i) s += ",\n";
    if (!array) s += "\"k" + std::to_string(i) + "\":";
    s += random_json(rng, depth + 1, max_depth);
  }
  return s + (array ? "]" : "}");
}

TEST_CASE("nesting: the XML scan gives the parser's element depth", "[io][file]") {
  shiftfly::core::python_random rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const std::string text = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ELEMENT r ANY>]>\n<r>" +
                             random_xml(rng, 2, 2 + rng.randrange(12)) + "</r>\n";
    pt::ptree t;
    std::istringstream in(text);
    pt::read_xml(in, t);
    INFO(text);
    CHECK(io::xml_nesting(text, 1000).depth == tree_depth(t));
  }
}

TEST_CASE("nesting: the JSON scan gives the document's depth", "[io][file]") {
  shiftfly::core::python_random rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const std::string text = random_json(rng, 0, rng.randrange(12));
    INFO(text);
    CHECK(io::json_nesting(text, 1000).depth == json_depth(nlohmann::json::parse(text)));
  }
}

TEST_CASE("nesting: refusals name the line where the limit is passed, and stop there", "[io][file]") {
  namespace io = shiftfly::io;
  CHECK(io::xml_nesting("<a>\n<b>\r\n<c/>\r<c><d/>\n", 10).depth == 4);
  CHECK(io::xml_nesting("<a>\n<b>\r\n<c/>\r<c><d/>\n", 10).line == 4);  // LF, CRLF and CR end lines
  CHECK(io::xml_nesting("<a>\n<b>\r\n<c/>\r<c>\n", 10).line == 3);  // depth 3 first met at <c/>
  CHECK(io::json_nesting("[\n[\"]]]]\"\n,[", 10).depth == 3);
  CHECK(io::json_nesting("[\n[\"]]]]\"\n,[", 10).line == 3);
  CHECK_THROWS_WITH(io::require_xml_depth("r", "G.xml", "<a><b><c>", 2),
                    "r: G.xml:1: elements nested deeper than 2 levels (the limit of the XML reader, whose parser "
                    "recurses once a level)");
  CHECK_THROWS_WITH(io::require_json_depth("r", "G.json", "{\"a\":\n[[1]]}", 2),
                    "r: G.json:2: arrays and objects nested deeper than 2 levels (the limit of the JSON reader)");
  CHECK_NOTHROW(io::require_xml_depth("r", "G.xml", "<a><b/></a><a><b></b></a>", 2));
  // the scan stops at the first level past the limit: it does not walk the rest
  std::string open;
  for (int i = 0; i < 100000; ++i) open += "<a>";
  CHECK(io::xml_nesting(open, 5).depth == 6);
  CHECK(io::json_nesting(std::string(100000, '['), 5).depth == 6);
}

TEST_CASE("nesting: a declaration ends where the parser ends it, quotes or not", "[io][file]") {
  // RapidXML (Boost.PropertyTree's parser) ends `<!x ...` at its first `>` and `<!DOCTYPE ...` at
  // the first `>` outside [brackets], honouring no quotes: a scan that honoured them would end
  // the declaration later and miss the elements in between (a 200 KB file overflowed the stack).
  const std::string opens[] = {"<!x '>", "<!x \">", "<!DOCTYPE x '>", "<!DOCTYPE\tx \">", "<!DOCTYPE x [ '>' ]>",
                               "<!DOCTYPEx [ '>", "<!- '>", "<![x '>", "<!DOCTYPE x [ [ ] ' ] '>"};
  for (const auto& open : opens) {
    for (std::size_t k : {std::size_t{1}, std::size_t{5}, std::size_t{40}}) {
      std::string text = "<graphml>" + open;
      for (std::size_t i = 0; i < k; ++i) text += "<a>";
      text += "'>";
      for (std::size_t i = 0; i < k; ++i) text += "</a>";
      text += "</graphml>";
      INFO(text);
      pt::ptree t;
      std::istringstream in(text);
      bool parsed = true;
      try {
        pt::read_xml(in, t);
      } catch (const pt::xml_parser_error&) {
        parsed = false;
      }
      if (parsed) CHECK(io::xml_nesting(text, 1000).depth == tree_depth(t));
      else CHECK(io::xml_nesting(text, 1000).depth >= 1);
    }
  }
  // the reported crash, in small: the depth passes the limit and is refused before parsing
  std::string deep = "<graphml><!x '>";
  for (int i = 0; i < 300; ++i) deep += "<a>";
  deep += "'>";
  for (int i = 0; i < 300; ++i) deep += "</a>";
  deep += "</graphml>";
  CHECK(io::xml_nesting(deep, 256).depth == 257);
  CHECK_THROWS_WITH(io::require_xml_depth("r", "q.graphml", deep),
                    Catch::Contains("q.graphml:1: elements nested deeper than 256 levels"));
  const std::string doctype = "<!DOCTYPE g '>\n<graphml>" + deep.substr(9);
  CHECK(io::xml_nesting(doctype, 256).depth == 257);
}

}  // namespace nesting_test
