/*
 * Graphics records at execution time: the current fixed-function state and the draw
 * loop (input assembly, the vertex shader over batches of vertices, primitive
 * assembly). Clipping and rasterisation are agx_raster_setup.c's, pixels
 * agx_raster_pixel.c's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "agx_bind.h"
#include "agx_mem.h"
#include "agx_raster.h"

/* ---- State ----------------------------------------------------------------------------- */

static struct agx_raster_exec *agx_raster_get(struct agx_exec *exec)
{
    struct agx_raster_exec *raster;

    if (exec->graphics)
        return exec->graphics;
    if (!(raster = calloc(1, sizeof(*raster))))
        return NULL;
    /* A command list starts with these (D3D12's defaults after Reset). */
    raster->depth_bounds_max = 1.0f;
    exec->graphics = raster;
    return raster;
}

static uint32_t agx_raster_mip_count(const struct agx_resource *resource)
{
    return resource->desc.MipLevels ? resource->desc.MipLevels : 1;
}

static uint32_t agx_raster_array_size(const struct agx_resource *resource)
{
    return resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : resource->desc.DepthOrArraySize;
}

static void agx_raster_target_set(struct agx_om_target *target, const struct agx_resource *resource, DXGI_FORMAT format,
                                  uint32_t mip, uint32_t plane, uint32_t first_slice, uint32_t slice_count)
{
    target->resource = resource;
    target->format = format != DXGI_FORMAT_UNKNOWN ? format : resource->desc.Format;
    target->mip = mip;
    target->subresource_base = mip + plane * agx_raster_mip_count(resource) * agx_raster_array_size(resource);
    target->first_slice = first_slice;
    target->slice_count = slice_count;
}

static void agx_raster_target_from_rtv(struct agx_om_target *target, const struct agx_descriptor_rtv *rtv)
{
    const D3D12_RENDER_TARGET_VIEW_DESC *desc = &rtv->desc;
    const struct agx_resource *resource = rtv->resource;
    struct agx_view_subresources sub;
    uint32_t depth;

    memset(target, 0, sizeof(*target));
    if (rtv->kind != AGX_DESCRIPTOR_RTV || !resource)
        return;
    if (!agx_rtv_subresources(desc, &sub))
    {
        agx_warn("render target views of buffers are not drawn to");
        return;
    }
    if (desc->ViewDimension == D3D12_RTV_DIMENSION_TEXTURE3D)
    {
        /* WSize -1 (or beyond the mip): every w slice from the first. */
        depth = AGX_MAX((uint32_t)resource->desc.DepthOrArraySize >> sub.mip, 1u);
        sub.first_slice = AGX_MIN(sub.first_slice, depth);
        sub.slice_count = AGX_MIN(sub.slice_count, depth - sub.first_slice);
    }
    agx_raster_target_set(target, resource, desc->Format, sub.mip, sub.plane, sub.first_slice, sub.slice_count);
}

static void agx_raster_target_from_dsv(struct agx_om_target *target, const struct agx_descriptor_dsv *dsv,
                                       bool read_only_depth, bool read_only_stencil)
{
    const D3D12_DEPTH_STENCIL_VIEW_DESC *desc = &dsv->desc;
    const struct agx_resource *resource = dsv->resource;
    struct agx_view_subresources sub;

    memset(target, 0, sizeof(*target));
    if (dsv->kind != AGX_DESCRIPTOR_DSV || !resource || !agx_dsv_subresources(desc, &sub))
        return;
    agx_raster_target_set(target, resource, desc->Format, sub.mip, 0, sub.first_slice, sub.slice_count);
    target->read_only_depth = read_only_depth || (desc->Flags & D3D12_DSV_FLAG_READ_ONLY_DEPTH);
    target->read_only_stencil = read_only_stencil || (desc->Flags & D3D12_DSV_FLAG_READ_ONLY_STENCIL);
}

static void agx_raster_set_targets(struct agx_raster_exec *raster, const struct agx_cmd_render_targets *cmd)
{
    uint32_t i;

    memset(raster->targets, 0, sizeof(raster->targets));
    raster->target_count = cmd->count;
    for (i = 0; i < cmd->count; ++i)
        agx_raster_target_from_rtv(&raster->targets[i], &cmd->rtvs[i]);
    memset(&raster->depth, 0, sizeof(raster->depth));
    if (cmd->has_dsv)
        agx_raster_target_from_dsv(&raster->depth, &cmd->dsv, cmd->read_only_depth, cmd->read_only_stencil);
}

/* Dynamic depth bias and strip cut hold for the pipeline they were set with. */
static void agx_raster_dynamic(struct agx_exec *exec, struct agx_raster_exec *raster)
{
    const struct agx_pipeline *pipeline = agx_bind_graphics_pipeline(exec);

    if (pipeline != raster->dynamic_pipeline)
        raster->has_depth_bias = raster->has_strip_cut = false;
    raster->dynamic_pipeline = pipeline;
}

void agx_exec_graphics_command(struct agx_exec *exec, const struct agx_cmd *cmd)
{
    struct agx_raster_exec *raster = agx_raster_get(exec);
    const struct agx_cmd_raster_floats *floats = (const void *)cmd;
    uint32_t i;

    if (!raster)
        return;
    switch (cmd->type)
    {
        case AGX_CMD_IA_TOPOLOGY:
            raster->topology = ((const struct agx_cmd_raster_value *)cmd)->value;
            break;
        case AGX_CMD_IA_INDEX_BUFFER:
            raster->index_buffer = ((const struct agx_cmd_index_buffer *)cmd)->view;
            break;
        case AGX_CMD_IA_VERTEX_BUFFERS:
        {
            const struct agx_cmd_vertex_buffers *vbs = (const void *)cmd;

            for (i = 0; i < vbs->count; ++i)
                raster->vertex_buffers[vbs->start + i] = vbs->views[i];
            break;
        }
        case AGX_CMD_IA_STRIP_CUT:
            agx_raster_dynamic(exec, raster);
            raster->has_strip_cut = true;
            raster->strip_cut = ((const struct agx_cmd_raster_value *)cmd)->value;
            break;
        case AGX_CMD_SO_TARGETS:
        {
            const struct agx_cmd_so_targets *targets = (const void *)cmd;

            memcpy(&raster->so_targets[targets->start], targets->views, targets->count * sizeof(*targets->views));
            break;
        }
        case AGX_CMD_RS_VIEWPORTS:
        {
            const struct agx_cmd_viewports *viewports = (const void *)cmd;

            raster->viewport_count = viewports->count;
            memcpy(raster->viewports, viewports->viewports, viewports->count * sizeof(*viewports->viewports));
            break;
        }
        case AGX_CMD_RS_SCISSORS:
        {
            const struct agx_cmd_scissors *scissors = (const void *)cmd;

            raster->scissor_count = scissors->count;
            memcpy(raster->scissors, scissors->rects, scissors->count * sizeof(*scissors->rects));
            break;
        }
        case AGX_CMD_RS_DEPTH_BIAS:
            agx_raster_dynamic(exec, raster);
            raster->has_depth_bias = true;
            memcpy(raster->depth_bias, floats->values, sizeof(raster->depth_bias));
            break;
        case AGX_CMD_OM_BLEND_FACTOR:
            memcpy(raster->blend_factor, floats->values, sizeof(raster->blend_factor));
            break;
        case AGX_CMD_OM_STENCIL_REF:
            raster->stencil_ref_front = ((const struct agx_cmd_stencil_ref *)cmd)->front;
            raster->stencil_ref_back = ((const struct agx_cmd_stencil_ref *)cmd)->back;
            break;
        case AGX_CMD_OM_DEPTH_BOUNDS:
            raster->depth_bounds_min = floats->values[0];
            raster->depth_bounds_max = floats->values[1];
            break;
        case AGX_CMD_OM_RENDER_TARGETS:
            agx_raster_set_targets(raster, (const struct agx_cmd_render_targets *)cmd);
            break;
        case AGX_CMD_SAMPLE_POSITIONS:
        {
            const struct agx_cmd_sample_positions *positions = (const void *)cmd;

            raster->sample_position_samples = positions->samples;
            raster->sample_position_pixels = positions->pixels;
            memcpy(raster->sample_positions, positions->positions, sizeof(raster->sample_positions));
            break;
        }
        case AGX_CMD_DRAW:
            agx_raster_draw(exec, (const struct agx_cmd_draw *)cmd);
            break;
        default:
            break;
    }
}

void agx_exec_graphics_finish(struct agx_exec *exec)
{
    struct agx_raster_exec *raster = exec->graphics;

    if (!raster)
        return;
    if (raster->vs_exec)
        agx_shader_exec_destroy(raster->vs_exec);
    if (raster->gs_exec)
        agx_shader_exec_destroy(raster->gs_exec);
    if (raster->ps_exec)
        agx_shader_exec_destroy(raster->ps_exec);
    free(raster->pixel_batch);
    free(raster);
    exec->graphics = NULL;
}

/* ---- Draw setup ------------------------------------------------------------------------ */

/* The batch of a shader, made again when the shader changes. */
static struct agx_shader_exec *agx_raster_shader_exec(const struct agx_shader **current, struct agx_shader_exec **exec,
                                                      const struct agx_shader *shader, uint32_t lanes)
{
    if (*current == shader && *exec)
        return *exec;
    if (*exec)
        agx_shader_exec_destroy(*exec);
    *exec = NULL;
    *current = NULL;
    if (FAILED(agx_shader_exec_create(shader, lanes, exec)))
        return NULL;
    *current = shader;
    return *exec;
}

static int32_t agx_raster_signature_output(const struct agx_shader_info *info, uint32_t sysval)
{
    uint32_t i;

    for (i = 0; i < info->output_count; ++i)
    {
        if (info->outputs[i].sysval == sysval && info->outputs[i].reg < AGX_SHADER_MAX_IO_REGISTERS)
            return info->outputs[i].reg;
    }
    for (i = 0; i < AGX_SHADER_MAX_IO_REGISTERS; ++i)
    {
        if (info->output_registers[i].mask && info->output_registers[i].sysval == sysval)
            return i;
    }
    return -1;
}

static uint32_t agx_raster_varying(struct agx_raster_draw *draw, uint32_t reg, uint32_t component)
{
    uint32_t i;

    for (i = 0; i < draw->attr_count; ++i)
    {
        if (draw->attr_reg[i] == reg && draw->attr_component[i] == component)
            return i;
    }
    draw->attr_reg[i] = (uint8_t)reg;
    draw->attr_component[i] = (uint8_t)component;
    return draw->attr_count++;
}

/* The pixel shader's inputs: system values, or the VS output of the same semantic
 * (the k-th component of the PS element takes the k-th of the VS element). */
static void agx_raster_link(struct agx_raster_draw *draw, const struct agx_shader_info *vs,
                            const struct agx_shader_info *ps)
{
    const struct agx_shader_signature_element *e, *out;
    struct agx_raster_ps_input *input;
    uint32_t i, j, c, k, sysval, interpolation, out_components[4], out_count;

    for (i = 0; i < ps->input_count; ++i)
    {
        e = &ps->inputs[i];
        if (e->reg >= AGX_SHADER_MAX_IO_REGISTERS)
            continue;
        sysval = e->sysval ? e->sysval : ps->input_registers[e->reg].sysval;
        interpolation = ps->input_registers[e->reg].interpolation;
        if (!interpolation)
            interpolation = e->component_type == D3D_REGISTER_COMPONENT_FLOAT32
                    ? D3D_INTERPOLATION_LINEAR : D3D_INTERPOLATION_CONSTANT;
        out = NULL;
        out_count = 0;
        if (sysval != D3D_NAME_POSITION)
        {
            for (j = 0; j < vs->output_count; ++j)
            {
                if (!strcasecmp(vs->outputs[j].semantic, e->semantic)
                        && vs->outputs[j].semantic_index == e->semantic_index)
                {
                    out = &vs->outputs[j];
                    break;
                }
            }
            for (c = 0; out && c < 4; ++c)
            {
                if (out->mask & (1u << c))
                    out_components[out_count++] = c;
            }
        }
        for (c = 0, k = 0; c < 4; ++c)
        {
            if (!(e->mask & (1u << c)) || draw->ps_input_count >= AGX_RASTER_MAX_VARYINGS)
                continue;
            input = &draw->ps_inputs[draw->ps_input_count++];
            input->reg = (uint8_t)e->reg;
            input->component = (uint8_t)c;
            input->interpolation = (uint8_t)interpolation;
            switch (sysval)
            {
                case D3D_NAME_POSITION: input->source = AGX_RASTER_SOURCE_POSITION; break;
                case D3D_NAME_IS_FRONT_FACE: input->source = AGX_RASTER_SOURCE_FRONT_FACE; break;
                case D3D_NAME_SAMPLE_INDEX: input->source = AGX_RASTER_SOURCE_SAMPLE_INDEX; break;
                case D3D_NAME_PRIMITIVE_ID: input->source = AGX_RASTER_SOURCE_PRIMITIVE_ID; break;
                default:
                    if (k < out_count && out->reg < AGX_SHADER_MAX_IO_REGISTERS)
                    {
                        input->source = AGX_RASTER_SOURCE_VARYING;
                        input->varying = (uint16_t)agx_raster_varying(draw, out->reg, out_components[k]);
                    }
                    else if (sysval == D3D_NAME_RENDER_TARGET_ARRAY_INDEX)
                    {
                        input->source = AGX_RASTER_SOURCE_ARRAY_INDEX;
                    }
                    else
                    {
                        input->source = AGX_RASTER_SOURCE_ZERO;
                    }
                    break;
            }
            ++k;
        }
    }
}

/* SV_ClipDistance and SV_CullDistance components become varyings the clipper reads. */
static void agx_raster_clip_distances(struct agx_raster_draw *draw, const struct agx_shader_info *vs)
{
    const struct agx_shader_signature_element *e;
    uint32_t i, c, *count;
    uint16_t *list;

    for (i = 0; i < vs->output_count; ++i)
    {
        e = &vs->outputs[i];
        if (e->reg >= AGX_SHADER_MAX_IO_REGISTERS)
            continue;
        if (e->sysval == D3D_NAME_CLIP_DISTANCE)
        {
            count = &draw->clip_distance_count;
            list = draw->clip_distances;
        }
        else if (e->sysval == D3D_NAME_CULL_DISTANCE)
        {
            count = &draw->cull_distance_count;
            list = draw->cull_distances;
        }
        else
        {
            continue;
        }
        for (c = 0; c < 4; ++c)
        {
            if ((e->mask & (1u << c)) && *count < AGX_RASTER_MAX_CLIP_DISTANCES)
                list[(*count)++] = (uint16_t)agx_raster_varying(draw, e->reg, c);
        }
    }
}

static void agx_raster_rect_clip(int32_t bounds[4], int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    bounds[0] = AGX_MAX(bounds[0], x0);
    bounds[1] = AGX_MAX(bounds[1], y0);
    bounds[2] = AGX_MIN(bounds[2], x1);
    bounds[3] = AGX_MIN(bounds[3], y1);
}

static int32_t agx_raster_pixel_edge(float coordinate)
{
    /* The first pixel whose centre is at or after the coordinate. */
    float edge = ceilf(coordinate - 0.5f);

    return edge < -32768.0f ? -32768 : edge > 32768.0f ? 32768 : (int32_t)edge;
}

/* Where pixels may go, per viewport: the viewport, the scissor rectangle of the same
 * index (D3D12 always scissors: with no rectangle set nothing is drawn) and the bound
 * views. */
static void agx_raster_bounds(struct agx_raster_draw *draw, const struct agx_raster_exec *raster)
{
    int32_t views[4] = {0, 0, D3D12_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH, D3D12_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH};
    const struct agx_om_target *target;
    uint32_t i, width, height;
    D3D12_VIEWPORT *vp;
    int32_t *bounds;

    draw->slice_count = D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION;
    for (i = 0; i <= AGX_OM_MAX_TARGETS; ++i)
    {
        target = i < AGX_OM_MAX_TARGETS ? &draw->om.targets[i] : &draw->om.depth;
        if (!target->resource)
            continue;
        width = (uint32_t)AGX_MAX(target->resource->desc.Width >> target->mip, 1u);
        height = AGX_MAX(target->resource->desc.Height >> target->mip, 1u);
        agx_raster_rect_clip(views, 0, 0, (int32_t)width, (int32_t)height);
        draw->slice_count = AGX_MIN(draw->slice_count, AGX_MAX(target->slice_count, 1u));
    }
    draw->viewport_count = AGX_MAX(raster->viewport_count, 1u);
    for (i = 0; i < draw->viewport_count; ++i)
    {
        vp = &draw->viewports[i];
        *vp = i < raster->viewport_count ? raster->viewports[i] : (D3D12_VIEWPORT){0};
        bounds = draw->viewport_bounds[i];
        memcpy(bounds, views, sizeof(views));
        agx_raster_rect_clip(bounds, agx_raster_pixel_edge(vp->TopLeftX), agx_raster_pixel_edge(vp->TopLeftY),
                             agx_raster_pixel_edge(vp->TopLeftX + vp->Width),
                             agx_raster_pixel_edge(vp->TopLeftY + vp->Height));
        if (i >= raster->scissor_count)
            bounds[2] = bounds[0];
        else
            agx_raster_rect_clip(bounds, raster->scissors[i].left, raster->scissors[i].top,
                                 raster->scissors[i].right, raster->scissors[i].bottom);
    }
}

static void agx_raster_om_state(struct agx_raster_draw *draw, const struct agx_raster_exec *raster)
{
    const struct agx_graphics_state *gs = &draw->pipeline->graphics;
    struct agx_om_state *om = &draw->om;
    uint32_t i;

    memset(om, 0, sizeof(*om));
    om->blend = gs->blend;
    om->depth_stencil = gs->depth_stencil;
    memcpy(om->blend_factor, raster->blend_factor, sizeof(om->blend_factor));
    om->stencil_ref_front = raster->stencil_ref_front;
    om->stencil_ref_back = raster->stencil_ref_back;
    om->depth_bounds_min = raster->depth_bounds_min;
    om->depth_bounds_max = raster->depth_bounds_max;
    om->sample_count = AGX_MAX(gs->sample_desc.Count, 1u);
    om->sample_mask = gs->sample_mask & ((1u << om->sample_count) - 1);
    om->target_count = AGX_MIN(gs->render_target_count, AGX_OM_MAX_TARGETS);
    for (i = 0; i < AGX_OM_MAX_TARGETS; ++i)
    {
        om->rtv_formats[i] = gs->rtv_formats[i];
        if (i < raster->target_count && i < om->target_count)
            om->targets[i] = raster->targets[i];
    }
    /* The bound view, whatever the pipeline's DSVFormat: with UNKNOWN there, Windows'
     * drivers still test and write the bound depth-stencil view (Wine's
     * test_unknown_dsv_format, run on Windows; vkd3d-proton keeps a depth attachment
     * for such pipelines because Shadow of the Tomb Raider relies on it). */
    om->depth = raster->depth;
}

static uint32_t agx_raster_depth_bits(DXGI_FORMAT format)
{
    switch (format)
    {
        case DXGI_FORMAT_D16_UNORM:
        case DXGI_FORMAT_R16_UNORM:
        case DXGI_FORMAT_R16_TYPELESS:
            return 16;
        case DXGI_FORMAT_D24_UNORM_S8_UINT:
        case DXGI_FORMAT_R24G8_TYPELESS:
        case DXGI_FORMAT_R24_UNORM_X8_TYPELESS:
            return 24;
        default:
            return 0;
    }
}

/* Early depth/stencil (D3D12's rule): forced by the shader, or nothing the shader does
 * can change depth or coverage, nor be seen elsewhere (UAV writes). */
static bool agx_raster_early_depth(const struct agx_raster_draw *draw)
{
    const struct agx_shader_info *ps = draw->ps_info;
    uint32_t i;

    if (!ps || ps->early_depth_stencil)
        return true;
    if (ps->writes_depth || ps->writes_coverage || ps->uses_discard || draw->om.blend.AlphaToCoverageEnable)
        return false;
    for (i = 0; i < ps->binding_count; ++i)
    {
        if (ps->bindings[i].cls == AGX_SHADER_CLASS_UAV)
            return false;
    }
    return true;
}

static bool agx_raster_draw_init(struct agx_raster_draw *draw, struct agx_exec *exec,
                                 const struct agx_raster_exec *raster, const struct agx_shader_info *vs)
{
    const D3D12_RASTERIZER_DESC *rs = &draw->pipeline->graphics.rasterizer;
    /* ForcedSampleCount rasterises at its count whatever the targets' (D3D11.1's
     * target-independent rasterization; the pipeline refused counts AGX lacks). */
    uint32_t count = rs->ForcedSampleCount ? rs->ForcedSampleCount
            : AGX_MAX(draw->pipeline->graphics.sample_desc.Count, 1u);
    int32_t reg;

    if (count != 1 && count != 2 && count != 4)
    {
        agx_warn("draw skipped: %u samples per pixel are not rasterised", count);
        return false;
    }
    if ((reg = agx_raster_signature_output(vs, D3D_NAME_POSITION)) < 0)
    {
        agx_warn("draw skipped: the vertex shader writes no SV_Position");
        return false;
    }
    draw->exec = exec;
    draw->position_reg = (uint32_t)reg;
    draw->array_index_reg = agx_raster_signature_output(vs, D3D_NAME_RENDER_TARGET_ARRAY_INDEX);
    agx_raster_om_state(draw, raster);
    agx_raster_bounds(draw, raster);
    agx_raster_samples_init(&draw->samples, count, raster->sample_position_samples, raster->sample_position_pixels,
                            raster->sample_positions);
    draw->depth_clip = rs->DepthClipEnable;
    if (raster->has_depth_bias)
    {
        draw->depth_bias = raster->depth_bias[0];
        draw->depth_bias_clamp = raster->depth_bias[1];
        draw->depth_bias_slope = raster->depth_bias[2];
    }
    else
    {
        draw->depth_bias = (float)rs->DepthBias;
        draw->depth_bias_clamp = rs->DepthBiasClamp;
        draw->depth_bias_slope = rs->SlopeScaledDepthBias;
    }
    draw->depth_bits = agx_raster_depth_bits(draw->om.depth.format);
    if (draw->ps_info)
        agx_raster_link(draw, vs, draw->ps_info);
    agx_raster_clip_distances(draw, vs);
    draw->viewport_index_varying = (reg = agx_raster_signature_output(vs, D3D_NAME_VIEWPORT_ARRAY_INDEX)) >= 0
            ? (int32_t)agx_raster_varying(draw, (uint32_t)reg, 0) : -1;
    draw->viewport_index = UINT32_MAX;
    agx_raster_select_viewport(draw, 0);
    draw->coverage_mask = rs->ForcedSampleCount ? (1u << count) - 1 : draw->om.sample_mask;
    draw->target_independent = count > draw->om.sample_count;
    /* Forced counts have no depth-stencil: no early test to run. */
    draw->early_depth = !draw->target_independent && agx_raster_early_depth(draw);
    return true;
}

/* ---- Input assembly and vertex shading --------------------------------------------------- */

#define AGX_RASTER_MAX_PRIM 6u      /* vertices of a primitive: triangles with adjacency */

/* One instance's run through the index stream, in chunks of positions the vertex
 * shader runs over together; strips carry their last n - 1 positions to the next. */
struct agx_raster_assembly
{
    const struct agx_cmd_draw *cmd;
    uint32_t prim_vertices;           /* 1 points, 2 lines, 3 triangles, 4 and 6 with adjacency */
    bool strip;
    bool cut_enabled;
    uint32_t cut_value;
    uint32_t index_size;
    uint32_t stride;                  /* floats of one shaded vertex */
    uint32_t ids[AGX_RASTER_VERTEX_LANES];
    uint8_t lanes[AGX_RASTER_VERTEX_LANES];
    float *vertices;                  /* AGX_RASTER_VERTEX_LANES * stride */
    uint32_t strip_start;             /* first position of the current strip */
};

static void agx_raster_read_ids(struct agx_exec *exec, const struct agx_raster_exec *raster,
                                struct agx_raster_assembly *ia, uint32_t first, uint32_t count)
{
    const struct agx_cmd_draw *cmd = ia->cmd;
    const D3D12_INDEX_BUFFER_VIEW *ib = &raster->index_buffer;
    uint64_t offset, end;
    uint16_t narrow[AGX_RASTER_VERTEX_LANES];
    uint32_t i, in_bounds;

    if (!cmd->indexed)
    {
        for (i = 0; i < count; ++i)
        {
            ia->ids[i] = cmd->start + first + i;
            ia->lanes[i] = AGX_LANE_ACTIVE;
        }
        return;
    }
    /* Indices beyond the view read as 0 (D3D's out-of-bounds index fetch). */
    offset = ((uint64_t)cmd->start + first) * ia->index_size;
    end = ib->BufferLocation ? ib->SizeInBytes : 0;
    in_bounds = offset >= end ? 0 : (uint32_t)AGX_MIN((uint64_t)count, (end - offset) / ia->index_size);
    if (ia->index_size == 2)
    {
        agx_mem_read(exec->backend, ib->BufferLocation + offset, narrow, in_bounds * 2ull);
        for (i = 0; i < in_bounds; ++i)
            ia->ids[i] = narrow[i];
    }
    else
    {
        agx_mem_read(exec->backend, ib->BufferLocation + offset, ia->ids, in_bounds * 4ull);
    }
    for (i = in_bounds; i < count; ++i)
        ia->ids[i] = 0;
    for (i = 0; i < count; ++i)
    {
        ia->lanes[i] = ia->cut_enabled && ia->ids[i] == ia->cut_value ? 0 : AGX_LANE_ACTIVE;
        ia->ids[i] += (uint32_t)cmd->base_vertex;
    }
}

/* Runs the vertex shader over `count` positions from `first` and keeps position,
 * array index and varyings of each. */
static void agx_raster_shade_vertices(struct agx_raster_draw *draw, struct agx_raster_exec *raster,
                                      struct agx_raster_assembly *ia, const struct agx_raster_fetch *fetch,
                                      const struct agx_shader_bindings *bindings, uint32_t first, uint32_t count,
                                      uint32_t instance)
{
    struct agx_exec *exec = draw->exec;
    struct agx_shader_batch batch = {.bindings = bindings, .lane_count = count, .lanes = ia->lanes,
                                     .watchdog = &exec->watchdog};
    const uint32_t *out;
    uint32_t i, a, c, invocations = 0;
    float *v;

    agx_raster_read_ids(exec, raster, ia, first, count);
    for (i = 0; i < count; ++i)
    {
        if (!ia->lanes[i])
            continue;
        agx_raster_fetch_vertex(fetch, exec, raster, raster->vs_exec, i, ia->ids[i], instance,
                                ia->cmd->start_instance);
        ++invocations;
    }
    agx_shader_exec_run(raster->vs_exec, &batch);
    exec->counters.statistics.VSInvocations += invocations;

    if (draw->gs)
    {
        /* The geometry shader reads any VS output: keep them all. */
        for (a = 0; a < AGX_SHADER_MAX_IO_REGISTERS; ++a)
        {
            out = agx_shader_exec_output(raster->vs_exec, a);
            for (c = 0; c < 4; ++c)
                for (i = 0; i < count; ++i)
                    memcpy(&ia->vertices[(size_t)i * ia->stride + a * 4 + c], &out[c * AGX_RASTER_VERTEX_LANES + i],
                           sizeof(float));
        }
        return;
    }
    out = agx_shader_exec_output(raster->vs_exec, draw->position_reg);
    for (i = 0; i < count; ++i)
    {
        v = ia->vertices + (size_t)i * ia->stride;
        for (c = 0; c < 4; ++c)
            memcpy(&v[c], &out[c * AGX_RASTER_VERTEX_LANES + i], sizeof(float));
        if (draw->array_index_reg >= 0)
            memcpy(&v[4], &agx_shader_exec_output(raster->vs_exec, draw->array_index_reg)[i], sizeof(float));
        else
            memset(&v[4], 0, sizeof(float));
    }
    for (a = 0; a < draw->attr_count; ++a)
    {
        out = agx_shader_exec_output(raster->vs_exec, draw->attr_reg[a])
                + draw->attr_component[a] * AGX_RASTER_VERTEX_LANES;
        for (i = 0; i < count; ++i)
            memcpy(&ia->vertices[(size_t)i * ia->stride + 5 + a], &out[i], sizeof(float));
    }
}

void agx_raster_clip(struct agx_raster_draw *draw, uint32_t n, const float *const *v, uint32_t primitive_id)
{
    struct agx_exec_counters *counters = &draw->exec->counters;

    ++counters->statistics.CInvocations;
    if (n == 3)
        counters->statistics.CPrimitives += agx_raster_clip_triangle(draw, v, primitive_id);
    else if (n == 2)
        counters->statistics.CPrimitives += agx_raster_clip_line(draw, v, primitive_id);
    else
        counters->statistics.CPrimitives += agx_raster_clip_point(draw, v[0], primitive_id);
}

/* Hands one assembled primitive of n vertices on to the GS or the clipper. */
static void agx_raster_primitive(struct agx_raster_draw *draw, uint32_t n, const float *const v[AGX_RASTER_MAX_PRIM],
                                 uint32_t primitive_id)
{
    struct agx_exec_counters *counters = &draw->exec->counters;

    ++counters->statistics.IAPrimitives;
    if (draw->gs)
        agx_raster_gs_primitive(draw, v, primitive_id);
    else
        agx_raster_clip(draw, n, v, primitive_id);
}

/* The primitives whose positions all lie in [first, first + count). */
static void agx_raster_assemble(struct agx_raster_draw *draw, struct agx_raster_assembly *ia, uint32_t first,
                                uint32_t count, uint32_t *primitive_id)
{
    uint32_t i, j, p, n = ia->prim_vertices;
    const float *v[AGX_RASTER_MAX_PRIM];
    bool whole;

    if (!ia->strip)
    {
        for (i = 0; i + n <= count; i += n)
        {
            for (j = 0; j < n; ++j)
                v[j] = ia->vertices + (size_t)(i + j) * ia->stride;
            agx_raster_primitive(draw, n, v, (*primitive_id)++);
        }
        return;
    }
    for (i = 0; i + n <= count; ++i)
    {
        p = first + i;
        if (!ia->lanes[i])
            ia->strip_start = p + 1;
        for (j = 0, whole = true; j < n; ++j)
            whole &= !!ia->lanes[i + j];
        if (!whole)
            continue;
        for (j = 0; j < n; ++j)
            v[j] = ia->vertices + (size_t)(i + j) * ia->stride;
        /* Odd triangles of a strip swap their last two vertices to keep the winding;
         * the first stays the provoking vertex. */
        if (n == 3 && (p - ia->strip_start) & 1)
        {
            v[1] = v[2];
            v[2] = ia->vertices + (size_t)(i + 1) * ia->stride;
        }
        agx_raster_primitive(draw, n, v, (*primitive_id)++);
    }
}

static void agx_raster_instance(struct agx_raster_draw *draw, struct agx_raster_exec *raster,
                                struct agx_raster_assembly *ia, const struct agx_raster_fetch *fetch,
                                const struct agx_shader_bindings *bindings, uint32_t instance)
{
    uint32_t total = ia->cmd->count, first = 0, count, chunk, primitive_id = 0;

    /* Lists take whole primitives per chunk; strips overlap chunks by n - 1 positions. */
    chunk = ia->strip ? AGX_RASTER_VERTEX_LANES : AGX_RASTER_VERTEX_LANES / ia->prim_vertices * ia->prim_vertices;
    if (!ia->strip)
        total -= total % ia->prim_vertices;
    else if (total < ia->prim_vertices)
        total = 0;
    ia->strip_start = 0;
    draw->exec->counters.statistics.IAVertices += ia->cmd->count;
    while (first < total && !agx_watchdog_expired(&draw->exec->watchdog))
    {
        count = AGX_MIN(chunk, total - first);
        agx_raster_shade_vertices(draw, raster, ia, fetch, bindings, first, count, instance);
        agx_raster_assemble(draw, ia, first, count, &primitive_id);
        if (!ia->strip || first + count >= total)
            first += count;
        else
            first += count - (ia->prim_vertices - 1);
    }
}

static bool agx_raster_assembly_init(struct agx_raster_assembly *ia, const struct agx_raster_exec *raster,
                                     const struct agx_pipeline *pipeline, const struct agx_cmd_draw *cmd)
{
    D3D12_INDEX_BUFFER_STRIP_CUT_VALUE cut = raster->has_strip_cut ? raster->strip_cut : pipeline->graphics.strip_cut;

    memset(ia, 0, offsetof(struct agx_raster_assembly, ids));
    ia->cmd = cmd;
    switch (raster->topology)
    {
        case D3D_PRIMITIVE_TOPOLOGY_POINTLIST:
            ia->prim_vertices = 1;
            break;
        case D3D_PRIMITIVE_TOPOLOGY_LINELIST:
        case D3D_PRIMITIVE_TOPOLOGY_LINESTRIP:
            ia->prim_vertices = 2;
            ia->strip = raster->topology == D3D_PRIMITIVE_TOPOLOGY_LINESTRIP;
            break;
        case D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST:
        case D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP:
            ia->prim_vertices = 3;
            ia->strip = raster->topology == D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP;
            break;
        case D3D_PRIMITIVE_TOPOLOGY_LINELIST_ADJ:
        case D3D_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ:
            ia->prim_vertices = 4;
            ia->strip = raster->topology == D3D_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ;
            break;
        case D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ:
            ia->prim_vertices = 6;
            break;
        default:
            agx_warn("draw skipped: topology %u is not rasterised (triangle strips with adjacency and patch "
                     "lists are not assembled)", raster->topology);
            return false;
    }
    /* Adjacency reaches only a geometry shader (D3D12 leaves drawing it without one
     * undefined: nothing is drawn). */
    if (ia->prim_vertices > 3 && !pipeline->gs)
    {
        agx_warn("draw skipped: topology %u has adjacency and the pipeline no geometry shader", raster->topology);
        return false;
    }
    if (pipeline->gs && agx_shader_get_info(pipeline->gs)->gs_input_vertices != ia->prim_vertices)
    {
        agx_warn("draw skipped: topology %u does not match the geometry shader's input primitive", raster->topology);
        return false;
    }
    if (cmd->indexed)
    {
        ia->index_size = raster->index_buffer.Format == DXGI_FORMAT_R16_UINT ? 2 : 4;
        /* The pipeline's value is compared with the index as read, whatever the index
         * format: 0xFFFF cuts 32-bit strips too, 0xFFFFFFFF never cuts 16-bit ones
         * (vkd3d's test_primitive_restart, written to pass on Windows). */
        ia->cut_value = cut == D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFF ? 0xffffu : 0xffffffffu;
        ia->cut_enabled = ia->strip && cut != D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_DISABLED;
    }
    return true;
}

void agx_raster_draw(struct agx_exec *exec, const struct agx_cmd_draw *cmd)
{
    struct agx_raster_exec *raster = exec->graphics;
    const struct agx_shader_bindings *vs_bindings, *gs_bindings;
    struct agx_raster_assembly *ia = NULL;
    struct agx_raster_fetch fetch;
    struct agx_raster_draw *draw = NULL;
    const struct agx_pipeline *pipeline;
    uint32_t instance;

    if (exec->predicated)
        return;
    agx_raster_dynamic(exec, raster);
    if (!(pipeline = agx_bind_graphics_pipeline(exec)) || !pipeline->vs)
    {
        agx_warn("draw skipped: no graphics pipeline is set");
        return;
    }
    if (!(draw = calloc(1, sizeof(*draw))) || !(ia = malloc(sizeof(*ia))))
        goto done;
    draw->pipeline = pipeline;
    if (!agx_raster_assembly_init(ia, raster, pipeline, cmd)
            || !agx_raster_fetch_init(&fetch, &pipeline->graphics, agx_shader_get_info(pipeline->vs)))
        goto done;
    if (!agx_raster_shader_exec(&raster->vs, &raster->vs_exec, pipeline->vs, AGX_RASTER_VERTEX_LANES)
            || (pipeline->gs && !agx_raster_shader_exec(&raster->gs, &raster->gs_exec, pipeline->gs,
                                                        AGX_RASTER_GS_LANES))
            || (pipeline->ps && !agx_raster_shader_exec(&raster->ps, &raster->ps_exec, pipeline->ps,
                                                        AGX_RASTER_PIXEL_LANES)))
        goto done;
    vs_bindings = agx_bind_stage(exec, AGX_SHADER_STAGE_VERTEX);
    gs_bindings = pipeline->gs ? agx_bind_stage(exec, AGX_SHADER_STAGE_GEOMETRY) : NULL;
    if (pipeline->ps)
    {
        draw->ps_info = agx_shader_get_info(pipeline->ps);
        draw->ps_exec = raster->ps_exec;
        draw->ps_bindings = agx_bind_stage(exec, AGX_SHADER_STAGE_PIXEL);
    }
    if (!vs_bindings || (pipeline->ps && !draw->ps_bindings) || (pipeline->gs && !gs_bindings))
    {
        agx_warn("draw skipped: the graphics root arguments cannot be resolved");
        goto done;
    }
    /* The stage before the rasteriser gives position, array index and varyings. */
    if (!agx_raster_draw_init(draw, exec, raster, agx_shader_get_info(pipeline->gs ? pipeline->gs : pipeline->vs)))
        goto done;
    ia->stride = pipeline->gs ? AGX_SHADER_MAX_IO_REGISTERS * 4 : 5 + draw->attr_count;
    if (!(ia->vertices = malloc(sizeof(float) * AGX_RASTER_VERTEX_LANES * ia->stride)))
        goto done;
    draw->rasterized_stream = pipeline->so.entry_count ? pipeline->so.rasterized_stream : 0;
    if (pipeline->gs && !agx_raster_gs_begin(draw, raster->gs_exec, agx_shader_get_info(pipeline->vs),
                                             agx_shader_get_info(pipeline->gs), gs_bindings))
        goto done_vertices;
    if (pipeline->so.entry_count && !agx_raster_so_begin(draw, raster))
        goto done_gs;
    if (agx_raster_pixel_begin(draw))
    {
        for (instance = 0; instance < cmd->instance_count && !agx_watchdog_expired(&exec->watchdog); ++instance)
            agx_raster_instance(draw, raster, ia, &fetch, vs_bindings, instance);
        agx_raster_gs_end(draw);
        agx_raster_pixel_end(draw);
    }
    agx_raster_so_end(draw);
done_gs:
    agx_raster_gs_end(draw);
    exec->counters.statistics.PSInvocations += draw->ps_invocations;
    exec->counters.samples_passed += draw->samples_passed;
done_vertices:
    free(ia->vertices);

done:
    free(ia);
    free(draw);
}
