/*
 * Shader containers (rt_shader_container.h). Layouts, from the public descriptions of
 * the format (Wine/vkd3d, DirectXShaderCompiler's DxilContainer.h):
 *
 *   container  "DXBC", 16-byte checksum, UINT version (1), UINT total size,
 *              UINT part count, UINT part offsets[count]
 *   part       UINT fourcc, UINT size, size bytes of data
 *   SHDR/SHEX  UINT version token (type << 16 | major << 4 | minor), UINT length in
 *              DWORDs (tokens included), program tokens
 *   DXIL/ILDB, PSV0, SFI0  ddi_dxil.h
 *   signatures UINT element count, UINT offset of the first element, elements of
 *              24 bytes (ISGN, OSGN, PCSG, PSGN), 28 (OSG5: a stream first) or 32 (ISG1,
 *              OSG1, PSG1: a stream first, a minimum precision last); each names its
 *              semantic by an offset into the part
 */
#include "rt_shader_container.h"
#include "rt_root_signature_blob.h"
#include "ddi_dxbc.h"
#include "ddi_dxil.h"

#define TAG(a, b, c, d) RT_DXBC_FOURCC(a, b, c, d)
#define TAG_SHDR TAG('S', 'H', 'D', 'R')
#define TAG_SHEX TAG('S', 'H', 'E', 'X')
#define TAG_DXIL TAG('D', 'X', 'I', 'L')
#define TAG_ILDB TAG('I', 'L', 'D', 'B')
#define TAG_ISGN TAG('I', 'S', 'G', 'N')
#define TAG_OSGN TAG('O', 'S', 'G', 'N')
#define TAG_OSG5 TAG('O', 'S', 'G', '5')
#define TAG_PCSG TAG('P', 'C', 'S', 'G')
#define TAG_PSGN TAG('P', 'S', 'G', 'N')
#define TAG_ISG1 TAG('I', 'S', 'G', '1')
#define TAG_OSG1 TAG('O', 'S', 'G', '1')
#define TAG_PSG1 TAG('P', 'S', 'G', '1')


const char *rt_shader_type_name(unsigned int type)
{
    switch (type)
    {
        case RT_SHADER_PIXEL: return "pixel shader";
        case RT_SHADER_VERTEX: return "vertex shader";
        case RT_SHADER_GEOMETRY: return "geometry shader";
        case RT_SHADER_HULL: return "hull shader";
        case RT_SHADER_DOMAIN: return "domain shader";
        case RT_SHADER_COMPUTE: return "compute shader";
        case RT_SHADER_LIBRARY: return "shader library";
        case RT_SHADER_MESH: return "mesh shader";
        case RT_SHADER_AMPLIFICATION: return "amplification shader";
        default: return "shader of an unknown type";
    }
}

/* ---- Parts -------------------------------------------------------------------------- */

static HRESULT check_dxbc_program(const unsigned char *data, uint32_t size, uint32_t tag,
                                  struct rt_shader_container *out, char *why, size_t why_size)
{
    uint32_t version, length;
    char name[5];

    ddi_dxbc_tag_text(tag, name);
    if (size < 8)
        return ddi_dxbc_fail(why, why_size, "the %s part has %u bytes, less than its two header tokens", name, size);
    version = ddi_dxbc_read_u32(data);
    length = ddi_dxbc_read_u32(data + 4);
    out->type = version >> 16;
    out->major = (version >> 4) & 0xf;
    out->minor = version & 0xf;
    if (out->type > RT_SHADER_COMPUTE)
        return ddi_dxbc_fail(why, why_size, "the %s part declares program type %u, not a shader model 4/5 stage", name,
                    out->type);
    if ((out->major != 4 && out->major != 5) || out->minor > 1)
        return ddi_dxbc_fail(why, why_size, "the %s part declares shader model %u.%u; DXBC programs are 4.0 to 5.1",
                name, out->major, out->minor);
    if (length < 2 || length > size / 4)
        return ddi_dxbc_fail(why, why_size, "the %s program declares %u DWORDs, its part holds %u bytes", name, length,
                size);
    return S_OK;
}

/* A DXIL or ILDB (debug) program: its header and the bounds of its bitcode are ddi's. */
static HRESULT check_dxil_program(const struct ddi_dxbc_part *part, struct rt_shader_container *out,
                                  char *why, size_t why_size)
{
    struct ddi_dxil_program program;
    HRESULT hr;

    if (FAILED(hr = ddi_dxil_parse_program(part, &program, why, why_size)))
        return hr;
    if (part->tag == DDI_DXIL_TAG_DXIL)
    {
        out->type = program.kind;
        out->major = program.major;
        out->minor = program.minor;
    }
    return S_OK;
}

/* D3D12 stages have at most 32 registers of 4 components each, one element per component. */

static HRESULT check_signature(const struct ddi_dxbc_part *part, char *why, size_t why_size)
{
    struct ddi_dxbc_signature_element elements[RT_SIGNATURE_MAX_ELEMENTS];
    uint32_t count;

    return ddi_dxbc_parse_signature(part, elements, RT_ARRAY_SIZE(elements), &count, why, why_size);
}

/* ---- The container ---------------------------------------------------------------------- */

/* Parts the checks understand; each may appear once. */
static int known_part_index(uint32_t tag)
{
    static const uint32_t tags[] =
    {
        TAG_SHDR, TAG_SHEX, TAG_DXIL, TAG_ILDB, TAG_ISGN, TAG_OSGN, TAG_OSG5, TAG_PCSG, TAG_PSGN,
        TAG_ISG1, TAG_OSG1, TAG_PSG1, RT_DXBC_TAG_RTS0, DDI_DXIL_TAG_PSV0, DDI_DXIL_TAG_SFI0,
    };
    unsigned int i;

    for (i = 0; i < RT_ARRAY_SIZE(tags); ++i)
    {
        if (tags[i] == tag)
            return (int)i;
    }
    return -1;
}

HRESULT rt_shader_container_parse(const void *bytes, size_t size, struct rt_shader_container *out,
                                  char *why, size_t why_size)
{
    unsigned int seen = 0, programs = 0;
    const struct ddi_dxbc_part *part;
    struct ddi_dxbc dxbc;
    char name[5];
    uint32_t i;
    HRESULT hr;
    int known;

    memset(out, 0, sizeof(*out));
    /* The container level (header, part table, part bounds, checksum) is ddi's. */
    if (FAILED(hr = ddi_dxbc_parse(bytes, size, &dxbc, why, why_size)))
        return hr;
    out->is_signed = dxbc.is_signed;

    for (i = 0; i < dxbc.part_count; ++i)
    {
        part = &dxbc.parts[i];
        ddi_dxbc_tag_text(part->tag, name);
        if ((known = known_part_index(part->tag)) < 0)
            continue;   /* reflection, statistics, debug data: not needed to run the shader */
        if (seen & (1u << known))
            return ddi_dxbc_fail(why, why_size, "the container has two %s parts", name);
        seen |= 1u << known;

        switch (part->tag)
        {
            case TAG_SHDR:
            case TAG_SHEX:
                ++programs;
                hr = check_dxbc_program(part->data, part->size, part->tag, out, why, why_size);
                break;
            case TAG_DXIL:
                ++programs;
                out->dxil = true;
                hr = check_dxil_program(part, out, why, why_size);
                break;
            case TAG_ILDB:
                hr = check_dxil_program(part, out, why, why_size);
                break;
            case DDI_DXIL_TAG_PSV0:
            {
                struct ddi_dxil_psv psv;

                hr = ddi_dxil_parse_psv(part, &psv, why, why_size);
                break;
            }
            case DDI_DXIL_TAG_SFI0:
            {
                uint64_t features;

                hr = ddi_dxil_parse_features(part, &features, why, why_size);
                break;
            }
            case RT_DXBC_TAG_RTS0:
                /* Its contents are the root signature deserializer's to check. */
                out->root_signature = part->data;
                out->root_signature_size = part->size;
                hr = S_OK;
                break;
            default:
                if (SUCCEEDED(hr = check_signature(part, why, why_size)))
                {
                    if (part->tag == TAG_ISGN || part->tag == TAG_ISG1)
                        out->input_signature = *part;
                    else if (part->tag == TAG_OSGN || part->tag == TAG_OSG5 || part->tag == TAG_OSG1)
                        out->output_signature = *part;
                }
                break;
        }
        if (FAILED(hr))
            return hr;
    }
    if (!programs)
        return ddi_dxbc_fail(why, why_size, "the container holds no shader program (SHDR, SHEX or DXIL part)");
    if (programs > 1)
        return ddi_dxbc_fail(why, why_size, "the container holds %u shader programs", programs);
    return S_OK;
}
