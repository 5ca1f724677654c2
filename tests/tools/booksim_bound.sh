#!/usr/bin/env bash
# BookSim2's measured saturation against the library's channel-load bound, run by run.
#
#   tests/tools/booksim_bound.sh SHIFTFLY_BINARY DIR [PYTHON]
#
# DIR holds BookSim2's results (summary.tsv, permutation.tsv) and the anynet files it ran
# (scripts/simulator_check.sh; the committed ones are tests/fixtures/booksim/). For each run, the
# exact saturation per endpoint of minimal routing with BookSim2's tie rule under the run's
# traffic (`shiftfly load file --path NAME.anynet --routing minimal --tie booksim --traffic
# uniform|bit-complement`, the endpoints the file gives each router) must be at or above the
# largest rate BookSim2 sustained: no simulator sustains more than its hottest channel allows.
# The endpoint's own injection and ejection channels carry 1 flit a cycle too, so the bound a
# simulator can reach is min(1, the network's).
# A permutation (bitcomp) is also checked node by node (permutation.tsv, BookSim2's accepted
# flit rate of every node at every rate tried): the flows that cross the hottest channel share
# its one flit a cycle, so at every offered rate some node accepts at most the bound; BookSim2's
# smallest per-node rate must be at most the bound, within 2% (its rates are counted over a
# finite window, and flits buffered past the channel when the window opens count in it).
# Prints one TSV row a run (graph, traffic, endpoints per router, the network channels' bound,
# min(1, it), BookSim2 low, high, high / min(1, bound), and for a permutation the smallest
# per-node accepted rate at the smallest unstable rate tried); exits 1 when a run breaks either
# inequality or shiftfly load did not take the file's endpoints.
set -euo pipefail
# PYTHON (default python3): ctest passes the interpreter CMake found, Debian's /usr/bin/python3,
# which starts in about 30 ms; a version manager's python3 shim on PATH can take 0.4 s a start, and
# this script starts the interpreter about fifty times
shiftfly=$1 dir=$2 python=${3:-python3}
printf 'graph\ttraffic\tendpoints_per_router\tnetwork_bound\tbound\tbooksim_low\tbooksim_high\tratio_high_to_bound\tmin_node_accepted_at_high\n'
status=0
while IFS=$'\t' read -r graph traffic _ nodes p _ _ _ _ _ _ _ _ low high _; do
  [[ $graph == graph ]] && continue
  case $traffic in
    uniform) t=uniform ;;
    bitcomp) t=bit-complement ;;  # BookSim2's BitCompTrafficPattern: s to ~s & (N - 1)
    *) echo "booksim_bound: $graph: traffic $traffic has no shiftfly counterpart here" >&2; exit 1 ;;
  esac
  # the endpoints come from the file's own counts; the tool must report the same total
  if ! json=$("$shiftfly" load file --path "$dir/$graph.anynet" --routing minimal --tie booksim --traffic "$t" --format json); then
    echo "booksim_bound: $graph: shiftfly load file failed" >&2
    status=1
    continue
  fi
  read -r bound total < <("$python" -c '
import json, sys
r = json.load(sys.stdin)["result"]
# "endpoints" is the total when the tool reports where the endpoints came from (endpoints_rule)
# no network channel (one router): nothing in the network binds, only the endpoint links
b = r["saturation_per_endpoint"]
print("inf" if b is None else b, r["endpoints"] if "endpoints_rule" in r else "per-router-only")' <<< "$json")
  if [[ $total != "$nodes" ]]; then
    echo "booksim_bound: $graph: shiftfly load took $total endpoints, the file has $nodes" >&2
    status=1
    continue
  fi
  capped=$("$python" -c "print(f'{min(1.0, float(\"$bound\")):.6f}')")
  ratio=$("$python" -c "print(f'{$high / min(1.0, float(\"$bound\")):.4f}')")
  worst=-
  if [[ $traffic != uniform ]]; then
    # the smallest per-node accepted rate at every rate tried, and at the smallest unstable one
    worst=$("$python" - "$dir/permutation.tsv" "$graph" "$bound" "$high" <<'PY'
import sys
from collections import defaultdict
path, graph, bound, high = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
by_rate = defaultdict(list)
with open(path) as f:
    next(f)
    for line in f:
        g, rate, node, dest, acc = line.rstrip("\n").split("\t")
        if g == graph:
            by_rate[rate].append(float(acc))
if not by_rate:
    sys.exit(f"booksim_bound: {graph}: no per-node rates in permutation.tsv")
bad = [(r, min(a)) for r, a in by_rate.items() if min(a) > bound * 1.02]
for r, m in bad:
    print(f"booksim_bound: {graph}: at offered {r} every node accepted at least {m}, above the bound {bound}",
          file=sys.stderr)
print(f"{min(by_rate[high]):.6f}" if high in by_rate else "-")
sys.exit(1 if bad else 0)
PY
    ) || status=1
  fi
  printf '%s\t%s\t%s\t%.6f\t%s\t%s\t%s\t%s\t%s\n' "$graph" "$traffic" "$p" "$bound" "$capped" "$low" "$high" "$ratio" "$worst"
  if ! "$python" -c "import sys; sys.exit(0 if $low <= float('$bound') * (1 + 1e-9) else 1)"; then
    echo "booksim_bound: $graph: BookSim2 sustained $low flits/cycle per endpoint, above the bound $bound" >&2
    status=1
  fi
done < "$dir/summary.tsv"
exit $status
