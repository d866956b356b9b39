/*
 * The state ledger (rt_cmdlist_ledger.h): recording root signatures and root arguments,
 * whether the state can be put back, and putting it back through the driver's DDI.
 */
#include "rt_cmdlist_ledger.h"
#include "rt_pipeline_state.h"
#include "rt_command_signature.h"
#include "rt_root_signature.h"

/* The fields and entries of one kind of root state. */
struct rt_ledger_root_kind
{
    unsigned int signature_field, arguments_field;
    void (APIENTRY *set_signature)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HROOTSIGNATURE);
    void (APIENTRY *set_table)(D3D12DDI_HCOMMANDLIST, UINT, D3D12DDI_GPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *set_constants)(D3D12DDI_HCOMMANDLIST, UINT, UINT, const void *, UINT);
    void (APIENTRY *set_cbv)(D3D12DDI_HCOMMANDLIST, UINT, UINT64);
    void (APIENTRY *set_srv)(D3D12DDI_HCOMMANDLIST, UINT, UINT64);
    void (APIENTRY *set_uav)(D3D12DDI_HCOMMANDLIST, UINT, UINT64);
};

static void rt_ledger_root_kind(const struct rt_command_list *list, bool compute, struct rt_ledger_root_kind *kind)
{
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi = list->ddi_cmdlist;

    kind->signature_field = compute ? RT_LEDGER_COMPUTE_ROOT_SIGNATURE : RT_LEDGER_GRAPHICS_ROOT_SIGNATURE;
    kind->arguments_field = compute ? RT_LEDGER_COMPUTE_ARGUMENTS : RT_LEDGER_GRAPHICS_ARGUMENTS;
    kind->set_signature = compute ? ddi->pfnSetComputeRootSignature : ddi->pfnSetGraphicsRootSignature;
    kind->set_table = compute ? ddi->pfnSetComputeRootDescriptorTable : ddi->pfnSetGraphicsRootDescriptorTable;
    kind->set_constants = compute ? ddi->pfnSetComputeRoot32BitConstants : ddi->pfnSetGraphicsRoot32BitConstants;
    kind->set_cbv = compute ? ddi->pfnSetComputeRootConstantBufferView : ddi->pfnSetGraphicsRootConstantBufferView;
    kind->set_srv = compute ? ddi->pfnSetComputeRootShaderResourceView : ddi->pfnSetGraphicsRootShaderResourceView;
    kind->set_uav = compute ? ddi->pfnSetComputeRootUnorderedAccessView : ddi->pfnSetGraphicsRootUnorderedAccessView;
}

static ID3D12RootSignature **rt_ledger_bound_root(struct rt_command_list_state *state, bool compute)
{
    return compute ? &state->compute_root_signature : &state->graphics_root_signature;
}

static struct rt_root_arguments *rt_ledger_arguments(struct rt_command_list_state *state, bool compute)
{
    return compute ? &state->compute_arguments : &state->graphics_arguments;
}

/* ---- Recording ------------------------------------------------------------------------- */

void rt_ledger_record_root_signature(struct rt_command_list *list, bool compute, ID3D12RootSignature *signature)
{
    struct rt_command_list_state *state = &list->state;
    ID3D12RootSignature **bound = rt_ledger_bound_root(state, compute);
    struct rt_bundle_root_binding *binding = &state->bundle_roots[compute];
    struct rt_ledger_root_kind kind;

    rt_ledger_root_kind(list, compute, &kind);
    if (list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE)
    {
        if (!(state->ledger_set & kind.signature_field))
            binding->first = signature;
        else if (*bound != signature)
            binding->switched = true;
    }
    /* A different root signature leaves no argument set; the same one keeps them
     * (D3D12's rule, "Using a root signature"). A bundle's arguments written before
     * it set any stay unknown: they may belong to the executing list's signature. */
    if (*bound != signature || !(state->ledger_set & kind.signature_field))
    {
        memset(rt_ledger_arguments(state, compute), 0, sizeof(struct rt_root_arguments));
        if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
            state->ledger_unknown &= ~kind.arguments_field;
    }
    *bound = signature;
    rt_ledger_mark_set(list, kind.signature_field);
}

/* Arguments need a root signature the list knows; a bundle that has not set one writes
 * into the executing list's, which D3D12 only defines after the bundle set that same
 * root signature ("Using a root signature", Bundle semantics): the arguments are
 * unknown to the ledger. */
static bool rt_ledger_knows_root(struct rt_command_list *list, bool compute)
{
    struct rt_ledger_root_kind kind;

    rt_ledger_root_kind(list, compute, &kind);
    if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE || (list->state.ledger_set & kind.signature_field))
        return true;
    list->state.ledger_unknown |= kind.arguments_field;
    return false;
}

void rt_ledger_record_root_address(struct rt_command_list *list, bool compute, UINT index, UINT64 address)
{
    struct rt_root_arguments *arguments = rt_ledger_arguments(&list->state, compute);

    if (!rt_ledger_knows_root(list, compute))
        return;
    arguments->set |= 1ull << index;
    arguments->addresses[index] = address;
    rt_ledger_mark_set(list, compute ? RT_LEDGER_COMPUTE_ARGUMENTS : RT_LEDGER_GRAPHICS_ARGUMENTS);
}

void rt_ledger_record_root_constants(struct rt_command_list *list, bool compute,
                                     const struct rt_root_parameter_layout *parameter, UINT count,
                                     const void *data, UINT offset)
{
    struct rt_root_arguments *arguments = rt_ledger_arguments(&list->state, compute);
    UINT first, i;

    if (!rt_ledger_knows_root(list, compute) || !parameter || !count)
        return;
    first = parameter->dword_offset + offset;
    memcpy(&arguments->constants[first], data, count * sizeof(UINT32));
    for (i = 0; i < count; ++i)
        arguments->constants_set |= 1ull << (first + i);
    rt_ledger_mark_set(list, compute ? RT_LEDGER_COMPUTE_ARGUMENTS : RT_LEDGER_GRAPHICS_ARGUMENTS);
}

void rt_ledger_execute_indirect(struct rt_command_list *list, const struct rt_command_signature *signature)
{
    bool compute = signature->kind == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    static const UINT32 zeros[D3D12_MAX_ROOT_COST];
    const struct rt_root_signature *root;
    const D3D12_INDIRECT_ARGUMENT_DESC *argument;
    UINT i;

    /* Root arguments name parameters of the signature's root signature, which
     * ExecuteIndirect checked is the bound one (or, in a bundle, the inherited one). */
    if (!(root = rt_root_signature_from_iface(signature->root_signature)))
        return;
    for (i = 0; i < signature->argument_count; ++i)
    {
        argument = &signature->arguments[i];
        switch (argument->Type)
        {
            case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT:
                rt_ledger_record_root_constants(list, compute,
                        &root->layout->parameters[argument->Constant.RootParameterIndex],
                        argument->Constant.Num32BitValuesToSet, zeros, argument->Constant.DestOffsetIn32BitValues);
                break;
            case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
            case D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
            case D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW:
                rt_ledger_record_root_address(list, compute, argument->ConstantBufferView.RootParameterIndex, 0);
                break;
            default:
                break;
        }
    }
}

/* ---- Can it be put back? ---------------------------------------------------------------- */

static bool rt_ledger_restorable(const struct rt_command_list *list, bool compute, const char **why)
{
    unsigned int arguments = compute ? RT_LEDGER_COMPUTE_ARGUMENTS : RT_LEDGER_GRAPHICS_ARGUMENTS;
    const char *reason = NULL;

    if (list->state.ledger_unknown & arguments)
        reason = compute ? "an executed bundle set compute root arguments without setting the root signature first"
                : "an executed bundle set graphics root arguments without setting the root signature first";
    if (why)
        *why = reason;
    return !reason;
}

bool rt_ledger_graphics_restorable(const struct rt_command_list *list, const char **why)
{
    return rt_ledger_restorable(list, false, why);
}

bool rt_ledger_compute_restorable(const struct rt_command_list *list, const char **why)
{
    return rt_ledger_restorable(list, true, why);
}

/* ---- Putting it back ------------------------------------------------------------------- */

/* Every run of set dwords of one constants parameter in one call. */
static void rt_ledger_restore_constants(const struct rt_command_list *list, const struct rt_ledger_root_kind *kind,
                                        const struct rt_root_arguments *arguments, UINT index,
                                        const struct rt_root_parameter_layout *parameter)
{
    UINT first, end;

    for (first = 0; first < parameter->dword_count; first = end)
    {
        end = first + 1;
        if (!(arguments->constants_set & (1ull << (parameter->dword_offset + first))))
            continue;
        while (end < parameter->dword_count && (arguments->constants_set & (1ull << (parameter->dword_offset + end))))
            ++end;
        kind->set_constants(list->hdrv, index, end - first, &arguments->constants[parameter->dword_offset + first],
                            first);
    }
}

/* The root signature and every argument recorded since it, through its layout. The
 * entries exist: the application's own calls of them were forwarded. */
static void rt_ledger_restore_root(struct rt_command_list *list, bool compute)
{
    const struct rt_root_arguments *arguments = rt_ledger_arguments(&list->state, compute);
    const struct rt_root_signature *signature
            = rt_root_signature_from_iface(*rt_ledger_bound_root(&list->state, compute));
    const struct rt_root_parameter_layout *parameter;
    D3D12DDI_GPU_DESCRIPTOR_HANDLE table;
    struct rt_ledger_root_kind kind;
    UINT i;

    /* No root signature: nothing of the application's to put back, and no NULL handle
     * for the driver. */
    if (!signature)
        return;
    rt_ledger_root_kind(list, compute, &kind);
    kind.set_signature(list->hdrv, signature->hdrv);
    for (i = 0; i < signature->layout->parameter_count; ++i)
    {
        parameter = &signature->layout->parameters[i];
        if (parameter->type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        {
            rt_ledger_restore_constants(list, &kind, arguments, i, parameter);
            continue;
        }
        if (!(arguments->set & (1ull << i)))
            continue;
        switch (parameter->type)
        {
            case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
                table.ptr = arguments->addresses[i];
                kind.set_table(list->hdrv, i, table);
                break;
            case D3D12_ROOT_PARAMETER_TYPE_CBV:
                kind.set_cbv(list->hdrv, i, arguments->addresses[i]);
                break;
            case D3D12_ROOT_PARAMETER_TYPE_SRV:
                kind.set_srv(list->hdrv, i, arguments->addresses[i]);
                break;
            default:
                kind.set_uav(list->hdrv, i, arguments->addresses[i]);
                break;
        }
    }
}

static void rt_ledger_restore_pipeline(struct rt_command_list *list)
{
    const struct rt_pipeline_state *pipeline = rt_pipeline_state_from_iface(list->state.pipeline_state);

    if (pipeline)
        list->ddi_cmdlist->pfnSetPipelineState(list->hdrv, pipeline->hdrv);
}

void rt_ledger_restore_compute(struct rt_command_list *list)
{
    rt_ledger_restore_root(list, true);
    rt_ledger_restore_pipeline(list);
}

void rt_ledger_restore_graphics(struct rt_command_list *list)
{
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi = list->ddi_cmdlist;
    const struct rt_command_list_state *state = &list->state;

    rt_ledger_restore_root(list, false);
    rt_ledger_restore_pipeline(list);
    /* The fixed-function state, set or default: the draws may have changed any of it.
     * An entry the driver left out is one the application could not call either. */
    if (ddi->pfnIASetPrimitiveTopology)
        ddi->pfnIASetPrimitiveTopology(list->hdrv, state->topology);
    if (ddi->pfnRSSetViewports)
        ddi->pfnRSSetViewports(list->hdrv, state->viewport_count, state->viewport_count ? state->viewports : NULL);
    if (ddi->pfnRSSetScissorRects)
        ddi->pfnRSSetScissorRects(list->hdrv, state->scissor_count, state->scissor_count ? state->scissors : NULL);
    if (ddi->pfnOMSetBlendFactor)
        ddi->pfnOMSetBlendFactor(list->hdrv, state->blend_factor);
    if (ddi->pfnOMSetStencilRef)
        ddi->pfnOMSetStencilRef(list->hdrv, state->stencil_ref_front, state->stencil_ref_back);
    if (ddi->pfnOMSetDepthBounds)
        ddi->pfnOMSetDepthBounds(list->hdrv, state->depth_bounds_min, state->depth_bounds_max);
    /* Only an application's pattern: a device without programmable positions has none,
     * and the draws never change it. */
    if (state->ledger_set & RT_LEDGER_SAMPLE_POSITIONS)
        ddi->pfnSetSamplePositions(list->hdrv, state->sample_position_samples, state->sample_position_pixels,
                                   state->sample_position_samples ? state->sample_positions : NULL);
}
