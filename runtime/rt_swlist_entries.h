/*
 * The one description of every command-list DDI entry software lists record
 * (rt_swlist.h): for each entry, its table and the shape of each argument. The
 * recorders, the record layouts and the replayers are all expanded from it
 * (rt_swlist_record.c, rt_swlist_replay.c), so an entry's shape is written once.
 *
 * RT_SWLIST_ENTRIES(X) calls X(table, Name) for each entry of device->drv_<table>.
 * RT_SWLIST_ARGS_Name(K) lists Name's arguments after the list handle; K is a prefix
 * pasted onto each kind:
 *   V(type, name)                       a value (handles, GPU VAs, GPU descriptors)
 *   A(param_type, elem_type, name, n)   an array of n elements, deep-copied (NULL stays NULL)
 *   S(name)                             a NUL-terminated string, deep-copied
 *   D(heap, name)                       a CPU descriptor, its contents captured at record time
 *   DA(heap, name, n), DP(heap, name)   n of them, or a pointer to one (NULL stays NULL)
 *   F(Name)                             nested pointers rt_swlist_fix_Name deep-copies
 * Counts name the entry's parameters. ExecuteBundle is not here: its replay inlines the
 * bundle (rt_swlist_replay.c).
 */
#ifndef RT_SWLIST_ENTRIES_H
#define RT_SWLIST_ENTRIES_H

#define RT_SWLIST_ENTRIES(X) \
    X(cmdlist, DrawInstanced) X(cmdlist, DrawIndexedInstanced) X(cmdlist, Dispatch) X(cmdlist, ExecuteIndirect) \
    X(cmdlist, ClearRenderTargetView) X(cmdlist, ClearDepthStencilView) X(cmdlist, ClearUnorderedAccessViewUint) \
    X(cmdlist, ClearUnorderedAccessViewFloat) X(cmdlist, DiscardResource) X(cmdlist, CopyBufferRegion) \
    X(cmdlist, CopyTextureRegion) X(cmdlist, CopyResource) X(cmdlist, CopyTiles) X(cmdlist, ResolveSubresource) \
    X(cmdlist, ResolveSubresourceRegion) X(cmdlist, WriteBufferImmediate) X(cmdlist, ResourceBarrier) \
    X(cmdlist, Barrier) X(cmdlist, BeginQuery) X(cmdlist, EndQuery) X(cmdlist, ResolveQueryData) \
    X(cmdlist, SetPredication) X(cmdlist, SetPipelineState) X(cmdlist, IASetPrimitiveTopology) \
    X(cmdlist, IASetIndexBuffer) X(cmdlist, IASetVertexBuffers) X(cmdlist, IASetIndexBufferStripCutValue) \
    X(cmdlist, SOSetTargets) X(cmdlist, RSSetViewports) X(cmdlist, RSSetScissorRects) X(cmdlist, RSSetDepthBias) \
    X(cmdlist, OMSetBlendFactor) X(cmdlist, OMSetStencilRef) X(cmdlist, OMSetDepthBounds) \
    X(cmdlist, OMSetRenderTargets) X(cmdlist, SetSamplePositions) X(cmdlist, SetViewInstanceMask) \
    X(cmdlist, SetDescriptorHeaps) X(cmdlist, SetComputeRootSignature) X(cmdlist, SetGraphicsRootSignature) \
    X(cmdlist, SetComputeRootDescriptorTable) X(cmdlist, SetGraphicsRootDescriptorTable) \
    X(cmdlist, SetComputeRoot32BitConstants) X(cmdlist, SetGraphicsRoot32BitConstants) \
    X(cmdlist, SetComputeRootConstantBufferView) X(cmdlist, SetGraphicsRootConstantBufferView) \
    X(cmdlist, SetComputeRootShaderResourceView) X(cmdlist, SetGraphicsRootShaderResourceView) \
    X(cmdlist, SetComputeRootUnorderedAccessView) X(cmdlist, SetGraphicsRootUnorderedAccessView) \
    X(cmdlist, ClearRootArguments) X(cmdlist, SetMarker) X(cmdlist, BeginEvent) X(cmdlist, EndEvent) \
    X(render_pass, BeginRenderPass) X(render_pass, EndRenderPass) \
    X(async, CopyBufferRegions) X(async, CopyTextureRegions) X(async, CopyResources) X(async, CopyTilesAsync) \
    X(async, ResolveSubresourceRegionAsync) X(async, ResolveQueryDataAsync) X(async, ClearBoundDepthStencilView) \
    X(async, ClearBoundRenderTargetViews) X(async, ClearTextureSubresources) X(async, FillBuffers)

#define RT_SW_RTV D3D12_DESCRIPTOR_HEAP_TYPE_RTV
#define RT_SW_DSV D3D12_DESCRIPTOR_HEAP_TYPE_DSV
#define RT_SW_UAV D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV

/* ---- The legacy 3D table ---- */
#define RT_SWLIST_ARGS_DrawInstanced(K) K##V(UINT, vertices) K##V(UINT, instances) K##V(UINT, start_vertex) \
    K##V(UINT, start_instance)
#define RT_SWLIST_ARGS_DrawIndexedInstanced(K) K##V(UINT, indices) K##V(UINT, instances) K##V(UINT, start_index) \
    K##V(INT, base_vertex) K##V(UINT, start_instance)
#define RT_SWLIST_ARGS_Dispatch(K) K##V(UINT, x) K##V(UINT, y) K##V(UINT, z)
#define RT_SWLIST_ARGS_ExecuteIndirect(K) K##V(D3D12DDI_HCOMMANDSIGNATURE, signature) K##V(UINT, max_commands) \
    K##V(D3D12DDI_HRESOURCE, arguments) K##V(UINT64, arguments_offset) K##V(D3D12DDI_HRESOURCE, count) \
    K##V(UINT64, count_offset)
#define RT_SWLIST_ARGS_ClearRenderTargetView(K) K##D(RT_SW_RTV, rtv) K##A(const FLOAT *, FLOAT, color, 4) \
    K##V(UINT, rect_count) K##A(const D3D12_RECT *, D3D12_RECT, rects, rect_count)
#define RT_SWLIST_ARGS_ClearDepthStencilView(K) K##D(RT_SW_DSV, dsv) K##V(D3D12_CLEAR_FLAGS, flags) \
    K##V(FLOAT, depth) K##V(UINT8, stencil) K##V(UINT, rect_count) \
    K##A(const D3D12_RECT *, D3D12_RECT, rects, rect_count)
#define RT_SWLIST_ARGS_ClearUnorderedAccessViewUint(K) K##V(D3D12DDI_GPU_DESCRIPTOR_HANDLE, gpu) \
    K##D(RT_SW_UAV, cpu) K##V(D3D12DDI_HRESOURCE, resource) K##A(const UINT *, UINT, values, 4) \
    K##V(UINT, rect_count) K##A(const D3D12_RECT *, D3D12_RECT, rects, rect_count)
#define RT_SWLIST_ARGS_ClearUnorderedAccessViewFloat(K) K##V(D3D12DDI_GPU_DESCRIPTOR_HANDLE, gpu) \
    K##D(RT_SW_UAV, cpu) K##V(D3D12DDI_HRESOURCE, resource) K##A(const FLOAT *, FLOAT, values, 4) \
    K##V(UINT, rect_count) K##A(const D3D12_RECT *, D3D12_RECT, rects, rect_count)
#define RT_SWLIST_ARGS_DiscardResource(K) K##V(D3D12DDI_HRESOURCE, resource) \
    K##A(const D3D12_DISCARD_REGION *, D3D12_DISCARD_REGION, region, 1) K##F(DiscardResource)
#define RT_SWLIST_ARGS_CopyBufferRegion(K) K##V(D3D12DDI_HRESOURCE, dst) K##V(UINT64, dst_offset) \
    K##V(D3D12DDI_HRESOURCE, src) K##V(UINT64, src_offset) K##V(UINT64, size)
#define RT_SWLIST_ARGS_CopyTextureRegion(K) \
    K##A(const D3D12DDIARG_TEXTURE_COPY_LOCATION *, D3D12DDIARG_TEXTURE_COPY_LOCATION, dst, 1) \
    K##V(UINT, dst_x) K##V(UINT, dst_y) K##V(UINT, dst_z) \
    K##A(const D3D12DDIARG_TEXTURE_COPY_LOCATION *, D3D12DDIARG_TEXTURE_COPY_LOCATION, src, 1) \
    K##A(const D3D12_BOX *, D3D12_BOX, src_box, 1)
#define RT_SWLIST_ARGS_CopyResource(K) K##V(D3D12DDI_HRESOURCE, dst) K##V(D3D12DDI_HRESOURCE, src)
#define RT_SWLIST_ARGS_CopyTiles(K) K##V(D3D12DDI_HRESOURCE, tiled) \
    K##A(const D3D12DDI_TILED_RESOURCE_COORDINATE *, D3D12DDI_TILED_RESOURCE_COORDINATE, start, 1) \
    K##A(const D3D12DDI_TILE_REGION_SIZE *, D3D12DDI_TILE_REGION_SIZE, size, 1) \
    K##V(D3D12DDI_HRESOURCE, buffer) K##V(UINT64, buffer_offset) K##V(D3D12_TILE_COPY_FLAGS, flags)
#define RT_SWLIST_ARGS_ResolveSubresource(K) K##V(D3D12DDI_HRESOURCE, dst) K##V(UINT, dst_sub) \
    K##V(D3D12DDI_HRESOURCE, src) K##V(UINT, src_sub) K##V(DXGI_FORMAT, format)
#define RT_SWLIST_ARGS_ResolveSubresourceRegion(K) K##V(D3D12DDI_HRESOURCE, dst) K##V(UINT, dst_sub) \
    K##V(UINT, dst_x) K##V(UINT, dst_y) K##V(D3D12DDI_HRESOURCE, src) K##V(UINT, src_sub) \
    K##A(const D3D12_RECT *, D3D12_RECT, rect, 1) K##V(DXGI_FORMAT, format) K##V(D3D12_RESOLVE_MODE, mode)
#define RT_SWLIST_ARGS_WriteBufferImmediate(K) K##V(UINT, count) \
    K##A(const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *, D3D12_WRITEBUFFERIMMEDIATE_PARAMETER, params, count) \
    K##A(const D3D12_WRITEBUFFERIMMEDIATE_MODE *, D3D12_WRITEBUFFERIMMEDIATE_MODE, modes, count)
#define RT_SWLIST_ARGS_ResourceBarrier(K) K##V(UINT, count) \
    K##A(const D3D12DDIARG_RESOURCE_BARRIER *, D3D12DDIARG_RESOURCE_BARRIER, barriers, count)
#define RT_SWLIST_ARGS_Barrier(K) K##V(UINT, count) \
    K##A(const D3D12DDIARG_BARRIER_0124 *, D3D12DDIARG_BARRIER_0124, barriers, count)
#define RT_SWLIST_ARGS_BeginQuery(K) K##V(D3D12DDI_HQUERYHEAP, heap) K##V(D3D12_QUERY_TYPE, type) K##V(UINT, index)
#define RT_SWLIST_ARGS_EndQuery(K) RT_SWLIST_ARGS_BeginQuery(K)
#define RT_SWLIST_ARGS_ResolveQueryData(K) K##V(D3D12DDI_HQUERYHEAP, heap) K##V(D3D12_QUERY_TYPE, type) \
    K##V(UINT, start) K##V(UINT, count) K##V(D3D12DDI_HRESOURCE, dst) K##V(UINT64, dst_offset)
#define RT_SWLIST_ARGS_SetPredication(K) K##V(D3D12DDI_HRESOURCE, buffer) K##V(UINT64, offset) \
    K##V(D3D12_PREDICATION_OP, op)
#define RT_SWLIST_ARGS_SetPipelineState(K) K##V(D3D12DDI_HPIPELINESTATE, pipeline)
#define RT_SWLIST_ARGS_IASetPrimitiveTopology(K) K##V(D3D12_PRIMITIVE_TOPOLOGY, topology)
#define RT_SWLIST_ARGS_IASetIndexBuffer(K) K##A(const D3D12_INDEX_BUFFER_VIEW *, D3D12_INDEX_BUFFER_VIEW, view, 1)
#define RT_SWLIST_ARGS_IASetVertexBuffers(K) K##V(UINT, start) K##V(UINT, count) \
    K##A(const D3D12DDIARG_VERTEX_BUFFER_VIEW *, D3D12DDIARG_VERTEX_BUFFER_VIEW, views, count)
#define RT_SWLIST_ARGS_IASetIndexBufferStripCutValue(K) K##V(D3D12_INDEX_BUFFER_STRIP_CUT_VALUE, value)
#define RT_SWLIST_ARGS_SOSetTargets(K) K##V(UINT, start) K##V(UINT, count) \
    K##A(const D3D12_STREAM_OUTPUT_BUFFER_VIEW *, D3D12_STREAM_OUTPUT_BUFFER_VIEW, views, count)
#define RT_SWLIST_ARGS_RSSetViewports(K) K##V(UINT, count) K##A(const D3D12_VIEWPORT *, D3D12_VIEWPORT, viewports, count)
#define RT_SWLIST_ARGS_RSSetScissorRects(K) K##V(UINT, count) K##A(const D3D12_RECT *, D3D12_RECT, rects, count)
#define RT_SWLIST_ARGS_RSSetDepthBias(K) K##V(FLOAT, bias) K##V(FLOAT, clamp) K##V(FLOAT, slope)
#define RT_SWLIST_ARGS_OMSetBlendFactor(K) K##A(const FLOAT *, FLOAT, factor, 4)
#define RT_SWLIST_ARGS_OMSetStencilRef(K) K##V(UINT, front) K##V(UINT, back)
#define RT_SWLIST_ARGS_OMSetDepthBounds(K) K##V(FLOAT, min) K##V(FLOAT, max)
#define RT_SWLIST_ARGS_OMSetRenderTargets(K) K##V(UINT, count) K##DA(RT_SW_RTV, rtvs, count) K##DP(RT_SW_DSV, dsv)
#define RT_SWLIST_ARGS_SetSamplePositions(K) K##V(UINT, samples) K##V(UINT, pixels) \
    K##A(const D3D12_SAMPLE_POSITION *, D3D12_SAMPLE_POSITION, positions, (size_t)samples * pixels)
#define RT_SWLIST_ARGS_SetViewInstanceMask(K) K##V(UINT, mask)
#define RT_SWLIST_ARGS_SetDescriptorHeaps(K) K##V(UINT, count) \
    K##A(const D3D12DDI_HDESCRIPTORHEAP *, D3D12DDI_HDESCRIPTORHEAP, heaps, count)
#define RT_SWLIST_ARGS_SetComputeRootSignature(K) K##V(D3D12DDI_HROOTSIGNATURE, signature)
#define RT_SWLIST_ARGS_SetGraphicsRootSignature(K) K##V(D3D12DDI_HROOTSIGNATURE, signature)
#define RT_SWLIST_ARGS_SetComputeRootDescriptorTable(K) K##V(UINT, index) K##V(D3D12DDI_GPU_DESCRIPTOR_HANDLE, table)
#define RT_SWLIST_ARGS_SetGraphicsRootDescriptorTable(K) RT_SWLIST_ARGS_SetComputeRootDescriptorTable(K)
#define RT_SWLIST_ARGS_SetComputeRoot32BitConstants(K) K##V(UINT, index) K##V(UINT, count) \
    K##A(const void *, UINT32, data, count) K##V(UINT, offset)
#define RT_SWLIST_ARGS_SetGraphicsRoot32BitConstants(K) RT_SWLIST_ARGS_SetComputeRoot32BitConstants(K)
#define RT_SWLIST_ARGS_SetComputeRootConstantBufferView(K) K##V(UINT, index) K##V(UINT64, va)
#define RT_SWLIST_ARGS_SetGraphicsRootConstantBufferView(K) RT_SWLIST_ARGS_SetComputeRootConstantBufferView(K)
#define RT_SWLIST_ARGS_SetComputeRootShaderResourceView(K) RT_SWLIST_ARGS_SetComputeRootConstantBufferView(K)
#define RT_SWLIST_ARGS_SetGraphicsRootShaderResourceView(K) RT_SWLIST_ARGS_SetComputeRootConstantBufferView(K)
#define RT_SWLIST_ARGS_SetComputeRootUnorderedAccessView(K) RT_SWLIST_ARGS_SetComputeRootConstantBufferView(K)
#define RT_SWLIST_ARGS_SetGraphicsRootUnorderedAccessView(K) RT_SWLIST_ARGS_SetComputeRootConstantBufferView(K)
#define RT_SWLIST_ARGS_ClearRootArguments(K)
#define RT_SWLIST_ARGS_SetMarker(K) K##S(name)
#define RT_SWLIST_ARGS_BeginEvent(K) K##S(name)
#define RT_SWLIST_ARGS_EndEvent(K)

/* ---- Render passes ---- */
#define RT_SWLIST_ARGS_BeginRenderPass(K) K##V(UINT, count) \
    K##A(const D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *, D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124, rts, count) \
    K##A(const D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 *, D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124, ds, 1) \
    K##V(D3D12_RENDER_PASS_FLAGS, flags) K##F(BeginRenderPass)
#define RT_SWLIST_ARGS_EndRenderPass(K)

/* ---- Async Commands ---- */
#define RT_SWLIST_ARGS_CopyBufferRegions(K) K##V(UINT, count) \
    K##A(D3D12DDI_HRESOURCE *const *, D3D12DDI_HRESOURCE *, dsts, count) K##A(const UINT64 *, UINT64, dst_offsets, count) \
    K##A(D3D12DDI_HRESOURCE *const *, D3D12DDI_HRESOURCE *, srcs, count) K##A(const UINT64 *, UINT64, src_offsets, count) \
    K##A(const UINT64 *, UINT64, sizes, count) K##F(CopyBufferRegions)
#define RT_SWLIST_ARGS_CopyTextureRegions(K) K##V(UINT, count) \
    K##A(const D3D12DDI_TEXTURE_COPY_DESC *, D3D12DDI_TEXTURE_COPY_DESC, descs, count) K##F(CopyTextureRegions)
#define RT_SWLIST_ARGS_CopyResources(K) K##V(UINT, count) K##A(D3D12DDI_HRESOURCE *, D3D12DDI_HRESOURCE, dsts, count) \
    K##A(D3D12DDI_HRESOURCE *, D3D12DDI_HRESOURCE, srcs, count)
#define RT_SWLIST_ARGS_CopyTilesAsync(K) RT_SWLIST_ARGS_CopyTiles(K)
#define RT_SWLIST_ARGS_ResolveSubresourceRegionAsync(K) RT_SWLIST_ARGS_ResolveSubresourceRegion(K)
#define RT_SWLIST_ARGS_ResolveQueryDataAsync(K) RT_SWLIST_ARGS_ResolveQueryData(K)
#define RT_SWLIST_ARGS_ClearBoundDepthStencilView(K) K##V(D3D12DDI_CLEAR_FLAGS, flags) K##V(FLOAT, depth) \
    K##V(UINT8, stencil) K##V(UINT, count) K##A(const D3D12DDI_BOX *, D3D12DDI_BOX, regions, count)
/* The arrays are indexed by render target (D3D12AsyncCommands.md). */
#define RT_SWLIST_ARGS_ClearBoundRenderTargetViews(K) K##V(UINT, mask) \
    K##A(const D3D12DDI_CLEAR_DATA *, D3D12DDI_CLEAR_DATA, values, D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT) \
    K##A(const UINT *, UINT, region_counts, D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT) \
    K##A(const D3D12DDI_BOX **, const D3D12DDI_BOX *, regions, D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT) \
    K##F(ClearBoundRenderTargetViews)
#define RT_SWLIST_ARGS_ClearTextureSubresources(K) K##V(UINT, count) \
    K##A(const D3D12DDI_CLEAR_TEXTURE_DESC *, D3D12DDI_CLEAR_TEXTURE_DESC, descs, count) K##F(ClearTextureSubresources)
#define RT_SWLIST_ARGS_FillBuffers(K) K##V(UINT, count) \
    K##A(const D3D12DDI_FILL_BUFFER_DESC *, D3D12DDI_FILL_BUFFER_DESC, descs, count)

#endif
