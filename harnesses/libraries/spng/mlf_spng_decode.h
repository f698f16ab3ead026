/* A PNG file decoded by libspng into the canonical form (libraries/mlf_png_image.h). */
#ifndef MLF_SPNG_DECODE_H
#define MLF_SPNG_DECODE_H
#include "libraries/mlf_png_image.h"
mlf_png_decode_fn mlf_spng_decode;
#endif
