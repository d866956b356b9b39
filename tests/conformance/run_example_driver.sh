#!/usr/bin/env bash
# Installs the build into a scratch prefix, builds examples/driver against it with nothing
# but `pkg-config --cflags d3d12rt-ddi` (as a driver team would), and runs the installed
# d3d12rt-conformance on it in fallback mode: everything its caps claim must pass.
#   run_example_driver.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
. "$src/tests/util/stage_install.sh"
stage_install "$build"
stage_pc d3d12rt-ddi
conformance=$(find "$stage" -type f -name d3d12rt-conformance | head -n 1)
[ -n "$conformance" ] || { echo "d3d12rt-conformance was not installed"; exit 1; }

# A sanitized build's conformance program needs a sanitized driver beside it.
sanitize=
if readelf -d "$conformance" | grep -q 'libasan' || nm "$conformance" 2>/dev/null | grep -q ' __asan_init$'; then
    sanitize="-fsanitize=address,undefined"
fi
cc -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter $sanitize -fPIC -shared -fvisibility=hidden \
   -o "$stage/libexample_umd.so" "$src"/examples/driver/*.c $(pkg-config --cflags d3d12rt-ddi) -lm

"$conformance" --driver "$stage/libexample_umd.so" --fallback
