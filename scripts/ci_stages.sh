#!/usr/bin/env bash
# Prints the stages of .ci/run as the README lists them: one numbered line a stage,
# its name and its command as .ci/run writes them. The README's block between
# <!-- ci-stages --> and <!-- /ci-stages --> is this output; ctest readme/ci_stages
# compares them, so the README says what CI runs and nothing else.
# Usage: scripts/ci_stages.sh [path of .ci/run]
set -euo pipefail
run=${1:-"$(dirname "$0")/../.ci/run"}
# a stage line: stage "NAME" COMMAND...
sed -n 's/^stage "\([^"]*\)" \(.*\)$/\1\t\2/p' "$run" | awk -F'\t' '{ printf "%d. %s: `%s`\n", NR, $1, $2 }'
