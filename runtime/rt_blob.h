/*
 * ID3DBlob (ID3D10Blob): an immutable byte buffer, as the root signature serializer
 * returns it (the serialized data, or the error text).
 */
#ifndef RT_BLOB_H
#define RT_BLOB_H

#include "rt_common.h"

/* Takes ownership of data (malloc'd; freed with the blob, also on failure). */
HRESULT rt_blob_create(void *data, size_t size, ID3DBlob **blob);
/* A blob holding a copy of text with its terminator, as D3D error blobs do. */
HRESULT rt_blob_create_text(const char *text, ID3DBlob **blob);

#endif
