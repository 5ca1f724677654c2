#!/usr/bin/env bash
# CI stage: the tables are byte-for-byte the same
#   - when run twice,
#   - with 1 and with 2 threads,
#   - built with GCC (./build, scripts/build.sh) and with Clang (./build-clang).
# Three workloads: `shiftfly tables --profile paper`, the fast sections of the
# exact profile (all but the chip-level validation), and `halley tables`
# (closed forms, single-threaded: it has no --threads, so it runs twice per
# compiler). Every run writes its tables and figures with --out and its stdout;
# each run's directory must equal the first run's (diff -r).
set -euo pipefail
# index.html shows when it was made: every run shows the same moment (SOURCE_DATE_EPOCH).
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(date +%s)}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
gcc_bin="${GCC_BIN:-$root/build/bin}"
clang_build="${CLANG_BUILD:-$root/build-clang}"

if [ ! -x "$gcc_bin/shiftfly" ] || [ ! -x "$gcc_bin/halley" ]; then
  echo "determinism: $gcc_bin has no shiftfly/halley; run scripts/build.sh first" >&2
  exit 2
fi
command -v clang++ >/dev/null || { echo "determinism: clang++ not found (scripts/setup.sh installs clang)" >&2; exit 2; }
# A Clang build already configured (scripts/test_clang.sh's, whose tests may be running beside
# this in CI) is used as it is: configuring it again would rewrite its files under those tests.
if [ ! -f "$clang_build/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$root" -B "$clang_build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DSHIFTFLY_BUILD_TESTS=OFF -DSHIFTFLY_BUILD_BENCH=OFF -DSHIFTFLY_BUILD_EXAMPLES=OFF >/dev/null
fi
cmake --build "$clang_build" --target shiftfly_tool halley_tool -j "$(nproc)"
clang_bin="$clang_build/bin"

work="$(mktemp -d "${TMPDIR:-/tmp}/shiftfly-determinism.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
runs=0

# run NAME BIN TOOL ARGS...: writes $work/NAME/{stdout,tables/}
run() {
  local name="$1" bin="$2" tool="$3"
  shift 3
  mkdir -p "$work/$name/tables"
  local t0 t1
  t0=$(date +%s.%N)
  "$bin/$tool" "$@" --out "$work/$name/tables" >"$work/$name/stdout"
  t1=$(date +%s.%N)
  runs=$((runs + 1))
  printf '  %-22s %6.1f s  %s %s\n' "$name" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$tool" "$*"
}

# same REFERENCE OTHER: the two runs' outputs are identical
same() {
  if diff -r "$work/$1" "$work/$2" >"$work/diff.txt"; then
    echo "  identical: $2 = $1 ($(find "$work/$2" -type f | wc -l) files)"
  else
    echo "DIFFERENT: $2 vs $1" >&2
    head -40 "$work/diff.txt" >&2
    failures=$((failures + 1))
  fi
}

exact_fast="moore,scale,sharing,operations,failures,nonminimal,allreduce,field"
echo "determinism: shiftfly tables --profile paper"
run paper-gcc-t1 "$gcc_bin" shiftfly tables --profile paper --threads 1
run paper-gcc-t1-again "$gcc_bin" shiftfly tables --profile paper --threads 1
run paper-gcc-t2 "$gcc_bin" shiftfly tables --profile paper --threads 2
run paper-clang-t2 "$clang_bin" shiftfly tables --profile paper --threads 2
for r in paper-gcc-t1-again paper-gcc-t2 paper-clang-t2; do same paper-gcc-t1 "$r"; done

echo "determinism: shiftfly tables --profile exact --only $exact_fast"
run exact-gcc-t1 "$gcc_bin" shiftfly tables --profile exact --only "$exact_fast" --threads 1
run exact-gcc-t2 "$gcc_bin" shiftfly tables --profile exact --only "$exact_fast" --threads 2
run exact-gcc-t2-again "$gcc_bin" shiftfly tables --profile exact --only "$exact_fast" --threads 2
run exact-clang-t1 "$clang_bin" shiftfly tables --profile exact --only "$exact_fast" --threads 1
for r in exact-gcc-t2 exact-gcc-t2-again exact-clang-t1; do same exact-gcc-t1 "$r"; done

echo "determinism: halley tables"
run halley-gcc "$gcc_bin" halley tables
run halley-gcc-again "$gcc_bin" halley tables
run halley-clang "$clang_bin" halley tables
for r in halley-gcc-again halley-clang; do same halley-gcc "$r"; done

if [ "$failures" -ne 0 ]; then
  echo "determinism: $failures comparison(s) differ" >&2
  exit 1
fi
echo "determinism: $runs runs, every comparison byte-identical"
