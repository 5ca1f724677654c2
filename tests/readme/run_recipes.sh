#!/usr/bin/env bash
# Runs docs/api.md's "Installing and building against the headers" recipes verbatim on a copy of the tree:
# the blocks marked <!-- recipe: install -->, <!-- recipe: app.cpp -->,
# <!-- recipe: CMakeLists.txt --> and <!-- recipe: consumer -->. The install goes
# to $HOME/.local with HOME set to a fresh folder, so nothing outside that folder
# is touched. Usage: run_recipes.sh <source dir> <work dir>
set -euo pipefail
src=$1
work=$2
rm -rf "$work"
mkdir -p "$work/tree" "$work/home"
# the copy: the tracked tree as it is, without build folders or version control
(cd "$src" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -xf - -C "$work/tree"

# block <name>: the fenced block that follows the line "<!-- recipe: <name> -->" of docs/api.md
. "$(dirname "$0")/../docs/fenced_block.sh"
block() { fenced_block "$work/tree/docs/api.md" "recipe: $1"; }
for name in install app.cpp CMakeLists.txt consumer; do
  if [ -z "$(block "$name")" ]; then echo "docs/api.md has no recipe block '$name'" >&2; exit 1; fi
done

cd "$work/tree"
export HOME="$work/home"
echo "== install"
bash -euo pipefail -c "$(block install)"
mkdir -p app
block app.cpp > app/app.cpp
block CMakeLists.txt > app/CMakeLists.txt
echo "== consumer"
bash -euo pipefail -c "$(block consumer)" | tee "$work/consumer.out"
# both builds ran the program: once through CMake, once through pkg-config
test "$(grep -c '^Kautz(3,4): 108 vertices' "$work/consumer.out")" -eq 2
test -f "$HOME/.local/lib/pkgconfig/shiftfly.pc"
test -f "$HOME/.local/include/shiftfly/graph.hpp"
echo "docs/api.md recipes: install, CMake consumer and pkg-config consumer all ran"
