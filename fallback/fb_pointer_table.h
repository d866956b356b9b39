/*
 * The open-addressing pointer table of seed 000's resource scope tracking: a key is a
 * pointer (a driver resource handle), a value a small struct of a size fixed when the
 * table is created. The scope tracker (fb_scope.h) keeps each touched resource's
 * barrier scope in one; the fill planner uses one to list a batch's destinations once.
 *
 * Linear probing over a power-of-two array; the table doubles once it would be more
 * than three quarters full; removal shifts the following entries of the probe run
 * back, so there are no tombstones and a lookup stops at the first empty slot.
 * NULL is not a valid key (it marks an empty slot). Not thread-safe: each table has
 * one owner (a command list, or a planner call).
 */
#ifndef FB_POINTER_TABLE_H
#define FB_POINTER_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fb_pointer_table
{
    unsigned char *slots;      /* capacity slots: the key, then the value at FB_POINTER_TABLE_VALUE_OFFSET */
    size_t capacity;           /* 0 (nothing allocated yet) or a power of two */
    size_t count;
    size_t value_size;
    size_t slot_size;
};

/* Values start 8-byte aligned: any struct of integers and pointers fits. */
#define FB_POINTER_TABLE_VALUE_OFFSET 8u

/* Allocates nothing; the first insertion does. */
void fb_pointer_table_init(struct fb_pointer_table *table, size_t value_size);
void fb_pointer_table_cleanup(struct fb_pointer_table *table);
/* Forgets every entry and keeps the slots for reuse. */
void fb_pointer_table_clear(struct fb_pointer_table *table);

static inline size_t fb_pointer_table_count(const struct fb_pointer_table *table)
{
    return table->count;
}

/* The value stored under key, or NULL. The pointer is valid until the next insertion
 * or removal. */
void *fb_pointer_table_find(const struct fb_pointer_table *table, const void *key);

/*
 * The value under key, created zeroed if absent (*inserted tells which; it may be
 * NULL). NULL when the table had to grow and memory ran out: the table is then
 * unchanged. Same validity as fb_pointer_table_find().
 */
void *fb_pointer_table_insert(struct fb_pointer_table *table, const void *key, bool *inserted);

/* Removes key; false if it was absent. */
bool fb_pointer_table_remove(struct fb_pointer_table *table, const void *key);

/* The hash a key's home slot is taken from (its low bits): a 64-bit mix of the
 * address, so aligned pointers spread. Exposed for tests that build collisions. */
uint64_t fb_pointer_hash(const void *key);

#endif
