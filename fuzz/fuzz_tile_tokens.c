/*
 * libFuzzer target: the ExecuteTileMappings token parser (agx_umd/agx_tile_tokens.h) on
 * arbitrary bytes. The first 16 bytes shape the layout tables (slot counts, which slots
 * are registered, pool sizes, one subresource shape), the next four the count; the rest
 * splits into the argument stream and the tile list. Invariants besides the sanitizers:
 * a refusal names one of seed 001's codes at a token boundary inside the effective
 * length; an acceptance yields only registered slots and tiles inside them, and exactly
 * as many tiles on a second parse.
 */
#include "fuzz_common.h"
#include "agx_tile_tokens.h"

#include <string.h>

#define FUZZ_SLOTS 4u

struct fuzz_yield
{
    const struct agx_tile_token_tables *tables;
    uint64_t tiles;
};

static uint64_t fuzz_resource_tiles(const struct agx_tile_token_resource *resource)
{
    const struct agx_tile_token_subresource *last = &resource->subresources[resource->subresource_count - 1];

    return last->first_tile + (uint64_t)last->width * last->height * last->depth;
}

static void fuzz_tile(void *context, uint32_t resource, uint64_t tile, uint32_t pool, uint64_t pool_tile)
{
    struct fuzz_yield *yield = context;
    const struct agx_tile_token_tables *tables = yield->tables;

    FUZZ_CHECK(resource < tables->resource_count && tables->resources[resource].valid);
    FUZZ_CHECK(tile < fuzz_resource_tiles(&tables->resources[resource]));
    if (pool != UINT32_MAX)
    {
        FUZZ_CHECK(pool < tables->pool_count && tables->pools[pool].valid);
        FUZZ_CHECK(pool_tile < tables->pools[pool].tile_count);
    }
    ++yield->tiles;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct agx_tile_token_subresource subresources[FUZZ_SLOTS][2];
    struct agx_tile_token_resource resources[FUZZ_SLOTS];
    struct agx_tile_token_pool pools[FUZZ_SLOTS];
    struct agx_tile_token_tables tables;
    struct agx_tile_token_input input;
    struct agx_tile_token_result result;
    struct fuzz_yield first = {&tables, 0}, second = {&tables, 0};
    uint32_t *words = NULL, count = 0, max_dwords, list_dwords;
    size_t word_count;
    unsigned int i;
    bool ok;

    if (size < 20)
        return 0;
    memset(&tables, 0, sizeof(tables));
    tables.pool_count = data[0] % (FUZZ_SLOTS + 1);
    tables.resource_count = data[1] % (FUZZ_SLOTS + 1);
    tables.pools = pools;
    tables.resources = resources;
    for (i = 0; i < FUZZ_SLOTS; ++i)
    {
        pools[i].valid = data[2] >> i & 1;
        pools[i].tile_count = data[4 + i];
        resources[i].valid = data[3] >> i & 1;
        resources[i].buffer = data[3] >> (4 + i) & 1;
        resources[i].subresource_count = resources[i].buffer ? 1 : 2;
        resources[i].subresources = subresources[i];
        /* Subresource 0: a w x h x d grid; subresource 1 after it: a packed mip. */
        subresources[i][0] = (struct agx_tile_token_subresource){0, 1u + data[8 + i] % 8, 1u + data[12 + i] % 4,
                1u + (data[12 + i] >> 4) % 3, false};
        subresources[i][1] = (struct agx_tile_token_subresource){subresources[i][0].width
                * subresources[i][0].height * subresources[i][0].depth, 1u + data[8 + i] / 64, 1, 1, true};
    }
    memcpy(&count, data + 16, 4);
    data += 20;
    size -= 20;

    word_count = size / 4;
    if (word_count && !(words = malloc(word_count * 4)))
        return 0;
    if (word_count)
        memcpy(words, data, word_count * 4);
    /* The last word says how many of the others are the tile list and what the maximum is. */
    list_dwords = word_count ? words[word_count - 1] % (uint32_t)word_count : 0;
    max_dwords = word_count ? (words[word_count - 1] >> 8) : 0;
    memset(&input, 0, sizeof(input));
    input.args = words;
    input.arg_dwords = word_count - list_dwords;
    input.length = agx_tile_tokens_length(max_dwords, count & 1, count >> 1);
    input.tile_list = list_dwords ? words + input.arg_dwords : NULL;
    input.tile_list_dwords = list_dwords;

    ok = agx_tile_tokens_parse(&tables, &input, fuzz_tile, &first, &result);
    if (!ok)
    {
        FUZZ_CHECK(agx_tile_token_error_name(result.error));
        FUZZ_CHECK(result.byte_offset % (AGX_TILE_TOKEN_DWORDS * 4) == 0);
        FUZZ_CHECK(result.byte_offset / 4 < input.length);
        FUZZ_CHECK(!first.tiles);
    }
    else
    {
        FUZZ_CHECK(result.error == AGX_TILE_TOKEN_OK);
        FUZZ_CHECK(agx_tile_tokens_parse(&tables, &input, fuzz_tile, &second, &result));
        FUZZ_CHECK(first.tiles == second.tiles);
    }
    free(words);
    return 0;
}
