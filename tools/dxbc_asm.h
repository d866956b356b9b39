/*
 * dxbc_asm: a small assembler for shader model 4.0 to 5.1 programs in fxc's
 * disassembly syntax, producing a checksummed DXBC container (ISGN, OSGN, SHEX/SHDR).
 * The runtime's own shaders are built with it (runtime/shaders/), tests write their
 * shaders with it. The syntax is described in specs/shaders.md.
 */
#ifndef DXBC_ASM_H
#define DXBC_ASM_H

#include <stddef.h>

/*
 * Assembles source (NUL-terminated). Returns 0 and *bytecode (malloc'd, free() it) of
 * *size bytes, or -1 with "line N: ..." in error (always NUL-terminated when
 * error_size > 0) and *bytecode NULL. A vertex or pixel shader whose declared inputs or
 * outputs no signature element covers is refused (it would link to nothing).
 */
int dxbc_asm_assemble(const char *source, void **bytecode, size_t *size, char *error, size_t error_size);

/* Declared registers may lack signature elements: for programs that never meet a
 * pipeline (token-level tests, the shader interpreter's unit tests). */
#define DXBC_ASM_ALLOW_MISSING_SIGNATURES 0x1u

/* dxbc_asm_assemble with DXBC_ASM_* flags. */
int dxbc_asm_assemble_flags(const char *source, unsigned int flags, void **bytecode, size_t *size, char *error,
        size_t error_size);

#endif
