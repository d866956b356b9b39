/*
 * Resolving a shader's declared bindings against the bound root signature and its
 * arguments: root constants, root descriptors, descriptor tables (records read from
 * the shader-visible heap by GPU address) and static samplers. Each (binding,
 * register) is resolved once per draw or dispatch and cached.
 */
#include <stdlib.h>
#include <string.h>
#include "agx_bind_private.h"
#include "agx_descriptor.h"
#include "agx_mem.h"
#include "ddi_format.h"

static const uint32_t agx_bind_zero_vec4[4];

/* What an unbound sampler reads as: point filtering, clamped, all mips. */
static const struct agx_shader_sampler agx_bind_default_sampler =
{
    .desc =
    {
        .Filter = D3D12_FILTER_MIN_MAG_MIP_POINT,
        .AddressU = D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
        .AddressV = D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
        .AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
        .MaxAnisotropy = 1,
        .ComparisonFunc = D3D12_COMPARISON_FUNC_NEVER,
        .MaxLOD = D3D12_FLOAT32_MAX,
    },
};

/* ---- The cache ------------------------------------------------------------------------- */

static uint32_t agx_bind_hash(uint64_t key)
{
    key *= 0x9e3779b97f4a7c15ull;
    return (uint32_t)(key >> 58);   /* AGX_BIND_BUCKETS = 64 */
}

/* The entry of key, and whether it was resolved already this batch. */
static struct agx_bind_entry *agx_bind_lookup(struct agx_bind_stage *stage, uint64_t key, bool *found)
{
    struct agx_bind_entry **bucket = &stage->buckets[agx_bind_hash(key)], *entry;
    struct agx_bind_block *block;

    for (entry = *bucket; entry; entry = entry->next)
    {
        if (entry->key == key)
        {
            *found = true;
            return entry;
        }
    }
    *found = false;
    /* Entries never move while the batch runs: the callbacks' answers stay valid. */
    if (!stage->current || stage->used == AGX_BIND_BLOCK_ENTRIES)
    {
        block = stage->current ? stage->current->next : stage->blocks;
        if (!block)
        {
            /* The binding cannot be resolved: the device is lost rather than the
             * shader silently reading zeros (issue 19), once the engine stopped. */
            if (!(block = calloc(1, sizeof(*block))))
            {
                agx_exec_fail(stage->bind->exec, E_OUTOFMEMORY);
                return NULL;
            }
            if (stage->current)
                stage->current->next = block;
            else
                stage->blocks = block;
        }
        stage->current = block;
        stage->used = 0;
    }
    entry = &stage->current->entries[stage->used++];
    entry->key = key;
    entry->next = *bucket;
    *bucket = entry;
    return entry;
}

void agx_bind_stage_reset(struct agx_bind_stage *stage)
{
    memset(stage->buckets, 0, sizeof(stage->buckets));
    stage->current = NULL;
    stage->used = 0;
}

void agx_bind_stage_finish(struct agx_bind_stage *stage)
{
    struct agx_bind_block *block, *next;
    unsigned int i;

    for (block = stage->blocks; block; block = next)
    {
        next = block->next;
        for (i = 0; i < AGX_BIND_BLOCK_ENTRIES; ++i)
            free(block->entries[i].cb_copy);
        free(block);
    }
    stage->blocks = stage->current = NULL;
}

/* ---- Descriptors --------------------------------------------------------------------- */

/* Reads the first record_size bytes of descriptor `index` of a table into record; false
 * outside the bound heap. */
static bool agx_bind_read_descriptor(const struct agx_bind_stage *stage, bool sampler, uint64_t base,
                                     uint64_t index, void *record, size_t record_size)
{
    const struct agx_bind_exec *bind = stage->bind;
    uint64_t heap_base = sampler ? bind->sampler_heap_base : bind->view_heap_base;
    uint64_t heap_size = sampler ? bind->sampler_heap_size : bind->view_heap_size;
    uint64_t size = sampler ? AGX_DESCRIPTOR_SIZE_SAMPLER : AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV;
    uint64_t va;

    if (index > UINT32_MAX)
        return false;
    va = base + index * size;
    /* Tables point into the bound heap; past its end (out-of-range dynamic indexing)
     * reads as a null descriptor. */
    if (heap_size && (va < heap_base || va - heap_base + size > heap_size))
        return false;
    agx_mem_read(stage->bind->exec->backend, va, record, AGX_MIN(size, record_size));
    return true;
}

static uint32_t agx_bind_remaining(uint32_t total, uint32_t first, uint32_t count)
{
    if (first >= total)
        return 0;
    return AGX_MIN(count, total - first);
}

static void agx_bind_buffer_view(struct agx_shader_view *view, const struct agx_resource *resource,
                                 DXGI_FORMAT format, uint64_t first, uint32_t count, uint32_t structure_stride,
                                 bool raw)
{
    const struct ddi_format_info *info;
    uint64_t offset;

    view->kind = AGX_SHADER_VIEW_BUFFER;
    view->resource = resource;
    if (raw)
    {
        view->dim = AGX_SHADER_DIM_RAW_BUFFER;
        view->stride = 4;
    }
    else if (structure_stride)
    {
        view->dim = AGX_SHADER_DIM_STRUCTURED_BUFFER;
        view->stride = structure_stride;
    }
    else
    {
        view->dim = AGX_SHADER_DIM_BUFFER;
        view->format = format;
        info = ddi_format_get(format);
        view->stride = info ? info->bytes_per_block : 0;
    }
    offset = first * view->stride;
    view->element_count = count;
    view->va = resource->va + offset;
    /* Views past the resource's end keep only what is inside it. */
    view->size = offset >= resource->size ? 0 : AGX_MIN((uint64_t)count * view->stride, resource->size - offset);
}

/* A texture view's mips: count UINT_MAX (-1) means every mip from first on. */
static void agx_bind_mips(struct agx_shader_view *view, uint32_t first, uint32_t count)
{
    uint32_t total = view->resource->desc.MipLevels;

    view->first_mip = first;
    view->mip_count = agx_bind_remaining(total, first, count);
}

static void agx_bind_slices(struct agx_shader_view *view, uint32_t first, uint32_t count)
{
    uint32_t total = view->resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
            ? 1 : view->resource->desc.DepthOrArraySize;

    view->first_slice = first;
    view->slice_count = agx_bind_remaining(total, first, count);
}

/* Shader4ComponentMapping, decoded once per view; the default mapping leaves the view
 * unswizzled. Raw and structured buffers read dwords, not texels: no mapping applies. */
static void agx_bind_component_mapping(struct agx_shader_view *view, UINT mapping)
{
    unsigned int c;

    if ((mapping & 0xfffu) == (D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING & 0xfffu)
            || view->dim == AGX_SHADER_DIM_RAW_BUFFER || view->dim == AGX_SHADER_DIM_STRUCTURED_BUFFER)
        return;
    view->swizzled = true;
    for (c = 0; c < 4; ++c)
        view->swizzle[c] = (uint8_t)D3D12_DECODE_SHADER_4_COMPONENT_MAPPING(c, mapping);
}

static void agx_bind_srv(struct agx_shader_view *view, const struct agx_descriptor_srv *record)
{
    const D3D12_SHADER_RESOURCE_VIEW_DESC *desc = &record->desc;

    if (desc->ViewDimension == D3D12_SRV_DIMENSION_BUFFER)
    {
        agx_bind_buffer_view(view, record->resource, desc->Format, desc->Buffer.FirstElement,
                desc->Buffer.NumElements, desc->Buffer.StructureByteStride,
                !!(desc->Buffer.Flags & D3D12_BUFFER_SRV_FLAG_RAW));
        agx_bind_component_mapping(view, desc->Shader4ComponentMapping);
        return;
    }
    view->kind = AGX_SHADER_VIEW_TEXTURE;
    view->resource = record->resource;
    view->format = desc->Format;
    agx_bind_slices(view, 0, 1);
    switch (desc->ViewDimension)
    {
        case D3D12_SRV_DIMENSION_TEXTURE1D:
            view->dim = AGX_SHADER_DIM_TEXTURE1D;
            agx_bind_mips(view, desc->Texture1D.MostDetailedMip, desc->Texture1D.MipLevels);
            view->min_lod = desc->Texture1D.ResourceMinLODClamp;
            break;
        case D3D12_SRV_DIMENSION_TEXTURE1DARRAY:
            view->dim = AGX_SHADER_DIM_TEXTURE1DARRAY;
            agx_bind_mips(view, desc->Texture1DArray.MostDetailedMip, desc->Texture1DArray.MipLevels);
            agx_bind_slices(view, desc->Texture1DArray.FirstArraySlice, desc->Texture1DArray.ArraySize);
            view->min_lod = desc->Texture1DArray.ResourceMinLODClamp;
            break;
        case D3D12_SRV_DIMENSION_TEXTURE2D:
            view->dim = AGX_SHADER_DIM_TEXTURE2D;
            agx_bind_mips(view, desc->Texture2D.MostDetailedMip, desc->Texture2D.MipLevels);
            view->plane = desc->Texture2D.PlaneSlice;
            view->min_lod = desc->Texture2D.ResourceMinLODClamp;
            break;
        case D3D12_SRV_DIMENSION_TEXTURE2DARRAY:
            view->dim = AGX_SHADER_DIM_TEXTURE2DARRAY;
            agx_bind_mips(view, desc->Texture2DArray.MostDetailedMip, desc->Texture2DArray.MipLevels);
            agx_bind_slices(view, desc->Texture2DArray.FirstArraySlice, desc->Texture2DArray.ArraySize);
            view->plane = desc->Texture2DArray.PlaneSlice;
            view->min_lod = desc->Texture2DArray.ResourceMinLODClamp;
            break;
        case D3D12_SRV_DIMENSION_TEXTURE2DMS:
            view->dim = AGX_SHADER_DIM_TEXTURE2DMS;
            agx_bind_mips(view, 0, 1);
            break;
        case D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY:
            view->dim = AGX_SHADER_DIM_TEXTURE2DMSARRAY;
            agx_bind_mips(view, 0, 1);
            agx_bind_slices(view, desc->Texture2DMSArray.FirstArraySlice, desc->Texture2DMSArray.ArraySize);
            break;
        case D3D12_SRV_DIMENSION_TEXTURE3D:
            view->dim = AGX_SHADER_DIM_TEXTURE3D;
            agx_bind_mips(view, desc->Texture3D.MostDetailedMip, desc->Texture3D.MipLevels);
            /* For 3D views the slice range is the w range (UAVs: FirstWSlice, WSize);
             * an SRV sees every w slice of each mip. */
            view->first_slice = 0;
            view->slice_count = UINT32_MAX;
            view->min_lod = desc->Texture3D.ResourceMinLODClamp;
            break;
        case D3D12_SRV_DIMENSION_TEXTURECUBE:
            view->dim = AGX_SHADER_DIM_TEXTURECUBE;
            agx_bind_mips(view, desc->TextureCube.MostDetailedMip, desc->TextureCube.MipLevels);
            agx_bind_slices(view, 0, 6);
            view->min_lod = desc->TextureCube.ResourceMinLODClamp;
            break;
        case D3D12_SRV_DIMENSION_TEXTURECUBEARRAY:
            view->dim = AGX_SHADER_DIM_TEXTURECUBEARRAY;
            agx_bind_mips(view, desc->TextureCubeArray.MostDetailedMip, desc->TextureCubeArray.MipLevels);
            agx_bind_slices(view, desc->TextureCubeArray.First2DArrayFace,
                    desc->TextureCubeArray.NumCubes > UINT32_MAX / 6 ? UINT32_MAX : desc->TextureCubeArray.NumCubes * 6);
            view->min_lod = desc->TextureCubeArray.ResourceMinLODClamp;
            break;
        default:
            /* Acceleration structures and the like: nothing the engine reads. */
            memset(view, 0, sizeof(*view));
            return;
    }
    agx_bind_component_mapping(view, desc->Shader4ComponentMapping);
}

static void agx_bind_uav(struct agx_shader_view *view, const struct agx_descriptor_uav *record)
{
    const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc = &record->desc;
    uint32_t depth;

    if (desc->ViewDimension == D3D12_UAV_DIMENSION_BUFFER)
    {
        agx_bind_buffer_view(view, record->resource, desc->Format, desc->Buffer.FirstElement,
                desc->Buffer.NumElements, desc->Buffer.StructureByteStride,
                !!(desc->Buffer.Flags & D3D12_BUFFER_UAV_FLAG_RAW));
        if (record->counter)
            view->counter_va = record->counter->va + desc->Buffer.CounterOffsetInBytes;
        return;
    }
    view->kind = AGX_SHADER_VIEW_TEXTURE;
    view->resource = record->resource;
    view->format = desc->Format;
    agx_bind_slices(view, 0, 1);
    switch (desc->ViewDimension)
    {
        case D3D12_UAV_DIMENSION_TEXTURE1D:
            view->dim = AGX_SHADER_DIM_TEXTURE1D;
            agx_bind_mips(view, desc->Texture1D.MipSlice, 1);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE1DARRAY:
            view->dim = AGX_SHADER_DIM_TEXTURE1DARRAY;
            agx_bind_mips(view, desc->Texture1DArray.MipSlice, 1);
            agx_bind_slices(view, desc->Texture1DArray.FirstArraySlice, desc->Texture1DArray.ArraySize);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2D:
            view->dim = AGX_SHADER_DIM_TEXTURE2D;
            agx_bind_mips(view, desc->Texture2D.MipSlice, 1);
            view->plane = desc->Texture2D.PlaneSlice;
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2DARRAY:
            view->dim = AGX_SHADER_DIM_TEXTURE2DARRAY;
            agx_bind_mips(view, desc->Texture2DArray.MipSlice, 1);
            agx_bind_slices(view, desc->Texture2DArray.FirstArraySlice, desc->Texture2DArray.ArraySize);
            view->plane = desc->Texture2DArray.PlaneSlice;
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2DMS:
            view->dim = AGX_SHADER_DIM_TEXTURE2DMS;
            agx_bind_mips(view, 0, 1);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY:
            view->dim = AGX_SHADER_DIM_TEXTURE2DMSARRAY;
            agx_bind_mips(view, 0, 1);
            agx_bind_slices(view, desc->Texture2DMSArray.FirstArraySlice, desc->Texture2DMSArray.ArraySize);
            break;
        case D3D12_UAV_DIMENSION_TEXTURE3D:
            view->dim = AGX_SHADER_DIM_TEXTURE3D;
            agx_bind_mips(view, desc->Texture3D.MipSlice, 1);
            /* The w slices of the view's mip. */
            depth = AGX_MAX((uint32_t)view->resource->desc.DepthOrArraySize >> AGX_MIN(desc->Texture3D.MipSlice, 31u), 1u);
            view->first_slice = desc->Texture3D.FirstWSlice;
            view->slice_count = agx_bind_remaining(depth, desc->Texture3D.FirstWSlice, desc->Texture3D.WSize);
            break;
        default:
            memset(view, 0, sizeof(*view));
            break;
    }
}

/* ---- Callbacks ------------------------------------------------------------------------- */

static const struct agx_shader_binding *agx_bind_declared(const struct agx_bind_stage *stage, uint32_t binding)
{
    return stage->info && binding < stage->info->binding_count ? &stage->info->bindings[binding] : NULL;
}

/* Copies vec4_count vec4s from va into the entry's own buffer. */
static void agx_bind_copy_cb(struct agx_bind_stage *stage, struct agx_bind_entry *entry, uint64_t va,
                             uint32_t vec4_count)
{
    uint32_t *copy;

    if (entry->cb_capacity < vec4_count)
    {
        if (!(copy = realloc(entry->cb_copy, vec4_count * 16u)))
            return;
        entry->cb_copy = copy;
        entry->cb_capacity = vec4_count;
    }
    agx_mem_read(stage->bind->exec->backend, va, entry->cb_copy, vec4_count * 16u);
    entry->cb_data = entry->cb_copy;
    entry->cb_count = vec4_count;
}

static void agx_bind_resolve_cb(struct agx_bind_stage *stage, const struct agx_shader_binding *declared,
                                uint32_t reg, struct agx_bind_entry *entry)
{
    const struct agx_bind_root *root = stage->root;
    const D3D12_ROOT_PARAMETER1 *parameter;
    struct agx_descriptor_cbv record;
    struct agx_root_binding where;
    /* At most D3D12's largest constant buffer. */
    uint32_t limit = declared->cb_vec4_count && declared->cb_vec4_count < D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT
            ? declared->cb_vec4_count : D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT;

    entry->cb_data = agx_bind_zero_vec4;
    entry->cb_count = 0;
    if (!agx_root_signature_find(root->signature, stage->stage, AGX_SHADER_CLASS_CBV, declared->space, reg, &where)
            || where.parameter >= AGX_BIND_MAX_ROOT_PARAMETERS)
        return;
    parameter = &root->signature->parameters[where.parameter];
    switch (where.type)
    {
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
            entry->cb_data = &root->constants[root->constant_offset[where.parameter]];
            entry->cb_count = AGX_DIV_ROUND_UP(parameter->Constants.Num32BitValues, 4);
            break;
        case D3D12_ROOT_PARAMETER_TYPE_CBV:
            /* A root CBV has no size: what the shader declares, at most 64 KiB. */
            agx_bind_copy_cb(stage, entry, root->arguments[where.parameter], limit);
            break;
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            if (!agx_bind_read_descriptor(stage, false, root->arguments[where.parameter], where.descriptor, &record,
                                          sizeof(record))
                    || record.kind != AGX_DESCRIPTOR_CBV || !record.desc.BufferLocation)
                break;
            agx_bind_copy_cb(stage, entry, record.desc.BufferLocation,
                    AGX_MIN(limit, AGX_DIV_ROUND_UP(record.desc.SizeInBytes, 16u)));
            break;
        default:
            break;
    }
}

static void agx_bind_cbuffer(void *context, uint32_t binding, uint32_t reg, const uint32_t **data,
                             uint32_t *vec4_count)
{
    struct agx_bind_stage *stage = context;
    const struct agx_shader_binding *declared = agx_bind_declared(stage, binding);
    struct agx_bind_entry *entry;
    bool found;

    *data = agx_bind_zero_vec4;
    *vec4_count = 0;
    if (!declared || !(entry = agx_bind_lookup(stage, (uint64_t)binding << 32 | reg, &found)))
        return;
    if (!found)
        agx_bind_resolve_cb(stage, declared, reg, entry);
    *data = entry->cb_data;
    *vec4_count = entry->cb_count;
}

/* A descriptor naming a destroyed resource (the application released it and kept the
 * descriptor): on hardware the GPU faults on the stale address. Here the engine never
 * follows the pointer; it stops, and the device is removed with DXGI_ERROR_DEVICE_HUNG,
 * the result of "badly formed commands" (docs: "DXGI_ERROR"). */
static bool agx_bind_view_resources_exist(const struct agx_bind_stage *stage, const struct agx_descriptor_srv *srv,
                                          const struct agx_descriptor_uav *uav)
{
    struct agx_exec *exec = stage->bind->exec;
    bool exist = true;

    if (srv->kind == AGX_DESCRIPTOR_SRV)
        exist = !srv->resource || agx_resource_exists(exec->device, srv->resource);
    else if (uav->kind == AGX_DESCRIPTOR_UAV)
        exist = (!uav->resource || agx_resource_exists(exec->device, uav->resource))
                && (!uav->counter || agx_resource_exists(exec->device, uav->counter));
    if (!exist)
    {
        agx_tell(exec->device, D3D12_MESSAGE_CATEGORY_EXECUTION,
                 "a shader-visible descriptor names a destroyed resource: the device is removed");
        agx_exec_fail(exec, DXGI_ERROR_DEVICE_HUNG);
    }
    return exist;
}

static void agx_bind_resolve_view(struct agx_bind_stage *stage, const struct agx_shader_binding *declared,
                                  uint32_t reg, struct agx_shader_view *view)
{
    const struct agx_bind_root *root = stage->root;
    struct agx_root_binding where;
    union
    {
        uint32_t kind;
        struct agx_descriptor_srv srv;
        struct agx_descriptor_uav uav;
        unsigned char bytes[AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV];
    } record;
    uint64_t va;

    memset(view, 0, sizeof(*view));
    view->kind = AGX_SHADER_VIEW_NULL;
    view->dim = declared->dim;
    if (!agx_root_signature_find(root->signature, stage->stage, declared->cls, declared->space, reg, &where)
            || where.parameter >= AGX_BIND_MAX_ROOT_PARAMETERS)
        return;
    va = root->arguments[where.parameter];
    switch (where.type)
    {
        case D3D12_ROOT_PARAMETER_TYPE_SRV:
        case D3D12_ROOT_PARAMETER_TYPE_UAV:
            /* Root views have no bounds: raw or structured from the address on. */
            if (declared->dim != AGX_SHADER_DIM_RAW_BUFFER && declared->dim != AGX_SHADER_DIM_STRUCTURED_BUFFER)
                break;
            view->kind = AGX_SHADER_VIEW_BUFFER;
            view->va = va;
            view->size = UINT32_MAX;
            view->stride = declared->dim == AGX_SHADER_DIM_RAW_BUFFER ? 4 : AGX_MAX(declared->structure_stride, 1u);
            view->element_count = (uint32_t)(view->size / view->stride);
            break;
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            if (!agx_bind_read_descriptor(stage, false, va, where.descriptor, &record, sizeof(record))
                    || !agx_bind_view_resources_exist(stage, &record.srv, &record.uav))
                break;
            if (declared->cls == AGX_SHADER_CLASS_SRV && record.kind == AGX_DESCRIPTOR_SRV && record.srv.resource)
                agx_bind_srv(view, &record.srv);
            else if (declared->cls == AGX_SHADER_CLASS_UAV && record.kind == AGX_DESCRIPTOR_UAV && record.uav.resource)
                agx_bind_uav(view, &record.uav);
            if (view->kind == AGX_SHADER_VIEW_NULL)
                view->dim = declared->dim;
            break;
        default:
            break;
    }
}

static const struct agx_shader_view *agx_bind_view(void *context, uint32_t binding, uint32_t reg)
{
    static const struct agx_shader_view null_view = {.kind = AGX_SHADER_VIEW_NULL};
    struct agx_bind_stage *stage = context;
    const struct agx_shader_binding *declared = agx_bind_declared(stage, binding);
    struct agx_bind_entry *entry;
    bool found;

    if (!declared || !(entry = agx_bind_lookup(stage, (uint64_t)binding << 32 | reg, &found)))
        return &null_view;
    if (!found)
        agx_bind_resolve_view(stage, declared, reg, &entry->view);
    return &entry->view;
}

static void agx_bind_resolve_sampler(struct agx_bind_stage *stage, const struct agx_shader_binding *declared,
                                     uint32_t reg, struct agx_shader_sampler *sampler)
{
    const struct agx_bind_root *root = stage->root;
    struct agx_descriptor_sampler record;
    struct agx_root_binding where;

    *sampler = agx_bind_default_sampler;
    if (!agx_root_signature_find(root->signature, stage->stage, AGX_SHADER_CLASS_SAMPLER, declared->space, reg,
            &where))
        return;
    if (where.is_static_sampler)
    {
        *sampler = agx_root_signature_samplers(root->signature)[where.parameter];
        return;
    }
    if (where.parameter < AGX_BIND_MAX_ROOT_PARAMETERS
            && agx_bind_read_descriptor(stage, true, root->arguments[where.parameter], where.descriptor, &record,
                                        sizeof(record))
            && record.kind == AGX_DESCRIPTOR_SAMPLER && record.hw_slot < AGX_SAMPLER_SLOT_COUNT)
    {
        /* As the hardware does, the state comes from the slot, not the record: a slot
         * given to another state while a record still names it would sample wrongly.
         * A refused record (no slot) samples as no sampler is bound (D013). */
        agx_sampler_slot_state(stage->bind->exec->device, record.hw_slot, &sampler->desc);
        sampler->hw_slot = record.hw_slot;
    }
}

static const struct agx_shader_sampler *agx_bind_sampler(void *context, uint32_t binding, uint32_t reg)
{
    struct agx_bind_stage *stage = context;
    const struct agx_shader_binding *declared = agx_bind_declared(stage, binding);
    struct agx_bind_entry *entry;
    bool found;

    if (!declared || !(entry = agx_bind_lookup(stage, (uint64_t)binding << 32 | reg, &found)))
        return &agx_bind_default_sampler;
    if (!found)
        agx_bind_resolve_sampler(stage, declared, reg, &entry->sampler);
    return &entry->sampler;
}

void agx_bind_stage_init(struct agx_bind_exec *bind, struct agx_bind_stage *stage)
{
    memset(stage, 0, sizeof(*stage));
    stage->bind = bind;
    stage->bindings.context = stage;
    stage->bindings.backend = bind->exec->backend;
    stage->bindings.cbuffer = agx_bind_cbuffer;
    stage->bindings.view = agx_bind_view;
    stage->bindings.sampler = agx_bind_sampler;
}
