/* stb_image's decode of a PNG in memory into the canonical form (libraries/mlf_png_image.h):
 * stbi_load_from_memory / stbi_load_16_from_memory with desired_channels 4 (stb_image.h: "16-bit
 * interfaces ... stbi_load_16", samples as stbi_us in host order). stb_image applies no gamma to
 * an 8- or 16-bit PNG: its gamma settings (stbi_ldr_to_hdr_gamma) act only on the float
 * interface stbi_loadf; the iPhone conversions (stbi_set_unpremultiply_on_load,
 * stbi_convert_iphone_png_to_rgb) only on CgBI files and are off by default. Flipping
 * (stbi_set_flip_vertically_on_load) is off by default: rows come top to bottom. */
#include "libraries/stb/mlf_stb_decode.h"
#include <limits.h>
#include <stb/stb_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mlf_stb_decode(const unsigned char *file, size_t size, int sixteen, mlf_png_image *img) {
  if (size > INT_MAX) {
    snprintf(img->error, sizeof img->error, "stb_image takes at most INT_MAX bytes");
    return 0;
  }
  int w = 0, h = 0, channels_in_file = 0;
  void *pixels = sixteen ? (void *)stbi_load_16_from_memory(file, (int)size, &w, &h, &channels_in_file, 4)
                         : (void *)stbi_load_from_memory(file, (int)size, &w, &h, &channels_in_file, 4);
  if (!pixels) {
    snprintf(img->error, sizeof img->error, "stb_image: %s", stbi_failure_reason());
    return 0;
  }
  img->width = (unsigned)w, img->height = (unsigned)h, img->sixteen = sixteen;
  /* stbi_image_free is the documented way to release stb's buffer; the canonical image is
   * released with free(), so it is copied. */
  size_t bytes = mlf_png_image_bytes(img);
  img->pixels = malloc(bytes ? bytes : 1);
  if (!img->pixels) abort();
  memcpy(img->pixels, pixels, bytes);
  stbi_image_free(pixels);
  return 1;
}
