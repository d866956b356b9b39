#!/bin/sh
# check_vkd3d.sh VKD3D_COMPILER CONTAINER...: each container must compile with
# vkd3d-compiler (DXBC to SPIR-V), and a copy with one program byte changed (the
# checksum then no longer matches) must be refused. Exit 77 (skip) without the compiler.
set -u
compiler=$1
shift
if [ -z "$compiler" ]; then
    echo "vkd3d-compiler is not installed: skipped"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for container in "$@"; do
    if ! "$compiler" -x dxbc-tpf -b spirv-binary -o /dev/null "$container"; then
        echo "FAIL: vkd3d-compiler refused $container"
        exit 1
    fi
    # Change the byte 8 from the end (inside the program part) to another value.
    size=$(wc -c < "$container")
    offset=$((size - 8))
    byte=$(od -An -tu1 -j "$offset" -N1 "$container" | tr -d ' ')
    cp "$container" "$tmp/corrupt.dxbc"
    printf "\\$(printf '%03o' $(((byte + 1) % 256)))" |
        dd of="$tmp/corrupt.dxbc" bs=1 seek="$offset" conv=notrunc 2>/dev/null
    if "$compiler" -x dxbc-tpf -b spirv-binary -o /dev/null "$tmp/corrupt.dxbc" 2>/dev/null; then
        echo "FAIL: vkd3d-compiler accepted a corrupted copy of $container"
        exit 1
    fi
    echo "ok: $container (and its corrupted copy refused)"
done
