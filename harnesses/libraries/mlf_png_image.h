/* The canonical form every PNG decoder adapter (harnesses/libraries/{libpng,spng,lodepng,stb})
 * decodes into, so that their pixels compare byte for byte: RGBA, rows top to bottom, 8 bits
 * per sample for images of bit depth 8 or less, 16 bits per sample in host byte order for
 * 16-bit images; no gamma correction, tRNS applied as alpha, opaque alpha where the image has
 * none. */
#ifndef MLF_PNG_IMAGE_H
#define MLF_PNG_IMAGE_H
#include <stddef.h>

typedef struct {
  unsigned width, height;
  int sixteen;            /* 1: uint16_t samples, else bytes */
  unsigned char *pixels;  /* width * height * 4 samples (malloc'ed), NULL when refused */
  char error[160];        /* why the decoder refused the file */
} mlf_png_image;

/* Bytes the canonical pixels of img take. */
static inline size_t mlf_png_image_bytes(const mlf_png_image *img) {
  return (size_t)img->width * img->height * 4 * (img->sixteen ? 2 : 1);
}

/* Every adapter: decodes the PNG file (size bytes) into img (zeroed by the caller) in the
 * canonical form with 16-bit samples when sixteen is 1; returns 1, or 0 with img->error set.
 * Free img->pixels with free(). */
typedef int mlf_png_decode_fn(const unsigned char *file, size_t size, int sixteen, mlf_png_image *img);
#endif
