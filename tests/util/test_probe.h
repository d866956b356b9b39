/*
 * What a device's driver offers, asked through the API alone and without Check asserts, so
 * that d3d12rt-conformance can probe a driver before any test runs and a test can follow
 * the route the runtime picks for the driver it runs on.
 */
#ifndef TEST_PROBE_H
#define TEST_PROBE_H

#define COBJMACROS
#include <d3d12rt/d3d12.h>

#include <stdbool.h>

/* The driver creates a compute pipeline from DXBC (the runtime's own shaders are DXBC). */
bool test_probe_dxbc(ID3D12Device *device);
/* 4-sample R8G8B8A8_UNORM has a quality level. */
bool test_probe_msaa(ID3D12Device *device);
/* Occlusion and timestamp query heaps can be created. */
bool test_probe_query_heaps(ID3D12Device *device);
/* The driver records command lists itself (D3D12RT_FEATURE_THREADING), so a DDI spy sees
 * each call while the application records it, not at ExecuteCommandLists. */
bool test_probe_driver_lists(ID3D12Device *device);

#endif
