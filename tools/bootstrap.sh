#!/usr/bin/env bash
# Sets d3d12rt up on a Debian 12 machine: installs the missing Debian packages (as
# root; otherwise prints the command to run), configures and builds, then runs the
# main job: d3d12info on the built-in simulated AGX device.
#   tools/bootstrap.sh [--no-run] [--fuzz] [--build-dir DIR] [meson options...]
# --fuzz also installs what the fuzz stage needs (clang and its libFuzzer and sanitizer
# runtimes; decision D016), configures the build with CC=clang and builds only the
# fuzz targets.
set -euo pipefail
cd "$(dirname "$0")/.."

run_main=1
fuzz=0
build_dir=build
meson_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --no-run) run_main=0 ;;
        --fuzz) fuzz=1 ;;
        --build-dir) build_dir="$2"; shift ;;
        *) meson_args+=("$1") ;;
    esac
    shift
done

# g++: the public header's C++ tests and the external C++ program; vkd3d-compiler: the
# independent check of the runtime's shaders; libpng-dev: the samples' PNG output;
# libgl1-mesa-dri, mesa-utils, xvfb, xauth (xvfb-run), libgl-dev, libx11-dev: Mesa's d3d12
# OpenGL driver as a client of the runtime (tests/gl); llvm-15-dev: the DXIL bitcode
# reader, llvm-15: llvm-as-15 for the DXIL test shaders.
packages=(gcc g++ pkg-config meson ninja-build directx-headers-dev libdrm-dev check valgrind
          vkd3d-compiler libpng-dev libgl1-mesa-dri mesa-utils xvfb xauth libgl-dev libx11-dev
          llvm-15-dev llvm-15)
if [ $fuzz = 1 ]; then packages+=(clang libclang-rt-14-dev); fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "bootstrap: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "bootstrap: missing Debian packages: ${missing[*]}" >&2
        echo "bootstrap: run as root, or: sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi

if [ ! -f "$build_dir/build.ninja" ]; then
    if [ $fuzz = 1 ]; then
        CC=clang meson setup "$build_dir" "${meson_args[@]}"
    else
        meson setup "$build_dir" -Dwerror=true "${meson_args[@]}"
    fi
fi
if [ $fuzz = 1 ]; then
    ninja -C "$build_dir" fuzzers
else
    ninja -C "$build_dir"
fi

if [ $run_main = 1 ]; then
    "$build_dir/tools/d3d12info"
fi
