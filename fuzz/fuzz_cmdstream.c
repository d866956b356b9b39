/*
 * libFuzzer target: a structured command stream. The input is read as a sequence of
 * Async Commands calls (buffer, texture and resource copies, fills, texture clears,
 * bound clears of render targets and depth, subresource resolves), legacy copies,
 * render passes (begun and ended by separate calls, with clears, preserves, resolves
 * and flags) and barriers (legacy transitions, UAV and aliasing barriers, enhanced
 * texture and buffer barriers) with arguments taken from the bytes, valid and invalid
 * alike, and submissions in between. The same
 * sequence runs on two devices in one process: one whose driver takes the calls
 * natively (a DDI spy forcing the driver's Async table, as the tests' native mode does)
 * and one with the fallback forced by its configuration file. Afterwards both must
 * agree on every Close result and on every byte of every resource.
 *
 * Between calls the stream records a global barrier (all work before, all after), so
 * that the order of overlapping writes is defined and both devices must produce it;
 * not inside a render pass, where barriers are not allowed. Clear values are ones whose
 * conversion to every target format is exact, so a shader's write (the fallback's bound
 * clears) and the encoder's bytes (native) must agree. Op bytes 0-6 keep the meaning
 * they had before the later ops were added, so older corpus entries still mean what
 * they meant.
 */
#include "fuzz_common.h"
#include "ddi_spy.h"
#include "rt_adapter.h"

#include <string.h>
#include <unistd.h>

#define FUZZ_BUFFERS 3
#define FUZZ_BUFFER_SIZE 4096u
#define FUZZ_TEX_SIZE 16u
#define FUZZ_TEX_MIPS 2u
#define FUZZ_STAGING_SIZE (64u * 1024u)
#define FUZZ_MAX_CALLS 24
#define FUZZ_MAX_CLOSES (FUZZ_MAX_CALLS + 2)
#define FUZZ_DEPTH_OFFSET (32u * 1024u)   /* the depth plane's place in the staging buffers */
#define FUZZ_OPS 13

/* One device and everything the stream works on. */
struct fuzz_side
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12GraphicsCommandList12 *list12;
    ID3D12Fence *fence;
    UINT64 fence_value;
    ID3D12Resource *buffers[FUZZ_BUFFERS];
    ID3D12Resource *texture;
    ID3D12Resource *msaa;              /* 4x, cleared at each reset; read through resolves */
    ID3D12Resource *depth;             /* D32_FLOAT, read back, never written from staging */
    ID3D12Resource *upload, *readback;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprints[FUZZ_TEX_MIPS], depth_footprint;
    ID3D12DescriptorHeap *rtv_heap, *dsv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtvs[3];   /* texture mip 0, mip 1, msaa */
    D3D12_CPU_DESCRIPTOR_HANDLE dsv;
    bool in_pass;                      /* a BeginRenderPass was recorded since the last End */
    HRESULT closes[FUZZ_MAX_CLOSES];
    unsigned int close_count;
};

static struct fuzz_side sides[2];   /* native, fallback */
static char fuzz_config_path[64];

/* Reads the stream; past its end every value is 0. */
struct fuzz_reader
{
    const uint8_t *data;
    size_t size, pos;
};

static uint32_t fuzz_u8(struct fuzz_reader *r)
{
    return r->pos < r->size ? r->data[r->pos++] : 0;
}

static uint32_t fuzz_u16(struct fuzz_reader *r)
{
    uint32_t lo = fuzz_u8(r);

    return lo | fuzz_u8(r) << 8;
}

static ID3D12Resource *fuzz_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size,
                                   D3D12_RESOURCE_STATES state)
{
    D3D12_RESOURCE_DESC desc = {0};
    D3D12_HEAP_PROPERTIES heap = {0};
    ID3D12Resource *resource;

    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    heap.Type = type;
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, state,
                                                              NULL, &IID_ID3D12Resource, (void **)&resource)));
    return resource;
}

static D3D12_CPU_DESCRIPTOR_HANDLE fuzz_handle(ID3D12Device *device, ID3D12DescriptorHeap *heap,
                                               D3D12_DESCRIPTOR_HEAP_TYPE type, UINT index)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);

    handle.ptr += (SIZE_T)index * ID3D12Device_GetDescriptorHandleIncrementSize(device, type);
    return handle;
}

/* The MSAA and depth textures and the views the bound clears and render passes use. */
static void fuzz_side_create_targets(struct fuzz_side *side, const D3D12_RESOURCE_DESC *texture_desc)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 3, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_RENDER_TARGET_VIEW_DESC rtv = {0};
    D3D12_HEAP_PROPERTIES heap = {0};
    D3D12_RESOURCE_DESC desc = *texture_desc;
    unsigned int i;

    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 4;
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateCommittedResource(side->device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&side->msaa)));
    desc.SampleDesc.Count = 1;
    desc.Format = DXGI_FORMAT_D32_FLOAT;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateCommittedResource(side->device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&side->depth)));
    ID3D12Device_GetCopyableFootprints(side->device, &desc, 0, 1, FUZZ_DEPTH_OFFSET, &side->depth_footprint, NULL,
                                       NULL, NULL);

    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateDescriptorHeap(side->device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                           (void **)&side->rtv_heap)));
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_DSV;
    heap_desc.NumDescriptors = 1;
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateDescriptorHeap(side->device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                           (void **)&side->dsv_heap)));
    for (i = 0; i < 3; ++i)
        side->rtvs[i] = fuzz_handle(side->device, side->rtv_heap, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, i);
    rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rtv.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    for (i = 0; i < FUZZ_TEX_MIPS; ++i)
    {
        rtv.Texture2D.MipSlice = i;
        ID3D12Device_CreateRenderTargetView(side->device, side->texture, &rtv, side->rtvs[i]);
    }
    ID3D12Device_CreateRenderTargetView(side->device, side->msaa, NULL, side->rtvs[2]);
    side->dsv = fuzz_handle(side->device, side->dsv_heap, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 0);
    ID3D12Device_CreateDepthStencilView(side->device, side->depth, NULL, side->dsv);
}

static void fuzz_side_create(struct fuzz_side *side, bool fallback)
{
    static const struct ddi_spy_masks native_masks = {.max_tiled_resources_tier = -1, .force_async_commands = true};
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async = {0};
    D3D12_COMMAND_QUEUE_DESC queue_desc = {0};
    D3D12_HEAP_PROPERTIES heap = {0};
    D3D12_RESOURCE_DESC desc = {0};
    ID3D12DeviceFactory *factory;
    struct ddi_spy *spy = NULL;
    unsigned int i;

    setenv("D3D12RT_CONFIG", fallback ? fuzz_config_path : "/nonexistent/d3d12rt-fuzz.ini", 1);
    if (!fallback)
    {
        FUZZ_CHECK(spy = ddi_spy_create(&native_masks, false));
        ddi_spy_set_recording(spy, false);
        rt_testing_set_driver_spy(spy);
    }
    /* Two devices at once: D3D12CreateDevice would hand back its one device per adapter. */
    FUZZ_CHECK(SUCCEEDED(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory)));
    FUZZ_CHECK(SUCCEEDED(ID3D12DeviceFactory_SetFlags(factory,
                                                      D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON)));
    FUZZ_CHECK(SUCCEEDED(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                                                          (void **)&side->device)));
    ID3D12DeviceFactory_Release(factory);
    rt_testing_set_driver_spy(NULL);
    if (spy)
        ddi_spy_destroy(spy);
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CheckFeatureSupport(side->device, D3D12_FEATURE_ASYNC_COMMANDS, &async,
                                                          sizeof(async))));
    FUZZ_CHECK(async.Impl == (fallback ? D3D12_ASYNC_COMMANDS_IMPL_FALLBACK : D3D12_ASYNC_COMMANDS_IMPL_NATIVE));

    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateCommandQueue(side->device, &queue_desc, &IID_ID3D12CommandQueue,
                                                         (void **)&side->queue)));
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateCommandAllocator(side->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&side->allocator)));
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateCommandList(side->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT,
            side->allocator, NULL, &IID_ID3D12GraphicsCommandList, (void **)&side->list)));
    FUZZ_CHECK(SUCCEEDED(ID3D12GraphicsCommandList_QueryInterface(side->list, &IID_ID3D12GraphicsCommandList12,
                                                                  (void **)&side->list12)));
    ID3D12GraphicsCommandList12_Release(side->list12);
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateFence(side->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                                                  (void **)&side->fence)));
    for (i = 0; i < FUZZ_BUFFERS; ++i)
        side->buffers[i] = fuzz_buffer(side->device, D3D12_HEAP_TYPE_DEFAULT, FUZZ_BUFFER_SIZE,
                                       D3D12_RESOURCE_STATE_COMMON);
    side->upload = fuzz_buffer(side->device, D3D12_HEAP_TYPE_UPLOAD, FUZZ_STAGING_SIZE,
                               D3D12_RESOURCE_STATE_GENERIC_READ);
    side->readback = fuzz_buffer(side->device, D3D12_HEAP_TYPE_READBACK, FUZZ_STAGING_SIZE,
                                 D3D12_RESOURCE_STATE_COPY_DEST);

    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = FUZZ_TEX_SIZE;
    desc.Height = FUZZ_TEX_SIZE;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = FUZZ_TEX_MIPS;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    FUZZ_CHECK(SUCCEEDED(ID3D12Device_CreateCommittedResource(side->device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&side->texture)));
    ID3D12Device_GetCopyableFootprints(side->device, &desc, 0, FUZZ_TEX_MIPS, FUZZ_BUFFERS * FUZZ_BUFFER_SIZE,
                                       side->footprints, NULL, NULL, NULL);
    fuzz_side_create_targets(side, &desc);
}

static void fuzz_global_barrier(struct fuzz_side *side)
{
    D3D12_GLOBAL_BARRIER barrier = {0};
    D3D12_BARRIER_GROUP group;

    barrier.SyncBefore = D3D12_BARRIER_SYNC_ALL;
    barrier.SyncAfter = D3D12_BARRIER_SYNC_ALL;
    barrier.AccessBefore = D3D12_BARRIER_ACCESS_COMMON;
    barrier.AccessAfter = D3D12_BARRIER_ACCESS_COMMON;
    group.Type = D3D12_BARRIER_TYPE_GLOBAL;
    group.NumBarriers = 1;
    group.pGlobalBarriers = &barrier;
    ID3D12GraphicsCommandList12_Barrier(side->list12, 1, &group);
}

/* Close, execute if it closed, wait, Reset; the Close result is remembered. */
static void fuzz_submit(struct fuzz_side *side)
{
    ID3D12CommandList *list = (ID3D12CommandList *)side->list;
    HRESULT hr = ID3D12GraphicsCommandList_Close(side->list);

    if (side->close_count < FUZZ_MAX_CLOSES)
        side->closes[side->close_count++] = hr;
    side->in_pass = false;
    if (SUCCEEDED(hr))
        ID3D12CommandQueue_ExecuteCommandLists(side->queue, 1, &list);
    FUZZ_CHECK(SUCCEEDED(ID3D12CommandQueue_Signal(side->queue, side->fence, ++side->fence_value)));
    FUZZ_CHECK(SUCCEEDED(ID3D12Fence_SetEventOnCompletion(side->fence, side->fence_value, NULL)));
    FUZZ_CHECK(SUCCEEDED(ID3D12CommandAllocator_Reset(side->allocator)));
    FUZZ_CHECK(SUCCEEDED(ID3D12GraphicsCommandList_Reset(side->list, side->allocator, NULL)));
}

/* The buffers, then the texture's subresources, laid out in the staging buffers. */
static void fuzz_copy_all(struct fuzz_side *side, bool to_staging)
{
    D3D12_TEXTURE_COPY_LOCATION tex, staged;
    ID3D12Resource *staging = to_staging ? side->readback : side->upload;
    unsigned int i;

    for (i = 0; i < FUZZ_BUFFERS; ++i)
    {
        if (to_staging)
            ID3D12GraphicsCommandList_CopyBufferRegion(side->list, staging, i * FUZZ_BUFFER_SIZE, side->buffers[i], 0,
                                                       FUZZ_BUFFER_SIZE);
        else
            ID3D12GraphicsCommandList_CopyBufferRegion(side->list, side->buffers[i], 0, staging, i * FUZZ_BUFFER_SIZE,
                                                       FUZZ_BUFFER_SIZE);
    }
    for (i = 0; i < FUZZ_TEX_MIPS; ++i)
    {
        tex.pResource = side->texture;
        tex.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
        tex.SubresourceIndex = i;
        staged.pResource = staging;
        staged.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
        staged.PlacedFootprint = side->footprints[i];
        if (to_staging)
            ID3D12GraphicsCommandList_CopyTextureRegion(side->list, &staged, 0, 0, 0, &tex, NULL);
        else
            ID3D12GraphicsCommandList_CopyTextureRegion(side->list, &tex, 0, 0, 0, &staged, NULL);
    }
    if (to_staging)
    {
        tex.pResource = side->depth;
        tex.SubresourceIndex = 0;
        staged.PlacedFootprint = side->depth_footprint;
        ID3D12GraphicsCommandList_CopyTextureRegion(side->list, &staged, 0, 0, 0, &tex, NULL);
    }
}

/* Every resource back to the same known bytes. */
static void fuzz_reset_contents(struct fuzz_side *side)
{
    static const FLOAT msaa_color[4] = {0.2f, 0.6f, 1.0f, 0.0f};
    D3D12_RANGE none = {0, 0};
    uint8_t *ptr;
    size_t i;

    FUZZ_CHECK(SUCCEEDED(ID3D12Resource_Map(side->upload, 0, &none, (void **)&ptr)));
    for (i = 0; i < FUZZ_STAGING_SIZE; ++i)
        ptr[i] = (uint8_t)(i * 131 + (i >> 8) * 7);
    ID3D12Resource_Unmap(side->upload, 0, NULL);
    fuzz_copy_all(side, false);
    ID3D12GraphicsCommandList_ClearRenderTargetView(side->list, side->rtvs[2], msaa_color, 0, NULL);
    ID3D12GraphicsCommandList_ClearDepthStencilView(side->list, side->dsv, D3D12_CLEAR_FLAG_DEPTH, 0.25f, 0, 0, NULL);
    fuzz_submit(side);
    side->close_count = 0;
}

static const DXGI_FORMAT fuzz_formats[] =
{
    DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R16_UINT,
    DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_D32_FLOAT,
    (DXGI_FORMAT)0xfff,
};

/* A resource of the stream by index: a buffer, the texture, or NULL. */
static ID3D12Resource *fuzz_resource(struct fuzz_side *side, uint32_t index)
{
    index %= FUZZ_BUFFERS + 2;
    if (index < FUZZ_BUFFERS)
        return side->buffers[index];
    return index == FUZZ_BUFFERS ? side->texture : NULL;
}

/* Floats of the stream: small integers and halves, so both devices see values whose
 * conversion D3D defines exactly. */
static float fuzz_float(struct fuzz_reader *r)
{
    return (float)((int)fuzz_u8(r) - 64) / 2.0f;
}

/* Raw patterns take bytes, formatted fills floats. */
static void fuzz_fill_value(struct fuzz_reader *r, D3D12_FILL_BUFFER_DESC *desc)
{
    unsigned int i;

    if (desc->Format == DXGI_FORMAT_UNKNOWN)
        for (i = 0; i < 16; ++i)
            desc->FillValue.Bytes[i] = (UINT8)fuzz_u8(r);
    else
        for (i = 0; i < 4; ++i)
            desc->FillValue.Floats[i] = fuzz_float(r);
}

/* Clear values whose conversion to UNORM8 and float targets is exact (k/255, 0, 1,
 * clamped ones), and depths D32 holds exactly. */
static float fuzz_clear_float(struct fuzz_reader *r)
{
    static const float values[] = {0.0f, 1.0f, 0.2f, 0.6f, -3.0f, 5.0f, 0.4f};

    return values[fuzz_u8(r) % (sizeof(values) / sizeof(values[0]))];
}

static void fuzz_box(struct fuzz_reader *r, D3D12_BOX *box)
{
    box->left = fuzz_u8(r) % 20;
    box->top = fuzz_u8(r) % 20;
    box->front = fuzz_u8(r) % 2;
    box->right = fuzz_u8(r) % 20;
    box->bottom = fuzz_u8(r) % 20;
    box->back = fuzz_u8(r) % 3;
}

/* CopyTextureRegions of any of its three kinds (and an invalid fourth), regions with or
 * without source boxes. A copy within one subresource is undefined: skipped. */
static void fuzz_texture_copy(struct fuzz_side *side, struct fuzz_reader *r)
{
    D3D12_TEXTURE_COPY_REGION regions[2];
    D3D12_TEXTURE_COPY_DESC desc;
    D3D12_SUBRESOURCE_FOOTPRINT *footprint;
    D3D12_BOX boxes[2];
    uint32_t i;

    memset(&desc, 0, sizeof(desc));
    desc.Type = (D3D12_TEXTURE_COPY_DESC_TYPE)(fuzz_u8(r) % 4);
    desc.NumRegions = fuzz_u8(r) % 3;
    desc.pCopyRegions = regions;
    for (i = 0; i < desc.NumRegions; ++i)
    {
        regions[i].DestX = fuzz_u8(r) % 20;
        regions[i].DestY = fuzz_u8(r) % 20;
        regions[i].DestZ = fuzz_u8(r) % 2;
        regions[i].pSourceBox = NULL;
        if (fuzz_u8(r) % 2)
        {
            fuzz_box(r, &boxes[i]);
            regions[i].pSourceBox = &boxes[i];
        }
    }
    if (desc.Type == D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE)
    {
        desc.TextureTextureCopy.pDest = fuzz_resource(side, fuzz_u8(r) % 2 ? FUZZ_BUFFERS : fuzz_u8(r));
        desc.TextureTextureCopy.DestSubresourceIndex = fuzz_u8(r) % 3;
        desc.TextureTextureCopy.pSource = fuzz_resource(side, fuzz_u8(r) % 2 ? FUZZ_BUFFERS : fuzz_u8(r));
        desc.TextureTextureCopy.SourceSubresourceIndex = fuzz_u8(r) % 3;
        if (desc.TextureTextureCopy.pDest == desc.TextureTextureCopy.pSource
                && desc.TextureTextureCopy.DestSubresourceIndex == desc.TextureTextureCopy.SourceSubresourceIndex)
            return;
    }
    else
    {
        desc.BufferTextureCopy.pBuffer = fuzz_resource(side, fuzz_u8(r));
        desc.BufferTextureCopy.pTexture = fuzz_resource(side, fuzz_u8(r) % 2 ? FUZZ_BUFFERS : fuzz_u8(r));
        desc.BufferTextureCopy.SubresourceIndex = fuzz_u8(r) % 3;
        desc.BufferTextureCopy.PlacedFootprint.Offset = (fuzz_u8(r) % 9) * 512;
        footprint = &desc.BufferTextureCopy.PlacedFootprint.Footprint;
        footprint->Format = fuzz_u8(r) % 4 ? DXGI_FORMAT_R8G8B8A8_UNORM
                : fuzz_formats[fuzz_u8(r) % (sizeof(fuzz_formats) / sizeof(fuzz_formats[0]))];
        footprint->Width = fuzz_u8(r) % 20;
        footprint->Height = fuzz_u8(r) % 20;
        footprint->Depth = 1 + fuzz_u8(r) % 2;
        footprint->RowPitch = (fuzz_u8(r) % 5) * 128;
    }
    ID3D12GraphicsCommandList12_CopyTextureRegions(side->list12, 1, &desc);
}

/* OMSetRenderTargets (outside a render pass) of up to two of the side's RTVs and the
 * DSV, then ClearBoundRenderTargetViews or ClearBoundDepthStencilView with a mask,
 * flags and regions that may name what is not bound or lies outside. */
static void fuzz_bound_clear(struct fuzz_side *side, struct fuzz_reader *r)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handles[2];
    D3D12_BOX boxes[3][2], depth_boxes[2];
    const D3D12_BOX *regions[3];
    D3D12_CLEAR_DATA values[3];
    UINT region_counts[3], rt_count, i, j;

    rt_count = fuzz_u8(r) % 3;
    for (i = 0; i < rt_count; ++i)
        handles[i] = side->rtvs[fuzz_u8(r) % 3];
    if (!side->in_pass)
        ID3D12GraphicsCommandList_OMSetRenderTargets(side->list, rt_count, handles, FALSE,
                                                     fuzz_u8(r) % 2 ? &side->dsv : NULL);
    if (fuzz_u8(r) % 3)
    {
        memset(values, 0, sizeof(values));
        for (i = 0; i < 3; ++i)
        {
            for (j = 0; j < 4; ++j)
                values[i].Floats[j] = fuzz_clear_float(r);
            region_counts[i] = fuzz_u8(r) % 3;
            for (j = 0; j < region_counts[i]; ++j)
                fuzz_box(r, &boxes[i][j]);
            regions[i] = boxes[i];
        }
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(side->list12, fuzz_u8(r) % 8, values,
                                                                region_counts, fuzz_u8(r) % 4 ? regions : NULL);
    }
    else
    {
        UINT count = fuzz_u8(r) % 3;

        for (j = 0; j < count; ++j)
            fuzz_box(r, &depth_boxes[j]);
        ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(side->list12, (D3D12_CLEAR_FLAGS)(fuzz_u8(r) % 5),
                fuzz_clear_float(r), (UINT8)fuzz_u8(r), count, count ? depth_boxes : NULL);
    }
}

/* ResolveSubresourceRegionAsync, mostly of the MSAA texture into the texture, with
 * rectangles, formats and modes valid and not. */
static void fuzz_resolve(struct fuzz_side *side, struct fuzz_reader *r)
{
    static const D3D12_RESOLVE_MODE modes[] = {D3D12_RESOLVE_MODE_AVERAGE, D3D12_RESOLVE_MODE_MIN,
            D3D12_RESOLVE_MODE_MAX, D3D12_RESOLVE_MODE_DECOMPRESS, (D3D12_RESOLVE_MODE)9};
    ID3D12Resource *dst = fuzz_u8(r) % 4 ? side->texture : fuzz_resource(side, fuzz_u8(r));
    ID3D12Resource *src = fuzz_u8(r) % 4 ? side->msaa : fuzz_resource(side, fuzz_u8(r));
    UINT dst_sub = fuzz_u8(r) % 3, x = fuzz_u8(r) % 20, y = fuzz_u8(r) % 20, src_sub = fuzz_u8(r) % 2;
    D3D12_RECT rect;
    DXGI_FORMAT format;
    bool has_rect;

    has_rect = fuzz_u8(r) % 2;
    rect.left = (LONG)(fuzz_u8(r) % 20) - 2;
    rect.top = (LONG)(fuzz_u8(r) % 20) - 2;
    rect.right = (LONG)(fuzz_u8(r) % 20);
    rect.bottom = (LONG)(fuzz_u8(r) % 20);
    format = fuzz_u8(r) % 3 ? DXGI_FORMAT_R8G8B8A8_UNORM
            : fuzz_formats[fuzz_u8(r) % (sizeof(fuzz_formats) / sizeof(fuzz_formats[0]))];
    ID3D12GraphicsCommandList12_ResolveSubresourceRegionAsync(side->list12, dst, dst_sub, x, y, src, src_sub,
            has_rect ? &rect : NULL, format, modes[fuzz_u8(r) % (sizeof(modes) / sizeof(modes[0]))]);
}

/* An access of a render pass: mostly CLEAR, PRESERVE or NO_ACCESS (DISCARD leaves the
 * contents undefined, where the two devices may differ), now and then a value past the
 * enum. */
static void fuzz_pass_begin(struct fuzz_reader *r, D3D12_RENDER_PASS_BEGINNING_ACCESS *access)
{
    static const D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE types[] = {D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR,
            D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE, D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS,
            (D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE)7};
    unsigned int i;

    memset(access, 0, sizeof(*access));
    access->Type = types[fuzz_u8(r) % (sizeof(types) / sizeof(types[0]))];
    access->Clear.ClearValue.Format = fuzz_u8(r) % 4 ? DXGI_FORMAT_UNKNOWN : DXGI_FORMAT_R32_FLOAT;
    for (i = 0; i < 4; ++i)
        access->Clear.ClearValue.Color[i] = fuzz_clear_float(r);
    access->Clear.ClearValue.DepthStencil.Depth = access->Clear.ClearValue.Color[0];
}

static void fuzz_pass_end(struct fuzz_side *side, struct fuzz_reader *r, D3D12_RENDER_PASS_ENDING_ACCESS *access,
                          D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *resolve)
{
    static const D3D12_RENDER_PASS_ENDING_ACCESS_TYPE types[] = {D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE,
            D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE, D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS,
            (D3D12_RENDER_PASS_ENDING_ACCESS_TYPE)9};

    memset(access, 0, sizeof(*access));
    access->Type = types[fuzz_u8(r) % (sizeof(types) / sizeof(types[0]))];
    if (access->Type != D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE)
        return;
    resolve->SrcSubresource = fuzz_u8(r) % 2;
    resolve->DstSubresource = fuzz_u8(r) % 3;
    resolve->DstX = fuzz_u8(r) % 20;
    resolve->DstY = fuzz_u8(r) % 20;
    resolve->SrcRect.left = (LONG)(fuzz_u8(r) % 20);
    resolve->SrcRect.top = (LONG)(fuzz_u8(r) % 20);
    resolve->SrcRect.right = (LONG)(fuzz_u8(r) % 20);
    resolve->SrcRect.bottom = (LONG)(fuzz_u8(r) % 20);
    access->Resolve.pSrcResource = fuzz_u8(r) % 4 ? side->msaa : fuzz_resource(side, fuzz_u8(r));
    access->Resolve.pDstResource = fuzz_u8(r) % 4 ? side->texture : fuzz_resource(side, fuzz_u8(r));
    access->Resolve.SubresourceCount = fuzz_u8(r) % 3 ? 1 : 0;
    access->Resolve.pSubresourceParameters = resolve;
    access->Resolve.Format = fuzz_u8(r) % 4 ? DXGI_FORMAT_R8G8B8A8_UNORM : DXGI_FORMAT_R32_FLOAT;
    access->Resolve.ResolveMode = fuzz_u8(r) % 4 ? D3D12_RESOLVE_MODE_AVERAGE : (D3D12_RESOLVE_MODE)(fuzz_u8(r) % 8);
    access->Resolve.PreserveResolveSource = fuzz_u8(r) % 2;
}

/* BeginRenderPass of up to two RTVs (the MSAA one may resolve) and maybe the DSV. */
static void fuzz_render_pass(struct fuzz_side *side, struct fuzz_reader *r)
{
    D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS resolves[4];
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rts[2];
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC ds;
    ID3D12GraphicsCommandList4 *list4 = (ID3D12GraphicsCommandList4 *)side->list12;
    UINT count = fuzz_u8(r) % 3, i;
    bool has_ds;

    for (i = 0; i < count; ++i)
    {
        rts[i].cpuDescriptor = side->rtvs[fuzz_u8(r) % 3];
        fuzz_pass_begin(r, &rts[i].BeginningAccess);
        fuzz_pass_end(side, r, &rts[i].EndingAccess, &resolves[i]);
    }
    if ((has_ds = fuzz_u8(r) % 2))
    {
        ds.cpuDescriptor = side->dsv;
        fuzz_pass_begin(r, &ds.DepthBeginningAccess);
        fuzz_pass_begin(r, &ds.StencilBeginningAccess);
        fuzz_pass_end(side, r, &ds.DepthEndingAccess, &resolves[2]);
        fuzz_pass_end(side, r, &ds.StencilEndingAccess, &resolves[3]);
        /* D32_FLOAT has no stencil plane: anything else there is invalid. */
        if (fuzz_u8(r) % 4)
        {
            ds.StencilBeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS;
            ds.StencilEndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS;
        }
    }
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, count, rts, has_ds ? &ds : NULL,
                                               (D3D12_RENDER_PASS_FLAGS)(fuzz_u8(r) % 16 ? 0 : fuzz_u8(r) % 16));
    side->in_pass = true;
}

static const D3D12_RESOURCE_STATES fuzz_states[] =
{
    D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE,
    D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE, D3D12_RESOURCE_STATE_RESOLVE_DEST,
    D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, (D3D12_RESOURCE_STATES)0x80000000u,
};

static const D3D12_BARRIER_LAYOUT fuzz_layouts[] =
{
    D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_COPY_SOURCE,
    D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_RESOLVE_SOURCE, D3D12_BARRIER_LAYOUT_UNDEFINED,
    (D3D12_BARRIER_LAYOUT)77,
};

/* A side resource for barriers: the buffers, the textures, or NULL. */
static ID3D12Resource *fuzz_barrier_resource(struct fuzz_side *side, struct fuzz_reader *r)
{
    uint32_t index = fuzz_u8(r) % (FUZZ_BUFFERS + 4);

    if (index == FUZZ_BUFFERS + 2)
        return side->msaa;
    if (index == FUZZ_BUFFERS + 3)
        return side->depth;
    return fuzz_resource(side, index);
}

/* A legacy ResourceBarrier of up to two barriers, or an enhanced Barrier group. The
 * states and layouts do not change what the simulated device stores, so the bytes
 * stay comparable; Close must agree. Transitions are always back to COMMON in a
 * second call, so the global barriers that follow stay valid. */
static void fuzz_barrier(struct fuzz_side *side, struct fuzz_reader *r)
{
    D3D12_RESOURCE_BARRIER barriers[2];
    UINT count, i;

    if (fuzz_u8(r) % 2)
    {
        count = fuzz_u8(r) % 3;
        memset(barriers, 0, sizeof(barriers));
        for (i = 0; i < count; ++i)
        {
            barriers[i].Type = (D3D12_RESOURCE_BARRIER_TYPE)(fuzz_u8(r) % 4);
            barriers[i].Flags = (D3D12_RESOURCE_BARRIER_FLAGS)(fuzz_u8(r) % 8 ? 0 : fuzz_u8(r) % 5);
            if (barriers[i].Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION)
            {
                barriers[i].Transition.pResource = fuzz_barrier_resource(side, r);
                barriers[i].Transition.Subresource = fuzz_u8(r) % 4 ? D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES
                        : fuzz_u8(r) % 4;
                barriers[i].Transition.StateBefore = fuzz_u8(r) % 2 ? D3D12_RESOURCE_STATE_COMMON
                        : fuzz_states[fuzz_u8(r) % (sizeof(fuzz_states) / sizeof(fuzz_states[0]))];
                barriers[i].Transition.StateAfter = fuzz_states[fuzz_u8(r) % (sizeof(fuzz_states)
                                                                               / sizeof(fuzz_states[0]))];
            }
            else if (barriers[i].Type == D3D12_RESOURCE_BARRIER_TYPE_ALIASING)
            {
                barriers[i].Aliasing.pResourceBefore = fuzz_barrier_resource(side, r);
                barriers[i].Aliasing.pResourceAfter = fuzz_barrier_resource(side, r);
            }
            else
            {
                barriers[i].UAV.pResource = fuzz_barrier_resource(side, r);
            }
        }
        ID3D12GraphicsCommandList_ResourceBarrier(side->list, count, barriers);
        for (i = 0; i < count; ++i)
        {
            if (barriers[i].Type != D3D12_RESOURCE_BARRIER_TYPE_TRANSITION)
                continue;
            barriers[i].Transition.StateBefore = barriers[i].Transition.StateAfter;
            barriers[i].Transition.StateAfter = D3D12_RESOURCE_STATE_COMMON;
        }
        ID3D12GraphicsCommandList_ResourceBarrier(side->list, count, barriers);
    }
    else if (fuzz_u8(r) % 2)
    {
        D3D12_TEXTURE_BARRIER texture = {0};
        D3D12_BARRIER_GROUP group = {D3D12_BARRIER_TYPE_TEXTURE, 1, {.pTextureBarriers = &texture}};

        texture.SyncBefore = fuzz_u8(r) % 4 ? D3D12_BARRIER_SYNC_ALL : (D3D12_BARRIER_SYNC)fuzz_u16(r);
        texture.SyncAfter = D3D12_BARRIER_SYNC_ALL;
        texture.AccessBefore = fuzz_u8(r) % 4 ? D3D12_BARRIER_ACCESS_COMMON : (D3D12_BARRIER_ACCESS)fuzz_u16(r);
        texture.AccessAfter = D3D12_BARRIER_ACCESS_COMMON;
        texture.LayoutBefore = fuzz_u8(r) % 2 ? D3D12_BARRIER_LAYOUT_COMMON
                : fuzz_layouts[fuzz_u8(r) % (sizeof(fuzz_layouts) / sizeof(fuzz_layouts[0]))];
        texture.LayoutAfter = fuzz_layouts[fuzz_u8(r) % (sizeof(fuzz_layouts) / sizeof(fuzz_layouts[0]))];
        texture.pResource = fuzz_barrier_resource(side, r);
        texture.Subresources.IndexOrFirstMipLevel = fuzz_u8(r) % 4 ? 0xffffffffu : fuzz_u8(r) % 3;
        texture.Subresources.NumMipLevels = fuzz_u8(r) % 3;
        texture.Subresources.NumArraySlices = fuzz_u8(r) % 2;
        texture.Subresources.NumPlanes = fuzz_u8(r) % 2;
        texture.Flags = (D3D12_TEXTURE_BARRIER_FLAGS)(fuzz_u8(r) % 8 ? 0 : fuzz_u8(r) % 3);
        group.NumBarriers = fuzz_u8(r) % 8 ? 1 : 0;
        ID3D12GraphicsCommandList12_Barrier(side->list12, 1, &group);
        texture.LayoutBefore = texture.LayoutAfter;
        texture.LayoutAfter = D3D12_BARRIER_LAYOUT_COMMON;
        ID3D12GraphicsCommandList12_Barrier(side->list12, 1, &group);
    }
    else
    {
        D3D12_BUFFER_BARRIER buffer = {0};
        D3D12_BARRIER_GROUP group = {D3D12_BARRIER_TYPE_BUFFER, 1, {.pBufferBarriers = &buffer}};

        buffer.SyncBefore = D3D12_BARRIER_SYNC_ALL;
        buffer.SyncAfter = fuzz_u8(r) % 4 ? D3D12_BARRIER_SYNC_ALL : (D3D12_BARRIER_SYNC)fuzz_u16(r);
        buffer.AccessBefore = D3D12_BARRIER_ACCESS_COMMON;
        buffer.AccessAfter = fuzz_u8(r) % 4 ? D3D12_BARRIER_ACCESS_COMMON : (D3D12_BARRIER_ACCESS)fuzz_u16(r);
        buffer.pResource = fuzz_barrier_resource(side, r);
        buffer.Offset = fuzz_u8(r) % 4 ? 0 : fuzz_u16(r);
        buffer.Size = fuzz_u8(r) % 4 ? UINT64_MAX : fuzz_u16(r);
        ID3D12GraphicsCommandList12_Barrier(side->list12, 1, &group);
    }
}

/* One call of the stream, recorded on one side. */
static void fuzz_call(struct fuzz_side *side, struct fuzz_reader *r)
{
    uint32_t op = fuzz_u8(r) % FUZZ_OPS, count, i;

    switch (op)
    {
        case 0:
        {
            ID3D12Resource *dsts[3], *srcs[3];
            UINT64 dst_offsets[3], src_offsets[3], sizes[3];
            uint32_t d, d2;

            count = fuzz_u8(r) % 4;
            for (i = 0; i < count; ++i)
            {
                dsts[i] = fuzz_resource(side, d = fuzz_u8(r));
                dst_offsets[i] = fuzz_u16(r) % (FUZZ_BUFFER_SIZE + 64);
                /* A copy within one buffer has undefined contents (decision D009): the
                 * source is then the next buffer. */
                srcs[i] = fuzz_resource(side, (d2 = fuzz_u8(r)) % (FUZZ_BUFFERS + 2) == d % (FUZZ_BUFFERS + 2)
                                              && d % (FUZZ_BUFFERS + 2) < FUZZ_BUFFERS ? (d + 1) % FUZZ_BUFFERS : d2);
                src_offsets[i] = fuzz_u16(r) % (FUZZ_BUFFER_SIZE + 64);
                sizes[i] = fuzz_u16(r) % (FUZZ_BUFFER_SIZE + 64);
            }
            ID3D12GraphicsCommandList12_CopyBufferRegions(side->list12, count, dsts, dst_offsets, srcs, src_offsets,
                                                          sizes);
            break;
        }
        case 1:
        {
            D3D12_FILL_BUFFER_DESC descs[3];

            count = fuzz_u8(r) % 4;
            memset(descs, 0, sizeof(descs));
            for (i = 0; i < count; ++i)
            {
                descs[i].pBuffer = fuzz_resource(side, fuzz_u8(r));
                descs[i].Offset = fuzz_u16(r) % (FUZZ_BUFFER_SIZE + 64);
                descs[i].Format = fuzz_formats[fuzz_u8(r) % (sizeof(fuzz_formats) / sizeof(fuzz_formats[0]))];
                descs[i].RawPatternSizeInBytes = fuzz_u8(r) % 20;
                descs[i].RepeatCount = fuzz_u16(r) % 1100;
                fuzz_fill_value(r, &descs[i]);
            }
            ID3D12GraphicsCommandList12_FillBuffers(side->list12, count, descs);
            break;
        }
        case 2:
        {
            D3D12_CLEAR_TEXTURE_DESC desc;
            D3D12_BOX box;

            memset(&desc, 0, sizeof(desc));
            desc.pTexture = fuzz_resource(side, fuzz_u8(r) % 2 ? FUZZ_BUFFERS : fuzz_u8(r));
            desc.SubresourceIndex = fuzz_u8(r) % 4;
            desc.Format = fuzz_formats[fuzz_u8(r) % (sizeof(fuzz_formats) / sizeof(fuzz_formats[0]))];
            for (i = 0; i < 4; ++i)
                desc.ClearValue.Floats[i] = fuzz_float(r);
            if (fuzz_u8(r) % 2)
            {
                fuzz_box(r, &box);
                desc.pRegion = &box;
            }
            ID3D12GraphicsCommandList12_ClearTextureSubresources(side->list12, 1, &desc);
            break;
        }
        case 3:
        {
            ID3D12Resource *dst = fuzz_resource(side, fuzz_u8(r) % FUZZ_BUFFERS);
            ID3D12Resource *src = fuzz_resource(side, fuzz_u8(r) % FUZZ_BUFFERS);
            UINT64 dst_offset = fuzz_u16(r) % FUZZ_BUFFER_SIZE, src_offset = fuzz_u16(r) % FUZZ_BUFFER_SIZE;
            UINT64 size = fuzz_u16(r) % FUZZ_BUFFER_SIZE;

            /* Legacy copies have no checks to speak of: keep them inside. */
            if (dst_offset + size > FUZZ_BUFFER_SIZE)
                size = FUZZ_BUFFER_SIZE - dst_offset;
            if (src_offset + size > FUZZ_BUFFER_SIZE)
                size = FUZZ_BUFFER_SIZE - src_offset;
            if (dst != src)
                ID3D12GraphicsCommandList_CopyBufferRegion(side->list, dst, dst_offset, src, src_offset, size);
            break;
        }
        case 4:
        {
            ID3D12Resource *dsts[2], *srcs[2];

            count = fuzz_u8(r) % 3;
            for (i = 0; i < count; ++i)
            {
                dsts[i] = fuzz_resource(side, fuzz_u8(r));
                srcs[i] = fuzz_resource(side, fuzz_u8(r));
            }
            ID3D12GraphicsCommandList12_CopyResources(side->list12, count, dsts, srcs);
            break;
        }
        case 5:
            fuzz_texture_copy(side, r);
            break;
        case 6:
            fuzz_submit(side);
            return;
        case 7:
        case 8:
            fuzz_bound_clear(side, r);
            break;
        case 9:
            fuzz_resolve(side, r);
            break;
        case 10:
            fuzz_render_pass(side, r);
            break;
        case 11:
            ID3D12GraphicsCommandList4_EndRenderPass((ID3D12GraphicsCommandList4 *)side->list12);
            side->in_pass = false;
            break;
        case 12:
            fuzz_barrier(side, r);
            break;
    }
    if (!side->in_pass)
        fuzz_global_barrier(side);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *bytes[2];
    unsigned int s, calls;
    size_t i;

    if (!sides[0].device)
    {
        int fd;

        snprintf(fuzz_config_path, sizeof(fuzz_config_path), "/tmp/d3d12rt-fuzz-cmdstream-XXXXXX");
        FUZZ_CHECK((fd = mkstemp(fuzz_config_path)) >= 0);
        FUZZ_CHECK(dprintf(fd, "[device]\nforce-async-commands-fallback = true\n") > 0);
        close(fd);
        fuzz_side_create(&sides[0], false);
        fuzz_side_create(&sides[1], true);
        unlink(fuzz_config_path);
    }
    for (s = 0; s < 2; ++s)
    {
        struct fuzz_reader reader = {data, size, 0};
        struct fuzz_side *side = &sides[s];

        fuzz_reset_contents(side);
        for (calls = 0; reader.pos < reader.size && calls < FUZZ_MAX_CALLS; ++calls)
            fuzz_call(side, &reader);
        fuzz_submit(side);
        fuzz_copy_all(side, true);
        fuzz_submit(side);
        FUZZ_CHECK(side->closes[side->close_count - 1] == S_OK);
    }
    FUZZ_CHECK(sides[0].close_count == sides[1].close_count);
    for (i = 0; i < sides[0].close_count; ++i)
    {
        if (sides[0].closes[i] != sides[1].closes[i])
        {
            fprintf(stderr, "cmdstream: Close %zu: native %#x, fallback %#x\n", i, (unsigned int)sides[0].closes[i],
                    (unsigned int)sides[1].closes[i]);
            abort();
        }
    }
    for (s = 0; s < 2; ++s)
        FUZZ_CHECK(SUCCEEDED(ID3D12Resource_Map(sides[s].readback, 0, NULL, (void **)&bytes[s])));
    for (i = 0; i < FUZZ_STAGING_SIZE; ++i)
    {
        if (bytes[0][i] != bytes[1][i])
        {
            fprintf(stderr, "cmdstream: staging byte %zu: native %#x, fallback %#x\n", i, bytes[0][i], bytes[1][i]);
            abort();
        }
    }
    for (s = 0; s < 2; ++s)
        ID3D12Resource_Unmap(sides[s].readback, 0, NULL);
    return 0;
}
