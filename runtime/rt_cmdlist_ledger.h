/*
 * The state ledger: what the list knows of the application's pipeline and fixed-function
 * state, so that the runtime's own draws and dispatches (the fallback's bound clears and
 * compute fills) can hand every piece of it back to the driver afterwards.
 *
 * What is kept: the fields of struct rt_command_list_state (rt_cmdlist.h) — pipeline,
 * graphics and compute root signatures with every root argument set since each
 * (struct rt_root_arguments: tables and root views by parameter, constants dword by
 * dword at the parameter's dword_offset of the root signature's layout description),
 * primitive topology, viewports, scissors, blend factor, stencil references, depth
 * bounds, sample positions, descriptor heaps, bound targets — plus two masks of
 * enum rt_ledger_field: `ledger_set` (what the list set since Reset or ClearState; in a
 * bundle this is its summary) and `ledger_unknown` (what an executed bundle changed in
 * a way the list cannot follow). The memory is fixed: one struct per list, nothing
 * grows with the recording.
 *
 * Recording: the setters (rt_cmdlist_state.c) record a value only after the call was
 * forwarded to the driver and the list is still healthy (seed 000's rule).
 *
 * Bundles (Microsoft Learn, the remarks of ID3D12GraphicsCommandList::ExecuteBundle: a
 * bundle inherits the parent's state but for the pipeline and the primitive topology,
 * and whatever the bundle sets is the parent's state afterwards; "Using a root
 * signature", Bundle semantics: a bundle inherits the root arguments; to change some it
 * must first set the caller's root signature, which leaves the others valid; a
 * different root signature makes every earlier argument stale). rt_ledger_execute_bundle
 * applies a bundle's summary to the executing list field by field; see
 * specs/fallback.md, "The state ledger", and specs/decisions/D008-state-ledger.md.
 *
 * What the driver receives from a restore: only calls of entries it filled, only
 * handles of objects the application bound (never a NULL root signature or pipeline
 * handle: a list that never set one, or set it NULL, keeps the runtime's until the
 * application sets its own, which D3D12 requires before its next draw or dispatch
 * anyway), and the values exactly as the application's own calls passed them.
 */
#ifndef RT_CMDLIST_LEDGER_H
#define RT_CMDLIST_LEDGER_H

#include "rt_cmdlist.h"

/* The pieces of state the ledger follows, one bit each (ledger_set, ledger_unknown). */
enum rt_ledger_field
{
    RT_LEDGER_PIPELINE                  = 1u << 0,
    RT_LEDGER_GRAPHICS_ROOT_SIGNATURE   = 1u << 1,
    RT_LEDGER_GRAPHICS_ARGUMENTS        = 1u << 2,
    RT_LEDGER_COMPUTE_ROOT_SIGNATURE    = 1u << 3,
    RT_LEDGER_COMPUTE_ARGUMENTS         = 1u << 4,
    RT_LEDGER_TOPOLOGY                  = 1u << 5,
    RT_LEDGER_VIEWPORTS                 = 1u << 6,
    RT_LEDGER_SCISSORS                  = 1u << 7,
    RT_LEDGER_BLEND_FACTOR              = 1u << 8,
    RT_LEDGER_STENCIL_REF               = 1u << 9,
    RT_LEDGER_DEPTH_BOUNDS              = 1u << 10,
    RT_LEDGER_SAMPLE_POSITIONS          = 1u << 11,
    RT_LEDGER_DESCRIPTOR_HEAPS          = 1u << 12,
};

/* What a graphics restore puts back: everything but the compute root state. */
#define RT_LEDGER_GRAPHICS_FIELDS (RT_LEDGER_PIPELINE | RT_LEDGER_GRAPHICS_ROOT_SIGNATURE \
        | RT_LEDGER_GRAPHICS_ARGUMENTS | RT_LEDGER_TOPOLOGY | RT_LEDGER_VIEWPORTS | RT_LEDGER_SCISSORS \
        | RT_LEDGER_BLEND_FACTOR | RT_LEDGER_STENCIL_REF | RT_LEDGER_DEPTH_BOUNDS | RT_LEDGER_SAMPLE_POSITIONS)
/* What a compute restore puts back. */
#define RT_LEDGER_COMPUTE_FIELDS (RT_LEDGER_PIPELINE | RT_LEDGER_COMPUTE_ROOT_SIGNATURE | RT_LEDGER_COMPUTE_ARGUMENTS)

/*
 * Whether rt_ledger_restore_graphics can put every piece of the application's graphics
 * state back exactly. False, with a static reason in *why (may be NULL), when an
 * executed bundle left a field unknown (root arguments set in a bundle that did not set
 * the root signature first). SetPipelineState1, SetProgram, RSSetShadingRate(Image),
 * RSSetDepthBias, IASetIndexBufferStripCutValue and a non-zero SetViewInstanceMask are
 * refused by this runtime (their features are not reported, and the DDI has no entry for
 * the first two), so no list that reaches a restore holds such state.
 */
bool rt_ledger_graphics_restorable(const struct rt_command_list *list, const char **why);
/* The same for rt_ledger_restore_compute. */
bool rt_ledger_compute_restorable(const struct rt_command_list *list, const char **why);

/*
 * After the runtime's own draws, with the DDI lock held: the application's pipeline,
 * graphics root signature and every graphics root argument recorded since it, primitive
 * topology, viewports, scissors, blend factor, stencil references, depth bounds and
 * sample positions (when the application set them) are handed to the driver again.
 * Render targets, descriptor heaps, vertex and index buffers, stream output, predication
 * and the compute root state are left alone: the draws must not change them (render
 * targets cannot be rebound exactly: the application may have rewritten the descriptors
 * since it bound them).
 */
void rt_ledger_restore_graphics(struct rt_command_list *list);
/* After the runtime's own dispatches, with the DDI lock held: the compute root
 * signature, every compute root argument recorded since it, and the pipeline. */
void rt_ledger_restore_compute(struct rt_command_list *list);

/* ---- Recording (the setters, ExecuteBundle) --------------------------------------------- */

/* Whether a setter that just forwarded its call may record it: the list is healthy. */
static inline bool rt_ledger_may_record(struct rt_command_list *list)
{
    return !rt_command_list_is_removed(list);
}

/* Marks fields as set by the list (its bundle summary); call after storing the value.
 * An unknown field stays unknown: only a different root signature makes arguments
 * known again (rt_ledger_record_root_signature). */
static inline void rt_ledger_mark_set(struct rt_command_list *list, unsigned int fields)
{
    list->state.ledger_set |= fields;
}

struct rt_root_parameter_layout;

/* A root signature was bound (compute or graphics): a different one forgets the
 * arguments, as D3D12 does. */
void rt_ledger_record_root_signature(struct rt_command_list *list, bool compute, ID3D12RootSignature *signature);
/* A table or root view argument. */
void rt_ledger_record_root_address(struct rt_command_list *list, bool compute, UINT index, UINT64 address);
/* Root constants; parameter is NULL in a bundle that has not set a root signature. */
void rt_ledger_record_root_constants(struct rt_command_list *list, bool compute,
                                     const struct rt_root_parameter_layout *parameter, UINT count,
                                     const void *data, UINT offset);

struct rt_command_signature;

/* After a successful ExecuteIndirect: the root arguments its signature changes hold the
 * values D3D12 leaves there afterwards, constants 0 and NULL root views (Microsoft Learn,
 * "Indirect drawing"), which a restore puts back like any recorded value. Vertex and
 * index buffers, which it leaves NULL, are not the ledger's: restores never touch them. */
void rt_ledger_execute_indirect(struct rt_command_list *list, const struct rt_command_signature *signature);

/* After a successful ExecuteBundle: the bundle's summary applied to the list. */
void rt_ledger_execute_bundle(struct rt_command_list *list, const struct rt_command_list *bundle);
/* The same on a state: a bundle's state (its summary so far) applied to the state of the
 * list executing it. */
void rt_ledger_apply_bundle(struct rt_command_list_state *state, const struct rt_command_list_state *bundle_state);

#endif
