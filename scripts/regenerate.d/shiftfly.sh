#!/usr/bin/env bash
# Regenerates the Shiftfly tables and figures in both profiles under docs/results/shiftfly/.
set -euo pipefail
cd "$(dirname "$0")/../.."
for profile in paper exact; do
  rm -rf "docs/results/shiftfly/$profile"
  ./build/bin/shiftfly tables --profile "$profile" --out "docs/results/shiftfly/$profile" > /dev/null
done
