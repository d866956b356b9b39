/*
 * Vertex fetch: the vertex shader's inputs from the vertex buffers through the input
 * layout, converted by the format's channels (agx_texel.h: the same channel layouts
 * the rest of the device reads), and SV_VertexID / SV_InstanceID.
 */
#include <string.h>
#include <strings.h>
#include "agx_mem.h"
#include "agx_raster.h"
#include "agx_texel.h"

static const struct agx_input_element *agx_raster_find_element(const struct agx_graphics_state *state,
                                                               const struct agx_shader_signature_element *e)
{
    UINT i;

    for (i = 0; i < state->input_element_count; ++i)
    {
        if (!strcasecmp(state->input_elements[i].semantic, e->semantic)
                && state->input_elements[i].semantic_index == e->semantic_index)
            return &state->input_elements[i];
    }
    return NULL;
}

bool agx_raster_fetch_init(struct agx_raster_fetch *fetch, const struct agx_graphics_state *state,
                           const struct agx_shader_info *vs)
{
    const struct agx_shader_signature_element *e;
    struct agx_raster_fetch_element *out;
    const struct agx_input_element *in;
    struct agx_texel_format tf;
    uint32_t i, sysval;

    memset(fetch, 0, sizeof(*fetch));
    for (i = 0; i < vs->input_count && fetch->count < AGX_ARRAY_SIZE(fetch->elements); ++i)
    {
        e = &vs->inputs[i];
        if (e->reg >= AGX_SHADER_MAX_IO_REGISTERS || !(e->mask & 0xf))
            continue;
        out = &fetch->elements[fetch->count];
        out->reg = (uint8_t)e->reg;
        out->mask = e->mask & 0xf;
        sysval = e->sysval ? e->sysval : vs->input_registers[e->reg].sysval;
        if (sysval == D3D_NAME_VERTEX_ID || sysval == D3D_NAME_INSTANCE_ID)
        {
            out->system = (uint8_t)sysval;
            ++fetch->count;
            continue;
        }
        if (!(in = agx_raster_find_element(state, e)))
        {
            /* The pipeline's linkage was checked at creation: reads as the defaults. */
            out->format = DXGI_FORMAT_UNKNOWN;
            ++fetch->count;
            continue;
        }
        if (!agx_texel_format_init(&tf, in->format, 0) || tf.count > 4)
        {
            agx_warn("draw skipped: vertex format %#x of %s%u cannot be read", in->format, e->semantic,
                     e->semantic_index);
            return false;
        }
        out->format = in->format;
        out->slot = (uint8_t)in->input_slot;
        out->offset = in->aligned_byte_offset;
        out->per_instance = in->classification == D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA;
        out->step_rate = in->instance_data_step_rate;
        out->size = tf.size;
        out->channel_count = tf.count;
        memcpy(out->channels, tf.channels, sizeof(out->channels));
        ++fetch->count;
    }
    return true;
}

/* One element's four values: the format's channels, then 0, 0, 0, 1 for the others. */
static void agx_raster_fetch_values(const struct agx_raster_fetch_element *e, const uint8_t *data, bool in_bounds,
                                    uint32_t values[4])
{
    const struct agx_texel_channel *channel;
    bool integer = false;
    uint32_t c;

    values[0] = values[1] = values[2] = 0;
    for (c = 0; c < e->channel_count; ++c)
        integer |= e->channels[c].kind == AGX_TEXEL_UINT || e->channels[c].kind == AGX_TEXEL_SINT;
    values[3] = integer ? 1 : agx_texel_float_bits(1.0f);
    for (c = 0; c < e->channel_count; ++c)
    {
        channel = &e->channels[c];
        values[channel->index] = in_bounds ? agx_texel_register(channel, agx_texel_get(channel, data)) : 0;
    }
}

void agx_raster_fetch_vertex(const struct agx_raster_fetch *fetch, struct agx_exec *exec,
                             const struct agx_raster_exec *raster, struct agx_shader_exec *vs_exec,
                             uint32_t lane, uint32_t vertex_id, uint32_t instance_id, uint32_t start_instance)
{
    const D3D12DDIARG_VERTEX_BUFFER_VIEW *vb;
    const struct agx_raster_fetch_element *e;
    uint32_t values[4], index, c, k, *reg;
    uint8_t data[16];
    uint64_t offset;
    bool in_bounds;
    uint32_t i;

    for (i = 0; i < fetch->count; ++i)
    {
        e = &fetch->elements[i];
        if (e->system)
        {
            values[0] = values[1] = values[2] = values[3] = e->system == D3D_NAME_VERTEX_ID ? vertex_id : instance_id;
        }
        else if (e->format == DXGI_FORMAT_UNKNOWN)
        {
            agx_raster_fetch_values(e, data, false, values);
        }
        else
        {
            vb = &raster->vertex_buffers[e->slot];
            if (e->per_instance)
                index = start_instance + (e->step_rate ? instance_id / e->step_rate : 0);
            else
                index = vertex_id;
            offset = (uint64_t)index * vb->StrideInBytes + e->offset;
            /* Reads beyond the view give zeros (D3D's out-of-bounds vertex fetch). */
            in_bounds = vb->BufferLocation && e->size <= sizeof(data) && offset + e->size <= vb->SizeInBytes;
            if (in_bounds)
                agx_mem_read(exec->backend, vb->BufferLocation + offset, data, e->size);
            agx_raster_fetch_values(e, data, in_bounds, values);
        }
        /* The k-th component the signature declares takes the k-th value. */
        reg = agx_shader_exec_input(vs_exec, e->reg);
        for (c = 0, k = 0; c < 4; ++c)
        {
            if (e->mask & (1u << c))
                reg[c * AGX_RASTER_VERTEX_LANES + lane] = values[k++];
        }
    }
}
