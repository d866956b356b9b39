/*
 * The geometry shader's declarations: input primitive, output topology, the most
 * vertices one invocation emits, instancing and streams (the D3D11.3 functional
 * specification, "Geometry Shader Stage"; token layouts in ddi/ddi_sm5.h).
 */
#include "agx_shader_private.h"

static uint32_t agx_sm_gs_primitive_vertices(uint32_t primitive)
{
    switch (primitive)
    {
        case 1: return 1;                 /* point */
        case 2: return 2;                 /* line */
        case 3: return 3;                 /* triangle */
        case 6: return 4;                 /* lineadj */
        case 7: return 6;                 /* triangleadj */
        default: return 0;                /* patches: tessellation, not run */
    }
}

HRESULT agx_sm_decode_gs_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token)
{
    struct agx_shader_info *info = &shader->info;
    uint32_t opcode = DDI_SM5_OPCODE_OF(token), value = (token & DDI_SM5_CONTROLS_MASK) >> DDI_SM5_CONTROLS_SHIFT;
    struct agx_sm_operand op;
    struct agx_sm_index raw[3];
    uint32_t count;
    HRESULT hr;

    switch (opcode)
    {
        case DDI_SM5_OP_DCL_GS_INPUT_PRIMITIVE:
            value &= 0x3f;
            if (!agx_sm_gs_primitive_vertices(value))
                return agx_sm_fail(r, "input primitive %u is not run by the simulated device (patches need "
                                   "tessellation)", value);
            info->gs_input_primitive = value;
            info->gs_input_vertices = agx_sm_gs_primitive_vertices(value);
            return S_OK;
        case DDI_SM5_OP_DCL_GS_OUTPUT_TOPOLOGY:
            value &= 0x7f;
            if (value != 1 && value != 3 && value != 5)
                return agx_sm_fail(r, "output topology %u is not a point list, line strip or triangle strip", value);
            info->gs_output_topology = value;
            return S_OK;
        case DDI_SM5_OP_DCL_MAX_OUTPUT_VERTEX_COUNT:
            if (FAILED(hr = agx_sm_read_token(r, &value)))
                return hr;
            if (value > D3D12_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES)
                return agx_sm_fail(r, "%u output vertices, more than %u", value,
                                   D3D12_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES);
            info->gs_max_vertices = value;
            return S_OK;
        case DDI_SM5_OP_DCL_GS_INSTANCE_COUNT:
            if (FAILED(hr = agx_sm_read_token(r, &value)))
                return hr;
            if (!value || value > AGX_SHADER_GS_MAX_INSTANCES)
                return agx_sm_fail(r, "%u instances: 1 to %u", value, AGX_SHADER_GS_MAX_INSTANCES);
            info->gs_instances = value;
            return S_OK;
        case DDI_SM5_OP_DCL_STREAM:
            if (FAILED(hr = agx_sm_read_operand(r, &op, &count, raw)))
                return hr;
            if (op.type != DDI_SM5_OPERAND_STREAM || count != 1 || raw[0].relative || raw[0].imm >= 4)
                return agx_sm_fail(r, "declares %s, not m0 to m3", agx_sm_operand_name(op.type));
            info->gs_streams |= 1u << raw[0].imm;
            return S_OK;
        default:
            return agx_sm_fail(r, "'%s' belongs to a stage the simulated device does not run",
                               agx_sm_opcode_info(opcode)->mnemonic);
    }
}

HRESULT agx_sm_check_gs(struct agx_shader *shader, struct agx_sm_reader *r)
{
    struct agx_shader_info *info = &shader->info;
    uint32_t i, scalars = 0;

    r->pos = UINT32_MAX;
    r->context = NULL;
    if (!info->gs_input_primitive)
        return agx_sm_fail(r, "the geometry shader declares no input primitive");
    if (!info->gs_output_topology)
        return agx_sm_fail(r, "the geometry shader declares no output topology");
    if (!info->gs_streams)
        info->gs_streams = 1;
    for (i = 0; i < AGX_SHADER_MAX_IO_REGISTERS; ++i)
    {
        if (!info->output_registers[i].mask)
            continue;
        info->gs_output_registers = i + 1;
        scalars += (uint32_t)__builtin_popcount(info->output_registers[i].mask);
    }
    /* D3D11: dcl_maxout times the declared output components is at most 1024. */
    if ((uint64_t)info->gs_max_vertices * scalars > AGX_SHADER_GS_MAX_OUTPUT_SCALARS)
        return agx_sm_fail(r, "%u vertices of %u output components exceed %u components", info->gs_max_vertices,
                           scalars, AGX_SHADER_GS_MAX_OUTPUT_SCALARS);
    return S_OK;
}
