/*
 * dxbc_asm: the line cursor, literals and operands (registers with their indices,
 * component selection and modifiers, l(...) and d(...) immediates).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dxbc_asm_private.h"

/* ---- The cursor --------------------------------------------------------------------- */

void asm_skip_space(const char **p)
{
    while (**p == ' ' || **p == '\t' || **p == '\r' || **p == '\n')
        ++*p;
}

bool asm_accept(const char **p, char c)
{
    asm_skip_space(p);
    if (**p != c)
        return false;
    ++*p;
    return true;
}

bool asm_expect(struct asm_state *state, const char **p, char c)
{
    if (asm_accept(p, c))
        return true;
    if (**p)
        return asm_fail(state, "expected '%c' before \"%.20s\"", c, *p);
    return asm_fail(state, "expected '%c' at the end of the line", c);
}

static bool is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

bool asm_word(const char **p, char *buffer, size_t size)
{
    size_t n = 0;

    asm_skip_space(p);
    while (is_word_char(**p))
    {
        if (n + 1 < size)
            buffer[n++] = **p;
        ++*p;
    }
    buffer[n] = 0;
    return n > 0;
}

bool asm_at_end(const char **p)
{
    asm_skip_space(p);
    return !**p;
}

bool asm_starts_with_word(const char *text, const char *word)
{
    size_t n = strlen(word);

    return !strncmp(text, word, n) && !is_word_char(text[n]);
}

/* ---- Literals ----------------------------------------------------------------------- */

static bool parse_unsigned(const char **p, uint64_t *value)
{
    const char *s = *p;
    uint64_t v = 0;
    int base = 10, digit;

    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
        base = 16;
        s += 2;
    }
    if (!isxdigit((unsigned char)*s) || (base == 10 && !isdigit((unsigned char)*s)))
        return false;
    for (;; ++s)
    {
        if (isdigit((unsigned char)*s))
            digit = *s - '0';
        else if (base == 16 && isxdigit((unsigned char)*s))
            digit = tolower((unsigned char)*s) - 'a' + 10;
        else
            break;
        v = v * base + digit;
        if (v > UINT32_MAX)
            v = (uint64_t)UINT32_MAX + 1;   /* saturate: reported by the callers */
    }
    *value = v;
    *p = s;
    return true;
}

/* Whether the literal at s (sign skipped) is a float. */
static bool looks_float(const char *s)
{
    if (!strncasecmp(s, "inf", 3) || !strncasecmp(s, "nan", 3))
        return true;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return false;
    while (isdigit((unsigned char)*s))
        ++s;
    return *s == '.' || *s == 'e' || *s == 'E';
}

bool asm_number(struct asm_state *state, const char **p, uint32_t *value)
{
    const char *s, *start;
    bool negative = false;
    uint64_t v;

    asm_skip_space(p);
    start = s = *p;
    if (*s == '-' || *s == '+')
        negative = *s++ == '-';
    if (looks_float(s))
    {
        union { float f; uint32_t u; } bits;
        char *end;

        if (!strncasecmp(s, "inf", 3))
        {
            bits.f = negative ? -INFINITY : INFINITY;
            end = (char *)s + 3;
        }
        else if (!strncasecmp(s, "nan", 3))
        {
            bits.u = negative ? 0xffc00000u : 0x7fc00000u;
            end = (char *)s + 3;
        }
        else
        {
            errno = 0;
            bits.f = strtof(start, &end);
            if (end == start)
                return asm_fail(state, "bad number \"%.20s\"", start);
        }
        *value = bits.u;
        *p = end;
        return true;
    }
    if (!parse_unsigned(&s, &v))
        return asm_fail(state, "expected a number before \"%.20s\"", start);
    if (negative ? v > 0x80000000u : v > UINT32_MAX)
        return asm_fail(state, "%.*s does not fit in 32 bits", (int)(s - start), start);
    *value = negative ? (uint32_t)-(int64_t)v : (uint32_t)v;
    *p = s;
    return true;
}

bool asm_uint(struct asm_state *state, const char **p, uint32_t *value)
{
    const char *start;
    uint64_t v;

    asm_skip_space(p);
    start = *p;
    if (!parse_unsigned(p, &v))
        return asm_fail(state, "expected an unsigned integer before \"%.20s\"", start);
    if (v > UINT32_MAX)
        return asm_fail(state, "%.*s does not fit in 32 bits", (int)(*p - start), start);
    *value = (uint32_t)v;
    return true;
}

bool asm_int(struct asm_state *state, const char **p, int32_t *value)
{
    bool negative;
    uint32_t v;

    asm_skip_space(p);
    negative = **p == '-';
    if (negative || **p == '+')
        ++*p;
    if (!asm_uint(state, p, &v))
        return false;
    if (negative ? v > 0x80000000u : v > INT32_MAX)
        return asm_fail(state, "%s%u does not fit in a signed 32-bit integer", negative ? "-" : "", v);
    *value = negative ? (int32_t)(0u - v) : (int32_t)v;
    return true;
}

/* ---- Register files ---------------------------------------------------------------- */

static const struct
{
    const char *prefix;
    int type;
}
register_names[] =
{
#define X(name, value, prefix) {prefix, DDI_SM5_OPERAND_##name},
    DDI_SM5_OPERAND_TYPES(X)
#undef X
};

const char *asm_register_prefix(uint32_t type)
{
    size_t i;

    for (i = 0; i < sizeof(register_names) / sizeof(register_names[0]); ++i)
    {
        if ((uint32_t)register_names[i].type == type)
            return register_names[i].prefix;
    }
    return NULL;
}

int asm_register_type(const char *name)
{
    size_t i;

    for (i = 0; i < sizeof(register_names) / sizeof(register_names[0]); ++i)
    {
        /* Immediates are l(...) / d(...), not registers. */
        if (register_names[i].type == DDI_SM5_OPERAND_IMMEDIATE32
                || register_names[i].type == DDI_SM5_OPERAND_IMMEDIATE64)
            continue;
        if (!strcmp(name, register_names[i].prefix))
            return register_names[i].type;
    }
    /* 5.1 writes resource ranges in capitals (CB0, T0, S0, U0); fxc prints labels l#. */
    if (!strcmp(name, "CB"))
        return DDI_SM5_OPERAND_CONSTANT_BUFFER;
    if (!strcmp(name, "T"))
        return DDI_SM5_OPERAND_RESOURCE;
    if (!strcmp(name, "S"))
        return DDI_SM5_OPERAND_SAMPLER;
    if (!strcmp(name, "U"))
        return DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW;
    if (!strcmp(name, "l"))
        return DDI_SM5_OPERAND_LABEL;
    return -1;
}

/* Register files without components (samplers: see is_resource_like). */
static bool is_componentless(int type)
{
    switch (type)
    {
        case DDI_SM5_OPERAND_LABEL:
        case DDI_SM5_OPERAND_NULL:
        case DDI_SM5_OPERAND_RASTERIZER:
        case DDI_SM5_OPERAND_STREAM:
        case DDI_SM5_OPERAND_FUNCTION_BODY:
        case DDI_SM5_OPERAND_FUNCTION_TABLE:
        case DDI_SM5_OPERAND_INTERFACE:
        case DDI_SM5_OPERAND_THIS_POINTER:
            return true;
        default:
            return false;
    }
}

/* Scalar register files: one component, never selected. */
static bool is_scalar(int type)
{
    switch (type)
    {
        case DDI_SM5_OPERAND_INPUT_PRIMITIVEID:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH:
        case DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK:
        case DDI_SM5_OPERAND_OUTPUT_CONTROL_POINT_ID:
        case DDI_SM5_OPERAND_INPUT_FORK_INSTANCE_ID:
        case DDI_SM5_OPERAND_INPUT_JOIN_INSTANCE_ID:
        case DDI_SM5_OPERAND_INPUT_COVERAGE_MASK:
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP_FLATTENED:
        case DDI_SM5_OPERAND_INPUT_GS_INSTANCE_ID:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL:
        case DDI_SM5_OPERAND_OUTPUT_STENCIL_REF:
        case DDI_SM5_OPERAND_INNER_COVERAGE:
            return true;
        default:
            return false;
    }
}

/* Resources, UAVs, shared memory and samplers: no components unless selected
 * (declarations, atomic destinations, samplers of sample*; gather4's s0.x selects the
 * gathered channel). */
static bool is_resource_like(int type)
{
    return type == DDI_SM5_OPERAND_RESOURCE || type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW
            || type == DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY || type == DDI_SM5_OPERAND_SAMPLER;
}

static int component_of(char c)
{
    switch (c)
    {
        case 'x': case 'r': return 0;
        case 'y': case 'g': return 1;
        case 'z': case 'b': return 2;
        case 'w': case 'a': return 3;
        default: return -1;
    }
}

/* ---- Operands ---------------------------------------------------------------------- */

struct asm_index
{
    uint32_t value;
    bool has_value;
    struct asm_instr relative;          /* the nested operand's tokens, count 0 if none */
};

/* One bracketed index: "5", "r0.x", "r0.x + 5" (the closing ']' consumed). */
static bool parse_index(struct asm_state *state, const char **p, struct asm_index *index)
{
    memset(index, 0, sizeof(*index));
    asm_skip_space(p);
    if (isdigit((unsigned char)**p))
    {
        if (!asm_uint(state, p, &index->value))
            return false;
        index->has_value = true;
    }
    else
    {
        if (!asm_operand(state, p, ASM_SOURCE, &index->relative))
            return false;
        if (asm_accept(p, '+'))
        {
            if (!asm_uint(state, p, &index->value))
                return false;
            index->has_value = true;
        }
    }
    return asm_expect(state, p, ']');
}

static bool parse_immediate(struct asm_state *state, const char **p, bool is64, enum asm_operand_use use,
                            struct asm_instr *instr)
{
    uint32_t values[8];
    unsigned int n = 0, i;

    if (use == ASM_DEST)
        return asm_fail(state, "an immediate cannot be a destination");
    do
    {
        if (n == (is64 ? 2u : 4u))
            return asm_fail(state, "too many values in %s(...)", is64 ? "d" : "l");
        if (is64)
        {
            union { double d; uint64_t u; } bits;
            const char *start;
            char *end;

            asm_skip_space(p);
            start = *p;
            bits.d = strtod(start, &end);
            if (end == start)
                return asm_fail(state, "expected a double before \"%.20s\"", start);
            *p = end;
            values[2 * n] = (uint32_t)bits.u;
            values[2 * n + 1] = (uint32_t)(bits.u >> 32);
        }
        else if (!asm_number(state, p, &values[n]))
        {
            return false;
        }
        ++n;
    } while (asm_accept(p, ','));
    if (!asm_expect(state, p, ')'))
        return false;
    if (!is64 && n != 1 && n != 4)
        return asm_fail(state, "l(...) takes 1 or 4 values, not %u", n);
    asm_put(instr, ddi_sm5_operand_token(is64 ? DDI_SM5_OPERAND_IMMEDIATE64 : DDI_SM5_OPERAND_IMMEDIATE32,
                                         n == 1 ? DDI_SM5_COMPONENTS_1 : DDI_SM5_COMPONENTS_4,
                                         DDI_SM5_SELECT_MASK, 0, 0));
    for (i = 0; i < (is64 ? 2 * n : n); ++i)
        asm_put(instr, values[i]);
    return true;
}

/* ".xyzw" after a register: the write mask, or the swizzle / selected component. */
static bool parse_selection(struct asm_state *state, const char **p, enum asm_operand_use use,
                            enum ddi_sm5_selection_mode *mode, uint32_t *bits)
{
    int components[4], n = 0, c, i;
    const char *start = *p;

    while ((c = component_of(**p)) >= 0)
    {
        if (n == 4)
            return asm_fail(state, "more than 4 components in \".%.8s\"", start);
        components[n++] = c;
        ++*p;
    }
    if (!n || is_word_char(**p))
        return asm_fail(state, "bad component selection \".%.8s\"", start);
    if (use == ASM_DEST)
    {
        *mode = DDI_SM5_SELECT_MASK;
        *bits = 0;
        for (i = 0; i < n; ++i)
        {
            if (i && components[i] <= components[i - 1])
                return asm_fail(state, "write mask \".%.*s\" is not in xyzw order", n, start);
            *bits |= 1u << components[i];
        }
        return true;
    }
    if (n == 1)
    {
        *mode = DDI_SM5_SELECT_1;
        *bits = (uint32_t)components[0];
        return true;
    }
    /* fxc prints four letters; shorter swizzles repeat their last component. */
    for (i = n; i < 4; ++i)
        components[i] = components[n - 1];
    *mode = DDI_SM5_SELECT_SWIZZLE;
    *bits = DDI_SM5_SWIZZLE(components[0], components[1], components[2], components[3]);
    return true;
}

static bool parse_register(struct asm_state *state, const char **p, enum asm_operand_use use,
                           uint32_t modifier, struct asm_instr *instr)
{
    struct asm_index indices[3];
    enum ddi_sm5_operand_components components;
    enum ddi_sm5_selection_mode mode = DDI_SM5_SELECT_SWIZZLE;
    uint32_t bits = DDI_SM5_SWIZZLE_IDENTITY, token;
    unsigned int count = 0, i;
    char name[48];
    size_t n = 0;
    bool selected = false;
    int type;

    asm_skip_space(p);
    while (isalpha((unsigned char)**p) || **p == '_')
    {
        if (n + 1 < sizeof(name))
            name[n++] = **p;
        ++*p;
    }
    name[n] = 0;
    if (!n)
        return asm_fail(state, "expected an operand before \"%.20s\"", *p);
    if ((type = asm_register_type(name)) < 0)
        return asm_fail(state, "unknown register \"%s\"", name);
    if (isdigit((unsigned char)**p))
    {
        memset(&indices[0], 0, sizeof(indices[0]));
        if (!asm_uint(state, p, &indices[0].value))
            return false;
        indices[0].has_value = true;
        count = 1;
    }
    while (**p == '[')
    {
        if (count == 3)
            return asm_fail(state, "more than 3 indices on %s", name);
        ++*p;
        if (!parse_index(state, p, &indices[count]))
            return false;
        ++count;
    }
    if (**p == '.')
    {
        ++*p;
        if (!parse_selection(state, p, use, &mode, &bits))
            return false;
        selected = true;
    }

    if (is_componentless(type))
    {
        if (selected)
            return asm_fail(state, "%s has no components to select", name);
        components = DDI_SM5_COMPONENTS_0;
    }
    else if (is_scalar(type))
    {
        /* fxc may print oDepth.x or vCoverage.x; the register has one component. */
        if (selected && (mode == DDI_SM5_SELECT_SWIZZLE || (mode == DDI_SM5_SELECT_MASK && bits != 1)
                || (mode == DDI_SM5_SELECT_1 && bits != 0)))
            return asm_fail(state, "%s has one component", name);
        components = DDI_SM5_COMPONENTS_1;
    }
    else if (is_resource_like(type) && !selected)
    {
        components = DDI_SM5_COMPONENTS_0;
    }
    else
    {
        components = DDI_SM5_COMPONENTS_4;
        if (!selected && use == ASM_DEST)
        {
            mode = DDI_SM5_SELECT_MASK;
            bits = 0xf;
        }
    }

    token = ddi_sm5_operand_token(type, components, mode, bits, count);
    for (i = 0; i < count; ++i)
    {
        enum ddi_sm5_index_rep rep;

        if (!indices[i].relative.count)
            rep = DDI_SM5_INDEX_IMM32;
        else if (indices[i].has_value)
            rep = DDI_SM5_INDEX_IMM32_PLUS_RELATIVE;
        else
            rep = DDI_SM5_INDEX_RELATIVE;
        token |= (uint32_t)rep << DDI_SM5_INDEX_REP_SHIFT(i);
    }
    if (modifier)
        token |= DDI_SM5_OPERAND_EXTENDED;
    asm_put(instr, token);
    if (modifier)
        asm_put(instr, DDI_SM5_EXT_OPERAND_MODIFIER | modifier << DDI_SM5_MODIFIER_SHIFT);
    for (i = 0; i < count; ++i)
    {
        unsigned int t;

        if (indices[i].has_value)
            asm_put(instr, indices[i].value);
        for (t = 0; t < indices[i].relative.count; ++t)
            asm_put(instr, indices[i].relative.tokens[t]);
        if (indices[i].relative.overflow)
            instr->overflow = true;
    }
    return true;
}

bool asm_operand(struct asm_state *state, const char **p, enum asm_operand_use use, struct asm_instr *instr)
{
    uint32_t modifier = DDI_SM5_MODIFIER_NONE;
    bool negate, abs_bar = false, abs_call = false;

    asm_skip_space(p);
    negate = **p == '-';
    if (negate)
    {
        ++*p;
        asm_skip_space(p);
    }
    if (**p == '|')
    {
        abs_bar = true;
        ++*p;
    }
    else if (asm_starts_with_word(*p, "abs") && (*p)[3] == '(')
    {
        abs_call = true;
        *p += 4;
    }
    if (negate || abs_bar || abs_call)
    {
        if (use == ASM_DEST)
            return asm_fail(state, "a destination cannot be negated or take abs()");
        modifier = abs_bar || abs_call ? (negate ? DDI_SM5_MODIFIER_ABS_NEG : DDI_SM5_MODIFIER_ABS)
                                       : DDI_SM5_MODIFIER_NEG;
    }
    asm_skip_space(p);
    if (((*p)[0] == 'l' || (*p)[0] == 'd') && (*p)[1] == '(')
    {
        bool is64 = (*p)[0] == 'd';

        if (modifier)
            return asm_fail(state, "an immediate cannot take a modifier");
        *p += 2;
        return parse_immediate(state, p, is64, use, instr);
    }
    if (!parse_register(state, p, use, modifier, instr))
        return false;
    if (abs_bar)
        return asm_expect(state, p, '|');
    if (abs_call)
        return asm_expect(state, p, ')');
    return true;
}
