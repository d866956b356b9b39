/*
 * Resource rules as Microsoft's runtime applies them (issue 17): DENY_SHADER_RESOURCE
 * without depth-stencil, the small-placement rule, heaps kept alive by placed
 * resources, MipLevels above the full chain, block-compressed footprints of partial
 * blocks and packed-mip tiling. Each test names the source of the fact it encodes;
 * device tests read back the bytes the GPU copied into poisoned destinations.
 */
#include "rt_resource.h"
#include "test_async.h"
#include "test_device.h"
#include "test_run.h"

#include <check.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static D3D12_HEAP_PROPERTIES heap_properties(D3D12_HEAP_TYPE type)
{
    D3D12_HEAP_PROPERTIES properties;

    memset(&properties, 0, sizeof(properties));
    properties.Type = type;
    return properties;
}

static ID3D12Heap *create_heap(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size, D3D12_HEAP_FLAGS flags)
{
    D3D12_HEAP_DESC desc;
    ID3D12Heap *heap;

    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = size;
    desc.Properties.Type = type;
    desc.Flags = flags;
    ck_assert_int_eq(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    return heap;
}

static HRESULT create_placed(ID3D12Device *device, ID3D12Heap *heap, UINT64 offset, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, ID3D12Resource **resource)
{
    *resource = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
    return ID3D12Device_CreatePlacedResource(device, heap, offset, desc, state, NULL, &IID_ID3D12Resource,
            (void **)resource);
}

/* Poisons a buffer, copies a pattern into it and checks what it reads back. */
static void check_buffer_copy(struct test_context *t, ID3D12Resource *buffer, size_t size, unsigned int seed,
        const char *what)
{
    uint8_t *data = xmalloc(size), *got = xmalloc(size);

    poison_buffer(t, buffer, seed);
    fill_pattern(data, size, seed + 100);
    upload_buffer_data(t, buffer, 0, data, size);
    read_buffer(t, buffer, size, got);
    check_bytes(got, data, size, what);
    free(data);
    free(got);
}

/* ---- DENY_SHADER_RESOURCE -------------------------------------------------------------------- */

/*
 * Microsoft's runtime accepts DENY_SHADER_RESOURCE on buffers and on textures without
 * ALLOW_DEPTH_STENCIL (issue 17: a conformance suite written to pass on Windows creates
 * its readback buffers so; vkd3d-proton's d3d12_resource_validate_desc, written to pass
 * on Windows, has no such rule). Every creation path and the description queries.
 */
START_TEST(test_deny_shader_resource_paths)
{
    D3D12_HEAP_PROPERTIES def = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    D3D12_RESOURCE_DESC buffer = test_buffer_desc(256), texture;
    D3D12_RESOURCE_DESC1 buffer1, texture1;
    D3D12_RESOURCE_ALLOCATION_INFO1 infos[2];
    D3D12_RESOURCE_ALLOCATION_INFO info;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layout;
    D3D12_RESOURCE_DESC descs[2];
    ID3D12Resource *resource;
    ID3D12Device10 *device10;
    struct test_context t;
    ID3D12Heap *heap;
    UINT64 total;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_QueryInterface(t.device, &IID_ID3D12Device10, (void **)&device10), S_OK);
    buffer.Flags = D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    texture = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 1,
            D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE | D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    buffer1 = rt_resource_desc1_from_desc(&buffer);
    texture1 = rt_resource_desc1_from_desc(&texture);

    /* Committed: every version. */
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource(device10, &def, 0, &buffer, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ck_assert_uint_eq(ID3D12Resource_GetDesc(resource).Flags, D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource1(device10, &def, 0, &texture,
            D3D12_RESOURCE_STATE_COMMON, NULL, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource2(device10, &def, 0, &buffer1,
            D3D12_RESOURCE_STATE_COMMON, NULL, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource3(device10, &def, 0, &texture1,
            D3D12_BARRIER_LAYOUT_COMMON, NULL, NULL, 0, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    /* Without ALLOW_RENDER_TARGET too. */
    texture.Flags = texture1.Flags = D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    ck_assert_int_eq(ID3D12Device10_CreateCommittedResource(device10, &def, 0, &texture, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);

    /* Placed: every version. */
    heap = create_heap(t.device, D3D12_HEAP_TYPE_DEFAULT, 4 * 65536, D3D12_HEAP_FLAG_NONE);
    ck_assert_int_eq(create_placed(t.device, heap, 0, &buffer, D3D12_RESOURCE_STATE_COMMON, &resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(ID3D12Device10_CreatePlacedResource1(device10, heap, 65536, &texture1,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(ID3D12Device10_CreatePlacedResource2(device10, heap, 2 * 65536, &texture1,
            D3D12_BARRIER_LAYOUT_COMMON, NULL, 0, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);

    /* Reserved: every version (the device has tiled resources tier 4). */
    buffer.Width = 65536;
    ck_assert_int_eq(ID3D12Device10_CreateReservedResource(device10, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(ID3D12Device10_CreateReservedResource1(device10, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    ck_assert_int_eq(ID3D12Device10_CreateReservedResource2(device10, &buffer, D3D12_BARRIER_LAYOUT_UNDEFINED, NULL,
            NULL, 0, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    buffer.Width = 256;

    /* The queries take the descriptions as valid. */
    descs[0] = buffer;
    descs[1] = texture;
    info = ID3D12Device10_GetResourceAllocationInfo(device10, 0, 2, descs);
    ck_assert_uint_eq(info.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    ck_assert_uint_ne(info.SizeInBytes, UINT64_MAX);
    info = ID3D12Device10_GetResourceAllocationInfo1(device10, 0, 2, descs, infos);
    ck_assert_uint_ne(info.SizeInBytes, UINT64_MAX);
    ck_assert_uint_eq(infos[1].Offset, 65536);
    info = ID3D12Device10_GetResourceAllocationInfo2(device10, 0, 1, &texture1, infos);
    ck_assert_uint_ne(info.SizeInBytes, UINT64_MAX);
    ID3D12Device10_GetCopyableFootprints(device10, &texture, 0, 1, 0, &layout, NULL, NULL, &total);
    ck_assert_uint_eq(layout.Footprint.RowPitch, 256);
    ck_assert_uint_eq(total, 15 * 256 + 64);

    ID3D12Device10_Release(device10);
    test_context_destroy(&t);
}
END_TEST

/* The readback buffer portable code makes: READBACK, DENY_SHADER_RESOURCE, COPY_DEST. It
 * receives a copy; a texture with the flag (no depth-stencil) takes and gives its texels. */
START_TEST(test_deny_shader_resource_copies)
{
    D3D12_HEAP_PROPERTIES readback = heap_properties(D3D12_HEAP_TYPE_READBACK);
    D3D12_RESOURCE_DESC desc = test_buffer_desc(1000), tex_desc;
    uint8_t source[1000], *mapped, texels[8 * 8 * 4], got[8 * 8 * 4];
    ID3D12Resource *src, *dst, *texture;
    D3D12_RANGE range = {0, 1000};
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    desc.Flags = D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &readback, 0, &desc,
            D3D12_RESOURCE_STATE_COPY_DEST, NULL, &IID_ID3D12Resource, (void **)&dst), S_OK);
    ck_assert_int_eq(ID3D12Resource_Map(dst, 0, NULL, (void **)&mapped), S_OK);
    memset(mapped, 0xcd, 1000);
    ID3D12Resource_Unmap(dst, 0, NULL);

    src = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 1000, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON);
    fill_pattern(source, sizeof(source), 17);
    upload_buffer_data(&t, src, 0, source, sizeof(source));
    ID3D12GraphicsCommandList_CopyBufferRegion(t.list, dst, 0, src, 0, 1000);
    execute_and_wait(&t);
    ck_assert_int_eq(ID3D12Resource_Map(dst, 0, &range, (void **)&mapped), S_OK);
    check_bytes(mapped, source, sizeof(source), "readback buffer with DENY_SHADER_RESOURCE");
    ID3D12Resource_Unmap(dst, 0, NULL);

    tex_desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1,
            D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE);
    texture = create_texture(t.device, &tex_desc, D3D12_RESOURCE_STATE_COMMON);
    poison_texture(&t, texture, 3);
    fill_pattern(texels, sizeof(texels), 29);
    upload_texture_data(&t, texture, 0, texels);
    read_texture_subresource(&t, texture, 0, got);
    check_bytes(got, texels, sizeof(got), "texture with DENY_SHADER_RESOURCE");

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(src);
    ID3D12Resource_Release(dst);
    test_context_destroy(&t);
}
END_TEST

/* ---- Small placement ---------------------------------------------------------------------------- */

/*
 * GetResourceAllocationInfo against the cases vkd3d-proton's test_resource_allocation_info
 * checks on Windows: no descriptions give {0, 1}; a buffer asking for 4 KiB or 4 MiB
 * and a texture asking for 4 KiB that fails the size rule give {UINT64_MAX, 64 KiB}; a
 * texture that passes it gets 4 KiB, whatever its array size or mip count (the rule
 * sizes the top level only, D3D12_RESOURCE_DESC "Alignment"); Alignment 0 means 64 KiB.
 */
START_TEST(test_small_placement_allocation_info)
{
    static const struct
    {
        UINT width, height;
        UINT16 layers, mips;
        DXGI_FORMAT format;
        bool small;
    }
    textures[] =
    {
        {4, 4, 1, 1, DXGI_FORMAT_R8_UINT, true},
        {16, 16, 1024, 1, DXGI_FORMAT_R8G8B8A8_UNORM, true},
        {256, 512, 1, 10, DXGI_FORMAT_BC1_UNORM, true},
        {256, 512, 64, 1, DXGI_FORMAT_BC1_UNORM, true},
        {128, 128, 1, 0, DXGI_FORMAT_R8G8B8A8_UNORM, true},
        {1024, 1024, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, false},
        {1024, 1024, 1, 0, DXGI_FORMAT_R8G8B8A8_UNORM, false},
        {260, 512, 1, 1, DXGI_FORMAT_BC1_UNORM, false},
    };
    D3D12_RESOURCE_DESC desc, buffer = test_buffer_desc(32);
    D3D12_RESOURCE_ALLOCATION_INFO info;
    struct test_context t;
    unsigned int i;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 0, NULL);
    ck_assert_uint_eq(info.SizeInBytes, 0);
    ck_assert_uint_eq(info.Alignment, 1);

    buffer.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &buffer);
    ck_assert_uint_eq(info.SizeInBytes, UINT64_MAX);
    ck_assert_uint_eq(info.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    buffer.Alignment = D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT;
    info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &buffer);
    ck_assert_uint_eq(info.SizeInBytes, UINT64_MAX);

    for (i = 0; i < ARRAY_SIZE(textures); ++i)
    {
        desc = test_texture_2d_desc(textures[i].format, textures[i].width, textures[i].height, textures[i].layers,
                textures[i].mips, 1, D3D12_RESOURCE_FLAG_NONE);
        info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &desc);
        ck_assert_msg(info.Alignment == D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT, "texture %u: %#" PRIx64, i,
                (uint64_t)info.Alignment);
        desc.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
        info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &desc);
        if (textures[i].small)
        {
            ck_assert_msg(info.Alignment == D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT, "texture %u", i);
            ck_assert_msg(info.SizeInBytes && !(info.SizeInBytes % info.Alignment), "texture %u", i);
        }
        else
        {
            ck_assert_msg(info.SizeInBytes == UINT64_MAX, "texture %u", i);
            ck_assert_uint_eq(info.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
        }
    }
    test_context_destroy(&t);
}
END_TEST

/*
 * Creation and GetDesc (vkd3d-proton's test_create_committed_resource, run on Windows):
 * a 32x32 R8 texture asking for 4 KiB is created and reports 4 KiB; 512x256 R8 asking
 * for it is E_INVALIDARG; Alignment 0 reads back 64 KiB, 4 MiB for MSAA. An MSAA
 * texture too large for 64 KiB that asks for it is created at 4 MiB.
 */
START_TEST(test_small_placement_creation)
{
    D3D12_HEAP_PROPERTIES def = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    D3D12_RESOURCE_ALLOCATION_INFO info;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *resource;
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    desc = test_texture_2d_desc(DXGI_FORMAT_R8_UNORM, 32, 32, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    desc.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &def, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ck_assert_uint_eq(ID3D12Resource_GetDesc(resource).Alignment, D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT);
    ID3D12Resource_Release(resource);

    desc.Width = 512;
    desc.Height = 256;
    resource = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &def, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ck_assert_ptr_null(resource);

    desc.Alignment = 0;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &def, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ck_assert_uint_eq(ID3D12Resource_GetDesc(resource).Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    ID3D12Resource_Release(resource);

    desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &def, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    ck_assert_uint_eq(ID3D12Resource_GetDesc(resource).Alignment, D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT);
    ID3D12Resource_Release(resource);
    /* Small MSAA asking for 64 KiB gets it; 1920x1080 x4 (32 MiB) gets 4 MiB. */
    desc.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &desc);
    ck_assert_uint_eq(info.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    desc.Width = 1920;
    desc.Height = 1080;
    info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &desc);
    ck_assert_uint_eq(info.Alignment, D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT);
    ck_assert_uint_ne(info.SizeInBytes, UINT64_MAX);
    test_context_destroy(&t);
}
END_TEST

/*
 * Two small textures placed 4 KiB apart in one heap, as vkd3d-proton's
 * test_create_placed_resource_size places them on Windows: each keeps its own texels
 * (the second's upload does not reach the first's bytes).
 */
START_TEST(test_small_placement_neighbours)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 32, 32, 1, 1, 1,
            D3D12_RESOURCE_FLAG_NONE);
    uint8_t texels[2][32 * 32 * 4], got[32 * 32 * 4];
    D3D12_RESOURCE_ALLOCATION_INFO info;
    ID3D12Resource *textures[2], *outside;
    struct test_context t;
    ID3D12Heap *heap;
    unsigned int i;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    desc.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &desc);
    ck_assert_uint_eq(info.Alignment, D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT);
    ck_assert_uint_eq(info.SizeInBytes, D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT);
    heap = create_heap(t.device, D3D12_HEAP_TYPE_DEFAULT, 2 * info.SizeInBytes,
            D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES);
    /* 4 KiB offsets are aligned only for a 4 KiB description. */
    desc.Alignment = 0;
    ck_assert_int_eq(create_placed(t.device, heap, info.SizeInBytes, &desc, D3D12_RESOURCE_STATE_COMMON,
            &textures[0]), E_INVALIDARG);
    desc.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    ck_assert_int_eq(create_placed(t.device, heap, 100, &desc, D3D12_RESOURCE_STATE_COMMON, &textures[0]),
            E_INVALIDARG);
    for (i = 0; i < 2; ++i)
        ck_assert_int_eq(create_placed(t.device, heap, i * info.SizeInBytes, &desc, D3D12_RESOURCE_STATE_COMMON,
                &textures[i]), S_OK);
    /* Past the end of the heap. */
    ck_assert_int_eq(create_placed(t.device, heap, 2 * info.SizeInBytes, &desc, D3D12_RESOURCE_STATE_COMMON, &outside),
            E_INVALIDARG);
    ck_assert_ptr_null(outside);
    for (i = 0; i < 2; ++i)
    {
        fill_pattern(texels[i], sizeof(texels[i]), 40 + i);
        upload_texture_data(&t, textures[i], 0, texels[i]);
    }
    for (i = 0; i < 2; ++i)
    {
        read_texture_subresource(&t, textures[i], 0, got);
        check_bytes(got, texels[i], sizeof(got), i ? "second small texture" : "first small texture");
        ID3D12Resource_Release(textures[i]);
    }
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);
    test_context_destroy(&t);
}
END_TEST

/*
 * A buffer needs only its Width in the heap (vkd3d-proton checks offset + Width, as
 * native does; D3D12_HEAP_DESC allows sizes that are not a multiple of the alignment):
 * a 256-byte buffer fills a 256-byte heap, a 257-byte one does not fit, and the small
 * buffer receives a copy.
 */
START_TEST(test_small_buffer_heap)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(256);
    ID3D12Resource *buffer;
    struct test_context t;
    ID3D12Heap *heap;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    ck_assert_uint_eq(ID3D12Heap_GetDesc(heap).SizeInBytes, 256);
    desc.Width = 257;
    ck_assert_int_eq(create_placed(t.device, heap, 0, &desc, D3D12_RESOURCE_STATE_COMMON, &buffer), E_INVALIDARG);
    ck_assert_ptr_null(buffer);
    desc.Width = 256;
    ck_assert_int_eq(create_placed(t.device, heap, 0, &desc, D3D12_RESOURCE_STATE_COMMON, &buffer), S_OK);
    check_buffer_copy(&t, buffer, 256, 5, "buffer in a heap of its own size");
    ID3D12Resource_Release(buffer);
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);
    test_context_destroy(&t);
}
END_TEST

/* ---- Heap lifetime ------------------------------------------------------------------------------ */

/*
 * Placed resources hold the heap (CreateHeap's remarks) through a reference the
 * application does not see: the heap's count stays 1 with placed resources on it
 * (vkd3d-proton's test_create_placed_resource, run on Windows), its last Release returns
 * 0 and gives back its device reference, and the memory lives on until the last placed
 * resource goes: a copy into a placed buffer after the heap's release lands.
 */
START_TEST(test_placed_keeps_heap)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(4096);
    ID3D12Resource *placed[2];
    struct test_context t;
    ID3D12Heap *heap;
    ULONG device_refs;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    device_refs = get_refcount(t.device);
    heap = create_heap(t.device, D3D12_HEAP_TYPE_DEFAULT, 2 * 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    ck_assert_uint_eq(get_refcount(t.device), device_refs + 1);
    ck_assert_int_eq(create_placed(t.device, heap, 0, &desc, D3D12_RESOURCE_STATE_COMMON, &placed[0]), S_OK);
    ck_assert_int_eq(create_placed(t.device, heap, 65536, &desc, D3D12_RESOURCE_STATE_COMMON, &placed[1]), S_OK);
    ck_assert_uint_eq(get_refcount(heap), 1);
    ck_assert_uint_eq(get_refcount(t.device), device_refs + 3);

    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);
    ck_assert_uint_eq(get_refcount(t.device), device_refs + 2);
    ck_assert_uint_eq(ID3D12Resource_Release(placed[1]), 0);
    ck_assert_uint_eq(get_refcount(t.device), device_refs + 1);

    check_buffer_copy(&t, placed[0], 4096, 9, "placed buffer after its heap's release");
    ck_assert_uint_eq(ID3D12Resource_Release(placed[0]), 0);
    ck_assert_uint_eq(get_refcount(t.device), device_refs);
    test_context_destroy(&t);
}
END_TEST

/* ---- MipLevels above the full chain --------------------------------------------------------------- */

/*
 * vkd3d-proton's test_create_committed_resource (run on Windows): a 32x32 texture with
 * MipLevels 10 is created and GetDesc reports 10. The levels past the chain's six are
 * 1x1 and hold texels like any other; above D3D12_REQ_MIP_LEVELS the description is
 * refused (specs/decisions/D006-mip-levels-above-chain.md).
 */
START_TEST(test_mips_above_chain)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 32, 32, 1, 10, 1,
            D3D12_RESOURCE_FLAG_NONE);
    D3D12_HEAP_PROPERTIES def = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[10];
    uint32_t texel = 0x11223344, got = 0;
    D3D12_RESOURCE_ALLOCATION_INFO info;
    ID3D12Resource *texture, *other;
    struct test_context t;
    UINT64 total;
    unsigned int i;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_texture(t.device, &desc, D3D12_RESOURCE_STATE_COMMON);
    ck_assert_uint_eq(ID3D12Resource_GetDesc(texture).MipLevels, 10);
    ID3D12Device_GetCopyableFootprints(t.device, &desc, 0, 10, 0, layouts, NULL, NULL, &total);
    ck_assert_uint_ne(total, UINT64_MAX);
    ck_assert_uint_eq(layouts[5].Footprint.Width, 1);
    for (i = 6; i < 10; ++i)
    {
        ck_assert_uint_eq(layouts[i].Footprint.Width, 1);
        ck_assert_uint_eq(layouts[i].Footprint.Height, 1);
        ck_assert_uint_eq(layouts[i].Offset, layouts[i - 1].Offset + 512);
    }
    info = ID3D12Device_GetResourceAllocationInfo(t.device, 0, 1, &desc);
    ck_assert_uint_ne(info.SizeInBytes, UINT64_MAX);

    /* The last level takes and gives its texel. */
    poison_texture(&t, texture, 7);
    upload_texture_data(&t, texture, 9, &texel);
    read_texture_subresource(&t, texture, 9, &got);
    ck_assert_uint_eq(got, texel);

    desc.MipLevels = D3D12_REQ_MIP_LEVELS;
    other = create_texture(t.device, &desc, D3D12_RESOURCE_STATE_COMMON);
    ID3D12Resource_Release(other);
    desc.MipLevels = D3D12_REQ_MIP_LEVELS + 1;
    other = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &def, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&other), E_INVALIDARG);
    ck_assert_ptr_null(other);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}
END_TEST

/* The documentation calls such a count invalid, so the debug layer reports it (a
 * warning: the texture is still created). */
START_TEST(test_mips_above_chain_message)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 32, 32, 1, 6, 1,
            D3D12_RESOURCE_FLAG_NONE);
    struct async_message message;
    ID3D12Resource *texture;
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_texture(t.device, &desc, D3D12_RESOURCE_STATE_COMMON);
    ID3D12Resource_Release(texture);
    ck_assert_uint_eq(async_message_count(t.device), 0);
    desc.MipLevels = 7;
    texture = create_texture(t.device, &desc, D3D12_RESOURCE_STATE_COMMON);
    ck_assert_uint_eq(async_message_count(t.device), 1);
    async_get_message(t.device, 0, &message);
    ck_assert_int_eq(message.id, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS);
    ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_WARNING);
    ck_assert_int_eq(message.category, D3D12_MESSAGE_CATEGORY_STATE_CREATION);
    ck_assert_msg(strstr(message.text, "MipLevels 7 is above the 6 levels"), "%s", message.text);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}
END_TEST

/* ---- Footprints of partial blocks ------------------------------------------------------------------ */

/*
 * The device reports UnalignedBlockTexturesSupported FALSE, so a block-compressed top
 * level must be whole 4x4 blocks (D3D12_FEATURE_DATA_D3D12_OPTIONS8): GetCopyableFootprints
 * reports such a description invalid with every output ~0 (what Microsoft's runtime
 * writes for invalid descriptions, vkd3d-proton's test_get_copyable_footprints), and
 * creation refuses it with E_INVALIDARG. Smaller mips of an aligned top level round up.
 */
START_TEST(test_footprints_partial_blocks)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_BC1_UNORM, 30, 32, 1, 1, 1,
            D3D12_RESOURCE_FLAG_NONE);
    D3D12_FEATURE_DATA_D3D12_OPTIONS8 options8 = {TRUE};
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[3];
    D3D12_HEAP_PROPERTIES def = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    UINT64 row_sizes[3], total;
    ID3D12Resource *resource;
    struct test_context t;
    UINT rows[3];

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_D3D12_OPTIONS8, &options8,
            sizeof(options8)), S_OK);
    ck_assert(!options8.UnalignedBlockTexturesSupported);

    memset(layouts, 0, sizeof(layouts));
    ID3D12Device_GetCopyableFootprints(t.device, &desc, 0, 1, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(layouts[0].Offset, UINT64_MAX);
    ck_assert_uint_eq(layouts[0].Footprint.Format, 0xffffffffu);
    ck_assert_uint_eq(layouts[0].Footprint.Width, 0xffffffffu);
    ck_assert_uint_eq(layouts[0].Footprint.Height, 0xffffffffu);
    ck_assert_uint_eq(layouts[0].Footprint.Depth, 0xffffffffu);
    ck_assert_uint_eq(layouts[0].Footprint.RowPitch, 0xffffffffu);
    ck_assert_uint_eq(rows[0], 0xffffffffu);
    ck_assert_uint_eq(row_sizes[0], UINT64_MAX);
    ck_assert_uint_eq(total, UINT64_MAX);
    resource = (ID3D12Resource *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &def, 0, &desc, D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ck_assert_ptr_null(resource);
    desc.Width = 32;
    desc.Height = 30;
    ID3D12Device_GetCopyableFootprints(t.device, &desc, 0, 1, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(total, UINT64_MAX);

    /* 12x12 with three mips: 12, 6 -> 8, 3 -> 4 in whole blocks. */
    desc.Width = desc.Height = 12;
    desc.MipLevels = 3;
    ID3D12Device_GetCopyableFootprints(t.device, &desc, 0, 3, 0, layouts, rows, row_sizes, &total);
    ck_assert_uint_eq(layouts[1].Footprint.Width, 8);
    ck_assert_uint_eq(layouts[2].Footprint.Width, 4);
    ck_assert_uint_eq(rows[2], 1);
    ck_assert_uint_eq(row_sizes[2], 8);
    test_context_destroy(&t);
}
END_TEST

/* ---- Tiling without packed mips --------------------------------------------------------------------- */

/* D3D12_PACKED_MIP_INFO: with NumPackedMips 0, StartTileIndexInOverallResource "is
 * meaningless and is 0". A 1024x1024 RGBA8 texture with 4 mips: 128x128 tiles, the
 * 128x128 mip fills one, so nothing packs. */
START_TEST(test_tiling_without_packed_mips)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 1024, 1024, 1, 4, 1,
            D3D12_RESOURCE_FLAG_NONE);
    D3D12_PACKED_MIP_INFO packed;
    ID3D12Resource *texture;
    struct test_context t;
    UINT total;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    desc.Layout = D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
    ck_assert_int_eq(ID3D12Device_CreateReservedResource(t.device, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&texture), S_OK);
    memset(&packed, 0xcc, sizeof(packed));
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, NULL, NULL, 0, NULL);
    ck_assert_uint_eq(packed.NumStandardMips, 4);
    ck_assert_uint_eq(packed.NumPackedMips, 0);
    ck_assert_uint_eq(packed.NumTilesForPackedMips, 0);
    ck_assert_uint_eq(packed.StartTileIndexInOverallResource, 0);
    ck_assert_uint_eq(total, 64 + 16 + 4 + 1);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}
END_TEST

static Suite *resource_rules_suite(void)
{
    Suite *suite = suite_create("resource_rules");
    TCase *tc = tcase_create("rules");

    tcase_add_test(tc, test_deny_shader_resource_paths);
    tcase_add_test(tc, test_deny_shader_resource_copies);
    tcase_add_test(tc, test_small_placement_allocation_info);
    tcase_add_test(tc, test_small_placement_creation);
    tcase_add_test(tc, test_small_placement_neighbours);
    tcase_add_test(tc, test_small_buffer_heap);
    tcase_add_test(tc, test_placed_keeps_heap);
    tcase_add_test(tc, test_mips_above_chain);
    tcase_add_test(tc, test_mips_above_chain_message);
    tcase_add_test(tc, test_footprints_partial_blocks);
    tcase_add_test(tc, test_tiling_without_packed_mips);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(resource_rules_suite(), NULL);
}
