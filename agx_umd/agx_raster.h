/*
 * The graphics records (fixed-function state and draws, AGX_CMD_GRAPHICS_FIRST and up)
 * and the rasteriser of the simulated device that executes them:
 *
 * - agx_raster_state.c: the list entries that record the state and the draws;
 * - agx_raster.c: the execution-side state (struct agx_raster_exec) and the draw loop:
 *   input assembly, the vertex shader over batches of vertices, primitive assembly;
 * - agx_raster_fetch.c: vertex attributes from vertex buffers through the input layout;
 * - agx_raster_setup.c: clipping, the viewport transform, triangle setup and coverage
 *   (fixed-point edge functions with 8 bits of sub-pixel precision, top-left rule);
 *   points and lines become pairs of triangles;
 * - agx_raster_pixel.c: quads, attribute interpolation, the pixel shader and the
 *   output merger (agx_om.h).
 */
#ifndef AGX_RASTER_H
#define AGX_RASTER_H

#include "agx_descriptor.h"
#include "agx_exec.h"
#include "agx_om.h"
#include "agx_pipeline.h"
#include "agx_texel.h"

enum agx_raster_cmd_type
{
    AGX_CMD_IA_TOPOLOGY = AGX_CMD_GRAPHICS_FIRST,
    AGX_CMD_IA_INDEX_BUFFER,
    AGX_CMD_IA_VERTEX_BUFFERS,
    AGX_CMD_IA_STRIP_CUT,
    AGX_CMD_RS_VIEWPORTS,
    AGX_CMD_RS_SCISSORS,
    AGX_CMD_RS_DEPTH_BIAS,
    AGX_CMD_OM_BLEND_FACTOR,
    AGX_CMD_OM_STENCIL_REF,
    AGX_CMD_OM_DEPTH_BOUNDS,
    AGX_CMD_OM_RENDER_TARGETS,
    AGX_CMD_SAMPLE_POSITIONS,
    AGX_CMD_DRAW,
    AGX_CMD_SO_TARGETS,
};

#define AGX_RASTER_MAX_VERTEX_BUFFERS D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT
#define AGX_RASTER_MAX_VIEWPORTS D3D12_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE
#define AGX_RASTER_MAX_SAMPLE_POSITIONS 16u   /* 4 samples of a 2x2 pixel grid */

/* One value record (topology, strip cut). */
struct agx_cmd_raster_value
{
    struct agx_cmd header;
    uint32_t value;
};

/* size 0 and va 0: no index buffer. */
struct agx_cmd_index_buffer
{
    struct agx_cmd header;
    D3D12_INDEX_BUFFER_VIEW view;
};

/* views of slots start .. start + count - 1 (all zero: unbound). */
struct agx_cmd_vertex_buffers
{
    struct agx_cmd header;
    uint32_t start, count;
    D3D12DDIARG_VERTEX_BUFFER_VIEW views[];
};

struct agx_cmd_viewports
{
    struct agx_cmd header;
    uint32_t count;
    D3D12_VIEWPORT viewports[];
};

struct agx_cmd_scissors
{
    struct agx_cmd header;
    uint32_t count;
    D3D12_RECT rects[];
};

/* Stream output targets of slots start .. start + count - 1 (NULL views: unbound). */
struct agx_cmd_so_targets
{
    struct agx_cmd header;
    uint32_t start, count;
    D3D12_STREAM_OUTPUT_BUFFER_VIEW views[D3D12_SO_BUFFER_SLOT_COUNT];
};

/* Four floats: depth bias (constant, clamp, slope), blend factor, depth bounds. */
struct agx_cmd_raster_floats
{
    struct agx_cmd header;
    float values[4];
};

struct agx_cmd_stencil_ref
{
    struct agx_cmd header;
    uint32_t front, back;
};

/* The views as they were when recorded (descriptors may change afterwards). */
struct agx_cmd_render_targets
{
    struct agx_cmd header;
    uint32_t count;
    bool has_dsv;
    bool read_only_depth, read_only_stencil;  /* a render pass binding them read-only */
    struct agx_descriptor_rtv rtvs[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    struct agx_descriptor_dsv dsv;
};

/* samples 0: the standard positions again. */
struct agx_cmd_sample_positions
{
    struct agx_cmd header;
    uint32_t samples, pixels;
    D3D12_SAMPLE_POSITION positions[AGX_RASTER_MAX_SAMPLE_POSITIONS];
};

struct agx_cmd_draw
{
    struct agx_cmd header;
    bool indexed;
    uint32_t count;                   /* vertices or indices per instance */
    uint32_t instance_count;
    uint32_t start;                   /* first vertex or first index */
    int32_t base_vertex;
    uint32_t start_instance;
};

/* agx_raster_state.c: records the render targets a render pass binds for its draws. */
void agx_raster_record_targets(struct agx_cmdlist *list, uint32_t count, const struct agx_descriptor_rtv *rtvs,
                               const struct agx_descriptor_dsv *dsv, bool read_only_depth, bool read_only_stencil);

/* ---- Execution ------------------------------------------------------------------------- */

/* The fixed-function state of the recording being executed. */
struct agx_raster_exec
{
    D3D12_PRIMITIVE_TOPOLOGY topology;
    D3D12_INDEX_BUFFER_VIEW index_buffer;
    D3D12DDIARG_VERTEX_BUFFER_VIEW vertex_buffers[AGX_RASTER_MAX_VERTEX_BUFFERS];
    uint32_t viewport_count, scissor_count;
    D3D12_VIEWPORT viewports[AGX_RASTER_MAX_VIEWPORTS];
    D3D12_RECT scissors[AGX_RASTER_MAX_VIEWPORTS];
    float blend_factor[4];
    uint32_t stencil_ref_front, stencil_ref_back;
    float depth_bounds_min, depth_bounds_max;
    uint32_t target_count;
    struct agx_om_target targets[AGX_OM_MAX_TARGETS];
    struct agx_om_target depth;
    D3D12_STREAM_OUTPUT_BUFFER_VIEW so_targets[D3D12_SO_BUFFER_SLOT_COUNT];
    uint32_t sample_position_samples, sample_position_pixels;   /* 0: standard positions */
    D3D12_SAMPLE_POSITION sample_positions[AGX_RASTER_MAX_SAMPLE_POSITIONS];
    /* Dynamic depth bias and strip cut: they hold until another pipeline is set. */
    const struct agx_pipeline *dynamic_pipeline;
    bool has_depth_bias, has_strip_cut;
    float depth_bias[3];              /* constant, clamp, slope */
    D3D12_INDEX_BUFFER_STRIP_CUT_VALUE strip_cut;
    /* Shader batches, kept from draw to draw while the shaders stay the same. */
    const struct agx_shader *vs, *gs, *ps;
    struct agx_shader_exec *vs_exec, *gs_exec, *ps_exec;
    void *pixel_batch;                /* agx_raster_pixel.c's, allocated on first use */
};

/* The lanes a vertex or pixel batch has. */
#define AGX_RASTER_VERTEX_LANES 256u
#define AGX_RASTER_PIXEL_LANES 256u
#define AGX_RASTER_GS_LANES 32u           /* geometry shader lanes (its registers are many) */

/* Sample positions of a pixel in 1/16 pixel from its centre (D3D12_SAMPLE_POSITION). */
struct agx_raster_samples
{
    uint32_t count;
    /* [pixel of the 2x2 grid: (y & 1) * 2 + (x & 1)][sample] */
    int8_t x[4][AGX_OM_MAX_SAMPLES], y[4][AGX_OM_MAX_SAMPLES];
};

/* D3D's standard positions, or the list's programmable ones. */
void agx_raster_samples_init(struct agx_raster_samples *samples, uint32_t count, uint32_t position_samples,
                             uint32_t position_pixels, const D3D12_SAMPLE_POSITION *positions);

/* A triangle in screen space, ready to rasterise: positions in 24.8 fixed point, edge
 * functions E_i = a_i x + b_i y + c_i (edge i faces vertex i), wound so that covered
 * points have E_i + bias_i >= 0 (bias -1 on edges that are neither top nor left). */
struct agx_raster_triangle
{
    int64_t x[3], y[3];
    int64_t a[3], b[3], c[3], bias[3];
    int64_t area;                     /* twice the area, in 1/65536 pixel^2, > 0 */
    bool front_facing;
    uint8_t vertex[3];                /* the input vertex each corner is (winding fixed) */
    double inv_area;
    float z[3];                       /* viewport depth */
    double z_dx, z_dy;                /* its plane: change per 1/256 pixel */
    float depth_bias;                 /* added to every sample's depth */
    float inv_w[3];
    const float *attr[3];             /* per vertex: the varyings (agx_raster_draw.attr_count) */
    const float *provoking;           /* the first vertex of the primitive, unclipped */
    uint32_t primitive_id;
};

/* Sets up a triangle from its screen positions (pixels); false if it has no area or
 * is culled (cull: D3D12_CULL_MODE; front_ccw: FrontCounterClockwise). */
bool agx_raster_triangle_setup(struct agx_raster_triangle *tri, const float sx[3], const float sy[3],
                               D3D12_CULL_MODE cull, bool front_ccw);
/* The samples of pixel (x, y) the triangle covers (bit s: sample s). */
uint32_t agx_raster_coverage(const struct agx_raster_triangle *tri, const struct agx_raster_samples *samples,
                             int32_t x, int32_t y);

/* One input component of the pixel shader and where its value comes from. */
enum agx_raster_source
{
    AGX_RASTER_SOURCE_VARYING,
    AGX_RASTER_SOURCE_POSITION,
    AGX_RASTER_SOURCE_FRONT_FACE,
    AGX_RASTER_SOURCE_SAMPLE_INDEX,
    AGX_RASTER_SOURCE_ARRAY_INDEX,
    AGX_RASTER_SOURCE_PRIMITIVE_ID,
    AGX_RASTER_SOURCE_ZERO,
};

struct agx_raster_ps_input
{
    uint8_t reg, component;
    uint8_t source;                   /* enum agx_raster_source */
    uint8_t interpolation;            /* D3D_INTERPOLATION_MODE */
    uint16_t varying;                 /* VARYING: index into the vertex's varyings */
};

#define AGX_RASTER_MAX_VARYINGS (AGX_SHADER_MAX_IO_REGISTERS * 4u)
#define AGX_RASTER_MAX_CLIP_DISTANCES 8u      /* SV_ClipDistance and SV_CullDistance, each */

/* One draw's state, as agx_raster.c gathers it for the stages after the vertex shader. */
struct agx_raster_draw
{
    struct agx_exec *exec;
    const struct agx_pipeline *pipeline;
    const struct agx_shader_info *ps_info;        /* NULL: no pixel shader */
    struct agx_shader_exec *ps_exec;
    const struct agx_shader_bindings *ps_bindings;
    struct agx_om_state om;
    struct agx_raster_samples samples;
    /* Every viewport and the pixels it may draw (min x, min y, max x, max y; max
     * exclusive); `viewport` and the bounds after it are the selected one's. */
    uint32_t viewport_count;
    D3D12_VIEWPORT viewports[AGX_RASTER_MAX_VIEWPORTS];
    int32_t viewport_bounds[AGX_RASTER_MAX_VIEWPORTS][4];
    uint32_t viewport_index;
    int32_t viewport_index_varying;               /* VS output SV_ViewportArrayIndex, or -1 */
    D3D12_VIEWPORT viewport;
    int32_t min_x, min_y, max_x, max_y;
    uint32_t slice_count;                         /* of the bound views (the smallest) */
    bool depth_clip;
    float depth_bias, depth_bias_clamp, depth_bias_slope;
    uint32_t depth_bits;                          /* UNORM depth formats: their bits; 0 float */
    bool early_depth;
    /* The samples the rasteriser's coverage keeps: the pipeline's SampleMask, or with a
     * ForcedSampleCount every forced sample. `target_independent`: a forced count above
     * the targets' one sample (D3D11.1's target-independent rasterization): the shader
     * sees the forced coverage, the targets' one sample is written when any is covered. */
    uint32_t coverage_mask;
    bool target_independent;
    /* Varyings: VS output (register, component) -> index. */
    uint32_t attr_count;
    uint8_t attr_reg[AGX_RASTER_MAX_VARYINGS], attr_component[AGX_RASTER_MAX_VARYINGS];
    uint32_t position_reg;
    int32_t array_index_reg;                      /* VS output SV_RenderTargetArrayIndex, or -1 */
    uint32_t clip_distance_count, cull_distance_count;
    uint16_t clip_distances[AGX_RASTER_MAX_CLIP_DISTANCES];   /* varyings */
    uint16_t cull_distances[AGX_RASTER_MAX_CLIP_DISTANCES];
    uint32_t ps_input_count;
    struct agx_raster_ps_input ps_inputs[AGX_RASTER_MAX_VARYINGS];
    uint64_t ps_invocations, samples_passed;
    void *scratch;                                /* agx_raster_pixel.c's batch (its own layout) */
    struct agx_raster_gs *gs;                     /* agx_raster_gs.c's; NULL without a GS */
    struct agx_raster_so *so;                     /* agx_raster_so.c's; NULL without stream output */
    uint32_t rasterized_stream;                   /* D3D12_SO_NO_RASTERIZED_STREAM: none */
};

/* agx_raster_so.c: a draw's stream output. Begin reads the bound buffers' filled sizes
 * (a 32-bit byte count at BufferFilledSizeLocation), end writes them back; each
 * primitive of a stream with entries is written to every bound buffer of the stream
 * as a list (strips decomposed), or to none of them when one lacks room. */
bool agx_raster_so_begin(struct agx_raster_draw *draw, const struct agx_raster_exec *raster);
bool agx_raster_so_has_stream(const struct agx_raster_draw *draw, uint32_t stream);
void agx_raster_so_primitive(struct agx_raster_draw *draw, struct agx_shader_exec *gs, uint32_t lane,
                             uint32_t stream, const uint32_t *vertices, uint32_t n);
void agx_raster_so_end(struct agx_raster_draw *draw);

/* agx_raster_gs.c: with a geometry shader, primitives go to it (their vertices being
 * the VS output registers, 4 floats each) and what it emits goes on to the clipper.
 * The position, array index and varyings of `draw` are then the GS's outputs. */
bool agx_raster_gs_begin(struct agx_raster_draw *draw, struct agx_shader_exec *exec, const struct agx_shader_info *vs,
                         const struct agx_shader_info *gs, const struct agx_shader_bindings *bindings);
void agx_raster_gs_primitive(struct agx_raster_draw *draw, const float *const *v, uint32_t primitive_id);
void agx_raster_gs_flush(struct agx_raster_draw *draw);
void agx_raster_gs_end(struct agx_raster_draw *draw);

/* agx_raster_pixel.c: the pixel batch of a draw (flush runs what is in it, end
 * flushes), and one triangle's pixels into it. */
bool agx_raster_pixel_begin(struct agx_raster_draw *draw);
void agx_raster_pixel_flush(struct agx_raster_draw *draw);
void agx_raster_pixel_end(struct agx_raster_draw *draw);
void agx_raster_pixel_triangle(struct agx_raster_draw *draw, const struct agx_raster_triangle *tri);

/* agx_raster_interp.c: where pixel inputs are evaluated and their values there. */
struct agx_raster_point
{
    bool valid;
    int64_t px, py;                   /* 1/256 pixel */
    double l[3];                      /* screen-space barycentrics */
};

/* Sample s of pixel (x, y) in 1/256 pixel (the centre for s beyond the count). */
void agx_raster_sample_point(const struct agx_raster_draw *draw, int32_t x, int32_t y, uint32_t s, int64_t *px,
                             int64_t *py);
/* Screen-linear depth from the triangle's plane. */
float agx_raster_depth_at(const struct agx_raster_triangle *tri, int64_t px, int64_t py);
void agx_raster_point_set(struct agx_raster_point *point, const struct agx_raster_triangle *tri, int64_t px,
                          int64_t py);
/* The point of sample `sample` (UINT32_MAX: the centre), computed once. */
const struct agx_raster_point *agx_raster_point_at(const struct agx_raster_draw *draw,
                                                   const struct agx_raster_triangle *tri,
                                                   struct agx_raster_point *point, int32_t x, int32_t y,
                                                   uint32_t sample);
/* The sample centroid interpolation uses for a coverage, UINT32_MAX for the centre. */
uint32_t agx_raster_centroid_sample(const struct agx_raster_draw *draw, uint32_t coverage);
/* An input's value at a point (sample: the per-sample pass's, or UINT32_MAX). */
uint32_t agx_raster_input_value(const struct agx_raster_triangle *tri, const struct agx_raster_ps_input *input,
                                const struct agx_raster_point *point, uint32_t sample);

/* A pixel batch's lanes as its pixel queries see them. */
struct agx_raster_lanes
{
    const struct agx_raster_draw *draw;
    const struct agx_raster_triangle *tri;   /* the batch's one triangle (shaders that evaluate inputs) */
    int32_t x[AGX_RASTER_PIXEL_LANES], y[AGX_RASTER_PIXEL_LANES];
    uint32_t coverage[AGX_RASTER_PIXEL_LANES];   /* the samples the lane's shader runs for */
    uint32_t sample[AGX_RASTER_PIXEL_LANES];     /* its sample in a per-sample pass, else UINT32_MAX */
};

void agx_raster_lanes_queries(struct agx_raster_lanes *lanes, struct agx_shader_pixel_queries *queries);

/* agx_raster_setup.c: selects the viewport (and scissor) of index `index` for the
 * primitives that follow (an index beyond those set selects 0: D3D12's rule). */
void agx_raster_select_viewport(struct agx_raster_draw *draw, uint32_t index);
/* agx_raster_setup.c: clips one triangle of clip-space vertices (4 floats of position,
 * then the varyings), transforms it to the viewport and rasterises what is left.
 * Returns the triangles it handed on (for CPrimitives). */
uint32_t agx_raster_clip_triangle(struct agx_raster_draw *draw, const float *const v[3], uint32_t primitive_id);
/* The same for lines (a one-pixel-wide parallelogram across the major axis) and
 * points (the 1x1 square around them). */
uint32_t agx_raster_clip_line(struct agx_raster_draw *draw, const float *const v[2], uint32_t primitive_id);
uint32_t agx_raster_clip_point(struct agx_raster_draw *draw, const float *v, uint32_t primitive_id);

/* agx_raster.c: a point (n 1), line (2) or triangle (3) to the clipper, counted. */
void agx_raster_clip(struct agx_raster_draw *draw, uint32_t n, const float *const *v, uint32_t primitive_id);

/* agx_raster_fetch.c: one draw's input layout, resolved against the vertex shader. */
struct agx_raster_fetch_element
{
    uint8_t reg;
    uint8_t mask;                     /* of the register's components, in order */
    uint8_t system;                   /* 0, or D3D_NAME_VERTEX_ID / D3D_NAME_INSTANCE_ID */
    uint8_t slot;
    uint32_t offset;
    bool per_instance;
    uint32_t step_rate;
    uint32_t size;                    /* bytes of the element */
    uint32_t channel_count;
    DXGI_FORMAT format;
    struct agx_texel_channel channels[4];
};

struct agx_raster_fetch
{
    uint32_t count;
    struct agx_raster_fetch_element elements[AGX_SHADER_MAX_IO_REGISTERS];
};

/* False (after agx_warn) when an element's format cannot be read. */
bool agx_raster_fetch_init(struct agx_raster_fetch *fetch, const struct agx_graphics_state *state,
                           const struct agx_shader_info *vs);
/* Fills lane `lane` of the vertex shader's inputs for one vertex. */
void agx_raster_fetch_vertex(const struct agx_raster_fetch *fetch, struct agx_exec *exec,
                             const struct agx_raster_exec *raster, struct agx_shader_exec *vs_exec,
                             uint32_t lane, uint32_t vertex_id, uint32_t instance_id, uint32_t start_instance);

/* agx_raster.c */
void agx_raster_draw(struct agx_exec *exec, const struct agx_cmd_draw *cmd);

#endif
