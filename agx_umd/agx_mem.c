/* GPU memory access of the execution engine (agx_mem.h). */
#include <string.h>
#include "agx_mem.h"

static _Thread_local uint64_t agx_mem_unmapped_read_count;

uint64_t agx_mem_unmapped_reads(void)
{
    return agx_mem_unmapped_read_count;
}

void agx_mem_read(struct agx_backend *backend, uint64_t va, void *data, uint64_t size)
{
    unsigned char *out = data;
    uint64_t run;
    void *cpu;

    while (size)
    {
        cpu = backend->ops->va_to_cpu(backend, va, size, &run);
        if (cpu)
            memcpy(out, cpu, run);
        else
        {
            memset(out, 0, run);
            ++agx_mem_unmapped_read_count;
        }
        out += run;
        va += run;
        size -= run;
    }
}

void agx_mem_write(struct agx_backend *backend, uint64_t va, const void *data, uint64_t size)
{
    const unsigned char *in = data;
    uint64_t run;
    void *cpu;

    while (size)
    {
        if ((cpu = backend->ops->va_to_cpu(backend, va, size, &run)))
            memcpy(cpu, in, run);
        in += run;
        va += run;
        size -= run;
    }
}

void agx_mem_fill(struct agx_backend *backend, uint64_t va, uint64_t size, const void *chunk,
                  uint64_t chunk_size)
{
    uint64_t n;

    while (size)
    {
        n = AGX_MIN(size, chunk_size);
        agx_mem_write(backend, va, chunk, n);
        va += n;
        size -= n;
    }
}

/* Copies [src, src + size) to dst front to back in pieces that are contiguous on both
 * sides. Front to back is only wrong when dst lies inside the source ahead of src. */
static void agx_mem_copy_forward(struct agx_backend *backend, uint64_t dst, uint64_t src, uint64_t size)
{
    uint64_t src_run, dst_run, run;
    void *s, *d;

    while (size)
    {
        s = backend->ops->va_to_cpu(backend, src, size, &src_run);
        d = backend->ops->va_to_cpu(backend, dst, src_run, &dst_run);
        run = AGX_MIN(src_run, dst_run);
        if (d && s)
            memmove(d, s, run);
        else if (d)
            memset(d, 0, run);
        src += run;
        dst += run;
        size -= run;
    }
}

void agx_mem_copy(struct agx_backend *backend, uint64_t dst, uint64_t src, uint64_t size)
{
    uint64_t chunk;

    if (dst <= src || dst >= src + size)
    {
        agx_mem_copy_forward(backend, dst, src, size);
        return;
    }
    /* dst overlaps the tail of the source: copy back to front in chunks that do not
     * overlap what is still to be read. */
    chunk = dst - src;
    while (size)
    {
        uint64_t n = AGX_MIN(chunk, size);

        size -= n;
        agx_mem_copy_forward(backend, dst + size, src + size, n);
    }
}
