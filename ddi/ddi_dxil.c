/*
 * DXIL containers (ddi_dxil.h): the program header, PSV0, SFI0 and the DXIL signature
 * parts. Every read is checked against the part's own size.
 */
#include <string.h>

#include "ddi_dxil.h"

#define PSV_RUNTIME_INFO0_SIZE 24u
#define PSV_RESOURCE0_SIZE 16u
#define PSV_RESOURCE1_SIZE 24u
#define PSV_ELEMENT0_SIZE 16u

/* ---- The program header -------------------------------------------------------------- */

HRESULT ddi_dxil_parse_program(const struct ddi_dxbc_part *part, struct ddi_dxil_program *program,
                               char *why, size_t why_size)
{
    uint32_t version, dwords, program_size, dxil_version, offset, length;
    const uint8_t *data = part->data, *bitcode_header = part->data + 8;
    char name[5];

    memset(program, 0, sizeof(*program));
    ddi_dxbc_tag_text(part->tag, name);
    if (part->size < DDI_DXIL_PROGRAM_HEADER_SIZE)
        return ddi_dxbc_fail(why, why_size, "the %s part has %u bytes, less than the %u of its program header", name,
                             part->size, DDI_DXIL_PROGRAM_HEADER_SIZE);
    version = ddi_dxbc_read_u32(data);
    dwords = ddi_dxbc_read_u32(data + 4);
    if (dwords < DDI_DXIL_PROGRAM_HEADER_SIZE / 4 || dwords > part->size / 4)
        return ddi_dxbc_fail(why, why_size, "the %s program declares %u DWORDs, its part holds %u bytes", name, dwords,
                             part->size);
    program_size = dwords * 4;
    if (ddi_dxbc_read_u32(bitcode_header) != DDI_DXIL_TAG_DXIL)
        return ddi_dxbc_fail(why, why_size, "the %s program has no \"DXIL\" bitcode header", name);
    dxil_version = ddi_dxbc_read_u32(bitcode_header + 4);
    if (dxil_version >> 8 != 1)
        return ddi_dxbc_fail(why, why_size, "the %s program declares DXIL version %u.%u; DXIL versions are 1.x", name,
                             dxil_version >> 8, dxil_version & 0xff);
    offset = ddi_dxbc_read_u32(bitcode_header + 8);
    length = ddi_dxbc_read_u32(bitcode_header + 12);
    /* The bitcode lies after its header, inside the program (which starts 8 bytes before it). */
    if (offset < DDI_DXIL_BITCODE_HEADER_SIZE || offset > program_size - 8 || length < 4
            || length > program_size - 8 - offset)
        return ddi_dxbc_fail(why, why_size, "the %s bitcode (%u bytes at offset %u) is outside its %u-byte program",
                             name, length, offset, program_size);
    if (bitcode_header[offset] != 'B' || bitcode_header[offset + 1] != 'C' || bitcode_header[offset + 2] != 0xc0
            || bitcode_header[offset + 3] != 0xde)
        return ddi_dxbc_fail(why, why_size, "the %s bitcode does not start with the LLVM bitcode magic", name);

    program->kind = version >> 16;
    program->major = (version >> 4) & 0xf;
    program->minor = version & 0xf;
    program->dxil_major = dxil_version >> 8;
    program->dxil_minor = dxil_version & 0xff;
    program->bitcode = bitcode_header + offset;
    program->bitcode_size = length;
    if (program->kind >= DDI_DXIL_KIND_COUNT)
        return ddi_dxbc_fail(why, why_size, "the %s program declares program type %u", name, program->kind);
    if (program->major != 6)
        return ddi_dxbc_fail(why, why_size, "the %s program declares shader model %u.%u; DXIL programs are 6.x", name,
                             program->major, program->minor);
    return S_OK;
}

/* ---- PSV0 ------------------------------------------------------------------------------ */

/* A cursor over a part: each take checks the bytes are there. */
struct psv_cursor
{
    const uint8_t *data;
    uint32_t size, offset;
    char *why;
    size_t why_size;
};

static HRESULT take(struct psv_cursor *c, uint64_t bytes, const char *what, const uint8_t **out)
{
    if (bytes > c->size - c->offset)
        return ddi_dxbc_fail(c->why, c->why_size, "the PSV0 part's %s (%llu bytes at offset %u) overruns its %u bytes",
                             what, (unsigned long long)bytes, c->offset, c->size);
    if (out)
        *out = c->data + c->offset;
    c->offset += (uint32_t)bytes;
    return S_OK;
}

static HRESULT take_u32(struct psv_cursor *c, const char *what, uint32_t *value)
{
    const uint8_t *p = NULL;
    HRESULT hr;

    if (SUCCEEDED(hr = take(c, 4, what, &p)))
        *value = ddi_dxbc_read_u32(p);
    return hr;
}

static uint32_t mask_dwords(uint32_t vectors)
{
    return (vectors + 7) >> 3;
}

static uint64_t table_bytes(uint32_t input_vectors, uint32_t output_vectors)
{
    return 4ull * mask_dwords(output_vectors) * input_vectors * 4;
}

static void read_runtime_info(struct ddi_dxil_psv *psv)
{
    const uint8_t *info = psv->runtime_info;
    uint32_t size = psv->runtime_info_size;
    unsigned int i;

    psv->version = size >= 56 ? 4 : size >= 52 ? 3 : size >= 48 ? 2 : size >= 36 ? 1 : 0;
    psv->min_wave_lanes = ddi_dxbc_read_u32(info + 16);
    psv->max_wave_lanes = ddi_dxbc_read_u32(info + 20);
    if (psv->version < 1)
        return;
    psv->shader_stage = info[24];
    psv->uses_view_id = info[25];
    if (psv->shader_stage == DDI_DXIL_HULL || psv->shader_stage == DDI_DXIL_DOMAIN
            || psv->shader_stage == DDI_DXIL_MESH)
        psv->patch_constant_vectors = info[26];
    psv->input_elements = info[28];
    psv->output_elements = info[29];
    psv->patch_constant_elements = info[30];
    psv->input_vectors = info[31];
    for (i = 0; i < DDI_DXIL_PSV_STREAMS; ++i)
        psv->output_vectors[i] = info[32 + i];
    if (psv->version < 2)
        return;
    for (i = 0; i < 3; ++i)
        psv->numthreads[i] = ddi_dxbc_read_u32(info + 36 + 4 * i);
    if (psv->version >= 4)
        psv->group_shared_bytes = ddi_dxbc_read_u32(info + 52);
}

/* Every element names a string inside the table and indices inside the index table. */
static HRESULT check_elements(const struct ddi_dxil_psv *psv, struct psv_cursor *c)
{
    uint32_t count = psv->input_elements + psv->output_elements + psv->patch_constant_elements, i, name, first;
    const uint8_t *e;

    for (i = 0; i < count; ++i)
    {
        e = psv->elements + (size_t)i * psv->element_stride;
        name = ddi_dxbc_read_u32(e);
        first = ddi_dxbc_read_u32(e + 4);
        if (psv->string_table_size ? name >= psv->string_table_size : name != 0)
            return ddi_dxbc_fail(c->why, c->why_size,
                                 "PSV0 signature element %u names its semantic at offset %u, outside the %u-byte "
                                 "string table", i, name, psv->string_table_size);
        if (e[8] && (first > psv->semantic_index_count || e[8] > psv->semantic_index_count - first))
            return ddi_dxbc_fail(c->why, c->why_size,
                                 "PSV0 signature element %u has %u rows of semantic indices from index %u, outside the "
                                 "%u-entry index table", i, e[8], first, psv->semantic_index_count);
    }
    return S_OK;
}

static HRESULT parse_signature_tables(struct ddi_dxil_psv *psv, struct psv_cursor *c)
{
    uint32_t elements = psv->input_elements + psv->output_elements + psv->patch_constant_elements, entry, i;
    bool hull = psv->shader_stage == DDI_DXIL_HULL, mesh = psv->shader_stage == DDI_DXIL_MESH;
    const uint8_t *p = NULL;
    HRESULT hr;

    if (FAILED(hr = take_u32(c, "string table size", &psv->string_table_size)))
        return hr;
    if (psv->string_table_size % 4)
        return ddi_dxbc_fail(c->why, c->why_size, "the PSV0 string table has %u bytes, not a multiple of 4",
                             psv->string_table_size);
    if (FAILED(hr = take(c, psv->string_table_size, "string table", &p)))
        return hr;
    psv->string_table = (const char *)p;
    if (psv->string_table_size && psv->string_table[psv->string_table_size - 1])
        return ddi_dxbc_fail(c->why, c->why_size, "the PSV0 string table does not end with a NUL");
    if (psv->version >= 3)
    {
        entry = ddi_dxbc_read_u32(psv->runtime_info + 48);
        if (entry >= psv->string_table_size)
            return ddi_dxbc_fail(c->why, c->why_size, "the PSV0 entry point name at offset %u is outside the %u-byte "
                                 "string table", entry, psv->string_table_size);
        psv->entry_name = psv->string_table + entry;
    }
    if (FAILED(hr = take_u32(c, "semantic index count", &psv->semantic_index_count))
            || FAILED(hr = take(c, 4ull * psv->semantic_index_count, "semantic index table", &psv->semantic_indices)))
        return hr;
    if (elements)
    {
        if (FAILED(hr = take_u32(c, "signature element size", &psv->element_stride)))
            return hr;
        if (psv->element_stride < PSV_ELEMENT0_SIZE)
            return ddi_dxbc_fail(c->why, c->why_size, "the PSV0 signature elements have %u bytes each, less than %u",
                                 psv->element_stride, PSV_ELEMENT0_SIZE);
        if (FAILED(hr = take(c, (uint64_t)psv->element_stride * elements, "signature elements", &psv->elements))
                || FAILED(hr = check_elements(psv, c)))
            return hr;
    }
    /* The dependency data: sizes follow from the vector counts alone. */
    if (psv->uses_view_id)
    {
        for (i = 0; i < DDI_DXIL_PSV_STREAMS; ++i)
        {
            if (psv->output_vectors[i] && FAILED(hr = take(c, 4ull * mask_dwords(psv->output_vectors[i]),
                                                           "ViewID output mask", NULL)))
                return hr;
        }
        if ((hull || mesh) && psv->patch_constant_vectors
                && FAILED(hr = take(c, 4ull * mask_dwords(psv->patch_constant_vectors), "ViewID patch constant mask",
                                    NULL)))
            return hr;
    }
    for (i = 0; i < DDI_DXIL_PSV_STREAMS; ++i)
    {
        if (!mesh && psv->input_vectors && psv->output_vectors[i]
                && FAILED(hr = take(c, table_bytes(psv->input_vectors, psv->output_vectors[i]),
                                    "input-to-output table", NULL)))
            return hr;
    }
    if (hull && psv->patch_constant_vectors && psv->input_vectors
            && FAILED(hr = take(c, table_bytes(psv->input_vectors, psv->patch_constant_vectors),
                                "input-to-patch-constant table", NULL)))
        return hr;
    if (psv->shader_stage == DDI_DXIL_DOMAIN && psv->patch_constant_vectors && psv->output_vectors[0]
            && FAILED(hr = take(c, table_bytes(psv->patch_constant_vectors, psv->output_vectors[0]),
                                "patch-constant-to-output table", NULL)))
        return hr;
    return S_OK;
}

HRESULT ddi_dxil_parse_psv(const struct ddi_dxbc_part *part, struct ddi_dxil_psv *psv, char *why, size_t why_size)
{
    struct psv_cursor c = {part->data, part->size, 0, why, why_size};
    HRESULT hr;

    memset(psv, 0, sizeof(*psv));
    psv->max_wave_lanes = 0xffffffff;
    if (FAILED(hr = take_u32(&c, "runtime info size", &psv->runtime_info_size)))
        return hr;
    if (psv->runtime_info_size < PSV_RUNTIME_INFO0_SIZE)
        return ddi_dxbc_fail(why, why_size, "the PSV0 runtime info has %u bytes, less than the %u of version 0",
                             psv->runtime_info_size, PSV_RUNTIME_INFO0_SIZE);
    if (FAILED(hr = take(&c, psv->runtime_info_size, "runtime info", &psv->runtime_info)))
        return hr;
    read_runtime_info(psv);
    if (psv->version >= 1 && psv->shader_stage >= DDI_DXIL_KIND_COUNT)
        return ddi_dxbc_fail(why, why_size, "the PSV0 runtime info names shader stage %u", psv->shader_stage);

    if (FAILED(hr = take_u32(&c, "resource count", &psv->resource_count)))
        return hr;
    if (psv->resource_count)
    {
        if (FAILED(hr = take_u32(&c, "resource record size", &psv->resource_stride)))
            return hr;
        if (psv->resource_stride < PSV_RESOURCE0_SIZE)
            return ddi_dxbc_fail(why, why_size, "the PSV0 resource records have %u bytes each, less than %u",
                                 psv->resource_stride, PSV_RESOURCE0_SIZE);
        if (FAILED(hr = take(&c, (uint64_t)psv->resource_stride * psv->resource_count, "resource records",
                             &psv->resources)))
            return hr;
    }
    if (psv->version >= 1)
        return parse_signature_tables(psv, &c);
    return S_OK;
}

void ddi_dxil_psv_resource(const struct ddi_dxil_psv *psv, uint32_t index, struct ddi_dxil_psv_resource *resource)
{
    const uint8_t *r = psv->resources + (size_t)index * psv->resource_stride;

    memset(resource, 0, sizeof(*resource));
    resource->type = ddi_dxbc_read_u32(r);
    resource->space = ddi_dxbc_read_u32(r + 4);
    resource->lower_bound = ddi_dxbc_read_u32(r + 8);
    resource->upper_bound = ddi_dxbc_read_u32(r + 12);
    if (psv->resource_stride >= PSV_RESOURCE1_SIZE)
    {
        resource->kind = ddi_dxbc_read_u32(r + 16);
        resource->flags = ddi_dxbc_read_u32(r + 20);
    }
}

/* ---- SFI0 and the container ------------------------------------------------------------ */

HRESULT ddi_dxil_parse_features(const struct ddi_dxbc_part *part, uint64_t *features, char *why, size_t why_size)
{
    if (part->size != 8)
        return ddi_dxbc_fail(why, why_size, "the SFI0 part has %u bytes; its feature flags are 8", part->size);
    *features = ddi_dxbc_read_u32(part->data) | (uint64_t)ddi_dxbc_read_u32(part->data + 4) << 32;
    return S_OK;
}

static HRESULT check_signature(const struct ddi_dxbc_part *part, const struct ddi_dxbc_part **slot,
                               char *why, size_t why_size)
{
    struct ddi_dxbc_signature_element elements[128];
    uint32_t count;
    HRESULT hr;

    if (SUCCEEDED(hr = ddi_dxbc_parse_signature(part, elements, 128, &count, why, why_size)))
        *slot = part;
    return hr;
}

HRESULT ddi_dxil_parse(const void *data, size_t size, struct ddi_dxil_container *container,
                       char *why, size_t why_size)
{
    static const uint32_t once[] =
    {
        DDI_DXIL_TAG_DXIL, DDI_DXIL_TAG_PSV0, DDI_DXIL_TAG_SFI0, DDI_DXIL_TAG_ISG1, DDI_DXIL_TAG_OSG1,
        DDI_DXIL_TAG_PSG1, DDI_DXIL_TAG_RTS0,
    };
    const struct ddi_dxbc_part *part;
    unsigned int seen = 0, j;
    char name[5];
    uint32_t i;
    HRESULT hr;

    memset(container, 0, sizeof(*container));
    if (FAILED(hr = ddi_dxbc_parse(data, size, &container->dxbc, why, why_size)))
        return hr;
    for (i = 0; i < container->dxbc.part_count; ++i)
    {
        part = &container->dxbc.parts[i];
        for (j = 0; j < sizeof(once) / sizeof(once[0]) && once[j] != part->tag; ++j)
            ;
        if (j == sizeof(once) / sizeof(once[0]))
            continue;   /* reflection, hashes, debug names: not needed to run the shader */
        ddi_dxbc_tag_text(part->tag, name);
        if (seen & (1u << j))
            return ddi_dxbc_fail(why, why_size, "the container has two %s parts", name);
        seen |= 1u << j;
        switch (part->tag)
        {
            case DDI_DXIL_TAG_DXIL:
                hr = ddi_dxil_parse_program(part, &container->program, why, why_size);
                break;
            case DDI_DXIL_TAG_PSV0:
                container->has_psv = true;
                hr = ddi_dxil_parse_psv(part, &container->psv, why, why_size);
                break;
            case DDI_DXIL_TAG_SFI0:
                container->has_features = true;
                hr = ddi_dxil_parse_features(part, &container->features, why, why_size);
                break;
            case DDI_DXIL_TAG_ISG1:
                hr = check_signature(part, &container->input_signature, why, why_size);
                break;
            case DDI_DXIL_TAG_OSG1:
                hr = check_signature(part, &container->output_signature, why, why_size);
                break;
            case DDI_DXIL_TAG_PSG1:
                hr = check_signature(part, &container->patch_constant_signature, why, why_size);
                break;
            default:
                container->root_signature = part;
                break;
        }
        if (FAILED(hr))
            return hr;
    }
    if (!(seen & 1u))
        return ddi_dxbc_fail(why, why_size, "the container holds no DXIL part");
    if (container->has_psv && container->psv.version >= 1 && container->psv.shader_stage != container->program.kind)
        return ddi_dxbc_fail(why, why_size, "the PSV0 part describes shader stage %u, the DXIL program is of type %u",
                             container->psv.shader_stage, container->program.kind);
    return S_OK;
}
