/*
 * dxbc_asm: declarations in fxc's syntax, 5.0 (cb0[4], t0, u0, s0) and 5.1
 * (CB0[0:0][4], T0[0:3], U0[0:*], each ended by ", space=N").
 */
#include <ctype.h>
#include <string.h>

#include "dxbc_asm_private.h"

static bool lookup(struct asm_state *state, const struct asm_name *names, size_t count, const char *word,
                   const char *what, uint32_t *value)
{
    size_t i;

    for (i = 0; i < count; ++i)
    {
        if (!strcmp(word, names[i].name))
        {
            *value = names[i].value;
            return true;
        }
    }
    return asm_fail(state, "unknown %s \"%s\"", what, word);
}

#define LOOKUP(state, names, word, what, value) \
    lookup(state, names, sizeof(names) / sizeof(names[0]), word, what, value)

static const struct asm_name global_flags[] =
{
    {"refactoringAllowed", DDI_SM5_GLOBAL_REFACTORING_ALLOWED},
    {"enableDoublePrecisionFloatOps", DDI_SM5_GLOBAL_DOUBLE_PRECISION},
    {"forceEarlyDepthStencil", DDI_SM5_GLOBAL_FORCE_EARLY_DEPTH_STENCIL},
    {"enableRawAndStructuredBuffers", DDI_SM5_GLOBAL_RAW_AND_STRUCTURED_BUFFERS},
    {"skipOptimization", DDI_SM5_GLOBAL_SKIP_OPTIMIZATION},
    {"enableMinimumPrecision", DDI_SM5_GLOBAL_MINIMUM_PRECISION},
    {"enable11_1DoubleExtensions", DDI_SM5_GLOBAL_DOUBLE_EXTENSIONS},
    {"enable11_1ShaderExtensions", DDI_SM5_GLOBAL_SHADER_EXTENSIONS},
    {"allResourcesBound", DDI_SM5_GLOBAL_ALL_RESOURCES_BOUND},
};

/* The token format's system value names (dcl_*_siv / _sgv). */
static const struct asm_name system_values[] =
{
    {"position", DDI_SM5_NAME_POSITION},
    {"clip_distance", DDI_SM5_NAME_CLIP_DISTANCE},
    {"cull_distance", DDI_SM5_NAME_CULL_DISTANCE},
    {"rendertarget_array_index", DDI_SM5_NAME_RENDER_TARGET_ARRAY_INDEX},
    {"viewport_array_index", DDI_SM5_NAME_VIEWPORT_ARRAY_INDEX},
    {"vertex_id", DDI_SM5_NAME_VERTEX_ID},
    {"primitive_id", DDI_SM5_NAME_PRIMITIVE_ID},
    {"instance_id", DDI_SM5_NAME_INSTANCE_ID},
    {"is_front_face", DDI_SM5_NAME_IS_FRONT_FACE},
    {"sample_index", DDI_SM5_NAME_SAMPLE_INDEX},
    {"finalQuadUeq0EdgeTessFactor", DDI_SM5_NAME_FINAL_QUAD_U_EQ_0_EDGE_TESSFACTOR},
    {"finalQuadVeq0EdgeTessFactor", DDI_SM5_NAME_FINAL_QUAD_V_EQ_0_EDGE_TESSFACTOR},
    {"finalQuadUeq1EdgeTessFactor", DDI_SM5_NAME_FINAL_QUAD_U_EQ_1_EDGE_TESSFACTOR},
    {"finalQuadVeq1EdgeTessFactor", DDI_SM5_NAME_FINAL_QUAD_V_EQ_1_EDGE_TESSFACTOR},
    {"finalQuadUInsideTessFactor", DDI_SM5_NAME_FINAL_QUAD_U_INSIDE_TESSFACTOR},
    {"finalQuadVInsideTessFactor", DDI_SM5_NAME_FINAL_QUAD_V_INSIDE_TESSFACTOR},
    {"finalTriUeq0EdgeTessFactor", DDI_SM5_NAME_FINAL_TRI_U_EQ_0_EDGE_TESSFACTOR},
    {"finalTriVeq0EdgeTessFactor", DDI_SM5_NAME_FINAL_TRI_V_EQ_0_EDGE_TESSFACTOR},
    {"finalTriWeq0EdgeTessFactor", DDI_SM5_NAME_FINAL_TRI_W_EQ_0_EDGE_TESSFACTOR},
    {"finalTriInsideTessFactor", DDI_SM5_NAME_FINAL_TRI_INSIDE_TESSFACTOR},
    {"finalLineDetailTessFactor", DDI_SM5_NAME_FINAL_LINE_DETAIL_TESSFACTOR},
    {"finalLineDensityTessFactor", DDI_SM5_NAME_FINAL_LINE_DENSITY_TESSFACTOR},
};

static const struct asm_name sampler_modes[] =
{
    {"mode_default", DDI_SM5_SAMPLER_DEFAULT},
    {"mode_comparison", DDI_SM5_SAMPLER_COMPARISON},
    {"mode_mono", DDI_SM5_SAMPLER_MONO},
};

/* D3D10_PRIMITIVE_TOPOLOGY and D3D10_PRIMITIVE values, the tessellator's enums. */
static const struct asm_name output_topologies[] =
{
    {"pointlist", 1}, {"linestrip", 3}, {"trianglestrip", 5},
};
static const struct asm_name input_primitives[] =
{
    {"point", 1}, {"line", 2}, {"triangle", 3}, {"lineadj", 6}, {"triangleadj", 7},
};
static const struct asm_name tess_domains[] =
{
    {"domain_isoline", 1}, {"domain_tri", 2}, {"domain_quad", 3},
};
static const struct asm_name tess_partitionings[] =
{
    {"partitioning_integer", 1}, {"partitioning_pow2", 2}, {"partitioning_fractional_odd", 3},
    {"partitioning_fractional_even", 4},
};
static const struct asm_name tess_primitives[] =
{
    {"output_point", 1}, {"output_line", 2}, {"output_triangle_cw", 3}, {"output_triangle_ccw", 4},
};

#define NAMES(array) {array, sizeof(array) / sizeof(array[0])}
const struct asm_names asm_global_flag_names = NAMES(global_flags);
const struct asm_names asm_system_value_names = NAMES(system_values);
const struct asm_names asm_sampler_mode_names = NAMES(sampler_modes);
const struct asm_names asm_output_topology_names = NAMES(output_topologies);
const struct asm_names asm_input_primitive_names = NAMES(input_primitives);
const struct asm_names asm_tess_domain_names = NAMES(tess_domains);
const struct asm_names asm_tess_partitioning_names = NAMES(tess_partitionings);
const struct asm_names asm_tess_primitive_names = NAMES(tess_primitives);

const char *asm_name_of(const struct asm_names *names, uint32_t value)
{
    size_t i;

    for (i = 0; i < names->count; ++i)
    {
        if (names->names[i].value == value)
            return names->names[i].name;
    }
    return NULL;
}

/* A uint token after an optional comma. */
static bool count_token(struct asm_state *state, const char **p, bool comma, struct asm_instr *instr)
{
    uint32_t value = 0;

    if (comma && !asm_expect(state, p, ','))
        return false;
    if (!asm_uint(state, p, &value))
        return false;
    asm_put(instr, value);
    return true;
}

/* The register of a declaration: 5.0 through asm_operand; 5.1 ranges "T0[0:3]",
 * "CB0[0:0][4]" (the vec4 count as the next token), "U0[0:*]" (unbounded). */
static bool resource_operand(struct asm_state *state, const char **p, enum ddi_sm5_operand_type expected,
                             struct asm_instr *instr)
{
    uint32_t id, lower, upper, token;
    unsigned int start = instr->count;
    char name[8];
    size_t n = 0;
    int type;

    if (!asm_is_51(state))
    {
        if (!asm_operand(state, p, ASM_SOURCE, instr))
            return false;
        token = instr->tokens[start];
        if ((token & DDI_SM5_OPERAND_TYPE_MASK) >> DDI_SM5_OPERAND_TYPE_SHIFT != (uint32_t)expected)
            return asm_fail(state, "this declaration names another register file");
        if ((token & DDI_SM5_INDEX_DIMENSION_MASK) >> DDI_SM5_INDEX_DIMENSION_SHIFT
                != (expected == DDI_SM5_OPERAND_CONSTANT_BUFFER ? 2u : 1u))
            return asm_fail(state, "expected %s", expected == DDI_SM5_OPERAND_CONSTANT_BUFFER ? "cb#[vec4 count]"
                            : "a register number");
        return true;
    }
    asm_skip_space(p);
    while (isalpha((unsigned char)**p) && n + 1 < sizeof(name))
        name[n++] = *(*p)++;
    name[n] = 0;
    if ((type = asm_register_type(name)) != (int)expected)
        return asm_fail(state, "expected a %s range (CB#, T#, S#, U#) in a 5.1 declaration, not \"%s\"",
                        expected == DDI_SM5_OPERAND_CONSTANT_BUFFER ? "constant buffer" : "register", name);
    if (!asm_uint(state, p, &id) || !asm_expect(state, p, '[') || !asm_uint(state, p, &lower)
            || !asm_expect(state, p, ':'))
        return false;
    if (asm_accept(p, '*'))
        upper = 0xffffffffu;
    else if (!asm_uint(state, p, &upper))
        return false;
    if (!asm_expect(state, p, ']'))
        return false;
    if (upper < lower)
        return asm_fail(state, "register range [%u:%u] ends before it starts", lower, upper);
    if (expected == DDI_SM5_OPERAND_CONSTANT_BUFFER)
        token = ddi_sm5_operand_token(expected, DDI_SM5_COMPONENTS_4, DDI_SM5_SELECT_SWIZZLE,
                                      DDI_SM5_SWIZZLE_IDENTITY, 3);
    else
        token = ddi_sm5_operand_token(expected, DDI_SM5_COMPONENTS_0, DDI_SM5_SELECT_MASK, 0, 3);
    asm_put(instr, token);
    asm_put(instr, id);
    asm_put(instr, lower);
    asm_put(instr, upper);
    if (expected == DDI_SM5_OPERAND_CONSTANT_BUFFER)
    {
        if (!asm_expect(state, p, '['))
            return false;
        if (!count_token(state, p, false, instr))
            return false;
        return asm_expect(state, p, ']');
    }
    return true;
}

/* 5.1's trailing ", space=N". */
static bool space_token(struct asm_state *state, const char **p, struct asm_instr *instr)
{
    uint32_t space;
    char word[8];

    if (!asm_is_51(state))
        return true;
    if (!asm_accept(p, ',') || !asm_word(p, word, sizeof(word)) || strcmp(word, "space")
            || !asm_expect(state, p, '=') || !asm_uint(state, p, &space))
        return asm_fail(state, "a 5.1 declaration ends with \", space=N\"");
    asm_put(instr, space);
    return true;
}

/* A register with a write mask (v0.xy, o0.xyzw, vThreadID.xyz, oDepth). */
static bool register_operand(struct asm_state *state, const char **p, struct asm_instr *instr)
{
    return asm_operand(state, p, ASM_DEST, instr);
}

static bool name_token(struct asm_state *state, const char **p, struct asm_instr *instr)
{
    uint32_t value = 0;
    char word[48];

    if (!asm_expect(state, p, ',') || !asm_word(p, word, sizeof(word)))
        return asm_fail(state, "expected \", system_value_name\"");
    if (!LOOKUP(state, system_values, word, "system value", &value))
        return false;
    asm_put(instr, value);
    return true;
}

/* dcl_input_ps's interpolation words: constant, linear [noperspective] [centroid|sample]. */
static bool interpolation(struct asm_state *state, const char **p, uint32_t *controls)
{
    bool linear = false, noperspective = false, centroid = false, sample = false, constant = false;
    uint32_t mode;
    char word[32];

    for (;;)
    {
        const char *save = *p;

        if (!asm_word(p, word, sizeof(word)))
            break;
        if (!strcmp(word, "constant"))
            constant = true;
        else if (!strcmp(word, "linear"))
            linear = true;
        else if (!strcmp(word, "noperspective"))
            noperspective = true;
        else if (!strcmp(word, "centroid"))
            centroid = true;
        else if (!strcmp(word, "sample"))
            sample = true;
        else
        {
            *p = save;
            break;
        }
    }
    if (constant)
        mode = DDI_SM5_INTERPOLATION_CONSTANT;
    else if (!linear)
        mode = DDI_SM5_INTERPOLATION_UNDEFINED;
    else if (noperspective)
        mode = sample ? DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE
                : centroid ? DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE_CENTROID
                : DDI_SM5_INTERPOLATION_LINEAR_NOPERSPECTIVE;
    else
        mode = sample ? DDI_SM5_INTERPOLATION_LINEAR_SAMPLE
                : centroid ? DDI_SM5_INTERPOLATION_LINEAR_CENTROID : DDI_SM5_INTERPOLATION_LINEAR;
    if ((constant && (linear || noperspective || centroid || sample)) || (centroid && sample)
            || (!linear && !constant && (noperspective || centroid || sample)))
        return asm_fail(state, "contradictory interpolation modes");
    *controls |= mode << DDI_SM5_INTERPOLATION_SHIFT;
    return true;
}

/* The _glc / _opc / _rov suffixes of UAV declarations. */
static bool uav_flags(struct asm_state *state, const char **p, bool counter_allowed, uint32_t *controls)
{
    char word[16];

    while (**p == '_')
    {
        size_t n = 0;

        for (++*p; isalnum((unsigned char)**p) && n + 1 < sizeof(word); ++*p)
            word[n++] = **p;
        word[n] = 0;
        if (!strcmp(word, "glc"))
            *controls |= DDI_SM5_UAV_GLOBALLY_COHERENT;
        else if (!strcmp(word, "rov"))
            *controls |= DDI_SM5_UAV_RASTERIZER_ORDERED;
        else if (!strcmp(word, "opc") && counter_allowed)
            *controls |= DDI_SM5_UAV_HAS_COUNTER;
        else
            return asm_fail(state, "unknown declaration suffix _%s", word);
    }
    return true;
}

/* dcl_resource_<dim>[(samples)] and dcl_uav_typed_<dim>. */
static bool typed_declaration(struct asm_state *state, const char **p, bool uav, uint32_t *controls,
                              struct asm_instr *instr)
{
    uint32_t dim = 0, samples = 0, return_type = 0;
    char word[24];
    size_t n = 0;

    if (**p != '_')
        return asm_fail(state, "expected the resource dimension (_texture2d, _buffer, ...)");
    for (++*p; (isalnum((unsigned char)**p)) && n + 1 < sizeof(word); ++*p)
        word[n++] = **p;
    word[n] = 0;
    if (!asm_dimension(state, word, &dim))
        return false;
    if (dim == DDI_SM5_DIM_RAW_BUFFER || dim == DDI_SM5_DIM_STRUCTURED_BUFFER)
        return asm_fail(state, "raw and structured buffers have their own declarations");
    if (**p == '(')
    {
        ++*p;
        if (!asm_uint(state, p, &samples) || !asm_expect(state, p, ')'))
            return false;
        if ((dim != DDI_SM5_DIM_TEXTURE2DMS && dim != DDI_SM5_DIM_TEXTURE2DMSARRAY) || uav || samples > 127)
            return asm_fail(state, "a sample count belongs to multisampled texture declarations (0 to 127)");
    }
    if (uav && !uav_flags(state, p, false, controls))
        return false;
    *controls |= dim << DDI_SM5_DIM_SHIFT | samples << DDI_SM5_SAMPLE_COUNT_SHIFT;
    if (!asm_return_types(state, p, &return_type))
        return false;
    if (!resource_operand(state, p, uav ? DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW : DDI_SM5_OPERAND_RESOURCE, instr))
        return false;
    asm_put(instr, return_type);
    return space_token(state, p, instr);
}

static bool words_control(struct asm_state *state, const char **p, const struct asm_name *names, size_t count,
                          const char *what, uint32_t *controls)
{
    uint32_t value = 0;
    char word[48];

    if (!asm_word(p, word, sizeof(word)))
        return asm_fail(state, "expected a %s", what);
    if (!lookup(state, names, count, word, what, &value))
        return false;
    *controls |= value << DDI_SM5_CONTROLS_SHIFT;
    return true;
}

#define WORDS_CONTROL(state, p, names, what, controls) \
    words_control(state, p, names, sizeof(names) / sizeof(names[0]), what, controls)

bool asm_declaration(struct asm_state *state, uint32_t opcode, const char *mnemonic, const char *text,
                     struct asm_instr *instr)
{
    uint32_t controls = 0, value;
    const char *p = text;
    char word[48];
    bool ok = true;

    switch (opcode)
    {
        case DDI_SM5_OP_DCL_RESOURCE:
            ok = typed_declaration(state, &p, false, &controls, instr);
            break;
        case DDI_SM5_OP_DCL_UAV_TYPED:
            ok = typed_declaration(state, &p, true, &controls, instr);
            break;
        case DDI_SM5_OP_DCL_UAV_RAW:
        case DDI_SM5_OP_DCL_UAV_STRUCTURED:
            ok = uav_flags(state, &p, opcode == DDI_SM5_OP_DCL_UAV_STRUCTURED, &controls)
                    && resource_operand(state, &p, DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW, instr)
                    && (opcode == DDI_SM5_OP_DCL_UAV_RAW || count_token(state, &p, true, instr))
                    && space_token(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_RESOURCE_RAW:
        case DDI_SM5_OP_DCL_RESOURCE_STRUCTURED:
            ok = resource_operand(state, &p, DDI_SM5_OPERAND_RESOURCE, instr)
                    && (opcode == DDI_SM5_OP_DCL_RESOURCE_RAW || count_token(state, &p, true, instr))
                    && space_token(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_CONSTANT_BUFFER:
            if (!resource_operand(state, &p, DDI_SM5_OPERAND_CONSTANT_BUFFER, instr) || !asm_expect(state, &p, ',')
                    || !asm_word(&p, word, sizeof(word)))
                return asm_fail(state, "expected \", immediateIndexed\" or \", dynamicIndexed\"");
            if (!strcmp(word, "dynamicIndexed"))
                controls |= DDI_SM5_CB_DYNAMIC_INDEXED;
            else if (strcmp(word, "immediateIndexed"))
                return asm_fail(state, "unknown constant buffer access \"%s\"", word);
            ok = space_token(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_SAMPLER:
            if (!resource_operand(state, &p, DDI_SM5_OPERAND_SAMPLER, instr) || !asm_expect(state, &p, ','))
                return false;
            ok = WORDS_CONTROL(state, &p, sampler_modes, "sampler mode", &controls) && space_token(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_GLOBAL_FLAGS:
            do
            {
                if (!asm_word(&p, word, sizeof(word)))
                    return asm_fail(state, "expected a global flag");
                if (!LOOKUP(state, global_flags, word, "global flag", &value))
                    return false;
                controls |= value;
            } while (asm_accept(&p, '|'));
            break;
        case DDI_SM5_OP_DCL_INPUT:
        case DDI_SM5_OP_DCL_OUTPUT:
            ok = register_operand(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_INPUT_SGV:
        case DDI_SM5_OP_DCL_INPUT_SIV:
        case DDI_SM5_OP_DCL_OUTPUT_SGV:
        case DDI_SM5_OP_DCL_OUTPUT_SIV:
            ok = register_operand(state, &p, instr) && name_token(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_INPUT_PS:
            ok = interpolation(state, &p, &controls) && register_operand(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_INPUT_PS_SGV:
        case DDI_SM5_OP_DCL_INPUT_PS_SIV:
            ok = interpolation(state, &p, &controls) && register_operand(state, &p, instr)
                    && name_token(state, &p, instr);
            break;
        case DDI_SM5_OP_DCL_TEMPS:
        case DDI_SM5_OP_DCL_MAX_OUTPUT_VERTEX_COUNT:
        case DDI_SM5_OP_DCL_GS_INSTANCE_COUNT:
        case DDI_SM5_OP_DCL_HS_FORK_PHASE_INSTANCE_COUNT:
        case DDI_SM5_OP_DCL_HS_JOIN_PHASE_INSTANCE_COUNT:
            ok = count_token(state, &p, false, instr);
            break;
        case DDI_SM5_OP_DCL_INDEXABLE_TEMP:
            /* x#[count], components */
            asm_skip_space(&p);
            if (*p++ != 'x')
                return asm_fail(state, "expected x#[count], components");
            ok = count_token(state, &p, false, instr) && asm_expect(state, &p, '[')
                    && count_token(state, &p, false, instr) && asm_expect(state, &p, ']')
                    && count_token(state, &p, true, instr);
            if (ok && (instr->tokens[instr->count - 1] < 1 || instr->tokens[instr->count - 1] > 4))
                return asm_fail(state, "an indexable temp has 1 to 4 components");
            break;
        case DDI_SM5_OP_DCL_THREAD_GROUP:
            ok = count_token(state, &p, false, instr) && count_token(state, &p, true, instr)
                    && count_token(state, &p, true, instr);
            if (ok && (!instr->tokens[1] || !instr->tokens[2] || !instr->tokens[3]))
                return asm_fail(state, "thread group dimensions must be at least 1");
            break;
        case DDI_SM5_OP_DCL_TGSM_RAW:
            ok = register_operand(state, &p, instr) && count_token(state, &p, true, instr);
            if (ok && instr->tokens[instr->count - 1] % 4)
                return asm_fail(state, "raw shared memory is a multiple of 4 bytes");
            break;
        case DDI_SM5_OP_DCL_TGSM_STRUCTURED:
            ok = register_operand(state, &p, instr) && count_token(state, &p, true, instr)
                    && count_token(state, &p, true, instr);
            break;
        case DDI_SM5_OP_DCL_INDEX_RANGE:
            ok = register_operand(state, &p, instr);
            asm_accept(&p, ',');
            ok = ok && count_token(state, &p, false, instr);
            break;
        case DDI_SM5_OP_DCL_STREAM:
            ok = asm_operand(state, &p, ASM_SOURCE, instr);
            break;
        case DDI_SM5_OP_DCL_GS_OUTPUT_TOPOLOGY:
            ok = WORDS_CONTROL(state, &p, output_topologies, "output topology", &controls);
            break;
        case DDI_SM5_OP_DCL_GS_INPUT_PRIMITIVE:
            asm_skip_space(&p);
            if (!strncmp(p, "patch", 5) && isdigit((unsigned char)p[5]))
            {
                p += 5;
                if (!asm_uint(state, &p, &value))
                    return false;
                if (value < 1 || value > 32)
                    return asm_fail(state, "patches have 1 to 32 control points");
                controls |= (7 + value) << DDI_SM5_CONTROLS_SHIFT;
            }
            else
            {
                ok = WORDS_CONTROL(state, &p, input_primitives, "input primitive", &controls);
            }
            break;
        case DDI_SM5_OP_DCL_INPUT_CONTROL_POINT_COUNT:
        case DDI_SM5_OP_DCL_OUTPUT_CONTROL_POINT_COUNT:
            if (!asm_uint(state, &p, &value))
                return false;
            if (value > 32)
                return asm_fail(state, "at most 32 control points");
            controls |= value << DDI_SM5_CONTROLS_SHIFT;
            break;
        case DDI_SM5_OP_DCL_TESS_DOMAIN:
            ok = WORDS_CONTROL(state, &p, tess_domains, "tessellator domain", &controls);
            break;
        case DDI_SM5_OP_DCL_TESS_PARTITIONING:
            ok = WORDS_CONTROL(state, &p, tess_partitionings, "tessellator partitioning", &controls);
            break;
        case DDI_SM5_OP_DCL_TESS_OUTPUT_PRIMITIVE:
            ok = WORDS_CONTROL(state, &p, tess_primitives, "tessellator output primitive", &controls);
            break;
        case DDI_SM5_OP_DCL_HS_MAX_TESSFACTOR:
            asm_skip_space(&p);
            if (strncmp(p, "l(", 2))
                return asm_fail(state, "expected l(max tessellation factor)");
            p += 2;
            if (!asm_number(state, &p, &value) || !asm_expect(state, &p, ')'))
                return false;
            asm_put(instr, value);
            break;
        default:
            return asm_fail(state, "%s is not supported by the assembler", mnemonic);
    }
    if (!ok)
        return false;
    if (!asm_at_end(&p))
        return asm_fail(state, "unexpected \"%.20s\" in %s", p, mnemonic);
    instr->tokens[0] |= controls;
    return true;
}
