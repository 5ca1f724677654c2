#pragma once
/// \file families.hpp
/// The registry: every graph family of the library, by its descriptor (topology/descriptor.hpp),
/// in the order the tools and the bindings list them. A family is added here, once; the
/// tool's subcommands, the Python functions, --help, docs/cli.md and the field tables follow.
///
/// API:
///   const std::vector<const family_descriptor*>& families();   // registry order
///   const family_descriptor* find_family(std::string_view name); // nullptr if none
///   const family_descriptor& family_named(std::string_view name, std::string_view where);
///       // an unknown name throws invalid_parameter naming `family` and listing the names
///   std::string families_with(has);   // "torus or hyperx": the families whose descriptor `has` a hook

#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/topology/arrnetwork.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/brown_ext.hpp"
#include "shiftfly/topology/bundlefly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/delorme.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/fat_tree.hpp"
#include "shiftfly/topology/hammingmesh.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/mlfm.hpp"
#include "shiftfly/topology/oft.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/polarstar.hpp"
#include "shiftfly/topology/rail_only.hpp"
#include "shiftfly/topology/rail_optimized.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "shiftfly/topology/spectralfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "shiftfly/topology/twisted_torus.hpp"
#include "shiftfly/topology/xpander.hpp"
#include "shiftfly/topology/megafly.hpp"
#include "shiftfly/topology/casdf.hpp"
#include "shiftfly/topology/mesh.hpp"
#include "shiftfly/topology/tofu.hpp"

namespace shiftfly::topology {

/// Every family, in registry order.
inline const std::vector<const family_descriptor*>& families() {
  static const std::vector<const family_descriptor*> all{
      &torus_family(),    &kautz_family(),     &de_bruijn_family(), &generalized_de_bruijn_family(),
      &imase_itoh_family(), &boardfly_family(), &shiftfly_family(),  &polarfly_family(),
      &slimfly_family(),  &dragonfly_family(), &hyperx_family(),    &fat_tree_family(),
      &xgft_family(),     &jellyfish_family(), &xpander_family(),    &spectralfly_family(),
      &twisted_torus_family(), &mlfm_family(),       &oft_family(),
      &brown_ext_family(), &polarstar_family(), &delorme_family(),
      &bundlefly_family(), &arrnetwork_family(),
      &hammingmesh_family(), &rail_optimized_family(), &rail_only_family(),
      &megafly_family(), &casdf_family(), &mesh_family(), &tofu_family(),
  };
  return all;
}

/// The family called `name`, or nullptr.
inline const family_descriptor* find_family(std::string_view name) noexcept {
  for (const auto* f : families())
    if (f->name == name) return f;
  return nullptr;
}

/// The family called `name`; an unknown name throws invalid_parameter (in `where`) naming
/// `family` and listing the registry's names.
inline const family_descriptor& family_named(std::string_view name, std::string_view where) {
  if (const auto* f = find_family(name)) return *f;
  std::string accepted;
  for (const auto* f : families()) accepted += (accepted.empty() ? "" : ", ") + f->name;
  core::throw_out_of_range(where, "family", "'" + std::string(name) + "'", accepted);
}

/// The names of the families that have a hook (`has(descriptor)`), in registry order, as a
/// message lists them: "torus or hyperx", "kautz, de-bruijn, imase-itoh or shiftfly".
template <class Has>
std::string families_with(Has has) {
  std::vector<std::string> names;
  for (const auto* f : families())
    if (has(*f)) names.push_back(f->name);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text;
}

}  // namespace shiftfly::topology
