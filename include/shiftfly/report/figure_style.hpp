#pragma once
/// \file figure_style.hpp
/// The one gnuplot style of every figure the project draws (report::figure_svg
/// prepends it to each figure's script): an SVG canvas with enhanced text and
/// UTF-8, so that `1 − λ_2`, `σ` and the `10^6` of a log axis are typeset; the
/// key below the plot; log axes labelled 10^k; and twelve line styles, each with its own
/// point shape and dash pattern, so that they stay apart in greyscale: the first eight
/// differ in colour too (Okabe and Ito's palette, distinguishable under the common
/// colour-vision deficiencies), the last four take the colours of the first four again.
/// A figure of more series than styles is refused (report::figure_script), so that no
/// two series of a figure look alike.
///
/// Labels are written as gnuplot enhanced text with UTF-8 Greek letters
/// ("1 − λ_2", "spare ratio σ = s/N (%)"): the `{/Symbol l}` form would ask the
/// SVG viewer for a font named Symbol, which browsers do not map to Greek, and
/// show a Latin "l".
///
/// API: `figure_style` (the gnuplot prologue), `figure_line_styles` (how many
/// styles cycle), `clamped_point_type` and `clamped_point_style` (how a value
/// drawn at a display floor is marked), `clamped_above_point_type` and
/// `clamped_above_point_style` (at a display ceiling), `solid_dash` and
/// `dashed_dash` (a series drawn solid or dashed as its paper says),
/// `reference_line_style` (a target or a floor across the plot), `band_style`
/// (a hatched range of x), `filled_marker_style` and `open_marker_style` (an
/// operating point), `shaded_gap_style` (the area between two curves), `grid_palette`
/// (the cells of a grid).

#include <cstddef>
#include <string_view>

namespace shiftfly::report {

/// The gnuplot commands every figure starts with (its terminal, fonts, key, grid, line styles).
inline constexpr std::string_view figure_style = R"(set terminal svg size 640,420 dynamic enhanced font 'sans,11' fontscale 1.0 linewidth 1.0 background '#ffffff'
set encoding utf8
set key below center horizontal nobox samplen 3 spacing 1.2
set border 3 lc '#404040'
set xtics nomirror out
set ytics nomirror out
set grid xtics ytics lc '#d9d9d9' dt 1 lw 0.75
set tics textcolor '#202020'
set mxtics default
set mytics default
set pointsize 0.9
unset title
# Okabe-Ito colours, each style with its own dash pattern and point shape (styles 9 to 12 take the
# colours of 1 to 4 again); no style uses an open triangle (the marks of a clamped value) or an
# open circle (an open marker).
set linetype 1 lc '#0072B2' lw 1.6 dt 1 pt 7
set linetype 2 lc '#D55E00' lw 1.6 dt 2 pt 5
set linetype 3 lc '#009E73' lw 1.6 dt 4 pt 9
set linetype 4 lc '#CC79A7' lw 1.6 dt 5 pt 13
set linetype 5 lc '#E69F00' lw 1.6 dt 3 pt 15
set linetype 6 lc '#56B4E9' lw 1.6 dt (8,3,2,3,2,3) pt 4
set linetype 7 lc '#000000' lw 1.6 dt (12,4) pt 3
set linetype 8 lc '#999999' lw 1.6 dt (2,2) pt 1
set linetype 9 lc '#0072B2' lw 1.6 dt (2,5) pt 2
set linetype 10 lc '#D55E00' lw 1.6 dt (10,3,2,3) pt 11
set linetype 11 lc '#009E73' lw 1.6 dt (6,6) pt 12
set linetype 12 lc '#CC79A7' lw 1.6 dt (16,4,4,4) pt 14
set linetype cycle 12
)";

/// How many line styles there are: a figure draws at most this many series.
inline constexpr std::size_t figure_line_styles = 12;

/// The point type of a value drawn at a display floor: an open downward triangle (gnuplot's pt 10).
inline constexpr int clamped_point_type = 10;

/// The plot options of the key entry that explains the clamped points.
inline constexpr std::string_view clamped_point_style = "pt 10 ps 1.3 lc '#000000'";

/// The point type of a value drawn at a display ceiling: an open upward triangle (gnuplot's pt 8).
inline constexpr int clamped_above_point_type = 8;

/// The plot options of the key entry that explains the points clamped from above.
inline constexpr std::string_view clamped_above_point_style = "pt 8 ps 1.3 lc '#000000'";

/// The dash types of a series the paper draws solid or dashed (report::dash), in place of its style's own.
inline constexpr int solid_dash = 1;
inline constexpr int dashed_dash = 2;

/// A reference line (a target, a floor): thin, dashed, black, drawn over the curves.
inline constexpr std::string_view reference_line_style = "dt 2 lw 1.2 lc '#000000'";

/// A band of x values (past a budget cap): grey hatching that lets the curves show through.
inline constexpr std::string_view band_style = "fc '#808080' fs pattern 4 transparent noborder";

/// The key sample of a band, drawn in the same hatching.
inline constexpr std::string_view band_key_style = "fs pattern 4 transparent lc '#808080'";

/// An operating point: a black circle larger than any series' point, filled or open.
inline constexpr std::string_view filled_marker_style = "pt 7 ps 1.7 lc '#000000'";
inline constexpr std::string_view open_marker_style = "pt 6 ps 1.7 lc '#000000'";

/// The palette of a grid of cells (report::cell_grid): a sequential blue scale from near white
/// to dark navy, monotone in lightness, so that it reads under colour-vision deficiencies and
/// in greyscale.
inline constexpr std::string_view grid_palette = "set palette defined (0 '#f7fbff', 1 '#6baed6', 2 '#08306b')\n";

/// The area between two curves (a gap the paper shades): light grey, translucent, no border.
inline constexpr std::string_view shaded_gap_style = "fc '#7f7f7f' fs transparent solid 0.2 noborder";

}  // namespace shiftfly::report
