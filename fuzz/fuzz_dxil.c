/*
 * libFuzzer target: DXIL containers and their bitcode through every reader: the
 * container parser (ddi_dxil_parse, its PSV0 resource records read back whole), the
 * runtime's structure checks (rt_shader_container_parse) and the module reader
 * (agx_dxil_module_read_container), and raw bitcode (an input starting with LLVM's magic)
 * through agx_dxil_module_read. A non-zero checksum is rewritten so that mutations reach
 * past the hash. Bitcode that crashes LLVM's reader must come back as a refusal (the
 * reader's child process dies, not this one): regression input llvm-reader-segfault.
 */
#include "fuzz_common.h"
#include "agx_dxil.h"
#include "ddi_dxil.h"
#include "rt_shader_container.h"

#include <string.h>

static void check_module(const struct agx_dxil_module *module)
{
    uint32_t opcode;

    FUZZ_CHECK(module->entry && module->major == 6 && module->resource_count <= AGX_DXIL_MAX_RESOURCES);
    for (opcode = 0; opcode < AGX_DXIL_OP_COUNT; ++opcode)
    {
        if (agx_dxil_module_uses_op(module, opcode))
            FUZZ_CHECK(agx_dxil_op_info(opcode)->minor <= module->highest_op_minor);
    }
}

static void fuzz_container(const uint8_t *data, size_t size)
{
    struct ddi_dxil_psv_resource resource;
    struct rt_shader_container runtime;
    struct ddi_dxil_container container;
    struct agx_dxil_module *module;
    volatile uint32_t sink = 0;
    char why[256];
    uint32_t i;

    if (SUCCEEDED(ddi_dxil_parse(data, size, &container, why, sizeof(why))))
    {
        FUZZ_CHECK(container.program.bitcode >= data
                && container.program.bitcode + container.program.bitcode_size <= data + size);
        for (i = 0; container.has_psv && i < container.psv.resource_count; ++i)
        {
            ddi_dxil_psv_resource(&container.psv, i, &resource);
            sink += resource.type + resource.upper_bound;
        }
        if (container.psv.entry_name)
            sink += (uint32_t)strlen(container.psv.entry_name);
    }
    (void)sink;
    rt_shader_container_parse(data, size, &runtime, why, sizeof(why));
    if (SUCCEEDED(agx_dxil_module_read_container(data, size, &module, why, sizeof(why))))
    {
        check_module(module);
        FUZZ_CHECK(module->kind == container.program.kind);
        agx_dxil_module_destroy(module);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct agx_dxil_module *module;
    uint8_t *copy;
    char why[256];

    if (size >= 4 && !memcmp(data, "BC\xc0\xde", 4))
    {
        if (SUCCEEDED(agx_dxil_module_read(data, size, &module, why, sizeof(why))))
        {
            check_module(module);
            agx_dxil_module_destroy(module);
        }
        return 0;
    }
    if (!(copy = malloc(size ? size : 1)))
        return 0;
    memcpy(copy, data, size);
    if (size >= DDI_DXBC_HEADER_SIZE && memcmp(copy + 4, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16))
        ddi_dxbc_checksum(copy, size, (uint32_t *)(void *)(copy + 4));
    fuzz_container(copy, size);
    free(copy);
    return 0;
}
