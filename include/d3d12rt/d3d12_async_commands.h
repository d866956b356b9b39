/*
 * d3d12rt public headers: Async Commands.
 *
 * The types and the ten methods follow Microsoft's D3D12AsyncCommands.md and the
 * DirectX-Headers preview d3d12.idl (names, member order, parameter order, method order).
 * The retail runtime places the methods on ID3D12GraphicsCommandList12; programs built
 * against the 1.720/1.721 preview headers reach the same implementation through
 * ID3D12CommandListAsyncCommands. D3D12_FEATURE_DATA_ASYNC_COMMANDS has the release form
 * (a tri-state Impl) in the place and size of the preview's BOOL Supported. The
 * interfaces are in d3d12rt_interfaces.idl.
 */
#ifndef D3D12RT_D3D12_ASYNC_COMMANDS_H
#define D3D12RT_D3D12_ASYNC_COMMANDS_H

#include <d3d12rt/d3d12rt_base.h>

/* Present when the Async Commands declarations are, as in the preview headers. */
#define DIRECT3D_ASYNC_COMMANDS (1)

/* New values of existing enums: C cannot add enumerators to an enum declared elsewhere. */
#define D3D12_FEATURE_ASYNC_COMMANDS ((D3D12_FEATURE)63)
#define D3D12_DEVICE_FLAG_ASYNC_COMMANDS_FALLBACK_ENABLED ((D3D12_DEVICE_FLAGS)0x800)

typedef enum D3D12_ASYNC_COMMANDS_IMPL
{
    D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED = 0,
    D3D12_ASYNC_COMMANDS_IMPL_FALLBACK = 1,
    D3D12_ASYNC_COMMANDS_IMPL_NATIVE = 2,
} D3D12_ASYNC_COMMANDS_IMPL;

/* D3D12_FEATURE_ASYNC_COMMANDS. Impl != NOT_SUPPORTED means the ten methods may be called. */
typedef struct D3D12_FEATURE_DATA_ASYNC_COMMANDS
{
    D3D12_ASYNC_COMMANDS_IMPL Impl;
} D3D12_FEATURE_DATA_ASYNC_COMMANDS;

D3D12RT_STATIC_ASSERT(sizeof(D3D12_FEATURE_DATA_ASYNC_COMMANDS) == sizeof(BOOL),
                      "same size as the preview's BOOL Supported");

/* Accepted by D3D12EnableExperimentalFeatures so preview-built programs start; it needs no
 * configuration struct. */
static const UUID D3D12AsyncCommandsExperiment = { /* 7adf09d5-b158-4a80-ba0c-cd47eafb8637 */
    0x7adf09d5,
    0xb158,
    0x4a80,
    {0xba, 0x0c, 0xcd, 0x47, 0xea, 0xfb, 0x86, 0x37}
};

/* Four-component clear and fill values; which member is read depends on the format. */
typedef struct D3D12_CLEAR_DATA
{
    union
    {
        FLOAT Floats[4];
        UINT Uints[4];
        INT Sints[4];
        BYTE Bytes[16];
    };
} D3D12_CLEAR_DATA;

typedef enum D3D12_TEXTURE_COPY_DESC_TYPE
{
    D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE,
    D3D12_TEXTURE_COPY_DESC_TYPE_BUFFER_TO_TEXTURE,
    D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_BUFFER
} D3D12_TEXTURE_COPY_DESC_TYPE;

/* pSourceBox NULL means the whole source subresource. */
typedef struct D3D12_TEXTURE_COPY_REGION
{
    UINT DestX;
    UINT DestY;
    UINT DestZ;
    const D3D12_BOX *pSourceBox;
} D3D12_TEXTURE_COPY_REGION;

typedef struct D3D12_TEXTURE_TEXTURE_COPY_DESC
{
    ID3D12Resource *pDest;
    UINT DestSubresourceIndex;
    ID3D12Resource *pSource;
    UINT SourceSubresourceIndex;
} D3D12_TEXTURE_TEXTURE_COPY_DESC;

typedef struct D3D12_BUFFER_TEXTURE_COPY_DESC
{
    ID3D12Resource *pBuffer;
    ID3D12Resource *pTexture;
    UINT SubresourceIndex;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT PlacedFootprint;
} D3D12_BUFFER_TEXTURE_COPY_DESC;

typedef struct D3D12_TEXTURE_COPY_DESC
{
    D3D12_TEXTURE_COPY_DESC_TYPE Type;
    UINT NumRegions;
    const D3D12_TEXTURE_COPY_REGION *pCopyRegions;
    union
    {
        D3D12_TEXTURE_TEXTURE_COPY_DESC TextureTextureCopy;
        D3D12_BUFFER_TEXTURE_COPY_DESC BufferTextureCopy;
    };
} D3D12_TEXTURE_COPY_DESC;

/* SubresourceIndex 0xFFFFFFFF selects every subresource; pRegion NULL the whole of each. */
typedef struct D3D12_CLEAR_TEXTURE_DESC
{
    ID3D12Resource *pTexture;
    UINT SubresourceIndex;
    D3D12_CLEAR_DATA ClearValue;
    DXGI_FORMAT Format;
    const D3D12_BOX *pRegion;
} D3D12_CLEAR_TEXTURE_DESC;

/* Format DXGI_FORMAT_UNKNOWN takes the low RawPatternSizeInBytes bytes of FillValue.Bytes as
 * the pattern; a repetition that would not fit entirely is not written. */
typedef struct D3D12_FILL_BUFFER_DESC
{
    ID3D12Resource *pBuffer;
    UINT64 Offset;
    D3D12_CLEAR_DATA FillValue;
    DXGI_FORMAT Format;
    UINT RawPatternSizeInBytes;
    UINT RepeatCount;
} D3D12_FILL_BUFFER_DESC;

DEFINE_GUID(CLSID_D3D12AsyncCommandsFallback,0x79246805,0x8047,0x41b1,0x93,0x6b,0x29,0xf7,0x50,0xdd,0x10,0x44);

#endif /* D3D12RT_D3D12_ASYNC_COMMANDS_H */
