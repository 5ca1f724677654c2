#pragma once
// One output convention for both tools (docs/cli.md, "JSON output"). Every
// `--format json` output is one object:
//
//   {"tool": "shiftfly", "version": "0.1.0", "command": "shiftfly metrics kautz",
//    "parameters": {"d": 3, "D": 4, "directed": false, ...}, "result": {...}}
//
// `parameters` holds every option of the command that shapes the result: as the
// user gave it, or its default, or null when it has neither; named as the flag
// without its dashes (`sample-seed` becomes `sample_seed`), and typed: a plain
// decimal integer is a number, exact from -2^63 to 2^64 - 1 (a seed of
// 18446744073709551615 is echoed as such, not as a double), a comma-separated
// list of them an array, a real a number, a switch true or false, anything else
// the text given. Options that
// only say how to run or print (--format, --pretty, --threads, --progress,
// --out, --check, --mpi, --max-seconds, --help, --version) are left out: the result does not
// depend on them, and a run's output is the same at any thread count.
// `--pretty` indents the object by two spaces; without it the object is one line.
//
// run_cli() makes the run's context after parsing (make_run_context) and passes it to the
// subcommand, which prints its result with print_json(ctx, result) or print_record(ctx, record, format).

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string>
#include <string_view>

#include "common/given_values.hpp"
#include "common/run_context.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/core/record.hpp"
#include "shiftfly/report/record_json.hpp"
#include "shiftfly/core/version.hpp"

namespace shiftfly::tools {

/// Options that say how to run or print, not what to compute.
inline bool is_execution_option(const std::string& name) {
  static const std::set<std::string> names{"--help", "--version", "--format", "--pretty",     "--threads",
                                           "--progress", "--out", "--check", "--mpi", "--max-seconds"};
  return names.count(name) > 0;
}

/// An integer in the library's grammar (core/parse.hpp: decimal, an optional '-', no leading
/// zero) as an exact JSON integer: unsigned up to 2^64 - 1, signed down to -2^63. Null for any
/// other text, or an integer that does not fit (which typed_value then reads as a real).
inline nlohmann::ordered_json exact_integer(std::string_view text) {
  if (!text.empty() && text.front() == '-') {
    std::int64_t value = 0;
    if (core::read_signed_decimal(text, value) == core::decimal_error::none) return value;
  } else {
    std::uint64_t value = 0;
    if (core::read_decimal(text, value) == core::decimal_error::none) return value;
  }
  return nullptr;
}

/// A value as JSON: integer, list of integers, real, or the text itself. Integers are kept
/// exactly (never through a double): `--traffic-seed 18446744073709551615` is echoed as
/// 18446744073709551615, not 1.8446744073709552e+19.
inline nlohmann::ordered_json typed_value(const std::string& text) {
  if (auto integer = exact_integer(text); !integer.is_null()) return integer;
  if (text.find(',') != std::string::npos) {  // a list of integers, e.g. --dims 16,16,16
    auto list = nlohmann::ordered_json::array();
    std::size_t start = 0;
    while (true) {
      const std::size_t end = text.find(',', start);
      auto item = exact_integer(std::string_view(text).substr(start, end == std::string::npos ? end : end - start));
      if (item.is_null()) break;
      list.push_back(std::move(item));
      if (end == std::string::npos) return list;
      start = end + 1;
    }
  }
  if (double real = 0; core::read_real(text, real) == core::real_error::none) return real;  // the library's grammar
  return text;
}

namespace detail {
inline void record_options(const CLI::App& app, nlohmann::ordered_json& out) {
  for (const CLI::Option* opt : app.get_options()) {
    if (!opt->nonpositional() || is_execution_option(opt->get_name()) || opt->get_group().empty()) continue;  // hidden
    std::string key = opt->get_name();
    key = key.substr(key.find_first_not_of('-'));
    for (char& c : key)
      if (c == '-') c = '_';
    if (opt->get_items_expected_max() == 0) {  // a switch
      out[key] = opt->count() > 0;
    } else if (opt->count() > 0) {
      const auto& results = opt->results();
      if (results.size() == 1) {
        out[key] = typed_value(results.front());
      } else {
        auto list = nlohmann::ordered_json::array();
        for (const auto& r : results) list.push_back(typed_value(r));
        out[key] = list;
      }
    } else if (opt->get_default_str() == "none") {
      out[key] = nullptr;
    } else if (!opt->get_default_str().empty()) {
      out[key] = typed_value(opt->get_default_str());
    } else {
      out[key] = nullptr;
    }
  }
}
}  // namespace detail

/// The context of the parsed `app` (the tool's root): the command path and parameters,
/// --pretty, and the text given for every flag.
inline run_context make_run_context(const std::string& tool, const CLI::App& app) {
  run_context ctx;
  ctx.tool = tool;
  ctx.command = tool;
  const CLI::App* at = &app;
  detail::record_options(*at, ctx.parameters);
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
    ctx.command += " " + at->get_name();
    detail::record_options(*at, ctx.parameters);
    for (const CLI::Option* opt : at->get_options())
      if (opt->nonpositional()) ctx.flags.insert(opt->get_name());
    if (const CLI::Option* pretty = at->get_option_no_throw("--pretty"); pretty && pretty->count() > 0) ctx.pretty = true;
  }
  record_given_values(app, ctx.given);
  return ctx;
}

/// The envelope around `result` (a nlohmann::json or nlohmann::ordered_json).
template <class Json>
nlohmann::ordered_json envelope(const run_context& ctx, const Json& result) {
  nlohmann::ordered_json j;
  j["tool"] = ctx.tool;
  j["version"] = std::string(core::version);
  j["command"] = ctx.command;
  j["parameters"] = ctx.parameters;
  j["result"] = nlohmann::ordered_json::parse(result.dump());
  return j;
}

/// The envelope as text: one line, or indented by two spaces with --pretty; no newline.
template <class Json>
std::string envelope_text(const run_context& ctx, const Json& result) {
  return envelope(ctx, result).dump(ctx.pretty ? 2 : -1);
}

/// Prints the envelope around `result` and a newline.
template <class Json>
void print_json(const run_context& ctx, const Json& result, std::ostream& out = std::cout) {
  out << envelope_text(ctx, result) << '\n';
}

/// The order of a result's keys in JSON: sorted, or as the description lists them.
enum class key_order { sorted, as_described };

/// Prints a described result (core/record.hpp): with `format` json the envelope around its
/// fields, else its text lines.
inline void print_record(const run_context& ctx, const core::record& r, const std::string& format,
                         key_order order = key_order::sorted, std::ostream& out = std::cout) {
  if (format != "json") core::write_text(out, r);
  else if (order == key_order::sorted) print_json(ctx, report::to_json(r), out);
  else print_json(ctx, report::to_json<nlohmann::ordered_json>(r), out);
}

/// Captures the default of every optional option that takes a value and has not
/// set one, so that --help shows it and the envelope records it. An option whose
/// absence means "not asked" sets default_str("none") where it is defined, which
/// --help shows and the envelope records as null.
inline void show_defaults(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (!opt->nonpositional() || opt->get_items_expected_max() == 0 || opt->get_required()) continue;
    if (opt->get_default_str().empty()) opt->capture_default_str();
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) show_defaults(*sub);
}

/// Prints the envelope around a result given as JSON text (a graph export, written by
/// its own writer, is not parsed again); the text is placed as it is.
inline void print_json_text(const run_context& ctx, const std::string& result_text, std::ostream& out = std::cout) {
  const std::string head = envelope_text(ctx, nlohmann::json(nullptr));
  const std::size_t at = head.rfind("null");  // the result's place: the last value of the object
  out << head.substr(0, at) << result_text << head.substr(at + 4) << '\n';
}

/// Adds --pretty to every command of `app` that has a --format option.
inline void add_pretty_flags(CLI::App& app) {
  if (app.get_option_no_throw("--format") && !app.get_option_no_throw("--pretty"))
    app.add_flag("--pretty")->description("Indent --format json output by two spaces (default: one line)");
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) add_pretty_flags(*sub);
}

}  // namespace shiftfly::tools
