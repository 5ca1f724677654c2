#!/usr/bin/env bash
# Runs the library's BookSim2 anynet files through a BookSim2 build, outside CI.
#
#   scripts/simulator_check.sh BOOKSIM_BINARY OUTDIR [SHIFTFLY_BINARY]
#
# BOOKSIM_BINARY: a BookSim2 `booksim` built from github.com/booksim/booksim2 (the fixtures in
# tests/fixtures/booksim/ were made at commit 28f43299f1706a3160ffac721ca461d74eb6e618, `make` in
# src/). SHIFTFLY_BINARY defaults to build/bin/shiftfly. For each run below (at most 36 routers)
# it writes, in OUTDIR, NAME.anynet and NAME.cfg (`shiftfly graph ... --format booksim --config
# NAME.cfg`; the cfg's `traffic` line set to the run's pattern), then:
# 1. zero load: runs BookSim2 at injection rate 0.005 (routing_function = min, seed 1) and
#    checks that it accepted the file and that its latencies match the exact relation of this
#    configuration (below): minimum 6 + c * dmin, maximum at least 6 + c * dmax (two packets may
#    meet even at low load), average within 2% of 6 + c * H, where dmin, dmax and H are the
#    smallest, largest and mean router distance over the traffic's source-destination endpoint
#    pairs (uniform: all ordered pairs, the source among the destinations as BookSim2's uniform
#    pattern draws them, so dmin = 0; bitcomp: s to s XOR (N - 1)) and c = 3 + L cycles a router
#    hop for router links of latency L (scripts/booksim_anynet_distances.py, from the file).
# 2. saturation: bisection on the injection rate (flits per node per cycle) between 0 and 1,
#    8 steps: a rate is stable when BookSim2 does not report the simulation unstable, the
#    accepted rate is at least 0.95 of the offered, and the average packet latency is at most
#    3 times the zero-load latency (step 1's average); the estimate is the interval
#    [largest stable rate, smallest unstable rate] tried.
# The zero-load relation for a packet of one flit between routers h hops apart, 6 + (3 + L) h:
# each router hop costs vc_alloc_delay 1 + sw_alloc_delay 1 + st_final_delay 1 + the channel's
# latency L; the 6 are the injection and ejection channels, the first router's pipeline and the
# cycle from creation to injection, as BookSim2 counts them. It is measured, not assumed:
# BookSim2's minimum latency (h = 0) is 6 and its maximum on the torus and hypercube, whose
# routers carry one endpoint each, is exactly 6 + 4 * diameter (tests/fixtures/booksim/summary.tsv).
# H is a mean over endpoint pairs: on the fat tree, whose core and aggregation switches carry no
# endpoint, the mean over switch pairs does not predict the latency.
# BookSim2's min routing on anynet (min_anynet) lets a packet take any virtual channel, and
# BookSim2 has no other routing function for anynet, so no run is deadlock-free by construction
# where the channel-dependency graph has cycles (torus, Dragonfly, ...). BookSim2 prints
# "WARNING: Possible network deadlock." when no flit has left the network for
# deadlock_warn_timeout (256) cycles with flits in flight; the script counts these lines a run.
# With traffic bitcomp, the per-node accepted rates of every run (BookSim2's `stats_out = -`,
# the last accepted_flits vector it prints) go to OUTDIR/permutation.tsv.
# Results: OUTDIR/summary.tsv (one row a run), OUTDIR/sweep.tsv (one row a rate tried) and
# OUTDIR/permutation.tsv.
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

# name | BookSim2 traffic | shiftfly graph arguments
graphs=(
  "torus_4x4|uniform|torus --dims 4,4"
  "hypercube_4|uniform|torus --dims 2,2,2,2"
  "petersen|uniform|file --path $here/tests/fixtures/booksim/petersen.txt"
  "hyperx_4x4|uniform|hyperx --dims 4,4"
  "dragonfly_a4_h2|uniform|dragonfly --a 4 --h 2"
  "polarfly_q5|uniform|polarfly --q 5"
  "slimfly_q5|uniform|slimfly --q 5"
  "fat_tree_k4|uniform|fat-tree --k 4"
  "hyperx_4x4_latency2|uniform|hyperx --dims 4,4 --latency 2"
  "router_32|uniform|file --path $here/tests/fixtures/booksim/one_router.anynet --endpoints 32"
  "hypercube_4_bitcomp|bitcomp|torus --dims 2,2,2,2"
  "fat_tree_k4_bitcomp|bitcomp|fat-tree --k 4"
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

deadlocks() {  # BookSim2's output -> how many times it warned of a possible deadlock
  grep -c "Possible network deadlock" <<< "$1" || true
}

per_node() {  # BookSim2's output -> the last per-node accepted flit rates it wrote (stats_out)
  grep '^accepted_flits(1,:) = \[' <<< "$1" | tail -1 | sed -E 's/.*\[ *//; s/ *\];.*//' || true
}

printf 'graph\ttraffic\trouters\tendpoints\tendpoints_per_router\tlink_latency\tdistance_min\tdistance_max\tmean_distance_H\tzero_load_expected\tzero_load_measured\tmin_latency\tmax_latency\tsaturation_low\tsaturation_high\truns_with_deadlock_warning\n' > "$out/summary.tsv"
printf 'graph\tinjection_rate\taccepted_rate\tpacket_latency\tstable\tdeadlock_warnings\n' > "$out/sweep.tsv"
printf 'graph\tinjection_rate\tnode\tdestination\taccepted_rate\n' > "$out/permutation.tsv"
status=0
for entry in "${graphs[@]}"; do
  IFS='|' read -r name traffic args <<< "$entry"
  # shellcheck disable=SC2086
  (cd "$out" && "$shiftfly" graph $args --format booksim --config "$name.cfg" > "$name.anynet")
  sed -i "s|^network_file = .*|network_file = $name.anynet;|; s|^traffic = .*|traffic = $traffic;|" "$out/$name.cfg"
  [[ $traffic == uniform ]] || echo "stats_out = -;" >> "$out/$name.cfg"
  read -r routers nodes per_router latency dmin dmax H < <(python3 "$here/scripts/booksim_anynet_distances.py" "$out/$name.anynet" "$traffic")
  hop=$((3 + latency))
  cd "$out"
  zero=$(run "$name.cfg" 0.005)
  cd - > /dev/null
  if ! overall "$zero" | grep "^Packet latency average" > /dev/null; then
    echo "simulator_check: $name: BookSim2 did not run the file:" >&2
    tail -5 <<< "$zero" >&2
    status=1
    continue
  fi
  avg=$(stat "$zero" "Packet latency average")
  lo=$(overall "$zero" | grep -A1 -m1 "^Packet latency average" | sed -n 2p | sed -E 's/.*= ([0-9]+).*/\1/')
  hi=$(overall "$zero" | grep -A2 -m1 "^Packet latency average" | sed -n 3p | sed -E 's/.*= ([0-9]+).*/\1/')
  expected=$(python3 -c "print(f'{6 + $hop * $H:.6f}')")
  if ! python3 -c "import sys; sys.exit(0 if $lo == 6 + $hop * $dmin and $hi >= 6 + $hop * $dmax and abs($avg - $expected) <= 0.02 * $expected else 1)"; then
    echo "simulator_check: $name: zero-load latency avg $avg min $lo max $hi, expected $expected, $((6 + hop * dmin)), $((6 + hop * dmax))" >&2
    status=1
  fi
  low=0 high=1 warned=0
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
    d=$(deadlocks "$o")
    ((d == 0)) || warned=$((warned + 1))
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$rate" "${acc:-none}" "${lat:-none}" "$stable" "$d" >> "$out/sweep.tsv"
    if [[ $traffic != uniform ]]; then
      read -r -a accepted <<< "$(per_node "$o")"
      if ((${#accepted[@]} != nodes)); then
        echo "simulator_check: $name: BookSim2 wrote ${#accepted[@]} per-node accepted rates at $rate, expected $nodes" >&2
        status=1
      fi
      for ((s = 0; s < ${#accepted[@]}; ++s)); do
        printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$rate" "$s" "$((s ^ (nodes - 1)))" "${accepted[s]}" >> "$out/permutation.tsv"
      done
    fi
  done
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$traffic" "$routers" "$nodes" "$per_router" \
    "$latency" "$dmin" "$dmax" "$H" "$expected" "$avg" "$lo" "$hi" "$low" "$high" "$warned" >> "$out/summary.tsv"
  rm -f "$out/$name.cfg.run"
done
cat "$out/summary.tsv"
exit $status
