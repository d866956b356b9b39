/*
 * Subresource and placed-footprint arithmetic, and resource description
 * validation, shared by the runtime (GetCopyableFootprints, CreateResource)
 * and the drivers (texture copies).  Pure functions over
 * D3D12_RESOURCE_DESC1.
 *
 * MipLevels == 0 means "the full mip chain", as in the API: every function
 * here resolves it with ddi_resource_mip_levels().  Callers that store a
 * description should store the resolved count.
 */

#ifndef DDI_LAYOUT_H
#define DDI_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

/* Subresource = mip + array_slice * mip_levels + plane * mip_levels * array_size. */
UINT ddi_subresource_index(UINT mip, UINT array_slice, UINT plane, UINT mip_levels, UINT array_size);
void ddi_subresource_decompose(UINT subresource, UINT mip_levels, UINT array_size,
        UINT *mip, UINT *array_slice, UINT *plane);

/* floor(log2(max(w, h, d))) + 1; pass 1 for unused dimensions, 0 if any is 0. */
UINT ddi_max_mip_levels(UINT64 width, UINT height, UINT depth);

/* max(1, size >> mip). */
UINT64 ddi_mip_extent(UINT64 size, UINT mip);

/* MipLevels with 0 resolved to the full chain of the description's
 * dimensions (1 for buffers). */
UINT ddi_resource_mip_levels(const D3D12_RESOURCE_DESC1 *desc);

/* Array slices: DepthOrArraySize for 1D/2D textures, 1 for 3D and buffers. */
UINT ddi_resource_array_size(const D3D12_RESOURCE_DESC1 *desc);

/* Planes of the resource format (1 for buffers, 0 for an invalid texture format). */
UINT ddi_resource_plane_count(const D3D12_RESOURCE_DESC1 *desc);

/* mips * array slices * planes. */
UINT ddi_resource_subresource_count(const D3D12_RESOURCE_DESC1 *desc);

/* Pixel extent of a mip level (unaligned; depth is 1 except for 3D textures). */
void ddi_resource_mip_size(const D3D12_RESOURCE_DESC1 *desc, UINT mip,
        UINT64 *width, UINT *height, UINT *depth);

enum ddi_layout_status
{
    DDI_LAYOUT_OK = 0,
    DDI_LAYOUT_INVALID_DESC = -1,   /* fails ddi_validate_resource_desc_ex() */
    DDI_LAYOUT_INVALID_RANGE = -2,  /* first + num beyond the subresource count */
    DDI_LAYOUT_OVERFLOW = -3,       /* a size does not fit its output type */
};

/*
 * GetCopyableFootprints.  Each subresource starts at a multiple of
 * D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT (512) counted from base_offset
 * (base_offset itself is added as is); rows are D3D12_TEXTURE_DATA_PITCH_ALIGNMENT
 * (256) apart, or 512 apart for planar formats (depth-stencil and YUV), as
 * native D3D12 does.  Widths and heights are rounded up to the format block
 * (block-compressed rows count 4-pixel block rows); planar formats give one
 * footprint per plane in that plane's copy format and subsampled size.
 * Buffers: one row of Width bytes, format UNKNOWN.  The last row of a
 * subresource is not padded, so *total_bytes ends at the last byte.
 *
 * The description must pass ddi_validate_resource_desc_ex() with every
 * optional capability allowed (unaligned block-compressed sizes are fine).
 * On any failure every output entry is set to all ones (UINT64_MAX offsets
 * and sizes, ~0 widths, rows and formats), as D3D12 does, and a negative
 * status is returned; when first + num passes D3D12_REQ_SUBRESOURCES (the
 * documented limit of the arrays) only *total_bytes is written.  Offsets are
 * base_offset + the offset from 0, modular as on Windows (vkd3d-proton's test
 * expects ~0 + 512 from a base of ~0); the offsets from 0 never wrap.  Every
 * output may be NULL.
 */
int ddi_copyable_footprints(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT num,
        UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *num_rows,
        UINT64 *row_sizes, UINT64 *total_bytes);
/* The same with the description checked against one device's capabilities
 * (enum ddi_validate_flags): GetCopyableFootprints reports a description that device
 * cannot create (a block-compressed top level of partial blocks without
 * UnalignedBlockTexturesSupported, say) as invalid. */
int ddi_copyable_footprints_ex(const D3D12_RESOURCE_DESC1 *desc, unsigned int validate_flags, UINT first,
        UINT num, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *num_rows,
        UINT64 *row_sizes, UINT64 *total_bytes);

/*
 * Whether a texture may take the small placement alignment of its kind (the size rule
 * of the D3D12_RESOURCE_DESC page, "Alignment"): 4 KiB for single-sampled textures that
 * are neither render targets nor depth-stencil and whose most detailed mip spans at
 * most 16 tiles of 4 KiB; 64 KiB for multisampled ones whose most detailed mip spans at
 * most 64 tiles of 64 KiB (4 MiB). False for buffers and invalid formats.
 */
bool ddi_small_placement_allowed(const D3D12_RESOURCE_DESC1 *desc);

/* Optional capabilities that relax ddi_validate_resource_desc_ex(). */
enum ddi_validate_flags
{
    /* D3D12_FEATURE_DATA_D3D12_OPTIONS8::UnalignedBlockTexturesSupported:
     * block-compressed mip 0 need not be a multiple of 4x4. */
    DDI_VALIDATE_UNALIGNED_BLOCKS = 0x1,
    /* D3D12_FEATURE_DATA_D3D12_OPTIONS14::WriteableMSAATexturesSupported:
     * multisampled textures may allow unordered access. */
    DDI_VALIDATE_MSAA_UAV = 0x2,
    DDI_VALIDATE_ALL_OPTIONAL = 0x3,
};

/*
 * Checks the rules of D3D12_RESOURCE_DESC that hold on every device; format
 * support, heap properties and allocation sizes are the caller's.  Returns
 * false and writes a one-line reason into why (if not NULL) for the first
 * broken rule.  ddi_validate_resource_desc() assumes no optional capability.
 */
bool ddi_validate_resource_desc_ex(const D3D12_RESOURCE_DESC1 *desc, unsigned int flags,
        char *why, size_t why_len);
bool ddi_validate_resource_desc(const D3D12_RESOURCE_DESC1 *desc, char *why, size_t why_len);

#endif /* DDI_LAYOUT_H */
