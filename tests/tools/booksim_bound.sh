#!/usr/bin/env bash
# BookSim2's measured saturation against the library's channel-load bound, graph by graph.
#
#   tests/tools/booksim_bound.sh SHIFTFLY_BINARY DIR
#
# DIR holds BookSim2's results (summary.tsv) and the anynet files it ran
# (scripts/simulator_check.sh; the committed ones are tests/fixtures/booksim/). For each graph,
# the exact saturation per endpoint of minimal routing with BookSim2's tie rule under BookSim2's
# uniform traffic (`shiftfly load file --path NAME.anynet ... --tie booksim`) must be at or above
# the smallest rate BookSim2 found unstable: no simulator sustains more than its hottest channel
# allows. The endpoint's own injection and ejection channels carry 1 flit a cycle too, so the
# bound a simulator can reach is min(1, the network's). Prints one TSV row a graph (graph, P, the
# network channels' bound, min(1, it), BookSim2 low, high, high / min(1, bound)); exits 1 when a
# graph breaks the inequality.
set -euo pipefail
shiftfly=$1 dir=$2
printf 'graph\tendpoints_per_router\tnetwork_bound\tbound\tbooksim_low\tbooksim_high\tratio_high_to_bound\n'
status=0
while IFS=$'\t' read -r graph routers p _ _ _ _ _ _ low high; do
  [[ $graph == graph ]] && continue
  bound=$("$shiftfly" load file --path "$dir/$graph.anynet" --routing minimal --tie booksim --traffic uniform \
          --endpoints "$p" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["saturation_per_endpoint"])')
  capped=$(python3 -c "print(f'{min(1.0, $bound):.6f}')")
  ratio=$(python3 -c "print(f'{$high / min(1.0, $bound):.4f}')")
  printf '%s\t%s\t%.6f\t%s\t%s\t%s\t%s\n' "$graph" "$p" "$bound" "$capped" "$low" "$high" "$ratio"
  if ! python3 -c "import sys; sys.exit(0 if $low <= $bound * (1 + 1e-9) else 1)"; then
    echo "booksim_bound: $graph: BookSim2 sustained $low flits/cycle per endpoint, above the bound $bound" >&2
    status=1
  fi
done < "$dir/summary.tsv"
exit $status
