#!/usr/bin/env bash
# Runs the whole test suite: the normal build, then the AddressSanitizer +
# UndefinedBehaviorSanitizer build. Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/bootstrap.sh --no-run --build-dir build
meson test -C build --print-errorlogs --num-processes 2

tools/bootstrap.sh --no-run --build-dir build-sanitize -Db_sanitize=address,undefined -Db_lundef=false
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-sanitize --print-errorlogs --num-processes 2
