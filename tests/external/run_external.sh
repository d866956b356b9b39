#!/usr/bin/env bash
# Installs the build into a scratch prefix and builds tests/external/app_copy.c (C),
# app_async.cpp (C++, d3dx12.h and ComPtr) and app_dxcore.cpp (C++ DXCore, -ldxcore)
# against it with nothing but `pkg-config d3d12rt`, then runs them; the C++ one natively and with the Async Commands
# fallback forced through the configuration file.
#   run_external.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
. "$src/tests/util/stage_install.sh"
stage_install "$build"
stage_pc d3d12rt
flags=$(pkg-config --cflags --libs d3d12rt)
libdir=$(pkg-config --variable=libdir d3d12rt)

# A sanitized library needs a sanitized application (the ASan runtime must come first).
sanitize=
if readelf -d "$libdir/libd3d12.so" | grep -q 'libasan'; then
    sanitize="-fsanitize=address,undefined"
fi
cc -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE $sanitize -o "$stage/app_copy" "$src/tests/external/app_copy.c" $flags
# -fno-sanitize=vptr: the COM objects are C structs behind C++ interface pointers, with
# no C++ type information for UBSan's dynamic-type check to find.
c++ -std=c++17 -Wall -Wextra -Werror $sanitize ${sanitize:+-fno-sanitize=vptr} -o "$stage/app_async" "$src/tests/external/app_async.cpp" $flags
# DXCore in C++ (Microsoft's dxcore.h through <d3d12rt/dxcore.h>), linked with libdxcore.so.
c++ -std=c++17 -Wall -Wextra -Werror $sanitize ${sanitize:+-fno-sanitize=vptr} -o "$stage/app_dxcore" "$src/tests/external/app_dxcore.cpp" $flags -ldxcore
# Nothing but the D3D12 entry points and the header's GUIDs may be exported.
extra=$(nm -D --defined-only "$libdir/libd3d12.so" | awk '{print $3}' \
        | grep -Ev '^(D3D12(GetInterface|CreateDevice|GetDebugInterface|EnableExperimentalFeatures|SerializeRootSignature|SerializeVersionedRootSignature|CreateRootSignatureDeserializer|CreateVersionedRootSignatureDeserializer)|IID_.*|CLSID_.*|DXGI_DEBUG_.*|WKPDID_.*|D3D12_PROTECTED_RESOURCES_SESSION_HARDWARE_PROTECTED|D3D_TEXTURE_LAYOUT_.*)$' || true)
if [ -n "$extra" ]; then
    echo "libd3d12.so exports more than the D3D12 entry points:"; echo "$extra"; exit 1
fi
# libdxcore.so: DXCoreCreateAdapterFactory and DXCore's GUIDs, nothing else.
extra=$(nm -D --defined-only "$libdir/libdxcore.so" | awk '{print $3}' \
        | grep -Ev '^(DXCoreCreateAdapterFactory|IID_IDXCoreAdapter(|List|Factory)|DXCORE_ADAPTER_ATTRIBUTE_.*)$' || true)
if [ -n "$extra" ]; then
    echo "libdxcore.so exports more than DXCore's entry point and GUIDs:"; echo "$extra"; exit 1
fi
LD_LIBRARY_PATH="$libdir" D3D12RT_CONFIG=/nonexistent "$stage/app_copy"
LD_LIBRARY_PATH="$libdir" D3D12RT_CONFIG=/nonexistent "$stage/app_dxcore"

# A driver outside the tree: the contract headers and d3d12rt-ddi.pc alone (cflags, no libs).
stage_pc d3d12rt-ddi
[ -z "$(pkg-config --libs-only-l d3d12rt-ddi)" ] || { echo "d3d12rt-ddi.pc names libraries"; exit 1; }
cc -std=c11 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden -o "$stage/libstub_umd.so" \
   "$src/tests/external/driver_stub.c" $(pkg-config --cflags d3d12rt-ddi)
nm -D --defined-only "$stage/libstub_umd.so" | grep -q ' D3D12RTOpenAdapter12$' \
    || { echo "the stub driver does not export D3D12RTOpenAdapter12"; exit 1; }
# The runtime loads it and passes its answer on (DXGI_ERROR_UNSUPPORTED, printed by the loader).
printf '[driver]\npath = %s\n' "$stage/libstub_umd.so" > "$stage/d3dconfig.ini"
out=$(LD_LIBRARY_PATH="$libdir" D3D12RT_CONFIG="$stage/d3dconfig.ini" "$stage/app_copy" 2>&1 || true)
echo "$out" | grep -q "OpenAdapter failed (0x887a0004)" \
    || { echo "the runtime did not report the stub driver's refusal:"; echo "$out"; exit 1; }
LD_LIBRARY_PATH="$libdir" D3D12RT_CONFIG=/nonexistent "$stage/app_async" native
printf '[device]\nforce-async-commands-fallback = true\n' > "$stage/force-fallback.ini"
LD_LIBRARY_PATH="$libdir" D3D12RT_CONFIG="$stage/force-fallback.ini" "$stage/app_async" fallback
# The opt-in alone: on a driver without native Async Commands (the built-in one with its
# caps hidden by a test-setup spy mask) SetFallbackLayerEnabled(TRUE) gives FALLBACK.
LD_LIBRARY_PATH="$libdir" D3D12RT_CONFIG=/nonexistent D3D12RT_TEST_DRIVER_MASKS=hide_async_commands \
    "$stage/app_async" fallback
