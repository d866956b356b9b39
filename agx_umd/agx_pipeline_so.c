/*
 * Stream output declarations resolved at pipeline creation. The runtime has checked
 * the description's own rules (rt_pipeline_state_validate.c, after D3D11's
 * CreateGeometryShaderWithStreamOutput); what needs the shader is checked here: each
 * entry names an output element of its stream (by semantic and index; a NULL semantic
 * is a gap of ComponentCount components) with the components it writes, and a buffer's
 * entries fit its stride (the D3D11.3 functional specification, "Stream Output
 * Stage"; Windows' runtime refuses both).
 */
#include <stdlib.h>
#include <strings.h>

#include "agx_pipeline.h"

static const struct agx_shader_signature_element *agx_so_find(const struct agx_shader_info *info,
                                                              const D3D12_SO_DECLARATION_ENTRY *e)
{
    const struct agx_shader_signature_element *out;
    uint32_t i, pass, passes = 2;

    /* The element of the entry's stream; a signature whose elements are all of stream
     * 0 (OSGN, not OSG5, says nothing of streams) may serve others by semantic alone. */
    for (i = 0; i < info->output_count; ++i)
        if (info->outputs[i].stream)
            passes = 1;
    for (pass = 0; pass < passes; ++pass)
    {
        for (i = 0; i < info->output_count; ++i)
        {
            out = &info->outputs[i];
            if ((pass || out->stream == e->Stream) && out->semantic_index == e->SemanticIndex
                    && !strcasecmp(out->semantic, e->SemanticName) && out->reg < AGX_SHADER_MAX_IO_REGISTERS)
                return out;
        }
    }
    return NULL;
}

HRESULT agx_pipeline_so_create(struct agx_stream_output *so, const D3D12_STREAM_OUTPUT_DESC *desc,
                               const struct agx_shader *last)
{
    const struct agx_shader_info *info = agx_shader_get_info(last);
    const struct agx_shader_signature_element *out;
    uint32_t i, bytes[D3D12_SO_BUFFER_SLOT_COUNT] = {0}, first;
    const D3D12_SO_DECLARATION_ENTRY *e;
    struct agx_so_entry *entry;

    if (info->stage != AGX_SHADER_STAGE_GEOMETRY)
    {
        agx_warn("graphics pipeline refused: stream output from the vertex shader is not run by the simulated "
                 "device (stream output needs a geometry shader)");
        return E_INVALIDARG;
    }
    if (!(so->entries = calloc(desc->NumEntries, sizeof(*so->entries))))
        return E_OUTOFMEMORY;
    so->entry_count = desc->NumEntries;
    so->rasterized_stream = desc->RasterizedStream;
    for (i = 0; i < D3D12_SO_BUFFER_SLOT_COUNT; ++i)
        so->strides[i] = i < desc->NumStrides ? desc->pBufferStrides[i] : 0;
    for (i = 0; i < desc->NumEntries; ++i)
    {
        e = &desc->pSODeclaration[i];
        entry = &so->entries[i];
        entry->stream = (uint8_t)e->Stream;
        entry->slot = (uint8_t)e->OutputSlot;
        entry->count = e->ComponentCount;
        bytes[e->OutputSlot] += e->ComponentCount * 4u;
        if (!e->SemanticName)
        {
            entry->reg = AGX_SO_GAP;
            continue;
        }
        if (!(out = agx_so_find(info, e)))
        {
            agx_warn("graphics pipeline refused: stream output entry %u names %s%u, which stream %u of the "
                     "geometry shader does not write", i, e->SemanticName, e->SemanticIndex, e->Stream);
            return E_INVALIDARG;
        }
        /* StartComponent counts from the element's first component. */
        first = (uint32_t)__builtin_ctz(out->mask | 0x10u);
        if (first + e->StartComponent + e->ComponentCount > 4
                || ((out->mask >> (first + e->StartComponent)) & ((1u << e->ComponentCount) - 1))
                        != (1u << e->ComponentCount) - 1)
        {
            agx_warn("graphics pipeline refused: stream output entry %u writes components %u to %u of %s%u, "
                     "which has mask %#x", i, e->StartComponent, e->StartComponent + e->ComponentCount - 1,
                     e->SemanticName, e->SemanticIndex, out->mask);
            return E_INVALIDARG;
        }
        entry->reg = (uint8_t)out->reg;
        entry->component = (uint8_t)(first + e->StartComponent);
    }
    for (i = 0; i < D3D12_SO_BUFFER_SLOT_COUNT; ++i)
    {
        if (bytes[i] > so->strides[i])
        {
            agx_warn("graphics pipeline refused: stream output buffer %u's entries take %u bytes, its stride is %u",
                     i, bytes[i], so->strides[i]);
            return E_INVALIDARG;
        }
    }
    return S_OK;
}

void agx_pipeline_so_destroy(struct agx_stream_output *so)
{
    free(so->entries);
    so->entries = NULL;
    so->entry_count = 0;
}
