/*
 * AGX's hardware sampler slots (agx_sampler.h): CreateSampler de-duplicates sampler
 * states into the device's 1,024 slots, from any number of threads; records in heaps
 * and static samplers hold references, idle slots go to new states least recently
 * released first, and a new state finding every slot referenced is refused without
 * removing the device (D013).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "agx_umd_harness.h"
#include "agx_descriptor.h"
#include "agx_sampler.h"
#include "test_run.h"

static struct agx_device *device_of(const struct test_device *t)
{
    return agx_device_from_handle(t->device);
}

/* State number i of a family of distinct states. */
static D3D12_SAMPLER_DESC2 state(unsigned int i)
{
    D3D12_SAMPLER_DESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    desc.AddressU = desc.AddressV = desc.AddressW = D3D12_TEXTURE_ADDRESS_MODE_WRAP;
    desc.MipLODBias = (float)i * 0.125f;
    desc.MaxLOD = 1000.0f;
    return desc;
}

/* CreateSampler into a descriptor of plain memory; returns the record's slot. */
static uint32_t create_sampler(struct test_device *t, const D3D12_SAMPLER_DESC2 *desc)
{
    struct agx_descriptor_sampler *record = calloc(1, AGX_DESCRIPTOR_SIZE_SAMPLER);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handle = {(SIZE_T)record};
    uint32_t slot;

    ck_assert_ptr_nonnull(record);
    t->dev.pfnCreateSampler(t->device, desc, handle);
    ck_assert_uint_eq(record->kind, AGX_DESCRIPTOR_SAMPLER);
    ck_assert_mem_eq(&record->desc, desc, sizeof(*desc));
    slot = record->hw_slot;
    free(record);
    return slot;
}

START_TEST(test_dedupe_5000_creates)
{
    uint32_t slots[10], slot;
    struct test_device t;
    D3D12_SAMPLER_DESC2 desc;
    unsigned int i;

    device_init(&t);
    for (i = 0; i < 5000; ++i)
    {
        desc = state(i % 10);
        slot = create_sampler(&t, &desc);
        ck_assert_uint_lt(slot, AGX_SAMPLER_SLOT_COUNT);
        if (i < 10)
            slots[i] = slot;
        else
            ck_assert_uint_eq(slot, slots[i % 10]);
    }
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 10);
    for (i = 1; i < 10; ++i)
        ck_assert_uint_ne(slots[i], slots[0]);
    ck_assert_int_eq(last_device_error, S_OK);
    device_finish(&t);
}
END_TEST

/* Fields a state does not use do not split it; fields it uses do. */
START_TEST(test_dedupe_ignores_unused_fields)
{
    D3D12_SAMPLER_DESC2 a = state(0), b;
    uint32_t slot;
    struct test_device t;

    device_init(&t);
    slot = create_sampler(&t, &a);

    b = a;
    b.FloatBorderColor[0] = 1.0f;         /* no BORDER mode */
    b.ComparisonFunc = D3D12_COMPARISON_FUNC_LESS;   /* no comparison filter */
    b.MaxAnisotropy = 16;                 /* not anisotropic */
    b.MipLODBias = -0.0f;
    ck_assert_uint_eq(create_sampler(&t, &b), slot);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 1);

    b = a;
    b.AddressV = D3D12_TEXTURE_ADDRESS_MODE_BORDER;
    b.FloatBorderColor[3] = 1.0f;
    ck_assert_uint_ne(create_sampler(&t, &b), slot);
    b.UintBorderColor[3] = 1;
    b.Flags = D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR;
    create_sampler(&t, &b);
    b.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT;
    b.ComparisonFunc = D3D12_COMPARISON_FUNC_LESS;
    create_sampler(&t, &b);
    b.ComparisonFunc = D3D12_COMPARISON_FUNC_GREATER;
    create_sampler(&t, &b);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 5);
    device_finish(&t);
}
END_TEST

#define THREADS 8
#define STATES 50

struct worker
{
    struct test_device *t;
    unsigned int seed;
    uint32_t slots[STATES];
};

static int worker_main(void *arg)
{
    struct worker *w = arg;
    D3D12_SAMPLER_DESC2 desc;
    unsigned int i, n;

    for (i = 0; i < 2000; ++i)
    {
        n = (i * 7 + w->seed) % STATES;
        desc = state(n);
        w->slots[n] = create_sampler(w->t, &desc);
    }
    return 0;
}

START_TEST(test_concurrent_creates)
{
    struct worker workers[THREADS];
    thrd_t threads[THREADS];
    struct test_device t;
    bool used[AGX_SAMPLER_SLOT_COUNT];
    unsigned int i, n;

    device_init(&t);
    for (i = 0; i < THREADS; ++i)
    {
        workers[i].t = &t;
        workers[i].seed = i * 13;
        ck_assert_int_eq(thrd_create(&threads[i], worker_main, &workers[i]), thrd_success);
    }
    for (i = 0; i < THREADS; ++i)
        ck_assert_int_eq(thrd_join(threads[i], NULL), thrd_success);

    /* Every thread saw the same slot for a state, and states never share one. */
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), STATES);
    memset(used, 0, sizeof(used));
    for (n = 0; n < STATES; ++n)
    {
        for (i = 1; i < THREADS; ++i)
            ck_assert_uint_eq(workers[i].slots[n], workers[0].slots[n]);
        ck_assert_uint_lt(workers[0].slots[n], STATES);
        ck_assert(!used[workers[0].slots[n]]);
        used[workers[0].slots[n]] = true;
    }
    device_finish(&t);
}
END_TEST

/* The 1,025th distinct state while 1,024 are referenced: refused, no slot, the device
 * stays; releasing one reference makes room, and the state that had it loses it. */
START_TEST(test_exhaustion_refuses)
{
    D3D12_SAMPLER_DESC2 desc;
    struct test_device t;
    uint32_t slot;
    unsigned int i;

    device_init(&t);
    last_device_error = S_OK;
    for (i = 0; i < AGX_SAMPLER_SLOT_COUNT; ++i)
    {
        desc = state(i);
        ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), S_OK);
        ck_assert_uint_eq(slot, i);
    }
    desc = state(AGX_SAMPLER_SLOT_COUNT);
    ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), E_OUTOFMEMORY);
    ck_assert_uint_eq(slot, AGX_SAMPLER_SLOT_NONE);
    ck_assert_uint_eq(create_sampler(&t, &desc), AGX_SAMPLER_SLOT_NONE);
    ck_assert_int_eq(last_device_error, S_OK);

    /* States that have a slot keep getting it. */
    desc = state(17);
    ck_assert_uint_eq(create_sampler(&t, &desc), 17);
    agx_sampler_slot_release(device_of(&t), 17);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), AGX_SAMPLER_SLOT_COUNT);

    /* Slot 17's last reference goes: the new state takes it, state 17 is forgotten. */
    agx_sampler_slot_release(device_of(&t), 17);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), AGX_SAMPLER_SLOT_COUNT - 1);
    desc = state(AGX_SAMPLER_SLOT_COUNT);
    ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), S_OK);
    ck_assert_uint_eq(slot, 17);
    ck_assert_uint_eq(agx_sampler_slot_evictions(device_of(&t)), 1);
    desc = state(17);
    ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), E_OUTOFMEMORY);
    ck_assert_int_eq(last_device_error, S_OK);
    device_finish(&t);
}
END_TEST

/* Idle slots keep their states: an equal state takes its slot back without evicting,
 * and new states take idle slots least recently released first. */
START_TEST(test_idle_slots_least_recently_released)
{
    static const unsigned int released[] = {900, 5, 311, 42};
    D3D12_SAMPLER_DESC2 desc;
    struct test_device t;
    uint32_t slot;
    unsigned int i;

    device_init(&t);
    for (i = 0; i < AGX_SAMPLER_SLOT_COUNT; ++i)
    {
        desc = state(i);
        ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), S_OK);
    }
    for (i = 0; i < AGX_ARRAY_SIZE(released); ++i)
        agx_sampler_slot_release(device_of(&t), released[i]);
    /* Taken back: 5 leaves the idle list, nothing is evicted. */
    desc = state(5);
    ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), S_OK);
    ck_assert_uint_eq(slot, 5);
    ck_assert_uint_eq(agx_sampler_slot_evictions(device_of(&t)), 0);
    /* New states: 900, then 311, then 42; then none is left. */
    for (i = 0; i < 3; ++i)
    {
        desc = state(2000 + i);
        ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), S_OK);
        ck_assert_uint_eq(slot, i == 0 ? 900 : i == 1 ? 311 : 42);
    }
    desc = state(3000);
    ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), E_OUTOFMEMORY);
    /* The moved hash entries still find their states. */
    for (i = 0; i < AGX_SAMPLER_SLOT_COUNT; ++i)
    {
        if (i == 900 || i == 311 || i == 42)
            continue;
        desc = state(i);
        ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), S_OK);
        ck_assert_uint_eq(slot, i);
    }
    for (i = 0; i < 3; ++i)
    {
        desc = state(2000 + i);
        ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &desc, &slot), S_OK);
        ck_assert_uint_eq(slot, i == 0 ? 900 : i == 1 ? 311 : 42);
    }
    device_finish(&t);
}
END_TEST

static D3D12DDI_HDESCRIPTORHEAP sampler_heap(struct test_device *t, UINT count, D3D12DDI_CPU_DESCRIPTOR_HANDLE *start)
{
    D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 args = {D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, count,
                                                    D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 1};
    D3D12DDI_HDESCRIPTORHEAP heap = {calloc(1, t->dev.pfnCalcPrivateDescriptorHeapSize(t->device, &args))};

    ck_assert_ptr_nonnull(heap.pDrvPrivate);
    ck_assert_int_eq(t->dev.pfnCreateDescriptorHeap(t->device, &args, heap), S_OK);
    *start = t->dev.pfnGetCPUDescriptorHandleForHeapStart(t->device, heap);
    return heap;
}

static D3D12DDI_CPU_DESCRIPTOR_HANDLE at(D3D12DDI_CPU_DESCRIPTOR_HANDLE start, UINT i)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handle = {start.ptr + (SIZE_T)i * AGX_DESCRIPTOR_SIZE_SAMPLER};

    return handle;
}

static uint32_t slot_at(D3D12DDI_CPU_DESCRIPTOR_HANDLE start, UINT i)
{
    return ((const struct agx_descriptor_sampler *)at(start, i).ptr)->hw_slot;
}

/* Records reference their slots: overwriting, copying over and destroying the heap
 * drop references; copies and overlapping copies add them. */
START_TEST(test_records_reference_slots)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE start, dst[1], src[1];
    D3D12_SAMPLER_DESC2 a = state(1), b = state(2), c = state(3);
    D3D12DDI_HDESCRIPTORHEAP heap;
    struct test_device t;
    UINT sizes[1] = {2};
    uint32_t slot_a;

    device_init(&t);
    heap = sampler_heap(&t, 8, &start);
    t.dev.pfnCreateSampler(t.device, &a, at(start, 0));
    slot_a = slot_at(start, 0);
    t.dev.pfnCopyDescriptorsSimple(t.device, 1, at(start, 1), at(start, 0), D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
    ck_assert_uint_eq(slot_at(start, 1), slot_a);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 1);

    /* A still has record 1. */
    t.dev.pfnCreateSampler(t.device, &b, at(start, 0));
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 2);
    t.dev.pfnCreateSampler(t.device, &b, at(start, 1));
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 1);
    /* Rewriting a record with its own state keeps the slot. */
    t.dev.pfnCreateSampler(t.device, &b, at(start, 1));
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 1);

    /* Records 0..1 (B, B) copied over 1..2 (B, empty): B, B, B. */
    t.dev.pfnCopyDescriptorsSimple(t.device, 2, at(start, 1), at(start, 0), D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
    t.dev.pfnCreateSampler(t.device, &c, at(start, 0));
    t.dev.pfnCreateSampler(t.device, &c, at(start, 1));
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 2);    /* C, and B in record 2 */
    t.dev.pfnCreateSampler(t.device, &c, at(start, 2));
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 1);

    /* The range copy: records 0..1 (C, C) over 4..5 (empty), then 6..7 over 0..1. */
    dst[0] = at(start, 4);
    src[0] = at(start, 0);
    t.dev.pfnCopyDescriptors(t.device, 1, dst, sizes, 1, src, sizes, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
    dst[0] = at(start, 0);
    src[0] = at(start, 6);
    t.dev.pfnCopyDescriptors(t.device, 1, dst, sizes, 1, src, sizes, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
    t.dev.pfnCreateSampler(t.device, &a, at(start, 2));
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 2);    /* C in 4..5, A in 2 */
    ck_assert_uint_eq(slot_at(start, 2), slot_a);    /* taken back: nothing was evicted */
    ck_assert_uint_eq(agx_sampler_slot_evictions(device_of(&t)), 0);

    t.dev.pfnDestroyDescriptorHeap(t.device, heap);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 0);
    free(heap.pDrvPrivate);
    device_finish(&t);
}
END_TEST

/* One record rewritten with 5,000 distinct states keeps one slot live and the device
 * healthy; the states go round the slots. */
START_TEST(test_rewrite_one_record)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE start;
    D3D12DDI_HDESCRIPTORHEAP heap;
    D3D12_SAMPLER_DESC2 desc;
    struct test_device t;
    unsigned int i;

    device_init(&t);
    last_device_error = S_OK;
    heap = sampler_heap(&t, 1, &start);
    for (i = 0; i < 5000; ++i)
    {
        desc = state(i);
        t.dev.pfnCreateSampler(t.device, &desc, at(start, 0));
        ck_assert_uint_lt(slot_at(start, 0), AGX_SAMPLER_SLOT_COUNT);
        ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), 1);
    }
    ck_assert_uint_eq(agx_sampler_slot_evictions(device_of(&t)), 5000 - AGX_SAMPLER_SLOT_COUNT);
    ck_assert_int_eq(last_device_error, S_OK);
    t.dev.pfnDestroyDescriptorHeap(t.device, heap);
    free(heap.pDrvPrivate);
    device_finish(&t);
}
END_TEST

/* A root signature's static samplers reference slots until it is destroyed; one whose
 * samplers do not all find a slot fails and keeps none. */
START_TEST(test_static_samplers_reference_slots)
{
    D3D12_STATIC_SAMPLER_DESC samplers[3];
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 args = {&desc, 0};
    D3D12DDI_HROOTSIGNATURE signature;
    D3D12_SAMPLER_DESC2 state_desc;
    struct test_device t;
    uint32_t slot;
    unsigned int i;

    device_init(&t);
    for (i = 0; i < AGX_SAMPLER_SLOT_COUNT - 2; ++i)
    {
        state_desc = state(i);
        ck_assert_int_eq(agx_sampler_slot_acquire(device_of(&t), &state_desc, &slot), S_OK);
    }
    memset(samplers, 0, sizeof(samplers));
    for (i = 0; i < 3; ++i)
    {
        samplers[i].Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
        samplers[i].AddressU = samplers[i].AddressV = samplers[i].AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
        samplers[i].MaxLOD = 100.0f + (float)i;
        samplers[i].ShaderRegister = i;
    }
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumStaticSamplers = 3;
    desc.Desc_1_1.pStaticSamplers = samplers;
    signature.pDrvPrivate = calloc(1, t.dev.pfnCalcPrivateRootSignatureSize(t.device, &args));
    ck_assert_ptr_nonnull(signature.pDrvPrivate);

    /* Three new states, two free slots. */
    ck_assert_int_eq(t.dev.pfnCreateRootSignature(t.device, &args, signature), E_OUTOFMEMORY);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), AGX_SAMPLER_SLOT_COUNT - 2);

    desc.Desc_1_1.NumStaticSamplers = 2;
    ck_assert_int_eq(t.dev.pfnCreateRootSignature(t.device, &args, signature), S_OK);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), AGX_SAMPLER_SLOT_COUNT);
    t.dev.pfnDestroyRootSignature(t.device, signature);
    ck_assert_uint_eq(agx_sampler_slot_count(device_of(&t)), AGX_SAMPLER_SLOT_COUNT - 2);
    free(signature.pDrvPrivate);
    device_finish(&t);
}
END_TEST

START_TEST(test_static_sampler_borders)
{
    D3D12_STATIC_SAMPLER_DESC s;
    D3D12_SAMPLER_DESC2 d;

    memset(&s, 0, sizeof(s));
    s.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    s.AddressU = s.AddressV = s.AddressW = D3D12_TEXTURE_ADDRESS_MODE_BORDER;
    s.MaxLOD = 5.0f;
    s.MipLODBias = 0.5f;
    s.ShaderRegister = 3;

    s.BorderColor = D3D12_STATIC_BORDER_COLOR_TRANSPARENT_BLACK;
    agx_sampler_static_desc(&s, &d);
    ck_assert(d.FloatBorderColor[0] == 0.0f && d.FloatBorderColor[3] == 0.0f);
    ck_assert_int_eq(d.Flags, 0);
    ck_assert(d.MaxLOD == 5.0f && d.MipLODBias == 0.5f);
    ck_assert_int_eq(d.AddressW, D3D12_TEXTURE_ADDRESS_MODE_BORDER);

    s.BorderColor = D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK;
    agx_sampler_static_desc(&s, &d);
    ck_assert(d.FloatBorderColor[0] == 0.0f && d.FloatBorderColor[3] == 1.0f);

    s.BorderColor = D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE;
    agx_sampler_static_desc(&s, &d);
    ck_assert(d.FloatBorderColor[0] == 1.0f && d.FloatBorderColor[2] == 1.0f && d.FloatBorderColor[3] == 1.0f);
    ck_assert_int_eq(d.Flags, 0);

    s.BorderColor = D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT;
    agx_sampler_static_desc(&s, &d);
    ck_assert_uint_eq(d.UintBorderColor[0], 0);
    ck_assert_uint_eq(d.UintBorderColor[3], 1);
    ck_assert_int_eq(d.Flags, D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR);

    s.BorderColor = D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT;
    agx_sampler_static_desc(&s, &d);
    ck_assert_uint_eq(d.UintBorderColor[0], 1);
    ck_assert_uint_eq(d.UintBorderColor[2], 1);
    ck_assert_uint_eq(d.UintBorderColor[3], 1);
    ck_assert_int_eq(d.Flags, D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("agx_texture_sampler");
    TCase *tc = tcase_create("slots");

    tcase_add_test(tc, test_dedupe_5000_creates);
    tcase_add_test(tc, test_dedupe_ignores_unused_fields);
    tcase_add_test(tc, test_concurrent_creates);
    tcase_add_test(tc, test_exhaustion_refuses);
    tcase_add_test(tc, test_idle_slots_least_recently_released);
    tcase_add_test(tc, test_records_reference_slots);
    tcase_add_test(tc, test_rewrite_one_record);
    tcase_add_test(tc, test_static_samplers_reference_slots);
    tcase_add_test(tc, test_static_sampler_borders);
    suite_add_tcase(s, tc);

    return test_run_suites(s, NULL);
}
