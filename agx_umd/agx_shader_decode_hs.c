/*
 * The hull shader's declarations and phases (the D3D11.3 functional specification,
 * "Hull Shader Stage"; token layouts in ddi/ddi_sm5.h). A hull shader is hs_decls, the
 * patch-wide declarations, then its phases: the control-point phase runs once per
 * output control point (one lane each, vOutputControlPointID telling which), the fork
 * and join phases once per patch to write its patch constants. The engine runs the
 * control-point phase; fork and join phases are refused until they run.
 */
#include <math.h>
#include <string.h>

#include "agx_shader_private.h"
#include "agx_tess.h"

/* The spec's default without dcl_hs_max_tessfactor: the tessellator's own limit. */
#define AGX_SM_HS_DEFAULT_MAX_TESSFACTOR 64.0f

HRESULT agx_sm_decode_hs_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token)
{
    struct agx_shader_info *info = &shader->info;
    uint32_t opcode = DDI_SM5_OPCODE_OF(token), value = (token & DDI_SM5_CONTROLS_MASK) >> DDI_SM5_CONTROLS_SHIFT;
    uint32_t bits;
    HRESULT hr;

    switch (opcode)
    {
        case DDI_SM5_OP_DCL_INPUT_CONTROL_POINT_COUNT:
        case DDI_SM5_OP_DCL_OUTPUT_CONTROL_POINT_COUNT:
            value &= 0x3f;
            /* A patch of no input control points is no patch; no output control points is
             * a hull shader whose domain shader reads only patch constants. */
            if (value > AGX_SHADER_DS_MAX_CONTROL_POINTS || (!value && opcode == DDI_SM5_OP_DCL_INPUT_CONTROL_POINT_COUNT))
                return agx_sm_fail(r, "%u control points: %u to %u", value,
                                   opcode == DDI_SM5_OP_DCL_INPUT_CONTROL_POINT_COUNT ? 1u : 0u,
                                   AGX_SHADER_DS_MAX_CONTROL_POINTS);
            if (opcode == DDI_SM5_OP_DCL_INPUT_CONTROL_POINT_COUNT)
                info->hs_input_control_points = value;
            else
                info->hs_output_control_points = value;
            shader->hs_declared_output_control_points |= opcode == DDI_SM5_OP_DCL_OUTPUT_CONTROL_POINT_COUNT;
            return S_OK;
        case DDI_SM5_OP_DCL_TESS_DOMAIN:
            return agx_sm_decode_tess_domain(r, token, &info->hs_domain);
        case DDI_SM5_OP_DCL_TESS_PARTITIONING:
            /* pow2 (2) is defined by the token format; the tessellator runs it as integer. */
            value &= 7;
            if (value < AGX_TESS_PARTITIONING_INTEGER || value > AGX_TESS_PARTITIONING_FRACTIONAL_EVEN)
                return agx_sm_fail(r, "an undefined tessellator partitioning");
            info->hs_partitioning = value;
            return S_OK;
        case DDI_SM5_OP_DCL_TESS_OUTPUT_PRIMITIVE:
            value &= 7;
            if (value < AGX_TESS_TOPOLOGY_POINT || value > AGX_TESS_TOPOLOGY_TRIANGLE_CCW)
                return agx_sm_fail(r, "an undefined tessellator output primitive");
            info->hs_output_primitive = value;
            return S_OK;
        case DDI_SM5_OP_DCL_HS_MAX_TESSFACTOR:
            if (FAILED(hr = agx_sm_read_token(r, &bits)))
                return hr;
            memcpy(&info->hs_max_tessfactor, &bits, sizeof(bits));
            /* The functional specification's range for dcl_hs_max_tessfactor, [1.0, 64.0]
             * (fxc refuses [maxtessfactor] outside it). */
            if (!(info->hs_max_tessfactor >= 1.0f && info->hs_max_tessfactor <= AGX_SM_HS_DEFAULT_MAX_TESSFACTOR))
                return agx_sm_fail(r, "a maximum tessellation factor of %g: 1 to 64", (double)info->hs_max_tessfactor);
            return S_OK;
        case DDI_SM5_OP_DCL_HS_FORK_PHASE_INSTANCE_COUNT:
        case DDI_SM5_OP_DCL_HS_JOIN_PHASE_INSTANCE_COUNT:
            return agx_sm_fail(r, "fork and join phases are not run by the simulated device yet");
        default:
            return agx_sm_fail(r, "'%s' does not belong in a hull shader", agx_sm_opcode_info(opcode)->mnemonic);
    }
}

HRESULT agx_sm_decode_hs_phase(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token)
{
    switch (DDI_SM5_OPCODE_OF(token))
    {
        case DDI_SM5_OP_HS_DECLS:
            if (shader->hs_phase != AGX_SM_HS_NO_PHASE)
                return agx_sm_fail(r, "hs_decls after the program's start");
            shader->hs_phase = AGX_SM_HS_DECLS;
            shader->info.hs_max_tessfactor = AGX_SM_HS_DEFAULT_MAX_TESSFACTOR;
            return S_OK;
        case DDI_SM5_OP_HS_CONTROL_POINT_PHASE:
            if (shader->hs_phase != AGX_SM_HS_DECLS)
                return agx_sm_fail(r, "a control-point phase %s", shader->hs_phase == AGX_SM_HS_NO_PHASE
                                   ? "before hs_decls" : "after another");
            shader->hs_phase = AGX_SM_HS_CONTROL_POINT;
            return S_OK;
        default:
            return agx_sm_fail(r, "fork and join phases are not run by the simulated device yet");
    }
}

HRESULT agx_sm_check_hs(struct agx_shader *shader, struct agx_sm_reader *r)
{
    const struct agx_shader_info *info = &shader->info;

    r->pos = UINT32_MAX;
    r->context = NULL;
    if (!info->hs_input_control_points)
        return agx_sm_fail(r, "the hull shader declares no input control point count");
    if (!shader->hs_declared_output_control_points)
        return agx_sm_fail(r, "the hull shader declares no output control point count");
    if (!info->hs_domain)
        return agx_sm_fail(r, "the hull shader declares no tessellator domain");
    if (!info->hs_partitioning)
        return agx_sm_fail(r, "the hull shader declares no tessellator partitioning");
    if (!info->hs_output_primitive)
        return agx_sm_fail(r, "the hull shader declares no tessellator output primitive");
    /* Lines come out of isolines only, triangles out of tri and quad domains; points
     * out of any (the functional specification's table of output primitives). */
    if ((info->hs_output_primitive == AGX_TESS_TOPOLOGY_LINE) != (info->hs_domain == AGX_TESS_DOMAIN_ISOLINE)
            && info->hs_output_primitive != AGX_TESS_TOPOLOGY_POINT)
        return agx_sm_fail(r, "the tessellator's output primitive does not fit its domain");
    return S_OK;
}
