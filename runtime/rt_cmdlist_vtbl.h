/*
 * The methods of ID3D12GraphicsCommandList12, grouped by the file that implements
 * them; rt_cmdlist.c builds the one vtable every list type uses from them.
 */
#ifndef RT_CMDLIST_VTBL_H
#define RT_CMDLIST_VTBL_H

#include "rt_cmdlist.h"

#define RT_LIST_METHOD(name) STDMETHODCALLTYPE rt_command_list_##name
typedef rt_command_list_iface rt_cl;

/* rt_cmdlist_copy.c */
void RT_LIST_METHOD(CopyBufferRegion)(rt_cl *iface, ID3D12Resource *dst, UINT64 dst_offset,
                                      ID3D12Resource *src, UINT64 src_offset, UINT64 size);
void RT_LIST_METHOD(CopyTextureRegion)(rt_cl *iface, const D3D12_TEXTURE_COPY_LOCATION *dst,
                                       UINT dst_x, UINT dst_y, UINT dst_z,
                                       const D3D12_TEXTURE_COPY_LOCATION *src, const D3D12_BOX *src_box);
void RT_LIST_METHOD(CopyResource)(rt_cl *iface, ID3D12Resource *dst, ID3D12Resource *src);
void RT_LIST_METHOD(CopyTiles)(rt_cl *iface, ID3D12Resource *tiled, const D3D12_TILED_RESOURCE_COORDINATE *start,
                               const D3D12_TILE_REGION_SIZE *size, ID3D12Resource *buffer, UINT64 offset,
                               D3D12_TILE_COPY_FLAGS flags);
void RT_LIST_METHOD(ResolveSubresource)(rt_cl *iface, ID3D12Resource *dst, UINT dst_sub,
                                        ID3D12Resource *src, UINT src_sub, DXGI_FORMAT format);
void RT_LIST_METHOD(ResolveSubresourceRegion)(rt_cl *iface, ID3D12Resource *dst, UINT dst_sub, UINT dst_x,
                                              UINT dst_y, ID3D12Resource *src, UINT src_sub, D3D12_RECT *src_rect,
                                              DXGI_FORMAT format, D3D12_RESOLVE_MODE mode);
void RT_LIST_METHOD(WriteBufferImmediate)(rt_cl *iface, UINT count, const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *params,
                                          const D3D12_WRITEBUFFERIMMEDIATE_MODE *modes);
void RT_LIST_METHOD(AtomicCopyBufferUINT)(rt_cl *iface, ID3D12Resource *dst, UINT64 dst_offset,
                                          ID3D12Resource *src, UINT64 src_offset, UINT dependencies,
                                          ID3D12Resource *const *dependent_resources,
                                          const D3D12_SUBRESOURCE_RANGE_UINT64 *dependent_ranges);
void RT_LIST_METHOD(AtomicCopyBufferUINT64)(rt_cl *iface, ID3D12Resource *dst, UINT64 dst_offset,
                                            ID3D12Resource *src, UINT64 src_offset, UINT dependencies,
                                            ID3D12Resource *const *dependent_resources,
                                            const D3D12_SUBRESOURCE_RANGE_UINT64 *dependent_ranges);

/* rt_cmdlist_barrier.c */
void RT_LIST_METHOD(ResourceBarrier)(rt_cl *iface, UINT count, const D3D12_RESOURCE_BARRIER *barriers);
void RT_LIST_METHOD(Barrier)(rt_cl *iface, UINT32 group_count, const D3D12_BARRIER_GROUP *groups);
void RT_LIST_METHOD(WaitBarrier)(rt_cl *iface, UINT group_count, const D3D12_BARRIER_GROUP *groups,
                                 UINT fence_count, ID3D12Fence *const *fences, const UINT64 *values);
void RT_LIST_METHOD(SignalBarrier)(rt_cl *iface, UINT group_count, const D3D12_BARRIER_GROUP *groups,
                                   ID3D12Fence *fence, UINT64 value);

/* rt_cmdlist_state.c */
void RT_LIST_METHOD(IASetPrimitiveTopology)(rt_cl *iface, D3D12_PRIMITIVE_TOPOLOGY topology);
void RT_LIST_METHOD(RSSetViewports)(rt_cl *iface, UINT count, const D3D12_VIEWPORT *viewports);
void RT_LIST_METHOD(RSSetScissorRects)(rt_cl *iface, UINT count, const D3D12_RECT *rects);
void RT_LIST_METHOD(OMSetBlendFactor)(rt_cl *iface, const FLOAT factor[4]);
void RT_LIST_METHOD(OMSetStencilRef)(rt_cl *iface, UINT ref);
void RT_LIST_METHOD(OMSetFrontAndBackStencilRef)(rt_cl *iface, UINT front, UINT back);
void RT_LIST_METHOD(OMSetDepthBounds)(rt_cl *iface, FLOAT min, FLOAT max);
void RT_LIST_METHOD(SetPipelineState)(rt_cl *iface, ID3D12PipelineState *state);
void RT_LIST_METHOD(SetPipelineState1)(rt_cl *iface, ID3D12StateObject *state_object);
void RT_LIST_METHOD(SetProgram)(rt_cl *iface, const D3D12_SET_PROGRAM_DESC *desc);
void RT_LIST_METHOD(SetDescriptorHeaps)(rt_cl *iface, UINT count, ID3D12DescriptorHeap *const *heaps);
void RT_LIST_METHOD(SetComputeRootSignature)(rt_cl *iface, ID3D12RootSignature *root_signature);
void RT_LIST_METHOD(SetGraphicsRootSignature)(rt_cl *iface, ID3D12RootSignature *root_signature);
void RT_LIST_METHOD(SetComputeRootDescriptorTable)(rt_cl *iface, UINT index, D3D12_GPU_DESCRIPTOR_HANDLE base);
void RT_LIST_METHOD(SetGraphicsRootDescriptorTable)(rt_cl *iface, UINT index, D3D12_GPU_DESCRIPTOR_HANDLE base);
void RT_LIST_METHOD(SetComputeRoot32BitConstant)(rt_cl *iface, UINT index, UINT data, UINT offset);
void RT_LIST_METHOD(SetGraphicsRoot32BitConstant)(rt_cl *iface, UINT index, UINT data, UINT offset);
void RT_LIST_METHOD(SetComputeRoot32BitConstants)(rt_cl *iface, UINT index, UINT count, const void *data,
                                                  UINT offset);
void RT_LIST_METHOD(SetGraphicsRoot32BitConstants)(rt_cl *iface, UINT index, UINT count, const void *data,
                                                   UINT offset);
void RT_LIST_METHOD(SetComputeRootConstantBufferView)(rt_cl *iface, UINT index, D3D12_GPU_VIRTUAL_ADDRESS va);
void RT_LIST_METHOD(SetGraphicsRootConstantBufferView)(rt_cl *iface, UINT index, D3D12_GPU_VIRTUAL_ADDRESS va);
void RT_LIST_METHOD(SetComputeRootShaderResourceView)(rt_cl *iface, UINT index, D3D12_GPU_VIRTUAL_ADDRESS va);
void RT_LIST_METHOD(SetGraphicsRootShaderResourceView)(rt_cl *iface, UINT index, D3D12_GPU_VIRTUAL_ADDRESS va);
void RT_LIST_METHOD(SetComputeRootUnorderedAccessView)(rt_cl *iface, UINT index, D3D12_GPU_VIRTUAL_ADDRESS va);
void RT_LIST_METHOD(SetGraphicsRootUnorderedAccessView)(rt_cl *iface, UINT index, D3D12_GPU_VIRTUAL_ADDRESS va);
void RT_LIST_METHOD(IASetIndexBuffer)(rt_cl *iface, const D3D12_INDEX_BUFFER_VIEW *view);
void RT_LIST_METHOD(IASetVertexBuffers)(rt_cl *iface, UINT start, UINT count, const D3D12_VERTEX_BUFFER_VIEW *views);
void RT_LIST_METHOD(SOSetTargets)(rt_cl *iface, UINT start, UINT count, const D3D12_STREAM_OUTPUT_BUFFER_VIEW *views);
void RT_LIST_METHOD(OMSetRenderTargets)(rt_cl *iface, UINT count, const D3D12_CPU_DESCRIPTOR_HANDLE *rtvs,
                                        BOOL single_range, const D3D12_CPU_DESCRIPTOR_HANDLE *dsv);
void RT_LIST_METHOD(SetSamplePositions)(rt_cl *iface, UINT samples, UINT pixels, D3D12_SAMPLE_POSITION *positions);
void RT_LIST_METHOD(SetViewInstanceMask)(rt_cl *iface, UINT mask);
void RT_LIST_METHOD(SetProtectedResourceSession)(rt_cl *iface, ID3D12ProtectedResourceSession *session);
void RT_LIST_METHOD(RSSetShadingRate)(rt_cl *iface, D3D12_SHADING_RATE rate,
                                      const D3D12_SHADING_RATE_COMBINER *combiners);
void RT_LIST_METHOD(RSSetShadingRateImage)(rt_cl *iface, ID3D12Resource *image);
void RT_LIST_METHOD(RSSetDepthBias)(rt_cl *iface, FLOAT bias, FLOAT clamp, FLOAT slope_scaled);
void RT_LIST_METHOD(IASetIndexBufferStripCutValue)(rt_cl *iface, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE value);

/* rt_cmdlist_query.c */
void RT_LIST_METHOD(BeginQuery)(rt_cl *iface, ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type, UINT index);
void RT_LIST_METHOD(EndQuery)(rt_cl *iface, ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type, UINT index);
void RT_LIST_METHOD(ResolveQueryData)(rt_cl *iface, ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type, UINT start,
                                      UINT count, ID3D12Resource *dst, UINT64 dst_offset);
void RT_LIST_METHOD(SetPredication)(rt_cl *iface, ID3D12Resource *buffer, UINT64 offset, D3D12_PREDICATION_OP op);
void RT_LIST_METHOD(SetMarker)(rt_cl *iface, UINT metadata, const void *data, UINT size);
void RT_LIST_METHOD(BeginEvent)(rt_cl *iface, UINT metadata, const void *data, UINT size);
void RT_LIST_METHOD(EndEvent)(rt_cl *iface);

/* rt_cmdlist_pass.c */
void RT_LIST_METHOD(BeginRenderPass)(rt_cl *iface, UINT count, const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                                     const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds, D3D12_RENDER_PASS_FLAGS flags);
void RT_LIST_METHOD(EndRenderPass)(rt_cl *iface);

/* rt_cmdlist_draw.c */
void RT_LIST_METHOD(DrawInstanced)(rt_cl *iface, UINT vertex_count, UINT instance_count, UINT start_vertex,
                                   UINT start_instance);
void RT_LIST_METHOD(DrawIndexedInstanced)(rt_cl *iface, UINT index_count, UINT instance_count, UINT start_index,
                                          INT base_vertex, UINT start_instance);
void RT_LIST_METHOD(Dispatch)(rt_cl *iface, UINT x, UINT y, UINT z);
void RT_LIST_METHOD(ExecuteIndirect)(rt_cl *iface, ID3D12CommandSignature *signature, UINT max_count,
                                     ID3D12Resource *args, UINT64 args_offset, ID3D12Resource *count_buffer,
                                     UINT64 count_offset);
void RT_LIST_METHOD(ExecuteBundle)(rt_cl *iface, ID3D12GraphicsCommandList *bundle);
void RT_LIST_METHOD(ClearDepthStencilView)(rt_cl *iface, D3D12_CPU_DESCRIPTOR_HANDLE dsv, D3D12_CLEAR_FLAGS flags,
                                           FLOAT depth, UINT8 stencil, UINT rect_count, const D3D12_RECT *rects);
void RT_LIST_METHOD(ClearRenderTargetView)(rt_cl *iface, D3D12_CPU_DESCRIPTOR_HANDLE rtv, const FLOAT color[4],
                                           UINT rect_count, const D3D12_RECT *rects);
void RT_LIST_METHOD(ClearUnorderedAccessViewUint)(rt_cl *iface, D3D12_GPU_DESCRIPTOR_HANDLE gpu,
                                                  D3D12_CPU_DESCRIPTOR_HANDLE cpu, ID3D12Resource *resource,
                                                  const UINT values[4], UINT rect_count, const D3D12_RECT *rects);
void RT_LIST_METHOD(ClearUnorderedAccessViewFloat)(rt_cl *iface, D3D12_GPU_DESCRIPTOR_HANDLE gpu,
                                                   D3D12_CPU_DESCRIPTOR_HANDLE cpu, ID3D12Resource *resource,
                                                   const FLOAT values[4], UINT rect_count, const D3D12_RECT *rects);
void RT_LIST_METHOD(DiscardResource)(rt_cl *iface, ID3D12Resource *resource, const D3D12_DISCARD_REGION *region);
void RT_LIST_METHOD(InitializeMetaCommand)(rt_cl *iface, ID3D12MetaCommand *meta, const void *data, SIZE_T size);
void RT_LIST_METHOD(ExecuteMetaCommand)(rt_cl *iface, ID3D12MetaCommand *meta, const void *data, SIZE_T size);
void RT_LIST_METHOD(BuildRaytracingAccelerationStructure)(rt_cl *iface,
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_DESC *desc, UINT postbuild_count,
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC *postbuild);
void RT_LIST_METHOD(EmitRaytracingAccelerationStructurePostbuildInfo)(rt_cl *iface,
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC *desc, UINT source_count,
        const D3D12_GPU_VIRTUAL_ADDRESS *sources);
void RT_LIST_METHOD(CopyRaytracingAccelerationStructure)(rt_cl *iface, D3D12_GPU_VIRTUAL_ADDRESS dst,
        D3D12_GPU_VIRTUAL_ADDRESS src, D3D12_RAYTRACING_ACCELERATION_STRUCTURE_COPY_MODE mode);
void RT_LIST_METHOD(DispatchRays)(rt_cl *iface, const D3D12_DISPATCH_RAYS_DESC *desc);
void RT_LIST_METHOD(DispatchMesh)(rt_cl *iface, UINT x, UINT y, UINT z);
void RT_LIST_METHOD(DispatchGraph)(rt_cl *iface, const D3D12_DISPATCH_GRAPH_DESC *desc);

/* rt_cmdlist_async.c */
void RT_LIST_METHOD(CopyBufferRegions)(rt_cl *iface, UINT count, ID3D12Resource *const *dst_buffers,
                                       const UINT64 *dst_offsets, ID3D12Resource *const *src_buffers,
                                       const UINT64 *src_offsets, const UINT64 *sizes);
void RT_LIST_METHOD(CopyTextureRegions)(rt_cl *iface, UINT count, const D3D12_TEXTURE_COPY_DESC *descs);
void RT_LIST_METHOD(CopyResources)(rt_cl *iface, UINT count, ID3D12Resource *const *dst, ID3D12Resource *const *src);
void RT_LIST_METHOD(CopyTilesAsync)(rt_cl *iface, ID3D12Resource *tiled, const D3D12_TILED_RESOURCE_COORDINATE *start,
                                    const D3D12_TILE_REGION_SIZE *size, ID3D12Resource *buffer, UINT64 offset,
                                    D3D12_TILE_COPY_FLAGS flags);
void RT_LIST_METHOD(ResolveSubresourceRegionAsync)(rt_cl *iface, ID3D12Resource *dst, UINT dst_sub, UINT dst_x,
                                                   UINT dst_y, ID3D12Resource *src, UINT src_sub,
                                                   const D3D12_RECT *src_rect, DXGI_FORMAT format,
                                                   D3D12_RESOLVE_MODE mode);
void RT_LIST_METHOD(ResolveQueryDataAsync)(rt_cl *iface, ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type, UINT start,
                                           UINT count, ID3D12Resource *dst, UINT64 dst_offset);
void RT_LIST_METHOD(ClearBoundDepthStencilView)(rt_cl *iface, D3D12_CLEAR_FLAGS flags, FLOAT depth, UINT8 stencil,
                                                UINT region_count, const D3D12_BOX *regions);
void RT_LIST_METHOD(ClearBoundRenderTargetViews)(rt_cl *iface, UINT mask, const D3D12_CLEAR_DATA *values,
                                                 const UINT *region_counts, const D3D12_BOX *const *regions);
void RT_LIST_METHOD(ClearTextureSubresources)(rt_cl *iface, UINT count, const D3D12_CLEAR_TEXTURE_DESC *descs);
void RT_LIST_METHOD(FillBuffers)(rt_cl *iface, UINT count, const D3D12_FILL_BUFFER_DESC *descs);

/* The vtable of the ID3D12CommandListAsyncCommands face (rt_cmdlist_async.c). */
extern const ID3D12CommandListAsyncCommandsVtbl rt_command_list_async_vtbl;

#endif
