/*
 * libFuzzer target: DXBC containers and the shader model 4/5 programs in them, through
 * every reader: the container parser (ddi_dxbc_parse), the runtime's structure checks
 * (rt_shader_container_parse, as CreatePipelineState runs them) and the driver's
 * decoder (agx_shader_create) for each stage. The input's checksum is rewritten when it
 * is not all zero, so that mutations reach past the hash. A compute program the decoder
 * accepts is then run, one thread group, against buffer views into real simulated GPU
 * memory, which is read back whole afterwards.
 *
 * Every program runs under the GPU watchdog (agx_watchdog.h) with a budget of
 * FUZZ_GPU_BUDGET_NS, as a command list runs under its queue's: a program that loops
 * for ever stops there, like a hung GPU job, instead of hanging the fuzzer.
 */
#include "fuzz_common.h"
#include "agx_backend.h"
#include "agx_shader.h"
#include "agx_watchdog.h"
#include "ddi_dxbc.h"
#include "rt_shader_container.h"

#include <string.h>

#define FUZZ_BO_SIZE (64u * 1024u)
#define FUZZ_VIEW_SIZE 4096u   /* each binding gets its own 4 KiB of the memory object */
#define FUZZ_GPU_BUDGET_NS (20ull * 1000 * 1000)   /* far below libFuzzer's 10 s timeout */

struct fuzz_env
{
    struct agx_backend *backend;
    struct agx_bo *bo;
    struct agx_shader_view views[16];
    struct agx_shader_sampler sampler;
    uint32_t cb[64 * 4];
};

static struct fuzz_env env;

static void fuzz_cbuffer(void *context, uint32_t binding, uint32_t reg, const uint32_t **data, uint32_t *vec4_count)
{
    *data = env.cb;
    *vec4_count = sizeof(env.cb) / 16;
}

static const struct agx_shader_view *fuzz_view(void *context, uint32_t binding, uint32_t reg)
{
    return &env.views[binding % 16];
}

static const struct agx_shader_sampler *fuzz_sampler(void *context, uint32_t binding, uint32_t reg)
{
    return &env.sampler;
}

/* Buffer views that match each declaration, every one over its own 4 KiB; textures
 * get null views (no texture is bound). */
static void fuzz_bind(const struct agx_shader_info *info)
{
    uint32_t i;

    memset(env.views, 0, sizeof(env.views));
    for (i = 0; i < info->binding_count && i < 16; ++i)
    {
        const struct agx_shader_binding *b = &info->bindings[i];
        struct agx_shader_view *v = &env.views[i];

        if (b->cls != AGX_SHADER_CLASS_SRV && b->cls != AGX_SHADER_CLASS_UAV)
            continue;
        if (b->dim != AGX_SHADER_DIM_BUFFER && b->dim != AGX_SHADER_DIM_RAW_BUFFER
                && b->dim != AGX_SHADER_DIM_STRUCTURED_BUFFER)
            continue;
        v->kind = AGX_SHADER_VIEW_BUFFER;
        v->dim = b->dim;
        v->va = env.bo->va + (uint64_t)i * FUZZ_VIEW_SIZE;
        v->size = FUZZ_VIEW_SIZE;
        v->stride = b->dim == AGX_SHADER_DIM_STRUCTURED_BUFFER ? (b->structure_stride ? b->structure_stride : 4) : 4;
        v->format = b->dim == AGX_SHADER_DIM_BUFFER ? DXGI_FORMAT_R32_UINT : DXGI_FORMAT_UNKNOWN;
        v->element_count = FUZZ_VIEW_SIZE / v->stride;
        if (b->has_counter)
            v->counter_va = env.bo->va + FUZZ_BO_SIZE - 4;
    }
}

static void fuzz_run_compute(const struct agx_shader *shader)
{
    const struct agx_shader_info *info = agx_shader_get_info(shader);
    struct agx_shader_bindings bindings = {0};
    struct agx_shader_batch batch = {0};
    struct agx_shader_exec *exec;
    struct agx_watchdog watchdog;
    volatile uint32_t sum = 0;
    const uint32_t *bytes;
    uint32_t lanes, i;

    lanes = info->thread_group[0] * info->thread_group[1] * info->thread_group[2];
    if (!lanes || lanes > AGX_SHADER_MAX_LANES || FAILED(agx_shader_exec_create(shader, lanes, &exec)))
        return;
    memset(env.bo->map, 0xcd, FUZZ_BO_SIZE);
    fuzz_bind(info);
    bindings.backend = env.backend;
    bindings.cbuffer = fuzz_cbuffer;
    bindings.view = fuzz_view;
    bindings.sampler = fuzz_sampler;
    batch.bindings = &bindings;
    batch.lane_count = lanes;
    agx_watchdog_start(&watchdog, FUZZ_GPU_BUDGET_NS, NULL);
    batch.watchdog = &watchdog;
    agx_shader_exec_run(exec, &batch);
    bytes = env.bo->map;
    for (i = 0; i < FUZZ_BO_SIZE / 4; ++i)
        sum += bytes[i];
    (void)sum;
    agx_shader_exec_destroy(exec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const enum agx_shader_stage stages[] =
    {
        AGX_SHADER_STAGE_PIXEL, AGX_SHADER_STAGE_VERTEX, AGX_SHADER_STAGE_COMPUTE, AGX_SHADER_STAGE_GEOMETRY,
        AGX_SHADER_STAGE_HULL, AGX_SHADER_STAGE_DOMAIN,
    };
    struct rt_shader_container container;
    struct agx_shader *shader;
    struct ddi_dxbc dxbc;
    static const uint8_t zero[16];
    uint8_t *copy;
    char why[256];
    size_t i;

    if (!env.backend)
    {
        FUZZ_CHECK(SUCCEEDED(agx_sim_create(&env.backend)));
        FUZZ_CHECK(SUCCEEDED(env.backend->ops->bo_create(env.backend, FUZZ_BO_SIZE, 0, &env.bo)));
        for (i = 0; i < sizeof(env.cb) / 4; ++i)
            env.cb[i] = (uint32_t)(i * 2654435761u);
    }
    /* A private copy: the inputs libFuzzer hands over are read-only. */
    if (!(copy = malloc(size ? size : 1)))
        return 0;
    memcpy(copy, data, size);
    if (size >= DDI_DXBC_HEADER_SIZE && memcmp(copy + 4, zero, 16))
        ddi_dxbc_checksum(copy, size, (uint32_t *)(void *)(copy + 4));

    rt_shader_container_parse(copy, size, &container, why, sizeof(why));
    if (SUCCEEDED(ddi_dxbc_parse(copy, size, &dxbc, why, sizeof(why))))
    {
        for (i = 0; i < sizeof(stages) / sizeof(stages[0]); ++i)
        {
            if (FAILED(agx_shader_create(copy, size, stages[i], &shader, why, sizeof(why))))
                continue;
            FUZZ_CHECK(agx_shader_get_info(shader)->stage == stages[i]);
            if (stages[i] == AGX_SHADER_STAGE_COMPUTE)
                fuzz_run_compute(shader);
            agx_shader_destroy(shader);
        }
    }
    free(copy);
    return 0;
}
