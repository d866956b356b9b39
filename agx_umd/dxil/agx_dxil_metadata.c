/*
 * The DXIL module's metadata (agx_dxil.h): dx.version, dx.shaderModel, dx.entryPoints
 * with its signatures, resources and properties. Record layouts from
 * DirectXShaderCompiler's docs/DXIL.rst ("Metadata", "Resources", "Signatures"). Every
 * operand's kind is checked before it is read: the C API's accessors assume it.
 */
#include <stdio.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "agx_dxil.h"
#include "ddi_dxbc.h"
#include "ddi_dxil.h"

#define TAG_SHADER_FLAGS 0
#define TAG_NUM_THREADS 4
/* Extended resource properties (DxilMetadataHelper.h: kDxilStructuredBufferElementStrideTag). */
#define TAG_STRUCTURED_STRIDE 1

/* A metadata node's operands, at most max (more is malformed for every record here). */
struct node
{
    unsigned int count;
    LLVMValueRef operands[16];
};

static bool read_node(LLVMValueRef value, struct node *node)
{
    if (!value || !LLVMIsAMDNode(value))
        return false;
    node->count = LLVMGetMDNodeNumOperands(value);
    if (node->count > 16)
        return false;
    LLVMGetMDNodeOperands(value, node->operands);
    return true;
}

static bool read_uint(LLVMValueRef value, uint64_t *out)
{
    if (!value || !LLVMIsAConstantInt(value) || LLVMGetIntTypeWidth(LLVMTypeOf(value)) > 64)
        return false;
    *out = LLVMConstIntGetZExtValue(value);
    return true;
}

static bool read_u32(LLVMValueRef value, uint32_t *out)
{
    uint64_t v;

    if (!read_uint(value, &v) || v > UINT32_MAX)
        return false;
    *out = (uint32_t)v;
    return true;
}

static bool read_string(LLVMValueRef value, char *out, size_t out_size)
{
    unsigned int length;
    const char *text;

    if (!value || !LLVMIsAMDString(value) || !(text = LLVMGetMDString(value, &length)) || length >= out_size)
        return false;
    memcpy(out, text, length);
    out[length] = 0;
    return true;
}

/* The only operand of named metadata name, or NULL (absent, or not exactly one). */
static LLVMValueRef named_node(LLVMModuleRef module, const char *name, unsigned int *count)
{
    LLVMValueRef operands[2];

    *count = LLVMGetNamedMetadataNumOperands(module, name);
    if (*count != 1)
        return NULL;
    LLVMGetNamedMetadataOperands(module, name, operands);
    return operands[0];
}

static HRESULT read_shader_model(struct agx_dxil_module *m, char *why, size_t why_size)
{
    static const struct { const char *name; uint32_t kind; } kinds[] =
    {
        {"ps", DDI_DXIL_PIXEL}, {"vs", DDI_DXIL_VERTEX}, {"gs", DDI_DXIL_GEOMETRY}, {"hs", DDI_DXIL_HULL},
        {"ds", DDI_DXIL_DOMAIN}, {"cs", DDI_DXIL_COMPUTE}, {"lib", DDI_DXIL_LIBRARY}, {"ms", DDI_DXIL_MESH},
        {"as", DDI_DXIL_AMPLIFICATION},
    };
    unsigned int count, i;
    struct node node;
    char kind[8];

    if (!read_node(named_node(m->module, "dx.shaderModel", &count), &node) || node.count != 3
            || !read_string(node.operands[0], kind, sizeof(kind)) || !read_u32(node.operands[1], &m->major)
            || !read_u32(node.operands[2], &m->minor))
        return ddi_dxbc_fail(why, why_size, "the DXIL module has no valid !dx.shaderModel (%u nodes)", count);
    for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && strcmp(kinds[i].name, kind); ++i)
        ;
    if (i == sizeof(kinds) / sizeof(kinds[0]))
        return ddi_dxbc_fail(why, why_size, "!dx.shaderModel names the unknown shader kind \"%s\"", kind);
    m->kind = kinds[i].kind;
    if (m->major != 6)
        return ddi_dxbc_fail(why, why_size, "!dx.shaderModel declares shader model %u.%u", m->major, m->minor);
    if (read_node(named_node(m->module, "dx.version", &count), &node) && node.count == 2)
    {
        if (!read_u32(node.operands[0], &m->dxil_major) || !read_u32(node.operands[1], &m->dxil_minor))
            return ddi_dxbc_fail(why, why_size, "!dx.version is not two integers");
    }
    return S_OK;
}

/* ---- Resources ------------------------------------------------------------------------- */

/* An SRV's or UAV's name-value list of extended properties (null: none): pairs of a
 * constant tag and its value; the structured element stride is the one kept. */
static bool read_resource_properties(struct agx_dxil_resource *r, LLVMValueRef value)
{
    struct node node;
    uint64_t tag;
    unsigned int i;

    if (!value)
        return true;
    if (!read_node(value, &node) || node.count % 2)
        return false;
    for (i = 0; i < node.count; i += 2)
    {
        if (!read_uint(node.operands[i], &tag))
            return false;
        if (tag == TAG_STRUCTURED_STRIDE && !read_u32(node.operands[i + 1], &r->stride))
            return false;
    }
    return true;
}

static HRESULT read_resource(struct agx_dxil_module *m, uint32_t resource_class, LLVMValueRef value,
                             char *why, size_t why_size)
{
    static const char *const names[] = {"SRV", "UAV", "CBV", "sampler"};
    static const unsigned int minimum[] = {8, 10, 7, 7};
    struct agx_dxil_resource *r;
    uint64_t flag[3] = {0};
    struct node node;
    unsigned int i;

    if (m->resource_count == AGX_DXIL_MAX_RESOURCES)
        return ddi_dxbc_fail(why, why_size, "the DXIL module declares more than %u resource ranges",
                             AGX_DXIL_MAX_RESOURCES);
    r = &m->resources[m->resource_count];
    memset(r, 0, sizeof(*r));
    r->resource_class = resource_class;
    if (!read_node(value, &node) || node.count < minimum[resource_class] || !read_u32(node.operands[0], &r->id)
            || !read_u32(node.operands[3], &r->space) || !read_u32(node.operands[4], &r->lower_bound)
            || !read_u32(node.operands[5], &r->range_size))
        return ddi_dxbc_fail(why, why_size, "%s record %u of dx.resources is malformed", names[resource_class],
                             m->resource_count);
    switch (resource_class)
    {
        case AGX_DXIL_SRV:
        case AGX_DXIL_UAV:
            if (!read_u32(node.operands[6], &r->kind))
                return ddi_dxbc_fail(why, why_size, "%s %u has no resource shape", names[resource_class], r->id);
            for (i = 0; resource_class == AGX_DXIL_UAV && i < 3; ++i)
            {
                if (!read_uint(node.operands[7 + i], &flag[i]))
                    return ddi_dxbc_fail(why, why_size, "UAV %u has a malformed flag %u", r->id, i);
            }
            r->globally_coherent = flag[0];
            r->has_counter = flag[1];
            r->rasterizer_ordered = flag[2];
            /* DxilMetadataHelper.h: kDxilSRVNameValueList 8, kDxilUAVNameValueList 10. */
            i = resource_class == AGX_DXIL_UAV ? 10 : 8;
            if (!read_resource_properties(r, i < node.count ? node.operands[i] : NULL))
                return ddi_dxbc_fail(why, why_size, "%s %u has a malformed list of extended properties",
                                     names[resource_class], r->id);
            break;
        case AGX_DXIL_CBV:
        case AGX_DXIL_SAMPLER:
            r->kind = resource_class == AGX_DXIL_CBV ? 13 : 14;
            if (!read_u32(node.operands[6], &r->size))
                return ddi_dxbc_fail(why, why_size, "%s %u has no size or type", names[resource_class], r->id);
            break;
    }
    if (agx_dxil_module_resource(m, resource_class, r->id))
        return ddi_dxbc_fail(why, why_size, "dx.resources declares %s %u twice", names[resource_class], r->id);
    ++m->resource_count;
    return S_OK;
}

static HRESULT read_resources(struct agx_dxil_module *m, LLVMValueRef value, char *why, size_t why_size)
{
    struct node lists, list;
    unsigned int c, i;
    HRESULT hr;

    if (!value)
        return S_OK;
    if (!read_node(value, &lists) || lists.count != 4)
        return ddi_dxbc_fail(why, why_size, "the entry point's resources are not four lists (SRV, UAV, CBV, sampler)");
    for (c = 0; c < 4; ++c)
    {
        if (!lists.operands[c])
            continue;
        if (!LLVMIsAMDNode(lists.operands[c]))
            return ddi_dxbc_fail(why, why_size, "resource list %u is not a metadata node", c);
        /* Lists may be longer than a node read at once holds. */
        list.count = LLVMGetMDNodeNumOperands(lists.operands[c]);
        if (list.count > AGX_DXIL_MAX_RESOURCES)
            return ddi_dxbc_fail(why, why_size, "resource list %u has %u ranges, more than %u", c, list.count,
                                 AGX_DXIL_MAX_RESOURCES);
        {
            LLVMValueRef records[AGX_DXIL_MAX_RESOURCES];

            LLVMGetMDNodeOperands(lists.operands[c], records);
            for (i = 0; i < list.count; ++i)
            {
                if (FAILED(hr = read_resource(m, c, records[i], why, why_size)))
                    return hr;
            }
        }
    }
    return S_OK;
}

/* ---- Signatures and properties ------------------------------------------------------------ */

static HRESULT read_element(struct agx_dxil_element *e, LLVMValueRef value, const char *which, unsigned int index,
                            char *why, size_t why_size)
{
    struct node node, indices;

    memset(e, 0, sizeof(*e));
    if (!read_node(value, &node) || node.count < 10 || !read_u32(node.operands[0], &e->id)
            || !read_string(node.operands[1], e->name, sizeof(e->name))
            || !read_u32(node.operands[2], &e->component_type) || !read_u32(node.operands[3], &e->semantic_kind)
            || !read_node(node.operands[4], &indices) || !read_u32(node.operands[5], &e->interpolation)
            || !read_u32(node.operands[6], &e->rows) || !read_u32(node.operands[7], &e->columns)
            || !read_u32(node.operands[8], &e->start_row) || !read_u32(node.operands[9], &e->start_column))
        return ddi_dxbc_fail(why, why_size, "%s signature element %u of the entry point is malformed", which, index);
    if (indices.count && !read_u32(indices.operands[0], &e->first_semantic_index))
        return ddi_dxbc_fail(why, why_size, "%s signature element %u has malformed semantic indices", which, index);
    return S_OK;
}

static HRESULT read_signature(struct agx_dxil_signature *signature, LLVMValueRef value, const char *which,
                              char *why, size_t why_size)
{
    LLVMValueRef elements[AGX_DXIL_MAX_ELEMENTS];
    unsigned int i;
    HRESULT hr;

    signature->count = 0;
    if (!value)
        return S_OK;
    if (!LLVMIsAMDNode(value))
        return ddi_dxbc_fail(why, why_size, "the entry point's %s signature is not a metadata node", which);
    if ((signature->count = LLVMGetMDNodeNumOperands(value)) > AGX_DXIL_MAX_ELEMENTS)
        return ddi_dxbc_fail(why, why_size, "the %s signature has %u elements, more than %u", which,
                             signature->count, AGX_DXIL_MAX_ELEMENTS);
    LLVMGetMDNodeOperands(value, elements);
    for (i = 0; i < signature->count; ++i)
    {
        if (FAILED(hr = read_element(&signature->elements[i], elements[i], which, i, why, why_size)))
            return hr;
    }
    return S_OK;
}

static HRESULT read_properties(struct agx_dxil_module *m, LLVMValueRef value, char *why, size_t why_size)
{
    struct node threads;
    unsigned int count, i, j;
    uint32_t tag;

    if (!value)
        return S_OK;
    if (!LLVMIsAMDNode(value) || (count = LLVMGetMDNodeNumOperands(value)) % 2 || count > 32)
        return ddi_dxbc_fail(why, why_size, "the entry point's properties are not tag and value pairs");
    {
        LLVMValueRef pairs[32];

        LLVMGetMDNodeOperands(value, pairs);
        for (i = 0; i < count; i += 2)
        {
            if (!read_u32(pairs[i], &tag))
                return ddi_dxbc_fail(why, why_size, "entry point property %u has no integer tag", i / 2);
            if (tag == TAG_SHADER_FLAGS && !read_uint(pairs[i + 1], &m->flags))
                return ddi_dxbc_fail(why, why_size, "the entry point's shader flags are not an integer");
            if (tag != TAG_NUM_THREADS)
                continue;
            if (!read_node(pairs[i + 1], &threads) || threads.count != 3)
                return ddi_dxbc_fail(why, why_size, "the entry point's thread group size is not three integers");
            for (j = 0; j < 3; ++j)
            {
                if (!read_u32(threads.operands[j], &m->numthreads[j]))
                    return ddi_dxbc_fail(why, why_size, "the entry point's thread group size is not three integers");
            }
        }
    }
    return S_OK;
}

HRESULT agx_dxil_read_metadata(struct agx_dxil_module *m, char *why, size_t why_size)
{
    struct node entry, signatures;
    unsigned int count;
    LLVMTypeRef type;
    HRESULT hr;

    if (FAILED(hr = read_shader_model(m, why, why_size)))
        return hr;
    if (!read_node(named_node(m->module, "dx.entryPoints", &count), &entry) || entry.count != 5)
        return ddi_dxbc_fail(why, why_size, "the DXIL module has %u entry points in !dx.entryPoints; it needs one "
                             "record of five operands", count);
    if (!entry.operands[0] || !LLVMIsAFunction(entry.operands[0]) || LLVMIsDeclaration(entry.operands[0]))
        return ddi_dxbc_fail(why, why_size, "the entry point names no function the module defines");
    m->entry = entry.operands[0];
    type = LLVMGlobalGetValueType(m->entry);
    if (LLVMCountParams(m->entry) || LLVMGetTypeKind(LLVMGetReturnType(type)) != LLVMVoidTypeKind)
        return ddi_dxbc_fail(why, why_size, "the entry point function is not void()");
    if (!read_string(entry.operands[1], m->entry_name, sizeof(m->entry_name)))
        return ddi_dxbc_fail(why, why_size, "the entry point has no name of under %zu bytes", sizeof(m->entry_name));
    if (entry.operands[2])
    {
        if (!read_node(entry.operands[2], &signatures) || signatures.count != 3)
            return ddi_dxbc_fail(why, why_size, "the entry point's signatures are not three lists");
        if (FAILED(hr = read_signature(&m->inputs, signatures.operands[0], "input", why, why_size))
                || FAILED(hr = read_signature(&m->outputs, signatures.operands[1], "output", why, why_size))
                || FAILED(hr = read_signature(&m->patch_constants, signatures.operands[2], "patch constant", why,
                                              why_size)))
            return hr;
    }
    if (FAILED(hr = read_resources(m, entry.operands[3], why, why_size)))
        return hr;
    return read_properties(m, entry.operands[4], why, why_size);
}
