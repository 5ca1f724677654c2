#!/usr/bin/env bash
# The library's tests under AddressSanitizer and UndefinedBehaviorSanitizer on an idle machine:
# the build and the tests of scripts/test_clang.sh (./build-clang, its test programs instrumented,
# every report fatal), without the CPU-bound processes beside them. CI runs scripts/test_clang.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
SHIFTFLY_BUSY_PROCESSES=0 exec bash scripts/test_clang.sh "$@"
