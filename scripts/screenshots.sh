#!/usr/bin/env bash
# Remakes the README's two screenshots of the report from the committed golden results:
# docs/report-top.png, the top of the paper profile's page, and docs/report-figure.png,
# its first figure (diameter_vs_scale) with its caption, shown alone on a page with the
# report's own style sheet. Needs chromium (scripts/setup.sh installs it); run it after
# scripts/regenerate.sh whenever the report's look changes.
set -euo pipefail
cd "$(dirname "$0")/.."
page=docs/results/shiftfly/paper/index.html
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shot() {  # shot <html file> <png> <width,height>
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size="$3" --screenshot="$2" "file://$(realpath "$1")" 2>/dev/null
}
shot "$page" docs/report-top.png 1200,760
# the figure alone: the page's head (its style sheet), then the <figure id="diameter_vs_scale"> element
{
  sed -n '1,/<\/style>/p' "$page"
  echo '</head><body><main>'
  sed -n '/<figure id="diameter_vs_scale">/,/<\/figure>/p' "$page"
  echo '</main></body></html>'
} > "$tmp/figure.html"
shot "$tmp/figure.html" docs/report-figure.png 600,560
echo "screenshots: docs/report-top.png docs/report-figure.png"
