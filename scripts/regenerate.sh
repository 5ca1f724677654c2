#!/usr/bin/env bash
# The README's first command: install, build, and regenerate every table and
# figure under docs/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
for s in scripts/regenerate.d/*.sh; do
  [ -e "$s" ] || continue
  echo "regenerate: $s"
  bash "$s"
done
