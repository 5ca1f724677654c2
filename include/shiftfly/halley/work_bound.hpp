#pragma once
/// \file work_bound.hpp
/// How much work one Halley computation may do. The tools answer every accepted
/// input within about 2 s on the project's machine (2 cores), or refuse it, or
/// leave out a secondary result with a note saying why; the library functions
/// are unbounded unless the caller passes a work_budget.
///
/// The unit is a term of the pmf ratio recurrence (beta_binomial.hpp): every
/// tail sum adds the terms it summed to a per-thread count, and a budget is a
/// limit on how far that count may move. Measured on the project's machine: a
/// full sum over a pool of 2·10^7 lasers (a law that is not log-concave, so every
/// term is summed, 4·10^7 terms with the product for pmf(0)) takes 0.35 s, 8.75 ns a
/// term.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/error.hpp"

namespace shiftfly::halley {

/// Seconds one summed term takes on the project's machine (4·10^7 terms in 0.35 s).
inline constexpr double seconds_per_term = 8.75e-9;

/// The tools' budget for one command: 6·10^7 terms, about 0.5 s at the measured
/// rate (a term of the mode walk counts twice: beta_binomial.hpp). Clang's x87 long
/// double code runs these loops up to 2.3 times slower than GCC's, and a refusal
/// must still come within the 2 s every refusal is held to with the other core
/// busy. (At 1.2·10^8 terms, counted once, a Clang build took 2.2 s under that load.)
inline constexpr double command_term_budget = 6e7;

/// Thrown when a computation passes its work_budget: a rule error (no single
/// parameter is at fault) of the function that stopped.
struct work_exceeded : core::invalid_parameter {
  work_exceeded(std::string where, std::string problem)
      : core::invalid_parameter(std::move(where), {}, {}, std::move(problem)) {}
};

namespace detail {
/// Terms the tail sums of this thread have summed so far.
inline std::uint64_t& summed_terms() {
  thread_local std::uint64_t count = 0;
  return count;
}
}  // namespace detail

/// A limit on the terms summed from the moment it is made.
class work_budget {
 public:
  explicit work_budget(double terms) : limit_(terms), start_(detail::summed_terms()) {}
  /// Terms summed since the budget was made.
  double used() const { return static_cast<double>(detail::summed_terms() - start_); }
  double limit() const { return limit_; }
  bool exceeded() const { return used() > limit_; }
  /// Throws work_exceeded, naming `where` and `what`, once the budget is spent.
  void check(const char* where, const std::string& what) const {
    if (exceeded())
      throw work_exceeded(where, what + " passed " + core::to_message(limit_) +
                          " summed terms (about " + std::to_string(static_cast<int>(limit_ * seconds_per_term * 10 + 0.5) / 10) + "." +
                          std::to_string(static_cast<int>(limit_ * seconds_per_term * 10 + 0.5) % 10) +
                          " s on a 2-core machine) and was stopped: the bound on one command's work");
  }

 private:
  double limit_;
  std::uint64_t start_;
};

/// Checks `budget` when there is one.
inline void check_work(const work_budget* budget, const char* where, const std::string& what) {
  if (budget) budget->check(where, what);
}

/// The nested model (hierarchy.hpp) is left out by the tools when one quadrature node
/// costs more than this many multiply-adds (nested_node_work): about 1,000 nodes at
/// 1.3 ns each keep it near 1.3 s.
inline constexpr double nested_node_work_bound = 1e6;

}  // namespace shiftfly::halley
