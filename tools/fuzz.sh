#!/usr/bin/env bash
# Runs the libFuzzer targets of fuzz/ (fuzz/README.md) for a fixed time each.
#   tools/fuzz.sh [--seconds N] [--jobs J] [--stats FILE] [target...]
# Defaults: 25 s per target (what CI runs), every target, one job. The build is
# build-fuzz (clang, ASan + UBSan, libFuzzer), set up on first use. Each target starts
# from its seed corpus in fuzz/corpus/<target>/ and grows a working corpus in
# build-fuzz/corpus/<target>/ (kept between runs, never committed). A crash, leak,
# sanitizer report or timeout fails the script and leaves the input in
# build-fuzz/artifacts/<target>/: turn it into a regression input (fuzz/README.md).
# --stats appends one line per target: target, executions, coverage (edges), features.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=25
jobs=1
stats=
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift ;;
        --jobs) jobs="$2"; shift ;;
        --stats) stats="$2"; shift ;;
        *) targets+=("$1") ;;
    esac
    shift
done
[ ${#targets[@]} -gt 0 ] || targets=(root_signature dxbc config cmdstream dxil tile_tokens)

tools/bootstrap.sh --no-run --fuzz --build-dir build-fuzz -Dfuzz=true -Dtests=false \
    -Db_sanitize=address,undefined -Db_lundef=false >/dev/null

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
root=$PWD
status=0
for target in "${targets[@]}"; do
    # libFuzzer writes its per-job logs (fuzz-N.log) and stray artifacts in the current
    # directory: each target runs in its own under build-fuzz.
    run=$root/build-fuzz/run/$target
    corpus=$root/build-fuzz/corpus/$target
    artifacts=$root/build-fuzz/artifacts/$target/
    mkdir -p "$run" "$corpus" "$artifacts"
    log=$root/build-fuzz/fuzz-$target.log
    exe=$root/build-fuzz/fuzz/fuzz_$target
    parallel=()
    [ "$jobs" = 1 ] || parallel=(-jobs="$jobs" -workers="$jobs")
    # The regression inputs first: each must pass as it is.
    if [ -d "fuzz/regressions/$target" ]; then
        (cd "$run" && "$exe" -runs=0 -artifact_prefix="$artifacts" "$root/fuzz/regressions/$target") \
            >"$log.regressions" 2>&1 ||
            { echo "fuzz: $target: a regression input fails (see $log.regressions)"; status=1; continue; }
    fi
    if (cd "$run" && "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
            "${parallel[@]}" -print_final_stats=1 -close_fd_mask=1 -artifact_prefix="$artifacts" \
            "$corpus" "$root/fuzz/corpus/$target") >"$log" 2>&1; then
        result=ok
    else
        result=FAILED
        status=1
        tail -40 "$log"
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    echo "fuzz: $target: $result, ${execs:-?} executions in ${seconds} s, coverage ${cov:-?} edges, ${ft:-?} features"
    [ -z "$stats" ] || echo "$target ${execs:-0} ${cov:-0} ${ft:-0} $seconds" >>"$stats"
done
exit $status
