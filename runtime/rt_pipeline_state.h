/*
 * ID3D12PipelineState: graphics and compute pipelines from their descriptions or from
 * pipeline-state streams, validated and handed to the driver (specs/runtime.md,
 * "Pipeline states").
 *
 * The files: rt_pipeline_state.c (the object, shaders, root signatures, the driver),
 * rt_pipeline_state_stream.c (streams), rt_pipeline_state_validate.c (the fixed-function
 * rules of a graphics description).
 */
#ifndef RT_PIPELINE_STATE_H
#define RT_PIPELINE_STATE_H

#include "rt_device.h"

/* What later layers need of a pipeline: the command side's checks and the fallback's
 * state save and restore. */
struct rt_pipeline_info
{
    bool compute;
    UINT rtv_count;
    DXGI_FORMAT rtv_formats[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    DXGI_FORMAT dsv_format;
    DXGI_SAMPLE_DESC sample_desc;
    UINT sample_mask;
    D3D12_PRIMITIVE_TOPOLOGY_TYPE topology_type;
    D3D12_INDEX_BUFFER_STRIP_CUT_VALUE strip_cut;
};

struct rt_pipeline_state
{
    ID3D12PipelineState ID3D12PipelineState_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    struct rt_retire_node retire;    /* deferred destruction (rt_retire.h) */
    D3D12DDI_HPIPELINESTATE hdrv;
    void *drv_memory;
    /* Held for the pipeline's life by an internal reference (the driver received its
     * handle); the application's count is untouched, as on Windows. */
    ID3D12RootSignature *root_signature;
    struct rt_pipeline_info info;
};

/* NULL-safe; NULL for an interface that is not one of ours. */
struct rt_pipeline_state *rt_pipeline_state_from_iface(ID3D12PipelineState *iface);

/* ---- Creation internals (rt_pipeline_state*.c) ----------------------------------------- */

/* A pipeline being built: the legacy description the driver receives, and what a stream
 * can say that those descriptions have no field for. */
struct rt_pipeline_build
{
    const char *method;              /* the API method, for messages */
    bool compute;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute_desc;
    bool depth_bounds_test;          /* DEPTH_STENCIL1/2 */
    bool independent_stencil_masks;  /* DEPTH_STENCIL2 with different front and back masks */
    UINT view_instance_count;        /* VIEW_INSTANCING */
};

/* Reports a creation failure (warn channel and info queue, category STATE_CREATION) as
 * "<method>: <text>." and returns hr. */
HRESULT rt_pipeline_report(struct rt_device *device, const struct rt_pipeline_build *build, HRESULT hr,
                           D3D12_MESSAGE_ID id, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* rt_pipeline_state_stream.c: a stream into build (E_INVALIDARG or DXGI_ERROR_UNSUPPORTED,
 * reported). */
HRESULT rt_pipeline_parse_stream(struct rt_device *device, const D3D12_PIPELINE_STATE_STREAM_DESC *desc,
                                 struct rt_pipeline_build *build);

/* rt_pipeline_state_validate.c: the output-merger, rasterizer, depth-stencil, input layout,
 * stream output, topology and sample rules of a graphics description (reported). */
HRESULT rt_pipeline_validate_graphics(struct rt_device *device, struct rt_pipeline_build *build);
/* The device's CheckFeatureSupport(FORMAT_SUPPORT) bits; false (and zeros) if it has none. */
bool rt_pipeline_format_support(struct rt_device *device, DXGI_FORMAT format, UINT *support1, UINT *support2);
/* Semantic names compare without case, as D3D12 matches them. */
bool rt_pipeline_semantic_equal(const char *a, const char *b);

/* rt_pipeline_state_linkage.c: the rules between the shaders' signatures and the
 * description (the input layout against the vertex shader's inputs, dual-source blending
 * against the pixel shader's targets); ps may be NULL. Reported. */
struct rt_shader_container;
HRESULT rt_pipeline_validate_linkage(struct rt_device *device, const struct rt_pipeline_build *build,
                                     const struct rt_shader_container *vs, const struct rt_shader_container *ps);

#endif
