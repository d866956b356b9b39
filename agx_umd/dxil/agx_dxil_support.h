/*
 * What the DXIL front end runs, and the shader model that makes (specs/shaders.md, "The
 * shader model the device reports"): the set of dx.ops the lowering takes
 * (agx_dxil_support.c's table, which the lowering consults before it lowers a module, so
 * an operation outside it is refused by name), and the highest shader model whose
 * required operations (agx_dxil_op_info's need column) are all in a set. The driver's
 * SHADER_MODEL cap and DXILSupported come from it (agx_adapter.c).
 */
#ifndef AGX_DXIL_SUPPORT_H
#define AGX_DXIL_SUPPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "agx_dxil.h"

/* The operations agx_dxil_lower_call lowers: an entry per opcode, true where it is lowered. */
extern const bool agx_dxil_lowered_ops[AGX_DXIL_OP_COUNT];

/* Which of the stages and optional caps of agx_dxil_op_need a device has: a bit per
 * need (1u << AGX_DXIL_NEED_GEOMETRY, ...); CORE is always required. */
typedef uint32_t agx_dxil_needs;

/*
 * The highest shader model 6.x (0x60 | x, as D3D_SHADER_MODEL) a device with `lowered`
 * operations and `present` stages and caps can report: every operation of models 6.0 to
 * 6.x that is CORE, or whose need is in present, is in lowered; 0x51 (shader model 5.1,
 * DXBC only) when 6.0 already lacks one. *missing (optional) receives the first operation
 * the next model lacks, AGX_DXIL_OP_COUNT when 6.7, the last model of the table, is
 * complete.
 */
uint32_t agx_dxil_highest_shader_model(const bool lowered[AGX_DXIL_OP_COUNT], agx_dxil_needs present,
                                       uint32_t *missing);

#endif
