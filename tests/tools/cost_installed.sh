#!/usr/bin/env bash
# The installed `shiftfly cost` reads the installed cost models: installs the tool and the models
# alone (components shiftfly_tool and cost_models) from this build into a fresh prefix, marks the
# installed copy of a shipped model, and checks that the installed tool prints the mark (so it read
# <prefix>/share/shiftfly/cost_models, not the source tree it was built from); then removes the
# installed models and checks that the tool falls back to the source tree's.
# Usage: cost_installed.sh <build dir> <work dir>
set -euo pipefail
build=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" --component shiftfly_tool >/dev/null
cmake --install "$build" --prefix "$prefix" --component cost_models >/dev/null
datadir=$(sed -n 's/^CMAKE_INSTALL_DATADIR:PATH=//p' "$build/CMakeCache.txt")
bindir=$(sed -n 's/^CMAKE_INSTALL_BINDIR:PATH=//p' "$build/CMakeCache.txt")
models="$prefix/${datadir:-share}/shiftfly/cost_models"
tool="$prefix/${bindir:-bin}/shiftfly"
test -x "$tool"
for m in slimfly-sc14 mudigonda-atc11; do test -f "$models/$m.json"; done
# the mark: the installed copy's name
sed -i 's/"name": "slimfly-sc14"/"name": "slimfly-sc14 (installed copy)"/' "$models/slimfly-sc14.json"
out=$("$tool" cost kautz --d 2 --D 3 --model slimfly-sc14)
echo "$out" | grep 'under model slimfly-sc14 (installed copy)' > /dev/null || { echo "the installed tool did not read $models:"; echo "$out"; exit 1; }
# without the installed models: the build's fallback (the source tree's data/cost_models)
rm -rf "$models"
out=$("$tool" cost kautz --d 2 --D 3 --model slimfly-sc14)
echo "$out" | grep 'under model slimfly-sc14;' > /dev/null || { echo "no fallback to the source tree's models:"; echo "$out"; exit 1; }
echo "the installed shiftfly cost read the installed models, and the source tree's without them"
