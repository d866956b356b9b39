#!/usr/bin/env bash
# Mesa's d3d12 Gallium driver (Debian's libgl1-mesa-dri, GALLIUM_DRIVER=d3d12) on this
# build's libd3d12.so and libdxcore.so, under Xvfb, each frame compared with llvmpipe's
# (GALLIUM_DRIVER=llvmpipe, the same Mesa) by gl_compare.py (specs/api.md, "Mesa's d3d12
# driver"). Two parts:
#   basic    what needs no shader: glxinfo names our adapter, "D3D12 (<DriverDescription>)",
#            and an OpenGL version; gl_clear present (a cleared window, presented and read
#            with XGetImage) is llvmpipe's bytes and the clear colour computed here.
#   shaders  what Mesa draws with shaders: gl_clear readpixels and present scissor, and
#            the gl_draw scenes (triangle, texture, integer, blend, depth, msaa,
#            compute). Mesa compiles DXIL 6.1 to 6.7 only and dereferences NULL below
#            6.1, so this part skips (77) while the device reports a lower shader model
#            (d3d12info).
# A run that fails prints the D3D12 calls that failed and the last ones made
# (D3D12RT_TRACE=api,warn): Mesa crashes on any failed D3D12 call.
#   run_gl.sh basic|shaders GL_CLEAR GL_DRAW RUNTIME_BUILD_DIR D3D12INFO
set -uo pipefail
part=$1 gl_clear=$2 gl_draw=$3 libdir=$4 d3d12info=$5
here=$(dirname "$0")
dri=/usr/lib/x86_64-linux-gnu/dri/d3d12_dri.so
description="Apple AGX G13 (simulated)"

for tool in xvfb-run Xvfb glxinfo python3; do
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
# Returns the program's status when it is 77 (the context lacks what it needs).
run() {
    local name=$1 driver=$2; shift 2
    D3D12RT_CONFIG=/nonexistent D3D12RT_TRACE=api,warn LD_LIBRARY_PATH="$libdir" GALLIUM_DRIVER=$driver \
        timeout 60 xvfb-run -a -s "-screen 0 640x480x24" "$@" >"$work/$name.out" 2>"$work/$name.trace"
    local rc=$?
    [ $rc = 77 ] && return 77
    if [ $rc != 0 ]; then
        echo "FAIL: $* on $driver exited with $rc"
        if [ $driver = d3d12 ]; then
            echo "D3D12 calls that failed (warnings):"
            grep 'd3d12rt:warn' "$work/$name.trace" | grep -v 'QueryInterface' | tail -n 5
            echo "last D3D12 calls before the end:"
            grep 'd3d12rt:api' "$work/$name.trace" | grep -v refcount | tail -n 8 | cut -c1-200
        fi
        grep -v d3d12rt "$work/$name.trace" | tail -n 3
        exit 1
    fi
    return 0
}

# NAME, then gl_compare.py's options (or --text LINE VALUE: printed values, the same on
# both drivers and line LINE equal to VALUE), then the program and its arguments after "--".
compare() {
    local name=$1 options=()
    shift
    while [ "$1" != -- ]; do options+=("$1"); shift; done
    shift
    run "${name}_d3d12" d3d12 "$@" || { echo "SKIP: $name: $(grep -v d3d12rt "$work/${name}_d3d12.trace" | tail -n 1)"; return; }
    run "${name}_llvmpipe" llvmpipe "$@"
    if [ "${options[0]:-}" = --text ]; then
        cmp -s "$work/${name}_d3d12.out" "$work/${name}_llvmpipe.out" \
            || { echo "FAIL: $name on d3d12 printed other values than on llvmpipe:"; diff "$work/${name}_d3d12.out" \
                 "$work/${name}_llvmpipe.out" | head -n 6; exit 1; }
        [ "$(sed -n "${options[1]}p" "$work/${name}_d3d12.out")" = "${options[2]}" ] \
            || { echo "FAIL: $name: line ${options[1]} is not ${options[2]}"; exit 1; }
        echo "$name: the same values as llvmpipe's"
        return
    fi
    if ! result=$(python3 "$here/gl_compare.py" "$work/${name}_d3d12.out" "$work/${name}_llvmpipe.out" "${options[@]}"); then
        echo "FAIL: $name on d3d12 against llvmpipe:"
        echo "$result"
        exit 1
    fi
    echo "$name: $result"
}

if [ "$part" = basic ]; then
    run glxinfo d3d12 glxinfo -B
    renderer=$(sed -n 's/^OpenGL renderer string: //p' "$work/glxinfo.out")
    version=$(sed -n 's/^OpenGL version string: //p' "$work/glxinfo.out")
    echo "d3d12: renderer \"$renderer\", OpenGL \"$version\""
    [ "$renderer" = "D3D12 ($description)" ] || { echo "FAIL: renderer string is not D3D12 ($description)"; exit 1; }
    echo "$version" | grep -Eq '^[1-4]\.[0-9]+ ' || { echo "FAIL: no OpenGL version"; exit 1; }
    # The clear colour (0.25, 0.5, 0.75) as UNORM8, round to nearest: 64, 128, 191.
    compare clear --expect 0,0=64,128,191 -- "$gl_clear" present
    exit 0
fi

model=$(D3D12RT_CONFIG=/nonexistent LD_LIBRARY_PATH="$libdir" "$d3d12info" 2>/dev/null \
        | sed -n '/^SHADER_MODEL:/{n;s/^ *HighestShaderModel: D3D_SHADER_MODEL_//p}')
case "$model" in
    6_[1-9]) ;;
    *) echo "SKIP: the device reports shader model ${model:-(none)}; Mesa's d3d12 driver needs 6.1 (it" \
            "compiles DXIL 6.1-6.7 and crashes below), so nothing that draws with a shader is run"
       exit 77 ;;
esac
echo "d3d12: shader model $model"
# Exact where D3D12 and GL define the same result: clears, nearest texels, integer
# arithmetic, blending of colours whose products are exact or far from a rounding
# boundary, depth, the resolved 4x coverage (the standard sample pattern on both). The triangle's interpolated colours
# may be one step apart: D3D12 fixes neither the attribute interpolation's precision nor
# float-to-UNORM rounding beyond 0.6 ULP (D3D11_FLOAT32_TO_INTEGER_TOLERANCE_IN_ULP);
# its coverage (every pixel's colour sums to 255, the background's to 153) stays exact.
compare clear_readpixels --expect 0,0=64,128,191 -- "$gl_clear" readpixels
compare clear_scissor --expect 0,0=64,128,191 --expect 8,43=255,0,51 --expect 27,32=255,0,51 \
        --expect 28,32=64,128,191 -- "$gl_clear" present scissor
compare triangle --tolerance 1 --expect 1,1=51,51,51 -- "$gl_draw" triangle
compare texture --expect 2,2=0,0,0 --expect 21,38=32,0,255 --expect 45,8=224,224,0 -- "$gl_draw" texture
# (0, 0): a -224, b -2; (5, 3): a -186, b 1; (3, 4): a -199, b 2 (quotient -99, toward zero).
compare integer --expect 0,47=112,8,32 --expect 5,44=70,12,70 --expect 3,43=157,11,57 -- "$gl_draw" integer
compare blend --expect 8,8=102,96,115 --expect 56,8=51,192,153 -- "$gl_draw" blend
compare depth --expect 2,2=255,0,0 --expect 2,45=255,255,0 --expect 34,25=0,255,0 -- "$gl_draw" depth
compare msaa --expect 1,1=0,0,0 --expect 27,27=255,255,255 -- "$gl_draw" msaa
# values[i] = i * 3 + 1 + ((64 - i) << 8): the last, i = 63, is 446.
compare compute --text 64 446 -- "$gl_draw" compute
