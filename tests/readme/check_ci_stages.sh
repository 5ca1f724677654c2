#!/usr/bin/env bash
# The README's list of CI stages (between <!-- ci-stages --> and <!-- /ci-stages -->)
# must be what scripts/ci_stages.sh prints from .ci/run.
# Usage: check_ci_stages.sh <source dir>
set -euo pipefail
src=$1
shown=$(awk '/^<!-- ci-stages -->$/ { on = 1; next } /^<!-- \/ci-stages -->$/ { on = 0 } on' "$src/README.md")
want=$(bash "$src/scripts/ci_stages.sh" "$src/.ci/run")
[ -n "$want" ] || { echo "scripts/ci_stages.sh found no stage in .ci/run" >&2; exit 1; }
if [ "$shown" != "$want" ]; then
  echo "README.md's CI stages differ from .ci/run; the block between <!-- ci-stages --> and <!-- /ci-stages --> should be:" >&2
  echo "$want" >&2
  exit 1
fi
echo "README.md lists the $(echo "$want" | wc -l) stages of .ci/run"
