#pragma once
/// \file swing.hpp
/// Swing all-reduce on a torus (De Sensi, Bonato, Saam and Hoefler, "Swing: Short-cutting Rings
/// for Higher Bandwidth Allreduce", NSDI 2024; [Swing] in docs/references.md), its bandwidth-
/// optimal form: a reduce-scatter of log2 P steps, then an all-gather of log2 P steps that runs
/// the same exchanges backwards, 2·log2 P steps in all.
///
/// At step s a node exchanges with its peer along one dimension at signed distance ρ(j) =
/// Σ_{i=0..j} (-2)^i = 1, -1, 3, -5, 11, ... (j the step's index within that dimension): a node
/// whose coordinate in the dimension is even goes +ρ(j), an odd one -ρ(j), so the peers swing
/// left and right and stay within |ρ(j)| < 2^(j+1)/3·2 hops, fewer than recursive doubling's
/// 2^j. The dimensions are taken in turn (step s uses dimension s mod n); to keep every port
/// busy the paper runs 2n collectives at once on 1/(2n) of the data each, collective c starting
/// at dimension c mod n, the last n mirrored (peer at -ρ for even coordinates).
///
/// Blocks. In the reduce-scatter step s a node sends its peer the blocks of every node the
/// peer reaches through the remaining steps s+1 .. L-1 (the peer's subtree), and keeps those of
/// its own. These sets nest (a binary tree over the nodes, checked when the plan is built), so
/// ordering the blocks by the tree's leaves makes every set one contiguous range, and every
/// message is one block range of the schedule format (schedule.hpp).
///
/// This version: tori whose sizes are all equal powers of two, at least 4 (at 2 the plain and
/// mirrored peers share the one link, both ways). The paper also treats other shapes.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/ring_any.hpp"
#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/collectives/torus_chips.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// ρ(j) = Σ_{i=0..j} (-2)^i = (1 - (-2)^(j+1)) / 3.
inline std::int64_t swing_rho(unsigned j) {
  std::int64_t r = 0, t = 1;
  for (unsigned i = 0; i <= j; ++i, t *= -2) r += t;
  return r;
}

/// Why Swing does not apply to a torus, or empty when it does.
inline std::string swing_unsupported(std::span<const std::uint64_t> dims) {
  if (dims.empty()) return "no dimensions";
  for (auto k : dims) {
    if (k != dims[0]) return "the sizes differ (this version needs equal sizes)";
    if (k < 4 || !std::has_single_bit(k)) return "a size is not a power of two of at least 4";
  }
  return {};
}

/// A Swing all-reduce, built step by step on demand (models schedule_source).
struct swing_plan {
  std::vector<std::uint64_t> dims, strides;
  std::uint64_t chips = 0, elements = 0, k = 0;
  unsigned n = 0, L = 0;  ///< dimensions; steps of the reduce-scatter (log2 P)
  std::string name;
  /// lo/hi[(c * L + s) * P + r]: the block positions [lo, hi) of the set of nodes r reaches
  /// through steps s+1 .. L-1 of collective c (its subtree after step s).
  std::vector<std::uint32_t> lo, hi;

  [[nodiscard]] std::uint64_t num_chips() const noexcept { return chips; }
  [[nodiscard]] std::uint64_t num_elements() const noexcept { return elements; }
  [[nodiscard]] std::uint64_t num_steps() const noexcept { return 2ull * L; }
  [[nodiscard]] const std::string& label() const noexcept { return name; }
  [[nodiscard]] unsigned collectives() const noexcept { return 2 * n; }

  /// The peer of chip r at reduce-scatter step s of collective c.
  [[nodiscard]] std::uint64_t peer(unsigned c, unsigned s, std::uint64_t r) const {
    const unsigned d = (c + s) % n, j = s / n;
    const std::int64_t sigma = c < n ? 1 : -1;
    const std::int64_t a = static_cast<std::int64_t>((r / strides[d]) % k);
    const std::int64_t o = (a % 2 == 0 ? 1 : -1) * sigma * swing_rho(j);
    const std::int64_t K = static_cast<std::int64_t>(k);
    const std::int64_t b = ((a + o) % K + K) % K;
    return r - static_cast<std::uint64_t>(a) * strides[d] + static_cast<std::uint64_t>(b) * strides[d];
  }

  void fill_step(std::uint64_t s, step& out) const {
    if (s >= num_steps()) core::throw_out_of_range("swing_plan::fill_step", "step", s, "0 to " + core::to_message(num_steps() - 1));
    out.clear();
    const bool gather = s >= L;
    const unsigned u = gather ? static_cast<unsigned>(2 * L - 1 - s) : static_cast<unsigned>(s);
    for (unsigned c = 0; c < collectives(); ++c) {
      const block_range range = split_block({0, elements}, collectives(), c);
      for (std::uint64_t r = 0; r < chips; ++r) {
        const std::uint64_t q = peer(c, u, r);
        const std::uint64_t who = gather ? r : q;  // RS: the peer's subtree; AG: one's own, now complete
        const std::size_t at = static_cast<std::size_t>((c * L + u) * chips + who);
        const block_range first = split_block(range, chips, lo[at]), last = split_block(range, chips, hi[at] - 1);
        if (last.end == first.begin) continue;
        out.push_back({static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(q), first.begin, last.end,
                       gather ? message_op::copy : message_op::reduce});
      }
    }
  }
};

static_assert(schedule_source<swing_plan>);

/// Swing all-reduce on T(dims) with D = elements per chip; refuses a torus it does not apply to.
inline swing_plan swing_allreduce_plan(std::span<const std::uint64_t> dims, std::uint64_t elements) {
  constexpr const char* where = "swing_allreduce";
  swing_plan p;
  p.chips = torus_chip_count(dims);
  core::require_at_least(where, "elements", elements, 1);
  if (const auto why = swing_unsupported(dims); !why.empty())
    core::fail(where, "Swing needs a torus of equal power-of-two sizes, each at least 4; " + torus_dims_text(dims) + ": " + why);
  p.dims.assign(dims.begin(), dims.end());
  p.strides = torus_strides(dims);
  p.k = dims[0];
  p.n = static_cast<unsigned>(dims.size());
  p.L = static_cast<unsigned>(std::countr_zero(p.chips));
  p.elements = elements;
  p.name = "Swing all-reduce (bandwidth-optimal, " + core::to_message(2 * p.n) + " collectives) on the " +
           torus_dims_text(dims) + " torus";
  const std::uint64_t P = p.chips;
  const unsigned L = p.L;
  p.lo.resize(static_cast<std::size_t>(2 * p.n * L * P));
  p.hi.resize(p.lo.size());
  std::vector<std::uint32_t> cls(static_cast<std::size_t>(L * P)), partner_class(static_cast<std::size_t>(P));
  std::vector<std::uint64_t> size(static_cast<std::size_t>(L * P));
  for (unsigned c = 0; c < p.collectives(); ++c) {
    // cls[s*P + r]: the least node of r's subtree after step s; built from the last step up.
    for (std::uint64_t r = 0; r < P; ++r) {
      cls[(L - 1) * P + r] = static_cast<std::uint32_t>(r);
      size[(L - 1) * P + r] = 1;
    }
    for (unsigned s = L; s-- > 0;) {
      // Joining level s's subtrees through step s's exchanges must pair whole subtrees.
      std::fill(partner_class.begin(), partner_class.end(), ~0u);
      for (std::uint64_t r = 0; r < P; ++r) {
        const std::uint64_t q = p.peer(c, s, r);
        const auto a = cls[s * P + r], b = cls[s * P + q];
        if (a == b || (partner_class[a] != ~0u && partner_class[a] != b) || p.peer(c, s, q) != r)
          core::fail(where, "internal: the exchanges of step " + core::to_message(s) + " do not pair whole subtrees on " +
                                torus_dims_text(dims));
        partner_class[a] = b;
        if (s > 0) {
          cls[(s - 1) * P + r] = std::min(a, b);
          size[(s - 1) * P + r] = size[s * P + r] + size[s * P + q];
        } else if (size[r] + size[q] != P) {
          core::fail(where, "internal: the subtrees do not cover the torus " + torus_dims_text(dims));
        }
      }
    }
    // Leaf order: by the subtree ids from the top level down, so every subtree is contiguous.
    std::vector<std::uint32_t> order(static_cast<std::size_t>(P));
    for (std::uint64_t r = 0; r < P; ++r) order[r] = static_cast<std::uint32_t>(r);
    std::sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
      for (unsigned s = 0; s < L; ++s)
        if (cls[s * P + x] != cls[s * P + y]) return cls[s * P + x] < cls[s * P + y];
      return false;
    });
    std::vector<std::uint32_t> position(static_cast<std::size_t>(P));
    for (std::uint64_t i = 0; i < P; ++i) position[order[i]] = static_cast<std::uint32_t>(i);
    for (unsigned s = 0; s < L; ++s) {
      std::vector<std::uint32_t> first(static_cast<std::size_t>(P), ~0u);
      for (std::uint64_t r = 0; r < P; ++r) first[cls[s * P + r]] = std::min(first[cls[s * P + r]], position[r]);
      for (std::uint64_t r = 0; r < P; ++r) {
        const std::size_t at = static_cast<std::size_t>((c * L + s) * P + r);
        p.lo[at] = first[cls[s * P + r]];
        p.hi[at] = static_cast<std::uint32_t>(p.lo[at] + size[s * P + r]);
      }
    }
  }
  return p;
}

/// The route of a message between two chips of a torus network (chips = routers, one endpoint
/// each): along the one dimension they differ in, the short way (Swing's distances are below k/2).
inline route_fn torus_route(const collective_network& net, std::span<const std::uint64_t> dims) {
  auto out = std::make_shared<std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>>(detail::out_arcs(net));
  auto d = std::make_shared<std::vector<std::uint64_t>>(dims.begin(), dims.end());
  auto strides = std::make_shared<std::vector<std::uint64_t>>(torus_strides(dims));
  return [out, d, strides](std::uint32_t src, std::uint32_t dst, std::vector<std::uint32_t>& arcs) {
    arcs.clear();
    for (std::size_t i = 0; i < d->size(); ++i) {
      const std::uint64_t k = (*d)[i], st = (*strides)[i];
      const std::uint64_t a = (src / st) % k, b = (dst / st) % k;
      if (a == b) continue;
      const std::uint64_t forward = (b + k - a) % k;
      const bool up = forward <= k - forward;
      std::uint64_t x = src;
      for (std::uint64_t h = 0, hops = up ? forward : k - forward; h < hops; ++h) {
        const std::uint64_t c = (x / st) % k, next_c = up ? (c + 1) % k : (c + k - 1) % k;
        const std::uint64_t y = x - c * st + next_c * st;
        arcs.push_back(detail::arc_between(*out, static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)));
        x = y;
      }
    }
  };
}

}  // namespace shiftfly::collectives
