#pragma once
/// \file html.hpp
/// A table set's report as one self-contained HTML page: a header (tool,
/// version, profile, command line, date, reference artefact), a table of
/// contents, every table as a <table> with its source, method and notes
/// (numbers right-aligned in tabular figures), each figure as inline SVG beside
/// the table it illustrates, with its caption, and the differences section.
/// Inline CSS, no external URL, readable without script; a small inline script
/// sorts a table by a clicked column.
///
/// Cells that end in `*` (the exact profile's mark of a value that differs from
/// the published one, tables/differences.hpp) are marked and linked to their
/// row of the table whose id is `html_header::differences_table`; that table's
/// rows carry the anchors.
///
/// API: `html_header`, `html_section` (a section's tables and figures, each
/// figure with its SVG text), `render_html(header, sections)`, `inline_svg(svg, prefix, title)`,
/// `html_escape(text)`, `html_block_begin(id)` / `html_block_end(id)` (the comment
/// lines around each table and figure, which `--check` compares one by one),
/// `html_generated_date` (the element holding the date, which `--check` ignores).

#include <cstddef>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/table.hpp"

namespace shiftfly::report {

/// What the report's header says.
struct html_header {
  std::string tool;       ///< e.g. "shiftfly"
  std::string version;    ///< e.g. "0.1.0"
  std::string profile;    ///< e.g. "paper"; empty: not shown
  std::string command;    ///< the command line that computes the same report
  std::string date;       ///< when it was generated, e.g. "2026-12-01 15:50 UTC"; empty: not shown
  std::string reference;  ///< the reference artefact; empty: not shown
  std::string reference_commit;  ///< the commit of the reference artefact its published values come from; empty: not shown
  std::string differences_table = "differences";  ///< id of the table that lists differing cells
};

/// One section of the report: its tables and its figures with their SVG (figure_svg).
struct html_section {
  std::string id, description;
  std::vector<table> tables;
  std::vector<std::pair<figure, std::string>> figures;
};

/// The opening tag of the element that holds the generation date; `--check` blanks its content.
inline constexpr std::string_view html_generated_date = "<time class=\"generated\"";

/// Text escaped for HTML element content and quoted attributes.
inline std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

/// The comment lines that open and close the block of a table or figure.
inline std::string html_block_begin(std::string_view id) { return "<!-- begin " + std::string(id) + " -->\n"; }
inline std::string html_block_end(std::string_view id) { return "<!-- end " + std::string(id) + " -->\n"; }

/// gnuplot's SVG made fit to sit inside an HTML page: the XML prolog and the
/// namespace declarations go (HTML knows SVG; they are the only URLs gnuplot
/// writes), every id and every reference to one is prefixed with `prefix` so that
/// several figures can share a page, and the <title> becomes `title`.
inline std::string inline_svg(std::string_view svg, std::string_view prefix, std::string_view title) {
  const auto start = svg.find("<svg");
  if (start == std::string_view::npos) core::fail("report::inline_svg", "the text has no <svg> element");
  std::string s(svg.substr(start));
  static const std::regex xmlns(R"(\s+xmlns(:[a-z]+)?=("[^"]*"|'[^']*'))");
  s = std::regex_replace(s, xmlns, "");
  const std::string p(prefix);
  static const std::regex ids(R"(\bid=(["'])([^"']*)\1)");
  s = std::regex_replace(s, ids, "id=$1" + p + "-$2$1");
  static const std::regex refs(R"(href=(["'])#([^"']*)\1)");
  s = std::regex_replace(s, refs, "href=$1#" + p + "-$2$1");
  static const std::regex urls(R"(url\(#([^)]*)\))");
  s = std::regex_replace(s, urls, "url(#" + p + "-$1)");
  static const std::regex svg_title("<title>[^<]*</title>");
  s = std::regex_replace(s, svg_title, "<title>" + html_escape(title) + "</title>", std::regex_constants::format_first_only);
  // role and label for readers of the page; the opening tag spans lines in gnuplot's output.
  s.replace(0, 4, "<svg role=\"img\" aria-label=\"" + html_escape(title) + "\"");
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s + "\n";
}

namespace detail {

/// A cell that reads as a number (right-aligned): digits with separators, a
/// decimal point, an exponent, a sign, a percent sign, the difference mark.
inline bool numeric_cell(const std::string& c) {
  static const std::regex number(R"((-|\+|−)?[$]?[0-9][0-9,]*(\.[0-9]+)?([eE][-+]?[0-9]+)?%?\*?)");
  return std::regex_match(c, number);
}

inline const char* html_style() {
  return R"(:root{color-scheme:light;--ink:#1a1a1a;--muted:#555;--rule:#c8c8c8;--band:#f4f6f8;--mark:#fff0c2;--link:#0b5394}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#fff}
header,nav,main{max-width:1280px;margin:0 auto;padding:0 24px}
header{padding-top:20px;border-bottom:1px solid var(--rule)}
h1{font-size:1.6em;margin:0 0 8px}
h2{font-size:1.3em;margin:32px 0 8px;border-bottom:1px solid var(--rule);padding-bottom:4px}
h3{font-size:1.08em;margin:0 0 4px}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0 0 16px}
dl.meta dt{color:var(--muted)}
dl.meta dd{margin:0}
code{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:.92em}
a{color:var(--link)}
ul.toc{columns:2 420px;column-gap:40px;margin:4px 0;padding:0;list-style:none}
ul.toc>li{break-inside:avoid;margin:0 0 10px}
ul.toc ul{margin:2px 0 0;padding-left:18px;list-style:none;font-size:.93em}
.item{display:flex;flex-wrap:wrap;gap:20px 32px;align-items:flex-start;margin:20px 0 28px}
.tablebox{flex:0 1 auto;min-width:min(100%,420px);max-width:100%;overflow-x:auto}
.tablebox>h3,.tablebox>p,.tablebox>.notes{contain:inline-size}
p.source,p.method{margin:0;color:var(--muted);font-size:.93em}
table{border-collapse:collapse;margin:10px 0;font-size:.92em}
caption{text-align:left}
th,td{padding:3px 10px;border-bottom:1px solid #e3e3e3;vertical-align:top}
thead th{border-bottom:2px solid var(--rule);text-align:left;white-space:nowrap;background:#fff}
th.num,td.num{text-align:right;font-variant-numeric:tabular-nums lining-nums;white-space:nowrap}
tbody tr:nth-child(even){background:var(--band)}
td.differs{background:var(--mark)}
td.differs a{color:inherit;text-decoration:underline dotted}
tr:target{outline:2px solid var(--link)}
.notes p{margin:4px 0;font-size:.93em}
figure{flex:1 1 420px;max-width:720px;margin:0}
figure svg{display:block;width:100%;height:auto;border:1px solid #eee}
figcaption{font-size:.9em;color:var(--muted);margin-top:6px}
figcaption b{color:var(--ink)}
th[data-sort]{cursor:pointer}
th[data-sort]::after{content:" \2195";color:#aaa;font-size:.8em}
@media print{nav{display:none}.item{break-inside:avoid}}
)";
}

inline const char* html_script() {
  // Sorting by a clicked column header: numbers by value, text by collation; a second click reverses.
  return R"((function(){
function key(td){var t=td.textContent.replace(/[,%*$\s]/g,'').replace('\u2212','-');var v=parseFloat(t);return isNaN(v)||!/^[-+]?[0-9.]/.test(t)?null:v;}
document.querySelectorAll('table.sortable').forEach(function(table){
 table.querySelectorAll('thead th').forEach(function(th,col){
  th.setAttribute('data-sort','');th.setAttribute('title','Sort by this column');
  th.addEventListener('click',function(){
   var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
   var dir=th.getAttribute('data-sort')==='asc'?-1:1;
   table.querySelectorAll('thead th').forEach(function(h){h.setAttribute('data-sort','');});
   th.setAttribute('data-sort',dir>0?'asc':'desc');
   rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);
    if(x!==null&&y!==null)return dir*(x-y);
    return dir*a.cells[col].textContent.localeCompare(b.cells[col].textContent);});
   rows.forEach(function(r){body.appendChild(r);});
  });
 });
});
})();
)";
}

/// The anchor of a cell of a table (the target of its difference mark).
inline std::string cell_anchor(const std::string& table, std::size_t row, std::size_t col) {
  return "diff-" + table + "-r" + std::to_string(row + 1) + "-c" + std::to_string(col + 1);
}

inline std::size_t column_index(const table& t, std::string_view name) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i] == name) return i;
  return t.columns.size();
}

/// For each row of the differences table, the anchor of the marked cell it lists (empty: not in this run).
inline std::vector<std::string> difference_anchors(const table& diff, const std::vector<const table*>& tables) {
  std::vector<std::string> anchors(diff.rows.size());
  const std::size_t ct = column_index(diff, "Table"), cr = column_index(diff, "Row"), cc = column_index(diff, "Column"),
                    ce = column_index(diff, "Exact");
  const std::size_t n = diff.columns.size();
  if (ct == n || cr == n || cc == n || ce == n) return anchors;
  std::vector<std::string> used;
  for (std::size_t k = 0; k < diff.rows.size(); ++k) {
    const auto& d = diff.rows[k];
    for (const table* t : tables) {
      if (t->id != d[ct]) continue;
      const std::size_t c = column_index(*t, d[cc]);
      if (c == t->columns.size()) continue;
      for (std::size_t r = 0; r < t->rows.size() && anchors[k].empty(); ++r) {
        const auto& row = t->rows[r];
        if (row[c] != d[ce] + "*") continue;
        // The differences table names a row by its first cell, or its first two joined by " / ".
        const auto strip = [](std::string s) {
          if (!s.empty() && s.back() == '*') s.pop_back();
          return s;
        };
        const std::string first = strip(row[0]);
        const std::string both = row.size() > 2 ? first + " / " + strip(row[1]) : first;
        if (d[cr] != first && d[cr] != both && d[cr] != row[0] && (row.size() <= 2 || d[cr] != row[0] + " / " + row[1]))
          continue;
        const std::string a = cell_anchor(t->id, r, c);
        bool taken = false;
        for (const auto& u : used) taken = taken || u == a;
        if (taken) continue;
        anchors[k] = a;
        used.push_back(a);
      }
    }
  }
  return anchors;
}

inline std::string render_html_table(const table& t, bool is_differences, const std::vector<std::string>& anchors,
                                     const std::string& differences_id) {
  std::string out = "<div class=\"tablebox\">\n";
  out += "<h3>" + html_escape(t.title.empty() ? t.id : t.title) + "</h3>\n";
  if (!t.source.empty()) out += "<p class=\"source\">Source: " + html_escape(t.source) + ".</p>\n";
  if (!t.method.empty()) out += "<p class=\"method\">Method: " + html_escape(t.method) + ".</p>\n";
  // A column is numeric when every non-empty cell in it is.
  std::vector<bool> numeric(t.columns.size(), true);
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    bool any = false;
    for (const auto& r : t.rows) {
      if (r[c].empty() || r[c] == "-" || r[c] == "—") continue;
      any = true;
      if (!numeric_cell(r[c])) numeric[c] = false;
    }
    numeric[c] = numeric[c] && any;
  }
  out += "<table class=\"sortable\" id=\"" + html_escape(t.id) + "-data\">\n<thead><tr>";
  for (std::size_t c = 0; c < t.columns.size(); ++c)
    out += std::string("<th scope=\"col\"") + (numeric[c] ? " class=\"num\"" : "") + ">" + html_escape(t.columns[c]) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    out += "<tr";
    if (is_differences && r < anchors.size() && !anchors[r].empty()) out += " id=\"" + anchors[r] + "\"";
    out += ">";
    for (std::size_t c = 0; c < t.rows[r].size(); ++c) {
      const std::string& cell = t.rows[r][c];
      const bool differs = !is_differences && !cell.empty() && cell.back() == '*' && cell.size() > 1;
      std::string cls = numeric[c] ? "num" : "";
      if (differs) cls += cls.empty() ? "differs" : " differs";
      out += "<td" + (cls.empty() ? std::string() : " class=\"" + cls + "\"");
      if (differs) {
        out += " data-differs=\"\"><a href=\"#" + cell_anchor(t.id, r, c) +
               "\" title=\"Differs from the published value (listed in " + html_escape(differences_id) + ")\">" + html_escape(cell) +
               "</a></td>";
      } else {
        out += ">" + html_escape(cell) + "</td>";
      }
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  if (!t.notes.empty()) {
    out += "<div class=\"notes\">\n";
    for (const auto& n : t.notes) out += "<p>" + html_escape(n) + "</p>\n";
    out += "</div>\n";
  }
  return out + "</div>\n";
}

inline std::string render_html_figure(const figure& f, const std::string& svg) {
  std::string out = html_block_begin(f.id);
  out += "<figure id=\"" + html_escape(f.id) + "\">\n";
  out += inline_svg(svg, f.id, f.title);
  out += "<figcaption><b>" + html_escape(f.title) + ".</b>";
  if (const std::string c = figure_caption(f); !c.empty()) out += " " + html_escape(c);
  out += " Data: <code>" + html_escape(f.id) + ".csv</code>.</figcaption>\n</figure>\n";
  return out + html_block_end(f.id);
}

}  // namespace detail

/// The report as one HTML document.
inline std::string render_html(const html_header& h, const std::vector<html_section>& sections) {
  std::vector<const table*> all_tables;
  const table* diff = nullptr;
  for (const auto& s : sections)
    for (const auto& t : s.tables) {
      all_tables.push_back(&t);
      if (t.id == h.differences_table) diff = &t;
    }
  const auto anchors = diff ? detail::difference_anchors(*diff, all_tables) : std::vector<std::string>{};

  std::string title = h.tool + " tables" + (h.profile.empty() ? "" : " (" + h.profile + " profile)");
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>" + html_escape(title) + "</title>\n<style>\n" + detail::html_style() + "</style>\n</head>\n<body>\n";
  out += "<header>\n<h1>" + html_escape(title) + "</h1>\n<dl class=\"meta\">\n";
  out += "<dt>Tool</dt><dd>" + html_escape(h.tool) + " " + html_escape(h.version) + "</dd>\n";
  if (!h.profile.empty()) out += "<dt>Profile</dt><dd>" + html_escape(h.profile) + "</dd>\n";
  out += "<dt>Command</dt><dd><code>" + html_escape(h.command) + "</code></dd>\n";
  if (!h.date.empty())
    out += "<dt>Generated</dt><dd>" + std::string(html_generated_date) + ">" + html_escape(h.date) + "</time></dd>\n";
  if (!h.reference.empty() || !h.reference_commit.empty()) {
    out += "<dt>Reference</dt><dd>" + html_escape(h.reference);
    if (!h.reference_commit.empty())
      out += std::string(h.reference.empty() ? "" : ", ") + "commit <code>" + html_escape(h.reference_commit) + "</code>";
    out += "</dd>\n";
  }
  std::size_t n_tables = 0, n_figures = 0, n_differs = 0;
  for (const auto& s : sections) {
    n_tables += s.tables.size();
    n_figures += s.figures.size();
    for (const auto& t : s.tables)
      if (t.id != h.differences_table)
        for (const auto& r : t.rows)
          for (const auto& c : r) n_differs += c.size() > 1 && c.back() == '*';
  }
  out += "<dt>Contents</dt><dd>" + std::to_string(n_tables) + (n_tables == 1 ? " table, " : " tables, ") + std::to_string(n_figures) + (n_figures == 1 ? " figure" : " figures");
  if (diff) out += ", " + std::to_string(n_differs) + " cells that differ from the published values (marked *)";
  out += "</dd>\n</dl>\n</header>\n";

  out += "<nav id=\"contents\">\n<h2>Contents</h2>\n<ul class=\"toc\">\n";
  for (const auto& s : sections) {
    if (s.tables.empty() && s.figures.empty()) continue;
    out += "<li><a href=\"#section-" + html_escape(s.id) + "\">" + html_escape(s.description) + "</a>\n<ul>\n";
    for (const auto& t : s.tables)
      out += "<li><a href=\"#" + html_escape(t.id) + "\">" + html_escape(t.title.empty() ? t.id : t.title) + "</a></li>\n";
    for (const auto& [f, svg] : s.figures)
      out += "<li><a href=\"#" + html_escape(f.id) + "\">Figure: " + html_escape(f.title) + "</a></li>\n";
    out += "</ul></li>\n";
  }
  out += "</ul>\n</nav>\n<main>\n";

  for (const auto& s : sections) {
    if (s.tables.empty() && s.figures.empty()) continue;
    out += "<section id=\"section-" + html_escape(s.id) + "\">\n<h2>" + html_escape(s.description) + "</h2>\n";
    std::vector<bool> placed(s.figures.size(), false);
    for (const auto& t : s.tables) {
      out += html_block_begin(t.id);
      out += "<div class=\"item\" id=\"" + html_escape(t.id) + "\">\n";
      const bool is_diff = t.id == h.differences_table;
      out += detail::render_html_table(t, is_diff, anchors, h.differences_table);
      out += html_block_end(t.id);
      for (std::size_t k = 0; k < s.figures.size(); ++k)
        if (s.figures[k].first.table == t.id) {
          out += detail::render_html_figure(s.figures[k].first, s.figures[k].second);
          placed[k] = true;
        }
      out += "</div>\n";
    }
    bool open = false;
    for (std::size_t k = 0; k < s.figures.size(); ++k) {
      if (placed[k]) continue;
      if (!open) out += "<div class=\"item\">\n";
      open = true;
      out += detail::render_html_figure(s.figures[k].first, s.figures[k].second);
    }
    if (open) out += "</div>\n";
    out += "</section>\n";
  }
  out += "</main>\n<script>\n" + std::string(detail::html_script()) + "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace shiftfly::report
