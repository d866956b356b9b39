/*
 * dxbc_asm internals: the assembler's state, the line cursor and the pieces each
 * file provides (dxbc_asm.c: lines, signatures, the container; dxbc_asm_operand.c:
 * numbers and operands; dxbc_asm_instr.c: instructions; dxbc_asm_decl.c:
 * declarations).
 */
#ifndef DXBC_ASM_PRIVATE_H
#define DXBC_ASM_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ddi_sm5.h"

#define ASM_MAX_SIGNATURE 64u

struct asm_signature_element
{
    char semantic[64];
    uint32_t semantic_index;
    uint32_t sysval;                    /* D3D_NAME */
    uint32_t component_type;            /* D3D_REGISTER_COMPONENT_TYPE */
    uint32_t reg;
    uint8_t mask;
    bool has_used;                      /* from a listing's Used column */
    uint8_t used;                       /* components read (inputs) or written (outputs) */
};

/* A register that a dcl_input* / dcl_output* declares, checked against the signature. */
struct asm_declared_register
{
    unsigned int line;
    bool output;
    uint32_t reg;                       /* 0xffffffff: oDepth, oMask and the like */
    uint8_t mask;
};

struct asm_state
{
    unsigned int line;                  /* 1-based, of the statement being assembled */
    char *error;
    size_t error_size;
    bool failed;

    bool have_version;
    enum ddi_sm5_program_type type;
    unsigned int major, minor;

    uint32_t *tokens;                   /* the program, version and length tokens first */
    size_t count, capacity;

    struct asm_signature_element inputs[ASM_MAX_SIGNATURE], outputs[ASM_MAX_SIGNATURE];
    unsigned int input_count, output_count;
    bool listing_signatures;            /* read from fxc's comment blocks */

    struct asm_declared_register declared[2 * ASM_MAX_SIGNATURE];
    unsigned int declared_count;
};

/* One instruction being encoded: at most 127 tokens (the opcode token's length field). */
struct asm_instr
{
    uint32_t tokens[DDI_SM5_MAX_INSTRUCTION_LENGTH];
    unsigned int count;
    bool overflow;
};

static inline bool asm_is_51(const struct asm_state *state)
{
    return state->major == 5 && state->minor == 1;
}

/* Records "line N: ..." (the first error only); returns false. */
bool asm_fail(struct asm_state *state, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void asm_put(struct asm_instr *instr, uint32_t token);
/* Appends tokens to the program. */
bool asm_emit(struct asm_state *state, const uint32_t *tokens, size_t count);

/* ---- Names the assembler reads and the disassembler prints ---- */
struct asm_name
{
    const char *name;
    uint32_t value;
};

struct asm_names
{
    const struct asm_name *names;
    size_t count;
};

/* Declaration words (dxbc_asm_decl.c). */
extern const struct asm_names asm_global_flag_names, asm_system_value_names, asm_sampler_mode_names,
        asm_output_topology_names, asm_input_primitive_names, asm_tess_domain_names, asm_tess_partitioning_names,
        asm_tess_primitive_names;
/* The name of value, or NULL. */
const char *asm_name_of(const struct asm_names *names, uint32_t value);
/* dxbc_asm_instr.c: "texture2d" for DDI_SM5_DIM_TEXTURE2D, "float" for a return type; NULL if none. */
const char *asm_dimension_name(uint32_t dim);
const char *asm_return_type_name(uint32_t type);
/* ddi_sm5.h's table entry of opcode; false if there is none. */
bool asm_opcode_info(uint32_t opcode, const char **mnemonic, const char **roles, uint32_t *flags);
/* dxbc_asm_operand.c: "r", "vThreadID", "cb" ...; NULL if none. */
const char *asm_register_prefix(uint32_t type);

/* ---- The cursor (dxbc_asm_operand.c) ---- */
void asm_skip_space(const char **p);
/* Consumes c (after spaces); false when the next character is something else. */
bool asm_accept(const char **p, char c);
bool asm_expect(struct asm_state *state, const char **p, char c);
/* Consumes a word of letters, digits and '_' into buffer; false when there is none. */
bool asm_word(const char **p, char *buffer, size_t size);
bool asm_at_end(const char **p);

/* A 32-bit literal: decimal or hex integers (negative ones as two's complement),
 * floats with a '.', an exponent, or inf / nan. */
bool asm_number(struct asm_state *state, const char **p, uint32_t *value);
/* An unsigned integer literal (decimal or hex). */
bool asm_uint(struct asm_state *state, const char **p, uint32_t *value);
/* A signed integer literal. */
bool asm_int(struct asm_state *state, const char **p, int32_t *value);

/* Operand forms. */
enum asm_operand_use
{
    ASM_SOURCE,                         /* a swizzle or one selected component */
    ASM_DEST,                           /* a write mask */
};
/* Parses and encodes one operand into instr. */
bool asm_operand(struct asm_state *state, const char **p, enum asm_operand_use use, struct asm_instr *instr);
/* The register file named by a prefix ("r", "vThreadID", "CB", ...); -1 if none. */
int asm_register_type(const char *name);

/* ---- Resource names (dxbc_asm_instr.c) ---- */
/* "texture2d", "raw_buffer", ... as enum ddi_sm5_resource_dim. */
bool asm_dimension(struct asm_state *state, const char *word, uint32_t *dim);
/* "(float,float,float,float)" as a return type token. */
bool asm_return_types(struct asm_state *state, const char **p, uint32_t *token);

/* ---- Statements ---- */
bool asm_instruction(struct asm_state *state, const char *text);
/* A declaration: instr holds the opcode token; text follows the mnemonic (suffixes,
 * then the arguments). Sets the controls and appends the declaration's tokens. */
bool asm_declaration(struct asm_state *state, uint32_t opcode, const char *mnemonic, const char *text,
                     struct asm_instr *instr);

/* Records the register a signature declaration (instr: its tokens) names, for the
 * check that the signatures cover it (dxbc_asm_listing.c). */
void asm_note_declared_register(struct asm_state *state, const struct asm_instr *instr);
/* Reads the "// Input signature:" and "// Output signature:" blocks of fxc's listing
 * into the state's signatures; false on a malformed block. */
bool asm_listing_signatures(struct asm_state *state, const char *source);
/* Fails when a declared input or output has no signature element covering it. */
bool asm_check_declared_registers(struct asm_state *state);

/* Whether text starts with word followed by a non-word character. */
bool asm_starts_with_word(const char *text, const char *word);

#endif
