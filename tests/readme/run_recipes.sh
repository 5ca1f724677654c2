#!/usr/bin/env bash
# Runs docs/api.md's "Installing and building against the headers" recipes verbatim on a copy of the tree:
# the blocks marked <!-- recipe: install -->, <!-- recipe: app.cpp -->,
# <!-- recipe: CMakeLists.txt --> and <!-- recipe: consumer -->. The install goes
# to $HOME/.local with HOME set to a fresh folder, so nothing outside that folder
# is touched.
# Usage: run_recipes.sh [install|consumer|all] <source dir> <work dir>
#   install   the copy and the install block: the one install the consumer tests share (ctest
#             cmake/install, fixture shiftfly_installed; cmake/find_package builds against it too);
#   consumer  the app.cpp, CMakeLists.txt and consumer blocks, on the install step's work dir
#             (ctest readme/recipes);
#   all       both (the default when the first argument is a directory).
set -euo pipefail
step=all
case "${1:-}" in install | consumer | all) step=$1; shift ;; esac
src=$1
work=$2

# block <name>: the fenced block that follows the line "<!-- recipe: <name> -->" of docs/api.md
. "$(dirname "$0")/../docs/fenced_block.sh"
block() { fenced_block "$work/tree/docs/api.md" "recipe: $1"; }

if [ "$step" != consumer ]; then
  rm -rf "$work"
  mkdir -p "$work/tree" "$work/user"
  # the copy: the tracked tree as it is, without build folders or version control
  (cd "$src" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -xf - -C "$work/tree"
  for name in install app.cpp CMakeLists.txt consumer; do
    if [ -z "$(block "$name")" ]; then echo "docs/api.md has no recipe block '$name'" >&2; exit 1; fi
  done
  cd "$work/tree"
  export HOME="$work/user"
  echo "== install"
  bash -euo pipefail -c "$(block install)"
  test -f "$HOME/.local/lib/pkgconfig/shiftfly.pc"
  test -f "$HOME/.local/include/shiftfly/graph.hpp"
  echo "docs/api.md recipe: installed into $HOME/.local"
fi
if [ "$step" != install ]; then
  [ -f "$work/user/.local/include/shiftfly/graph.hpp" ] ||
    { echo "run_recipes.sh: no install in $work/user/.local (run the install step first: ctest cmake/install)" >&2; exit 1; }
  cd "$work/tree"
  export HOME="$work/user"
  rm -rf app
  mkdir -p app
  block app.cpp > app/app.cpp
  block CMakeLists.txt > app/CMakeLists.txt
  echo "== consumer"
  bash -euo pipefail -c "$(block consumer)" | tee "$work/consumer.out"
  # both builds ran the program: once through CMake, once through pkg-config
  test "$(grep -c '^Kautz(3,4): 108 vertices' "$work/consumer.out")" -eq 2
  echo "docs/api.md recipes: install, CMake consumer and pkg-config consumer all ran"
fi
