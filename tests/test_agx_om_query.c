/*
 * Queries that count what ran: occlusion, binary occlusion and pipeline statistics
 * report what the execution engine's counters (struct agx_exec_counters, which draws
 * and dispatches add to) gained between BeginQuery and EndQuery. Until draws and
 * dispatches run, the counters are fed here straight into the query execution
 * functions agx_exec.c calls; the end-to-end counts belong to tests/test_draw*.c.
 */

#include <stdlib.h>
#include <string.h>

#include "test_agx_om.h"

static D3D12DDI_HQUERYHEAP create_heap(struct om *o, D3D12_QUERY_HEAP_TYPE type, UINT count)
{
    D3D12DDIARG_CREATE_QUERY_HEAP_0124 args = {type, count, 0};
    D3D12DDI_HQUERYHEAP heap = {calloc(1, o->t.dev.pfnCalcPrivateQueryHeapSize(o->t.device, &args))};

    ck_assert_int_eq(o->t.dev.pfnCreateQueryHeap(o->t.device, &args, heap), S_OK);
    return heap;
}

static void destroy_heap(struct om *o, D3D12DDI_HQUERYHEAP heap)
{
    o->t.dev.pfnDestroyQueryHeap(o->t.device, heap);
    free(heap.pDrvPrivate);
}

/* The results of `count` queries from `start`, through the resolve agx_exec.c runs. */
static void resolve(struct om *o, D3D12DDI_HQUERYHEAP heap, UINT start, UINT count, uint64_t *out)
{
    struct agx_query_heap *h = heap.pDrvPrivate;
    const struct agx_resource *readback = o->readback.resource.pDrvPrivate;

    memset(o->down, 0xcd, (size_t)count * h->stride + 8);
    agx_query_exec_resolve(o->backend, h, start, count, readback->va);
    memcpy(out, o->down, (size_t)count * h->stride);
    ck_assert_uint_eq(o->down[count * h->stride], 0xcd);
}

/* Occlusion: samples passed between Begin and End, not since the recording began;
 * binary occlusion: 0 or 1; two queries overlapping on different slots each count
 * their own window. */
START_TEST(test_query_occlusion_counts)
{
    struct agx_exec_counters counters;
    D3D12DDI_HQUERYHEAP heap;
    struct agx_query_heap *h;
    uint64_t got[4];
    struct om o;

    om_init(&o);
    heap = create_heap(&o, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 4);
    h = heap.pDrvPrivate;
    memset(&counters, 0, sizeof(counters));
    counters.samples_passed = 100;
    agx_query_exec_begin(o.backend, h, D3D12_QUERY_TYPE_OCCLUSION, 0, &counters);
    agx_query_exec_begin(o.backend, h, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 2, &counters);
    counters.samples_passed += 42;
    agx_query_exec_begin(o.backend, h, D3D12_QUERY_TYPE_OCCLUSION, 1, &counters);
    counters.samples_passed += 8;
    agx_query_exec_end(o.backend, h, D3D12_QUERY_TYPE_OCCLUSION, 0, &counters);
    agx_query_exec_end(o.backend, h, D3D12_QUERY_TYPE_OCCLUSION, 1, &counters);
    agx_query_exec_end(o.backend, h, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 2, &counters);
    agx_query_exec_begin(o.backend, h, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 3, &counters);
    agx_query_exec_end(o.backend, h, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 3, &counters);
    resolve(&o, heap, 0, 4, got);
    ck_assert_uint_eq(got[0], 50);
    ck_assert_uint_eq(got[1], 8);
    ck_assert_uint_eq(got[2], 1);
    ck_assert_uint_eq(got[3], 0);
    destroy_heap(&o, heap);
    om_finish(&o);
}
END_TEST

/* Pipeline statistics: every field's difference, in D3D12_QUERY_DATA_PIPELINE_STATISTICS
 * order; STATISTICS1 heaps add the amplification and mesh counts, always 0; stream-output
 * statistics are those of the query type's stream (2 here, not 0). */
START_TEST(test_query_statistics_counts)
{
    D3D12_QUERY_DATA_PIPELINE_STATISTICS1 stats1;
    D3D12_QUERY_DATA_PIPELINE_STATISTICS stats;
    D3D12DDI_HQUERYHEAP heap, heap1, so;
    struct agx_exec_counters counters;
    uint64_t *fields, got[16];
    unsigned int i;
    struct om o;

    om_init(&o);
    heap = create_heap(&o, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1);
    heap1 = create_heap(&o, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1, 1);
    so = create_heap(&o, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, 1);
    memset(&counters, 0, sizeof(counters));
    fields = (uint64_t *)&counters.statistics;
    for (i = 0; i < 11; ++i)
        fields[i] = 1000 + i;
    counters.samples_passed = 5;
    counters.so[2].NumPrimitivesWritten = 3;
    counters.so[2].PrimitivesStorageNeeded = 4;
    counters.so[0].NumPrimitivesWritten = 50;
    agx_query_exec_begin(o.backend, heap.pDrvPrivate, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, &counters);
    agx_query_exec_begin(o.backend, heap1.pDrvPrivate, D3D12_QUERY_TYPE_PIPELINE_STATISTICS1, 0, &counters);
    agx_query_exec_begin(o.backend, so.pDrvPrivate, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2, 0, &counters);
    for (i = 0; i < 11; ++i)
        fields[i] += 3 * i + 1;
    counters.samples_passed = 99;
    counters.so[2].NumPrimitivesWritten += 6;
    counters.so[2].PrimitivesStorageNeeded += 9;
    counters.so[0].NumPrimitivesWritten += 70;
    agx_query_exec_end(o.backend, heap.pDrvPrivate, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, &counters);
    agx_query_exec_end(o.backend, heap1.pDrvPrivate, D3D12_QUERY_TYPE_PIPELINE_STATISTICS1, 0, &counters);
    agx_query_exec_end(o.backend, so.pDrvPrivate, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2, 0, &counters);

    resolve(&o, heap, 0, 1, got);
    memcpy(&stats, got, sizeof(stats));
    ck_assert_uint_eq(stats.IAVertices, 1);
    ck_assert_uint_eq(stats.IAPrimitives, 4);
    ck_assert_uint_eq(stats.VSInvocations, 7);
    ck_assert_uint_eq(stats.GSInvocations, 10);
    ck_assert_uint_eq(stats.GSPrimitives, 13);
    ck_assert_uint_eq(stats.CInvocations, 16);
    ck_assert_uint_eq(stats.CPrimitives, 19);
    ck_assert_uint_eq(stats.PSInvocations, 22);
    ck_assert_uint_eq(stats.HSInvocations, 25);
    ck_assert_uint_eq(stats.DSInvocations, 28);
    ck_assert_uint_eq(stats.CSInvocations, 31);
    resolve(&o, heap1, 0, 1, got);
    memcpy(&stats1, got, sizeof(stats1));
    ck_assert_uint_eq(stats1.PSInvocations, 22);
    ck_assert_uint_eq(stats1.CSInvocations, 31);
    ck_assert_uint_eq(stats1.ASInvocations, 0);
    ck_assert_uint_eq(stats1.MSInvocations, 0);
    ck_assert_uint_eq(stats1.MSPrimitives, 0);
    resolve(&o, so, 0, 1, got);
    ck_assert_uint_eq(got[0], 6);
    ck_assert_uint_eq(got[1], 9);
    destroy_heap(&o, heap);
    destroy_heap(&o, heap1);
    destroy_heap(&o, so);
    om_finish(&o);
}
END_TEST

/* Through a command list: EndQuery writes the result (stale slot contents do not
 * survive), and a recording without draws counts nothing. */
START_TEST(test_query_recorded)
{
    static const unsigned char stale[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    struct test_resource readback;
    D3D12DDI_HQUERYHEAP heap;
    struct agx_query_heap *h;
    struct test_list l;
    uint64_t got[2];
    struct om o;

    om_init(&o);
    heap = create_heap(&o, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    h = heap.pDrvPrivate;
    agx_mem_write(o.backend, h->bo->va, stale, sizeof(stale));
    agx_mem_write(o.backend, h->bo->va + 8, stale, sizeof(stale));
    readback = create_buffer(&o.t, D3D12_HEAP_TYPE_READBACK, 64);
    l = create_list(&o.t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    o.t.cl.pfnBeginQuery(l.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    o.t.cl.pfnEndQuery(l.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    o.t.cl.pfnBeginQuery(l.list, heap, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    o.t.cl.pfnEndQuery(l.list, heap, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    o.t.cl.pfnResolveQueryData(l.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0, 2, readback.resource, 0);
    execute(&o.t, &o.q, &l);
    memcpy(got, map(&o.t, &readback), sizeof(got));
    ck_assert_uint_eq(got[0], 0);
    ck_assert_uint_eq(got[1], 0);
    destroy_list(&o.t, &l);
    destroy_resource(&o.t, &readback);
    destroy_heap(&o, heap);
    om_finish(&o);
}
END_TEST

Suite *agx_om_query_suite(void)
{
    Suite *suite = suite_create("agx_om_query");
    TCase *tc = tcase_create("count");

    tcase_add_test(tc, test_query_occlusion_counts);
    tcase_add_test(tc, test_query_statistics_counts);
    tcase_add_test(tc, test_query_recorded);
    suite_add_tcase(suite, tc);
    return suite;
}
