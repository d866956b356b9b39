/*
 * d3d12info: every fixed-size CheckFeatureSupport structure, field by field, under the
 * structure's name less D3D12_FEATURE_DATA_ (the keys specs/api.md lists). Field names
 * are Microsoft's; enums print as their names.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "d3d12info_features.h"

enum field_kind
{
    FIELD_BOOL,
    FIELD_UINT,
    FIELD_ENUM,
    FIELD_FLAGS,
};

/* Every field of these structures is 32 bits wide. */
struct field
{
    const char *name;
    size_t offset;
    enum field_kind kind;
    const struct info_name *names;
    unsigned int name_count;
};

struct feature
{
    const char *key;
    D3D12_FEATURE feature;
    size_t size;
    const struct field *fields;
    unsigned int field_count;
    /* The input member (NodeIndex, CommandListType ...) set before the query, if any. */
    size_t input_offset;
    UINT input;
};

#define N(x) {x, #x}
#define BOOL_FIELD(s, f) {#f, offsetof(s, f), FIELD_BOOL, NULL, 0}
#define UINT_FIELD(s, f) {#f, offsetof(s, f), FIELD_UINT, NULL, 0}
#define ENUM_FIELD(s, f, n) {#f, offsetof(s, f), FIELD_ENUM, n, INFO_COUNT(n)}
#define FLAGS_FIELD(s, f, n) {#f, offsetof(s, f), FIELD_FLAGS, n, INFO_COUNT(n)}

static const struct info_name min_precision[] = {
    N(D3D12_SHADER_MIN_PRECISION_SUPPORT_10_BIT), N(D3D12_SHADER_MIN_PRECISION_SUPPORT_16_BIT),
};
static const struct info_name tiled_tier[] = {
    N(D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED), N(D3D12_TILED_RESOURCES_TIER_1), N(D3D12_TILED_RESOURCES_TIER_2),
    N(D3D12_TILED_RESOURCES_TIER_3), N(D3D12_TILED_RESOURCES_TIER_4), N(D3D12_TILED_RESOURCES_TIER_5),
};
static const struct info_name binding_tier[] = {
    N(D3D12_RESOURCE_BINDING_TIER_1), N(D3D12_RESOURCE_BINDING_TIER_2), N(D3D12_RESOURCE_BINDING_TIER_3),
};
static const struct info_name conservative_tier[] = {
    N(D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED), N(D3D12_CONSERVATIVE_RASTERIZATION_TIER_1),
    N(D3D12_CONSERVATIVE_RASTERIZATION_TIER_2), N(D3D12_CONSERVATIVE_RASTERIZATION_TIER_3),
};
static const struct info_name cross_node_tier[] = {
    N(D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED), N(D3D12_CROSS_NODE_SHARING_TIER_1_EMULATED),
    N(D3D12_CROSS_NODE_SHARING_TIER_1), N(D3D12_CROSS_NODE_SHARING_TIER_2), N(D3D12_CROSS_NODE_SHARING_TIER_3),
};
static const struct info_name heap_tier[] = {
    N(D3D12_RESOURCE_HEAP_TIER_1), N(D3D12_RESOURCE_HEAP_TIER_2),
};
static const struct info_name sample_positions_tier[] = {
    N(D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED), N(D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_1),
    N(D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_2),
};
static const struct info_name list_types[] = {
    N(D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT), N(D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE),
    N(D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE), N(D3D12_COMMAND_LIST_SUPPORT_FLAG_COPY),
    N(D3D12_COMMAND_LIST_SUPPORT_FLAG_VIDEO_DECODE), N(D3D12_COMMAND_LIST_SUPPORT_FLAG_VIDEO_PROCESS),
    N(D3D12_COMMAND_LIST_SUPPORT_FLAG_VIDEO_ENCODE),
};
static const struct info_name view_instancing_tier[] = {
    N(D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED), N(D3D12_VIEW_INSTANCING_TIER_1), N(D3D12_VIEW_INSTANCING_TIER_2),
    N(D3D12_VIEW_INSTANCING_TIER_3),
};
static const struct info_name shared_tier[] = {
    N(D3D12_SHARED_RESOURCE_COMPATIBILITY_TIER_0), N(D3D12_SHARED_RESOURCE_COMPATIBILITY_TIER_1),
    N(D3D12_SHARED_RESOURCE_COMPATIBILITY_TIER_2),
};
static const struct info_name render_pass_tier[] = {
    N(D3D12_RENDER_PASS_TIER_0), N(D3D12_RENDER_PASS_TIER_1), N(D3D12_RENDER_PASS_TIER_2),
};
static const struct info_name raytracing_tier[] = {
    N(D3D12_RAYTRACING_TIER_NOT_SUPPORTED), N(D3D12_RAYTRACING_TIER_1_0), N(D3D12_RAYTRACING_TIER_1_1),
};
static const struct info_name shading_rate_tier[] = {
    N(D3D12_VARIABLE_SHADING_RATE_TIER_NOT_SUPPORTED), N(D3D12_VARIABLE_SHADING_RATE_TIER_1),
    N(D3D12_VARIABLE_SHADING_RATE_TIER_2),
};
static const struct info_name mesh_tier[] = {
    N(D3D12_MESH_SHADER_TIER_NOT_SUPPORTED), N(D3D12_MESH_SHADER_TIER_1),
};
static const struct info_name feedback_tier[] = {
    N(D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED), N(D3D12_SAMPLER_FEEDBACK_TIER_0_9),
    N(D3D12_SAMPLER_FEEDBACK_TIER_1_0),
};
static const struct info_name wave_mma_tier[] = {
    N(D3D12_WAVE_MMA_TIER_NOT_SUPPORTED), N(D3D12_WAVE_MMA_TIER_1_0),
};
static const struct info_name tri_state[] = {
    N(D3D12_TRI_STATE_UNKNOWN), N(D3D12_TRI_STATE_FALSE), N(D3D12_TRI_STATE_TRUE),
};
static const struct info_name feature_levels[] = {
    N(D3D_FEATURE_LEVEL_1_0_CORE), N(D3D_FEATURE_LEVEL_9_1), N(D3D_FEATURE_LEVEL_9_2), N(D3D_FEATURE_LEVEL_9_3),
    N(D3D_FEATURE_LEVEL_10_0), N(D3D_FEATURE_LEVEL_10_1), N(D3D_FEATURE_LEVEL_11_0), N(D3D_FEATURE_LEVEL_11_1),
    N(D3D_FEATURE_LEVEL_12_0), N(D3D_FEATURE_LEVEL_12_1), N(D3D_FEATURE_LEVEL_12_2),
};
static const struct info_name shader_models[] = {
    {D3D12RT_SHADER_MODEL_NONE, "D3D_SHADER_MODEL_NONE"}, N(D3D_SHADER_MODEL_5_1), N(D3D_SHADER_MODEL_6_0), N(D3D_SHADER_MODEL_6_1), N(D3D_SHADER_MODEL_6_2),
    N(D3D_SHADER_MODEL_6_3), N(D3D_SHADER_MODEL_6_4), N(D3D_SHADER_MODEL_6_5), N(D3D_SHADER_MODEL_6_6),
    N(D3D_SHADER_MODEL_6_7), N(D3D_SHADER_MODEL_6_8),
};
static const struct info_name root_signature_versions[] = {
    N(D3D_ROOT_SIGNATURE_VERSION_1_0), N(D3D_ROOT_SIGNATURE_VERSION_1_1),
};
static const struct info_name shader_cache_flags[] = {
    N(D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO), N(D3D12_SHADER_CACHE_SUPPORT_LIBRARY),
    N(D3D12_SHADER_CACHE_SUPPORT_AUTOMATIC_INPROC_CACHE), N(D3D12_SHADER_CACHE_SUPPORT_AUTOMATIC_DISK_CACHE),
    N(D3D12_SHADER_CACHE_SUPPORT_DRIVER_MANAGED_CACHE), N(D3D12_SHADER_CACHE_SUPPORT_SHADER_CONTROL_CLEAR),
    N(D3D12_SHADER_CACHE_SUPPORT_SHADER_SESSION_DELETE),
};
static const struct info_name serialization_tier[] = {
    N(D3D12_HEAP_SERIALIZATION_TIER_0), N(D3D12_HEAP_SERIALIZATION_TIER_10),
};
static const struct info_name protected_flags[] = {
    N(D3D12_PROTECTED_RESOURCE_SESSION_SUPPORT_FLAG_SUPPORTED),
};
static const struct info_name async_impl[] = {
    N(D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED), N(D3D12_ASYNC_COMMANDS_IMPL_FALLBACK),
    N(D3D12_ASYNC_COMMANDS_IMPL_NATIVE),
};

#define S D3D12_FEATURE_DATA_D3D12_OPTIONS
static const struct field options[] = {
    BOOL_FIELD(S, DoublePrecisionFloatShaderOps), BOOL_FIELD(S, OutputMergerLogicOp),
    FLAGS_FIELD(S, MinPrecisionSupport, min_precision), ENUM_FIELD(S, TiledResourcesTier, tiled_tier),
    ENUM_FIELD(S, ResourceBindingTier, binding_tier), BOOL_FIELD(S, PSSpecifiedStencilRefSupported),
    BOOL_FIELD(S, TypedUAVLoadAdditionalFormats), BOOL_FIELD(S, ROVsSupported),
    ENUM_FIELD(S, ConservativeRasterizationTier, conservative_tier),
    UINT_FIELD(S, MaxGPUVirtualAddressBitsPerResource), BOOL_FIELD(S, StandardSwizzle64KBSupported),
    ENUM_FIELD(S, CrossNodeSharingTier, cross_node_tier), BOOL_FIELD(S, CrossAdapterRowMajorTextureSupported),
    BOOL_FIELD(S, VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation),
    ENUM_FIELD(S, ResourceHeapTier, heap_tier),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS1
static const struct field options1[] = {
    BOOL_FIELD(S, WaveOps), UINT_FIELD(S, WaveLaneCountMin), UINT_FIELD(S, WaveLaneCountMax),
    UINT_FIELD(S, TotalLaneCount), BOOL_FIELD(S, ExpandedComputeResourceStates), BOOL_FIELD(S, Int64ShaderOps),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS2
static const struct field options2[] = {
    BOOL_FIELD(S, DepthBoundsTestSupported),
    ENUM_FIELD(S, ProgrammableSamplePositionsTier, sample_positions_tier),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS3
static const struct field options3[] = {
    BOOL_FIELD(S, CopyQueueTimestampQueriesSupported), BOOL_FIELD(S, CastingFullyTypedFormatSupported),
    FLAGS_FIELD(S, WriteBufferImmediateSupportFlags, list_types),
    ENUM_FIELD(S, ViewInstancingTier, view_instancing_tier), BOOL_FIELD(S, BarycentricsSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS4
static const struct field options4[] = {
    BOOL_FIELD(S, MSAA64KBAlignedTextureSupported), ENUM_FIELD(S, SharedResourceCompatibilityTier, shared_tier),
    BOOL_FIELD(S, Native16BitShaderOpsSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS5
static const struct field options5[] = {
    BOOL_FIELD(S, SRVOnlyTiledResourceTier3), ENUM_FIELD(S, RenderPassesTier, render_pass_tier),
    ENUM_FIELD(S, RaytracingTier, raytracing_tier),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS6
static const struct field options6[] = {
    BOOL_FIELD(S, AdditionalShadingRatesSupported), BOOL_FIELD(S, PerPrimitiveShadingRateSupportedWithViewportIndexing),
    ENUM_FIELD(S, VariableShadingRateTier, shading_rate_tier), UINT_FIELD(S, ShadingRateImageTileSize),
    BOOL_FIELD(S, BackgroundProcessingSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS7
static const struct field options7[] = {
    ENUM_FIELD(S, MeshShaderTier, mesh_tier), ENUM_FIELD(S, SamplerFeedbackTier, feedback_tier),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS8
static const struct field options8[] = {
    BOOL_FIELD(S, UnalignedBlockTexturesSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS9
static const struct field options9[] = {
    BOOL_FIELD(S, MeshShaderPipelineStatsSupported), BOOL_FIELD(S, MeshShaderSupportsFullRangeRenderTargetArrayIndex),
    BOOL_FIELD(S, AtomicInt64OnTypedResourceSupported), BOOL_FIELD(S, AtomicInt64OnGroupSharedSupported),
    BOOL_FIELD(S, DerivativesInMeshAndAmplificationShadersSupported), ENUM_FIELD(S, WaveMMATier, wave_mma_tier),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS10
static const struct field options10[] = {
    BOOL_FIELD(S, VariableRateShadingSumCombinerSupported), BOOL_FIELD(S, MeshShaderPerPrimitiveShadingRateSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS11
static const struct field options11[] = {
    BOOL_FIELD(S, AtomicInt64OnDescriptorHeapResourceSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS12
static const struct field options12[] = {
    ENUM_FIELD(S, MSPrimitivesPipelineStatisticIncludesCulledPrimitives, tri_state),
    BOOL_FIELD(S, EnhancedBarriersSupported), BOOL_FIELD(S, RelaxedFormatCastingSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS13
static const struct field options13[] = {
    BOOL_FIELD(S, UnrestrictedBufferTextureCopyPitchSupported), BOOL_FIELD(S, UnrestrictedVertexElementAlignmentSupported),
    BOOL_FIELD(S, InvertedViewportHeightFlipsYSupported), BOOL_FIELD(S, InvertedViewportDepthFlipsZSupported),
    BOOL_FIELD(S, TextureCopyBetweenDimensionsSupported), BOOL_FIELD(S, AlphaBlendFactorSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS14
static const struct field options14[] = {
    BOOL_FIELD(S, AdvancedTextureOpsSupported), BOOL_FIELD(S, WriteableMSAATexturesSupported),
    BOOL_FIELD(S, IndependentFrontAndBackStencilRefMaskSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_D3D12_OPTIONS15
static const struct field options15[] = {
    BOOL_FIELD(S, TriangleFanSupported), BOOL_FIELD(S, DynamicIndexBufferStripCutSupported),
};
#undef S
#define S D3D12_FEATURE_DATA_SHADER_MODEL
static const struct field shader_model[] = {ENUM_FIELD(S, HighestShaderModel, shader_models)};
#undef S
#define S D3D12_FEATURE_DATA_ROOT_SIGNATURE
static const struct field root_signature[] = {ENUM_FIELD(S, HighestVersion, root_signature_versions)};
#undef S
#define S D3D12_FEATURE_DATA_ARCHITECTURE1
static const struct field architecture1[] = {
    UINT_FIELD(S, NodeIndex), BOOL_FIELD(S, TileBasedRenderer), BOOL_FIELD(S, UMA), BOOL_FIELD(S, CacheCoherentUMA),
    BOOL_FIELD(S, IsolatedMMU),
};
#undef S
#define S D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT
static const struct field gpu_va[] = {
    UINT_FIELD(S, MaxGPUVirtualAddressBitsPerResource), UINT_FIELD(S, MaxGPUVirtualAddressBitsPerProcess),
};
#undef S
#define S D3D12_FEATURE_DATA_SHADER_CACHE
static const struct field shader_cache[] = {FLAGS_FIELD(S, SupportFlags, shader_cache_flags)};
#undef S
#define S D3D12_FEATURE_DATA_EXISTING_HEAPS
static const struct field existing_heaps[] = {BOOL_FIELD(S, Supported)};
#undef S
#define S D3D12_FEATURE_DATA_SERIALIZATION
static const struct field serialization[] = {
    UINT_FIELD(S, NodeIndex), ENUM_FIELD(S, HeapSerializationTier, serialization_tier),
};
#undef S
#define S D3D12_FEATURE_DATA_CROSS_NODE
static const struct field cross_node[] = {
    ENUM_FIELD(S, SharingTier, cross_node_tier), BOOL_FIELD(S, AtomicShaderInstructions),
};
#undef S
#define S D3D12_FEATURE_DATA_DISPLAYABLE
static const struct field displayable[] = {
    BOOL_FIELD(S, DisplayableTexture), ENUM_FIELD(S, SharedResourceCompatibilityTier, shared_tier),
};
#undef S
#define S D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_SUPPORT
static const struct field protected_support[] = {UINT_FIELD(S, NodeIndex), FLAGS_FIELD(S, Support, protected_flags)};
#undef S
#define S D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPE_COUNT
static const struct field protected_count[] = {UINT_FIELD(S, NodeIndex), UINT_FIELD(S, Count)};
#undef S
#define S D3D12_FEATURE_DATA_ASYNC_COMMANDS
static const struct field async_commands[] = {ENUM_FIELD(S, Impl, async_impl)};
#undef S
#define S D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS
static const struct field tile_mappings[] = {
    UINT_FIELD(S, NodeIndex), UINT_FIELD(S, MaxTilePoolLayoutIndexCount), UINT_FIELD(S, MaxResourceLayoutIndexCount),
};
#undef S
#define S D3D12RT_FEATURE_DATA_THREADING
static const struct field threading[] = {BOOL_FIELD(S, DriverConcurrentCreates), BOOL_FIELD(S, DriverCommandLists)};
#undef S

#define FEATURE(key, fields) {#key, D3D12_FEATURE_##key, sizeof(D3D12_FEATURE_DATA_##key), fields, \
        INFO_COUNT(fields), 0, 0}
/* The queries whose input is their own answer's floor: the highest version asked for. */
#define FEATURE_ASKING(key, fields, member, value) {#key, D3D12_FEATURE_##key, sizeof(D3D12_FEATURE_DATA_##key), \
        fields, INFO_COUNT(fields), offsetof(D3D12_FEATURE_DATA_##key, member), value}

static const struct feature features[] = {
    FEATURE_ASKING(SHADER_MODEL, shader_model, HighestShaderModel, D3D_HIGHEST_SHADER_MODEL),
    FEATURE_ASKING(ROOT_SIGNATURE, root_signature, HighestVersion, D3D_ROOT_SIGNATURE_VERSION_1_1),
    FEATURE(ARCHITECTURE1, architecture1),
    FEATURE(GPU_VIRTUAL_ADDRESS_SUPPORT, gpu_va),
    FEATURE(D3D12_OPTIONS, options),
    FEATURE(D3D12_OPTIONS1, options1),
    FEATURE(D3D12_OPTIONS2, options2),
    FEATURE(D3D12_OPTIONS3, options3),
    FEATURE(D3D12_OPTIONS4, options4),
    FEATURE(D3D12_OPTIONS5, options5),
    FEATURE(D3D12_OPTIONS6, options6),
    FEATURE(D3D12_OPTIONS7, options7),
    FEATURE(D3D12_OPTIONS8, options8),
    FEATURE(D3D12_OPTIONS9, options9),
    FEATURE(D3D12_OPTIONS10, options10),
    FEATURE(D3D12_OPTIONS11, options11),
    FEATURE(D3D12_OPTIONS12, options12),
    FEATURE(D3D12_OPTIONS13, options13),
    FEATURE(D3D12_OPTIONS14, options14),
    FEATURE(D3D12_OPTIONS15, options15),
    FEATURE(SHADER_CACHE, shader_cache),
    FEATURE(EXISTING_HEAPS, existing_heaps),
    FEATURE(SERIALIZATION, serialization),
    FEATURE(CROSS_NODE, cross_node),
    FEATURE(DISPLAYABLE, displayable),
    FEATURE(PROTECTED_RESOURCE_SESSION_SUPPORT, protected_support),
    FEATURE(PROTECTED_RESOURCE_SESSION_TYPE_COUNT, protected_count),
    FEATURE(ASYNC_COMMANDS, async_commands),
    FEATURE(EXECUTE_TILE_MAPPINGS, tile_mappings),
    {"D3D12RT_THREADING", D3D12RT_FEATURE_THREADING, sizeof(D3D12RT_FEATURE_DATA_THREADING), threading,
            INFO_COUNT(threading), 0, 0},
};

static void print_field(struct info_printer *p, const struct field *field, const unsigned char *data)
{
    INT32 value;

    memcpy(&value, data + field->offset, sizeof(value));
    switch (field->kind)
    {
        case FIELD_BOOL:
            info_bool(p, field->name, value != 0);
            break;
        case FIELD_UINT:
            info_uint(p, field->name, (UINT32)value);
            break;
        case FIELD_ENUM:
            info_enum(p, field->name, value, field->names, field->name_count);
            break;
        case FIELD_FLAGS:
            info_flags(p, field->name, (UINT32)value, field->names, field->name_count);
            break;
    }
}

static void print_feature(struct info_printer *p, ID3D12Device *device, const struct feature *feature)
{
    unsigned char data[64] = {0};
    char why[64];
    unsigned int i;
    HRESULT hr;

    if (feature->input_offset || feature->input)
        memcpy(data + feature->input_offset, &feature->input, sizeof(feature->input));
    if (FAILED(hr = ID3D12Device_CheckFeatureSupport(device, feature->feature, data, (UINT)feature->size)))
    {
        snprintf(why, sizeof(why), "not answered (0x%08x)", (unsigned int)hr);
        info_null(p, feature->key, why);
        return;
    }
    info_object_begin(p, feature->key);
    for (i = 0; i < feature->field_count; ++i)
        print_field(p, &feature->fields[i], data);
    info_object_end(p);
}

/* FEATURE_LEVELS takes the list of levels asked about. */
static void print_feature_levels(struct info_printer *p, ID3D12Device *device)
{
    static const D3D_FEATURE_LEVEL levels[] = {
        D3D_FEATURE_LEVEL_1_0_CORE, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0,
        D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2,
    };
    D3D12_FEATURE_DATA_FEATURE_LEVELS data = {INFO_COUNT(levels), levels, 0};
    char why[64];
    HRESULT hr;

    if (FAILED(hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &data, sizeof(data))))
    {
        snprintf(why, sizeof(why), "not answered (0x%08x)", (unsigned int)hr);
        info_null(p, "FEATURE_LEVELS", why);
        return;
    }
    info_object_begin(p, "FEATURE_LEVELS");
    info_enum(p, "MaxSupportedFeatureLevel", data.MaxSupportedFeatureLevel, feature_levels,
            INFO_COUNT(feature_levels));
    info_object_end(p);
}

/* COMMAND_QUEUE_PRIORITY, asked per list type and priority. */
static void print_queue_priorities(struct info_printer *p, ID3D12Device *device)
{
    static const struct info_name types[] = {
        {D3D12_COMMAND_LIST_TYPE_DIRECT, "DIRECT"}, {D3D12_COMMAND_LIST_TYPE_COMPUTE, "COMPUTE"},
        {D3D12_COMMAND_LIST_TYPE_COPY, "COPY"},
    };
    static const struct info_name priorities[] = {
        {D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, "NORMAL"}, {D3D12_COMMAND_QUEUE_PRIORITY_HIGH, "HIGH"},
        {D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME, "GLOBAL_REALTIME"},
    };
    D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY data;
    unsigned int t, i;

    info_object_begin(p, "COMMAND_QUEUE_PRIORITY");
    for (t = 0; t < INFO_COUNT(types); ++t)
    {
        info_object_begin(p, types[t].name);
        for (i = 0; i < INFO_COUNT(priorities); ++i)
        {
            data.CommandListType = (D3D12_COMMAND_LIST_TYPE)types[t].value;
            data.Priority = (UINT)priorities[i].value;
            data.PriorityForTypeIsSupported = FALSE;
            if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &data,
                    sizeof(data))))
                data.PriorityForTypeIsSupported = FALSE;
            info_bool(p, priorities[i].name, data.PriorityForTypeIsSupported);
        }
        info_object_end(p);
    }
    info_object_end(p);
}

void info_print_features(struct info_printer *p, ID3D12Device *device)
{
    unsigned int i;

    print_feature_levels(p, device);
    for (i = 0; i < INFO_COUNT(features); ++i)
        print_feature(p, device, &features[i]);
    print_queue_priorities(p, device);
}
