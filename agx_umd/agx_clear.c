/*
 * Legacy view clears (agx_clear.h): ClearRenderTargetView, ClearDepthStencilView and
 * both ClearUnorderedAccessView entries, recorded as patterns and filled by the engine
 * through agx_layout.
 */
#include <string.h>
#include "ddi_format.h"
#include "ddi_layout.h"
#include "agx_clear.h"
#include "agx_mem.h"

/* What a view covers, in the terms of struct agx_cmd_clear. */
struct agx_clear_view
{
    struct agx_resource *resource;
    uint32_t plane, mip, first_layer, layer_count;
    uint64_t buffer_offset;
    uint32_t buffer_elements, stride;
};

/* A fill buffer holds whole patterns of every size the encoder writes (1, 2, 4, 8,
 * 12, 16 bytes), so a run cut into pieces of this size stays in phase. */
#define AGX_CLEAR_FILL_SIZE 3072u

/* ---- Views ---------------------------------------------------------------------------- */

/* A texture view: `count` layers from `first` (UINT_MAX: every remaining one), clamped
 * to the resource; layers are depth slices of the mip for 3D textures. */
static void agx_clear_view_texture(struct agx_clear_view *view, struct agx_resource *resource, UINT mip,
                                   UINT first, UINT count, UINT plane)
{
    const D3D12_RESOURCE_DESC1 *desc = &resource->desc;
    uint64_t width;
    UINT layers, height, depth;

    memset(view, 0, sizeof(*view));
    view->resource = resource;
    view->mip = mip;
    view->plane = plane;
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
    {
        ddi_resource_mip_size(desc, AGX_MIN(mip, resource->layout.mip_levels - 1), &width, &height, &depth);
        layers = depth;
    }
    else
    {
        layers = resource->layout.array_size;
    }
    view->first_layer = first;
    view->layer_count = first < layers ? AGX_MIN(count, layers - first) : 0;
}

static void agx_clear_view_buffer(struct agx_clear_view *view, struct agx_resource *resource, UINT64 first,
                                  UINT count, UINT stride)
{
    memset(view, 0, sizeof(*view));
    view->resource = resource;
    view->buffer_offset = first * stride;
    view->buffer_elements = count;
    view->stride = stride;
}

/* Checks the view against the resource and the pattern, then records the clear. */
static void agx_clear_emit(struct agx_cmdlist *list, const struct agx_clear_view *view, const uint8_t *pattern,
                           size_t pattern_size, UINT rect_count, const D3D12_RECT *rects, bool predicated)
{
    struct agx_resource *resource = view->resource;
    struct agx_layout_subresource sub;
    struct agx_cmd_clear *cmd;
    UINT index;

    if (AGX_CLEAR_FILL_SIZE % pattern_size)
    {
        agx_warn("clear with a %zu-byte element", pattern_size);
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    if (agx_resource_is_buffer(resource))
    {
        if (!view->stride || view->stride % pattern_size || view->buffer_offset > resource->desc.Width
                || (uint64_t)view->buffer_elements * view->stride > resource->desc.Width - view->buffer_offset)
        {
            agx_warn("clear of a buffer view outside its buffer, or of %u-byte elements with a %zu-byte value",
                     view->stride, pattern_size);
            agx_cmdlist_fail(list, E_INVALIDARG);
            return;
        }
    }
    else
    {
        if (!view->layer_count)
            return;
        index = resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 0 : view->first_layer;
        if (view->mip >= resource->layout.mip_levels || view->plane >= resource->layout.plane_count)
        {
            agx_warn("clear of mip %u plane %u of a texture without them", view->mip, view->plane);
            agx_cmdlist_fail(list, E_INVALIDARG);
            return;
        }
        index = ddi_subresource_index(view->mip, index, view->plane, resource->layout.mip_levels,
                                      resource->layout.array_size);
        if (!agx_layout_get_subresource(&resource->layout, index, &sub)
                || sub.element_size != pattern_size * sub.sample_count)
        {
            agx_warn("clear of %u-byte elements with a %zu-byte value", sub.element_size, pattern_size);
            agx_cmdlist_fail(list, E_INVALIDARG);
            return;
        }
    }
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_CLEAR, sizeof(*cmd) + (size_t)rect_count * sizeof(*rects))))
        return;
    cmd->resource = resource;
    cmd->predicated = predicated;
    cmd->plane = view->plane;
    cmd->mip = view->mip;
    cmd->first_layer = view->first_layer;
    cmd->layer_count = view->layer_count;
    cmd->buffer_offset = view->buffer_offset;
    cmd->buffer_elements = view->buffer_elements;
    cmd->stride = view->stride;
    cmd->pattern_size = (uint32_t)pattern_size;
    memcpy(cmd->pattern, pattern, pattern_size);
    cmd->rect_count = rect_count;
    if (rect_count)
        memcpy(cmd->rects, rects, (size_t)rect_count * sizeof(*rects));
}

/* Encodes one element of `plane` of the format (0 for single-plane formats). */
static bool agx_clear_encode(struct agx_cmdlist *list, DXGI_FORMAT format, unsigned int plane,
                             const D3D12DDI_CLEAR_DATA *value, enum ddi_encode_source source, uint8_t *out,
                             size_t *size)
{
    enum ddi_encode_result result;

    result = ddi_encode_clear_plane(format, plane, value, source, true, out, DDI_ENCODE_MAX_BYTES, size);
    if (result == DDI_ENCODE_OK)
        return true;
    agx_warn("no %s clear value for %s (encoder result %d)", source == DDI_ENCODE_SOURCE_UINT ? "uint" : "float",
             ddi_format_name(format), result);
    agx_cmdlist_fail(list, E_INVALIDARG);
    return false;
}

static DXGI_FORMAT agx_clear_view_format(DXGI_FORMAT view_format, const struct agx_resource *resource)
{
    return view_format != DXGI_FORMAT_UNKNOWN ? view_format : resource->desc.Format;
}

/* ---- Render targets and depth-stencil ------------------------------------------------- */

void agx_clear_record_rtv(struct agx_cmdlist *list, const struct agx_descriptor_rtv *rtv, const FLOAT color[4],
                          UINT rect_count, const D3D12_RECT *rects, bool predicated)
{
    const D3D12_RENDER_TARGET_VIEW_DESC *desc = &rtv->desc;
    uint8_t pattern[DDI_ENCODE_MAX_BYTES];
    struct agx_clear_view view;
    struct agx_view_subresources sub;
    D3D12DDI_CLEAR_DATA value;
    DXGI_FORMAT format;
    size_t size;

    if (!rtv->resource)
        return;   /* a null view: nothing to write */
    format = agx_clear_view_format(desc->Format, rtv->resource);
    memcpy(value.Floats, color, sizeof(value.Floats));
    if (!agx_clear_encode(list, format, 0, &value, DDI_ENCODE_SOURCE_FLOAT, pattern, &size))
        return;

    if (desc->ViewDimension == D3D12_RTV_DIMENSION_BUFFER)
    {
        agx_clear_view_buffer(&view, rtv->resource, desc->Buffer.FirstElement, desc->Buffer.NumElements,
                              (UINT)size);
    }
    else if (agx_rtv_subresources(desc, &sub))
    {
        agx_clear_view_texture(&view, rtv->resource, sub.mip, sub.first_slice, sub.slice_count, sub.plane);
    }
    else
    {
        agx_warn("clear of a render target view of dimension %#x", desc->ViewDimension);
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    agx_clear_emit(list, &view, pattern, size, rect_count, rects, predicated);
}

/* One plane of a depth-stencil view: depth is plane 0, stencil plane 1. */
static void agx_clear_dsv_plane(struct agx_cmdlist *list, const struct agx_descriptor_dsv *dsv, DXGI_FORMAT format,
                                unsigned int plane, const D3D12DDI_CLEAR_DATA *value, UINT rect_count,
                                const D3D12_RECT *rects, bool predicated)
{
    const D3D12_DEPTH_STENCIL_VIEW_DESC *desc = &dsv->desc;
    uint8_t pattern[DDI_ENCODE_MAX_BYTES];
    struct agx_clear_view view;
    struct agx_view_subresources sub;
    size_t size;

    if (!agx_clear_encode(list, format, plane, value, DDI_ENCODE_SOURCE_FLOAT, pattern, &size))
        return;
    if (!agx_dsv_subresources(desc, &sub))
    {
        agx_warn("clear of a depth-stencil view of dimension %#x", desc->ViewDimension);
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    agx_clear_view_texture(&view, dsv->resource, sub.mip, sub.first_slice, sub.slice_count, plane);
    agx_clear_emit(list, &view, pattern, size, rect_count, rects, predicated);
}

void agx_clear_record_dsv(struct agx_cmdlist *list, const struct agx_descriptor_dsv *dsv, D3D12_CLEAR_FLAGS flags,
                          FLOAT depth, UINT8 stencil, UINT rect_count, const D3D12_RECT *rects, bool predicated)
{
    const struct ddi_format_info *info;
    D3D12DDI_CLEAR_DATA value;
    DXGI_FORMAT format;

    if (!dsv->resource)
        return;
    format = agx_clear_view_format(dsv->desc.Format, dsv->resource);
    if (!(info = ddi_format_get(format)) || !info->is_depth)
    {
        agx_warn("depth-stencil clear of a %s view", ddi_format_name(format));
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    /* The encoder clamps depth to [0, 1] (NaN and -0 to +0) and takes stencil from
     * Uints[1]. */
    memset(&value, 0, sizeof(value));
    value.Floats[0] = depth;
    value.Uints[1] = stencil;
    if (flags & D3D12_CLEAR_FLAG_DEPTH)
        agx_clear_dsv_plane(list, dsv, format, 0, &value, rect_count, rects, predicated);
    if ((flags & D3D12_CLEAR_FLAG_STENCIL) && info->has_stencil)
        agx_clear_dsv_plane(list, dsv, format, 1, &value, rect_count, rects, predicated);
}

/* A CPU descriptor naming a destroyed resource (undefined in D3D12): the clear records
 * nothing rather than follow the pointer. */
static bool agx_clear_view_exists(struct agx_cmdlist *list, const struct agx_resource *resource)
{
    if (!resource || agx_resource_exists(list->device, resource))
        return true;
    agx_tell(list->device, D3D12_MESSAGE_CATEGORY_EXECUTION,
             "a clear's descriptor names a destroyed resource: nothing is cleared");
    return false;
}

static void APIENTRY agx_clear_rtv_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_CPU_DESCRIPTOR_HANDLE handle,
                                         const FLOAT color[4], UINT rect_count, const D3D12_RECT *rects)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    const struct agx_descriptor_rtv *rtv = (const void *)handle.ptr;

    if (!rtv || rtv->kind != AGX_DESCRIPTOR_RTV)
    {
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    if (!agx_clear_view_exists(list, rtv->resource))
        return;
    agx_clear_record_rtv(list, rtv, color, rect_count, rects, true);
}

static void APIENTRY agx_clear_dsv_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_CPU_DESCRIPTOR_HANDLE handle,
                                         D3D12_CLEAR_FLAGS flags, FLOAT depth, UINT8 stencil, UINT rect_count,
                                         const D3D12_RECT *rects)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    const struct agx_descriptor_dsv *dsv = (const void *)handle.ptr;

    if (!dsv || dsv->kind != AGX_DESCRIPTOR_DSV)
    {
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    if (!agx_clear_view_exists(list, dsv->resource))
        return;
    agx_clear_record_dsv(list, dsv, flags, depth, stencil, rect_count, rects, true);
}

/* ---- Unordered access views --------------------------------------------------------------- */

/* The UAV is read from the CPU descriptor (the GPU one describes the same view). Raw
 * and structured buffer views write Values[0] as 32 bits (a float clear: its float
 * bits) into every 32-bit word of the range; typed views one element of the view
 * format, converted as the encoder's source says. */
static void agx_clear_record_uav(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_CPU_DESCRIPTOR_HANDLE handle,
                                 const D3D12DDI_CLEAR_DATA *value, enum ddi_encode_source source, UINT rect_count,
                                 const D3D12_RECT *rects)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    const struct agx_descriptor_uav *uav = (const void *)handle.ptr;
    const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc;
    uint8_t pattern[DDI_ENCODE_MAX_BYTES];
    struct agx_clear_view view;
    DXGI_FORMAT format;
    bool untyped;
    size_t size;
    UINT stride;

    if (!uav || uav->kind != AGX_DESCRIPTOR_UAV)
    {
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    if (!uav->resource || !agx_clear_view_exists(list, uav->resource))
        return;
    desc = &uav->desc;
    untyped = desc->ViewDimension == D3D12_UAV_DIMENSION_BUFFER
            && ((desc->Buffer.Flags & D3D12_BUFFER_UAV_FLAG_RAW) || desc->Buffer.StructureByteStride);
    if (untyped)
        format = source == DDI_ENCODE_SOURCE_UINT ? DXGI_FORMAT_R32_UINT : DXGI_FORMAT_R32_FLOAT;
    else
        format = agx_clear_view_format(desc->Format, uav->resource);
    if (!agx_clear_encode(list, format, 0, value, source, pattern, &size))
        return;

    switch (desc->ViewDimension)
    {
        case D3D12_UAV_DIMENSION_BUFFER:
            if (desc->Buffer.StructureByteStride)
                stride = desc->Buffer.StructureByteStride;
            else
                stride = (UINT)size;   /* raw views count 32-bit words */
            agx_clear_view_buffer(&view, uav->resource, desc->Buffer.FirstElement, desc->Buffer.NumElements, stride);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE1D:
            agx_clear_view_texture(&view, uav->resource, desc->Texture1D.MipSlice, 0, 1, 0);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE1DARRAY:
            agx_clear_view_texture(&view, uav->resource, desc->Texture1DArray.MipSlice,
                                   desc->Texture1DArray.FirstArraySlice, desc->Texture1DArray.ArraySize, 0);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2D:
            agx_clear_view_texture(&view, uav->resource, desc->Texture2D.MipSlice, 0, 1, desc->Texture2D.PlaneSlice);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2DARRAY:
            agx_clear_view_texture(&view, uav->resource, desc->Texture2DArray.MipSlice,
                                   desc->Texture2DArray.FirstArraySlice, desc->Texture2DArray.ArraySize,
                                   desc->Texture2DArray.PlaneSlice);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2DMS:
            agx_clear_view_texture(&view, uav->resource, 0, 0, 1, 0);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY:
            agx_clear_view_texture(&view, uav->resource, 0, desc->Texture2DMSArray.FirstArraySlice,
                                   desc->Texture2DMSArray.ArraySize, 0);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE3D:
            agx_clear_view_texture(&view, uav->resource, desc->Texture3D.MipSlice, desc->Texture3D.FirstWSlice,
                                   desc->Texture3D.WSize, 0);
            break;
        default:
            agx_warn("clear of an unordered access view of dimension %#x", desc->ViewDimension);
            agx_cmdlist_fail(list, E_INVALIDARG);
            return;
    }
    agx_clear_emit(list, &view, pattern, size, rect_count, rects, true);
}

static void APIENTRY agx_clear_uav_uint_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_GPU_DESCRIPTOR_HANDLE gpu,
                                              D3D12DDI_CPU_DESCRIPTOR_HANDLE cpu, D3D12DDI_HRESOURCE resource,
                                              const UINT values[4], UINT rect_count, const D3D12_RECT *rects)
{
    D3D12DDI_CLEAR_DATA value;

    memcpy(value.Uints, values, sizeof(value.Uints));
    agx_clear_record_uav(hlist, cpu, &value, DDI_ENCODE_SOURCE_UINT, rect_count, rects);
}

static void APIENTRY agx_clear_uav_float_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_GPU_DESCRIPTOR_HANDLE gpu,
                                               D3D12DDI_CPU_DESCRIPTOR_HANDLE cpu, D3D12DDI_HRESOURCE resource,
                                               const FLOAT values[4], UINT rect_count, const D3D12_RECT *rects)
{
    D3D12DDI_CLEAR_DATA value;

    memcpy(value.Floats, values, sizeof(value.Floats));
    agx_clear_record_uav(hlist, cpu, &value, DDI_ENCODE_SOURCE_FLOAT, rect_count, rects);
}

/* ---- Execution ----------------------------------------------------------------------------- */

static uint32_t agx_clear_coord(LONG v, uint32_t limit)
{
    if (v <= 0)
        return 0;
    return (uint64_t)v < limit ? (uint32_t)v : limit;
}

/* Rectangle i clipped to [0, width) x [0, height) (no rectangles: all of it); false
 * when nothing is left. */
static bool agx_clear_clip(const struct agx_cmd_clear *cmd, uint32_t i, uint32_t width, uint32_t height,
                           uint32_t *x0, uint32_t *y0, uint32_t *x1, uint32_t *y1)
{
    const D3D12_RECT *r = &cmd->rects[i];

    if (!cmd->rect_count)
    {
        *x0 = *y0 = 0;
        *x1 = width;
        *y1 = height;
    }
    else
    {
        *x0 = agx_clear_coord(r->left, width);
        *y0 = agx_clear_coord(r->top, height);
        *x1 = agx_clear_coord(r->right, width);
        *y1 = agx_clear_coord(r->bottom, height);
    }
    return *x0 < *x1 && *y0 < *y1;
}

static void agx_clear_exec_buffer(struct agx_backend *backend, const struct agx_cmd_clear *cmd, const uint8_t *fill)
{
    uint32_t i, x0, y0, x1, y1;
    uint64_t base = cmd->resource->va + cmd->buffer_offset;

    for (i = 0; i < AGX_MAX(cmd->rect_count, 1u); ++i)
    {
        if (agx_clear_clip(cmd, i, cmd->buffer_elements, 1, &x0, &y0, &x1, &y1))
            agx_mem_fill(backend, base + (uint64_t)x0 * cmd->stride, (uint64_t)(x1 - x0) * cmd->stride, fill,
                         AGX_CLEAR_FILL_SIZE);
    }
}

void agx_clear_fill_box(struct agx_backend *backend, const struct agx_resource *resource,
                        const struct agx_layout_subresource *sub, const D3D12_BOX *box, const uint8_t *chunk,
                        uint32_t chunk_size)
{
    /* Pixels to the elements that hold them. */
    uint32_t x0 = box->left / sub->block_width, x1 = AGX_DIV_ROUND_UP(box->right, sub->block_width);
    uint32_t y0 = box->top / sub->block_height, y1 = AGX_DIV_ROUND_UP(box->bottom, sub->block_height);
    uint32_t x, y, z, run, n;
    uint64_t offset;

    for (z = box->front; z < box->back; ++z)
    {
        for (y = y0; y < y1; ++y)
        {
            for (x = x0; x < x1; x += n)
            {
                offset = agx_layout_element_offset(&resource->layout, sub, x, y, z, &run);
                n = AGX_MIN(x1 - x, run);
                agx_mem_fill(backend, resource->va + offset, (uint64_t)n * sub->element_size, chunk, chunk_size);
            }
        }
    }
}

static void agx_clear_exec_texture(struct agx_backend *backend, const struct agx_cmd_clear *cmd, const uint8_t *fill)
{
    const struct agx_resource *resource = cmd->resource;
    const struct agx_layout *layout = &resource->layout;
    bool is_3d = resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    uint32_t layer, i, x0, y0, x1, y1;
    struct agx_layout_subresource sub;
    D3D12_BOX box;
    UINT index;

    for (layer = cmd->first_layer; layer < cmd->first_layer + cmd->layer_count; ++layer)
    {
        index = ddi_subresource_index(cmd->mip, is_3d ? 0 : layer, cmd->plane, layout->mip_levels, layout->array_size);
        if (!agx_layout_get_subresource(layout, index, &sub))
            continue;
        box.front = is_3d ? layer : 0;
        box.back = box.front + 1;
        for (i = 0; i < AGX_MAX(cmd->rect_count, 1u); ++i)
        {
            if (!agx_clear_clip(cmd, i, sub.width, sub.height, &x0, &y0, &x1, &y1))
                continue;
            box.left = x0;
            box.top = y0;
            box.right = x1;
            box.bottom = y1;
            agx_clear_fill_box(backend, resource, &sub, &box, fill, AGX_CLEAR_FILL_SIZE);
        }
    }
}

void agx_clear_exec(struct agx_backend *backend, const struct agx_cmd_clear *cmd)
{
    uint8_t fill[AGX_CLEAR_FILL_SIZE];
    uint32_t i;

    for (i = 0; i < AGX_CLEAR_FILL_SIZE; i += cmd->pattern_size)
        memcpy(fill + i, cmd->pattern, cmd->pattern_size);
    if (agx_resource_is_buffer(cmd->resource))
        agx_clear_exec_buffer(backend, cmd, fill);
    else
        agx_clear_exec_texture(backend, cmd, fill);
}

void agx_clear_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    funcs->pfnClearRenderTargetView = agx_clear_rtv_entry;
    funcs->pfnClearDepthStencilView = agx_clear_dsv_entry;
    funcs->pfnClearUnorderedAccessViewUint = agx_clear_uav_uint_entry;
    funcs->pfnClearUnorderedAccessViewFloat = agx_clear_uav_float_entry;
}
