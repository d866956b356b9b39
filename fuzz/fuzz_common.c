/* What the libFuzzer targets share (fuzz_common.h). */
#include "fuzz_common.h"

#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    /* No user configuration file: each target chooses the one it reads. */
    setenv("D3D12RT_CONFIG", "/nonexistent/d3d12rt-fuzz.ini", 0);
    return 0;
}

ID3D12Device *fuzz_device(void)
{
    static ID3D12Device *device;

    if (!device)
        FUZZ_CHECK(SUCCEEDED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)));
    return device;
}
