#!/usr/bin/env bash
# Mesa's d3d12 Gallium driver (Debian's libgl1-mesa-dri, GALLIUM_DRIVER=d3d12) on this
# build's libd3d12.so and libdxcore.so, under Xvfb:
#  1. glxinfo: the renderer string names our adapter, "D3D12 (<DriverDescription>)", and
#     an OpenGL version is reported;
#  2. gl_clear: a cleared window, presented (XGetImage of the window), is the same bytes
#     on d3d12 as on llvmpipe and the clear colour computed here.
# Only what works today runs: Mesa's shaders need shader model 6.1 and the device answers
# 5.1, so anything that compiles a shader (a scissored clear, glReadPixels, a draw)
# crashes inside Mesa (specs/api.md, "Mesa's d3d12 driver"). A crash prints the last
# D3D12 calls (D3D12RT_TRACE=api,warn) and which one failed, if any did.
#   run_gl.sh GL_CLEAR_EXE RUNTIME_BUILD_DIR
set -uo pipefail
gl_clear=$1
libdir=$2
dri=/usr/lib/x86_64-linux-gnu/dri/d3d12_dri.so
description="Apple AGX G13 (simulated)"

for tool in xvfb-run Xvfb glxinfo; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed (tools/bootstrap.sh)"; exit 77; }
done
[ -e "$dri" ] || { echo "SKIP: $dri is not installed (libgl1-mesa-dri)"; exit 77; }
# A sanitized library cannot be loaded by an uninstrumented Mesa (the ASan runtime must come first).
if readelf -d "$libdir/libd3d12.so" | grep -q libasan; then
    echo "SKIP: sanitized build"; exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One program on one Gallium driver; stdout to $work/NAME.out, D3D12RT_TRACE to NAME.trace.
run() {
    local name=$1 driver=$2; shift 2
    D3D12RT_CONFIG=/nonexistent D3D12RT_TRACE=api,warn LD_LIBRARY_PATH="$libdir" GALLIUM_DRIVER=$driver \
        timeout 60 xvfb-run -a -s "-screen 0 640x480x24" "$@" >"$work/$name.out" 2>"$work/$name.trace"
    local rc=$?
    if [ $rc != 0 ]; then
        echo "FAIL: $* on $driver exited with $rc"
        if [ $driver = d3d12 ]; then
            echo "D3D12 calls that failed (warnings):"
            grep 'd3d12rt:warn' "$work/$name.trace" | tail -n 5
            echo "last D3D12 calls before the end:"
            grep 'd3d12rt:api' "$work/$name.trace" | grep -v refcount | tail -n 8 | cut -c1-200
        fi
        tail -n 3 "$work/$name.trace" | grep -v d3d12rt
        exit 1
    fi
}

run glxinfo d3d12 glxinfo -B
renderer=$(sed -n 's/^OpenGL renderer string: //p' "$work/glxinfo.out")
version=$(sed -n 's/^OpenGL version string: //p' "$work/glxinfo.out")
echo "d3d12: renderer \"$renderer\", OpenGL \"$version\""
[ "$renderer" = "D3D12 ($description)" ] || { echo "FAIL: renderer string is not D3D12 ($description)"; exit 1; }
echo "$version" | grep -Eq '^[1-4]\.[0-9]+ ' || { echo "FAIL: no OpenGL version"; exit 1; }

run clear_d3d12 d3d12 "$gl_clear" present
run clear_llvmpipe llvmpipe "$gl_clear" present
if ! cmp -s "$work/clear_d3d12.out" "$work/clear_llvmpipe.out"; then
    echo "FAIL: the presented clear differs from llvmpipe's:"
    cmp -l "$work/clear_d3d12.out" "$work/clear_llvmpipe.out" | head -n 5
    exit 1
fi
# The clear colour (0.25, 0.5, 0.75) as UNORM8, round to nearest: 64, 128, 191. The PPM
# header "P6\n64 48\n255\n" is 13 bytes.
first=$(od -An -tu1 -j13 -N3 "$work/clear_d3d12.out" | tr -s ' ' | sed 's/^ //')
[ "$first" = "64 128 191" ] || { echo "FAIL: the first pixel is $first, not 64 128 191"; exit 1; }
echo "d3d12: the presented clear equals llvmpipe's, byte for byte"
