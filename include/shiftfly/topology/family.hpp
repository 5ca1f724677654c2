#pragma once
/// \file family.hpp
/// Typed family specs and the name registry: every graph family of the library
/// as one value, for code that chooses the family at run time (the tools, files
/// that name a family, the Python bindings).
///
/// API:
///   using family_spec = std::variant<torus_spec, kautz_spec, de_bruijn_spec,
///                                    generalized_de_bruijn_spec, imase_itoh_spec,
///                                    boardfly_spec, shiftfly_spec, polarfly_spec, slimfly_spec,
///                                    dragonfly_spec, hyperx_spec, fat_tree_spec, xgft_spec, jellyfish_spec>;
///   core::graph<std::uint32_t> make_graph(const family_spec&);
///   std::string_view family_name(const family_spec&);      // "kautz"
///   family_spec default_spec(std::string_view name);      // "kautz" -> kautz_spec{}
///   std::vector<family_parameter> parameters(const family_spec&);  // {"d", "3"}, {"D", "4"}
///   const std::vector<std::string>& family_names();
///   bool is_digraph(const family_spec&);                  // its graph has arcs
/// `make_graph` calls the family's generator, which validates every parameter
/// and throws core::invalid_parameter naming it as the generator does
/// (`kautz: D = 9 is out of range ...`). A tool that reads the spec from flags
/// renames the parameters to its flags (tools/common/flag_names.hpp).
///
/// | family        | spec                         | graph                                  |
/// |---------------|------------------------------|----------------------------------------|
/// | torus         | dims                         | torus(dims)                            |
/// | kautz         | d, D                         | kautz(d, D)                            |
/// | de-bruijn     | d, D                         | de_bruijn(d, D)                        |
/// | gen-de-bruijn | n, d                         | generalized_de_bruijn(n, d)            |
/// | imase-itoh    | n, d                         | imase_itoh(n, d)                       |
/// | boardfly      | groups, seed, level          | boardfly_group_level / _chip_level     |
/// | shiftfly      | groups, ports, construction, level | shiftfly_group_level / _chip_level |
/// | polarfly      | q                            | polarfly(q)                            |
/// | slimfly       | q                            | slimfly(q)                             |
/// | dragonfly     | a, h, groups, arrangement    | dragonfly(a, h, groups or a·h + 1, arrangement) |
/// | hyperx        | dims                         | hyperx(dims)                           |
/// | fat-tree      | k                            | fat_tree(k)                            |
/// | xgft          | m, w                         | xgft(m, w): the general folded Clos    |
/// | jellyfish     | routers, degree, seed        | jellyfish(routers, degree, seed)       |
///
/// A graph read from a user's file is not a generated family: its spec, `file_spec`, and
/// its `make_graph` are in topology/file_source.hpp, so that code building the families
/// does not compile the file readers (GraphML, JSON).

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
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

/// One family and its parameters.
using family_spec = std::variant<torus_spec, kautz_spec, de_bruijn_spec, generalized_de_bruijn_spec, imase_itoh_spec,
                                 boardfly_spec, shiftfly_spec, polarfly_spec, slimfly_spec, dragonfly_spec,
                                 hyperx_spec, fat_tree_spec, xgft_spec, jellyfish_spec>;

/// The registry's names, in the order of family_spec's alternatives (the order the tools list them).
inline const std::vector<std::string>& family_names() {
  static const std::vector<std::string> names{"torus",    "kautz",    "de-bruijn", "gen-de-bruijn", "imase-itoh",
                                              "boardfly", "shiftfly", "polarfly",  "slimfly",       "dragonfly",
                                              "hyperx",   "fat-tree", "xgft",      "jellyfish"};
  return names;
}

/// The registry name of the spec's family.
inline std::string_view family_name(const family_spec& spec) noexcept { return family_names()[spec.index()]; }

namespace detail {
template <std::size_t I = 0>
family_spec spec_at(std::size_t index) {
  if constexpr (I + 1 < std::variant_size_v<family_spec>) {
    if (index != I) return spec_at<I + 1>(index);
  }
  return family_spec{std::in_place_index<I>};
}
}  // namespace detail

/// The spec of the family called `name`, with its defaults (the required sizes at 0, to be set);
/// an unknown name throws invalid_parameter naming `family` and listing the names.
inline family_spec default_spec(std::string_view name) {
  const auto& names = family_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return detail::spec_at(i);
  std::string accepted;
  for (const auto& n : names) accepted += (accepted.empty() ? "" : ", ") + n;
  core::throw_out_of_range("default_spec", "family", "'" + std::string(name) + "'", accepted);
}

/// True when the spec's graph carries arcs: the shift digraphs (Kautz, de Bruijn, generalized
/// de Bruijn, Imase-Itoh) and group-level Shiftfly, whose global tier is one.
inline bool is_digraph(const family_spec& spec) noexcept {
  if (const auto* s = std::get_if<shiftfly_spec>(&spec)) return s->level == level::group;
  return std::holds_alternative<kautz_spec>(spec) || std::holds_alternative<de_bruijn_spec>(spec) ||
         std::holds_alternative<generalized_de_bruijn_spec>(spec) || std::holds_alternative<imase_itoh_spec>(spec);
}

/// A parameter of a spec, named as the library names it, with its value as text.
struct family_parameter {
  std::string name;
  std::string value;
};

/// The spec's parameters in the order of the table above (dims as `4,4,4`).
inline std::vector<family_parameter> parameters(const family_spec& spec) {
  using core::to_message;
  return std::visit(
      [](const auto& s) -> std::vector<family_parameter> {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, torus_spec> || std::is_same_v<S, hyperx_spec>) {
          std::string dims;
          for (auto k : s.dims) dims += (dims.empty() ? "" : ",") + to_message(k);
          return {{"dims", dims}};
        } else if constexpr (std::is_same_v<S, kautz_spec> || std::is_same_v<S, de_bruijn_spec>) {
          return {{"d", to_message(s.d)}, {"D", to_message(s.D)}};
        } else if constexpr (std::is_same_v<S, generalized_de_bruijn_spec> || std::is_same_v<S, imase_itoh_spec>) {
          return {{"n", to_message(s.n)}, {"d", to_message(s.d)}};
        } else if constexpr (std::is_same_v<S, boardfly_spec>) {
          return {{"groups", to_message(s.groups)}, {"seed", to_message(s.seed)},
                  {"level", std::string(level_name(s.level))}};
        } else if constexpr (std::is_same_v<S, polarfly_spec> || std::is_same_v<S, slimfly_spec>) {
          return {{"q", to_message(s.q)}};
        } else if constexpr (std::is_same_v<S, dragonfly_spec>) {
          return {{"a", to_message(s.a)},
                  {"h", to_message(s.h)},
                  {"groups", to_message(s.groups)},
                  {"arrangement", std::string(dragonfly_arrangement_name(s.arrangement))}};
        } else if constexpr (std::is_same_v<S, fat_tree_spec>) {
          return {{"k", to_message(s.k)}};
        } else if constexpr (std::is_same_v<S, xgft_spec>) {
          const auto list = [](const std::vector<std::uint64_t>& xs) {
            std::string text;
            for (auto x : xs) text += (text.empty() ? "" : ",") + to_message(x);
            return text;
          };
          return {{"m", list(s.m)}, {"w", list(s.w)}};
        } else if constexpr (std::is_same_v<S, jellyfish_spec>) {
          return {{"routers", to_message(s.routers)}, {"degree", to_message(s.degree)}, {"seed", to_message(s.seed)}};
        } else {
          return {{"groups", to_message(s.groups)},
                  {"ports", to_message(s.ports)},
                  {"construction", std::string(construction_name(s.construction))},
                  {"level", std::string(level_name(s.level))}};
        }
      },
      spec);
}

/// Builds the spec's graph (32-bit vertex ids); the generator validates its parameters first.
inline core::graph<std::uint32_t> make_graph(const family_spec& spec) {
  using V = std::uint32_t;
  return std::visit(
      [](const auto& s) -> core::graph<V> {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, torus_spec>) return torus<V>(s.dims);
        else if constexpr (std::is_same_v<S, kautz_spec>) return kautz<V>(s.d, s.D);
        else if constexpr (std::is_same_v<S, de_bruijn_spec>) return de_bruijn<V>(s.d, s.D);
        else if constexpr (std::is_same_v<S, generalized_de_bruijn_spec>) return generalized_de_bruijn<V>(s.n, s.d);
        else if constexpr (std::is_same_v<S, imase_itoh_spec>) return imase_itoh<V>(s.n, s.d);
        else if constexpr (std::is_same_v<S, boardfly_spec>)
          return s.level == level::chip ? boardfly_chip_level<V>(s.groups, s.seed) : boardfly_group_level<V>(s.groups, s.seed);
        else if constexpr (std::is_same_v<S, polarfly_spec>) return polarfly<V>(s.q);
        else if constexpr (std::is_same_v<S, slimfly_spec>) return slimfly<V>(s.q);
        else if constexpr (std::is_same_v<S, dragonfly_spec>)
          return dragonfly<V>(s.a, s.h, s.groups == 0 ? dragonfly_max_groups(s.a, s.h) : s.groups, s.arrangement);
        else if constexpr (std::is_same_v<S, hyperx_spec>) return hyperx<V>(s.dims);
        else if constexpr (std::is_same_v<S, fat_tree_spec>) return fat_tree<V>(s.k);
        else if constexpr (std::is_same_v<S, xgft_spec>) return xgft<V>(s.m, s.w);
        else if constexpr (std::is_same_v<S, jellyfish_spec>) return jellyfish<V>(s.routers, s.degree, s.seed);
        else
          return s.level == level::chip ? shiftfly_chip_level<V>(s.groups, s.ports, s.construction)
                                        : shiftfly_group_level<V>(s.groups, s.ports, s.construction);
      },
      spec);
}

}  // namespace shiftfly::topology
