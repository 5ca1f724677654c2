#!/usr/bin/env bash
# Runs the README's examples and compares what they print with the output the
# README shows. An example is the fenced block after a line "<!-- example: NAME -->"
# (```sh: run by bash with the built tools first on PATH; ```python: run by the
# Python interpreter with the built package on PYTHONPATH), in a fresh folder; its
# output is the fenced block after "<!-- output: NAME -->". Fails when the README has
# no example, when an example has no output block (or an output block no example),
# when an example exits non-zero, and when its output differs.
# Usage: run_examples.sh <README> <tools dir> <python package dir> <python> <work dir>
set -euo pipefail
readme=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tools=$(cd "$2" && pwd)
package=$(cd "$3" && pwd)
python=$4
work=$5
rm -rf "$work"
mkdir -p "$work"

. "$(dirname "$0")/../docs/fenced_block.sh"
block() { fenced_block "$readme" "$1"; }
fence() { fence_language "$readme" "$1"; }
names() { marker_names "$readme" "$1"; }

examples=$(names example)
outputs=$(names output)
[ -n "$examples" ] || { echo "$readme has no example" >&2; exit 1; }
[ "$examples" = "$outputs" ] || {
  echo "$readme: the examples ($(echo $examples)) and the output blocks ($(echo $outputs)) differ" >&2
  exit 1
}
failed=0
for name in $examples; do
  dir="$work/$name"
  mkdir -p "$dir"
  block "example: $name" > "$dir/example"
  block "output: $name" > "$dir/expected"
  case "$(fence "example: $name")" in
    sh) run=(env PATH="$tools:$PATH" bash -euo pipefail "$dir/example") ;;
    python) run=(env PYTHONPATH="$package" PYTHONDONTWRITEBYTECODE=1 "$python" "$dir/example") ;;
    *) echo "example $name: its block is neither \`\`\`sh nor \`\`\`python" >&2; exit 1 ;;
  esac
  if ! (cd "$dir" && "${run[@]}") > "$dir/actual" 2> "$dir/stderr"; then
    echo "example $name failed:" >&2
    cat "$dir/stderr" >&2
    failed=1
  elif ! diff -u "$dir/expected" "$dir/actual"; then
    echo "example $name: the README shows other output than the command prints (diff above: - README, + now)" >&2
    failed=1
  else
    echo "example $name: as shown"
  fi
done
exit $failed
