/* Which Async Commands the fallback lowers, and the reason for those it does not. */
#include <stdio.h>

#include "fb_route.h"

static const char *const fb_api_names[FB_API_COUNT] =
{
    [FB_API_COPY_BUFFER_REGIONS] = "CopyBufferRegions",
    [FB_API_COPY_TEXTURE_REGIONS] = "CopyTextureRegions",
    [FB_API_COPY_RESOURCES] = "CopyResources",
    [FB_API_COPY_TILES_ASYNC] = "CopyTilesAsync",
    [FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC] = "ResolveSubresourceRegionAsync",
    [FB_API_RESOLVE_QUERY_DATA_ASYNC] = "ResolveQueryDataAsync",
    [FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW] = "ClearBoundDepthStencilView",
    [FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS] = "ClearBoundRenderTargetViews",
    [FB_API_CLEAR_TEXTURE_SUBRESOURCES] = "ClearTextureSubresources",
    [FB_API_FILL_BUFFERS] = "FillBuffers",
};

const char *fb_api_name(enum fb_api api)
{
    return (unsigned int)api < FB_API_COUNT ? fb_api_names[api] : "?";
}

static bool fb_reject(struct fb_rejection *rejection, enum fb_api api, const char *reason)
{
    rejection->hr = E_FAIL;
    rejection->id = D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED;
    snprintf(rejection->why, sizeof(rejection->why), "%s: %s", fb_api_name(api), reason);
    return false;
}

/* The legacy entry a copy route loops over, NULL-checked: a driver may leave one out. */
static bool fb_copy_entry_present(enum fb_api api, const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi,
                                  const char **legacy)
{
    switch (api)
    {
        case FB_API_COPY_BUFFER_REGIONS:
            *legacy = "CopyBufferRegion";
            return !!ddi->pfnCopyBufferRegion;
        case FB_API_COPY_TEXTURE_REGIONS:
            *legacy = "CopyTextureRegion";
            return !!ddi->pfnCopyTextureRegion;
        default:
            *legacy = "CopyResource";
            return !!ddi->pfnCopyResource;
    }
}

bool fb_route(enum fb_api api, const struct fb_list *list, struct fb_rejection *rejection)
{
    char reason[160];
    const char *legacy;

    switch (api)
    {
        case FB_API_COPY_BUFFER_REGIONS:
        case FB_API_COPY_TEXTURE_REGIONS:
        case FB_API_COPY_RESOURCES:
            if (fb_copy_entry_present(api, list->ddi, &legacy))
                return true;
            snprintf(reason, sizeof(reason), "the driver has no legacy %s to loop over", legacy);
            return fb_reject(rejection, api, reason);

        case FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW:
        case FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS:
            /* In a bundle too: the runtime records the bundle itself and lowers the clear
             * when it executes, with the executing list's bindings (beyond seed 000,
             * whose rule this lifts; specs/fallback.md). Draws or legacy view clears;
             * fb_plan_bound.h decides per call, and the legacy clear is the route that
             * always exists outside a pass. */
            if (api == FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW ? !!list->ddi->pfnClearDepthStencilView
                    : !!list->ddi->pfnClearRenderTargetView)
                return true;
            return fb_reject(rejection, api, api == FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW
                             ? "the driver has no legacy ClearDepthStencilView" : "the driver has no legacy "
                             "ClearRenderTargetView");

        case FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC:
            /* One legacy resolve (fb_resolve.h); the runtime allowed direct lists only. */
            if (list->ddi->pfnResolveSubresourceRegion)
                return true;
            return fb_reject(rejection, api, "the driver has no legacy ResolveSubresourceRegion");

        case FB_API_RESOLVE_QUERY_DATA_ASYNC:
            if (list->ddi->pfnResolveQueryData)
                return true;
            return fb_reject(rejection, api, "the driver has no legacy ResolveQueryData");

        case FB_API_FILL_BUFFERS:
            /* The upload route copies, and stages through VRAM behind buffer barriers
             * (fb_plan_fill.h decides the route per fill). */
            if (list->ddi->pfnCopyBufferRegion && list->ddi->pfnBarrier)
                return true;
            return fb_reject(rejection, api, "the driver has no legacy CopyBufferRegion or enhanced Barrier "
                             "for the upload route");

        case FB_API_CLEAR_TEXTURE_SUBRESOURCES:
            /* The pattern copy (fb_clear.h); fb_plan_clear.h picks the route per texture. */
            if (list->ddi->pfnCopyTextureRegion)
                return true;
            return fb_reject(rejection, api, "the driver has no legacy CopyTextureRegion for the pattern copy");

        case FB_API_COPY_TILES_ASYNC:
            /* One legacy CopyTiles, flags unchanged (fb_copy.h). */
            if (list->ddi->pfnCopyTiles)
                return true;
            return fb_reject(rejection, api, "the driver has no legacy CopyTiles");

        case FB_API_COUNT:
            break;
    }
    return fb_reject(rejection, api, "not an Async Commands method");
}
