/*
 * The fallback's open-addressing pointer table (fallback/fb_pointer_table.h), without a
 * device: insertion, lookup, growth, deletion by backward shift, and long collision
 * runs built from keys whose hashes share their low bits, checked against a plain
 * array model after every step.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fb_pointer_table.h"
#include "test_run.h"

struct value
{
    uint64_t a;
    uint32_t b;
};

/* Keys are addresses inside this array: distinct, never NULL, never dereferenced. */
static char key_space[1u << 24];

static const void *key(size_t i)
{
    return &key_space[i];
}

/* Check's assertions cost a message each; the loops below make millions of checks. */
#define CHECK(cond) do { if (!(cond)) ck_abort_msg("line %d: %s", __LINE__, #cond); } while (0)

static void check_value(const struct fb_pointer_table *table, const void *k, uint64_t a)
{
    const struct value *v = fb_pointer_table_find(table, k);

    CHECK(v != NULL);
    CHECK(v->a == a);
    CHECK(v->b == ((uint32_t)a ^ 0x5a5a5a5au));
}

static void put(struct fb_pointer_table *table, const void *k, uint64_t a)
{
    bool inserted = false;
    struct value *v = fb_pointer_table_insert(table, k, &inserted);

    CHECK(v != NULL);
    CHECK(inserted);
    CHECK(v->a == 0);
    CHECK(v->b == 0);
    v->a = a;
    v->b = (uint32_t)a ^ 0x5a5a5a5au;
}

START_TEST(test_insert_find)
{
    struct fb_pointer_table table;
    bool inserted = true;
    struct value *v;

    fb_pointer_table_init(&table, sizeof(struct value));
    CHECK(fb_pointer_table_count(&table) == 0);
    CHECK(fb_pointer_table_find(&table, key(1)) == NULL);
    CHECK(!fb_pointer_table_remove(&table, key(1)));
    /* NULL is no key. */
    CHECK(fb_pointer_table_insert(&table, NULL, &inserted) == NULL);
    CHECK(!inserted);
    CHECK(fb_pointer_table_find(&table, NULL) == NULL);

    put(&table, key(1), 100);
    put(&table, key(2), 200);
    CHECK(fb_pointer_table_count(&table) == 2);
    check_value(&table, key(1), 100);
    check_value(&table, key(2), 200);
    CHECK(fb_pointer_table_find(&table, key(3)) == NULL);

    /* Inserting a present key gives its value back, unchanged. */
    v = fb_pointer_table_insert(&table, key(1), &inserted);
    CHECK(!inserted);
    CHECK(v->a == 100);
    CHECK(fb_pointer_table_count(&table) == 2);
    CHECK(fb_pointer_table_insert(&table, key(2), NULL) == fb_pointer_table_find(&table, key(2)));

    fb_pointer_table_clear(&table);
    CHECK(fb_pointer_table_count(&table) == 0);
    CHECK(fb_pointer_table_find(&table, key(1)) == NULL);
    put(&table, key(1), 7);
    check_value(&table, key(1), 7);
    fb_pointer_table_cleanup(&table);
    CHECK(fb_pointer_table_count(&table) == 0);
    CHECK(fb_pointer_table_find(&table, key(1)) == NULL);
}
END_TEST

START_TEST(test_growth)
{
    struct fb_pointer_table table;
    size_t i, capacity = 0, growths = 0;

    fb_pointer_table_init(&table, sizeof(struct value));
    for (i = 1; i <= 20000; ++i)
    {
        put(&table, key(i * 64), i);
        /* Never more than three quarters full. */
        CHECK(table.count * 4 <= table.capacity * 3);
        if (table.capacity != capacity)
        {
            capacity = table.capacity;
            ++growths;
        }
    }
    CHECK(fb_pointer_table_count(&table) == 20000);
    CHECK(growths >= 10);
    CHECK((table.capacity & (table.capacity - 1)) == 0);
    for (i = 1; i <= 20000; ++i)
        check_value(&table, key(i * 64), i);
    for (i = 1; i <= 20000; ++i)
        CHECK(fb_pointer_table_find(&table, key(i * 64 + 1)) == NULL);
    fb_pointer_table_cleanup(&table);
}
END_TEST

/* Random removals and insertions against a model: a value per key index, 0 = absent. */
START_TEST(test_deletion)
{
    enum { KEYS = 4096, STEPS = 60000 };
    static uint64_t model[KEYS];
    struct fb_pointer_table table;
    uint64_t state = 12345;
    size_t i, k, present = 0;

    memset(model, 0, sizeof(model));
    fb_pointer_table_init(&table, sizeof(struct value));
    for (i = 0; i < STEPS; ++i)
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        k = (size_t)(state >> 33) % KEYS;
        if (model[k])
        {
            CHECK(fb_pointer_table_remove(&table, key(k * 8 + 8)));
            CHECK(!fb_pointer_table_remove(&table, key(k * 8 + 8)));
            model[k] = 0;
            --present;
        }
        else
        {
            put(&table, key(k * 8 + 8), i + 1);
            model[k] = i + 1;
            ++present;
        }
        CHECK(fb_pointer_table_count(&table) == present);
        if (i % 5000 == 0)
        {
            for (k = 0; k < KEYS; ++k)
            {
                if (model[k])
                    check_value(&table, key(k * 8 + 8), model[k]);
                else
                    CHECK(fb_pointer_table_find(&table, key(k * 8 + 8)) == NULL);
            }
        }
    }
    /* Remove everything: the table is empty and every lookup misses. */
    for (k = 0; k < KEYS; ++k)
    {
        if (model[k])
            CHECK(fb_pointer_table_remove(&table, key(k * 8 + 8)));
    }
    CHECK(fb_pointer_table_count(&table) == 0);
    for (k = 0; k < KEYS; ++k)
        CHECK(fb_pointer_table_find(&table, key(k * 8 + 8)) == NULL);
    fb_pointer_table_cleanup(&table);
}
END_TEST

/* Keys whose hashes agree in their low 12 bits all start probing at the same slot of any
 * table up to 4096 slots: one long run, across growths, with removals from its middle. */
START_TEST(test_collisions)
{
    enum { COUNT = 1000 };
    static const void *keys[COUNT];
    struct fb_pointer_table table;
    size_t i, n = 0;

    for (i = 1; n < COUNT && i < sizeof(key_space); ++i)
    {
        if (!(fb_pointer_hash(key(i)) & 0xfff))
            keys[n++] = key(i);
    }
    CHECK(n == COUNT);

    fb_pointer_table_init(&table, sizeof(struct value));
    for (i = 0; i < COUNT; ++i)
        put(&table, keys[i], i + 1);
    CHECK(table.capacity <= 4096);
    for (i = 0; i < COUNT; ++i)
        check_value(&table, keys[i], i + 1);

    /* Every third key out: the run must stay reachable behind each hole. */
    for (i = 0; i < COUNT; i += 3)
        CHECK(fb_pointer_table_remove(&table, keys[i]));
    for (i = 0; i < COUNT; ++i)
    {
        if (i % 3)
            check_value(&table, keys[i], i + 1);
        else
            CHECK(fb_pointer_table_find(&table, keys[i]) == NULL);
    }
    /* And back in, with new values. */
    for (i = 0; i < COUNT; i += 3)
        put(&table, keys[i], i + 5000);
    for (i = 0; i < COUNT; ++i)
        check_value(&table, keys[i], i % 3 ? i + 1 : i + 5000);
    CHECK(fb_pointer_table_count(&table) == COUNT);
    fb_pointer_table_cleanup(&table);
}
END_TEST

/* A run that wraps around the end of the array: keys whose home is the last slot. */
START_TEST(test_wrap_around)
{
    struct fb_pointer_table table;
    const void *keys[8];
    size_t i, n = 0;

    fb_pointer_table_init(&table, sizeof(struct value));
    put(&table, key(1), 1);
    CHECK(table.capacity == 16);
    for (i = 2; n < 8; ++i)
    {
        if ((fb_pointer_hash(key(i)) & 15) == 15)
            keys[n++] = key(i);
    }
    /* 1 + 8 entries: no growth at 16 slots. */
    for (i = 0; i < 8; ++i)
        put(&table, keys[i], i + 10);
    CHECK(table.capacity == 16);
    CHECK(fb_pointer_table_remove(&table, keys[0]));
    CHECK(fb_pointer_table_remove(&table, keys[3]));
    for (i = 0; i < 8; ++i)
    {
        if (i == 0 || i == 3)
            CHECK(fb_pointer_table_find(&table, keys[i]) == NULL);
        else
            check_value(&table, keys[i], i + 10);
    }
    check_value(&table, key(1), 1);
    fb_pointer_table_cleanup(&table);
}
END_TEST

/* A value-less table is a set (the planner's de-duplication). */
START_TEST(test_set)
{
    struct fb_pointer_table table;
    bool inserted;

    fb_pointer_table_init(&table, 0);
    CHECK(fb_pointer_table_insert(&table, key(5), &inserted) != NULL);
    CHECK(inserted);
    CHECK(fb_pointer_table_insert(&table, key(5), &inserted) != NULL);
    CHECK(!inserted);
    CHECK(fb_pointer_table_find(&table, key(5)) != NULL);
    CHECK(fb_pointer_table_count(&table) == 1);
    fb_pointer_table_cleanup(&table);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("fb_pointer_table");
    TCase *tc = tcase_create("pointer_table");

    tcase_add_test(tc, test_insert_find);
    tcase_add_test(tc, test_growth);
    tcase_add_test(tc, test_deletion);
    tcase_add_test(tc, test_collisions);
    tcase_add_test(tc, test_wrap_around);
    tcase_add_test(tc, test_set);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
