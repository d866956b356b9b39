/*
 * The DXIL module reader (agx_dxil.h): LLVM reads the bitcode (agx_dxil_llvm.c), the
 * metadata walk reconstructs the entry point (agx_dxil_metadata.c), and here every
 * function and call of the module is checked against what DXIL allows: the entry point
 * alone defined, calls only to dx.op functions, each naming a known opcode of its class.
 */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "agx_dxil.h"
#include "ddi_dxbc.h"
#include "ddi_dxil.h"

#define DX_OP_PREFIX "dx.op."

/* LLVM instructions DXIL (LLVM 3.7's instruction set, DXIL.rst "Instructions") lacks. */
static const char *unsupported_instruction(LLVMOpcode opcode)
{
    switch (opcode)
    {
        case LLVMIndirectBr: return "indirectbr";
        case LLVMInvoke: return "invoke";
        case LLVMResume: return "resume";
        case LLVMLandingPad: return "landingpad";
        case LLVMCleanupRet: return "cleanupret";
        case LLVMCatchRet: return "catchret";
        case LLVMCatchPad: return "catchpad";
        case LLVMCleanupPad: return "cleanuppad";
        case LLVMCatchSwitch: return "catchswitch";
        case LLVMCallBr: return "callbr";
        case LLVMVAArg: return "va_arg";
        case LLVMFreeze: return "freeze";
        case LLVMFence: return "fence";
        default: return NULL;
    }
}

static HRESULT read_dx_op_call(struct agx_dxil_module *m, LLVMValueRef call, const char *name, size_t length,
                               char *why, size_t why_size)
{
    const struct agx_dxil_op_info *info;
    const char *op_class = name + strlen(DX_OP_PREFIX), *dot;
    LLVMValueRef argument;
    size_t class_length;
    uint64_t opcode;

    dot = memchr(op_class, '.', length - strlen(DX_OP_PREFIX));
    class_length = dot ? (size_t)(dot - op_class) : length - strlen(DX_OP_PREFIX);
    if (LLVMGetNumArgOperands(call) < 1 || !(argument = LLVMGetOperand(call, 0)) || !LLVMIsAConstantInt(argument)
            || LLVMGetIntTypeWidth(LLVMTypeOf(argument)) != 32)
        return ddi_dxbc_fail(why, why_size, "a call to %.*s has no constant i32 opcode", (int)length, name);
    opcode = LLVMConstIntGetZExtValue(argument);
    if (!(info = agx_dxil_op_info((uint32_t)opcode)))
        return ddi_dxbc_fail(why, why_size, "the shader calls DXIL operation %llu (through %.*s), unknown to "
                             "shader models 6.0 to 6.7", (unsigned long long)opcode, (int)length, name);
    if (strlen(info->op_class) != class_length || memcmp(info->op_class, op_class, class_length))
        return ddi_dxbc_fail(why, why_size, "the shader calls DXIL operation %u (%s) through %.*s; its functions "
                             "are dx.op.%s", (unsigned int)opcode, info->name, (int)length, name, info->op_class);
    m->used_ops[opcode / 32] |= 1u << (opcode % 32);
    if (info->minor > m->highest_op_minor)
        m->highest_op_minor = info->minor;
    return S_OK;
}

HRESULT agx_dxil_read_calls(struct agx_dxil_module *m, char *why, size_t why_size)
{
    LLVMValueRef function, instruction, callee;
    LLVMBasicBlockRef block;
    const char *name, *construct;
    size_t length;
    HRESULT hr;

    for (function = LLVMGetFirstFunction(m->module); function; function = LLVMGetNextFunction(function))
    {
        if (function != m->entry && !LLVMIsDeclaration(function))
        {
            name = LLVMGetValueName2(function, &length);
            return ddi_dxbc_fail(why, why_size, "the module defines function %.*s besides its entry point",
                                 (int)length, name);
        }
    }
    for (block = LLVMGetFirstBasicBlock(m->entry); block; block = LLVMGetNextBasicBlock(block))
    {
        for (instruction = LLVMGetFirstInstruction(block); instruction;
             instruction = LLVMGetNextInstruction(instruction))
        {
            if ((construct = unsupported_instruction(LLVMGetInstructionOpcode(instruction))))
                return ddi_dxbc_fail(why, why_size, "the shader uses the %s instruction, which DXIL does not have",
                                     construct);
            if (LLVMGetInstructionOpcode(instruction) != LLVMCall)
                continue;
            callee = LLVMGetCalledValue(instruction);
            if (!callee || !LLVMIsAFunction(callee))
                return ddi_dxbc_fail(why, why_size, "the shader calls through a pointer, which DXIL does not allow");
            name = LLVMGetValueName2(callee, &length);
            if (length <= strlen(DX_OP_PREFIX) || memcmp(name, DX_OP_PREFIX, strlen(DX_OP_PREFIX)))
                return ddi_dxbc_fail(why, why_size, "the shader calls %.*s, which is not a DXIL operation",
                                     (int)length, name);
            if (FAILED(hr = read_dx_op_call(m, instruction, name, length, why, why_size)))
                return hr;
        }
    }
    return S_OK;
}

const struct agx_dxil_resource *agx_dxil_module_resource(const struct agx_dxil_module *module,
                                                         uint32_t resource_class, uint32_t id)
{
    uint32_t i;

    for (i = 0; i < module->resource_count; ++i)
    {
        if (module->resources[i].resource_class == resource_class && module->resources[i].id == id)
            return &module->resources[i];
    }
    return NULL;
}

void agx_dxil_module_destroy(struct agx_dxil_module *module)
{
    if (!module)
        return;
    if (module->module)
        LLVMDisposeModule(module->module);
    if (module->context)
        LLVMContextDispose(module->context);
    free(module);
}

HRESULT agx_dxil_module_read(const void *bitcode, size_t size, struct agx_dxil_module **out,
                             char *why, size_t why_size)
{
    struct agx_dxil_module *module;
    HRESULT hr;

    *out = NULL;
    if (!(module = calloc(1, sizeof(*module))))
        return E_OUTOFMEMORY;
    if (FAILED(hr = agx_dxil_llvm_parse(bitcode, size, &module->context, &module->module, why, why_size))
            || FAILED(hr = agx_dxil_read_metadata(module, why, why_size))
            || FAILED(hr = agx_dxil_read_calls(module, why, why_size)))
    {
        agx_dxil_module_destroy(module);
        return hr;
    }
    *out = module;
    return S_OK;
}

HRESULT agx_dxil_module_read_container(const void *data, size_t size, struct agx_dxil_module **out,
                                       char *why, size_t why_size)
{
    struct ddi_dxil_container container;
    struct agx_dxil_module *module;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = ddi_dxil_parse(data, size, &container, why, why_size))
            || FAILED(hr = agx_dxil_module_read(container.program.bitcode, container.program.bitcode_size, &module,
                                                why, why_size)))
        return hr;
    if (module->kind != container.program.kind || module->major != container.program.major
            || module->minor != container.program.minor)
    {
        hr = ddi_dxbc_fail(why, why_size, "the module's !dx.shaderModel (kind %u, 6.%u) is not the program "
                           "header's (kind %u, %u.%u)", module->kind, module->minor, container.program.kind,
                           container.program.major, container.program.minor);
        agx_dxil_module_destroy(module);
        return hr;
    }
    *out = module;
    return S_OK;
}
