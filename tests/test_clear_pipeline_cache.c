/*
 * The bound clears' pipeline cache (runtime/rt_clear_pipeline.h) with pipelines of its
 * own making (no driver): key equality, least-recently-used eviction, the current call's
 * pipelines never evicted, references keeping an evicted pipeline alive, a command
 * allocator keeping what its recordings used until its Reset, and several threads
 * asking for one key at once creating it once. Then the device's cache through bound
 * clears on a FALLBACK device: hits and misses counted, a second recording reusing.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rt_clear_pipeline.h"
#include "rt_cmdlist.h"
#include "rt_fallback_services.h"
#include "test_async.h"
#include "test_run.h"

/* Each pipeline is a heap cell holding its serial; created/destroyed counted. */
struct fake_driver
{
    atomic_uint created, destroyed;
    bool refuse;
};

static HRESULT fake_create(void *context, const struct fb_bound_pipeline_key *key, D3D12DDI_HPIPELINESTATE *pipeline)
{
    struct fake_driver *driver = context;
    unsigned int *cell;

    (void)key;
    if (driver->refuse)
        return E_INVALIDARG;
    ck_assert_ptr_nonnull(cell = malloc(sizeof(*cell)));
    *cell = atomic_fetch_add(&driver->created, 1);
    pipeline->pDrvPrivate = cell;
    return S_OK;
}

static void fake_destroy(void *context, D3D12DDI_HPIPELINESTATE pipeline)
{
    struct fake_driver *driver = context;

    atomic_fetch_add(&driver->destroyed, 1);
    free(pipeline.pDrvPrivate);
}

static struct rt_clear_pipeline_cache *fake_cache(struct fake_driver *driver, UINT capacity)
{
    struct rt_clear_pipeline_ops ops = {driver, fake_create, fake_destroy};
    struct rt_clear_pipeline_cache *cache;

    memset(driver, 0, sizeof(*driver));
    ck_assert_ptr_nonnull(cache = rt_clear_pipeline_cache_create(&ops, capacity));
    return cache;
}

/* Keys differing in one field each. */
static struct fb_bound_pipeline_key key_n(UINT n)
{
    struct fb_bound_pipeline_key key;

    memset(&key, 0, sizeof(key));
    key.rt_count = 1;
    key.rt_formats[0] = DXGI_FORMAT_R32_UINT;
    key.sample_count = 1;
    key.slot = n;
    return key;
}

static unsigned int serial_of(const struct rt_clear_pipeline *pipeline)
{
    return *(const unsigned int *)rt_clear_pipeline_handle(pipeline).pDrvPrivate;
}

/* get + release, in its own call; the pipeline's serial. */
static unsigned int take(struct rt_clear_pipeline_cache *cache, const struct fb_bound_pipeline_key *key)
{
    struct rt_clear_pipeline *pipeline;
    unsigned int serial;

    ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, key, rt_clear_pipeline_cache_begin_call(cache), &pipeline),
                     S_OK);
    serial = serial_of(pipeline);
    rt_clear_pipeline_release(pipeline);
    return serial;
}

static void check_stats(struct rt_clear_pipeline_cache *cache, UINT64 hits, UINT64 misses, UINT64 evictions,
                        UINT count)
{
    struct rt_clear_pipeline_stats stats;

    rt_clear_pipeline_cache_stats(cache, &stats);
    ck_assert_uint_eq(stats.hits, hits);
    ck_assert_uint_eq(stats.misses, misses);
    ck_assert_uint_eq(stats.evictions, evictions);
    ck_assert_uint_eq(stats.count, count);
}

/* The same key is the same pipeline; every field of the key tells keys apart. */
START_TEST(test_key_equality)
{
    struct fb_bound_pipeline_key keys[8];
    struct fake_driver driver;
    struct rt_clear_pipeline_cache *cache = fake_cache(&driver, 64);
    UINT i;

    for (i = 0; i < 8; ++i)
        keys[i] = key_n(0);
    keys[1].rt_formats[0] = DXGI_FORMAT_R32_SINT;
    keys[2].rt_count = 2;
    keys[3].dsv_format = DXGI_FORMAT_D32_FLOAT;
    keys[4].sample_count = 4;
    keys[5].sample_quality = 1;
    keys[6].output_class = FB_BOUND_OUTPUT_SINT;
    keys[7].ds_flags = D3D12DDI_CLEAR_FLAG_STENCIL;
    for (i = 0; i < 8; ++i)
        ck_assert_uint_eq(take(cache, &keys[i]), i);
    for (i = 0; i < 8; ++i)
        ck_assert_uint_eq(take(cache, &keys[i]), i);
    ck_assert_uint_eq(take(cache, &(struct fb_bound_pipeline_key){0}), 8);
    check_stats(cache, 8, 9, 0, 9);
    rt_clear_pipeline_cache_destroy(cache);
    ck_assert_uint_eq(driver.destroyed, 9);
}
END_TEST

/* Full at 4: a new key evicts the least recently used, which a later get recreates. */
START_TEST(test_eviction_order)
{
    struct fake_driver driver;
    struct rt_clear_pipeline_cache *cache = fake_cache(&driver, 4);
    struct fb_bound_pipeline_key keys[6];
    UINT i;

    for (i = 0; i < 6; ++i)
        keys[i] = key_n(i);
    for (i = 0; i < 4; ++i)
        take(cache, &keys[i]);
    /* Use order now 1, 2, 3, 0 (0 most recent). */
    take(cache, &keys[0]);
    take(cache, &keys[4]);                 /* evicts 1 */
    ck_assert_uint_eq(driver.destroyed, 1);
    check_stats(cache, 1, 5, 1, 4);
    ck_assert_uint_eq(take(cache, &keys[0]), 0);   /* still cached */
    ck_assert_uint_eq(take(cache, &keys[2]), 2);
    take(cache, &keys[5]);                 /* evicts 3 */
    ck_assert_uint_eq(take(cache, &keys[1]), 6);   /* recreated, evicts 4 */
    ck_assert_uint_eq(take(cache, &keys[3]), 7);   /* recreated, evicts 0 */
    check_stats(cache, 3, 8, 4, 4);
    ck_assert_uint_eq(driver.destroyed, 4);
    rt_clear_pipeline_cache_destroy(cache);
    ck_assert_uint_eq(driver.destroyed, 8);
}
END_TEST

/* The pipelines one call took are never the ones evicted, even least recently used. */
START_TEST(test_in_use_protected)
{
    struct rt_clear_pipeline *held[3], *extra;
    struct fake_driver driver;
    struct rt_clear_pipeline_cache *cache = fake_cache(&driver, 3);
    struct fb_bound_pipeline_key keys[5];
    UINT64 call;
    UINT i;

    for (i = 0; i < 5; ++i)
        keys[i] = key_n(i);
    take(cache, &keys[0]);
    take(cache, &keys[1]);
    call = rt_clear_pipeline_cache_begin_call(cache);
    /* One call: 2 (new), 0 (hit, now most recent), then 3 must evict 1, not 0 or 2. */
    ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, &keys[2], call, &held[0]), S_OK);
    ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, &keys[0], call, &held[1]), S_OK);
    take(cache, &keys[1]);                 /* another call: 1 is now the most recent */
    ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, &keys[3], call, &held[2]), S_OK);
    check_stats(cache, 2, 4, 1, 3);
    ck_assert_uint_eq(take(cache, &keys[2]), 2);
    ck_assert_uint_eq(take(cache, &keys[0]), 0);
    ck_assert_uint_eq(serial_of(held[2]), 3);
    /* A call needing more than the budget: the extra pipeline serves it uncached. */
    call = rt_clear_pipeline_cache_begin_call(cache);
    for (i = 0; i < 3; ++i)
    {
        rt_clear_pipeline_release(held[i]);
        ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, &keys[i == 2 ? 3 : i * 2], call, &held[i]), S_OK);
    }
    ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, &keys[4], call, &extra), S_OK);
    ck_assert_uint_eq(driver.destroyed, 1);
    rt_clear_pipeline_release(extra);     /* the uncached one goes at once */
    ck_assert_uint_eq(driver.destroyed, 2);
    for (i = 0; i < 3; ++i)
        rt_clear_pipeline_release(held[i]);
    check_stats(cache, 7, 5, 1, 3);
    rt_clear_pipeline_cache_destroy(cache);
    ck_assert_uint_eq(driver.destroyed, driver.created);
}
END_TEST

/* A refused pipeline is not cached; the next call asks again. */
START_TEST(test_refused_not_cached)
{
    struct rt_clear_pipeline *pipeline;
    struct fake_driver driver;
    struct rt_clear_pipeline_cache *cache = fake_cache(&driver, 2);
    struct fb_bound_pipeline_key key = key_n(0);

    driver.refuse = true;
    ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, &key, 1, &pipeline), E_INVALIDARG);
    ck_assert_ptr_null(pipeline);
    check_stats(cache, 0, 0, 0, 0);
    driver.refuse = false;
    ck_assert_uint_eq(take(cache, &key), 0);
    rt_clear_pipeline_cache_destroy(cache);
}
END_TEST

/* A command allocator keeps the pipelines its recordings drew with past their eviction and
 * the cache's destruction, until its successful Reset. */
START_TEST(test_allocator_keep_alive)
{
    struct rt_clear_pipeline *pipeline;
    struct rt_command_allocator *allocator;
    ID3D12CommandAllocator *iface;
    struct fake_driver driver;
    struct rt_clear_pipeline_cache *cache = fake_cache(&driver, 1);
    struct fb_bound_pipeline_key a = key_n(0), b = key_n(1);
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(t.device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                     &IID_ID3D12CommandAllocator, (void **)&iface), S_OK);
    allocator = rt_command_allocator_from_iface(iface);
    ck_assert_int_eq(rt_clear_pipeline_cache_get(cache, &a, rt_clear_pipeline_cache_begin_call(cache), &pipeline),
                     S_OK);
    ck_assert_int_eq(rt_fallback_allocator_keep_pipeline(allocator, pipeline), S_OK);
    ck_assert_int_eq(rt_fallback_allocator_keep_pipeline(allocator, pipeline), S_OK);   /* once */
    rt_clear_pipeline_release(pipeline);
    take(cache, &b);                       /* evicts a */
    check_stats(cache, 0, 2, 1, 1);
    ck_assert_uint_eq(driver.destroyed, 0);
    rt_clear_pipeline_cache_destroy(cache);
    ck_assert_uint_eq(driver.destroyed, 1);   /* b; a is the allocator's */
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(iface), S_OK);
    ck_assert_uint_eq(driver.destroyed, 2);
    ID3D12CommandAllocator_Release(iface);
    test_context_destroy(&t);
}
END_TEST

struct racer
{
    struct rt_clear_pipeline_cache *cache;
    unsigned int serial;
};

static void *race(void *arg)
{
    struct racer *racer = arg;
    struct fb_bound_pipeline_key key = key_n(7);

    racer->serial = take(racer->cache, &key);
    return NULL;
}

/* Eight threads ask for one new key together: one pipeline, seven hits. */
START_TEST(test_threads_create_once)
{
    struct fake_driver driver;
    struct rt_clear_pipeline_cache *cache = fake_cache(&driver, 64);
    struct racer racers[8];
    pthread_t threads[8];
    UINT i;

    for (i = 0; i < 8; ++i)
    {
        racers[i].cache = cache;
        ck_assert_int_eq(pthread_create(&threads[i], NULL, race, &racers[i]), 0);
    }
    for (i = 0; i < 8; ++i)
    {
        pthread_join(threads[i], NULL);
        ck_assert_uint_eq(racers[i].serial, 0);
    }
    check_stats(cache, 7, 1, 0, 1);
    rt_clear_pipeline_cache_destroy(cache);
}
END_TEST

/* The device's cache through bound clears that draw: the first clear of a key misses,
 * the next of the same shape hits, in this recording and in the next. */
ASYNC_TEST(test_device_cache_counts)
{
    static const D3D12_BOX region = {0, 0, 0, 2, 2, 1};
    const D3D12_BOX *regions[1] = {&region};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, 0, 0};
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1,
                                                    D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    const struct rt_clear_pipelines *pipelines;
    struct rt_clear_pipeline_stats stats;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    D3D12_CLEAR_DATA value = {{{0}}};
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *texture;
    struct test_context t;
    UINT count = 1, round;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_texture(t.device, &desc, D3D12_RESOURCE_STATE_COMMON);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                     (void **)&heap), S_OK);
    rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    ID3D12Device_CreateRenderTargetView(t.device, texture, NULL, rtv);
    for (round = 0; round < 2; ++round)
    {
        ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtv, FALSE, NULL);
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
        execute_and_wait(&t);
    }
    ck_assert_int_eq(rt_device_clear_pipelines(rt_device_from_iface(t.device), &pipelines), S_OK);
    if (!async_fallback(ctx))
    {
        /* Natively nothing draws; the cache exists once asked for, empty. */
        rt_clear_pipeline_cache_stats(pipelines->cache, &stats);
        ck_assert_uint_eq(stats.misses, 0);
    }
    else
    {
        rt_clear_pipeline_cache_stats(pipelines->cache, &stats);
        ck_assert_uint_eq(stats.misses, 1);
        ck_assert_uint_eq(stats.hits, 3);
        ck_assert_uint_eq(stats.count, 1);
    }
    ID3D12DescriptorHeap_Release(heap);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

static Suite *clear_pipeline_cache_suite(void)
{
    Suite *suite = suite_create("clear_pipeline_cache");
    struct async_tcases tcases;
    TCase *tc = tcase_create("cache");

    tcase_add_test(tc, test_key_equality);
    tcase_add_test(tc, test_eviction_order);
    tcase_add_test(tc, test_in_use_protected);
    tcase_add_test(tc, test_refused_not_cached);
    tcase_add_test(tc, test_allocator_keep_alive);
    tcase_add_test(tc, test_threads_create_once);
    suite_add_tcase(suite, tc);
    async_tcases_create(suite, "device", &tcases);
    async_tcase_add(&tcases, test_device_cache_counts);
    return suite;
}

int main(void)
{
    return test_run_suites(clear_pipeline_cache_suite(), NULL);
}
