/*
 * Running shaders in the tests of the shader engine without a device
 * (test_agx_shader_harness.c): a simulated backend, one memory object the views point
 * into, constant buffers from test arrays, and dispatch of whole thread groups.
 */
#ifndef TEST_AGX_SHADER_H
#define TEST_AGX_SHADER_H

#include <stdint.h>

#include "agx_backend.h"
#include "agx_shader.h"

#define SH_MAX_BINDINGS 16
#define SH_BO_SIZE (1u << 20)

struct sh_env
{
    struct agx_backend *backend;
    struct agx_bo *bo;
    struct agx_shader_bindings bindings;
    /* By binding index (the order of the program's declarations). */
    struct agx_shader_view views[SH_MAX_BINDINGS];
    const uint32_t *cb[SH_MAX_BINDINGS];
    uint32_t cb_vec4[SH_MAX_BINDINGS];
    struct agx_shader_sampler samplers[SH_MAX_BINDINGS];
    /* The register each callback was last asked for, per binding. */
    uint32_t last_reg[SH_MAX_BINDINGS];
    struct agx_shader *shader;
    struct agx_shader_exec *exec;
};

void sh_env_init(struct sh_env *env);
void sh_env_fini(struct sh_env *env);

/* Assembles (failing the test on assembler errors) and decodes; returns the HRESULT of
 * agx_shader_create with its sentence in why. */
HRESULT sh_create(const char *source, enum agx_shader_stage stage, struct agx_shader **shader, char *why,
                  size_t why_size);
/* Assembles and expects agx_shader_create to refuse with a sentence containing words. */
void sh_expect_refused(const char *source, enum agx_shader_stage stage, const char *words);
/* Assembles (must succeed) and returns a copy of the program's SHEX tokens (malloc'd). */
uint32_t *sh_assemble_tokens(const char *source, uint32_t *count);
/* The same for a program given as tokens, wrapped in a checksummed container. */
HRESULT sh_create_tokens(const uint32_t *tokens, uint32_t count, enum agx_shader_stage stage,
                         struct agx_shader **shader, char *why, size_t why_size);
/* Assembles, decodes (must succeed) and keeps the shader in env with an exec for max_lanes. */
void sh_load(struct sh_env *env, const char *source, enum agx_shader_stage stage, uint32_t max_lanes);
/* The same for a program given as tokens. */
void sh_load_tokens(struct sh_env *env, const uint32_t *tokens, uint32_t count, enum agx_shader_stage stage,
                    uint32_t max_lanes);
/* The same for DXIL test shader `name` (tests/shaders/dxil, test_dxil_file.h). */
HRESULT sh_create_dxil(const char *name, enum agx_shader_stage stage, struct agx_shader **shader, char *why,
                       size_t why_size);
void sh_load_dxil(struct sh_env *env, const char *name, enum agx_shader_stage stage, uint32_t max_lanes);
/* Copies a program with `pad` junk tokens after the operands of every instruction of
 * that opcode (~0u: all but customdata blocks, whose length is their data), their
 * lengths raised to match; out holds count + pad tokens per instruction. Returns the
 * new count. */
uint32_t sh_pad_program(const uint32_t *in, uint32_t count, uint32_t *out, uint32_t pad, uint32_t opcode);

/* DXIL test shaders (tests/shaders/dxil, built into $D3D12RT_DXIL_SHADERS): creates the
 * container file name through agx_shader_create, as the pipeline does. */
HRESULT sh_create_dxil(const char *name, enum agx_shader_stage stage, struct agx_shader **shader, char *why,
                       size_t why_size);
/* The same (must succeed), kept in env with an exec for max_lanes. */
void sh_load_dxil(struct sh_env *env, const char *name, enum agx_shader_stage stage, uint32_t max_lanes);
/* The same must fail with E_INVALIDARG, no shader and exactly the sentence why. */
void sh_assert_dxil_refused(const char *name, enum agx_shader_stage stage, const char *why);

/* What memory holds before a shader writes it, so that results are known to be written. */
#define SH_POISON 0xdeadbeefu
/* count dwords of the bo at offset set to SH_POISON. */
void sh_poison(struct sh_env *env, uint32_t offset, uint32_t count);

/* Views over the bo at offset. */
void sh_raw_view(struct sh_env *env, uint32_t binding, uint32_t offset, uint32_t size);
void sh_structured_view(struct sh_env *env, uint32_t binding, uint32_t offset, uint32_t stride, uint32_t count);
uint32_t *sh_mem(struct sh_env *env, uint32_t offset);

/* The fill shader's check (the runtime's fill_cs and its DXIL twin, loaded in env): one
 * fill of `dwords` dwords of a 4-dword pattern's first pattern_dwords from byte offset,
 * every other dword of the view keeping SH_POISON. */
#define SH_POISON 0xdeadbeefu
void sh_check_fill(struct sh_env *env, uint32_t cb_binding, uint32_t uav_binding, uint32_t offset, uint32_t dwords,
                   uint32_t pattern_dwords);
/* sh_check_fill for 1 to 4096 dwords (partial last groups included), patterns of 1 to 4
 * dwords, offset 0 and another; `load` creates env with the fill shader each time. */
void sh_check_fill_cases(void (*load)(struct sh_env *env), uint32_t cb_binding, uint32_t uav_binding);
/* Runs every thread group of a dispatch of a compute shader loaded with sh_load. */
void sh_dispatch(struct sh_env *env, uint32_t x, uint32_t y, uint32_t z);
/* Runs one batch of lane_count lanes (pixel/vertex shaders); lanes may be NULL. */
void sh_run(struct sh_env *env, uint32_t lane_count, uint8_t *lanes);

static inline float sh_f(uint32_t u)
{
    union { uint32_t u; float f; } v = {u};

    return v.f;
}

static inline uint32_t sh_u(float f)
{
    union { float f; uint32_t u; } v = {f};

    return v.u;
}

#endif
