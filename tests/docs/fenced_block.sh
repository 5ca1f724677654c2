# Sourced by the scripts that run the fenced blocks of a Markdown page (tests/docs/
# run_api_snippets.sh, tests/readme/run_recipes.sh, tests/readme/run_examples.sh).
#
# fenced_block PAGE MARKER: the fenced block after the line "<!-- MARKER -->" of PAGE,
#   fences excluded (empty when there is none).
# fence_language PAGE MARKER: the language word of that block's opening fence (sh, cpp, ...).
# marker_names PAGE KIND: the NAMEs of the lines "<!-- KIND: NAME -->", one a line, in order.
fenced_block() {
  awk -v mark="<!-- $2 -->" '
    $0 == mark { want = 1; next }
    want && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }
  ' "$1"
}
fence_language() {
  awk -v mark="<!-- $2 -->" '
    $0 == mark { want = 1; next }
    want && /^```/ { sub(/^```/, ""); print; exit }
  ' "$1"
}
marker_names() { sed -n "s/^<!-- $2: \\(.*\\) -->\$/\\1/p" "$1"; }
