#!/usr/bin/env bash
# The sanitizer run: since the Clang stage and the sanitizer stage share one instrumented
# Clang build (scripts/configure_clang.sh), this is scripts/test_clang.sh: Clang 14,
# -O1 -fsanitize=address,undefined -fno-sanitize-recover=all, in ./build-clang, every
# report fatal, the tools and the unit tests alike. Arguments go to ctest (-R, -E, ...).
# Configure with -DSHIFTFLY_TEST_SKIP_HEAVY=ON to leave out the test cases tagged [heavy].
set -euo pipefail
exec bash "$(dirname "$0")/test_clang.sh" "$@"
