#!/usr/bin/env bash
# Compiles and runs every code snippet of docs/api.md and compares its standard
# output with the output the page shows, so that the page stays true.
#
# A snippet is the fenced block that follows a line "<!-- snippet: NAME -->"; its
# expected output is the fenced block that follows "<!-- output: NAME -->". Fails
# when the page has no snippet, when a snippet has no output block (or an output
# block no snippet), when a snippet does not compile or exits non-zero, and when
# its output differs. The snippets compile two at a time (the machine's two cores).
# Usage: run_api_snippets.sh <page> <work dir> <compiler> [compiler flags...]
set -euo pipefail
page=$1
work=$2
cxx=$3
shift 3
rm -rf "$work"
mkdir -p "$work"

. "$(dirname "$0")/fenced_block.sh"
block() { fenced_block "$page" "$1"; }
names() { marker_names "$page" "$1"; }

snippets=$(names snippet)
outputs=$(names output)
if [ -z "$snippets" ]; then echo "$page has no snippet (<!-- snippet: NAME --> before a fenced block)" >&2; exit 1; fi
status=0
dups=$(printf '%s\n' "$snippets" | sort | uniq -d)
if [ -n "$dups" ]; then echo "snippet names used twice: $dups" >&2; status=1; fi
# (grep reads its whole input, not grep -q: under pipefail, grep -q exiting first can fail the
# pipe through printf's SIGPIPE, which made this test fail at random under load)
for name in $snippets; do
  if ! [[ $name =~ ^[a-z0-9_-]+$ ]]; then echo "snippet name '$name': use a-z, 0-9, _ and -" >&2; exit 1; fi
  if ! printf '%s\n' "$outputs" | grep -x -- "$name" > /dev/null; then echo "snippet '$name' has no <!-- output: $name --> block" >&2; status=1; fi
  block "snippet: $name" > "$work/$name.cpp"
  block "output: $name" > "$work/$name.expected"
  if ! [ -s "$work/$name.cpp" ]; then echo "snippet '$name' has no fenced block after its marker" >&2; status=1; fi
done
for name in $outputs; do
  if ! printf '%s\n' "$snippets" | grep -x -- "$name" > /dev/null; then echo "output '$name' has no snippet" >&2; status=1; fi
done
[ "$status" -eq 0 ] || exit 1

# compile, two at a time; each compiler's messages go to <name>.log
export work cxx
printf '%s\n' $snippets | xargs -P 2 -I{} bash -c '"$cxx" "$@" "$work/{}.cpp" -o "$work/{}.bin" > "$work/{}.log" 2>&1 || true' _ "$@"
count=0
for name in $snippets; do
  count=$((count + 1))
  if ! [ -x "$work/$name.bin" ]; then
    echo "== $name: does not compile" >&2
    cat "$work/$name.log" >&2
    status=1
    continue
  fi
  if ! (cd "$work" && timeout 60 "./$name.bin" > "$name.out" 2> "$name.err"); then
    echo "== $name: exits with a failure" >&2
    cat "$work/$name.err" >&2
    status=1
    continue
  fi
  if ! diff -u "$work/$name.expected" "$work/$name.out" > "$work/$name.diff"; then
    echo "== $name: its output differs from the page (- page, + program)" >&2
    cat "$work/$name.diff" >&2
    status=1
    continue
  fi
  echo "$name: compiles, runs and prints what the page shows"
done
[ "$status" -eq 0 ] || exit 1
echo "${page##*/}: all $count snippets compile, run and print what the page shows"
