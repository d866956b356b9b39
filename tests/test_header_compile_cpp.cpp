/*
 * test_header_compile.c's C++ twin: <d3d12rt/d3d12.h> compiled as C++ (-std=c++17 -Wall
 * -Wextra -Werror), built three times by tests/meson.build: the C++ form, the C++ form with
 * COBJMACROS defined (which must change nothing, as with DirectX-Headers) and the C form
 * (CINTERFACE and COBJMACROS). Each build checks every interface the header adds:
 *
 * - its vtable slots: the first and last of its own methods sit where Microsoft's order
 *   puts them. The expected slot numbers are counted from DirectX-Headers' interfaces
 *   (the C build pins the parents' sizes to DirectX-Headers' own Vtbl structs). The C
 *   form reads them with offsetof, the C++ form from the pointer to member (Itanium C++
 *   ABI: a virtual member's pointer holds its vtable offset), so both forms are compared
 *   with the same numbers;
 * - in C++, its parent (std::is_base_of), that it is abstract and one pointer in size, and
 *   __uuidof against the IID written out below (from specs/api.md), which is what
 *   IID_PPV_ARGS passes; in both forms the library's IID_ storage holds the same value.
 */
#include <d3d12rt/d3d12.h>
#if !defined(CINTERFACE)
#include <wsl/wrladapter.h>
#endif

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

#if !defined(CINTERFACE) && defined(ID3D12GraphicsCommandList12_FillBuffers)
#error "the COBJMACROS call macros belong to the C form only"
#endif

/* (interface, parent, method, vtable slot): the first and last method of each. */
#define NEW_METHODS(X) \
    X(ID3D12GraphicsCommandList9, ID3D12GraphicsCommandList8, RSSetDepthBias, 82) \
    X(ID3D12GraphicsCommandList9, ID3D12GraphicsCommandList8, IASetIndexBufferStripCutValue, 83) \
    X(ID3D12GraphicsCommandList10, ID3D12GraphicsCommandList9, SetProgram, 84) \
    X(ID3D12GraphicsCommandList10, ID3D12GraphicsCommandList9, DispatchGraph, 85) \
    X(ID3D12GraphicsCommandList11, ID3D12GraphicsCommandList10, WaitBarrier, 86) \
    X(ID3D12GraphicsCommandList11, ID3D12GraphicsCommandList10, SignalBarrier, 87) \
    X(ID3D12GraphicsCommandList12, ID3D12GraphicsCommandList11, CopyBufferRegions, 88) \
    X(ID3D12GraphicsCommandList12, ID3D12GraphicsCommandList11, FillBuffers, 97) \
    X(ID3D12CommandListAsyncCommands, IUnknown, CopyBufferRegions, 3) \
    X(ID3D12CommandListAsyncCommands, IUnknown, FillBuffers, 12) \
    X(ID3D12AsyncCommandsFallback, IUnknown, SetFallbackLayerEnabled, 3) \
    X(ID3D12AsyncCommandsFallback, IUnknown, GetFallbackLayerEnabled, 4) \
    X(ID3D12Device12, ID3D12Device11, GetResourceAllocationInfo3, 80) \
    X(ID3D12Device13, ID3D12Device12, OpenExistingHeapFromAddress1, 81) \
    X(ID3D12Device14, ID3D12Device13, CreateRootSignatureFromSubobjectInLibrary, 82) \
    X(ID3D12Device15, ID3D12Device14, RegisterTrimNotificationCallback, 83) \
    X(ID3D12Device15, ID3D12Device14, ResolveQueryData, 93) \
    X(ID3D12Device16, ID3D12Device15, GetTileMappingQueue, 94) \
    X(ID3D12Device16, ID3D12Device15, UnregisterHeapLayouts, 99) \
    X(ID3D12TileMappingQueue, ID3D12Pageable, ExecuteTileMappings, 8) \
    X(ID3D12TileMappingQueue, ID3D12Pageable, Wait, 10) \
    X(ID3D12CommandQueue1, ID3D12CommandQueue, SetProcessPriority, 19) \
    X(ID3D12CommandQueue1, ID3D12CommandQueue, GetGlobalPriority, 22) \
    X(ID3D12CommandQueue2, ID3D12CommandQueue1, QueryRegisteredReservedResourceMappings, 23)

/* (interface, IID): Microsoft's where public, d3d12rt's otherwise (specs/api.md). */
#define NEW_IIDS(X) \
    X(ID3D12GraphicsCommandList9, 0x34ed2808, 0xffe6, 0x4c2b, 0xb1, 0x1a, 0xca, 0xbd, 0x2b, 0x0c, 0x59, 0xe1) \
    X(ID3D12GraphicsCommandList10, 0x7013c015, 0xd161, 0x4b63, 0xa0, 0x8c, 0x23, 0x85, 0x52, 0xdd, 0x8a, 0xcc) \
    X(ID3D12GraphicsCommandList11, 0x823aee5b, 0xc932, 0x4b15, 0xb4, 0xc4, 0x4a, 0x28, 0xe7, 0xc3, 0x4d, 0xea) \
    X(ID3D12GraphicsCommandList12, 0x09814a63, 0x32ff, 0x47b5, 0xa1, 0xbe, 0x7b, 0xf6, 0xfa, 0x39, 0x97, 0x79) \
    X(ID3D12CommandListAsyncCommands, 0xd7afd225, 0x8c06, 0x41c8, 0xb8, 0xa2, 0x6e, 0xfb, 0xe1, 0x43, 0x9e, 0xd9) \
    X(ID3D12AsyncCommandsFallback, 0x6f747364, 0x7db2, 0x4373, 0xbb, 0x15, 0x92, 0x56, 0x5f, 0x08, 0x64, 0x6e) \
    X(ID3D12Device12, 0x5af5c532, 0x4c91, 0x4cd0, 0xb5, 0x41, 0x15, 0xa4, 0x05, 0x39, 0x5f, 0xc5) \
    X(ID3D12Device13, 0x14eecffc, 0x4df8, 0x40f7, 0xa1, 0x18, 0x5c, 0x81, 0x6f, 0x45, 0x69, 0x5e) \
    X(ID3D12Device14, 0x5f6e592d, 0xd895, 0x44c2, 0x8e, 0x4a, 0x88, 0xad, 0x49, 0x26, 0xd3, 0x23) \
    X(ID3D12Device15, 0x76cff76f, 0x1e9b, 0x4450, 0x8c, 0xdc, 0x34, 0xf1, 0xaf, 0x78, 0x8e, 0x5b) \
    X(ID3D12Device16, 0xaf80cf19, 0xb745, 0x4abf, 0x93, 0xde, 0x63, 0x29, 0x5c, 0x4c, 0x81, 0x65) \
    X(ID3D12TileMappingQueue, 0x6d736114, 0xa47c, 0x4c6d, 0x94, 0x7f, 0x09, 0x73, 0x50, 0x2c, 0x43, 0xc6) \
    X(ID3D12CommandQueue1, 0x3a3c3165, 0x0ee7, 0x4b8e, 0xa0, 0xaf, 0x63, 0x56, 0xb4, 0xc3, 0xbb, 0xb9) \
    X(ID3D12CommandQueue2, 0x780faacf, 0xbbd4, 0x4650, 0x99, 0x6d, 0x3f, 0x56, 0xe5, 0x08, 0x9f, 0x73)

static int check(bool ok, const char *what)
{
    if (!ok)
        std::fprintf(stderr, "test_header_compile_cpp: %s\n", what);
    return ok ? 0 : 1;
}

static bool guid_equal(const GUID &a, const GUID &b)
{
    return !std::memcmp(&a, &b, sizeof(a));
}

#if defined(CINTERFACE)

/* The parents' slot counts are DirectX-Headers' own. */
static_assert(sizeof(ID3D12GraphicsCommandList8Vtbl) / sizeof(void *) == 82, "GCL8 slots");
static_assert(sizeof(ID3D12Device11Vtbl) / sizeof(void *) == 80, "Device11 slots");
static_assert(sizeof(ID3D12CommandQueueVtbl) / sizeof(void *) == 19, "CommandQueue slots");
static_assert(sizeof(ID3D12PageableVtbl) / sizeof(void *) == 8, "Pageable slots");
static_assert(sizeof(IUnknownVtbl) / sizeof(void *) == 3, "IUnknown slots");

#define CHECK_SLOT(iface, parent, method, slot) \
    static_assert(offsetof(iface##Vtbl, method) / sizeof(void *) == slot, #iface "::" #method);
NEW_METHODS(CHECK_SLOT)

/* A C-form opt-in stand-in driven through the COBJMACROS, as a C program would. */
struct test_fallback
{
    ID3D12AsyncCommandsFallback iface;
    BOOL enabled;
};

static HRESULT STDMETHODCALLTYPE fallback_set(ID3D12AsyncCommandsFallback *iface, BOOL enable)
{
    reinterpret_cast<test_fallback *>(iface)->enabled = enable;
    return S_OK;
}

static BOOL STDMETHODCALLTYPE fallback_get(ID3D12AsyncCommandsFallback *iface)
{
    return reinterpret_cast<test_fallback *>(iface)->enabled;
}

static int check_calls()
{
    ID3D12AsyncCommandsFallbackVtbl vtbl = {};
    vtbl.SetFallbackLayerEnabled = fallback_set;
    vtbl.GetFallbackLayerEnabled = fallback_get;
    test_fallback fallback = {{&vtbl}, FALSE};
    int failures = check(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(&fallback.iface, TRUE) == S_OK,
                         "opt in through the macro");
    return failures + check(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(&fallback.iface) == TRUE,
                            "opt-in read back through the macro");
}

#else /* C++ form */

/* Itanium C++ ABI: a pointer to a virtual member holds 1 + its byte offset in the vtable
 * (on Arm the virtual flag is in the adjustment instead). */
template <typename M> static size_t slot_of(M method)
{
    struct { uintptr_t ptr; ptrdiff_t adj; } rep;
    static_assert(sizeof(method) == sizeof(rep), "Itanium member pointer");
    std::memcpy(&rep, &method, sizeof(rep));
#if defined(__arm__) || defined(__aarch64__)
    return (rep.adj & 1) ? rep.ptr / sizeof(void *) : SIZE_MAX;
#else
    return (rep.ptr & 1) ? (rep.ptr - 1) / sizeof(void *) : SIZE_MAX;
#endif
}

#define CHECK_SHAPE(iface, parent, method, slot) \
    static_assert(std::is_base_of<parent, iface>::value, #iface " derives from " #parent); \
    static_assert(std::is_abstract<iface>::value && sizeof(iface) == sizeof(void *), #iface " is an interface");
NEW_METHODS(CHECK_SHAPE)

/* A C++ opt-in stand-in reached through ComPtr, QueryInterface and IID_PPV_ARGS. */
class test_fallback : public ID3D12AsyncCommandsFallback
{
public:
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void **out) override
    {
        if (guid_equal(riid, __uuidof(ID3D12AsyncCommandsFallback)) || guid_equal(riid, __uuidof(IUnknown)))
        {
            AddRef();
            *out = this;
            return S_OK;
        }
        *out = nullptr;
        return E_NOINTERFACE;
    }
    ULONG STDMETHODCALLTYPE AddRef() override { return ++refcount; }
    ULONG STDMETHODCALLTYPE Release() override { return --refcount; }
    HRESULT STDMETHODCALLTYPE SetFallbackLayerEnabled(BOOL enable) override
    {
        enabled = enable;
        return S_OK;
    }
    BOOL STDMETHODCALLTYPE GetFallbackLayerEnabled() override { return enabled; }

    ULONG refcount = 1;
    BOOL enabled = FALSE;
};

static int check_calls()
{
    test_fallback object;
    int failures = 0;
    {
        IUnknown *unknown = &object;
        Microsoft::WRL::ComPtr<ID3D12AsyncCommandsFallback> fallback;
        failures += check(SUCCEEDED(unknown->QueryInterface(IID_PPV_ARGS(&fallback))), "QueryInterface");
        failures += check(fallback->SetFallbackLayerEnabled(TRUE) == S_OK, "opt in");
        failures += check(fallback->GetFallbackLayerEnabled() == TRUE && object.enabled == TRUE, "opt-in read back");
        failures += check(object.refcount == 2, "ComPtr holds one reference");
    }
    return failures + check(object.refcount == 1, "ComPtr released it");
}

#endif

int main()
{
    int failures = 0;

#if !defined(CINTERFACE)
#define RUN_SLOT(iface, parent, method, slot) \
    failures += check(slot_of(&iface::method) == slot, "C++ slot of " #iface "::" #method);
    NEW_METHODS(RUN_SLOT)
#define RUN_UUIDOF(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    failures += check(guid_equal(__uuidof(iface), GUID{l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}), \
                      "__uuidof(" #iface ")");
    NEW_IIDS(RUN_UUIDOF)
#endif
#define RUN_IID(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    failures += check(guid_equal(IID_##iface, GUID{l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}), \
                      "IID_" #iface);
    NEW_IIDS(RUN_IID)
    failures += check_calls();

    if (!failures)
        std::printf("test_header_compile_cpp: ok\n");
    return failures ? 1 : 0;
}
