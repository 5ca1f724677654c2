# Sourced by the scripts that run programs of the instrumented Clang build
# (scripts/configure_clang.sh): any AddressSanitizer, LeakSanitizer or UBSan report is fatal.
# Leaks inside outside libraries are suppressed by name, with why, in lsan_suppressions.txt.
_shiftfly_scripts="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$_shiftfly_scripts/lsan_suppressions.txt:print_suppressions=0}"
unset _shiftfly_scripts
