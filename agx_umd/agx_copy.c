/*
 * Texture copies of the execution engine: buffer footprint to texture subresource,
 * texture to footprint, texture to texture, and whole resources. Work is counted in
 * elements (a block of a block-compressed format, a texel otherwise; one texel of a
 * plane for planar formats); texture elements are found only through agx_layout, so
 * the copies follow whatever layout that module chooses.
 */
#include "ddi_format.h"
#include "agx_exec.h"
#include "agx_mem.h"

/* One side of a copy. */
struct agx_copy_surface
{
    const struct agx_resource *resource;
    bool is_texture;
    struct agx_layout_subresource sub;   /* textures */
    uint64_t va, row_pitch, depth_pitch; /* buffer footprints */
    uint32_t width, height, depth;       /* extent in pixels */
    uint32_t block_width, block_height;  /* pixels per element */
    uint32_t element_size;
};

static bool agx_copy_texture_surface(struct agx_copy_surface *surface, const struct agx_resource *resource,
                                     UINT subresource)
{
    if (!resource || agx_resource_is_buffer(resource)
            || !agx_layout_get_subresource(&resource->layout, subresource, &surface->sub))
        return false;
    surface->resource = resource;
    surface->is_texture = true;
    surface->width = surface->sub.width;
    surface->height = surface->sub.height;
    surface->depth = surface->sub.depth;
    surface->block_width = surface->sub.block_width;
    surface->block_height = surface->sub.block_height;
    surface->element_size = surface->sub.element_size;
    return true;
}

/* A footprint has the element shape of the texture on the other side of the copy
 * (for planes of planar formats the footprint's format is the plane's copy format). */
static bool agx_copy_buffer_surface(struct agx_copy_surface *surface, const struct agx_resource *resource,
                                    const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *footprint,
                                    const struct agx_copy_surface *texture)
{
    if (!resource || !agx_resource_is_buffer(resource))
        return false;
    surface->resource = resource;
    surface->is_texture = false;
    surface->va = resource->va + footprint->Offset;
    surface->width = footprint->Footprint.Width;
    surface->height = footprint->Footprint.Height;
    surface->depth = footprint->Footprint.Depth;
    surface->block_width = texture->block_width;
    surface->block_height = texture->block_height;
    surface->element_size = texture->element_size;
    surface->row_pitch = footprint->Footprint.RowPitch;
    surface->depth_pitch = surface->row_pitch * AGX_DIV_ROUND_UP(surface->height, surface->block_height);
    return true;
}

/* GPU address of an element and how many elements of its row follow contiguously. */
static uint64_t agx_copy_surface_address(const struct agx_copy_surface *surface, uint32_t x, uint32_t y, uint32_t z,
                                         uint32_t *run)
{
    if (surface->is_texture)
        return surface->resource->va
                + agx_layout_element_offset(&surface->resource->layout, &surface->sub, x, y, z, run);
    *run = UINT32_MAX;
    return surface->va + z * surface->depth_pitch + y * surface->row_pitch + (uint64_t)x * surface->element_size;
}

/* The X8 bits of a D24 depth plane read out as zero (PlanarDepthStencilDDISpec). */
static bool agx_copy_masks_x8(const struct agx_copy_surface *src, const struct agx_copy_surface *dst)
{
    const struct ddi_format_info *info;

    if (!src->is_texture || dst->is_texture || src->sub.plane)
        return false;
    info = ddi_format_get(src->resource->desc.Format);
    return info && info->typeless_family == DXGI_FORMAT_R24G8_TYPELESS;
}

static void agx_copy_masked_x8(struct agx_backend *backend, uint64_t dst, uint64_t src, uint64_t size)
{
    uint32_t texels[256];
    uint64_t n, i;

    while (size)
    {
        n = AGX_MIN(size, sizeof(texels));
        agx_mem_read(backend, src, texels, n);
        for (i = 0; i < n / sizeof(*texels); ++i)
            texels[i] &= 0x00ffffffu;
        agx_mem_write(backend, dst, texels, n);
        src += n;
        dst += n;
        size -= n;
    }
}

/* Copies the pixels of box (in src pixels) to (dst_x, dst_y, dst_z) in dst pixels. */
static void agx_copy_surfaces(struct agx_backend *backend, const struct agx_copy_surface *dst, uint32_t dst_x,
                              uint32_t dst_y, uint32_t dst_z, const struct agx_copy_surface *src, const D3D12_BOX *box)
{
    uint32_t x0 = box->left / src->block_width, y0 = box->top / src->block_height;
    uint32_t cols = AGX_DIV_ROUND_UP(box->right, src->block_width) - x0;
    uint32_t rows = AGX_DIV_ROUND_UP(box->bottom, src->block_height) - y0;
    uint32_t dx = dst_x / dst->block_width, dy = dst_y / dst->block_height;
    uint32_t x, y, z, n, src_run, dst_run;
    bool mask = agx_copy_masks_x8(src, dst);
    uint64_t src_va, dst_va;

    if (box->right <= box->left || box->bottom <= box->top || box->back <= box->front)
        return;
    if (src->element_size != dst->element_size)
    {
        agx_warn("copy between %u-byte and %u-byte elements skipped", src->element_size, dst->element_size);
        return;
    }
    for (z = 0; z < box->back - box->front; ++z)
    {
        for (y = 0; y < rows; ++y)
        {
            for (x = 0; x < cols; x += n)
            {
                src_va = agx_copy_surface_address(src, x0 + x, y0 + y, box->front + z, &src_run);
                dst_va = agx_copy_surface_address(dst, dx + x, dy + y, dst_z + z, &dst_run);
                n = AGX_MIN(cols - x, AGX_MIN(src_run, dst_run));
                if (mask)
                    agx_copy_masked_x8(backend, dst_va, src_va, (uint64_t)n * src->element_size);
                else
                    agx_mem_copy(backend, dst_va, src_va, (uint64_t)n * src->element_size);
            }
        }
    }
}

static void agx_copy_whole_box(const struct agx_copy_surface *surface, D3D12_BOX *box)
{
    box->left = box->top = box->front = 0;
    box->right = surface->width;
    box->bottom = surface->height;
    box->back = surface->depth;
}

/* Both sides of a texture copy, ready for its regions. The texture side comes first:
 * a footprint takes its element shape. */
static bool agx_copy_prepare(struct agx_copy_surface *dst_surface, struct agx_copy_surface *src_surface,
                             const struct agx_copy_location *dst, const struct agx_copy_location *src)
{
    bool ok;

    if (src->type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX)
    {
        ok = agx_copy_texture_surface(src_surface, src->resource, src->subresource);
        if (ok && dst->type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX)
            ok = agx_copy_texture_surface(dst_surface, dst->resource, dst->subresource);
        else if (ok)
            ok = agx_copy_buffer_surface(dst_surface, dst->resource, &dst->footprint, src_surface);
    }
    else
    {
        ok = dst->type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX
                && agx_copy_texture_surface(dst_surface, dst->resource, dst->subresource)
                && agx_copy_buffer_surface(src_surface, src->resource, &src->footprint, dst_surface);
    }
    if (!ok)
        agx_warn("texture copy between locations without a layout skipped");
    return ok;
}

static void agx_copy_region(struct agx_backend *backend, const struct agx_copy_surface *dst,
                            const struct agx_copy_surface *src, const struct agx_texture_copy_region *region)
{
    D3D12_BOX box;

    if (region->has_box)
        box = region->box;
    else
        agx_copy_whole_box(src, &box);
    agx_copy_surfaces(backend, dst, region->dst_x, region->dst_y, region->dst_z, src, &box);
}

void agx_copy_texture_region(struct agx_backend *backend, const struct agx_cmd_copy_texture *cmd)
{
    struct agx_copy_surface dst_surface, src_surface;

    if (agx_copy_prepare(&dst_surface, &src_surface, &cmd->dst, &cmd->src))
        agx_copy_region(backend, &dst_surface, &src_surface, &cmd->region);
}

/* The engine runs one region after the other: one of the orders the batch allows. */
void agx_copy_texture_regions(struct agx_backend *backend, const struct agx_cmd_copy_texture_regions *cmd)
{
    const struct agx_texture_copy_region *region = agx_cmd_texture_regions(cmd);
    struct agx_copy_surface dst_surface, src_surface;
    const struct agx_texture_copy_desc *desc;
    uint32_t i, j;

    for (i = 0; i < cmd->desc_count; ++i, region += desc->region_count)
    {
        desc = &cmd->descs[i];
        if (!agx_copy_prepare(&dst_surface, &src_surface, &desc->dst, &desc->src))
            continue;
        for (j = 0; j < desc->region_count; ++j)
            agx_copy_region(backend, &dst_surface, &src_surface, &region[j]);
    }
}

void agx_copy_resource(struct agx_backend *backend, struct agx_resource *dst, struct agx_resource *src)
{
    struct agx_copy_surface dst_surface, src_surface;
    UINT sub, count;
    D3D12_BOX box;

    if (agx_resource_is_buffer(dst) || agx_resource_is_buffer(src))
    {
        if (agx_resource_is_buffer(dst) && agx_resource_is_buffer(src))
            agx_mem_copy(backend, dst->va, src->va, AGX_MIN(dst->desc.Width, src->desc.Width));
        return;
    }
    count = AGX_MIN(agx_layout_subresource_count(&dst->layout), agx_layout_subresource_count(&src->layout));
    for (sub = 0; sub < count; ++sub)
    {
        if (!agx_copy_texture_surface(&src_surface, src, sub) || !agx_copy_texture_surface(&dst_surface, dst, sub))
            continue;
        agx_copy_whole_box(&src_surface, &box);
        agx_copy_surfaces(backend, &dst_surface, 0, 0, 0, &src_surface, &box);
    }
}
