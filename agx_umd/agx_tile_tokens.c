/* The ExecuteTileMappings token parser (agx_tile_tokens.h). */
#include <stddef.h>
#include "agx_tile_tokens.h"

#define AGX_TOKEN_NO_OPERATION 1u
#define AGX_TOKEN_LINEAR 128u
#define AGX_TOKEN_BOX 129u

enum agx_mapping_type
{
    AGX_MAPPING_INCREMENTING,
    AGX_MAPPING_NULL,
    AGX_MAPPING_SKIP,
    AGX_MAPPING_REUSE_SINGLE_TILE,
    AGX_MAPPING_TILE_INDEX_LIST,
    AGX_MAPPING_COUNT,
};

/* One mapping token, decoded: the destination (a linear range of the subresource's
 * tiles, or a box of them) and the source selection. */
struct agx_token
{
    bool box;
    uint32_t mapping, pool, resource, pool_base, list_offset;
    const struct agx_tile_token_subresource *sub;
    uint64_t first, count;                 /* linear: tiles first .. first + count - 1 */
    uint32_t x, y, z, width, height, depth;   /* box */
};

const char *agx_tile_token_error_name(uint32_t code)
{
    switch (code)
    {
        case AGX_TILE_TOKEN_OUT_OF_RESOURCE_BOUNDS: return "OUT_OF_RESOURCE_BOUNDS";
        case AGX_TILE_TOKEN_OUT_OF_TILEPOOL_BOUNDS: return "OUT_OF_TILEPOOL_BOUNDS";
        case AGX_TILE_TOKEN_UNEXPECTED_END_OF_BUFFER: return "UNEXPECTED_END_OF_BUFFER";
        case AGX_TILE_TOKEN_INVALID_TOKEN: return "INVALID_TOKEN";
        case AGX_TILE_TOKEN_INVALID_TILEPOOL: return "INVALID_TILEPOOL";
        case AGX_TILE_TOKEN_INVALID_RESOURCE: return "INVALID_RESOURCE";
        case AGX_TILE_TOKEN_INCOMPATIBLE_BOX_MAPPING: return "INCOMPATIBLE_BOX_MAPPING";
        default: return NULL;
    }
}

uint64_t agx_tile_tokens_length(uint32_t max_dwords, bool has_count, uint32_t count)
{
    return has_count && count < max_dwords ? count : max_dwords;
}

/* Decodes and checks one mapping token (8 DWORDs at t); an error code or 0. */
static uint32_t agx_token_check(const struct agx_tile_token_tables *tables, const struct agx_tile_token_input *input,
                                const uint32_t *t, struct agx_token *token)
{
    uint32_t subresource = t[0] >> 16;
    const struct agx_tile_token_resource *resource;
    const struct agx_tile_token_pool *pool = NULL;
    const struct agx_tile_token_subresource *sub;
    uint64_t i, tiles;

    token->box = (t[0] & 0xff) == AGX_TOKEN_BOX;
    token->mapping = (t[0] >> 8) & 0xff;
    token->pool_base = t[1];
    token->pool = t[5];
    token->resource = t[6];
    token->list_offset = t[7];
    if (token->mapping >= AGX_MAPPING_COUNT)
        return AGX_TILE_TOKEN_INVALID_TOKEN;

    /* The destination. */
    if (token->resource >= tables->resource_count || !tables->resources[token->resource].valid)
        return AGX_TILE_TOKEN_INVALID_RESOURCE;
    resource = &tables->resources[token->resource];
    if (subresource >= resource->subresource_count || !resource->subresources)
        return AGX_TILE_TOKEN_INVALID_RESOURCE;
    token->sub = sub = &resource->subresources[subresource];
    tiles = (uint64_t)sub->width * sub->height * sub->depth;
    if (token->box)
    {
        if (resource->buffer)
            return AGX_TILE_TOKEN_INCOMPATIBLE_BOX_MAPPING;
        token->x = t[2] & 0xffff;
        token->y = t[2] >> 16;
        token->z = t[3] & 0xffff;
        token->width = t[3] >> 16;
        token->height = t[4] & 0xffff;
        token->depth = t[4] >> 16;
        if (!token->width || !token->height || !token->depth)
            return AGX_TILE_TOKEN_INVALID_TOKEN;
        if (sub->packed || (uint64_t)token->x + token->width > sub->width
                || (uint64_t)token->y + token->height > sub->height || (uint64_t)token->z + token->depth > sub->depth)
            return AGX_TILE_TOKEN_OUT_OF_RESOURCE_BOUNDS;
        token->count = (uint64_t)token->width * token->height * token->depth;
    }
    else
    {
        /* Within the one subresource: a range never spills into the next. */
        token->first = t[2];
        token->count = t[3];
        if (token->first + token->count > tiles)
            return AGX_TILE_TOKEN_OUT_OF_RESOURCE_BOUNDS;
    }

    /* The source: NULL and SKIP never touch the pool. */
    if (token->mapping == AGX_MAPPING_NULL || token->mapping == AGX_MAPPING_SKIP)
        return 0;
    if (token->pool >= tables->pool_count || !tables->pools[token->pool].valid)
        return AGX_TILE_TOKEN_INVALID_TILEPOOL;
    pool = &tables->pools[token->pool];
    switch (token->mapping)
    {
        case AGX_MAPPING_INCREMENTING:
            if (token->count && (uint64_t)token->pool_base + token->count > pool->tile_count)
                return AGX_TILE_TOKEN_OUT_OF_TILEPOOL_BOUNDS;
            return 0;
        case AGX_MAPPING_REUSE_SINGLE_TILE:
            if (token->count && token->pool_base >= pool->tile_count)
                return AGX_TILE_TOKEN_OUT_OF_TILEPOOL_BOUNDS;
            return 0;
        default:
            /* One list entry per destination tile, all inside the list buffer. */
            if (!input->tile_list || (uint64_t)token->list_offset + token->count > input->tile_list_dwords)
                return AGX_TILE_TOKEN_INVALID_TOKEN;
            for (i = 0; i < token->count; ++i)
            {
                if (input->tile_list[token->list_offset + i] >= pool->tile_count)
                    return AGX_TILE_TOKEN_OUT_OF_TILEPOOL_BOUNDS;
            }
            return 0;
    }
}

/* The n-th destination tile of a checked token, in XYZ typewriter order. */
static uint64_t agx_token_tile(const struct agx_token *token, uint64_t n)
{
    const struct agx_tile_token_subresource *sub = token->sub;
    uint64_t plane, x, y, z;

    if (!token->box)
        return sub->first_tile + token->first + n;
    plane = (uint64_t)token->width * token->height;
    x = token->x + n % token->width;
    y = token->y + n % plane / token->width;
    z = token->z + n / plane;
    return sub->first_tile + (z * sub->height + y) * sub->width + x;
}

static void agx_token_apply(const struct agx_token *token, const struct agx_tile_token_input *input,
                            agx_tile_token_fn fn, void *context)
{
    uint64_t n, source;

    if (token->mapping == AGX_MAPPING_SKIP)
        return;
    for (n = 0; n < token->count; ++n)
    {
        switch (token->mapping)
        {
            case AGX_MAPPING_NULL:
                fn(context, token->resource, agx_token_tile(token, n), UINT32_MAX, 0);
                continue;
            case AGX_MAPPING_INCREMENTING:
                source = (uint64_t)token->pool_base + n;
                break;
            case AGX_MAPPING_REUSE_SINGLE_TILE:
                source = token->pool_base;
                break;
            default:
                source = input->tile_list[token->list_offset + n];
                break;
        }
        fn(context, token->resource, agx_token_tile(token, n), token->pool, source);
    }
}

/* One pass over the stream: checks each token, and applies it when fn is set. */
static bool agx_tile_tokens_walk(const struct agx_tile_token_tables *tables, const struct agx_tile_token_input *input,
                                 agx_tile_token_fn fn, void *context, struct agx_tile_token_result *result)
{
    uint64_t length = input->length, at;
    struct agx_token token;
    uint32_t type, error;

    for (at = 0; at < length; at += AGX_TILE_TOKEN_DWORDS)
    {
        result->byte_offset = at * 4;
        /* A token cut by the effective length or by the buffer's end. */
        if (length - at < AGX_TILE_TOKEN_DWORDS || at + AGX_TILE_TOKEN_DWORDS > input->arg_dwords || !input->args)
        {
            result->error = AGX_TILE_TOKEN_UNEXPECTED_END_OF_BUFFER;
            return false;
        }
        type = input->args[at] & 0xff;
        if (type == AGX_TOKEN_NO_OPERATION)
            continue;
        if (type != AGX_TOKEN_LINEAR && type != AGX_TOKEN_BOX)
        {
            result->error = AGX_TILE_TOKEN_INVALID_TOKEN;
            return false;
        }
        if ((error = agx_token_check(tables, input, &input->args[at], &token)))
        {
            result->error = error;
            return false;
        }
        if (fn)
            agx_token_apply(&token, input, fn, context);
    }
    return true;
}

bool agx_tile_tokens_parse(const struct agx_tile_token_tables *tables, const struct agx_tile_token_input *input,
                           agx_tile_token_fn fn, void *context, struct agx_tile_token_result *result)
{
    result->error = AGX_TILE_TOKEN_OK;
    result->byte_offset = 0;
    if (!agx_tile_tokens_walk(tables, input, NULL, NULL, result))
        return false;
    if (fn)
        agx_tile_tokens_walk(tables, input, fn, context, result);
    result->byte_offset = 0;
    return true;
}
