/* LodePNG's decode of a PNG in memory into the canonical form (libraries/mlf_png_image.h):
 * lodepng_decode_memory with LCT_RGBA and bit depth 8 or 16. lodepng.h: "for 16-bit per channel
 * colors, uses big endian format like PNG does", so 16-bit samples are swapped to host order;
 * gamma is never applied ("colorimetric color profile conversions: currently experimentally
 * available in lodepng_util.cpp only"); tRNS becomes alpha ("support for alpha channels,
 * including RGBA color model, translucent palettes and color keying").
 * Debian compiles liblodepng as C++ and its lodepng.h has no extern "C", so the library exports
 * the C API under C++-mangled names (nm -D liblodepng.so.0); the two functions used here are
 * declared under names of their own bound to those symbols, with the header's signatures. */
#include "libraries/lodepng/mlf_lodepng_decode.h"
#include <lodepng.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

unsigned mlf_lodepng_decode_memory(unsigned char **out, unsigned *w, unsigned *h, const unsigned char *in,
                                   size_t insize, LodePNGColorType colortype, unsigned bitdepth)
    __asm__("_Z21lodepng_decode_memoryPPhPjS1_PKhm16LodePNGColorTypej");
const char *mlf_lodepng_error_text(unsigned code) __asm__("_Z18lodepng_error_textj");

/* Big-endian 16-bit samples to host order, in place. */
static void to_host_order(unsigned char *samples, size_t count) {
  for (size_t i = 0; i < count; i++) {
    uint16_t v = (uint16_t)(samples[2 * i] << 8 | samples[2 * i + 1]);
    ((uint16_t *)(void *)samples)[i] = v;
  }
}

int mlf_lodepng_decode(const unsigned char *file, size_t size, int sixteen, mlf_png_image *img) {
  unsigned char *pixels = NULL;
  unsigned w = 0, h = 0;
  unsigned err = mlf_lodepng_decode_memory(&pixels, &w, &h, file, size, LCT_RGBA, sixteen ? 16 : 8);
  if (err) {
    free(pixels);
    snprintf(img->error, sizeof img->error, "lodepng error %u: %s", err, mlf_lodepng_error_text(err));
    return 0;
  }
  img->width = w, img->height = h, img->sixteen = sixteen, img->pixels = pixels;
  if (sixteen) to_host_order(pixels, (size_t)w * h * 4);
  return 1;
}
