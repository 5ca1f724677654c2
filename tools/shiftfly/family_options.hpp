#pragma once
// Graph families on the command line, shared by the `graph` and `metrics`
// subcommands.
//
// API:
//   struct family_flags { family, values, path, file_format, defaulted };
//   struct file_report : io::read_report { endpoints };   // what the reader read and dropped
//   nlohmann::json file_json(const file_report&);   // io::describe of the report: {path, format, directed, ...}
//   std::string file_text(const file_report&);      // "G.txt (edgelist): 2 duplicate edges and 1 self-loop dropped"
//   std::string file_note(const file_report&);      // "shiftfly: note: " + file_text
//   std::vector<CLI::App*> add_family_subcommands(CLI::App* parent, std::shared_ptr<family_flags> out,
//                                                 const std::vector<std::string>& only = {},
//                                                 const std::string& example_flags = {});
//   topology::family_spec to_spec(const family_flags&);
//   const topology::resolved_family& resolve(const family_flags&);   // looked up and completed once
//   std::string given_flags(const family_flags&);   // "--d 2 --D 3", for messages
//   core::graph<std::uint32_t> make_graph(const family_flags&, std::string_view cmd, bool directed,
//                                         file_report* report = nullptr);
//   topology::endpoint_choice choose_endpoints(const family_flags&, const core::graph<std::uint32_t>&,
//                                              const file_report&, std::optional<std::uint64_t> per_router);
//   std::vector<std::uint32_t> endpoints_of(const family_flags&, const core::graph<std::uint32_t>&,
//                                           const file_report&, std::optional<std::uint64_t> per_router);
//   void add_endpoints_flag(CLI::App* sub, std::shared_ptr<std::optional<std::uint64_t>> out);
// Everything about a family comes from its descriptor (topology/descriptor.hpp, the registry
// topology/families.hpp): add_family_subcommands adds one subcommand per family under `parent`
// (every registered family and `file`, or only those listed in `only`), with one flag per
// parameter, "--" + its id: its help, its type and range as --help shows them, its default or
// required, its choices; and requires exactly one. Parsing fills `*out` (out->family is the
// chosen name, out->values the values given by id). make_graph builds the spec and its graph,
// naming the flags in errors by one rule: the library's parameter id P is the flag --P, "P item"
// is "--P item" and "number of P items" is "number of --P items" (`kautz: --D = 9 is out of
// range ...`, common/flag_names.hpp); when the limit is on a product of flags, the message lists
// the flags given and the defaults apart: `(given --groups 900000000; defaults: --ports 40 ...)`.
// With `directed`, a family whose graph has no arcs is refused before it is built.
// The family subcommands fall through, so options defined on `parent` (--format,
// --directed, --samples, ...) may also follow the family's flags:
//   shiftfly graph torus --dims 4,4 --format dot
// Each family's --help ends with an example built from its descriptor's example values.
// file --path P [--file-format edgelist|graphml|json]: a graph read from a user's file
// (include/shiftfly/io/graph_file.hpp; `-` is standard input). The file family has no
// --directed of its own: the command's --directed (which follows the family's flags
// or precedes the family) reads the file's lines or links as arcs, as given, and
// without it the file is read as an undirected graph. Its --file-format is not named
// --format, which the commands use for their output. With `report`, make_graph fills
// in what the reader dropped (file family only).
// Numbers are parsed by the library's one grammar (core/parse.hpp); a malformed
// value is a CLI::ValidationError naming the flag (exit 2 through cli_main).
// The returned pointers are the family subcommands, in the order of the registry.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/flag_names.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/read_report.hpp"
#include "shiftfly/report/record_json.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/file_source.hpp"

namespace shiftfly::tools {

/// A family and its flags as given on the command line.
struct family_flags {
  std::string family;
  topology::parameter_values values;  ///< the values given, by parameter id
  std::string path, file_format;      // the file family
  /// Flags left at their default ("--ports", "--level", ...): messages list them as defaults, not as given.
  std::vector<std::string> defaulted;
  /// The family resolved (resolve below), and the family and values it was resolved from.
  mutable std::optional<topology::resolved_family> resolved;
  mutable std::string resolved_family_name;
  mutable topology::parameter_values resolved_values;
};

/// The spec of the flags (the values not given take their defaults when it is built).
inline topology::family_spec to_spec(const family_flags& f) { return topology::family_spec{f.family, f.values}; }

/// The flags' family looked up and completed (topology::resolve), once a command: the first
/// call resolves, the others reuse it while the family and values are those it was resolved
/// from (a caller that changes them gets a new resolution, never a stale one).
inline const topology::resolved_family& resolve(const family_flags& f) {
  if (!f.resolved || f.resolved_family_name != f.family || f.resolved_values != f.values) {
    f.resolved = topology::resolve(to_spec(f));
    f.resolved_family_name = f.family;
    f.resolved_values = f.values;
  }
  return *f.resolved;
}

/// What the file family's reader read and dropped (described by the library: io/read_report.hpp).
struct file_report : io::read_report {
  std::vector<std::uint32_t> endpoints;  ///< the file's own endpoint counts (a simulator's format), or none
};

/// The report as the JSON results carry it (graph.file): its description.
inline nlohmann::json file_json(const file_report& r) { return report::to_json(io::describe(r)); }

/// The report in words: "G.txt (edgelist, undirected): 2 duplicate edges and 1 self-loop dropped".
inline std::string file_text(const file_report& r) { return io::read_text(r); }

/// The one note a command prints on stderr when a file's graph lost duplicates or self-loops.
inline std::string file_note(const file_report& r) { return "shiftfly: note: " + file_text(r); }

namespace detail {
/// The families whose graph has arcs, in registry order, for --directed's refusal: a family
/// whose arcs depend on a choice is named with the choice ("shiftfly --level group").
inline std::string digraph_families() {
  std::string text;
  for (const auto* f : topology::families()) {
    const auto base = topology::complete({f->name, f->example}).values;
    std::string named;
    bool always = f->is_digraph(base), sometimes = always;
    for (const auto& p : f->parameters) {
      if (p.kind != topology::parameter_kind::choice) continue;
      std::vector<std::string> with;
      for (const auto& c : p.choices) {
        auto values = base;
        values[p.id] = c;
        if (f->is_digraph(values)) with.push_back(c);
      }
      if (with.size() == p.choices.size()) continue;
      always = false;
      if (!with.empty()) {
        sometimes = true;
        named = f->name + " --" + p.id + " " + with.front();
      }
    }
    if (always) named = f->name;
    if (always || (sometimes && !named.empty())) text += (text.empty() ? "" : ", ") + named;
  }
  return text;
}

/// The flags' values as text, for messages: "--flag value ..." for the flags given; "; defaults:
/// --flag value ..." for those left at their default (a stand-in default as its text: a*h+1).
inline std::string given_text(const family_flags& f, const topology::family_descriptor& family,
                              const topology::parameter_values& values) {
  std::string given, defaults;
  for (const auto& p : family.parameters) {
    const std::string flag = "--" + p.id;
    const bool defaulted = std::find(f.defaulted.begin(), f.defaulted.end(), flag) != f.defaulted.end();
    const auto& value = values.find(p.id)->second;
    const std::string text =
        p.default_value && value == *p.default_value && !p.default_text.empty() ? p.default_text : topology::value_text(value);
    std::string& into = defaulted ? defaults : given;
    into += (into.empty() ? "" : " ") + flag + " " + text;
  }
  return defaults.empty() ? given : given + "; defaults: " + defaults;
}
}  // namespace detail

/// Builds the graph of the flags; library errors name the flags. With `directed`, a family
/// whose graph has no arcs is refused (before it is built) in the words of `cmd`.
inline core::graph<std::uint32_t> make_graph(const family_flags& f, std::string_view cmd, bool directed,
                                             file_report* report = nullptr) {
  if (f.family == topology::file_source_name) {  // errors name the file and line (io/file_text.hpp)
    auto read = topology::read_file_spec(topology::file_spec{f.path, directed, f.file_format});
    if (report) {
      static_cast<io::read_report&>(*report) = io::report_of(read);
      report->endpoints = read.endpoints;
    }
    return std::move(read.graph);
  }
  const auto& family = resolve(f);
  if (directed && !topology::is_digraph(family))
    throw std::invalid_argument(std::string(cmd) + ": --directed needs a digraph family (" + detail::digraph_families() +
                                ", file); " + f.family + " has no arcs");
  // One rule names every parameter's flag: P -> --P, "P item" -> "--P item", "number of P items" -> "number of --P items".
  std::vector<std::string> words;
  for (const auto& p : family.descriptor().parameters)
    for (const std::string& w : {p.id, "--" + p.id, p.id + " item", "--" + p.id + " item", "number of " + p.id + " items",
                                 "number of --" + p.id + " items"})
      words.push_back(w);
  std::vector<flag_name> names;
  for (std::size_t i = 0; i + 1 < words.size(); i += 2) names.push_back({words[i], words[i + 1]});
  return naming_flags(names, detail::given_text(f, family.descriptor(), family.values()),
                      [&] { return topology::make_graph(family); });
}

/// The family's flags and values as messages list them: "--d 2 --D 3" (and "; defaults: ...").
inline std::string given_flags(const family_flags& f) {
  const auto& family = resolve(f);
  return detail::given_text(f, family.descriptor(), family.values());
}

/// Endpoints per router and where they come from (library: topology::choose_endpoints, the one
/// rule): --endpoints on every router when given, else the family's customary counts, else the
/// file's own counts, else 1 a router.
inline topology::endpoint_choice choose_endpoints(const family_flags& f, const core::graph<std::uint32_t>& g,
                                                  const file_report& file, std::optional<std::uint64_t> per_router) {
  if (f.family == topology::file_source_name) return topology::choose_endpoints(nullptr, g, file.endpoints, per_router);
  return topology::choose_endpoints(&resolve(f), g, {}, per_router);
}

/// The counts of choose_endpoints.
inline std::vector<std::uint32_t> endpoints_of(const family_flags& f, const core::graph<std::uint32_t>& g,
                                               const file_report& file, std::optional<std::uint64_t> per_router) {
  return choose_endpoints(f, g, file, per_router).counts;
}

/// The --endpoints flag of a command; `*out` is set when it is given.
inline void add_endpoints_flag(CLI::App* sub, const std::shared_ptr<std::optional<std::uint64_t>>& out) {
  sub->add_option_function<std::uint64_t>(
         "--endpoints", [out](const std::uint64_t& p) { *out = p; },
         "Endpoints (terminals) on every router, instead of the family's customary concentration (each family's "
         "--help states it; a file: its own counts, else 1)")
      ->type_name("UINT in [0 - 65535]")
      ->default_str("the family's");
}

namespace detail {
/// The sources the commands take, in the order they list them: the registry's families, then a file.
inline const std::vector<std::string>& source_names() {
  static const std::vector<std::string> names = [] {
    auto all = topology::family_names();
    all.emplace_back(topology::file_source_name);
    return all;
  }();
  return names;
}

/// The type shown by --help for an unsigned flag with its accepted range, as CLI11 shows its own.
inline std::string range_type(std::uint64_t lo, std::uint64_t hi) {
  return "UINT in [" + std::to_string(lo) + " - " + std::to_string(hi) + "]";
}

/// The flag of a parameter, from its descriptor: parsed strictly (bad text is a CLI11
/// validation error naming the flag), its type and range, required or its default, its choices.
inline void add_parameter_flag(CLI::App* sub, const std::shared_ptr<family_flags>& out,
                               const topology::parameter_descriptor& p) {
  using topology::parameter_kind;
  const std::string flag = "--" + p.id, id = p.id;
  const parameter_kind kind = p.kind;
  CLI::Option* opt = sub->add_option_function<std::string>(
      flag,
      [out, flag, id, kind](const std::string& text) {
        try {
          if (kind == parameter_kind::unsigned_integer) out->values[id] = core::parse_unsigned(text, flag);
          else if (kind == parameter_kind::unsigned_list) out->values[id] = core::parse_unsigned_list(text, flag);
          else out->values[id] = text;
        } catch (const std::invalid_argument& e) {
          throw CLI::ValidationError(flag, e.what());
        }
      },
      p.help);
  if (kind == parameter_kind::choice) {
    opt->check(CLI::IsMember(p.choices));
  } else {
    opt->type_name(!p.type_text.empty() ? p.type_text
                   : kind == parameter_kind::unsigned_list
                       ? "LIST of UINT in [" + std::to_string(p.min) + " - " + std::to_string(p.max) + "]"
                       : range_type(p.min, p.max));
  }
  if (p.default_value) opt->default_str(p.default_text.empty() ? topology::value_text(*p.default_value) : p.default_text);
  if (p.required()) opt->required();
}

/// The example of a family's --help, from its descriptor's example values.
/// `example_flags` are the command's own flags that the example needs (load's " --routing minimal").
inline std::string example_text(const CLI::App* parent, const topology::family_descriptor& f,
                                const std::string& example_flags = {}) {
  std::string text = "Example: shiftfly " + parent->get_name() + " " + f.name;
  for (const auto& p : f.parameters)
    if (const auto it = f.example.find(p.id); it != f.example.end()) text += " --" + p.id + " " + topology::value_text(it->second);
  return text + example_flags;
}
}  // namespace detail

inline std::vector<CLI::App*> add_family_subcommands(CLI::App* parent, std::shared_ptr<family_flags> out,
                                                     const std::vector<std::string>& only = {},
                                                     const std::string& example_flags = {}) {
  std::vector<CLI::App*> subs;
  auto stray = std::make_shared<std::string>();
  for (const auto& name : detail::source_names()) {
    if (!only.empty() && std::find(only.begin(), only.end(), name) == only.end()) continue;
    CLI::App* sub = nullptr;
    if (const auto* family = topology::find_family(name)) {
      sub = parent->add_subcommand(name, family->summary);
      for (const auto& p : family->parameters) detail::add_parameter_flag(sub, out, p);
      sub->footer("Endpoints per router (without --endpoints): " + family->endpoints_rule + "\n" +
                  detail::example_text(parent, *family, example_flags));
    } else if (name == "file") {
      sub = parent->add_subcommand(
          name,
          "A graph read from a file: an edge list, GraphML (SST/Merlin anytopo's too), NetworkX node-link JSON, BookSim2 "
          "anynet or ns-3/HPCC topology.txt; with the command's --directed, "
          "its lines or links are arcs as given, else it is read undirected (duplicate edges and self-loops dropped "
          "and counted)");
      sub->add_option("--path", out->path,
                      "The file; - reads standard input. Format from the extension: .txt .edges .el .edgelist (edge "
                      "list, unless the content is anynet or topology.txt), .graphml .xml (GraphML), .json (node-link), "
                      ".anynet (BookSim2); else from the content")
          ->required();
      sub->add_option("--file-format", out->file_format, "The file's format, instead of the extension's")
          ->check(CLI::IsMember({"edgelist", "graphml", "json", "booksim", "sst", "ns3"}))
          ->default_str("from the extension");
    }
    sub->fallthrough();
    sub->preparse_callback([out, name](std::size_t) { out->family = name; });
    // A word left over after the family (FAMILY below) is refused only once the family's own flags
    // are checked: in `kautz --d --D 3`, --d takes "--D" as its value and the error to report is --d's.
    sub->callback([stray, parent, name, sub, out] {
      if (!stray->empty())
        throw CLI::ValidationError(parent->get_name() + " " + name, "unexpected argument '" + core::to_message(*stray) +
                                                                       "' (every flag of " + name + " takes one value)");
      // Flags left at their default are named as defaults in errors, not as given.
      out->defaulted.clear();
      for (const CLI::Option* opt : sub->get_options())
        if (opt->nonpositional() && opt->count() == 0) out->defaulted.push_back(opt->get_name());
    });
    subs.push_back(sub);
  }
  // A word that names no family lands here and is refused with the list of families.
  std::string names;
  for (const auto& name : detail::source_names())
    if (only.empty() || std::find(only.begin(), only.end(), name) != only.end()) names += (names.empty() ? "" : ", ") + name;
  parent->add_option_function<std::string>(
            "FAMILY",
            [names, parent, stray](const std::string& text) {
              if (!parent->get_subcommands().empty()) {  // a family was given: this word is extra
                *stray = text;
                return;
              }
              throw CLI::ValidationError("FAMILY", "'" + core::to_message(text) + "' is not a graph family (accepted: " +
                                                       names + ")");
            },
            "Graph family: " + names)
      ->expected(1);
  parent->require_subcommand(1);
  return subs;
}

}  // namespace shiftfly::tools
