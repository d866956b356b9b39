/*
 * Internals of the DXBC front end shared by the decoder (agx_shader_decode*.c) and the
 * lowering into the shader IR (agx_shader_lower*.c): the decoded program, transient
 * between the two, and the shader's IR with its register layout.
 */
#ifndef AGX_SHADER_PRIVATE_H
#define AGX_SHADER_PRIVATE_H

#include "agx_shader.h"
#include "ddi_sm5.h"
#include "ir/agx_ir.h"

#define AGX_SM_MAX_SRC 6
#define AGX_SM_MAX_DST 2
#define AGX_SM_MAX_TEMPS 4096u            /* D3D11: r# and x# together */
#define AGX_SM_MAX_INDEXABLE 64u          /* x# arrays */
#define AGX_SM_MAX_TGSM 64u               /* g# declarations */
#define AGX_SM_MAX_TGSM_BYTES 32768u      /* D3D11_CS_TGSM_REGISTER_COUNT * 4 */
#define AGX_SM_MAX_DEPTH 64u              /* nesting of if / loop / switch */
#define AGX_SM_MAX_SIGNATURE 64u

/* The relative part of an index: r#.c, or x#[n].c. */
struct agx_sm_rel
{
    uint8_t type;                         /* DDI_SM5_OPERAND_TEMP or _INDEXABLE_TEMP */
    uint8_t comp;
    uint16_t array;                       /* x#: the slot in agx_shader.indexables */
    uint32_t reg;                         /* r#, or x#'s element */
};

struct agx_sm_index
{
    uint32_t imm;
    bool relative;
    struct agx_sm_rel rel;
};

/*
 * A decoded operand. Resource operands are normalised across 5.0 and 5.1:
 * index[0] is the absolute register (t3, or T1[3]'s 3), index[1] a constant buffer's
 * vec4, and `slot` the declaration they belong to (the binding; x#: the array; g#: the
 * tgsm slot). Other files keep their indices as written (r5: index[0] = 5).
 */
struct agx_sm_operand
{
    uint8_t type;                         /* enum ddi_sm5_operand_type */
    uint8_t mask;                         /* destinations: written components */
    uint8_t swizzle[4];                   /* sources: component read for each of x y z w */
    uint8_t modifier;                     /* enum ddi_sm5_modifier */
    uint8_t index_count;
    uint16_t slot;
    struct agx_sm_index index[2];
    uint32_t imm[4];                      /* l(...) */
};

struct agx_sm_instr
{
    uint16_t opcode;                      /* enum ddi_sm5_opcode */
    uint8_t dst_count, src_count;
    bool saturate;
    bool test_nonzero;
    uint8_t resinfo;                      /* enum ddi_sm5_resinfo_return; sampleinfo: 2 for _uint */
    int8_t offset[3];                     /* aoffimmi */
    uint32_t controls;                    /* sync flags */
    uint32_t target;                      /* case, default: their switch */
    uint32_t case_first, case_count;      /* switch: its case values in agx_shader.cases */
    struct agx_sm_operand dst[AGX_SM_MAX_DST];
    struct agx_sm_operand src[AGX_SM_MAX_SRC];
};

struct agx_sm_indexable
{
    uint32_t reg;                         /* x# */
    uint32_t count;                       /* vec4 elements */
    uint32_t offset;                      /* first row in the exec's indexable storage */
};

struct agx_sm_tgsm
{
    uint32_t reg;                         /* g# */
    uint32_t offset, size;                /* bytes in the group's memory */
    uint32_t stride;                      /* structured: the element size; raw: 0 */
};

struct agx_shader
{
    struct agx_shader_info info;
    struct agx_shader_binding *bindings;
    struct agx_shader_signature_element *inputs, *outputs;

    struct agx_sm_instr *code;
    uint32_t code_count;
    uint32_t temp_count;
    uint32_t indexable_count, indexable_rows;
    struct agx_sm_indexable indexables[AGX_SM_MAX_INDEXABLE];
    uint32_t tgsm_count;
    struct agx_sm_tgsm tgsm[AGX_SM_MAX_TGSM];
    uint32_t *icb;                        /* dcl_immediateConstantBuffer */
    uint32_t icb_vec4_count;
    uint32_t *cases;
    uint32_t case_total;
    uint32_t sysvals;                     /* bit k: compute system value k (reg_sysvals) is read */

    /* What runs: the program lowered (the decoded code is freed once lowered). */
    struct agx_ir_program ir;
    agx_ir_reg reg_temps, reg_indexable, reg_inputs, reg_outputs;   /* 4 registers per r#, x# row, v#, o# */
    agx_ir_reg reg_depth, reg_coverage_out, reg_coverage_in;
    agx_ir_reg reg_sysvals;               /* thread id, group id, id in group, flattened: 4 x 4 */
    /* Geometry shaders (agx_shader_lower_gs.c): the lane's emitted vertices (4 registers
     * per o# of each, gs_output_registers per vertex), their flags (4 apart), the count
     * emitted, the count times gs_output_registers, and per stream whether a cut is due. */
    agx_ir_reg reg_gs_vertices, reg_gs_flags, reg_gs_count, reg_gs_slot, reg_gs_cut;
    /* Domain shaders: vpc# (4 registers each). */
    agx_ir_reg reg_patch_constants;
    /* Hull shaders while decoding: the phase the instructions read belong to. */
    enum agx_sm_hs_phase
    {
        AGX_SM_HS_NO_PHASE,               /* before hs_decls */
        AGX_SM_HS_DECLS,
        AGX_SM_HS_CONTROL_POINT,
    } hs_phase;
    bool hs_declared_output_control_points;
};

/* Where geometry shaders' system values sit in reg_sysvals. */
#define AGX_SM_SYSVAL_PRIMITIVE_ID 0u
#define AGX_SM_SYSVAL_GS_INSTANCE_ID 1u
/* And the pixel shader's (DXIL's SampleIndex; DXBC reads SV_SampleIndex from its v#). */
#define AGX_SM_SYSVAL_SAMPLE_INDEX 2u
/* Where a hull shader's vOutputControlPointID sits in reg_sysvals. */
#define AGX_SM_SYSVAL_OUTPUT_CONTROL_POINT_ID 3u
/* Where a domain shader's vDomain (u, v, w) sits in reg_sysvals. */
#define AGX_SM_SYSVAL_DOMAIN 4u

/* Inputs indexed by vertex and register (a GS's v[vertex][r], a HS's or DS's
 * vicp[point][r]): how many vertex slots each register has in the layout, and how many
 * the program may read. */
static inline bool agx_sm_reads_control_points(const struct agx_shader_info *info)
{
    return info->stage == AGX_SHADER_STAGE_HULL || info->stage == AGX_SHADER_STAGE_DOMAIN;
}

/* v# with two indices, v[vertex][register]: a GS's primitive, a HS control-point phase's
 * patch (fxc writes the phase's inputs so; vicp is the fork and join phases' name). */
static inline bool agx_sm_indexes_vertices(enum agx_shader_stage stage)
{
    return stage == AGX_SHADER_STAGE_GEOMETRY || stage == AGX_SHADER_STAGE_HULL;
}

static inline uint32_t agx_sm_input_slots(const struct agx_shader_info *info)
{
    if (info->stage == AGX_SHADER_STAGE_GEOMETRY)
        return AGX_SHADER_GS_MAX_INPUT_VERTICES;
    return agx_sm_reads_control_points(info) ? AGX_SHADER_DS_MAX_CONTROL_POINTS : 1;
}

static inline uint32_t agx_sm_input_vertices(const struct agx_shader_info *info)
{
    if (info->stage == AGX_SHADER_STAGE_GEOMETRY)
        return info->gs_input_vertices;
    if (info->stage == AGX_SHADER_STAGE_HULL)
        return info->hs_input_control_points;
    return info->stage == AGX_SHADER_STAGE_DOMAIN ? info->ds_control_points : 1;
}

/* ---- Decoder helpers shared by agx_shader_decode*.c ------------------------------------- */

struct agx_sm_opcode_info
{
    const char *mnemonic;                 /* NULL: not an opcode */
    uint8_t dst_count;
    const char *roles;
    uint32_t flags;
};

const struct agx_sm_opcode_info *agx_sm_opcode_info(uint32_t opcode);
const char *agx_sm_operand_name(uint32_t type);
/* Opcodes the executor runs (declarations are the decoder's). */
bool agx_sm_opcode_supported(uint32_t opcode);

struct agx_sm_reader
{
    const struct agx_shader *shader;
    const uint32_t *tokens;
    uint32_t pos, end;                    /* the instruction being read */
    uint32_t major, minor;
    const char *context;                  /* the instruction's mnemonic, for messages */
    char *why;
    size_t why_size;
};

HRESULT agx_sm_fail(struct agx_sm_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
HRESULT agx_sm_read_token(struct agx_sm_reader *r, uint32_t *token);
/* One operand with its extended tokens, immediates and indices (relative ones too). */
HRESULT agx_sm_read_operand(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t *raw_count,
                            struct agx_sm_index raw[3]);
/* Declarations into shader->info and the shader's tables. */
HRESULT agx_sm_decode_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token,
                                  struct agx_shader_binding **bindings, uint32_t *binding_capacity);
/* Geometry shaders' own declarations (agx_shader_decode_gs.c), and the checks of
 * the whole program once decoded (what must be declared, D3D11's output limit). */
HRESULT agx_sm_decode_gs_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token);
HRESULT agx_sm_check_gs(struct agx_shader *shader, struct agx_sm_reader *r);
/* Domain shaders' (agx_shader_decode_ds.c): the domain and the control point count. */
HRESULT agx_sm_decode_ds_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token);
HRESULT agx_sm_check_ds(struct agx_shader *shader, struct agx_sm_reader *r);
/* dcl_tessellator_domain's value (both stages declare it). */
HRESULT agx_sm_decode_tess_domain(struct agx_sm_reader *r, uint32_t token, uint32_t *domain);
/* Hull shaders' (agx_shader_decode_hs.c): their declarations, the phase markers
 * (hs_decls, hs_*_phase), and what must be declared. */
HRESULT agx_sm_decode_hs_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token);
HRESULT agx_sm_decode_hs_phase(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token);
HRESULT agx_sm_check_hs(struct agx_shader *shader, struct agx_sm_reader *r);

static inline bool agx_sm_is_hs_phase_opcode(uint32_t opcode)
{
    return opcode >= DDI_SM5_OP_HS_DECLS && opcode <= DDI_SM5_OP_HS_JOIN_PHASE;
}

static inline bool agx_sm_is_gs_opcode(uint32_t opcode)
{
    return opcode == DDI_SM5_OP_EMIT || opcode == DDI_SM5_OP_CUT || opcode == DDI_SM5_OP_EMITTHENCUT
            || opcode == DDI_SM5_OP_EMIT_STREAM || opcode == DDI_SM5_OP_CUT_STREAM
            || opcode == DDI_SM5_OP_EMITTHENCUT_STREAM;
}

/* Register checks and 5.0/5.1 resource normalisation of one code operand. */
HRESULT agx_sm_check_operand(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t raw_count,
                             const struct agx_sm_index raw[3], bool dst, char role);

/*
 * Tiled-resource feedback (SM 5.0's *_s forms, tiled resources tier 2): the same
 * operation as the base opcode plus a second destination, the status word, and for the
 * *_cl_s forms a last source, the lod clamp. The status is this driver's own word
 * (D3D leaves it opaque): AGX_IR_STATUS_UNMAPPED when some byte the lane read lay in
 * an unmapped tile, 0 otherwise; check_access_fully_mapped turns it into a boolean.
 * The decoder checks them as their base opcode.
 */
static inline uint32_t agx_sm_feedback_base(uint32_t opcode)
{
    switch (opcode)
    {
        case DDI_SM5_OP_GATHER4_S: return DDI_SM5_OP_GATHER4;
        case DDI_SM5_OP_GATHER4_C_S: return DDI_SM5_OP_GATHER4_C;
        case DDI_SM5_OP_GATHER4_PO_S: return DDI_SM5_OP_GATHER4_PO;
        case DDI_SM5_OP_GATHER4_PO_C_S: return DDI_SM5_OP_GATHER4_PO_C;
        case DDI_SM5_OP_LD_S: return DDI_SM5_OP_LD;
        case DDI_SM5_OP_LD_MS_S: return DDI_SM5_OP_LD_MS;
        case DDI_SM5_OP_LD_UAV_TYPED_S: return DDI_SM5_OP_LD_UAV_TYPED;
        case DDI_SM5_OP_LD_RAW_S: return DDI_SM5_OP_LD_RAW;
        case DDI_SM5_OP_LD_STRUCTURED_S: return DDI_SM5_OP_LD_STRUCTURED;
        case DDI_SM5_OP_SAMPLE_L_S: return DDI_SM5_OP_SAMPLE_L;
        case DDI_SM5_OP_SAMPLE_C_LZ_S: return DDI_SM5_OP_SAMPLE_C_LZ;
        case DDI_SM5_OP_SAMPLE_CL_S: return DDI_SM5_OP_SAMPLE;
        case DDI_SM5_OP_SAMPLE_B_CL_S: return DDI_SM5_OP_SAMPLE_B;
        case DDI_SM5_OP_SAMPLE_D_CL_S: return DDI_SM5_OP_SAMPLE_D;
        case DDI_SM5_OP_SAMPLE_C_CL_S: return DDI_SM5_OP_SAMPLE_C;
        default: return opcode;
    }
}

/* The source index of a *_cl_s form's lod clamp, or -1. */
static inline int agx_sm_lod_clamp_source(uint32_t opcode)
{
    switch (opcode)
    {
        case DDI_SM5_OP_SAMPLE_CL_S: return 3;
        case DDI_SM5_OP_SAMPLE_B_CL_S: case DDI_SM5_OP_SAMPLE_C_CL_S: return 4;
        case DDI_SM5_OP_SAMPLE_D_CL_S: return 5;
        default: return -1;
    }
}

/* ---- The DXIL front end (dxil/agx_dxil_lower*.c) ---------------------------------------- */

/* Reads a DXIL container's module and lowers it into shader->ir (validated), filling
 * the shader's info, bindings and register layout; shader->info.stage is the stage
 * expected. E_INVALIDARG with a sentence naming what is not supported. */
HRESULT agx_dxil_shader_lower(struct agx_shader *shader, const void *data, size_t size, char *why, size_t why_size);

/* ---- Lowering (agx_shader_lower*.c) ---------------------------------------------------- */

/* Lowers shader->code into shader->ir (validated); E_OUTOFMEMORY if building ran out. */
HRESULT agx_sm_lower_program(struct agx_shader *shader, struct agx_sm_reader *r);

struct agx_sm_lower;

/* Geometry shaders (agx_shader_lower_gs.c): their registers, and emit/cut into the
 * lane's vertex list. */
void agx_sm_layout_gs(struct agx_shader *s, struct agx_ir_program *p);
void agx_sm_lower_gs(struct agx_sm_lower *L, const struct agx_sm_instr *ins);

/* eval_* (agx_shader_lower_pixel.c); false for other opcodes. */
bool agx_sm_lower_pixel(struct agx_sm_lower *L, const struct agx_sm_instr *ins);

/* For the memory and texture lowering (agx_shader_lower_mem.c). */
void agx_sm_lower_memory(struct agx_sm_lower *L, const struct agx_sm_instr *ins);
struct agx_ir_program *agx_sm_program(struct agx_sm_lower *L);
struct agx_shader *agx_sm_lowered_shader(struct agx_sm_lower *L);
/* A register of the instruction's pool (valid until the next instruction). */
agx_ir_reg agx_sm_pool(struct agx_sm_lower *L);
/* Component c of a source after its swizzle and modifier (integer: -x and |x| as integers). */
agx_ir_reg agx_sm_src(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c, bool integer);
/* The resource operand a DXBC resource, UAV, sampler, cb or g# operand names. */
void agx_sm_resource(struct agx_sm_lower *L, const struct agx_sm_operand *op, struct agx_ir_res *res);
/* Where an operation that writes all its results at once puts destination component c. */
agx_ir_reg agx_sm_result(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c);
/* Copies `from` to destination component c once the instruction's operations are emitted. */
void agx_sm_defer(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c, agx_ir_reg from, bool sat);

#endif
