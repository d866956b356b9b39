/*
 * Pipeline state objects and root signatures as the engine uses them. A pipeline keeps
 * its decoded shaders and a deep copy of the fixed-function state of its description
 * (agx_pipeline.c); the binder (agx_bind.c) and the rasteriser (agx_raster*.c) read
 * them at execution time.
 */
#ifndef AGX_PIPELINE_H
#define AGX_PIPELINE_H

#include "agx_shader.h"

/* A root signature in version 1.1 form, parameters, ranges and static samplers
 * following the header in the same block. */
struct agx_root_signature
{
    D3D12_ROOT_SIGNATURE_FLAGS flags;
    UINT parameter_count, static_sampler_count;
    D3D12_ROOT_PARAMETER1 *parameters;
    D3D12_STATIC_SAMPLER_DESC *static_samplers;
};

static inline struct agx_root_signature *agx_root_signature_from_handle(D3D12DDI_HROOTSIGNATURE handle)
{
    return handle.pDrvPrivate;
}

#define AGX_PIPELINE_MAX_INPUT_ELEMENTS 32u

/* An input layout element with its semantic name copied. */
struct agx_input_element
{
    char semantic[AGX_SHADER_MAX_SEMANTIC];
    UINT semantic_index;
    DXGI_FORMAT format;
    UINT input_slot;
    UINT aligned_byte_offset;             /* APPEND_ALIGNED already resolved */
    D3D12_INPUT_CLASSIFICATION classification;
    UINT instance_data_step_rate;
};

struct agx_graphics_state
{
    D3D12_BLEND_DESC blend;
    UINT sample_mask;
    D3D12_RASTERIZER_DESC rasterizer;
    D3D12_DEPTH_STENCIL_DESC2 depth_stencil;
    UINT input_element_count;
    struct agx_input_element input_elements[AGX_PIPELINE_MAX_INPUT_ELEMENTS];
    D3D12_INDEX_BUFFER_STRIP_CUT_VALUE strip_cut;
    D3D12_PRIMITIVE_TOPOLOGY_TYPE topology_type;
    UINT render_target_count;
    DXGI_FORMAT rtv_formats[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    DXGI_SAMPLE_DESC sample_desc;
};

/* Stream output as the draw uses it (agx_pipeline_so.c): each entry resolved to the
 * register components of the last stage before the rasteriser that it writes. */
struct agx_so_entry
{
    uint8_t stream, slot;
    uint8_t reg;                          /* AGX_SO_GAP: a gap of `count` components */
    uint8_t component, count;
};

#define AGX_SO_GAP 0xffu

struct agx_stream_output
{
    uint32_t entry_count;
    struct agx_so_entry *entries;
    uint32_t strides[D3D12_SO_BUFFER_SLOT_COUNT];
    uint32_t rasterized_stream;           /* D3D12_SO_NO_RASTERIZED_STREAM: none */
};

/* Lives in the runtime's memory (CalcPrivatePipelineStateSize); shaders are the
 * driver's allocations, freed by DestroyPipelineState. */
struct agx_pipeline
{
    D3D12DDI_PIPELINE_STATE_TYPE type;
    struct agx_root_signature *root_signature;
    struct agx_shader *cs, *vs, *gs, *ps;
    struct agx_graphics_state graphics;
    struct agx_stream_output so;          /* entry_count 0: no stream output */
};

/* agx_pipeline_so.c: the description's stream output resolved against the shader that
 * feeds the rasteriser (E_INVALIDARG, after agx_warn, for what it cannot write). */
HRESULT agx_pipeline_so_create(struct agx_stream_output *so, const D3D12_STREAM_OUTPUT_DESC *desc,
                               const struct agx_shader *last);
void agx_pipeline_so_destroy(struct agx_stream_output *so);

static inline struct agx_pipeline *agx_pipeline_from_handle(D3D12DDI_HPIPELINESTATE handle)
{
    return handle.pDrvPrivate;
}

#endif
