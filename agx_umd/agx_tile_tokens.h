/*
 * The ExecuteTileMappings token stream (seed 001) as a pure function: an argument
 * buffer's DWORDs, read against snapshots of the layout tables, either fail with one
 * error code (128-134) and the failing token's byte offset, or yield every destination
 * tile's new mapping through a callback. Nothing is allocated and nothing outside the
 * inputs is read: every read is bounds-checked, so hostile input (GPU-written tokens)
 * cannot crash, hang or read out of bounds. The fuzz target calls
 * agx_tile_tokens_parse() directly.
 *
 * The stream is checked whole before the first tile is yielded: a call with an error
 * maps nothing (the seed leaves partial application open; all-or-nothing keeps a
 * removed device's page table as it was before the call).
 */
#ifndef AGX_TILE_TOKENS_H
#define AGX_TILE_TOKENS_H

#include <stdbool.h>
#include <stdint.h>

#define AGX_TILE_TOKEN_DWORDS 8u

/* Seed 001's error codes and canonical names. */
enum agx_tile_token_error
{
    AGX_TILE_TOKEN_OK = 0,
    AGX_TILE_TOKEN_OUT_OF_RESOURCE_BOUNDS = 128,
    AGX_TILE_TOKEN_OUT_OF_TILEPOOL_BOUNDS = 129,
    AGX_TILE_TOKEN_UNEXPECTED_END_OF_BUFFER = 130,
    AGX_TILE_TOKEN_INVALID_TOKEN = 131,
    AGX_TILE_TOKEN_INVALID_TILEPOOL = 132,
    AGX_TILE_TOKEN_INVALID_RESOURCE = 133,
    AGX_TILE_TOKEN_INCOMPATIBLE_BOX_MAPPING = 134,
};

/* "OUT_OF_RESOURCE_BOUNDS" etc.; NULL for other values. */
const char *agx_tile_token_error_name(uint32_t code);

/* One subresource of a registered reserved resource: its tiles are first_tile .. +
 * width * height * depth - 1 of the resource's numbering, x then y then z (a packed
 * mip: width is its slice's packed tiles, height and depth 1, and no box fits). */
struct agx_tile_token_subresource
{
    uint64_t first_tile;
    uint32_t width, height, depth;
    bool packed;
};

/* A resource layout slot: unregistered slots have valid false. Buffers have one
 * subresource of width tiles. */
struct agx_tile_token_resource
{
    bool valid, buffer;
    uint32_t subresource_count;
    const struct agx_tile_token_subresource *subresources;
};

/* A tile pool layout slot (a heap): its tiles 0 .. tile_count - 1. */
struct agx_tile_token_pool
{
    bool valid;
    uint64_t tile_count;
};

struct agx_tile_token_tables
{
    uint32_t pool_count, resource_count;
    const struct agx_tile_token_pool *pools;
    const struct agx_tile_token_resource *resources;
};

struct agx_tile_token_input
{
    const uint32_t *args;          /* the argument buffer from ArgumentBufferOffset */
    uint64_t arg_dwords;           /* DWORDs readable there (the rest of the buffer) */
    uint64_t length;               /* the effective length (agx_tile_tokens_length) */
    const uint32_t *tile_list;     /* from TileListBufferOffset, or NULL */
    uint64_t tile_list_dwords;
};

/* The seed's effective length: MaxArgumentDwordCount, or the lesser of it and the
 * count buffer's UINT when there is one. */
uint64_t agx_tile_tokens_length(uint32_t max_dwords, bool has_count, uint32_t count);

/* One destination tile: tile `tile` of resource layout `resource` maps to tile
 * `pool_tile` of pool layout `pool`, or to nothing when pool is UINT32_MAX (NULL). */
typedef void (*agx_tile_token_fn)(void *context, uint32_t resource, uint64_t tile, uint32_t pool,
                                  uint64_t pool_tile);

struct agx_tile_token_result
{
    uint32_t error;                /* enum agx_tile_token_error */
    uint64_t byte_offset;          /* of the failing token, from ArgumentBufferOffset */
};

/* Checks the whole stream, then (no error) yields every mapped tile; false with
 * result filled on the first error in stream order. */
bool agx_tile_tokens_parse(const struct agx_tile_token_tables *tables, const struct agx_tile_token_input *input,
                           agx_tile_token_fn fn, void *context, struct agx_tile_token_result *result);

#endif
