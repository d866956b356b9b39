/*
 * The DXIL module reader (specs/shaders.md, "The DXIL front end"): a DXIL container's
 * bitcode read through LLVM 15's C API (decision D025-bitcode-reader) into an
 * LLVM module, and the facts the lowering into the shader IR needs reconstructed from
 * its metadata and calls. Nothing here executes anything; the lowering walks
 * module->entry with the LLVM C API and uses the tables below.
 *
 * What the reader refuses (E_INVALIDARG, a sentence naming the construct):
 *   - bitcode LLVM cannot read, or a module its verifier rejects (a child process reads
 *     it first, so that bitcode which crashes LLVM refuses instead of crashing: D025);
 *   - missing or malformed dx.shaderModel, dx.entryPoints (exactly one entry, a
 *     defined void() function), dx.resources records and signature elements;
 *   - a module whose kind or model differs from the container's program header;
 *   - any other defined function, any call to a function that is not dx.op.*, a dx.op
 *     call whose first argument is not a constant i32, an opcode above the last of
 *     shader model 6.7 (AGX_DXIL_OP_COUNT), or one called through another class's
 *     function (dx.op.<class>.* must match the opcode's class).
 */
#ifndef AGX_DXIL_H
#define AGX_DXIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Types.h>

#include "d3d12ddi.h"

/* Opcodes 0 to 225: every operation of shader models 6.0 to 6.7. */
#define AGX_DXIL_OP_COUNT 226u
#define AGX_DXIL_MAX_RESOURCES 256u
#define AGX_DXIL_MAX_ELEMENTS 128u

/*
 * Which devices of an operation's shader model must run it (agx_dxil_support.h): every
 * one (CORE), those running a stage (GEOMETRY, TESSELLATION), or those reporting an
 * optional cap (the rest; D3D12's CheckFeatureSupport field in agx_dxil_ops.c).
 */
enum agx_dxil_op_need
{
    AGX_DXIL_NEED_CORE,
    AGX_DXIL_NEED_GEOMETRY,
    AGX_DXIL_NEED_TESSELLATION,
    AGX_DXIL_NEED_WAVE,
    AGX_DXIL_NEED_DOUBLE,
    AGX_DXIL_NEED_MIN_PRECISION,
    AGX_DXIL_NEED_CONSERVATIVE_RASTER,
    AGX_DXIL_NEED_BARYCENTRICS,
    AGX_DXIL_NEED_RAYTRACING,
    AGX_DXIL_NEED_MESH,
    AGX_DXIL_NEED_SAMPLER_FEEDBACK,
    AGX_DXIL_NEED_ADVANCED_TEXTURE,
    AGX_DXIL_NEED_WRITABLE_MSAA,
    AGX_DXIL_NEED_LEGACY,
};

struct agx_dxil_op_info
{
    const char *name;                    /* DXIL.rst's, e.g. "BufferStore" */
    const char *op_class;                /* the function class, e.g. "bufferStore" */
    uint8_t minor;                       /* the shader model 6.<minor> that introduced it */
    uint8_t need;                        /* enum agx_dxil_op_need */
};

/* The operation of an opcode, NULL above the table. */
const struct agx_dxil_op_info *agx_dxil_op_info(uint32_t opcode);

/* Resource classes of dx.resources' four lists and of createHandle's class argument. */
enum agx_dxil_resource_class
{
    AGX_DXIL_SRV = 0,
    AGX_DXIL_UAV = 1,
    AGX_DXIL_CBV = 2,
    AGX_DXIL_SAMPLER = 3,
};

/* One range of dx.resources. */
struct agx_dxil_resource
{
    uint32_t resource_class;             /* enum agx_dxil_resource_class */
    uint32_t id;                         /* the range ID createHandle names */
    uint32_t space, lower_bound;
    uint32_t range_size;                 /* 0xffffffff: unbounded */
    uint32_t kind;                       /* DXIL::ResourceKind (SRV/UAV: shape; CBV 13, sampler 14) */
    uint32_t size;                       /* CBV: bytes; sampler: its type (0 default, 1 comparison) */
    uint32_t stride;                     /* SRV/UAV: extended property 1, the structured element's bytes; 0 absent */
    bool globally_coherent, has_counter, rasterizer_ordered;   /* UAVs */
};

/* One element of the entry point's signature metadata. */
struct agx_dxil_element
{
    char name[64];
    uint32_t id, component_type, semantic_kind, interpolation;
    uint32_t rows, columns, start_row, start_column;   /* start: 0xffffffff when not packed */
    uint32_t first_semantic_index;
};

struct agx_dxil_signature
{
    uint32_t count;
    struct agx_dxil_element elements[AGX_DXIL_MAX_ELEMENTS];
};

struct agx_dxil_module
{
    LLVMContextRef context;
    LLVMModuleRef module;
    LLVMValueRef entry;                  /* the entry point's function */
    char entry_name[64];
    uint32_t kind;                       /* ddi_dxil_shader_kind */
    uint32_t major, minor;               /* dx.shaderModel */
    uint32_t dxil_major, dxil_minor;     /* dx.version (0.0 when absent) */
    uint64_t flags;                      /* entry property 0: the shader flags */
    uint32_t numthreads[3];              /* entry property 4; 0 when absent */
    uint32_t resource_count;
    struct agx_dxil_resource resources[AGX_DXIL_MAX_RESOURCES];
    struct agx_dxil_signature inputs, outputs, patch_constants;
    uint32_t used_ops[(AGX_DXIL_OP_COUNT + 31) / 32];   /* a bit per opcode called */
    uint32_t highest_op_minor;           /* the newest shader model 6.<n> an opcode called needs */
};

/*
 * Reads bitcode[0, size) as a DXIL module: S_OK and *out (free with
 * agx_dxil_module_destroy), E_OUTOFMEMORY, or E_INVALIDARG with a sentence in why.
 */
HRESULT agx_dxil_module_read(const void *bitcode, size_t size, struct agx_dxil_module **out,
                             char *why, size_t why_size);
/* The same from a whole container (ddi_dxil_parse), the module checked against its
 * program header. */
HRESULT agx_dxil_module_read_container(const void *data, size_t size, struct agx_dxil_module **out,
                                       char *why, size_t why_size);
void agx_dxil_module_destroy(struct agx_dxil_module *module);

static inline bool agx_dxil_module_uses_op(const struct agx_dxil_module *module, uint32_t opcode)
{
    return opcode < AGX_DXIL_OP_COUNT && (module->used_ops[opcode / 32] >> (opcode % 32) & 1);
}

/* The range of class and ID, or NULL. */
const struct agx_dxil_resource *agx_dxil_module_resource(const struct agx_dxil_module *module,
                                                         uint32_t resource_class, uint32_t id);

/* Internal to agx_dxil_*.c: LLVM's reading (agx_dxil_llvm.c) and the metadata walk
 * (agx_dxil_metadata.c). */
HRESULT agx_dxil_llvm_parse(const void *bitcode, size_t size, LLVMContextRef *context, LLVMModuleRef *module,
                            char *why, size_t why_size);
HRESULT agx_dxil_read_metadata(struct agx_dxil_module *module, char *why, size_t why_size);
HRESULT agx_dxil_read_calls(struct agx_dxil_module *module, char *why, size_t why_size);

#endif
