#!/usr/bin/env bash
# Runs the whole test suite: the normal build (and its device programs again with
# software command lists, free-threaded and serialized), the AddressSanitizer +
# UndefinedBehaviorSanitizer build, valgrind memcheck over the normal build, the
# ThreadSanitizer build of the multi-threaded tests, then each libFuzzer target of fuzz/
# for a short fixed time (clang, ASan + UBSan; decision D016).
# Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/bootstrap.sh --no-run --build-dir build
meson test -C build --print-errorlogs --num-processes 2
# The device programs again with software command lists, on a free-threaded and on a
# serialising driver (tests/meson.build: the 'swlist' suite and its setups).
meson test -C build --print-errorlogs --num-processes 2 --no-rebuild --suite swlist --setup swlist
meson test -C build --print-errorlogs --num-processes 2 --no-rebuild --suite swlist --setup serialized

tools/bootstrap.sh --no-run --build-dir build-sanitize -Db_sanitize=address,undefined -Db_lundef=false
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-sanitize --print-errorlogs --num-processes 2

# valgrind memcheck over the normal build (the external-application test and the
# 'scripts' suite are shell scripts, and run above; the 'conformance' suite runs the test
# programs' own code again). The simulated GPU's watchdog gets
# ten minutes here and under TSan: instrumented shaders run tens of times slower than
# the 2 s default allows (the watchdog tests set their own budgets).
D3D12RT_GPU_TIMEOUT_MS=600000 meson test -C build --print-errorlogs --num-processes 2 --no-suite external \
    --no-suite scripts --no-suite conformance \
    --wrapper 'valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --quiet'

# ThreadSanitizer over the tests that run several threads at once (meson suite
# 'threads'). Only those programs are built: the whole tree under TSan adds about 50 s.
# Its tests link tests/tsan/c11threads_shim.c, which makes gcc's TSan see C11
# threads (decision D004).
[ -f build-tsan/build.ninja ] ||
    meson setup build-tsan -Dwerror=true -Db_sanitize=thread -Db_lundef=false
# Regenerate first when meson.build files changed, so the list below is current.
ninja -C build-tsan build.ninja >/dev/null
thread_tests=$(meson test -C build-tsan --no-rebuild --suite threads --list 2>/dev/null |
    sed -n 's|^.* / \(.*\)$|tests/test_\1|p')
ninja -C build-tsan $thread_tests
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 D3D12RT_GPU_TIMEOUT_MS=600000 \
    meson test -C build-tsan --no-rebuild --suite threads --print-errorlogs --num-processes 2

# The fuzzers: their regression inputs, then 25 s each from the seed corpora (about
# 2 minutes with four targets, plus the clang build the first time).
tools/fuzz.sh --seconds 25
