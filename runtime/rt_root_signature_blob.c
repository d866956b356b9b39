/*
 * The RTS0 format and conversions between description versions.
 *
 * RTS0 (all little-endian 32-bit words; offsets from the start of the part):
 *   header      version (1, 2, 3 for 1.0, 1.1, 1.2), parameter count, parameter offset,
 *               static sampler count, static sampler offset, flags
 *   parameter   type, visibility, payload offset
 *   table       range count, range offset
 *   range       type, count, base register, space, [1.1+: flags], table offset
 *   constants   register, space, count
 *   descriptor  register, space, [1.1+: flags]
 *   sampler     the 13 fields of D3D12_STATIC_SAMPLER_DESC, [1.2: flags]
 * Writers put the parameters after the header, each payload (a table followed by its
 * ranges) after them in parameter order, and the samplers last.
 */
#include <stdlib.h>

#include "rt_root_signature_blob.h"

#define RTS0_HEADER_SIZE 24u
#define RTS0_PARAMETER_SIZE 12u
#define RTS0_TABLE_SIZE 8u
#define RTS0_CONSTANTS_SIZE 12u
#define RTS0_SAMPLER_SIZE 52u

_Static_assert(sizeof(struct rt_static_sampler_desc1) == RTS0_SAMPLER_SIZE + 4, "static sampler layout");

static size_t range_size(D3D_ROOT_SIGNATURE_VERSION version)
{
    return version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? 20 : 24;
}

static size_t descriptor_size(D3D_ROOT_SIGNATURE_VERSION version)
{
    return version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? 8 : 12;
}

static size_t sampler_size(D3D_ROOT_SIGNATURE_VERSION version)
{
    return version == RT_ROOT_SIGNATURE_VERSION_1_2 ? RTS0_SAMPLER_SIZE + 4 : RTS0_SAMPLER_SIZE;
}

/* How D3D12 reads a 1.0 range or root descriptor in 1.1 terms. */
static D3D12_DESCRIPTOR_RANGE_FLAGS default_range_flags(D3D12_DESCRIPTOR_RANGE_TYPE type)
{
    if (type == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER)
        return D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE;
    return D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE;
}

/* ---- One-block descriptions ------------------------------------------------------------- */

/* Sizes of the block holding a description of `version` with these counts. */
struct block_layout
{
    size_t parameters, ranges, samplers, total;
};

static bool block_layout(D3D_ROOT_SIGNATURE_VERSION version, uint64_t parameter_count, uint64_t range_count,
                         uint64_t sampler_count, struct block_layout *layout)
{
    size_t parameter = version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? sizeof(D3D12_ROOT_PARAMETER)
            : sizeof(D3D12_ROOT_PARAMETER1);
    size_t range = version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? sizeof(D3D12_DESCRIPTOR_RANGE)
            : sizeof(D3D12_DESCRIPTOR_RANGE1);
    size_t sampler = version == RT_ROOT_SIGNATURE_VERSION_1_2 ? sizeof(struct rt_static_sampler_desc1)
            : sizeof(D3D12_STATIC_SAMPLER_DESC);
    /* Every count is below 2^32 and every element below 64 bytes: no product overflows. */
    uint64_t total = sizeof(D3D12_VERSIONED_ROOT_SIGNATURE_DESC) + parameter_count * parameter
            + range_count * range + sampler_count * sampler;

    if (parameter_count > UINT32_MAX || range_count > UINT32_MAX || sampler_count > UINT32_MAX
            || total > SIZE_MAX / 2)
        return false;
    layout->parameters = sizeof(D3D12_VERSIONED_ROOT_SIGNATURE_DESC);
    layout->ranges = layout->parameters + (size_t)parameter_count * parameter;
    layout->samplers = layout->ranges + (size_t)range_count * range;
    layout->total = (size_t)total;
    return true;
}

/* Fills the arrays of a new block's description; empty arrays stay NULL. */
static D3D12_VERSIONED_ROOT_SIGNATURE_DESC *block_alloc(D3D_ROOT_SIGNATURE_VERSION version,
        const struct block_layout *layout, UINT parameter_count, UINT sampler_count, void **ranges)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;
    char *base;

    if (!(base = calloc(1, layout->total)))
        return NULL;
    desc = (D3D12_VERSIONED_ROOT_SIGNATURE_DESC *)base;
    desc->Version = version;
    /* The three descriptions share one layout; only the element types differ. */
    desc->Desc_1_1.NumParameters = parameter_count;
    desc->Desc_1_1.pParameters = parameter_count ? (void *)(base + layout->parameters) : NULL;
    desc->Desc_1_1.NumStaticSamplers = sampler_count;
    desc->Desc_1_1.pStaticSamplers = sampler_count ? (void *)(base + layout->samplers) : NULL;
    *ranges = base + layout->ranges;
    return desc;
}

/* A parameter of any version, read field by field. */
struct parameter_view
{
    D3D12_ROOT_PARAMETER_TYPE type;
    D3D12_SHADER_VISIBILITY visibility;
    UINT range_count;
    const void *ranges;
    D3D12_ROOT_CONSTANTS constants;
    D3D12_ROOT_DESCRIPTOR1 descriptor;
};

static void view_parameter(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *src, UINT index, struct parameter_view *view)
{
    memset(view, 0, sizeof(*view));
    if (src->Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        const D3D12_ROOT_PARAMETER *p = &src->Desc_1_0.pParameters[index];

        view->type = p->ParameterType;
        view->visibility = p->ShaderVisibility;
        if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        {
            view->range_count = p->DescriptorTable.NumDescriptorRanges;
            view->ranges = p->DescriptorTable.pDescriptorRanges;
        }
        else if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        {
            view->constants = p->Constants;
        }
        else
        {
            view->descriptor.ShaderRegister = p->Descriptor.ShaderRegister;
            view->descriptor.RegisterSpace = p->Descriptor.RegisterSpace;
            view->descriptor.Flags = D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE;
        }
    }
    else
    {
        const D3D12_ROOT_PARAMETER1 *p = &src->Desc_1_1.pParameters[index];

        view->type = p->ParameterType;
        view->visibility = p->ShaderVisibility;
        if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        {
            view->range_count = p->DescriptorTable.NumDescriptorRanges;
            view->ranges = p->DescriptorTable.pDescriptorRanges;
        }
        else if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        {
            view->constants = p->Constants;
        }
        else
        {
            view->descriptor = p->Descriptor;
        }
    }
}

static D3D12_DESCRIPTOR_RANGE1 view_range(D3D_ROOT_SIGNATURE_VERSION version, const void *ranges, UINT index)
{
    D3D12_DESCRIPTOR_RANGE1 range;

    if (version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        const D3D12_DESCRIPTOR_RANGE *r = &((const D3D12_DESCRIPTOR_RANGE *)ranges)[index];

        range.RangeType = r->RangeType;
        range.NumDescriptors = r->NumDescriptors;
        range.BaseShaderRegister = r->BaseShaderRegister;
        range.RegisterSpace = r->RegisterSpace;
        range.Flags = default_range_flags(r->RangeType);
        range.OffsetInDescriptorsFromTableStart = r->OffsetInDescriptorsFromTableStart;
        return range;
    }
    return ((const D3D12_DESCRIPTOR_RANGE1 *)ranges)[index];
}

static struct rt_static_sampler_desc1 view_sampler(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *src, UINT index)
{
    struct rt_static_sampler_desc1 sampler;

    if (src->Version == RT_ROOT_SIGNATURE_VERSION_1_2)
        return rt_root_signature_samplers1(&src->Desc_1_1)[index];
    sampler.desc = src->Desc_1_1.pStaticSamplers[index];
    sampler.Flags = D3D12_SAMPLER_FLAG_NONE;
    return sampler;
}

static bool parameter_type_is_known(D3D12_ROOT_PARAMETER_TYPE type)
{
    return (unsigned int)type <= D3D12_ROOT_PARAMETER_TYPE_UAV;
}

HRESULT rt_root_signature_convert(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *src,
        D3D_ROOT_SIGNATURE_VERSION version, D3D12_VERSIONED_ROOT_SIGNATURE_DESC **out, char *why, size_t why_size)
{
    UINT parameter_count, sampler_count, i, j;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *dst;
    struct rt_static_sampler_desc1 sampler;
    struct parameter_view view;
    struct block_layout layout;
    uint64_t range_count = 0;
    D3D12_DESCRIPTOR_RANGE1 range;
    void *ranges;

    *out = NULL;
    if (!rt_root_signature_version_is_known(src->Version))
        return ddi_dxbc_fail(why, why_size, "unknown root signature version %#x", src->Version);
    if (!rt_root_signature_version_is_known(version))
        return ddi_dxbc_fail(why, why_size, "unknown root signature version %#x", version);
    parameter_count = src->Desc_1_1.NumParameters;
    sampler_count = src->Desc_1_1.NumStaticSamplers;
    if (parameter_count && !src->Desc_1_1.pParameters)
        return ddi_dxbc_fail(why, why_size, "%u parameters but no parameter array", parameter_count);
    if (sampler_count && !src->Desc_1_1.pStaticSamplers)
        return ddi_dxbc_fail(why, why_size, "%u static samplers but no sampler array", sampler_count);
    for (i = 0; i < parameter_count; ++i)
    {
        view_parameter(src, i, &view);
        if (!parameter_type_is_known(view.type))
            return ddi_dxbc_fail(why, why_size, "root parameter %u has unknown type %#x", i, view.type);
        if (view.range_count && !view.ranges)
            return ddi_dxbc_fail(why, why_size, "root parameter %u: %u ranges but no range array",
                                 i, view.range_count);
        range_count += view.range_count;
    }
    if (src->Version == RT_ROOT_SIGNATURE_VERSION_1_2 && version != RT_ROOT_SIGNATURE_VERSION_1_2)
    {
        for (i = 0; i < sampler_count; ++i)
        {
            sampler = view_sampler(src, i);
            if (sampler.Flags & ~D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR)
                return ddi_dxbc_fail(why, why_size, "static sampler %u: flags %#x need version 1.2",
                                     i, sampler.Flags);
        }
    }
    if (!block_layout(version, parameter_count, range_count, sampler_count, &layout))
        return ddi_dxbc_fail(why, why_size, "%u parameters with %" PRIu64 " ranges are too many",
                             parameter_count, range_count);
    if (!(dst = block_alloc(version, &layout, parameter_count, sampler_count, &ranges)))
        return E_OUTOFMEMORY;
    dst->Desc_1_1.Flags = src->Desc_1_1.Flags;

    for (i = 0; i < parameter_count; ++i)
    {
        view_parameter(src, i, &view);
        if (version == D3D_ROOT_SIGNATURE_VERSION_1_0)
        {
            D3D12_ROOT_PARAMETER *p = (D3D12_ROOT_PARAMETER *)&dst->Desc_1_0.pParameters[i];
            D3D12_DESCRIPTOR_RANGE *r = ranges;

            p->ParameterType = view.type;
            p->ShaderVisibility = view.visibility;
            if (view.type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            {
                p->DescriptorTable.NumDescriptorRanges = view.range_count;
                p->DescriptorTable.pDescriptorRanges = view.range_count ? r : NULL;
                for (j = 0; j < view.range_count; ++j)
                {
                    range = view_range(src->Version, view.ranges, j);
                    r[j].RangeType = range.RangeType;
                    r[j].NumDescriptors = range.NumDescriptors;
                    r[j].BaseShaderRegister = range.BaseShaderRegister;
                    r[j].RegisterSpace = range.RegisterSpace;
                    r[j].OffsetInDescriptorsFromTableStart = range.OffsetInDescriptorsFromTableStart;
                }
                ranges = r + view.range_count;
            }
            else if (view.type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
            {
                p->Constants = view.constants;
            }
            else
            {
                p->Descriptor.ShaderRegister = view.descriptor.ShaderRegister;
                p->Descriptor.RegisterSpace = view.descriptor.RegisterSpace;
            }
        }
        else
        {
            D3D12_ROOT_PARAMETER1 *p = (D3D12_ROOT_PARAMETER1 *)&dst->Desc_1_1.pParameters[i];
            D3D12_DESCRIPTOR_RANGE1 *r = ranges;

            p->ParameterType = view.type;
            p->ShaderVisibility = view.visibility;
            if (view.type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            {
                p->DescriptorTable.NumDescriptorRanges = view.range_count;
                p->DescriptorTable.pDescriptorRanges = view.range_count ? r : NULL;
                for (j = 0; j < view.range_count; ++j)
                    r[j] = view_range(src->Version, view.ranges, j);
                ranges = r + view.range_count;
            }
            else if (view.type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
            {
                p->Constants = view.constants;
            }
            else
            {
                p->Descriptor = view.descriptor;
            }
        }
    }

    for (i = 0; i < sampler_count; ++i)
    {
        sampler = view_sampler(src, i);
        if (version == RT_ROOT_SIGNATURE_VERSION_1_2)
            ((struct rt_static_sampler_desc1 *)(void *)dst->Desc_1_1.pStaticSamplers)[i] = sampler;
        else
            ((D3D12_STATIC_SAMPLER_DESC *)dst->Desc_1_1.pStaticSamplers)[i] = sampler.desc;
    }
    *out = dst;
    return S_OK;
}

/* ---- Reading RTS0 ----------------------------------------------------------------------- */

struct rts0_reader
{
    const unsigned char *data;
    size_t size;
    D3D_ROOT_SIGNATURE_VERSION version;
    char *why;
    size_t why_size;
};

static uint32_t rts0_u32(const struct rts0_reader *reader, size_t offset)
{
    const unsigned char *p = reader->data + offset;

    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Whether count elements of element_size bytes at offset lie inside the part. */
static bool rts0_fits(const struct rts0_reader *reader, uint64_t offset, uint64_t count, uint64_t element_size)
{
    return offset <= reader->size && count * element_size <= reader->size - offset;
}

/* The payload of parameter index, checked; range counts add up into *range_count. */
static HRESULT rts0_check_parameter(const struct rts0_reader *reader, size_t parameters, uint32_t index,
                                    uint64_t *range_count)
{
    size_t entry = parameters + (size_t)index * RTS0_PARAMETER_SIZE;
    uint32_t type = rts0_u32(reader, entry), payload = rts0_u32(reader, entry + 8), count, offset;

    switch (type)
    {
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            if (!rts0_fits(reader, payload, 1, RTS0_TABLE_SIZE))
                return ddi_dxbc_fail(reader->why, reader->why_size,
                        "root parameter %u: table at offset %u is outside the %zu bytes", index, payload,
                        reader->size);
            count = rts0_u32(reader, payload);
            offset = rts0_u32(reader, payload + 4);
            if (!rts0_fits(reader, offset, count, range_size(reader->version)))
                return ddi_dxbc_fail(reader->why, reader->why_size,
                        "root parameter %u: %u ranges at offset %u are outside the %zu bytes", index, count,
                        offset, reader->size);
            *range_count += count;
            return S_OK;
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
            if (!rts0_fits(reader, payload, 1, RTS0_CONSTANTS_SIZE))
                return ddi_dxbc_fail(reader->why, reader->why_size,
                        "root parameter %u: constants at offset %u are outside the %zu bytes", index, payload,
                        reader->size);
            return S_OK;
        case D3D12_ROOT_PARAMETER_TYPE_CBV:
        case D3D12_ROOT_PARAMETER_TYPE_SRV:
        case D3D12_ROOT_PARAMETER_TYPE_UAV:
            if (!rts0_fits(reader, payload, 1, descriptor_size(reader->version)))
                return ddi_dxbc_fail(reader->why, reader->why_size,
                        "root parameter %u: descriptor at offset %u is outside the %zu bytes", index, payload,
                        reader->size);
            return S_OK;
        default:
            return ddi_dxbc_fail(reader->why, reader->why_size, "root parameter %u has unknown type %#x",
                                 index, type);
    }
}

static void rts0_read_range(const struct rts0_reader *reader, size_t offset, D3D12_DESCRIPTOR_RANGE1 *range)
{
    range->RangeType = rts0_u32(reader, offset);
    range->NumDescriptors = rts0_u32(reader, offset + 4);
    range->BaseShaderRegister = rts0_u32(reader, offset + 8);
    range->RegisterSpace = rts0_u32(reader, offset + 12);
    if (reader->version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        range->Flags = default_range_flags(range->RangeType);
        range->OffsetInDescriptorsFromTableStart = rts0_u32(reader, offset + 16);
    }
    else
    {
        range->Flags = rts0_u32(reader, offset + 16);
        range->OffsetInDescriptorsFromTableStart = rts0_u32(reader, offset + 20);
    }
}

static void rts0_read_sampler(const struct rts0_reader *reader, size_t offset, struct rt_static_sampler_desc1 *s)
{
    uint32_t words[RTS0_SAMPLER_SIZE / 4];
    size_t i;

    for (i = 0; i < RT_ARRAY_SIZE(words); ++i)
        words[i] = rts0_u32(reader, offset + 4 * i);
    /* Thirteen 32-bit fields in declaration order, floats as their bits. */
    memcpy(&s->desc, words, sizeof(words));
    s->Flags = reader->version == RT_ROOT_SIGNATURE_VERSION_1_2 ? rts0_u32(reader, offset + RTS0_SAMPLER_SIZE) : 0;
}

static HRESULT rts0_parse(const struct rts0_reader *reader, D3D12_VERSIONED_ROOT_SIGNATURE_DESC **out)
{
    uint32_t parameter_count, parameters, sampler_count, samplers, i, j, payload, count, offset;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;
    struct rt_static_sampler_desc1 *dst_samplers;
    D3D12_ROOT_PARAMETER1 *dst;
    D3D12_DESCRIPTOR_RANGE1 *ranges;
    struct block_layout layout;
    uint64_t range_count = 0;
    void *range_memory;
    size_t entry;
    HRESULT hr;

    parameter_count = rts0_u32(reader, 4);
    parameters = rts0_u32(reader, 8);
    sampler_count = rts0_u32(reader, 12);
    samplers = rts0_u32(reader, 16);
    if (!rts0_fits(reader, parameters, parameter_count, RTS0_PARAMETER_SIZE))
        return ddi_dxbc_fail(reader->why, reader->why_size,
                "%u root parameters at offset %u are outside the %zu bytes", parameter_count, parameters,
                reader->size);
    if (!rts0_fits(reader, samplers, sampler_count, sampler_size(reader->version)))
        return ddi_dxbc_fail(reader->why, reader->why_size,
                "%u static samplers at offset %u are outside the %zu bytes", sampler_count, samplers, reader->size);
    for (i = 0; i < parameter_count; ++i)
    {
        if (FAILED(hr = rts0_check_parameter(reader, parameters, i, &range_count)))
            return hr;
    }
    /* Tables may point at the same ranges; the copy may not grow beyond the blob. */
    if (range_count > reader->size / range_size(reader->version))
        return ddi_dxbc_fail(reader->why, reader->why_size,
                "the tables list %" PRIu64 " ranges, more than %zu bytes hold", range_count, reader->size);

    if (!block_layout(RT_ROOT_SIGNATURE_VERSION_1_2, parameter_count, range_count, sampler_count, &layout)
            || !(desc = block_alloc(RT_ROOT_SIGNATURE_VERSION_1_2, &layout, parameter_count, sampler_count,
                                    &range_memory)))
        return E_OUTOFMEMORY;
    desc->Desc_1_1.Flags = rts0_u32(reader, 20);
    dst = (D3D12_ROOT_PARAMETER1 *)desc->Desc_1_1.pParameters;
    ranges = range_memory;
    for (i = 0; i < parameter_count; ++i)
    {
        entry = parameters + (size_t)i * RTS0_PARAMETER_SIZE;
        dst[i].ParameterType = rts0_u32(reader, entry);
        dst[i].ShaderVisibility = rts0_u32(reader, entry + 4);
        payload = rts0_u32(reader, entry + 8);
        switch (dst[i].ParameterType)
        {
            case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
                count = rts0_u32(reader, payload);
                offset = rts0_u32(reader, payload + 4);
                dst[i].DescriptorTable.NumDescriptorRanges = count;
                dst[i].DescriptorTable.pDescriptorRanges = count ? ranges : NULL;
                for (j = 0; j < count; ++j)
                    rts0_read_range(reader, offset + (size_t)j * range_size(reader->version), &ranges[j]);
                ranges += count;
                break;
            case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
                dst[i].Constants.ShaderRegister = rts0_u32(reader, payload);
                dst[i].Constants.RegisterSpace = rts0_u32(reader, payload + 4);
                dst[i].Constants.Num32BitValues = rts0_u32(reader, payload + 8);
                break;
            default:
                dst[i].Descriptor.ShaderRegister = rts0_u32(reader, payload);
                dst[i].Descriptor.RegisterSpace = rts0_u32(reader, payload + 4);
                dst[i].Descriptor.Flags = reader->version == D3D_ROOT_SIGNATURE_VERSION_1_0
                        ? D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE : rts0_u32(reader, payload + 8);
                break;
        }
    }
    dst_samplers = (struct rt_static_sampler_desc1 *)(void *)desc->Desc_1_1.pStaticSamplers;
    for (i = 0; i < sampler_count; ++i)
        rts0_read_sampler(reader, samplers + (size_t)i * sampler_size(reader->version), &dst_samplers[i]);
    *out = desc;
    return S_OK;
}

HRESULT rt_root_signature_deserialize(const void *data, size_t size, D3D12_VERSIONED_ROOT_SIGNATURE_DESC **out,
        D3D_ROOT_SIGNATURE_VERSION *version, char *why, size_t why_size)
{
    struct rts0_reader reader;
    const void *part = data;
    HRESULT hr;

    *out = NULL;
    if (rt_dxbc_is_container(data, size)
            && FAILED(hr = rt_dxbc_find_part(data, size, RT_DXBC_TAG_RTS0, &part, &size, why, why_size)))
        return hr;
    reader.data = part;
    reader.size = size;
    reader.why = why;
    reader.why_size = why_size;
    if (reader.size < RTS0_HEADER_SIZE)
        return ddi_dxbc_fail(why, why_size, "%zu bytes are too few for a root signature", reader.size);
    reader.version = rts0_u32(&reader, 0);
    if (!rt_root_signature_version_is_known(reader.version))
        return ddi_dxbc_fail(why, why_size, "unknown root signature version %#x", reader.version);
    if (FAILED(hr = rts0_parse(&reader, out)))
        return hr;
    *version = reader.version;
    return S_OK;
}

/* ---- Writing RTS0 ----------------------------------------------------------------------- */

struct rts0_writer
{
    unsigned char *data;
    size_t offset;
};

static void rts0_put(struct rts0_writer *writer, uint32_t value)
{
    unsigned char *p = writer->data + writer->offset;

    p[0] = (unsigned char)value;
    p[1] = (unsigned char)(value >> 8);
    p[2] = (unsigned char)(value >> 16);
    p[3] = (unsigned char)(value >> 24);
    writer->offset += 4;
}

static size_t rts0_payload_size(const D3D12_ROOT_PARAMETER1 *parameter, D3D_ROOT_SIGNATURE_VERSION version)
{
    switch (parameter->ParameterType)
    {
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            return RTS0_TABLE_SIZE + parameter->DescriptorTable.NumDescriptorRanges * range_size(version);
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
            return RTS0_CONSTANTS_SIZE;
        default:
            return descriptor_size(version);
    }
}

/* Writes the 1.2 block desc as an RTS0 part of `version`. */
static void rts0_write(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, D3D_ROOT_SIGNATURE_VERSION version,
                       unsigned char *data, size_t size)
{
    const struct rt_static_sampler_desc1 *samplers = rt_root_signature_samplers1(&desc->Desc_1_1);
    const D3D12_ROOT_SIGNATURE_DESC1 *d = &desc->Desc_1_1;
    struct rts0_writer writer = {data, 0};
    const D3D12_DESCRIPTOR_RANGE1 *range;
    size_t payload, i, j;
    uint32_t words[RTS0_SAMPLER_SIZE / 4];

    payload = RTS0_HEADER_SIZE + (size_t)d->NumParameters * RTS0_PARAMETER_SIZE;
    rts0_put(&writer, version);
    rts0_put(&writer, d->NumParameters);
    rts0_put(&writer, RTS0_HEADER_SIZE);
    rts0_put(&writer, d->NumStaticSamplers);
    rts0_put(&writer, (uint32_t)(size - (size_t)d->NumStaticSamplers * sampler_size(version)));
    rts0_put(&writer, d->Flags);
    for (i = 0; i < d->NumParameters; ++i)
    {
        rts0_put(&writer, d->pParameters[i].ParameterType);
        rts0_put(&writer, d->pParameters[i].ShaderVisibility);
        rts0_put(&writer, (uint32_t)payload);
        payload += rts0_payload_size(&d->pParameters[i], version);
    }
    for (i = 0; i < d->NumParameters; ++i)
    {
        const D3D12_ROOT_PARAMETER1 *p = &d->pParameters[i];

        switch (p->ParameterType)
        {
            case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
                rts0_put(&writer, p->DescriptorTable.NumDescriptorRanges);
                rts0_put(&writer, (uint32_t)(writer.offset + 4));
                for (j = 0; j < p->DescriptorTable.NumDescriptorRanges; ++j)
                {
                    range = &p->DescriptorTable.pDescriptorRanges[j];
                    rts0_put(&writer, range->RangeType);
                    rts0_put(&writer, range->NumDescriptors);
                    rts0_put(&writer, range->BaseShaderRegister);
                    rts0_put(&writer, range->RegisterSpace);
                    if (version != D3D_ROOT_SIGNATURE_VERSION_1_0)
                        rts0_put(&writer, range->Flags);
                    rts0_put(&writer, range->OffsetInDescriptorsFromTableStart);
                }
                break;
            case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
                rts0_put(&writer, p->Constants.ShaderRegister);
                rts0_put(&writer, p->Constants.RegisterSpace);
                rts0_put(&writer, p->Constants.Num32BitValues);
                break;
            default:
                rts0_put(&writer, p->Descriptor.ShaderRegister);
                rts0_put(&writer, p->Descriptor.RegisterSpace);
                if (version != D3D_ROOT_SIGNATURE_VERSION_1_0)
                    rts0_put(&writer, p->Descriptor.Flags);
                break;
        }
    }
    for (i = 0; i < d->NumStaticSamplers; ++i)
    {
        memcpy(words, &samplers[i].desc, sizeof(words));
        for (j = 0; j < RT_ARRAY_SIZE(words); ++j)
            rts0_put(&writer, words[j]);
        if (version == RT_ROOT_SIGNATURE_VERSION_1_2)
            rts0_put(&writer, samplers[i].Flags);
    }
}

HRESULT rt_root_signature_serialize(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, void **data, size_t *size,
        char *why, size_t why_size)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *canonical;
    unsigned char *part;
    uint64_t part_size;
    HRESULT hr;
    UINT i;

    *data = NULL;
    *size = 0;
    if (FAILED(hr = rt_root_signature_convert(desc, RT_ROOT_SIGNATURE_VERSION_1_2, &canonical, why, why_size)))
        return hr;
    if (FAILED(hr = rt_root_signature_validate(canonical, why, why_size)))
        goto done;

    part_size = RTS0_HEADER_SIZE + (uint64_t)canonical->Desc_1_1.NumParameters * RTS0_PARAMETER_SIZE
            + (uint64_t)canonical->Desc_1_1.NumStaticSamplers * sampler_size(desc->Version);
    for (i = 0; i < canonical->Desc_1_1.NumParameters; ++i)
        part_size += rts0_payload_size(&canonical->Desc_1_1.pParameters[i], desc->Version);
    if (part_size > UINT32_MAX / 2)
    {
        hr = ddi_dxbc_fail(why, why_size, "the root signature would take %" PRIu64 " bytes", part_size);
        goto done;
    }
    if (!(part = malloc((size_t)part_size)))
    {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    rts0_write(canonical, desc->Version, part, (size_t)part_size);
    hr = rt_dxbc_wrap_part(RT_DXBC_TAG_RTS0, part, (size_t)part_size, data, size);
    free(part);
done:
    free(canonical);
    return hr;
}
