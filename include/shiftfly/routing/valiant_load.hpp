#pragma once
/// \file valiant_load.hpp
/// The exact expected channel load of Valiant routing (L. G. Valiant, "A scheme for fast
/// parallel communication", SIAM J. Comput. 11(2), 1982; W. J. Dally and B. Towles,
/// Principles and Practices of Interconnection Networks, 2004, §9.2): every packet from s to t
/// goes first to an intermediate router m drawn uniformly from all n routers, then on to t,
/// each leg by an oblivious leg routing R (ecmp or minimal); a leg from a router to itself
/// uses no channel.
///
///   valiant_demands(const load_traffic& T)   // T' below, one destination at a time
///
/// Derivation. A leg routing puts the share R_c(a, b) of a pair's traffic on channel c. A
/// demand T(s, t) routed via m loads c with T(s, t)·(R_c(s, m) + R_c(m, t)), so its expected
/// load over m is T(s, t)/n · Σ_m (R_c(s, m) + R_c(m, t)). Summing over all pairs, including
/// the traffic self(s) that stays inside router s (it too travels to m and back), and
/// collecting by leg:
///   E[load_c] = Σ_{a != b} R_c(a, b) · T'(a, b),   T'(a, b) = out(a)/n + in(b)/n,
/// with out(a) = Σ_t T(a, t) + self(a) and in(b) = Σ_s T(s, b) + self(b) (the first leg
/// carries out(a)/n from a to every m, the second in(b)/n from every m to b; m = a or
/// m = b contributes nothing). So Valiant's expected load is the leg routing's load under
/// the dense matrix T', computed by the same per-destination accumulation without building
/// T'. Under uniform traffic with the source included (self = 1), T'(a, b) = 2 for every
/// pair: exactly twice the leg routing's uniform load, half its saturation throughput (Dally
/// and Towles §9.2). tests/routing/channel_load_test.cpp checks the formula against an
/// explicit sum over the n intermediates.

#include <cstdint>
#include <vector>

#include "shiftfly/routing/load_traffic.hpp"

namespace shiftfly::routing {

/// T'(a, b) = out(a)/n + in(b)/n for a != b (see the file comment), by destination.
class valiant_demands {
 public:
  explicit valiant_demands(const load_traffic& T) : n_(T.n), out_(T.n), in_(T.n) {
    for (std::uint32_t a = 0; a < n_; ++a) {
      out_[a] = T.out_of(a) / static_cast<double>(n_);
      in_[a] = T.in_of(a) / static_cast<double>(n_);
    }
  }
  /// d[s] = T'(s, t) for every s (d[t] = 0).
  void fill(std::uint32_t t, std::vector<double>& d) const {
    d.resize(n_);
    for (std::uint32_t s = 0; s < n_; ++s) d[s] = out_[s] + in_[t];
    d[t] = 0.0;
  }
  /// Whether some demand goes to t.
  [[nodiscard]] bool receives(std::uint32_t t) const {
    if (in_[t] > 0.0) return true;
    for (std::uint32_t s = 0; s < n_; ++s)
      if (s != t && out_[s] > 0.0) return true;
    return false;
  }

 private:
  std::uint64_t n_;
  std::vector<double> out_, in_;
};

}  // namespace shiftfly::routing
