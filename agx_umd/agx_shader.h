/*
 * The simulated device's shader engine: shader model 4/5 DXBC programs decoded once at
 * pipeline creation, lowered into the device's one shader IR (ir/agx_ir.h) and
 * executed SIMD-style, one IR operation across every lane of a batch at a time (a
 * compute thread group, or a batch of vertices, or of pixel quads).
 *
 * Real AGX hardware would compile the program through NIR to AGX machine code (seed
 * 002); the simulated device executes its IR instead (specs/shaders.md, decision
 * D024).
 *
 * Who does what:
 * - agx_shader_decode*.c: container and program parsing, validation, reflection
 *   (struct agx_shader_info);
 * - agx_shader_lower*.c: the decoded program into the IR (the DXBC front end);
 * - agx_shader_exec.c: a batch's registers as this interface shows them;
 * - ir/: the IR, its builder, validator, printer and executor (registers, ALU, flow
 *   control, constant buffers, group shared memory, raw and structured buffers,
 *   atomics, the texture unit's operations);
 * - agx_texture*.c / agx_sampler*.c: typed loads and stores, sampling, resinfo
 *   (the "texture unit" entries below), and the hardware sampler slots;
 * - agx_bind.c: resolves a root signature's arguments into struct agx_shader_bindings;
 * - agx_dispatch.c / agx_raster*.c: Dispatch and draws.
 */
#ifndef AGX_SHADER_H
#define AGX_SHADER_H

#include "agx_resource.h"

/* The most lanes a batch runs: D3D12's largest compute thread group. */
#define AGX_SHADER_MAX_LANES 1024u
#define AGX_SHADER_MAX_IO_REGISTERS 32u   /* v# / o# registers (D3D12: 32 inputs, 32 outputs) */
#define AGX_SHADER_MAX_SEMANTIC 64u       /* bytes of a semantic name, NUL included */
#define AGX_SHADER_GS_MAX_INPUT_VERTICES 6u   /* triangleadj */
#define AGX_SHADER_GS_MAX_INSTANCES D3D12_GS_MAX_INSTANCE_COUNT
#define AGX_SHADER_DS_MAX_CONTROL_POINTS D3D12_IA_PATCH_MAX_CONTROL_POINT_COUNT
#define AGX_SHADER_GS_MAX_OUTPUT_SCALARS D3D12_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES

enum agx_shader_stage
{
    AGX_SHADER_STAGE_PIXEL = 0,           /* the program type values of the version token */
    AGX_SHADER_STAGE_VERTEX = 1,
    AGX_SHADER_STAGE_GEOMETRY = 2,
    AGX_SHADER_STAGE_HULL = 3,            /* the control-point phase only (agx_shader_decode_hs.c) */
    AGX_SHADER_STAGE_DOMAIN = 4,
    AGX_SHADER_STAGE_COMPUTE = 5,
};

/* ---- Reflection ------------------------------------------------------------------------ */

enum agx_shader_register_class
{
    AGX_SHADER_CLASS_CBV,
    AGX_SHADER_CLASS_SRV,
    AGX_SHADER_CLASS_UAV,
    AGX_SHADER_CLASS_SAMPLER,
};

/* The resource shapes a dcl_resource / dcl_uav declares (and a view describes). */
enum agx_shader_dim
{
    AGX_SHADER_DIM_UNKNOWN,
    AGX_SHADER_DIM_BUFFER,                /* typed buffer */
    AGX_SHADER_DIM_RAW_BUFFER,
    AGX_SHADER_DIM_STRUCTURED_BUFFER,
    AGX_SHADER_DIM_TEXTURE1D,
    AGX_SHADER_DIM_TEXTURE1DARRAY,
    AGX_SHADER_DIM_TEXTURE2D,
    AGX_SHADER_DIM_TEXTURE2DARRAY,
    AGX_SHADER_DIM_TEXTURE2DMS,
    AGX_SHADER_DIM_TEXTURE2DMSARRAY,
    AGX_SHADER_DIM_TEXTURE3D,
    AGX_SHADER_DIM_TEXTURECUBE,
    AGX_SHADER_DIM_TEXTURECUBEARRAY,
};

/* How typed loads return and typed stores take values (the declaration's return type). */
enum agx_shader_return_type
{
    AGX_SHADER_RETURN_FLOAT,              /* float, unorm, snorm: float bits */
    AGX_SHADER_RETURN_UINT,
    AGX_SHADER_RETURN_SINT,
};

/* One declared binding: a register range of one class in one space. SM 5.0 programs
 * declare single registers (lower == upper == id, space 0). */
struct agx_shader_binding
{
    enum agx_shader_register_class cls;
    uint32_t id;                          /* the operand's first index (5.1: the range id) */
    uint32_t space;
    uint32_t lower, upper;                /* upper UINT32_MAX: unbounded */
    enum agx_shader_dim dim;              /* SRV and UAV */
    enum agx_shader_return_type return_type;
    uint32_t sample_count;                /* 2DMS declarations; 0 otherwise */
    uint32_t structure_stride;            /* structured buffers */
    uint32_t cb_vec4_count;               /* constant buffers: the declared size */
    bool comparison;                      /* samplers declared mode_comparison */
    bool has_counter;                     /* UAVs with a counter (imm_atomic_alloc/consume) */
};

/* One element of an input or output signature (ISGN/ISG1, OSGN/OSG1). */
struct agx_shader_signature_element
{
    char semantic[AGX_SHADER_MAX_SEMANTIC];
    uint32_t semantic_index;
    uint32_t sysval;                      /* D3D_NAME */
    uint32_t component_type;              /* D3D_REGISTER_COMPONENT_TYPE */
    uint32_t reg;
    uint32_t stream;                      /* OSG5 / OSG1: the geometry shader's stream; 0 otherwise */
    uint8_t mask, rw_mask;
};

/* What a dcl_input* / dcl_output* says of one v# or o# register. */
struct agx_shader_io_register
{
    uint8_t mask;                         /* components declared; 0: not declared */
    uint8_t interpolation;                /* pixel inputs: D3D_INTERPOLATION_MODE (0 undefined) */
    uint32_t sysval;                      /* D3D_NAME of the declaration (0 none) */
};

struct agx_shader_info
{
    enum agx_shader_stage stage;
    uint32_t major, minor;
    uint32_t thread_group[3];             /* compute */
    uint32_t tgsm_bytes;                  /* group shared memory, all g# together */

    uint32_t input_count, output_count;
    const struct agx_shader_signature_element *inputs, *outputs;
    struct agx_shader_io_register input_registers[AGX_SHADER_MAX_IO_REGISTERS];
    struct agx_shader_io_register output_registers[AGX_SHADER_MAX_IO_REGISTERS];

    /* Pixel shaders. */
    bool writes_depth;                    /* oDepth (or oDepthGE / oDepthLE) */
    bool writes_coverage;                 /* oMask */
    bool uses_discard;
    bool reads_coverage;                  /* vCoverage */
    bool sample_frequency;                /* an input interpolated per sample, or SV_SampleIndex */
    bool evaluates_inputs;                /* eval_* / Eval*: inputs evaluated elsewhere in the pixel */
    bool reads_sample_index;              /* DXIL's SampleIndex: the sample in a system-value register */
    bool early_depth_stencil;             /* dcl_globalFlags forceEarlyDepthStencil */
    uint32_t render_target_mask;          /* o# registers written as render targets */

    /* Geometry shaders (the dcl_inputprimitive, dcl_outputtopology, dcl_maxout and
     * dcl_gsinstances values: D3D10_SB_PRIMITIVE and D3D10_SB_PRIMITIVE_TOPOLOGY). */
    uint32_t gs_input_primitive;          /* 1 point, 2 line, 3 triangle, 6 lineadj, 7 triangleadj */
    uint32_t gs_input_vertices;           /* 1, 2, 3, 4 or 6 */
    uint32_t gs_output_topology;          /* 1 pointlist, 3 linestrip, 5 trianglestrip */
    uint32_t gs_max_vertices;             /* dcl_maxout */
    uint32_t gs_instances;                /* dcl_gsinstances (1 without) */
    uint32_t gs_output_registers;         /* o0 .. o(n-1) are a vertex's outputs */
    uint32_t gs_streams;                  /* bit m: dcl_stream m# (bit 0 without any) */

    /* Domain shaders: dcl_tessellator_domain (agx_tess.h's enum agx_tess_domain values),
     * dcl_input_control_point_count, and the vpc# registers dcl_input declares. */
    uint32_t ds_domain;
    uint32_t ds_control_points;
    struct agx_shader_io_register patch_constant_registers[AGX_SHADER_MAX_IO_REGISTERS];

    /* Hull shaders: dcl_input_control_point_count, dcl_output_control_point_count (0 to
     * 32; 0 only with no control-point phase), dcl_tessellator_domain, _partitioning and
     * _output_primitive (agx_tess.h's enum values), dcl_hs_max_tessfactor (64 without). */
    uint32_t hs_input_control_points;
    uint32_t hs_output_control_points;
    uint32_t hs_domain, hs_partitioning, hs_output_primitive;
    float hs_max_tessfactor;

    uint32_t binding_count;
    const struct agx_shader_binding *bindings;
};

struct agx_shader;

/*
 * Decodes and validates a whole container (DXBC with SHDR or SHEX, and its signatures;
 * or a DXIL part, read and lowered by dxil/agx_dxil_lower*.c) for the expected stage. A malformed container, a program of another stage, an
 * out-of-range register or an opcode the engine does not run: E_INVALIDARG with a
 * sentence in why naming the problem (the opcode by name); never a crash.
 */
HRESULT agx_shader_create(const void *bytecode, size_t size, enum agx_shader_stage stage,
                          struct agx_shader **shader, char *why, size_t why_size);
void agx_shader_destroy(struct agx_shader *shader);
const struct agx_shader_info *agx_shader_get_info(const struct agx_shader *shader);

/* ---- What a program reads and writes ------------------------------------------------- */

enum agx_shader_view_kind
{
    AGX_SHADER_VIEW_NULL,                 /* null descriptor: loads read 0, stores drop */
    AGX_SHADER_VIEW_BUFFER,
    AGX_SHADER_VIEW_TEXTURE,
};

/* A shader resource or unordered access view as the engine reads it, resolved from a
 * descriptor or a root descriptor (root SRV/UAV: a raw or structured buffer view
 * starting at the root address and reaching the end of its resource). */
struct agx_shader_view
{
    enum agx_shader_view_kind kind;
    enum agx_shader_dim dim;
    DXGI_FORMAT format;                   /* typed views; DXGI_FORMAT_UNKNOWN otherwise */
    /* Buffers: the view's bytes are [va, va + size). */
    uint64_t va, size;
    uint32_t stride;                      /* structured: the element size; typed: the format's */
    uint32_t element_count;
    /* Textures. */
    const struct agx_resource *resource;
    uint32_t first_mip, mip_count;
    uint32_t first_slice, slice_count;    /* 3D UAVs: the first and count of w slices */
    uint32_t plane;
    float min_lod;
    uint64_t counter_va;                  /* UAV counter; 0 without one */
    /* SRVs read through the texture unit (textures and typed buffers): where each
     * returned component comes from, Shader4ComponentMapping decoded (a
     * D3D12_SHADER_COMPONENT_MAPPING: memory component 0-3, FORCE_VALUE_0 or _1).
     * Unswizzled views (UAVs, root views, default mappings) return memory as it is. */
    bool swizzled;
    uint8_t swizzle[4];
};

/* A sampler as the engine reads it, with the hardware slot it was given. */
struct agx_shader_sampler
{
    D3D12_SAMPLER_DESC2 desc;
    uint32_t hw_slot;
};

/*
 * The resources of one batch, set up by the binder from the bound root signature and
 * its arguments. `binding` indexes agx_shader_info.bindings; `reg` is the absolute
 * register the instruction names (lower <= reg <= upper). Every callback answers
 * something: an unbound or out-of-range register is a null view, an empty constant
 * buffer, or the default sampler.
 */
struct agx_shader_bindings
{
    void *context;
    struct agx_backend *backend;          /* GPU memory (agx_mem.h) */
    /* The buffer's contents stay valid and unchanged for the batch. */
    void (*cbuffer)(void *context, uint32_t binding, uint32_t reg, const uint32_t **data, uint32_t *vec4_count);
    const struct agx_shader_view *(*view)(void *context, uint32_t binding, uint32_t reg);
    const struct agx_shader_sampler *(*sampler)(void *context, uint32_t binding, uint32_t reg);
};

/* ---- Execution ------------------------------------------------------------------------- */

/* Per-lane flags of a batch. */
#define AGX_LANE_ACTIVE 0x1u              /* runs the program */
#define AGX_LANE_HELPER 0x2u              /* pixel quads: runs for derivatives only, writes nothing */
#define AGX_LANE_DISCARDED 0x4u           /* set by discard */

/* A batch's registers. Create one per thread that runs the shader (it is not shared). */
struct agx_shader_exec;

HRESULT agx_shader_exec_create(const struct agx_shader *shader, uint32_t max_lanes, struct agx_shader_exec **exec);
void agx_shader_exec_destroy(struct agx_shader_exec *exec);

/*
 * v# and o# registers, structure-of-arrays: component c of lane l of register r is
 * agx_shader_exec_input(exec, r)[c * max_lanes + l]. Callers fill declared inputs
 * (vertex attributes, SV_VertexID, SV_Position, ...) before a run and read outputs
 * after it; values are 32-bit patterns (floats as their bits).
 */
uint32_t *agx_shader_exec_input(struct agx_shader_exec *exec, uint32_t reg);
const uint32_t *agx_shader_exec_output(const struct agx_shader_exec *exec, uint32_t reg);
/* Pixel shaders: oDepth (floats) and oMask, one value per lane; vCoverage to fill. */
const uint32_t *agx_shader_exec_depth(const struct agx_shader_exec *exec);
const uint32_t *agx_shader_exec_coverage_out(const struct agx_shader_exec *exec);
uint32_t *agx_shader_exec_coverage_in(struct agx_shader_exec *exec);
/* The lane's sample in a per-sample pass (reads_sample_index; 0 otherwise). */
uint32_t *agx_shader_exec_sample_index_in(struct agx_shader_exec *exec);

/*
 * Geometry and domain shaders' inputs: component c of lane l of register `reg` of input
 * vertex (GS) or control point (DS, vicp) `vertex` is
 * agx_shader_exec_vertex_input(exec, vertex, reg)[c * max_lanes + l]; vPrimitiveID
 * (both stages) and vGSInstanceID one value per lane.
 */
uint32_t *agx_shader_exec_vertex_input(struct agx_shader_exec *exec, uint32_t vertex, uint32_t reg);
uint32_t *agx_shader_exec_primitive_id(struct agx_shader_exec *exec);
/* Domain shaders: patch constant register `reg` (vpc#) as agx_shader_exec_input's rows;
 * vDomain's u, v and w (0 for quads and isolines) as agx_shader_exec_ds_domain(exec)[c
 * * max_lanes + l]. */
uint32_t *agx_shader_exec_ds_patch_constant(struct agx_shader_exec *exec, uint32_t reg);
uint32_t *agx_shader_exec_ds_domain(struct agx_shader_exec *exec);
/* A hull shader's vOutputControlPointID, one per lane (the lane's output control point). */
uint32_t *agx_shader_exec_hs_output_control_point_id(struct agx_shader_exec *exec);

/*
 * Geometry shaders. After a run each lane has a list
 * of emitted vertices: their count (at most gs_max_vertices: later emits are dropped,
 * D3D11's rule), and per vertex its stream, whether a cut of that stream came before
 * it, and its o# values.
 */
uint32_t *agx_shader_exec_gs_instance_id(struct agx_shader_exec *exec);
uint32_t agx_shader_exec_gs_vertex_count(const struct agx_shader_exec *exec, uint32_t lane);
#define AGX_SHADER_GS_CUT 0x10u           /* in a vertex's flags: a strip starts with it */
/* Its stream (bits 0-1) and AGX_SHADER_GS_CUT. */
uint32_t agx_shader_exec_gs_vertex_flags(const struct agx_shader_exec *exec, uint32_t lane, uint32_t vertex);
uint32_t agx_shader_exec_gs_output(const struct agx_shader_exec *exec, uint32_t lane, uint32_t vertex, uint32_t reg,
                                   uint32_t component);

struct agx_watchdog;

/*
 * What a pixel batch's lanes ask of the rasteriser (agx_raster_pixel.c answers):
 * sampleinfo / samplepos on the rasterizer and RenderTargetGetSample*, and eval_* /
 * Eval*. Lanes are the batch's; positions are in pixels from the pixel's centre.
 */
enum agx_shader_eval
{
    AGX_SHADER_EVAL_SAMPLE,               /* at sample a (the centre beyond the count) */
    AGX_SHADER_EVAL_CENTROID,             /* where centroid interpolation evaluates */
    AGX_SHADER_EVAL_SNAPPED,              /* at the centre plus (a, b) sixteenths, each -8..7 */
};

struct agx_shader_pixel_queries
{
    void *context;
    uint32_t sample_count;                /* the rasterizer's samples per pixel */
    /* Sample s of the lane's pixel (0, 0 beyond the count or with one sample). */
    void (*sample_position)(void *context, uint32_t lane, uint32_t sample, float position[2]);
    /* Input register reg, component c, of the lane evaluated as `how` says, with the
     * input's declared interpolation (centroid and sample qualifiers ignored; constant
     * inputs are the constant). */
    uint32_t (*evaluate)(void *context, uint32_t lane, uint32_t reg, uint32_t c, enum agx_shader_eval how, int32_t a,
                         int32_t b);
};

struct agx_shader_batch
{
    const struct agx_shader_bindings *bindings;
    uint32_t lane_count;
    /* AGX_LANE_* per lane (pixel and vertex batches; NULL: every lane active). Pixel
     * batches are whole quads: lanes 4q..4q+3 are the top-left, top-right,
     * bottom-left and bottom-right pixels of quad q. */
    uint8_t *lanes;
    uint32_t group_id[3];                 /* compute: SV_GroupID of this thread group */
    /* The command list's budget (agx_watchdog.h); NULL: none. The run stops, its
     * results undefined, once the watchdog expires. */
    struct agx_watchdog *watchdog;
    const struct agx_shader_pixel_queries *pixel;   /* pixel batches; NULL: one sample, inputs as given */
};

/* Runs the program once over the batch (at once nothing when the watchdog expired). Compute: one whole thread group, lane i being
 * the thread of flattened index i (lane_count = the group's size). */
void agx_shader_exec_run(struct agx_shader_exec *exec, const struct agx_shader_batch *batch);

/* ---- The texture unit (agx_texture*.c, agx_sampler*.c) --------------------------------- */

/*
 * Values cross as four 32-bit patterns: float bits for float, UNORM, SNORM and sRGB
 * formats (converted by ../shared/research/format-facts.md's rules, sRGB decoded on
 * load and encoded on store), integers for UINT and SINT. Missing channels load as
 * 0 (alpha 1 / integer 1). Out-of-bounds loads return zeros; out-of-bounds stores drop.
 */

/* ld / ld_ms on textures and typed buffers (buffers: coord[0] is the element). coord
 * is x, y, z-or-slice (as the view's dimension uses them); mip is relative to the
 * view's first mip. */
void agx_texture_load(struct agx_backend *backend, const struct agx_shader_view *view, const int32_t coord[3],
                      int32_t mip, uint32_t sample, uint32_t out[4]);
/* store_uav_typed: coord as for loads, mip 0 of the view. */
void agx_texture_store(struct agx_backend *backend, const struct agx_shader_view *view, const uint32_t coord[3],
                       const uint32_t value[4]);

enum agx_sample_op
{
    AGX_SAMPLE,                           /* lod from derivatives (+ bias for sample_b) */
    AGX_SAMPLE_LEVEL,                     /* explicit lod */
    AGX_SAMPLE_COMPARE,                   /* sample_c: lod from derivatives */
    AGX_SAMPLE_COMPARE_LEVEL_ZERO,        /* sample_c_lz */
};

struct agx_sample_request
{
    float coord[4];                       /* u v w, then array index where the dim has one */
    float lod;                            /* computed by the caller (agx_texture_lod) or explicit */
    int32_t offset[3];                    /* aoffimmi */
    float reference;                      /* comparison value */
};

/* The lod of implicit-lod sampling from coordinate derivatives (a quad's differences),
 * clamped by neither the view nor the sampler (agx_texture_sample does that). */
float agx_texture_lod(const struct agx_shader_view *view, const float ddx[3], const float ddy[3]);
/* Filtered sample of the view with the sampler: out as float bits (integer formats
 * return their values). */
void agx_texture_sample(struct agx_backend *backend, const struct agx_shader_view *view,
                        const struct agx_shader_sampler *sampler, enum agx_sample_op op,
                        const struct agx_sample_request *request, uint32_t out[4]);
/* gather4 (component 0-3) and gather4_c (compare true): the four texels' values of the
 * bilinear footprint in D3D's order (x: (u0,v1), y: (u1,v1), z: (u1,v0), w: (u0,v0)). */
void agx_texture_gather(struct agx_backend *backend, const struct agx_shader_view *view,
                        const struct agx_shader_sampler *sampler, uint32_t component, bool compare,
                        const struct agx_sample_request *request, uint32_t out[4]);
/* resinfo: width, height, depth or array size, mip count of the view at mip (relative);
 * beyond the view's mips: zeros except the mip count. sampleinfo via sample_count. */
void agx_texture_info(const struct agx_shader_view *view, uint32_t mip, uint32_t out[4]);
uint32_t agx_texture_sample_count(const struct agx_shader_view *view);

#endif
