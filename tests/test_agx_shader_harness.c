/* The shader-engine test harness (test_agx_shader.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_dxbc.h"
#include "ddi_sm5.h"
#include "dxbc_asm.h"
#include "dxbc_disasm.h"
#include "test_agx_shader.h"
#include "test_dxil_file.h"

static void sh_cbuffer(void *context, uint32_t binding, uint32_t reg, const uint32_t **data, uint32_t *vec4_count)
{
    struct sh_env *env = context;

    ck_assert_uint_lt(binding, SH_MAX_BINDINGS);
    env->last_reg[binding] = reg;
    *data = env->cb[binding];
    *vec4_count = env->cb[binding] ? env->cb_vec4[binding] : 0;
}

static const struct agx_shader_view *sh_view(void *context, uint32_t binding, uint32_t reg)
{
    struct sh_env *env = context;

    ck_assert_uint_lt(binding, SH_MAX_BINDINGS);
    env->last_reg[binding] = reg;
    return &env->views[binding];
}

static const struct agx_shader_sampler *sh_sampler(void *context, uint32_t binding, uint32_t reg)
{
    struct sh_env *env = context;

    ck_assert_uint_lt(binding, SH_MAX_BINDINGS);
    env->last_reg[binding] = reg;
    return &env->samplers[binding];
}

void sh_env_init(struct sh_env *env)
{
    memset(env, 0, sizeof(*env));
    ck_assert_int_eq(agx_sim_create(&env->backend), S_OK);
    ck_assert_int_eq(env->backend->ops->bo_create(env->backend, SH_BO_SIZE, 0, &env->bo), S_OK);
    env->bindings.context = env;
    env->bindings.backend = env->backend;
    env->bindings.cbuffer = sh_cbuffer;
    env->bindings.view = sh_view;
    env->bindings.sampler = sh_sampler;
}

void sh_env_fini(struct sh_env *env)
{
    agx_shader_exec_destroy(env->exec);
    agx_shader_destroy(env->shader);
    env->backend->ops->bo_destroy(env->backend, env->bo);
    env->backend->ops->destroy(env->backend);
}

/* Assembles source (the interpreter runs programs without a pipeline, so without
 * signatures) and checks that the disassembler prints it back to the same bytes. */
static void sh_assemble(const char *source, void **code, size_t *size)
{
    char error[256], *text;
    size_t again_size;
    void *again;

    ck_assert_msg(!dxbc_asm_assemble_flags(source, DXBC_ASM_ALLOW_MISSING_SIGNATURES, code, size, error,
            sizeof(error)), "assembler: %s", error);
    ck_assert_msg(!dxbc_disasm(*code, *size, &text, error, sizeof(error)), "disassembler: %s", error);
    ck_assert_msg(!dxbc_asm_assemble_flags(text, DXBC_ASM_ALLOW_MISSING_SIGNATURES, &again, &again_size, error,
            sizeof(error)), "%s in:\n%s", error, text);
    ck_assert_msg(again_size == *size && !memcmp(again, *code, *size), "other bytes from:\n%s", text);
    free(again);
    free(text);
}

HRESULT sh_create(const char *source, enum agx_shader_stage stage, struct agx_shader **shader, char *why,
                  size_t why_size)
{
    void *code;
    size_t size;
    HRESULT hr;

    sh_assemble(source, &code, &size);
    hr = agx_shader_create(code, size, stage, shader, why, why_size);
    free(code);
    return hr;
}

void sh_expect_refused(const char *source, enum agx_shader_stage stage, const char *words)
{
    struct agx_shader *shader = NULL;
    char why[256] = "";

    ck_assert_int_eq(sh_create(source, stage, &shader, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_null(shader);
    ck_assert_msg(strstr(why, words), "\"%s\" does not say \"%s\"", why, words);
}

uint32_t *sh_assemble_tokens(const char *source, uint32_t *count)
{
    const struct ddi_dxbc_part *shex;
    struct ddi_dxbc dxbc;
    uint32_t *tokens;
    char error[256];
    void *code;
    size_t size;

    sh_assemble(source, &code, &size);
    ck_assert_int_eq(ddi_dxbc_parse(code, size, &dxbc, error, sizeof(error)), S_OK);
    ck_assert_ptr_nonnull(shex = ddi_dxbc_find(&dxbc, DDI_SM5_TAG_SHEX));
    *count = shex->size / 4;
    ck_assert_ptr_nonnull(tokens = malloc(shex->size));
    memcpy(tokens, shex->data, shex->size);
    free(code);
    return tokens;
}

HRESULT sh_create_tokens(const uint32_t *tokens, uint32_t count, enum agx_shader_stage stage,
                         struct agx_shader **shader, char *why, size_t why_size)
{
    uint32_t size = DDI_DXBC_HEADER_SIZE + 4 + DDI_DXBC_PART_HEADER_SIZE + count * 4;
    uint32_t *container = calloc(1, size);
    HRESULT hr;

    container[0] = DDI_DXBC_TAG_DXBC;
    container[5] = 1;
    container[6] = size;
    container[7] = 1;
    container[8] = DDI_DXBC_HEADER_SIZE + 4;
    container[9] = DDI_DXBC_FOURCC('S', 'H', 'E', 'X');
    container[10] = count * 4;
    memcpy(&container[11], tokens, count * 4);
    ddi_dxbc_checksum(container, size, &container[1]);
    hr = agx_shader_create(container, size, stage, shader, why, why_size);
    free(container);
    return hr;
}

/*
 * Copies a program with `pad` junk tokens after every instruction's operands, each
 * instruction's length raised to cover them (the length field of its opcode token, or
 * the length token after it where that field is 0). Returns the new token count.
 */
uint32_t sh_pad_program(const uint32_t *in, uint32_t count, uint32_t *out, uint32_t pad, uint32_t opcode)
{
    uint32_t pos = 2, n = 2, length, i;

    memcpy(out, in, 8);
    while (pos < count)
    {
        length = DDI_SM5_LENGTH_OF(in[pos]) ? DDI_SM5_LENGTH_OF(in[pos]) : in[pos + 1];
        memcpy(out + n, in + pos, length * 4);
        n += length;
        pos += length;
        /* A customdata block's length is its data: nothing trails it. */
        if (DDI_SM5_OPCODE_OF(in[pos - length]) == DDI_SM5_OP_CUSTOMDATA
                || (opcode != ~0u && DDI_SM5_OPCODE_OF(in[pos - length]) != opcode))
            continue;
        if (DDI_SM5_LENGTH_OF(in[pos - length]))
            out[n - length] += pad << DDI_SM5_LENGTH_SHIFT;
        else
            out[n - length + 1] += pad;
        for (i = 0; i < pad; ++i)
            out[n + i] = 0x7f00ff00u + i;  /* bit 31 clear, nothing a decoder could use */
        n += pad;
    }
    out[1] = n;
    return n;
}

void sh_load(struct sh_env *env, const char *source, enum agx_shader_stage stage, uint32_t max_lanes)
{
    char why[256] = "";

    ck_assert_msg(sh_create(source, stage, &env->shader, why, sizeof(why)) == S_OK, "decode: %s", why);
    ck_assert_int_eq(agx_shader_exec_create(env->shader, max_lanes, &env->exec), S_OK);
}

void sh_load_tokens(struct sh_env *env, const uint32_t *tokens, uint32_t count, enum agx_shader_stage stage,
                    uint32_t max_lanes)
{
    char why[256] = "";

    ck_assert_msg(sh_create_tokens(tokens, count, stage, &env->shader, why, sizeof(why)) == S_OK, "decode: %s", why);
    ck_assert_int_eq(agx_shader_exec_create(env->shader, max_lanes, &env->exec), S_OK);
}

HRESULT sh_create_dxil(const char *name, enum agx_shader_stage stage, struct agx_shader **shader, char *why,
                       size_t why_size)
{
    size_t size;
    void *data = test_dxil_file_read(name, &size);
    HRESULT hr = agx_shader_create(data, size, stage, shader, why, why_size);

    free(data);
    return hr;
}

void sh_load_dxil(struct sh_env *env, const char *name, enum agx_shader_stage stage, uint32_t max_lanes)
{
    char why[256] = "";
    HRESULT hr = sh_create_dxil(name, stage, &env->shader, why, sizeof(why));

    ck_assert_msg(hr == S_OK, "%s: hr %#x: %s", name, (unsigned int)hr, why);
    ck_assert_int_eq(agx_shader_exec_create(env->shader, max_lanes, &env->exec), S_OK);
}

void sh_assert_dxil_refused(const char *name, enum agx_shader_stage stage, const char *why)
{
    struct agx_shader *shader = NULL;
    char got[256] = "";

    ck_assert_int_eq(sh_create_dxil(name, stage, &shader, got, sizeof(got)), E_INVALIDARG);
    ck_assert_ptr_null(shader);
    ck_assert_str_eq(got, why);
}

void sh_poison(struct sh_env *env, uint32_t offset, uint32_t count)
{
    uint32_t *m = sh_mem(env, offset), i;

    for (i = 0; i < count; ++i)
        m[i] = SH_POISON;
}

void sh_raw_view(struct sh_env *env, uint32_t binding, uint32_t offset, uint32_t size)
{
    struct agx_shader_view *v = &env->views[binding];

    memset(v, 0, sizeof(*v));
    v->kind = AGX_SHADER_VIEW_BUFFER;
    v->dim = AGX_SHADER_DIM_RAW_BUFFER;
    v->va = env->bo->va + offset;
    v->size = size;
    v->element_count = size / 4;
}

void sh_structured_view(struct sh_env *env, uint32_t binding, uint32_t offset, uint32_t stride, uint32_t count)
{
    struct agx_shader_view *v = &env->views[binding];

    memset(v, 0, sizeof(*v));
    v->kind = AGX_SHADER_VIEW_BUFFER;
    v->dim = AGX_SHADER_DIM_STRUCTURED_BUFFER;
    v->va = env->bo->va + offset;
    v->size = (uint64_t)stride * count;
    v->stride = stride;
    v->element_count = count;
}

uint32_t *sh_mem(struct sh_env *env, uint32_t offset)
{
    return (uint32_t *)((uint8_t *)env->bo->map + offset);
}

void sh_dispatch(struct sh_env *env, uint32_t x, uint32_t y, uint32_t z)
{
    const struct agx_shader_info *info = agx_shader_get_info(env->shader);
    struct agx_shader_batch batch = {.bindings = &env->bindings};
    uint32_t i, j, k;

    batch.lane_count = info->thread_group[0] * info->thread_group[1] * info->thread_group[2];
    for (k = 0; k < z; ++k)
        for (j = 0; j < y; ++j)
            for (i = 0; i < x; ++i)
            {
                batch.group_id[0] = i;
                batch.group_id[1] = j;
                batch.group_id[2] = k;
                agx_shader_exec_run(env->exec, &batch);
            }
}

void sh_run(struct sh_env *env, uint32_t lane_count, uint8_t *lanes)
{
    struct agx_shader_batch batch = {.bindings = &env->bindings};

    batch.lane_count = lane_count;
    batch.lanes = lanes;
    agx_shader_exec_run(env->exec, &batch);
}

void sh_check_fill(struct sh_env *env, uint32_t cb_binding, uint32_t uav_binding, uint32_t offset, uint32_t dwords,
                   uint32_t pattern_dwords)
{
    const uint32_t view_dwords = offset / 4 + dwords + 80;
    uint32_t constants[8] = {0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, offset, dwords, pattern_dwords, 0};
    uint32_t *mem, i, expected;

    ck_assert_uint_eq(agx_shader_get_info(env->shader)->thread_group[0], 64);
    env->cb[cb_binding] = constants;
    env->cb_vec4[cb_binding] = 2;
    sh_raw_view(env, uav_binding, 0, view_dwords * 4);
    mem = sh_mem(env, 0);
    for (i = 0; i < view_dwords; ++i)
        mem[i] = SH_POISON;
    /* The runtime's dispatch: one group per 64 dwords, the last one partly idle. */
    sh_dispatch(env, (dwords + 63) / 64, 1, 1);
    for (i = 0; i < view_dwords; ++i)
    {
        expected = i >= offset / 4 && i - offset / 4 < dwords ? constants[(i - offset / 4) % pattern_dwords]
                : SH_POISON;
        ck_assert_msg(mem[i] == expected, "offset %u, %u dwords, pattern of %u: dword %u is %#x, expected %#x",
                      offset, dwords, pattern_dwords, i, mem[i], expected);
    }
    env->cb[cb_binding] = NULL;
}

void sh_check_fill_cases(void (*load)(struct sh_env *env), uint32_t cb_binding, uint32_t uav_binding)
{
    static const uint32_t counts[] = {1, 2, 3, 63, 64, 65, 127, 128, 129, 1000, 4096};
    uint32_t c, pattern, offset;
    struct sh_env env;

    for (pattern = 1; pattern <= 4; ++pattern)
    {
        for (c = 0; c < sizeof(counts) / sizeof(counts[0]); ++c)
        {
            for (offset = 0; offset <= 4 * (c + 1); offset += 4 * (c + 1))
            {
                load(&env);
                sh_check_fill(&env, cb_binding, uav_binding, offset, counts[c], pattern);
                sh_env_fini(&env);
            }
        }
    }
}
