/*
 * Root signature descriptions and their binary form: the RTS0 format of versions 1.0, 1.1
 * and 1.2, the DXBC container that carries it, conversions between the versions and the
 * rules a description must follow (specs/runtime.md, "Root signatures").
 *
 * Every description this module hands out is one heap block (free() it): the
 * D3D12_VERSIONED_ROOT_SIGNATURE_DESC at its start, then its parameters, ranges and
 * static samplers. Empty arrays are NULL pointers. Every failure writes a sentence into
 * `why` (at most why_size bytes, terminated) and returns E_INVALIDARG, or E_OUTOFMEMORY.
 */
#ifndef RT_ROOT_SIGNATURE_BLOB_H
#define RT_ROOT_SIGNATURE_BLOB_H

#include "rt_common.h"
#include "ddi_dxbc.h"                 /* ddi_dxbc_fail writes the reasons */

/*
 * Version 1.2 is newer than DirectX-Headers 1.606.4, which has no name for it. Its
 * description has the layout of D3D12_ROOT_SIGNATURE_DESC1 except that pStaticSamplers
 * points at D3D12_STATIC_SAMPLER_DESC1 (these fields plus Flags), so a 1.2 description
 * travels in D3D12_VERSIONED_ROOT_SIGNATURE_DESC's Desc_1_1 member.
 */
#define RT_ROOT_SIGNATURE_VERSION_1_2 ((D3D_ROOT_SIGNATURE_VERSION)0x3)

struct rt_static_sampler_desc1
{
    D3D12_STATIC_SAMPLER_DESC desc;
    D3D12_SAMPLER_FLAGS Flags;
};

/* The static samplers of a 1.2 description. */
static inline const struct rt_static_sampler_desc1 *rt_root_signature_samplers1(const D3D12_ROOT_SIGNATURE_DESC1 *desc)
{
    return (const struct rt_static_sampler_desc1 *)(const void *)desc->pStaticSamplers;
}

static inline bool rt_root_signature_version_is_known(D3D_ROOT_SIGNATURE_VERSION version)
{
    return version == D3D_ROOT_SIGNATURE_VERSION_1_0 || version == D3D_ROOT_SIGNATURE_VERSION_1_1
            || version == RT_ROOT_SIGNATURE_VERSION_1_2;
}

#define RT_ROOT_SIGNATURE_WHY_SIZE 256

/* ---- Versions (rt_root_signature_blob.c) ------------------------------------------------ */

/*
 * Copies src into one new block at `version`. Up: 1.0 ranges become DESCRIPTORS_VOLATILE
 * (| DATA_VOLATILE but for samplers) and 1.0 root descriptors DATA_VOLATILE, as D3D12
 * reads a 1.0 root signature; static samplers get no flags. Down: the 1.1 flags are
 * dropped (1.0 is the most conservative reading); sampler flags other than
 * UINT_BORDER_COLOR (which a UINT border color already says) cannot be, E_INVALIDARG.
 * Counts with NULL arrays and parameters of unknown type are refused too.
 */
HRESULT rt_root_signature_convert(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *src,
                                  D3D_ROOT_SIGNATURE_VERSION version, D3D12_VERSIONED_ROOT_SIGNATURE_DESC **out,
                                  char *why, size_t why_size);

/*
 * Parses an RTS0 part, or a DXBC container holding one, into a version 1.2 block (its
 * flags filled in as rt_root_signature_convert fills them) and the blob's own version.
 * Only the structure is checked: sizes, offsets, counts and parameter types. A container
 * without an RTS0 part is DXGI_ERROR_NOT_FOUND.
 */
HRESULT rt_root_signature_deserialize(const void *data, size_t size, D3D12_VERSIONED_ROOT_SIGNATURE_DESC **out,
                                      D3D_ROOT_SIGNATURE_VERSION *version, char *why, size_t why_size);

/*
 * Validates desc (rt_root_signature_validate) and writes it, at its own version, as a
 * DXBC container with one RTS0 part and the container checksum, byte for byte what
 * Microsoft's serializer writes. *data is malloc'd.
 */
HRESULT rt_root_signature_serialize(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, void **data, size_t *size,
                                    char *why, size_t why_size);

/* ---- Rules (rt_root_signature_validate.c) ------------------------------------------------ */

/* The root arguments' limit and the DWORD cost of one parameter. */
#define RT_ROOT_SIGNATURE_MAX_DWORDS 64
uint32_t rt_root_parameter_dword_cost(D3D12_ROOT_PARAMETER_TYPE type, UINT num_32bit_values);

/*
 * The rules every root signature follows, whatever the device: known flags, visibilities,
 * parameter and range types; non-empty ranges that neither overflow nor follow an
 * unbounded one implicitly; no table mixing samplers with CBV/SRV/UAV; no two ranges of a
 * table of different types sharing descriptors; valid 1.1 flag combinations; no register
 * range of one kind overlapping another visible to a common stage; no reserved register
 * space; valid static samplers; at most 64 DWORDs. desc is a version 1.2 block.
 */
HRESULT rt_root_signature_validate(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, char *why, size_t why_size);

/* ---- DXBC containers (rt_root_signature_dxbc.c) ------------------------------------------ */

#define RT_DXBC_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define RT_DXBC_TAG_DXBC RT_DXBC_FOURCC('D', 'X', 'B', 'C')
#define RT_DXBC_TAG_RTS0 RT_DXBC_FOURCC('R', 'T', 'S', '0')
#define RT_DXBC_HEADER_SIZE 32u
#define RT_DXBC_PART_HEADER_SIZE 8u

/* Whether data starts with the container magic (size >= 4). */
bool rt_dxbc_is_container(const void *data, size_t size);
/*
 * The first part of type fourcc in a container whose header, part table and parts all
 * lie inside both size and the container's declared size: S_OK, E_INVALIDARG for a
 * malformed container, DXGI_ERROR_NOT_FOUND when it has no such part. The checksum is
 * not verified: it says nothing about the structure, which is what is checked.
 */
HRESULT rt_dxbc_find_part(const void *data, size_t size, uint32_t fourcc, const void **part, size_t *part_size,
                          char *why, size_t why_size);
/* Wraps one part into a new container with its checksum; *out is malloc'd. */
HRESULT rt_dxbc_wrap_part(uint32_t fourcc, const void *part, size_t part_size, void **out, size_t *out_size);

#endif
