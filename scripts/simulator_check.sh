#!/usr/bin/env bash
# Runs the library's BookSim2 anynet files through a BookSim2 build, outside CI.
#
#   scripts/simulator_check.sh BOOKSIM_BINARY OUTDIR [SHIFTFLY_BINARY]
#
# BOOKSIM_BINARY: a BookSim2 `booksim` built from github.com/booksim/booksim2 (the fixtures in
# tests/fixtures/booksim/ were made at commit 28f43299f1706a3160ffac721ca461d74eb6e618, `make` in
# src/). SHIFTFLY_BINARY defaults to build/bin/shiftfly. For six graphs (a torus, a hypercube,
# the Petersen graph, a HyperX, a Dragonfly, a PolarFly; at most 36 routers) it writes, in
# OUTDIR, NAME.anynet and NAME.cfg (`shiftfly graph ... --format booksim --config NAME.cfg`),
# then:
# 1. zero load: runs BookSim2 at injection rate 0.005 (uniform traffic, routing_function = min,
#    seed 1) and checks that it accepted the file and that its latencies match the exact
#    relation of this configuration (below): minimum 6, maximum at least 6 + 4 * diameter (two
#    endpoints of a router may meet even at low load), average
#    within 2% of 6 + 4 * H, H the mean router distance over ordered endpoint pairs (pairs on
#    one router included: BookSim2's uniform pattern draws the destination among all nodes, the
#    source included), from `shiftfly metrics`.
# 2. saturation: bisection on the injection rate (flits per node per cycle) between 0 and 1,
#    8 steps: a rate is stable when BookSim2 does not report the simulation unstable, the
#    accepted rate is at least 0.95 of the offered, and the average packet latency is at most
#    3 times the zero-load latency (step 1's average); the estimate is the interval
#    [largest stable rate, smallest unstable rate] tried.
# The zero-load relation 6 + 4h for a packet of one flit between routers h hops apart: each
# router hop costs 4 cycles (vc_alloc_delay 1 + sw_alloc_delay 1 + st_final_delay 1 + channel
# latency 1); the 6 are the injection and ejection channels, the first router's pipeline and
# the cycle from creation to injection, as BookSim2 counts them. It is measured, not assumed:
# BookSim2's minimum latency (h = 0) is 6 and its maximum on the torus and hypercube, whose
# routers carry one endpoint each, is exactly 6 + 4 * diameter (tests/fixtures/booksim/summary.tsv).
# Results: OUTDIR/summary.tsv (one row a graph) and OUTDIR/sweep.tsv (one row a rate tried).
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 BOOKSIM_BINARY OUTDIR [SHIFTFLY_BINARY]" >&2
  exit 2
fi
booksim=$(realpath "$1") out=$2 shiftfly=$(realpath -m "${3:-build/bin/shiftfly}")
[[ -x $booksim ]] || { echo "simulator_check: $booksim is not an executable" >&2; exit 2; }
[[ -x $shiftfly ]] || { echo "simulator_check: $shiftfly is not an executable (build shiftfly_tool)" >&2; exit 2; }
mkdir -p "$out"
here=$(cd "$(dirname "$0")/.." && pwd)

# name | shiftfly graph arguments
graphs=(
  "torus_4x4|torus --dims 4,4"
  "hypercube_4|torus --dims 2,2,2,2"
  "petersen|file --path $here/tests/fixtures/booksim/petersen.txt"
  "hyperx_4x4|hyperx --dims 4,4"
  "dragonfly_a4_h2|dragonfly --a 4 --h 2"
  "polarfly_q5|polarfly --q 5"
)

run() {  # cfg rate -> BookSim2's output
  local cfg=$1 rate=$2
  sed "s/^injection_rate = .*/injection_rate = $rate;/" "$cfg" > "$cfg.run"
  "$booksim" "$cfg.run" 2>&1 || true
}

overall() {  # BookSim2's output -> its overall statistics (none when the run was unstable)
  sed -n '/^====== Overall Traffic Statistics/,$p' <<< "$1"
}

stat() {  # output field -> its overall value ("Packet latency average = 14.0677 (1 samples)")
  overall "$1" | grep -m1 "^$2 = " | sed -E 's/^[^=]*= ([0-9.e+-]+).*/\1/' || true
}

printf 'graph\trouters\tendpoints_per_router\tdiameter\tmean_distance_H\tzero_load_expected\tzero_load_measured\tmin_latency\tmax_latency\tsaturation_low\tsaturation_high\n' > "$out/summary.tsv"
printf 'graph\tinjection_rate\taccepted_rate\tpacket_latency\tstable\n' > "$out/sweep.tsv"
status=0
for entry in "${graphs[@]}"; do
  name=${entry%%|*} args=${entry#*|}
  # shellcheck disable=SC2086
  (cd "$out" && "$shiftfly" graph $args --format booksim --config "$name.cfg" > "$name.anynet")
  sed -i "s|^network_file = .*|network_file = $name.anynet;|" "$out/$name.cfg"
  # shellcheck disable=SC2086
  metrics=$("$shiftfly" metrics $args --format json)
  read -r routers per_router diameter H < <(python3 -c '
import json, sys
r = json.load(sys.stdin)["result"]
g, d = r["graph"], r["distance"]
n, p = g["routers"], g["endpoints_per_router_max"]
assert p == g["endpoints_per_router_min"], "uniform endpoints expected"
# mean over ordered router pairs, self pairs included: (n-1)/n times the mean over distinct pairs
print(n, p, d["diameter"], d["mean"] * (n - 1) / n)' <<< "$metrics")
  cd "$out"
  zero=$(run "$name.cfg" 0.005)
  cd - > /dev/null
  if ! overall "$zero" | grep -q "^Packet latency average"; then
    echo "simulator_check: $name: BookSim2 did not run the file:" >&2
    tail -5 <<< "$zero" >&2
    status=1
    continue
  fi
  avg=$(stat "$zero" "Packet latency average")
  lo=$(overall "$zero" | grep -A1 -m1 "^Packet latency average" | sed -n 2p | sed -E 's/.*= ([0-9]+).*/\1/')
  hi=$(overall "$zero" | grep -A2 -m1 "^Packet latency average" | sed -n 3p | sed -E 's/.*= ([0-9]+).*/\1/')
  expected=$(python3 -c "print(f'{6 + 4 * $H:.6f}')")
  if ! python3 -c "import sys; sys.exit(0 if $lo == 6 and $hi >= 6 + 4 * $diameter and abs($avg - $expected) <= 0.02 * $expected else 1)"; then
    echo "simulator_check: $name: zero-load latency avg $avg min $lo max $hi, expected $expected, 6, $((6 + 4 * diameter))" >&2
    status=1
  fi
  low=0 high=1
  for _ in 1 2 3 4 5 6 7 8; do
    rate=$(python3 -c "print(f'{($low + $high) / 2:.6f}')")
    cd "$out"
    o=$(run "$name.cfg" "$rate")
    cd - > /dev/null
    acc=$(stat "$o" "Accepted flit rate average"); lat=$(stat "$o" "Packet latency average")
    if grep -q "unstable" <<< "$o" || [[ -z $acc ]] ||
      python3 -c "import sys; sys.exit(0 if $acc < 0.95 * $rate or $lat > 3 * $avg else 1)"; then
      stable=no high=$rate
    else
      stable=yes low=$rate
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$rate" "${acc:-none}" "${lat:-none}" "$stable" >> "$out/sweep.tsv"
  done
  printf '%s\t%s\t%s\t%s\t%.6f\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$routers" "$per_router" "$diameter" "$H" "$expected" "$avg" \
    "$lo" "$hi" "$low" "$high" >> "$out/summary.tsv"
  rm -f "$out/$name.cfg.run"
done
cat "$out/summary.tsv"
exit $status
