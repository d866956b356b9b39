/*
 * ResolveSubresource and ResolveSubresourceRegion (agx_clear.h).
 *
 * AVERAGE decodes every sample of a pixel (sRGB to linear, as D3D resolves in linear
 * space), takes the mean in double precision and encodes it as a legacy float clear
 * would; integer formats have no average (D3D12 does not resolve them) and take
 * sample 0. MIN and MAX keep, channel by channel, the code of the smallest or largest
 * sample (NaN only when every sample is NaN). DECOMPRESS, and any resolve of a
 * single-sampled source, copies.
 */
#include <math.h>
#include <string.h>
#include "ddi_format.h"
#include "agx_clear.h"
#include "agx_exec.h"
#include "agx_mem.h"
#include "agx_texel.h"

/* Most samples per pixel a resource can have (D3D12's limit). */
#define AGX_RESOLVE_MAX_SAMPLES 32u
/* Pixels read and written per piece of a row. */
#define AGX_RESOLVE_CHUNK 16u

/* The format whose samples are read: the call's, or the resources' own when the call
 * names a typeless family. */
static DXGI_FORMAT agx_resolve_format(DXGI_FORMAT format, const struct agx_resource *src)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    return info && info->is_typeless ? src->desc.Format : format;
}

void agx_resolve_record(struct agx_cmdlist *list, struct agx_resource *dst, UINT dst_sub, UINT dst_x, UINT dst_y,
                        struct agx_resource *src, UINT src_sub, const D3D12_RECT *rect, DXGI_FORMAT format,
                        D3D12_RESOLVE_MODE mode, bool predicated)
{
    struct agx_layout_subresource s, d;
    struct agx_texel_format tf;
    struct agx_cmd_resolve *cmd;
    bool copy;

    if (!dst || !src || agx_resource_is_buffer(dst) || agx_resource_is_buffer(src)
            || !agx_layout_get_subresource(&src->layout, src_sub, &s)
            || !agx_layout_get_subresource(&dst->layout, dst_sub, &d))
    {
        agx_warn("resolve between locations that are not texture subresources");
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    format = agx_resolve_format(format, src);
    copy = mode == D3D12_RESOLVE_MODE_DECOMPRESS || s.sample_count == 1;
    if (copy ? s.element_size != d.element_size
            : !agx_texel_format_init(&tf, format, s.plane) || tf.size * s.sample_count != s.element_size
            || d.sample_count != 1 || d.element_size != tf.size || s.sample_count > AGX_RESOLVE_MAX_SAMPLES)
    {
        agx_warn("resolve of %s from %u-byte to %u-byte elements not possible", ddi_format_name(format),
                 s.element_size, d.element_size);
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_RESOLVE, sizeof(*cmd))))
        return;
    cmd->dst = dst;
    cmd->src = src;
    cmd->dst_sub = dst_sub;
    cmd->src_sub = src_sub;
    cmd->dst_x = dst_x;
    cmd->dst_y = dst_y;
    if (rect)
    {
        cmd->rect = *rect;
    }
    else
    {
        cmd->rect.right = (LONG)s.width;
        cmd->rect.bottom = (LONG)s.height;
    }
    cmd->format = format;
    cmd->mode = mode;
    cmd->predicated = predicated;
}

static void APIENTRY agx_resolve_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE dst, UINT dst_sub,
                                       D3D12DDI_HRESOURCE src, UINT src_sub, DXGI_FORMAT format)
{
    agx_resolve_record(agx_cmdlist_from_handle(hlist), agx_resource_from_handle(dst), dst_sub, 0, 0,
                       agx_resource_from_handle(src), src_sub, NULL, format, D3D12_RESOLVE_MODE_AVERAGE, true);
}

void APIENTRY agx_resolve_region_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE dst, UINT dst_sub, UINT dst_x,
                                       UINT dst_y, D3D12DDI_HRESOURCE src, UINT src_sub, const D3D12_RECT *rect,
                                       DXGI_FORMAT format, D3D12_RESOLVE_MODE mode)
{
    agx_resolve_record(agx_cmdlist_from_handle(hlist), agx_resource_from_handle(dst), dst_sub, dst_x, dst_y,
                       agx_resource_from_handle(src), src_sub, rect, format, mode, true);
}

/* ---- Execution ------------------------------------------------------------------------------ */

/* samples: the count samples of one pixel, tf->size bytes each, one after the other. */
static void agx_resolve_average(const struct agx_texel_format *tf, const uint8_t *samples, uint32_t count,
                                uint8_t *out)
{
    const struct agx_texel_channel *channel;
    float values[4] = {0};
    uint32_t c, s;
    double sum;

    for (c = 0; c < tf->count; ++c)
    {
        channel = &tf->channels[c];
        for (s = 0, sum = 0.0; s < count; ++s)
            sum += agx_texel_decode(channel, agx_texel_get(channel, samples + s * tf->size));
        values[channel->index] = (float)(sum / count);
    }
    if (!agx_texel_encode(tf, values, out))
        memcpy(out, samples, tf->size);
}

static void agx_resolve_min_max(const struct agx_texel_format *tf, bool is_max, const uint8_t *samples,
                                uint32_t count, uint8_t *out)
{
    const struct agx_texel_channel *channel;
    uint32_t c, s, code, best_code;
    double value, best;

    /* Bits outside the channels (X8 of D24, X of B8G8R8X8) stay zero. */
    memset(out, 0, tf->size);
    for (c = 0; c < tf->count; ++c)
    {
        channel = &tf->channels[c];
        best_code = agx_texel_get(channel, samples);
        best = agx_texel_decode(channel, best_code);
        for (s = 1; s < count; ++s)
        {
            code = agx_texel_get(channel, samples + s * tf->size);
            value = agx_texel_decode(channel, code);
            if (isnan(value))
                continue;
            if (isnan(best) || (is_max ? value > best : value < best))
            {
                best = value;
                best_code = code;
            }
        }
        agx_texel_put(channel, out, best_code);
    }
}

static void agx_resolve_pixel(const struct agx_texel_format *tf, D3D12_RESOLVE_MODE mode, const uint8_t *samples,
                              uint32_t count, uint8_t *out)
{
    if (mode == D3D12_RESOLVE_MODE_MIN || mode == D3D12_RESOLVE_MODE_MAX)
        agx_resolve_min_max(tf, mode == D3D12_RESOLVE_MODE_MAX, samples, count, out);
    else if (tf->integer)
        memcpy(out, samples, tf->size);
    else
        agx_resolve_average(tf, samples, count, out);
}

/* DECOMPRESS, and resolves of one sample: the copy engine moves the elements. */
static void agx_resolve_copy(struct agx_backend *backend, const struct agx_cmd_resolve *cmd)
{
    struct agx_cmd_copy_texture copy;

    memset(&copy, 0, sizeof(copy));
    copy.dst.resource = cmd->dst;
    copy.dst.type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    copy.dst.subresource = cmd->dst_sub;
    copy.src.resource = cmd->src;
    copy.src.type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    copy.src.subresource = cmd->src_sub;
    copy.region.dst_x = cmd->dst_x;
    copy.region.dst_y = cmd->dst_y;
    copy.region.has_box = true;
    copy.region.box.left = (UINT)cmd->rect.left;
    copy.region.box.top = (UINT)cmd->rect.top;
    copy.region.box.right = (UINT)cmd->rect.right;
    copy.region.box.bottom = (UINT)cmd->rect.bottom;
    copy.region.box.back = 1;
    agx_copy_texture_region(backend, &copy);
}

void agx_resolve_exec(struct agx_backend *backend, const struct agx_cmd_resolve *cmd)
{
    uint8_t in[AGX_RESOLVE_CHUNK * AGX_RESOLVE_MAX_SAMPLES * DDI_ENCODE_MAX_BYTES];
    uint8_t out[AGX_RESOLVE_CHUNK * DDI_ENCODE_MAX_BYTES];
    uint8_t samples[AGX_RESOLVE_MAX_SAMPLES * DDI_ENCODE_MAX_BYTES];
    uint32_t x, y, i, k, n, src_run, dst_run, width, height;
    struct agx_layout_subresource s, d;
    struct agx_texel_format tf;
    uint64_t src_offset, dst_offset;

    if (!agx_layout_get_subresource(&cmd->src->layout, cmd->src_sub, &s)
            || !agx_layout_get_subresource(&cmd->dst->layout, cmd->dst_sub, &d))
        return;
    if (cmd->mode == D3D12_RESOLVE_MODE_DECOMPRESS || s.sample_count == 1)
    {
        agx_resolve_copy(backend, cmd);
        return;
    }
    if (!agx_texel_format_init(&tf, cmd->format, s.plane))
        return;
    /* The runtime validated the region; clipping keeps a bad one inside both
     * subresources. */
    if (cmd->rect.left < 0 || cmd->rect.top < 0 || cmd->rect.right <= cmd->rect.left
            || cmd->rect.bottom <= cmd->rect.top || (uint32_t)cmd->rect.left >= s.width
            || (uint32_t)cmd->rect.top >= s.height || cmd->dst_x >= d.width || cmd->dst_y >= d.height)
        return;
    width = AGX_MIN(AGX_MIN((uint32_t)cmd->rect.right, s.width) - (uint32_t)cmd->rect.left, d.width - cmd->dst_x);
    height = AGX_MIN(AGX_MIN((uint32_t)cmd->rect.bottom, s.height) - (uint32_t)cmd->rect.top, d.height - cmd->dst_y);
    for (y = 0; y < height; ++y)
    {
        for (x = 0; x < width; x += n)
        {
            src_offset = agx_layout_element_offset(&cmd->src->layout, &s, (uint32_t)cmd->rect.left + x,
                                                   (uint32_t)cmd->rect.top + y, 0, &src_run);
            dst_offset = agx_layout_element_offset(&cmd->dst->layout, &d, cmd->dst_x + x, cmd->dst_y + y, 0,
                                                   &dst_run);
            n = AGX_MIN(AGX_MIN(width - x, AGX_RESOLVE_CHUNK), AGX_MIN(src_run, dst_run));
            agx_mem_read(backend, cmd->src->va + src_offset, in, (uint64_t)n * s.element_size);
            for (i = 0; i < n; ++i)
            {
                for (k = 0; k < s.sample_count; ++k)
                    memcpy(samples + k * tf.size, in + i * s.element_size + agx_layout_sample_offset(&s, k), tf.size);
                agx_resolve_pixel(&tf, cmd->mode, samples, s.sample_count, out + i * tf.size);
            }
            agx_mem_write(backend, cmd->dst->va + dst_offset, out, (uint64_t)n * tf.size);
        }
    }
}

void agx_resolve_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    funcs->pfnResolveSubresource = agx_resolve_entry;
    funcs->pfnResolveSubresourceRegion = agx_resolve_region_entry;
}
