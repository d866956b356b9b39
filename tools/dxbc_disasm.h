/*
 * dxbc_disasm: the assembler's twin. Prints a DXBC container (shader model 4.0 to 5.1)
 * in the syntax dxbc_asm reads: the signatures as fxc's listing comment blocks, then
 * the program, so that assembling the text gives the same container byte for byte
 * (parts other than ISGN, OSGN and SHEX/SHDR are named in a comment and dropped).
 */
#ifndef DXBC_DISASM_H
#define DXBC_DISASM_H

#include <stddef.h>

/*
 * Returns 0 and *text (malloc'd, NUL-terminated, free() it), or -1 with a message in
 * error (NUL-terminated when error_size > 0) and *text NULL: a damaged container, or a
 * token the assembler's syntax cannot express.
 */
int dxbc_disasm(const void *bytecode, size_t size, char **text, char *error, size_t error_size);

#endif
