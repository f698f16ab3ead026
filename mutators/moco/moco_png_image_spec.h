/* The APIs of moco_png_image_spec (libpng 1.6's simplified API), in the table's order: the
 * harness calls them by these indices. */
#ifndef MOCO_PNG_IMAGE_SPEC_H
#define MOCO_PNG_IMAGE_SPEC_H
#include "moco_spec.h"

enum { MOCO_PNG_IMAGE_WRITE, MOCO_PNG_IMAGE_BEGIN_READ, MOCO_PNG_IMAGE_FINISH_READ, MOCO_PNG_IMAGE_FREE, MOCO_PNG_IMAGE_APIS };

/* The format flags the table's format parameters take: PNG_FORMAT_FLAG_ALPHA, _COLOR, _LINEAR,
 * _COLORMAP, _BGR, _AFIRST (png.h; _ASSOCIATED_ALPHA is left out: libpng 1.6 does not
 * implement it). */
#define MOCO_PNG_IMAGE_FORMATS 0x3f
#endif
