#pragma once
/// \file gnuplot.hpp
/// The gnuplot component: drawing figures as SVG by running gnuplot (Debian
/// gnuplot-nox) through popen (report/gnuplot.hpp: figure_svg, write_figure). A
/// program opts into it by including this header: it is the only part of the
/// library that starts a program, and no other component includes it
/// (docs/design.md, "Components"). The tools' table sets pass report::figure_svg
/// to report::run_table_set (table_set_options::svg).

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/gnuplot.hpp"
