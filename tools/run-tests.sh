#!/usr/bin/env bash
# Runs the whole test suite: the normal build, the AddressSanitizer +
# UndefinedBehaviorSanitizer build, then valgrind memcheck over the normal build.
# Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/bootstrap.sh --no-run --build-dir build
meson test -C build --print-errorlogs --num-processes 2

tools/bootstrap.sh --no-run --build-dir build-sanitize -Db_sanitize=address,undefined -Db_lundef=false
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-sanitize --print-errorlogs --num-processes 2

# valgrind memcheck over the normal build (the external-application test is a shell
# script and runs above).
meson test -C build --print-errorlogs --num-processes 2 --no-suite external \
    --wrapper 'valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --quiet'
