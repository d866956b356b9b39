/* dxbc_disasm: instructions with fxc's suffixes, as dxbc_asm_instr.c reads them. */
#include <string.h>

#include "dxbc_disasm_private.h"

/* The 4-bit signed texel offsets of a sample-controls token. */
static int offset_of(uint32_t token, unsigned int shift)
{
    int v = (int)((token >> shift) & DDI_SM5_AOFFIMMI_MASK);

    return v >= 8 ? v - 16 : v;
}

bool dis_return_types(struct dis_state *d, uint32_t types)
{
    const char *name;
    unsigned int c;

    fputc('(', d->out);
    for (c = 0; c < 4; ++c)
    {
        if (!(name = asm_return_type_name((types >> (4 * c)) & 0xf)))
            return dis_fail(d, "unknown return type %u", (types >> (4 * c)) & 0xf);
        fprintf(d->out, "%s%s", c ? "," : "", name);
    }
    fputc(')', d->out);
    return true;
}

/* The suffixes the opcode token's controls and extended tokens stand for; *t past them. */
static bool suffixes(struct dis_state *d, uint32_t opcode, uint32_t flags, const uint32_t **t, const uint32_t *end)
{
    uint32_t token = (*t)[-1], controls = token & (0x1fffu << DDI_SM5_CONTROLS_SHIFT), ext[4] = {0}, ext_token;
    bool have[4] = {false};
    const char *name;

    if ((flags & DDI_SM5_OPF_SAT) && (controls & DDI_SM5_SATURATE))
    {
        fputs("_sat", d->out);
        controls &= ~DDI_SM5_SATURATE;
    }
    if (flags & DDI_SM5_OPF_TEST)
    {
        fputs(controls & DDI_SM5_TEST_NONZERO ? "_nz" : "_z", d->out);
        controls &= ~DDI_SM5_TEST_NONZERO;
    }
    if (opcode == DDI_SM5_OP_RESINFO && (controls & DDI_SM5_RESINFO_MASK))
    {
        uint32_t type = (controls & DDI_SM5_RESINFO_MASK) >> DDI_SM5_RESINFO_SHIFT;

        if (type != DDI_SM5_RESINFO_UINT && type != DDI_SM5_RESINFO_RCP_FLOAT)
            return dis_fail(d, "unknown resinfo return type %u", type);
        fputs(type == DDI_SM5_RESINFO_UINT ? "_uint" : "_rcpFloat", d->out);
        controls &= ~DDI_SM5_RESINFO_MASK;
    }
    if ((opcode == DDI_SM5_OP_SAMPLE_INFO || opcode == DDI_SM5_OP_SAMPLE_POS) && (controls & DDI_SM5_SAMPLEINFO_UINT))
    {
        fputs("_uint", d->out);
        controls &= ~DDI_SM5_SAMPLEINFO_UINT;
    }
    if (opcode == DDI_SM5_OP_SYNC)
    {
        static const struct {uint32_t bit; const char *name;} sync[] =
        {
            {DDI_SM5_SYNC_THREADS_IN_GROUP, "_t"}, {DDI_SM5_SYNC_TGSM, "_g"}, {DDI_SM5_SYNC_UAV_GROUP, "_ugroup"},
            {DDI_SM5_SYNC_UAV_GLOBAL, "_uglobal"},
        };
        unsigned int i;

        for (i = 0; i < sizeof(sync) / sizeof(sync[0]); ++i)
        {
            if (controls & sync[i].bit)
                fputs(sync[i].name, d->out);
            controls &= ~sync[i].bit;
        }
    }
    if (controls)
        return dis_fail(d, "opcode controls %#x the assembler does not write", controls);

    /* Extended tokens: at most one of each (sample controls, dimension, return type). */
    for (ext_token = token; ext_token & DDI_SM5_EXTENDED; )
    {
        uint32_t type;

        if (*t >= end)
            return dis_fail(d, "an extended opcode token is missing");
        ext_token = *(*t)++;
        type = ext_token & DDI_SM5_EXT_OPCODE_TYPE_MASK;
        if (type < DDI_SM5_EXT_OPCODE_SAMPLE_CONTROLS || type > DDI_SM5_EXT_OPCODE_RESOURCE_RETURN_TYPE || have[type])
            return dis_fail(d, "extended opcode tokens the assembler does not write");
        have[type] = true;
        ext[type] = ext_token & ~DDI_SM5_EXTENDED;
    }
    if (have[DDI_SM5_EXT_OPCODE_SAMPLE_CONTROLS])
    {
        if (!(flags & DDI_SM5_OPF_OFFSETS))
            return dis_fail(d, "sample controls on %#x", opcode);
        fprintf(d->out, "_aoffimmi(%d,%d,%d)", offset_of(ext[1], DDI_SM5_AOFFIMMI_U_SHIFT),
                offset_of(ext[1], DDI_SM5_AOFFIMMI_V_SHIFT), offset_of(ext[1], DDI_SM5_AOFFIMMI_W_SHIFT));
    }
    if (have[DDI_SM5_EXT_OPCODE_RESOURCE_DIM])
    {
        uint32_t dim = (ext[2] & DDI_SM5_EXT_DIM_MASK) >> DDI_SM5_EXT_DIM_SHIFT;
        uint32_t stride = (ext[2] & DDI_SM5_EXT_STRIDE_MASK) >> DDI_SM5_EXT_STRIDE_SHIFT;

        if (!(flags & DDI_SM5_OPF_RESOURCE) || !(name = asm_dimension_name(dim)))
            return dis_fail(d, "a resource dimension the assembler does not write");
        fprintf(d->out, "_indexable(%s", name);
        if (stride)
            fprintf(d->out, ", stride=%u", stride);
        fputc(')', d->out);
        if (have[DDI_SM5_EXT_OPCODE_RESOURCE_RETURN_TYPE]
                && !dis_return_types(d, ext[3] >> DDI_SM5_EXT_RETURN_TYPE_SHIFT))
            return false;
    }
    else if (have[DDI_SM5_EXT_OPCODE_RESOURCE_RETURN_TYPE])
    {
        return dis_fail(d, "a return type without its resource dimension");
    }
    return true;
}

/* dcl_immediateConstantBuffer { { a, b, c, d }, ... }. */
static bool immediate_constant_buffer(struct dis_state *d, const uint32_t *t, uint32_t count)
{
    uint32_t i;

    if (count < 6 || (count - 2) % 4)
        return dis_fail(d, "an immediate constant buffer of %u tokens", count);
    fputs("dcl_immediateConstantBuffer {", d->out);
    for (i = 2; i < count; ++i)
    {
        if ((i - 2) % 4 == 0)
            fprintf(d->out, "%s\n    { ", i > 2 ? "," : "");
        else
            fputs(", ", d->out);
        dis_number(d, t[i]);
        if ((i - 2) % 4 == 3)
            fputs(" }", d->out);
    }
    fputs(" }\n", d->out);
    return true;
}

bool dis_instruction(struct dis_state *d, const uint32_t *t, uint32_t count)
{
    uint32_t opcode = DDI_SM5_OPCODE_OF(t[0]), flags;
    const uint32_t *p = t + 1, *end = t + count;
    const char *mnemonic, *roles, *role;

    if (opcode == DDI_SM5_OP_CUSTOMDATA)
    {
        if (((t[0] >> DDI_SM5_CUSTOMDATA_CLASS_SHIFT) & 0x1fffff) != DDI_SM5_CUSTOMDATA_IMMEDIATE_CONSTANT_BUFFER)
            return dis_fail(d, "custom data of class %u", (t[0] >> DDI_SM5_CUSTOMDATA_CLASS_SHIFT) & 0x1fffff);
        return immediate_constant_buffer(d, t, count);
    }
    if (!asm_opcode_info(opcode, &mnemonic, &roles, &flags))
        return dis_fail(d, "unknown opcode %#x", opcode);
    if (flags & DDI_SM5_OPF_DECL)
        return dis_declaration(d, mnemonic, t, count);
    if (!strcmp(roles, "*"))
        return dis_fail(d, "%s (interfaces) is not written by the assembler", mnemonic);
    fputs(mnemonic, d->out);
    if (!suffixes(d, opcode, flags, &p, end))
        return false;
    for (role = roles; *role; ++role)
    {
        fputs(role == roles ? " " : ", ", d->out);
        if (!dis_operand(d, &p, end, false))
            return false;
    }
    if (p != end)
        return dis_fail(d, "%s has %zu tokens past its operands", mnemonic, (size_t)(end - p));
    fputc('\n', d->out);
    return true;
}
