/* d3d12rt driver contract: ExecuteTileMappings (seed 001), DDI 0124. */
#ifndef D3D12RT_DDI_TILE_MAPPING_H
#define D3D12RT_DDI_TILE_MAPPING_H

#ifndef D3D12RT_DDI_H
#error "include d3d12ddi.h"
#endif

/* Seed 001's tier names for D3D12DDI_D3D12_OPTIONS_DATA_0124.TiledResourcesTier (the
 * field keeps the API's type, D002; the values are the API's). */
typedef enum D3D12DDI_TILED_RESOURCES_TIER
{
    D3D12DDI_TILED_RESOURCES_TIER_NOT_SUPPORTED = 0,
    D3D12DDI_TILED_RESOURCES_TIER_1 = 1,
    D3D12DDI_TILED_RESOURCES_TIER_2 = 2,
    D3D12DDI_TILED_RESOURCES_TIER_3 = 3,
    D3D12DDI_TILED_RESOURCES_TIER_4 = 4,
    D3D12DDI_TILED_RESOURCES_TIER_5 = 5,
} D3D12DDI_TILED_RESOURCES_TIER;

#define D3D12DDI_RESOURCE_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS 0x20000u
#define D3D12DDI_HEAP_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS 0x1000u

/* Argument buffer contents: same values and layout as the API types, not translated. */
typedef enum D3DDDI_EXECUTETILEMAPPINGS_TOKEN_TYPES
{
    D3DDDI_EXECUTETILEMAPPINGS_TOKEN_TYPE_NO_OPERATION = 1,
    D3DDDI_EXECUTETILEMAPPINGS_TOKEN_TYPE_LINEAR_MAPPING = 128,
    D3DDDI_EXECUTETILEMAPPINGS_TOKEN_TYPE_BOX_MAPPING = 129,
} D3DDDI_EXECUTETILEMAPPINGS_TOKEN_TYPES;

typedef enum D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TYPES
{
    D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES = 0,
    D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TYPE_NULL = 1,
    D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TYPE_SKIP = 2,
    D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TYPE_REUSE_SINGLE_TILE = 3,
    D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TYPE_TILE_INDEX_LIST = 4,
} D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TYPES;

typedef enum D3DDDI_EXECUTE_TILE_MAPPINGS_FLAGS
{
    D3DDDI_EXECUTE_TILE_MAPPINGS_FLAG_NONE = 0,
} D3DDDI_EXECUTE_TILE_MAPPINGS_FLAGS;

typedef struct D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER
{
    UINT TokenType : 8;
    UINT MappingType : 8;
    UINT SubresourceIndex : 16;
} D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER;

typedef struct D3DDDI_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN
{
    D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER Header;
    UINT TilePoolBaseOffsetInTiles;
    UINT SubresourceBaseOffsetInTiles;
    UINT TileCount;
    UINT _Padding;
    UINT TilePoolLayoutIndex;
    UINT ResourceLayoutIndex;
    UINT TileListOffsetDwords;
} D3DDDI_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN;

typedef struct D3DDDI_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN
{
    D3DDDI_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER Header;
    UINT TilePoolBaseOffsetInTiles;
    UINT16 X, Y, Z;
    UINT16 Width, Height, Depth;
    UINT TilePoolLayoutIndex;
    UINT ResourceLayoutIndex;
    UINT TileListOffsetDwords;
} D3DDDI_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN;

_Static_assert(sizeof(D3DDDI_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN) == 32, "tokens are eight DWORDs");
_Static_assert(sizeof(D3DDDI_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN) == 32, "tokens are eight DWORDs");

typedef struct D3DDDI_QUERIED_RESOURCE_MAPPING
{
    UINT SourceLayoutId;
    UINT SourceOffsetInTiles;
} D3DDDI_QUERIED_RESOURCE_MAPPING;

/* The tile mapping queue's driver object (seed 001: D3D12DDI_HT_0124_TILEMAPPINGQUEUE). */
typedef enum D3D12DDI_HANDLETYPE
{
    D3D12DDI_HT_0124_TILEMAPPINGQUEUE = 51,
} D3D12DDI_HANDLETYPE;

/* Seed 001's nine device entries; they are members of D3D12DDI_DEVICE_FUNCS_CORE_0124
 * (d3d12ddi_device.h), NULL in a driver without tier 5 (specs/ddi.md "Tiled Resources
 * Tier 5"). */
typedef SIZE_T (APIENTRY *PFND3D12DDI_CALCPRIVATETILEMAPPINGQUEUESIZE_0124)(D3D12DDI_HDEVICE, UINT NodeIndex);
typedef HRESULT (APIENTRY *PFND3D12DDI_CREATETILEMAPPINGQUEUE_0124)(D3D12DDI_HDEVICE, UINT NodeIndex,
                                                                    D3D12DDI_HTILEMAPPINGQUEUE_0124);
typedef void (APIENTRY *PFND3D12DDI_DESTROYTILEMAPPINGQUEUE_0124)(D3D12DDI_HDEVICE, D3D12DDI_HTILEMAPPINGQUEUE_0124);
typedef HRESULT (APIENTRY *PFND3D12DDI_INITIALIZEEXECUTETILEMAPPINGLAYOUTTABLES_0124)(
    D3D12DDI_HDEVICE, UINT NodeIndex, UINT TilePoolLayoutIndexCount, UINT ResourceLayoutIndexCount);
typedef HRESULT (APIENTRY *PFND3D12DDI_REGISTERRESOURCELAYOUTS_0124)(D3D12DDI_HDEVICE, UINT NodeIndex,
                                                                     UINT NumResources,
                                                                     const D3D12DDI_HRESOURCE *pReservedResources,
                                                                     const UINT *pResourceLayoutIndices);
typedef HRESULT (APIENTRY *PFND3D12DDI_REGISTERHEAPLAYOUTS_0124)(D3D12DDI_HDEVICE, UINT NodeIndex, UINT NumHeaps,
                                                                 const D3D12DDI_HHEAP *pHeaps,
                                                                 const UINT *pTilePoolLayoutIndices);
typedef HRESULT (APIENTRY *PFND3D12DDI_UNREGISTERRESOURCELAYOUTS_0124)(D3D12DDI_HDEVICE, UINT NodeIndex,
                                                                       UINT NumResourceLayoutIndices,
                                                                       const UINT *pResourceLayoutIndices);
typedef HRESULT (APIENTRY *PFND3D12DDI_UNREGISTERHEAPLAYOUTS_0124)(D3D12DDI_HDEVICE, UINT NodeIndex,
                                                                   UINT NumTilePoolLayoutIndices,
                                                                   const UINT *pTilePoolLayoutIndices);
/* Writes ResourceMappingsCount D3DDDI_QUERIED_RESOURCE_MAPPINGs into the output buffer at
 * ResourceMappingsOutputOffset (bytes); unmapped tiles read UINT_MAX in both fields. */
typedef HRESULT (APIENTRY *PFND3D12DDI_QUERYREGISTEREDRESERVEDRESOURCEMAPPINGS_0124)(
    D3D12DDI_HDEVICE, UINT NodeIndex, D3D12DDI_HRESOURCE hReservedResource, UINT64 ResourceMappingStartOffset,
    UINT64 ResourceMappingsCount, UINT64 ResourceMappingsOutputOffset, D3D12DDI_HRESOURCE hResourceMappingsOutput);

/* The tile mapping queue's ExecuteTileMappings: handles, offsets and flags exactly as the
 * application passed them (NULL count / tile-list handles when it passed none). */
typedef void (APIENTRY *PFND3D12DDI_EXECUTETILEMAPPINGS_0124)(D3D12DDI_HTILEMAPPINGQUEUE_0124,
                                                              UINT MaxArgumentDwordCount,
                                                              D3D12DDI_HRESOURCE hArgumentBuffer,
                                                              UINT64 ArgumentBufferOffset,
                                                              D3D12DDI_HRESOURCE hCountBuffer, UINT64 CountBufferOffset,
                                                              D3D12DDI_HRESOURCE hTileListBuffer,
                                                              UINT64 TileListBufferOffset,
                                                              D3DDDI_EXECUTE_TILE_MAPPINGS_FLAGS Flags);

#endif
