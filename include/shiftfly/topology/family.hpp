#pragma once
/// \file family.hpp
/// The graph families of the command line, shared by the
/// `graph`, `metrics` and `route` subcommands.
///
/// API:
///   struct family_params { family, dims, d, D, n, groups, seed = 7, ports = 40,
///                          construction = "imase-itoh", level = "group", defaulted_flags };
///   core::graph<std::uint32_t> make_family(const family_params& p);
///   const std::vector<std::string>& family_names();
/// `make_family` validates every parameter the family uses and throws
/// std::invalid_argument with one line (function, parameter, value, accepted
/// range) before allocating; parameters a family does not use are ignored.
/// The line names the command-line flag of the parameter (`kautz: --D = 9 is
/// out of range ...`, core/flag_names.hpp), or ends with the flags given when
/// the limit is on a product of them (`(given --groups 200000000 --level chip)`).
/// The flags listed in `defaulted_flags` (those the user left at their default)
/// are listed apart, as defaults: `(given --groups 900000000; defaults: --ports 40
/// --construction imase-itoh --level group)`.
///
/// | family        | parameters                                  | graph                                  |
/// |---------------|---------------------------------------------|----------------------------------------|
/// | torus         | dims                                        | torus(dims)                            |
/// | kautz         | d, D                                        | kautz(d, D)                            |
/// | de-bruijn     | d, D                                        | de_bruijn(d, D)                        |
/// | gen-de-bruijn | n, d                                        | generalized_de_bruijn(n, d)            |
/// | imase-itoh    | n, d                                        | imase_itoh(n, d)                       |
/// | boardfly      | groups, seed, level (group / chip)          | boardfly_group_level / _chip_level     |
/// | shiftfly      | groups, ports, construction, level          | shiftfly_group_level / _chip_level     |

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/flag_names.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::topology {

/// Parameters of a graph family, as the command line gives them.
struct family_params {
  std::string family;
  std::vector<std::uint64_t> dims;
  std::uint64_t d = 0, D = 0, n = 0, groups = 0, seed = 7, ports = 40;
  std::string construction = "imase-itoh";
  std::string level = "group";
  /// Flags left at their default ("--ports", "--level", ...): messages list them as defaults, not as given.
  std::vector<std::string> defaulted_flags;
};

/// The family names make_family accepts, in the order the tools list them.
inline const std::vector<std::string>& family_names() {
  static const std::vector<std::string> names{"torus",      "kautz",    "de-bruijn", "gen-de-bruijn",
                                              "imase-itoh", "boardfly", "shiftfly"};
  return names;
}

namespace detail {
inline void require_level(const std::string& level) {
  if (level != "group" && level != "chip") core::throw_out_of_range("make_family", "level", level, "group or chip");
}
}  // namespace detail

/// Builds the graph of a family (32-bit vertex ids), validating its parameters first.
inline core::graph<std::uint32_t> make_family(const family_params& p) {
  using V = std::uint32_t;
  using core::naming_flags;
  using core::to_message;
  const std::string& f = p.family;
  if (f == "torus") {
    std::string dims;
    for (auto k : p.dims) dims += (dims.empty() ? "" : ",") + to_message(k);
    return naming_flags({{"dims item", "--dims item"}, {"dims", "--dims"}, {"number of dims", "number of --dims items"}},
                        "--dims " + dims, [&] { return torus<V>(p.dims); });
  }
  const std::string dD = "--d " + to_message(p.d) + " --D " + to_message(p.D);
  const std::string nd = "--n " + to_message(p.n) + " --d " + to_message(p.d);
  if (f == "kautz") return naming_flags({{"d", "--d"}, {"D", "--D"}}, dD, [&] { return kautz<V>(p.d, p.D); });
  if (f == "de-bruijn") return naming_flags({{"d", "--d"}, {"D", "--D"}}, dD, [&] { return de_bruijn<V>(p.d, p.D); });
  if (f == "gen-de-bruijn")
    return naming_flags({{"n", "--n"}, {"d", "--d"}}, nd, [&] { return generalized_de_bruijn<V>(p.n, p.d); });
  if (f == "imase-itoh") return naming_flags({{"n", "--n"}, {"d", "--d"}}, nd, [&] { return imase_itoh<V>(p.n, p.d); });
  // "--flag value ..." for the flags given; "; defaults: --flag value ..." for those left at their default.
  const auto flags_text = [&p](std::initializer_list<std::pair<std::string_view, std::string>> flags) {
    std::string given, defaults;
    for (const auto& flag : flags) {
      const bool defaulted =
          std::find(p.defaulted_flags.begin(), p.defaulted_flags.end(), flag.first) != p.defaulted_flags.end();
      std::string& into = defaulted ? defaults : given;
      into += (into.empty() ? "" : " ") + std::string(flag.first) + " " + flag.second;
    }
    return defaults.empty() ? given : given + "; defaults: " + defaults;
  };
  if (f == "boardfly") {
    detail::require_level(p.level);
    return naming_flags({{"groups", "--groups"}, {"seed", "--seed"}},
                        flags_text({{"--groups", to_message(p.groups)}, {"--level", to_message(p.level)}}), [&] {
                          return p.level == "chip" ? boardfly_chip_level<V>(p.groups, p.seed)
                                                   : boardfly_group_level<V>(p.groups, p.seed);
                        });
  }
  if (f == "shiftfly") {
    detail::require_level(p.level);
    return naming_flags({{"groups", "--groups"}, {"ports", "--ports"}, {"construction", "--construction"}},
                        flags_text({{"--groups", to_message(p.groups)},
                                    {"--ports", to_message(p.ports)},
                                    {"--construction", to_message(p.construction)},
                                    {"--level", to_message(p.level)}}),
                        [&] {
                          const auto c = parse_shiftfly_construction(p.construction);
                          return p.level == "chip" ? shiftfly_chip_level<V>(p.groups, p.ports, c)
                                                   : shiftfly_group_level<V>(p.groups, p.ports, c);
                        });
  }
  std::string accepted;
  for (const auto& name : family_names()) accepted += (accepted.empty() ? "" : ", ") + name;
  core::throw_out_of_range("make_family", "family", "'" + f + "'", accepted);
}

}  // namespace shiftfly::topology
