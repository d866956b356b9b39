#!/usr/bin/env bash
# d3d12rt-conformance's own behaviour, on tests/ext_driver's module: a usage error exits 2;
# a driver that does not load is one failure; a driver whose format answers deny what tests
# use gets those tests skipped with the reason and no failure; a driver without an
# optional recording entry the API needs fails those tests and exits 1. The last line is
# always "N passed, M failed".
#   run_conformance_cli.sh CONFORMANCE EXT_DRIVER_MODULE
set -uo pipefail
conformance=$1
module=$2
fail() { echo "$@"; exit 1; }

"$conformance" --bogus >/dev/null 2>&1
[ $? -eq 2 ] || fail "a usage error does not exit 2"
"$conformance" --help | grep -q '^areas: copies clears' || fail "--help does not list the areas"

out=$("$conformance" --driver /nonexistent/libnone.so 2>/dev/null)
[ $? -eq 1 ] || fail "a driver that does not load does not exit 1"
[ "$(echo "$out" | tail -n 1)" = "0 passed, 1 failed" ] || fail "a driver that does not load: $out"

out=$(D3D12RT_TEST_UMD_QUIRK=format-caps "$conformance" --driver "$module" --filter copies,clears 2>&1)
[ $? -eq 0 ] || fail "narrowed format answers fail tests instead of skipping them: $out"
echo "$out" | tail -n 1 | grep -Eq '^[1-9][0-9]* passed, 0 failed$' || fail "format-caps: $out"
echo "$out" | grep -q '^  skip clears: .*the driver reports no support 0x4000 for DXGI format 28$' \
    || fail "format-caps: no skip names the missing render-target support of R8G8B8A8_UNORM: $out"
echo "$out" | grep -Eq '^clears +[0-9]+ +0 +[1-9][0-9]*$' || fail "format-caps: the clears row counts no skip: $out"
echo "$out" | grep -q '^resolves' && fail "--filter copies,clears ran resolves: $out"

out=$(D3D12RT_TEST_UMD_QUIRK=missing-optional-recording "$conformance" --driver "$module" --filter copies 2>&1)
[ $? -eq 1 ] || fail "failing tests do not exit 1: $out"
echo "$out" | grep -q '^  FAIL copies: buffers (.*): line [0-9]*: Close failed, hr 0x80004001$' \
    || fail "missing-optional-recording: no FAIL line for WriteBufferImmediate: $out"
echo "$out" | tail -n 1 | grep -Eq '^[1-9][0-9]* passed, [1-9][0-9]* failed$' || fail "missing-optional-recording: $out"
exit 0
