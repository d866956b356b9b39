/*
 * The shader engine's decoder: a DXBC container's SHDR/SHEX program read token by
 * token with bounds checks, operands decoded (5.0 and 5.1 forms), declarations turned
 * into reflection (agx_shader_decode_dcl.c), flow control matched into jump targets,
 * and everything the executor cannot run refused with a sentence naming it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_shader_private.h"
#include "ddi_dxbc.h"

static const struct agx_sm_opcode_info agx_sm_opcodes[DDI_SM5_OPCODE_COUNT] =
{
#define AGX_SM_X(name, value, mnemonic, dst_count, roles, flags) [value] = {mnemonic, dst_count, roles, flags},
    DDI_SM5_OPCODES(AGX_SM_X)
#undef AGX_SM_X
};

static const char *const agx_sm_operand_names[DDI_SM5_OPERAND_TYPE_COUNT] =
{
#define AGX_SM_X(name, value, prefix) [value] = prefix,
    DDI_SM5_OPERAND_TYPES(AGX_SM_X)
#undef AGX_SM_X
};

const struct agx_sm_opcode_info *agx_sm_opcode_info(uint32_t opcode)
{
    if (opcode >= DDI_SM5_OPCODE_COUNT || !agx_sm_opcodes[opcode].mnemonic)
        return NULL;
    return &agx_sm_opcodes[opcode];
}

const char *agx_sm_operand_name(uint32_t type)
{
    return type < DDI_SM5_OPERAND_TYPE_COUNT ? agx_sm_operand_names[type] : "unknown";
}

bool agx_sm_opcode_supported(uint32_t opcode)
{
    switch (opcode)
    {
        case DDI_SM5_OP_CALL: case DDI_SM5_OP_CALLC: case DDI_SM5_OP_LABEL: case DDI_SM5_OP_INTERFACE_CALL:
        case DDI_SM5_OP_ABORT: case DDI_SM5_OP_DEBUG_BREAK:
            return false;
        default:
            break;
    }
    if (!agx_sm_opcode_info(opcode))
        return false;
    if (agx_sm_is_gs_opcode(opcode))
        return true;
    return !(agx_sm_opcodes[opcode].flags & (DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_STAGE | DDI_SM5_OPF_DECL));
}

HRESULT agx_sm_fail(struct agx_sm_reader *r, const char *fmt, ...)
{
    va_list args;
    int n = 0;

    if (r->why && r->why_size)
    {
        if (r->context)
            n = snprintf(r->why, r->why_size, "'%s' at token %u: ", r->context, r->pos);
        else if (r->pos != UINT32_MAX)
            n = snprintf(r->why, r->why_size, "token %u: ", r->pos);
        if (n < 0 || (size_t)n >= r->why_size)
            n = 0;
        va_start(args, fmt);
        vsnprintf(r->why + n, r->why_size - n, fmt, args);
        va_end(args);
    }
    return E_INVALIDARG;
}

HRESULT agx_sm_read_token(struct agx_sm_reader *r, uint32_t *token)
{
    if (r->pos >= r->end)
        return agx_sm_fail(r, "the instruction ends before its operands do");
    *token = r->tokens[r->pos++];
    return S_OK;
}

/* The relative part of an index: a scalar read of r# or of x#[n]. */
static HRESULT agx_sm_read_relative(struct agx_sm_reader *r, struct agx_sm_rel *rel)
{
    struct agx_sm_operand nested;
    struct agx_sm_index raw[3];
    uint32_t count, i;
    HRESULT hr;

    if (FAILED(hr = agx_sm_read_operand(r, &nested, &count, raw)))
        return hr;
    if (nested.modifier)
        return agx_sm_fail(r, "a relative index with a modifier");
    rel->comp = nested.swizzle[0];
    rel->type = nested.type;
    if (nested.type == DDI_SM5_OPERAND_TEMP && count == 1 && !raw[0].relative)
    {
        if (raw[0].imm >= r->shader->temp_count)
            return agx_sm_fail(r, "relative index through r%u beyond dcl_temps %u", raw[0].imm,
                               r->shader->temp_count);
        rel->reg = raw[0].imm;
        rel->array = 0;
        return S_OK;
    }
    if (nested.type == DDI_SM5_OPERAND_INDEXABLE_TEMP && count == 2 && !raw[0].relative && !raw[1].relative)
    {
        for (i = 0; i < r->shader->indexable_count; ++i)
        {
            if (r->shader->indexables[i].reg != raw[0].imm)
                continue;
            if (raw[1].imm >= r->shader->indexables[i].count)
                return agx_sm_fail(r, "x%u[%u] beyond its declared %u elements", raw[0].imm, raw[1].imm,
                                   r->shader->indexables[i].count);
            rel->array = i;
            rel->reg = raw[1].imm;
            return S_OK;
        }
        return agx_sm_fail(r, "x%u is not declared", raw[0].imm);
    }
    return agx_sm_fail(r, "relative addressing through %s is not supported", agx_sm_operand_name(nested.type));
}

HRESULT agx_sm_read_operand(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t *raw_count,
                            struct agx_sm_index raw[3])
{
    uint32_t token = 0, ext, components, selection, bits, rep, i, count;
    HRESULT hr;

    memset(op, 0, sizeof(*op));
    memset(raw, 0, 3 * sizeof(*raw));
    if (FAILED(hr = agx_sm_read_token(r, &token)))
        return hr;
    op->type = (token & DDI_SM5_OPERAND_TYPE_MASK) >> DDI_SM5_OPERAND_TYPE_SHIFT;
    if (op->type >= DDI_SM5_OPERAND_TYPE_COUNT)
        return agx_sm_fail(r, "unknown operand type %u", op->type);
    components = token & DDI_SM5_OPERAND_COMPONENTS_MASK;
    selection = (token & DDI_SM5_SELECTION_MASK) >> DDI_SM5_SELECTION_SHIFT;
    bits = (token >> DDI_SM5_MASK_SHIFT) & 0xffu;
    for (i = 0; i < 4; ++i)
        op->swizzle[i] = i;
    switch (components)
    {
        case DDI_SM5_COMPONENTS_0:
            break;
        case DDI_SM5_COMPONENTS_1:
            op->mask = 1;
            op->swizzle[1] = op->swizzle[2] = op->swizzle[3] = 0;
            break;
        case DDI_SM5_COMPONENTS_4:
            if (selection == DDI_SM5_SELECT_MASK)
            {
                op->mask = bits & 0xfu;
            }
            else if (selection == DDI_SM5_SELECT_SWIZZLE)
            {
                op->mask = 0xf;
                for (i = 0; i < 4; ++i)
                    op->swizzle[i] = (bits >> (2 * i)) & 3u;
            }
            else if (selection == DDI_SM5_SELECT_1)
            {
                op->mask = 0xf;
                for (i = 0; i < 4; ++i)
                    op->swizzle[i] = bits & 3u;
            }
            else
            {
                return agx_sm_fail(r, "operand selection mode %u is invalid", selection);
            }
            break;
        default:
            return agx_sm_fail(r, "n-component operands are not supported");
    }

    ext = token;
    while (ext & DDI_SM5_OPERAND_EXTENDED)
    {
        if (FAILED(hr = agx_sm_read_token(r, &ext)))
            return hr;
        if ((ext & DDI_SM5_EXT_OPERAND_TYPE_MASK) == DDI_SM5_EXT_OPERAND_MODIFIER)
            op->modifier = (ext & DDI_SM5_MODIFIER_MASK) >> DDI_SM5_MODIFIER_SHIFT;
        else if (ext & DDI_SM5_EXT_OPERAND_TYPE_MASK)
            return agx_sm_fail(r, "extended operand type %u is invalid", ext & DDI_SM5_EXT_OPERAND_TYPE_MASK);
        if (op->modifier > DDI_SM5_MODIFIER_ABS_NEG)
            return agx_sm_fail(r, "operand modifier %u is invalid", op->modifier);
    }

    if (op->type == DDI_SM5_OPERAND_IMMEDIATE64)
        return agx_sm_fail(r, "64-bit immediates (doubles) are not supported");
    if (op->type == DDI_SM5_OPERAND_IMMEDIATE32)
    {
        count = components == DDI_SM5_COMPONENTS_4 ? 4 : 1;
        if (components == DDI_SM5_COMPONENTS_0)
            return agx_sm_fail(r, "an immediate without components");
        for (i = 0; i < count; ++i)
            if (FAILED(hr = agx_sm_read_token(r, &op->imm[i])))
                return hr;
        if (count == 1)
            op->imm[1] = op->imm[2] = op->imm[3] = op->imm[0];
        for (i = 0; i < 4; ++i)
            op->swizzle[i] = count == 4 ? op->swizzle[i] : 0;
    }

    *raw_count = (token & DDI_SM5_INDEX_DIMENSION_MASK) >> DDI_SM5_INDEX_DIMENSION_SHIFT;
    if (op->type == DDI_SM5_OPERAND_IMMEDIATE32 && *raw_count)
        return agx_sm_fail(r, "an immediate with indices");
    for (i = 0; i < *raw_count; ++i)
    {
        uint32_t high = 0;

        rep = (token & DDI_SM5_INDEX_REP_MASK(i)) >> DDI_SM5_INDEX_REP_SHIFT(i);
        switch (rep)
        {
            case DDI_SM5_INDEX_IMM32:
            case DDI_SM5_INDEX_IMM32_PLUS_RELATIVE:
                if (FAILED(hr = agx_sm_read_token(r, &raw[i].imm)))
                    return hr;
                break;
            case DDI_SM5_INDEX_IMM64:
            case DDI_SM5_INDEX_IMM64_PLUS_RELATIVE:
                if (FAILED(hr = agx_sm_read_token(r, &high)) || FAILED(hr = agx_sm_read_token(r, &raw[i].imm)))
                    return hr;
                if (high)
                    return agx_sm_fail(r, "a 64-bit register index beyond 32 bits");
                break;
            case DDI_SM5_INDEX_RELATIVE:
                break;
            default:
                return agx_sm_fail(r, "index representation %u is invalid", rep);
        }
        if (rep == DDI_SM5_INDEX_RELATIVE || rep == DDI_SM5_INDEX_IMM32_PLUS_RELATIVE
                || rep == DDI_SM5_INDEX_IMM64_PLUS_RELATIVE)
        {
            raw[i].relative = true;
            if (FAILED(hr = agx_sm_read_relative(r, &raw[i].rel)))
                return hr;
        }
    }
    return S_OK;
}

/* Extended opcode tokens: offsets are kept, the resource shape is the declaration's. */
static HRESULT agx_sm_read_extended(struct agx_sm_reader *r, uint32_t token, struct agx_sm_instr *ins,
                                    const struct agx_sm_opcode_info *info)
{
    uint32_t type;
    HRESULT hr;

    while (token & DDI_SM5_EXTENDED)
    {
        if (FAILED(hr = agx_sm_read_token(r, &token)))
            return hr;
        type = token & DDI_SM5_EXT_OPCODE_TYPE_MASK;
        if (type == DDI_SM5_EXT_OPCODE_SAMPLE_CONTROLS)
        {
            if (!(info->flags & DDI_SM5_OPF_OFFSETS))
                return agx_sm_fail(r, "'%s' does not take aoffimmi", info->mnemonic);
            /* Signed 4-bit fields. */
            ins->offset[0] = (int8_t)((int32_t)(token << (28 - DDI_SM5_AOFFIMMI_U_SHIFT)) >> 28);
            ins->offset[1] = (int8_t)((int32_t)(token << (28 - DDI_SM5_AOFFIMMI_V_SHIFT)) >> 28);
            ins->offset[2] = (int8_t)((int32_t)(token << (28 - DDI_SM5_AOFFIMMI_W_SHIFT)) >> 28);
        }
        else if (type != DDI_SM5_EXT_OPCODE_RESOURCE_DIM && type != DDI_SM5_EXT_OPCODE_RESOURCE_RETURN_TYPE
                 && type != DDI_SM5_EXT_OPCODE_EMPTY)
        {
            return agx_sm_fail(r, "extended opcode token type %u is invalid", type);
        }
    }
    return S_OK;
}

/* Which operands may name memory (u#, g#) as destinations and resources as sources. */
static HRESULT agx_sm_check_memory(struct agx_sm_reader *r, const struct agx_sm_instr *ins)
{
    uint32_t op = agx_sm_feedback_base(ins->opcode), i, mem_dst = ~0u;   /* *_s: as their base */
    bool tgsm_ok = false, uav_ok = true;

    if (op == DDI_SM5_OP_STORE_RAW || op == DDI_SM5_OP_STORE_STRUCTURED || op == DDI_SM5_OP_STORE_UAV_TYPED
            || (op >= DDI_SM5_OP_ATOMIC_AND && op <= DDI_SM5_OP_ATOMIC_UMIN))
        mem_dst = 0;
    else if (op >= DDI_SM5_OP_IMM_ATOMIC_IADD && op <= DDI_SM5_OP_IMM_ATOMIC_UMIN)
        mem_dst = 1;
    for (i = 0; i < ins->dst_count; ++i)
    {
        uint32_t type = ins->dst[i].type;
        bool mem = type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW || type == DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY;

        if (mem != (i == mem_dst))
            return agx_sm_fail(r, "destination %u cannot be %s", i, agx_sm_operand_name(type));
        if (op == DDI_SM5_OP_STORE_UAV_TYPED && type != DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW)
            return agx_sm_fail(r, "typed stores go to u#");
        if (mem && op != DDI_SM5_OP_STORE_UAV_TYPED && type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW)
        {
            enum agx_shader_dim dim = r->shader->info.bindings[ins->dst[i].slot].dim;

            if (dim != AGX_SHADER_DIM_RAW_BUFFER && dim != AGX_SHADER_DIM_STRUCTURED_BUFFER
                    && (op == DDI_SM5_OP_STORE_RAW || op == DDI_SM5_OP_STORE_STRUCTURED))
                return agx_sm_fail(r, "a raw or structured store to a typed UAV");
        }
    }
    switch (op)
    {
        case DDI_SM5_OP_LD_RAW:
        case DDI_SM5_OP_LD_STRUCTURED:
            tgsm_ok = true;
            break;
        case DDI_SM5_OP_LD_UAV_TYPED:
        case DDI_SM5_OP_BUFINFO:
        case DDI_SM5_OP_RESINFO:
        case DDI_SM5_OP_IMM_ATOMIC_ALLOC:
        case DDI_SM5_OP_IMM_ATOMIC_CONSUME:
            break;
        default:
            uav_ok = false;
            break;
    }
    for (i = 0; i < ins->src_count; ++i)
    {
        uint32_t type = ins->src[i].type;

        if (type == DDI_SM5_OPERAND_RASTERIZER && op != DDI_SM5_OP_SAMPLE_INFO && op != DDI_SM5_OP_SAMPLE_POS)
            return agx_sm_fail(r, "source %u cannot be the rasterizer", i);
        if ((type == DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY && !tgsm_ok)
                || (type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW && !uav_ok)
                || (type == DDI_SM5_OPERAND_RESOURCE && (op == DDI_SM5_OP_LD_UAV_TYPED
                    || op == DDI_SM5_OP_IMM_ATOMIC_ALLOC || op == DDI_SM5_OP_IMM_ATOMIC_CONSUME)))
            return agx_sm_fail(r, "source %u cannot be %s", i, agx_sm_operand_name(type));
    }
    return S_OK;
}

static const char *agx_sm_stage_name(uint32_t type)
{
    switch (type)
    {
        case DDI_SM5_PROGRAM_PIXEL: return "pixel";
        case DDI_SM5_PROGRAM_VERTEX: return "vertex";
        case DDI_SM5_PROGRAM_GEOMETRY: return "geometry";
        case DDI_SM5_PROGRAM_HULL: return "hull";
        case DDI_SM5_PROGRAM_DOMAIN: return "domain";
        case DDI_SM5_PROGRAM_COMPUTE: return "compute";
        default: return "unknown";
    }
}

static HRESULT agx_sm_decode_code(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token,
                                  struct agx_sm_instr *ins)
{
    const struct agx_sm_opcode_info *info = agx_sm_opcode_info(DDI_SM5_OPCODE_OF(token));
    struct agx_sm_index raw[3];
    uint32_t i, count;
    HRESULT hr;

    memset(ins, 0, sizeof(*ins));
    ins->opcode = DDI_SM5_OPCODE_OF(token);
    r->context = info->mnemonic;
    if (!agx_sm_opcode_supported(ins->opcode))
        return agx_sm_fail(r, "opcode '%s' is not supported by the simulated device", info->mnemonic);
    if ((token & DDI_SM5_SATURATE) && !(info->flags & DDI_SM5_OPF_SAT))
        return agx_sm_fail(r, "'%s' does not take _sat", info->mnemonic);
    ins->saturate = !!(token & DDI_SM5_SATURATE);
    ins->test_nonzero = !!(token & DDI_SM5_TEST_NONZERO);
    ins->controls = token & DDI_SM5_CONTROLS_MASK;
    if (info->flags & DDI_SM5_OPF_RESINFO)
    {
        ins->resinfo = (token & DDI_SM5_RESINFO_MASK) >> DDI_SM5_RESINFO_SHIFT;
        if (ins->resinfo > DDI_SM5_RESINFO_UINT)
            return agx_sm_fail(r, "resinfo return type %u is invalid", ins->resinfo);
    }
    if (ins->opcode == DDI_SM5_OP_SAMPLE_INFO && (token & DDI_SM5_SAMPLEINFO_UINT))
        ins->resinfo = DDI_SM5_RESINFO_UINT;
    if (FAILED(hr = agx_sm_read_extended(r, token, ins, info)))
        return hr;

    ins->dst_count = info->dst_count;
    ins->src_count = strlen(info->roles) - info->dst_count;
    for (i = 0; info->roles[i]; ++i)
    {
        bool dst = i < info->dst_count;
        struct agx_sm_operand *op = dst ? &ins->dst[i] : &ins->src[i - info->dst_count];

        if (FAILED(hr = agx_sm_read_operand(r, op, &count, raw)))
            return hr;
        if (FAILED(hr = agx_sm_check_operand(r, op, count, raw, dst, info->roles[i])))
            return hr;
    }
    if (agx_sm_is_gs_opcode(ins->opcode) && shader->info.stage != AGX_SHADER_STAGE_GEOMETRY)
        return agx_sm_fail(r, "only geometry shaders run '%s'", info->mnemonic);
    if ((ins->opcode >= DDI_SM5_OP_DERIV_RTX_COARSE && ins->opcode <= DDI_SM5_OP_DERIV_RTY_FINE)
            || ins->opcode == DDI_SM5_OP_DERIV_RTX || ins->opcode == DDI_SM5_OP_DERIV_RTY
            || ins->opcode == DDI_SM5_OP_DISCARD || ins->opcode == DDI_SM5_OP_LOD
            || (ins->opcode >= DDI_SM5_OP_EVAL_SNAPPED && ins->opcode <= DDI_SM5_OP_EVAL_CENTROID))
    {
        if (shader->info.stage != AGX_SHADER_STAGE_PIXEL)
            return agx_sm_fail(r, "only pixel shaders run '%s'", info->mnemonic);
        shader->info.uses_discard |= ins->opcode == DDI_SM5_OP_DISCARD;
    }
    if (ins->opcode >= DDI_SM5_OP_EVAL_SNAPPED && ins->opcode <= DDI_SM5_OP_EVAL_CENTROID)
    {
        /* The attribute evaluated is a v# named directly (D3D11.3: "eval_*" take an input register). */
        if (ins->src[0].type != DDI_SM5_OPERAND_INPUT || ins->src[0].index[0].relative)
            return agx_sm_fail(r, "'%s' evaluates a v# register named by an immediate index", info->mnemonic);
        shader->info.evaluates_inputs = true;
    }
    return agx_sm_check_memory(r, ins);
}

/* Matches if/else/endif, loop/endloop and switch/case/default/endswitch; checks that
 * break and continue have somewhere to go. */
static HRESULT agx_sm_match_flow(struct agx_shader *shader, struct agx_sm_reader *r)
{
    uint32_t stack[AGX_SM_MAX_DEPTH], depth = 0, i, j, next;
    struct agx_sm_instr *code = shader->code;
    bool has_else[AGX_SM_MAX_DEPTH] = {false};

    for (i = 0; i < shader->code_count; ++i)
    {
        struct agx_sm_instr *ins = &code[i];
        const char *name = agx_sm_opcode_info(ins->opcode)->mnemonic;
        uint32_t top_op = depth ? code[stack[depth - 1]].opcode : ~0u;

        r->pos = UINT32_MAX;
        r->context = NULL;
        switch (ins->opcode)
        {
            case DDI_SM5_OP_IF:
            case DDI_SM5_OP_LOOP:
            case DDI_SM5_OP_SWITCH:
                if (depth == AGX_SM_MAX_DEPTH)
                    return agx_sm_fail(r, "flow control nests deeper than %u", AGX_SM_MAX_DEPTH);
                has_else[depth] = false;
                stack[depth++] = i;
                break;
            case DDI_SM5_OP_ELSE:
                if (top_op != DDI_SM5_OP_IF || has_else[depth - 1])
                    return agx_sm_fail(r, "instruction %u: else without its if", i);
                has_else[depth - 1] = true;
                break;
            case DDI_SM5_OP_ENDIF:
                if (top_op != DDI_SM5_OP_IF)
                    return agx_sm_fail(r, "instruction %u: endif without its if", i);
                --depth;
                break;
            case DDI_SM5_OP_ENDLOOP:
                if (top_op != DDI_SM5_OP_LOOP)
                    return agx_sm_fail(r, "instruction %u: endloop without its loop", i);
                --depth;
                break;
            case DDI_SM5_OP_CASE:
            case DDI_SM5_OP_DEFAULT:
                if (top_op != DDI_SM5_OP_SWITCH)
                    return agx_sm_fail(r, "instruction %u: %s outside a switch", i, name);
                if (ins->opcode == DDI_SM5_OP_CASE && ins->src[0].type != DDI_SM5_OPERAND_IMMEDIATE32)
                    return agx_sm_fail(r, "instruction %u: case takes an immediate", i);
                ins->target = stack[depth - 1];
                break;
            case DDI_SM5_OP_ENDSWITCH:
                if (top_op != DDI_SM5_OP_SWITCH)
                    return agx_sm_fail(r, "instruction %u: endswitch without its switch", i);
                j = stack[--depth];
                code[j].case_first = shader->case_total;
                for (next = j + 1; next < i; ++next)
                    if (code[next].opcode == DDI_SM5_OP_CASE && code[next].target == j)
                        shader->cases[shader->case_total++] = code[next].src[0].imm[0];
                code[j].case_count = shader->case_total - code[j].case_first;
                break;
            case DDI_SM5_OP_BREAK:
            case DDI_SM5_OP_BREAKC:
            case DDI_SM5_OP_CONTINUE:
            case DDI_SM5_OP_CONTINUEC:
            {
                bool loop_only = ins->opcode == DDI_SM5_OP_CONTINUE || ins->opcode == DDI_SM5_OP_CONTINUEC;
                bool found = false;

                for (j = depth; j-- > 0 && !found;)
                    found = code[stack[j]].opcode == DDI_SM5_OP_LOOP
                            || (!loop_only && code[stack[j]].opcode == DDI_SM5_OP_SWITCH);
                if (!found)
                    return agx_sm_fail(r, "instruction %u: %s outside a %s", i, name,
                                       loop_only ? "loop" : "loop or switch");
                break;
            }
            default:
                break;
        }
    }
    if (depth)
        return agx_sm_fail(r, "instruction %u: '%s' is never closed", stack[depth - 1],
                           agx_sm_opcode_info(code[stack[depth - 1]].opcode)->mnemonic);

    for (i = shader->code_count; i-- > 0;)
    {
        /* Append and consume buffers use their counter without the _opc declaration. */
        if (code[i].opcode == DDI_SM5_OP_IMM_ATOMIC_ALLOC || code[i].opcode == DDI_SM5_OP_IMM_ATOMIC_CONSUME)
            shader->bindings[code[i].src[0].slot].has_counter = true;
        for (j = 0; j < code[i].src_count; ++j)
        {
            uint32_t type = code[i].src[j].type;

            if (type >= DDI_SM5_OPERAND_INPUT_THREAD_ID && type <= DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP)
                shader->sysvals |= 1u << (type - DDI_SM5_OPERAND_INPUT_THREAD_ID);
            else if (type == DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP_FLATTENED)
                shader->sysvals |= 1u << 3;
        }
    }
    return S_OK;
}

static HRESULT agx_sm_decode_program(struct agx_shader *shader, const uint32_t *tokens, uint32_t count,
                                     char *why, size_t why_size)
{
    struct agx_sm_reader r = {shader, tokens, 0, count, 0, 0, NULL, why, why_size};
    uint32_t capacity = 0, code_capacity = 0, token, length, type;
    struct agx_shader_binding *bindings = NULL;
    HRESULT hr;

    if (count < 2)
        return agx_sm_fail(&r, "the program has no version and length tokens");
    type = DDI_SM5_VERSION_TYPE(tokens[0]);
    r.major = DDI_SM5_VERSION_MAJOR(tokens[0]);
    r.minor = DDI_SM5_VERSION_MINOR(tokens[0]);
    if (tokens[1] < 2 || tokens[1] > count)
        return agx_sm_fail(&r, "the program's length token says %u tokens, the part holds %u", tokens[1], count);
    count = tokens[1];
    if (r.major < 4 || r.major > 5)
        return agx_sm_fail(&r, "shader model %u.%u is not a DXBC token program", r.major, r.minor);
    shader->info.major = r.major;
    shader->info.minor = r.minor;
    if (type != (uint32_t)shader->info.stage)
        return agx_sm_fail(&r, "the program is a %s shader where a %s shader is expected",
                           agx_sm_stage_name(type), agx_sm_stage_name(shader->info.stage));
    shader->info.gs_instances = 1;

    /* A case value per token is the most there can be. */
    if (!(shader->cases = calloc(count, sizeof(*shader->cases))))
        return E_OUTOFMEMORY;

    r.pos = 2;
    hr = S_OK;
    while (r.pos < count && SUCCEEDED(hr))
    {
        const struct agx_sm_opcode_info *info;
        uint32_t start = r.pos;

        token = tokens[r.pos];
        info = agx_sm_opcode_info(DDI_SM5_OPCODE_OF(token));
        if (!info)
        {
            hr = agx_sm_fail(&r, "unknown opcode %u", DDI_SM5_OPCODE_OF(token));
            break;
        }
        /* A length of 0 in the opcode token (customdata, long declarations) means the
         * next token holds it, as vkd3d-shader's reader of fxc's output takes it. */
        if (!(length = DDI_SM5_LENGTH_OF(token)))
            length = r.pos + 1 < count && tokens[r.pos + 1] >= 2 ? tokens[r.pos + 1] : 0;
        if (!length || length > count - r.pos)
        {
            hr = agx_sm_fail(&r, "'%s' has length %u, which does not fit the program", info->mnemonic, length);
            break;
        }
        /* The opcode token's length is the instruction's: operands must fit in it, and
         * tokens after them are skipped (fxc's samplepos counts one its operands do not
         * use; Windows' drivers step by the length alone). */
        r.end = start + length;
        r.pos = start + (DDI_SM5_LENGTH_OF(token) ? 1 : 2);
        r.context = info->mnemonic;
        if (shader->info.stage == AGX_SHADER_STAGE_HULL && agx_sm_is_hs_phase_opcode(DDI_SM5_OPCODE_OF(token)))
        {
            hr = agx_sm_decode_hs_phase(shader, &r, token);
        }
        else if (shader->info.stage == AGX_SHADER_STAGE_HULL && shader->hs_phase == AGX_SM_HS_NO_PHASE)
        {
            hr = agx_sm_fail(&r, "'%s' before hs_decls", info->mnemonic);
        }
        else if (shader->info.stage == AGX_SHADER_STAGE_HULL && shader->hs_phase == AGX_SM_HS_DECLS
                && !(info->flags & DDI_SM5_OPF_DECL))
        {
            hr = agx_sm_fail(&r, "'%s' outside a hull shader phase", info->mnemonic);
        }
        else if (info->flags & DDI_SM5_OPF_DECL)
        {
            if ((info->flags & DDI_SM5_OPF_STAGE) && shader->info.stage == AGX_SHADER_STAGE_GEOMETRY)
                hr = agx_sm_decode_gs_declaration(shader, &r, token);
            else if ((info->flags & DDI_SM5_OPF_STAGE) && shader->info.stage == AGX_SHADER_STAGE_DOMAIN)
                hr = agx_sm_decode_ds_declaration(shader, &r, token);
            else if ((info->flags & DDI_SM5_OPF_STAGE) && shader->info.stage == AGX_SHADER_STAGE_HULL)
                hr = agx_sm_decode_hs_declaration(shader, &r, token);
            else if (info->flags & DDI_SM5_OPF_STAGE)
                hr = agx_sm_fail(&r, "'%s' belongs to a stage the simulated device does not run", info->mnemonic);
            else
                hr = agx_sm_decode_declaration(shader, &r, token, &bindings, &capacity);
        }
        else
        {
            if (shader->code_count == code_capacity)
            {
                struct agx_sm_instr *grown;

                code_capacity = code_capacity ? code_capacity * 2 : 64;
                if (!(grown = realloc(shader->code, code_capacity * sizeof(*grown))))
                {
                    hr = E_OUTOFMEMORY;
                    break;
                }
                shader->code = grown;
            }
            hr = agx_sm_decode_code(shader, &r, token, &shader->code[shader->code_count]);
            if (SUCCEEDED(hr))
                ++shader->code_count;
        }
        r.pos = start + length;
        r.end = count;
        r.context = NULL;
    }
    shader->bindings = bindings;
    shader->info.bindings = bindings;
    if (SUCCEEDED(hr) && shader->info.stage == AGX_SHADER_STAGE_GEOMETRY)
        hr = agx_sm_check_gs(shader, &r);
    if (SUCCEEDED(hr) && shader->info.stage == AGX_SHADER_STAGE_DOMAIN)
        hr = agx_sm_check_ds(shader, &r);
    if (SUCCEEDED(hr) && shader->info.stage == AGX_SHADER_STAGE_HULL)
        hr = agx_sm_check_hs(shader, &r);
    if (FAILED(hr) || FAILED(hr = agx_sm_match_flow(shader, &r)))
        return hr;
    hr = agx_sm_lower_program(shader, &r);
    /* The IR is what runs: the decoded form is not kept. */
    free(shader->code);
    shader->code = NULL;
    free(shader->cases);
    shader->cases = NULL;
    return hr;
}

static HRESULT agx_sm_signature(const struct ddi_dxbc *dxbc, uint32_t tag, uint32_t tag1,
                                struct agx_shader_signature_element **out, uint32_t *count, char *why,
                                size_t why_size)
{
    struct ddi_dxbc_signature_element elements[AGX_SM_MAX_SIGNATURE];
    const struct ddi_dxbc_part *part;
    uint32_t i;
    HRESULT hr;

    *count = 0;
    if (!(part = ddi_dxbc_find(dxbc, tag1)) && !(part = ddi_dxbc_find(dxbc, tag)))
        return S_OK;
    if (FAILED(hr = ddi_dxbc_parse_signature(part, elements, AGX_SM_MAX_SIGNATURE, count, why, why_size)))
        return hr;
    if (!*count)
        return S_OK;
    if (!(*out = calloc(*count, sizeof(**out))))
        return E_OUTOFMEMORY;
    for (i = 0; i < *count; ++i)
    {
        struct agx_shader_signature_element *e = &(*out)[i];

        if (strlen(elements[i].semantic) >= AGX_SHADER_MAX_SEMANTIC)
        {
            snprintf(why, why_size, "signature semantic '%.32s...' is longer than %u bytes", elements[i].semantic,
                     AGX_SHADER_MAX_SEMANTIC - 1);
            return E_INVALIDARG;
        }
        strcpy(e->semantic, elements[i].semantic);
        e->semantic_index = elements[i].semantic_index;
        e->sysval = elements[i].sysval;
        e->component_type = elements[i].component_type;
        e->reg = elements[i].reg;
        e->stream = elements[i].stream;
        e->mask = elements[i].mask;
        e->rw_mask = elements[i].rw_mask;
    }
    return S_OK;
}

HRESULT agx_shader_create(const void *bytecode, size_t size, enum agx_shader_stage stage,
                          struct agx_shader **out, char *why, size_t why_size)
{
    const struct ddi_dxbc_part *program;
    struct agx_shader *shader;
    struct ddi_dxbc dxbc;
    char scratch[1];
    HRESULT hr;

    if (!why || !why_size)
    {
        why = scratch;
        why_size = sizeof(scratch);
    }
    why[0] = 0;
    *out = NULL;
    if (FAILED(hr = ddi_dxbc_parse(bytecode, size, &dxbc, why, why_size)))
        return hr;
    program = ddi_dxbc_find(&dxbc, DDI_SM5_TAG_SHEX);
    if (!program)
        program = ddi_dxbc_find(&dxbc, DDI_SM5_TAG_SHDR);
    if (!program && !ddi_dxbc_find(&dxbc, DDI_DXBC_FOURCC('D', 'X', 'I', 'L')))
    {
        snprintf(why, why_size, "the container has no SHEX, SHDR or DXIL part");
        return E_INVALIDARG;
    }
    if (program && program->size % 4)
    {
        snprintf(why, why_size, "the program part's size %u is not a whole number of tokens", program->size);
        return E_INVALIDARG;
    }
    if (!(shader = calloc(1, sizeof(*shader))))
        return E_OUTOFMEMORY;
    shader->info.stage = stage;

    if (!program)
        hr = agx_dxil_shader_lower(shader, bytecode, size, why, why_size);
    else
    {
        /* The part may sit at any byte offset: copy to aligned tokens. */
        uint32_t count = program->size / 4;
        uint32_t *tokens = malloc(AGX_MAX(count, 1u) * sizeof(*tokens));

        if (!tokens)
        {
            agx_shader_destroy(shader);
            return E_OUTOFMEMORY;
        }
        memcpy(tokens, program->data, program->size);
        hr = agx_sm_decode_program(shader, tokens, count, why, why_size);
        free(tokens);
    }
    if (SUCCEEDED(hr))
        hr = agx_sm_signature(&dxbc, DDI_DXBC_FOURCC('I', 'S', 'G', 'N'), DDI_DXBC_FOURCC('I', 'S', 'G', '1'),
                              &shader->inputs, &shader->info.input_count, why, why_size);
    if (SUCCEEDED(hr))
    {
        hr = agx_sm_signature(&dxbc, DDI_DXBC_FOURCC('O', 'S', 'G', 'N'), DDI_DXBC_FOURCC('O', 'S', 'G', '1'),
                              &shader->outputs, &shader->info.output_count, why, why_size);
        if (SUCCEEDED(hr) && !shader->info.output_count)
            hr = agx_sm_signature(&dxbc, DDI_DXBC_FOURCC('O', 'S', 'G', '5'), DDI_DXBC_FOURCC('O', 'S', 'G', '5'),
                                  &shader->outputs, &shader->info.output_count, why, why_size);
    }
    /* The caller tells why (agx_pipeline.c: "pipeline refused: <stage>: <why>"). */
    if (FAILED(hr))
    {
        agx_shader_destroy(shader);
        return hr;
    }
    shader->info.inputs = shader->inputs;
    shader->info.outputs = shader->outputs;
    *out = shader;
    return S_OK;
}

void agx_shader_destroy(struct agx_shader *shader)
{
    if (!shader)
        return;
    free(shader->bindings);
    free(shader->inputs);
    free(shader->outputs);
    free(shader->code);
    free(shader->icb);
    free(shader->cases);
    agx_ir_free(&shader->ir);
    free(shader);
}

const struct agx_shader_info *agx_shader_get_info(const struct agx_shader *shader)
{
    return &shader->info;
}
