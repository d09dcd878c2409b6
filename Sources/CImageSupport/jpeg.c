#include "CImageSupport.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>

// libjpeg's error manager with a place to jump back to (libjpeg.txt, "Error handling", and
// example.c's my_error_exit: "Return control to the setjmp point").
struct ib_jpeg_errors {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *message;
    size_t capacity;
};

static void ib_jpeg_fail(j_common_ptr cinfo) {
    struct ib_jpeg_errors *errors = (struct ib_jpeg_errors *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    if (errors->capacity > 0) snprintf(errors->message, errors->capacity, "%s", text);
    longjmp(errors->back, 1);
}

// emit_message: level -1 is a warning, which libjpeg gives for corrupt data it decodes anyway
// ("Corrupt JPEG data: premature end of data segment"): refused, as a truncated file would
// otherwise show grey. Trace messages (levels 0 and up) are dropped, not printed.
static void ib_jpeg_message(j_common_ptr cinfo, int level) {
    if (level < 0) ib_jpeg_fail(cinfo);
}

static void ib_jpeg_prepare(struct jpeg_decompress_struct *cinfo, struct ib_jpeg_errors *errors,
                            char *message, size_t capacity) {
    cinfo->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = ib_jpeg_fail;
    errors->manager.emit_message = ib_jpeg_message;
    errors->message = message;
    errors->capacity = capacity;
    if (capacity > 0) message[0] = 0;
}

int ib_jpeg_size(const unsigned char *data, size_t size, int *width, int *height,
                 char *message, size_t capacity) {
    struct jpeg_decompress_struct cinfo;
    struct ib_jpeg_errors errors;
    ib_jpeg_prepare(&cinfo, &errors, message, capacity);
    if (setjmp(errors.back)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int ib_jpeg_decode(const unsigned char *data, size_t size, uint32_t *pixels, int width, int height,
                   char *message, size_t capacity) {
    struct jpeg_decompress_struct cinfo;
    struct ib_jpeg_errors errors;
    ib_jpeg_prepare(&cinfo, &errors, message, capacity);
    if (setjmp(errors.back)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    // libjpeg-turbo's extended colour spaces write the four bytes of a Cairo ARGB32 word as
    // they lie in memory, the alpha byte set to 255 (libjpeg-turbo's jpeglib.h, JCS_EXT_*).
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    cinfo.out_color_space = JCS_EXT_BGRA;
#else
    cinfo.out_color_space = JCS_EXT_ARGB;
#endif
    jpeg_start_decompress(&cinfo);
    if ((int)cinfo.output_width != width || (int)cinfo.output_height != height ||
        cinfo.output_components != 4) {
        if (capacity > 0) snprintf(message, capacity, "the decoded size differs from the header's");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.output_scanline * (size_t)width);
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
