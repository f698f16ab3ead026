/* A PNG file decoded by LodePNG into the canonical form (libraries/mlf_png_image.h). */
#ifndef MLF_LODEPNG_DECODE_H
#define MLF_LODEPNG_DECODE_H
#include "libraries/mlf_png_image.h"
mlf_png_decode_fn mlf_lodepng_decode;
#endif
