#!/usr/bin/env bash
# Refreshes the figures of specs/reliability.md in one command:
#   tools/reliability.sh [--fuzz-seconds N]      (default 60 per target)
# - fuzz executions and coverage per target (tools/fuzz.sh --stats);
# - refusals per API: the whole test suite with D3D12RT_TRACE=warn, its warnings
#   counted by the call that refused (a list removal's call, else the function warning);
# - allocation-failure points: tests/test_alloc_fail with every point (D3D12RT_ALLOC_FAIL_ALL=1);
# - stress iterations: tests/test_stress;
# - line and branch coverage of runtime/ and fallback/ over the whole suite (gcc's gcov,
#   read by tools/coverage_summary.py), with every error path (a line returning or
#   setting a failure HRESULT, or removing a list) left unexecuted.
# Takes about 15 minutes on 2 cores (three builds; the fuzzers' time on top).
set -euo pipefail
cd "$(dirname "$0")/.."

fuzz_seconds=60
while [ $# -gt 0 ]; do
    case "$1" in
        --fuzz-seconds) fuzz_seconds="$2"; shift ;;
        *) echo "usage: $0 [--fuzz-seconds N]" >&2; exit 2 ;;
    esac
    shift
done

work=build-reliability
mkdir -p "$work"
out=specs/reliability.md
date=$(date -u +%Y-%m-%d)
commit=$(git rev-parse --short HEAD)

# ---- Fuzzers ----------------------------------------------------------------------------
rm -f "$work/fuzz.stats"
tools/fuzz.sh --seconds "$fuzz_seconds" --stats "$work/fuzz.stats"

# ---- The normal build: refusals, allocation failure, stress ------------------------------
tools/bootstrap.sh --no-run --build-dir build >/dev/null
D3D12RT_TRACE=warn meson test -C build --num-processes 2 --no-suite external >/dev/null || true
sed -n 's/^d3d12rt:warn:\([a-z_0-9]*\): \(.*\)$/\1 \2/p' build/meson-logs/testlog.txt |
    sed -E 's/^rt_command_list_remove_message Command list 0x[0-9a-f]+ removed, hr 0x[0-9a-f]+: ([A-Za-z0-9]+).*/\1/; t; s/^([a-z_0-9]+) .*/\1/' |
    sort | uniq -c | sort -rn >"$work/refusals"
D3D12RT_ALLOC_FAIL_ALL=1 CK_FORK=yes D3D12RT_CONFIG=/nonexistent/x.ini \
    build/tests/test_alloc_fail >"$work/alloc_fail.log" 2>&1 || true
grep '^alloc_fail:' "$work/alloc_fail.log" >"$work/alloc_fail" || true
CK_FORK=yes D3D12RT_CONFIG=/nonexistent/x.ini build/tests/test_alloc_fail_queue 2>&1 |
    grep '^alloc_fail_queue:' >>"$work/alloc_fail" || true
# The failing cases (the known defects among them) with the point that failed.
sed -n 's/^[^:]*:[0-9]*:F:\([^:]*\):[^:]*:[0-9]*: /\1: /p' "$work/alloc_fail.log" >"$work/alloc_fail.failed" || true
CK_FORK=yes D3D12RT_CONFIG=/nonexistent/x.ini build/tests/test_stress 2>&1 | grep '^stress:' >"$work/stress" || true

# ---- Coverage -----------------------------------------------------------------------------
[ -f build-coverage/build.ninja ] || meson setup build-coverage -Dwerror=true -Db_coverage=true >/dev/null
ninja -C build-coverage >/dev/null
find build-coverage -name '*.gcda' -delete
meson test -C build-coverage --num-processes 2 --no-suite external >/dev/null || true
tools/coverage_summary.py build-coverage "$work/coverage" runtime fallback
coverage_of() {   # folder: "lines L% (hit of total), branches B% (taken of total)"
    awk -v f="$1" '$1 == f { printf "lines %.1f%% (%d of %d), branches %.1f%% (%d of %d)",
        $3 ? 100 * $2 / $3 : 0, $2, $3, $5 ? 100 * $4 / $5 : 0, $4, $5 }' "$work/coverage.summary"
}
cov_runtime=$(coverage_of runtime)
cov_fallback=$(coverage_of fallback)
# Unexecuted lines of error paths: those that return or set a failure, or remove a list.
while IFS=: read -r file line; do
    text=$(sed -n "${line}p" "$file")
    if printf '%s' "$text" | grep -Eq 'return E_|return DXGI_ERROR|hr = E_|E_OUTOFMEMORY|_remove(f|_message|_messagef)?\(|_out_of_memory\(|goto fail'; then
        printf -- '- `%s:%s`: `%s`\n' "$file" "$line" "$(printf '%s' "$text" | sed 's/^ *//')"
    fi
done <"$work/coverage.uncovered" >"$work/uncovered"

# ---- The document -------------------------------------------------------------------------
{
cat <<'HEAD'
# Reliability: fuzzing, allocation failure, stress and coverage

How the runtime is attacked in the tree, and the figures of the last run. Everything
below the first section is written by `tools/reliability.sh`; edit the script, not
the figures.

## What runs where

| attack | where | in CI (`.ci/run` → `tools/run-tests.sh`) | by hand |
|---|---|---|---|
| libFuzzer, ASan + UBSan, on the root-signature deserializers, the DXBC and DXIL containers and programs (accepted compute programs executed under the watchdog), the configuration file, the ExecuteTileMappings token stream, and a native-against-fallback command stream (copies, fills, texture and bound clears, resolves, render passes, legacy and enhanced barriers) | `fuzz/` (`fuzz/README.md`, decision D016) | 25 s per target, regression inputs first | `tools/fuzz.sh --seconds N [target]` |
| allocation failure at every point of copies, fills, texture clears, bound clears, render passes, copies into a list at its first execution and a bundle's bound clears executed by a list, and of the submission, also with software command lists (the `swlist` and `serialized` setups: the runtime's recording and the replay at `ExecuteCommandLists`, where out of memory removes the device since Close already succeeded): host memory (`malloc`, `calloc`, `realloc` through `-Wl,--wrap`) and the simulated device's buffer objects (`agx_testing_fail_bo_create`) | `tests/test_alloc_fail.c` (decision D017); the queue thread's allocations while it executes a dispatch, every one: `tests/test_alloc_fail_queue.c` | at most 48 points per path and kind, sampled evenly, in the normal, sanitizer and valgrind stages | `D3D12RT_ALLOC_FAIL_ALL=1 build/tests/test_alloc_fail` |
| 16 threads creating, recording, submitting to shared and own queues, waiting and reading back every byte, both implementations; and device removal while they run | `tests/test_stress.c` (meson suite `threads`) | the normal, sanitizer, valgrind and ThreadSanitizer stages | the same program |

An outcome of an allocation failure passes when the failure was absorbed (the work
lands byte for byte), or the list was removed as out of memory (`Close` answers
`E_OUTOFMEMORY`, and the same recording lands after `Reset`), or the device was removed
as out of memory. Submission: the work lands, or the device is removed; never a healthy
device that dropped work.

## Known defects the attacks show today

- none (the last one, an object released between a list's recording and its execution,
  is closed by decision D040-lists-hold-what-they-record)

HEAD
echo "## Figures ($date, commit $commit)"
echo
echo "### Fuzzers ($fuzz_seconds s per target, one job, ASan + UBSan)"
echo
echo "| target | executions | coverage (edges) | features |"
echo "|---|---|---|---|"
while read -r target execs cov ft secs; do
    echo "| \`$target\` | $execs | $cov | $ft |"
done <"$work/fuzz.stats"
echo
echo "### Refusals per API over the test suite"
echo
echo "Warnings the runtime printed while the suite ran (\`D3D12RT_TRACE=warn\`), by the call"
echo "that refused (list removals) or the function that warned (creation-time checks)."
echo
echo "| call or check | refusals |"
echo "|---|---|"
awk '{ printf "| `%s` | %s |\n", $2, $1 }' "$work/refusals"
echo
echo "### Allocation-failure points (every point)"
echo
echo "$(awk '{ n += $(NF - 1) } END { print n + 0 }' "$work/alloc_fail") points tried, each on a fresh device:"
echo
echo '```'
cat "$work/alloc_fail"
echo '```'
echo
echo "Cases that failed (a case stops at its first failing point):"
echo
if [ -s "$work/alloc_fail.failed" ]; then sed 's/^/- /' "$work/alloc_fail.failed"; else echo "- none"; fi
echo
echo "### Stress"
echo
echo '```'
cat "$work/stress"
echo '```'
echo
echo "### Coverage of runtime/ and fallback/ (the whole suite, gcov; lines with code)"
echo
echo "- runtime/: $cov_runtime"
echo "- fallback/: $cov_fallback"
echo
echo "### Error paths never executed ($(wc -l <"$work/uncovered"))"
echo
cat "$work/uncovered"
} >"$out"
echo "reliability: $out written"
