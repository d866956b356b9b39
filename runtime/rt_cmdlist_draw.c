/*
 * Work that runs shaders or writes through views: draws, dispatches, ExecuteIndirect,
 * ExecuteBundle, view clears, DiscardResource, and the methods of features this device
 * does not report (meta commands, raytracing, mesh shaders, work graphs), which remove
 * the list with E_INVALIDARG as an unsupported feature does in D3D12. ExecuteIndirect
 * takes this device's command signatures (rt_command_signature.h).
 */
#include <inttypes.h>
#include <stdio.h>

#include "rt_cmdlist_ledger.h"
#include "rt_cmdlist_vtbl.h"
#include "rt_command_signature.h"
#include "rt_descriptor_heap.h"
#include "rt_info_queue.h"
#include "rt_pipeline_state.h"
#include "rt_swlist.h"
#include "ddi_format.h"

/*
 * The pipeline's DSVFormat against the bound depth-stencil view, a debug-layer message
 * and no more (EXECUTION ERROR DEPTH_STENCIL_FORMAT_MISMATCH_PIPELINE_STATE, as Windows'
 * debug layer reports it at the draw: "A null depth stencil view may only be bound when
 * the pipeline state depth stencil format is UNKNOWN", quoted in SDL pull request 12402).
 * The draw is recorded: with DSVFormat UNKNOWN and a view bound, Windows' drivers still
 * test and write the bound view by the pipeline's depth-stencil state (Wine's
 * test_unknown_dsv_format, run on Windows), as the built-in driver does (agx_raster.c);
 * other mismatches are undefined.
 */
static void check_depth_format(struct rt_command_list *list, const char *method)
{
    const struct rt_pipeline_state *pipeline = rt_pipeline_state_from_iface(list->state.pipeline_state);
    const struct rt_bound_view *dsv = &list->state.dsv;
    DXGI_FORMAT bound;

    /* Bundles inherit the executing list's targets, unknown while recording. */
    if (!pipeline || pipeline->info.compute || list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE)
        return;
    bound = list->state.has_dsv && dsv->described && dsv->resource ? dsv->dsv.Format : DXGI_FORMAT_UNKNOWN;
    if (bound == pipeline->info.dsv_format)
        return;
    rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                      D3D12_MESSAGE_ID_DEPTH_STENCIL_FORMAT_MISMATCH_PIPELINE_STATE,
                      "%s: the pipeline's DSVFormat is %s, the bound depth-stencil view is %s.", method,
                      ddi_format_name(pipeline->info.dsv_format), bound ? ddi_format_name(bound) : "NULL");
}

void STDMETHODCALLTYPE rt_command_list_DrawInstanced(rt_cl *iface, UINT vertex_count, UINT instance_count,
                                                     UINT start_vertex, UINT start_instance)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, vertex_count %u, instance_count %u, start_vertex %u, start_instance %u.",
             iface, vertex_count, instance_count, start_vertex, start_instance);

    if (!rt_command_list_begin(list, RT_LIST_GRAPHICS | RT_GPU_WORK, "DrawInstanced")
            || !RT_DDI_REQUIRE(list, pfnDrawInstanced, "DrawInstanced"))
        return;
    check_depth_format(list, "DrawInstanced");
    RT_DDI_CALL(list, pfnDrawInstanced, vertex_count, instance_count, start_vertex, start_instance);
}

void STDMETHODCALLTYPE rt_command_list_DrawIndexedInstanced(rt_cl *iface, UINT index_count, UINT instance_count,
                                                            UINT start_index, INT base_vertex, UINT start_instance)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, index_count %u, instance_count %u, start_index %u, base_vertex %d, start_instance %u.",
             iface, index_count, instance_count, start_index, base_vertex, start_instance);

    if (!rt_command_list_begin(list, RT_LIST_GRAPHICS | RT_GPU_WORK, "DrawIndexedInstanced")
            || !RT_DDI_REQUIRE(list, pfnDrawIndexedInstanced, "DrawIndexedInstanced"))
        return;
    check_depth_format(list, "DrawIndexedInstanced");
    RT_DDI_CALL(list, pfnDrawIndexedInstanced, index_count, instance_count, start_index, base_vertex, start_instance);
}

void STDMETHODCALLTYPE rt_command_list_Dispatch(rt_cl *iface, UINT x, UINT y, UINT z)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, x %u, y %u, z %u.", iface, x, y, z);

    if (!rt_command_list_begin(list, RT_LIST_SHADERS | RT_NOT_IN_RENDER_PASS, "Dispatch"))
        return;
    if (x > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION || y > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION
            || z > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_OVERSIZED_DISPATCH,
                                        "Dispatch: %ux%ux%u exceeds %u groups per dimension", x, y, z,
                                D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnDispatch, "Dispatch"))
        return;
    RT_DDI_CALL(list, pfnDispatch, x, y, z);
}

/* The bound root signature an indirect command's root arguments are written into (never
 * in a bundle: its signatures have one argument, the draw or dispatch). */
static bool rt_indirect_root_signature_ok(const struct rt_command_list *list,
                                          const struct rt_command_signature *signature, bool dispatch)
{
    ID3D12RootSignature *bound = dispatch ? list->state.compute_root_signature
            : list->state.graphics_root_signature;

    return !signature->root_signature || bound == signature->root_signature;
}

static bool rt_validate_indirect(const struct rt_command_list *list, const struct rt_command_signature *signature,
                                 UINT max_count, const struct rt_resource *args, UINT64 args_offset,
                                 bool has_count_buffer, const struct rt_resource *count_buffer, UINT64 count_offset,
                                 struct rt_why *why)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_EXECUTE_INDIRECT_INVALID_PARAMETERS;
    bool dispatch = signature->kind == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    UINT64 args_size;

    if (!dispatch && list->type == D3D12_COMMAND_LIST_TYPE_COMPUTE)
        return rt_why(why, id, "a draw signature on a compute command list");
    if (dispatch && list->render_pass.active)
        return rt_why(why, D3D12_MESSAGE_ID_RENDER_PASS_DISALLOWED_API_CALLED,
                      "dispatches are not allowed inside a render pass");
    /* IndirectDrawing.md, "Bundles" (and ExecuteIndirect's remarks on Microsoft Learn). */
    if (list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE && (has_count_buffer || signature->argument_count != 1))
        return rt_why(why, id, "in a bundle, only without a count buffer and with a signature of one argument");
    if (!rt_indirect_root_signature_ok(list, signature, dispatch))
        return rt_why(why, id, "the command signature's root signature is not the bound %s root signature",
                      dispatch ? "compute" : "graphics");
    if (args_offset % 4 || (has_count_buffer && count_offset % 4))
        return rt_why(why, id, "the argument and count buffer offsets must be 4-byte aligned");
    /* max_count commands, the last one possibly without its stride's padding. */
    args_size = max_count ? (UINT64)(max_count - 1) * signature->byte_stride + signature->argument_size : 0;
    return rt_validate_buffer_range(args, args_offset, args_size, "argument buffer", id, why)
            && (!has_count_buffer || rt_validate_buffer_range(count_buffer, count_offset, sizeof(UINT),
                                                             "count buffer", id, why));
}

void STDMETHODCALLTYPE rt_command_list_ExecuteIndirect(rt_cl *iface, ID3D12CommandSignature *signature_iface,
                                                       UINT max_count, ID3D12Resource *args_iface, UINT64 args_offset,
                                                       ID3D12Resource *count_iface, UINT64 count_offset)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_command_signature *signature = rt_command_signature_from_iface(signature_iface);
    struct rt_resource *args = rt_command_list_resource(list, args_iface);
    struct rt_resource *count_buffer = rt_command_list_resource(list, count_iface);
    struct rt_why why;

    RT_TRACE("iface %p, signature %p, max_count %u, args %p, args_offset %#" PRIx64 ", count %p, count_offset %#"
             PRIx64 ".", iface, signature_iface, max_count, args_iface, args_offset, count_iface, count_offset);

    if (!rt_command_list_begin(list, RT_LIST_SHADERS | RT_GPU_WORK, "ExecuteIndirect"))
        return;
    if (!signature || signature->device != list->device)
        rt_why(&why, D3D12_MESSAGE_ID_EXECUTE_INDIRECT_INVALID_PARAMETERS,
               "command signature %p is not one of this device",
               (void *)signature_iface);
    if (!signature || signature->device != list->device
            || !rt_validate_indirect(list, signature, max_count, args, args_offset, !!count_iface, count_buffer,
                                     count_offset, &why))
    {
        rt_command_list_remove_why(list, "ExecuteIndirect", &why);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnExecuteIndirect, "ExecuteIndirect"))
        return;
    rt_command_list_keep(list, &signature->retire, "ID3D12CommandSignature", signature);
    RT_DDI_CALL(list, pfnExecuteIndirect, signature->hdrv, max_count, args->hdrv, args_offset,
                rt_resource_hdrv(count_buffer), count_offset);
    /* The root arguments it changes are reset to known values afterwards. */
    if (rt_ledger_may_record(list))
        rt_ledger_execute_indirect(list, signature);
}

void STDMETHODCALLTYPE rt_command_list_ExecuteBundle(rt_cl *iface, ID3D12GraphicsCommandList *bundle_iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_command_list *bundle = rt_command_list_from_list_iface((ID3D12CommandList *)bundle_iface);

    RT_TRACE("iface %p, bundle %p.", iface, bundle_iface);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_GPU_WORK, "ExecuteBundle"))
        return;
    if (!bundle || bundle->type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_EXECUTE_BUNDLE_TYPE,
                                       "ExecuteBundle: not a bundle of this device");
        return;
    }
    if (bundle->is_recording || !bundle->hdrv.pDrvPrivate || rt_command_list_is_removed(bundle))
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_EXECUTE_BUNDLE_OPEN_BUNDLE,
                                       "ExecuteBundle: the bundle is not closed or failed recording");
        return;
    }
    if (bundle->allocator && !rt_command_list_hold_bundle_allocator(list, bundle->allocator))
        return;
    if (!rt_command_list_keep_bundle(list, bundle))
        return;
    /* A bundle the runtime recorded goes inline unless the list records it by reference
     * (a software list, for a bundle holding no bound clear: rt_swlist.h). */
    if (bundle->software && (!list->software || rt_swlist_holds_bound_clears(bundle)))
    {
        rt_swlist_execute_bundle(list, bundle);
    }
    else
    {
        if (!RT_DDI_REQUIRE(list, pfnExecuteBundle, "ExecuteBundle"))
            return;
        RT_DDI_CALL(list, pfnExecuteBundle, bundle->hdrv);
    }
    /* What the bundle set now stands in this list. */
    if (rt_ledger_may_record(list))
        rt_ledger_execute_bundle(list, bundle);
}

/* ---- Clears ------------------------------------------------------------------------- */

/* id: Microsoft's message for a bad rectangle of method. */
static bool rt_check_rects(struct rt_command_list *list, const char *method, D3D12_MESSAGE_ID id, UINT count,
                           const D3D12_RECT *rects)
{
    UINT i;

    if (count && !rects)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, id, "%s: %u rectangles but a NULL array", method, count);
        return false;
    }
    for (i = 0; i < count; ++i)
    {
        if (rects[i].left > rects[i].right || rects[i].top > rects[i].bottom)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, id, "%s: rectangle %u is inverted", method, i);
            return false;
        }
    }
    return true;
}

static bool rt_check_cpu_descriptor(struct rt_command_list *list, const char *method, SIZE_T ptr,
                                    D3D12_DESCRIPTOR_HEAP_TYPE type, bool need_cpu_only)
{
    struct rt_descriptor_info info;

    if (!rt_descriptor_lookup(list->device, ptr, &info) || info.type != type
            || (need_cpu_only && info.shader_visible))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE,
                                        "%s: %#zx is not a valid %sdescriptor of the right type", method,
                                (size_t)ptr, need_cpu_only ? "non-shader-visible " : "");
        return false;
    }
    /* The driver reads an RTV or DSV when it records the clear: the list holds its resource. */
    if (info.resource)
        rt_command_list_keep(list, &info.resource->retire, "ID3D12Resource", info.resource);
    return true;
}

void STDMETHODCALLTYPE rt_command_list_ClearDepthStencilView(rt_cl *iface, D3D12_CPU_DESCRIPTOR_HANDLE dsv,
                                                             D3D12_CLEAR_FLAGS flags, FLOAT depth, UINT8 stencil,
                                                             UINT rect_count, const D3D12_RECT *rects)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handle = {dsv.ptr};

    RT_TRACE("iface %p, dsv %#zx, flags %#x, depth %.8e, stencil %u, rect_count %u, rects %p.", iface,
             (size_t)dsv.ptr, flags, depth, stencil, rect_count, rects);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_NOT_IN_RENDER_PASS, "ClearDepthStencilView"))
        return;
    if (!flags || (flags & ~(D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL)))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID,
                                        "ClearDepthStencilView: invalid flags %#x", flags);
        return;
    }
    if (!rt_check_cpu_descriptor(list, "ClearDepthStencilView", dsv.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, false)
            || !rt_check_rects(list, "ClearDepthStencilView", D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCERECT,
                               rect_count, rects)
            || !RT_DDI_REQUIRE(list, pfnClearDepthStencilView, "ClearDepthStencilView"))
        return;
    RT_DDI_CALL(list, pfnClearDepthStencilView, handle, flags, depth, stencil, rect_count, rects);
}

void STDMETHODCALLTYPE rt_command_list_ClearRenderTargetView(rt_cl *iface, D3D12_CPU_DESCRIPTOR_HANDLE rtv,
                                                             const FLOAT color[4], UINT rect_count,
                                                             const D3D12_RECT *rects)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handle = {rtv.ptr};

    RT_TRACE("iface %p, rtv %#zx, color %p, rect_count %u, rects %p.", iface, (size_t)rtv.ptr, color,
             rect_count, rects);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_NOT_IN_RENDER_PASS, "ClearRenderTargetView"))
        return;
    if (!color)
    {
        /* ColorRGBA is the second parameter. */
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2,
                                       "ClearRenderTargetView: NULL color");
        return;
    }
    if (!rt_check_cpu_descriptor(list, "ClearRenderTargetView", rtv.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, false)
            || !rt_check_rects(list, "ClearRenderTargetView", D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCERECT,
                               rect_count, rects)
            || !RT_DDI_REQUIRE(list, pfnClearRenderTargetView, "ClearRenderTargetView"))
        return;
    RT_DDI_CALL(list, pfnClearRenderTargetView, handle, color, rect_count, rects);
}

/* The two UAV clears take the same view twice: a GPU handle in a shader-visible heap
 * and a CPU handle in a CPU-only one, and the resource the view is of. */
static struct rt_resource *rt_check_uav_clear(struct rt_command_list *list, const char *method,
                                              D3D12_GPU_DESCRIPTOR_HANDLE gpu, D3D12_CPU_DESCRIPTOR_HANDLE cpu,
                                              ID3D12Resource *resource_iface, const void *values, UINT rect_count,
                                              const D3D12_RECT *rects)
{
    struct rt_resource *resource = rt_command_list_resource(list, resource_iface);
    struct rt_descriptor_info info;

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_NOT_IN_RENDER_PASS, method))
        return NULL;
    if (!resource || !values)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG,
                                        D3D12_MESSAGE_ID_CLEARUNORDEREDACCESSVIEW_INVALID_RESOURCE_PTR,
                                        "%s: NULL or foreign resource, or NULL values", method);
        return NULL;
    }
    if (!rt_descriptor_lookup_gpu(list->device, gpu.ptr, &info) || info.type != D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG,
                                        D3D12_MESSAGE_ID_CLEAR_UNORDERED_ACCESS_VIEW_INVALID_DESCRIPTOR_HANDLE,
                                        "%s: %#" PRIx64 " is not a shader-visible UAV descriptor",
                                method, gpu.ptr);
        return NULL;
    }
    if (!rt_check_cpu_descriptor(list, method, cpu.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, true)
            || !rt_check_rects(list, method, D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCERECT, rect_count, rects))
        return NULL;
    return resource;
}

void STDMETHODCALLTYPE rt_command_list_ClearUnorderedAccessViewUint(rt_cl *iface, D3D12_GPU_DESCRIPTOR_HANDLE gpu,
                                                                    D3D12_CPU_DESCRIPTOR_HANDLE cpu,
                                                                    ID3D12Resource *resource_iface,
                                                                    const UINT values[4],
                                                                    UINT rect_count, const D3D12_RECT *rects)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_GPU_DESCRIPTOR_HANDLE ddi_gpu = {gpu.ptr};
    D3D12DDI_CPU_DESCRIPTOR_HANDLE ddi_cpu = {cpu.ptr};
    struct rt_resource *resource;

    RT_TRACE("iface %p, gpu %#" PRIx64 ", cpu %#zx, resource %p, values %p, rect_count %u.", iface, gpu.ptr,
             (size_t)cpu.ptr, resource_iface, values, rect_count);

    if (!(resource = rt_check_uav_clear(list, "ClearUnorderedAccessViewUint", gpu, cpu, resource_iface, values,
                                        rect_count, rects))
            || !RT_DDI_REQUIRE(list, pfnClearUnorderedAccessViewUint, "ClearUnorderedAccessViewUint"))
        return;
    RT_DDI_CALL(list, pfnClearUnorderedAccessViewUint, ddi_gpu, ddi_cpu, resource->hdrv, values, rect_count, rects);
}

void STDMETHODCALLTYPE rt_command_list_ClearUnorderedAccessViewFloat(rt_cl *iface, D3D12_GPU_DESCRIPTOR_HANDLE gpu,
                                                                     D3D12_CPU_DESCRIPTOR_HANDLE cpu,
                                                                     ID3D12Resource *resource_iface,
                                                                     const FLOAT values[4], UINT rect_count,
                                                                     const D3D12_RECT *rects)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_GPU_DESCRIPTOR_HANDLE ddi_gpu = {gpu.ptr};
    D3D12DDI_CPU_DESCRIPTOR_HANDLE ddi_cpu = {cpu.ptr};
    struct rt_resource *resource;

    RT_TRACE("iface %p, gpu %#" PRIx64 ", cpu %#zx, resource %p, values %p, rect_count %u.", iface, gpu.ptr,
             (size_t)cpu.ptr, resource_iface, values, rect_count);

    if (!(resource = rt_check_uav_clear(list, "ClearUnorderedAccessViewFloat", gpu, cpu, resource_iface, values,
                                        rect_count, rects))
            || !RT_DDI_REQUIRE(list, pfnClearUnorderedAccessViewFloat, "ClearUnorderedAccessViewFloat"))
        return;
    RT_DDI_CALL(list, pfnClearUnorderedAccessViewFloat, ddi_gpu, ddi_cpu, resource->hdrv, values, rect_count, rects);
}

void STDMETHODCALLTYPE rt_command_list_DiscardResource(rt_cl *iface, ID3D12Resource *resource_iface,
                                                       const D3D12_DISCARD_REGION *region)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *resource = rt_command_list_resource(list, resource_iface);

    RT_TRACE("iface %p, resource %p, region %p.", iface, resource_iface, region);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_NOT_IN_RENDER_PASS, "DiscardResource"))
        return;
    if (!resource)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1,
                                       "DiscardResource: NULL or foreign resource");
        return;
    }
    if (region && (region->FirstSubresource > resource->subresource_count
            || region->NumSubresources > resource->subresource_count - region->FirstSubresource
            || !rt_check_rects(list, "DiscardResource", D3D12_MESSAGE_ID_DISCARD_INVALID_SUBRESOURCE_RANGE,
                               region->NumRects, region->pRects)))
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_DISCARD_INVALID_SUBRESOURCE_RANGE,
                                       "DiscardResource: invalid region");
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnDiscardResource, "DiscardResource"))
        return;
    RT_DDI_CALL(list, pfnDiscardResource, resource->hdrv, region);
}

/* ---- Features the device does not report ---------------------------------------------- */

static void rt_refuse_feature(rt_cl *iface, unsigned int allowed, const char *method, D3D12_MESSAGE_ID id,
                              const char *feature)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    if (rt_command_list_begin(list, allowed, method))
        rt_command_list_remove_messagef(list, E_INVALIDARG, id, "%s: %s are not supported", method, feature);
}

void STDMETHODCALLTYPE rt_command_list_InitializeMetaCommand(rt_cl *iface, ID3D12MetaCommand *meta,
                                                             const void *data, SIZE_T size)
{
    RT_TRACE("iface %p, meta %p, data %p, size %zu.", iface, meta, data, (size_t)size);
    rt_refuse_feature(iface, RT_LIST_DIRECT | RT_LIST_COMPUTE, "InitializeMetaCommand",
                      D3D12_MESSAGE_ID_META_COMMAND_ID_INVALID, "meta commands");
}

void STDMETHODCALLTYPE rt_command_list_ExecuteMetaCommand(rt_cl *iface, ID3D12MetaCommand *meta,
                                                          const void *data, SIZE_T size)
{
    RT_TRACE("iface %p, meta %p, data %p, size %zu.", iface, meta, data, (size_t)size);
    rt_refuse_feature(iface, RT_LIST_DIRECT | RT_LIST_COMPUTE, "ExecuteMetaCommand",
                      D3D12_MESSAGE_ID_META_COMMAND_ID_INVALID, "meta commands");
}

void STDMETHODCALLTYPE rt_command_list_BuildRaytracingAccelerationStructure(rt_cl *iface,
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_DESC *desc, UINT postbuild_count,
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC *postbuild)
{
    RT_TRACE("iface %p, desc %p, postbuild_count %u.", iface, desc, postbuild_count);
    rt_refuse_feature(iface, RT_LIST_DIRECT | RT_LIST_COMPUTE, "BuildRaytracingAccelerationStructure",
                      D3D12_MESSAGE_ID_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INVALID,
                      "raytracing acceleration structures");
}

void STDMETHODCALLTYPE rt_command_list_EmitRaytracingAccelerationStructurePostbuildInfo(rt_cl *iface,
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC *desc, UINT source_count,
        const D3D12_GPU_VIRTUAL_ADDRESS *sources)
{
    RT_TRACE("iface %p, desc %p, source_count %u.", iface, desc, source_count);
    rt_refuse_feature(iface, RT_LIST_DIRECT | RT_LIST_COMPUTE, "EmitRaytracingAccelerationStructurePostbuildInfo",
                      D3D12_MESSAGE_ID_EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_INVALID,
                      "raytracing acceleration structures");
}

void STDMETHODCALLTYPE rt_command_list_CopyRaytracingAccelerationStructure(rt_cl *iface, D3D12_GPU_VIRTUAL_ADDRESS dst,
        D3D12_GPU_VIRTUAL_ADDRESS src, D3D12_RAYTRACING_ACCELERATION_STRUCTURE_COPY_MODE mode)
{
    RT_TRACE("iface %p, dst %#" PRIx64 ", src %#" PRIx64 ", mode %#x.", iface, dst, src, mode);
    rt_refuse_feature(iface, RT_LIST_DIRECT | RT_LIST_COMPUTE, "CopyRaytracingAccelerationStructure",
                      D3D12_MESSAGE_ID_COPY_RAYTRACING_ACCELERATION_STRUCTURE_INVALID,
                      "raytracing acceleration structures");
}

void STDMETHODCALLTYPE rt_command_list_DispatchRays(rt_cl *iface, const D3D12_DISPATCH_RAYS_DESC *desc)
{
    RT_TRACE("iface %p, desc %p.", iface, desc);
    rt_refuse_feature(iface, RT_LIST_SHADERS | RT_NOT_IN_RENDER_PASS, "DispatchRays",
                      D3D12_MESSAGE_ID_DISPATCH_RAYS_INVALID,
                      "raytracing pipelines");
}

void STDMETHODCALLTYPE rt_command_list_DispatchMesh(rt_cl *iface, UINT x, UINT y, UINT z)
{
    RT_TRACE("iface %p, x %u, y %u, z %u.", iface, x, y, z);
    rt_refuse_feature(iface, RT_LIST_GRAPHICS, "DispatchMesh",
                      /* No mesh pipeline can be bound, so the bound one is of another type. */
                      D3D12_MESSAGE_ID_PIPELINE_STATE_TYPE_MISMATCH, "mesh shaders");
}

void STDMETHODCALLTYPE rt_command_list_DispatchGraph(rt_cl *iface, const D3D12_DISPATCH_GRAPH_DESC *desc)
{
    RT_TRACE("iface %p, desc %p.", iface, desc);
    rt_refuse_feature(iface, RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_NOT_IN_RENDER_PASS, "DispatchGraph",
                      D3D12_MESSAGE_ID_DISPATCH_GRAPH_INVALID, "work graphs");
}
