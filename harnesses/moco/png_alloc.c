/* The counting, failing allocator of the MoCo libpng template (png_alloc.h). Each block carries
 * a header linking it into its allocator's list of live blocks, so png_alloc_release can free
 * what libpng leaked. */
#include "png_alloc.h"
#include <stdalign.h>
#include <stdlib.h>

struct png_alloc_block {
  alignas(max_align_t) struct png_alloc_block *prev, *next; /* keeps the payload aligned */
};

png_voidp png_alloc_malloc(png_structp png, png_alloc_size_t size) {
  png_alloc *a = png_get_mem_ptr(png);
  if (++a->allocations == a->fail_at) {
    a->failed = 1;
    return NULL;
  }
  struct png_alloc_block *b = malloc(sizeof *b + size);
  if (!b) return NULL;
  b->prev = NULL, b->next = a->blocks;
  if (a->blocks) a->blocks->prev = b;
  a->blocks = b;
  a->live++;
  return b + 1;
}

/* Unlinks block b from a's list and frees it. */
static void release(png_alloc *a, struct png_alloc_block *b) {
  if (b->prev) b->prev->next = b->next;
  else a->blocks = b->next;
  if (b->next) b->next->prev = b->prev;
  a->live--;
  free(b);
}

void png_alloc_free(png_structp png, png_voidp ptr) {
  if (ptr) release(png_get_mem_ptr(png), (struct png_alloc_block *)ptr - 1);
}

void png_alloc_release(png_alloc *a) {
  while (a->blocks) release(a, a->blocks);
}
