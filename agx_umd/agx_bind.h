/*
 * The binding records (pipelines, root signatures, root arguments, descriptor heaps,
 * Dispatch) and their execution state: what the binder (agx_bind.c) resolves into
 * struct agx_shader_bindings for the shaders that run.
 *
 * D3D12 keeps the compute and the graphics root signature, with their arguments,
 * apart; a command list has one current pipeline, of either type.
 */
#ifndef AGX_BIND_H
#define AGX_BIND_H

#include "agx_exec.h"
#include "agx_pipeline.h"

enum agx_bind_cmd_type
{
    AGX_CMD_SET_PIPELINE = AGX_CMD_BINDING_FIRST,
    AGX_CMD_SET_ROOT_SIGNATURE,
    AGX_CMD_SET_ROOT_TABLE,
    AGX_CMD_SET_ROOT_CONSTANTS,
    AGX_CMD_SET_ROOT_VIEW,
    AGX_CMD_SET_DESCRIPTOR_HEAPS,
    AGX_CMD_CLEAR_ROOT_ARGUMENTS,
    AGX_CMD_DISPATCH,
};

enum agx_bind_point
{
    AGX_BIND_GRAPHICS,
    AGX_BIND_COMPUTE,
    AGX_BIND_POINT_COUNT,
};

/* D3D12's root signature limit: 64 DWORDs, so at most 64 parameters and 64 constants. */
#define AGX_BIND_MAX_ROOT_PARAMETERS 64u
#define AGX_BIND_MAX_ROOT_CONSTANTS 64u

/* pipeline NULL: none bound (draws and dispatches do nothing). */
struct agx_cmd_set_pipeline
{
    struct agx_cmd header;
    struct agx_pipeline *pipeline;
};

struct agx_cmd_set_root_signature
{
    struct agx_cmd header;
    uint32_t point;                   /* enum agx_bind_point */
    struct agx_root_signature *signature;
};

/* A descriptor table: the GPU address of its first record in a shader-visible heap. */
struct agx_cmd_set_root_table
{
    struct agx_cmd header;
    uint32_t point, index;
    uint64_t base;
};

/* Only the values set: count values from offset on. */
struct agx_cmd_set_root_constants
{
    struct agx_cmd header;
    uint32_t point, index;
    uint32_t offset, count;
    uint32_t values[];
};

/* A root CBV, SRV or UAV (the parameter's type says which). */
struct agx_cmd_set_root_view
{
    struct agx_cmd header;
    uint32_t point, index;
    uint64_t va;
};

/* The shader-visible heaps' GPU ranges (0 size: none of that type). */
struct agx_cmd_set_descriptor_heaps
{
    struct agx_cmd header;
    uint64_t view_base, view_size;
    uint64_t sampler_base, sampler_size;
};

struct agx_cmd_dispatch
{
    struct agx_cmd header;
    uint32_t x, y, z;
};

/* agx_dispatch.c: runs a Dispatch record. */
void agx_dispatch_exec(struct agx_exec *exec, const struct agx_cmd_dispatch *cmd);
/* agx_dispatch.c: the Dispatch entry of the list table. */
void agx_dispatch_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);

/* ---- Root signatures (agx_pipeline.c checks coverage with these) ------------------------- */

/* Where a register of a stage comes from in a root signature. */
struct agx_root_binding
{
    D3D12_ROOT_PARAMETER_TYPE type;
    uint32_t parameter;                   /* index of the parameter, or of the static sampler */
    bool is_static_sampler;
    uint64_t descriptor;                  /* tables: the register's descriptor index in the table */
    uint32_t last;                        /* the last register the same parameter or range covers */
};

/* The first parameter (in order, then the static samplers) visible to stage that binds
 * register reg of class cls in space. */
bool agx_root_signature_find(const struct agx_root_signature *signature, enum agx_shader_stage stage,
                             enum agx_shader_register_class cls, uint32_t space, uint32_t reg,
                             struct agx_root_binding *out);

/* The static samplers as the engine reads them (with their hardware slots), placed
 * after the static sampler descriptions in the root signature's memory. */
static inline const struct agx_shader_sampler *agx_root_signature_samplers(const struct agx_root_signature *signature)
{
    return (const struct agx_shader_sampler *)(signature->static_samplers + signature->static_sampler_count);
}

/* ---- For the stages that run (agx_dispatch.c, agx_raster*.c) ----------------------------- */

/* A batch executor for the shader with room for max_lanes, kept for the rest of the
 * recording (a few are cached); NULL when out of memory. */
struct agx_shader_exec *agx_bind_shader_exec(struct agx_exec *exec, const struct agx_shader *shader,
                                             uint32_t max_lanes);

/* The current pipeline when it is of this type, else NULL. */
const struct agx_pipeline *agx_bind_pipeline(struct agx_exec *exec, D3D12DDI_PIPELINE_STATE_TYPE type);

/* The current graphics pipeline, or NULL (none, or a compute one). */
static inline const struct agx_pipeline *agx_bind_graphics_pipeline(struct agx_exec *exec)
{
    return agx_bind_pipeline(exec, D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS);
}

/*
 * The resources of one stage of the current pipeline (AGX_SHADER_STAGE_COMPUTE: the
 * compute pipeline's CS with the compute root signature; VERTEX or PIXEL: the graphics
 * pipeline's VS or PS with the graphics root signature), resolved on demand. Call once
 * per draw or dispatch: that starts a new cache of resolved views and constant buffers,
 * so memory written by earlier commands is seen. NULL without such a pipeline or shader.
 * Valid until the next binding record or the next call for the same stage.
 */
const struct agx_shader_bindings *agx_bind_stage(struct agx_exec *exec, enum agx_shader_stage stage);

#endif
