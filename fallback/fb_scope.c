/* Resource scope tracking (fb_scope.h). */
#include "fb_scope.h"

void fb_scope_tracker_init(struct fb_scope_tracker *tracker)
{
    fb_pointer_table_init(&tracker->table, sizeof(struct fb_scope));
}

void fb_scope_tracker_cleanup(struct fb_scope_tracker *tracker)
{
    fb_pointer_table_cleanup(&tracker->table);
}

void fb_scope_tracker_clear(struct fb_scope_tracker *tracker)
{
    fb_pointer_table_clear(&tracker->table);
}

/* A barrier over every subresource (D3D12_BARRIER_SUBRESOURCE_RANGE's "all" form). */
static bool fb_covers_all_subresources(const D3D12_BARRIER_SUBRESOURCE_RANGE *range)
{
    return range->IndexOrFirstMipLevel == 0xffffffffu;
}

bool fb_scope_track_barriers(struct fb_scope_tracker *tracker, UINT count, const D3D12DDIARG_BARRIER_0124 *barriers)
{
    const D3D12DDI_TEXTURE_BARRIER *texture;
    const D3D12DDI_BUFFER_BARRIER *buffer;
    struct fb_scope *scope;
    bool complete = true;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        switch (barriers[i].Type)
        {
            case D3D12_BARRIER_TYPE_BUFFER:
                buffer = &barriers[i].Buffer;
                if (!(scope = fb_pointer_table_insert(&tracker->table, buffer->hResource.pDrvPrivate, NULL)))
                {
                    complete = false;
                    break;
                }
                scope->sync = buffer->SyncAfter;
                scope->access = buffer->AccessAfter;
                scope->layout = D3D12_BARRIER_LAYOUT_UNDEFINED;
                scope->layout_known = false;
                break;

            case D3D12_BARRIER_TYPE_TEXTURE:
                texture = &barriers[i].Texture;
                if (!(scope = fb_pointer_table_insert(&tracker->table, texture->hResource.pDrvPrivate, NULL)))
                {
                    complete = false;
                    break;
                }
                scope->sync = texture->SyncAfter;
                scope->access = texture->AccessAfter;
                scope->layout = texture->LayoutAfter;
                scope->layout_known = fb_covers_all_subresources(&texture->Subresources);
                scope->range = texture->Subresources;
                break;

            default:
                break;
        }
    }
    return complete;
}

const struct fb_scope *fb_scope_find(const struct fb_scope_tracker *tracker, D3D12DDI_HRESOURCE resource)
{
    return tracker ? fb_pointer_table_find(&tracker->table, resource.pDrvPrivate) : NULL;
}
