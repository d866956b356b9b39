/*
 * Heaps, resources and descriptor heaps: every validation error of their creation with
 * the exact HRESULT, Map/Unmap, placed resources sharing memory, heap properties,
 * GetCopyableFootprints, GetResourceAllocationInfo and the descriptor registry.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rt_adapter.h"
#include "rt_descriptor_heap.h"
#include "rt_device.h"
#include "rt_resource.h"
#include "ddi_spy.h"
#include "test_device.h"
#include "test_run.h"

static ID3D12Device *create_device(void)
{
    ID3D12Device *device = NULL;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    return device;
}

static D3D12_RESOURCE_DESC buffer_desc(UINT64 size, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = desc.DepthOrArraySize = desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    desc.Flags = flags;
    return desc;
}

static D3D12_RESOURCE_DESC texture_desc(UINT width, UINT height, DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = desc.MipLevels = 1;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    desc.Flags = flags;
    return desc;
}

static D3D12_HEAP_PROPERTIES heap_properties(D3D12_HEAP_TYPE type)
{
    D3D12_HEAP_PROPERTIES properties;

    memset(&properties, 0, sizeof(properties));
    properties.Type = type;
    return properties;
}

static HRESULT create_committed(ID3D12Device *device, D3D12_HEAP_TYPE type, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12Resource **resource)
{
    D3D12_HEAP_PROPERTIES properties = heap_properties(type);

    *resource = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
    return ID3D12Device_CreateCommittedResource(device, &properties, D3D12_HEAP_FLAG_NONE, desc, state, clear,
            &IID_ID3D12Resource, (void **)resource);
}

/* Expects E_INVALIDARG and a cleared output. */
#define check_committed_invalid(device, type, desc, state, clear) \
    check_committed_invalid_(__LINE__, device, type, desc, state, clear)
static void check_committed_invalid_(int line, ID3D12Device *device, D3D12_HEAP_TYPE type,
        const D3D12_RESOURCE_DESC *desc, D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear)
{
    ID3D12Resource *resource;
    HRESULT hr = create_committed(device, type, desc, state, clear, &resource);

    ck_assert_msg(hr == E_INVALIDARG, "line %d: hr %#x", line, (unsigned int)hr);
    ck_assert_msg(!resource, "line %d: output not cleared", line);
}

static HRESULT create_heap(ID3D12Device *device, const D3D12_HEAP_DESC *desc, ID3D12Heap **heap)
{
    *heap = (ID3D12Heap *)(uintptr_t)0xdeadbeef;
    return ID3D12Device_CreateHeap(device, desc, &IID_ID3D12Heap, (void **)heap);
}

static D3D12_HEAP_DESC heap_desc(D3D12_HEAP_TYPE type, UINT64 size, D3D12_HEAP_FLAGS flags)
{
    D3D12_HEAP_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = size;
    desc.Properties.Type = type;
    desc.Flags = flags;
    return desc;
}

/* ---- Committed resources ------------------------------------------------------------------- */

START_TEST(test_committed_textures)
{
    D3D12_RESOURCE_DESC desc = texture_desc(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    D3D12_CLEAR_VALUE clear = {DXGI_FORMAT_R8G8B8A8_UNORM, {{1.0f, 0.0f, 0.0f, 1.0f}}};
    ID3D12Device *device = create_device();
    D3D12_HEAP_PROPERTIES properties;
    D3D12_RESOURCE_DESC1 desc1;
    ID3D12Resource *resource;
    D3D12_HEAP_FLAGS flags;
    void *object;

    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET,
            &clear, &resource), S_OK);
    ck_assert_uint_eq(get_refcount(device), 2);
    ck_assert_int_eq(ID3D12Resource_GetGPUVirtualAddress(resource), 0);
    ck_assert_int_eq(ID3D12Resource_GetHeapProperties(resource, &properties, &flags), S_OK);
    ck_assert_int_eq(properties.Type, D3D12_HEAP_TYPE_DEFAULT);
    ck_assert_uint_eq(properties.CreationNodeMask, 1);
    ck_assert_uint_eq(properties.VisibleNodeMask, 1);
    ck_assert_int_eq(flags, D3D12_HEAP_FLAG_NONE);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Resource1_GetProtectedResourceSession((ID3D12Resource1 *)resource,
            &IID_ID3D12ProtectedResourceSession, &object), DXGI_ERROR_NOT_FOUND);
    ck_assert_ptr_null(object);
    desc1 = ID3D12Resource2_GetDesc1((ID3D12Resource2 *)resource);
    ck_assert_uint_eq(desc1.Width, 32);
    ck_assert_int_eq(desc1.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
    ck_assert_uint_eq(ID3D12Resource_Release(resource), 0);

    /* MipLevels 0 means the whole chain. */
    desc.MipLevels = 0;
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET,
            &clear, &resource), S_OK);
    ck_assert_uint_eq(ID3D12Resource_GetDesc(resource).MipLevels, 6);
    ID3D12Resource_Release(resource);
    desc.MipLevels = 1;

    /* States: a write state alone, and one the resource's flags allow. */
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc,
            D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, &clear);
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, NULL);
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, (D3D12_RESOURCE_STATES)0x4000000, NULL);
    desc.Flags = 0;
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET, NULL);

    /* Optimized clear values: render targets and depth-stencil only, of a matching format. */
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, &clear);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    clear.Format = DXGI_FORMAT_R32_FLOAT;
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, &clear);
    clear.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, &clear);
    clear.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, &clear,
            &resource), S_OK);
    ID3D12Resource_Release(resource);
    desc = texture_desc(32, 32, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    clear.Format = DXGI_FORMAT_R32_FLOAT;
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_DEPTH_WRITE, &clear);
    clear.Format = DXGI_FORMAT_D32_FLOAT;
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_DEPTH_WRITE,
            &clear, &resource), S_OK);
    ID3D12Resource_Release(resource);

    /* No textures in UPLOAD or READBACK heaps, whatever interface is asked for. */
    desc = texture_desc(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    check_committed_invalid(device, D3D12_HEAP_TYPE_UPLOAD, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, NULL);
    check_committed_invalid(device, D3D12_HEAP_TYPE_READBACK, &desc, D3D12_RESOURCE_STATE_COPY_DEST, NULL);
    properties = heap_properties(D3D12_HEAP_TYPE_UPLOAD);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, 0, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Device, &object), E_INVALIDARG);
    ck_assert_ptr_null(object);

    /* Description rules (ddi_validate_resource_desc) come back as E_INVALIDARG. */
    desc = texture_desc(32, 31, DXGI_FORMAT_BC1_UNORM, 0);
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, NULL);
    desc = texture_desc(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, NULL);

    /* Multisampled textures never live in CPU-visible memory. */
    desc = texture_desc(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    desc.SampleDesc.Count = 4;
    properties = heap_properties(D3D12_HEAP_TYPE_CUSTOM);
    properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    properties.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, 0, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_ptr_null(object);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_committed_buffers)
{
    static const struct
    {
        D3D12_HEAP_TYPE heap_type;
        D3D12_RESOURCE_FLAGS flags;
    }
    invalid[] =
    {
        {D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET},
        {D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET},
        {D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS},
        {D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS},
        {D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS},
        {D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS},
    };
    D3D12_CLEAR_VALUE clear = {DXGI_FORMAT_R8G8B8A8_UNORM, {{0}}};
    D3D12_RESOURCE_DESC desc = buffer_desc(32, 0);
    ID3D12Device *device = create_device();
    D3D12_HEAP_PROPERTIES properties;
    ID3D12Resource *resource;
    unsigned int i;
    void *object;

    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, NULL,
            &resource), S_OK);
    ck_assert_int_ne(ID3D12Resource_GetGPUVirtualAddress(resource), 0);
    ID3D12Resource_Release(resource);
    check_committed_invalid(device, D3D12_HEAP_TYPE_UPLOAD, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, &clear);
    /* Agility SDK 606 and later, as vkd3d-proton's test_create_committed_resource finds on
     * Windows: UPLOAD takes COMMON and any part of GENERIC_READ; READBACK COMMON and
     * COPY_DEST, not GENERIC_READ or COPY_SOURCE. */
    for (i = 0; i < 2; ++i)
    {
        ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, i ? D3D12_RESOURCE_STATE_COPY_SOURCE
                                          : D3D12_RESOURCE_STATE_COMMON, NULL, &resource), S_OK);
        ID3D12Resource_Release(resource);
        ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_READBACK, &desc, i ? D3D12_RESOURCE_STATE_COPY_DEST
                                          : D3D12_RESOURCE_STATE_COMMON, NULL, &resource), S_OK);
        ID3D12Resource_Release(resource);
    }
    check_committed_invalid(device, D3D12_HEAP_TYPE_UPLOAD, &desc, D3D12_RESOURCE_STATE_COPY_DEST, NULL);
    check_committed_invalid(device, D3D12_HEAP_TYPE_READBACK, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, NULL);
    check_committed_invalid(device, D3D12_HEAP_TYPE_READBACK, &desc, D3D12_RESOURCE_STATE_COPY_SOURCE, NULL);
    desc.MipLevels = 0;
    check_committed_invalid(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, NULL);

    for (i = 0; i < sizeof(invalid) / sizeof(*invalid); ++i)
    {
        desc = buffer_desc(32, invalid[i].flags);
        check_committed_invalid(device, invalid[i].heap_type, &desc, invalid[i].heap_type == D3D12_HEAP_TYPE_UPLOAD
                ? D3D12_RESOURCE_STATE_GENERIC_READ : invalid[i].heap_type == D3D12_HEAP_TYPE_READBACK
                ? D3D12_RESOURCE_STATE_COPY_DEST : D3D12_RESOURCE_STATE_COMMON, NULL);
    }

    /* NULL arguments, and a NULL output that only checks. */
    desc = buffer_desc(32, 0);
    properties = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, NULL, 0, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, 0, NULL, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, NULL), S_FALSE);
    ck_assert_uint_eq(get_refcount(device), 1);

    /* Heap flags of the implicit heap. */
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, D3D12_HEAP_FLAG_DENY_BUFFERS, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, D3D12_HEAP_FLAG_ALLOW_DISPLAY, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, (D3D12_HEAP_FLAGS)0x40000, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, D3D12_HEAP_FLAG_SHARED, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, &object), S_OK);
    ID3D12Resource_Release((ID3D12Resource *)object);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_committed_new_methods)
{
    D3D12_HEAP_PROPERTIES properties = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    D3D12_RESOURCE_DESC desc = texture_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    ID3D12ProtectedResourceSession *session = (ID3D12ProtectedResourceSession *)(uintptr_t)0x1;
    DXGI_FORMAT castable = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ID3D12Device *device = create_device();
    D3D12_RESOURCE_DESC1 desc1;
    ID3D12Device10 *device10;
    ID3D12Device8 *device8;
    ID3D12Device4 *device4;
    void *object;

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device4, (void **)&device4), S_OK);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device4_CreateCommittedResource1(device4, &properties, 0, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, session, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_ptr_null(object);
    ID3D12Device4_Release(device4);

    memset(&desc1, 0, sizeof(desc1));
    memcpy(&desc1, &desc, sizeof(desc));
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device8, (void **)&device8), S_OK);
    desc1.SamplerFeedbackMipRegion.Width = 4;
    ck_assert_int_eq(ID3D12Device8_CreateCommittedResource2(device8, &properties, 0, &desc1,
            D3D12_RESOURCE_STATE_COMMON, NULL, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    desc1.SamplerFeedbackMipRegion.Width = 0;
    ck_assert_int_eq(ID3D12Device8_CreateCommittedResource2(device8, &properties, 0, &desc1,
            D3D12_RESOURCE_STATE_COMMON, NULL, NULL, &IID_ID3D12Resource, &object), S_OK);
    ID3D12Resource_Release((ID3D12Resource *)object);
    ID3D12Device8_Release(device8);

    /* Enhanced-barrier creation: layouts instead of states. */
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device10, (void **)&device10), S_OK);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource3(device10, &properties, 0, &desc1,
            D3D12_BARRIER_LAYOUT_COMMON, NULL, NULL, 0, NULL, &IID_ID3D12Resource, &object), S_OK);
    ID3D12Resource_Release((ID3D12Resource *)object);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource3(device10, &properties, 0, &desc1,
            D3D12_BARRIER_LAYOUT_RENDER_TARGET, NULL, NULL, 0, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource3(device10, &properties, 0, &desc1,
            (D3D12_BARRIER_LAYOUT)0x1000, NULL, NULL, 0, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource3(device10, &properties, 0, &desc1,
            D3D12_BARRIER_LAYOUT_COMMON, NULL, NULL, 1, &castable, &IID_ID3D12Resource, &object), E_INVALIDARG);
    desc = buffer_desc(256, 0);
    memset(&desc1, 0, sizeof(desc1));
    memcpy(&desc1, &desc, sizeof(desc));
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource3(device10, &properties, 0, &desc1,
            D3D12_BARRIER_LAYOUT_COMMON, NULL, NULL, 0, NULL, &IID_ID3D12Resource, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource3(device10, &properties, 0, &desc1,
            D3D12_BARRIER_LAYOUT_UNDEFINED, NULL, NULL, 0, NULL, &IID_ID3D12Resource, &object), S_OK);
    ID3D12Resource_Release((ID3D12Resource *)object);
    ID3D12Device10_Release(device10);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- Heaps ------------------------------------------------------------------------------------ */

static D3D12RT_FEATURE_DATA_VIDEO_MEMORY_INFO memory_info(ID3D12Device *device)
{
    D3D12RT_FEATURE_DATA_VIDEO_MEMORY_INFO info;

    memset(&info, 0xcc, sizeof(info));
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12RT_FEATURE_VIDEO_MEMORY_INFO, &info,
            sizeof(info)), S_OK);
    return info;
}

/* Heaps and committed resources are created against a budget (half the RAM on this
 * unified-memory GPU, as agx_umd's GPU_INFO reports): what passes it is E_OUTOFMEMORY
 * with the output cleared, and the usage counts what lives. A 128 GiB 3D texture was
 * created (memory committed lazily) and its first clear killed the process. */
START_TEST(test_memory_budget)
{
    D3D12RT_FEATURE_DATA_VIDEO_MEMORY_INFO info, after;
    ID3D12Device *device = create_device();
    D3D12_HEAP_PROPERTIES properties = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    D3D12_RESOURCE_DESC desc = buffer_desc(1000000, D3D12_RESOURCE_FLAG_NONE);
    D3D12_HEAP_DESC hdesc;
    ID3D12Resource *buffer, *texture;
    ID3D12Heap *heap;
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);

    info = memory_info(device);
    ck_assert_uint_eq(info.Budget, (UINT64)pages * (UINT64)page_size / 2);
    ck_assert_uint_eq(ID3D12Device_CheckFeatureSupport(device, D3D12RT_FEATURE_VIDEO_MEMORY_INFO, &info,
            sizeof(info) - 1), E_INVALIDARG);

    /* A committed buffer takes its allocation: 1000000 bytes in 64 KiB units. */
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &buffer), S_OK);
    after = memory_info(device);
    ck_assert_uint_eq(after.CurrentUsage, info.CurrentUsage + 16 * 65536);
    hdesc = heap_desc(D3D12_HEAP_TYPE_DEFAULT, 4 * 65536, D3D12_HEAP_FLAG_NONE);
    ck_assert_int_eq(create_heap(device, &hdesc, &heap), S_OK);
    ck_assert_uint_eq(memory_info(device).CurrentUsage, info.CurrentUsage + 20 * 65536);
    ID3D12Heap_Release(heap);
    ID3D12Resource_Release(buffer);
    ck_assert_uint_eq(memory_info(device).CurrentUsage, info.CurrentUsage);

    /* Past the budget: refused, nothing taken. */
    hdesc = heap_desc(D3D12_HEAP_TYPE_DEFAULT, (info.Budget + 65536) & ~(UINT64)65535, D3D12_HEAP_FLAG_NONE);
    ck_assert_int_eq(create_heap(device, &hdesc, &heap), E_OUTOFMEMORY);
    ck_assert_ptr_null(heap);
    desc.Width = (info.Budget + 65536) & ~(UINT64)65535;
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &buffer), E_OUTOFMEMORY);
    ck_assert_ptr_null(buffer);
    /* 2048^3 texels of 16 bytes: 128 GiB. */
    desc = texture_desc(2048, 2048, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D12_RESOURCE_FLAG_NONE);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    desc.DepthOrArraySize = 2048;
    if (info.Budget < (128ull << 30))
    {
        texture = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
        ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, D3D12_HEAP_FLAG_NONE, &desc,
                D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&texture), E_OUTOFMEMORY);
        ck_assert_ptr_null(texture);
    }
    ck_assert_uint_eq(memory_info(device).CurrentUsage, info.CurrentUsage);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_heaps)
{
    static const struct
    {
        UINT64 alignment;
        HRESULT hr;
    }
    alignments[] =
    {
        {D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT, S_OK},
        {D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT, S_OK},
        {2 * D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT, E_INVALIDARG},
        {2 * D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT, E_INVALIDARG},
        {D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT, E_INVALIDARG},
    };
    D3D12_HEAP_DESC desc = heap_desc(D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES);
    ID3D12Device *device = create_device();
    ID3D12Heap *heap;
    D3D12_HEAP_DESC result;
    unsigned int i;
    void *object;

    ck_assert_int_eq(create_heap(device, &desc, &heap), S_OK);
    ck_assert_uint_eq(get_refcount(device), 2);
    result = ID3D12Heap_GetDesc(heap);
    ck_assert_uint_eq(result.SizeInBytes, 65536);
    ck_assert_uint_eq(result.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    ck_assert_int_eq(result.Properties.Type, D3D12_HEAP_TYPE_DEFAULT);
    ck_assert_int_eq(result.Properties.CPUPageProperty, D3D12_CPU_PAGE_PROPERTY_UNKNOWN);
    ck_assert_uint_eq(result.Properties.CreationNodeMask, 1);
    ck_assert_uint_eq(result.Properties.VisibleNodeMask, 1);
    ck_assert_int_eq(result.Flags, D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Heap1_GetProtectedResourceSession((ID3D12Heap1 *)heap, &IID_ID3D12ProtectedResourceSession,
            &object), DXGI_ERROR_NOT_FOUND);
    ck_assert_ptr_null(object);
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);

    ck_assert_int_eq(create_heap(device, NULL, &heap), E_INVALIDARG);
    ck_assert_ptr_null(heap);
    desc.SizeInBytes = 0;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.SizeInBytes = 65536;
    desc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES | D3D12_HEAP_FLAG_ALLOW_DISPLAY;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES | D3D12_HEAP_FLAG_ALLOW_DISPLAY;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    ck_assert_ptr_null(heap);
    desc.Flags = D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES
            | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.Flags = (D3D12_HEAP_FLAGS)0x40000;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS;
    desc.Properties.CreationNodeMask = 2;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.Properties.CreationNodeMask = 0;
    desc.Properties.Type = (D3D12_HEAP_TYPE)0;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.Properties.Type = (D3D12_HEAP_TYPE)7;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.Properties.Type = D3D12_HEAP_TYPE_UPLOAD;
    desc.Properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    ck_assert_int_eq(create_heap(device, &desc, &heap), E_INVALIDARG);
    desc.Properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_UNKNOWN;
    ck_assert_int_eq(ID3D12Device4_CreateHeap1((ID3D12Device4 *)device, &desc,
            (ID3D12ProtectedResourceSession *)(uintptr_t)0x1, &IID_ID3D12Heap, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, NULL), S_FALSE);

    desc = heap_desc(D3D12_HEAP_TYPE_DEFAULT, 0, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    for (i = 0; i < sizeof(alignments) / sizeof(*alignments); ++i)
    {
        desc.SizeInBytes = 10 * alignments[i].alignment;
        desc.Alignment = alignments[i].alignment;
        ck_assert_msg(create_heap(device, &desc, &heap) == alignments[i].hr, "alignment %#" PRIx64,
                (uint64_t)alignments[i].alignment);
        if (SUCCEEDED(alignments[i].hr))
        {
            ck_assert_uint_eq(ID3D12Heap_GetDesc(heap).Alignment, alignments[i].alignment);
            ID3D12Heap_Release(heap);
        }
    }
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_custom_heap_properties)
{
    static const struct
    {
        D3D12_CPU_PAGE_PROPERTY page;
        D3D12_MEMORY_POOL pool;
        HRESULT uma, discrete;
    }
    tests[] =
    {
        {D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, E_INVALIDARG, E_INVALIDARG},
        {D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_UNKNOWN, E_INVALIDARG, E_INVALIDARG},
        {D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_UNKNOWN, E_INVALIDARG, E_INVALIDARG},
        {D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_L0, E_INVALIDARG, E_INVALIDARG},
        {D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L0, S_OK, S_OK},
        {D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L0, S_OK, S_OK},
        {D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0, S_OK, S_OK},
        {D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L1, E_INVALIDARG, S_OK},
        {D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L1, E_INVALIDARG, E_INVALIDARG},
        {D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L1, E_INVALIDARG, E_INVALIDARG},
    };
    struct ddi_spy_masks masks;
    D3D12_HEAP_PROPERTIES properties;
    D3D12_HEAP_DESC desc;
    ID3D12Device *device;
    struct ddi_spy *spy;
    ID3D12Heap *heap;
    unsigned int i, pass;

    for (pass = 0; pass < 2; ++pass)
    {
        /* Pass 0: the driver's own (unified) memory; pass 1: a discrete adapter. */
        memset(&masks, 0, sizeof(masks));
        masks.max_tiled_resources_tier = -1;
        masks.report_discrete = pass == 1;
        spy = ddi_spy_create(&masks, false);
        rt_testing_set_driver_spy(spy);
        device = create_device();
        rt_testing_set_driver_spy(NULL);
        ddi_spy_destroy(spy);
        ck_assert(rt_device_from_iface(device)->architecture.UMA == !pass);

        properties = ID3D12Device_GetCustomHeapProperties(device, 1, D3D12_HEAP_TYPE_DEFAULT);
        ck_assert_int_eq(properties.Type, D3D12_HEAP_TYPE_CUSTOM);
        ck_assert_int_eq(properties.CPUPageProperty, D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE);
        ck_assert_int_eq(properties.MemoryPoolPreference, pass ? D3D12_MEMORY_POOL_L1 : D3D12_MEMORY_POOL_L0);
        properties = ID3D12Device_GetCustomHeapProperties(device, 1, D3D12_HEAP_TYPE_UPLOAD);
        ck_assert_int_eq(properties.CPUPageProperty,
                pass ? D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE : D3D12_CPU_PAGE_PROPERTY_WRITE_BACK);
        ck_assert_int_eq(properties.MemoryPoolPreference, D3D12_MEMORY_POOL_L0);
        properties = ID3D12Device_GetCustomHeapProperties(device, 1, D3D12_HEAP_TYPE_READBACK);
        ck_assert_int_eq(properties.CPUPageProperty, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK);
        ck_assert_int_eq(properties.MemoryPoolPreference, D3D12_MEMORY_POOL_L0);
        ck_assert_uint_eq(properties.CreationNodeMask, 1);

        desc = heap_desc(D3D12_HEAP_TYPE_CUSTOM, 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
        for (i = 0; i < sizeof(tests) / sizeof(*tests); ++i)
        {
            HRESULT expected = pass ? tests[i].discrete : tests[i].uma, hr;

            desc.Properties.CPUPageProperty = tests[i].page;
            desc.Properties.MemoryPoolPreference = tests[i].pool;
            hr = create_heap(device, &desc, &heap);
            ck_assert_msg(hr == expected, "pass %u, test %u: hr %#x", pass, i, (unsigned int)hr);
            if (SUCCEEDED(hr))
            {
                ck_assert_int_eq(ID3D12Heap_GetDesc(heap).Properties.CPUPageProperty, tests[i].page);
                ID3D12Heap_Release(heap);
            }
        }
        ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    }
}
END_TEST

/* ---- Placed and reserved resources ------------------------------------------------------------ */

static HRESULT create_placed(ID3D12Device *device, ID3D12Heap *heap, UINT64 offset, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12Resource **resource)
{
    *resource = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
    return ID3D12Device_CreatePlacedResource(device, heap, offset, desc, state, clear, &IID_ID3D12Resource,
            (void **)resource);
}

START_TEST(test_placed_resources)
{
    D3D12_CLEAR_VALUE clear = {DXGI_FORMAT_R8G8B8A8_UNORM, {{0}}};
    D3D12_HEAP_DESC desc = heap_desc(D3D12_HEAP_TYPE_DEFAULT, 2 * 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    D3D12_RESOURCE_DESC buffer = buffer_desc(32, 0), texture;
    ID3D12Device *device = create_device();
    D3D12_HEAP_PROPERTIES properties;
    ID3D12Resource *resource;
    D3D12_HEAP_FLAGS flags;
    ID3D12Heap *heap;

    ck_assert_int_eq(create_heap(device, &desc, &heap), S_OK);
    ck_assert_int_eq(create_placed(device, heap, 0, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL, &resource), S_OK);
    /* The heap's count is the application's alone; the device counts both children. */
    ck_assert_uint_eq(get_refcount(heap), 1);
    ck_assert_uint_eq(get_refcount(device), 3);
    ck_assert_int_ne(ID3D12Resource_GetGPUVirtualAddress(resource), 0);
    ck_assert_int_eq(ID3D12Resource_GetHeapProperties(resource, &properties, &flags), S_OK);
    ck_assert_int_eq(properties.Type, D3D12_HEAP_TYPE_DEFAULT);
    ck_assert_int_eq(flags, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    ID3D12Resource_Release(resource);

    ck_assert_int_eq(create_placed(device, heap, 0, &buffer, D3D12_RESOURCE_STATE_COMMON, &clear, &resource),
            E_INVALIDARG);
    ck_assert_ptr_null(resource);
    texture = texture_desc(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    ck_assert_int_eq(create_placed(device, heap, 0, &texture, D3D12_RESOURCE_STATE_COMMON, NULL, &resource),
            E_INVALIDARG);
    ck_assert_int_eq(create_placed(device, NULL, 0, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL, &resource),
            E_INVALIDARG);
    ck_assert_int_eq(create_placed(device, heap, 0, NULL, D3D12_RESOURCE_STATE_COMMON, NULL, &resource), E_INVALIDARG);
    /* Offsets: aligned and inside the heap. */
    ck_assert_int_eq(create_placed(device, heap, 256, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL, &resource),
            E_INVALIDARG);
    ck_assert_int_eq(create_placed(device, heap, 65536, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL, &resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(create_placed(device, heap, 2 * 65536, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL, &resource),
            E_INVALIDARG);
    buffer = buffer_desc(65537, 0);
    ck_assert_int_eq(create_placed(device, heap, 65536, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL, &resource),
            E_INVALIDARG);
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);

    /* Resources in UPLOAD heaps follow the UPLOAD rules. */
    desc = heap_desc(D3D12_HEAP_TYPE_UPLOAD, 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    ck_assert_int_eq(create_heap(device, &desc, &heap), S_OK);
    buffer = buffer_desc(32, 0);
    ck_assert_int_eq(create_placed(device, heap, 0, &buffer, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, NULL,
            &resource), E_INVALIDARG);
    buffer = buffer_desc(32, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    ck_assert_int_eq(create_placed(device, heap, 0, &buffer, D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &resource),
            E_INVALIDARG);
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);

    /* A heap of render targets and depth-stencil textures refuses other textures. */
    desc = heap_desc(D3D12_HEAP_TYPE_DEFAULT, 16 * 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES);
    ck_assert_int_eq(create_heap(device, &desc, &heap), S_OK);
    ck_assert_int_eq(create_placed(device, heap, 0, &texture, D3D12_RESOURCE_STATE_COMMON, NULL, &resource),
            E_INVALIDARG);
    texture.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    ck_assert_int_eq(create_placed(device, heap, 0, &texture, D3D12_RESOURCE_STATE_RENDER_TARGET, NULL, &resource),
            S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_placed_memory_sharing)
{
    D3D12_HEAP_DESC desc = heap_desc(D3D12_HEAP_TYPE_UPLOAD, 2 * 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    D3D12_RESOURCE_DESC buffer = buffer_desc(4096, 0);
    ID3D12Resource *a, *b, *c;
    ID3D12Device *device = create_device();
    uint32_t *pa, *pb, *pc;
    D3D12_RANGE range = {0, 4096};
    ID3D12Heap *heap;
    unsigned int i;

    ck_assert_int_eq(create_heap(device, &desc, &heap), S_OK);
    ck_assert_int_eq(create_placed(device, heap, 0, &buffer, D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &a), S_OK);
    ck_assert_int_eq(create_placed(device, heap, 0, &buffer, D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &b), S_OK);
    ck_assert_int_eq(create_placed(device, heap, 65536, &buffer, D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &c), S_OK);
    /* The resources keep the memory alive after the heap's last public reference. */
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);

    ck_assert_int_eq(ID3D12Resource_Map(a, 0, NULL, (void **)&pa), S_OK);
    for (i = 0; i < 1024; ++i)
        pa[i] = 0x10000u + i;
    ck_assert_int_eq(ID3D12Resource_Map(c, 0, NULL, (void **)&pc), S_OK);
    for (i = 0; i < 1024; ++i)
        pc[i] = 0xc0de0000u + i;
    ID3D12Resource_Unmap(a, 0, NULL);

    /* Aliases see the same bytes; the other placement is 64 KiB further. */
    ck_assert_int_eq(ID3D12Resource_Map(b, 0, &range, (void **)&pb), S_OK);
    for (i = 0; i < 1024; ++i)
        ck_assert_uint_eq(pb[i], 0x10000u + i);
    ck_assert_ptr_eq((char *)pc, (char *)pb + 65536);
    ck_assert_uint_eq(pb[65536 / 4 + 5], 0xc0de0005u);
    ID3D12Resource_Unmap(b, 0, NULL);
    ID3D12Resource_Unmap(c, 0, NULL);

    ck_assert_uint_eq(ID3D12Resource_Release(a), 0);
    ck_assert_uint_eq(ID3D12Resource_Release(b), 0);
    ck_assert_uint_eq(ID3D12Resource_Release(c), 0);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_reserved_resources)
{
    D3D12_RESOURCE_DESC buffer = buffer_desc(65536, 0);
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3D12Device *device = create_device();
    ID3D12Resource *resource;

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    resource = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
    if (options.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
    {
        ck_assert_int_eq(ID3D12Device_CreateReservedResource(device, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL,
                &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
        ck_assert_ptr_null(resource);
    }
    ck_assert_int_eq(ID3D12Device_CreateReservedResource(device, NULL, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- Map and CPU access ------------------------------------------------------------------------ */

START_TEST(test_map)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(256, 0);
    ID3D12Device *device = create_device();
    D3D12_HEAP_PROPERTIES properties;
    ID3D12Resource *resource;
    D3D12_BOX box;
    uint8_t *data, *data2, bytes[64];
    unsigned int i;

    /* DEFAULT memory is not mappable; the pointer is left alone. */
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &resource), S_OK);
    data = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, (void **)&data), E_INVALIDARG);
    ck_assert_ptr_eq(data, (void *)(uintptr_t)0xdeadbeef);
    ID3D12Resource_Release(resource);

    /* UPLOAD: write, unmap, map again and read. */
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, NULL,
            &resource), S_OK);
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, (void **)&data), S_OK);
    for (i = 0; i < 256; ++i)
        data[i] = (uint8_t)(i ^ 0x5a);
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, (void **)&data2), S_OK);
    ck_assert_ptr_eq(data, data2);
    ID3D12Resource_Unmap(resource, 0, NULL);
    ID3D12Resource_Unmap(resource, 0, NULL);
    data = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Resource_Map(resource, 1, NULL, (void **)&data), E_INVALIDARG);
    ck_assert_ptr_eq(data, (void *)(uintptr_t)0xdeadbeef);
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, (void **)&data), S_OK);
    for (i = 0; i < 256; ++i)
        ck_assert_uint_eq(data[i], (uint8_t)(i ^ 0x5a));
    /* An invalid subresource or an extra Unmap is ignored. */
    ID3D12Resource_Unmap(resource, 1, NULL);
    ID3D12Resource_Unmap(resource, 0, NULL);
    ID3D12Resource_Unmap(resource, 0, NULL);
    /* Mapping without a pointer is allowed. */
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, NULL), S_OK);
    ID3D12Resource_Unmap(resource, 0, NULL);
    /* Buffers are written through Map, not WriteToSubresource. */
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(resource, 0, NULL, bytes, 64, 64), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(resource, bytes, 64, 64, 0, NULL), E_INVALIDARG);
    ck_assert_uint_eq(ID3D12Resource_Release(resource), 0);

    /* READBACK is mappable too. */
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_READBACK, &desc, D3D12_RESOURCE_STATE_COPY_DEST, NULL,
            &resource), S_OK);
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, (void **)&data), S_OK);
    ck_assert_ptr_nonnull(data);
    ID3D12Resource_Unmap(resource, 0, NULL);
    ID3D12Resource_Release(resource);

    /* Textures in CPU-visible custom memory map without disclosing a pointer. */
    desc = texture_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    properties = heap_properties(D3D12_HEAP_TYPE_CUSTOM);
    properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    properties.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    data = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, (void **)&data), E_INVALIDARG);
    ck_assert_ptr_eq(data, (void *)(uintptr_t)0xdeadbeef);
    ck_assert_int_eq(ID3D12Resource_Map(resource, 0, NULL, NULL), S_OK);
    ID3D12Resource_Unmap(resource, 0, NULL);
    box.left = box.top = box.front = 0;
    box.right = 17;
    box.bottom = box.back = 1;
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(resource, 0, &box, bytes, 64, 64), E_INVALIDARG);
    box.right = 16;
    box.back = 2;
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(resource, bytes, 64, 64, 0, &box), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(resource, bytes, 64, 64, 1, NULL), E_INVALIDARG);
    box.left = box.right = 4;
    box.back = 1;
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(resource, 0, &box, bytes, 64, 64), S_OK);
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(resource, 0, &box, NULL, 64, 64), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(resource, NULL, 64, 64, 0, &box), E_INVALIDARG);
    ID3D12Resource_Release(resource);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- WriteToSubresource / ReadFromSubresource ------------------------------------------------- */

static ID3D12Resource *cpu_texture(ID3D12Device *device, const D3D12_RESOURCE_DESC *desc)
{
    D3D12_HEAP_PROPERTIES properties = heap_properties(D3D12_HEAP_TYPE_CUSTOM);
    ID3D12Resource *resource;

    properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    properties.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, 0, desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    return resource;
}

/* The driver's layout (pfnGetSubresourceLayout) places the bytes where the GPU reads
 * them: the CPU writes, a CopyTextureRegion reads them back packed, the CPU reads them
 * with another pitch; a box writes only its texels. */
START_TEST(test_cpu_texture_access)
{
    unsigned char data[16 * 8 * 4], patch[4 * 3 * 4], expected[16 * 8 * 4], got[8 * 80];
    D3D12_RESOURCE_DESC desc = texture_desc(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    D3D12_BOX box = {3, 2, 0, 7, 5, 1};
    ID3D12Resource *texture;
    struct test_context ctx;
    unsigned int y;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = cpu_texture(ctx.device, &desc);
    fill_pattern(data, sizeof(data), 11);
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(texture, 0, NULL, data, 64, sizeof(data)), S_OK);
    fill_pattern(patch, sizeof(patch), 12);
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(texture, 0, &box, patch, 16, sizeof(patch)), S_OK);
    memcpy(expected, data, sizeof(expected));
    for (y = 0; y < 3; ++y)
        memcpy(expected + (2 + y) * 64 + 3 * 4, patch + y * 16, 16);

    /* The GPU sees the CPU's bytes. */
    read_texture_subresource(&ctx, texture, 0, got);
    ck_assert_mem_eq(got, expected, sizeof(expected));

    /* The CPU reads them back with an 80-byte pitch; the padding stays untouched. */
    memset(got, 0xcd, sizeof(got));
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(texture, got, 80, sizeof(got), 0, NULL), S_OK);
    for (y = 0; y < 8; ++y)
    {
        ck_assert_mem_eq(got + y * 80, expected + y * 64, 64);
        ck_assert_uint_eq(got[y * 80 + 64], 0xcd);
        ck_assert_uint_eq(got[y * 80 + 79], 0xcd);
    }
    /* A box reads only its texels. */
    memset(got, 0xcd, sizeof(got));
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(texture, got, 16, 48, 0, &box), S_OK);
    ck_assert_mem_eq(got, patch, sizeof(patch));
    ck_assert_uint_eq(got[sizeof(patch)], 0xcd);
    ID3D12Resource_Release(texture);
    test_context_destroy(&ctx);
}
END_TEST

/* Block-compressed rows are rows of blocks; a 3D texture's slices are DepthPitch apart. */
START_TEST(test_cpu_texture_blocks_and_slices)
{
    unsigned char blocks[2 * 3 * 8], got[2 * 3 * 8], volume[4 * 4 * 3 * 2], vgot[4 * 4 * 3 * 2];
    D3D12_RESOURCE_DESC desc = texture_desc(8, 12, DXGI_FORMAT_BC1_UNORM, 0);
    D3D12_BOX slices = {0, 0, 1, 4, 4, 3};
    ID3D12Resource *texture;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = cpu_texture(ctx.device, &desc);
    fill_pattern(blocks, sizeof(blocks), 21);
    /* 8x12 texels: 2x3 blocks of 8 bytes, 16 bytes a row of blocks. */
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(texture, 0, NULL, blocks, 16, sizeof(blocks)), S_OK);
    read_texture_subresource(&ctx, texture, 0, got);
    ck_assert_mem_eq(got, blocks, sizeof(blocks));
    ID3D12Resource_Release(texture);

    desc = texture_desc(4, 4, DXGI_FORMAT_R16_UINT, 0);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    desc.DepthOrArraySize = 4;
    texture = cpu_texture(ctx.device, &desc);
    fill_pattern(volume, sizeof(volume), 22);
    /* Slices 1 and 2 of four, 8-byte rows, 32-byte slices. */
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(texture, 0, &slices, volume, 8, 32), S_OK);
    memset(vgot, 0xcd, sizeof(vgot));
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(texture, vgot, 8, 32, 0, &slices), S_OK);
    ck_assert_mem_eq(vgot, volume, 64);
    ID3D12Resource_Release(texture);
    test_context_destroy(&ctx);
}
END_TEST

/* BC7 on a WRITE_COMBINE heap: boxes count texels and cover whole 16-byte blocks; a
 * second mip level is its own subresource. Read back by a copy and by ReadFromSubresource
 * with a padded pitch. */
START_TEST(test_cpu_texture_bc7_mips)
{
    unsigned char level0[2 * 64], patch[32], expected[2 * 64], got[2 * 64], level1[32], padded[48];
    D3D12_RESOURCE_DESC desc = texture_desc(16, 8, DXGI_FORMAT_BC7_UNORM, 0);
    D3D12_HEAP_PROPERTIES properties = heap_properties(D3D12_HEAP_TYPE_CUSTOM);
    D3D12_BOX box = {4, 4, 0, 12, 8, 1};
    ID3D12Resource *texture;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    desc.MipLevels = 2;
    properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
    properties.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(ctx.device, &properties, 0, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&texture), S_OK);
    /* Mip 0: 16x8 texels, 4x2 blocks, 64-byte rows of blocks. */
    fill_pattern(level0, sizeof(level0), 31);
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(texture, 0, NULL, level0, 64, sizeof(level0)), S_OK);
    /* Texels 4-11 of rows 4-7: blocks 1 and 2 of block row 1, bytes 64 + 16 .. 64 + 48. */
    fill_pattern(patch, sizeof(patch), 32);
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(texture, 0, &box, patch, 32, sizeof(patch)), S_OK);
    memcpy(expected, level0, sizeof(expected));
    memcpy(expected + 64 + 16, patch, sizeof(patch));
    read_texture_subresource(&ctx, texture, 0, got);
    ck_assert_mem_eq(got, expected, sizeof(expected));
    /* Mip 1: 8x4 texels, one row of two blocks. */
    fill_pattern(level1, sizeof(level1), 33);
    ck_assert_int_eq(ID3D12Resource_WriteToSubresource(texture, 1, NULL, level1, 32, 32), S_OK);
    memset(padded, 0xcd, sizeof(padded));
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(texture, padded, 48, 48, 1, NULL), S_OK);
    ck_assert_mem_eq(padded, level1, sizeof(level1));
    ck_assert_uint_eq(padded[32], 0xcd);
    read_texture_subresource(&ctx, texture, 1, got);
    ck_assert_mem_eq(got, level1, sizeof(level1));
    /* Subresource 2 does not exist. */
    ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(texture, padded, 48, 48, 2, NULL), E_INVALIDARG);
    ID3D12Resource_Release(texture);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Footprints and allocation info ------------------------------------------------------------ */

START_TEST(test_copyable_footprints)
{
    D3D12_RESOURCE_DESC desc = texture_desc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[3];
    ID3D12Device *device = create_device();
    UINT64 row_sizes[3], total;
    UINT rows[3];

    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 1, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(layouts[0].Offset, 0);
    ck_assert_int_eq(layouts[0].Footprint.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
    ck_assert_uint_eq(layouts[0].Footprint.Width, 4);
    ck_assert_uint_eq(layouts[0].Footprint.Height, 4);
    ck_assert_uint_eq(layouts[0].Footprint.Depth, 1);
    ck_assert_uint_eq(layouts[0].Footprint.RowPitch, 256);
    ck_assert_uint_eq(rows[0], 4);
    ck_assert_uint_eq(row_sizes[0], 16);
    ck_assert_uint_eq(total, 3 * 256 + 16);

    /* Two mips from an offset: each subresource 512-aligned. */
    desc.MipLevels = 2;
    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 2, 1, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(layouts[0].Offset, 1);
    ck_assert_uint_eq(layouts[1].Offset, 1 + 1024);
    ck_assert_uint_eq(layouts[1].Footprint.Width, 2);
    ck_assert_uint_eq(rows[1], 2);
    ck_assert_uint_eq(total, 1024 + 256 + 8);

    desc = texture_desc(8, 8, DXGI_FORMAT_BC1_UNORM, 0);
    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 1, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(rows[0], 2);
    ck_assert_uint_eq(row_sizes[0], 16);

    desc = buffer_desc(100, 0);
    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 1, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(layouts[0].Footprint.Width, 100);
    ck_assert_int_eq(layouts[0].Footprint.Format, DXGI_FORMAT_UNKNOWN);
    ck_assert_uint_eq(total, 100);

    /* Invalid descriptions and ranges fill everything with ones. */
    desc = texture_desc(4, 4, DXGI_FORMAT_R32_UINT, 0);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 1, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(layouts[0].Offset, UINT64_MAX);
    ck_assert_uint_eq(rows[0], ~0u);
    ck_assert_uint_eq(row_sizes[0], UINT64_MAX);
    ck_assert_uint_eq(total, UINT64_MAX);
    desc = texture_desc(4, 4, DXGI_FORMAT_R32_UINT, 0);
    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 2, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(total, UINT64_MAX);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_allocation_info)
{
    D3D12_RESOURCE_DESC descs[2] = {buffer_desc(32, 0), buffer_desc(120000, 0)};
    D3D12_RESOURCE_ALLOCATION_INFO1 infos[2];
    D3D12_RESOURCE_ALLOCATION_INFO info, one;
    ID3D12Device *device = create_device();
    ID3D12Device4 *device4;

    info = ID3D12Device_GetResourceAllocationInfo(device, 0, 2, descs);
    ck_assert_uint_ge(info.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    ck_assert_uint_eq(info.SizeInBytes % info.Alignment, 0);
    ck_assert_uint_ge(info.SizeInBytes, 120000 + 32);

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device4, (void **)&device4), S_OK);
    one = ID3D12Device4_GetResourceAllocationInfo1(device4, 0, 2, descs, infos);
    ck_assert_uint_eq(one.SizeInBytes, info.SizeInBytes);
    ck_assert_uint_eq(one.Alignment, info.Alignment);
    ck_assert_uint_eq(infos[0].Offset, 0);
    ck_assert_uint_eq(infos[1].Offset % infos[1].Alignment, 0);
    ck_assert_uint_ge(infos[1].Offset, infos[0].SizeInBytes);
    ID3D12Device4_Release(device4);

    /* Buffers take 0 or 64 KiB alignment only. */
    descs[0].Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    info = ID3D12Device_GetResourceAllocationInfo(device, 0, 1, descs);
    ck_assert_uint_eq(info.SizeInBytes, UINT64_MAX);
    ck_assert_uint_eq(info.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);

    /* Small placement only for resources that fit 64 KiB. */
    descs[0] = texture_desc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    descs[0].Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    info = ID3D12Device_GetResourceAllocationInfo(device, 0, 1, descs);
    ck_assert_uint_ge(info.Alignment, D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT);
    ck_assert_uint_eq(info.SizeInBytes % info.Alignment, 0);
    descs[0] = texture_desc(1024, 1024, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    descs[0].Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    info = ID3D12Device_GetResourceAllocationInfo(device, 0, 1, descs);
    ck_assert_uint_eq(info.SizeInBytes, UINT64_MAX);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- Descriptor heaps ---------------------------------------------------------------------------- */

static HRESULT create_descriptor_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count,
        D3D12_DESCRIPTOR_HEAP_FLAGS flags, UINT node_mask, ID3D12DescriptorHeap **heap)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, count, flags, node_mask};

    *heap = (ID3D12DescriptorHeap *)(uintptr_t)0xdeadbeef;
    return ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)heap);
}

START_TEST(test_descriptor_heaps)
{
    static const struct
    {
        D3D12_DESCRIPTOR_HEAP_TYPE type;
        UINT count;
        D3D12_DESCRIPTOR_HEAP_FLAGS flags;
        UINT node_mask;
        HRESULT hr;
    }
    tests[] =
    {
        {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16, 0, 0, S_OK},
        {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 1, S_OK},
        {D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 2048, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0, S_OK},
        {D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 2049, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0, E_INVALIDARG},
        {D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 4096, 0, 0, S_OK},
        {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 8, 0, 0, S_OK},
        {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 8, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0, E_INVALIDARG},
        {D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 8, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0, E_INVALIDARG},
        {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1000001, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0, E_INVALIDARG},
        {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 0, 0, 0, E_INVALIDARG},
        {D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES, 8, 0, 0, E_INVALIDARG},
        {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 8, (D3D12_DESCRIPTOR_HEAP_FLAGS)0x2, 0, E_INVALIDARG},
        {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 8, 0, 2, E_INVALIDARG},
    };
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3D12Device *device = create_device();
    D3D12_DESCRIPTOR_HEAP_DESC desc;
    ID3D12DescriptorHeap *heap;
    unsigned int i;
    HRESULT hr;

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    for (i = 0; i < sizeof(tests) / sizeof(*tests); ++i)
    {
        HRESULT expected = tests[i].hr;

        /* Binding tier 3 lifts the shader-visible limit. */
        if (tests[i].count > 1000000 && options.ResourceBindingTier >= D3D12_RESOURCE_BINDING_TIER_3)
            expected = S_OK;
        hr = create_descriptor_heap(device, tests[i].type, tests[i].count, tests[i].flags, tests[i].node_mask, &heap);
        ck_assert_msg(hr == expected, "test %u: hr %#x", i, (unsigned int)hr);
        if (FAILED(hr))
        {
            ck_assert_ptr_null(heap);
            continue;
        }
        desc = ID3D12DescriptorHeap_GetDesc(heap);
        ck_assert_int_eq(desc.Type, tests[i].type);
        ck_assert_uint_eq(desc.NumDescriptors, tests[i].count);
        ck_assert_int_eq(desc.Flags, tests[i].flags);
        ck_assert_uint_eq(desc.NodeMask, 1);
        ck_assert_uint_ne(ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap).ptr, 0);
        if (tests[i].flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
            ck_assert_uint_ne(ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(heap).ptr, 0);
        else
            ck_assert_uint_eq(ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(heap).ptr, 0);
        ck_assert_uint_eq(ID3D12DescriptorHeap_Release(heap), 0);
    }
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, NULL, &IID_ID3D12DescriptorHeap, (void **)&heap),
            E_INVALIDARG);
    ck_assert_ptr_null(heap);
    /* A NULL output checks the description only: S_FALSE, as Microsoft's runtime answers
     * every creation method (vkd3d-proton's test_object_interface_null_cases observes it on
     * Windows for CreateFence, whatever the riid). */
    desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    desc.NumDescriptors = 4;
    desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
    desc.NodeMask = 0;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, NULL), S_FALSE);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12Heap, NULL), S_FALSE);
    desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, NULL),
            E_INVALIDARG);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_descriptor_registry)
{
    D3D12_RESOURCE_DESC desc = texture_desc(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    ID3D12DescriptorHeap *rtv_heap, *rtv_heap2, *srv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE start, start2, dst[2], src[1];
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);
    struct rt_descriptor_info info;
    ID3D12Resource *texture;
    UINT increment, sizes[2] = {1, 2}, src_sizes[1] = {3};
    D3D12_GPU_DESCRIPTOR_HANDLE gpu;

    ck_assert_int_eq(create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, 0, 0, &rtv_heap), S_OK);
    ck_assert_int_eq(create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, 0, 0, &rtv_heap2), S_OK);
    ck_assert_int_eq(create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 8,
            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0, &srv_heap), S_OK);
    increment = ID3D12Device_GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    start = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(rtv_heap);

    /* Handles map back to heap, type and index; anything else is refused. */
    ck_assert(rt_descriptor_lookup(impl, start.ptr + 3 * increment, &info));
    ck_assert_ptr_eq(&info.heap->ID3D12DescriptorHeap_iface, rtv_heap);
    ck_assert_int_eq(info.type, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ck_assert_uint_eq(info.index, 3);
    ck_assert(!info.shader_visible);
    ck_assert(!info.described);
    ck_assert(!rt_descriptor_lookup(impl, start.ptr + 4 * increment, &info) || info.heap != rt_descriptor_heap_from_iface(rtv_heap));
    ck_assert(!rt_descriptor_lookup(impl, start.ptr + 1, &info));
    ck_assert(rt_descriptor_range_valid(impl, start.ptr, 4, D3D12_DESCRIPTOR_HEAP_TYPE_RTV));
    ck_assert(!rt_descriptor_range_valid(impl, start.ptr + increment, 4, D3D12_DESCRIPTOR_HEAP_TYPE_RTV));
    ck_assert(!rt_descriptor_range_valid(impl, start.ptr, 1, D3D12_DESCRIPTOR_HEAP_TYPE_DSV));
    gpu = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(srv_heap);
    ck_assert(rt_descriptor_lookup_gpu(impl, gpu.ptr + 2 * ID3D12Device_GetDescriptorHandleIncrementSize(device,
            D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV), &info));
    ck_assert_uint_eq(info.index, 2);
    ck_assert(info.shader_visible);

    /* Render target views are remembered with their defaults filled in, and copied along. */
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET, NULL,
            &texture), S_OK);
    ID3D12Device_CreateRenderTargetView(device, texture, NULL, start);
    ck_assert(rt_descriptor_lookup(impl, start.ptr, &info));
    ck_assert(info.described);
    ck_assert_ptr_eq(info.resource, rt_resource_from_iface(texture));
    ck_assert_int_eq(info.rtv.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
    ck_assert_int_eq(info.rtv.ViewDimension, D3D12_RTV_DIMENSION_TEXTURE2D);
    start2 = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(rtv_heap2);
    ID3D12Device_CopyDescriptorsSimple(device, 1, start2, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ck_assert(rt_descriptor_lookup(impl, start2.ptr, &info));
    ck_assert(info.described);
    /* Ranges of different shapes: {1, 2} from {3}. */
    dst[0].ptr = start2.ptr + 3 * increment;
    dst[1].ptr = start2.ptr + 1 * increment;
    src[0] = start;
    ID3D12Device_CopyDescriptors(device, 2, dst, sizes, 1, src, src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ck_assert(rt_descriptor_lookup(impl, start2.ptr + 3 * increment, &info));
    ck_assert(info.described);
    ck_assert(rt_descriptor_lookup(impl, start2.ptr + 1 * increment, &info));
    ck_assert(!info.described);
    /* A copy that would leave a heap is dropped whole. */
    dst[0].ptr = start2.ptr + 3 * increment;
    ID3D12Device_CopyDescriptorsSimple(device, 2, dst[0], start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ck_assert(rt_descriptor_lookup(impl, start2.ptr + 3 * increment, &info));
    ck_assert(info.described);

    /* A released heap's range is gone. */
    ck_assert_uint_eq(ID3D12DescriptorHeap_Release(rtv_heap2), 0);
    ck_assert(!rt_descriptor_lookup(impl, start2.ptr, &info));
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(srv_heap);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_views)
{
    D3D12_RESOURCE_DESC desc = texture_desc(16, 16, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
    ID3D12DescriptorHeap *dsv_heap, *srv_heap, *sampler_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE dsv, srv, sampler;
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);
    struct rt_descriptor_info info;
    D3D12_SAMPLER_DESC sampler_desc;
    ID3D12Resource *depth, *buffer;

    ck_assert_int_eq(create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2, 0, 0, &dsv_heap), S_OK);
    ck_assert_int_eq(create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, 0, 0, &srv_heap), S_OK);
    ck_assert_int_eq(create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 4, 0, 0, &sampler_heap), S_OK);
    dsv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(dsv_heap);
    srv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(srv_heap);
    sampler = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(sampler_heap);

    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, D3D12_RESOURCE_STATE_DEPTH_WRITE, NULL,
            &depth), S_OK);
    ID3D12Device_CreateDepthStencilView(device, depth, NULL, dsv);
    ck_assert(rt_descriptor_lookup(impl, dsv.ptr, &info));
    ck_assert(info.described);
    ck_assert_int_eq(info.dsv.Format, DXGI_FORMAT_D32_FLOAT);
    ck_assert_int_eq(info.dsv.ViewDimension, D3D12_DSV_DIMENSION_TEXTURE2D);
    /* A view into the wrong kind of heap is ignored, not written. */
    ID3D12Device_CreateDepthStencilView(device, depth, NULL, srv);
    ck_assert(rt_descriptor_lookup(impl, srv.ptr, &info));
    ck_assert(!info.described);

    desc = buffer_desc(1024, 0);
    ck_assert_int_eq(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, NULL,
            &buffer), S_OK);
    cbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(buffer);
    cbv.SizeInBytes = 256;
    ID3D12Device_CreateConstantBufferView(device, &cbv, srv);
    ID3D12Device_CreateConstantBufferView(device, NULL, srv);
    memset(&sampler_desc, 0, sizeof(sampler_desc));
    sampler_desc.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    sampler_desc.AddressU = sampler_desc.AddressV = sampler_desc.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    sampler_desc.MaxLOD = 1000.0f;
    ID3D12Device_CreateSampler(device, &sampler_desc, sampler);
    ID3D12Device_CreateSampler(device, &sampler_desc, srv);

    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(depth);
    ID3D12DescriptorHeap_Release(sampler_heap);
    ID3D12DescriptorHeap_Release(srv_heap);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("resource");
    TCase *tc;

    tc = tcase_create("committed");
    tcase_add_test(tc, test_committed_textures);
    tcase_add_test(tc, test_committed_buffers);
    tcase_add_test(tc, test_committed_new_methods);
    tcase_add_test(tc, test_memory_budget);
    suite_add_tcase(suite, tc);

    tc = tcase_create("heaps");
    tcase_add_test(tc, test_heaps);
    tcase_add_test(tc, test_custom_heap_properties);
    tcase_add_test(tc, test_placed_resources);
    tcase_add_test(tc, test_placed_memory_sharing);
    tcase_add_test(tc, test_reserved_resources);
    suite_add_tcase(suite, tc);

    tc = tcase_create("access");
    tcase_add_test(tc, test_map);
    tcase_add_test(tc, test_cpu_texture_access);
    tcase_add_test(tc, test_cpu_texture_blocks_and_slices);
    tcase_add_test(tc, test_cpu_texture_bc7_mips);
    tcase_add_test(tc, test_copyable_footprints);
    tcase_add_test(tc, test_allocation_info);
    suite_add_tcase(suite, tc);

    tc = tcase_create("descriptors");
    tcase_add_test(tc, test_descriptor_heaps);
    tcase_add_test(tc, test_descriptor_registry);
    tcase_add_test(tc, test_views);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
