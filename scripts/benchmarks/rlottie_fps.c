/* The reference of scripts/bench's rendering figures: rlottie (Debian's librlottie) drawing the
 * first N frames of a Lottie file at the composition's own size into one ARGB32 buffer, as
 * `inbetween`'s Renderer draws the same scene. Prints "frames cpu_seconds checksum"; the CPU
 * time (clock(), the process's) covers the rendering only, not the parse.
 *   rlottie_fps FILE.json N */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: rlottie_fps FILE.json N\n");
        return 2;
    }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) {
        fprintf(stderr, "rlottie_fps: rlottie refused %s\n", argv[1]);
        return 1;
    }
    size_t width = 0, height = 0;
    lottie_animation_get_size(animation, &width, &height);
    size_t total = lottie_animation_get_totalframe(animation);
    size_t n = (size_t)strtoul(argv[2], NULL, 10);
    if (n > total) n = total;
    uint32_t *pixels = calloc(width * height, sizeof(uint32_t));
    unsigned long checksum = 0;
    clock_t start = clock();
    for (size_t frame = 0; frame < n; frame++) {
        lottie_animation_render(animation, frame, pixels, width, height, width * sizeof(uint32_t));
        checksum += pixels[width * height / 2];
    }
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("%zu %.4f %lu\n", n, seconds, checksum);
    free(pixels);
    lottie_animation_destroy(animation);
    return 0;
}
