/* Renders frames of a Lottie file with rlottie (Debian's librlottie, which ships no command
 * line tool): `render FILE.json FRAME...` writes, for each frame number in the order given,
 * width x height pixels of premultiplied ARGB32 (rlottie's surface format: one uint32_t per
 * pixel, alpha in the top byte) to stdout, after a first line "WIDTH HEIGHT TOTALFRAMES\n".
 * The surface is the composition's own size, so one Lottie unit is one pixel.
 *
 * Built by the Lottie tests with `cc render.c $(pkg-config --cflags --libs rlottie)`. */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) { free(text); text = NULL; }
    if (text) text[n] = '\0';
    fclose(f);
    return text;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: render FILE.json FRAME...\n");
        return 2;
    }
    char *json = read_file(argv[1]);
    if (!json) {
        fprintf(stderr, "render: cannot read %s\n", argv[1]);
        return 1;
    }
    /* The key names the animation in rlottie's cache; the resource path is for images. */
    Lottie_Animation *animation = lottie_animation_from_data(json, argv[1], "");
    free(json);
    if (!animation) {
        fprintf(stderr, "render: rlottie refused %s\n", argv[1]);
        return 1;
    }
    size_t width = 0, height = 0;
    lottie_animation_get_size(animation, &width, &height);
    printf("%zu %zu %zu\n", width, height, lottie_animation_get_totalframe(animation));
    uint32_t *pixels = calloc(width * height, sizeof(uint32_t));
    for (int i = 2; i < argc; i++) {
        size_t frame = (size_t)strtoul(argv[i], NULL, 10);
        for (size_t p = 0; p < width * height; p++) pixels[p] = 0;
        lottie_animation_render(animation, frame, pixels, width, height, width * sizeof(uint32_t));
        fwrite(pixels, sizeof(uint32_t), width * height, stdout);
    }
    free(pixels);
    lottie_animation_destroy(animation);
    return 0;
}
