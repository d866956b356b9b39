/*
 * The geometry shader between the vertex shader and the clipper: each assembled
 * primitive becomes gs_instances lanes of a GS batch (its vertices' VS outputs copied
 * into v[vertex][register] by semantic, vPrimitiveID the primitive's index in the
 * instance, vGSInstanceID the lane's instance); after a run, each lane's emitted
 * vertices form points, line strips or triangle strips per stream (a cut starts a new
 * strip); those of streams with stream output entries go to agx_raster_so.c, those
 * of the rasterised stream (0 without stream output) on to the clipper, in the order emitted,
 * lanes in primitive order, then instance order (D3D11.3 functional specification,
 * "Geometry Shader Stage").
 */
#include <stdlib.h>
#include <string.h>

#include "agx_raster.h"

struct agx_raster_gs
{
    struct agx_shader_exec *exec;
    const struct agx_shader_info *info;
    const struct agx_shader_bindings *bindings;
    uint32_t lane_count, lanes_max;
    uint8_t lanes[AGX_RASTER_GS_LANES];
    int8_t source[AGX_SHADER_MAX_IO_REGISTERS];   /* GS input register -> VS output register, or -1 */
    int32_t primitive_id_reg;                     /* GS output SV_PrimitiveID, or -1 */
    uint32_t stride;                              /* floats of one rasterised vertex */
    float *vertices;                              /* gs_max_vertices of them */
};

static int32_t agx_raster_gs_output(const struct agx_shader_info *info, uint32_t sysval)
{
    uint32_t i;

    for (i = 0; i < info->output_count; ++i)
    {
        if (info->outputs[i].sysval == sysval && info->outputs[i].reg < AGX_SHADER_MAX_IO_REGISTERS)
            return (int32_t)info->outputs[i].reg;
    }
    return -1;
}

bool agx_raster_gs_begin(struct agx_raster_draw *draw, struct agx_shader_exec *exec, const struct agx_shader_info *vs,
                         const struct agx_shader_info *gs, const struct agx_shader_bindings *bindings)
{
    const struct agx_shader_signature_element *in;
    struct agx_raster_gs *g;
    uint32_t i, j;

    if (!(g = calloc(1, sizeof(*g))))
        return false;
    g->exec = exec;
    g->info = gs;
    g->bindings = bindings;
    g->lanes_max = AGX_RASTER_GS_LANES / gs->gs_instances * gs->gs_instances;
    memset(g->source, -1, sizeof(g->source));
    for (i = 0; i < gs->input_count; ++i)
    {
        in = &gs->inputs[i];
        for (j = 0; in->reg < AGX_SHADER_MAX_IO_REGISTERS && j < vs->output_count; ++j)
        {
            if (vs->outputs[j].reg < AGX_SHADER_MAX_IO_REGISTERS && !strcasecmp(vs->outputs[j].semantic, in->semantic)
                    && vs->outputs[j].semantic_index == in->semantic_index)
                g->source[in->reg] = (int8_t)vs->outputs[j].reg;
        }
    }
    g->primitive_id_reg = agx_raster_gs_output(gs, D3D_NAME_PRIMITIVE_ID);
    g->stride = 5 + draw->attr_count;
    if (!(g->vertices = malloc(sizeof(float) * g->stride * AGX_MAX(gs->gs_max_vertices, 1u))))
    {
        free(g);
        return false;
    }
    draw->gs = g;
    return true;
}

/* One lane's emitted vertex in the clipper's layout: position, array index, varyings. */
static void agx_raster_gs_vertex(const struct agx_raster_draw *draw, const struct agx_raster_gs *g, uint32_t lane,
                                 uint32_t vertex, float *v)
{
    uint32_t a, bits;

    for (a = 0; a < 4; ++a)
    {
        bits = agx_shader_exec_gs_output(g->exec, lane, vertex, draw->position_reg, a);
        memcpy(&v[a], &bits, sizeof(bits));
    }
    bits = draw->array_index_reg >= 0 ? agx_shader_exec_gs_output(g->exec, lane, vertex, draw->array_index_reg, 0) : 0;
    memcpy(&v[4], &bits, sizeof(bits));
    for (a = 0; a < draw->attr_count; ++a)
    {
        bits = agx_shader_exec_gs_output(g->exec, lane, vertex, draw->attr_reg[a], draw->attr_component[a]);
        memcpy(&v[5 + a], &bits, sizeof(bits));
    }
}

static void agx_raster_gs_rasterise(struct agx_raster_draw *draw, struct agx_raster_gs *g, uint32_t lane,
                                    const uint32_t *vertices, uint32_t n, uint32_t primitive_id)
{
    const float *v[3];
    uint32_t i;

    for (i = 0; i < n; ++i)
    {
        v[i] = g->vertices + (size_t)vertices[i] * g->stride;
        agx_raster_gs_vertex(draw, g, lane, vertices[i], g->vertices + (size_t)vertices[i] * g->stride);
    }
    if (g->primitive_id_reg >= 0)
        primitive_id = agx_shader_exec_gs_output(g->exec, lane, vertices[0], (uint32_t)g->primitive_id_reg, 0);
    agx_raster_clip(draw, n, v, primitive_id);
}

/* The lane's vertices as the output topology's primitives, per stream (a cut of a
 * stream restarts its strip): to stream output, and the rasterised stream's to the
 * clipper. */
static void agx_raster_gs_lane(struct agx_raster_draw *draw, struct agx_raster_gs *g, uint32_t lane,
                               uint32_t primitive_id)
{
    uint32_t count = agx_shader_exec_gs_vertex_count(g->exec, lane), i, flags, stream, n, topology;
    uint32_t k[D3D12_SO_STREAM_COUNT] = {0}, strip[D3D12_SO_STREAM_COUNT][3], prim[3];
    bool rasterise, stream_out;

    topology = g->info->gs_output_topology;
    n = topology == 1 ? 1 : topology == 3 ? 2 : 3;
    for (i = 0; i < count; ++i)
    {
        flags = agx_shader_exec_gs_vertex_flags(g->exec, lane, i);
        stream = flags & 3;
        rasterise = stream == draw->rasterized_stream;
        stream_out = agx_raster_so_has_stream(draw, stream);
        if (!rasterise && !stream_out)
            continue;
        if (flags & AGX_SHADER_GS_CUT)
            k[stream] = 0;
        if (k[stream] >= n)
            memmove(strip[stream], strip[stream] + 1, sizeof(strip[0][0]) * (n - 1));
        strip[stream][AGX_MIN(k[stream], n - 1)] = i;
        if (++k[stream] < n)
            continue;
        memcpy(prim, strip[stream], sizeof(prim[0]) * n);
        /* A strip's odd triangles swap their last two vertices to keep the winding; the
         * first stays the provoking vertex (as the input assembler's strips). */
        if (n == 3 && !(k[stream] & 1))
        {
            prim[1] = strip[stream][2];
            prim[2] = strip[stream][1];
        }
        ++draw->exec->counters.statistics.GSPrimitives;
        if (stream_out)
            agx_raster_so_primitive(draw, g->exec, lane, stream, prim, n);
        if (rasterise)
            agx_raster_gs_rasterise(draw, g, lane, prim, n, primitive_id);
    }
}

void agx_raster_gs_flush(struct agx_raster_draw *draw)
{
    struct agx_raster_gs *g = draw->gs;
    struct agx_shader_batch batch = {.bindings = g->bindings, .lane_count = g->lane_count, .lanes = g->lanes,
                                     .watchdog = &draw->exec->watchdog};
    const uint32_t *ids;
    uint32_t lane;

    if (!g->lane_count)
        return;
    agx_shader_exec_run(g->exec, &batch);
    draw->exec->counters.statistics.GSInvocations += g->lane_count;
    ids = agx_shader_exec_primitive_id(g->exec);
    for (lane = 0; lane < g->lane_count; ++lane)
        agx_raster_gs_lane(draw, g, lane, ids[lane]);
    g->lane_count = 0;
}

void agx_raster_gs_primitive(struct agx_raster_draw *draw, const float *const *v, uint32_t primitive_id)
{
    struct agx_raster_gs *g = draw->gs;
    uint32_t instance, lane, vertex, r, c, *row;
    const uint32_t max = AGX_RASTER_GS_LANES;

    for (instance = 0; instance < g->info->gs_instances; ++instance)
    {
        lane = g->lane_count++;
        g->lanes[lane] = AGX_LANE_ACTIVE;
        agx_shader_exec_primitive_id(g->exec)[lane] = primitive_id;
        agx_shader_exec_gs_instance_id(g->exec)[lane] = instance;
        for (vertex = 0; vertex < g->info->gs_input_vertices; ++vertex)
        {
            for (r = 0; r < AGX_SHADER_MAX_IO_REGISTERS; ++r)
            {
                if (!g->info->input_registers[r].mask)
                    continue;
                row = agx_shader_exec_vertex_input(g->exec, vertex, r);
                for (c = 0; c < 4; ++c)
                {
                    if (g->source[r] >= 0)
                        memcpy(&row[c * max + lane], &v[vertex][g->source[r] * 4 + c], sizeof(float));
                    else
                        row[c * max + lane] = 0;
                }
            }
        }
    }
    if (g->lane_count + g->info->gs_instances > g->lanes_max)
        agx_raster_gs_flush(draw);
}

void agx_raster_gs_end(struct agx_raster_draw *draw)
{
    if (!draw->gs)
        return;
    agx_raster_gs_flush(draw);
    free(draw->gs->vertices);
    free(draw->gs);
    draw->gs = NULL;
}
