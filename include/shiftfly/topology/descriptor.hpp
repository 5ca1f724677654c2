#pragma once
/// \file descriptor.hpp
/// A graph family described once: its parameters (id, the paper's symbol, kind, range,
/// default, one-line help), its generator, whether its graph has arcs, its link classes,
/// the routings it runs, the paper it comes from and, for the field tables, its candidate
/// instances with their closed-form sizes. Everything that offers a family is produced from
/// its descriptor: the tool's flags and --help (tools/shiftfly/family_options.hpp), the Python
/// functions, keywords and signatures (python/src/graphs.cpp, python/shiftfly/_graphs.py), the
/// family sections of docs/cli.md (regenerated from --help), the field instances
/// (studies/field_instances.hpp) and the range checks.
///
/// API:
///   using parameter_value = std::variant<std::uint64_t, std::vector<std::uint64_t>, std::string>;
///   using parameter_values = std::map<std::string, parameter_value>;   // id -> value
///   enum class parameter_kind { unsigned_integer, unsigned_list, choice };
///   struct parameter_descriptor { id, symbol, kind, min, max, default_value, default_text, choices, help,
///                                 type_text, rule, range_at };
///   struct parameter_range { min, max, rule, at };     // a parameter's exact range, as data
///   std::string range_text(const parameter_range&);    // "2 to 9", "an even number from 4 to 131068"
///   parameter_range exact_range(const parameter_descriptor&, const parameter_values&);
///   struct field_candidate { values, routers, radix, parameters };
///   struct field_entry { display_name, rule, rank, size_is_free, candidates(max_radix, max_routers) };
///   struct channel_classes { names; class_of; }          // every channel's link class
///   struct router_coordinates { dims, ring };          // a router's coordinates (dimension order, tornado)
///   enum class shift_labels { kautz, de_bruijn, imase_itoh, shiftfly_groups };
///   struct router_grouping { text, group_of };         // the racks' grouping (physical/layout.hpp)
///   struct family_descriptor { name, summary, source, parameters, example, make, is_digraph,
///                              link_classes, classify, routings, field, endpoints_rule, endpoints,
///                              coordinates, shift, grouping };
///   struct family_spec { family, values };             // one family and its parameters
///   std::uint64_t unsigned_value(const parameter_values&, std::string_view id);
///   const std::vector<std::uint64_t>& list_value(const parameter_values&, std::string_view id);
///   const std::string& choice_value(const parameter_values&, std::string_view id);
///   std::string value_text(const parameter_value&);    // 7, "4,4,4", "chip"
///
/// The error contract: a generator names a parameter by its descriptor id (`dragonfly: groups
/// = 2 is out of range ...`), an item of a list as "<id> item" and a list's length as
/// "number of <id> items", so that the tool names the flag by one rule ("--" + id) and the
/// Python bindings name the keyword (the id itself) with no rename table.

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

/// A parameter's value: an unsigned integer, a list of them, or one of the parameter's choices.
using parameter_value = std::variant<std::uint64_t, std::vector<std::uint64_t>, std::string>;
/// A family's parameter values by id.
using parameter_values = std::map<std::string, parameter_value, std::less<>>;

/// What a parameter holds.
enum class parameter_kind { unsigned_integer, unsigned_list, choice };

/// A parameter's exact range: every value from min to max (of a list, every item's) that is
/// `rule` ("an even number"; empty: every value), at the other values `at` states ("at d = 2, so
/// that (d+1)d^(D-1) vertices fit a 32-bit vertex id"; empty: whatever they are). The generators
/// refuse a value outside it with range_text as the accepted range; the Python bindings name it
/// for a value their integers cannot hold (topology::stated_range). Data, not a message:
/// tests/topology/parameter_ranges_test.cpp holds every family's messages to it.
struct parameter_range {
  std::uint64_t min = 0, max = std::numeric_limits<std::uint64_t>::max();
  std::string rule;
  std::string at;
};

/// The range as messages state it: "2 to 65534", "at least 1" (no upper end), "an even number
/// from 4 to 131068", "1 to 31 at d = 2, so that ...".
inline std::string range_text(const parameter_range& r) {
  const bool open = r.max == std::numeric_limits<std::uint64_t>::max() && r.min > 0 && r.rule.empty();
  std::string text = open ? "at least " + core::to_message(r.min)
                          : (r.rule.empty() ? "" : r.rule + " from ") + core::to_message(r.min) + " to " + core::to_message(r.max);
  return r.at.empty() ? text : text + " " + r.at;
}

/// One parameter of a family.
struct parameter_descriptor {
  std::string id;      ///< the spec's field and the Python keyword; the flag is "--" + id
  std::string symbol;  ///< as the paper writes it ("g" for Dragonfly's groups)
  parameter_kind kind = parameter_kind::unsigned_integer;
  /// The value's range (a list's items' range) at any other values, as --help shows it; with
  /// `rule` and `range_at` below, the exact range the generator checks (exact_range).
  std::uint64_t min = 0, max = std::numeric_limits<std::uint64_t>::max();
  std::optional<parameter_value> default_value;  ///< none: required
  std::string default_text;  ///< how the default is shown when its value is a stand-in ("a*h+1" for 0)
  std::vector<std::string> choices;  ///< the accepted words of a choice
  std::string help;                  ///< one line
  /// The type --help shows, when not the one the kind and range give ("LIST of UINT in [...]").
  std::string type_text;
  /// Which values in [min, max] are accepted, when not all ("an even number", "a prime power").
  std::string rule;
  /// The exact range at the other (complete) values, for a parameter whose range depends on them
  /// (Kautz's D on d); empty: {min, max, rule}. Any values are accepted: when the ones it depends
  /// on are themselves out of range, it returns the range at every value.
  std::function<parameter_range(const parameter_values&)> range_at;
  bool required() const noexcept { return !default_value.has_value(); }
};

/// The exact range of `p` at the other values `values` (complete: every parameter set).
inline parameter_range exact_range(const parameter_descriptor& p, const parameter_values& values) {
  if (p.range_at) return p.range_at(values);
  return {p.min, p.max, p.rule, {}};
}

/// A candidate instance of the field tables: its values, its closed-form router count and
/// network radix (links to other routers), and its parameters as the table prints them.
struct field_candidate {
  parameter_values values;
  std::uint64_t routers = 0, radix = 0;
  std::string parameters;  ///< "q = 37"
};

/// How the field tables enumerate a family (studies/field_instances.hpp).
struct field_entry {
  std::string display_name;  ///< "Slim Fly", as the tables print it
  /// Which instances are candidates, in a few words for the tables' notes ("every prime power q").
  std::string rule;
  int rank = 2;              ///< print order: by rank, then by registry order
  bool size_is_free = false;  ///< the router count is a free parameter (one candidate at max_routers)
  /// Every candidate within the radix and the router count, in enumeration order (before the
  /// limits are applied: the caller keeps those within them).
  std::function<std::vector<field_candidate>(std::uint64_t max_radix, std::uint64_t max_routers)> candidates;
};

/// The link class of every channel of one instance (core/channel.hpp: a channel is one
/// direction of a physical link, indexed by its CSR position in the graph's targets()).
/// `names` lists the classes that have at least one channel, in the order of the descriptor's
/// `link_classes`; a parametrised class is a static name followed by a space and its parameter
/// ("dimension 2" under "dimension", "up 1" under "up"). class_of[c] indexes `names`.
struct channel_classes {
  std::vector<std::string> names;
  std::vector<std::uint8_t> class_of;
};

/// The coordinates of every router of a family whose routers are points of a grid: router u has
/// coordinate c_i = (u / s_i) mod dims[i], s_0 = 1 and s_{i+1} = s_i dims[i] (the first dimension
/// varies fastest, as topology/torus.hpp and topology/hyperx.hpp number them). `ring`: the routers
/// of one line of dimension i form a ring (a torus), else a complete graph (HyperX). Dimension-
/// order routing (routing/dimension_order.hpp) and the tornado pattern read them.
struct router_coordinates {
  std::vector<std::uint64_t> dims;
  bool ring = true;
};

/// How a shift digraph's routers are named, for the table-free shift routing of routing/
/// (routing/shift_channel_routing.hpp, routing/route_query.hpp): by Kautz or de Bruijn labels
/// (parameters d, D), by the Imase–Itoh arithmetic (parameters n, d), or as Shiftfly's groups
/// on a generalized Kautz tier (parameters groups, ports, construction, level).
enum class shift_labels { kautz, de_bruijn, imase_itoh, shiftfly_groups };

/// A family's grouping of routers into racks' units (physical/layout.hpp): the grouping in words
/// ("groups of a = 4 routers", or "" when the instance has none) and the group of every router
/// (empty when none). Both take complete values; `group_of` takes the router count of the graph.
struct router_grouping {
  std::function<std::string(const parameter_values&)> text;
  std::function<std::vector<std::uint64_t>(const parameter_values&, std::size_t routers)> group_of;
};

/// A graph family.
struct family_descriptor {
  std::string name;     ///< the registry name: "dragonfly"
  std::string summary;  ///< one line, the subcommand's --help
  std::string source;   ///< the paper it comes from (docs/references.md)
  std::vector<parameter_descriptor> parameters;
  parameter_values example;  ///< a small instance: docs/cli.md's example, the round-trip and binding tests
  std::function<core::graph<std::uint32_t>(const parameter_values&)> make;  ///< validates, then builds
  std::function<bool(const parameter_values&)> is_digraph;                 ///< the graph carries arcs
  std::vector<std::string> link_classes;  ///< names of the family's link classes ("local", "global")
  /// Every channel's link class on the graph `make` built from the same (complete) values.
  std::function<channel_classes(const parameter_values&, const core::graph<std::uint32_t>&)> classify;
  std::vector<std::string> routings;      ///< the routings it runs ("minimal", "ecmp", "shift", "dor")
  std::optional<field_entry> field;       ///< in the field tables, how
  /// The customary endpoints per router, in the paper's words, one line for --help and the docs
  /// ("p = a/2 (Kim et al.: the balanced a = 2p = 2h)").
  std::string endpoints_rule;
  /// The customary endpoints of each router of the instance `values` (every parameter set, as
  /// complete() sets them) whose graph is `g`: one count a router (core/endpoints.hpp).
  std::function<std::vector<std::uint32_t>(const parameter_values&, const core::graph<std::uint32_t>&)> endpoints;
  /// The routers' coordinates (dimension-order routing, tornado), for a family on a grid; else empty.
  std::function<router_coordinates(const parameter_values&)> coordinates;
  /// How its routers are named for shift routing, for a shift digraph family; else none.
  std::optional<shift_labels> shift;
  /// Its routers' grouping in racks (physical/layout.hpp); none: no grouping.
  std::optional<router_grouping> grouping;

  /// The parameter of id `id`, or nullptr.
  const parameter_descriptor* parameter(std::string_view id) const noexcept {
    for (const auto& p : parameters)
      if (p.id == id) return &p;
    return nullptr;
  }
};

/// One family and its parameter values (those not given take the descriptor's defaults).
/// The typed specs of topology/family.hpp (kautz_spec{3, 4}, ...) convert to it.
struct family_spec {
  std::string family;
  parameter_values values;

  family_spec() = default;
  family_spec(std::string family_name, parameter_values parameter_values_)
      : family(std::move(family_name)), values(std::move(parameter_values_)) {}
  /// From a typed spec: anything `as_family_spec` (found by argument-dependent lookup) turns into one.
  template <class Typed>
    requires requires(const Typed& t) { as_family_spec(t); }
  family_spec(const Typed& typed) : family_spec(as_family_spec(typed)) {}  // NOLINT: implicit on purpose
};

namespace detail {
template <class T>
const T& value_of(const parameter_values& values, std::string_view id, const char* kind) {
  const auto it = values.find(id);
  if (it == values.end()) core::fail_parameter("family_spec", id, "(none)", "is missing", kind);
  const T* v = std::get_if<T>(&it->second);
  if (!v) core::fail_parameter("family_spec", id, "(of another kind)", "has the wrong kind", kind);
  return *v;
}
}  // namespace detail

/// The unsigned value of `id`.
inline std::uint64_t unsigned_value(const parameter_values& values, std::string_view id) {
  return detail::value_of<std::uint64_t>(values, id, "an unsigned integer");
}
/// The list value of `id`.
inline const std::vector<std::uint64_t>& list_value(const parameter_values& values, std::string_view id) {
  return detail::value_of<std::vector<std::uint64_t>>(values, id, "a list of unsigned integers");
}
/// The choice value of `id`.
inline const std::string& choice_value(const parameter_values& values, std::string_view id) {
  return detail::value_of<std::string>(values, id, "a word");
}

/// A value as text: 7, 4,4,4 (a list), chip.
inline std::string value_text(const parameter_value& v) {
  if (const auto* u = std::get_if<std::uint64_t>(&v)) return core::to_message(*u);
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  std::string text;
  for (auto x : std::get<std::vector<std::uint64_t>>(v)) text += (text.empty() ? "" : ",") + core::to_message(x);
  return text;
}

}  // namespace shiftfly::topology
