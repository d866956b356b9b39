/*
 * libFuzzer target: a structured command stream. The input is read as a sequence of
 * Async Commands calls (buffer, texture and resource copies, fills, texture clears,
 * legacy copies) with arguments
 * taken from the bytes, valid and invalid alike, and submissions in between. The same
 * sequence runs on two devices in one process: one whose driver takes the calls
 * natively (a DDI spy forcing the driver's Async table, as the tests' native mode does)
 * and one with the fallback forced by its configuration file. Afterwards both must
 * agree on every Close result and on every byte of every resource.
 *
 * Between calls the stream records a global barrier (all work before, all after), so
 * that the order of overlapping writes is defined and both devices must produce it.
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
    ID3D12Resource *upload, *readback;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprints[FUZZ_TEX_MIPS];
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
}

/* Every resource back to the same known bytes. */
static void fuzz_reset_contents(struct fuzz_side *side)
{
    D3D12_RANGE none = {0, 0};
    uint8_t *ptr;
    size_t i;

    FUZZ_CHECK(SUCCEEDED(ID3D12Resource_Map(side->upload, 0, &none, (void **)&ptr)));
    for (i = 0; i < FUZZ_STAGING_SIZE; ++i)
        ptr[i] = (uint8_t)(i * 131 + (i >> 8) * 7);
    ID3D12Resource_Unmap(side->upload, 0, NULL);
    fuzz_copy_all(side, false);
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

/* One call of the stream, recorded on one side. */
static void fuzz_call(struct fuzz_side *side, struct fuzz_reader *r)
{
    uint32_t op = fuzz_u8(r) % 7, count, i;

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
    }
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
