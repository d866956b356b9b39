/* The texture layout of agx_umd (linear for now; agx_layout.h describes it). */
#include <string.h>
#include "ddi_format.h"
#include "ddi_layout.h"
#include "agx_layout.h"

HRESULT agx_layout_init(struct agx_layout *layout, const D3D12_RESOURCE_DESC1 *desc)
{
    const struct ddi_format_info *info = ddi_format_get(desc->Format);
    unsigned int plane, bytes, sub_w, sub_h;
    uint32_t samples = AGX_MAX(desc->SampleDesc.Count, 1u);
    struct agx_layout_plane *p;
    struct agx_layout_level *l;
    uint64_t offset, total = 0, width;
    UINT mip, height, depth;

    memset(layout, 0, sizeof(*layout));
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER || desc->Dimension == D3D12_RESOURCE_DIMENSION_UNKNOWN)
        return E_INVALIDARG;
    if (!info || info->is_opaque || info->is_palettized || !info->bytes_per_block)
        return E_INVALIDARG;
    if (!desc->Width || !desc->Height || !desc->DepthOrArraySize)
        return E_INVALIDARG;
    layout->mip_levels = ddi_resource_mip_levels(desc);
    layout->array_size = ddi_resource_array_size(desc);
    layout->plane_count = ddi_resource_plane_count(desc);
    if (!layout->mip_levels || layout->mip_levels > AGX_LAYOUT_MAX_MIPS
            || !layout->plane_count || layout->plane_count > AGX_LAYOUT_MAX_PLANES)
        return E_INVALIDARG;

    for (plane = 0; plane < layout->plane_count; ++plane)
    {
        p = &layout->planes[plane];
        if (!ddi_format_plane_info(desc->Format, plane, &bytes, &sub_w, &sub_h) || !bytes)
            return E_INVALIDARG;
        /* A plane of a planar format is an image of its own, one texel per element;
         * other formats count in their blocks. */
        if (info->plane_count > 1)
        {
            p->block_width = p->block_height = 1;
        }
        else
        {
            p->block_width = info->block_width;
            p->block_height = info->block_height;
        }
        p->element_size = bytes * samples;
        p->sample_count = samples;

        offset = 0;
        for (mip = 0; mip < layout->mip_levels; ++mip)
        {
            l = &p->levels[mip];
            ddi_resource_mip_size(desc, mip, &width, &height, &depth);
            l->width = (uint32_t)AGX_DIV_ROUND_UP(width, sub_w);
            l->height = AGX_DIV_ROUND_UP(height, sub_h);
            l->depth = depth;
            l->row_pitch = agx_align(AGX_DIV_ROUND_UP(l->width, p->block_width) * (uint64_t)p->element_size,
                    AGX_LAYOUT_ROW_ALIGNMENT);
            l->depth_pitch = l->row_pitch * AGX_DIV_ROUND_UP(l->height, p->block_height);
            offset = agx_align(offset, AGX_LAYOUT_SUBRESOURCE_ALIGNMENT);
            l->offset = offset;
            offset += l->depth_pitch * l->depth;
        }
        p->slice_stride = agx_align(offset, AGX_LAYOUT_SUBRESOURCE_ALIGNMENT);
        p->offset = total;
        total += p->slice_stride * layout->array_size;
    }
    layout->total_size = total;
    return S_OK;
}

uint64_t agx_layout_total_size(const struct agx_layout *layout)
{
    return layout->total_size;
}

UINT agx_layout_subresource_count(const struct agx_layout *layout)
{
    return layout->mip_levels * layout->array_size * layout->plane_count;
}

bool agx_layout_get_subresource(const struct agx_layout *layout, UINT index, struct agx_layout_subresource *sub)
{
    const struct agx_layout_plane *p;
    const struct agx_layout_level *l;
    UINT mip, slice, plane;

    if (index >= agx_layout_subresource_count(layout))
        return false;
    ddi_subresource_decompose(index, layout->mip_levels, layout->array_size, &mip, &slice, &plane);
    p = &layout->planes[plane];
    l = &p->levels[mip];
    sub->plane = plane;
    sub->offset = p->offset + slice * p->slice_stride + l->offset;
    sub->row_pitch = l->row_pitch;
    sub->depth_pitch = l->depth_pitch;
    sub->width = l->width;
    sub->height = l->height;
    sub->depth = l->depth;
    sub->block_width = p->block_width;
    sub->block_height = p->block_height;
    sub->element_size = p->element_size;
    sub->sample_count = p->sample_count;
    return true;
}

uint64_t agx_layout_element_offset(const struct agx_layout *layout, const struct agx_layout_subresource *sub,
                                   uint32_t x, uint32_t y, uint32_t z, uint32_t *run)
{
    uint32_t row_elements = (uint32_t)AGX_DIV_ROUND_UP(sub->width, sub->block_width);

    /* Linear: the rest of the row is contiguous. */
    *run = x < row_elements ? row_elements - x : 1;
    return sub->offset + z * sub->depth_pitch + y * sub->row_pitch + (uint64_t)x * sub->element_size;
}
