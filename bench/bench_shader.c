/*
 * The shader engine's speed (issue 5): the runtime's fill shader (runtime/shaders/
 * fill_cs.asm, the FillBuffers compute route) interpreted by the simulated device, in
 * lanes (dwords written) per second, next to memset of the same bytes, measured side by
 * side in one run. The shader runs straight on the engine (agx_shader.h) over a memory
 * object of the simulated backend, with the constants and root UAV a dispatch would
 * bind: what is measured is the interpreter, not the runtime or the queue. The output
 * of every size is checked against the pattern before it is timed. Every batch runs
 * under a GPU watchdog as a queue runs it (agx_watchdog.h, a budget that never
 * expires), and a second table times a counted loop with and without the watchdog,
 * side by side: the watchdog's cost on the loop back edges where it looks.
 *
 * Both tables run each shader twice, from DXBC and from its DXIL twin
 * (tests/shaders/dxil/cs_fill.ll, cs_counted_loop.ll, assembled into BENCH_DXIL_DIR):
 * one IR and one engine, so the DXIL column should stay within 1.1x of the DXBC one.
 * A third table times agx_shader_create (what PSO creation spends on a shader) for
 * each container.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_shader.h"
#include "agx_watchdog.h"
#include "dxbc_asm.h"
#include "rt_shaders.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MIB (1024u * 1024u)
#define GROUP_SIZE 64u

struct bench
{
    struct agx_backend *backend;
    struct agx_bo *bo;
    struct agx_shader *shader;
    struct agx_shader_exec *exec;
    struct agx_shader_bindings bindings;
    struct agx_shader_view view;
    uint32_t constants[8];
    struct agx_watchdog watchdog;
};

/* An hour: the clock is read as under a real budget, and the budget never expires. */
#define BENCH_WATCHDOG_NS (3600ull * 1000000000ull)

/* Counts to cb0[0].x in a loop of four instructions, then stores the count. */
static const char loop_cs[] =
    "cs_5_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadIDInGroupFlattened\n"
    "dcl_temps 3\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r1.x, vThreadIDInGroupFlattened.x, l(2)\n"
    "mov r0.x, l(0)\n"
    "loop\n"
    "  uge r2.x, r0.x, cb0[0].x\n"
    "  breakc_nz r2.x\n"
    "  iadd r0.x, r0.x, l(1)\n"
    "endloop\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

static void bench_cbuffer(void *context, uint32_t binding, uint32_t reg, const uint32_t **data, uint32_t *count)
{
    struct bench *b = context;

    *data = b->constants;
    *count = 2;
}

static const struct agx_shader_view *bench_view(void *context, uint32_t binding, uint32_t reg)
{
    return &((struct bench *)context)->view;
}

static const struct agx_shader_sampler *bench_sampler(void *context, uint32_t binding, uint32_t reg)
{
    static const struct agx_shader_sampler none;

    return &none;
}

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fail(const char *what)
{
    fprintf(stderr, "bench_shader: %s\n", what);
    exit(1);
}

/* A container of BENCH_DXIL_DIR (malloc'd). */
static void *read_dxil(const char *name, size_t *size)
{
    char path[512];
    void *data;
    long length;
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s", BENCH_DXIL_DIR, name);
    if (!(f = fopen(path, "rb")) || fseek(f, 0, SEEK_END) || (length = ftell(f)) <= 0)
        fail("cannot read a DXIL shader of BENCH_DXIL_DIR");
    rewind(f);
    *size = (size_t)length;
    if (!(data = malloc(*size)) || fread(data, 1, *size, f) != *size)
        fail("cannot read a DXIL shader of BENCH_DXIL_DIR");
    fclose(f);
    return data;
}

/* The fill shader of each front end. */
struct fill_code
{
    const void *code;
    size_t size;
};

static void bench_init(struct bench *b, uint64_t size, const void *code, size_t code_size)
{
    char why[256];

    memset(b, 0, sizeof(*b));
    if (FAILED(agx_sim_create(&b->backend)) || FAILED(b->backend->ops->bo_create(b->backend, size, 0, &b->bo)))
        fail("no simulated backend");
    if (FAILED(agx_shader_create(code, code_size, AGX_SHADER_STAGE_COMPUTE, &b->shader, why, sizeof(why))))
        fail(why);
    if (FAILED(agx_shader_exec_create(b->shader, GROUP_SIZE, &b->exec)))
        fail("no exec");
    b->bindings.context = b;
    b->bindings.backend = b->backend;
    b->bindings.cbuffer = bench_cbuffer;
    b->bindings.view = bench_view;
    b->bindings.sampler = bench_sampler;
    b->view.kind = AGX_SHADER_VIEW_BUFFER;
    b->view.dim = AGX_SHADER_DIM_RAW_BUFFER;
    b->view.va = b->bo->va;
    b->view.size = size;
    b->view.stride = 4;
    b->view.element_count = (uint32_t)(size / 4);
}

static void bench_destroy(struct bench *b)
{
    agx_shader_exec_destroy(b->exec);
    agx_shader_destroy(b->shader);
    b->backend->ops->bo_destroy(b->backend, b->bo);
    b->backend->ops->destroy(b->backend);
}

/* One dispatch's work: every thread group of the fill of `dwords` dwords. */
static void bench_fill(struct bench *b, uint32_t dwords, const uint32_t *pattern, uint32_t pattern_dwords)
{
    struct agx_shader_batch batch = {0};
    uint32_t group, groups = (dwords + GROUP_SIZE - 1) / GROUP_SIZE;

    memcpy(b->constants, pattern, 4 * sizeof(uint32_t));
    b->constants[4] = 0;
    b->constants[5] = dwords;
    b->constants[6] = pattern_dwords;
    batch.bindings = &b->bindings;
    batch.lane_count = GROUP_SIZE;
    batch.watchdog = &b->watchdog;
    agx_watchdog_start(&b->watchdog, BENCH_WATCHDOG_NS, NULL);
    for (group = 0; group < groups; ++group)
    {
        batch.group_id[0] = group;
        agx_shader_exec_run(b->exec, &batch);
    }
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

/* One group of the counted loop, `iterations` times round; seconds. */
static double bench_loop_run(struct bench *b, struct agx_shader_exec *exec, uint32_t iterations, bool watched)
{
    struct agx_shader_batch batch = {0};
    double start;

    b->constants[0] = iterations;
    batch.bindings = &b->bindings;
    batch.lane_count = GROUP_SIZE;
    batch.watchdog = watched ? &b->watchdog : NULL;
    agx_watchdog_start(&b->watchdog, BENCH_WATCHDOG_NS, NULL);
    start = now_s();
    agx_shader_exec_run(exec, &batch);
    return now_s() - start;
}

static double median(double *values, unsigned int count)
{
    qsort(values, count, sizeof(*values), compare_double);
    return values[count / 2];
}

/* The counted loop's shader and exec from `code`. */
static void loop_shader(const void *code, size_t size, struct agx_shader **shader, struct agx_shader_exec **exec)
{
    char why[256] = "";

    if (FAILED(agx_shader_create(code, size, AGX_SHADER_STAGE_COMPUTE, shader, why, sizeof(why)))
            || FAILED(agx_shader_exec_create(*shader, GROUP_SIZE, exec)))
        fail(why[0] ? why : "the loop shader");
}

static void bench_loops(unsigned int reps, const struct fill_code *fill)
{
    static const uint32_t counts[] = {1u << 12, 1u << 16};
    double watched[16], bare[16], dxil[16], t_watched, t_bare, t_dxil;
    struct agx_shader *shader, *dxil_shader;
    struct agx_shader_exec *exec, *dxil_exec;
    void *code, *dxil_code;
    size_t size, dxil_size;
    unsigned int c, r;
    char why[256] = "";
    struct bench b;

    bench_init(&b, 64 * 1024, fill->code, fill->size);
    if (dxbc_asm_assemble(loop_cs, &code, &size, why, sizeof(why)))
        fail(why);
    dxil_code = read_dxil("cs_counted_loop.dxil", &dxil_size);
    loop_shader(code, size, &shader, &exec);
    loop_shader(dxil_code, dxil_size, &dxil_shader, &dxil_exec);
    free(code);
    free(dxil_code);
    printf("\nA counted loop (4 instructions, 64 lanes), median of %u runs, alternated\n\n", reps);
    printf("%-12s %14s %14s %10s %14s %10s\n", "iterations", "watched ms", "unwatched ms", "ratio", "DXIL ms",
           "DXIL/DXBC");
    for (c = 0; c < ARRAY_SIZE(counts); ++c)
    {
        bench_loop_run(&b, exec, counts[c], true);
        if (((uint32_t *)b.bo->map)[GROUP_SIZE - 1] != counts[c])
            fail("the loop shader counted wrong");
        bench_loop_run(&b, dxil_exec, counts[c] + 1, true);
        if (((uint32_t *)b.bo->map)[GROUP_SIZE - 1] != counts[c] + 1)
            fail("the DXIL loop shader counted wrong");
        for (r = 0; r < reps; ++r)
        {
            watched[r] = bench_loop_run(&b, exec, counts[c], true);
            bare[r] = bench_loop_run(&b, exec, counts[c], false);
            dxil[r] = bench_loop_run(&b, dxil_exec, counts[c], true);
        }
        t_watched = median(watched, reps);
        t_bare = median(bare, reps);
        t_dxil = median(dxil, reps);
        printf("%-12u %14.3f %14.3f %10.3f %14.3f %10.3f\n", counts[c], t_watched * 1e3, t_bare * 1e3,
               t_watched / t_bare, t_dxil * 1e3, t_dxil / t_watched);
    }
    printf("\nratio: with the watchdog / without it (1 = no cost); DXIL/DXBC: both watched.\n");
    agx_shader_exec_destroy(dxil_exec);
    agx_shader_destroy(dxil_shader);
    agx_shader_exec_destroy(exec);
    agx_shader_destroy(shader);
    bench_destroy(&b);
}

/* Seconds per agx_shader_create of the container (the driver's part of PSO creation). */
static double bench_create(const void *code, size_t size, unsigned int reps)
{
    double times[16], start;
    struct agx_shader *shader;
    char why[256];
    unsigned int r, i;

    for (r = 0; r < reps; ++r)
    {
        start = now_s();
        for (i = 0; i < 10; ++i)
        {
            if (FAILED(agx_shader_create(code, size, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why))))
                fail(why);
            agx_shader_destroy(shader);
        }
        times[r] = (now_s() - start) / 10;
    }
    return median(times, reps);
}

/* One fill of `dwords` checked, then timed reps times; the median in seconds. */
static double bench_fill_timed(struct bench *b, uint32_t dwords, const uint32_t *pattern, uint32_t pattern_dwords,
                               unsigned int reps)
{
    uint32_t *data = b->bo->map, i, r;
    double times[16], start;

    memset(data, 0xcd, (size_t)dwords * 4);
    bench_fill(b, dwords, pattern, pattern_dwords);
    for (i = 0; i < dwords; ++i)
    {
        if (data[i] != pattern[i % pattern_dwords])
            fail("the fill shader wrote a wrong dword");
    }
    for (r = 0; r < reps; ++r)
    {
        start = now_s();
        bench_fill(b, dwords, pattern, pattern_dwords);
        times[r] = now_s() - start;
    }
    return median(times, reps);
}

int main(int argc, char **argv)
{
    static const uint32_t sizes[] = {64 * 1024, 1 * MIB, 16 * MIB};
    static const uint32_t pattern[4] = {0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00};
    static const uint32_t pattern_dwords[] = {1, 3, 4};
    unsigned int reps = argc > 1 ? (unsigned int)strtoul(argv[1], NULL, 10) : 5, s, p, r;
    double plain[16], start, t_shader, t_dxil, t_memset;
    struct fill_code fill[2] = {{rt_shader_fill_cs, sizeof(rt_shader_fill_cs)}, {NULL, 0}};
    volatile unsigned char sink;
    void *dxil_fill;
    struct bench b, d;

    if (!reps || reps > ARRAY_SIZE(plain))
        fail("usage: bench_shader [repetitions, 1 to 16]");
    dxil_fill = read_dxil("cs_fill.dxil", &fill[1].size);
    fill[1].code = dxil_fill;
    printf("The fill shader interpreted (lanes = dwords written) against memset, median of %u runs;\n"
           "DXIL: its DXIL twin on the same engine\n\n", reps);
    printf("%-8s %8s %14s %12s %12s %12s %10s %10s\n", "size", "pattern", "lanes/s", "shader ms", "DXIL ms",
           "memset ms", "ratio", "DXIL/DXBC");
    for (s = 0; s < ARRAY_SIZE(sizes); ++s)
    {
        bench_init(&b, sizes[s], fill[0].code, fill[0].size);
        bench_init(&d, sizes[s], fill[1].code, fill[1].size);
        for (p = 0; p < ARRAY_SIZE(pattern_dwords); ++p)
        {
            t_shader = bench_fill_timed(&b, sizes[s] / 4, pattern, pattern_dwords[p], reps);
            t_dxil = bench_fill_timed(&d, sizes[s] / 4, pattern, pattern_dwords[p], reps);
            for (r = 0; r < reps; ++r)
            {
                start = now_s();
                memset(b.bo->map, (int)(r + p), sizes[s]);
                sink = ((unsigned char *)b.bo->map)[sizes[s] - 1];
                plain[r] = now_s() - start;
            }
            (void)sink;
            t_memset = median(plain, reps);
            printf("%-5u KiB %7u B %14.3e %12.3f %12.3f %12.3f %10.0f %10.3f\n", sizes[s] / 1024,
                   pattern_dwords[p] * 4, sizes[s] / 4 / t_shader, t_shader * 1e3, t_dxil * 1e3, t_memset * 1e3,
                   t_shader / t_memset, t_dxil / t_shader);
        }
        bench_destroy(&d);
        bench_destroy(&b);
    }
    printf("\nratio: interpreted fill time (DXBC) / memset time of the same bytes.\n");
    bench_loops(reps, &fill[0]);
    printf("\nShader creation (agx_shader_create: decode or read, lower to the IR; PSO creation's driver part)\n\n");
    printf("%-8s %12s %12s %10s\n", "shader", "DXBC us", "DXIL us", "DXIL/DXBC");
    {
        void *loop_code, *loop_dxil;
        size_t loop_size, loop_dxil_size;
        char why[256] = "";
        double a, c;

        a = bench_create(fill[0].code, fill[0].size, reps);
        c = bench_create(fill[1].code, fill[1].size, reps);
        printf("%-8s %12.1f %12.1f %10.2f\n", "fill", a * 1e6, c * 1e6, c / a);
        if (dxbc_asm_assemble(loop_cs, &loop_code, &loop_size, why, sizeof(why)))
            fail(why);
        loop_dxil = read_dxil("cs_counted_loop.dxil", &loop_dxil_size);
        a = bench_create(loop_code, loop_size, reps);
        c = bench_create(loop_dxil, loop_dxil_size, reps);
        printf("%-8s %12.1f %12.1f %10.2f\n", "loop", a * 1e6, c * 1e6, c / a);
        free(loop_code);
        free(loop_dxil);
    }
    free(dxil_fill);
    return 0;
}
