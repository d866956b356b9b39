/*
 * dxbc_asm (dxbc_asm.h): statements line by line, the signature directives, and the
 * container (ISGN, OSGN, then SHEX for 5.x or SHDR for 4.x, checksummed).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dxbc_asm.h"
#include "dxbc_asm_private.h"
#include "ddi_dxbc.h"

bool asm_fail(struct asm_state *state, const char *fmt, ...)
{
    char message[256];
    va_list args;

    if (state->failed)
        return false;
    state->failed = true;
    va_start(args, fmt);
    vsnprintf(message, sizeof(message), fmt, args);
    va_end(args);
    if (state->error_size)
        snprintf(state->error, state->error_size, "line %u: %s", state->line, message);
    return false;
}

void asm_put(struct asm_instr *instr, uint32_t token)
{
    if (instr->count == DDI_SM5_MAX_INSTRUCTION_LENGTH)
    {
        instr->overflow = true;
        return;
    }
    instr->tokens[instr->count++] = token;
}

bool asm_emit(struct asm_state *state, const uint32_t *tokens, size_t count)
{
    if (state->count + count > state->capacity)
    {
        size_t capacity = state->capacity ? state->capacity : 256;
        uint32_t *grown;

        while (capacity < state->count + count)
            capacity *= 2;
        if (!(grown = realloc(state->tokens, capacity * sizeof(*grown))))
            return asm_fail(state, "out of memory");
        state->tokens = grown;
        state->capacity = capacity;
    }
    memcpy(state->tokens + state->count, tokens, count * sizeof(*tokens));
    state->count += count;
    return true;
}

/* ---- The version line -------------------------------------------------------------- */

static bool parse_version(struct asm_state *state, const char *text)
{
    static const struct
    {
        const char *prefix;
        enum ddi_sm5_program_type type;
    }
    stages[] =
    {
        {"ps_", DDI_SM5_PROGRAM_PIXEL}, {"vs_", DDI_SM5_PROGRAM_VERTEX}, {"gs_", DDI_SM5_PROGRAM_GEOMETRY},
        {"hs_", DDI_SM5_PROGRAM_HULL}, {"ds_", DDI_SM5_PROGRAM_DOMAIN}, {"cs_", DDI_SM5_PROGRAM_COMPUTE},
    };
    unsigned int i, major, minor;
    char tail;

    for (i = 0; i < sizeof(stages) / sizeof(stages[0]); ++i)
    {
        if (strncmp(text, stages[i].prefix, 3))
            continue;
        if (sscanf(text + 3, "%u_%u %c", &major, &minor, &tail) != 2 || !((major == 4 && minor <= 1)
                || (major == 5 && minor <= 1)))
            return asm_fail(state, "unknown shader model \"%s\" (4_0, 4_1, 5_0 and 5_1 are assembled)", text);
        if ((stages[i].type == DDI_SM5_PROGRAM_HULL || stages[i].type == DDI_SM5_PROGRAM_DOMAIN
                || stages[i].type == DDI_SM5_PROGRAM_COMPUTE) && major < 5)
            return asm_fail(state, "%.2s needs shader model 5", text);
        state->type = stages[i].type;
        state->major = major;
        state->minor = minor;
        state->have_version = true;
        return asm_emit(state, (const uint32_t[2]){DDI_SM5_VERSION_TOKEN(stages[i].type, major, minor), 0}, 2);
    }
    return asm_fail(state, "the program must start with its version (cs_5_1, ps_5_0, ...), not \"%.20s\"", text);
}

/* ---- Signature directives ---------------------------------------------------------- */

/* System values as signatures spell them (D3D_NAME). */
static const struct
{
    const char *name;
    uint32_t value;
}
sysval_names[] =
{
    {"position", D3D_NAME_POSITION},
    {"clip_distance", D3D_NAME_CLIP_DISTANCE},
    {"cull_distance", D3D_NAME_CULL_DISTANCE},
    {"rendertarget_array_index", D3D_NAME_RENDER_TARGET_ARRAY_INDEX},
    {"viewport_array_index", D3D_NAME_VIEWPORT_ARRAY_INDEX},
    {"vertex_id", D3D_NAME_VERTEX_ID},
    {"primitive_id", D3D_NAME_PRIMITIVE_ID},
    {"instance_id", D3D_NAME_INSTANCE_ID},
    {"is_front_face", D3D_NAME_IS_FRONT_FACE},
    {"sample_index", D3D_NAME_SAMPLE_INDEX},
    {"target", D3D_NAME_TARGET},
    {"depth", D3D_NAME_DEPTH},
    {"coverage", D3D_NAME_COVERAGE},
    {"depth_greater_equal", D3D_NAME_DEPTH_GREATER_EQUAL},
    {"depth_less_equal", D3D_NAME_DEPTH_LESS_EQUAL},
    {"stencil_ref", D3D_NAME_STENCIL_REF},
    {"inner_coverage", D3D_NAME_INNER_COVERAGE},
};

/* Registers that signatures name without a number (0xffffffff). */
static const char *const numberless_outputs[] = {"oDepth", "oMask", "oDepthGE", "oDepthLE", "oStencilRef"};

static bool parse_signature(struct asm_state *state, const char *text, bool output)
{
    struct asm_signature_element *e;
    char word[64], reg[32];
    const char *p = text;
    unsigned int i;
    int c;

    if (state->type == DDI_SM5_PROGRAM_COMPUTE)
        return asm_fail(state, "compute shaders have no signatures");
    if (state->listing_signatures)
        return asm_fail(state, "the listing's signature blocks already give the signatures; remove the .%s lines",
                        output ? "output" : "input");
    if ((output ? state->output_count : state->input_count) == ASM_MAX_SIGNATURE)
        return asm_fail(state, "more than %u signature elements", ASM_MAX_SIGNATURE);
    e = output ? &state->outputs[state->output_count] : &state->inputs[state->input_count];
    memset(e, 0, sizeof(*e));

    if (!asm_word(&p, e->semantic, sizeof(e->semantic)))
        return asm_fail(state, "expected a semantic name");
    if (!asm_uint(state, &p, &e->semantic_index))
        return false;

    asm_skip_space(&p);
    for (i = 0; (p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z'); ++i)
        ;
    if (i == 0 || i >= sizeof(reg))
        return asm_fail(state, "expected a register (v#, o#, oDepth, ...) in the signature element");
    memcpy(reg, p, i);
    reg[i] = 0;
    p += i;
    e->reg = 0xffffffffu;
    for (i = 0; i < sizeof(numberless_outputs) / sizeof(numberless_outputs[0]); ++i)
    {
        if (!strcmp(reg, numberless_outputs[i]))
            break;
    }
    if (i < sizeof(numberless_outputs) / sizeof(numberless_outputs[0]))
    {
        if (!output)
            return asm_fail(state, "%s is an output register", reg);
        e->mask = 0x1;
    }
    else
    {
        if (strcmp(reg, output ? "o" : "v"))
            return asm_fail(state, "%s signature elements live in %s# registers, not \"%s\"",
                            output ? "output" : "input", output ? "o" : "v", reg);
        if (!asm_uint(state, &p, &e->reg))
            return false;
        if (*p != '.')
            return asm_fail(state, "expected the register's component mask (.xyzw)");
        for (++p; *p && *p != ' ' && *p != '\t'; ++p)
        {
            c = *p == 'x' ? 0 : *p == 'y' ? 1 : *p == 'z' ? 2 : *p == 'w' ? 3 : -1;
            if (c < 0 || (e->mask >> c))
                return asm_fail(state, "bad component mask in the signature element");
            e->mask |= 1u << c;
        }
    }

    if (!asm_word(&p, word, sizeof(word)))
        return asm_fail(state, "expected a component type (float, uint, sint)");
    if (!strcmp(word, "uint"))
        e->component_type = 1;
    else if (!strcmp(word, "sint"))
        e->component_type = 2;
    else if (!strcmp(word, "float"))
        e->component_type = 3;
    else
        return asm_fail(state, "unknown component type \"%s\" (float, uint, sint)", word);

    if (asm_word(&p, word, sizeof(word)))
    {
        for (i = 0; i < sizeof(sysval_names) / sizeof(sysval_names[0]); ++i)
        {
            if (!strcmp(word, sysval_names[i].name))
                break;
        }
        if (i == sizeof(sysval_names) / sizeof(sysval_names[0]))
            return asm_fail(state, "unknown system value \"%s\"", word);
        /* Shader model 4/5 signatures name pixel outputs by their semantic only: fxc
         * writes 0 for target, depth, coverage and the like. */
        e->sysval = sysval_names[i].value >= 64 ? 0 : sysval_names[i].value;
    }
    if (!asm_at_end(&p))
        return asm_fail(state, "unexpected \"%.20s\" after the signature element", p);
    if (output)
        ++state->output_count;
    else
        ++state->input_count;
    return true;
}

/*
 * A signature part as fxc writes it: count, 8, 24-byte elements, then the semantic
 * names (each once), the end padded to 4 bytes with 0xab. Inputs mark every declared
 * component as read; outputs carry the never-written mask, 0 for their components.
 */
static unsigned char *build_signature(const struct asm_signature_element *elements, unsigned int count,
                                      bool output, uint32_t *size)
{
    uint32_t offsets[ASM_MAX_SIGNATURE], names = 8 + 24 * count, end = names;
    unsigned char *part;
    unsigned int i, j;

    for (i = 0; i < count; ++i)
    {
        for (j = 0; j < i && strcmp(elements[j].semantic, elements[i].semantic); ++j)
            ;
        if (j < i)
        {
            offsets[i] = offsets[j];
            continue;
        }
        offsets[i] = end;
        end += (uint32_t)strlen(elements[i].semantic) + 1;
    }
    *size = (end + 3) & ~3u;
    if (!(part = malloc(*size)))
        return NULL;
    memset(part, 0xab, *size);
    ddi_dxbc_write_u32(part, count);
    ddi_dxbc_write_u32(part + 4, 8);
    for (i = 0; i < count; ++i)
    {
        unsigned char *e = part + 8 + 24 * i;
        uint8_t read_or_written = elements[i].has_used ? elements[i].used : elements[i].mask;
        uint8_t rw = output ? (uint8_t)(0xf & ~read_or_written) : read_or_written;

        ddi_dxbc_write_u32(e, offsets[i]);
        ddi_dxbc_write_u32(e + 4, elements[i].semantic_index);
        ddi_dxbc_write_u32(e + 8, elements[i].sysval);
        ddi_dxbc_write_u32(e + 12, elements[i].component_type);
        ddi_dxbc_write_u32(e + 16, elements[i].reg);
        ddi_dxbc_write_u32(e + 20, (uint32_t)elements[i].mask | (uint32_t)rw << 8);
        memcpy(part + offsets[i], elements[i].semantic, strlen(elements[i].semantic) + 1);
    }
    return part;
}

/* ---- The container ----------------------------------------------------------------- */

static bool build_container(struct asm_state *state, void **bytecode, size_t *size)
{
    uint32_t sizes[3], checksum[4], offset, total;
    const unsigned char *data[3];
    unsigned char *isgn, *osgn, *out;
    uint32_t tags[3];
    unsigned int i;

    isgn = build_signature(state->inputs, state->input_count, false, &sizes[0]);
    osgn = build_signature(state->outputs, state->output_count, true, &sizes[1]);
    if (!isgn || !osgn)
    {
        free(isgn);
        free(osgn);
        return asm_fail(state, "out of memory");
    }
    tags[0] = DDI_DXBC_FOURCC('I', 'S', 'G', 'N');
    tags[1] = DDI_DXBC_FOURCC('O', 'S', 'G', 'N');
    tags[2] = state->major >= 5 ? DDI_SM5_TAG_SHEX : DDI_SM5_TAG_SHDR;
    data[0] = isgn;
    data[1] = osgn;
    data[2] = (const unsigned char *)state->tokens;
    sizes[2] = (uint32_t)(state->count * 4);

    total = DDI_DXBC_HEADER_SIZE + 3 * 4;
    for (i = 0; i < 3; ++i)
        total += DDI_DXBC_PART_HEADER_SIZE + sizes[i];
    if (!(out = calloc(1, total)))
    {
        free(isgn);
        free(osgn);
        return asm_fail(state, "out of memory");
    }
    ddi_dxbc_write_u32(out, DDI_DXBC_TAG_DXBC);
    ddi_dxbc_write_u32(out + 20, 1);
    ddi_dxbc_write_u32(out + 24, total);
    ddi_dxbc_write_u32(out + 28, 3);
    offset = DDI_DXBC_HEADER_SIZE + 3 * 4;
    for (i = 0; i < 3; ++i)
    {
        ddi_dxbc_write_u32(out + DDI_DXBC_HEADER_SIZE + 4 * i, offset);
        ddi_dxbc_write_u32(out + offset, tags[i]);
        ddi_dxbc_write_u32(out + offset + 4, sizes[i]);
        if (i == 2)
        {
            uint32_t t;

            /* Tokens in little-endian order, whatever the host. */
            for (t = 0; t < state->count; ++t)
                ddi_dxbc_write_u32(out + offset + 8 + 4 * t, state->tokens[t]);
        }
        else
        {
            memcpy(out + offset + 8, data[i], sizes[i]);
        }
        offset += DDI_DXBC_PART_HEADER_SIZE + sizes[i];
    }
    free(isgn);
    free(osgn);
    ddi_dxbc_checksum(out, total, checksum);
    for (i = 0; i < 4; ++i)
        ddi_dxbc_write_u32(out + 4 + 4 * i, checksum[i]);
    *bytecode = out;
    *size = total;
    return true;
}

/* ---- Lines ------------------------------------------------------------------------- */

/* Copies the statement starting at source (a line, or more while a '{' block of
 * dcl_immediateConstantBuffer is open) without its // comments; returns the next line. */
static const char *next_statement(const char *source, char **text, unsigned int *lines)
{
    size_t capacity = 256, n = 0;
    const char *p = source;
    int depth = 0;
    char *out = malloc(capacity);

    *lines = 0;
    if (!out)
    {
        *text = NULL;
        return NULL;
    }
    for (;;)
    {
        bool comment = false;

        ++*lines;
        for (; *p && *p != '\n'; ++p)
        {
            if (p[0] == '/' && p[1] == '/')
                comment = true;
            if (comment)
                continue;
            if (*p == '{')
                ++depth;
            else if (*p == '}')
                --depth;
            if (n + 2 >= capacity)
            {
                char *grown = realloc(out, capacity *= 2);

                if (!grown)
                {
                    free(out);
                    *text = NULL;
                    return NULL;
                }
                out = grown;
            }
            out[n++] = *p == '\r' ? ' ' : *p;    /* CRLF sources */
        }
        if (*p == '\n')
            ++p;
        if (depth <= 0 || !*p)
            break;
        out[n++] = ' ';
    }
    out[n] = 0;
    *text = out;
    return p;
}

int dxbc_asm_assemble(const char *source, void **bytecode, size_t *size, char *error, size_t error_size)
{
    return dxbc_asm_assemble_flags(source, 0, bytecode, size, error, error_size);
}

int dxbc_asm_assemble_flags(const char *source, unsigned int flags, void **bytecode, size_t *size, char *error,
        size_t error_size)
{
    struct asm_state state;
    unsigned int lines;
    const char *p = source;

    memset(&state, 0, sizeof(state));
    state.error = error;
    state.error_size = error_size;
    state.line = 1;
    *bytecode = NULL;
    *size = 0;
    if (error_size)
        error[0] = 0;

    asm_listing_signatures(&state, source);
    while (p && *p && !state.failed)
    {
        const char *s;
        char *text;

        p = next_statement(p, &text, &lines);
        if (!text)
        {
            asm_fail(&state, "out of memory");
            break;
        }
        s = text;
        asm_skip_space(&s);
        if (!*s)
            ;
        else if (!state.have_version)
            parse_version(&state, s);
        else if (asm_starts_with_word(s, ".input"))
            parse_signature(&state, s + 6, false);
        else if (asm_starts_with_word(s, ".output"))
            parse_signature(&state, s + 7, true);
        else if (s[0] == '.')
            asm_fail(&state, "unknown directive \"%.20s\"", s);
        else
            asm_instruction(&state, s);
        free(text);
        if (!state.failed)
            state.line += lines;
    }
    if (!state.failed && !state.have_version)
        asm_fail(&state, "empty program: no version line");
    if (!state.failed && !(flags & DXBC_ASM_ALLOW_MISSING_SIGNATURES))
        asm_check_declared_registers(&state);
    if (!state.failed)
    {
        state.tokens[1] = (uint32_t)state.count;
        build_container(&state, bytecode, size);
    }
    free(state.tokens);
    return state.failed ? -1 : 0;
}
