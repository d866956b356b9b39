/*
 * The decoder's declarations (into struct agx_shader_info and the shader's tables) and
 * the checks of every operand an instruction names against them: registers inside
 * dcl_temps and the indexable sizes, inputs and outputs declared, bindings declared,
 * immediate constant buffer indices inside the buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_shader_private.h"

static bool agx_sm_is_51(const struct agx_sm_reader *r)
{
    return r->major > 5 || (r->major == 5 && r->minor >= 1);
}

static enum agx_shader_dim agx_sm_dim(uint32_t dim)
{
    static const enum agx_shader_dim dims[] =
    {
        [DDI_SM5_DIM_BUFFER] = AGX_SHADER_DIM_BUFFER,
        [DDI_SM5_DIM_TEXTURE1D] = AGX_SHADER_DIM_TEXTURE1D,
        [DDI_SM5_DIM_TEXTURE2D] = AGX_SHADER_DIM_TEXTURE2D,
        [DDI_SM5_DIM_TEXTURE2DMS] = AGX_SHADER_DIM_TEXTURE2DMS,
        [DDI_SM5_DIM_TEXTURE3D] = AGX_SHADER_DIM_TEXTURE3D,
        [DDI_SM5_DIM_TEXTURECUBE] = AGX_SHADER_DIM_TEXTURECUBE,
        [DDI_SM5_DIM_TEXTURE1DARRAY] = AGX_SHADER_DIM_TEXTURE1DARRAY,
        [DDI_SM5_DIM_TEXTURE2DARRAY] = AGX_SHADER_DIM_TEXTURE2DARRAY,
        [DDI_SM5_DIM_TEXTURE2DMSARRAY] = AGX_SHADER_DIM_TEXTURE2DMSARRAY,
        [DDI_SM5_DIM_TEXTURECUBEARRAY] = AGX_SHADER_DIM_TEXTURECUBEARRAY,
        [DDI_SM5_DIM_RAW_BUFFER] = AGX_SHADER_DIM_RAW_BUFFER,
        [DDI_SM5_DIM_STRUCTURED_BUFFER] = AGX_SHADER_DIM_STRUCTURED_BUFFER,
    };

    return dim < AGX_ARRAY_SIZE(dims) ? dims[dim] : AGX_SHADER_DIM_UNKNOWN;
}

static const char *const agx_sm_class_names[] = {"cb", "t", "u", "s"};

/* A binding declaration's operand: 5.0 names one register, 5.1 a range in a space
 * (read after the declaration's other tokens, so the caller passes the space). */
static HRESULT agx_sm_binding(struct agx_shader *shader, struct agx_sm_reader *r,
                              enum agx_shader_register_class cls, uint32_t expected_type,
                              struct agx_shader_binding **bindings, uint32_t *capacity,
                              struct agx_shader_binding **out, uint32_t *cb_size)
{
    struct agx_sm_operand op;
    struct agx_sm_index raw[3];
    struct agx_shader_binding *b;
    uint32_t count, i;
    HRESULT hr;

    if (FAILED(hr = agx_sm_read_operand(r, &op, &count, raw)))
        return hr;
    if (op.type != expected_type)
        return agx_sm_fail(r, "declares %s, not %s", agx_sm_operand_name(op.type), agx_sm_operand_name(expected_type));
    if (count != (agx_sm_is_51(r) ? 3u : cls == AGX_SHADER_CLASS_CBV ? 2u : 1u))
        return agx_sm_fail(r, "a binding operand with %u indices", count);
    for (i = 0; i < count; ++i)
        if (raw[i].relative)
            return agx_sm_fail(r, "a relative index in a declaration");
    for (i = 0; i < shader->info.binding_count; ++i)
        if ((*bindings)[i].cls == cls && (*bindings)[i].id == raw[0].imm)
            return agx_sm_fail(r, "%s%u is declared twice", agx_sm_class_names[cls], raw[0].imm);
    if (shader->info.binding_count == *capacity)
    {
        *capacity = *capacity ? *capacity * 2 : 16;
        if (!(b = realloc(*bindings, *capacity * sizeof(*b))))
            return E_OUTOFMEMORY;
        *bindings = b;
    }
    b = &(*bindings)[shader->info.binding_count++];
    memset(b, 0, sizeof(*b));
    b->cls = cls;
    b->id = raw[0].imm;
    if (agx_sm_is_51(r))
    {
        b->lower = raw[1].imm;
        b->upper = raw[2].imm;
        if (b->upper < b->lower)
            return agx_sm_fail(r, "register range [%u:%u] is empty", b->lower, b->upper);
    }
    else
    {
        b->lower = b->upper = raw[0].imm;
        if (cls == AGX_SHADER_CLASS_CBV)
            *cb_size = raw[1].imm;
    }
    *out = b;
    shader->info.bindings = *bindings;
    return S_OK;
}

static HRESULT agx_sm_space(struct agx_sm_reader *r, struct agx_shader_binding *b)
{
    return agx_sm_is_51(r) ? agx_sm_read_token(r, &b->space) : S_OK;
}

static HRESULT agx_sm_return_type(struct agx_sm_reader *r, struct agx_shader_binding *b)
{
    uint32_t token;
    HRESULT hr;

    if (FAILED(hr = agx_sm_read_token(r, &token)))
        return hr;
    switch (DDI_SM5_RETURN_TYPE_OF(token, 0))
    {
        case DDI_SM5_RETURN_UNORM:
        case DDI_SM5_RETURN_SNORM:
        case DDI_SM5_RETURN_FLOAT:
            b->return_type = AGX_SHADER_RETURN_FLOAT;
            return S_OK;
        case DDI_SM5_RETURN_UINT:
            b->return_type = AGX_SHADER_RETURN_UINT;
            return S_OK;
        case DDI_SM5_RETURN_SINT:
            b->return_type = AGX_SHADER_RETURN_SINT;
            return S_OK;
        default:
            return agx_sm_fail(r, "return type %u is not supported", DDI_SM5_RETURN_TYPE_OF(token, 0));
    }
}

static HRESULT agx_sm_io(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token, bool output)
{
    uint32_t opcode = DDI_SM5_OPCODE_OF(token), count, name = 0, interpolation = 0;
    enum agx_shader_stage stage = shader->info.stage;
    struct agx_shader_io_register *reg;
    struct agx_sm_operand op;
    struct agx_sm_index raw[3];
    HRESULT hr;

    if (FAILED(hr = agx_sm_read_operand(r, &op, &count, raw)))
        return hr;
    if (opcode == DDI_SM5_OP_DCL_INPUT_SGV || opcode == DDI_SM5_OP_DCL_INPUT_SIV
            || opcode == DDI_SM5_OP_DCL_INPUT_PS_SGV || opcode == DDI_SM5_OP_DCL_INPUT_PS_SIV
            || opcode == DDI_SM5_OP_DCL_OUTPUT_SGV || opcode == DDI_SM5_OP_DCL_OUTPUT_SIV)
    {
        if (FAILED(hr = agx_sm_read_token(r, &name)))
            return hr;
    }
    if (opcode == DDI_SM5_OP_DCL_INPUT_PS || opcode == DDI_SM5_OP_DCL_INPUT_PS_SGV
            || opcode == DDI_SM5_OP_DCL_INPUT_PS_SIV)
    {
        if (stage != AGX_SHADER_STAGE_PIXEL)
            return agx_sm_fail(r, "pixel input declaration in another stage");
        interpolation = (token & DDI_SM5_INTERPOLATION_MASK) >> DDI_SM5_INTERPOLATION_SHIFT;
        if (interpolation > DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE)
            return agx_sm_fail(r, "interpolation mode %u is invalid", interpolation);
    }
    switch (op.type)
    {
        case DDI_SM5_OPERAND_INPUT:
        case DDI_SM5_OPERAND_OUTPUT:
            if ((op.type == DDI_SM5_OPERAND_OUTPUT) != output)
                return agx_sm_fail(r, "declares %s", agx_sm_operand_name(op.type));
            if (stage == AGX_SHADER_STAGE_COMPUTE)
                return agx_sm_fail(r, "compute shaders have no v# or o# registers");
            /* Geometry shader inputs are arrays over the primitive's vertices: v[n][r];
             * a hull shader's control-point phase reads its patch the same way. */
            if (agx_sm_indexes_vertices(stage) && !output && count == 2 && !raw[0].relative)
                raw[0] = raw[1];
            else if (agx_sm_indexes_vertices(stage) && !output)
                return agx_sm_fail(r, "a %s shader input with %u indices",
                                   stage == AGX_SHADER_STAGE_HULL ? "hull" : "geometry", count);
            if ((count != 1 && !agx_sm_indexes_vertices(stage)) || raw[0].relative)
                return agx_sm_fail(r, "an input or output with %u indices", count);
            if (raw[0].imm >= AGX_SHADER_MAX_IO_REGISTERS)
                return agx_sm_fail(r, "%s%u is beyond the %u registers", agx_sm_operand_name(op.type), raw[0].imm,
                                   AGX_SHADER_MAX_IO_REGISTERS);
            reg = output ? &shader->info.output_registers[raw[0].imm] : &shader->info.input_registers[raw[0].imm];
            reg->mask |= op.mask ? op.mask : 1;
            if (interpolation)
                reg->interpolation = interpolation;
            if (name)
                reg->sysval = name;
            if (interpolation == DDI_SM5_INTERPOLATION_LINEAR_SAMPLE
                    || interpolation == DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE
                    || (!output && name == DDI_SM5_NAME_SAMPLE_INDEX))
                shader->info.sample_frequency = true;
            if (output && stage == AGX_SHADER_STAGE_PIXEL && !name)
                shader->info.render_target_mask |= 1u << raw[0].imm;
            return S_OK;
        case DDI_SM5_OPERAND_INPUT_THREAD_ID:
        case DDI_SM5_OPERAND_INPUT_THREAD_GROUP_ID:
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP:
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP_FLATTENED:
            if (output || stage != AGX_SHADER_STAGE_COMPUTE)
                return agx_sm_fail(r, "%s outside a compute shader", agx_sm_operand_name(op.type));
            return S_OK;
        case DDI_SM5_OPERAND_INPUT_PRIMITIVEID:
            if (output || (stage != AGX_SHADER_STAGE_GEOMETRY && !agx_sm_reads_control_points(&shader->info)))
                return agx_sm_fail(r, "vPrim outside a geometry, hull or domain shader");
            return S_OK;
        case DDI_SM5_OPERAND_OUTPUT_CONTROL_POINT_ID:
            if (output || stage != AGX_SHADER_STAGE_HULL)
                return agx_sm_fail(r, "%s outside a hull shader", agx_sm_operand_name(op.type));
            return S_OK;
        case DDI_SM5_OPERAND_INPUT_GS_INSTANCE_ID:
            if (output || stage != AGX_SHADER_STAGE_GEOMETRY)
                return agx_sm_fail(r, "%s outside a geometry shader", agx_sm_operand_name(op.type));
            return S_OK;
        case DDI_SM5_OPERAND_INPUT_CONTROL_POINT:
        case DDI_SM5_OPERAND_INPUT_PATCH_CONSTANT:
        {
            /* vicp[count][register] and vpc[register] (an SIV names a tessellation factor). */
            bool control_point = op.type == DDI_SM5_OPERAND_INPUT_CONTROL_POINT;
            const struct agx_sm_index *index = &raw[control_point ? 1 : 0];

            if (output || (control_point ? !agx_sm_reads_control_points(&shader->info)
                                         : stage != AGX_SHADER_STAGE_DOMAIN))
                return agx_sm_fail(r, "%s outside a %s shader's inputs", agx_sm_operand_name(op.type),
                                   control_point ? "hull or domain" : "domain");
            if (count != (control_point ? 2u : 1u) || index->relative || index->imm >= AGX_SHADER_MAX_IO_REGISTERS)
                return agx_sm_fail(r, "%s declared with a bad register", agx_sm_operand_name(op.type));
            reg = control_point ? &shader->info.input_registers[index->imm]
                    : &shader->info.patch_constant_registers[index->imm];
            reg->mask |= op.mask ? op.mask : 1;
            if (name)
                reg->sysval = name;
            return S_OK;
        }
        case DDI_SM5_OPERAND_INPUT_DOMAIN_POINT:
            if (output || stage != AGX_SHADER_STAGE_DOMAIN)
                return agx_sm_fail(r, "vDomain outside a domain shader");
            return S_OK;
        case DDI_SM5_OPERAND_INPUT_COVERAGE_MASK:
            if (output || stage != AGX_SHADER_STAGE_PIXEL)
                return agx_sm_fail(r, "vCoverage outside a pixel shader");
            shader->info.reads_coverage = true;
            return S_OK;
        case DDI_SM5_OPERAND_OUTPUT_DEPTH:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL:
            if (!output || stage != AGX_SHADER_STAGE_PIXEL)
                return agx_sm_fail(r, "%s outside a pixel shader's outputs", agx_sm_operand_name(op.type));
            shader->info.writes_depth = true;
            return S_OK;
        case DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK:
            if (!output || stage != AGX_SHADER_STAGE_PIXEL)
                return agx_sm_fail(r, "oMask outside a pixel shader's outputs");
            shader->info.writes_coverage = true;
            return S_OK;
        default:
            return agx_sm_fail(r, "%s %s is not supported", output ? "output" : "input",
                               agx_sm_operand_name(op.type));
    }
}

static HRESULT agx_sm_tgsm_decl(struct agx_shader *shader, struct agx_sm_reader *r, bool structured)
{
    struct agx_sm_tgsm *g;
    struct agx_sm_operand op;
    struct agx_sm_index raw[3];
    uint32_t count, stride = 0, n, i;
    uint64_t size;
    HRESULT hr;

    if (shader->info.stage != AGX_SHADER_STAGE_COMPUTE)
        return agx_sm_fail(r, "group shared memory outside a compute shader");
    if (FAILED(hr = agx_sm_read_operand(r, &op, &count, raw)))
        return hr;
    if (op.type != DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY || count != 1 || raw[0].relative)
        return agx_sm_fail(r, "declares %s, not g#", agx_sm_operand_name(op.type));
    if (structured && FAILED(hr = agx_sm_read_token(r, &stride)))
        return hr;
    if (FAILED(hr = agx_sm_read_token(r, &n)))
        return hr;
    size = structured ? (uint64_t)stride * n : n;
    if (size % 4 || (structured && (!stride || stride % 4)))
        return agx_sm_fail(r, "g%u: sizes must be whole 32-bit words", raw[0].imm);
    if (size + shader->info.tgsm_bytes > AGX_SM_MAX_TGSM_BYTES)
        return agx_sm_fail(r, "group shared memory beyond %u bytes", AGX_SM_MAX_TGSM_BYTES);
    if (shader->tgsm_count == AGX_SM_MAX_TGSM)
        return agx_sm_fail(r, "more than %u g# declarations", AGX_SM_MAX_TGSM);
    for (i = 0; i < shader->tgsm_count; ++i)
        if (shader->tgsm[i].reg == raw[0].imm)
            return agx_sm_fail(r, "g%u is declared twice", raw[0].imm);
    g = &shader->tgsm[shader->tgsm_count++];
    g->reg = raw[0].imm;
    g->offset = shader->info.tgsm_bytes;
    g->size = (uint32_t)size;
    g->stride = stride;
    shader->info.tgsm_bytes += (uint32_t)size;
    return S_OK;
}

static HRESULT agx_sm_customdata(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token)
{
    uint32_t cls = token >> DDI_SM5_CUSTOMDATA_CLASS_SHIFT, count;

    if (cls != DDI_SM5_CUSTOMDATA_IMMEDIATE_CONSTANT_BUFFER)
        return S_OK;                      /* comments, debug data: nothing to run */
    count = r->end - r->pos;              /* the length token is behind us */
    if (count % 4)
        return agx_sm_fail(r, "an immediate constant buffer of %u tokens, not whole vec4s", count);
    if (shader->icb)
        return agx_sm_fail(r, "a second immediate constant buffer");
    if (!(shader->icb = malloc(AGX_MAX(count, 1u) * sizeof(uint32_t))))
        return E_OUTOFMEMORY;
    memcpy(shader->icb, r->tokens + r->pos, count * sizeof(uint32_t));
    shader->icb_vec4_count = count / 4;
    r->pos = r->end;
    return S_OK;
}

HRESULT agx_sm_decode_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token,
                                  struct agx_shader_binding **bindings, uint32_t *capacity)
{
    uint32_t opcode = DDI_SM5_OPCODE_OF(token), cb_size = 0, value[3], i;
    struct agx_shader_binding *b;
    struct agx_sm_operand op;
    struct agx_sm_index raw[3];
    HRESULT hr;

    switch (opcode)
    {
        case DDI_SM5_OP_CUSTOMDATA:
            return agx_sm_customdata(shader, r, token);
        case DDI_SM5_OP_DCL_GLOBAL_FLAGS:
            if (token & DDI_SM5_GLOBAL_FORCE_EARLY_DEPTH_STENCIL)
                shader->info.early_depth_stencil = true;
            if (token & (DDI_SM5_GLOBAL_DOUBLE_PRECISION | DDI_SM5_GLOBAL_DOUBLE_EXTENSIONS))
                return agx_sm_fail(r, "double-precision programs are not supported");
            return S_OK;
        case DDI_SM5_OP_DCL_TEMPS:
            if (FAILED(hr = agx_sm_read_token(r, &value[0])))
                return hr;
            if (value[0] + shader->indexable_rows > AGX_SM_MAX_TEMPS)
                return agx_sm_fail(r, "%u temporaries, more than %u", value[0], AGX_SM_MAX_TEMPS);
            shader->temp_count = value[0];
            return S_OK;
        case DDI_SM5_OP_DCL_INDEXABLE_TEMP:
            for (i = 0; i < 3; ++i)
                if (FAILED(hr = agx_sm_read_token(r, &value[i])))
                    return hr;
            if (shader->indexable_count == AGX_SM_MAX_INDEXABLE)
                return agx_sm_fail(r, "more than %u indexable arrays", AGX_SM_MAX_INDEXABLE);
            if ((uint64_t)value[1] + shader->indexable_rows + shader->temp_count > AGX_SM_MAX_TEMPS || !value[1]
                    || !value[2] || value[2] > 4)
                return agx_sm_fail(r, "x%u[%u] with %u components is outside the limits", value[0], value[1],
                                   value[2]);
            for (i = 0; i < shader->indexable_count; ++i)
                if (shader->indexables[i].reg == value[0])
                    return agx_sm_fail(r, "x%u is declared twice", value[0]);
            shader->indexables[shader->indexable_count].reg = value[0];
            shader->indexables[shader->indexable_count].count = value[1];
            shader->indexables[shader->indexable_count].offset = shader->indexable_rows;
            shader->indexable_count++;
            shader->indexable_rows += value[1];
            return S_OK;
        case DDI_SM5_OP_DCL_THREAD_GROUP:
            for (i = 0; i < 3; ++i)
                if (FAILED(hr = agx_sm_read_token(r, &value[i])))
                    return hr;
            if (shader->info.stage != AGX_SHADER_STAGE_COMPUTE)
                return agx_sm_fail(r, "a thread group outside a compute shader");
            if (!value[0] || !value[1] || !value[2] || value[0] > 1024 || value[1] > 1024 || value[2] > 64
                    || (uint64_t)value[0] * value[1] * value[2] > AGX_SHADER_MAX_LANES)
                return agx_sm_fail(r, "thread group %u x %u x %u is outside D3D12's limits", value[0], value[1],
                                   value[2]);
            memcpy(shader->info.thread_group, value, sizeof(value));
            return S_OK;
        case DDI_SM5_OP_DCL_TGSM_RAW:
        case DDI_SM5_OP_DCL_TGSM_STRUCTURED:
            return agx_sm_tgsm_decl(shader, r, opcode == DDI_SM5_OP_DCL_TGSM_STRUCTURED);
        case DDI_SM5_OP_DCL_INPUT:
        case DDI_SM5_OP_DCL_INPUT_SGV:
        case DDI_SM5_OP_DCL_INPUT_SIV:
        case DDI_SM5_OP_DCL_INPUT_PS:
        case DDI_SM5_OP_DCL_INPUT_PS_SGV:
        case DDI_SM5_OP_DCL_INPUT_PS_SIV:
            return agx_sm_io(shader, r, token, false);
        case DDI_SM5_OP_DCL_OUTPUT:
        case DDI_SM5_OP_DCL_OUTPUT_SGV:
        case DDI_SM5_OP_DCL_OUTPUT_SIV:
            return agx_sm_io(shader, r, token, true);
        case DDI_SM5_OP_DCL_INDEX_RANGE:
            if (FAILED(hr = agx_sm_read_operand(r, &op, &i, raw)) || FAILED(hr = agx_sm_read_token(r, &value[0])))
                return hr;
            return S_OK;
        case DDI_SM5_OP_DCL_CONSTANT_BUFFER:
            if (FAILED(hr = agx_sm_binding(shader, r, AGX_SHADER_CLASS_CBV, DDI_SM5_OPERAND_CONSTANT_BUFFER,
                    bindings, capacity, &b, &cb_size)))
                return hr;
            if (agx_sm_is_51(r) && FAILED(hr = agx_sm_read_token(r, &cb_size)))
                return hr;
            if (cb_size > 4096)
                return agx_sm_fail(r, "a constant buffer of %u vec4s, more than 4096", cb_size);
            b->cb_vec4_count = cb_size;
            if (FAILED(hr = agx_sm_space(r, b)))
                return hr;
            return S_OK;
        case DDI_SM5_OP_DCL_SAMPLER:
            if (FAILED(hr = agx_sm_binding(shader, r, AGX_SHADER_CLASS_SAMPLER, DDI_SM5_OPERAND_SAMPLER, bindings,
                    capacity, &b, &cb_size)))
                return hr;
            b->comparison = ((token & DDI_SM5_SAMPLER_MODE_MASK) >> DDI_SM5_SAMPLER_MODE_SHIFT)
                    == DDI_SM5_SAMPLER_COMPARISON;
            if (FAILED(hr = agx_sm_space(r, b)))
                return hr;
            return S_OK;
        case DDI_SM5_OP_DCL_RESOURCE:
        case DDI_SM5_OP_DCL_RESOURCE_RAW:
        case DDI_SM5_OP_DCL_RESOURCE_STRUCTURED:
        case DDI_SM5_OP_DCL_UAV_TYPED:
        case DDI_SM5_OP_DCL_UAV_RAW:
        case DDI_SM5_OP_DCL_UAV_STRUCTURED:
        {
            bool uav = opcode == DDI_SM5_OP_DCL_UAV_TYPED || opcode == DDI_SM5_OP_DCL_UAV_RAW
                    || opcode == DDI_SM5_OP_DCL_UAV_STRUCTURED;

            if (uav && (token & DDI_SM5_UAV_RASTERIZER_ORDERED))
                return agx_sm_fail(r, "rasterizer-ordered views are not supported (ROVsSupported is FALSE)");

            if (FAILED(hr = agx_sm_binding(shader, r, uav ? AGX_SHADER_CLASS_UAV : AGX_SHADER_CLASS_SRV,
                    uav ? DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW : DDI_SM5_OPERAND_RESOURCE, bindings, capacity, &b,
                    &cb_size)))
                return hr;
            if (opcode == DDI_SM5_OP_DCL_RESOURCE || opcode == DDI_SM5_OP_DCL_UAV_TYPED)
            {
                b->dim = agx_sm_dim((token & DDI_SM5_DIM_MASK) >> DDI_SM5_DIM_SHIFT);
                if (b->dim == AGX_SHADER_DIM_UNKNOWN || b->dim == AGX_SHADER_DIM_RAW_BUFFER
                        || b->dim == AGX_SHADER_DIM_STRUCTURED_BUFFER)
                    return agx_sm_fail(r, "resource dimension %u is invalid", (token & DDI_SM5_DIM_MASK) >> DDI_SM5_DIM_SHIFT);
                if (b->dim == AGX_SHADER_DIM_TEXTURE2DMS || b->dim == AGX_SHADER_DIM_TEXTURE2DMSARRAY)
                {
                    if (uav)
                        return agx_sm_fail(r, "multisampled UAVs do not exist");
                    b->sample_count = (token & DDI_SM5_SAMPLE_COUNT_MASK) >> DDI_SM5_SAMPLE_COUNT_SHIFT;
                }
                if (FAILED(hr = agx_sm_return_type(r, b)))
                    return hr;
            }
            else if (opcode == DDI_SM5_OP_DCL_RESOURCE_RAW || opcode == DDI_SM5_OP_DCL_UAV_RAW)
            {
                b->dim = AGX_SHADER_DIM_RAW_BUFFER;
            }
            else
            {
                b->dim = AGX_SHADER_DIM_STRUCTURED_BUFFER;
                if (FAILED(hr = agx_sm_read_token(r, &b->structure_stride)))
                    return hr;
                if (!b->structure_stride || b->structure_stride % 4 || b->structure_stride > 2048)
                    return agx_sm_fail(r, "structure stride %u is invalid", b->structure_stride);
                b->has_counter = uav && (token & DDI_SM5_UAV_HAS_COUNTER);
            }
            if (FAILED(hr = agx_sm_space(r, b)))
                return hr;
            return S_OK;
        }
        default:
            return agx_sm_fail(r, "declaration '%s' is not supported by the simulated device",
                               agx_sm_opcode_info(opcode)->mnemonic);
    }
}

/* ---- Operands of instructions ------------------------------------------------------------ */

static const struct agx_shader_binding *agx_sm_find_binding(const struct agx_shader *shader,
                                                            enum agx_shader_register_class cls, uint32_t id,
                                                            uint16_t *slot)
{
    uint32_t i;

    for (i = 0; i < shader->info.binding_count; ++i)
    {
        if (shader->info.bindings[i].cls == cls && shader->info.bindings[i].id == id)
        {
            *slot = i;
            return &shader->info.bindings[i];
        }
    }
    return NULL;
}

static HRESULT agx_sm_check_resource(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t count,
                                     const struct agx_sm_index raw[3])
{
    const struct agx_shader *shader = r->shader;
    enum agx_shader_register_class cls;
    const struct agx_shader_binding *b;
    bool cb = op->type == DDI_SM5_OPERAND_CONSTANT_BUFFER;
    uint32_t expected = (agx_sm_is_51(r) ? 2u : 1u) + (cb ? 1u : 0u);

    cls = cb ? AGX_SHADER_CLASS_CBV : op->type == DDI_SM5_OPERAND_RESOURCE ? AGX_SHADER_CLASS_SRV
            : op->type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW ? AGX_SHADER_CLASS_UAV : AGX_SHADER_CLASS_SAMPLER;
    if (count != expected)
        return agx_sm_fail(r, "%s with %u indices, expected %u", agx_sm_operand_name(op->type), count, expected);
    if (raw[0].relative)
        return agx_sm_fail(r, "a relative range id");
    if (!(b = agx_sm_find_binding(shader, cls, raw[0].imm, &op->slot)))
        return agx_sm_fail(r, "%s%u is not declared", agx_sm_class_names[cls], raw[0].imm);
    op->index[0] = agx_sm_is_51(r) ? raw[1] : raw[0];
    if (!op->index[0].relative && (op->index[0].imm < b->lower || op->index[0].imm > b->upper))
        return agx_sm_fail(r, "register %u is outside %s%u's range [%u:%u]", op->index[0].imm,
                           agx_sm_class_names[cls], raw[0].imm, b->lower, b->upper);
    if (cb)
    {
        op->index[1] = raw[expected - 1];
        if (!op->index[1].relative && op->index[1].imm >= b->cb_vec4_count)
            return agx_sm_fail(r, "cb%u[%u] is beyond the declared %u vec4s", raw[0].imm, op->index[1].imm,
                               b->cb_vec4_count);
    }
    op->index_count = cb ? 2 : 1;
    return S_OK;
}

static HRESULT agx_sm_check_io(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t count,
                               const struct agx_sm_index raw[3])
{
    const struct agx_shader_io_register *regs = op->type == DDI_SM5_OPERAND_INPUT
            ? r->shader->info.input_registers : r->shader->info.output_registers;

    if (count != 1)
        return agx_sm_fail(r, "%s with %u indices", agx_sm_operand_name(op->type), count);
    if (raw[0].imm >= AGX_SHADER_MAX_IO_REGISTERS)
        return agx_sm_fail(r, "%s%u is beyond the %u registers", agx_sm_operand_name(op->type), raw[0].imm,
                           AGX_SHADER_MAX_IO_REGISTERS);
    if (!raw[0].relative && !regs[raw[0].imm].mask)
        return agx_sm_fail(r, "%s%u is not declared", agx_sm_operand_name(op->type), raw[0].imm);
    op->index[0] = raw[0];
    op->index_count = 1;
    return S_OK;
}

/* v[vertex][register] (GS, HS) or vicp[point][register] (HS, DS): the vertex may be relative,
 * the register not. index[0] is the vertex, index[1] the register. */
static HRESULT agx_sm_check_vertex_input(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t count,
                                         const struct agx_sm_index raw[3])
{
    const struct agx_shader_info *info = &r->shader->info;
    const bool gs = info->stage == AGX_SHADER_STAGE_GEOMETRY;
    const char *name = op->type == DDI_SM5_OPERAND_INPUT ? "v" : "vicp";

    if (count != 2 || raw[1].relative)
        return agx_sm_fail(r, "a %s input is %s[vertex][register] with an immediate register",
                           gs ? "geometry shader" : "control point", name);
    if (raw[1].imm >= AGX_SHADER_MAX_IO_REGISTERS || !info->input_registers[raw[1].imm].mask)
        return agx_sm_fail(r, "%s%u is not declared", name, raw[1].imm);
    if (!raw[0].relative && raw[0].imm >= agx_sm_input_vertices(info))
        return agx_sm_fail(r, "%s %u of a %s of %u", gs ? "vertex" : "control point", raw[0].imm,
                           gs ? "primitive" : "patch", agx_sm_input_vertices(info));
    op->index[0] = raw[0];
    op->index[1] = raw[1];
    op->index_count = 2;
    return S_OK;
}

HRESULT agx_sm_check_operand(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t count,
                             const struct agx_sm_index raw[3], bool dst, char role)
{
    const struct agx_shader *shader = r->shader;
    enum agx_shader_stage stage = shader->info.stage;
    uint32_t i;

    if (dst && op->modifier)
        return agx_sm_fail(r, "a destination with a modifier");
    if (role == 'S' && op->type != DDI_SM5_OPERAND_SAMPLER)
        return agx_sm_fail(r, "%s where a sampler is expected", agx_sm_operand_name(op->type));
    if (role == 'R' && op->type != DDI_SM5_OPERAND_RESOURCE && op->type != DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW
            && op->type != DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY && op->type != DDI_SM5_OPERAND_RASTERIZER)
        return agx_sm_fail(r, "%s where a resource is expected", agx_sm_operand_name(op->type));

    switch (op->type)
    {
        case DDI_SM5_OPERAND_TEMP:
            if (count != 1 || raw[0].relative)
                return agx_sm_fail(r, "r# with %u indices", count);
            if (raw[0].imm >= shader->temp_count)
                return agx_sm_fail(r, "r%u is beyond dcl_temps %u", raw[0].imm, shader->temp_count);
            op->index[0] = raw[0];
            op->index_count = 1;
            break;
        case DDI_SM5_OPERAND_INPUT:
            if (dst)
                return agx_sm_fail(r, "an input as destination");
            if (agx_sm_indexes_vertices(stage))
                return agx_sm_check_vertex_input(r, op, count, raw);
            if (stage == AGX_SHADER_STAGE_DOMAIN)
                return agx_sm_fail(r, "a domain shader reads its control points as vicp, not v#");
            return agx_sm_check_io(r, op, count, raw);
        case DDI_SM5_OPERAND_INPUT_PRIMITIVEID:
            if (dst || (stage != AGX_SHADER_STAGE_GEOMETRY && !agx_sm_reads_control_points(&shader->info)))
                return agx_sm_fail(r, "vPrim outside a geometry, hull or domain shader's sources");
            break;
        case DDI_SM5_OPERAND_OUTPUT_CONTROL_POINT_ID:
            if (dst || stage != AGX_SHADER_STAGE_HULL)
                return agx_sm_fail(r, "%s outside a hull shader's sources", agx_sm_operand_name(op->type));
            break;
        case DDI_SM5_OPERAND_INPUT_GS_INSTANCE_ID:
            if (dst || stage != AGX_SHADER_STAGE_GEOMETRY)
                return agx_sm_fail(r, "%s outside a geometry shader's sources", agx_sm_operand_name(op->type));
            break;
        case DDI_SM5_OPERAND_INPUT_CONTROL_POINT:
            if (dst || !agx_sm_reads_control_points(&shader->info))
                return agx_sm_fail(r, "vicp outside a hull or domain shader's sources");
            return agx_sm_check_vertex_input(r, op, count, raw);
        case DDI_SM5_OPERAND_INPUT_PATCH_CONSTANT:
            if (dst || stage != AGX_SHADER_STAGE_DOMAIN)
                return agx_sm_fail(r, "vpc outside a domain shader's sources");
            if (count != 1 || raw[0].imm >= AGX_SHADER_MAX_IO_REGISTERS)
                return agx_sm_fail(r, "vpc with %u indices or beyond the %u registers", count,
                                   AGX_SHADER_MAX_IO_REGISTERS);
            if (!raw[0].relative && !shader->info.patch_constant_registers[raw[0].imm].mask)
                return agx_sm_fail(r, "vpc%u is not declared", raw[0].imm);
            op->index[0] = raw[0];
            op->index_count = 1;
            break;
        case DDI_SM5_OPERAND_INPUT_DOMAIN_POINT:
            if (dst || stage != AGX_SHADER_STAGE_DOMAIN)
                return agx_sm_fail(r, "vDomain outside a domain shader's sources");
            break;
        case DDI_SM5_OPERAND_STREAM:
            if (dst || count != 1 || raw[0].relative || raw[0].imm >= 4
                    || !(shader->info.gs_streams & (1u << raw[0].imm)))
                return agx_sm_fail(r, "m%u is not a declared stream", raw[0].imm);
            op->index[0] = raw[0];
            op->index_count = 1;
            break;
        case DDI_SM5_OPERAND_OUTPUT:
            if (!dst)
                return agx_sm_fail(r, "o# read as a source");
            if (FAILED(agx_sm_check_io(r, op, count, raw)))
                return E_INVALIDARG;
            break;
        case DDI_SM5_OPERAND_INDEXABLE_TEMP:
            if (count != 2 || raw[0].relative)
                return agx_sm_fail(r, "x# with %u indices", count);
            for (i = 0; i < shader->indexable_count; ++i)
                if (shader->indexables[i].reg == raw[0].imm)
                    break;
            if (i == shader->indexable_count)
                return agx_sm_fail(r, "x%u is not declared", raw[0].imm);
            if (!raw[1].relative && raw[1].imm >= shader->indexables[i].count)
                return agx_sm_fail(r, "x%u[%u] is beyond its %u elements", raw[0].imm, raw[1].imm,
                                   shader->indexables[i].count);
            op->slot = i;
            op->index[0] = raw[1];
            op->index_count = 1;
            break;
        case DDI_SM5_OPERAND_IMMEDIATE32:
            if (dst)
                return agx_sm_fail(r, "an immediate as destination");
            break;
        case DDI_SM5_OPERAND_CONSTANT_BUFFER:
        case DDI_SM5_OPERAND_RESOURCE:
        case DDI_SM5_OPERAND_SAMPLER:
            if (dst)
                return agx_sm_fail(r, "%s as destination", agx_sm_operand_name(op->type));
            return agx_sm_check_resource(r, op, count, raw);
        case DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW:
            return agx_sm_check_resource(r, op, count, raw);
        case DDI_SM5_OPERAND_IMMEDIATE_CONSTANT_BUFFER:
            if (dst || count != 1)
                return agx_sm_fail(r, "icb used with %u indices%s", count, dst ? " as destination" : "");
            if (!raw[0].relative && raw[0].imm >= shader->icb_vec4_count)
                return agx_sm_fail(r, "icb[%u] is beyond the immediate constant buffer's %u vec4s", raw[0].imm,
                                   shader->icb_vec4_count);
            op->index[0] = raw[0];
            op->index_count = 1;
            break;
        case DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY:
            if (count != 1 || raw[0].relative)
                return agx_sm_fail(r, "g# with %u indices", count);
            for (i = 0; i < shader->tgsm_count; ++i)
                if (shader->tgsm[i].reg == raw[0].imm)
                    break;
            if (i == shader->tgsm_count)
                return agx_sm_fail(r, "g%u is not declared", raw[0].imm);
            op->slot = i;
            break;
        case DDI_SM5_OPERAND_NULL:
            if (!dst)
                return agx_sm_fail(r, "null as a source");
            op->mask = 0;
            return S_OK;
        case DDI_SM5_OPERAND_OUTPUT_DEPTH:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL:
            if (!dst || !shader->info.writes_depth)
                return agx_sm_fail(r, "%s is not a declared output", agx_sm_operand_name(op->type));
            op->mask = 1;
            return S_OK;
        case DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK:
            if (!dst || !shader->info.writes_coverage)
                return agx_sm_fail(r, "oMask is not a declared output");
            op->mask = 1;
            return S_OK;
        case DDI_SM5_OPERAND_INPUT_COVERAGE_MASK:
            if (dst || stage != AGX_SHADER_STAGE_PIXEL)
                return agx_sm_fail(r, "vCoverage outside a pixel shader's sources");
            break;
        case DDI_SM5_OPERAND_RASTERIZER:
            /* sampleinfo / samplepos of the render target's samples (agx_sm_check_memory). */
            if (dst || stage != AGX_SHADER_STAGE_PIXEL || role != 'R')
                return agx_sm_fail(r, "the rasterizer outside a pixel shader's sampleinfo and samplepos");
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_ID:
        case DDI_SM5_OPERAND_INPUT_THREAD_GROUP_ID:
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP:
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP_FLATTENED:
            if (dst || stage != AGX_SHADER_STAGE_COMPUTE)
                return agx_sm_fail(r, "%s outside a compute shader's sources", agx_sm_operand_name(op->type));
            break;
        default:
            return agx_sm_fail(r, "operand %s is not supported by the simulated device", agx_sm_operand_name(op->type));
    }
    if (dst && op->type != DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW && op->type != DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY
            && !op->mask)
        return agx_sm_fail(r, "a destination that writes no component");
    return S_OK;
}
