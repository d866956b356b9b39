/* Helpers of the ClearTextureSubresources device tests (test_async_clear_texture.h). */
#include "test_async_clear_texture.h"
#include "ddi_format.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ID3D12Resource *clear_texture_2d(struct test_context *t, DXGI_FORMAT format, UINT width, UINT height, UINT slices,
                                 UINT samples, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, width, height, slices, 1, samples, flags);

    return create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

unsigned char *read_subresource(struct test_context *t, ID3D12Resource *texture, UINT sub,
                                struct test_subresource_layout *layout)
{
    unsigned char *data;

    get_subresource_layout(t->device, texture, sub, layout);
    ck_assert_ptr_nonnull(data = malloc(layout->packed_size));
    read_texture_subresource(t, texture, sub, data);
    return data;
}

void check_pixels_(unsigned int line, const unsigned char *data, const unsigned char *outside,
                   const struct test_subresource_layout *layout, const unsigned char *element, size_t size,
                   const D3D12_RECT *rect)
{
    UINT x, y, width = (UINT)(layout->row_size / size);
    size_t offset;
    bool inside;

    for (y = 0; y < layout->row_count; ++y)
    {
        for (x = 0; x < width; ++x)
        {
            offset = y * layout->row_size + x * size;
            inside = !rect || ((LONG)x >= rect->left && (LONG)x < rect->right && (LONG)y >= rect->top
                               && (LONG)y < rect->bottom);
            if (inside)
                ck_assert_msg(!memcmp(data + offset, element, size), "line %u (%s): pixel %u,%u is not the value",
                              line, async_mode_name(async_current.mode), x, y);
            else if (outside)
                ck_assert_msg(!memcmp(data + offset, outside + offset, size), "line %u (%s): pixel %u,%u "
                              "outside the region changed", line, async_mode_name(async_current.mode), x, y);
        }
    }
}

void app_barrier(struct test_context *t, ID3D12Resource *resource, D3D12_BARRIER_LAYOUT before,
                 D3D12_BARRIER_LAYOUT after)
{
    D3D12_TEXTURE_BARRIER barrier;
    D3D12_BARRIER_GROUP group;

    memset(&barrier, 0, sizeof(barrier));
    barrier.SyncBefore = before == D3D12_BARRIER_LAYOUT_COMMON ? D3D12_BARRIER_SYNC_NONE : D3D12_BARRIER_SYNC_COPY;
    barrier.AccessBefore = before == D3D12_BARRIER_LAYOUT_COMMON ? D3D12_BARRIER_ACCESS_NO_ACCESS
                                                                 : D3D12_BARRIER_ACCESS_COPY_DEST;
    barrier.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier.AccessAfter = D3D12_BARRIER_ACCESS_COPY_DEST;
    barrier.LayoutBefore = before;
    barrier.LayoutAfter = after;
    barrier.pResource = resource;
    barrier.Subresources.IndexOrFirstMipLevel = 0xffffffffu;
    group.Type = D3D12_BARRIER_TYPE_TEXTURE;
    group.NumBarriers = 1;
    group.pTextureBarriers = &barrier;
    ID3D12GraphicsCommandList12_Barrier(async_list(t), 1, &group);
}

void legacy_clear(struct test_context *t, ID3D12Resource *texture, const float color[4], float depth,
                  UINT8 stencil)
{
    const D3D12_RESOURCE_DESC desc = ID3D12Resource_GetDesc(texture);
    const struct ddi_format_info *info = ddi_format_get(desc.Format);
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    D3D12_RESOURCE_STATES state;
    D3D12_CPU_DESCRIPTOR_HANDLE view;
    ID3D12DescriptorHeap *heap;
    bool is_depth = info->is_depth;

    heap_desc.Type = is_depth ? D3D12_DESCRIPTOR_HEAP_TYPE_DSV : D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.NumDescriptors = 1;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t->device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    view = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    state = is_depth ? D3D12_RESOURCE_STATE_DEPTH_WRITE : D3D12_RESOURCE_STATE_RENDER_TARGET;
    transition_resource(t, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON, state);
    if (is_depth)
    {
        ID3D12Device_CreateDepthStencilView(t->device, texture, NULL, view);
        ID3D12GraphicsCommandList_ClearDepthStencilView(t->list, view, D3D12_CLEAR_FLAG_DEPTH
                                                        | (info->is_planar ? D3D12_CLEAR_FLAG_STENCIL : 0),
                                                        depth, stencil, 0, NULL);
    }
    else
    {
        ID3D12Device_CreateRenderTargetView(t->device, texture, NULL, view);
        ID3D12GraphicsCommandList_ClearRenderTargetView(t->list, view, color, 0, NULL);
    }
    transition_resource(t, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, state, D3D12_RESOURCE_STATE_COMMON);
    execute_and_wait(t);
    ID3D12DescriptorHeap_Release(heap);
}

/* One resolve of `sub` into plane `plane` of `single`, executed. */
static void resolve_msaa(struct test_context *t, ID3D12Resource *single, UINT plane, ID3D12Resource *texture,
                         UINT sub, DXGI_FORMAT format, D3D12_RESOLVE_MODE mode)
{
    transition_resource(t, texture, sub, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    transition_resource(t, single, plane, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    ID3D12GraphicsCommandList12_ResolveSubresourceRegion(async_list(t), single, plane, 0, 0, texture, sub, NULL,
                                                         format, mode);
    transition_resource(t, texture, sub, D3D12_RESOURCE_STATE_RESOLVE_SOURCE, D3D12_RESOURCE_STATE_COMMON);
    transition_resource(t, single, plane, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COMMON);
    execute_and_wait(t);
}

unsigned char *read_msaa_(unsigned int line, struct test_context *t, ID3D12Resource *texture, UINT sub,
                          struct test_subresource_layout *layout)
{
    const D3D12_RESOURCE_DESC desc = ID3D12Resource_GetDesc(texture);
    UINT planes = ddi_format_plane_count(desc.Format), plane = sub / desc.DepthOrArraySize;
    unsigned char *min, *max;
    ID3D12Resource *single;
    char what[48];

    ck_assert_uint_ge(planes, 1);
    single = clear_texture_2d(t, desc.Format, (UINT)desc.Width, desc.Height, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    resolve_msaa(t, single, plane, texture, sub, desc.Format, D3D12_RESOLVE_MODE_MIN);
    min = read_subresource(t, single, plane, layout);
    resolve_msaa(t, single, plane, texture, sub, desc.Format, D3D12_RESOLVE_MODE_MAX);
    max = read_subresource(t, single, plane, layout);
    snprintf(what, sizeof(what), "line %u: MIN and MAX resolves of subresource %u", line, sub);
    check_bytes_(line, min, max, layout->packed_size, what);
    free(max);
    ID3D12Resource_Release(single);
    return min;
}
