#pragma once
// Graph families on the command line, shared by the `graph`,
// `metrics` and `route` subcommands.
//
// API:
//   std::vector<CLI::App*> add_family_subcommands(CLI::App* parent,
//                                                 std::shared_ptr<topology::family_params> out,
//                                                 const std::vector<std::string>& only = {});
// adds one subcommand per family under `parent` (all of topology::family_names(),
// or only those listed in `only`), each with its flags, and requires exactly one.
// Parsing fills `*out` (out->family is the chosen name); build the graph with
// topology::make_family(*out), which validates the values. The family
// subcommands fall through, so options defined on `parent` (--format,
// --directed, --samples, ...) may also follow the family's flags:
//   shiftfly graph torus --dims 4,4 --format dot
// Flags per family: torus --dims; kautz, de-bruijn --d --D; gen-de-bruijn,
// imase-itoh --n --d; boardfly --groups [--seed 7] [--level group|chip];
// shiftfly --groups [--ports 40] [--construction imase-itoh|kautz] [--level group|chip].
// Numbers are parsed strictly (core::parse_unsigned); a malformed value is a
// CLI::ValidationError naming the flag (exit 2 through cli_main).
// The returned pointers are the family subcommands, in the order of family_names().

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/parse.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::tools {

namespace detail {
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
}  // namespace detail

inline std::vector<CLI::App*> add_family_subcommands(CLI::App* parent, std::shared_ptr<topology::family_params> out,
                                                     const std::vector<std::string>& only = {}) {
  std::vector<CLI::App*> subs;
  auto stray = std::make_shared<std::string>();
  for (const auto& name : topology::family_names()) {
    if (!only.empty() && std::find(only.begin(), only.end(), name) == only.end()) continue;
    CLI::App* sub = nullptr;
    if (name == "torus") {
      sub = parent->add_subcommand(name, "torus T(k1,...,kn) (Prop. 2.2)");
      sub->add_option_function<std::string>(
             "--dims",
             [out](const std::string& text) {
               try {
                 out->dims = core::parse_unsigned_list(text, "--dims");
               } catch (const std::invalid_argument& e) {
                 throw CLI::ValidationError("--dims", e.what());
               }
             },
             "sizes, e.g. 16,16,16 (each at least 2)")
          ->required();
    } else if (name == "kautz" || name == "de-bruijn") {
      sub = parent->add_subcommand(name, name == "kautz" ? "Kautz digraph K(d,D) (Def. 4.1)" : "de Bruijn digraph B(d,D)");
      detail::add_unsigned_option(sub, "--d", &out->d, "out-degree")->required();
      detail::add_unsigned_option(sub, "--D", &out->D, "label length (diameter)")->required();
    } else if (name == "gen-de-bruijn" || name == "imase-itoh") {
      sub = parent->add_subcommand(name, name == "imase-itoh" ? "Imase-Itoh digraph II(n,d): i -> -d*i - r (Thm 5.5)"
                                                              : "generalized de Bruijn GB(n,d): i -> d*i + r");
      detail::add_unsigned_option(sub, "--n", &out->n, "vertex count")->required();
      detail::add_unsigned_option(sub, "--d", &out->d, "out-degree")->required();
    } else if (name == "boardfly") {
      sub = parent->add_subcommand(name, "Boardfly (TPU 8i); one pod at 36 groups or fewer");
      detail::add_unsigned_option(sub, "--groups", &out->groups, "number of 32-chip groups")->required();
      detail::add_unsigned_option(sub, "--seed", &out->seed, "seed of the inter-pod wiring (default 7)");
      sub->add_option("--level", out->level, "group or chip (default group)")->check(CLI::IsMember({"group", "chip"}));
    } else if (name == "shiftfly") {
      sub = parent->add_subcommand(name, "Shiftfly: Boardfly groups with a generalized Kautz global tier");
      detail::add_unsigned_option(sub, "--groups", &out->groups, "number of 32-chip groups")->required();
      detail::add_unsigned_option(sub, "--ports", &out->ports, "optical ports per group, even, >= 4 (default 40)");
      sub->add_option("--construction", out->construction, "imase-itoh or kautz (default imase-itoh)")
          ->check(CLI::IsMember({"imase-itoh", "kautz"}));
      sub->add_option("--level", out->level, "group or chip (default group)")->check(CLI::IsMember({"group", "chip"}));
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
      out->defaulted_flags.clear();
      for (const CLI::Option* opt : sub->get_options())
        if (opt->nonpositional() && opt->count() == 0) out->defaulted_flags.push_back(opt->get_name());
    });
    subs.push_back(sub);
  }
  // A word that names no family lands here and is refused with the list of families.
  std::string names;
  for (const auto& name : topology::family_names())
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
            "graph family: " + names)
      ->expected(1);
  parent->require_subcommand(1);
  return subs;
}

}  // namespace shiftfly::tools
