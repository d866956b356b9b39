/*
 * The native Async Commands table (D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124): the copy
 * family here, FillBuffers and ClearTextureSubresources in agx_cmdasync_clear.c. Each
 * call is recorded as one command holding the whole batch, copied into the allocator's
 * memory (the caller's arrays die when the call returns); the engine runs a copy batch
 * as a loop over the copies of the legacy entries (agx_exec.c, agx_copy.c).
 *
 * CopyTilesAsync and the two resolves are the legacy entries themselves: one call, one
 * command, the same recording and execution (agx_tile_copy.c, agx_resolve.c,
 * agx_cmdbuf.c). The bound clears need the shader engine: they stay NULL, and the
 * driver does not advertise the table (agx_adapter.c) until all ten exist.
 */
#include <string.h>
#include "agx_clear.h"
#include "agx_cmdasync.h"
#include "agx_tile.h"

/* A batch the driver cannot execute (the runtime validates what the API defines;
 * this guards the shape of the DDI arguments). */
static void agx_cmdasync_invalid(struct agx_cmdlist *list, const char *what)
{
    agx_tell(list->device, D3D12_MESSAGE_CATEGORY_EXECUTION, "%s: invalid arguments, list removed", what);
    agx_cmdlist_fail(list, E_INVALIDARG);
}

static bool agx_cmdasync_is_buffer(D3D12DDI_HRESOURCE handle)
{
    const struct agx_resource *resource = agx_resource_from_handle(handle);

    return resource && agx_resource_is_buffer(resource);
}

static void APIENTRY agx_cmdlist_copy_buffer_regions(D3D12DDI_HCOMMANDLIST hlist, UINT count,
        D3D12DDI_HRESOURCE *const *dsts, const UINT64 *dst_offsets, D3D12DDI_HRESOURCE *const *srcs,
        const UINT64 *src_offsets, const UINT64 *sizes)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_cmd_copy_buffer_regions *cmd;
    UINT i;

    if (!count)
        return;
    if (!dsts || !dst_offsets || !srcs || !src_offsets || !sizes)
    {
        agx_cmdasync_invalid(list, "CopyBufferRegions");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!dsts[i] || !srcs[i] || !agx_cmdasync_is_buffer(*dsts[i]) || !agx_cmdasync_is_buffer(*srcs[i]))
        {
            agx_cmdasync_invalid(list, "CopyBufferRegions");
            return;
        }
    }
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_COPY_BUFFER_REGIONS,
            sizeof(*cmd) + (size_t)count * sizeof(cmd->regions[0]))))
        return;
    cmd->count = count;
    for (i = 0; i < count; ++i)
    {
        cmd->regions[i].dst = agx_resource_from_handle(*dsts[i]);
        cmd->regions[i].src = agx_resource_from_handle(*srcs[i]);
        cmd->regions[i].dst_offset = dst_offsets[i];
        cmd->regions[i].src_offset = src_offsets[i];
        cmd->regions[i].size = sizes[i];
    }
}

/* One side of a texture copy desc: exactly one of the buffer placement and the placed
 * resource names a resource. False when neither or both do. */
static bool agx_cmdasync_location(struct agx_copy_location *location, const D3D12DDIARG_BUFFER_PLACEMENT *buffer,
                                  const D3D12DDIARG_PLACED_RESOURCE *texture)
{
    memset(location, 0, sizeof(*location));
    if (!buffer->hBuffer.pDrvPrivate == !texture->hResource.pDrvPrivate)
        return false;
    if (buffer->hBuffer.pDrvPrivate)
    {
        location->resource = agx_resource_from_handle(buffer->hBuffer);
        location->type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
        location->footprint = buffer->Placement;
    }
    else
    {
        location->resource = agx_resource_from_handle(texture->hResource);
        location->type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
        location->subresource = texture->SubresourceIndex;
    }
    return true;
}

/* The locations of one desc; a copy needs a texture on at least one side. */
static bool agx_cmdasync_desc_locations(const D3D12DDI_TEXTURE_COPY_DESC *desc, struct agx_copy_location *dst,
                                        struct agx_copy_location *src)
{
    if (!agx_cmdasync_location(dst, &desc->DstBufferPlacement, &desc->DstPlacedResource)
            || !agx_cmdasync_location(src, &desc->SrcBufferPlacement, &desc->SrcPlacedResource))
        return false;
    if (dst->type == D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT && src->type == D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT)
        return false;
    return !desc->NumRegions || desc->pRegions;
}

static void APIENTRY agx_cmdlist_copy_texture_regions(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                                      const D3D12DDI_TEXTURE_COPY_DESC *descs)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_copy_location dst, src;
    struct agx_texture_copy_region *out;
    struct agx_cmd_copy_texture_regions *cmd;
    const D3D12DDI_TEXTURE_COPY_REGION *in;
    uint64_t region_count = 0;
    UINT i, j;

    if (!count)
        return;
    if (!descs)
    {
        agx_cmdasync_invalid(list, "CopyTextureRegions");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!agx_cmdasync_desc_locations(&descs[i], &dst, &src))
        {
            agx_cmdasync_invalid(list, "CopyTextureRegions");
            return;
        }
        region_count += descs[i].NumRegions;
    }
    /* A count past UINT32_MAX regions is more than a record can hold: emit fails it. */
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_COPY_TEXTURE_REGIONS, sizeof(*cmd)
            + (size_t)count * sizeof(cmd->descs[0])
            + (size_t)AGX_MIN(region_count, UINT32_MAX) * sizeof(struct agx_texture_copy_region))))
        return;
    cmd->desc_count = count;
    out = (struct agx_texture_copy_region *)agx_cmd_texture_regions(cmd);
    for (i = 0; i < count; ++i)
    {
        agx_cmdasync_desc_locations(&descs[i], &cmd->descs[i].dst, &cmd->descs[i].src);
        cmd->descs[i].region_count = descs[i].NumRegions;
        for (j = 0, in = descs[i].pRegions; j < descs[i].NumRegions; ++j, ++in, ++out)
        {
            out->dst_x = in->DstOffsetX;
            out->dst_y = in->DstOffsetY;
            out->dst_z = in->DstOffsetZ;
            if ((out->has_box = !!in->pSrcBox))
                out->box = *in->pSrcBox;
        }
    }
}

static void APIENTRY agx_cmdlist_copy_resources(D3D12DDI_HCOMMANDLIST hlist, UINT count, D3D12DDI_HRESOURCE *dsts,
                                                D3D12DDI_HRESOURCE *srcs)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_cmd_copy_resources *cmd;
    UINT i;

    if (!count)
        return;
    if (!dsts || !srcs)
    {
        agx_cmdasync_invalid(list, "CopyResources");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!dsts[i].pDrvPrivate || !srcs[i].pDrvPrivate)
        {
            agx_cmdasync_invalid(list, "CopyResources");
            return;
        }
    }
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_COPY_RESOURCES, sizeof(*cmd) + (size_t)count * sizeof(cmd->pairs[0]))))
        return;
    cmd->count = count;
    for (i = 0; i < count; ++i)
    {
        cmd->pairs[i].dst = agx_resource_from_handle(dsts[i]);
        cmd->pairs[i].src = agx_resource_from_handle(srcs[i]);
    }
}

void agx_cmdlist_fill_async_funcs(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *funcs)
{
    memset(funcs, 0, sizeof(*funcs));
    funcs->pfnCopyBufferRegions = agx_cmdlist_copy_buffer_regions;
    funcs->pfnCopyTextureRegions = agx_cmdlist_copy_texture_regions;
    funcs->pfnCopyResources = agx_cmdlist_copy_resources;
    funcs->pfnCopyTilesAsync = agx_tile_copy_tiles_entry;
    funcs->pfnResolveSubresourceRegionAsync = agx_resolve_region_entry;
    funcs->pfnResolveQueryDataAsync = agx_cmdlist_resolve_query_data;
    agx_cmdasync_clear_fill_funcs(funcs);
    agx_cmdasync_fill_bound_clears(funcs);
}
