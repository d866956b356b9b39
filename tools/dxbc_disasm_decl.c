/* dxbc_disasm: declarations, in the forms dxbc_asm_decl.c reads (5.0 and 5.1). */
#include <stdlib.h>
#include <string.h>

#include "dxbc_disasm_private.h"

#define CONTROLS(token) (((token) >> DDI_SM5_CONTROLS_SHIFT) & 0x1fffu)

/* A 5.1 range "T0[0:3]", "CB0[0:0][4]" (the vec4 count after it), "U0[0:*]"; in 5.0 the
 * operand as it is (t0, cb0[4]). */
static bool range(struct dis_state *d, const uint32_t **t, const uint32_t *end, bool constant_buffer)
{
    static const char *const names[] = {[DDI_SM5_OPERAND_CONSTANT_BUFFER] = "CB", [DDI_SM5_OPERAND_RESOURCE] = "T",
            [DDI_SM5_OPERAND_SAMPLER] = "S", [DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW] = "U"};
    uint32_t type;

    if (!d->is_51)
        return dis_operand(d, t, end, true);
    if (end - *t < (constant_buffer ? 5 : 4))
        return dis_fail(d, "a register range is cut short");
    type = ((*t)[0] & DDI_SM5_OPERAND_TYPE_MASK) >> DDI_SM5_OPERAND_TYPE_SHIFT;
    if (type >= sizeof(names) / sizeof(names[0]) || !names[type])
        return dis_fail(d, "a register range of file %u", type);
    fprintf(d->out, "%s%u[%u:", names[type], (*t)[1], (*t)[2]);
    if ((*t)[3] == 0xffffffffu)
        fputc('*', d->out);
    else
        fprintf(d->out, "%u", (*t)[3]);
    fputc(']', d->out);
    *t += 4;
    if (constant_buffer)
        fprintf(d->out, "[%u]", *(*t)++);
    return true;
}

static bool space(struct dis_state *d, const uint32_t **t, const uint32_t *end)
{
    if (!d->is_51)
        return true;
    if (*t >= end)
        return dis_fail(d, "the register space token is missing");
    fprintf(d->out, ", space=%u", *(*t)++);
    return true;
}

static bool count(struct dis_state *d, const uint32_t **t, const uint32_t *end, const char *separator)
{
    if (*t >= end)
        return dis_fail(d, "a count is missing");
    fprintf(d->out, "%s%u", separator, *(*t)++);
    return true;
}

static bool word(struct dis_state *d, const struct asm_names *names, uint32_t value, const char *what)
{
    const char *name = asm_name_of(names, value);

    if (!name)
        return dis_fail(d, "unknown %s %u", what, value);
    fputs(name, d->out);
    return true;
}

static void uav_suffixes(struct dis_state *d, uint32_t token)
{
    if (token & DDI_SM5_UAV_GLOBALLY_COHERENT)
        fputs("_glc", d->out);
    if (token & DDI_SM5_UAV_HAS_COUNTER)
        fputs("_opc", d->out);
    if (token & DDI_SM5_UAV_RASTERIZER_ORDERED)
        fputs("_rov", d->out);
}

static void interpolation(struct dis_state *d, uint32_t token)
{
    static const char *const modes[] =
    {
        [DDI_SM5_INTERPOLATION_CONSTANT] = "constant ",
        [DDI_SM5_INTERPOLATION_LINEAR] = "linear ",
        [DDI_SM5_INTERPOLATION_LINEAR_CENTROID] = "linear centroid ",
        [DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE] = "linear noperspective ",
        [DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_CENTROID] = "linear noperspective centroid ",
        [DDI_SM5_INTERPOLATION_LINEAR_SAMPLE] = "linear sample ",
        [DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE] = "linear noperspective sample ",
    };
    uint32_t mode = (token & DDI_SM5_INTERPOLATION_MASK) >> DDI_SM5_INTERPOLATION_SHIFT;

    if (mode < sizeof(modes) / sizeof(modes[0]) && modes[mode])
        fputs(modes[mode], d->out);
}

bool dis_declaration(struct dis_state *d, const char *mnemonic, const uint32_t *t, uint32_t n)
{
    uint32_t opcode = DDI_SM5_OPCODE_OF(t[0]), controls = CONTROLS(t[0]);
    const uint32_t *p = t + 1, *end = t + n;
    const char *name;
    bool ok = true;

    fputs(mnemonic, d->out);
    switch (opcode)
    {
        case DDI_SM5_OP_DCL_RESOURCE:
        case DDI_SM5_OP_DCL_UAV_TYPED:
        {
            uint32_t dim = (t[0] & DDI_SM5_DIM_MASK) >> DDI_SM5_DIM_SHIFT;
            uint32_t samples = (t[0] & DDI_SM5_SAMPLE_COUNT_MASK) >> DDI_SM5_SAMPLE_COUNT_SHIFT;

            if (!(name = asm_dimension_name(dim)))
                return dis_fail(d, "unknown resource dimension %u", dim);
            fprintf(d->out, "_%s", name);
            if (opcode == DDI_SM5_OP_DCL_RESOURCE && samples)
                fprintf(d->out, "(%u)", samples);
            if (opcode == DDI_SM5_OP_DCL_UAV_TYPED)
                uav_suffixes(d, t[0]);
            /* The return type token follows the register but is printed before it. */
            {
                FILE *saved = d->out;
                size_t reg_size = 0;
                char *reg = NULL;

                if (!(d->out = open_memstream(&reg, &reg_size)))
                {
                    d->out = saved;
                    return dis_fail(d, "out of memory");
                }
                ok = range(d, &p, end, false);
                fclose(d->out);
                d->out = saved;
                if (ok && p >= end)
                    ok = dis_fail(d, "%s is cut short", mnemonic);
                if (ok)
                    fputc(' ', d->out);
                ok = ok && dis_return_types(d, *p++);
                if (ok)
                    fputc(' ', d->out);
                if (ok)
                    fputs(reg, d->out);
                free(reg);
                ok = ok && space(d, &p, end);
            }
            break;
        }
        case DDI_SM5_OP_DCL_UAV_RAW:
        case DDI_SM5_OP_DCL_UAV_STRUCTURED:
            uav_suffixes(d, t[0]);
            fputc(' ', d->out);
            ok = range(d, &p, end, false) && (opcode == DDI_SM5_OP_DCL_UAV_RAW || count(d, &p, end, ", "))
                    && space(d, &p, end);
            break;
        case DDI_SM5_OP_DCL_RESOURCE_RAW:
        case DDI_SM5_OP_DCL_RESOURCE_STRUCTURED:
            fputc(' ', d->out);
            ok = range(d, &p, end, false) && (opcode == DDI_SM5_OP_DCL_RESOURCE_RAW || count(d, &p, end, ", "))
                    && space(d, &p, end);
            break;
        case DDI_SM5_OP_DCL_CONSTANT_BUFFER:
            fputc(' ', d->out);
            ok = range(d, &p, end, true);
            fputs(t[0] & DDI_SM5_CB_DYNAMIC_INDEXED ? ", dynamicIndexed" : ", immediateIndexed", d->out);
            ok = ok && space(d, &p, end);
            break;
        case DDI_SM5_OP_DCL_SAMPLER:
            fputc(' ', d->out);
            ok = range(d, &p, end, false);
            fputs(", ", d->out);
            ok = ok && word(d, &asm_sampler_mode_names, controls, "sampler mode") && space(d, &p, end);
            break;
        case DDI_SM5_OP_DCL_GLOBAL_FLAGS:
        {
            uint32_t flags = t[0] & (0x1fffu << DDI_SM5_CONTROLS_SHIFT);
            size_t i;
            bool first = true;

            for (i = 0; i < asm_global_flag_names.count; ++i)
            {
                if (flags & asm_global_flag_names.names[i].value)
                {
                    fprintf(d->out, "%s%s", first ? " " : " | ", asm_global_flag_names.names[i].name);
                    flags &= ~asm_global_flag_names.names[i].value;
                    first = false;
                }
            }
            if (flags || first)
                return dis_fail(d, "global flags the assembler does not write");
            break;
        }
        case DDI_SM5_OP_DCL_INPUT:
        case DDI_SM5_OP_DCL_OUTPUT:
        case DDI_SM5_OP_DCL_STREAM:
            fputc(' ', d->out);
            ok = dis_operand(d, &p, end, false);
            break;
        case DDI_SM5_OP_DCL_INPUT_SGV:
        case DDI_SM5_OP_DCL_INPUT_SIV:
        case DDI_SM5_OP_DCL_OUTPUT_SGV:
        case DDI_SM5_OP_DCL_OUTPUT_SIV:
        case DDI_SM5_OP_DCL_INPUT_PS:
        case DDI_SM5_OP_DCL_INPUT_PS_SGV:
        case DDI_SM5_OP_DCL_INPUT_PS_SIV:
            fputc(' ', d->out);
            if (opcode >= DDI_SM5_OP_DCL_INPUT_PS && opcode <= DDI_SM5_OP_DCL_INPUT_PS_SIV)
                interpolation(d, t[0]);
            ok = dis_operand(d, &p, end, false);
            if (ok && opcode != DDI_SM5_OP_DCL_INPUT_PS)
            {
                if (p >= end)
                    return dis_fail(d, "the system value name is missing");
                fputs(", ", d->out);
                ok = word(d, &asm_system_value_names, *p++, "system value");
            }
            break;
        case DDI_SM5_OP_DCL_TEMPS:
        case DDI_SM5_OP_DCL_MAX_OUTPUT_VERTEX_COUNT:
        case DDI_SM5_OP_DCL_GS_INSTANCE_COUNT:
        case DDI_SM5_OP_DCL_HS_FORK_PHASE_INSTANCE_COUNT:
        case DDI_SM5_OP_DCL_HS_JOIN_PHASE_INSTANCE_COUNT:
            ok = count(d, &p, end, " ");
            break;
        case DDI_SM5_OP_DCL_INDEXABLE_TEMP:
            if (end - p < 3)
                return dis_fail(d, "%s is cut short", mnemonic);
            fprintf(d->out, " x%u[%u], %u", p[0], p[1], p[2]);
            p += 3;
            break;
        case DDI_SM5_OP_DCL_THREAD_GROUP:
            ok = count(d, &p, end, " ") && count(d, &p, end, ", ") && count(d, &p, end, ", ");
            break;
        case DDI_SM5_OP_DCL_TGSM_RAW:
        case DDI_SM5_OP_DCL_TGSM_STRUCTURED:
            fputc(' ', d->out);
            ok = dis_operand(d, &p, end, false) && count(d, &p, end, ", ")
                    && (opcode == DDI_SM5_OP_DCL_TGSM_RAW || count(d, &p, end, ", "));
            break;
        case DDI_SM5_OP_DCL_INDEX_RANGE:
            fputc(' ', d->out);
            ok = dis_operand(d, &p, end, false) && count(d, &p, end, ", ");
            break;
        case DDI_SM5_OP_DCL_GS_OUTPUT_TOPOLOGY:
            fputc(' ', d->out);
            ok = word(d, &asm_output_topology_names, controls, "output topology");
            break;
        case DDI_SM5_OP_DCL_GS_INPUT_PRIMITIVE:
            fputc(' ', d->out);
            if (controls >= 8 && controls <= 39)
                fprintf(d->out, "patch%u", controls - 7);
            else
                ok = word(d, &asm_input_primitive_names, controls, "input primitive");
            break;
        case DDI_SM5_OP_DCL_INPUT_CONTROL_POINT_COUNT:
        case DDI_SM5_OP_DCL_OUTPUT_CONTROL_POINT_COUNT:
            fprintf(d->out, " %u", controls);
            break;
        case DDI_SM5_OP_DCL_TESS_DOMAIN:
            fputc(' ', d->out);
            ok = word(d, &asm_tess_domain_names, controls, "tessellator domain");
            break;
        case DDI_SM5_OP_DCL_TESS_PARTITIONING:
            fputc(' ', d->out);
            ok = word(d, &asm_tess_partitioning_names, controls, "tessellator partitioning");
            break;
        case DDI_SM5_OP_DCL_TESS_OUTPUT_PRIMITIVE:
            fputc(' ', d->out);
            ok = word(d, &asm_tess_primitive_names, controls, "tessellator output primitive");
            break;
        case DDI_SM5_OP_DCL_HS_MAX_TESSFACTOR:
            if (p >= end)
                return dis_fail(d, "the tessellation factor is missing");
            fputs(" l(", d->out);
            dis_number(d, *p++);
            fputc(')', d->out);
            break;
        default:
            return dis_fail(d, "%s is not written by the assembler", mnemonic);
    }
    if (!ok)
        return false;
    if (p != end)
        return dis_fail(d, "%s has %zu tokens past its arguments", mnemonic, (size_t)(end - p));
    fputc('\n', d->out);
    return true;
}
