/* Standalone reproducer (calls only libpng): png_set_PLTE frees png_ptr->palette and then
 * allocates its replacement with png_calloc; when that allocation fails, png_error longjmps
 * out with png_ptr->palette still pointing at the freed block, and png_destroy_write_struct
 * frees it a second time. Found by the moco_png target (an allocation-failure schedule);
 * seen on Debian's libpng16-16 1.6.39-2+deb12u4 and 1.6.39-2+deb12u5, upstream 1.6.56 to
 * 1.6.58 share the code (harnesses/moco/known_findings.tsv).
 *   cc png_set_PLTE_allocation_failure.c -lpng16 -o repro && ./repro
 *   (build with -fsanitize=address to see the double free reported; without ASan glibc
 *   usually aborts with "free(): double free detected")
 * Prints which allocation it failed and exits 0 only if libpng survived. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long allocations, fail_at;

static png_voidp failing_malloc(png_structp png, png_alloc_size_t size) {
  (void)png;
  return ++allocations == fail_at ? NULL : malloc(size);
}

static void plain_free(png_structp png, png_voidp p) { (void)png; free(p); }

static void on_error(png_structp png, png_const_charp message) {
  fprintf(stderr, "png_error: %s\n", message);
  png_longjmp(png, 1);
}

/* Two png_set_PLTE calls on an RGB image; the allocation numbered fail (0: none) fails.
 * Returns the number of allocations made. */
static unsigned long run(unsigned long fail) {
  allocations = 0, fail_at = fail;
  png_structp png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, NULL, on_error, NULL, NULL,
                                              failing_malloc, plain_free);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!info) { png_destroy_write_struct(&png, NULL); return allocations; }
  if (setjmp(png_jmpbuf(png)) == 0) {
    png_color colors[4] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
    png_set_IHDR(png, info, 8, 8, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_PLTE(png, info, colors, 4);
    png_set_PLTE(png, info, colors, 2); /* frees png_ptr->palette, then allocates */
  }
  png_destroy_write_struct(&png, &info);
  return allocations;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); /* the lines must come out before a crash */
  printf("libpng %s\n", png_get_libpng_ver(NULL));
  unsigned long total = run(0);
  /* The second png_set_PLTE makes the last two allocations: png_ptr's palette, info's. */
  printf("%lu allocations; failing number %lu (png_set_PLTE's png_calloc for png_ptr->palette)\n",
         total, total - 1);
  run(total - 1);
  printf("survived\n");
  return 0;
}
