/*
 * ExecuteIndirect: command signatures as the driver keeps them, and the record a list
 * emits. The executor (agx_indirect.c) reads the count and the arguments from GPU
 * memory when the record executes, so a shader that wrote them earlier in the same
 * recording is seen, and feeds each command's state changes and its draw or dispatch
 * through the engine's own record executors.
 */
#ifndef AGX_INDIRECT_H
#define AGX_INDIRECT_H

#include "agx_exec.h"

/* Lives in the runtime's memory (CalcPrivateCommandSignatureSize). */
struct agx_command_signature
{
    UINT byte_stride, argument_count;
    D3D12_INDIRECT_ARGUMENT_DESC arguments[];
};

/* A self-contained copy of the signature: the record does not depend on the signature
 * object's lifetime. count_va 0: no count buffer, max_count commands run. */
struct agx_cmd_execute_indirect
{
    struct agx_cmd header;
    uint64_t args_va, count_va;
    uint32_t max_count, byte_stride, argument_count;
    D3D12_INDIRECT_ARGUMENT_DESC arguments[];
};

/* The bytes one argument of this type takes in the argument buffer. */
uint32_t agx_indirect_argument_size(const D3D12_INDIRECT_ARGUMENT_DESC *argument);

/* Runs an AGX_CMD_EXECUTE_INDIRECT record. */
void agx_indirect_exec(struct agx_exec *exec, const struct agx_cmd_execute_indirect *cmd);
/* The ExecuteIndirect entry of the list table. */
void agx_indirect_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);

#endif
