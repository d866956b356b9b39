/*
 * Render passes inside the runtime: a BeginRenderPass description once it is valid, as
 * the validation (rt_cmdlist_pass_validate.c) hands it to the recording
 * (rt_cmdlist_pass.c), and the rules between the passes of a list.
 */
#ifndef RT_CMDLIST_PASS_H
#define RT_CMDLIST_PASS_H

#include "rt_cmdlist_vtbl.h"

#define RT_PASS_BEGIN_LOCAL_RENDER D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_RENDER
#define RT_PASS_BEGIN_LOCAL_SRV D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV
#define RT_PASS_BEGIN_LOCAL_UAV D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_UAV
#define RT_PASS_END_LOCAL_RENDER D3D12DDI_RENDER_PASS_ENDING_ACCESS_TYPE_0101_PRESERVE_LOCAL_RENDER
#define RT_PASS_END_LOCAL_UAV D3D12DDI_RENDER_PASS_ENDING_ACCESS_TYPE_0101_PRESERVE_LOCAL_UAV
#define RT_PASS_READ_ONLY_DEPTH D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_DEPTH
#define RT_PASS_READ_ONLY_STENCIL D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_STENCIL

enum rt_pass_plane_kind
{
    RT_PASS_COLOR,
    RT_PASS_DEPTH,
    RT_PASS_STENCIL,
};

/* One surface of a pass: a render target, or the depth or the stencil plane of the DSV
 * (a DSV whose format has no stencil has no stencil plane). */
struct rt_pass_plane
{
    enum rt_pass_plane_kind kind;
    UINT index;                                      /* the render target's */
    const D3D12_RENDER_PASS_BEGINNING_ACCESS *begin;
    const D3D12_RENDER_PASS_ENDING_ACCESS *end;
    const struct rt_bound_view *view;                /* resource NULL: a null view */
    UINT subresource;                                /* the view's first, in this plane */
    bool bound;                                      /* bound for raster (the binding rules) */
};

struct rt_pass_desc
{
    D3D12_RENDER_PASS_FLAGS flags;
    UINT rt_count;
    struct rt_bound_view rtvs[RT_MAX_RENDER_TARGETS];
    const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds;  /* NULL: no DSV */
    struct rt_bound_view dsv;
    bool dsv_bound;
    UINT plane_count;
    struct rt_pass_plane planes[RT_MAX_RENDER_TARGETS + 2];
};

/* The subresources a texture view covers, in one plane (a DSV's depth plane); a 3D
 * view's slice_count is 1. False for buffer views. */
struct rt_view_range
{
    UINT mip, first_slice, slice_count, plane;
};
bool rt_view_range(const struct rt_bound_view *view, bool dsv, struct rt_view_range *range);

/* The render targets a pass binds for drawing, in slot order: NO_ACCESS and
 * PRESERVE_LOCAL_SRV / _UAV targets are not bound and the later ones move down a slot
 * (seed 000 and RenderPasses.md: the debug layer and WARP number them so). The
 * emulation binds them, and inside the pass they are the bound clears' slots. Returns
 * the count. */
UINT rt_pass_bound_render_targets(const struct rt_pass_desc *desc, const struct rt_bound_view **views);

/* Removes the list with E_INVALIDARG and a message of that id; returns false. */
bool rt_pass_fail(struct rt_command_list *list, D3D12_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* BeginRenderPass's arguments into desc; false once the list is removed. */
bool rt_pass_validate(struct rt_command_list *list, UINT count, const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                      const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds, D3D12_RENDER_PASS_FLAGS flags,
                      struct rt_pass_desc *desc);
void rt_pass_signature_init(struct rt_pass_signature *signature, const struct rt_pass_desc *desc);
bool rt_pass_signature_equal(const struct rt_pass_signature *a, const struct rt_pass_signature *b);

/* The rules between passes: checks the new pass against the list's earlier ones and adds
 * it to the sequence (false once the list is removed); the end of the open pass; how
 * the list may end (Close, with no pass open). */
bool rt_pass_flow_begin(struct rt_command_list *list, const struct rt_pass_desc *desc);
void rt_pass_flow_end(struct rt_command_list *list);
void rt_pass_flow_close(struct rt_command_list *list);

#endif
