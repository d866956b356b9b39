/*
 * Helpers of the tiled-resource tests (test_tiled.c, test_tiled_copy.c,
 * test_tiled_async.c): reserved resources, heaps as tile pools, buffers placed on them
 * to see where the tiles' bytes land, and the AGX twiddled layout computed
 * independently of the driver.
 */
#ifndef TEST_TILED_UTIL_H
#define TEST_TILED_UTIL_H

#include "test_device.h"

#include <check.h>
#include <stdbool.h>
#include <string.h>

#define TILE_SIZE 65536u
#define PAGE_SIZE 16384u

static inline D3D12_RESOURCE_DESC tiled_texture_desc(DXGI_FORMAT format, UINT width, UINT height, UINT16 mips,
                                                     UINT16 array_size)
{
    D3D12_RESOURCE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = array_size;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
    return desc;
}

static inline ID3D12Resource *create_reserved(ID3D12Device *device, const D3D12_RESOURCE_DESC *desc)
{
    ID3D12Resource *resource;

    ck_assert_int_eq(ID3D12Device_CreateReservedResource(device, desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    return resource;
}

/* A DEFAULT heap of `tiles` 64 KiB tiles that takes buffers and textures (heap tier 2). */
static inline ID3D12Heap *create_tile_pool(ID3D12Device *device, UINT tiles)
{
    D3D12_HEAP_DESC desc;
    ID3D12Heap *heap;

    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = (UINT64)tiles * TILE_SIZE;
    desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    ck_assert_int_eq(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    return heap;
}

/* A buffer placed over the whole heap: its bytes are the tile pool's. */
static inline ID3D12Resource *create_pool_view(ID3D12Device *device, ID3D12Heap *heap, UINT tiles)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc((UINT64)tiles * TILE_SIZE);
    ID3D12Resource *buffer;

    ck_assert_int_eq(ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&buffer), S_OK);
    return buffer;
}

/* count tiles from tile (x, y) of a subresource (no box) to one range of the heap:
 * `flags` with heap tiles from heap_offset (NULL heap for NULL and SKIP ranges). */
static inline void map_tiles(struct test_context *t, ID3D12Resource *resource, UINT subresource, UINT x, UINT y,
                             UINT count, ID3D12Heap *heap, D3D12_TILE_RANGE_FLAGS flags, UINT heap_offset)
{
    D3D12_TILED_RESOURCE_COORDINATE start = {x, y, 0, subresource};
    D3D12_TILE_REGION_SIZE size = {count, FALSE, 0, 0, 0};

    ID3D12CommandQueue_UpdateTileMappings(t->queue, resource, 1, &start, &size, heap, 1, &flags, &heap_offset,
                                          &count, D3D12_TILE_MAPPING_FLAG_NONE);
}

static inline bool all_zero(const void *data, size_t size)
{
    const unsigned char *bytes = data;
    size_t i;

    for (i = 0; i < size; ++i)
    {
        if (bytes[i])
            return false;
    }
    return true;
}

/* The AGX page tile of an element size (bytes) in elements: 128x128 bytes halved
 * alternately in width and height, 16 KiB each (research/agx-facts.md section 5). */
static inline void page_tile_shape(unsigned int element_size, unsigned int *width, unsigned int *height)
{
    static const unsigned int shapes[][3] =
    {
        {1, 128, 128}, {2, 128, 64}, {4, 64, 64}, {8, 64, 32}, {16, 32, 32},
    };
    unsigned int i;

    for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); ++i)
    {
        if (shapes[i][0] == element_size)
        {
            *width = shapes[i][1];
            *height = shapes[i][2];
            return;
        }
    }
    ck_abort_msg("no page tile for %u-byte elements", element_size);
}

/* Morton index inside a power-of-two tile: x bit i at 2i, y bit i at 2i + 1 while both
 * sides have bits, then the longer side's bits. */
static inline unsigned int morton_index(unsigned int x, unsigned int y, unsigned int width, unsigned int height)
{
    unsigned int out = 0, bit = 0, i;

    for (i = 0; (1u << i) < width || (1u << i) < height; ++i)
    {
        if ((1u << i) < width)
            out |= ((x >> i) & 1u) << bit++;
        if ((1u << i) < height)
            out |= ((y >> i) & 1u) << bit++;
    }
    return out;
}

/* Where element (x, y) of a standard mip lands in the 64 KiB heap tile its standard
 * tile maps to: page tile (x, y) of the 2x2 sits on page +1 for odd x, +2 for odd y. */
static inline unsigned int tile_byte_offset(unsigned int x, unsigned int y, unsigned int element_size)
{
    unsigned int pw, ph, slot;

    page_tile_shape(element_size, &pw, &ph);
    slot = (x / pw) % 2 + 2 * ((y / ph) % 2);
    return slot * PAGE_SIZE + morton_index(x % pw, y % ph, pw, ph) * element_size;
}

#endif
