#pragma once
/// \file routing_spec.hpp
/// A routing named as text ("minimal", "ecmp", "valiant:minimal", "ksp:4", ...) and its tie
/// rule, parsed and checked once; and whether a graph family runs it.
///
///   enum class routing_kind { minimal, ecmp, spread, dor, valiant, ksp, shift };
///   enum class tie_rule { lowest, booksim };
///   struct routing_spec { kind, tie, legs, k; std::string name() const; };
///   routing_spec parse_routing(std::string_view routing, std::string_view tie = "");
///   void require_family_runs(const routing_spec&, const topology::family_descriptor&);
///   std::string families_running(routing_kind);      // "torus, hyperx"
///
/// The names (their semantics: docs/routing.md):
/// - `minimal`: one shortest path per pair, by the tie rule: `lowest` (the default: at
///   router u the next hop toward t is the lowest-id neighbour one step closer to t) or
///   `booksim` (BookSim2's anynet `min` tables; routing/shortest_path_routing.hpp);
/// - `ecmp`: an even split at every router over the next hops on a shortest path;
/// - `spread`: an even split over all shortest paths;
/// - `dor`: dimension order (torus, HyperX and Tofu);
/// - `valiant`, `valiant:ecmp`, `valiant:minimal`: a uniformly random intermediate router,
///   each leg routed by ecmp (the default) or minimal (routing/valiant_load.hpp);
/// - `ksp:K`: an even split over the K shortest simple paths, K from 1 to 64;
/// - `shift`: the table-free shift route (Kautz, de Bruijn, Imase–Itoh, Shiftfly).
/// A tie rule applies to minimal routing only (also as the legs of valiant:minimal); given
/// with another routing it is refused. Every refusal is one line naming `routing` or `tie`,
/// the value and what is accepted.

#include <cstdint>
#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/families.hpp"

namespace shiftfly::routing {

enum class routing_kind { minimal, ecmp, spread, dor, valiant, ksp, shift };
enum class tie_rule { lowest, booksim };

/// The base name of a routing kind, as the descriptors' `routings` lists spell it.
inline const char* routing_kind_name(routing_kind k) noexcept {
  switch (k) {
    case routing_kind::minimal: return "minimal";
    case routing_kind::ecmp: return "ecmp";
    case routing_kind::spread: return "spread";
    case routing_kind::dor: return "dor";
    case routing_kind::valiant: return "valiant";
    case routing_kind::ksp: return "ksp";
    case routing_kind::shift: return "shift";
  }
  return "";
}

inline const char* tie_rule_name(tie_rule t) noexcept { return t == tie_rule::booksim ? "booksim" : "lowest"; }

/// The accepted routing names, for messages.
inline constexpr std::string_view routing_names_accepted =
    "minimal, ecmp, spread, dor, valiant, valiant:ecmp, valiant:minimal, ksp:K (K 1 to 64), shift";

/// Largest K of ksp:K.
inline constexpr std::uint64_t ksp_max_paths = 64;

/// A parsed routing.
struct routing_spec {
  routing_kind kind = routing_kind::ecmp;
  tie_rule tie = tie_rule::lowest;      ///< minimal routing's tie rule (minimal, or valiant's minimal legs)
  routing_kind legs = routing_kind::ecmp;  ///< valiant's legs: ecmp or minimal
  std::uint64_t k = 0;                  ///< ksp's K

  /// The routing as it is named: "minimal", "valiant:ecmp", "ksp:4".
  [[nodiscard]] std::string name() const {
    if (kind == routing_kind::valiant) return std::string("valiant:") + routing_kind_name(legs);
    if (kind == routing_kind::ksp) return "ksp:" + std::to_string(k);
    return routing_kind_name(kind);
  }
  /// Whether the tie rule matters (minimal routing somewhere).
  [[nodiscard]] bool uses_tie() const noexcept {
    return kind == routing_kind::minimal || (kind == routing_kind::valiant && legs == routing_kind::minimal);
  }
};

/// Parses a routing name and a tie rule ("" = the default, lowest); see the file comment.
inline routing_spec parse_routing(std::string_view routing, std::string_view tie = "") {
  constexpr std::string_view where = "parse_routing";
  const auto refuse = [&] {
    core::fail_parameter(where, "routing", core::printable(routing), "is not a routing",
                         std::string(routing_names_accepted));
  };
  routing_spec r;
  if (routing == "minimal") r.kind = routing_kind::minimal;
  else if (routing == "ecmp") r.kind = routing_kind::ecmp;
  else if (routing == "spread") r.kind = routing_kind::spread;
  else if (routing == "dor") r.kind = routing_kind::dor;
  else if (routing == "shift") r.kind = routing_kind::shift;
  else if (routing == "valiant" || routing == "valiant:ecmp") r.kind = routing_kind::valiant;
  else if (routing == "valiant:minimal") {
    r.kind = routing_kind::valiant;
    r.legs = routing_kind::minimal;
  } else if (routing.rfind("ksp:", 0) == 0) {
    r.kind = routing_kind::ksp;
    std::uint64_t k = 0;
    if (core::read_decimal(routing.substr(4), k) != core::decimal_error::none || k < 1 || k > ksp_max_paths)
      core::fail_parameter(where, "routing", core::printable(routing), "has no K from 1 to 64",
                           std::string(routing_names_accepted));
    r.k = k;
  } else {
    refuse();
  }
  if (!tie.empty()) {
    if (tie == "lowest") r.tie = tie_rule::lowest;
    else if (tie == "booksim") r.tie = tie_rule::booksim;
    else core::fail_parameter(where, "tie", core::printable(tie), "is not a tie rule", "lowest or booksim");
    if (!r.uses_tie())
      core::fail_parameter(where, "tie", core::printable(tie),
                           "applies to minimal routing only, not to " + r.name(),
                           "no tie rule, or routing minimal or valiant:minimal");
  }
  return r;
}

/// The registered families whose descriptor lists the routing, in registry order.
inline std::string families_running(routing_kind k) {
  std::string text;
  for (const auto* f : topology::families())
    for (const auto& name : f->routings)
      if (name == routing_kind_name(k)) {
        text += (text.empty() ? "" : ", ") + f->name;
        break;
      }
  return text;
}

/// Refuses a routing that the family does not run (its descriptor's `routings`), naming the
/// families that do.
inline void require_family_runs(const routing_spec& r, const topology::family_descriptor& family) {
  for (const auto& name : family.routings)
    if (name == routing_kind_name(r.kind)) return;
  const std::string fits = families_running(r.kind);
  core::fail_parameter("require_family_runs", "routing", r.name(), "is not a routing of " + family.name,
                       fits.empty() ? std::string("no registered family runs it yet")
                                    : "it fits the families " + fits);
}

}  // namespace shiftfly::routing
