#pragma once
// Graph families on the command line, shared by the `graph` and `metrics`
// subcommands.
//
// API:
//   struct family_flags { family, dims, d, D, n, groups, seed, ports, construction, level, q, a, h, k,
//                         routers, degree, random_seed, m, w, arrangement, path, file_format, defaulted };
//   struct file_report { file, format, directed, duplicate_edges_dropped, self_loops_dropped };
//   nlohmann::json file_json(const file_report&);   // {path, format, directed, duplicate_edges_dropped, ...}
//   std::string file_text(const file_report&);      // "G.txt (edgelist): 2 duplicate edges and 1 self-loop dropped"
//   std::string file_note(const file_report&);      // "shiftfly: note: " + file_text
//   std::vector<CLI::App*> add_family_subcommands(CLI::App* parent, std::shared_ptr<family_flags> out,
//                                                 const std::vector<std::string>& only = {});
//   topology::family_spec to_spec(const family_flags&);
//   core::graph<std::uint32_t> make_graph(const family_flags&, std::string_view cmd, bool directed,
//                                         file_report* report = nullptr);
// add_family_subcommands adds one subcommand per family under `parent` (all of
// topology::family_names() and `file`, or only those listed in `only`), each with its
// flags, and requires exactly one. Parsing fills `*out` (out->family is the
// chosen name). make_graph builds the typed spec and its graph, naming the
// flags in errors (`kautz: --D = 9 is out of range ...`, common/flag_names.hpp),
// or, when the limit is on a product of flags, listing the flags given and the
// defaults apart: `(given --groups 900000000; defaults: --ports 40 ...)`.
// With `directed`, a family whose graph has no arcs is refused before it is built.
// The family subcommands fall through, so options defined on `parent` (--format,
// --directed, --samples, ...) may also follow the family's flags:
//   shiftfly graph torus --dims 4,4 --format dot
// Flags per family: torus --dims; kautz, de-bruijn --d --D; gen-de-bruijn,
// imase-itoh --n --d; boardfly --groups [--seed 7] [--level group|chip];
// shiftfly --groups [--ports 40] [--construction imase-itoh|kautz] [--level group|chip];
// polarfly, slimfly --q; dragonfly --a --h [--groups a*h+1] [--arrangement consecutive|circulant];
// hyperx --dims; fat-tree --k; xgft --m --w; jellyfish --routers --degree [--seed 1].
// file --path P [--file-format edgelist|graphml|json]: a graph read from a user's file
// (include/shiftfly/io/graph_file.hpp; `-` is standard input). The file family has no
// --directed of its own: the command's --directed (which follows the family's flags
// or precedes the family) reads the file's lines or links as arcs, as given, and
// without it the file is read as an undirected graph. Its --file-format is not named
// --format, which the commands use for their output. With `report`, make_graph fills
// in what the reader dropped (file family only).
// Numbers are parsed by the library's one grammar (core/parse.hpp); a malformed
// value is a CLI::ValidationError naming the flag (exit 2 through cli_main).
// The returned pointers are the family subcommands, in the order of family_names().

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/flag_names.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/file_source.hpp"

namespace shiftfly::tools {

/// A family and its flags as given on the command line.
struct family_flags {
  std::string family;
  std::vector<std::uint64_t> dims;
  std::uint64_t d = 0, D = 0, n = 0, groups = 0, seed = 7, ports = topology::group_optical_ports;
  std::uint64_t q = 0, a = 0, h = 0, k = 0, routers = 0, degree = 0, random_seed = 1;
  std::vector<std::uint64_t> m, w;
  std::string arrangement = "consecutive";
  std::string construction = "imase-itoh";
  std::string level = "group";
  std::string path, file_format;  // the file family
  /// Flags left at their default ("--ports", "--level", ...): messages list them as defaults, not as given.
  std::vector<std::string> defaulted;
};

/// The typed spec of the flags.
inline topology::family_spec to_spec(const family_flags& f) {
  namespace t = topology;
  t::family_spec spec = t::default_spec(f.family);
  if (auto* s = std::get_if<t::torus_spec>(&spec)) s->dims = f.dims;
  else if (auto* s = std::get_if<t::kautz_spec>(&spec)) *s = {f.d, f.D};
  else if (auto* s = std::get_if<t::de_bruijn_spec>(&spec)) *s = {f.d, f.D};
  else if (auto* s = std::get_if<t::generalized_de_bruijn_spec>(&spec)) *s = {f.n, f.d};
  else if (auto* s = std::get_if<t::imase_itoh_spec>(&spec)) *s = {f.n, f.d};
  else if (auto* s = std::get_if<t::boardfly_spec>(&spec)) *s = {f.groups, f.seed, t::parse_level(f.level)};
  else if (auto* s = std::get_if<t::shiftfly_spec>(&spec))
    *s = {f.groups, f.ports, t::parse_shiftfly_construction(f.construction), t::parse_level(f.level)};
  else if (auto* s = std::get_if<t::polarfly_spec>(&spec)) s->q = f.q;
  else if (auto* s = std::get_if<t::slimfly_spec>(&spec)) s->q = f.q;
  else if (auto* s = std::get_if<t::dragonfly_spec>(&spec))
    *s = {f.a, f.h, f.groups, t::parse_dragonfly_arrangement(f.arrangement)};
  else if (auto* s = std::get_if<t::hyperx_spec>(&spec)) s->dims = f.dims;
  else if (auto* s = std::get_if<t::fat_tree_spec>(&spec)) s->k = f.k;
  else if (auto* s = std::get_if<t::xgft_spec>(&spec)) *s = {f.m, f.w};
  else if (auto* s = std::get_if<t::jellyfish_spec>(&spec)) *s = {f.routers, f.degree, f.random_seed};
  return spec;
}

/// What the file family's reader read and dropped.
struct file_report {
  std::string file, format;
  bool directed = false;
  std::uint64_t duplicate_edges_dropped = 0, self_loops_dropped = 0;
};

/// The report as the JSON results carry it (graph.file).
inline nlohmann::json file_json(const file_report& r) {
  return {{"path", r.file},
          {"format", r.format},
          {"directed", r.directed},
          {"duplicate_edges_dropped", r.duplicate_edges_dropped},
          {"self_loops_dropped", r.self_loops_dropped}};
}

/// The report in words: "G.txt (edgelist, undirected): 2 duplicate edges and 1 self-loop dropped".
inline std::string file_text(const file_report& r) {
  const auto count = [](std::uint64_t k, const char* one, const char* many) {
    return std::to_string(k) + " " + (k == 1 ? one : many);
  };
  return r.file + " (" + r.format + (r.directed ? ", directed" : ", undirected") + "): " +
         count(r.duplicate_edges_dropped, r.directed ? "repeated arc" : "duplicate edge",
               r.directed ? "repeated arcs" : "duplicate edges") +
         " and " + count(r.self_loops_dropped, "self-loop", "self-loops") +
         (r.directed ? " left out of the physical graph (kept in the arcs)" : " dropped");
}

/// The one note a command prints on stderr when a file's graph lost duplicates or self-loops.
inline std::string file_note(const file_report& r) { return "shiftfly: note: " + file_text(r); }

/// Builds the graph of the flags; library errors name the flags. With `directed`, a family
/// whose graph has no arcs is refused (before it is built) in the words of `cmd`.
inline core::graph<std::uint32_t> make_graph(const family_flags& f, std::string_view cmd, bool directed,
                                             file_report* report = nullptr) {
  using core::to_message;
  if (f.family == topology::file_source_name) {  // errors name the file and line (io/file_text.hpp)
    auto read = topology::read_file_spec(topology::file_spec{f.path, directed, f.file_format});
    if (report)
      *report = {read.file, std::string(io::format_name(read.format)), read.directed, read.duplicate_edges_dropped,
                 read.self_loops_dropped};
    return std::move(read.graph);
  }
  const topology::family_spec spec = to_spec(f);
  if (directed && !topology::is_digraph(spec))
    throw std::invalid_argument(std::string(cmd) +
                                ": --directed needs a digraph family (kautz, de-bruijn, gen-de-bruijn, "
                                "imase-itoh, shiftfly --level group, file); " +
                                f.family + " has no arcs");
  const auto build = [&] { return topology::make_graph(spec); };
  if (f.family == "torus" || f.family == "hyperx") {
    std::string dims;
    for (auto k : f.dims) dims += (dims.empty() ? "" : ",") + to_message(k);
    return naming_flags({{"dims item", "--dims item"}, {"dims", "--dims"}, {"number of dims", "number of --dims items"}},
                        "--dims " + dims, build);
  }
  if (f.family == "polarfly" || f.family == "slimfly") return naming_flags({{"q", "--q"}}, "--q " + to_message(f.q), build);
  if (f.family == "fat-tree") return naming_flags({{"k", "--k"}}, "--k " + to_message(f.k), build);
  if (f.family == "xgft") {
    const auto list = [](const std::vector<std::uint64_t>& xs) {
      std::string text;
      for (auto x : xs) text += (text.empty() ? "" : ",") + to_message(x);
      return text;
    };
    return naming_flags({{"m", "--m"}, {"m item", "--m item"}, {"height h (length of m)", "number of --m items"},
                         {"w item", "--w item"}, {"length of w", "number of --w items"}},
                        "--m " + list(f.m) + " --w " + list(f.w), build);
  }
  const std::string dD = "--d " + to_message(f.d) + " --D " + to_message(f.D);
  const std::string nd = "--n " + to_message(f.n) + " --d " + to_message(f.d);
  if (f.family == "kautz" || f.family == "de-bruijn") return naming_flags({{"d", "--d"}, {"D", "--D"}}, dD, build);
  if (f.family == "gen-de-bruijn" || f.family == "imase-itoh") return naming_flags({{"n", "--n"}, {"d", "--d"}}, nd, build);
  // "--flag value ..." for the flags given; "; defaults: --flag value ..." for those left at their default.
  const auto flags_text = [&f](std::initializer_list<std::pair<std::string_view, std::string>> flags) {
    std::string given, defaults;
    for (const auto& flag : flags) {
      const bool defaulted = std::find(f.defaulted.begin(), f.defaulted.end(), flag.first) != f.defaulted.end();
      std::string& into = defaulted ? defaults : given;
      into += (into.empty() ? "" : " ") + std::string(flag.first) + " " + flag.second;
    }
    return defaults.empty() ? given : given + "; defaults: " + defaults;
  };
  if (f.family == "dragonfly")
    return naming_flags({{"a", "--a"}, {"h", "--h"}, {"g", "--groups"}, {"groups", "--groups"}},
                        flags_text({{"--a", to_message(f.a)},
                                    {"--h", to_message(f.h)},
                                    {"--groups", f.groups == 0 ? std::string("a*h+1") : to_message(f.groups)},
                                    {"--arrangement", f.arrangement}}),
                        build);
  if (f.family == "jellyfish")
    return naming_flags({{"routers", "--routers"}, {"N", "--routers"}, {"degree", "--degree"}, {"r", "--degree"}, {"seed", "--seed"}},
                        flags_text({{"--routers", to_message(f.routers)},
                                    {"--degree", to_message(f.degree)},
                                    {"--seed", to_message(f.random_seed)}}),
                        build);
  if (f.family == "boardfly")
    return naming_flags({{"groups", "--groups"}, {"seed", "--seed"}},
                        flags_text({{"--groups", to_message(f.groups)}, {"--level", f.level}}), build);
  return naming_flags({{"groups", "--groups"}, {"ports", "--ports"}, {"construction", "--construction"}},
                      flags_text({{"--groups", to_message(f.groups)},
                                  {"--ports", to_message(f.ports)},
                                  {"--construction", f.construction},
                                  {"--level", f.level}}),
                      build);
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

/// An unsigned option parsed strictly; bad text becomes a CLI11 validation error naming the flag.
inline CLI::Option* add_unsigned_option(CLI::App* sub, const std::string& flag, std::uint64_t* target,
                                        const std::string& help) {
  return sub->add_option_function<std::string>(
      flag,
      [flag, target](const std::string& text) {
        try {
          *target = core::parse_unsigned(text, flag);
        } catch (const std::invalid_argument& e) {
          throw CLI::ValidationError(flag, e.what());
        }
      },
      help);
}
/// The required --dims list of the torus and HyperX: sizes of at least 2 whose
/// product fits the vertex type.
inline CLI::Option* add_dims_option(CLI::App* sub, const std::shared_ptr<family_flags>& out, const std::string& what) {
  return sub
      ->add_option_function<std::string>(
          "--dims",
          [out](const std::string& text) {
            try {
              out->dims = core::parse_unsigned_list(text, "--dims");
            } catch (const std::invalid_argument& e) {
              throw CLI::ValidationError("--dims", e.what());
            }
          },
          what + " (each at least 2; their product at most 4294967295)")
      ->required()
      ->type_name("LIST of UINT in [2 - 4294967295]");
}

/// The subcommand of the family `name` under `parent`, with its flags (filling `*out`).
inline CLI::App* add_family_subcommand(CLI::App* parent, const std::string& name, const std::shared_ptr<family_flags>& out) {
  CLI::App* sub = nullptr;
  if (name == "torus") {
    sub = parent->add_subcommand(name, "Torus T(k1,...,kn) (Prop. 2.2)");
    detail::add_dims_option(sub, out, "Sizes, e.g. 16,16,16");
  } else if (name == "kautz" || name == "de-bruijn") {
    sub = parent->add_subcommand(name, name == "kautz" ? "Kautz digraph K(d,D) (Def. 4.1)" : "De Bruijn digraph B(d,D)");
    detail::add_unsigned_option(sub, "--d", &out->d, "Out-degree")
        ->required()
        ->type_name(detail::range_type(2, name == "kautz" ? topology::kautz_max_d : topology::de_bruijn_max_d));
    detail::add_unsigned_option(sub, "--D", &out->D, name == "kautz" ? "Label length (diameter); (d+1)d^(D-1) vertices at most 4294967295" : "Label length (diameter); d^D vertices at most 4294967295")
        ->required()
        ->type_name(detail::range_type(1, 63));
  } else if (name == "gen-de-bruijn" || name == "imase-itoh") {
    sub = parent->add_subcommand(name, name == "imase-itoh" ? "Imase-Itoh digraph II(n,d): i -> -d*i - r (Thm 5.5)"
                                                            : "Generalized de Bruijn digraph GB(n,d): i -> d*i + r");
    detail::add_unsigned_option(sub, "--n", &out->n, "Vertex count")->required()->type_name(detail::range_type(2, 4294967295u));
    detail::add_unsigned_option(sub, "--d", &out->d, "Out-degree")->required()->type_name(detail::range_type(2, topology::arithmetic_max_d));
  } else if (name == "boardfly") {
    sub = parent->add_subcommand(name, "Boardfly (TPU 8i); one pod at 36 groups or fewer");
    detail::add_unsigned_option(sub, "--groups", &out->groups, "Number of 32-chip groups")
        ->required()
        ->type_name(detail::range_type(1, core::max_vertices<std::uint32_t>() / topology::inter_pod_ports));
    detail::add_unsigned_option(sub, "--seed", &out->seed, "Seed of the inter-pod wiring")
        ->type_name(detail::range_type(0, UINT64_MAX))
        ->default_str("7");
    sub->add_option("--level", out->level, "Graph of the groups or of the chips")->check(CLI::IsMember({"group", "chip"}));
  } else if (name == "hyperx") {
    sub = parent->add_subcommand(name, "HyperX: Hamming graph, a complete graph in each dimension (Ahn et al. 2009)");
    detail::add_dims_option(sub, out, "Dimension sizes S1,...,SL, e.g. 8,8,8");
  } else if (name == "polarfly" || name == "slimfly") {
    sub = parent->add_subcommand(name, name == "polarfly"
                                           ? "PolarFly: Erdos-Renyi polarity graph ER_q, q^2+q+1 routers, diameter 2"
                                           : "Slim Fly: McKay-Miller-Siran graph, 2q^2 routers, diameter 2");
    detail::add_unsigned_option(sub, "--q", &out->q,
                                name == "polarfly" ? "Prime power; radix q+1"
                                                   : "Prime power q = 4w + delta, delta in {-1, 0, 1}; radix (3q - delta)/2")
        ->required()
        ->type_name(detail::range_type(name == "polarfly" ? 2 : 3, name == "polarfly" ? topology::polarfly_max_q()
                                                                                      : topology::slimfly_max_q()));
  } else if (name == "dragonfly") {
    sub = parent->add_subcommand(name, "Dragonfly: groups of a routers, complete inside, h global links a router (Kim et al. 2008)");
    detail::add_unsigned_option(sub, "--a", &out->a, "Routers per group")->required()->type_name(detail::range_type(1, topology::dragonfly_max_parameter));
    detail::add_unsigned_option(sub, "--h", &out->h, "Global links per router")->required()->type_name(detail::range_type(1, topology::dragonfly_max_parameter));
    detail::add_unsigned_option(sub, "--groups", &out->groups, "Groups, from h+1 to a*h+1")
        ->type_name(detail::range_type(2, 4294967295u))
        ->default_str("a*h+1");
    sub->add_option("--arrangement", out->arrangement, "Global links: consecutive (absolute) or circulant")
        ->check(CLI::IsMember({"consecutive", "circulant"}));
  } else if (name == "fat-tree") {
    sub = parent->add_subcommand(name, "The k-ary three-tier fat tree, as a switch graph of 5k^2/4 switches (Al-Fares et al. 2008)");
    detail::add_unsigned_option(sub, "--k", &out->k, "Switch radix, even")->required()->type_name(detail::range_type(2, topology::fat_tree_max_k));
  } else if (name == "xgft") {
    sub = parent->add_subcommand(name, "General folded Clos XGFT(h; m; w) as a switch graph (Ohring et al. 1995)");
    struct list_flag {
      std::string flag;
      std::vector<std::uint64_t>* target;
      std::string help;
    };
    for (const list_flag& lf :
         {list_flag{"--m", &out->m,
                    "Children per node at levels 1..h, e.g. 2,2,4 (hosts per leaf first; the switches of a level, "
                    "a product of items, at most 4294967295)"},
          list_flag{"--w", &out->w, "Parents per node at levels 0..h-1, e.g. 1,2,2 (as many items as --m)"}}) {
      const std::string flag = lf.flag;
      std::vector<std::uint64_t>* const target = lf.target;
      sub->add_option_function<std::string>(
             flag,
             [flag, target](const std::string& text) {
               try {
                 *target = core::parse_unsigned_list(text, flag);
               } catch (const std::invalid_argument& e) {
                 throw CLI::ValidationError(flag, e.what());
               }
             },
             lf.help)
          ->required()
          // Each item at least 1; the hosts per leaf (the first item of --m) may be any 64-bit
          // count (the switch graph does not hold them), the others are bounded by the switch counts.
          ->type_name("LIST of UINT in [1 - 18446744073709551615]");
    }
  } else if (name == "jellyfish") {
    sub = parent->add_subcommand(name, "Jellyfish: random regular router graph (Singla et al. 2012)");
    detail::add_unsigned_option(sub, "--routers", &out->routers, "Number of routers")->required()->type_name(detail::range_type(2, 4294967295u));
    detail::add_unsigned_option(sub, "--degree", &out->degree, "Links per router to other routers")->required()->type_name(detail::range_type(1, 4294967294u));
    detail::add_unsigned_option(sub, "--seed", &out->random_seed, "Seed of the random wiring")
        ->type_name(detail::range_type(0, UINT64_MAX))
        ->default_str("1");
  } else if (name == "shiftfly") {
    sub = parent->add_subcommand(name, "Shiftfly: Boardfly groups with a generalized Kautz global tier");
    detail::add_unsigned_option(sub, "--groups", &out->groups, "Number of 32-chip groups")
        ->required()
        ->type_name(detail::range_type(1, 4294967295u));
    detail::add_unsigned_option(sub, "--ports", &out->ports, "Optical ports per group, even")
        ->type_name(detail::range_type(4, topology::shiftfly_max_ports))
        ->default_str(std::to_string(topology::group_optical_ports));
    sub->add_option("--construction", out->construction, "Global tier: Imase-Itoh (any group count) or Kautz")
        ->check(CLI::IsMember({"imase-itoh", "kautz"}));
    sub->add_option("--level", out->level, "Graph of the groups or of the chips")->check(CLI::IsMember({"group", "chip"}));
  } else if (name == "file") {
    sub = parent->add_subcommand(
        name,
        "A graph read from a file: an edge list, GraphML or NetworkX node-link JSON; with the command's --directed, "
        "its lines or links are arcs as given, else it is read undirected (duplicate edges and self-loops dropped "
        "and counted)");
    sub->add_option("--path", out->path,
                    "The file; - reads standard input. Format from the extension: .txt .edges .el .edgelist (edge "
                    "list), .graphml .xml (GraphML), .json (node-link); else from the content")
        ->required();
    sub->add_option("--file-format", out->file_format, "The file's format, instead of the extension's")
        ->check(CLI::IsMember({"edgelist", "graphml", "json"}))
        ->default_str("from the extension");
  }
  return sub;
}
}  // namespace detail

inline std::vector<CLI::App*> add_family_subcommands(CLI::App* parent, std::shared_ptr<family_flags> out,
                                                     const std::vector<std::string>& only = {}) {
  std::vector<CLI::App*> subs;
  auto stray = std::make_shared<std::string>();
  for (const auto& name : detail::source_names()) {
    if (!only.empty() && std::find(only.begin(), only.end(), name) == only.end()) continue;
    CLI::App* sub = detail::add_family_subcommand(parent, name, out);
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
