/* A PNG file decoded by stb_image into the canonical form (libraries/mlf_png_image.h). */
#ifndef MLF_STB_DECODE_H
#define MLF_STB_DECODE_H
#include "libraries/mlf_png_image.h"
mlf_png_decode_fn mlf_stb_decode;
#endif
