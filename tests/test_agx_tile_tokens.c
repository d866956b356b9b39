/*
 * agx_umd's ExecuteTileMappings token parser (agx_tile_tokens.h), a pure function:
 * every token and mapping type against hand-built layout tables, each error code
 * 128-134 with its token's byte offset, the effective length, and the all-or-nothing
 * rule (a stream with an error yields no tile).
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "agx_tile_tokens.h"
#include "test_run.h"

#define NO_POOL UINT32_MAX

struct mapped
{
    uint32_t resource, pool;
    uint64_t tile, pool_tile;
};

struct capture
{
    unsigned int count;
    struct mapped tiles[64];
};

static void capture_tile(void *context, uint32_t resource, uint64_t tile, uint32_t pool, uint64_t pool_tile)
{
    struct capture *c = context;

    ck_assert_uint_lt(c->count, 64);
    c->tiles[c->count].resource = resource;
    c->tiles[c->count].tile = tile;
    c->tiles[c->count].pool = pool;
    c->tiles[c->count++].pool_tile = pool_tile;
}

/*
 * Resource 0: a texture whose subresource 0 is 4x2 tiles (0-7), 1 is 2x1 (8-9), 2 a
 * packed mip of 2 tiles (10-11), 3 a 2x2x2 volume mip (12-19). Resource 1: a buffer
 * of 5 tiles. Resource 2: an empty slot. Pool 0 has 8 tiles, pool 1 is empty.
 */
static const struct agx_tile_token_subresource texture_subs[] =
{
    {0, 4, 2, 1, false}, {8, 2, 1, 1, false}, {10, 2, 1, 1, true}, {12, 2, 2, 2, false},
};
static const struct agx_tile_token_subresource buffer_sub = {0, 5, 1, 1, false};
static const struct agx_tile_token_resource resources[] =
{
    {true, false, 4, texture_subs}, {true, true, 1, &buffer_sub}, {false, false, 0, NULL},
};
static const struct agx_tile_token_pool pools[] = {{true, 8}, {false, 0}};
static const struct agx_tile_token_tables tables = {2, 3, pools, resources};

static void linear(uint32_t *t, uint32_t mapping, uint32_t sub, uint32_t pool_base, uint32_t first, uint32_t count,
                   uint32_t pool, uint32_t resource, uint32_t list_offset)
{
    t[0] = 128u | mapping << 8 | sub << 16;
    t[1] = pool_base;
    t[2] = first;
    t[3] = count;
    t[4] = 0;
    t[5] = pool;
    t[6] = resource;
    t[7] = list_offset;
}

static void box(uint32_t *t, uint32_t mapping, uint32_t sub, uint32_t pool_base, uint32_t x, uint32_t y, uint32_t z,
                uint32_t w, uint32_t h, uint32_t d, uint32_t pool, uint32_t resource)
{
    t[0] = 129u | mapping << 8 | sub << 16;
    t[1] = pool_base;
    t[2] = x | y << 16;
    t[3] = z | w << 16;
    t[4] = h | d << 16;
    t[5] = pool;
    t[6] = resource;
    t[7] = 0;
}

static void no_op(uint32_t *t)
{
    memset(t, 0, 8 * sizeof(*t));
    t[0] = 1;
}

static bool run(const uint32_t *args, uint64_t dwords, const uint32_t *list, uint64_t list_dwords,
                struct capture *c, struct agx_tile_token_result *result)
{
    struct agx_tile_token_input input = {args, dwords, dwords, list, list_dwords};

    memset(c, 0, sizeof(*c));
    return agx_tile_tokens_parse(&tables, &input, capture_tile, c, result);
}

static void check_tile(const struct capture *c, unsigned int i, uint32_t resource, uint64_t tile, uint32_t pool,
                       uint64_t pool_tile)
{
    ck_assert_msg(c->tiles[i].resource == resource && c->tiles[i].tile == tile && c->tiles[i].pool == pool
            && (pool == NO_POOL || c->tiles[i].pool_tile == pool_tile),
            "tile %u: (%u, %llu) <- (%u, %llu), expected (%u, %llu) <- (%u, %llu)", i, c->tiles[i].resource,
            (unsigned long long)c->tiles[i].tile, c->tiles[i].pool, (unsigned long long)c->tiles[i].pool_tile,
            resource, (unsigned long long)tile, pool, (unsigned long long)pool_tile);
}

/* The five mapping types on linear tokens, NO_OPERATION between them. */
START_TEST(test_linear_mapping_types)
{
    static const uint32_t list[4] = {0, 7, 7, 3};
    struct agx_tile_token_result result;
    uint32_t args[6 * 8];
    struct capture c;

    linear(&args[0], 0, 0, 2, 5, 3, 0, 0, 0);      /* tiles 5-7 <- pool 2-4 */
    no_op(&args[8]);
    linear(&args[16], 1, 1, 99, 0, 2, 1, 0, 0);    /* NULL: the (empty) pool is not touched */
    linear(&args[24], 2, 0, 99, 0, 8, 9, 0, 0);    /* SKIP: nothing */
    linear(&args[32], 3, 0, 6, 0, 2, 0, 1, 0);     /* buffer tiles 0-1 <- pool 6 */
    linear(&args[40], 4, 3, 0, 4, 4, 0, 0, 0);     /* volume z = 1 from the list */
    ck_assert(run(args, 48, list, 4, &c, &result));
    ck_assert_uint_eq(result.error, 0);
    ck_assert_uint_eq(c.count, 3 + 2 + 2 + 4);
    check_tile(&c, 0, 0, 5, 0, 2);
    check_tile(&c, 1, 0, 6, 0, 3);
    check_tile(&c, 2, 0, 7, 0, 4);
    check_tile(&c, 3, 0, 8, NO_POOL, 0);
    check_tile(&c, 4, 0, 9, NO_POOL, 0);
    check_tile(&c, 5, 1, 0, 0, 6);
    check_tile(&c, 6, 1, 1, 0, 6);
    check_tile(&c, 7, 0, 16, 0, 0);
    check_tile(&c, 8, 0, 17, 0, 7);
    check_tile(&c, 9, 0, 18, 0, 7);
    check_tile(&c, 10, 0, 19, 0, 3);
}
END_TEST

/* Boxes walk x, then y, then z; a packed mip takes linear tokens only. */
START_TEST(test_box_mappings)
{
    struct agx_tile_token_result result;
    uint32_t args[3 * 8];
    struct capture c;

    box(&args[0], 0, 0, 0, 1, 0, 0, 2, 2, 1, 0, 0);   /* tiles 1, 2, 5, 6 <- 0-3 */
    box(&args[8], 3, 3, 5, 1, 0, 0, 1, 2, 2, 0, 0);   /* volume x = 1: 13, 15, 17, 19 <- 5 */
    linear(&args[16], 0, 2, 6, 0, 2, 0, 0, 0);       /* packed tiles 10-11 <- 6-7 */
    ck_assert(run(args, 24, NULL, 0, &c, &result));
    ck_assert_uint_eq(c.count, 10);
    check_tile(&c, 0, 0, 1, 0, 0);
    check_tile(&c, 1, 0, 2, 0, 1);
    check_tile(&c, 2, 0, 5, 0, 2);
    check_tile(&c, 3, 0, 6, 0, 3);
    check_tile(&c, 4, 0, 13, 0, 5);
    check_tile(&c, 5, 0, 15, 0, 5);
    check_tile(&c, 6, 0, 17, 0, 5);
    check_tile(&c, 7, 0, 19, 0, 5);
    check_tile(&c, 8, 0, 10, 0, 6);
    check_tile(&c, 9, 0, 11, 0, 7);
}
END_TEST

/* Each error as the second token (byte offset 32, after a NO_OPERATION that is fine);
 * the stream yields nothing. */
static const struct
{
    uint32_t code;
    const char *what;
}
errors[] =
{
    {128, "a linear range past its subresource (it may not spill into the next)"},
    {128, "a box past its subresource"},
    {128, "a box in a packed mip"},
    {129, "incrementing past the pool"},
    {129, "a reused tile past the pool"},
    {129, "a list entry past the pool"},
    {130, "half a token at the end"},
    {131, "an unknown token type"},
    {131, "an unknown mapping type"},
    {131, "a box with a zero extent"},
    {131, "a tile list shorter than the tiles"},
    {132, "an empty pool slot"},
    {132, "a pool index past the table"},
    {133, "an empty resource slot"},
    {133, "a resource index past the table"},
    {133, "a subresource past the resource"},
    {134, "a box on a buffer"},
};

START_TEST(test_errors)
{
    static const char *const names[] =
    {
        "OUT_OF_RESOURCE_BOUNDS", "OUT_OF_TILEPOOL_BOUNDS", "UNEXPECTED_END_OF_BUFFER", "INVALID_TOKEN",
        "INVALID_TILEPOOL", "INVALID_RESOURCE", "INCOMPATIBLE_BOX_MAPPING",
    };
    static const uint32_t list[2] = {1, 8};
    struct agx_tile_token_result result;
    uint64_t length = 24;
    uint32_t args[3 * 8], *t = &args[8];
    struct capture c;

    linear(&args[0], 0, 0, 0, 0, 1, 0, 0, 0);        /* a good token first: it must not be applied */
    no_op(t);
    no_op(&args[16]);
    switch (_i)
    {
        case 0: linear(t, 0, 1, 0, 1, 2, 0, 0, 0); break;
        case 1: box(t, 0, 0, 0, 3, 1, 0, 2, 1, 1, 0, 0); break;
        case 2: box(t, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 0); break;
        case 3: linear(t, 0, 0, 6, 0, 3, 0, 0, 0); break;
        case 4: linear(t, 3, 0, 8, 0, 3, 0, 0, 0); break;
        case 5: linear(t, 4, 0, 0, 0, 2, 0, 0, 0); break;
        case 6: length = 12; break;
        case 7: t[0] = 7; break;
        case 8: linear(t, 5, 0, 0, 0, 1, 0, 0, 0); break;
        case 9: box(t, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0); break;
        case 10: linear(t, 4, 0, 0, 0, 2, 0, 0, 1); break;
        case 11: linear(t, 0, 0, 0, 0, 1, 1, 0, 0); break;
        case 12: linear(t, 3, 0, 0, 0, 1, 2, 0, 0); break;
        case 13: linear(t, 0, 0, 0, 0, 1, 0, 2, 0); break;
        case 14: linear(t, 1, 0, 0, 0, 1, 0, 3, 0); break;
        case 15: linear(t, 1, 4, 0, 0, 1, 0, 0, 0); break;
        case 16: box(t, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1); break;
    }
    ck_assert(!run(args, length, list, 2, &c, &result));
    ck_assert_msg(result.error == errors[_i].code, "%s: error %u, expected %u", errors[_i].what, result.error,
                  errors[_i].code);
    ck_assert_msg(result.byte_offset == 32, "%s: offset %llu", errors[_i].what,
                  (unsigned long long)result.byte_offset);
    ck_assert_uint_eq(c.count, 0);
    ck_assert_str_eq(agx_tile_token_error_name(result.error), names[result.error - 128]);
}
END_TEST

/* The effective length is the lesser of the maximum and the count; a length past the
 * readable DWORDs ends in the middle of a token. */
START_TEST(test_length)
{
    struct agx_tile_token_input input;
    struct agx_tile_token_result result;
    uint32_t args[2 * 8];
    struct capture c;

    ck_assert_uint_eq(agx_tile_tokens_length(16, false, 3), 16);
    ck_assert_uint_eq(agx_tile_tokens_length(16, true, 8), 8);
    ck_assert_uint_eq(agx_tile_tokens_length(8, true, 16), 8);
    ck_assert_uint_eq(agx_tile_tokens_length(8, true, 0), 0);
    linear(&args[0], 0, 0, 0, 0, 1, 0, 0, 0);
    linear(&args[8], 0, 0, 1, 1, 1, 0, 0, 0);
    /* A count of 8: the second token is not read. */
    memset(&c, 0, sizeof(c));
    input = (struct agx_tile_token_input){args, 16, agx_tile_tokens_length(16, true, 8), NULL, 0};
    ck_assert(agx_tile_tokens_parse(&tables, &input, capture_tile, &c, &result));
    ck_assert_uint_eq(c.count, 1);
    /* Length 16 over 12 readable DWORDs. */
    memset(&c, 0, sizeof(c));
    input = (struct agx_tile_token_input){args, 12, 16, NULL, 0};
    ck_assert(!agx_tile_tokens_parse(&tables, &input, capture_tile, &c, &result));
    ck_assert_uint_eq(result.error, 130);
    ck_assert_uint_eq(result.byte_offset, 32);
    ck_assert_uint_eq(c.count, 0);
    /* Nothing at all is a valid, empty stream. */
    input = (struct agx_tile_token_input){NULL, 0, 0, NULL, 0};
    ck_assert(agx_tile_tokens_parse(&tables, &input, capture_tile, &c, &result));
    ck_assert_uint_eq(agx_tile_token_error_name(0) == NULL, 1);
}
END_TEST

static Suite *agx_tile_tokens_suite(void)
{
    Suite *suite = suite_create("agx_tile_tokens");
    TCase *tc = tcase_create("tokens");

    tcase_add_test(tc, test_linear_mapping_types);
    tcase_add_test(tc, test_box_mappings);
    tcase_add_loop_test(tc, test_errors, 0, sizeof(errors) / sizeof(errors[0]));
    tcase_add_test(tc, test_length);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_tile_tokens_suite(), NULL);
}
