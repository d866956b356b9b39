/*
 * The runtime's checks for which Microsoft's debug layer has no message ID. Each is
 * D3D12_MESSAGE_ID_UNKNOWN under a name that says which problem it stands for, so the
 * table in specs/debug.md (tools/gen_message_table.py) lists it as an exception and the
 * test that no other check emits UNKNOWN (message_table_check) can tell them apart. Only
 * this file may name D3D12_MESSAGE_ID_UNKNOWN in runtime/ and fallback/.
 */
#ifndef RT_MESSAGE_IDS_H
#define RT_MESSAGE_IDS_H

#include <d3d12rt/d3d12.h>

/* The driver refused or failed a call (a DDI returned an error): Microsoft's runtime
 * passes the driver's HRESULT on and its debug layer has no message for it. */
#define RT_MESSAGE_ID_NONE_DRIVER_FAILURE D3D12_MESSAGE_ID_UNKNOWN
/* The driver's own explanation (the DDI message callback carries no ID). */
#define RT_MESSAGE_ID_NONE_DRIVER_MESSAGE D3D12_MESSAGE_ID_UNKNOWN
/* A method a compute or copy list does not offer (Microsoft has INVALID_BUNDLE_API for
 * bundles and nothing for the other list types). */
#define RT_MESSAGE_ID_NONE_LIST_TYPE D3D12_MESSAGE_ID_UNKNOWN
/* CopyTiles' parameters: D3D12's list has no CopyTiles message (D3D11's
 * COPYTILES_INVALID_PARAMETER was not carried over). */
#define RT_MESSAGE_ID_NONE_COPYTILES D3D12_MESSAGE_ID_UNKNOWN

/* A node mask naming nodes the one-node device lacks: several nodes, or one past node 0. */
static inline D3D12_MESSAGE_ID rt_node_mask_message_id(unsigned int mask)
{
    return mask & (mask - 1) ? D3D12_MESSAGE_ID_TOO_MANY_NODES_SPECIFIED : D3D12_MESSAGE_ID_INVALID_NODE_INDEX;
}

/* CORRUPTED_PARAMETER1..15, the debug layer's message for a pointer or value of a
 * method's parameter n (counted from 1, after This) that cannot be used. */
static inline D3D12_MESSAGE_ID rt_corrupted_parameter_id(unsigned int n)
{
    return (D3D12_MESSAGE_ID)(D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1 + (n - 1));
}

#endif
