#ifndef INBETWEEN_CJPEG_SHIM_H
#define INBETWEEN_CJPEG_SHIM_H
// libjpeg-turbo's libjpeg API (Debian's libjpeg62-turbo-dev, through libjpeg-dev), which decodes
// the JPEG images a script shows as layer contents. jpeglib.h uses FILE and size_t without
// including their headers, so stdio.h comes first (libjpeg.txt, "Compilation").
#include <stdio.h>
#include <jpeglib.h>

#endif
