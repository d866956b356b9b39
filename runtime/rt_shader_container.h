/*
 * Structure checks of shader bytecode before it reaches a driver (specs/runtime.md,
 * "Pipeline states"): DXBC containers holding a shader model 4/5 program (SHDR/SHEX) or
 * a DXIL program, their signatures and their optional embedded root signature (RTS0).
 *
 * Only the structure is checked (magic, version, sizes, offsets and the program
 * headers; the container level through ddi_dxbc_parse), plus the container checksum: the DXBC hash (ddi_dxbc_checksum), which both
 * fxc and the DXIL validator write. An all-zero checksum marks an unsigned container,
 * which only DXIL compilers produce; the caller decides whether it may run.
 */
#ifndef RT_SHADER_CONTAINER_H
#define RT_SHADER_CONTAINER_H

#include "rt_common.h"
#include "ddi_dxbc.h"

/* The program type of a version token (the values of d3d12shader.h's D3D12_SHVER_*). */
enum rt_shader_type
{
    RT_SHADER_PIXEL = 0,
    RT_SHADER_VERTEX = 1,
    RT_SHADER_GEOMETRY = 2,
    RT_SHADER_HULL = 3,
    RT_SHADER_DOMAIN = 4,
    RT_SHADER_COMPUTE = 5,
    RT_SHADER_LIBRARY = 6,
    RT_SHADER_MESH = 13,
    RT_SHADER_AMPLIFICATION = 14,
};

/* Elements a signature part may hold (the checks refuse more). */
#define RT_SIGNATURE_MAX_ELEMENTS 128u

struct rt_shader_container
{
    bool dxil;                       /* a DXIL program, else DXBC (SHDR/SHEX) */
    unsigned int type;               /* enum rt_shader_type (ray tracing types 7-12 too) */
    unsigned int major, minor;       /* shader model */
    bool is_signed;                  /* the checksum is set (and matched) */
    const void *root_signature;      /* the RTS0 part's data, NULL without one */
    size_t root_signature_size;
    /* The checked input (ISGN/ISG1) and output (OSGN/OSG5/OSG1) signatures; tag 0 when
     * the container has none. They point into the caller's bytes. */
    struct ddi_dxbc_part input_signature, output_signature;
};

/*
 * Checks data[0, size) as a whole container: S_OK and *out filled, or E_INVALIDARG with
 * a sentence in why (never reading outside the bytes given).
 */
HRESULT rt_shader_container_parse(const void *data, size_t size, struct rt_shader_container *out,
                                  char *why, size_t why_size);

/* "vertex shader", "pixel shader", ...; "shader of an unknown type" for others. */
const char *rt_shader_type_name(unsigned int type);

#endif
