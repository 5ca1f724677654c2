#!/usr/bin/env bash
# definitions.sh NM OBJECT: the one-definition-rule check on the object file of tests/odr/odr_a.cpp,
# which includes every public header. Two units that include a header link only if each global
# symbol the header defines is weak (W, V: inline functions and variables, template
# instantiations) or unique (u); a strong definition (T, D, B, R, G, S: a function or variable
# defined in a header without inline) would be defined by every unit, and the link would fail.
# So the unit's strong global symbols must be main alone: what linking two such units would show,
# from one compile.
set -euo pipefail
nm_tool=$1
object=$2
strong=$("$nm_tool" -g --defined-only -C "$object" | awk '$2 ~ /^[TDBRGS]$/ { $1 = ""; print }' | grep -v '^ T main$' || true)
if [ -n "$strong" ]; then
  echo "odr: the public headers define these global symbols without inline (each unit that includes them would define them again):" >&2
  echo "$strong" >&2
  exit 1
fi
count=$("$nm_tool" -g --defined-only "$object" | awk '$2 ~ /^[WVu]$/' | wc -l)
echo "odr: $count weak or unique global definitions from the public headers, no strong one but main"
