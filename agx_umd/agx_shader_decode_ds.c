/*
 * The domain shader's declarations: the tessellator domain it reads points of and how
 * many control points its patches have (the D3D11.3 functional specification, "Domain
 * Shader Stage"; token layouts in ddi/ddi_sm5.h). The hull shader's are
 * agx_shader_decode_hs.c's.
 */
#include "agx_shader_private.h"
#include "agx_tess.h"

HRESULT agx_sm_decode_tess_domain(struct agx_sm_reader *r, uint32_t token, uint32_t *domain)
{
    uint32_t value = ((token & DDI_SM5_CONTROLS_MASK) >> DDI_SM5_CONTROLS_SHIFT) & 3;

    if (value < AGX_TESS_DOMAIN_ISOLINE)
        return agx_sm_fail(r, "an undefined tessellator domain");
    *domain = value;
    return S_OK;
}

HRESULT agx_sm_decode_ds_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token)
{
    struct agx_shader_info *info = &shader->info;
    uint32_t opcode = DDI_SM5_OPCODE_OF(token), value = (token & DDI_SM5_CONTROLS_MASK) >> DDI_SM5_CONTROLS_SHIFT;

    switch (opcode)
    {
        case DDI_SM5_OP_DCL_TESS_DOMAIN:
            return agx_sm_decode_tess_domain(r, token, &info->ds_domain);
        case DDI_SM5_OP_DCL_INPUT_CONTROL_POINT_COUNT:
            value &= 0x3f;
            if (!value || value > AGX_SHADER_DS_MAX_CONTROL_POINTS)
                return agx_sm_fail(r, "%u control points: 1 to %u", value, AGX_SHADER_DS_MAX_CONTROL_POINTS);
            info->ds_control_points = value;
            return S_OK;
        default:
            return agx_sm_fail(r, "'%s' does not belong in a domain shader", agx_sm_opcode_info(opcode)->mnemonic);
    }
}

HRESULT agx_sm_check_ds(struct agx_shader *shader, struct agx_sm_reader *r)
{
    r->pos = UINT32_MAX;
    r->context = NULL;
    if (!shader->info.ds_domain)
        return agx_sm_fail(r, "the domain shader declares no tessellator domain");
    if (!shader->info.ds_control_points)
        return agx_sm_fail(r, "the domain shader declares no input control point count");
    return S_OK;
}
