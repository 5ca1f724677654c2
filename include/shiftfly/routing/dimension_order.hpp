#pragma once
/// \file dimension_order.hpp
/// Dimension-order routing (dor) on the torus and on HyperX, as channel shares
/// (Dally and Towles, Principles and Practices of Interconnection Networks, 2004:
/// ch. 3 for the torus and its channel load, ch. 8 for dimension-order routing).
///
/// The vertex numbering is the generators' (topology/torus.hpp, topology/hyperx.hpp):
/// vertex (c0, ..., c_{n-1}) has id Σ ci · Π_{j<i} kj. A packet corrects the dimensions
/// in order 0, 1, ..., n-1; while it corrects dimension i, the coordinates below i are
/// already the destination's and those above are still the source's.
/// - Torus (wraparound): in dimension i the offset is δ = (ti - si) mod ki. The packet
///   takes δ hops in the + direction when δ < ki - δ, ki - δ hops in the - direction when
///   δ > ki - δ, and when ki is even and δ = ki/2 (the antipodal tie) the traffic is split
///   evenly over the two directions, as Dally and Towles do. A pair with T tied dimensions
///   has 2^T paths, each with fraction 2^-T; the channels of dimension i do not depend on
///   the choices made in the other dimensions, so the shares of a dimension are 1 (no tie)
///   or 1/2 in each direction (tie). At ki = 2 the two directions are the one link of the
///   dimension (the generator joins the pair once), so the tie is that link, fraction 1.
/// - HyperX (dimension i a complete graph K_{Si}): one hop per differing dimension,
///   straight to the destination's coordinate.
/// Every dor path is a shortest path: its length is the torus distance Σ min(δi, ki - δi)
/// or the HyperX (Hamming) distance.
///
/// API:
///   enum class dor_family { torus, hyperx };
///   class dimension_order_routing {
///     dimension_order_routing(const core::graph<>& g, dor_family, std::vector<std::uint64_t> dims);
///     void shares(s, t, std::vector<channel_share>& out) const;  // appends; s != t
///     void paths(s, t, std::vector<routed_path>& out) const;     // appends every path
///     std::uint64_t hops(s, t) const;                             // the path length
///   };
///   dimension_order_routing make_dimension_order_routing(const topology::resolved_family&, const core::graph<>&);  // or a spec
///       // from the family descriptor's `coordinates` (a ring: torus; else HyperX)
///   std::string dimension_order_families();   // "torus or hyperx", from the registry
/// The routing refers to the graph, which must outlive it.

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/routed_path.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::routing {

/// The graph families dimension-order routing runs on.
enum class dor_family { torus, hyperx };

/// Dimension-order routing on a torus or a HyperX (see the file comment).
class dimension_order_routing {
 public:
  /// Validates the dimensions (as the generator does) and that g has the family's order and link count.
  dimension_order_routing(const core::graph<>& g, dor_family family, std::vector<std::uint64_t> dims)
      : g_(&g), family_(family), dims_(std::move(dims)) {
    constexpr std::string_view where = "dimension_order_routing";
    const std::uint64_t n = family == dor_family::torus ? topology::torus_order<std::uint32_t>(dims_)
                                                        : topology::hyperx_order<std::uint32_t>(dims_);
    std::uint64_t links = 0;
    if (family == dor_family::torus) {
      for (auto k : dims_) links += k == 2 ? n / 2 : n;
    } else {
      links = topology::hyperx_edges(dims_);
    }
    if (g.num_vertices() != n || g.num_edges() != links)
      core::fail(where, "the graph has " + core::to_message(g.num_vertices()) + " vertices and " +
                            core::to_message(g.num_edges()) + " links, not the " + core::to_message(n) + " and " +
                            core::to_message(links) + " of " + (family == dor_family::torus ? "torus " : "hyperx ") +
                            dims_text());
    strides_.resize(dims_.size());
    std::uint64_t stride = 1;
    for (std::size_t i = 0; i < dims_.size(); ++i) {
      strides_[i] = stride;
      stride *= dims_[i];
    }
  }

  [[nodiscard]] dor_family family() const noexcept { return family_; }
  [[nodiscard]] const std::vector<std::uint64_t>& dims() const noexcept { return dims_; }

  /// Appends the channels of the (s, t) traffic with their fractions (s != t).
  void shares(std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) const {
    validate_pair("dimension_order_routing::shares", s, t);
    std::uint64_t u = s;
    for (std::size_t i = 0; i < dims_.size(); ++i) {
      const std::uint64_t k = dims_[i], stride = strides_[i];
      const std::uint64_t cs = (u / stride) % k, ct = (static_cast<std::uint64_t>(t) / stride) % k;
      if (cs == ct) continue;
      if (family_ == dor_family::hyperx) {
        const std::uint64_t v = u - cs * stride + ct * stride;
        out.push_back({channel_of(*g_, vertex(u), vertex(v)), 1.0});
        u = v;
        continue;
      }
      const std::uint64_t plus = (ct + k - cs) % k, minus = k - plus;
      if (plus < minus || k == 2) {
        walk(u, i, +1, plus, 1.0, out);
      } else if (plus > minus) {
        walk(u, i, -1, minus, 1.0, out);
      } else {
        walk(u, i, +1, plus, 0.5, out);
        walk(u, i, -1, minus, 0.5, out);
      }
      u = u - cs * stride + ct * stride;
    }
  }

  /// Appends every path of the (s, t) traffic with its fraction (s != t): the 2^T
  /// combinations of directions of the T tied dimensions, the + direction first in
  /// the lowest tied dimension varying slowest. A tie needs an even size of at least 4, and
  /// 4^16 vertices exceed 32-bit ids, so a pair has at most 2^15 paths.
  void paths(std::uint32_t s, std::uint32_t t, std::vector<routed_path>& out) const {
    validate_pair("dimension_order_routing::paths", s, t);
    std::vector<std::size_t> tied;
    for (std::size_t i = 0; i < dims_.size(); ++i)
      if (family_ == dor_family::torus && is_tie(s, t, i)) tied.push_back(i);
    const std::uint64_t count = std::uint64_t{1} << tied.size();
    const double fraction = 1.0 / static_cast<double>(count);
    for (std::uint64_t mask = 0; mask < count; ++mask) {
      routed_path p;
      p.fraction = fraction;
      std::uint64_t u = s;
      p.vertices.push_back(s);
      std::size_t tie_index = 0;
      for (std::size_t i = 0; i < dims_.size(); ++i) {
        const std::uint64_t k = dims_[i], stride = strides_[i];
        const std::uint64_t cs = (u / stride) % k, ct = (static_cast<std::uint64_t>(t) / stride) % k;
        if (cs == ct) continue;
        if (family_ == dor_family::hyperx) {
          u = u - cs * stride + ct * stride;
          p.vertices.push_back(vertex(u));
          continue;
        }
        const std::uint64_t plus = (ct + k - cs) % k, minus = k - plus;
        bool forward = plus < minus || k == 2;
        if (plus == minus && k != 2) {
          forward = ((mask >> (tied.size() - 1 - tie_index)) & 1) == 0;
          ++tie_index;
        }
        for (std::uint64_t h = 0; h < (forward ? plus : minus); ++h) {
          u = step(u, i, forward ? +1 : -1);
          p.vertices.push_back(vertex(u));
        }
      }
      out.push_back(std::move(p));
    }
  }

  /// The length of every dor path from s to t: the torus distance Σ min(δi, ki - δi), or
  /// the number of differing coordinates (HyperX).
  [[nodiscard]] std::uint64_t hops(std::uint32_t s, std::uint32_t t) const {
    validate_pair("dimension_order_routing::hops", s, t);
    std::uint64_t h = 0;
    for (std::size_t i = 0; i < dims_.size(); ++i) {
      const std::uint64_t k = dims_[i], stride = strides_[i];
      const std::uint64_t cs = (static_cast<std::uint64_t>(s) / stride) % k, ct = (static_cast<std::uint64_t>(t) / stride) % k;
      if (cs == ct) continue;
      const std::uint64_t plus = (ct + k - cs) % k;
      h += family_ == dor_family::hyperx ? 1 : std::min(plus, k - plus);
    }
    return h;
  }

 private:
  static std::uint32_t vertex(std::uint64_t u) { return static_cast<std::uint32_t>(u); }

  std::string dims_text() const {
    std::string text;
    for (auto k : dims_) text += (text.empty() ? "" : ",") + core::to_message(k);
    return text;
  }

  void validate_pair(const char* where, std::uint32_t s, std::uint32_t t) const {
    const std::uint64_t n = g_->num_vertices();
    core::require_range(where, "source", s, 0, n - 1);
    core::require_range(where, "dest", t, 0, n - 1);
    if (s == t) core::fail_parameter(where, "dest", core::to_message(t), "equals the source", "a vertex other than the source");
  }

  bool is_tie(std::uint64_t s, std::uint64_t t, std::size_t i) const {
    const std::uint64_t k = dims_[i], stride = strides_[i];
    const std::uint64_t cs = (s / stride) % k, ct = (t / stride) % k;
    return k != 2 && cs != ct && (ct + k - cs) % k == k - (ct + k - cs) % k;
  }

  /// One hop of u in dimension i, direction +1 or -1, with wraparound.
  std::uint64_t step(std::uint64_t u, std::size_t i, int direction) const {
    const std::uint64_t k = dims_[i], stride = strides_[i], c = (u / stride) % k;
    if (direction > 0) return c + 1 == k ? u - c * stride : u + stride;
    return c == 0 ? u + (k - 1) * stride : u - stride;
  }

  /// Appends `count` hops from u in dimension i and direction `direction`, each with `fraction`.
  void walk(std::uint64_t u, std::size_t i, int direction, std::uint64_t count, double fraction,
            std::vector<channel_share>& out) const {
    for (std::uint64_t h = 0; h < count; ++h) {
      const std::uint64_t v = step(u, i, direction);
      out.push_back({channel_of(*g_, vertex(u), vertex(v)), fraction});
      u = v;
    }
  }

  const core::graph<>* g_;
  dor_family family_;
  std::vector<std::uint64_t> dims_;
  std::vector<std::uint64_t> strides_;
};

/// The families that run dimension-order routing (their descriptor has `coordinates`), as a
/// message lists them: "torus or hyperx".
inline std::string dimension_order_families() {
  return topology::families_with([](const topology::family_descriptor& f) { return bool(f.coordinates); });
}

/// Dimension-order routing for a spec of a family whose routers have coordinates (its
/// descriptor's `coordinates`: torus, HyperX) over its graph g (built from the spec:
/// topology::make_graph). Any other family is refused in one line naming those that fit.
inline dimension_order_routing make_dimension_order_routing(const topology::resolved_family& full, const core::graph<>& g) {
  constexpr std::string_view where = "make_dimension_order_routing";
  if (!full.descriptor().coordinates)
    core::fail_parameter(where, "family", full.name(), "does not run dimension-order routing (dor)", dimension_order_families());
  auto coordinates = full.descriptor().coordinates(full.values());
  return dimension_order_routing(g, coordinates.ring ? dor_family::torus : dor_family::hyperx, std::move(coordinates.dims));
}
inline dimension_order_routing make_dimension_order_routing(const topology::family_spec& spec, const core::graph<>& g) {
  return make_dimension_order_routing(topology::resolve(spec), g);
}

}  // namespace shiftfly::routing
