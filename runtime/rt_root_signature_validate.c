/*
 * The rules of a root signature that hold on every device (the Resource Binding spec and
 * the 1.1/1.2 flag rules), checked on a version 1.2 block. Device limits (binding tiers,
 * features this device lacks) are rt_root_signature.c's.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_root_signature_blob.h"

/* Register spaces 0xfffffff0 and up are the system's (driver and OS instrumentation). */
#define RT_RESERVED_REGISTER_SPACE 0xfffffff0u

#define RT_KNOWN_ROOT_SIGNATURE_FLAGS 0xfffu
#define RT_KNOWN_RANGE_FLAGS (D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE \
        | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE \
        | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC \
        | D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS)
#define RT_RANGE_DATA_FLAGS (D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE \
        | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC)
#define RT_RANGE_DESCRIPTOR_FLAGS (D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE \
        | D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS)
#define RT_KNOWN_ROOT_DESCRIPTOR_FLAGS (D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE \
        | D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE | D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC)
#define RT_KNOWN_SAMPLER_FLAGS D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR

#define RT_MIP_LOD_BIAS_MIN (-16.0f)
#define RT_MIP_LOD_BIAS_MAX 15.99f

uint32_t rt_root_parameter_dword_cost(D3D12_ROOT_PARAMETER_TYPE type, UINT num_32bit_values)
{
    switch (type)
    {
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            return 1;
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
            return num_32bit_values;
        default:
            /* A GPU virtual address. */
            return 2;
    }
}

static bool is_power_of_two_or_zero(unsigned int value)
{
    return !(value & (value - 1));
}

/* ---- Shader registers ------------------------------------------------------------------- */

/* One declaration's registers: [first, last] of one kind in one space. */
struct register_range
{
    D3D12_DESCRIPTOR_RANGE_TYPE kind;
    D3D12_SHADER_VISIBILITY visibility;
    UINT space;
    uint64_t first, last;
    char what[64];
};

static int compare_register_ranges(const void *a, const void *b)
{
    const struct register_range *x = a, *y = b;

    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->space != y->space)
        return x->space < y->space ? -1 : 1;
    if (x->first != y->first)
        return x->first < y->first ? -1 : 1;
    return 0;
}

static bool visibilities_meet(D3D12_SHADER_VISIBILITY a, D3D12_SHADER_VISIBILITY b)
{
    return a == b || a == D3D12_SHADER_VISIBILITY_ALL || b == D3D12_SHADER_VISIBILITY_ALL;
}

static const char *register_kind_name(D3D12_DESCRIPTOR_RANGE_TYPE kind)
{
    static const char *const names[] = {"SRV", "UAV", "CBV", "sampler"};

    return names[kind];
}

/* Sorted by kind, space and first register, an overlap is with a later entry that starts
 * before this one ends; entries of visibilities that share no stage are skipped over. */
static HRESULT check_register_overlaps(struct register_range *ranges, size_t count, char *why, size_t why_size)
{
    size_t i, j;

    qsort(ranges, count, sizeof(*ranges), compare_register_ranges);
    for (i = 0; i < count; ++i)
    {
        for (j = i + 1; j < count && ranges[j].kind == ranges[i].kind && ranges[j].space == ranges[i].space
                && ranges[j].first <= ranges[i].last; ++j)
        {
            if (visibilities_meet(ranges[i].visibility, ranges[j].visibility))
                return ddi_dxbc_fail(why, why_size,
                        "%s registers of %s and %s overlap in space %u (from register %" PRIu64 ")",
                        register_kind_name(ranges[i].kind), ranges[i].what, ranges[j].what, ranges[i].space,
                        ranges[j].first);
        }
    }
    return S_OK;
}

static HRESULT add_registers(struct register_range *ranges, size_t *count, D3D12_DESCRIPTOR_RANGE_TYPE kind,
        D3D12_SHADER_VISIBILITY visibility, UINT space, UINT first, UINT number, const char *what,
        char *why, size_t why_size)
{
    struct register_range *range = &ranges[(*count)++];

    if (space >= RT_RESERVED_REGISTER_SPACE)
        return ddi_dxbc_fail(why, why_size, "%s uses register space %#x, which is reserved", what, space);
    range->kind = kind;
    range->visibility = visibility;
    range->space = space;
    range->first = first;
    range->last = number == UINT_MAX ? UINT32_MAX : (uint64_t)first + number - 1;
    snprintf(range->what, sizeof(range->what), "%s", what);
    return S_OK;
}

/* ---- Descriptor tables ------------------------------------------------------------------ */

static HRESULT check_range_flags(const D3D12_DESCRIPTOR_RANGE1 *range, const char *what, char *why, size_t why_size)
{
    D3D12_DESCRIPTOR_RANGE_FLAGS flags = range->Flags;

    if (flags & ~RT_KNOWN_RANGE_FLAGS)
        return ddi_dxbc_fail(why, why_size, "%s has unknown flags %#x", what, flags);
    if (!is_power_of_two_or_zero(flags & RT_RANGE_DATA_FLAGS)
            || !is_power_of_two_or_zero(flags & RT_RANGE_DESCRIPTOR_FLAGS))
        return ddi_dxbc_fail(why, why_size, "%s has conflicting flags %#x", what, flags);
    if (range->RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER && (flags & RT_RANGE_DATA_FLAGS))
        return ddi_dxbc_fail(why, why_size, "%s: sampler ranges have no data to flag (%#x)", what, flags);
    if ((flags & D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE) && (flags & D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC))
        return ddi_dxbc_fail(why, why_size, "%s: volatile descriptors cannot point at static data", what);
    return S_OK;
}

/* Where a range sits in the table, in descriptors: [start, end), end UINT64_MAX if unbounded. */
struct table_slot
{
    D3D12_DESCRIPTOR_RANGE_TYPE type;
    uint64_t start, end;
    UINT index;
};

static int compare_table_slots(const void *a, const void *b)
{
    const struct table_slot *x = a, *y = b;

    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return 0;
}

/* Ranges may alias descriptors, but only ranges of one type. */
static HRESULT check_table_aliasing(struct table_slot *slots, UINT count, UINT parameter, char *why,
                                    size_t why_size)
{
    uint64_t ends[D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER + 1] = {0};
    UINT i, type;

    qsort(slots, count, sizeof(*slots), compare_table_slots);
    for (i = 0; i < count; ++i)
    {
        for (type = 0; type < RT_ARRAY_SIZE(ends); ++type)
        {
            if (type != slots[i].type && ends[type] > slots[i].start)
                return ddi_dxbc_fail(why, why_size,
                        "root parameter %u: range %u shares descriptors with a range of another type",
                        parameter, slots[i].index);
        }
        if (slots[i].end > ends[slots[i].type])
            ends[slots[i].type] = slots[i].end;
    }
    return S_OK;
}

static HRESULT check_table(const D3D12_ROOT_PARAMETER1 *parameter, UINT index, struct register_range *registers,
                           size_t *register_count, char *why, size_t why_size)
{
    const D3D12_ROOT_DESCRIPTOR_TABLE1 *table = &parameter->DescriptorTable;
    bool samplers = false, views = false;
    const D3D12_DESCRIPTOR_RANGE1 *range;
    struct table_slot *slots;
    uint64_t next = 0, start;
    char what[64];
    HRESULT hr;
    UINT i;

    if (!table->NumDescriptorRanges)
        return S_OK;
    if (!(slots = calloc(table->NumDescriptorRanges, sizeof(*slots))))
        return E_OUTOFMEMORY;
    for (i = 0; i < table->NumDescriptorRanges; ++i)
    {
        range = &table->pDescriptorRanges[i];
        snprintf(what, sizeof(what), "root parameter %u, range %u", index, i);
        if ((unsigned int)range->RangeType > D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER)
        {
            hr = ddi_dxbc_fail(why, why_size, "%s has unknown type %#x", what, range->RangeType);
            goto done;
        }
        if (range->RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER)
            samplers = true;
        else
            views = true;
        if (samplers && views)
        {
            hr = ddi_dxbc_fail(why, why_size,
                    "root parameter %u mixes samplers with CBVs, SRVs or UAVs in one table", index);
            goto done;
        }
        if (!range->NumDescriptors)
        {
            hr = ddi_dxbc_fail(why, why_size, "%s has no descriptors", what);
            goto done;
        }
        start = range->OffsetInDescriptorsFromTableStart == D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND
                ? next : range->OffsetInDescriptorsFromTableStart;
        if (start > UINT32_MAX)
        {
            hr = ddi_dxbc_fail(why, why_size, "%s is appended after an unbounded range", what);
            goto done;
        }
        if (range->NumDescriptors != UINT_MAX)
        {
            if ((uint64_t)range->BaseShaderRegister + range->NumDescriptors - 1 > UINT32_MAX
                    || start + range->NumDescriptors - 1 > UINT32_MAX)
            {
                hr = ddi_dxbc_fail(why, why_size, "%s: %u descriptors from register %u overflow", what,
                        range->NumDescriptors, range->BaseShaderRegister);
                goto done;
            }
            next = start + range->NumDescriptors;
        }
        else
        {
            next = (uint64_t)UINT32_MAX + 1;
        }
        slots[i].type = range->RangeType;
        slots[i].start = start;
        slots[i].end = range->NumDescriptors == UINT_MAX ? UINT64_MAX : next;
        slots[i].index = i;
        if (FAILED(hr = check_range_flags(range, what, why, why_size)))
            goto done;
        if (FAILED(hr = add_registers(registers, register_count, range->RangeType, parameter->ShaderVisibility,
                range->RegisterSpace, range->BaseShaderRegister, range->NumDescriptors, what, why, why_size)))
            goto done;
    }
    hr = check_table_aliasing(slots, table->NumDescriptorRanges, index, why, why_size);
done:
    free(slots);
    return hr;
}

/* ---- Static samplers -------------------------------------------------------------------- */

static bool filter_is_valid(D3D12_FILTER filter)
{
    /* Min, mag and mip bits, the anisotropic bit (all three linear) and a reduction type. */
    if ((unsigned int)filter & ~0x1d5u)
        return false;
    return !((unsigned int)filter & 0x40u) || ((unsigned int)filter & 0x15u) == 0x15u;
}

static bool address_mode_is_valid(D3D12_TEXTURE_ADDRESS_MODE mode)
{
    return mode >= D3D12_TEXTURE_ADDRESS_MODE_WRAP && mode <= D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE;
}

static HRESULT check_static_sampler(const struct rt_static_sampler_desc1 *sampler, UINT index, char *why,
                                    size_t why_size)
{
    const D3D12_STATIC_SAMPLER_DESC *s = &sampler->desc;

    if (!filter_is_valid(s->Filter))
        return ddi_dxbc_fail(why, why_size, "static sampler %u has unknown filter %#x", index, s->Filter);
    if (!address_mode_is_valid(s->AddressU) || !address_mode_is_valid(s->AddressV)
            || !address_mode_is_valid(s->AddressW))
        return ddi_dxbc_fail(why, why_size, "static sampler %u has an unknown address mode", index);
    if (!(s->MipLODBias >= RT_MIP_LOD_BIAS_MIN && s->MipLODBias <= RT_MIP_LOD_BIAS_MAX))
        return ddi_dxbc_fail(why, why_size, "static sampler %u: MipLODBias %.8e is outside [-16, 15.99]",
                             index, s->MipLODBias);
    if (s->MaxAnisotropy > D3D12_MAX_MAXANISOTROPY)
        return ddi_dxbc_fail(why, why_size, "static sampler %u: MaxAnisotropy %u is above %u", index,
                             s->MaxAnisotropy, D3D12_MAX_MAXANISOTROPY);
    if (D3D12_DECODE_FILTER_REDUCTION(s->Filter) == D3D12_FILTER_REDUCTION_TYPE_COMPARISON
            && (s->ComparisonFunc < D3D12_COMPARISON_FUNC_NEVER || s->ComparisonFunc > D3D12_COMPARISON_FUNC_ALWAYS))
        return ddi_dxbc_fail(why, why_size, "static sampler %u has unknown comparison function %#x", index,
                             s->ComparisonFunc);
    if ((unsigned int)s->BorderColor > D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT)
        return ddi_dxbc_fail(why, why_size, "static sampler %u has unknown border color %#x", index,
                             s->BorderColor);
    if (isnan(s->MinLOD) || isnan(s->MaxLOD))
        return ddi_dxbc_fail(why, why_size, "static sampler %u has a NaN LOD limit", index);
    if ((unsigned int)s->ShaderVisibility > D3D12_SHADER_VISIBILITY_MESH)
        return ddi_dxbc_fail(why, why_size, "static sampler %u has unknown visibility %#x", index,
                             s->ShaderVisibility);
    if (sampler->Flags & ~RT_KNOWN_SAMPLER_FLAGS)
        return ddi_dxbc_fail(why, why_size, "static sampler %u has unknown flags %#x", index,
                             sampler->Flags);
    if ((sampler->Flags & D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR)
            && s->BorderColor < D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT)
        return ddi_dxbc_fail(why, why_size,
                "static sampler %u asks for a UINT border color but has the float color %#x", index, s->BorderColor);
    return S_OK;
}

/* ---- The whole signature ---------------------------------------------------------------- */

static HRESULT check_parameter(const D3D12_ROOT_PARAMETER1 *p, UINT index, struct register_range *registers,
                               size_t *register_count, uint64_t *dwords, char *why, size_t why_size)
{
    static const D3D12_DESCRIPTOR_RANGE_TYPE view_kinds[] =
    {
        [D3D12_ROOT_PARAMETER_TYPE_CBV] = D3D12_DESCRIPTOR_RANGE_TYPE_CBV,
        [D3D12_ROOT_PARAMETER_TYPE_SRV] = D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
        [D3D12_ROOT_PARAMETER_TYPE_UAV] = D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
    };
    char what[64];

    snprintf(what, sizeof(what), "root parameter %u", index);
    if ((unsigned int)p->ShaderVisibility > D3D12_SHADER_VISIBILITY_MESH)
        return ddi_dxbc_fail(why, why_size, "%s has unknown visibility %#x", what, p->ShaderVisibility);
    switch (p->ParameterType)
    {
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            *dwords += rt_root_parameter_dword_cost(p->ParameterType, 0);
            return check_table(p, index, registers, register_count, why, why_size);
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
            *dwords += rt_root_parameter_dword_cost(p->ParameterType, p->Constants.Num32BitValues);
            /* Root constants appear to shaders as one constant buffer. */
            return add_registers(registers, register_count, D3D12_DESCRIPTOR_RANGE_TYPE_CBV, p->ShaderVisibility,
                    p->Constants.RegisterSpace, p->Constants.ShaderRegister, 1, what, why, why_size);
        case D3D12_ROOT_PARAMETER_TYPE_CBV:
        case D3D12_ROOT_PARAMETER_TYPE_SRV:
        case D3D12_ROOT_PARAMETER_TYPE_UAV:
            *dwords += rt_root_parameter_dword_cost(p->ParameterType, 0);
            if (p->Descriptor.Flags & ~RT_KNOWN_ROOT_DESCRIPTOR_FLAGS)
                return ddi_dxbc_fail(why, why_size, "%s has unknown flags %#x", what, p->Descriptor.Flags);
            if (!is_power_of_two_or_zero(p->Descriptor.Flags))
                return ddi_dxbc_fail(why, why_size, "%s has conflicting flags %#x", what,
                                     p->Descriptor.Flags);
            return add_registers(registers, register_count, view_kinds[p->ParameterType], p->ShaderVisibility,
                    p->Descriptor.RegisterSpace, p->Descriptor.ShaderRegister, 1, what, why, why_size);
        default:
            return ddi_dxbc_fail(why, why_size, "%s has unknown type %#x", what, p->ParameterType);
    }
}

HRESULT rt_root_signature_validate(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, char *why, size_t why_size)
{
    const struct rt_static_sampler_desc1 *samplers = rt_root_signature_samplers1(&desc->Desc_1_1);
    const D3D12_ROOT_SIGNATURE_DESC1 *d = &desc->Desc_1_1;
    struct register_range *registers;
    size_t register_count = 0, capacity;
    uint64_t dwords = 0;
    char what[64];
    HRESULT hr = S_OK;
    UINT i;

    if (d->Flags & ~RT_KNOWN_ROOT_SIGNATURE_FLAGS)
        return ddi_dxbc_fail(why, why_size, "unknown root signature flags %#x", d->Flags);

    capacity = (size_t)d->NumParameters + d->NumStaticSamplers;
    for (i = 0; i < d->NumParameters; ++i)
    {
        if (d->pParameters[i].ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            capacity += d->pParameters[i].DescriptorTable.NumDescriptorRanges;
    }
    if (!(registers = calloc(capacity ? capacity : 1, sizeof(*registers))))
        return E_OUTOFMEMORY;

    for (i = 0; i < d->NumParameters && SUCCEEDED(hr); ++i)
        hr = check_parameter(&d->pParameters[i], i, registers, &register_count, &dwords, why, why_size);
    for (i = 0; i < d->NumStaticSamplers && SUCCEEDED(hr); ++i)
    {
        snprintf(what, sizeof(what), "static sampler %u", i);
        if (SUCCEEDED(hr = check_static_sampler(&samplers[i], i, why, why_size)))
            hr = add_registers(registers, &register_count, D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER,
                    samplers[i].desc.ShaderVisibility, samplers[i].desc.RegisterSpace,
                    samplers[i].desc.ShaderRegister, 1, what, why, why_size);
    }
    if (SUCCEEDED(hr) && dwords > RT_ROOT_SIGNATURE_MAX_DWORDS)
        hr = ddi_dxbc_fail(why, why_size, "the root arguments take %" PRIu64 " DWORDs, more than %u",
                           dwords, RT_ROOT_SIGNATURE_MAX_DWORDS);
    if (SUCCEEDED(hr))
        hr = check_register_overlaps(registers, register_count, why, why_size);
    free(registers);
    return hr;
}
