/*
 * DXIL containers: the parts a shader model 6 container adds to the DXBC part table
 * (ddi_dxbc.h), read with bounds checks everywhere. Shared by the runtime (structure
 * checks before a driver sees the bytecode), drivers (agx_umd's DXIL reader) and the
 * fuzz target.
 *
 * Layouts (public descriptions: DirectXShaderCompiler's DxilContainer.h and
 * DxilPipelineStateValidation.h, docs/DXIL.rst; Mesa's dxil_container.c, which writes
 * the same parts unsigned):
 *   DXIL/ILDB  UINT version (program type << 16 | major << 4 | minor), UINT size in
 *              DWORDs of the whole part; "DXIL", UINT DXIL version (major << 8 | minor),
 *              UINT bitcode offset (counted from "DXIL"), UINT bitcode size; the LLVM
 *              bitcode ('B' 'C' 0xC0 0xDE)
 *   SFI0       UINT64 shader feature flags (exactly 8 bytes)
 *   PSV0       UINT runtime info size, the runtime info (24, 36, 48, 52 or 56 bytes:
 *              versions 0-4, additive; larger sizes are read as the largest known), UINT
 *              resource count, then when resources: UINT record size (>= 16) and the
 *              records; from version 1: UINT string table size (a multiple of 4), the
 *              table, UINT semantic index count, the indices, then when any signature
 *              element: UINT element size (>= 16) and the input, output and patch
 *              constant (or primitive) elements; then the ViewID masks and the
 *              input-to-output dependency tables, whose sizes follow from the vector
 *              counts of the runtime info
 *   ISG1/OSG1/PSG1  signatures as ddi_dxbc_parse_signature reads them
 *   RTS0       a serialized root signature (the root signature deserializer checks it)
 */
#ifndef DDI_DXIL_H
#define DDI_DXIL_H

#include "ddi_dxbc.h"

#define DDI_DXIL_TAG_DXIL DDI_DXBC_FOURCC('D', 'X', 'I', 'L')
#define DDI_DXIL_TAG_ILDB DDI_DXBC_FOURCC('I', 'L', 'D', 'B')
#define DDI_DXIL_TAG_SFI0 DDI_DXBC_FOURCC('S', 'F', 'I', '0')
#define DDI_DXIL_TAG_PSV0 DDI_DXBC_FOURCC('P', 'S', 'V', '0')
#define DDI_DXIL_TAG_ISG1 DDI_DXBC_FOURCC('I', 'S', 'G', '1')
#define DDI_DXIL_TAG_OSG1 DDI_DXBC_FOURCC('O', 'S', 'G', '1')
#define DDI_DXIL_TAG_PSG1 DDI_DXBC_FOURCC('P', 'S', 'G', '1')
#define DDI_DXIL_TAG_RTS0 DDI_DXBC_FOURCC('R', 'T', 'S', '0')

#define DDI_DXIL_PROGRAM_HEADER_SIZE 24u   /* version, size, then the 16-byte bitcode header */
#define DDI_DXIL_BITCODE_HEADER_SIZE 16u
#define DDI_DXIL_PSV_STREAMS 4u

/* Program types of the version word (DXIL::ShaderKind; D3D12_SHVER_* for 0-5). */
enum ddi_dxil_shader_kind
{
    DDI_DXIL_PIXEL = 0,
    DDI_DXIL_VERTEX = 1,
    DDI_DXIL_GEOMETRY = 2,
    DDI_DXIL_HULL = 3,
    DDI_DXIL_DOMAIN = 4,
    DDI_DXIL_COMPUTE = 5,
    DDI_DXIL_LIBRARY = 6,
    DDI_DXIL_MESH = 13,
    DDI_DXIL_AMPLIFICATION = 14,
    DDI_DXIL_KIND_COUNT = 15,            /* 15 is DXIL's "invalid" */
};

/* The program header of a DXIL (or ILDB) part. */
struct ddi_dxil_program
{
    uint32_t kind;                       /* enum ddi_dxil_shader_kind */
    uint32_t major, minor;               /* shader model */
    uint32_t dxil_major, dxil_minor;     /* DXIL version (Mesa writes 1.0 for every model) */
    const uint8_t *bitcode;              /* inside the part */
    uint32_t bitcode_size;
};

/* PSV0: pipeline state validation data. Fields of versions the part lacks read zero
 * (max_wave_lanes: 0xffffffff when absent). */
struct ddi_dxil_psv
{
    uint32_t runtime_info_size;
    uint32_t version;                    /* 0-4, from the runtime info size */
    const uint8_t *runtime_info;         /* the stage union is its first 16 bytes */
    uint32_t min_wave_lanes, max_wave_lanes;
    /* Version 1 and later. */
    uint32_t shader_stage;               /* enum ddi_dxil_shader_kind */
    uint32_t uses_view_id;
    uint32_t input_elements, output_elements, patch_constant_elements;
    uint32_t input_vectors, output_vectors[DDI_DXIL_PSV_STREAMS], patch_constant_vectors;
    /* Version 2 and later. */
    uint32_t numthreads[3];
    /* Version 3 and later: the entry point's name (NULL before). */
    const char *entry_name;
    /* Version 4 and later. */
    uint32_t group_shared_bytes;

    uint32_t resource_count, resource_stride;
    const uint8_t *resources;
    const char *string_table;
    uint32_t string_table_size;
    const uint8_t *semantic_indices;     /* UINTs */
    uint32_t semantic_index_count;
    uint32_t element_stride;
    const uint8_t *elements;             /* input, then output, then patch constant */
};

/* One PSV0 resource binding (PSVResourceBindInfo0/1). */
struct ddi_dxil_psv_resource
{
    uint32_t type;                       /* PSVResourceType: 1 sampler, 2 CBV, 3-5 SRV, 6-9 UAV */
    uint32_t space, lower_bound, upper_bound;
    uint32_t kind, flags;                /* record size 24 and above; else 0 */
};

/* The DXIL parts of one container; pointers into the caller's bytes. */
struct ddi_dxil_container
{
    struct ddi_dxbc dxbc;
    struct ddi_dxil_program program;
    bool has_psv, has_features;
    struct ddi_dxil_psv psv;
    uint64_t features;                   /* SFI0 */
    const struct ddi_dxbc_part *input_signature, *output_signature, *patch_constant_signature;
    const struct ddi_dxbc_part *root_signature;
};

/* Checks a DXIL or ILDB part's program header and its bitcode's bounds and magic. */
HRESULT ddi_dxil_parse_program(const struct ddi_dxbc_part *part, struct ddi_dxil_program *program,
                               char *why, size_t why_size);
/* Checks a PSV0 part through to its last dependency table. */
HRESULT ddi_dxil_parse_psv(const struct ddi_dxbc_part *part, struct ddi_dxil_psv *psv, char *why, size_t why_size);
/* Resource index (below psv->resource_count) of a parsed PSV0 part. */
void ddi_dxil_psv_resource(const struct ddi_dxil_psv *psv, uint32_t index, struct ddi_dxil_psv_resource *resource);
/* Checks an SFI0 part (exactly one UINT64). */
HRESULT ddi_dxil_parse_features(const struct ddi_dxbc_part *part, uint64_t *features, char *why, size_t why_size);

/*
 * Checks data[0, size) as a DXIL container: the DXBC level (ddi_dxbc_parse: unsigned,
 * all-zero checksums accepted), exactly one DXIL part, at most one of each other part
 * read here, each of them checked. E_INVALIDARG with a sentence in why otherwise.
 */
HRESULT ddi_dxil_parse(const void *data, size_t size, struct ddi_dxil_container *container,
                       char *why, size_t why_size);

#endif
