#!/usr/bin/env bash
# docs/cli_reference: regenerates the command-line reference from the built tools
# (scripts/cli_reference.sh) and compares it with the committed docs/cli.md.
# Usage: check_cli_reference.sh SOURCE_DIR BIN_DIR WORK_DIR
set -euo pipefail
src="$1" bin="$2" work="$3"
mkdir -p "$work"
bash "$src/scripts/cli_reference.sh" "$bin" "$work/cli.md"
if ! diff -u "$src/docs/cli.md" "$work/cli.md"; then
  echo "docs/cli.md is stale (the tools' help or output changed). Regenerate it from the source tree with:"
  echo "  bash scripts/cli_reference.sh build/bin docs/cli.md"
  exit 1
fi
