/* The APIs of moco_png_spec (the libpng write pipeline), in the table's order: the harness
 * calls them by these indices. */
#ifndef MOCO_PNG_SPEC_H
#define MOCO_PNG_SPEC_H
#include "moco_spec.h"

enum {
  MOCO_PNG_IHDR, MOCO_PNG_LEVEL, MOCO_PNG_MEM_LEVEL, MOCO_PNG_STRATEGY, MOCO_PNG_WINDOW_BITS,
  MOCO_PNG_FILTER, MOCO_PNG_GAMA, MOCO_PNG_PHYS, MOCO_PNG_OFFS, MOCO_PNG_TIME, MOCO_PNG_TEXT,
  MOCO_PNG_PLTE, MOCO_PNG_PCAL, MOCO_PNG_APIS
};
#endif
