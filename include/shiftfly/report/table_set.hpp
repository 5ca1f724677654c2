#pragma once
/// \file table_set.hpp
/// The driver of a table set (the Shiftfly tables, the Halley tables): a list of
/// named sections, each a function from a context (profile, threads) to tables
/// and figures. The options pick sections (`only`), render to a stream
/// (`format`: md, csv, json, or html, the self-contained report of report/html.hpp),
/// write every table (md, csv, json), figure (csv, svg) and the report
/// (index.html) into a directory (`out_dir`), or regenerate and compare with a
/// golden directory cell by cell, figure by figure and the report with its date
/// left out (`check_dir`). Errors name those parameters: only, format, check_dir, out_dir.

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/report/check.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/html.hpp"
#include "shiftfly/report/profile.hpp"
#include "shiftfly/report/progress.hpp"
#include "shiftfly/report/render.hpp"
#include "shiftfly/report/table.hpp"

namespace shiftfly::report {

/// What a section is computed under.
struct section_context {
  report::profile profile = profile::exact;  ///< Shiftfly tables only; ignored elsewhere
  unsigned threads = 0;           ///< 0 = all cores
  /// Whether the run prints the table or figure `id` of the section (run_table_set sets it from
  /// `only`); unset: every one. A section may skip the work of what is not printed, never change
  /// what is (section_wants).
  std::function<bool(const std::string&)> wants = {};
};

/// Whether the run prints the section's output `id` (true when the context does not say).
inline bool section_wants(const section_context& c, const std::string& id) { return !c.wants || c.wants(id); }

/// What a section produces.
struct section_output {
  std::vector<table> tables;
  std::vector<figure> figures;
};

/// A named section of a table set.
struct section {
  std::string id;
  std::string description;
  std::function<section_output(const section_context&)> build;
  /// The ids of the tables and figures the section may produce (they name its files);
  /// run_table_set refuses a section that produces one it does not list.
  std::vector<std::string> outputs = {};
};

/// Options of a table-set run.
struct table_set_options {
  std::vector<std::string> only;  ///< section ids or table/figure ids; empty = every section
  std::string format = "md";      ///< md | csv | json | html
  std::string out_dir;            ///< write files here when non-empty
  std::string check_dir;          ///< compare with golden files here when non-empty
  section_context context;
  /// Renders the `json` format's object ({"tables": [...]}) for `out`; unset: dump(2).
  std::function<std::string(const nlohmann::json&)> json_text = {};
  /// When set, receives the names of the files written into out_dir, in order.
  std::vector<std::string>* written = nullptr;
  /// The header of the HTML report (the `html` format, and index.html under out_dir and check_dir).
  html_header html = {};
  /// Draws a figure as SVG for the HTML report and out_dir (report/gnuplot.hpp: figure_svg, the
  /// gnuplot component); unset, a run that needs a figure's SVG is refused at that figure (std::logic_error).
  std::function<std::string(const figure&)> svg = {};
};

/// The name of the HTML report in an out_dir.
inline constexpr const char* html_report_file = "index.html";

namespace detail {
inline std::string read_file(const std::filesystem::path& p, bool& ok) {
  std::ifstream in(p, std::ios::binary);
  ok = in.good();
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}
inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("report: cannot write " + p.string());
}
}  // namespace detail

/// Validates the options against the sections (unknown names, formats, a missing check directory,
/// an out_dir that cannot be a directory) and creates the out_dir directory.
inline void validate(const std::vector<section>& sections, const table_set_options& o) {
  std::set<std::string> ids;
  std::string list;
  for (const auto& s : sections) {
    ids.insert(s.id);
    list += (list.empty() ? "" : ", ") + s.id;
  }
  std::string outputs;
  for (const auto& s : sections)
    for (const auto& id : s.outputs)
      if (ids.insert(id).second) outputs += (outputs.empty() ? "" : ", ") + id;
  for (const auto& name : o.only)
    if (!ids.count(name))
      core::fail_parameter("tables", "only", name, "is neither a section nor a table",
                           "sections " + list + (outputs.empty() ? "" : "; tables and figures " + outputs));
  if (o.format != "md" && o.format != "csv" && o.format != "json" && o.format != "html")
    core::fail_parameter("tables", "format", o.format, "is not a format", "md, csv, json, html");
  if (!o.check_dir.empty() && !std::filesystem::is_directory(o.check_dir))
    core::fail_parameter("tables", "check", o.check_dir, "is not a directory");
  if (!o.out_dir.empty()) {
    // Refused before any table is computed: an out_dir that is a file, or lies under one, or cannot be made.
    std::error_code ec;
    if (std::filesystem::exists(o.out_dir, ec) && !std::filesystem::is_directory(o.out_dir, ec))
      core::fail_parameter("tables", "out", o.out_dir, "exists and is not a directory");
    std::filesystem::create_directories(o.out_dir, ec);
    if (ec || !std::filesystem::is_directory(o.out_dir))
      core::fail_parameter("tables", "out", o.out_dir, "cannot be created as a directory (" + ec.message() + ")");
  }
}

/// The section ids of `only` values: each value a comma-separated list of ids
/// (`table2,fig14`); an empty value or an empty item (`a,,b`, `a,`) is refused.
inline std::vector<std::string> split_only(const std::vector<std::string>& values) {
  std::vector<std::string> ids;
  for (const auto& v : values) {
    std::size_t start = 0;
    while (true) {
      const std::size_t end = v.find(',', start);
      const std::string item = v.substr(start, end == std::string::npos ? std::string::npos : end - start);
      if (item.empty())
        core::fail_parameter("tables", "only", "'" + v + "'", "has an empty item (expected section ids like table2,fig14)");
      ids.push_back(item);
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  return ids;
}

namespace detail {

/// A section's tables and figures have distinct ids (both write <id>.csv), each listed in its outputs.
inline void require_listed_outputs(const section& s, const section_output& result) {
  for (const auto& f : result.figures)
    for (const auto& t : result.tables)
      if (f.id == t.id)
        throw std::logic_error("run_table_set: section '" + s.id + "' has a table and a figure both named '" + f.id + "'");
  const auto listed = [&s](const std::string& id) {
    if (std::find(s.outputs.begin(), s.outputs.end(), id) == s.outputs.end())
      throw std::logic_error("run_table_set: section '" + s.id + "' produced '" + id + "', which its outputs do not list");
  };
  for (const auto& t : result.tables) listed(t.id);
  for (const auto& f : result.figures) listed(f.id);
}

/// Compares the text `now` of `file` with its golden in `dir` cell by cell, reporting each
/// difference (or the golden's absence) to `err`; returns how many it reported.
inline std::size_t check_text_file(const std::string& dir, const std::string& file, const std::string& now,
                                   std::ostream& err) {
  bool ok = false;
  const auto golden = read_file(std::filesystem::path(dir) / file, ok);
  if (!ok) {
    err << file << ": missing from " << dir << "\n";
    return 1;
  }
  std::size_t differences = 0;
  for (const auto& d : compare_table_text(golden, now)) {
    err << describe(file, d) << "\n";
    ++differences;
  }
  return differences;
}

/// Compares a figure's SVG with its golden byte for byte; reports the first differing line.
inline std::size_t check_svg_file(const std::string& dir, const std::string& file, const std::string& svg,
                                  std::ostream& err) {
  bool ok = false;
  const auto golden_svg = read_file(std::filesystem::path(dir) / file, ok);
  if (!ok) {
    err << file << ": missing from " << dir << "\n";
    return 1;
  }
  if (golden_svg == svg) return 0;
  const auto d = compare_table_text(golden_svg, svg);
  err << (d.empty() ? file + ": differs" : describe(file, d.front())) << "\n";
  return 1;
}

/// Compares the HTML page with its golden: a run of every section the whole page, date aside; a
/// partial run (`only`), its tables' and figures' blocks, or nothing when the golden has no page.
inline std::size_t check_html_page(const table_set_options& o, const std::string& html,
                                   const std::vector<std::string>& html_blocks, std::ostream& out, std::ostream& err) {
  bool ok = false;
  const auto golden = read_file(std::filesystem::path(o.check_dir) / html_report_file, ok);
  if (!ok && !o.only.empty()) {
    // A run of some tables against a directory that holds only those: nothing to compare the page with.
    out << "check: " << o.check_dir << " has no " << html_report_file << "; the report was not compared\n";
    return 0;
  }
  if (!ok) {
    err << html_report_file << ": missing from " << o.check_dir << "\n";
    return 1;
  }
  std::size_t differences = 0;
  for (const auto& d : compare_html(golden, html, o.only.empty() ? std::vector<std::string>{} : html_blocks)) {
    err << describe(html_report_file, d) << "\n";
    ++differences;
  }
  return differences;
}

}  // namespace detail

/// Runs the set: prints to `out`, reports differences to `err`.
/// Returns 0, or 1 when the check found a difference.
inline int run_table_set(const std::vector<section>& sections, const table_set_options& o, std::ostream& out,
                         std::ostream& err) {
  validate(sections, o);
  // `only` names sections (all their outputs) or single tables and figures (their section runs).
  const auto named = [&o](const std::string& id) { return std::find(o.only.begin(), o.only.end(), id) != o.only.end(); };
  const auto runs = [&](const section& s) {
    return o.only.empty() || named(s.id) || std::any_of(s.outputs.begin(), s.outputs.end(), named);
  };
  const auto wanted = [&](const section& s, const std::string& id) { return o.only.empty() || named(s.id) || named(id); };
  const auto wrote = [&o](const std::string& name) {
    if (o.written) o.written->push_back(name);
  };
  nlohmann::json json_all = nlohmann::json::array();
  const bool want_html = !o.out_dir.empty() || !o.check_dir.empty() || o.format == "html";
  std::vector<html_section> html_sections;
  std::vector<std::string> html_blocks;  // the ids of the tables and figures run, in order
  std::size_t differences = 0;
  bool first = true;
  std::size_t total = 0, done = 0;
  for (const auto& s : sections) total += runs(s);
  for (const auto& s : sections) {
    if (!runs(s)) continue;
    show_progress("tables: " + s.id, done, total);
    section_context context = o.context;
    context.wants = [&](const std::string& id) { return wanted(s, id); };
    const section_output result = s.build(context);
    show_progress("tables: " + s.id, ++done, total);
    detail::require_listed_outputs(s, result);
    html_section page{s.id, s.description, {}, {}};
    for (const auto& t : result.tables) {
      if (!wanted(s, t.id)) continue;
      const std::string md = render_markdown(t);
      if (want_html) {
        page.tables.push_back(t);
        html_blocks.push_back(t.id);
      }
      if (o.check_dir.empty()) {
        if (o.format == "md") out << (first ? "" : "\n") << md;
        else if (o.format == "html") {}  // the page is printed whole at the end
        else if (o.format == "csv") out << (first ? "" : "\n") << "# " << t.id << "\n" << render_csv(t);
        else json_all.push_back(to_json(t));
        first = false;
      }
      if (!o.out_dir.empty()) {
        std::filesystem::create_directories(o.out_dir);
        const std::filesystem::path base = std::filesystem::path(o.out_dir) / t.id;
        detail::write_file(base.string() + ".md", md);
        detail::write_file(base.string() + ".csv", render_csv(t));
        detail::write_file(base.string() + ".json", to_json(t).dump(2) + "\n");
        for (const char* ext : {".md", ".csv", ".json"}) wrote(t.id + ext);
      }
      if (!o.check_dir.empty()) differences += detail::check_text_file(o.check_dir, t.id + ".md", md, err);
    }
    for (const auto& f : result.figures) {
      if (!wanted(s, f.id)) continue;
      if (want_html && !o.svg)
        throw std::logic_error("run_table_set: figure " + f.id +
                               " needs an SVG renderer (table_set_options::svg, e.g. report::figure_svg of report/gnuplot.hpp)");
      const std::string svg = want_html ? o.svg(f) : std::string();
      if (want_html) {
        page.figures.emplace_back(f, svg);
        html_blocks.push_back(f.id);
      }
      if (!o.out_dir.empty()) {
        detail::write_file(std::filesystem::path(o.out_dir) / (f.id + ".csv"), figure_csv(f));
        detail::write_file(std::filesystem::path(o.out_dir) / (f.id + ".svg"), svg);
        for (const char* ext : {".csv", ".svg"}) wrote(f.id + ext);
      }
      if (!o.check_dir.empty()) {
        differences += detail::check_text_file(o.check_dir, f.id + ".csv", figure_csv(f), err);
        differences += detail::check_svg_file(o.check_dir, f.id + ".svg", svg, err);
      }
    }
    if (want_html) html_sections.push_back(std::move(page));
  }
  if (want_html) {
    const std::string html = render_html(o.html, html_sections);
    if (o.check_dir.empty() && o.format == "html") out << html;
    if (!o.out_dir.empty()) {
      detail::write_file(std::filesystem::path(o.out_dir) / html_report_file, html);
      wrote(html_report_file);
    }
    if (!o.check_dir.empty()) differences += detail::check_html_page(o, html, html_blocks, out, err);
  }
  if (o.check_dir.empty() && o.format == "json") {
    const nlohmann::json all{{"tables", json_all}};
    out << (o.json_text ? o.json_text(all) : all.dump(2)) << "\n";
  }
  if (!o.check_dir.empty()) {
    if (differences) {
      err << "check: " << differences << " difference(s) from " << o.check_dir << "\n";
      return 1;
    }
    out << "check: identical to " << o.check_dir << "\n";
  }
  return 0;
}

}  // namespace shiftfly::report
