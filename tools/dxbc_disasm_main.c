/*
 * The disassembler tool, installed as d3d12rt-dxbc-disasm (man/d3d12rt-dxbc-disasm.1):
 *   d3d12rt-dxbc-disasm in.dxbc [-o out.asm]
 * prints the container in d3d12rt-dxbc-asm's syntax, then assembles the text again and
 * fails (exit 1, the text still printed) when that would not give the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dxbc_asm.h"
#include "dxbc_disasm.h"

static const char usage[] =
    "usage: d3d12rt-dxbc-disasm in.dxbc [-o out.asm]\n"
    "Prints a shader model 4.0-5.1 DXBC container in d3d12rt-dxbc-asm's syntax (signatures\n"
    "as fxc's listing blocks), which assembles back to the same bytes.\n";

static unsigned char *read_all(const char *path, size_t *size)
{
    unsigned char *data = NULL, *grown;
    size_t capacity = 0, n;
    FILE *file;

    *size = 0;
    if (!(file = fopen(path, "rb")))
        return NULL;
    for (;;)
    {
        if (*size == capacity)
        {
            capacity = capacity ? 2 * capacity : 65536;
            if (!(grown = realloc(data, capacity)))
            {
                free(data);
                fclose(file);
                return NULL;
            }
            data = grown;
        }
        if (!(n = fread(data + *size, 1, capacity - *size, file)))
            break;
        *size += n;
    }
    fclose(file);
    return data;
}

int main(int argc, char **argv)
{
    const char *input = NULL, *output = NULL;
    unsigned char *bytecode;
    char error[512], *text;
    void *again = NULL;
    size_t size, again_size;
    FILE *out = stdout;
    int i, ret = 0;

    for (i = 1; i < argc; ++i)
    {
        if (!strcmp(argv[i], "--help"))
        {
            fputs(usage, stdout);
            return 0;
        }
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            output = argv[++i];
        else if (!input && argv[i][0] != '-')
            input = argv[i];
        else
            input = NULL, i = argc;
    }
    if (!input)
    {
        fputs(usage, stderr);
        return 2;
    }
    if (!(bytecode = read_all(input, &size)))
    {
        fprintf(stderr, "d3d12rt-dxbc-disasm: cannot read %s\n", input);
        return 1;
    }
    if (dxbc_disasm(bytecode, size, &text, error, sizeof(error)))
    {
        fprintf(stderr, "%s: %s\n", input, error);
        free(bytecode);
        return 1;
    }
    if (output && !(out = fopen(output, "w")))
    {
        fprintf(stderr, "d3d12rt-dxbc-disasm: cannot write %s\n", output);
        ret = 1;
    }
    else
    {
        fputs(text, out);
        if (out != stdout && fclose(out))
            ret = 1;
    }
    /* The promise: the text assembles to the same container. */
    if (dxbc_asm_assemble_flags(text, DXBC_ASM_ALLOW_MISSING_SIGNATURES, &again, &again_size, error, sizeof(error)))
    {
        fprintf(stderr, "%s: the printed text does not assemble: %s\n", input, error);
        ret = 1;
    }
    else if (again_size != size || memcmp(again, bytecode, size))
    {
        fprintf(stderr, "%s: the printed text assembles to other bytes (parts the assembler does not write, or "
                "an encoding it does not choose)\n", input);
        ret = 1;
    }
    free(again);
    free(text);
    free(bytecode);
    return ret;
}
