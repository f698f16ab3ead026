/* The counting, failing allocator of the MoCo libpng template (png_alloc.h). */
#include "png_alloc.h"
#include <stdlib.h>

png_voidp png_alloc_malloc(png_structp png, png_alloc_size_t size) {
  png_alloc *a = png_get_mem_ptr(png);
  if (++a->allocations == a->fail_at) {
    a->failed = 1;
    return NULL;
  }
  png_voidp p = malloc(size ? size : 1);
  if (p) a->live++;
  return p;
}

void png_alloc_free(png_structp png, png_voidp ptr) {
  if (!ptr) return;
  png_alloc *a = png_get_mem_ptr(png);
  a->live--;
  free(ptr);
}
