/*
 * The shader model 4/5 token format (the SHDR / SHEX part of a DXBC container), as
 * facts shared by the assembler (tools/dxbc_asm*) and drivers that read programs
 * (agx_umd's shader engine). Values follow the public descriptions of the format
 * (Microsoft's d3d11TokenizedProgramFormat.hpp as shipped in the WDK, vkd3d-shader's
 * tpf reader); names are ours.
 *
 * A program is a stream of 32-bit tokens:
 *   version token (program type, major, minor), length token (all tokens, these two
 *   included), then instructions. Each instruction starts with an opcode token, then
 *   extended opcode tokens while bit 31 is set, then operands. Every instruction's
 *   length (its opcode token included) is in the opcode token; where that field is 0
 *   (customdata, i.e. dcl_immediateConstantBuffer, and long declarations) the token
 *   after the opcode token holds it. The length is authoritative: readers step by it
 *   and ignore tokens after the operands (fxc's samplepos counts one more than its
 *   operands use).
 *
 * An operand is an operand token, extended operand tokens while bit 31 is set, then
 * either the immediate values (l(...): 1 or 4 tokens, 2 or 4 per double) or, per index
 * dimension, the index in its representation: imm32 (1 token), imm64 (2), relative
 * (a whole nested operand, normally r#.c / x#[..].c), imm32 + relative (1 token, then
 * the operand; the sum is the index).
 *
 * Shader model 5.1 changes resource operands: in instructions t#, u#, s# have two
 * indices ([range id][absolute register]) and cb# three ([range id][register][vec4]);
 * their declarations have three ([id][lower][upper], upper 0xffffffff: unbounded)
 * followed by the declaration's other tokens and a register space token.
 */
#ifndef DDI_SM5_H
#define DDI_SM5_H

#include <stdint.h>

/* ---- Version and length tokens -------------------------------------------------------- */

enum ddi_sm5_program_type
{
    DDI_SM5_PROGRAM_PIXEL = 0,
    DDI_SM5_PROGRAM_VERTEX = 1,
    DDI_SM5_PROGRAM_GEOMETRY = 2,
    DDI_SM5_PROGRAM_HULL = 3,
    DDI_SM5_PROGRAM_DOMAIN = 4,
    DDI_SM5_PROGRAM_COMPUTE = 5,
};

#define DDI_SM5_VERSION_TOKEN(type, major, minor) \
    ((uint32_t)(type) << 16 | ((uint32_t)(major) & 0xfu) << 4 | ((uint32_t)(minor) & 0xfu))
#define DDI_SM5_VERSION_TYPE(token) ((token) >> 16)
#define DDI_SM5_VERSION_MAJOR(token) (((token) >> 4) & 0xfu)
#define DDI_SM5_VERSION_MINOR(token) ((token) & 0xfu)

/* Part tags: SM 4.x programs live in SHDR, SM 5.x in SHEX. */
#define DDI_SM5_TAG_SHDR 0x52444853u      /* "SHDR" */
#define DDI_SM5_TAG_SHEX 0x58454853u      /* "SHEX" */

/* ---- Opcode token ---------------------------------------------------------------------- */

#define DDI_SM5_OPCODE_MASK 0x7ffu                     /* bits 0-10 */
#define DDI_SM5_CONTROLS_SHIFT 11                      /* bits 11-23: per-opcode controls */
#define DDI_SM5_CONTROLS_MASK 0x00fff800u
#define DDI_SM5_LENGTH_SHIFT 24                        /* bits 24-30: instruction length */
#define DDI_SM5_LENGTH_MASK 0x7f000000u
#define DDI_SM5_EXTENDED 0x80000000u                   /* bit 31: an extended token follows */
#define DDI_SM5_MAX_INSTRUCTION_LENGTH 127u

#define DDI_SM5_OPCODE_TOKEN(opcode, length, controls) \
    ((uint32_t)(opcode) | ((uint32_t)(length) << DDI_SM5_LENGTH_SHIFT) | (uint32_t)(controls))
#define DDI_SM5_OPCODE_OF(token) ((token) & DDI_SM5_OPCODE_MASK)
#define DDI_SM5_LENGTH_OF(token) (((token) & DDI_SM5_LENGTH_MASK) >> DDI_SM5_LENGTH_SHIFT)

/* Controls of ordinary instructions. */
#define DDI_SM5_SATURATE (1u << 13)                    /* _sat on every destination */
#define DDI_SM5_TEST_NONZERO (1u << 18)                /* _nz (clear: _z) on if/breakc/... */
#define DDI_SM5_PRECISE_SHIFT 19                       /* bits 19-22: precise, per component */
#define DDI_SM5_PRECISE_MASK (0xfu << DDI_SM5_PRECISE_SHIFT)

/* resinfo's return type (bits 11-12): resinfo, resinfo_rcpFloat, resinfo_uint. */
#define DDI_SM5_RESINFO_SHIFT 11
#define DDI_SM5_RESINFO_MASK (0x3u << DDI_SM5_RESINFO_SHIFT)
enum ddi_sm5_resinfo_return
{
    DDI_SM5_RESINFO_FLOAT = 0,
    DDI_SM5_RESINFO_RCP_FLOAT = 1,
    DDI_SM5_RESINFO_UINT = 2,
};
/* sampleinfo_uint and samplepos share bit 11 for the uint form. */
#define DDI_SM5_SAMPLEINFO_UINT (1u << 11)

/* sync (bits 11-14): sync_t, sync_g, sync_ugroup, sync_uglobal combined. */
#define DDI_SM5_SYNC_THREADS_IN_GROUP (1u << 11)       /* _t: a barrier */
#define DDI_SM5_SYNC_TGSM (1u << 12)                   /* _g */
#define DDI_SM5_SYNC_UAV_GROUP (1u << 13)              /* _ugroup */
#define DDI_SM5_SYNC_UAV_GLOBAL (1u << 14)             /* _uglobal */

/* dcl_globalFlags (bits 11-19). */
#define DDI_SM5_GLOBAL_REFACTORING_ALLOWED (1u << 11)
#define DDI_SM5_GLOBAL_DOUBLE_PRECISION (1u << 12)     /* enableDoublePrecisionFloatOps */
#define DDI_SM5_GLOBAL_FORCE_EARLY_DEPTH_STENCIL (1u << 13)
#define DDI_SM5_GLOBAL_RAW_AND_STRUCTURED_BUFFERS (1u << 14)
#define DDI_SM5_GLOBAL_SKIP_OPTIMIZATION (1u << 15)
#define DDI_SM5_GLOBAL_MINIMUM_PRECISION (1u << 16)
#define DDI_SM5_GLOBAL_DOUBLE_EXTENSIONS (1u << 17)    /* enable11_1DoubleExtensions */
#define DDI_SM5_GLOBAL_SHADER_EXTENSIONS (1u << 18)    /* enable11_1ShaderExtensions */
#define DDI_SM5_GLOBAL_ALL_RESOURCES_BOUND (1u << 19)

/* dcl_constantbuffer: bit 11 set for dynamicIndexed (clear: immediateIndexed). */
#define DDI_SM5_CB_DYNAMIC_INDEXED (1u << 11)

/* dcl_resource / dcl_uav_typed: the dimension (bits 11-15); dcl_resource of 2DMS: the
 * sample count (bits 16-22). */
#define DDI_SM5_DIM_SHIFT 11
#define DDI_SM5_DIM_MASK (0x1fu << DDI_SM5_DIM_SHIFT)
#define DDI_SM5_SAMPLE_COUNT_SHIFT 16
#define DDI_SM5_SAMPLE_COUNT_MASK (0x7fu << DDI_SM5_SAMPLE_COUNT_SHIFT)

/* dcl_uav_*: access flags. */
#define DDI_SM5_UAV_GLOBALLY_COHERENT (1u << 16)
#define DDI_SM5_UAV_RASTERIZER_ORDERED (1u << 17)
#define DDI_SM5_UAV_HAS_COUNTER (1u << 23)             /* dcl_uav_structured: _hasCounter */

/* dcl_sampler: the mode (bits 11-14). */
#define DDI_SM5_SAMPLER_MODE_SHIFT 11
#define DDI_SM5_SAMPLER_MODE_MASK (0xfu << DDI_SM5_SAMPLER_MODE_SHIFT)
enum ddi_sm5_sampler_mode
{
    DDI_SM5_SAMPLER_DEFAULT = 0,
    DDI_SM5_SAMPLER_COMPARISON = 1,                    /* mode_comparison */
    DDI_SM5_SAMPLER_MONO = 2,
};

/* dcl_input_ps*: the interpolation mode (bits 11-14). */
#define DDI_SM5_INTERPOLATION_SHIFT 11
#define DDI_SM5_INTERPOLATION_MASK (0xfu << DDI_SM5_INTERPOLATION_SHIFT)
enum ddi_sm5_interpolation
{
    DDI_SM5_INTERPOLATION_UNDEFINED = 0,
    DDI_SM5_INTERPOLATION_CONSTANT = 1,
    DDI_SM5_INTERPOLATION_LINEAR = 2,
    DDI_SM5_INTERPOLATION_LINEAR_CENTROID = 3,
    DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE = 4,
    DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_CENTROID = 5,
    DDI_SM5_INTERPOLATION_LINEAR_SAMPLE = 6,
    DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE = 7,
};

/* customdata: the class (bits 11-31); the next token is the length in tokens, both
 * tokens included. */
#define DDI_SM5_CUSTOMDATA_CLASS_SHIFT 11
enum ddi_sm5_customdata_class
{
    DDI_SM5_CUSTOMDATA_COMMENT = 0,
    DDI_SM5_CUSTOMDATA_DEBUG_INFO = 1,
    DDI_SM5_CUSTOMDATA_OPAQUE = 2,
    DDI_SM5_CUSTOMDATA_IMMEDIATE_CONSTANT_BUFFER = 3,  /* dcl_immediateConstantBuffer */
    DDI_SM5_CUSTOMDATA_SHADER_MESSAGE = 4,
    DDI_SM5_CUSTOMDATA_CLIP_PLANE_MAPPING = 5,
};

/* ---- Extended opcode tokens ------------------------------------------------------------ */

#define DDI_SM5_EXT_OPCODE_TYPE_MASK 0x3fu
enum ddi_sm5_ext_opcode_type
{
    DDI_SM5_EXT_OPCODE_EMPTY = 0,
    DDI_SM5_EXT_OPCODE_SAMPLE_CONTROLS = 1,            /* aoffimmi(u, v, w) */
    DDI_SM5_EXT_OPCODE_RESOURCE_DIM = 2,               /* (texture2d), (structured_buffer, stride=N) */
    DDI_SM5_EXT_OPCODE_RESOURCE_RETURN_TYPE = 3,       /* (float,float,float,float) */
};
/* Sample controls: signed 4-bit texel offsets. */
#define DDI_SM5_AOFFIMMI_U_SHIFT 9
#define DDI_SM5_AOFFIMMI_V_SHIFT 13
#define DDI_SM5_AOFFIMMI_W_SHIFT 17
#define DDI_SM5_AOFFIMMI_MASK 0xfu
/* Resource dimension: the ddi_sm5_resource_dim (bits 6-10), structured stride (bits 11-22). */
#define DDI_SM5_EXT_DIM_SHIFT 6
#define DDI_SM5_EXT_DIM_MASK (0x1fu << DDI_SM5_EXT_DIM_SHIFT)
#define DDI_SM5_EXT_STRIDE_SHIFT 11
#define DDI_SM5_EXT_STRIDE_MASK (0xfffu << DDI_SM5_EXT_STRIDE_SHIFT)
/* Resource return type: 4 bits per component from bit 6 (x, y, z, w). */
#define DDI_SM5_EXT_RETURN_TYPE_SHIFT 6

/* ---- Declaration fields ---------------------------------------------------------------- */

enum ddi_sm5_resource_dim
{
    DDI_SM5_DIM_UNKNOWN = 0,
    DDI_SM5_DIM_BUFFER = 1,
    DDI_SM5_DIM_TEXTURE1D = 2,
    DDI_SM5_DIM_TEXTURE2D = 3,
    DDI_SM5_DIM_TEXTURE2DMS = 4,
    DDI_SM5_DIM_TEXTURE3D = 5,
    DDI_SM5_DIM_TEXTURECUBE = 6,
    DDI_SM5_DIM_TEXTURE1DARRAY = 7,
    DDI_SM5_DIM_TEXTURE2DARRAY = 8,
    DDI_SM5_DIM_TEXTURE2DMSARRAY = 9,
    DDI_SM5_DIM_TEXTURECUBEARRAY = 10,
    DDI_SM5_DIM_RAW_BUFFER = 11,
    DDI_SM5_DIM_STRUCTURED_BUFFER = 12,
};

/* The return type token of dcl_resource / dcl_uav_typed: 4 bits per component, x in
 * bits 0-3 ... w in bits 12-15. */
enum ddi_sm5_return_type
{
    DDI_SM5_RETURN_UNORM = 1,
    DDI_SM5_RETURN_SNORM = 2,
    DDI_SM5_RETURN_SINT = 3,
    DDI_SM5_RETURN_UINT = 4,
    DDI_SM5_RETURN_FLOAT = 5,
    DDI_SM5_RETURN_MIXED = 6,
    DDI_SM5_RETURN_DOUBLE = 7,
    DDI_SM5_RETURN_CONTINUED = 8,
    DDI_SM5_RETURN_UNUSED = 9,
};
#define DDI_SM5_RETURN_TYPE_TOKEN(x, y, z, w) \
    ((uint32_t)(x) | (uint32_t)(y) << 4 | (uint32_t)(z) << 8 | (uint32_t)(w) << 12)
#define DDI_SM5_RETURN_TYPE_OF(token, component) (((token) >> (4 * (component))) & 0xfu)

/* The system value names of dcl_input_siv / _sgv, dcl_output_siv / _sgv (the token
 * format's numbering; signatures use D3D_NAME, which differs from 11 on). */
enum ddi_sm5_name
{
    DDI_SM5_NAME_UNDEFINED = 0,
    DDI_SM5_NAME_POSITION = 1,
    DDI_SM5_NAME_CLIP_DISTANCE = 2,
    DDI_SM5_NAME_CULL_DISTANCE = 3,
    DDI_SM5_NAME_RENDER_TARGET_ARRAY_INDEX = 4,
    DDI_SM5_NAME_VIEWPORT_ARRAY_INDEX = 5,
    DDI_SM5_NAME_VERTEX_ID = 6,
    DDI_SM5_NAME_PRIMITIVE_ID = 7,
    DDI_SM5_NAME_INSTANCE_ID = 8,
    DDI_SM5_NAME_IS_FRONT_FACE = 9,
    DDI_SM5_NAME_SAMPLE_INDEX = 10,
    DDI_SM5_NAME_FINAL_QUAD_U_EQ_0_EDGE_TESSFACTOR = 11,
    DDI_SM5_NAME_FINAL_QUAD_V_EQ_0_EDGE_TESSFACTOR = 12,
    DDI_SM5_NAME_FINAL_QUAD_U_EQ_1_EDGE_TESSFACTOR = 13,
    DDI_SM5_NAME_FINAL_QUAD_V_EQ_1_EDGE_TESSFACTOR = 14,
    DDI_SM5_NAME_FINAL_QUAD_U_INSIDE_TESSFACTOR = 15,
    DDI_SM5_NAME_FINAL_QUAD_V_INSIDE_TESSFACTOR = 16,
    DDI_SM5_NAME_FINAL_TRI_U_EQ_0_EDGE_TESSFACTOR = 17,
    DDI_SM5_NAME_FINAL_TRI_V_EQ_0_EDGE_TESSFACTOR = 18,
    DDI_SM5_NAME_FINAL_TRI_W_EQ_0_EDGE_TESSFACTOR = 19,
    DDI_SM5_NAME_FINAL_TRI_INSIDE_TESSFACTOR = 20,
    DDI_SM5_NAME_FINAL_LINE_DETAIL_TESSFACTOR = 21,
    DDI_SM5_NAME_FINAL_LINE_DENSITY_TESSFACTOR = 22,
};

/* ---- Operand token --------------------------------------------------------------------- */

/* Bits 0-1: how many components the operand has. */
#define DDI_SM5_OPERAND_COMPONENTS_MASK 0x3u
enum ddi_sm5_operand_components
{
    DDI_SM5_COMPONENTS_0 = 0,                          /* samplers, labels, null */
    DDI_SM5_COMPONENTS_1 = 1,                          /* scalar registers, l(x) */
    DDI_SM5_COMPONENTS_4 = 2,
    DDI_SM5_COMPONENTS_N = 3,
};

/* Bits 2-3: how a 4-component operand selects (the value in bits 4-11). */
#define DDI_SM5_SELECTION_SHIFT 2
#define DDI_SM5_SELECTION_MASK (0x3u << DDI_SM5_SELECTION_SHIFT)
enum ddi_sm5_selection_mode
{
    DDI_SM5_SELECT_MASK = 0,                           /* destinations: .xyzw write mask, bits 4-7 */
    DDI_SM5_SELECT_SWIZZLE = 1,                        /* sources: 2 bits per component, bits 4-11 */
    DDI_SM5_SELECT_1 = 2,                              /* sources: one component, bits 4-5 */
};
#define DDI_SM5_MASK_SHIFT 4                           /* bit 4 x ... bit 7 w */
#define DDI_SM5_SWIZZLE_SHIFT 4
#define DDI_SM5_SELECT1_SHIFT 4
#define DDI_SM5_SWIZZLE(x, y, z, w) \
    ((uint32_t)(x) | (uint32_t)(y) << 2 | (uint32_t)(z) << 4 | (uint32_t)(w) << 6)
#define DDI_SM5_SWIZZLE_IDENTITY DDI_SM5_SWIZZLE(0, 1, 2, 3)

/* Bits 12-19: the register file. */
#define DDI_SM5_OPERAND_TYPE_SHIFT 12
#define DDI_SM5_OPERAND_TYPE_MASK (0xffu << DDI_SM5_OPERAND_TYPE_SHIFT)

/* X(name, value, fxc prefix): the prefix as fxc prints the register ("" for names
 * printed whole, like vThreadID). */
#define DDI_SM5_OPERAND_TYPES(X) \
    X(TEMP, 0, "r") \
    X(INPUT, 1, "v") \
    X(OUTPUT, 2, "o") \
    X(INDEXABLE_TEMP, 3, "x") \
    X(IMMEDIATE32, 4, "l") \
    X(IMMEDIATE64, 5, "d") \
    X(SAMPLER, 6, "s") \
    X(RESOURCE, 7, "t") \
    X(CONSTANT_BUFFER, 8, "cb") \
    X(IMMEDIATE_CONSTANT_BUFFER, 9, "icb") \
    X(LABEL, 10, "label") \
    X(INPUT_PRIMITIVEID, 11, "vPrim") \
    X(OUTPUT_DEPTH, 12, "oDepth") \
    X(NULL, 13, "null") \
    X(RASTERIZER, 14, "rasterizer") \
    X(OUTPUT_COVERAGE_MASK, 15, "oMask") \
    X(STREAM, 16, "m") \
    X(FUNCTION_BODY, 17, "fb") \
    X(FUNCTION_TABLE, 18, "ft") \
    X(INTERFACE, 19, "fp") \
    X(FUNCTION_INPUT, 20, "fi") \
    X(FUNCTION_OUTPUT, 21, "fo") \
    X(OUTPUT_CONTROL_POINT_ID, 22, "vOutputControlPointID") \
    X(INPUT_FORK_INSTANCE_ID, 23, "vForkInstanceID") \
    X(INPUT_JOIN_INSTANCE_ID, 24, "vJoinInstanceID") \
    X(INPUT_CONTROL_POINT, 25, "vicp") \
    X(OUTPUT_CONTROL_POINT, 26, "vocp") \
    X(INPUT_PATCH_CONSTANT, 27, "vpc") \
    X(INPUT_DOMAIN_POINT, 28, "vDomain") \
    X(THIS_POINTER, 29, "this") \
    X(UNORDERED_ACCESS_VIEW, 30, "u") \
    X(THREAD_GROUP_SHARED_MEMORY, 31, "g") \
    X(INPUT_THREAD_ID, 32, "vThreadID") \
    X(INPUT_THREAD_GROUP_ID, 33, "vThreadGroupID") \
    X(INPUT_THREAD_ID_IN_GROUP, 34, "vThreadIDInGroup") \
    X(INPUT_COVERAGE_MASK, 35, "vCoverage") \
    X(INPUT_THREAD_ID_IN_GROUP_FLATTENED, 36, "vThreadIDInGroupFlattened") \
    X(INPUT_GS_INSTANCE_ID, 37, "vGSInstanceID") \
    X(OUTPUT_DEPTH_GREATER_EQUAL, 38, "oDepthGE") \
    X(OUTPUT_DEPTH_LESS_EQUAL, 39, "oDepthLE") \
    X(CYCLE_COUNTER, 40, "vCycleCounter") \
    X(OUTPUT_STENCIL_REF, 41, "oStencilRef") \
    X(INNER_COVERAGE, 42, "vInnerCoverage")

enum ddi_sm5_operand_type
{
#define DDI_SM5_X_ENUM(name, value, prefix) DDI_SM5_OPERAND_##name = value,
    DDI_SM5_OPERAND_TYPES(DDI_SM5_X_ENUM)
#undef DDI_SM5_X_ENUM
    DDI_SM5_OPERAND_TYPE_COUNT
};

/* Bits 20-21: how many indices follow (0 to 3). */
#define DDI_SM5_INDEX_DIMENSION_SHIFT 20
#define DDI_SM5_INDEX_DIMENSION_MASK (0x3u << DDI_SM5_INDEX_DIMENSION_SHIFT)

/* Bits 22-24, 25-27, 28-30: the representation of index 0, 1, 2. */
#define DDI_SM5_INDEX_REP_SHIFT(i) (22 + 3 * (i))
#define DDI_SM5_INDEX_REP_MASK(i) (0x7u << DDI_SM5_INDEX_REP_SHIFT(i))
enum ddi_sm5_index_rep
{
    DDI_SM5_INDEX_IMM32 = 0,
    DDI_SM5_INDEX_IMM64 = 1,
    DDI_SM5_INDEX_RELATIVE = 2,
    DDI_SM5_INDEX_IMM32_PLUS_RELATIVE = 3,
    DDI_SM5_INDEX_IMM64_PLUS_RELATIVE = 4,
};

/* Bit 31: an extended operand token follows. */
#define DDI_SM5_OPERAND_EXTENDED 0x80000000u

static inline uint32_t ddi_sm5_operand_token(enum ddi_sm5_operand_type type, enum ddi_sm5_operand_components components,
                                             enum ddi_sm5_selection_mode selection, uint32_t select_bits,
                                             uint32_t index_dimension)
{
    uint32_t token = (uint32_t)components | (uint32_t)type << DDI_SM5_OPERAND_TYPE_SHIFT
            | index_dimension << DDI_SM5_INDEX_DIMENSION_SHIFT;

    if (components == DDI_SM5_COMPONENTS_4)
        token |= (uint32_t)selection << DDI_SM5_SELECTION_SHIFT | select_bits << DDI_SM5_MASK_SHIFT;
    return token;
}

/* ---- Extended operand token ------------------------------------------------------------ */

#define DDI_SM5_EXT_OPERAND_TYPE_MASK 0x3fu
#define DDI_SM5_EXT_OPERAND_MODIFIER 1u                /* the only extended operand type */
#define DDI_SM5_MODIFIER_SHIFT 6                       /* bits 6-13 */
#define DDI_SM5_MODIFIER_MASK (0xffu << DDI_SM5_MODIFIER_SHIFT)
enum ddi_sm5_modifier
{
    DDI_SM5_MODIFIER_NONE = 0,
    DDI_SM5_MODIFIER_NEG = 1,                          /* -r0 */
    DDI_SM5_MODIFIER_ABS = 2,                          /* |r0| */
    DDI_SM5_MODIFIER_ABS_NEG = 3,                      /* -|r0| */
};
#define DDI_SM5_MIN_PRECISION_SHIFT 14                 /* bits 14-16 */
#define DDI_SM5_MIN_PRECISION_MASK (0x7u << DDI_SM5_MIN_PRECISION_SHIFT)
#define DDI_SM5_NON_UNIFORM (1u << 17)                 /* 5.1: NonUniformResourceIndex */

/* ---- Opcodes --------------------------------------------------------------------------- */

/* Per-opcode properties. */
#define DDI_SM5_OPF_SAT 0x001u            /* accepts _sat */
#define DDI_SM5_OPF_TEST 0x002u           /* has a test boolean: _z / _nz */
#define DDI_SM5_OPF_DECL 0x004u           /* a declaration; roles describe its tokens */
#define DDI_SM5_OPF_FLOW 0x008u           /* flow control */
#define DDI_SM5_OPF_RESINFO 0x010u        /* return-type suffix: _rcpFloat, _uint */
#define DDI_SM5_OPF_OFFSETS 0x020u        /* accepts aoffimmi sample controls */
#define DDI_SM5_OPF_RESOURCE 0x040u       /* names a resource: fxc's _indexable(dim)(types) tokens */
#define DDI_SM5_OPF_DOUBLE 0x080u         /* double-precision operands */
#define DDI_SM5_OPF_STAGE 0x100u          /* geometry, hull or domain only */
#define DDI_SM5_OPF_SPACE 0x200u          /* declaration: 5.1 adds 3-index operand and a space token */

/*
 * Operand roles, one character per operand in encoding order:
 *   D  destination (a register with a write mask, or u# / g# of a store or atomic)
 *   F  float source          I  signed integer source    U  unsigned integer source
 *   X  untyped 32-bit source (mov, movc, swapc)          2  double source (two components)
 *   R  resource (t#, u#, g#)  S  sampler (s#)            L  label (l#)
 *   M  stream (m#)            A  interface or function pointer
 * Declarations (DDI_SM5_OPF_DECL), tokens after the opcode token:
 *   O  operand               N  system value name token (enum ddi_sm5_name)
 *   C  a uint token (count, size, stride, dimension)     T  return type token
 *   P  register space token (SM 5.1 only)                *  opcode-specific (customdata, interfaces)
 *
 * X(name, value, fxc mnemonic, destination count, roles, flags)
 */
#define DDI_SM5_OPCODES(X) \
    X(ADD, 0x00, "add", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(AND, 0x01, "and", 1, "DUU", 0) \
    X(BREAK, 0x02, "break", 0, "", DDI_SM5_OPF_FLOW) \
    X(BREAKC, 0x03, "breakc", 0, "U", DDI_SM5_OPF_FLOW | DDI_SM5_OPF_TEST) \
    X(CALL, 0x04, "call", 0, "L", DDI_SM5_OPF_FLOW) \
    X(CALLC, 0x05, "callc", 0, "UL", DDI_SM5_OPF_FLOW | DDI_SM5_OPF_TEST) \
    X(CASE, 0x06, "case", 0, "U", DDI_SM5_OPF_FLOW) \
    X(CONTINUE, 0x07, "continue", 0, "", DDI_SM5_OPF_FLOW) \
    X(CONTINUEC, 0x08, "continuec", 0, "U", DDI_SM5_OPF_FLOW | DDI_SM5_OPF_TEST) \
    X(CUT, 0x09, "cut", 0, "", DDI_SM5_OPF_STAGE) \
    X(DEFAULT, 0x0a, "default", 0, "", DDI_SM5_OPF_FLOW) \
    X(DERIV_RTX, 0x0b, "deriv_rtx", 1, "DF", DDI_SM5_OPF_SAT) \
    X(DERIV_RTY, 0x0c, "deriv_rty", 1, "DF", DDI_SM5_OPF_SAT) \
    X(DISCARD, 0x0d, "discard", 0, "U", DDI_SM5_OPF_TEST) \
    X(DIV, 0x0e, "div", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(DP2, 0x0f, "dp2", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(DP3, 0x10, "dp3", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(DP4, 0x11, "dp4", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(ELSE, 0x12, "else", 0, "", DDI_SM5_OPF_FLOW) \
    X(EMIT, 0x13, "emit", 0, "", DDI_SM5_OPF_STAGE) \
    X(EMITTHENCUT, 0x14, "emitThenCut", 0, "", DDI_SM5_OPF_STAGE) \
    X(ENDIF, 0x15, "endif", 0, "", DDI_SM5_OPF_FLOW) \
    X(ENDLOOP, 0x16, "endloop", 0, "", DDI_SM5_OPF_FLOW) \
    X(ENDSWITCH, 0x17, "endswitch", 0, "", DDI_SM5_OPF_FLOW) \
    X(EQ, 0x18, "eq", 1, "DFF", 0) \
    X(EXP, 0x19, "exp", 1, "DF", DDI_SM5_OPF_SAT) \
    X(FRC, 0x1a, "frc", 1, "DF", DDI_SM5_OPF_SAT) \
    X(FTOI, 0x1b, "ftoi", 1, "DF", 0) \
    X(FTOU, 0x1c, "ftou", 1, "DF", 0) \
    X(GE, 0x1d, "ge", 1, "DFF", 0) \
    X(IADD, 0x1e, "iadd", 1, "DII", 0) \
    X(IF, 0x1f, "if", 0, "U", DDI_SM5_OPF_FLOW | DDI_SM5_OPF_TEST) \
    X(IEQ, 0x20, "ieq", 1, "DII", 0) \
    X(IGE, 0x21, "ige", 1, "DII", 0) \
    X(ILT, 0x22, "ilt", 1, "DII", 0) \
    X(IMAD, 0x23, "imad", 1, "DIII", 0) \
    X(IMAX, 0x24, "imax", 1, "DII", 0) \
    X(IMIN, 0x25, "imin", 1, "DII", 0) \
    X(IMUL, 0x26, "imul", 2, "DDII", 0) \
    X(INE, 0x27, "ine", 1, "DII", 0) \
    X(INEG, 0x28, "ineg", 1, "DI", 0) \
    X(ISHL, 0x29, "ishl", 1, "DII", 0) \
    X(ISHR, 0x2a, "ishr", 1, "DII", 0) \
    X(ITOF, 0x2b, "itof", 1, "DI", 0) \
    X(LABEL, 0x2c, "label", 0, "L", DDI_SM5_OPF_FLOW) \
    X(LD, 0x2d, "ld", 1, "DIR", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(LD_MS, 0x2e, "ldms", 1, "DIRI", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(LOG, 0x2f, "log", 1, "DF", DDI_SM5_OPF_SAT) \
    X(LOOP, 0x30, "loop", 0, "", DDI_SM5_OPF_FLOW) \
    X(LT, 0x31, "lt", 1, "DFF", 0) \
    X(MAD, 0x32, "mad", 1, "DFFF", DDI_SM5_OPF_SAT) \
    X(MIN, 0x33, "min", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(MAX, 0x34, "max", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(CUSTOMDATA, 0x35, "customdata", 0, "*", DDI_SM5_OPF_DECL) \
    X(MOV, 0x36, "mov", 1, "DX", DDI_SM5_OPF_SAT) \
    X(MOVC, 0x37, "movc", 1, "DUXX", DDI_SM5_OPF_SAT) \
    X(MUL, 0x38, "mul", 1, "DFF", DDI_SM5_OPF_SAT) \
    X(NE, 0x39, "ne", 1, "DFF", 0) \
    X(NOP, 0x3a, "nop", 0, "", 0) \
    X(NOT, 0x3b, "not", 1, "DU", 0) \
    X(OR, 0x3c, "or", 1, "DUU", 0) \
    X(RESINFO, 0x3d, "resinfo", 1, "DUR", DDI_SM5_OPF_RESINFO | DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(RET, 0x3e, "ret", 0, "", DDI_SM5_OPF_FLOW) \
    X(RETC, 0x3f, "retc", 0, "U", DDI_SM5_OPF_FLOW | DDI_SM5_OPF_TEST) \
    X(ROUND_NE, 0x40, "round_ne", 1, "DF", DDI_SM5_OPF_SAT) \
    X(ROUND_NI, 0x41, "round_ni", 1, "DF", DDI_SM5_OPF_SAT) \
    X(ROUND_PI, 0x42, "round_pi", 1, "DF", DDI_SM5_OPF_SAT) \
    X(ROUND_Z, 0x43, "round_z", 1, "DF", DDI_SM5_OPF_SAT) \
    X(RSQ, 0x44, "rsq", 1, "DF", DDI_SM5_OPF_SAT) \
    X(SAMPLE, 0x45, "sample", 1, "DFRS", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(SAMPLE_C, 0x46, "sample_c", 1, "DFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(SAMPLE_C_LZ, 0x47, "sample_c_lz", 1, "DFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(SAMPLE_L, 0x48, "sample_l", 1, "DFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(SAMPLE_D, 0x49, "sample_d", 1, "DFRSFF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(SAMPLE_B, 0x4a, "sample_b", 1, "DFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(SQRT, 0x4b, "sqrt", 1, "DF", DDI_SM5_OPF_SAT) \
    X(SWITCH, 0x4c, "switch", 0, "U", DDI_SM5_OPF_FLOW) \
    X(SINCOS, 0x4d, "sincos", 2, "DDF", DDI_SM5_OPF_SAT) \
    X(UDIV, 0x4e, "udiv", 2, "DDUU", 0) \
    X(ULT, 0x4f, "ult", 1, "DUU", 0) \
    X(UGE, 0x50, "uge", 1, "DUU", 0) \
    X(UMUL, 0x51, "umul", 2, "DDUU", 0) \
    X(UMAD, 0x52, "umad", 1, "DUUU", 0) \
    X(UMAX, 0x53, "umax", 1, "DUU", 0) \
    X(UMIN, 0x54, "umin", 1, "DUU", 0) \
    X(USHR, 0x55, "ushr", 1, "DUU", 0) \
    X(UTOF, 0x56, "utof", 1, "DU", 0) \
    X(XOR, 0x57, "xor", 1, "DUU", 0) \
    X(DCL_RESOURCE, 0x58, "dcl_resource", 0, "OT", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(DCL_CONSTANT_BUFFER, 0x59, "dcl_constantbuffer", 0, "O", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(DCL_SAMPLER, 0x5a, "dcl_sampler", 0, "O", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(DCL_INDEX_RANGE, 0x5b, "dcl_indexrange", 0, "OC", DDI_SM5_OPF_DECL) \
    X(DCL_GS_OUTPUT_TOPOLOGY, 0x5c, "dcl_outputtopology", 0, "", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_GS_INPUT_PRIMITIVE, 0x5d, "dcl_inputprimitive", 0, "", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_MAX_OUTPUT_VERTEX_COUNT, 0x5e, "dcl_maxout", 0, "C", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_INPUT, 0x5f, "dcl_input", 0, "O", DDI_SM5_OPF_DECL) \
    X(DCL_INPUT_SGV, 0x60, "dcl_input_sgv", 0, "ON", DDI_SM5_OPF_DECL) \
    X(DCL_INPUT_SIV, 0x61, "dcl_input_siv", 0, "ON", DDI_SM5_OPF_DECL) \
    X(DCL_INPUT_PS, 0x62, "dcl_input_ps", 0, "O", DDI_SM5_OPF_DECL) \
    X(DCL_INPUT_PS_SGV, 0x63, "dcl_input_ps_sgv", 0, "ON", DDI_SM5_OPF_DECL) \
    X(DCL_INPUT_PS_SIV, 0x64, "dcl_input_ps_siv", 0, "ON", DDI_SM5_OPF_DECL) \
    X(DCL_OUTPUT, 0x65, "dcl_output", 0, "O", DDI_SM5_OPF_DECL) \
    X(DCL_OUTPUT_SGV, 0x66, "dcl_output_sgv", 0, "ON", DDI_SM5_OPF_DECL) \
    X(DCL_OUTPUT_SIV, 0x67, "dcl_output_siv", 0, "ON", DDI_SM5_OPF_DECL) \
    X(DCL_TEMPS, 0x68, "dcl_temps", 0, "C", DDI_SM5_OPF_DECL) \
    X(DCL_INDEXABLE_TEMP, 0x69, "dcl_indexableTemp", 0, "CCC", DDI_SM5_OPF_DECL) \
    X(DCL_GLOBAL_FLAGS, 0x6a, "dcl_globalFlags", 0, "", DDI_SM5_OPF_DECL) \
    X(LOD, 0x6c, "lod", 1, "DFRS", DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(GATHER4, 0x6d, "gather4", 1, "DFRS", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(SAMPLE_POS, 0x6e, "samplepos", 1, "DRU", DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(SAMPLE_INFO, 0x6f, "sampleinfo", 1, "DR", DDI_SM5_OPF_RESOURCE | DDI_SM5_OPF_SAT) \
    X(HS_DECLS, 0x71, "hs_decls", 0, "", DDI_SM5_OPF_STAGE) \
    X(HS_CONTROL_POINT_PHASE, 0x72, "hs_control_point_phase", 0, "", DDI_SM5_OPF_STAGE) \
    X(HS_FORK_PHASE, 0x73, "hs_fork_phase", 0, "", DDI_SM5_OPF_STAGE) \
    X(HS_JOIN_PHASE, 0x74, "hs_join_phase", 0, "", DDI_SM5_OPF_STAGE) \
    X(EMIT_STREAM, 0x75, "emit_stream", 0, "M", DDI_SM5_OPF_STAGE) \
    X(CUT_STREAM, 0x76, "cut_stream", 0, "M", DDI_SM5_OPF_STAGE) \
    X(EMITTHENCUT_STREAM, 0x77, "emitThenCut_stream", 0, "M", DDI_SM5_OPF_STAGE) \
    X(INTERFACE_CALL, 0x78, "fcall", 0, "*", DDI_SM5_OPF_FLOW) \
    X(BUFINFO, 0x79, "bufinfo", 1, "DR", DDI_SM5_OPF_RESOURCE) \
    X(DERIV_RTX_COARSE, 0x7a, "deriv_rtx_coarse", 1, "DF", DDI_SM5_OPF_SAT) \
    X(DERIV_RTX_FINE, 0x7b, "deriv_rtx_fine", 1, "DF", DDI_SM5_OPF_SAT) \
    X(DERIV_RTY_COARSE, 0x7c, "deriv_rty_coarse", 1, "DF", DDI_SM5_OPF_SAT) \
    X(DERIV_RTY_FINE, 0x7d, "deriv_rty_fine", 1, "DF", DDI_SM5_OPF_SAT) \
    X(GATHER4_C, 0x7e, "gather4_c", 1, "DFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(GATHER4_PO, 0x7f, "gather4_po", 1, "DFIRS", DDI_SM5_OPF_RESOURCE) \
    X(GATHER4_PO_C, 0x80, "gather4_po_c", 1, "DFIRSF", DDI_SM5_OPF_RESOURCE) \
    X(RCP, 0x81, "rcp", 1, "DF", DDI_SM5_OPF_SAT) \
    X(F32TOF16, 0x82, "f32tof16", 1, "DF", 0) \
    X(F16TOF32, 0x83, "f16tof32", 1, "DU", DDI_SM5_OPF_SAT) \
    X(UADDC, 0x84, "uaddc", 2, "DDUU", 0) \
    X(USUBB, 0x85, "usubb", 2, "DDUU", 0) \
    X(COUNTBITS, 0x86, "countbits", 1, "DU", 0) \
    X(FIRSTBIT_HI, 0x87, "firstbit_hi", 1, "DU", 0) \
    X(FIRSTBIT_LO, 0x88, "firstbit_lo", 1, "DU", 0) \
    X(FIRSTBIT_SHI, 0x89, "firstbit_shi", 1, "DI", 0) \
    X(UBFE, 0x8a, "ubfe", 1, "DUUU", 0) \
    X(IBFE, 0x8b, "ibfe", 1, "DUUI", 0) \
    X(BFI, 0x8c, "bfi", 1, "DUUUU", 0) \
    X(BFREV, 0x8d, "bfrev", 1, "DU", 0) \
    X(SWAPC, 0x8e, "swapc", 2, "DDUXX", 0) \
    X(DCL_STREAM, 0x8f, "dcl_stream", 0, "O", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_FUNCTION_BODY, 0x90, "dcl_function_body", 0, "C", DDI_SM5_OPF_DECL) \
    X(DCL_FUNCTION_TABLE, 0x91, "dcl_function_table", 0, "*", DDI_SM5_OPF_DECL) \
    X(DCL_INTERFACE, 0x92, "dcl_interface", 0, "*", DDI_SM5_OPF_DECL) \
    X(DCL_INPUT_CONTROL_POINT_COUNT, 0x93, "dcl_input_control_point_count", 0, "", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_OUTPUT_CONTROL_POINT_COUNT, 0x94, "dcl_output_control_point_count", 0, "", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_TESS_DOMAIN, 0x95, "dcl_tessellator_domain", 0, "", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_TESS_PARTITIONING, 0x96, "dcl_tessellator_partitioning", 0, "", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_TESS_OUTPUT_PRIMITIVE, 0x97, "dcl_tessellator_output_primitive", 0, "", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_HS_MAX_TESSFACTOR, 0x98, "dcl_hs_max_tessfactor", 0, "C", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_HS_FORK_PHASE_INSTANCE_COUNT, 0x99, "dcl_hs_fork_phase_instance_count", 0, "C", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_HS_JOIN_PHASE_INSTANCE_COUNT, 0x9a, "dcl_hs_join_phase_instance_count", 0, "C", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(DCL_THREAD_GROUP, 0x9b, "dcl_thread_group", 0, "CCC", DDI_SM5_OPF_DECL) \
    X(DCL_UAV_TYPED, 0x9c, "dcl_uav_typed", 0, "OT", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(DCL_UAV_RAW, 0x9d, "dcl_uav_raw", 0, "O", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(DCL_UAV_STRUCTURED, 0x9e, "dcl_uav_structured", 0, "OC", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(DCL_TGSM_RAW, 0x9f, "dcl_tgsm_raw", 0, "OC", DDI_SM5_OPF_DECL) \
    X(DCL_TGSM_STRUCTURED, 0xa0, "dcl_tgsm_structured", 0, "OCC", DDI_SM5_OPF_DECL) \
    X(DCL_RESOURCE_RAW, 0xa1, "dcl_resource_raw", 0, "O", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(DCL_RESOURCE_STRUCTURED, 0xa2, "dcl_resource_structured", 0, "OC", DDI_SM5_OPF_DECL | DDI_SM5_OPF_SPACE) \
    X(LD_UAV_TYPED, 0xa3, "ld_uav_typed", 1, "DUR", DDI_SM5_OPF_RESOURCE) \
    X(STORE_UAV_TYPED, 0xa4, "store_uav_typed", 1, "DUX", 0) \
    X(LD_RAW, 0xa5, "ld_raw", 1, "DUR", DDI_SM5_OPF_RESOURCE) \
    X(STORE_RAW, 0xa6, "store_raw", 1, "DUX", 0) \
    X(LD_STRUCTURED, 0xa7, "ld_structured", 1, "DUUR", DDI_SM5_OPF_RESOURCE) \
    X(STORE_STRUCTURED, 0xa8, "store_structured", 1, "DUUX", 0) \
    X(ATOMIC_AND, 0xa9, "atomic_and", 1, "DUU", 0) \
    X(ATOMIC_OR, 0xaa, "atomic_or", 1, "DUU", 0) \
    X(ATOMIC_XOR, 0xab, "atomic_xor", 1, "DUU", 0) \
    X(ATOMIC_CMP_STORE, 0xac, "atomic_cmp_store", 1, "DUUU", 0) \
    X(ATOMIC_IADD, 0xad, "atomic_iadd", 1, "DUI", 0) \
    X(ATOMIC_IMAX, 0xae, "atomic_imax", 1, "DUI", 0) \
    X(ATOMIC_IMIN, 0xaf, "atomic_imin", 1, "DUI", 0) \
    X(ATOMIC_UMAX, 0xb0, "atomic_umax", 1, "DUU", 0) \
    X(ATOMIC_UMIN, 0xb1, "atomic_umin", 1, "DUU", 0) \
    X(IMM_ATOMIC_ALLOC, 0xb2, "imm_atomic_alloc", 1, "DR", 0) \
    X(IMM_ATOMIC_CONSUME, 0xb3, "imm_atomic_consume", 1, "DR", 0) \
    X(IMM_ATOMIC_IADD, 0xb4, "imm_atomic_iadd", 2, "DDUI", 0) \
    X(IMM_ATOMIC_AND, 0xb5, "imm_atomic_and", 2, "DDUU", 0) \
    X(IMM_ATOMIC_OR, 0xb6, "imm_atomic_or", 2, "DDUU", 0) \
    X(IMM_ATOMIC_XOR, 0xb7, "imm_atomic_xor", 2, "DDUU", 0) \
    X(IMM_ATOMIC_EXCH, 0xb8, "imm_atomic_exch", 2, "DDUU", 0) \
    X(IMM_ATOMIC_CMP_EXCH, 0xb9, "imm_atomic_cmp_exch", 2, "DDUUU", 0) \
    X(IMM_ATOMIC_IMAX, 0xba, "imm_atomic_imax", 2, "DDUI", 0) \
    X(IMM_ATOMIC_IMIN, 0xbb, "imm_atomic_imin", 2, "DDUI", 0) \
    X(IMM_ATOMIC_UMAX, 0xbc, "imm_atomic_umax", 2, "DDUU", 0) \
    X(IMM_ATOMIC_UMIN, 0xbd, "imm_atomic_umin", 2, "DDUU", 0) \
    X(SYNC, 0xbe, "sync", 0, "", 0) \
    X(DADD, 0xbf, "dadd", 1, "D22", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DMAX, 0xc0, "dmax", 1, "D22", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DMIN, 0xc1, "dmin", 1, "D22", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DMUL, 0xc2, "dmul", 1, "D22", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DEQ, 0xc3, "deq", 1, "D22", DDI_SM5_OPF_DOUBLE) \
    X(DGE, 0xc4, "dge", 1, "D22", DDI_SM5_OPF_DOUBLE) \
    X(DLT, 0xc5, "dlt", 1, "D22", DDI_SM5_OPF_DOUBLE) \
    X(DNE, 0xc6, "dne", 1, "D22", DDI_SM5_OPF_DOUBLE) \
    X(DMOV, 0xc7, "dmov", 1, "D2", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DMOVC, 0xc8, "dmovc", 1, "DU22", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DTOF, 0xc9, "dtof", 1, "D2", DDI_SM5_OPF_DOUBLE) \
    X(FTOD, 0xca, "ftod", 1, "DF", DDI_SM5_OPF_DOUBLE) \
    X(EVAL_SNAPPED, 0xcb, "eval_snapped", 1, "DFI", 0) \
    X(EVAL_SAMPLE_INDEX, 0xcc, "eval_sample_index", 1, "DFI", 0) \
    X(EVAL_CENTROID, 0xcd, "eval_centroid", 1, "DF", 0) \
    X(DCL_GS_INSTANCE_COUNT, 0xce, "dcl_gsinstances", 0, "C", DDI_SM5_OPF_DECL | DDI_SM5_OPF_STAGE) \
    X(ABORT, 0xcf, "abort", 0, "", 0) \
    X(DEBUG_BREAK, 0xd0, "debug_break", 0, "", 0) \
    X(DDIV, 0xd2, "ddiv", 1, "D22", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DFMA, 0xd3, "dfma", 1, "D222", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(DRCP, 0xd4, "drcp", 1, "D2", DDI_SM5_OPF_DOUBLE | DDI_SM5_OPF_SAT) \
    X(MSAD, 0xd5, "msad", 1, "DUUU", 0) \
    X(DTOI, 0xd6, "dtoi", 1, "D2", DDI_SM5_OPF_DOUBLE) \
    X(DTOU, 0xd7, "dtou", 1, "D2", DDI_SM5_OPF_DOUBLE) \
    X(ITOD, 0xd8, "itod", 1, "DI", DDI_SM5_OPF_DOUBLE) \
    X(UTOD, 0xd9, "utod", 1, "DU", DDI_SM5_OPF_DOUBLE) \
    X(GATHER4_S, 0xdb, "gather4_s", 2, "DDFRS", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(GATHER4_C_S, 0xdc, "gather4_c_s", 2, "DDFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(GATHER4_PO_S, 0xdd, "gather4_po_s", 2, "DDFIRS", DDI_SM5_OPF_RESOURCE) \
    X(GATHER4_PO_C_S, 0xde, "gather4_po_c_s", 2, "DDFIRSF", DDI_SM5_OPF_RESOURCE) \
    X(LD_S, 0xdf, "ld_s", 2, "DDIR", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(LD_MS_S, 0xe0, "ldms_s", 2, "DDIRI", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(LD_UAV_TYPED_S, 0xe1, "ld_uav_typed_s", 2, "DDUR", DDI_SM5_OPF_RESOURCE) \
    X(LD_RAW_S, 0xe2, "ld_raw_s", 2, "DDUR", DDI_SM5_OPF_RESOURCE) \
    X(LD_STRUCTURED_S, 0xe3, "ld_structured_s", 2, "DDUUR", DDI_SM5_OPF_RESOURCE) \
    X(SAMPLE_L_S, 0xe4, "sample_l_s", 2, "DDFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(SAMPLE_C_LZ_S, 0xe5, "sample_c_lz_s", 2, "DDFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(SAMPLE_CL_S, 0xe6, "sample_cl_s", 2, "DDFRSF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(SAMPLE_B_CL_S, 0xe7, "sample_b_cl_s", 2, "DDFRSFF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(SAMPLE_D_CL_S, 0xe8, "sample_d_cl_s", 2, "DDFRSFFF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(SAMPLE_C_CL_S, 0xe9, "sample_c_cl_s", 2, "DDFRSFF", DDI_SM5_OPF_OFFSETS | DDI_SM5_OPF_RESOURCE) \
    X(CHECK_ACCESS_FULLY_MAPPED, 0xea, "check_access_fully_mapped", 1, "DU", 0)

enum ddi_sm5_opcode
{
#define DDI_SM5_X_ENUM(name, value, mnemonic, dst_count, roles, flags) DDI_SM5_OP_##name = value,
    DDI_SM5_OPCODES(DDI_SM5_X_ENUM)
#undef DDI_SM5_X_ENUM
    DDI_SM5_OPCODE_COUNT = 0xeb           /* one past the largest opcode */
};

/*
 * Declaration token layouts that DDI_SM5_OPCODES' roles cannot say alone:
 * - dcl_constantbuffer: 5.0 operand cb#[vec4 count] (2 indices); 5.1 operand
 *   CB#[lower:upper] (3 indices), then the vec4 count token, then the space token.
 * - dcl_resource, dcl_uav_typed: the dimension (and sample count) in the controls,
 *   then operand, return type token (5.1: then space).
 * - dcl_indexableTemp: register, vec4 count, components (1-4).
 * - dcl_tgsm_raw: g#, byte count (a multiple of 4); dcl_tgsm_structured: g#, stride,
 *   structure count.
 * - dcl_input vThreadID etc.: a 0-index operand with a write mask.
 * - customdata: class in the controls, total length next; the immediate constant
 *   buffer's data follows as vec4s (length - 2 tokens, a multiple of 4).
 */

#endif
