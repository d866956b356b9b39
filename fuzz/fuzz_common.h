/*
 * What the libFuzzer targets share (fuzz/README.md): the entry points libFuzzer calls,
 * one device per process, and a check that aborts (a finding) rather than asserting
 * through a test framework.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#define COBJMACROS
#include <d3d12rt/d3d12.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* An invariant broken: libFuzzer records the input as a crash. */
#define FUZZ_CHECK(cond) \
    do { if (!(cond)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); abort(); } } \
    while (0)

/* The process's device on the built-in driver, created on first use. */
ID3D12Device *fuzz_device(void);

#endif
