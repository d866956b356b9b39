/*
 * The smallest library the runtime would load as a driver, built outside the tree with
 * nothing but `pkg-config --cflags d3d12rt-ddi`: it proves the installed contract headers
 * stand alone. It finds no GPU, so it answers DXGI_ERROR_UNSUPPORTED as specs/ddi.md §3
 * asks of a driver without hardware.
 */
#include <d3d12ddi.h>

__attribute__((visibility("default"))) HRESULT APIENTRY D3D12RTOpenAdapter12(D3D12DDIARG_OPENADAPTER_0124 *args);

HRESULT APIENTRY D3D12RTOpenAdapter12(D3D12DDIARG_OPENADAPTER_0124 *args)
{
    /* Every name a driver needs comes from the contract: versions, caps, results. */
    UINT64 version = D3D12DDI_SUPPORTED_0124;
    HRESULT short_array = D3D12DDI_E_INSUFFICIENT_BUFFER;

    (void)version;
    (void)short_array;
    return args ? DXGI_ERROR_UNSUPPORTED : E_INVALIDARG;
}
