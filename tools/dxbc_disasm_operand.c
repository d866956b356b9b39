/* dxbc_disasm: literals and operands, in the forms dxbc_asm_operand.c reads. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dxbc_disasm_private.h"

bool dis_fail(struct dis_state *d, const char *fmt, ...)
{
    char message[200];
    va_list args;

    if (d->failed)
        return false;
    d->failed = true;
    va_start(args, fmt);
    vsnprintf(message, sizeof(message), fmt, args);
    va_end(args);
    if (d->error_size)
        snprintf(d->error, d->error_size, "token %zu: %s", d->offset, message);
    return false;
}

/* Small integers as integers, ordinary floats as floats (only where the text reads back
 * to the same bits), everything else in hex. */
void dis_number(struct dis_state *d, uint32_t value)
{
    union { uint32_t u; float f; } bits = {value}, back;
    char text[48];
    float magnitude;

    if (value < 0x00800000u)
    {
        fprintf(d->out, "%u", value);
        return;
    }
    if (value >= 0xff800000u)
    {
        fprintf(d->out, "-%u", 0u - value);
        return;
    }
    if (value == 0x7f800000u || value == 0xff800000u)
    {
        fputs(value >> 31 ? "-inf" : "inf", d->out);
        return;
    }
    if (value == 0x7fc00000u)
    {
        fputs("nan", d->out);
        return;
    }
    magnitude = fabsf(bits.f);
    if (isfinite(bits.f) && (value == 0x80000000u || (magnitude >= 1e-30f && magnitude <= 1e30f)))
    {
        snprintf(text, sizeof(text), "%.9g", bits.f);
        if (!strpbrk(text, ".e"))
            strcat(text, ".0");
        back.f = strtof(text, NULL);
        if (back.u == value)
        {
            fputs(text, d->out);
            return;
        }
    }
    fprintf(d->out, "0x%08x", value);
}

static const char components[] = "xyzw";

static bool is_resource_range(uint32_t type)
{
    return type == DDI_SM5_OPERAND_CONSTANT_BUFFER || type == DDI_SM5_OPERAND_RESOURCE
            || type == DDI_SM5_OPERAND_SAMPLER || type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW;
}

/* 5.1 writes resource ranges in capitals (CB0, T0, S0, U0). */
static const char *register_prefix(struct dis_state *d, uint32_t type)
{
    if (d->is_51 && is_resource_range(type))
    {
        switch (type)
        {
            case DDI_SM5_OPERAND_CONSTANT_BUFFER: return "CB";
            case DDI_SM5_OPERAND_RESOURCE: return "T";
            case DDI_SM5_OPERAND_SAMPLER: return "S";
            default: return "U";
        }
    }
    if (type == DDI_SM5_OPERAND_LABEL)
        return "l";
    return asm_register_prefix(type);
}

static bool immediate(struct dis_state *d, uint32_t token, const uint32_t **t, const uint32_t *end)
{
    bool is64 = (token & DDI_SM5_OPERAND_TYPE_MASK) >> DDI_SM5_OPERAND_TYPE_SHIFT == DDI_SM5_OPERAND_IMMEDIATE64;
    unsigned int n = (token & DDI_SM5_OPERAND_COMPONENTS_MASK) == DDI_SM5_COMPONENTS_4 ? 4 : 1, i;

    if ((token & ~(DDI_SM5_OPERAND_TYPE_MASK | DDI_SM5_OPERAND_COMPONENTS_MASK))
            || ((token & DDI_SM5_OPERAND_COMPONENTS_MASK) != DDI_SM5_COMPONENTS_4
                && (token & DDI_SM5_OPERAND_COMPONENTS_MASK) != DDI_SM5_COMPONENTS_1)
            || (is64 && n == 4))
        return dis_fail(d, "an immediate the assembler does not write (%#x)", token);
    if (is64)
        n = 2;
    if (end - *t < (ptrdiff_t)(is64 ? 2 * n : n))
        return dis_fail(d, "the immediate runs past its instruction");
    fputs(is64 ? "d(" : "l(", d->out);
    for (i = 0; i < n; ++i)
    {
        if (i)
            fputs(", ", d->out);
        if (is64)
        {
            union { uint64_t u; double f; } bits;

            bits.u = (*t)[2 * i] | (uint64_t)(*t)[2 * i + 1] << 32;
            fprintf(d->out, "%.17g", bits.f);
        }
        else
        {
            dis_number(d, (*t)[i]);
        }
    }
    *t += is64 ? 2 * n : n;
    fputc(')', d->out);
    return true;
}

static void selection(struct dis_state *d, uint32_t token, bool decl)
{
    uint32_t mode = (token & DDI_SM5_SELECTION_MASK) >> DDI_SM5_SELECTION_SHIFT, bits = token >> 4, i;

    if ((token & DDI_SM5_OPERAND_COMPONENTS_MASK) != DDI_SM5_COMPONENTS_4)
        return;
    if (mode == DDI_SM5_SELECT_MASK)
    {
        fputc('.', d->out);
        for (i = 0; i < 4; ++i)
        {
            if (bits & (1u << i))
                fputc(components[i], d->out);
        }
    }
    else if (mode == DDI_SM5_SELECT_SWIZZLE)
    {
        if (decl && (bits & 0xff) == DDI_SM5_SWIZZLE_IDENTITY >> DDI_SM5_SWIZZLE_SHIFT)
            return;
        fputc('.', d->out);
        for (i = 0; i < 4; ++i)
            fputc(components[(bits >> (2 * i)) & 3], d->out);
    }
    else
    {
        fprintf(d->out, ".%c", components[bits & 3]);
    }
}

bool dis_operand(struct dis_state *d, const uint32_t **t, const uint32_t *end, bool decl)
{
    uint32_t token, type, dims, modifier = 0, rep, i, components_field, mode, mask_bits;
    const char *prefix;

    if (*t >= end)
        return dis_fail(d, "an operand is missing");
    token = *(*t)++;
    type = (token & DDI_SM5_OPERAND_TYPE_MASK) >> DDI_SM5_OPERAND_TYPE_SHIFT;
    if (type == DDI_SM5_OPERAND_IMMEDIATE32 || type == DDI_SM5_OPERAND_IMMEDIATE64)
        return immediate(d, token, t, end);
    if (token & DDI_SM5_OPERAND_EXTENDED)
    {
        if (*t >= end)
            return dis_fail(d, "the extended operand token is missing");
        if ((**t & ~DDI_SM5_MODIFIER_MASK) != DDI_SM5_EXT_OPERAND_MODIFIER)
            return dis_fail(d, "an extended operand token the assembler does not write (%#x)", **t);
        modifier = (*(*t)++ & DDI_SM5_MODIFIER_MASK) >> DDI_SM5_MODIFIER_SHIFT;
        if (modifier > DDI_SM5_MODIFIER_ABS_NEG)
            return dis_fail(d, "unknown operand modifier %u", modifier);
    }
    components_field = token & DDI_SM5_OPERAND_COMPONENTS_MASK;
    mode = (token & DDI_SM5_SELECTION_MASK) >> DDI_SM5_SELECTION_SHIFT;
    mask_bits = (token >> 4) & 0xff;
    if (components_field == DDI_SM5_COMPONENTS_N || (components_field != DDI_SM5_COMPONENTS_4 && (mode || mask_bits))
            || (components_field == DDI_SM5_COMPONENTS_4 && (mode == 3 || (mode == DDI_SM5_SELECT_MASK && mask_bits > 0xf)
                || (mode == DDI_SM5_SELECT_MASK && !mask_bits) || (mode == DDI_SM5_SELECT_1 && mask_bits > 3))))
        return dis_fail(d, "a component selection the assembler does not write (%#x)", token);
    if (!(prefix = register_prefix(d, type)))
        return dis_fail(d, "unknown register file %u", type);
    dims = (token & DDI_SM5_INDEX_DIMENSION_MASK) >> DDI_SM5_INDEX_DIMENSION_SHIFT;
    if (dims > 3)
        return dis_fail(d, "a bad operand token %#x", token);

    if (modifier == DDI_SM5_MODIFIER_NEG || modifier == DDI_SM5_MODIFIER_ABS_NEG)
        fputc('-', d->out);
    if (modifier == DDI_SM5_MODIFIER_ABS || modifier == DDI_SM5_MODIFIER_ABS_NEG)
        fputc('|', d->out);
    fputs(prefix, d->out);
    for (i = 0; i < dims; ++i)
    {
        rep = (token & DDI_SM5_INDEX_REP_MASK(i)) >> DDI_SM5_INDEX_REP_SHIFT(i);
        if (rep == DDI_SM5_INDEX_IMM32)
        {
            if (*t >= end)
                return dis_fail(d, "an index is missing");
            /* The first index follows the name ("r0"), except icb's ("icb[3]"). */
            if (!i && type != DDI_SM5_OPERAND_IMMEDIATE_CONSTANT_BUFFER)
                fprintf(d->out, "%u", *(*t)++);
            else
                fprintf(d->out, "[%u]", *(*t)++);
        }
        else if (rep == DDI_SM5_INDEX_RELATIVE || rep == DDI_SM5_INDEX_IMM32_PLUS_RELATIVE)
        {
            uint32_t base = 0;

            if (rep == DDI_SM5_INDEX_IMM32_PLUS_RELATIVE)
            {
                if (*t >= end)
                    return dis_fail(d, "an index is missing");
                base = *(*t)++;
            }
            fputc('[', d->out);
            if (!dis_operand(d, t, end, false))
                return false;
            if (rep == DDI_SM5_INDEX_IMM32_PLUS_RELATIVE)
                fprintf(d->out, " + %u", base);
            fputc(']', d->out);
        }
        else
        {
            return dis_fail(d, "64-bit indices are not written by the assembler");
        }
    }
    selection(d, token, decl);
    if (modifier == DDI_SM5_MODIFIER_ABS || modifier == DDI_SM5_MODIFIER_ABS_NEG)
        fputc('|', d->out);
    return true;
}
