/* The execution engine's command loop (agx_exec.h). */
#include "agx_clear.h"
#include "agx_cmdasync.h"
#include "agx_exec.h"
#include "agx_indirect.h"
#include "agx_mem.h"
#include "agx_tile.h"

/* The predicate is captured when SetPredication executes; later writes to the buffer
 * do not change it. */
static void agx_exec_set_predication(struct agx_exec *exec, const struct agx_cmd_predication *cmd)
{
    uint64_t value;

    if (!cmd->buffer)
    {
        exec->predicated = false;
        return;
    }
    agx_mem_read(exec->backend, cmd->buffer->va + cmd->offset, &value, sizeof(value));
    exec->predicated = cmd->op == D3D12_PREDICATION_OP_EQUAL_ZERO ? !value : !!value;
}

static void agx_exec_write_immediate(struct agx_exec *exec, const struct agx_cmd_write_immediate *cmd)
{
    uint32_t i;

    for (i = 0; i < cmd->count; ++i)
        agx_mem_write(exec->backend, cmd->params[i].Dest, &cmd->params[i].Value, sizeof(cmd->params[i].Value));
}

static void agx_exec_copy_buffer(struct agx_exec *exec, const struct agx_buffer_copy *copy)
{
    agx_mem_copy(exec->backend, copy->dst->va + copy->dst_offset, copy->src->va + copy->src_offset, copy->size);
}

/* The batched copies run their parts one after the other, one of the orders the Async
 * Commands spec allows. They are predicated like the copies the fallback loops over. */
static void agx_exec_copy_buffer_regions(struct agx_exec *exec, const struct agx_cmd_copy_buffer_regions *cmd)
{
    uint32_t i;

    for (i = 0; i < cmd->count; ++i)
        agx_exec_copy_buffer(exec, &cmd->regions[i]);
}

static void agx_exec_copy_resources(struct agx_exec *exec, const struct agx_cmd_copy_resources *cmd)
{
    uint32_t i;

    for (i = 0; i < cmd->count; ++i)
        agx_copy_resource(exec->backend, cmd->pairs[i].dst, cmd->pairs[i].src);
}

/* What one record spends of the watchdog's credit: the clock is looked at every 256
 * records at most, whatever they are. */
#define AGX_EXEC_RECORD_CREDIT (AGX_WATCHDOG_CREDIT / 256)

static void agx_exec_run(struct agx_exec *exec, const struct agx_cmd *cmd)
{
    for (;;)
    {
        if (agx_watchdog_spend(&exec->watchdog, AGX_EXEC_RECORD_CREDIT))
            return;
        switch (cmd->type)
        {
            case AGX_CMD_END:
                return;

            case AGX_CMD_JUMP:
                cmd = ((const struct agx_cmd_jump *)cmd)->next;
                continue;

            case AGX_CMD_BUNDLE:
                agx_exec_run(exec, ((const struct agx_cmd_bundle *)cmd)->first);
                break;

            case AGX_CMD_RENDER_PASS:
                /* Passes keep surfaces in memory on this engine: nothing to load. */
            case AGX_CMD_BARRIER:
                /* In order on one thread: everything before has completed. */
                break;

            case AGX_CMD_COPY_BUFFER:
                if (!exec->predicated)
                    agx_exec_copy_buffer(exec, &((const struct agx_cmd_copy_buffer *)cmd)->copy);
                break;

            case AGX_CMD_COPY_BUFFER_REGIONS:
                if (!exec->predicated)
                    agx_exec_copy_buffer_regions(exec, (const struct agx_cmd_copy_buffer_regions *)cmd);
                break;

            case AGX_CMD_COPY_TEXTURE:
                if (!exec->predicated)
                    agx_copy_texture_region(exec->backend, (const struct agx_cmd_copy_texture *)cmd);
                break;

            case AGX_CMD_COPY_TEXTURE_REGIONS:
                if (!exec->predicated)
                    agx_copy_texture_regions(exec->backend, (const struct agx_cmd_copy_texture_regions *)cmd);
                break;

            case AGX_CMD_COPY_RESOURCE:
            {
                const struct agx_resource_pair *pair = &((const struct agx_cmd_copy_resource *)cmd)->pair;

                if (!exec->predicated)
                    agx_copy_resource(exec->backend, pair->dst, pair->src);
                break;
            }

            case AGX_CMD_COPY_RESOURCES:
                if (!exec->predicated)
                    agx_exec_copy_resources(exec, (const struct agx_cmd_copy_resources *)cmd);
                break;

            case AGX_CMD_FILL_BUFFERS:
                if (!exec->predicated)
                    agx_cmdasync_exec_fill_buffers(exec->backend, (const struct agx_cmd_fill_buffers *)cmd);
                break;

            case AGX_CMD_CLEAR_TEXTURES:
                if (!exec->predicated)
                    agx_cmdasync_exec_clear_textures(exec->backend, (const struct agx_cmd_clear_textures *)cmd);
                break;

            case AGX_CMD_COPY_TILES:
                if (!exec->predicated)
                    agx_tile_exec_copy_tiles(exec->backend, (const struct agx_cmd_copy_tiles *)cmd);
                break;

            case AGX_CMD_EXECUTE_INDIRECT:
                agx_indirect_exec(exec, (const struct agx_cmd_execute_indirect *)cmd);
                break;

            case AGX_CMD_CLEAR_BOUND_RTV:
            case AGX_CMD_CLEAR_BOUND_DSV:
                agx_cmdasync_exec_bound_clear(exec, cmd);
                break;

            case AGX_CMD_CLEAR:
            {
                const struct agx_cmd_clear *clear = (const void *)cmd;

                if (!(clear->predicated && exec->predicated))
                    agx_clear_exec(exec->backend, clear);
                break;
            }

            case AGX_CMD_RESOLVE:
            {
                const struct agx_cmd_resolve *resolve = (const void *)cmd;

                if (!(resolve->predicated && exec->predicated))
                    agx_resolve_exec(exec->backend, resolve);
                break;
            }

            case AGX_CMD_WRITE_IMMEDIATE:
                agx_exec_write_immediate(exec, (const struct agx_cmd_write_immediate *)cmd);
                break;

            case AGX_CMD_BEGIN_QUERY:
            case AGX_CMD_END_QUERY:
            {
                const struct agx_cmd_query *query = (const void *)cmd;

                if (cmd->type == AGX_CMD_BEGIN_QUERY)
                    agx_query_exec_begin(exec->backend, query->heap, query->type, query->index, &exec->counters);
                else
                    agx_query_exec_end(exec->backend, query->heap, query->type, query->index, &exec->counters);
                break;
            }

            case AGX_CMD_RESOLVE_QUERY:
            {
                const struct agx_cmd_resolve_query *resolve = (const void *)cmd;

                agx_query_exec_resolve(exec->backend, resolve->heap, resolve->start, resolve->count,
                        resolve->dst->va + resolve->dst_offset);
                break;
            }

            case AGX_CMD_SET_PREDICATION:
                agx_exec_set_predication(exec, (const struct agx_cmd_predication *)cmd);
                break;

            default:
                if (cmd->type >= AGX_CMD_GRAPHICS_FIRST)
                    agx_exec_graphics_command(exec, cmd);
                else if (cmd->type >= AGX_CMD_BINDING_FIRST)
                    agx_exec_binding_command(exec, cmd);
                break;
        }
        cmd = (const struct agx_cmd *)((const unsigned char *)cmd + cmd->size);
    }
}

void agx_exec_fail(struct agx_exec *exec, HRESULT hr)
{
    if (exec->failure == S_OK)
        exec->failure = hr;
    exec->watchdog.expired = true;
}

HRESULT agx_exec_recording(struct agx_device *device, const struct agx_cmd *first, uint64_t budget_ns)
{
    /* Every command list starts with predication off and no state bound. */
    struct agx_exec exec = {.device = device, .backend = device->backend, .failure = S_OK};

    /* What the commands skip is told to the runtime as execution errors. */
    agx_log_scope_begin(device, D3D12_MESSAGE_CATEGORY_EXECUTION);
    agx_watchdog_start(&exec.watchdog, budget_ns, &device->lost);
    agx_exec_run(&exec, first);
    agx_exec_binding_finish(&exec);
    agx_exec_graphics_finish(&exec);
    agx_log_scope_end();
    if (exec.failure != S_OK)
        return exec.failure;
    return exec.watchdog.expired ? DXGI_ERROR_DEVICE_HUNG : S_OK;
}
