/*
 * Copies and resolves: CopyBufferRegion, CopyTextureRegion, CopyResource, CopyTiles,
 * ResolveSubresource(Region), WriteBufferImmediate, AtomicCopyBuffer*.
 *
 * Everything the driver would otherwise read out of bounds is checked here: resource
 * kinds, byte ranges, subresource indices, footprint alignment and size, boxes against
 * the source, destination coordinates against the destination, block alignment.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "rt_cmdlist_vtbl.h"
#include "rt_info_queue.h"
#include "rt_tile.h"
#include "ddi_format.h"
#include "ddi_layout.h"

/* Where copies may be recorded: every queue type, never in bundles or render passes. */
#define RT_COPY_LISTS (RT_LIST_QUEUE | RT_NOT_IN_RENDER_PASS)
#define RT_RESOLVE_LISTS (RT_LIST_DIRECT | RT_NOT_IN_RENDER_PASS)

bool rt_why(struct rt_why *why, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    va_list args;

    why->id = id;
    va_start(args, fmt);
    vsnprintf(why->text, sizeof(why->text), fmt, args);
    va_end(args);
    return false;
}

bool rt_validate_buffer_range(const struct rt_resource *buffer, UINT64 offset, UINT64 size,
                              const char *what, D3D12_MESSAGE_ID id, struct rt_why *why)
{
    if (!buffer)
        return rt_why(why, id, "%s is NULL or not a resource of this runtime", what);
    if (!rt_resource_is_buffer(buffer))
        return rt_why(why, id, "%s is not a buffer", what);
    if (offset > buffer->desc.Width || size > buffer->desc.Width - offset)
        return rt_why(why, id, "%s range [%#" PRIx64 ", +%#" PRIx64 ") is outside its %#" PRIx64
                            " bytes", what, offset, size, buffer->desc.Width);
    return true;
}

/* Microsoft's IDs for the two sides of a buffer-to-buffer copy. */
struct rt_buffer_copy_ids
{
    D3D12_MESSAGE_ID null_dst, dst_range, null_src, src_range;
};

static bool rt_validate_buffer_copy(const struct rt_resource *dst, UINT64 dst_offset, const struct rt_resource *src,
                                    UINT64 src_offset, UINT64 size, const struct rt_buffer_copy_ids *ids,
                                    struct rt_why *why)
{
    return rt_validate_buffer_range(dst, dst_offset, size, "destination", dst ? ids->dst_range : ids->null_dst, why)
            && rt_validate_buffer_range(src, src_offset, size, "source", src ? ids->src_range : ids->null_src, why);
}

void rt_resource_subresource_size(const struct rt_resource *resource, UINT subresource,
                                  UINT *width, UINT *height, UINT *depth)
{
    const struct ddi_format_info *info = ddi_format_get(resource->desc.Format);
    unsigned int sub_w = 1, sub_h = 1;
    UINT mip, slice, plane;
    UINT64 w;
    UINT h;

    ddi_subresource_decompose(subresource, resource->desc.MipLevels, ddi_resource_array_size(&resource->desc),
                              &mip, &slice, &plane);
    ddi_resource_mip_size(&resource->desc, mip, &w, &h, depth);
    if (info && info->is_planar && ddi_format_plane_info(resource->desc.Format, plane, NULL, &sub_w, &sub_h))
    {
        /* Planes are subsampled from whole pixel groups. */
        w = (w + info->block_width - 1) / info->block_width * info->block_width;
        h = (h + info->block_height - 1) / info->block_height * info->block_height;
        w = (w + sub_w - 1) / sub_w;
        h = (h + sub_h - 1) / sub_h;
    }
    *width = (UINT)w;
    *height = h;
}

/* One side of a texture copy seen in copy units: the format it is read or written in,
 * its block shape and its extent in pixels. A block-compressed mip smaller than its
 * blocks still holds whole blocks: copies may reach the block-aligned size. */
struct rt_copy_extent
{
    DXGI_FORMAT format;
    const struct ddi_format_info *info;
    UINT width, height, depth;       /* block-aligned */
    UINT logical_width, logical_height;
    bool whole_only;                 /* depth-stencil and multisampled: whole subresources */
    bool multisampled;
};

/* Microsoft's IDs for a problem with one side of CopyTextureRegion. */
struct rt_copy_side_ids
{
    const char *what;
    D3D12_MESSAGE_ID null, dimension, format, dimensions, placement, row_pitch, region, subresource, bad_format;
};

static const struct rt_copy_side_ids copy_dst_ids =
{
    "destination", D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLDST,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTRESOURCEDIMENSION,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_UNRECOGNIZEDDSTFORMAT,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTDIMENSIONS, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTPLACEMENT,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTROWPITCH, D3D12_MESSAGE_ID_COPYTEXTUREREGION_DSTREGIONOUTOFBOUNDS,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTSUBRESOURCE, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTFORMAT,
};

static const struct rt_copy_side_ids copy_src_ids =
{
    "source", D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLSRC,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCRESOURCEDIMENSION,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_UNRECOGNIZEDSRCFORMAT,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCDIMENSIONS, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCPLACEMENT,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCROWPITCH, D3D12_MESSAGE_ID_COPYTEXTUREREGION_SRCREGIONOUTOFBOUNDS,
    D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCSUBRESOURCE, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCFORMAT,
};

static bool rt_copy_side_extent(const struct rt_texture_copy_side *side, const struct rt_copy_side_ids *ids,
                                struct rt_copy_extent *extent, struct rt_why *why)
{
    const char *what = ids->what;
    const struct rt_resource *resource = side->resource;
    const D3D12_SUBRESOURCE_FOOTPRINT *fp = &side->footprint.Footprint;
    UINT64 rows, row_size, size, slice_size;

    memset(extent, 0, sizeof(*extent));
    if (!resource)
        return rt_why(why, ids->null, "%s resource is NULL or not a resource of this runtime", what);

    if (side->is_footprint)
    {
        if (!rt_resource_is_buffer(resource))
            return rt_why(why, ids->dimension, "%s placed footprint is not in a buffer", what);
        if (!(extent->info = ddi_format_get(fp->Format)))
            return rt_why(why, ids->format, "%s footprint format %#x is invalid", what, fp->Format);
        if (!fp->Width || !fp->Height || !fp->Depth)
            return rt_why(why, ids->dimensions, "%s footprint is empty", what);
        if (side->footprint.Offset % D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT)
            return rt_why(why, ids->placement, "%s footprint offset %#" PRIx64 " is not a multiple of %u", what,
                                side->footprint.Offset, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
        if (fp->RowPitch % D3D12_TEXTURE_DATA_PITCH_ALIGNMENT)
            return rt_why(why, ids->row_pitch, "%s footprint row pitch %u is not a multiple of %u", what,
                                fp->RowPitch, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);
        if (fp->Width % extent->info->block_width || fp->Height % extent->info->block_height)
            return rt_why(why, ids->dimensions, "%s footprint %ux%u is not a whole number of %ux%u blocks", what,
                                fp->Width, fp->Height, extent->info->block_width, extent->info->block_height);
        rows = fp->Height / extent->info->block_height;
        row_size = (UINT64)(fp->Width / extent->info->block_width) * extent->info->bytes_per_block;
        if (row_size > fp->RowPitch)
            return rt_why(why, ids->row_pitch, "%s footprint row pitch %u is below its row size %" PRIu64,
                                what, fp->RowPitch, row_size);
        /* Every row is pitch-spaced; the last one need not be padded. */
        slice_size = rows * fp->RowPitch;
        if (__builtin_mul_overflow(slice_size, (UINT64)fp->Depth - 1, &size)
                || __builtin_add_overflow(size, (rows - 1) * fp->RowPitch + row_size, &size)
                || __builtin_add_overflow(size, side->footprint.Offset, &size) || size > resource->desc.Width)
            return rt_why(why, ids->region, "%s footprint does not fit in its %#" PRIx64 "-byte buffer",
                                what, resource->desc.Width);
        extent->format = fp->Format;
        extent->width = extent->logical_width = fp->Width;
        extent->height = extent->logical_height = fp->Height;
        extent->depth = fp->Depth;
        return true;
    }

    if (rt_resource_is_buffer(resource))
        return rt_why(why, ids->dimension, "%s is a buffer where a texture subresource is expected", what);
    if (side->subresource >= resource->subresource_count)
        return rt_why(why, ids->subresource, "%s subresource %u is out of range (%u)", what, side->subresource,
                            resource->subresource_count);
    {
        UINT mip, slice, plane;

        ddi_subresource_decompose(side->subresource, resource->desc.MipLevels,
                                  ddi_resource_array_size(&resource->desc), &mip, &slice, &plane);
        extent->format = ddi_format_plane_copy_format(resource->desc.Format, plane);
    }
    if (!(extent->info = ddi_format_get(extent->format)))
        return rt_why(why, ids->bad_format, "%s has no copyable format", what);
    rt_resource_subresource_size(resource, side->subresource, &extent->logical_width, &extent->logical_height,
                                 &extent->depth);
    extent->width = (extent->logical_width + extent->info->block_width - 1) / extent->info->block_width
            * extent->info->block_width;
    extent->height = (extent->logical_height + extent->info->block_height - 1) / extent->info->block_height
            * extent->info->block_height;
    extent->multisampled = resource->desc.SampleDesc.Count > 1;
    extent->whole_only = extent->multisampled || ddi_format_get(resource->desc.Format)->is_depth
            || (resource->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    return true;
}

/* A region [x, x + w) of an extent is block aligned: starts on a block and ends on one or
 * on the logical edge of the subresource. */
static bool rt_region_aligned(UINT x, UINT w, UINT block, UINT edge)
{
    return !(x % block) && (!(w % block) || x + w == edge);
}

bool rt_validate_texture_copy(const struct rt_texture_copy_side *dst,
                              UINT dst_x, UINT dst_y, UINT dst_z, const struct rt_texture_copy_side *src,
                              const D3D12_BOX *src_box, struct rt_why *why)
{
    struct rt_copy_extent d, s;
    D3D12_BOX box;

    if (!rt_copy_side_extent(dst, &copy_dst_ids, &d, why) || !rt_copy_side_extent(src, &copy_src_ids, &s, why))
        return false;
    if (dst->is_footprint && src->is_footprint)
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTRESOURCEDIMENSION, "both sides are buffers");
    if (!ddi_format_cast_compatible(d.format, s.format))
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_FORMATMISMATCH,
                      "formats %s and %s are not copy compatible",
                            ddi_format_name(d.format), ddi_format_name(s.format));
    if ((d.multisampled || s.multisampled)
            && (dst->is_footprint || src->is_footprint
                || dst->resource->desc.SampleDesc.Count != src->resource->desc.SampleDesc.Count))
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCRESOURCE,
                      "multisampled copies need two textures with the same sample count");

    if (src_box)
    {
        box = *src_box;
        if (box.right > s.width || box.bottom > s.height || box.back > s.depth)
            return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX,
                          "source box (%u,%u,%u)-(%u,%u,%u) exceeds the source %ux%ux%u",
                                box.left, box.top, box.front, box.right, box.bottom, box.back,
                                s.width, s.height, s.depth);
    }
    else
    {
        box.left = box.top = box.front = 0;
        box.right = s.width;
        box.bottom = s.height;
        box.back = s.depth;
    }

    if (!rt_region_aligned(box.left, box.right - box.left, s.info->block_width, s.logical_width)
            || !rt_region_aligned(box.top, box.bottom - box.top, s.info->block_height, s.logical_height))
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX,
                      "source box is not aligned to %ux%u blocks",
                            s.info->block_width, s.info->block_height);
    if (dst_x > d.width || box.right - box.left > d.width - dst_x || dst_y > d.height
            || box.bottom - box.top > d.height - dst_y || dst_z > d.depth || box.back - box.front > d.depth - dst_z)
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_DSTREGIONOUTOFBOUNDS,
                      "a %ux%ux%u region at (%u,%u,%u) exceeds the destination %ux%ux%u",
                            box.right - box.left, box.bottom - box.top, box.back - box.front, dst_x, dst_y, dst_z,
                            d.width, d.height, d.depth);
    if (!rt_region_aligned(dst_x, box.right - box.left, d.info->block_width, d.logical_width)
            || !rt_region_aligned(dst_y, box.bottom - box.top, d.info->block_height, d.logical_height))
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTCOORDINATES,
                      "destination (%u,%u) is not aligned to %ux%u blocks",
                            dst_x, dst_y, d.info->block_width, d.info->block_height);

    /* Depth-stencil and multisampled subresources are copied whole. */
    if (s.whole_only && (box.left || box.top || box.front || box.right != s.width || box.bottom != s.height
            || box.back != s.depth))
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX,
                      "a depth-stencil or multisampled source must be copied whole");
    if (d.whole_only && (dst_x || dst_y || dst_z || box.right - box.left != d.width
            || box.bottom - box.top != d.height || box.back - box.front != d.depth))
        return rt_why(why, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTCOORDINATES,
                      "a depth-stencil or multisampled destination must be written whole");
    return true;
}

bool rt_validate_copy_resource(const struct rt_resource *dst, const struct rt_resource *src, struct rt_why *why)
{
    const D3D12_RESOURCE_DESC1 *d, *s;

    if (!dst)
        return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_NULLDST, "NULL or foreign destination");
    if (!src)
        return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_NULLSRC, "NULL or foreign source");
    if (dst == src)
        return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE,
                      "source and destination are the same resource");
    d = &dst->desc;
    s = &src->desc;
    if (d->Dimension != s->Dimension)
        return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE, "dimensions differ");
    if (d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        if (d->Width != s->Width)
            return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE,
                          "buffer sizes %#" PRIx64 " and %#" PRIx64 " differ",
                                d->Width, s->Width);
        return true;
    }
    if (d->Width != s->Width || d->Height != s->Height || d->DepthOrArraySize != s->DepthOrArraySize
            || d->MipLevels != s->MipLevels)
        return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE,
                      "texture sizes, array sizes or mip counts differ");
    if (d->SampleDesc.Count != s->SampleDesc.Count || d->SampleDesc.Quality != s->SampleDesc.Quality)
        return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE, "sample counts differ");
    if (!ddi_format_cast_compatible(d->Format, s->Format))
        return rt_why(why, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE,
                      "formats %s and %s are not copy compatible",
                            ddi_format_name(d->Format), ddi_format_name(s->Format));
    return true;
}

/* ---- Methods --------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_CopyBufferRegion(rt_cl *iface, ID3D12Resource *dst_iface, UINT64 dst_offset,
                                                        ID3D12Resource *src_iface, UINT64 src_offset, UINT64 size)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    static const struct rt_buffer_copy_ids ids =
    {
        D3D12_MESSAGE_ID_COPYBUFFERREGION_NULLDST, D3D12_MESSAGE_ID_COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS,
        D3D12_MESSAGE_ID_COPYBUFFERREGION_NULLSRC, D3D12_MESSAGE_ID_COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS,
    };
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface), *src = rt_command_list_resource(list, src_iface);
    struct rt_why why;

    RT_TRACE("iface %p, dst %p, dst_offset %#" PRIx64 ", src %p, src_offset %#" PRIx64 ", size %#" PRIx64 ".",
             iface, dst_iface, dst_offset, src_iface, src_offset, size);

    if (!rt_command_list_begin(list, RT_COPY_LISTS, "CopyBufferRegion"))
        return;
    if (!rt_validate_buffer_copy(dst, dst_offset, src, src_offset, size, &ids, &why))
    {
        rt_command_list_remove_why(list, "CopyBufferRegion", &why);
        return;
    }
    /* A copy within one buffer is legal; intersecting ranges give undefined bytes, which
     * the debug layer reports (D3D12EnhancedBarriers.md, "Self Resource Copy";
     * COPY_ON_SAME_SUBRESOURCE). */
    if (dst == src && rt_ranges_overlap(dst_offset, size, src_offset, size))
        rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                          D3D12_MESSAGE_ID_COPY_ON_SAME_SUBRESOURCE, "CopyBufferRegion: the source and destination "
                          "ranges intersect; the result is undefined");
    if (!size || !RT_DDI_REQUIRE(list, pfnCopyBufferRegion, "CopyBufferRegion"))
        return;
    RT_DDI_CALL(list, pfnCopyBufferRegion, dst->hdrv, dst_offset, src->hdrv, src_offset, size);
}

static bool rt_copy_location(struct rt_command_list *list,
                             const D3D12_TEXTURE_COPY_LOCATION *in, struct rt_texture_copy_side *side,
                             D3D12DDIARG_TEXTURE_COPY_LOCATION *out)
{
    memset(side, 0, sizeof(*side));
    memset(out, 0, sizeof(*out));
    if (!in)
        return false;
    side->resource = rt_command_list_resource(list, in->pResource);
    out->hResource = rt_resource_hdrv(side->resource);
    out->Type = in->Type;
    switch (in->Type)
    {
        case D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT:
            side->is_footprint = true;
            side->footprint = in->PlacedFootprint;
            out->PlacedFootprint = in->PlacedFootprint;
            return true;
        case D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX:
            side->subresource = in->SubresourceIndex;
            out->SubresourceIndex = in->SubresourceIndex;
            return true;
        default:
            return false;
    }
}

/* A copy within one subresource is legal and regions that intersect give undefined texels,
 * which the debug layer reports (D3D12EnhancedBarriers.md, "Self Resource Copy";
 * COPY_ON_SAME_SUBRESOURCE). Called after rt_validate_texture_copy. */
static void rt_report_self_copy(struct rt_command_list *list, const struct rt_texture_copy_side *dst, UINT dst_x,
                                UINT dst_y, UINT dst_z, const struct rt_texture_copy_side *src,
                                const D3D12_BOX *src_box)
{
    UINT width, height, depth;
    D3D12_BOX source, written;

    if (dst->is_footprint || src->is_footprint || dst->resource != src->resource
            || dst->subresource != src->subresource)
        return;
    if (src_box)
        source = *src_box;
    else
    {
        rt_resource_subresource_size(src->resource, src->subresource, &width, &height, &depth);
        source = (D3D12_BOX){0, 0, 0, width, height, depth};
    }
    written = (D3D12_BOX){dst_x, dst_y, dst_z, dst_x + source.right - source.left, dst_y + source.bottom - source.top,
                          dst_z + source.back - source.front};
    if (rt_boxes_overlap(&source, &written))
        rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                          D3D12_MESSAGE_ID_COPY_ON_SAME_SUBRESOURCE, "CopyTextureRegion: the source and destination "
                          "regions of subresource %u intersect; the result is undefined", src->subresource);
}

void STDMETHODCALLTYPE rt_command_list_CopyTextureRegion(rt_cl *iface, const D3D12_TEXTURE_COPY_LOCATION *dst,
                                                         UINT dst_x, UINT dst_y, UINT dst_z,
                                                         const D3D12_TEXTURE_COPY_LOCATION *src,
                                                         const D3D12_BOX *src_box)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDIARG_TEXTURE_COPY_LOCATION ddi_dst, ddi_src;
    struct rt_texture_copy_side dst_side, src_side;
    struct rt_why why;

    RT_TRACE("iface %p, dst %p, dst_x %u, dst_y %u, dst_z %u, src %p, src_box %p.",
             iface, dst, dst_x, dst_y, dst_z, src, src_box);

    if (!rt_command_list_begin(list, RT_COPY_LISTS, "CopyTextureRegion"))
        return;
    if (!rt_copy_location(list, dst, &dst_side, &ddi_dst) || !rt_copy_location(list, src, &src_side, &ddi_src))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG,
                                        !dst || !src ? (!dst ? D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLDST
                                        : D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLSRC)
                                        : D3D12_MESSAGE_ID_COPYTEXTUREREGION_UNRECOGNIZEDDSTTYPE,
                                        "CopyTextureRegion: NULL location or invalid location type");
        return;
    }
    /* An empty or inverted source box copies nothing, wherever it lies: D3D12_BOX and
     * CopySubresourceRegion's documentation; vkd3d's copy tests, written to pass on
     * Windows, record such boxes (one starting past the source) between copies that land.
     * The debug layer has a message of its own for it. */
    if (src_box && rt_box_is_empty(src_box))
    {
        rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING,
                          D3D12_MESSAGE_ID_COPYTEXTUREREGION_EMPTYBOX, "CopyTextureRegion: the source box "
                          "(%u,%u,%u)-(%u,%u,%u) is empty; nothing is copied", src_box->left, src_box->top,
                          src_box->front, src_box->right, src_box->bottom, src_box->back);
        return;
    }
    if (!rt_validate_texture_copy(&dst_side, dst_x, dst_y, dst_z, &src_side, src_box, &why))
    {
        rt_command_list_remove_why(list, "CopyTextureRegion", &why);
        return;
    }
    rt_report_self_copy(list, &dst_side, dst_x, dst_y, dst_z, &src_side, src_box);
    if (!RT_DDI_REQUIRE(list, pfnCopyTextureRegion, "CopyTextureRegion"))
        return;
    RT_DDI_CALL(list, pfnCopyTextureRegion, &ddi_dst, dst_x, dst_y, dst_z, &ddi_src, src_box);
}

void STDMETHODCALLTYPE rt_command_list_CopyResource(rt_cl *iface, ID3D12Resource *dst_iface, ID3D12Resource *src_iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface), *src = rt_command_list_resource(list, src_iface);
    struct rt_why why;

    RT_TRACE("iface %p, dst %p, src %p.", iface, dst_iface, src_iface);

    if (!rt_command_list_begin(list, RT_COPY_LISTS, "CopyResource"))
        return;
    if (!rt_validate_copy_resource(dst, src, &why))
    {
        rt_command_list_remove_why(list, "CopyResource", &why);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnCopyResource, "CopyResource"))
        return;
    RT_DDI_CALL(list, pfnCopyResource, dst->hdrv, src->hdrv);
}

bool rt_validate_copy_tiles(const struct rt_resource *tiled, const D3D12_TILED_RESOURCE_COORDINATE *start,
                            const D3D12_TILE_REGION_SIZE *size, const struct rt_resource *buffer, UINT64 offset,
                            D3D12_TILE_COPY_FLAGS flags, struct rt_why *why)
{
    const D3D12_TILE_COPY_FLAGS direction = D3D12_TILE_COPY_FLAG_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE
            | D3D12_TILE_COPY_FLAG_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER;
    UINT64 tiles;

    if (!tiled || tiled->kind != RT_RESOURCE_RESERVED || !start || !size)
        return rt_why(why, RT_MESSAGE_ID_NONE_COPYTILES, "needs a reserved resource, a start and a size");
    if ((flags & ~(direction | D3D12_TILE_COPY_FLAG_NO_HAZARD)) || !(flags & direction)
            || (flags & direction) == direction)
        return rt_why(why, RT_MESSAGE_ID_NONE_COPYTILES, "invalid flags %#x", flags);
    /* The region lies in the resource's tiles; each takes 64 KiB of the buffer. */
    if (!rt_tile_region_check(tiled, start, size, &tiles, why->text, sizeof(why->text)))
    {
        why->id = RT_MESSAGE_ID_NONE_COPYTILES;
        return false;
    }
    return rt_validate_buffer_range(buffer, offset, tiles * D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES, "buffer",
                                    RT_MESSAGE_ID_NONE_COPYTILES, why);
}

void rt_tile_region_to_ddi(const D3D12_TILED_RESOURCE_COORDINATE *start, const D3D12_TILE_REGION_SIZE *size,
                           D3D12DDI_TILED_RESOURCE_COORDINATE *ddi_start, D3D12DDI_TILE_REGION_SIZE *ddi_size)
{
    ddi_start->X = start->X;
    ddi_start->Y = start->Y;
    ddi_start->Z = start->Z;
    ddi_start->Subresource = start->Subresource;
    ddi_size->NumTiles = size->NumTiles;
    ddi_size->UseBox = size->UseBox;
    ddi_size->Width = size->Width;
    ddi_size->Height = size->Height;
    ddi_size->Depth = size->Depth;
}

void STDMETHODCALLTYPE rt_command_list_CopyTiles(rt_cl *iface, ID3D12Resource *tiled_iface,
                                                 const D3D12_TILED_RESOURCE_COORDINATE *start,
                                                 const D3D12_TILE_REGION_SIZE *size, ID3D12Resource *buffer_iface,
                                                 UINT64 offset, D3D12_TILE_COPY_FLAGS flags)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *tiled = rt_command_list_resource(list, tiled_iface);
    struct rt_resource *buffer = rt_command_list_resource(list, buffer_iface);
    D3D12DDI_TILED_RESOURCE_COORDINATE ddi_start;
    D3D12DDI_TILE_REGION_SIZE ddi_size;
    struct rt_why why;

    RT_TRACE("iface %p, tiled %p, buffer %p, offset %#" PRIx64 ", flags %#x.", iface, tiled_iface, buffer_iface,
             offset, flags);

    if (!rt_command_list_begin(list, RT_COPY_LISTS, "CopyTiles"))
        return;
    if (!rt_validate_copy_tiles(tiled, start, size, buffer, offset, flags, &why))
    {
        rt_command_list_remove_why(list, "CopyTiles", &why);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnCopyTiles, "CopyTiles"))
        return;
    rt_tile_region_to_ddi(start, size, &ddi_start, &ddi_size);
    RT_DDI_CALL(list, pfnCopyTiles, tiled->hdrv, &ddi_start, &ddi_size, buffer->hdrv, offset, flags);
}

/* The rules both resolves share; rect NULL means the whole source subresource. */
bool rt_validate_resolve(const struct rt_resource *dst, UINT dst_sub, UINT dst_x, UINT dst_y,
                                const struct rt_resource *src, UINT src_sub, const D3D12_RECT *rect,
                                DXGI_FORMAT format, D3D12_RESOLVE_MODE mode, struct rt_why *why)
{
    UINT sw, sh, sd, dw, dh, dd;
    D3D12_RECT r;

    if (!dst || rt_resource_is_buffer(dst))
        return rt_why(why, dst ? D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALIDDSTRESOURCE
                      : D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_NULLDST, "needs two textures of this runtime");
    if (!src || rt_resource_is_buffer(src))
        return rt_why(why, src ? D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALIDSRCRESOURCE
                      : D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_NULLSRC, "needs two textures of this runtime");
    if (dst_sub >= dst->subresource_count || src_sub >= src->subresource_count)
        return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_SUBRESOURCE_INDEX, "subresource out of range");
    if (mode != D3D12_RESOLVE_MODE_DECOMPRESS && mode != D3D12_RESOLVE_MODE_MIN && mode != D3D12_RESOLVE_MODE_MAX
            && mode != D3D12_RESOLVE_MODE_AVERAGE)
        return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_FORMAT, "resolve mode %#x is not supported",
                      mode);
    if (mode == D3D12_RESOLVE_MODE_DECOMPRESS)
    {
        if (dst->desc.SampleDesc.Count != src->desc.SampleDesc.Count)
            return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT,
                          "a decompressing resolve keeps the sample count");
    }
    else if (src->desc.SampleDesc.Count < 2 || dst->desc.SampleDesc.Count != 1)
    {
        return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT,
                      "a resolve goes from a multisampled to a single-sampled texture");
    }
    if (!ddi_format_is_valid(format) || !ddi_format_cast_compatible(format, dst->desc.Format)
            || !ddi_format_cast_compatible(format, src->desc.Format))
        return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_FORMAT, "format %s does not fit both resources",
                      ddi_format_name(format));
    /* Averaging needs a format the device can resolve (never integers or typeless). */
    if (mode == D3D12_RESOLVE_MODE_AVERAGE
            && !rt_device_format_supports(dst->device, format, D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RESOLVE))
        return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_FORMAT,
                      "format %s cannot be resolved by averaging", ddi_format_name(format));

    rt_resource_subresource_size(src, src_sub, &sw, &sh, &sd);
    rt_resource_subresource_size(dst, dst_sub, &dw, &dh, &dd);
    if (rect)
    {
        r = *rect;
        if (r.left < 0 || r.top < 0 || r.left >= r.right || r.top >= r.bottom || (UINT)r.right > sw
                || (UINT)r.bottom > sh)
            return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCEREGION_INVALID_RECT,
                          "source rectangle is empty or outside the source");
    }
    else
    {
        r.left = r.top = 0;
        r.right = (LONG)sw;
        r.bottom = (LONG)sh;
    }
    if (dst_x > dw || (UINT)(r.right - r.left) > dw - dst_x || dst_y > dh || (UINT)(r.bottom - r.top) > dh - dst_y)
        return rt_why(why, D3D12_MESSAGE_ID_RESOLVESUBRESOURCEREGION_INVALID_RECT,
                      "the resolved region exceeds the destination");
    return true;
}

void STDMETHODCALLTYPE rt_command_list_ResolveSubresource(rt_cl *iface, ID3D12Resource *dst_iface, UINT dst_sub,
                                                          ID3D12Resource *src_iface, UINT src_sub, DXGI_FORMAT format)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface);
    struct rt_resource *src = rt_command_list_resource(list, src_iface);
    UINT sw, sh, sd, dw, dh, dd;
    struct rt_why why;

    RT_TRACE("iface %p, dst %p, dst_sub %u, src %p, src_sub %u, format %#x.", iface, dst_iface, dst_sub,
             src_iface, src_sub, format);

    if (!rt_command_list_begin(list, RT_RESOLVE_LISTS, "ResolveSubresource"))
        return;
    if (!rt_validate_resolve(dst, dst_sub, 0, 0, src, src_sub, NULL, format, D3D12_RESOLVE_MODE_AVERAGE, &why))
    {
        rt_command_list_remove_why(list, "ResolveSubresource", &why);
        return;
    }
    rt_resource_subresource_size(src, src_sub, &sw, &sh, &sd);
    rt_resource_subresource_size(dst, dst_sub, &dw, &dh, &dd);
    if (sw != dw || sh != dh)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_RESOURCE_MISMATCH,
                                       "ResolveSubresource: the subresources differ in size");
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnResolveSubresource, "ResolveSubresource"))
        return;
    RT_DDI_CALL(list, pfnResolveSubresource, dst->hdrv, dst_sub, src->hdrv, src_sub, format);
}

void STDMETHODCALLTYPE rt_command_list_ResolveSubresourceRegion(rt_cl *iface, ID3D12Resource *dst_iface, UINT dst_sub,
                                                                UINT dst_x, UINT dst_y, ID3D12Resource *src_iface,
                                                                UINT src_sub, D3D12_RECT *rect, DXGI_FORMAT format,
                                                                D3D12_RESOLVE_MODE mode)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface), *src = rt_command_list_resource(list, src_iface);
    struct rt_why why;

    RT_TRACE("iface %p, dst %p, dst_sub %u, (%u,%u), src %p, src_sub %u, rect %p, format %#x, mode %#x.", iface,
             dst_iface, dst_sub, dst_x, dst_y, src_iface, src_sub, rect, format, mode);

    if (!rt_command_list_begin(list, RT_RESOLVE_LISTS, "ResolveSubresourceRegion"))
        return;
    if (!rt_validate_resolve(dst, dst_sub, dst_x, dst_y, src, src_sub, rect, format, mode, &why))
    {
        rt_command_list_remove_why(list, "ResolveSubresourceRegion", &why);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnResolveSubresourceRegion, "ResolveSubresourceRegion"))
        return;
    RT_DDI_CALL(list, pfnResolveSubresourceRegion, dst->hdrv, dst_sub, dst_x, dst_y, src->hdrv, src_sub, rect,
                format, mode);
}

void STDMETHODCALLTYPE rt_command_list_WriteBufferImmediate(rt_cl *iface, UINT count,
                                                            const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *params,
                                                            const D3D12_WRITEBUFFERIMMEDIATE_MODE *modes)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    UINT i;

    RT_TRACE("iface %p, count %u, params %p, modes %p.", iface, count, params, modes);

    /* Every list type, bundles and copy lists included (D3D12WriteBufferImmediate.md). */
    if (!rt_command_list_begin(list, RT_LIST_ANY | RT_GPU_WORK, "WriteBufferImmediate") || !count)
        return;
    if (!params)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_WRITEBUFFERIMMEDIATE_INVALID_DEST,
                                       "WriteBufferImmediate: NULL parameters");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!params[i].Dest || params[i].Dest % 4)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, params[i].Dest
                                            ? D3D12_MESSAGE_ID_WRITEBUFFERIMMEDIATE_INVALID_ALIGNMENT
                                            : D3D12_MESSAGE_ID_WRITEBUFFERIMMEDIATE_INVALID_DEST,
                                            "WriteBufferImmediate: destination %u (%#" PRIx64
                                    ") is not a 4-byte aligned address", i, params[i].Dest);
            return;
        }
        if (modes && modes[i] != D3D12_WRITEBUFFERIMMEDIATE_MODE_DEFAULT
                && modes[i] != D3D12_WRITEBUFFERIMMEDIATE_MODE_MARKER_IN
                && modes[i] != D3D12_WRITEBUFFERIMMEDIATE_MODE_MARKER_OUT)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_WRITEBUFFERIMMEDIATE_INVALID_MODE,
                                            "WriteBufferImmediate: invalid mode %#x", modes[i]);
            return;
        }
    }
    if (!RT_DDI_REQUIRE(list, pfnWriteBufferImmediate, "WriteBufferImmediate"))
        return;
    RT_DDI_CALL(list, pfnWriteBufferImmediate, count, params, modes);
}

/*
 * AtomicCopyBuffer*: the DDI has no entry of its own. A 4- or 8-byte buffer copy is
 * one aligned access the copy engine never tears, and a legacy copy is ordered after
 * all earlier work on its resources, which covers the dependent resources too.
 */
static void rt_atomic_copy(struct rt_command_list *list, const char *method, UINT width,
                           ID3D12Resource *dst_iface, UINT64 dst_offset, ID3D12Resource *src_iface, UINT64 src_offset,
                           UINT dependencies, ID3D12Resource *const *dependent_resources,
                           const D3D12_SUBRESOURCE_RANGE_UINT64 *dependent_ranges)
{
    static const struct rt_buffer_copy_ids ids =
    {
        D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_NULL_DST, D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_DST_RANGE_OUT_OF_BOUNDS,
        D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_NULL_SRC, D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_SRC_RANGE_OUT_OF_BOUNDS,
    };
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface), *src = rt_command_list_resource(list, src_iface);
    const struct rt_resource *dependent;
    struct rt_why why;
    UINT i;

    if (!rt_command_list_begin(list, RT_COPY_LISTS, method))
        return;
    if (!rt_validate_buffer_copy(dst, dst_offset, src, src_offset, width, &ids, &why))
    {
        rt_command_list_remove_why(list, method, &why);
        return;
    }
    if (dst_offset % width || src_offset % width)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_INVALID_OFFSET_ALIGNMENT,
                                        "%s: offsets must be %u-byte aligned", method, width);
        return;
    }
    if (dependencies && (!dependent_resources || !dependent_ranges))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, !dependent_resources
                                        ? D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_NULL_DEPENDENT_RESOURCES
                                        : D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_NULL_DEPENDENT_SUBRESOURCE_RANGES,
                                        "%s: NULL dependency arrays", method);
        return;
    }
    for (i = 0; i < dependencies; ++i)
    {
        if (!(dependent = rt_command_list_resource(list, dependent_resources[i]))
                || dependent_ranges[i].Subresource >= dependent->subresource_count)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, dependent
                                            ? D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_DEPENDENT_SUBRESOURCE_OUT_OF_BOUNDS
                                            : D3D12_MESSAGE_ID_ATOMICCOPYBUFFER_INVALID_DEPENDENT_RESOURCE,
                                            "%s: dependency %u is invalid", method, i);
            return;
        }
    }
    if (!RT_DDI_REQUIRE(list, pfnCopyBufferRegion, method))
        return;
    RT_DDI_CALL(list, pfnCopyBufferRegion, dst->hdrv, dst_offset, src->hdrv, src_offset, width);
}

void STDMETHODCALLTYPE rt_command_list_AtomicCopyBufferUINT(rt_cl *iface, ID3D12Resource *dst, UINT64 dst_offset,
                                                            ID3D12Resource *src, UINT64 src_offset, UINT dependencies,
                                                            ID3D12Resource *const *dependent_resources,
                                                            const D3D12_SUBRESOURCE_RANGE_UINT64 *dependent_ranges)
{
    RT_TRACE("iface %p, dst %p, dst_offset %#" PRIx64 ", src %p, src_offset %#" PRIx64 ", dependencies %u.",
             iface, dst, dst_offset, src, src_offset, dependencies);
    rt_atomic_copy(rt_command_list_from_iface(iface), "AtomicCopyBufferUINT", sizeof(UINT32), dst, dst_offset,
                   src, src_offset, dependencies, dependent_resources, dependent_ranges);
}

void STDMETHODCALLTYPE rt_command_list_AtomicCopyBufferUINT64(rt_cl *iface, ID3D12Resource *dst, UINT64 dst_offset,
                                                              ID3D12Resource *src, UINT64 src_offset,
                                                              UINT dependencies,
                                                              ID3D12Resource *const *dependent_resources,
                                                              const D3D12_SUBRESOURCE_RANGE_UINT64 *dependent_ranges)
{
    RT_TRACE("iface %p, dst %p, dst_offset %#" PRIx64 ", src %p, src_offset %#" PRIx64 ", dependencies %u.",
             iface, dst, dst_offset, src, src_offset, dependencies);
    rt_atomic_copy(rt_command_list_from_iface(iface), "AtomicCopyBufferUINT64", sizeof(UINT64), dst, dst_offset,
                   src, src_offset, dependencies, dependent_resources, dependent_ranges);
}
