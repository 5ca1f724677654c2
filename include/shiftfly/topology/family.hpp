#pragma once
/// \file family.hpp
/// Family specs for code that chooses the family at run time (the tools, files that name a
/// family, the Python bindings): a family_spec is a registry name and parameter values by id
/// (topology/descriptor.hpp); the registry is topology/families.hpp. The typed specs below
/// (kautz_spec{3, 4}, ...) are shorthands that convert to a family_spec.
///
/// API:
///   struct family_spec { family, values };              // topology/descriptor.hpp
///   core::graph<std::uint32_t> make_graph(const family_spec&);
///   std::string_view family_name(const family_spec&);      // "kautz"
///   family_spec default_spec(std::string_view name);      // every parameter: its default, or 0 / empty if required
///   family_spec complete(const family_spec&);             // the values not given set as default_spec sets them
///   std::vector<family_parameter> parameters(const family_spec&);  // {"d", "3"}, {"D", "4"}
///   std::vector<std::string> family_names();
///   bool is_digraph(const family_spec&);                  // its graph has arcs
///   channel_classes classify_channels(const family_spec&, const core::graph<std::uint32_t>& g);
///       // every channel's link class; g is make_graph(spec)
///   std::vector<std::uint32_t> endpoints_of(const family_spec&, const core::graph<std::uint32_t>& g,
///                                           std::optional<std::uint64_t> per_router = {});
///       // endpoints per router: `per_router` on every router, else the family's customary counts
///   struct endpoint_choice { std::vector<std::uint32_t> counts; std::string rule; };
///   endpoint_choice choose_endpoints(const family_spec* spec, const core::graph<std::uint32_t>& g,
///                                    const std::vector<std::uint32_t>& file_counts = {},
///                                    std::optional<std::uint64_t> per_router = {},
///                                    const std::vector<std::uint32_t>& given_counts = {});
///       // THE one rule every command uses (load, cost, metrics, graph, Python): see below
/// `make_graph` calls the family's generator (its descriptor's `make`), which validates every
/// parameter and throws core::invalid_parameter naming it by its descriptor id
/// (`kautz: D = 9 is out of range ...`); a value of an id the family does not have, or of the
/// wrong kind, is refused first. The tools name the flag "--" + id, the bindings the keyword id.
///
/// A graph read from a user's file is not a generated family: its spec, `file_spec`, and
/// its `make_graph` are in topology/file_source.hpp, so that code building the families
/// does not compile the file readers (GraphML, JSON).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/fat_tree.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::topology {

/// Which graph of a hierarchical family: one vertex per group, or one per chip.
enum class level { group, chip };

/// "group" or "chip".
inline std::string_view level_name(level l) noexcept { return l == level::chip ? "chip" : "group"; }

/// Parses "group" or "chip"; anything else throws invalid_parameter naming `level`.
inline level parse_level(std::string_view text) {
  if (text == "group") return level::group;
  if (text == "chip") return level::chip;
  core::throw_out_of_range("parse_level", "level", std::string(text), "group or chip");
}

/// "imase-itoh" or "kautz".
inline std::string_view construction_name(shiftfly_construction c) noexcept {
  return c == shiftfly_construction::kautz ? "kautz" : "imase-itoh";
}

/// Torus T(k1, ..., kn) (Proposition 2.2).
struct torus_spec {
  std::vector<std::uint64_t> dims;
};
/// Kautz digraph K(d, D) (Definition 4.1).
struct kautz_spec {
  std::uint64_t d = 0, D = 0;
};
/// de Bruijn digraph B(d, D).
struct de_bruijn_spec {
  std::uint64_t d = 0, D = 0;
};
/// Generalized de Bruijn digraph GB(n, d): i -> d i + r.
struct generalized_de_bruijn_spec {
  std::uint64_t n = 0, d = 0;
};
/// Imase-Itoh digraph II(n, d): i -> -d i - r (Theorem 5.5).
struct imase_itoh_spec {
  std::uint64_t n = 0, d = 0;
};
/// Boardfly (TPU 8i) on `groups` 32-chip groups; `seed` wires the inter-pod tier.
struct boardfly_spec {
  std::uint64_t groups = 0, seed = 7;
  topology::level level = topology::level::group;
};
/// Shiftfly: Boardfly groups with a generalized Kautz global tier at `ports` optical ports a group.
struct shiftfly_spec {
  std::uint64_t groups = 0, ports = group_optical_ports;
  shiftfly_construction construction = shiftfly_construction::imase_itoh;
  topology::level level = topology::level::group;
};

/// PolarFly: the Erdős–Rényi polarity graph ER_q (Lakhotia et al., SC '22).
struct polarfly_spec {
  std::uint64_t q = 0;
};
/// Slim Fly: the McKay–Miller–Širáň graph of q = 4w + δ (Besta and Hoefler, SC '14).
struct slimfly_spec {
  std::uint64_t q = 0;
};
/// Dragonfly: `a` routers a group, `h` global ports a router, `groups` groups (0: the most, a·h + 1).
struct dragonfly_spec {
  std::uint64_t a = 0, h = 0, groups = 0;
  dragonfly_arrangement arrangement = dragonfly_arrangement::consecutive;
};
/// HyperX: the Hamming graph of the dimension sizes (Ahn et al., SC '09).
struct hyperx_spec {
  std::vector<std::uint64_t> dims;
};
/// The k-ary three-tier fat tree as a switch graph (Al-Fares et al., SIGCOMM '08).
struct fat_tree_spec {
  std::uint64_t k = 0;
};
/// The extended generalized fat tree XGFT(h; m; w), the general folded Clos (Öhring et al. 1995), as a switch graph.
struct xgft_spec {
  std::vector<std::uint64_t> m, w;
};
/// Jellyfish: a random `degree`-regular graph on `routers` routers, drawn from `seed` (Singla et al., NSDI '12).
struct jellyfish_spec {
  std::uint64_t routers = 0, degree = 0, seed = 1;
};
/// Xpander: a random `lift`-lift of K_(degree+1), drawn from `seed` (Valadarsky et al., CoNEXT '16).
struct xpander_spec {
  std::uint64_t degree = 0, lift = 0, seed = 1;
};

/// The typed specs as family specs.
inline family_spec as_family_spec(const torus_spec& s) { return {"torus", {{"dims", s.dims}}}; }
inline family_spec as_family_spec(const kautz_spec& s) { return {"kautz", {{"d", s.d}, {"D", s.D}}}; }
inline family_spec as_family_spec(const de_bruijn_spec& s) { return {"de-bruijn", {{"d", s.d}, {"D", s.D}}}; }
inline family_spec as_family_spec(const generalized_de_bruijn_spec& s) {
  return {"gen-de-bruijn", {{"n", s.n}, {"d", s.d}}};
}
inline family_spec as_family_spec(const imase_itoh_spec& s) { return {"imase-itoh", {{"n", s.n}, {"d", s.d}}}; }
inline family_spec as_family_spec(const boardfly_spec& s) {
  return {"boardfly", {{"groups", s.groups}, {"seed", s.seed}, {"level", std::string(level_name(s.level))}}};
}
inline family_spec as_family_spec(const shiftfly_spec& s) {
  return {"shiftfly",
          {{"groups", s.groups},
           {"ports", s.ports},
           {"construction", std::string(construction_name(s.construction))},
           {"level", std::string(level_name(s.level))}}};
}
inline family_spec as_family_spec(const polarfly_spec& s) { return {"polarfly", {{"q", s.q}}}; }
inline family_spec as_family_spec(const slimfly_spec& s) { return {"slimfly", {{"q", s.q}}}; }
inline family_spec as_family_spec(const dragonfly_spec& s) {
  return {"dragonfly",
          {{"a", s.a},
           {"h", s.h},
           {"groups", s.groups},
           {"arrangement", std::string(dragonfly_arrangement_name(s.arrangement))}}};
}
inline family_spec as_family_spec(const hyperx_spec& s) { return {"hyperx", {{"dims", s.dims}}}; }
inline family_spec as_family_spec(const fat_tree_spec& s) { return {"fat-tree", {{"k", s.k}}}; }
inline family_spec as_family_spec(const xgft_spec& s) { return {"xgft", {{"m", s.m}, {"w", s.w}}}; }
inline family_spec as_family_spec(const jellyfish_spec& s) {
  return {"jellyfish", {{"routers", s.routers}, {"degree", s.degree}, {"seed", s.seed}}};
}
inline family_spec as_family_spec(const xpander_spec& s) {
  return {"xpander", {{"degree", s.degree}, {"lift", s.lift}, {"seed", s.seed}}};
}

/// The registry's names, in its order (the order the tools list them).
inline std::vector<std::string> family_names() {
  std::vector<std::string> names;
  for (const auto* f : families()) names.push_back(f->name);
  return names;
}

/// The registry name of the spec's family.
inline std::string_view family_name(const family_spec& spec) noexcept { return spec.family; }

/// The value a parameter takes when not given: its default, or (required) 0 or the empty list,
/// which its generator refuses naming it.
inline parameter_value unset_value(const parameter_descriptor& p) {
  if (p.default_value) return *p.default_value;
  if (p.kind == parameter_kind::unsigned_list) return std::vector<std::uint64_t>{};
  if (p.kind == parameter_kind::choice) return std::string();
  return std::uint64_t{0};
}

/// The spec of the family called `name`, every parameter at its default (the required ones at
/// 0 or empty, to be set); an unknown name throws invalid_parameter naming `family` and listing the names.
inline family_spec default_spec(std::string_view name) {
  const auto& f = family_named(name, "default_spec");
  family_spec spec{f.name, {}};
  for (const auto& p : f.parameters) spec.values.emplace(p.id, unset_value(p));
  return spec;
}

/// A family spec resolved once (resolve below): its descriptor, found by name once, and every
/// parameter's value, given or as default_spec sets it, checked for its kind and choices. The
/// functions below take one to use the descriptor and values with no other lookup; their
/// family_spec overloads resolve first. Immutable: a changed spec is resolved anew.
class resolved_family {
 public:
  const family_descriptor& descriptor() const noexcept { return *descriptor_; }
  const std::string& name() const noexcept { return descriptor_->name; }
  const parameter_values& values() const noexcept { return values_; }
  /// As a plain spec, every value set.
  family_spec spec() const { return {descriptor_->name, values_}; }

 private:
  resolved_family(const family_descriptor& d, parameter_values values) : descriptor_(&d), values_(std::move(values)) {}
  const family_descriptor* descriptor_;
  parameter_values values_;
  friend resolved_family resolve(const family_spec& spec);
};

/// THE one place a spec's family is looked up by name and its values completed: the family of
/// the registry called spec.family (an unknown name throws invalid_parameter naming `family`
/// and listing the names), with every parameter the spec does not give set as default_spec
/// sets it; refuses a value of an id the family does not have, or of the wrong kind, or a
/// choice outside the choices.
inline resolved_family resolve(const family_spec& spec) {
  const auto& f = family_named(spec.family, "family_spec");
  for (const auto& [id, value] : spec.values) {
    const auto* p = f.parameter(id);
    if (!p) {
      std::string ids;
      for (const auto& q : f.parameters) ids += (ids.empty() ? "" : ", ") + q.id;
      core::fail_parameter(f.name, id, value_text(value), "is not a parameter of " + f.name, ids);
    }
    const std::size_t kind = p->kind == parameter_kind::unsigned_integer ? 0 : p->kind == parameter_kind::unsigned_list ? 1 : 2;
    if (value.index() != kind)
      core::fail_parameter(f.name, id, value_text(value), "has the wrong kind",
                           kind == 0 ? "an unsigned integer" : kind == 1 ? "a list of unsigned integers" : "a word");
    if (kind == 2) {
      const auto& word = std::get<std::string>(value);
      bool known = false;
      std::string accepted;
      for (const auto& c : p->choices) {
        known = known || c == word;
        accepted += (accepted.empty() ? "" : " or ") + c;
      }
      if (!known) core::throw_out_of_range(f.name, id, word, accepted);
    }
  }
  parameter_values values = spec.values;
  for (const auto& p : f.parameters) values.emplace(p.id, unset_value(p));  // keeps the given ones
  return resolved_family(f, std::move(values));
}

/// The spec with every parameter it does not give set as default_spec sets it (resolve's values).
inline family_spec complete(const family_spec& spec) { return resolve(spec).spec(); }

/// True when the spec's graph carries arcs: the shift digraphs (Kautz, de Bruijn, generalized
/// de Bruijn, Imase-Itoh) and group-level Shiftfly, whose global tier is one.
inline bool is_digraph(const resolved_family& r) { return r.descriptor().is_digraph(r.values()); }
inline bool is_digraph(const family_spec& spec) { return is_digraph(resolve(spec)); }

/// A parameter of a spec, named by its id, with its value as text.
struct family_parameter {
  std::string name;
  std::string value;
};

/// The spec's parameters in its descriptor's order (dims as `4,4,4`).
inline std::vector<family_parameter> parameters(const resolved_family& r) {
  std::vector<family_parameter> out;
  for (const auto& p : r.descriptor().parameters) out.push_back({p.id, value_text(r.values().find(p.id)->second)});
  return out;
}
inline std::vector<family_parameter> parameters(const family_spec& spec) { return parameters(resolve(spec)); }

/// Endpoints per router of the spec's graph `g`: `per_router` on every router when given (named
/// `endpoints` in errors), else the family's customary counts (its descriptor's `endpoints`).
inline std::vector<std::uint32_t> endpoints_of(const resolved_family& r, const core::graph<std::uint32_t>& g,
                                               std::optional<std::uint64_t> per_router = {}) {
  if (per_router) return core::uniform_endpoints(g.num_vertices(), *per_router);
  auto counts = r.descriptor().endpoints(r.values(), g);
  core::require_endpoints("endpoints_of", counts, g.num_vertices());
  return counts;
}
inline std::vector<std::uint32_t> endpoints_of(const family_spec& spec, const core::graph<std::uint32_t>& g,
                                               std::optional<std::uint64_t> per_router = {}) {
  if (per_router) return core::uniform_endpoints(g.num_vertices(), *per_router);
  return endpoints_of(resolve(spec), g);
}

/// Endpoints per router and, in words, where they come from (`rule`, as the commands print it).
struct endpoint_choice {
  std::vector<std::uint32_t> counts;
  std::string rule;
};

/// The one home of the endpoints of every command (load, cost, metrics, graph, Python), first
/// that applies: `per_router` on every router (the tools' --endpoints; named `endpoints` in
/// errors); `given_counts`, one count a router (Python's endpoints=[...]); the family's
/// customary counts when `spec` is given (its descriptor's endpoints rule: a fat tree's hosts
/// on its edge switches only); `file_counts`, those a simulator's file carries (BookSim2's
/// anynet, SST's anytopo GraphML, ns-3's topology.txt); else 1 a router.
inline endpoint_choice choose_endpoints(const resolved_family* spec, const core::graph<std::uint32_t>& g,
                                        const std::vector<std::uint32_t>& file_counts = {},
                                        std::optional<std::uint64_t> per_router = {},
                                        const std::vector<std::uint32_t>& given_counts = {}) {
  const std::size_t routers = g.num_vertices();
  endpoint_choice c;
  if (per_router) {
    c.counts = core::uniform_endpoints(routers, *per_router);
    c.rule = "P = " + core::to_message(*per_router) + " on every router (given)";
  } else if (!given_counts.empty()) {
    core::require_endpoints("choose_endpoints", given_counts, routers);
    c.counts = given_counts;
    c.rule = "the given counts, one a router";
  } else if (spec) {
    c.counts = endpoints_of(*spec, g);
    c.rule = "the family's: " + spec->descriptor().endpoints_rule;
  } else if (!file_counts.empty()) {
    core::require_endpoints("choose_endpoints", file_counts, routers);
    c.counts = file_counts;
    c.rule = "the file's own counts";
  } else {
    c.counts = core::uniform_endpoints(routers, 1);
    c.rule = "1 a router (a graph of no family)";
  }
  return c;
}

/// choose_endpoints of a spec not yet resolved (nullptr: a graph of no family).
inline endpoint_choice choose_endpoints(const family_spec* spec, const core::graph<std::uint32_t>& g,
                                        const std::vector<std::uint32_t>& file_counts = {},
                                        std::optional<std::uint64_t> per_router = {},
                                        const std::vector<std::uint32_t>& given_counts = {}) {
  if (!spec || per_router || !given_counts.empty())
    return choose_endpoints(static_cast<const resolved_family*>(nullptr), g, file_counts, per_router, given_counts);
  const auto r = resolve(*spec);
  return choose_endpoints(&r, g, file_counts, per_router, given_counts);
}

/// choose_endpoints of a graph of no family.
inline endpoint_choice choose_endpoints(std::nullptr_t, const core::graph<std::uint32_t>& g,
                                        const std::vector<std::uint32_t>& file_counts = {},
                                        std::optional<std::uint64_t> per_router = {},
                                        const std::vector<std::uint32_t>& given_counts = {}) {
  return choose_endpoints(static_cast<const resolved_family*>(nullptr), g, file_counts, per_router, given_counts);
}

/// Builds the spec's graph (32-bit vertex ids); the generator validates its parameters first.
inline core::graph<std::uint32_t> make_graph(const resolved_family& r) { return r.descriptor().make(r.values()); }
inline core::graph<std::uint32_t> make_graph(const family_spec& spec) { return make_graph(resolve(spec)); }

/// The link class of every channel of g = make_graph(spec) (topology/descriptor.hpp,
/// channel_classes; a channel is a CSR position of g.targets()). A graph that is not the
/// spec's (another vertex count) is refused.
inline channel_classes classify_channels(const resolved_family& r, const core::graph<std::uint32_t>& g) {
  const auto& f = r.descriptor();
  if (!f.classify) core::fail("classify_channels", "the family " + f.name + " has no channel classifier");
  auto out = f.classify(r.values(), g);
  if (out.class_of.size() != g.targets().size())
    core::fail("classify_channels", "the classifier of " + f.name + " gave " + core::to_message(out.class_of.size()) +
                                        " classes for " + core::to_message(g.targets().size()) + " channels");
  return out;
}
inline channel_classes classify_channels(const family_spec& spec, const core::graph<std::uint32_t>& g) {
  return classify_channels(resolve(spec), g);
}

/// The exact range of the parameter `id` (of a list's items) at the spec's other values, as its
/// generator states it ("1 to 31 at d = 2, so that ...": Kautz's D depends on d): the text of its
/// descriptor's data (exact_range, topology/descriptor.hpp), which
/// tests/topology/parameter_ranges_test.cpp holds equal to the generators' messages. For a
/// binding that must name the range of a value its parameter cannot hold (Python's ints).
/// `position` (a list's item) is accepted for the callers that name one; every item has one range.
inline std::string stated_range(const family_spec& spec, std::string_view id, std::optional<std::size_t> position = {}) {
  const auto r = resolve(spec);
  const auto* p = r.descriptor().parameter(id);
  if (!p || p->kind == parameter_kind::choice)
    core::fail_parameter("stated_range", "id", std::string(id), "is not an unsigned parameter of " + r.name());
  if (position) {
    const auto& items = std::get<std::vector<std::uint64_t>>(r.values().find(id)->second);
    if (*position >= items.size())
      core::require_range("stated_range", "position", *position, 0, items.empty() ? 0 : items.size() - 1);
  } else if (p->kind != parameter_kind::unsigned_integer) {
    core::fail_parameter("stated_range", "position", "(none)", "is needed for the list " + std::string(id));
  }
  return range_text(exact_range(*p, r.values()));
}

/// The coordinates of the spec's routers (its descriptor's `coordinates`), or none when its
/// family is not on a grid.
inline std::optional<router_coordinates> coordinates_of(const family_spec& spec) {
  const auto r = resolve(spec);
  if (!r.descriptor().coordinates) return std::nullopt;
  return r.descriptor().coordinates(r.values());
}

}  // namespace shiftfly::topology
