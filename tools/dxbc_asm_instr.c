/*
 * dxbc_asm: instructions. The mnemonic (from ddi_sm5.h's table) with fxc's suffixes
 * (_sat, _z / _nz, _aoffimmi(u,v,w), _indexable(dim)(types), resinfo's _uint /
 * _rcpFloat, sync's _t / _g / _ugroup / _uglobal), then the operands in the table's
 * order; declarations go to dxbc_asm_decl.c.
 */
#include <ctype.h>
#include <string.h>

#include "dxbc_asm_private.h"

struct asm_opcode
{
    const char *mnemonic;
    uint32_t opcode;
    const char *roles;
    uint32_t flags;
};

static const struct asm_opcode opcodes[] =
{
#define X(name, value, mnemonic, dst_count, roles, flags) {mnemonic, value, roles, flags},
    DDI_SM5_OPCODES(X)
#undef X
};

/* The longest mnemonic that text starts with, followed by '_', '(', a space or the end. */
static const struct asm_opcode *find_opcode(const char *text)
{
    const struct asm_opcode *best = NULL;
    size_t i, n, best_length = 0;

    for (i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); ++i)
    {
        n = strlen(opcodes[i].mnemonic);
        if (n > best_length && !strncmp(text, opcodes[i].mnemonic, n)
                && (!text[n] || text[n] == '_' || text[n] == '(' || text[n] == ' ' || text[n] == '\t'))
        {
            best = &opcodes[i];
            best_length = n;
        }
    }
    return best;
}

/* The index of word in a table of names indexed by token value (0 unused), or 0. */
static uint32_t name_index(const char *const *names, size_t count, const char *word)
{
    uint32_t i;

    for (i = 1; i < count; ++i)
    {
        if (names[i] && !strcmp(word, names[i]))
            return i;
    }
    return 0;
}

static const char *const dimension_names[] =
{
    [DDI_SM5_DIM_BUFFER] = "buffer",
    [DDI_SM5_DIM_TEXTURE1D] = "texture1d",
    [DDI_SM5_DIM_TEXTURE2D] = "texture2d",
    [DDI_SM5_DIM_TEXTURE2DMS] = "texture2dms",
    [DDI_SM5_DIM_TEXTURE3D] = "texture3d",
    [DDI_SM5_DIM_TEXTURECUBE] = "texturecube",
    [DDI_SM5_DIM_TEXTURE1DARRAY] = "texture1darray",
    [DDI_SM5_DIM_TEXTURE2DARRAY] = "texture2darray",
    [DDI_SM5_DIM_TEXTURE2DMSARRAY] = "texture2dmsarray",
    [DDI_SM5_DIM_TEXTURECUBEARRAY] = "texturecubearray",
    [DDI_SM5_DIM_RAW_BUFFER] = "raw_buffer",
    [DDI_SM5_DIM_STRUCTURED_BUFFER] = "structured_buffer",
};

const char *asm_dimension_name(uint32_t dim)
{
    return dim < sizeof(dimension_names) / sizeof(dimension_names[0]) ? dimension_names[dim] : NULL;
}

bool asm_dimension(struct asm_state *state, const char *word, uint32_t *dim)
{
    if ((*dim = name_index(dimension_names, sizeof(dimension_names) / sizeof(dimension_names[0]), word)))
        return true;
    return asm_fail(state, "unknown resource dimension \"%s\"", word);
}

static const char *const return_type_names[] =
{
    [DDI_SM5_RETURN_UNORM] = "unorm",
    [DDI_SM5_RETURN_SNORM] = "snorm",
    [DDI_SM5_RETURN_SINT] = "sint",
    [DDI_SM5_RETURN_UINT] = "uint",
    [DDI_SM5_RETURN_FLOAT] = "float",
    [DDI_SM5_RETURN_MIXED] = "mixed",
    [DDI_SM5_RETURN_DOUBLE] = "double",
    [DDI_SM5_RETURN_CONTINUED] = "continued",
    [DDI_SM5_RETURN_UNUSED] = "unused",
};

const char *asm_return_type_name(uint32_t type)
{
    return type < sizeof(return_type_names) / sizeof(return_type_names[0]) ? return_type_names[type] : NULL;
}

bool asm_opcode_info(uint32_t opcode, const char **mnemonic, const char **roles, uint32_t *flags)
{
    size_t i;

    for (i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); ++i)
    {
        if (opcodes[i].opcode == opcode)
        {
            *mnemonic = opcodes[i].mnemonic;
            *roles = opcodes[i].roles;
            *flags = opcodes[i].flags;
            return true;
        }
    }
    return false;
}

bool asm_return_types(struct asm_state *state, const char **p, uint32_t *token)
{
    uint32_t c, value;
    char word[32];

    *token = 0;
    if (!asm_expect(state, p, '('))
        return false;
    for (c = 0; c < 4; ++c)
    {
        if (c && !asm_expect(state, p, ','))
            return false;
        if (!asm_word(p, word, sizeof(word)))
            return asm_fail(state, "expected a return type (float, uint, ...)");
        if (!(value = name_index(return_type_names, sizeof(return_type_names) / sizeof(return_type_names[0]), word)))
            return asm_fail(state, "unknown return type \"%s\"", word);
        *token |= value << (4 * c);
    }
    return asm_expect(state, p, ')');
}

/* "(u,v,w)": texel offsets from -8 to 7. */
static bool parse_offsets(struct asm_state *state, const char **p, uint32_t *token)
{
    static const unsigned int shifts[3] = {DDI_SM5_AOFFIMMI_U_SHIFT, DDI_SM5_AOFFIMMI_V_SHIFT,
                                           DDI_SM5_AOFFIMMI_W_SHIFT};
    unsigned int i;
    int32_t v;

    *token = DDI_SM5_EXT_OPCODE_SAMPLE_CONTROLS;
    if (!asm_expect(state, p, '('))
        return false;
    for (i = 0; i < 3; ++i)
    {
        if ((i && !asm_expect(state, p, ',')) || !asm_int(state, p, &v))
            return false;
        if (v < -8 || v > 7)
            return asm_fail(state, "texel offset %d is outside [-8, 7]", v);
        *token |= ((uint32_t)v & DDI_SM5_AOFFIMMI_MASK) << shifts[i];
    }
    return asm_expect(state, p, ')');
}

/* "(texture2d)" or "(structured_buffer, stride=N)". */
static bool parse_dimension_group(struct asm_state *state, const char **p, uint32_t *token)
{
    uint32_t dim = 0, stride = 0;
    char word[32];

    if (!asm_expect(state, p, '('))
        return false;
    if (!asm_word(p, word, sizeof(word)))
        return asm_fail(state, "expected a resource dimension");
    if (!asm_dimension(state, word, &dim))
        return false;
    if (asm_accept(p, ','))
    {
        if (!asm_word(p, word, sizeof(word)) || strcmp(word, "stride") || !asm_expect(state, p, '=')
                || !asm_uint(state, p, &stride))
            return asm_fail(state, "expected stride=N");
        if (stride > (DDI_SM5_EXT_STRIDE_MASK >> DDI_SM5_EXT_STRIDE_SHIFT))
            return asm_fail(state, "stride %u is too large", stride);
    }
    *token = DDI_SM5_EXT_OPCODE_RESOURCE_DIM | dim << DDI_SM5_EXT_DIM_SHIFT | stride << DDI_SM5_EXT_STRIDE_SHIFT;
    return asm_expect(state, p, ')');
}

struct suffixes
{
    uint32_t controls;
    uint32_t ext[3];                    /* sample controls, dimension, return type */
    bool has_ext[3];
    bool has_test;
};

static bool parse_suffixes(struct asm_state *state, const struct asm_opcode *op, const char **p,
                           struct suffixes *s)
{
    bool pending_offsets = false;
    char word[32];

    memset(s, 0, sizeof(*s));
    while (**p == '_')
    {
        size_t n = 0;

        for (++*p; isalnum((unsigned char)**p) && n + 1 < sizeof(word); ++*p)
            word[n++] = **p;
        word[n] = 0;
        if (!strcmp(word, "sat") && (op->flags & DDI_SM5_OPF_SAT))
        {
            s->controls |= DDI_SM5_SATURATE;
        }
        else if ((!strcmp(word, "z") || !strcmp(word, "nz")) && (op->flags & DDI_SM5_OPF_TEST) && !s->has_test)
        {
            s->has_test = true;
            if (word[0] == 'n')
                s->controls |= DDI_SM5_TEST_NONZERO;
        }
        else if (!strcmp(word, "aoffimmi") && (op->flags & DDI_SM5_OPF_OFFSETS) && !s->has_ext[0])
        {
            s->has_ext[0] = true;
            if (**p == '(')
            {
                if (!parse_offsets(state, p, &s->ext[0]))
                    return false;
            }
            else
            {
                pending_offsets = true;
            }
        }
        else if (!strcmp(word, "indexable") && (op->flags & DDI_SM5_OPF_RESOURCE) && !s->has_ext[1])
        {
            /* fxc: sample_aoffimmi_indexable(u,v,w)(dim)(types). */
            if (pending_offsets)
            {
                if (!parse_offsets(state, p, &s->ext[0]))
                    return false;
                pending_offsets = false;
            }
            if (!parse_dimension_group(state, p, &s->ext[1]))
                return false;
            s->has_ext[1] = true;
            if (**p == '(')
            {
                if (!asm_return_types(state, p, &s->ext[2]))
                    return false;
                s->ext[2] = DDI_SM5_EXT_OPCODE_RESOURCE_RETURN_TYPE | s->ext[2] << DDI_SM5_EXT_RETURN_TYPE_SHIFT;
                s->has_ext[2] = true;
            }
        }
        else if ((!strcmp(word, "uint") || !strcmp(word, "rcpFloat")) && op->opcode == DDI_SM5_OP_RESINFO)
        {
            s->controls &= ~DDI_SM5_RESINFO_MASK;
            s->controls |= (uint32_t)(word[0] == 'u' ? DDI_SM5_RESINFO_UINT : DDI_SM5_RESINFO_RCP_FLOAT)
                    << DDI_SM5_RESINFO_SHIFT;
        }
        else if (!strcmp(word, "uint") && (op->opcode == DDI_SM5_OP_SAMPLE_INFO
                || op->opcode == DDI_SM5_OP_SAMPLE_POS))
        {
            s->controls |= DDI_SM5_SAMPLEINFO_UINT;
        }
        else if (op->opcode == DDI_SM5_OP_SYNC && !strcmp(word, "t"))
        {
            s->controls |= DDI_SM5_SYNC_THREADS_IN_GROUP;
        }
        else if (op->opcode == DDI_SM5_OP_SYNC && !strcmp(word, "g"))
        {
            s->controls |= DDI_SM5_SYNC_TGSM;
        }
        else if (op->opcode == DDI_SM5_OP_SYNC && !strcmp(word, "ugroup"))
        {
            s->controls |= DDI_SM5_SYNC_UAV_GROUP;
        }
        else if (op->opcode == DDI_SM5_OP_SYNC && !strcmp(word, "uglobal"))
        {
            s->controls |= DDI_SM5_SYNC_UAV_GLOBAL;
        }
        else
        {
            return asm_fail(state, "%s does not take the suffix _%s", op->mnemonic, word);
        }
    }
    if (pending_offsets)
        return asm_fail(state, "_aoffimmi needs its offsets (u,v,w)");
    if ((op->flags & DDI_SM5_OPF_TEST) && !s->has_test)
        return asm_fail(state, "%s needs _z or _nz", op->mnemonic);
    if (op->opcode == DDI_SM5_OP_SYNC && !s->controls)
        return asm_fail(state, "sync needs at least one of _t, _g, _ugroup, _uglobal");
    if (**p && **p != ' ' && **p != '\t')
        return asm_fail(state, "unexpected \"%.20s\" after %s", *p, op->mnemonic);
    return true;
}

/* dcl_immediateConstantBuffer { { a, b, c, d }, ... }: customdata of class 3, whose
 * length (its own token) may exceed an instruction's 127 tokens. */
#define ASM_ICB_MAX_VEC4 4096u

static bool immediate_constant_buffer(struct asm_state *state, const char *p)
{
    const uint32_t header[2] = {DDI_SM5_OP_CUSTOMDATA
            | (uint32_t)DDI_SM5_CUSTOMDATA_IMMEDIATE_CONSTANT_BUFFER << DDI_SM5_CUSTOMDATA_CLASS_SHIFT, 0};
    size_t start = state->count;
    unsigned int i, vec4s = 0;
    uint32_t v[4];

    if (!asm_emit(state, header, 2) || !asm_expect(state, &p, '{'))
        return false;
    do
    {
        if (!asm_expect(state, &p, '{'))
            return false;
        for (i = 0; i < 4; ++i)
        {
            if ((i && !asm_expect(state, &p, ',')) || !asm_number(state, &p, &v[i]))
                return false;
        }
        if (!asm_expect(state, &p, '}'))
            return false;
        if (++vec4s > ASM_ICB_MAX_VEC4)
            return asm_fail(state, "the immediate constant buffer holds more than %u vec4s", ASM_ICB_MAX_VEC4);
        if (!asm_emit(state, v, 4))
            return false;
    } while (asm_accept(&p, ','));
    if (!asm_expect(state, &p, '}'))
        return false;
    if (!asm_at_end(&p))
        return asm_fail(state, "unexpected \"%.20s\" after the immediate constant buffer", p);
    state->tokens[start + 1] = (uint32_t)(state->count - start);
    return true;
}

bool asm_instruction(struct asm_state *state, const char *text)
{
    const struct asm_opcode *op;
    struct asm_instr instr;
    struct suffixes s;
    const char *p = text, *roles;
    unsigned int ext_count = 0, i;
    uint32_t ext[3];

    if (asm_starts_with_word(text, "dcl_immediateConstantBuffer"))
        return immediate_constant_buffer(state, text + strlen("dcl_immediateConstantBuffer"));
    memset(&instr, 0, sizeof(instr));
    if (!(op = find_opcode(text)))
    {
        char word[48];

        asm_word(&p, word, sizeof(word));
        return asm_fail(state, "unknown instruction \"%s\"", word);
    }
    p = text + strlen(op->mnemonic);
    asm_put(&instr, op->opcode);

    if (op->flags & DDI_SM5_OPF_DECL)
    {
        if (!asm_declaration(state, op->opcode, op->mnemonic, p, &instr))
            return false;
        asm_note_declared_register(state, &instr);
    }
    else
    {
        if (!strcmp(op->roles, "*"))
            return asm_fail(state, "%s (interfaces) is not supported by the assembler", op->mnemonic);
        if (!parse_suffixes(state, op, &p, &s))
            return false;
        instr.tokens[0] |= s.controls;
        for (i = 0; i < 3; ++i)
        {
            if (s.has_ext[i])
                ext[ext_count++] = s.ext[i];
        }
        for (i = 0; i < ext_count; ++i)
            asm_put(&instr, ext[i] | (i + 1 < ext_count ? DDI_SM5_EXTENDED : 0));
        if (ext_count)
            instr.tokens[0] |= DDI_SM5_EXTENDED;

        for (roles = op->roles; *roles; ++roles)
        {
            unsigned int start = instr.count;
            uint32_t type;

            if (roles != op->roles && !asm_expect(state, &p, ','))
                return false;
            if (!asm_operand(state, &p, *roles == 'D' ? ASM_DEST : ASM_SOURCE, &instr))
                return false;
            type = (instr.tokens[start] & DDI_SM5_OPERAND_TYPE_MASK) >> DDI_SM5_OPERAND_TYPE_SHIFT;
            if (*roles == 'S' && type != DDI_SM5_OPERAND_SAMPLER)
                return asm_fail(state, "operand %u of %s must be a sampler", (unsigned int)(roles - op->roles) + 1,
                                op->mnemonic);
            if (*roles == 'L' && type != DDI_SM5_OPERAND_LABEL)
                return asm_fail(state, "operand %u of %s must be a label", (unsigned int)(roles - op->roles) + 1,
                                op->mnemonic);
            if (*roles == 'M' && type != DDI_SM5_OPERAND_STREAM)
                return asm_fail(state, "operand %u of %s must be a stream", (unsigned int)(roles - op->roles) + 1,
                                op->mnemonic);
            /* sampleinfo and samplepos also ask the rasterizer (the render target's samples). */
            if (*roles == 'R' && type != DDI_SM5_OPERAND_RESOURCE && type != DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW
                    && type != DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY
                    && !(type == DDI_SM5_OPERAND_RASTERIZER
                         && (op->opcode == DDI_SM5_OP_SAMPLE_INFO || op->opcode == DDI_SM5_OP_SAMPLE_POS)))
                return asm_fail(state, "operand %u of %s must be a resource (t#, u#, g#)",
                                (unsigned int)(roles - op->roles) + 1, op->mnemonic);
        }
        if (!asm_at_end(&p))
            return asm_fail(state, "unexpected \"%.20s\" after the operands of %s (it takes %zu)", p, op->mnemonic,
                            strlen(op->roles));
    }
    if (instr.overflow)
        return asm_fail(state, "%s is longer than %u tokens", op->mnemonic, DDI_SM5_MAX_INSTRUCTION_LENGTH);
    instr.tokens[0] |= (uint32_t)instr.count << DDI_SM5_LENGTH_SHIFT;
    return asm_emit(state, instr.tokens, instr.count);
}
