/*
 * The FillBuffers planner (seed 000, "FillBuffers"): a pure function of the batch, the
 * device caps, the list's tracked scopes and what the recording already holds, which
 * decides everything before anything is recorded.
 *
 * Each fill writes its clamped size: the whole patterns that fit between Offset and
 * the buffer's end, at most RepeatCount of them (an Offset past the end was rejected
 * by the runtime; one at the end writes nothing). A fill that writes nothing takes
 * no route. The others take one of two:
 *
 * - Compute, when every condition of seed 000 holds (FB_FILL_NEEDS_* below names
 *   each): the runtime's fill shader writes it (fb_fill_record_compute).
 * - CPU upload, otherwise: copies from upload chunks of at most 1 MiB that hold
 *   the pattern repeated (a chunk's size is whole patterns, so every copy lands
 *   whole patterns). A fill whose pattern is the one of the recording's last chunk,
 *   and which that chunk covers, reuses it. On a discrete device an unprotected fill
 *   larger than one chunk copies the chunk into the recording's VRAM staging block
 *   and repeats its copies from there; staging is refreshed at the first staged
 *   fill of every call and whenever the pattern changes.
 *
 * The fills of each route form one group, recorded together in call order (the upload
 * group first), so fills of one call that overlap may land in any order, as the API
 * allows. The compute group lists its destinations once each (a pointer table
 * de-duplicates them) with the scope each must be transitioned from.
 */
#ifndef FB_PLAN_FILL_H
#define FB_PLAN_FILL_H

#include "fb_route.h"
#include "fb_scope.h"
#include "fb_services.h"

/* A chunk's most bytes (seed 000). */
#define FB_FILL_CHUNK_MAX FB_SERVICES_MAX_SPAN

/* What the planner needs of the device. */
struct fb_fill_caps
{
    D3D_FEATURE_LEVEL feature_level;
    bool shader_support;        /* the driver runs the runtime's fill shader */
    bool discrete;              /* not UMA: VRAM staging pays off */
};

/* What the runtime knows of one fill's destination buffer. */
struct fb_fill_buffer
{
    UINT64 width;
    D3D12_HEAP_TYPE heap_type;  /* of the heap its memory lives in, as reported */
    bool allow_uav;             /* D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS */
    bool is_protected;          /* in protected memory: never staged */
    UINT64 gpu_va;              /* of byte 0: the compute route's root UAV */
};

/* A fill value's bytes: a raw pattern, or one element of the fill's format. */
struct fb_fill_pattern
{
    UINT size;
    UINT8 bytes[16];
};

/* What a recording holds between FillBuffers calls (the runtime keeps one per command
 * list and zeroes it when the list is reset). Updated by fb_fill_record. */
struct fb_fill_recording
{
    bool has_last_chunk;
    struct fb_fill_pattern last_pattern;
    struct fb_buffer_span last_chunk;        /* whole patterns of last_pattern */
    bool has_staging;
    struct fb_buffer_span staging;           /* FB_FILL_CHUNK_MAX bytes, allocator-owned */
    bool staging_read;                       /* copies read it since its last refresh */
};

struct fb_fill_request
{
    const struct fb_fill_caps *caps;
    D3D12_COMMAND_LIST_TYPE list_type;
    /* The runtime can put back the app's compute root signature, pipeline and root
     * arguments after a dispatch. */
    bool compute_state_restorable;
    const struct fb_scope_tracker *scopes;   /* the list's; NULL tracks nothing */
    const struct fb_fill_recording *recording;
    UINT count;
    const D3D12DDI_FILL_BUFFER_DESC *descs;  /* validated */
    const struct fb_fill_buffer *buffers;    /* one per desc */
};

enum fb_fill_route
{
    FB_FILL_ROUTE_NONE,         /* nothing to write */
    FB_FILL_ROUTE_UPLOAD,
    FB_FILL_ROUTE_COMPUTE,
};

/* The compute conditions a fill misses (fb_fill_entry.missing). */
#define FB_FILL_NEEDS_COMPUTE_LIST      0x01u   /* a direct or compute list */
#define FB_FILL_NEEDS_DWORD_ALIGNMENT   0x02u   /* Offset and the clamped size multiples of 4 */
#define FB_FILL_NEEDS_TRACKED_SCOPE     0x04u   /* the list put a barrier on the buffer */
#define FB_FILL_NEEDS_RESTORABLE_STATE  0x08u
#define FB_FILL_NEEDS_GPU_HEAP          0x10u   /* not an UPLOAD or READBACK heap */
#define FB_FILL_NEEDS_UAV               0x20u   /* D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS */
#define FB_FILL_NEEDS_FEATURE_LEVEL     0x40u   /* 11_0 */
#define FB_FILL_NEEDS_SHADERS           0x80u   /* the driver's shader support */

struct fb_fill_entry
{
    enum fb_fill_route route;
    unsigned int missing;       /* FB_FILL_NEEDS_* bits; 0 for a compute fill */
    UINT64 bytes;               /* the clamped size: whole patterns */
    struct fb_fill_pattern pattern;
    /* Upload route: */
    UINT chunk;                 /* index in fb_fill_plan.chunks */
    bool staged;                /* the copies read the staging block */
    bool refresh_staging;       /* the chunk is copied into the staging block first */
    UINT64 copy_size;           /* bytes per copy into the destination (the last may be less) */
    UINT64 copy_count;
    /* Compute route: */
    UINT64 gpu_va;              /* the destination buffer's byte 0 */
};

/* One upload chunk of the plan. */
struct fb_fill_chunk
{
    struct fb_fill_pattern pattern;
    UINT64 size;                /* whole patterns, at most FB_FILL_CHUNK_MAX */
    bool reuse_last;            /* the recording's last chunk: nothing to allocate */
    struct fb_buffer_span span; /* fb_fill_acquire's */
};

/* A compute-group destination, listed once. */
struct fb_fill_destination
{
    D3D12DDI_HRESOURCE buffer;
    struct fb_scope before;     /* its tracked scope, restored as COPY / COPY_DEST after */
};

struct fb_fill_group
{
    enum fb_fill_route route;
    UINT count;
    UINT *fills;                /* indices into entries, in call order */
};

struct fb_fill_plan
{
    UINT count;
    struct fb_fill_entry *entries;           /* one per desc */
    UINT chunk_count;
    struct fb_fill_chunk *chunks;
    UINT group_count;
    struct fb_fill_group groups[2];          /* non-empty groups: UPLOAD, then COMPUTE */
    UINT destination_count;
    struct fb_fill_destination *destinations;   /* of the compute group */
    bool needs_staging;                      /* a staged fill and no staging block yet */
};

/* The plan's group of a route, or NULL when no fill takes it. */
const struct fb_fill_group *fb_fill_plan_group(const struct fb_fill_plan *plan, enum fb_fill_route route);

/*
 * Plans a validated batch. S_OK; E_OUTOFMEMORY; or E_FAIL with *rejection filled when
 * a fill cannot be lowered (its format has no encoding). The plan holds memory until
 * fb_fill_plan_cleanup, which is safe on a failed or zeroed plan.
 */
HRESULT fb_plan_fills(const struct fb_fill_request *request, struct fb_fill_plan *plan,
                      struct fb_rejection *rejection);
void fb_fill_plan_cleanup(struct fb_fill_plan *plan);

/* A fill's clamped size: the whole patterns that fit (0 with Offset at or past the end). */
UINT64 fb_fill_clamped_bytes(UINT64 width, UINT64 offset, UINT pattern_size, UINT repeat_count);

/* The largest chunk for a pattern size: whole patterns within FB_FILL_CHUNK_MAX. */
static inline UINT64 fb_fill_chunk_capacity(UINT pattern_size)
{
    return FB_FILL_CHUNK_MAX / pattern_size * pattern_size;
}

#endif
