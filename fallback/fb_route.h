/*
 * The fallback's front door (seed 000): which Async Commands it can lower on a given
 * list, and the reason when it cannot.
 *
 * fallback/ never sees an API object. The runtime validates the call, translates its
 * arguments into the DDI's (the same translation the native path uses), asks
 * fb_route() whether there is a route, and then calls the API's emitter (fb_copy.h,
 * fb_resolve.h, ...) inside its DDI lock. A rejection carries what the runtime needs
 * to remove the list: the HRESULT, the message ID and a text naming the API and why.
 */
#ifndef FB_ROUTE_H
#define FB_ROUTE_H

#include <stdbool.h>
#include <d3d12rt/d3d12rt_messages.h>
#include "d3d12ddi.h"

/* The ten methods, in the order of ID3D12GraphicsCommandList12. */
enum fb_api
{
    FB_API_COPY_BUFFER_REGIONS,
    FB_API_COPY_TEXTURE_REGIONS,
    FB_API_COPY_RESOURCES,
    FB_API_COPY_TILES_ASYNC,
    FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC,
    FB_API_RESOLVE_QUERY_DATA_ASYNC,
    FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW,
    FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS,
    FB_API_CLEAR_TEXTURE_SUBRESOURCES,
    FB_API_FILL_BUFFERS,
    FB_API_COUNT,
};

/* "CopyBufferRegions", ...; "?" for a value out of range. */
const char *fb_api_name(enum fb_api api);

/* The list a lowering records into: the driver's list and its legacy table. */
struct fb_list
{
    D3D12DDI_HCOMMANDLIST hdrv;
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi;
    D3D12_COMMAND_LIST_TYPE type;
};

/* Why a call cannot be lowered. */
struct fb_rejection
{
    HRESULT hr;                 /* E_FAIL: valid input the fallback has no route for */
    D3D12_MESSAGE_ID id;        /* ASYNC_COMMANDS_FALLBACK_UNSUPPORTED unless the API has its own */
    char why[224];              /* "<API>: <reason>" */
};

/*
 * Pure: true when the fallback has a route for api on this list (the caller then
 * emits); false with *rejection filled otherwise: a method whose legacy entries the
 * driver left out. Bound clears recorded in bundles have a route: the runtime lowers
 * them when the bundle executes.
 */
bool fb_route(enum fb_api api, const struct fb_list *list, struct fb_rejection *rejection);

#endif
