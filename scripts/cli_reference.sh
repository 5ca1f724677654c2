#!/usr/bin/env bash
# Writes docs/cli.md, the command-line reference, from the built tools:
#   bash scripts/cli_reference.sh build/bin docs/cli.md   (or no second argument: stdout)
# Every command's --help and one example run now (scripts/cli_reference.py holds the
# examples); fails if a command has no example or an example fails. ctest
# docs/cli_reference checks that the committed page is up to date.
set -euo pipefail
exec python3 "$(dirname "$0")/cli_reference.py" "$@"
