#ifndef INBETWEEN_CIMAGESUPPORT_H
#define INBETWEEN_CIMAGESUPPORT_H
#include <stddef.h>
#include <stdint.h>

// JPEG decoding for layer contents, in C because libjpeg reports an error by calling its
// error manager's error_exit, which must not return: the default one calls exit(). Ours
// longjmps back into the C function that started the work (setjmp there), so the jump never
// crosses a Swift frame; Swift sees a return code and a message.

// Reads the header of the JPEG held in data[0..<size]: its width and height, with nothing
// allocated for pixels. Returns 0, or -1 with libjpeg's message in message[0..<capacity].
int ib_jpeg_size(const unsigned char *data, size_t size, int *width, int *height,
                 char *message, size_t capacity);

// Decodes the JPEG into pixels (width x height words, which the caller allocated after
// ib_jpeg_size gave the size, in Cairo's ARGB32: 0xAARRGGBB in native byte order, alpha 255).
// Corrupt data that libjpeg would only warn about (and fill with grey) is an error here.
// Returns 0, or -1 with the message.
int ib_jpeg_decode(const unsigned char *data, size_t size, uint32_t *pixels, int width, int height,
                   char *message, size_t capacity);

#endif
