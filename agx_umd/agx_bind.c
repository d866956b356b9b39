/*
 * The binder: executes the binding records (agx_bind.h) and resolves the bound root
 * signature's arguments into what the running shader declares. Resolution is lazy: a
 * binding is looked up the first time the shader reads it during a draw or dispatch,
 * then cached (views, samplers, constant buffer contents) until the next one.
 */
#include <stdlib.h>
#include <string.h>
#include "agx_bind_private.h"
#include "agx_mem.h"

/* ---- Root signature lookups ---------------------------------------------------------- */

static bool agx_visibility_matches(D3D12_SHADER_VISIBILITY visibility, enum agx_shader_stage stage)
{
    /* Compute has a single stage: it sees every parameter. */
    if (stage == AGX_SHADER_STAGE_COMPUTE || visibility == D3D12_SHADER_VISIBILITY_ALL)
        return true;
    return (stage == AGX_SHADER_STAGE_VERTEX && visibility == D3D12_SHADER_VISIBILITY_VERTEX)
            || (stage == AGX_SHADER_STAGE_GEOMETRY && visibility == D3D12_SHADER_VISIBILITY_GEOMETRY)
            || (stage == AGX_SHADER_STAGE_PIXEL && visibility == D3D12_SHADER_VISIBILITY_PIXEL);
}

static bool agx_range_class_matches(D3D12_DESCRIPTOR_RANGE_TYPE type, enum agx_shader_register_class cls)
{
    switch (type)
    {
        case D3D12_DESCRIPTOR_RANGE_TYPE_CBV:
            return cls == AGX_SHADER_CLASS_CBV;
        case D3D12_DESCRIPTOR_RANGE_TYPE_SRV:
            return cls == AGX_SHADER_CLASS_SRV;
        case D3D12_DESCRIPTOR_RANGE_TYPE_UAV:
            return cls == AGX_SHADER_CLASS_UAV;
        case D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER:
            return cls == AGX_SHADER_CLASS_SAMPLER;
    }
    return false;
}

static bool agx_root_type_matches(D3D12_ROOT_PARAMETER_TYPE type, enum agx_shader_register_class cls)
{
    switch (type)
    {
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
        case D3D12_ROOT_PARAMETER_TYPE_CBV:
            return cls == AGX_SHADER_CLASS_CBV;
        case D3D12_ROOT_PARAMETER_TYPE_SRV:
            return cls == AGX_SHADER_CLASS_SRV;
        case D3D12_ROOT_PARAMETER_TYPE_UAV:
            return cls == AGX_SHADER_CLASS_UAV;
        default:
            return false;
    }
}

/* The table's ranges: which one holds reg, and the register's descriptor index. */
static bool agx_table_find(const D3D12_ROOT_DESCRIPTOR_TABLE1 *table, enum agx_shader_register_class cls,
                           uint32_t space, uint32_t reg, struct agx_root_binding *out)
{
    const D3D12_DESCRIPTOR_RANGE1 *range;
    uint64_t offset = 0, count, last;
    UINT i;

    for (i = 0; i < table->NumDescriptorRanges; ++i)
    {
        range = &table->pDescriptorRanges[i];
        if (range->OffsetInDescriptorsFromTableStart != D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND)
            offset = range->OffsetInDescriptorsFromTableStart;
        count = range->NumDescriptors == (UINT)-1 ? (uint64_t)UINT32_MAX + 1 - range->BaseShaderRegister
                : range->NumDescriptors;
        last = range->BaseShaderRegister + count - 1;
        if (count && agx_range_class_matches(range->RangeType, cls) && range->RegisterSpace == space
                && reg >= range->BaseShaderRegister && reg <= last)
        {
            out->descriptor = offset + (reg - range->BaseShaderRegister);
            out->last = (uint32_t)AGX_MIN(last, UINT32_MAX);
            return true;
        }
        offset += count;
    }
    return false;
}

bool agx_root_signature_find(const struct agx_root_signature *signature, enum agx_shader_stage stage,
                             enum agx_shader_register_class cls, uint32_t space, uint32_t reg,
                             struct agx_root_binding *out)
{
    const D3D12_STATIC_SAMPLER_DESC *sampler;
    const D3D12_ROOT_PARAMETER1 *parameter;
    UINT i;

    memset(out, 0, sizeof(*out));
    if (!signature)
        return false;
    for (i = 0; i < signature->parameter_count; ++i)
    {
        parameter = &signature->parameters[i];
        if (!agx_visibility_matches(parameter->ShaderVisibility, stage))
            continue;
        out->parameter = i;
        out->type = parameter->ParameterType;
        if (parameter->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        {
            if (agx_table_find(&parameter->DescriptorTable, cls, space, reg, out))
                return true;
            continue;
        }
        if (!agx_root_type_matches(parameter->ParameterType, cls))
            continue;
        if (parameter->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS
                ? parameter->Constants.ShaderRegister == reg && parameter->Constants.RegisterSpace == space
                : parameter->Descriptor.ShaderRegister == reg && parameter->Descriptor.RegisterSpace == space)
        {
            out->last = reg;
            return true;
        }
    }
    if (cls != AGX_SHADER_CLASS_SAMPLER)
        return false;
    for (i = 0; i < signature->static_sampler_count; ++i)
    {
        sampler = &signature->static_samplers[i];
        if (agx_visibility_matches(sampler->ShaderVisibility, stage) && sampler->ShaderRegister == reg
                && sampler->RegisterSpace == space)
        {
            out->is_static_sampler = true;
            out->parameter = i;
            out->last = reg;
            return true;
        }
    }
    return false;
}

/* ---- Execution state ----------------------------------------------------------------- */

static struct agx_bind_exec *agx_bind_get(struct agx_exec *exec)
{
    struct agx_bind_exec *bind;
    unsigned int i;

    if (exec->binding)
        return exec->binding;
    if (!(bind = calloc(1, sizeof(*bind))))
        return NULL;
    bind->exec = exec;
    for (i = 0; i < AGX_ARRAY_SIZE(bind->stages); ++i)
        agx_bind_stage_init(bind, &bind->stages[i]);
    bind->stages[AGX_BIND_STAGE_CS].stage = AGX_SHADER_STAGE_COMPUTE;
    bind->stages[AGX_BIND_STAGE_CS].point = AGX_BIND_COMPUTE;
    bind->stages[AGX_BIND_STAGE_VS].stage = AGX_SHADER_STAGE_VERTEX;
    bind->stages[AGX_BIND_STAGE_VS].point = AGX_BIND_GRAPHICS;
    bind->stages[AGX_BIND_STAGE_GS].stage = AGX_SHADER_STAGE_GEOMETRY;
    bind->stages[AGX_BIND_STAGE_GS].point = AGX_BIND_GRAPHICS;
    bind->stages[AGX_BIND_STAGE_PS].stage = AGX_SHADER_STAGE_PIXEL;
    bind->stages[AGX_BIND_STAGE_PS].point = AGX_BIND_GRAPHICS;
    exec->binding = bind;
    return bind;
}

void agx_exec_binding_finish(struct agx_exec *exec)
{
    struct agx_bind_exec *bind = exec->binding;
    unsigned int i;

    if (!bind)
        return;
    for (i = 0; i < AGX_ARRAY_SIZE(bind->stages); ++i)
        agx_bind_stage_finish(&bind->stages[i]);
    for (i = 0; i < AGX_ARRAY_SIZE(bind->execs); ++i)
        if (bind->execs[i].exec)
            agx_shader_exec_destroy(bind->execs[i].exec);
    free(bind);
    exec->binding = NULL;
}

/* Constants get consecutive places in the pool, in parameter order. */
static void agx_bind_set_root_signature(struct agx_bind_root *root, struct agx_root_signature *signature)
{
    const D3D12_ROOT_PARAMETER1 *parameter;
    uint32_t offset = 0, i;

    if (root->signature == signature)
        return;
    /* A different signature leaves every argument undefined: start from zeros. */
    memset(root, 0, sizeof(*root));
    root->signature = signature;
    if (!signature)
        return;
    for (i = 0; i < signature->parameter_count && i < AGX_BIND_MAX_ROOT_PARAMETERS; ++i)
    {
        parameter = &signature->parameters[i];
        root->constant_offset[i] = offset;
        if (parameter->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
            offset = AGX_MIN(offset + parameter->Constants.Num32BitValues, AGX_BIND_MAX_ROOT_CONSTANTS);
    }
}

static void agx_bind_set_root_constants(struct agx_bind_root *root, const struct agx_cmd_set_root_constants *cmd)
{
    const D3D12_ROOT_PARAMETER1 *parameter;
    uint32_t base, i;

    if (!root->signature || cmd->index >= root->signature->parameter_count
            || cmd->index >= AGX_BIND_MAX_ROOT_PARAMETERS)
        return;
    parameter = &root->signature->parameters[cmd->index];
    if (parameter->ParameterType != D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        return;
    base = root->constant_offset[cmd->index];
    for (i = 0; i < cmd->count; ++i)
    {
        if (cmd->offset + i < parameter->Constants.Num32BitValues && base + cmd->offset + i < AGX_BIND_MAX_ROOT_CONSTANTS)
            root->constants[base + cmd->offset + i] = cmd->values[i];
    }
}

static void agx_bind_set_argument(struct agx_bind_root *root, uint32_t index, uint64_t value)
{
    if (root->signature && index < root->signature->parameter_count && index < AGX_BIND_MAX_ROOT_PARAMETERS)
        root->arguments[index] = value;
}

void agx_exec_binding_command(struct agx_exec *exec, const struct agx_cmd *cmd)
{
    struct agx_bind_exec *bind;
    unsigned int i;

    if (cmd->type == AGX_CMD_DISPATCH)
    {
        agx_dispatch_exec(exec, (const struct agx_cmd_dispatch *)cmd);
        return;
    }
    if (!(bind = agx_bind_get(exec)))
    {
        agx_exec_fail(exec, E_OUTOFMEMORY);
        return;
    }
    /* Whatever was resolved may no longer hold. */
    for (i = 0; i < AGX_ARRAY_SIZE(bind->stages); ++i)
        agx_bind_stage_reset(&bind->stages[i]);

    switch (cmd->type)
    {
        case AGX_CMD_SET_PIPELINE:
            bind->pipeline = ((const struct agx_cmd_set_pipeline *)cmd)->pipeline;
            break;

        case AGX_CMD_SET_ROOT_SIGNATURE:
        {
            const struct agx_cmd_set_root_signature *set = (const void *)cmd;

            if (set->point < AGX_BIND_POINT_COUNT)
                agx_bind_set_root_signature(&bind->roots[set->point], set->signature);
            break;
        }

        case AGX_CMD_SET_ROOT_TABLE:
        {
            const struct agx_cmd_set_root_table *set = (const void *)cmd;

            if (set->point < AGX_BIND_POINT_COUNT)
                agx_bind_set_argument(&bind->roots[set->point], set->index, set->base);
            break;
        }

        case AGX_CMD_SET_ROOT_VIEW:
        {
            const struct agx_cmd_set_root_view *set = (const void *)cmd;

            if (set->point < AGX_BIND_POINT_COUNT)
                agx_bind_set_argument(&bind->roots[set->point], set->index, set->va);
            break;
        }

        case AGX_CMD_SET_ROOT_CONSTANTS:
        {
            const struct agx_cmd_set_root_constants *set = (const void *)cmd;

            if (set->point < AGX_BIND_POINT_COUNT)
                agx_bind_set_root_constants(&bind->roots[set->point], set);
            break;
        }

        case AGX_CMD_SET_DESCRIPTOR_HEAPS:
        {
            const struct agx_cmd_set_descriptor_heaps *set = (const void *)cmd;

            bind->view_heap_base = set->view_base;
            bind->view_heap_size = set->view_size;
            bind->sampler_heap_base = set->sampler_base;
            bind->sampler_heap_size = set->sampler_size;
            break;
        }

        case AGX_CMD_CLEAR_ROOT_ARGUMENTS:
            /* The signatures stay; their arguments read as zeros again. */
            for (i = 0; i < AGX_BIND_POINT_COUNT; ++i)
            {
                memset(bind->roots[i].arguments, 0, sizeof(bind->roots[i].arguments));
                memset(bind->roots[i].constants, 0, sizeof(bind->roots[i].constants));
            }
            break;
    }
}

const struct agx_pipeline *agx_bind_pipeline(struct agx_exec *exec, D3D12DDI_PIPELINE_STATE_TYPE type)
{
    const struct agx_bind_exec *bind = exec->binding;

    if (!bind || !bind->pipeline || bind->pipeline->type != type)
        return NULL;
    return bind->pipeline;
}

const struct agx_shader_bindings *agx_bind_stage(struct agx_exec *exec, enum agx_shader_stage stage)
{
    struct agx_bind_exec *bind = exec->binding;
    const struct agx_pipeline *pipeline;
    struct agx_bind_stage *ctx;
    const struct agx_shader *shader;

    if (!bind || !(pipeline = bind->pipeline))
        return NULL;
    switch (stage)
    {
        case AGX_SHADER_STAGE_COMPUTE:
            shader = pipeline->type == D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE ? pipeline->cs : NULL;
            ctx = &bind->stages[AGX_BIND_STAGE_CS];
            break;
        case AGX_SHADER_STAGE_VERTEX:
            shader = pipeline->type == D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS ? pipeline->vs : NULL;
            ctx = &bind->stages[AGX_BIND_STAGE_VS];
            break;
        case AGX_SHADER_STAGE_GEOMETRY:
            shader = pipeline->type == D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS ? pipeline->gs : NULL;
            ctx = &bind->stages[AGX_BIND_STAGE_GS];
            break;
        case AGX_SHADER_STAGE_PIXEL:
            shader = pipeline->type == D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS ? pipeline->ps : NULL;
            ctx = &bind->stages[AGX_BIND_STAGE_PS];
            break;
        default:
            return NULL;
    }
    if (!shader)
        return NULL;
    agx_bind_stage_reset(ctx);
    ctx->info = agx_shader_get_info(shader);
    ctx->root = &bind->roots[ctx->point];
    return &ctx->bindings;
}

struct agx_shader_exec *agx_bind_shader_exec(struct agx_exec *exec, const struct agx_shader *shader,
                                             uint32_t max_lanes)
{
    struct agx_bind_exec *bind = agx_bind_get(exec);
    struct agx_bind_shader_exec *slot, *victim = NULL;
    unsigned int i;

    if (!bind)
        return NULL;
    for (i = 0; i < AGX_ARRAY_SIZE(bind->execs); ++i)
    {
        slot = &bind->execs[i];
        if (slot->exec && slot->shader == shader && slot->max_lanes >= max_lanes)
        {
            slot->last_use = ++bind->use_clock;
            return slot->exec;
        }
        /* An empty slot, else the least recently used one. */
        if (!victim || (victim->exec && (!slot->exec || slot->last_use < victim->last_use)))
            victim = slot;
    }
    /* Shaders of this recording stay alive until it ends, so a kept exec never outlives
     * its shader. */
    if (victim->exec)
        agx_shader_exec_destroy(victim->exec);
    memset(victim, 0, sizeof(*victim));
    if (FAILED(agx_shader_exec_create(shader, max_lanes, &victim->exec)))
    {
        victim->exec = NULL;
        return NULL;
    }
    victim->shader = shader;
    victim->max_lanes = max_lanes;
    victim->last_use = ++bind->use_clock;
    return victim->exec;
}
