#pragma once
// The `tables` subcommand of both tools: the flags --only, --format, --out and
// --check given to report::run_table_set (report/table_set.hpp), whose errors
// name its parameters (only, format, out_dir, check_dir); here they name the flags.
// --progress shows the sections' progress on stderr even when it is not a terminal.
// The html format and the index.html of --out get their header here: the tool,
// version, profile, the command line, the date (SOURCE_DATE_EPOCH when set, so
// that a build can pin it) and the reference artefact the tool names.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "shiftfly/gnuplot.hpp"
#include "shiftfly/report/table_set.hpp"

namespace shiftfly::tools {

/// The flags of a `tables` subcommand.
struct table_set_flags {
  std::vector<std::string> only;
  std::string format = "md";
  std::string out, check;
  bool progress = false;
};

/// Adds --only (its help lists the sections and the tables and figures), --format, --out and --check to `sub`.
inline void add_table_set_flags(CLI::App* sub, table_set_flags& f, const std::vector<report::section>& sections) {
  std::string ids, outputs;
  for (const auto& s : sections) {
    ids += (ids.empty() ? "" : ", ") + s.id;
    for (const auto& o : s.outputs) outputs += (outputs.empty() ? "" : ", ") + o;
  }
  sub->add_option("--only", f.only,
                  "Comma-separated sections, or tables and figures (their ids name the files), to run. Sections: " + ids +
                      ". Tables and figures: " + outputs)
      ->type_name("ID,...")
      ->default_str("all");
  sub->add_option("--format", f.format,
                  "Output format: md, csv, json, or html (one self-contained page: tables, inline SVG figures, "
                  "differences)")
      ->check(CLI::IsMember({"md", "csv", "json", "html"}));
  sub->add_option("--out", f.out,
                  "Write every table (md, csv, json) and figure (csv, svg) into this directory, with the HTML report "
                  "(index.html) and manifest.json (the command and its parameters)")
      ->default_str("none");
  sub->add_option("--check", f.check, "Regenerate and compare with the golden tables, figures (data and SVG) and report (its date aside) in this directory")->default_str("none");
  sub->add_flag("--progress", f.progress, "Progress of the sections on stderr even when it is not a terminal");
}

/// The name of the file, in an --out directory, that records the command which wrote it.
inline constexpr const char* manifest_file = "manifest.json";

/// A parameter recorded in `dir`'s manifest.json (the JSON envelope of the run that wrote
/// it, common/envelope.hpp), as text; nullopt when there is no manifest or no such parameter.
inline std::optional<std::string> manifest_parameter(const std::string& dir, const std::string& name) {
  std::ifstream in(std::filesystem::path(dir) / manifest_file, std::ios::binary);
  if (!in) return std::nullopt;
  const auto j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("parameters") || !j["parameters"].is_object()) return std::nullopt;
  const auto& p = j["parameters"];
  if (!p.contains(name) || !p[name].is_string()) return std::nullopt;
  return p[name].get<std::string>();
}

/// The date the HTML report shows: SOURCE_DATE_EPOCH (seconds since 1970) when it is set
/// and valid, else now; as "YYYY-MM-DD HH:MM UTC".
inline std::string report_date() {
  std::time_t t = std::time(nullptr);
  if (const char* e = std::getenv("SOURCE_DATE_EPOCH"); e && *e) {
    char* end = nullptr;
    const long long v = std::strtoll(e, &end, 10);
    if (end && *end == '\0' && v >= 0) t = static_cast<std::time_t>(v);
  }
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

/// What the HTML report of a table set says beyond the run itself.
struct table_set_report {
  std::string profile;    ///< the profile computed, shown and put on the command line; empty: none
  std::string reference;         ///< the reference artefact; empty: none
  std::string reference_commit;  ///< the commit its published values come from; empty: none
};

/// The command line that computes the same tables: the command, --profile, and --only when given.
inline std::string report_command(const run_context& ctx, const std::string& profile, const table_set_flags& f) {
  std::string cmd = ctx.command;
  if (!profile.empty()) cmd += " --profile " + profile;
  if (!f.only.empty()) {
    std::string only;
    for (const auto& o : f.only) only += (only.empty() ? "" : ",") + o;
    cmd += " --only " + only;
  }
  return cmd;
}

/// Runs `sections` under the flags and `context`; returns run_table_set's status. The json
/// format prints the envelope; --out also writes manifest.json, the envelope of the run
/// whose result lists the files written.
inline int run_table_set_command(const run_context& ctx, const std::vector<report::section>& sections,
                                 const table_set_flags& f, const report::section_context& context = {},
                                 const table_set_report& about = {}) {
  if (f.progress) report::force_progress();
  return naming_flags(ctx, "",
                      [&] {
                        report::table_set_options t;
                        t.only = report::split_only(f.only);
                        t.format = f.format;
                        t.out_dir = f.out;
                        t.check_dir = f.check;
                        t.context = context;
                        t.json_text = [&ctx](const nlohmann::json& j) { return envelope_text(ctx, j); };
                        t.svg = [](const report::figure& fig) { return report::figure_svg(fig); };  // the gnuplot component
                        t.html.tool = ctx.tool;
                        t.html.version = std::string(core::version);
                        t.html.profile = about.profile;
                        t.html.command = report_command(ctx, about.profile, f);
                        t.html.date = report_date();
                        t.html.reference = about.reference;
                        t.html.reference_commit = about.reference_commit;
                        std::vector<std::string> written;
                        t.written = &written;
                        const int status = report::run_table_set(sections, t, std::cout, std::cerr);
                        if (!f.out.empty()) {
                          std::ofstream out(std::filesystem::path(f.out) / manifest_file, std::ios::binary);
                          out << envelope(ctx, nlohmann::json{{"files", written}}).dump(2) << "\n";
                          if (!out) throw std::runtime_error("tables: cannot write " + f.out + "/" + manifest_file);
                        }
                        return status;
                      });
}

}  // namespace shiftfly::tools
