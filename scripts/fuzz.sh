#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/*_fuzz.cpp) with clang and runs each for
# FUZZ_SECONDS (default 60) seconds, two at a time, on a copy of the committed
# corpus fuzz/corpus/<name>/ (the repository is never modified). Exits non-zero
# on any finding and prints the crashing input. docs/fuzzing.md has the details.
#
#   bash scripts/fuzz.sh                      # every harness, 60 s each
#   FUZZ_SECONDS=300 bash scripts/fuzz.sh     # longer
#   FUZZ_TARGETS="label list" bash scripts/fuzz.sh
#   BUILD_DIR=/tmp/b bash scripts/fuzz.sh     # default: build-clang in the repository
#   FUZZ_KEEP=DIR bash scripts/fuzz.sh        # keep the grown corpora and logs in DIR
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$root/build-clang}"
seconds="${FUZZ_SECONDS:-60}"
parallel="${FUZZ_PARALLEL:-2}"

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ not found (run scripts/setup.sh: packages clang, libclang-rt-14-dev)" >&2; exit 2; }

CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DSHIFTFLY_BUILD_FUZZERS=ON -DSHIFTFLY_BUILD_TESTS=OFF -DSHIFTFLY_BUILD_BENCH=OFF \
  -DSHIFTFLY_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" --target fuzzers -j "${JOBS:-2}"

if [ -n "${FUZZ_TARGETS:-}" ]; then
  read -r -a targets <<<"$FUZZ_TARGETS"
else
  targets=()
  for f in "$root"/fuzz/*_fuzz.cpp; do
    n="$(basename "$f" .cpp)"
    targets+=("${n%_fuzz}")
  done
fi

if [ -n "${FUZZ_KEEP:-}" ]; then
  work="$FUZZ_KEEP"
  mkdir -p "$work"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/shiftfly-fuzz.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

# run_one NAME: fuzzes one harness on a copy of its corpus; writes NAME.log, NAME.rc, NAME.secs
run_one() {
  local name="$1" bin="$build/fuzz/fuzz_$1"
  local dir="$work/$name"
  rm -rf "$dir"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  if [ -d "$root/fuzz/corpus/$name" ]; then cp -R "$root/fuzz/corpus/$name/." "$dir/corpus/"; fi
  local dict=()
  [ -f "$root/fuzz/$name.dict" ] && dict=("-dict=$root/fuzz/$name.dict")
  local start end rc=0
  start="$(date +%s)"
  "$bin" "$dir/corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/" >"$dir/log" 2>&1 || rc=$?
  end="$(date +%s)"
  echo "$rc" >"$dir/rc"
  echo "$((end - start))" >"$dir/secs"
}

echo "fuzz.sh: ${#targets[@]} harnesses, ${seconds} s each, ${parallel} at a time (work dir $work)"
running=0
for name in "${targets[@]}"; do
  [ -x "$build/fuzz/fuzz_$name" ] || { echo "fuzz.sh: no harness fuzz_$name in $build/fuzz" >&2; exit 2; }
  run_one "$name" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

failed=0
printf '%-10s %8s %14s %8s %8s  %s\n' harness seconds executions corpus seeds result
for name in "${targets[@]}"; do
  dir="$work/$name"
  rc="$(cat "$dir/rc" 2>/dev/null || echo 1)"
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)"
  seeds="$(find "$root/fuzz/corpus/$name" -type f 2>/dev/null | wc -l)"
  corpus="$(find "$dir/corpus" -type f | wc -l)"
  artifacts=("$dir"/artifacts/*)
  result=ok
  if [ "$rc" != 0 ] || [ -e "${artifacts[0]}" ]; then result="FINDING (exit $rc)"; failed=1; fi
  printf '%-10s %8s %14s %8s %8s  %s\n' "$name" "$(cat "$dir/secs")" "${execs:-?}" "$corpus" "$seeds" "$result"
done

if [ "$failed" != 0 ]; then
  for name in "${targets[@]}"; do
    dir="$work/$name"
    rc="$(cat "$dir/rc" 2>/dev/null || echo 1)"
    artifacts=("$dir"/artifacts/*)
    if [ "$rc" = 0 ] && [ ! -e "${artifacts[0]}" ]; then continue; fi
    echo
    echo "=== fuzz_$name: finding (exit $rc); end of its log:"
    grep -v '^#[0-9]' "$dir/log" | tail -40
    for a in "${artifacts[@]}"; do
      [ -e "$a" ] || continue
      echo "--- crash input $(basename "$a") ($(wc -c <"$a") bytes), hex:"
      od -A d -t x1 -v "$a" | head -40
      echo "--- base64: $(base64 -w0 "$a")"
      echo "--- reproduce: $build/fuzz/fuzz_$name <file>"
    done
  done
  [ -n "${FUZZ_KEEP:-}" ] || { trap - EXIT; echo "fuzz.sh: inputs and logs kept in $work"; }
  exit 1
fi
echo "fuzz.sh: no findings"
