/* Shared by the libpng allocation-failure reproducers in this directory (each includes it): a
 * write struct made with png_create_write_struct_2 whose allocator counts the allocations and
 * returns NULL for the one numbered png_fail_at, as an application allocator does when memory
 * runs out. Errors print and longjmp (png_jmpbuf), warnings print, written bytes are dropped. */
#ifndef PNG_FAILING_ALLOCATOR_H
#define PNG_FAILING_ALLOCATOR_H
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long png_allocations, png_fail_at;

static inline png_voidp failing_malloc(png_structp png, png_alloc_size_t size) {
  (void)png;
  return ++png_allocations == png_fail_at ? NULL : malloc(size);
}

static inline void plain_free(png_structp png, png_voidp p) { (void)png, free(p); }

static inline void print_error(png_structp png, png_const_charp message) {
  fprintf(stderr, "png_error: %s\n", message);
  png_longjmp(png, 1);
}

static inline void print_warning(png_structp png, png_const_charp message) {
  (void)png, fprintf(stderr, "png_warning: %s\n", message);
}

static inline void discard(png_structp png, png_bytep data, size_t n) { (void)png, (void)data, (void)n; }

static inline void no_flush(png_structp png) { (void)png; }

/* Makes the n-th allocation from now (1: the next one) fail. */
static inline void fail_allocation_in(unsigned long n) { png_fail_at = png_allocations + n; }

/* A write struct with the failing allocator and its info struct (in *info); exits 2 if either
 * cannot be made. Unbuffered stdout, so that lines come out before a crash. */
static inline png_structp failing_write_struct(png_infop *info) {
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("libpng %s\n", png_get_libpng_ver(NULL));
  png_structp png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, NULL, print_error, print_warning, NULL,
                                              failing_malloc, plain_free);
  *info = png ? png_create_info_struct(png) : NULL;
  if (!*info) exit(2);
  png_set_write_fn(png, NULL, discard, no_flush);
  return png;
}
#endif
