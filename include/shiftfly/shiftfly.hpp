#pragma once
/// \file shiftfly.hpp
/// The whole library: the graph, solvers, files, Halley, experiments and tables components
/// (docs/design.md, "Components"). Not included: the gnuplot component
/// (shiftfly/gnuplot.hpp: it runs a program; a program opts into it), and the
/// optional MPI headers (shiftfly/mpi/), which need <mpi.h> and the target shiftfly::mpi.
/// tests/odr checks that every public header coexists in two translation units.

#include "shiftfly/files.hpp"
#include "shiftfly/graph.hpp"
#include "shiftfly/halley.hpp"
#include "shiftfly/solvers.hpp"
#include "shiftfly/studies.hpp"
#include "shiftfly/tables.hpp"
