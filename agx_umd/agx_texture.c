/* The texture unit's formats, texel addressing, typed loads and stores, and resinfo
 * (agx_shader.h, agx_texture.h). */
#include <string.h>
#include <threads.h>
#include "ddi_encode.h"
#include "ddi_format.h"
#include "ddi_layout.h"
#include "agx_mem.h"
#include "agx_texture.h"

/* ---- Formats ----------------------------------------------------------------------- */

#define AGX_TEXTURE_FORMAT_COUNT 192u     /* DXGI_FORMAT values 0-191 */
#define AGX_TEXTURE_PLANES 2u             /* colour, or depth and stencil */

/* Channel layouts are worked out once: agx_texel asks the value encoder for them, far
 * too slow for every texel. */
static struct agx_texture_format agx_texture_formats[AGX_TEXTURE_FORMAT_COUNT][AGX_TEXTURE_PLANES];
static struct agx_texture_format agx_texture_format_invalid;
static once_flag agx_texture_formats_once = ONCE_FLAG_INIT;

/* The block-compressed formats the unit decodes: all of them. */
static enum agx_texture_bc agx_texture_bc_kind(DXGI_FORMAT format, bool *srgb)
{
    *srgb = format == DXGI_FORMAT_BC1_UNORM_SRGB || format == DXGI_FORMAT_BC2_UNORM_SRGB
            || format == DXGI_FORMAT_BC3_UNORM_SRGB || format == DXGI_FORMAT_BC7_UNORM_SRGB;
    switch (format)
    {
        case DXGI_FORMAT_BC1_UNORM: case DXGI_FORMAT_BC1_UNORM_SRGB: return AGX_TEXTURE_BC1;
        case DXGI_FORMAT_BC2_UNORM: case DXGI_FORMAT_BC2_UNORM_SRGB: return AGX_TEXTURE_BC2;
        case DXGI_FORMAT_BC3_UNORM: case DXGI_FORMAT_BC3_UNORM_SRGB: return AGX_TEXTURE_BC3;
        case DXGI_FORMAT_BC4_UNORM: return AGX_TEXTURE_BC4_UNORM;
        case DXGI_FORMAT_BC4_SNORM: return AGX_TEXTURE_BC4_SNORM;
        case DXGI_FORMAT_BC5_UNORM: return AGX_TEXTURE_BC5_UNORM;
        case DXGI_FORMAT_BC5_SNORM: return AGX_TEXTURE_BC5_SNORM;
        case DXGI_FORMAT_BC6H_UF16: return AGX_TEXTURE_BC6H_UF16;
        case DXGI_FORMAT_BC6H_SF16: return AGX_TEXTURE_BC6H_SF16;
        case DXGI_FORMAT_BC7_UNORM: case DXGI_FORMAT_BC7_UNORM_SRGB: return AGX_TEXTURE_BC7;
        default: return AGX_TEXTURE_BC_NONE;
    }
}

static void agx_texture_format_init(struct agx_texture_format *tf, DXGI_FORMAT format, unsigned int plane)
{
    memset(tf, 0, sizeof(*tf));
    if ((tf->bc = agx_texture_bc_kind(format, &tf->srgb)))
    {
        tf->valid = !plane;
        tf->type = AGX_SHADER_RETURN_FLOAT;
        tf->size = tf->bc == AGX_TEXTURE_BC1 || tf->bc == AGX_TEXTURE_BC4_UNORM || tf->bc == AGX_TEXTURE_BC4_SNORM
                ? 8 : 16;
        return;
    }
    if (format == DXGI_FORMAT_R9G9B9E5_SHAREDEXP)
    {
        tf->valid = !plane;
        tf->rgbe = true;
        tf->type = AGX_SHADER_RETURN_FLOAT;
        tf->size = 4;
        return;
    }
    if (!agx_texel_format_init(&tf->texel, format, plane))
        return;
    tf->valid = true;
    tf->size = tf->texel.size;
    if (!tf->texel.integer)
        tf->type = AGX_SHADER_RETURN_FLOAT;
    else if (tf->texel.channels[0].kind == AGX_TEXEL_SINT)
        tf->type = AGX_SHADER_RETURN_SINT;
    else
        tf->type = AGX_SHADER_RETURN_UINT;
}

static void agx_texture_formats_init(void)
{
    unsigned int format, plane;

    for (format = 0; format < AGX_TEXTURE_FORMAT_COUNT; ++format)
    {
        for (plane = 0; plane < AGX_TEXTURE_PLANES; ++plane)
            agx_texture_format_init(&agx_texture_formats[format][plane], (DXGI_FORMAT)format, plane);
    }
}

const struct agx_texture_format *agx_texture_format_get(DXGI_FORMAT format, unsigned int plane)
{
    if ((unsigned int)format >= AGX_TEXTURE_FORMAT_COUNT || plane >= AGX_TEXTURE_PLANES)
        return &agx_texture_format_invalid;
    call_once(&agx_texture_formats_once, agx_texture_formats_init);
    return &agx_texture_formats[format][plane];
}

void agx_texture_default(const struct agx_texture_format *format, uint32_t out[4])
{
    out[0] = out[1] = out[2] = 0;
    out[3] = format->type == AGX_SHADER_RETURN_FLOAT ? agx_texel_float_bits(1.0f) : 1;
}

void agx_texture_decode(const struct agx_texture_format *format, const uint8_t *element, uint32_t out[4])
{
    const struct agx_texel_channel *channel;
    unsigned int i;
    uint32_t packed;
    float rgb[3];

    agx_texture_default(format, out);
    if (format->rgbe)
    {
        packed = element[0] | (uint32_t)element[1] << 8 | (uint32_t)element[2] << 16 | (uint32_t)element[3] << 24;
        ddi_decode_rgbe(packed, rgb);
        for (i = 0; i < 3; ++i)
            out[i] = agx_texel_float_bits(rgb[i]);
        return;
    }
    for (i = 0; i < format->texel.count; ++i)
    {
        channel = &format->texel.channels[i];
        out[channel->index] = agx_texel_register(channel, agx_texel_get(channel, element));
    }
}

/*
 * D3D12_SHADER_COMPONENT_MAPPING: after the fetch each returned component is a memory
 * component or a constant, whose 1 is 1.0f or 0x1 by the format's type (Microsoft
 * Learn, D3D12_SHADER_COMPONENT_MAPPING). Every read goes through it: loads, each
 * texel before filtering and comparison, and gather's taps. Values 6 and 7, which the
 * encoding can hold but names nothing, read as 0.
 */
void agx_texture_swizzle(const struct agx_shader_view *view, const struct agx_texture_format *format,
                         uint32_t texel[4])
{
    uint32_t memory[4], one = format->type == AGX_SHADER_RETURN_FLOAT ? agx_texel_float_bits(1.0f) : 1;
    unsigned int c;

    if (!view || !view->swizzled)
        return;
    memcpy(memory, texel, sizeof(memory));
    for (c = 0; c < 4; ++c)
    {
        if (view->swizzle[c] <= D3D12_SHADER_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_3)
            texel[c] = memory[view->swizzle[c]];
        else
            texel[c] = view->swizzle[c] == D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1 ? one : 0;
    }
}

/* A store's value as the encoder's clear data: floats as they are, integers clamped to
 * the channel's range ("SINT or UINT to fewer bits: clamp", FS 3.2.3). */
static bool agx_texture_encode(const struct agx_texture_format *format, DXGI_FORMAT dxgi, unsigned int plane,
                               const uint32_t value[4], uint8_t *element)
{
    const struct agx_texel_channel *channel;
    D3D12DDI_CLEAR_DATA data;
    int64_t max, min, v;
    size_t written;
    unsigned int i;

    memcpy(data.Uints, value, sizeof(data.Uints));
    if (format->type != AGX_SHADER_RETURN_FLOAT)
    {
        for (i = 0; i < format->texel.count; ++i)
        {
            channel = &format->texel.channels[i];
            if (format->type == AGX_SHADER_RETURN_UINT)
            {
                max = (int64_t)((1ull << channel->bits) - 1);
                data.Uints[channel->index] = (uint32_t)AGX_MIN((int64_t)value[channel->index], max);
            }
            else
            {
                max = (int64_t)((1ull << (channel->bits - 1)) - 1);
                min = -max - 1;
                v = (int32_t)value[channel->index];
                data.Sints[channel->index] = (int32_t)AGX_MAX(AGX_MIN(v, max), min);
            }
        }
    }
    return ddi_encode_clear_plane(dxgi, plane, &data, DDI_ENCODE_SOURCE_CLEAR_DATA, false, element,
                                  DDI_ENCODE_MAX_BYTES, &written) == DDI_ENCODE_OK && written == format->size;
}

/* ---- Addressing ---------------------------------------------------------------------- */

bool agx_texture_dim_is_array(enum agx_shader_dim dim)
{
    return dim == AGX_SHADER_DIM_TEXTURE1DARRAY || dim == AGX_SHADER_DIM_TEXTURE2DARRAY
            || dim == AGX_SHADER_DIM_TEXTURE2DMSARRAY || dim == AGX_SHADER_DIM_TEXTURECUBEARRAY;
}

bool agx_texture_dim_is_cube(enum agx_shader_dim dim)
{
    return dim == AGX_SHADER_DIM_TEXTURECUBE || dim == AGX_SHADER_DIM_TEXTURECUBEARRAY;
}

bool agx_texture_level_init(struct agx_texture_level *level, const struct agx_shader_view *view, uint32_t mip,
                            uint32_t slice)
{
    const struct agx_resource *resource = view->resource;
    const struct agx_layout *layout;

    if (!resource || agx_resource_is_buffer(resource))
        return false;
    layout = &resource->layout;
    if (mip >= layout->mip_levels || slice >= layout->array_size || view->plane >= layout->plane_count)
        return false;
    level->format = agx_texture_format_get(view->format, view->plane);
    if (!level->format->valid)
        return false;
    if (!agx_layout_get_subresource(layout, ddi_subresource_index(mip, slice, view->plane, layout->mip_levels,
                                                                 layout->array_size), &level->sub))
        return false;
    /* A view format wider than the plane's samples (or blocks) would read beyond them. */
    if (level->sub.block_width != (level->format->bc ? 4u : 1u)
            || level->sub.block_height != (level->format->bc ? 4u : 1u)
            || level->format->size > level->sub.element_size / level->sub.sample_count)
        return false;
    level->layout = layout;
    level->view = view;
    level->va = resource->va;
    level->width = level->sub.width;
    level->height = level->sub.height;
    level->depth = level->sub.depth;
    return true;
}

void agx_texture_level_fetch(struct agx_backend *backend, const struct agx_texture_level *level, uint32_t x,
                             uint32_t y, uint32_t z, uint32_t sample, uint32_t out[4])
{
    uint8_t element[DDI_ENCODE_MAX_BYTES];
    uint64_t offset;
    uint32_t run;

    if (level->format->bc)
    {
        /* Element coordinates count blocks. */
        offset = agx_layout_element_offset(level->layout, &level->sub, x / 4, y / 4, z, &run);
        agx_mem_read(backend, level->va + offset, element, level->format->size);
        agx_texture_decode_bc(level->format, element, x % 4, y % 4, out);
    }
    else
    {
        offset = agx_layout_element_offset(level->layout, &level->sub, x, y, z, &run)
                + agx_layout_sample_offset(&level->sub, sample);
        agx_mem_read(backend, level->va + offset, element, level->format->size);
        agx_texture_decode(level->format, element, out);
    }
    agx_texture_swizzle(level->view, level->format, out);
}

/* Where a load or store lands: the subresource and the texel in it, or false when the
 * coordinates fall outside the view. */
static bool agx_texture_locate(const struct agx_shader_view *view, const int64_t coord[3], int64_t mip,
                               struct agx_texture_level *level, uint32_t texel[3])
{
    int64_t x = coord[0], y = 0, z = 0, slice = 0;

    if (mip < 0 || mip >= view->mip_count)
        return false;
    switch (view->dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
            break;
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
            slice = coord[1];
            break;
        case AGX_SHADER_DIM_TEXTURE2D:
        case AGX_SHADER_DIM_TEXTURE2DMS:
            y = coord[1];
            break;
        case AGX_SHADER_DIM_TEXTURE2DARRAY:
        case AGX_SHADER_DIM_TEXTURE2DMSARRAY:
        case AGX_SHADER_DIM_TEXTURECUBE:
        case AGX_SHADER_DIM_TEXTURECUBEARRAY:
            /* Cubes load and store as the 2D array of their faces. */
            y = coord[1];
            slice = coord[2];
            break;
        case AGX_SHADER_DIM_TEXTURE3D:
            y = coord[1];
            z = coord[2];
            /* The view's w slices (UAVs: FirstWSlice and WSize). */
            if (z < 0 || z >= view->slice_count)
                return false;
            z += view->first_slice;
            break;
        default:
            return false;
    }
    if (view->dim != AGX_SHADER_DIM_TEXTURE3D)
    {
        if (slice < 0 || slice >= view->slice_count)
            return false;
        slice += view->first_slice;
    }
    if (x < 0 || y < 0 || z < 0 || !agx_texture_level_init(level, view, (uint32_t)(view->first_mip + mip),
                                                             (uint32_t)slice))
        return false;
    if (x >= level->width || y >= level->height || z >= level->depth)
        return false;
    texel[0] = (uint32_t)x;
    texel[1] = (uint32_t)y;
    texel[2] = (uint32_t)z;
    return true;
}

/* Typed buffers: the element's bytes, or false beyond the view. */
static bool agx_texture_buffer_element(const struct agx_shader_view *view, const struct agx_texture_format *format,
                                       int64_t index, uint64_t *va)
{
    uint64_t stride = view->stride ? view->stride : format->size, offset;

    if (!format->valid || index < 0 || index >= view->element_count)
        return false;
    offset = (uint64_t)index * stride;
    if (offset + format->size > view->size)
        return false;
    *va = view->va + offset;
    return true;
}

/* ---- Entry points -------------------------------------------------------------------- */

void agx_texture_load(struct agx_backend *backend, const struct agx_shader_view *view, const int32_t coord[3],
                      int32_t mip, uint32_t sample, uint32_t out[4])
{
    const struct agx_texture_format *format;
    uint8_t element[DDI_ENCODE_MAX_BYTES];
    struct agx_texture_level level;
    int64_t c[3] = {coord[0], coord[1], coord[2]};
    uint32_t texel[3];
    uint64_t va;

    memset(out, 0, 4 * sizeof(*out));
    if (!view || view->kind == AGX_SHADER_VIEW_NULL)
        return;
    if (view->kind == AGX_SHADER_VIEW_BUFFER)
    {
        format = agx_texture_format_get(view->format, 0);
        if (format->bc || !agx_texture_buffer_element(view, format, coord[0], &va))
            return;
        agx_mem_read(backend, va, element, format->size);
        agx_texture_decode(format, element, out);
        agx_texture_swizzle(view, format, out);
        return;
    }
    if (view->dim != AGX_SHADER_DIM_TEXTURE2DMS && view->dim != AGX_SHADER_DIM_TEXTURE2DMSARRAY)
        sample = 0;
    if (!agx_texture_locate(view, c, mip, &level, texel) || sample >= level.sub.sample_count)
        return;
    agx_texture_level_fetch(backend, &level, texel[0], texel[1], texel[2], sample, out);
}

void agx_texture_store(struct agx_backend *backend, const struct agx_shader_view *view, const uint32_t coord[3],
                       const uint32_t value[4])
{
    const struct agx_texture_format *format;
    uint8_t element[DDI_ENCODE_MAX_BYTES];
    struct agx_texture_level level;
    /* Unsigned coordinates: huge values are out of bounds, never negative. */
    int64_t c[3] = {coord[0], coord[1], coord[2]};
    uint32_t run, texel[3];
    uint64_t va;

    if (!view || view->kind == AGX_SHADER_VIEW_NULL)
        return;
    if (view->kind == AGX_SHADER_VIEW_BUFFER)
    {
        format = agx_texture_format_get(view->format, 0);
        if (!format->bc && agx_texture_buffer_element(view, format, c[0], &va)
                && agx_texture_encode(format, view->format, 0, value, element))
            agx_mem_write(backend, va, element, format->size);
        return;
    }
    /* No UAV has a block-compressed format: nothing to encode into. */
    if (!agx_texture_locate(view, c, 0, &level, texel) || level.format->bc
            || !agx_texture_encode(level.format, view->format, view->plane, value, element))
        return;
    va = level.va + agx_layout_element_offset(level.layout, &level.sub, texel[0], texel[1], texel[2], &run);
    agx_mem_write(backend, va, element, level.format->size);
}

void agx_texture_info(const struct agx_shader_view *view, uint32_t mip, uint32_t out[4])
{
    const struct agx_layout_level *l;
    uint32_t depth;

    memset(out, 0, 4 * sizeof(*out));
    if (!view || view->kind == AGX_SHADER_VIEW_NULL)
        return;
    if (view->kind == AGX_SHADER_VIEW_BUFFER)
    {
        out[0] = view->element_count;
        return;
    }
    out[3] = view->mip_count;
    if (!view->resource || mip >= view->mip_count || view->first_mip + mip >= view->resource->layout.mip_levels)
        return;
    /* Plane 0 has the resource's own pixel grid. */
    l = &view->resource->layout.planes[0].levels[view->first_mip + mip];
    out[0] = l->width;
    switch (view->dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
            break;
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
            out[1] = view->slice_count;
            break;
        case AGX_SHADER_DIM_TEXTURE2D:
        case AGX_SHADER_DIM_TEXTURE2DMS:
        case AGX_SHADER_DIM_TEXTURECUBE:
            out[1] = l->height;
            break;
        case AGX_SHADER_DIM_TEXTURE2DARRAY:
        case AGX_SHADER_DIM_TEXTURE2DMSARRAY:
            out[1] = l->height;
            out[2] = view->slice_count;
            break;
        case AGX_SHADER_DIM_TEXTURECUBEARRAY:
            out[1] = l->height;
            out[2] = view->slice_count / 6;
            break;
        case AGX_SHADER_DIM_TEXTURE3D:
            out[1] = l->height;
            depth = view->first_slice < l->depth ? l->depth - view->first_slice : 0;
            out[2] = AGX_MIN(depth, view->slice_count);
            break;
        default:
            break;
    }
}

uint32_t agx_texture_sample_count(const struct agx_shader_view *view)
{
    if (!view || view->kind != AGX_SHADER_VIEW_TEXTURE || !view->resource)
        return 0;
    return AGX_MAX(view->resource->desc.SampleDesc.Count, 1u);
}
