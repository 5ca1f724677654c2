#!/usr/bin/env bash
# The channel-load bound of minimal routing against BookSim2's measured saturation, outside CI.
#
#   scripts/booksim_check.sh BOOKSIM_BINARY OUTDIR [SHIFTFLY_BINARY]
#
# Runs scripts/simulator_check.sh (BookSim2 on its list of runs: saturation by bisection on the
# injection rate, uniform traffic or the bitcomp permutation, routing_function = min), then, for
# each run, the exact channel load of the same routing: `shiftfly load file --path NAME.anynet
# --routing minimal --tie booksim --traffic uniform|bit-complement` with the endpoints the file
# gives each router (BookSim2's anynet min tables, the source among the destinations as
# BookSim2's uniform pattern draws them; docs/routing.md). Its saturation per endpoint,
# 1 / (the hottest channel's load per unit of injection), bounds what any simulator can sustain
# on these paths from above; BookSim2's measured saturation must lie at or below it (the
# router's allocators, buffers and head-of-line blocking lose some of it).
# Result: OUTDIR/bound.tsv: run, traffic, endpoints per router, the bound, BookSim2's saturation
# interval [low, high], high / bound, and a permutation's smallest per-node accepted rate.
# tests/tools/booksim_bound.sh checks the committed tests/fixtures/booksim/ files the same way
# in CI, without BookSim2.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 BOOKSIM_BINARY OUTDIR [SHIFTFLY_BINARY]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
shiftfly=$(realpath -m "${3:-build/bin/shiftfly}")
bash "$here/scripts/simulator_check.sh" "$1" "$2" "$shiftfly"
bash "$here/tests/tools/booksim_bound.sh" "$shiftfly" "$2" > "$2/bound.tsv"
cat "$2/bound.tsv"
