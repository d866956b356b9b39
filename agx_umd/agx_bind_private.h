/* The binder's execution state, shared by agx_bind.c (records) and agx_bind_resolve.c. */
#ifndef AGX_BIND_PRIVATE_H
#define AGX_BIND_PRIVATE_H

#include "agx_bind.h"

/* One bind point's root signature and arguments. */
struct agx_bind_root
{
    struct agx_root_signature *signature;
    uint64_t arguments[AGX_BIND_MAX_ROOT_PARAMETERS];        /* table bases, root view addresses */
    uint32_t constant_offset[AGX_BIND_MAX_ROOT_PARAMETERS];  /* where a parameter's constants start */
    /* The pool, with a vec4 of zeros past the end for a last partial vec4. */
    uint32_t constants[AGX_BIND_MAX_ROOT_CONSTANTS + 4];
};

/* A resolved (binding, register): what the callbacks answered, kept for the batch. */
struct agx_bind_entry
{
    uint64_t key;
    struct agx_bind_entry *next;          /* hash chain */
    struct agx_shader_view view;
    struct agx_shader_sampler sampler;
    const uint32_t *cb_data;
    uint32_t cb_count;
    uint32_t *cb_copy;                    /* kept across reuse of the entry */
    uint32_t cb_capacity;                 /* vec4s */
};

#define AGX_BIND_BLOCK_ENTRIES 32u
#define AGX_BIND_BUCKETS 64u

struct agx_bind_block
{
    struct agx_bind_block *next;
    struct agx_bind_entry entries[AGX_BIND_BLOCK_ENTRIES];
};

enum agx_bind_stage_index
{
    AGX_BIND_STAGE_CS,
    AGX_BIND_STAGE_VS,
    AGX_BIND_STAGE_GS,
    AGX_BIND_STAGE_PS,
    AGX_BIND_STAGE_COUNT,
};

/* The bindings one stage's shader sees: its callbacks' context. */
struct agx_bind_stage
{
    struct agx_bind_exec *bind;
    enum agx_shader_stage stage;
    enum agx_bind_point point;
    const struct agx_shader_info *info;
    const struct agx_bind_root *root;
    struct agx_shader_bindings bindings;
    struct agx_bind_entry *buckets[AGX_BIND_BUCKETS];
    struct agx_bind_block *blocks;        /* every block, in use order */
    struct agx_bind_block *current;       /* where entries come from; NULL: none yet */
    uint32_t used;                        /* entries taken from current */
};

struct agx_bind_shader_exec
{
    const struct agx_shader *shader;
    struct agx_shader_exec *exec;
    uint32_t max_lanes;
    uint64_t last_use;
};

struct agx_bind_exec
{
    struct agx_exec *exec;
    struct agx_pipeline *pipeline;
    struct agx_bind_root roots[AGX_BIND_POINT_COUNT];
    uint64_t view_heap_base, view_heap_size;
    uint64_t sampler_heap_base, sampler_heap_size;
    struct agx_bind_stage stages[AGX_BIND_STAGE_COUNT];
    struct agx_bind_shader_exec execs[4];
    uint64_t use_clock;
};

/* agx_bind_resolve.c */
void agx_bind_stage_init(struct agx_bind_exec *bind, struct agx_bind_stage *stage);
void agx_bind_stage_reset(struct agx_bind_stage *stage);
void agx_bind_stage_finish(struct agx_bind_stage *stage);

#endif
