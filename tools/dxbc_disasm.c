/*
 * dxbc_disasm (dxbc_disasm.h): the container, its signatures as fxc's listing blocks
 * (the columns dxbc_asm_listing.c reads back), then the program line by line.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dxbc_disasm.h"
#include "dxbc_disasm_private.h"
#include "ddi_dxbc.h"

/* The SysValue column: by D3D_NAME, or for the pixel outputs (stored as 0) by semantic. */
static const char *sysval_column(const struct ddi_dxbc_signature_element *e)
{
    static const char *const by_value[] = {"NONE", "POS", "CLIPDST", "CULLDST", "RTINDEX", "VPINDEX", "VERTID",
            "PRIMID", "INSTID", "FFACE", "SAMPLE"};
    static const struct {const char *semantic, *column;} pixel_outputs[] =
    {
        {"SV_Target", "TARGET"}, {"SV_Depth", "DEPTH"}, {"SV_Coverage", "COVERAGE"},
        {"SV_DepthGreaterEqual", "DEPTHGE"}, {"SV_DepthLessEqual", "DEPTHLE"}, {"SV_StencilRef", "STENCILREF"},
        {"SV_InnerCoverage", "INNERCOV"},
    };
    unsigned int i;

    if (e->sysval)
        return e->sysval < sizeof(by_value) / sizeof(by_value[0]) ? by_value[e->sysval] : NULL;
    for (i = 0; i < sizeof(pixel_outputs) / sizeof(pixel_outputs[0]); ++i)
    {
        if (!strcasecmp(e->semantic, pixel_outputs[i].semantic))
            return pixel_outputs[i].column;
    }
    return "NONE";
}

/* The register names of outputs without a number, by semantic. */
static const char *numberless_register(const char *semantic)
{
    static const struct {const char *semantic, *reg;} names[] =
    {
        {"SV_Depth", "oDepth"}, {"SV_Coverage", "oMask"}, {"SV_DepthGreaterEqual", "oDepthGE"},
        {"SV_DepthLessEqual", "oDepthLE"}, {"SV_StencilRef", "oStencilRef"},
    };
    unsigned int i;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    {
        if (!strcasecmp(semantic, names[i].semantic))
            return names[i].reg;
    }
    return NULL;
}

/* "xy  ", "  zw": a mask in its components' places. */
static void positional(uint8_t mask, char out[5])
{
    unsigned int i;

    for (i = 0; i < 4; ++i)
        out[i] = mask & (1u << i) ? "xyzw"[i] : ' ';
    out[4] = 0;
}

static bool signature(struct dis_state *d, const struct ddi_dxbc *dxbc, uint32_t tag, bool output)
{
    static const char *const formats[] = {NULL, "uint", "int", "float"};
    struct ddi_dxbc_signature_element e[ASM_MAX_SIGNATURE];
    const struct ddi_dxbc_part *part = ddi_dxbc_find(dxbc, tag);
    char why[128], mask[5], used[5], reg[16];
    const char *sysval, *name;
    uint32_t count, i;
    uint8_t read_or_written;
    int width = 20;

    if (!part)
        return dis_fail(d, "the container has no %s part", output ? "OSGN" : "ISGN");
    if (FAILED(ddi_dxbc_parse_signature(part, e, ASM_MAX_SIGNATURE, &count, why, sizeof(why))))
        return dis_fail(d, "%s: %s", output ? "OSGN" : "ISGN", why);
    if (!count)
        return true;
    /* fxc's Name column is 20 wide, wider for longer semantics. */
    for (i = 0; i < count; ++i)
    {
        if (!e[i].semantic[0] || strpbrk(e[i].semantic, " \t") || strlen(e[i].semantic) > 64)
            return dis_fail(d, "semantic \"%.32s\" cannot stand in the listing", e[i].semantic);
        if ((int)strlen(e[i].semantic) > width)
            width = (int)strlen(e[i].semantic);
    }
    fprintf(d->out, "//\n// %s signature:\n//\n// %-*s Index   Mask Register SysValue  Format   Used\n// ",
            output ? "Output" : "Input", width, "Name");
    for (i = 0; i < (uint32_t)width; ++i)
        fputc('-', d->out);
    fputs(" ----- ------ -------- -------- ------- ------\n", d->out);
    for (i = 0; i < count; ++i)
    {
        if (!(sysval = sysval_column(&e[i])) || e[i].component_type >= 4 || !formats[e[i].component_type]
                || e[i].stream || e[i].min_precision)
            return dis_fail(d, "signature element %s %u is not one the assembler writes", e[i].semantic,
                            e[i].semantic_index);
        read_or_written = output ? (uint8_t)(0xf & ~e[i].rw_mask) : e[i].rw_mask;
        if (e[i].reg == 0xffffffffu)
        {
            if (!output || !(name = numberless_register(e[i].semantic)) || e[i].mask != 0x1
                    || (read_or_written != 0x1 && read_or_written))
                return dis_fail(d, "signature element %s has no register the listing can name", e[i].semantic);
            fprintf(d->out, "// %-*s %5u    N/A %8s %8s %7s %6s\n", width, e[i].semantic, e[i].semantic_index, name, sysval,
                    formats[e[i].component_type], read_or_written ? "YES" : "NO");
            continue;
        }
        positional(e[i].mask, mask);
        positional(read_or_written, used);
        snprintf(reg, sizeof(reg), "%u", e[i].reg);
        fprintf(d->out, "// %-*s %5u   %s %8s %8s %7s   %s\n", width, e[i].semantic, e[i].semantic_index, mask, reg, sysval,
                formats[e[i].component_type], read_or_written ? used : "");
    }
    fputs("//\n", d->out);
    return true;
}

static bool program(struct dis_state *d, const struct ddi_dxbc_part *part)
{
    static const char *const stages[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
    const uint32_t *tokens = (const uint32_t *)part->data;
    uint32_t count = part->size / 4, type, length;
    size_t i;

    if (part->size % 4 || count < 2 || tokens[1] != count)
        return dis_fail(d, "the program's length token says %u of %u tokens", count >= 2 ? tokens[1] : 0, count);
    type = DDI_SM5_VERSION_TYPE(tokens[0]);
    if (type >= sizeof(stages) / sizeof(stages[0]))
        return dis_fail(d, "unknown program type %u", type);
    d->is_51 = DDI_SM5_VERSION_MAJOR(tokens[0]) == 5 && DDI_SM5_VERSION_MINOR(tokens[0]) == 1;
    fprintf(d->out, "%s_%u_%u\n", stages[type], DDI_SM5_VERSION_MAJOR(tokens[0]), DDI_SM5_VERSION_MINOR(tokens[0]));
    for (i = 2; i < count; i += length)
    {
        d->offset = i;
        length = DDI_SM5_OPCODE_OF(tokens[i]) == DDI_SM5_OP_CUSTOMDATA ? (i + 1 < count ? tokens[i + 1] : 0)
                : DDI_SM5_LENGTH_OF(tokens[i]);
        if (!length || length > count - i)
            return dis_fail(d, "an instruction of %u tokens where %zu remain", length, count - i);
        if (!dis_instruction(d, tokens + i, length))
            return false;
    }
    return true;
}

int dxbc_disasm(const void *bytecode, size_t size, char **text, char *error, size_t error_size)
{
    const struct ddi_dxbc_part *shader;
    struct ddi_dxbc dxbc;
    struct dis_state d;
    size_t text_size = 0;
    char why[160];
    uint32_t i;

    *text = NULL;
    if (error_size)
        error[0] = 0;
    if (FAILED(ddi_dxbc_parse(bytecode, size, &dxbc, why, sizeof(why))))
    {
        if (error_size)
            snprintf(error, error_size, "not a DXBC container: %s", why);
        return -1;
    }
    memset(&d, 0, sizeof(d));
    d.error = error;
    d.error_size = error_size;
    if (!(d.out = open_memstream(text, &text_size)))
    {
        if (error_size)
            snprintf(error, error_size, "out of memory");
        return -1;
    }
    if (!(shader = ddi_dxbc_find(&dxbc, DDI_SM5_TAG_SHEX)) && !(shader = ddi_dxbc_find(&dxbc, DDI_SM5_TAG_SHDR)))
        dis_fail(&d, "the container has no SHEX or SHDR program");
    for (i = 0; i < dxbc.part_count && !d.failed; ++i)
    {
        uint32_t tag = dxbc.parts[i].tag;

        if (tag != DDI_DXBC_FOURCC('I', 'S', 'G', 'N') && tag != DDI_DXBC_FOURCC('O', 'S', 'G', 'N')
                && tag != DDI_SM5_TAG_SHEX && tag != DDI_SM5_TAG_SHDR)
            fprintf(d.out, "// part %.4s (%u bytes) not printed\n", (const char *)&dxbc.parts[i].tag,
                    dxbc.parts[i].size);
    }
    if (!d.failed)
        signature(&d, &dxbc, DDI_DXBC_FOURCC('I', 'S', 'G', 'N'), false);
    if (!d.failed)
        signature(&d, &dxbc, DDI_DXBC_FOURCC('O', 'S', 'G', 'N'), true);
    if (!d.failed)
        program(&d, shader);
    fclose(d.out);
    if (d.failed)
    {
        free(*text);
        *text = NULL;
        return -1;
    }
    return 0;
}
