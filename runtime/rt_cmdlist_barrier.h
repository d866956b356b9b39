/*
 * The rules of ResourceBarrier and Barrier as pure functions of one barrier, the list
 * type and the resources it names (rt_cmdlist_barrier_validate.c), and the translation
 * of legacy barriers into enhanced ones (rt_cmdlist_barrier.c). Which rule runs always
 * and which only with the debug layer is listed at the top of the validation file and
 * in specs/runtime.md, "Barriers".
 */
#ifndef RT_CMDLIST_BARRIER_H
#define RT_CMDLIST_BARRIER_H

#include "rt_cmdlist.h"

/* Why a barrier is invalid: Microsoft's message ID for it and a text naming the field. */
struct rt_barrier_error
{
    D3D12_MESSAGE_ID id;
    char why[192];
};

/* ---- Always: the list is removed with E_INVALIDARG when one fails ------------------------ */

/* `resource` is barrier->pResource resolved to ours: NULL for NULL or for a foreign object
 * (told apart by barrier->pResource). Bundles and unknown types have no barrier rules:
 * every barrier fails for them. */
bool rt_barrier_validate_global(const D3D12_GLOBAL_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                struct rt_barrier_error *error);
bool rt_barrier_validate_buffer(const D3D12_BUFFER_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                const struct rt_resource *resource, struct rt_barrier_error *error);
bool rt_barrier_validate_texture(const D3D12_TEXTURE_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                 const struct rt_resource *resource, struct rt_barrier_error *error);
/* One legacy barrier; resources[0] and [1] are the resolved transition/UAV resource and
 * the aliasing pair (before, after). */
bool rt_barrier_validate_legacy(const D3D12_RESOURCE_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                struct rt_resource *const resources[2], struct rt_barrier_error *error);

/* Whether a queue of that list type can hold a texture in the layout (UNDEFINED: yes). */
bool rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT layout, D3D12_COMMAND_LIST_TYPE type);
/* The access bits a queue of that list type can perform (NO_ACCESS and COMMON aside). */
D3D12_BARRIER_ACCESS rt_barrier_queue_access(D3D12_COMMAND_LIST_TYPE type);
/* The legacy states a list of that type can name (ORed; COMMON is always allowed). */
D3D12_RESOURCE_STATES rt_barrier_queue_states(D3D12_COMMAND_LIST_TYPE type);

/* ---- Debug layer only: reported, the list is kept ------------------------------------ */

/* The Access Bits Barrier Sync Compatibility table for one side of a barrier: every access
 * bit needs a sync scope that performs it (aggregate scopes count as their parts). */
bool rt_barrier_check_scopes(D3D12_BARRIER_SYNC sync, D3D12_BARRIER_ACCESS access, const char *side,
                             struct rt_barrier_error *error);

/* ---- Subresource ranges ------------------------------------------------------------------ */

/* Every subresource of a texture as an explicit range. */
void rt_barrier_full_range(const struct rt_resource *resource, D3D12_BARRIER_SUBRESOURCE_RANGE *range);
/* A subresource index (or ALL_SUBRESOURCES) as an explicit range; false when out of range. */
bool rt_barrier_index_range(const struct rt_resource *resource, UINT subresource,
                            D3D12_BARRIER_SUBRESOURCE_RANGE *range);
/* An enhanced barrier's range as the application wrote it, made explicit; false when it
 * leaves the resource. */
bool rt_barrier_texture_range(const struct rt_resource *resource, const D3D12_BARRIER_SUBRESOURCE_RANGE *in,
                              D3D12_BARRIER_SUBRESOURCE_RANGE *out);

/* ---- Legacy translation (rt_cmdlist_barrier.c) --------------------------------------------- */

/* A valid legacy barrier in the enhanced form a queue of that list type can run: copy
 * lists get COMMON layouts only and copy accesses, compute lists no graphics accesses.
 * `resource` is resources[0] of the validation. */
void rt_barrier_translate_legacy(const D3D12_RESOURCE_BARRIER *in, D3D12_COMMAND_LIST_TYPE type,
                                 const struct rt_resource *resource, D3D12DDIARG_BARRIER_0124 *out);

#endif
