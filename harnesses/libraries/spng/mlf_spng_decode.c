/* libspng's decode of a PNG in memory into the canonical form (libraries/mlf_png_image.h).
 * Options, as spng.h 0.7.3 documents them: SPNG_FMT_RGBA8 / SPNG_FMT_RGBA16 (host byte order:
 * "SPNG_FMT_RAW ... big-endian (everything else is host-endian)"); flag SPNG_DECODE_TRNS
 * ("Apply transparency") and not SPNG_DECODE_GAMMA ("Apply gamma correction"): no gamma. */
#include "libraries/spng/mlf_spng_decode.h"
#include <spng.h>
#include <stdio.h>
#include <stdlib.h>

int mlf_spng_decode(const unsigned char *file, size_t size, int sixteen, mlf_png_image *img) {
  spng_ctx *ctx = spng_ctx_new(0);
  if (!ctx) {
    snprintf(img->error, sizeof img->error, "spng_ctx_new failed");
    return 0;
  }
  int fmt = sixteen ? SPNG_FMT_RGBA16 : SPNG_FMT_RGBA8;
  struct spng_ihdr ihdr;
  size_t bytes = 0;
  int err = spng_set_png_buffer(ctx, file, size);
  if (!err) err = spng_get_ihdr(ctx, &ihdr);
  if (!err) err = spng_decoded_image_size(ctx, fmt, &bytes);
  if (!err) {
    img->width = ihdr.width, img->height = ihdr.height, img->sixteen = sixteen;
    if (bytes != mlf_png_image_bytes(img)) {
      snprintf(img->error, sizeof img->error, "spng_decoded_image_size: %zu bytes for %ux%u", bytes,
               ihdr.width, ihdr.height);
      spng_ctx_free(ctx);
      return 0;
    }
    img->pixels = malloc(bytes ? bytes : 1);
    if (!img->pixels) abort();
    err = spng_decode_image(ctx, img->pixels, bytes, fmt, SPNG_DECODE_TRNS);
  }
  spng_ctx_free(ctx);
  if (err) {
    free(img->pixels);
    img->pixels = NULL;
    snprintf(img->error, sizeof img->error, "spng error %d: %s", err, spng_strerror(err));
    return 0;
  }
  return 1;
}
