/*
 * dxbc_asm: fxc's listing as printed (fxc /Fc). Its signatures are comment blocks,
 *
 *   // Input signature:
 *   //
 *   // Name                 Index   Mask Register SysValue  Format   Used
 *   // -------------------- ----- ------ -------- -------- ------- ------
 *   // TEXCOORD                 0   xy          1     NONE   float   xy
 *   // SV_Depth                 0    N/A   oDepth    DEPTH   float    YES
 *   //
 *
 * one row per element (the mask positional, "  zw"; Used empty, letters, or YES/NO for
 * registers without components), which become the signatures as .input / .output lines
 * would. And a program whose declarations name inputs or outputs without any signature
 * covering them is refused: it would assemble into a shader that renders nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dxbc_asm_private.h"

/* The listing's SysValue column (D3D_NAME; 64 and up are pixel outputs, stored as 0). */
static const struct
{
    const char *name;
    uint32_t value;
}
listing_sysvals[] =
{
    {"NONE", 0}, {"POS", 1}, {"CLIPDST", 2}, {"CULLDST", 3}, {"RTINDEX", 4}, {"VPINDEX", 5}, {"VERTID", 6},
    {"PRIMID", 7}, {"INSTID", 8}, {"FFACE", 9}, {"SAMPLE", 10}, {"TARGET", 64}, {"DEPTH", 65}, {"COVERAGE", 66},
    {"DEPTHGE", 67}, {"DEPTHLE", 68}, {"STENCILREF", 69}, {"INNERCOV", 70},
};

/* The listing's Format column (D3D_REGISTER_COMPONENT_TYPE). */
static const struct
{
    const char *name;
    uint32_t value;
}
listing_formats[] =
{
    {"uint", 1}, {"bool", 1}, {"int", 2}, {"float", 3},
};

/* Registers a listing names without a number. */
static const char *const numberless[] = {"oDepth", "oMask", "oDepthGE", "oDepthLE", "oStencilRef"};

#define MAX_COLUMNS 8

/* The whitespace-separated words of a comment line after "//"; their count. */
static unsigned int split(const char *line, size_t length, char words[MAX_COLUMNS][64])
{
    unsigned int count = 0;
    size_t i = 0, n;

    while (i < length && count < MAX_COLUMNS)
    {
        while (i < length && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
        for (n = 0; i + n < length && line[i + n] != ' ' && line[i + n] != '\t' && line[i + n] != '\r'; ++n)
            ;
        if (!n)
            break;
        snprintf(words[count++], 64, "%.*s", (int)n, line + i);
        i += n;
    }
    return count;
}

/* "xy", "zw", "x": the components; 0 for anything else. */
static uint8_t component_letters(const char *word)
{
    uint8_t mask = 0;
    int c;

    for (; *word; ++word)
    {
        if (*word == ' ')
            continue;   /* positional: "x z " */
        c = *word == 'x' ? 0 : *word == 'y' ? 1 : *word == 'z' ? 2 : *word == 'w' ? 3 : -1;
        if (c < 0 || (mask >> c))
            return 0;
        mask |= (uint8_t)(1u << c);
    }
    return mask;
}

static bool parse_row(struct asm_state *state, char words[MAX_COLUMNS][64], unsigned int count, bool output)
{
    struct asm_signature_element *e;
    unsigned int i;
    char *end;

    if (count < 6 || count > 7)
        return asm_fail(state, "a signature row has Name Index Mask Register SysValue Format [Used], not %u columns",
                        count);
    if ((output ? state->output_count : state->input_count) == ASM_MAX_SIGNATURE)
        return asm_fail(state, "more than %u signature elements", ASM_MAX_SIGNATURE);
    e = output ? &state->outputs[state->output_count++] : &state->inputs[state->input_count++];
    memset(e, 0, sizeof(*e));
    snprintf(e->semantic, sizeof(e->semantic), "%.63s", words[0]);
    e->semantic_index = (uint32_t)strtoul(words[1], &end, 10);
    if (*end || end == words[1])
        return asm_fail(state, "bad semantic index \"%s\" in the signature row", words[1]);

    for (i = 0; i < sizeof(numberless) / sizeof(numberless[0]) && strcmp(words[3], numberless[i]); ++i)
        ;
    if (i < sizeof(numberless) / sizeof(numberless[0]))
    {
        e->reg = 0xffffffffu;
        e->mask = 0x1;
    }
    else
    {
        e->reg = (uint32_t)strtoul(words[3], &end, 10);
        if (*end || end == words[3])
            return asm_fail(state, "bad register \"%s\" in the signature row", words[3]);
        if (!(e->mask = component_letters(words[2])))
            return asm_fail(state, "bad mask \"%s\" in the signature row", words[2]);
    }

    for (i = 0; i < sizeof(listing_sysvals) / sizeof(listing_sysvals[0]) && strcmp(words[4], listing_sysvals[i].name);
            ++i)
        ;
    if (i == sizeof(listing_sysvals) / sizeof(listing_sysvals[0]))
        return asm_fail(state, "unknown system value \"%s\" in the signature row", words[4]);
    e->sysval = listing_sysvals[i].value >= 64 ? 0 : listing_sysvals[i].value;

    for (i = 0; i < sizeof(listing_formats) / sizeof(listing_formats[0]) && strcmp(words[5], listing_formats[i].name);
            ++i)
        ;
    if (i == sizeof(listing_formats) / sizeof(listing_formats[0]))
        return asm_fail(state, "unknown format \"%s\" in the signature row", words[5]);
    e->component_type = listing_formats[i].value;

    e->has_used = true;
    if (count == 6 || !strcmp(words[6], "NO"))
        e->used = 0;
    else if (!strcmp(words[6], "YES"))
        e->used = e->mask;
    else if (!(e->used = component_letters(words[6])))
        return asm_fail(state, "bad Used column \"%s\" in the signature row", words[6]);
    return true;
}

/* The columns of a row by the dashed line's extents (fxc pads every column, so
 * positional masks with gaps and an empty Used column keep their places); the count of
 * columns up to the last non-empty one. */
static unsigned int split_columns(const char *line, size_t length, const size_t starts[7], const size_t ends[7],
        char words[MAX_COLUMNS][64])
{
    unsigned int count = 0, i;
    size_t a, b;

    for (i = 0; i < 7; ++i)
    {
        a = starts[i] < length ? starts[i] : length;
        b = i == 6 ? length : ends[i] < length ? ends[i] : length;
        while (a < b && (line[a] == ' ' || line[a] == '\t'))
            ++a;
        while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t' || line[b - 1] == '\r'))
            --b;
        snprintf(words[i], 64, "%.*s", (int)(b - a), line + a);
        if (b > a)
            count = i + 1;
    }
    return count;
}

/* The extents of the dashed line's seven groups; false when it has another count. */
static bool dash_columns(const char *line, size_t length, size_t starts[7], size_t ends[7])
{
    unsigned int count = 0;
    size_t i = 0;

    while (i < length)
    {
        while (i < length && line[i] == ' ')
            ++i;
        if (i >= length || line[i] != '-')
            break;
        if (count == 7)
            return false;
        starts[count] = i;
        while (i < length && line[i] == '-')
            ++i;
        ends[count++] = i;
    }
    return count == 7;
}

bool asm_listing_signatures(struct asm_state *state, const char *source)
{
    enum {NONE, HEADER, ROWS} mode = NONE;
    char words[MAX_COLUMNS][64];
    const char *line = source, *end, *text;
    unsigned int line_number = 1, count;
    size_t starts[7], ends[7];
    bool output = false, columns = false;

    for (; *line && !state->failed; line = *end ? end + 1 : end, ++line_number)
    {
        end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        text = line;
        while (text < end && (*text == ' ' || *text == '\t'))
            ++text;
        if (end - text < 2 || text[0] != '/' || text[1] != '/')
        {
            mode = NONE;
            continue;
        }
        text += 2;
        count = split(text, (size_t)(end - text), words);
        state->line = line_number;
        if (count == 2 && !strcmp(words[1], "signature:") && (!strcmp(words[0], "Input") || !strcmp(words[0], "Output")))
        {
            output = !strcmp(words[0], "Output");
            mode = HEADER;
            state->listing_signatures = true;
        }
        else if (mode == HEADER && count && words[0][0] == '-')
        {
            mode = ROWS;
            columns = dash_columns(text, (size_t)(end - text), starts, ends);
        }
        else if (mode == ROWS && !count)
            mode = NONE;
        else if (mode == ROWS && !(count == 2 && !strcmp(words[0], "no")))
        {
            if (columns)
                count = split_columns(text, (size_t)(end - text), starts, ends, words);
            parse_row(state, words, count, output);
        }
    }
    state->line = 1;
    return !state->failed;
}

void asm_note_declared_register(struct asm_state *state, const struct asm_instr *instr)
{
    uint32_t opcode = DDI_SM5_OPCODE_OF(instr->tokens[0]), token, type;
    struct asm_declared_register *d;

    /* Vertex and pixel shaders: the stages whose signatures are their ISGN and OSGN alone. */
    if (state->type != DDI_SM5_PROGRAM_VERTEX && state->type != DDI_SM5_PROGRAM_PIXEL)
        return;
    if (opcode < DDI_SM5_OP_DCL_INPUT || opcode > DDI_SM5_OP_DCL_OUTPUT_SIV || instr->count < 2
            || state->declared_count == sizeof(state->declared) / sizeof(state->declared[0]))
        return;
    token = instr->tokens[1];
    type = (token & DDI_SM5_OPERAND_TYPE_MASK) >> DDI_SM5_OPERAND_TYPE_SHIFT;
    d = &state->declared[state->declared_count];
    d->line = state->line;
    if (type == DDI_SM5_OPERAND_INPUT || type == DDI_SM5_OPERAND_OUTPUT)
    {
        if ((token & DDI_SM5_INDEX_DIMENSION_MASK) >> DDI_SM5_INDEX_DIMENSION_SHIFT != 1 || instr->count < 3)
            return;
        d->output = type == DDI_SM5_OPERAND_OUTPUT;
        d->reg = instr->tokens[2];
        d->mask = (uint8_t)((token >> DDI_SM5_MASK_SHIFT) & 0xf);
        if ((token & DDI_SM5_OPERAND_COMPONENTS_MASK) != DDI_SM5_COMPONENTS_4)
            d->mask = 0x1;
    }
    else if (type == DDI_SM5_OPERAND_OUTPUT_DEPTH || type == DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK
            || type == DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL || type == DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL
            || type == DDI_SM5_OPERAND_OUTPUT_STENCIL_REF)
    {
        d->output = true;
        d->reg = 0xffffffffu;
        d->mask = 0x1;
    }
    else
    {
        return;   /* vPrim, vCoverage and the like are not in the signatures */
    }
    ++state->declared_count;
}

bool asm_check_declared_registers(struct asm_state *state)
{
    const struct asm_signature_element *elements;
    const struct asm_declared_register *d;
    unsigned int i, j, count;
    uint8_t covered;

    for (i = 0; i < state->declared_count; ++i)
    {
        d = &state->declared[i];
        elements = d->output ? state->outputs : state->inputs;
        count = d->output ? state->output_count : state->input_count;
        for (j = 0, covered = 0; j < count; ++j)
        {
            if (elements[j].reg == d->reg)
                covered |= elements[j].mask;
        }
        if ((covered & d->mask) == d->mask)
            continue;
        state->line = d->line;
        if (d->reg == 0xffffffffu)
            return asm_fail(state, "the declared output has no output signature element: give the listing's "
                            "\"// Output signature:\" block or an .output line (specs/shaders.md)");
        return asm_fail(state, "the declared %s %c%u has no %s signature element covering it: give the listing's "
                        "\"// %s signature:\" block or .%s lines (specs/shaders.md)", d->output ? "output" : "input",
                        d->output ? 'o' : 'v', d->reg, d->output ? "output" : "input", d->output ? "Output" : "Input",
                        d->output ? "output" : "input");
    }
    return true;
}
