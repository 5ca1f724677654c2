#pragma once
/// \file window.hpp
/// From a FIT rate and a restock window to the per-window failure probability
/// (Halley, Section III-A): λ = 1 − exp(−φ·t_w·10⁻⁹), φ in failures per 10⁹
/// device-hours and t_w in hours.
///
/// Windows are written with a unit: `2160h` (hours), `90d` (days of 24 h),
/// `1y` or `6y` (years of 365 days = 8,760 h; the paper's Table II rows come
/// out exactly with this year, and a Julian year of 8,766 h changes no printed
/// digit). Decimal values (`1.5y`) are accepted; a bare number is refused.

#include <cctype>
#include <cmath>
#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"

namespace shiftfly::halley {

/// Hours in one year as the tool reads `1y`: 365 days of 24 hours.
inline constexpr double hours_per_year = 365.0 * 24.0;
/// Hours in one day.
inline constexpr double hours_per_day = 24.0;

/// Parses a window such as `90d`, `1y`, `6y` or `2160h` into hours (> 0, finite).
inline double parse_window(std::string_view text) {
  const auto bad = [&](const std::string& why) {
    core::fail_parameter("parse_window", "window", "'" + core::printable(text) + "'", why,
                         "a positive number followed by h, d or y, e.g. 90d, 1y, 2160h");
  };
  if (text.size() < 2) bad("is not a number with a unit");
  const char unit = text.back();
  double scale = 0;
  switch (unit) {
    case 'h': scale = 1; break;
    case 'd': scale = hours_per_day; break;
    case 'y': scale = hours_per_year; break;
    default: {
      // the unit is the trailing letters: name them ("3mo" has the unit 'mo', "90" none)
      std::size_t from = text.size();
      while (from > 0 && std::isalpha(static_cast<unsigned char>(text[from - 1]))) --from;
      if (from == text.size()) bad("has no unit");
      bad("has the unit '" + core::printable(text.substr(from)) + "', which is not h, d or y");
    }
  }
  const std::string_view number = text.substr(0, text.size() - 1);
  double v = 0;
  const core::real_error e = core::read_real(number, v);  // the library's one real grammar
  if (e == core::real_error::not_finite) bad(core::detail::names_non_finite(number) ? "is not positive" : "is too long");
  if (e != core::real_error::none) bad("is not a number with a unit");
  if (!(v > 0)) bad("is not positive");
  const double hours = v * scale;
  if (!std::isfinite(hours)) bad("is too long");
  return hours;
}

/// λ = 1 − exp(−φ·t_w·10⁻⁹) for φ ≥ 0 FIT and a window of t_w > 0 hours.
inline double failure_probability(double fit, double window_hours) {
  core::require_at_least("failure_probability", "fit", fit, 0.0);
  if (!std::isfinite(window_hours) || !(window_hours > 0))
    core::throw_out_of_range("failure_probability", "window_hours", window_hours, "finite and greater than 0");
  return -std::expm1(-fit * window_hours * 1e-9);
}

/// The FIT rate that gives probability λ over a window: φ = −ln(1−λ)/(t_w·10⁻⁹).
inline double fit_for_probability(double lambda, double window_hours) {
  if (!std::isfinite(lambda) || !(lambda > 0) || !(lambda < 1))
    core::throw_out_of_range("fit_for_probability", "lambda", lambda, "strictly between 0 and 1");
  if (!std::isfinite(window_hours) || !(window_hours > 0))
    core::throw_out_of_range("fit_for_probability", "window_hours", window_hours, "finite and greater than 0");
  return -std::log1p(-lambda) / (window_hours * 1e-9);
}

/// The window (hours) after which a φ-FIT laser reaches probability λ.
inline double window_for_probability(double lambda, double fit) {
  if (!std::isfinite(lambda) || !(lambda > 0) || !(lambda < 1))
    core::throw_out_of_range("window_for_probability", "lambda", lambda, "strictly between 0 and 1");
  if (!std::isfinite(fit) || !(fit > 0))
    core::throw_out_of_range("window_for_probability", "fit", fit, "finite and greater than 0");
  return -std::log1p(-lambda) / (fit * 1e-9);
}

/// −ln(1 − λ)·10⁹: the FIT-hours (φ·t_w) a laser accumulates before its failure
/// probability reaches λ (Section III-A solved for φ·t_w; Table II's threshold).
inline double fit_hours_for_probability(double lambda) {
  if (!std::isfinite(lambda) || !(lambda > 0) || !(lambda < 1))
    core::throw_out_of_range("fit_hours_for_probability", "lambda", lambda, "strictly between 0 and 1");
  return -std::log1p(-lambda) * 1e9;
}

/// The window, in days of 24 h, after which a φ-FIT laser reaches probability λ
/// (Section III-B: Table II's threshold read as a restock interval).
inline double days_for_probability(double lambda, double fit) {
  return window_for_probability(lambda, fit) / hours_per_day;
}

/// A failure rate over a window, as Table II's rows give it: both φ and λ.
struct rate_point {
  double fit = 0;           ///< φ, failures per 10⁹ device-hours
  double window_hours = 0;  ///< t_w
  double lambda = 0;        ///< 1 − exp(−φ·t_w·10⁻⁹)
};

/// A row given by its FIT rate: λ from φ and the window (Section III-A).
inline rate_point rate_from_fit(double fit, double window_hours) {
  return {fit, window_hours, failure_probability(fit, window_hours)};
}

/// A row given by λ (Table II's stress row): φ from λ and the window (Section III-A inverted).
inline rate_point rate_from_probability(double lambda, double window_hours) {
  return {fit_for_probability(lambda, window_hours), window_hours, lambda};
}

}  // namespace shiftfly::halley
