/*
 * Clears and resolves of the simulated device.
 *
 * A clear is encoded once, when it is recorded: the view is read from the driver's
 * descriptor record (RTV, DSV and UAV descriptors are consumed at record time, so
 * the application may overwrite them at once) and the value becomes the bytes of one
 * element through the DDI value encoder (ddi_encode.h). The engine then fills the
 * covered elements with that pattern, every sample of a multisampled pixel alike.
 * A depth-stencil clear records one pattern per plane.
 *
 * Resolves decode the samples of each pixel (agx_texel.h), combine them and encode
 * the result with the same encoder.
 *
 * The record helpers are shared with render passes (their beginning CLEAR and ending
 * RESOLVE accesses): those pass predicated = false, since D3D12 predicates only the
 * API's clears, copies and resolves.
 */
#ifndef AGX_CLEAR_H
#define AGX_CLEAR_H

#include "ddi_encode.h"
#include "agx_cmdbuf.h"
#include "agx_descriptor.h"

/*
 * One pattern over part of a resource.
 * Textures: `plane` of mip `mip`, layers first_layer .. first_layer + layer_count - 1
 * (array slices, or depth slices of a 3D texture), in pixels of the plane.
 * Buffers: view elements of `stride` bytes from byte buffer_offset, buffer_elements
 * of them; the pattern repeats over each element (a raw or structured UAV clear
 * writes one 32-bit value over and over).
 * Rectangles are in pixels (buffers: x counts elements, y is the row 0); none means
 * the whole view. They are clipped to the view.
 */
struct agx_cmd_clear
{
    struct agx_cmd header;
    struct agx_resource *resource;
    bool predicated;
    uint32_t plane, mip, first_layer, layer_count;
    uint64_t buffer_offset;
    uint32_t buffer_elements, stride;
    uint32_t pattern_size;
    uint8_t pattern[DDI_ENCODE_MAX_BYTES];
    uint32_t rect_count;
    D3D12_RECT rects[];
};

/* ResolveSubresource(Region): rect is in source pixels, already the whole source
 * subresource when the call gave none. */
struct agx_cmd_resolve
{
    struct agx_cmd header;
    struct agx_resource *dst, *src;
    UINT dst_sub, src_sub;
    uint32_t dst_x, dst_y;
    D3D12_RECT rect;
    DXGI_FORMAT format;
    D3D12_RESOLVE_MODE mode;
    bool predicated;
};

/* Recording (failures fail the list: E_INVALIDARG for what the engine cannot run). */
void agx_clear_record_rtv(struct agx_cmdlist *list, const struct agx_descriptor_rtv *rtv, const FLOAT color[4],
                          UINT rect_count, const D3D12_RECT *rects, bool predicated);
void agx_clear_record_dsv(struct agx_cmdlist *list, const struct agx_descriptor_dsv *dsv, D3D12_CLEAR_FLAGS flags,
                          FLOAT depth, UINT8 stencil, UINT rect_count, const D3D12_RECT *rects, bool predicated);
void agx_resolve_record(struct agx_cmdlist *list, struct agx_resource *dst, UINT dst_sub, UINT dst_x, UINT dst_y,
                        struct agx_resource *src, UINT src_sub, const D3D12_RECT *rect, DXGI_FORMAT format,
                        D3D12_RESOLVE_MODE mode, bool predicated);

/* Execution, on the queue timeline (agx_exec.c checks predication first). */
void agx_clear_exec(struct agx_backend *backend, const struct agx_cmd_clear *cmd);
/* Fills the elements holding a box of pixels of one texture subresource (pixels of its
 * plane; front and back count depth slices) with chunk_size bytes of whole patterns
 * (agx_mem_fill()); shared with the Async clears (agx_cmdasync_clear.c). */
void agx_clear_fill_box(struct agx_backend *backend, const struct agx_resource *resource,
                        const struct agx_layout_subresource *sub, const D3D12_BOX *box, const uint8_t *chunk,
                        uint32_t chunk_size);
void agx_resolve_exec(struct agx_backend *backend, const struct agx_cmd_resolve *cmd);

/* The legacy ResolveSubresourceRegion entry, which the Async table shares (agx_cmdasync.c). */
void APIENTRY agx_resolve_region_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE dst, UINT dst_sub, UINT dst_x,
                                       UINT dst_y, D3D12DDI_HRESOURCE src, UINT src_sub, const D3D12_RECT *rect,
                                       DXGI_FORMAT format, D3D12_RESOLVE_MODE mode);

/* The list-table entries. */
void agx_clear_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);
void agx_resolve_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);

#endif
