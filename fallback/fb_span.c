/* Pattern writes and staging barriers shared by the emitters (fb_span.h). */
#include <string.h>

#include "fb_span.h"

void fb_span_repeat(unsigned char *dst, UINT64 unit, UINT64 size)
{
    UINT64 done = unit, step;

    while (done < size)
    {
        step = done < size - done ? done : size - done;
        memcpy(dst + done, dst, step);
        done += step;
    }
}

void fb_span_staging_barrier(const struct fb_list *list, const struct fb_buffer_span *staging,
                             D3D12_BARRIER_ACCESS before, D3D12_BARRIER_ACCESS after)
{
    D3D12DDIARG_BARRIER_0124 barrier;

    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_BARRIER_TYPE_BUFFER;
    barrier.Buffer.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    barrier.Buffer.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier.Buffer.AccessBefore = before;
    barrier.Buffer.AccessAfter = after;
    barrier.Buffer.hResource = staging->buffer;
    barrier.Buffer.Size = UINT64_MAX;
    list->ddi->pfnBarrier(list->hdrv, 1, &barrier);
}
