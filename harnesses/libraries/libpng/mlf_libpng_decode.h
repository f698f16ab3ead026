/* A PNG file decoded by libpng into the canonical form (libraries/mlf_png_image.h): the
 * reference the other PNG decoders are compared with. */
#ifndef MLF_LIBPNG_DECODE_H
#define MLF_LIBPNG_DECODE_H
#include "libraries/mlf_png_image.h"
mlf_png_decode_fn mlf_libpng_decode;
#endif
