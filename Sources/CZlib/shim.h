#ifndef INBETWEEN_CZLIB_SHIM_H
#define INBETWEEN_CZLIB_SHIM_H
// zlib for the PNG writer (Encode/PNGImage.swift): deflate makes the IDAT stream, crc32 the
// chunks' checksums. Debian's zlib1g-dev; on macOS the SDK's own zlib.
#include <zlib.h>
#endif
