/*
 * DXBC containers, shared by the runtime (structure checks before a driver sees the
 * bytecode), drivers (agx_umd's shader engine) and the build-time assembler: reading
 * with bounds checks everywhere, the container checksum, and signature parts.
 *
 * Layout (public descriptions: Wine/vkd3d, DirectXShaderCompiler's DxilContainer.h):
 *   "DXBC", 16-byte checksum, UINT version (1), UINT total size, UINT part count,
 *   UINT part offsets[count]; each part: UINT fourcc, UINT size, size bytes.
 */
#ifndef DDI_DXBC_H
#define DDI_DXBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "d3d12ddi.h"

#define DDI_DXBC_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define DDI_DXBC_TAG_DXBC DDI_DXBC_FOURCC('D', 'X', 'B', 'C')
#define DDI_DXBC_HEADER_SIZE 32u        /* magic, checksum, version, size, part count */
#define DDI_DXBC_PART_HEADER_SIZE 8u
#define DDI_DXBC_MAX_PARTS 64u

struct ddi_dxbc_part
{
    uint32_t tag;
    uint32_t size;
    const uint8_t *data;                /* inside the container */
};

struct ddi_dxbc
{
    uint32_t part_count;
    struct ddi_dxbc_part parts[DDI_DXBC_MAX_PARTS];
    bool is_signed;                     /* a non-zero checksum, which matched */
};

/* Little-endian words, as every field of a container and its parts is stored. */
static inline uint32_t ddi_dxbc_read_u32(const void *p)
{
    const unsigned char *b = p;

    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static inline void ddi_dxbc_write_u32(void *p, uint32_t value)
{
    unsigned char *b = p;

    b[0] = (unsigned char)value;
    b[1] = (unsigned char)(value >> 8);
    b[2] = (unsigned char)(value >> 16);
    b[3] = (unsigned char)(value >> 24);
}

/* Writes the sentence into why (when given) and returns E_INVALIDARG. */
HRESULT ddi_dxbc_fail(char *why, size_t why_size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A fourcc as text for messages; non-printable bytes as '?'. */
void ddi_dxbc_tag_text(uint32_t tag, char text[5]);

/* The DXBC hash of a whole container (bytes 20.. of it), as fxc and dxc write it. */
void ddi_dxbc_checksum(const void *data, size_t size, uint32_t checksum[4]);

/*
 * Checks data[0, size) as a container: magic, version, declared size, every part
 * inside it, and the checksum (all-zero: unsigned, accepted and reported). E_INVALIDARG
 * with a sentence in why otherwise; never reads outside the bytes given.
 */
HRESULT ddi_dxbc_parse(const void *data, size_t size, struct ddi_dxbc *dxbc, char *why, size_t why_size);
/* The first part with this tag, or NULL. */
const struct ddi_dxbc_part *ddi_dxbc_find(const struct ddi_dxbc *dxbc, uint32_t tag);

/* One signature element (ISGN/OSGN/PSGN: 24 bytes, OSG5: 28, ISG1/OSG1/PSG1: 32). */
struct ddi_dxbc_signature_element
{
    const char *semantic;               /* NUL-terminated, inside the part */
    uint32_t semantic_index;
    uint32_t sysval;                    /* D3D_NAME */
    uint32_t component_type;            /* D3D_REGISTER_COMPONENT_TYPE */
    uint32_t reg;
    uint8_t mask, rw_mask;
    uint32_t stream;
    uint32_t min_precision;
};

/* Parses a signature part; at most max elements (E_INVALIDARG beyond). */
HRESULT ddi_dxbc_parse_signature(const struct ddi_dxbc_part *part, struct ddi_dxbc_signature_element *elements,
                                 uint32_t max, uint32_t *count, char *why, size_t why_size);

#endif
