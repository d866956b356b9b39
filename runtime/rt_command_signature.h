/*
 * ID3D12CommandSignature: the layout of ExecuteIndirect's arguments, validated and handed
 * to the driver (specs/runtime.md, "Command signatures").
 */
#ifndef RT_COMMAND_SIGNATURE_H
#define RT_COMMAND_SIGNATURE_H

#include "rt_device.h"

struct rt_command_signature
{
    ID3D12CommandSignature ID3D12CommandSignature_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    struct rt_retire_node retire;    /* deferred destruction (rt_retire.h) */
    D3D12DDI_HCOMMANDSIGNATURE hdrv;
    void *drv_memory;
    /* Referenced; NULL when the signature changes no root arguments. */
    ID3D12RootSignature *root_signature;
    UINT byte_stride;
    UINT argument_size;                  /* bytes one command reads, tightly packed */
    D3D12_INDIRECT_ARGUMENT_TYPE kind;   /* DRAW, DRAW_INDEXED or DISPATCH: the last argument */
    UINT argument_count;
    D3D12_INDIRECT_ARGUMENT_DESC *arguments;   /* a copy, for the fallback's state restore */
};

/* NULL-safe; NULL for an interface that is not one of ours. */
struct rt_command_signature *rt_command_signature_from_iface(ID3D12CommandSignature *iface);

#endif
