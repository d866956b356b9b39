/* example_umd: command recording, execution on the CPU, and the queues (example_umd.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "example_umd.h"

enum ex_command_type
{
    EX_COPY_BUFFER,
    EX_COPY_TEXTURE,
    EX_COPY_RESOURCE,
    EX_WRITE_IMMEDIATE,
    EX_SET_PREDICATION,
    EX_CLEAR_RTV,
    EX_CLEAR_DSV,
    EX_CLEAR_UAV_UINT,
    EX_CLEAR_UAV_FLOAT,
};

/* One recorded command; descriptors are copied at record time, as a GPU would read them
 * when the list is built (the runtime keeps the resources alive). */
struct ex_command
{
    enum ex_command_type type;
    union
    {
        struct { struct ex_resource *dst, *src; UINT64 dst_offset, src_offset, size; } buffer;
        struct
        {
            D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
            UINT x, y, z;
            D3D12_BOX box;
            bool has_box;
        } texture;
        struct { struct ex_resource *dst, *src; } resource;
        struct { UINT64 address; UINT value; } immediate;
        struct { struct ex_resource *buffer; UINT64 offset; D3D12_PREDICATION_OP op; } predication;
        struct
        {
            struct ex_descriptor view;
            union { FLOAT color[4]; UINT values[4]; };
            D3D12_CLEAR_FLAGS flags;
            UINT rect_count;
            D3D12_RECT *rects;          /* owned; NULL: the whole view */
        } clear;
    };
};

struct ex_recording
{
    struct ex_command *commands;
    size_t count, capacity;
    struct ex_recording *next;          /* the allocator's other recordings */
};

static struct ex_list *ex_list(D3D12DDI_HCOMMANDLIST handle)
{
    return handle.pDrvPrivate;
}

static void ex_recording_free(struct ex_recording *recording)
{
    size_t i;

    for (i = 0; i < recording->count; ++i)
    {
        if (recording->commands[i].type >= EX_CLEAR_RTV)
            free(recording->commands[i].clear.rects);
    }
    free(recording->commands);
    free(recording);
}

void ex_allocator_release(struct ex_allocator *allocator)
{
    struct ex_recording *recording, *next;

    for (recording = allocator->recordings; recording; recording = next)
    {
        next = recording->next;
        ex_recording_free(recording);
    }
    allocator->recordings = NULL;
}

/* A new recording in `allocator`; out of memory removes the list through the callback. */
static HRESULT ex_list_begin(struct ex_list *list, struct ex_allocator *allocator)
{
    if (!(list->recording = calloc(1, sizeof(*list->recording))))
        return E_OUTOFMEMORY;
    list->recording->next = allocator->recordings;
    allocator->recordings = list->recording;
    return S_OK;
}

static struct ex_command *ex_list_append(struct ex_list *list, enum ex_command_type type)
{
    struct ex_recording *recording = list->recording;
    struct ex_command *commands;
    size_t capacity;

    if (!recording)
        return NULL;
    if (recording->count == recording->capacity)
    {
        capacity = recording->capacity ? recording->capacity * 2 : 16;
        if (!(commands = realloc(recording->commands, capacity * sizeof(*commands))))
        {
            list->device->callbacks.pfnSetCommandListErrorCb(list->hrt, E_OUTOFMEMORY);
            return NULL;
        }
        recording->commands = commands;
        recording->capacity = capacity;
    }
    memset(&recording->commands[recording->count], 0, sizeof(*commands));
    recording->commands[recording->count].type = type;
    return &recording->commands[recording->count++];
}

HRESULT APIENTRY ex_list_create(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args,
                                D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRTCOMMANDLIST hrt)
{
    struct ex_list *list = hlist.pDrvPrivate;

    memset(list, 0, sizeof(*list));
    list->device = hdevice.pDrvPrivate;
    list->hrt = hrt;
    return ex_list_begin(list, args->hAllocator.pDrvPrivate);
}

/* The recording stays with its allocator, which frees it at its reset or destruction. */
void APIENTRY ex_list_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HCOMMANDLIST hlist)
{
}

static HRESULT APIENTRY ex_list_close(D3D12DDI_HCOMMANDLIST hlist)
{
    return S_OK;
}

static HRESULT APIENTRY ex_list_reset(D3D12DDI_HCOMMANDLIST hlist, const D3D12DDIARG_RESET_COMMAND_LIST_0124 *args)
{
    return ex_list_begin(ex_list(hlist), args->hAllocator.pDrvPrivate);
}

/* ---- Recording -------------------------------------------------------------------------- */

static void APIENTRY ex_copy_buffer_region(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE dst, UINT64 dst_offset,
                                           D3D12DDI_HRESOURCE src, UINT64 src_offset, UINT64 size)
{
    struct ex_command *command = ex_list_append(ex_list(hlist), EX_COPY_BUFFER);

    if (!command)
        return;
    command->buffer.dst = dst.pDrvPrivate;
    command->buffer.src = src.pDrvPrivate;
    command->buffer.dst_offset = dst_offset;
    command->buffer.src_offset = src_offset;
    command->buffer.size = size;
}

static void APIENTRY ex_copy_texture_region(D3D12DDI_HCOMMANDLIST hlist, const D3D12DDIARG_TEXTURE_COPY_LOCATION *dst,
                                            UINT x, UINT y, UINT z, const D3D12DDIARG_TEXTURE_COPY_LOCATION *src,
                                            const D3D12_BOX *box)
{
    struct ex_command *command = ex_list_append(ex_list(hlist), EX_COPY_TEXTURE);

    if (!command)
        return;
    command->texture.dst = *dst;
    command->texture.src = *src;
    command->texture.x = x;
    command->texture.y = y;
    command->texture.z = z;
    if ((command->texture.has_box = !!box))
        command->texture.box = *box;
}

static void APIENTRY ex_copy_resource(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE dst, D3D12DDI_HRESOURCE src)
{
    struct ex_command *command = ex_list_append(ex_list(hlist), EX_COPY_RESOURCE);

    if (!command)
        return;
    command->resource.dst = dst.pDrvPrivate;
    command->resource.src = src.pDrvPrivate;
}

/* Each parameter is one command: the addresses are host addresses (GPU virtual addresses of
 * this driver are its host pointers), and the markers' ordering modes need nothing more on
 * a CPU that runs commands one after the other. */
static void APIENTRY ex_write_buffer_immediate(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                               const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *params,
                                               const D3D12_WRITEBUFFERIMMEDIATE_MODE *modes)
{
    struct ex_command *command;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        if (!(command = ex_list_append(ex_list(hlist), EX_WRITE_IMMEDIATE)))
            return;
        command->immediate.address = params[i].Dest;
        command->immediate.value = params[i].Value;
    }
}

static void APIENTRY ex_set_predication(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE buffer, UINT64 offset,
                                        D3D12_PREDICATION_OP op)
{
    struct ex_command *command = ex_list_append(ex_list(hlist), EX_SET_PREDICATION);

    if (!command)
        return;
    command->predication.buffer = buffer.pDrvPrivate;
    command->predication.offset = offset;
    command->predication.op = op;
}

static struct ex_command *ex_record_clear(D3D12DDI_HCOMMANDLIST hlist, enum ex_command_type type,
                                          D3D12DDI_CPU_DESCRIPTOR_HANDLE view, const void *values, UINT rect_count,
                                          const D3D12_RECT *rects)
{
    struct ex_list *list = ex_list(hlist);
    struct ex_command *command = ex_list_append(list, type);

    if (!command)
        return NULL;
    command->clear.view = *(const struct ex_descriptor *)view.ptr;
    if (values)
        memcpy(command->clear.values, values, sizeof(command->clear.values));
    if (rect_count)
    {
        if (!(command->clear.rects = malloc(rect_count * sizeof(*rects))))
        {
            --list->recording->count;
            list->device->callbacks.pfnSetCommandListErrorCb(list->hrt, E_OUTOFMEMORY);
            return NULL;
        }
        memcpy(command->clear.rects, rects, rect_count * sizeof(*rects));
        command->clear.rect_count = rect_count;
    }
    return command;
}

static void APIENTRY ex_clear_rtv(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_CPU_DESCRIPTOR_HANDLE view, const FLOAT color[4],
                                  UINT rect_count, const D3D12_RECT *rects)
{
    ex_record_clear(hlist, EX_CLEAR_RTV, view, color, rect_count, rects);
}

static void APIENTRY ex_clear_dsv(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_CPU_DESCRIPTOR_HANDLE view,
                                  D3D12_CLEAR_FLAGS flags, FLOAT depth, UINT8 stencil, UINT rect_count,
                                  const D3D12_RECT *rects)
{
    const FLOAT values[4] = {depth, stencil};
    struct ex_command *command = ex_record_clear(hlist, EX_CLEAR_DSV, view, values, rect_count, rects);

    if (command)
        command->clear.flags = flags;
}

static void APIENTRY ex_clear_uav_uint(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_GPU_DESCRIPTOR_HANDLE gpu,
                                       D3D12DDI_CPU_DESCRIPTOR_HANDLE cpu, D3D12DDI_HRESOURCE resource,
                                       const UINT values[4], UINT rect_count, const D3D12_RECT *rects)
{
    ex_record_clear(hlist, EX_CLEAR_UAV_UINT, cpu, values, rect_count, rects);
}

static void APIENTRY ex_clear_uav_float(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_GPU_DESCRIPTOR_HANDLE gpu,
                                        D3D12DDI_CPU_DESCRIPTOR_HANDLE cpu, D3D12DDI_HRESOURCE resource,
                                        const FLOAT values[4], UINT rect_count, const D3D12_RECT *rects)
{
    ex_record_clear(hlist, EX_CLEAR_UAV_FLOAT, cpu, values, rect_count, rects);
}

/* Barriers, state, binding and markers: a CPU that executes in order needs none of them,
 * but the contract requires the entries (specs/ddi.md §6.1), so they record nothing. */
static void APIENTRY ex_barrier(D3D12DDI_HCOMMANDLIST hlist, UINT count, const D3D12DDIARG_BARRIER_0124 *barriers) {}
static void APIENTRY ex_resource_barrier(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                         const D3D12DDIARG_RESOURCE_BARRIER *barriers) {}
static void APIENTRY ex_set_pipeline_state(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HPIPELINESTATE state) {}
static void APIENTRY ex_set_descriptor_heaps(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                             const D3D12DDI_HDESCRIPTORHEAP *heaps) {}
static void APIENTRY ex_set_root_signature(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HROOTSIGNATURE signature) {}
static void APIENTRY ex_set_root_table(D3D12DDI_HCOMMANDLIST hlist, UINT index, D3D12DDI_GPU_DESCRIPTOR_HANDLE table) {}
static void APIENTRY ex_set_root_constants(D3D12DDI_HCOMMANDLIST hlist, UINT index, UINT count, const void *data,
                                           UINT offset) {}
static void APIENTRY ex_set_root_view(D3D12DDI_HCOMMANDLIST hlist, UINT index, UINT64 address) {}
static void APIENTRY ex_clear_root_arguments(D3D12DDI_HCOMMANDLIST hlist) {}
static void APIENTRY ex_set_topology(D3D12DDI_HCOMMANDLIST hlist, D3D12_PRIMITIVE_TOPOLOGY topology) {}
static void APIENTRY ex_set_index_buffer(D3D12DDI_HCOMMANDLIST hlist, const D3D12_INDEX_BUFFER_VIEW *view) {}
static void APIENTRY ex_set_vertex_buffers(D3D12DDI_HCOMMANDLIST hlist, UINT start, UINT count,
                                           const D3D12DDIARG_VERTEX_BUFFER_VIEW *views) {}
static void APIENTRY ex_set_viewports(D3D12DDI_HCOMMANDLIST hlist, UINT count, const D3D12_VIEWPORT *viewports) {}
static void APIENTRY ex_set_scissors(D3D12DDI_HCOMMANDLIST hlist, UINT count, const D3D12_RECT *rects) {}
static void APIENTRY ex_set_blend_factor(D3D12DDI_HCOMMANDLIST hlist, const FLOAT factor[4]) {}
static void APIENTRY ex_set_stencil_ref(D3D12DDI_HCOMMANDLIST hlist, UINT front, UINT back) {}
static void APIENTRY ex_set_render_targets(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                           const D3D12DDI_CPU_DESCRIPTOR_HANDLE *rtvs,
                                           const D3D12DDI_CPU_DESCRIPTOR_HANDLE *dsv) {}
static void APIENTRY ex_set_marker(D3D12DDI_HCOMMANDLIST hlist, const char *name) {}
static void APIENTRY ex_end_event(D3D12DDI_HCOMMANDLIST hlist) {}

void ex_fill_list_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    funcs->pfnCloseCommandList = ex_list_close;
    funcs->pfnResetCommandList = ex_list_reset;
    funcs->pfnCopyBufferRegion = ex_copy_buffer_region;
    funcs->pfnCopyTextureRegion = ex_copy_texture_region;
    funcs->pfnCopyResource = ex_copy_resource;
    funcs->pfnClearRenderTargetView = ex_clear_rtv;
    funcs->pfnClearDepthStencilView = ex_clear_dsv;
    funcs->pfnClearUnorderedAccessViewUint = ex_clear_uav_uint;
    funcs->pfnClearUnorderedAccessViewFloat = ex_clear_uav_float;
    funcs->pfnWriteBufferImmediate = ex_write_buffer_immediate;
    funcs->pfnSetPredication = ex_set_predication;
    /* Both barrier forms: the legacy one serves when a runtime hides Enhanced Barriers. */
    funcs->pfnBarrier = ex_barrier;
    funcs->pfnResourceBarrier = ex_resource_barrier;
    funcs->pfnSetPipelineState = ex_set_pipeline_state;
    funcs->pfnSetDescriptorHeaps = ex_set_descriptor_heaps;
    funcs->pfnSetComputeRootSignature = ex_set_root_signature;
    funcs->pfnSetGraphicsRootSignature = ex_set_root_signature;
    funcs->pfnSetComputeRootDescriptorTable = ex_set_root_table;
    funcs->pfnSetGraphicsRootDescriptorTable = ex_set_root_table;
    funcs->pfnSetComputeRoot32BitConstants = ex_set_root_constants;
    funcs->pfnSetGraphicsRoot32BitConstants = ex_set_root_constants;
    funcs->pfnSetComputeRootConstantBufferView = ex_set_root_view;
    funcs->pfnSetGraphicsRootConstantBufferView = ex_set_root_view;
    funcs->pfnSetComputeRootShaderResourceView = ex_set_root_view;
    funcs->pfnSetGraphicsRootShaderResourceView = ex_set_root_view;
    funcs->pfnSetComputeRootUnorderedAccessView = ex_set_root_view;
    funcs->pfnSetGraphicsRootUnorderedAccessView = ex_set_root_view;
    funcs->pfnClearRootArguments = ex_clear_root_arguments;
    funcs->pfnIASetPrimitiveTopology = ex_set_topology;
    funcs->pfnIASetIndexBuffer = ex_set_index_buffer;
    funcs->pfnIASetVertexBuffers = ex_set_vertex_buffers;
    funcs->pfnRSSetViewports = ex_set_viewports;
    funcs->pfnRSSetScissorRects = ex_set_scissors;
    funcs->pfnOMSetBlendFactor = ex_set_blend_factor;
    funcs->pfnOMSetStencilRef = ex_set_stencil_ref;
    funcs->pfnOMSetRenderTargets = ex_set_render_targets;
    funcs->pfnSetMarker = ex_set_marker;
    funcs->pfnBeginEvent = ex_set_marker;
    funcs->pfnEndEvent = ex_end_event;
}

/* ---- Execution -------------------------------------------------------------------------- */

/* The bytes of a copy location: a texture subresource, or a buffer footprint. */
struct ex_surface
{
    unsigned char *base;
    UINT64 row_pitch, depth_pitch;
    unsigned int width, height, depth, texel_size;
};

static bool ex_surface_init(const D3D12DDIARG_TEXTURE_COPY_LOCATION *location, struct ex_surface *surface)
{
    struct ex_resource *resource = location->hResource.pDrvPrivate;
    const D3D12_SUBRESOURCE_FOOTPRINT *footprint;
    const struct ex_format *format;
    struct ex_subresource sub;

    if (location->Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX)
    {
        if (!ex_resource_subresource(resource, location->SubresourceIndex, &sub))
            return false;
        surface->base = resource->memory + sub.offset;
        surface->row_pitch = sub.row_pitch;
        surface->depth_pitch = sub.depth_pitch;
        surface->width = sub.width;
        surface->height = sub.height;
        surface->depth = sub.depth;
        surface->texel_size = resource->format->size;
        return true;
    }
    footprint = &location->PlacedFootprint.Footprint;
    if (!(format = ex_format_get(footprint->Format)))
        return false;
    surface->base = resource->memory + location->PlacedFootprint.Offset;
    surface->row_pitch = footprint->RowPitch;
    surface->depth_pitch = (UINT64)footprint->RowPitch * footprint->Height;
    surface->width = footprint->Width;
    surface->height = footprint->Height;
    surface->depth = footprint->Depth;
    surface->texel_size = format->size;
    return true;
}

static void ex_copy_box(const struct ex_surface *dst, UINT x, UINT y, UINT z, const struct ex_surface *src,
                        const D3D12_BOX *box)
{
    size_t row = (size_t)(box->right - box->left) * src->texel_size;
    UINT row_index, slice;

    for (slice = 0; slice < box->back - box->front; ++slice)
    {
        for (row_index = 0; row_index < box->bottom - box->top; ++row_index)
            memcpy(dst->base + (z + slice) * dst->depth_pitch + (y + row_index) * dst->row_pitch
                   + (size_t)x * dst->texel_size,
                   src->base + (box->front + slice) * src->depth_pitch + (box->top + row_index) * src->row_pitch
                   + (size_t)box->left * src->texel_size, row);
    }
}

static void ex_execute_copy_texture(const struct ex_command *command)
{
    struct ex_surface dst, src;
    D3D12_BOX box;

    /* The runtime validated both locations; only a format this driver lacks fails here. */
    if (!ex_surface_init(&command->texture.dst, &dst) || !ex_surface_init(&command->texture.src, &src)
            || dst.texel_size != src.texel_size)
        return;
    if (command->texture.has_box)
    {
        box = command->texture.box;
    }
    else
    {
        box.left = box.top = box.front = 0;
        box.right = src.width;
        box.bottom = src.height;
        box.back = src.depth;
    }
    ex_copy_box(&dst, command->texture.x, command->texture.y, command->texture.z, &src, &box);
}

static void ex_execute_copy_resource(struct ex_resource *dst, struct ex_resource *src)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst_location = {.hResource = {dst}, .Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX};
    D3D12DDIARG_TEXTURE_COPY_LOCATION src_location = {.hResource = {src}, .Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX};
    struct ex_surface dst_surface, src_surface;
    D3D12_BOX box = {0};
    UINT i, count;

    if (dst->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        memcpy(dst->memory, src->memory, dst->desc.Width);
        return;
    }
    count = dst->desc.MipLevels * (dst->desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1
            : dst->desc.DepthOrArraySize);
    for (i = 0; i < count; ++i)
    {
        dst_location.SubresourceIndex = src_location.SubresourceIndex = i;
        if (!ex_surface_init(&dst_location, &dst_surface) || !ex_surface_init(&src_location, &src_surface))
            return;
        box.right = src_surface.width;
        box.bottom = src_surface.height;
        box.back = src_surface.depth;
        ex_copy_box(&dst_surface, 0, 0, 0, &src_surface, &box);
    }
}

/* Writes `value` (texel_size bytes) over the rects (or all) of depth slices
 * [first_w, first_w + w_count) of a surface. */
static void ex_fill_surface(const struct ex_surface *surface, const unsigned char *value, UINT rect_count,
                            const D3D12_RECT *rects, UINT first_w, UINT w_count)
{
    D3D12_RECT whole = {0, 0, (LONG)surface->width, (LONG)surface->height}, r;
    UINT i, slice;
    LONG x, y;

    if (!rect_count)
    {
        rect_count = 1;
        rects = &whole;
    }
    for (i = 0; i < rect_count; ++i)
    {
        r = rects[i];
        r.left = r.left < 0 ? 0 : r.left;
        r.top = r.top < 0 ? 0 : r.top;
        r.right = r.right > whole.right ? whole.right : r.right;
        r.bottom = r.bottom > whole.bottom ? whole.bottom : r.bottom;
        for (slice = first_w; slice < first_w + w_count && slice < surface->depth; ++slice)
        {
            for (y = r.top; y < r.bottom; ++y)
            {
                for (x = r.left; x < r.right; ++x)
                    memcpy(surface->base + slice * surface->depth_pitch + y * surface->row_pitch
                           + (size_t)x * surface->texel_size, value, surface->texel_size);
            }
        }
    }
}

/* The part of a texture a view names: one mip, array slices [first, first + count), and for
 * 3D views depth slices [first_w, first_w + w_count). */
struct ex_view_range
{
    UINT mip, first, count, first_w, w_count;
    DXGI_FORMAT format;
};

#define EX_RANGE_1D(desc, mip_) (range->mip = (desc).mip_, true)
#define EX_RANGE_ARRAY(desc) \
    (range->mip = (desc).MipSlice, range->first = (desc).FirstArraySlice, range->count = (desc).ArraySize, true)

/* False for a view dimension this driver does not clear. */
static bool ex_view_range(const struct ex_command *command, struct ex_view_range *range)
{
    const struct ex_descriptor *view = &command->clear.view;

    memset(range, 0, sizeof(*range));
    range->count = 1;
    range->w_count = 1;
    switch (command->type)
    {
        case EX_CLEAR_RTV:
            range->format = view->rtv.Format;
            switch (view->rtv.ViewDimension)
            {
                case D3D12_RTV_DIMENSION_TEXTURE1D: return EX_RANGE_1D(view->rtv.Texture1D, MipSlice);
                case D3D12_RTV_DIMENSION_TEXTURE2D: return EX_RANGE_1D(view->rtv.Texture2D, MipSlice);
                case D3D12_RTV_DIMENSION_TEXTURE1DARRAY: return EX_RANGE_ARRAY(view->rtv.Texture1DArray);
                case D3D12_RTV_DIMENSION_TEXTURE2DARRAY: return EX_RANGE_ARRAY(view->rtv.Texture2DArray);
                case D3D12_RTV_DIMENSION_TEXTURE3D:
                    range->mip = view->rtv.Texture3D.MipSlice;
                    range->first_w = view->rtv.Texture3D.FirstWSlice;
                    range->w_count = view->rtv.Texture3D.WSize;
                    return true;
                default: return false;
            }
        case EX_CLEAR_DSV:
            range->format = view->dsv.Format;
            switch (view->dsv.ViewDimension)
            {
                case D3D12_DSV_DIMENSION_TEXTURE1D: return EX_RANGE_1D(view->dsv.Texture1D, MipSlice);
                case D3D12_DSV_DIMENSION_TEXTURE2D: return EX_RANGE_1D(view->dsv.Texture2D, MipSlice);
                case D3D12_DSV_DIMENSION_TEXTURE1DARRAY: return EX_RANGE_ARRAY(view->dsv.Texture1DArray);
                case D3D12_DSV_DIMENSION_TEXTURE2DARRAY: return EX_RANGE_ARRAY(view->dsv.Texture2DArray);
                default: return false;
            }
        default:
            range->format = view->uav.Format;
            switch (view->uav.ViewDimension)
            {
                case D3D12_UAV_DIMENSION_TEXTURE1D: return EX_RANGE_1D(view->uav.Texture1D, MipSlice);
                case D3D12_UAV_DIMENSION_TEXTURE2D: return EX_RANGE_1D(view->uav.Texture2D, MipSlice);
                case D3D12_UAV_DIMENSION_TEXTURE1DARRAY: return EX_RANGE_ARRAY(view->uav.Texture1DArray);
                case D3D12_UAV_DIMENSION_TEXTURE2DARRAY: return EX_RANGE_ARRAY(view->uav.Texture2DArray);
                case D3D12_UAV_DIMENSION_TEXTURE3D:
                    range->mip = view->uav.Texture3D.MipSlice;
                    range->first_w = view->uav.Texture3D.FirstWSlice;
                    range->w_count = view->uav.Texture3D.WSize;
                    return true;
                default: return false;
            }
    }
}

/* A buffer view's elements [first, first + count) of `size` bytes each take `value`. */
static void ex_fill_elements(unsigned char *base, UINT64 first, UINT64 count, const unsigned char *value,
                             unsigned int size, const struct ex_command *command)
{
    UINT64 begin, end, i;
    UINT r;

    /* Rects of a buffer view select elements by left and right (top and bottom are 0 and 1). */
    for (r = 0; r < (command->clear.rect_count ? command->clear.rect_count : 1); ++r)
    {
        begin = 0;
        end = count;
        if (command->clear.rect_count)
        {
            begin = command->clear.rects[r].left > 0 ? (UINT64)command->clear.rects[r].left : 0;
            end = command->clear.rects[r].right > 0 ? (UINT64)command->clear.rects[r].right : 0;
            end = end < count ? end : count;
        }
        for (i = begin; i < end; ++i)
            memcpy(base + (first + i) * size, value, size);
    }
}

static void ex_execute_clear_buffer_uav(const struct ex_command *command)
{
    const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc = &command->clear.view.uav;
    struct ex_resource *resource = command->clear.view.resource;
    const struct ex_format *format;
    unsigned char value[16];
    unsigned int stride;

    if (desc->Buffer.Flags & D3D12_BUFFER_UAV_FLAG_RAW || desc->Buffer.StructureByteStride)
    {
        /* Raw and structured views: every 32-bit word takes the first value's bits. */
        stride = desc->Buffer.StructureByteStride ? desc->Buffer.StructureByteStride : 4;
        memcpy(value, &command->clear.values[0], 4);
        ex_fill_elements(resource->memory + desc->Buffer.FirstElement * stride, 0,
                         (UINT64)desc->Buffer.NumElements * stride / 4, value, 4, command);
        return;
    }
    if (!(format = ex_format_get(desc->Format))
            || !(command->type == EX_CLEAR_UAV_UINT ? ex_encode_uint(format, command->clear.values, value)
                 : ex_encode_float(format, command->clear.color, value)))
        return;
    ex_fill_elements(resource->memory, desc->Buffer.FirstElement, desc->Buffer.NumElements, value, format->size,
                     command);
}

static void ex_execute_clear(const struct ex_command *command)
{
    struct ex_resource *resource = command->clear.view.resource;
    D3D12DDIARG_TEXTURE_COPY_LOCATION location = {.hResource = {resource}, .Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX};
    const struct ex_format *format;
    struct ex_view_range range;
    struct ex_surface surface;
    unsigned char value[16];
    FLOAT depth[4] = {0};
    UINT i;
    bool ok;

    if (!resource)
        return;
    if (command->type >= EX_CLEAR_UAV_UINT && resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        ex_execute_clear_buffer_uav(command);
        return;
    }
    if (!ex_view_range(command, &range)
            || !(format = ex_format_get(range.format ? range.format : resource->desc.Format)))
        return;
    if (command->type == EX_CLEAR_DSV)
    {
        /* Depth clears clamp to [0, 1]; this driver has no stencil formats. */
        depth[0] = command->clear.color[0];
        depth[0] = depth[0] > 0.0f ? (depth[0] < 1.0f ? depth[0] : 1.0f) : 0.0f;
        ok = (command->clear.flags & D3D12_CLEAR_FLAG_DEPTH) && ex_encode_float(format, depth, value);
    }
    else if (command->type == EX_CLEAR_UAV_UINT)
    {
        ok = ex_encode_uint(format, command->clear.values, value);
    }
    else
    {
        ok = ex_encode_float(format, command->clear.color, value);
    }
    if (!ok)
        return;
    for (i = 0; i < range.count; ++i)
    {
        location.SubresourceIndex = range.mip + (range.first + i) * resource->desc.MipLevels;
        if (ex_surface_init(&location, &surface))
            ex_fill_surface(&surface, value, command->clear.rect_count, command->clear.rects, range.first_w,
                            range.w_count);
    }
}

void ex_recording_execute(const struct ex_recording *recording)
{
    bool predicated = false;
    const struct ex_command *command;
    UINT64 predicate;
    size_t i;

    for (i = 0; i < recording->count; ++i)
    {
        command = &recording->commands[i];
        /* Predication skips copies and clears (D3D12: everything but markers, queries and
         * immediate writes) while on; a list starts without it. */
        if (predicated && command->type != EX_SET_PREDICATION && command->type != EX_WRITE_IMMEDIATE)
            continue;
        switch (command->type)
        {
            case EX_COPY_BUFFER:
                memmove(command->buffer.dst->memory + command->buffer.dst_offset,
                        command->buffer.src->memory + command->buffer.src_offset, command->buffer.size);
                break;
            case EX_COPY_TEXTURE:
                ex_execute_copy_texture(command);
                break;
            case EX_COPY_RESOURCE:
                ex_execute_copy_resource(command->resource.dst, command->resource.src);
                break;
            case EX_WRITE_IMMEDIATE:
                memcpy((void *)(uintptr_t)command->immediate.address, &command->immediate.value, 4);
                break;
            case EX_SET_PREDICATION:
                /* The predicate is read when SetPredication executes, not at each command. */
                predicated = false;
                if (command->predication.buffer)
                {
                    memcpy(&predicate, command->predication.buffer->memory + command->predication.offset,
                           sizeof(predicate));
                    predicated = (predicate == 0) == (command->predication.op == D3D12_PREDICATION_OP_EQUAL_ZERO);
                }
                break;
            default:
                ex_execute_clear(command);
                break;
        }
    }
}

/* ---- Value encoding --------------------------------------------------------------------- */

static UINT16 ex_float_to_half(float value)
{
    union { float f; UINT32 u; } bits = {value};
    UINT32 sign = (bits.u >> 16) & 0x8000u, exponent = (bits.u >> 23) & 0xffu, mantissa = bits.u & 0x7fffffu;
    int e;

    if (exponent == 0xff)
        return (UINT16)(sign | 0x7c00u | (mantissa ? 0x200u : 0));
    e = (int)exponent - 127 + 15;
    if (e >= 0x1f)
        return (UINT16)(sign | 0x7c00u);
    if (e <= 0)
    {
        if (e < -10)
            return (UINT16)sign;
        mantissa |= 0x800000u;
        return (UINT16)(sign | ((mantissa >> (14 - e)) + ((mantissa >> (13 - e)) & 1u)));
    }
    /* Round to nearest even on the 13 dropped bits. */
    return (UINT16)((sign | ((UINT32)e << 10) | (mantissa >> 13))
            + ((mantissa & 0x1fffu) > 0x1000u || ((mantissa & 0x3fffu) == 0x3000u)));
}

bool ex_encode_float(const struct ex_format *format, const FLOAT color[4], unsigned char *out)
{
    unsigned int i;
    float c;

    for (i = 0; i < format->channels; ++i)
    {
        /* B8G8R8A8 stores blue first. */
        c = color[format->format == DXGI_FORMAT_B8G8R8A8_UNORM && i != 3 ? 2 - i : i];
        switch (format->kind)
        {
            case EX_UNORM8:
                c = c != c ? 0.0f : c < 0.0f ? 0.0f : c > 1.0f ? 1.0f : c;
                out[i] = (unsigned char)lrintf(c * 255.0f);
                break;
            case EX_FLOAT16:
            {
                UINT16 half = ex_float_to_half(c);

                memcpy(out + 2 * i, &half, 2);
                break;
            }
            case EX_FLOAT32:
            case EX_DEPTH32:
                memcpy(out + 4 * i, &c, 4);
                break;
            default:
                return false;
        }
    }
    return true;
}

bool ex_encode_uint(const struct ex_format *format, const UINT values[4], unsigned char *out)
{
    unsigned int i;

    for (i = 0; i < format->channels; ++i)
    {
        switch (format->kind)
        {
            case EX_UNORM8:
            case EX_UINT8:
                out[i] = (unsigned char)values[format->format == DXGI_FORMAT_B8G8R8A8_UNORM && i != 3 ? 2 - i : i];
                break;
            case EX_FLOAT16:
            case EX_UINT16:
            {
                UINT16 bits = (UINT16)values[i];

                memcpy(out + 2 * i, &bits, 2);
                break;
            }
            case EX_FLOAT32:
            case EX_UINT32:
                memcpy(out + 4 * i, &values[i], 4);
                break;
            default:
                return false;
        }
    }
    return true;
}
