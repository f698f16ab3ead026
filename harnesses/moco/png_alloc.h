/* The allocator libpng gets through png_create_*_struct_2 in the MoCo template: it counts the
 * blocks still live (one left after png_destroy_* is a leak), can free them once judged, and
 * can fail the Nth allocation (an allocation-failure schedule, a negative node). */
#ifndef PNG_ALLOC_H
#define PNG_ALLOC_H
#include <png.h>
#include <stddef.h>

typedef struct {
  unsigned long allocations; /* asked for so far */
  unsigned long fail_at;     /* 0: never; N: the Nth allocation returns NULL */
  int failed;                /* 1 once the scheduled failure happened */
  long live;                 /* allocated and not yet freed */
  struct png_alloc_block *blocks; /* those blocks (png_alloc.c) */
} png_alloc;

/* The callbacks for png_create_*_struct_2 (mem_ptr = the png_alloc). */
png_voidp png_alloc_malloc(png_structp png, png_alloc_size_t size);
void png_alloc_free(png_structp png, png_voidp ptr);
/* Frees every block still live (what libpng leaked, or the structs the harness did not destroy
 * after a known finding), once the judge has counted them. */
void png_alloc_release(png_alloc *a);
#endif
