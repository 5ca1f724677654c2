#!/usr/bin/env bash
# Regenerates the Halley golden tables and figures in docs/results/halley/
# (run by scripts/regenerate.sh after scripts/build.sh), then checks them.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${SHIFTFLY_BIN:-build/bin}"
rm -rf docs/results/halley
"$BIN/halley" tables --out docs/results/halley > /dev/null
"$BIN/halley" tables --check docs/results/halley
