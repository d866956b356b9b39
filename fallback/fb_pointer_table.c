/* The open-addressing pointer table (fb_pointer_table.h). */
#include <stdlib.h>
#include <string.h>

#include "fb_pointer_table.h"

#define FB_POINTER_TABLE_MIN_CAPACITY 16u

uint64_t fb_pointer_hash(const void *key)
{
    /* The splitmix64 finalizer: every address bit reaches the low bits. */
    uint64_t x = (uint64_t)(uintptr_t)key;

    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

static inline unsigned char *fb_slot(const struct fb_pointer_table *table, size_t index)
{
    return table->slots + index * table->slot_size;
}

static inline const void *fb_slot_key(const unsigned char *slot)
{
    const void *key;

    memcpy(&key, slot, sizeof(key));
    return key;
}

static inline void fb_slot_set_key(unsigned char *slot, const void *key)
{
    memcpy(slot, &key, sizeof(key));
}

void fb_pointer_table_init(struct fb_pointer_table *table, size_t value_size)
{
    table->slots = NULL;
    table->capacity = 0;
    table->count = 0;
    table->value_size = value_size;
    table->slot_size = (FB_POINTER_TABLE_VALUE_OFFSET + value_size + 7u) & ~(size_t)7u;
}

void fb_pointer_table_cleanup(struct fb_pointer_table *table)
{
    free(table->slots);
    fb_pointer_table_init(table, table->value_size);
}

void fb_pointer_table_clear(struct fb_pointer_table *table)
{
    if (table->slots)
        memset(table->slots, 0, table->capacity * table->slot_size);
    table->count = 0;
}

/* The slot holding key, or the empty slot ending its probe run. */
static size_t fb_probe(const struct fb_pointer_table *table, const void *key)
{
    size_t mask = table->capacity - 1, i = (size_t)fb_pointer_hash(key) & mask;
    const void *k;

    while ((k = fb_slot_key(fb_slot(table, i))) && k != key)
        i = (i + 1) & mask;
    return i;
}

void *fb_pointer_table_find(const struct fb_pointer_table *table, const void *key)
{
    unsigned char *slot;

    if (!table->count || !key)
        return NULL;
    slot = fb_slot(table, fb_probe(table, key));
    return fb_slot_key(slot) ? slot + FB_POINTER_TABLE_VALUE_OFFSET : NULL;
}

static bool fb_grow(struct fb_pointer_table *table)
{
    struct fb_pointer_table grown = *table;
    unsigned char *slot;
    size_t i;

    grown.capacity = table->capacity ? table->capacity * 2 : FB_POINTER_TABLE_MIN_CAPACITY;
    if (grown.capacity > SIZE_MAX / table->slot_size || !(grown.slots = calloc(grown.capacity, table->slot_size)))
        return false;
    for (i = 0; i < table->capacity; ++i)
    {
        slot = fb_slot(table, i);
        if (fb_slot_key(slot))
            memcpy(fb_slot(&grown, fb_probe(&grown, fb_slot_key(slot))), slot, table->slot_size);
    }
    free(table->slots);
    *table = grown;
    return true;
}

void *fb_pointer_table_insert(struct fb_pointer_table *table, const void *key, bool *inserted)
{
    unsigned char *slot;

    if (inserted)
        *inserted = false;
    if (!key)
        return NULL;
    if (table->count)
    {
        slot = fb_slot(table, fb_probe(table, key));
        if (fb_slot_key(slot))
            return slot + FB_POINTER_TABLE_VALUE_OFFSET;
    }
    /* At most three quarters full, so probe runs stay short and one slot stays empty. */
    if ((table->count + 1) * 4 > table->capacity * 3 && !fb_grow(table))
        return NULL;
    slot = fb_slot(table, fb_probe(table, key));
    fb_slot_set_key(slot, key);
    memset(slot + FB_POINTER_TABLE_VALUE_OFFSET, 0, table->value_size);
    ++table->count;
    if (inserted)
        *inserted = true;
    return slot + FB_POINTER_TABLE_VALUE_OFFSET;
}

bool fb_pointer_table_remove(struct fb_pointer_table *table, const void *key)
{
    size_t mask, hole, i, home;
    const void *k;

    if (!table->count || !key)
        return false;
    mask = table->capacity - 1;
    hole = fb_probe(table, key);
    if (!fb_slot_key(fb_slot(table, hole)))
        return false;

    /* Backward shift: an entry after the hole moves into it unless its home slot lies
     * cyclically in (hole, i], where it would no longer be reachable from. */
    for (i = (hole + 1) & mask; (k = fb_slot_key(fb_slot(table, i))); i = (i + 1) & mask)
    {
        home = (size_t)fb_pointer_hash(k) & mask;
        if (((i - home) & mask) >= ((i - hole) & mask))
        {
            memcpy(fb_slot(table, hole), fb_slot(table, i), table->slot_size);
            hole = i;
        }
    }
    memset(fb_slot(table, hole), 0, table->slot_size);
    --table->count;
    return true;
}
