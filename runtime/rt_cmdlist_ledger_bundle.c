/*
 * A bundle's summary applied to the list that executes it (rt_cmdlist_ledger.h).
 *
 * A bundle records into its own ledger what it sets (ledger_set) and, per kind of root
 * signature, the first one it bound and whether it bound another after it. D3D12
 * (ExecuteBundle's remarks): everything a bundle sets stays set in the parent afterwards;
 * what it does not set is the parent's, inherited. The pipeline and the topology are not
 * inherited but the parent's value still stands after a bundle that sets neither: D3D12
 * leaves it undefined there, so the parent's recorded value is as good as any.
 */
#include "rt_cmdlist_ledger.h"

/* The bundle's arguments written over the parent's: they share one root signature. */
static void rt_ledger_merge_arguments(struct rt_root_arguments *dst, const struct rt_root_arguments *src)
{
    unsigned int i;

    for (i = 0; i < 64; ++i)
    {
        if (src->set & (1ull << i))
            dst->addresses[i] = src->addresses[i];
        if (src->constants_set & (1ull << i))
            dst->constants[i] = src->constants[i];
    }
    dst->set |= src->set;
    dst->constants_set |= src->constants_set;
}

static void rt_ledger_apply_root(struct rt_command_list_state *state, const struct rt_command_list_state *bundle,
                                 bool compute)
{
    unsigned int signature_field = compute ? RT_LEDGER_COMPUTE_ROOT_SIGNATURE : RT_LEDGER_GRAPHICS_ROOT_SIGNATURE;
    unsigned int arguments_field = compute ? RT_LEDGER_COMPUTE_ARGUMENTS : RT_LEDGER_GRAPHICS_ARGUMENTS;
    ID3D12RootSignature **bound = compute ? &state->compute_root_signature : &state->graphics_root_signature;
    ID3D12RootSignature *bundle_bound = compute ? bundle->compute_root_signature : bundle->graphics_root_signature;
    struct rt_root_arguments *arguments = compute ? &state->compute_arguments : &state->graphics_arguments;
    const struct rt_root_arguments *bundle_arguments = compute ? &bundle->compute_arguments
            : &bundle->graphics_arguments;
    const struct rt_bundle_root_binding *binding = &bundle->bundle_roots[compute];

    if ((bundle->ledger_set & signature_field) && (binding->switched || binding->first != *bound))
    {
        /* A root signature other than the parent's made the parent's arguments stale:
         * what stands is what the bundle set since its last one. */
        *bound = bundle_bound;
        *arguments = *bundle_arguments;
        state->ledger_unknown &= ~arguments_field;
    }
    else
    {
        /* The parent's root signature (set again or inherited): the bundle's arguments
         * over the parent's, the others still valid. */
        rt_ledger_merge_arguments(arguments, bundle_arguments);
        state->ledger_unknown |= bundle->ledger_unknown & arguments_field;
    }
}

void rt_ledger_execute_bundle(struct rt_command_list *list, const struct rt_command_list *bundle)
{
    rt_ledger_apply_bundle(&list->state, &bundle->state);
}

void rt_ledger_apply_bundle(struct rt_command_list_state *state, const struct rt_command_list_state *b)
{
    unsigned int set = b->ledger_set;

    if (set & RT_LEDGER_PIPELINE)
        state->pipeline_state = b->pipeline_state;
    if (set & RT_LEDGER_TOPOLOGY)
        state->topology = b->topology;
    if (set & RT_LEDGER_BLEND_FACTOR)
        memcpy(state->blend_factor, b->blend_factor, sizeof(state->blend_factor));
    if (set & RT_LEDGER_STENCIL_REF)
    {
        state->stencil_ref_front = b->stencil_ref_front;
        state->stencil_ref_back = b->stencil_ref_back;
    }
    if (set & RT_LEDGER_DEPTH_BOUNDS)
    {
        state->depth_bounds_min = b->depth_bounds_min;
        state->depth_bounds_max = b->depth_bounds_max;
    }
    if (set & RT_LEDGER_SAMPLE_POSITIONS)
    {
        state->sample_position_samples = b->sample_position_samples;
        state->sample_position_pixels = b->sample_position_pixels;
        memcpy(state->sample_positions, b->sample_positions, sizeof(state->sample_positions));
    }
    if (set & RT_LEDGER_DESCRIPTOR_HEAPS)
        memcpy(state->descriptor_heaps, b->descriptor_heaps, sizeof(state->descriptor_heaps));
    rt_ledger_apply_root(state, b, false);
    rt_ledger_apply_root(state, b, true);
    state->ledger_set |= set;
}
