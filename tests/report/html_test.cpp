// Tests for report/html.hpp and the HTML comparison of report/check.hpp: the page's
// structure, escaping, number alignment, difference links, inline SVG, and --check
// ignoring the date but nothing else.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "shiftfly/report/check.hpp"
#include "shiftfly/report/html.hpp"

namespace html_test {

using namespace shiftfly::report;

namespace {
std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::vector<html_section> html_sample() {
  table t;
  t.id = "scale";
  t.title = "Scale <&>";
  t.source = "Table 2";
  t.method = "exact";
  t.columns = {"Groups", "Design", "Diameter", "Note"};
  t.add_row({"36", "Boardfly", "4*", "a"});
  t.add_row({"1,152", "Shiftfly", "3", "b"});
  table d;
  d.id = "differences";
  d.title = "Differences";
  d.columns = {"Table", "Row", "Column", "Published", "Exact", "Reason"};
  d.add_row({"scale", "36 / Boardfly", "Diameter", "5", "4", "sampled"});
  figure f{"scale_plot", "Diameter", "chips", "hops", true, false, {{"s", {1, 10}, {2, 3}}}};
  f.table = "scale";
  f.caption = "What it shows.";
  const std::string svg =
      "<?xml version=\"1.0\"?>\n<svg \n viewBox=\"0 0 10 10\"\n xmlns=\"http://www.w3.org/2000/svg\"\n"
      " xmlns:xlink=\"http://www.w3.org/1999/xlink\"\n>\n<title>Gnuplot</title>\n<defs><path id='gpPt1' d='M0,0'/></defs>\n"
      "<use xlink:href='#gpPt1' x='1' y='1'/>\n<g clip-path=\"url(#clip1)\"></g>\n</svg>\n";
  return {{"two", "Section two", {t}, {{f, svg}}}, {"end", "Closing", {d}, {}}};
}
}  // namespace

TEST_CASE("render_html: a page with escaped text, aligned numbers, linked differences and inline SVG", "[report]") {
  html_header h;
  h.tool = "demo";
  h.version = "1.0";
  h.profile = "exact";
  h.command = "demo tables --profile exact";
  h.date = "2026-01-02 03:04 UTC";
  const std::string page = render_html(h, html_sample());
  CHECK(page.rfind("<!DOCTYPE html>\n", 0) == 0);
  CHECK(page.find("Scale &lt;&amp;&gt;") != std::string::npos);
  CHECK(page.find("Scale <&>") == std::string::npos);
  // The numeric columns (Groups, Diameter) are right-aligned; the text columns are not.
  CHECK(page.find("<th scope=\"col\" class=\"num\">Groups</th><th scope=\"col\">Design</th>"
                  "<th scope=\"col\" class=\"num\">Diameter</th><th scope=\"col\">Note</th>") != std::string::npos);
  // The marked cell links to its row of the differences table, which carries the anchor.
  CHECK(page.find("<td class=\"num differs\" data-differs=\"\"><a href=\"#diff-scale-r1-c3\"") != std::string::npos);
  CHECK(page.find("<tr id=\"diff-scale-r1-c3\"><td>scale</td>") != std::string::npos);
  CHECK(count_of(page, "data-differs") == 1);
  // The figure sits in the item of its table, its ids prefixed, without namespaces or the XML prolog.
  CHECK(page.find("<div class=\"item\" id=\"scale\">") < page.find("<figure id=\"scale_plot\">"));
  CHECK(page.find("<figure id=\"scale_plot\">") < page.find("<section id=\"section-end\">"));
  CHECK(page.find("id='scale_plot-gpPt1'") != std::string::npos);
  CHECK(page.find("xlink:href='#scale_plot-gpPt1'") != std::string::npos);
  CHECK(page.find("url(#scale_plot-clip1)") != std::string::npos);
  CHECK(page.find("<title>Diameter</title>") != std::string::npos);
  CHECK(page.find("http") == std::string::npos);
  CHECK(page.find("<?xml") == std::string::npos);
  CHECK(page.find("What it shows.") != std::string::npos);
  CHECK(page.find("<time class=\"generated\">2026-01-02 03:04 UTC</time>") != std::string::npos);
  // Contents: each section, table and figure.
  for (const char* id : {"#section-two", "#scale", "#scale_plot", "#section-end", "#differences"})
    CHECK(page.find(std::string("<a href=\"") + id + "\"") != std::string::npos);
  CHECK(count_of(page, "<table ") == 2);
  CHECK(count_of(page, "<svg ") == 1);
}

TEST_CASE("compare_html ignores the date, and nothing else; blocks compare one table or figure", "[report]") {
  html_header h;
  h.tool = "demo";
  h.version = "1.0";
  h.command = "demo tables";
  h.date = "2026-01-02 03:04 UTC";
  const std::string golden = render_html(h, html_sample());
  h.date = "2027-05-06 07:08 UTC";
  const std::string later = render_html(h, html_sample());
  CHECK(golden != later);
  CHECK(compare_html(golden, later).empty());
  auto changed = html_sample();
  changed[0].tables[0].rows[1][2] = "4";
  const std::string other = render_html(h, changed);
  const auto d = compare_html(golden, other);
  REQUIRE(d.size() == 1);
  CHECK(d[0].expected.find(">3</td>") != std::string::npos);
  CHECK(compare_html(golden, other, {"scale_plot", "differences"}).empty());
  CHECK(compare_html(golden, other, {"scale"}).size() == 1);
  CHECK(compare_html(golden, other, {"missing"}).size() == 1);
}

}  // namespace html_test
