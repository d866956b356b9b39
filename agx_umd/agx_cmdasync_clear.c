/*
 * FillBuffers and ClearTextureSubresources natively (agx_cmdasync.h). Each call records
 * one command: every desc is checked, its value encoded and its region copied into the
 * allocator's memory, since the caller's arrays die when the call returns. The engine
 * then repeats the encoded bytes: a fill writes whole patterns only, a texture clear
 * every element of every selected subresource (all samples of a multisampled pixel)
 * through agx_layout.
 *
 * The values are the Async ones of D3D12AsyncCommands.md (encoder CLEAR_DATA source):
 * integers and float32 channels bit for bit, denormals kept, unlike the legacy view
 * clears that flush them.
 */
#include <string.h>
#include "ddi_format.h"
#include "ddi_layout.h"
#include "agx_clear.h"
#include "agx_cmdasync.h"
#include "agx_mem.h"

/* The bytes of one memory write of a fill: as many whole patterns as fit, so the
 * pieces of a run stay in phase whatever the pattern size. */
#define AGX_FILL_CHUNK 12288u

/* A desc the runtime's validation should have kept from the driver. */
static void agx_cmdasync_refuse(struct agx_cmdlist *list, const char *what, UINT index, const char *why)
{
    agx_tell(list->device, D3D12_MESSAGE_CATEGORY_EXECUTION, "%s: desc %u: %s; list removed", what, index, why);
    agx_cmdlist_fail(list, E_INVALIDARG);
}

/* ---- FillBuffers -------------------------------------------------------------------------- */

/* The pattern of one desc: the raw bytes, or one buffer element of the format. */
static const char *agx_fill_pattern(struct agx_buffer_fill *fill, const D3D12DDI_FILL_BUFFER_DESC *desc)
{
    const struct ddi_format_info *info;
    size_t size = 0;

    if (desc->Format == DXGI_FORMAT_UNKNOWN)
    {
        switch (desc->RawPatternSizeInBytes)
        {
            case 1: case 2: case 4: case 8: case 12: case 16:
                break;
            default:
                return "a raw pattern size other than 1, 2, 4, 8, 12 or 16";
        }
        ddi_encode_raw_pattern(&desc->FillValue, desc->RawPatternSizeInBytes, fill->pattern, sizeof(fill->pattern),
                               &size);
    }
    else
    {
        if (desc->RawPatternSizeInBytes)
            return "a raw pattern size with a format";
        /* A buffer element is one texel: no blocks, pairs or planes. */
        info = ddi_format_get(desc->Format);
        if (!info || info->block_width != 1 || info->block_height != 1
                || ddi_encode_clear_value(desc->Format, &desc->FillValue, DDI_ENCODE_SOURCE_CLEAR_DATA, false,
                                          fill->pattern, sizeof(fill->pattern), &size) != DDI_ENCODE_OK)
            return "a format without a one-texel element";
    }
    fill->pattern_size = (uint32_t)size;
    return NULL;
}

/* Checks and encodes one desc; the reason it is refused, or NULL. */
static const char *agx_fill_record(struct agx_buffer_fill *fill, const D3D12DDI_FILL_BUFFER_DESC *desc)
{
    const char *why;
    uint64_t width;

    fill->buffer = agx_resource_from_handle(desc->hBuffer);
    if (!fill->buffer || !agx_resource_is_buffer(fill->buffer))
        return "not a buffer";
    if ((why = agx_fill_pattern(fill, desc)))
        return why;
    /* The spec's alignment table: the pattern size, at most 4. */
    if (desc->Offset % AGX_MIN(fill->pattern_size, 4u))
        return "an Offset not aligned for the pattern";
    width = fill->buffer->desc.Width;
    if (desc->Offset > width)
        return "an Offset past the end of the buffer";
    fill->offset = desc->Offset;
    /* A repetition that does not fit is omitted, never written in part. */
    fill->repeat = AGX_MIN((uint64_t)desc->RepeatCount, (width - desc->Offset) / fill->pattern_size);
    return NULL;
}

static void APIENTRY agx_cmdlist_fill_buffers(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                              const D3D12DDI_FILL_BUFFER_DESC *descs)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_cmd_fill_buffers *cmd;
    const char *why;
    UINT i;

    if (!count)
        return;
    if (!descs)
    {
        agx_cmdasync_refuse(list, "FillBuffers", 0, "no desc array");
        return;
    }
    /* The record first: a batch too large for one fails before any desc is read. A
     * refused desc fails the list, which then never runs. */
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_FILL_BUFFERS, sizeof(*cmd) + (size_t)count * sizeof(cmd->fills[0]))))
        return;
    for (i = 0; i < count; ++i)
    {
        if ((why = agx_fill_record(&cmd->fills[i], &descs[i])))
        {
            agx_cmdasync_refuse(list, "FillBuffers", i, why);
            return;
        }
        cmd->count = i + 1;
    }
}

/* ---- ClearTextureSubresources ------------------------------------------------------------- */

/* Encodes the value for each plane the desc clears. A single subresource needs an
 * element for its plane; all subresources clear the planes the format names (a
 * plane-view format such as R24_UNORM_X8_TYPELESS names one). */
static const char *agx_texture_clear_patterns(struct agx_texture_clear *clear, const D3D12DDI_CLEAR_TEXTURE_DESC *desc,
                                              DXGI_FORMAT format, UINT first_plane, UINT last_plane)
{
    const struct agx_layout *layout = &clear->texture->layout;
    bool any = false;
    size_t size;
    UINT plane;

    for (plane = first_plane; plane <= last_plane; ++plane)
    {
        if (ddi_encode_clear_plane(format, plane, &desc->ClearValue, DDI_ENCODE_SOURCE_CLEAR_DATA, false,
                                   clear->pattern[plane], sizeof(clear->pattern[plane]), &size) != DDI_ENCODE_OK)
            continue;
        if (size * layout->planes[plane].sample_count != layout->planes[plane].element_size)
            return "a format whose element size differs from the texture's";
        clear->pattern_size[plane] = (uint32_t)size;
        any = true;
    }
    return any ? NULL : "a format without an element for the cleared planes";
}

/* The region: inside the subresource(s), not empty, aligned to the format's block (for
 * planar YUV formats the largest subsampling of its planes: NV12 2x2) or reaching the
 * logical edge. */
static const char *agx_texture_clear_region(struct agx_texture_clear *clear, const D3D12DDI_BOX *box,
                                            DXGI_FORMAT format)
{
    const struct agx_resource *texture = clear->texture;
    const struct ddi_format_info *info = ddi_format_get(format);
    UINT mip, slice, plane, height, depth;
    uint64_t width;

    if (clear->subresource_count > 1 && texture->layout.mip_levels > 1)
        return "a region over several mip levels";
    ddi_subresource_decompose(clear->first_subresource, texture->layout.mip_levels, texture->layout.array_size,
                              &mip, &slice, &plane);
    ddi_resource_mip_size(&texture->desc, mip, &width, &height, &depth);
    if (box->left >= box->right || box->top >= box->bottom || box->front >= box->back)
        return "an empty or inverted region";
    if (box->right > width || box->bottom > height || box->back > depth)
        return "a region outside the subresource";
    if (box->left % info->block_width || box->top % info->block_height
            || (box->right % info->block_width && box->right != width)
            || (box->bottom % info->block_height && box->bottom != height))
        return "a region not aligned to the format's blocks";
    clear->has_region = true;
    clear->region = *box;
    return NULL;
}

/* Checks and encodes one desc; the reason it is refused, or NULL. */
static const char *agx_texture_clear_record(struct agx_texture_clear *clear, const D3D12DDI_CLEAR_TEXTURE_DESC *desc)
{
    struct agx_resource *texture = agx_resource_from_handle(desc->hTexture);
    UINT count, first_plane, last_plane, mip, slice;
    DXGI_FORMAT format;
    const char *why;

    if (!texture || agx_resource_is_buffer(texture))
        return "not a texture";
    clear->texture = texture;
    count = agx_layout_subresource_count(&texture->layout);
    if (desc->SubresourceIndex == UINT32_MAX)
    {
        clear->first_subresource = 0;
        clear->subresource_count = count;
        first_plane = 0;
        last_plane = texture->layout.plane_count - 1;
    }
    else if (desc->SubresourceIndex < count)
    {
        clear->first_subresource = desc->SubresourceIndex;
        clear->subresource_count = 1;
        ddi_subresource_decompose(desc->SubresourceIndex, texture->layout.mip_levels, texture->layout.array_size,
                                  &mip, &slice, &first_plane);
        last_plane = first_plane;
    }
    else
    {
        return "a subresource index out of range";
    }
    format = desc->Format != DXGI_FORMAT_UNKNOWN ? desc->Format : texture->desc.Format;
    if (!ddi_format_cast_compatible(format, texture->desc.Format))
        return "a format outside the texture's family";
    if ((why = agx_texture_clear_patterns(clear, desc, format, first_plane, last_plane)))
        return why;
    return desc->pRegion ? agx_texture_clear_region(clear, desc->pRegion, format) : NULL;
}

static void APIENTRY agx_cmdlist_clear_texture_subresources(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                                            const D3D12DDI_CLEAR_TEXTURE_DESC *descs)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_cmd_clear_textures *cmd;
    const char *why;
    UINT i;

    if (!count)
        return;
    if (!descs)
    {
        agx_cmdasync_refuse(list, "ClearTextureSubresources", 0, "no desc array");
        return;
    }
    /* As for fills: the record first, then each desc into it. */
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_CLEAR_TEXTURES, sizeof(*cmd) + (size_t)count * sizeof(cmd->clears[0]))))
        return;
    for (i = 0; i < count; ++i)
    {
        if ((why = agx_texture_clear_record(&cmd->clears[i], &descs[i])))
        {
            agx_cmdasync_refuse(list, "ClearTextureSubresources", i, why);
            return;
        }
        cmd->count = i + 1;
    }
}

void agx_cmdasync_clear_fill_funcs(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *funcs)
{
    funcs->pfnClearTextureSubresources = agx_cmdlist_clear_texture_subresources;
    funcs->pfnFillBuffers = agx_cmdlist_fill_buffers;
}

/* ---- Execution ---------------------------------------------------------------------------- */

/* Fills chunk with whole copies of the pattern, as many as fit or as `need` bytes (a
 * whole number of patterns) take; returns how many bytes that is. The copied prefix
 * doubles each step, always a whole number of patterns. */
static uint32_t agx_fill_chunk(uint8_t *chunk, const uint8_t *pattern, uint32_t size, uint64_t need)
{
    uint32_t n = size, end = (uint32_t)AGX_MIN(need, AGX_FILL_CHUNK / size * size), step;

    memcpy(chunk, pattern, size);
    while (n < end)
    {
        step = AGX_MIN(n, end - n);
        memcpy(chunk + n, chunk, step);
        n += step;
    }
    return n;
}

/* The descs run one after the other: one of the orders the spec allows. */
void agx_cmdasync_exec_fill_buffers(struct agx_backend *backend, const struct agx_cmd_fill_buffers *cmd)
{
    const struct agx_buffer_fill *fill;
    uint8_t chunk[AGX_FILL_CHUNK];
    uint32_t i, chunk_size;
    uint64_t size;

    for (i = 0; i < cmd->count; ++i)
    {
        fill = &cmd->fills[i];
        size = fill->repeat * fill->pattern_size;
        if (!size)
            continue;
        chunk_size = agx_fill_chunk(chunk, fill->pattern, fill->pattern_size, size);
        agx_mem_fill(backend, fill->buffer->va + fill->offset, size, chunk, chunk_size);
    }
}

/* Every element of one subresource the clear covers: the region in pixels of the plane
 * (subsampled planes have their own grid), then in the elements holding them. */
static void agx_exec_clear_subresource(struct agx_backend *backend, const struct agx_texture_clear *clear,
                                       const struct agx_layout_subresource *sub, const uint8_t *chunk,
                                       uint32_t chunk_size)
{
    unsigned int sw = 1, sh = 1;
    D3D12_BOX box;

    if (clear->has_region)
    {
        ddi_format_plane_info(clear->texture->desc.Format, sub->plane, NULL, &sw, &sh);
        box.left = clear->region.left / sw;
        box.right = AGX_DIV_ROUND_UP(clear->region.right, sw);
        box.top = clear->region.top / sh;
        box.bottom = AGX_DIV_ROUND_UP(clear->region.bottom, sh);
        box.front = clear->region.front;
        box.back = clear->region.back;
    }
    else
    {
        box.left = box.top = box.front = 0;
        box.right = sub->width;
        box.bottom = sub->height;
        box.back = sub->depth;
    }
    agx_clear_fill_box(backend, clear->texture, sub, &box, chunk, chunk_size);
}

void agx_cmdasync_exec_clear_textures(struct agx_backend *backend, const struct agx_cmd_clear_textures *cmd)
{
    const struct agx_texture_clear *clear;
    struct agx_layout_subresource sub;
    uint8_t chunk[AGX_FILL_CHUNK];
    uint32_t i, j, chunk_size = 0, chunk_plane;

    for (i = 0; i < cmd->count; ++i)
    {
        clear = &cmd->clears[i];
        chunk_plane = UINT32_MAX;
        for (j = 0; j < clear->subresource_count; ++j)
        {
            if (!agx_layout_get_subresource(&clear->texture->layout, clear->first_subresource + j, &sub)
                    || !clear->pattern_size[sub.plane])
                continue;
            /* Subresources come plane by plane: the chunk changes with the plane. */
            if (sub.plane != chunk_plane)
            {
                chunk_size = agx_fill_chunk(chunk, clear->pattern[sub.plane], clear->pattern_size[sub.plane],
                                            UINT64_MAX);
                chunk_plane = sub.plane;
            }
            agx_exec_clear_subresource(backend, clear, &sub, chunk, chunk_size);
        }
    }
}
