/* The PNG decoder differential (harnesses/moco/png_decoders.h) on small PNGs written here with
 * Debian's libpng: libpng, libspng, LodePNG and stb_image agree on every kind of image (no
 * finding); a planted wrong pixel in one decoder's output is caught and classified by decoder
 * and image kind; a decoder refusing a file libpng decoded is reported, and a file every
 * decoder refuses is not blamed on any. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <png.h>
#include "png_decoders.h"

typedef struct {
  unsigned width, height;
  int bit_depth, color_type, interlace, with_trns;
} image_kind;

typedef struct {
  unsigned char *bytes;
  size_t size;
} memory_file;

static void append(png_structp png, png_bytep data, png_size_t n) {
  memory_file *f = png_get_io_ptr(png);
  f->bytes = realloc(f->bytes, f->size + n);
  assert_non_null(f->bytes);
  memcpy(f->bytes + f->size, data, n);
  f->size += n;
}

static void no_flush(png_structp png) { (void)png; }

/* A PNG of kind k with patterned samples (every index inside the full palette of 2^depth
 * entries) and runs of six zero bytes (a whole black pixel at every depth); tRNS makes palette
 * entries translucent (entry 0 transparent), or keys black as transparent. */
static memory_file write_png(const image_kind *k) {
  memory_file f = {NULL, 0};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  assert_non_null(info);
  png_set_write_fn(png, &f, append, no_flush);
  png_set_IHDR(png, info, k->width, k->height, k->bit_depth, k->color_type, k->interlace,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_color palette[256];
  png_byte alpha[256];
  for (int i = 0; i < 256; i++)
    palette[i] = (png_color){(png_byte)(i * 7), (png_byte)(255 - i), (png_byte)(i * 31)}, alpha[i] = (png_byte)(i * 17);
  png_color_16 key = {.red = 0, .green = 0, .blue = 0, .gray = 0};
  if (k->color_type == PNG_COLOR_TYPE_PALETTE) png_set_PLTE(png, info, palette, 1 << k->bit_depth);
  if (k->with_trns)
    png_set_tRNS(png, info, alpha, k->color_type == PNG_COLOR_TYPE_PALETTE ? 1 << k->bit_depth : 0, &key);
  png_write_info(png, info);
  size_t rowbytes = png_get_rowbytes(png, info);
  unsigned char *pixels = malloc(rowbytes * k->height);
  png_bytep *rows = malloc(k->height * sizeof *rows);
  assert_true(pixels && rows);
  for (size_t i = 0; i < rowbytes * k->height; i++) pixels[i] = (unsigned char)(i / 6 % 4 == 0 ? 0 : i * 37 + i / 7);
  for (unsigned y = 0; y < k->height; y++) rows[y] = pixels + y * rowbytes;
  png_write_image(png, rows);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  free(rows), free(pixels);
  return f;
}

static mlf_run run;

/* The findings of comparing d for f, as "tag|tag|..." (empty when none). */
static const char *findings(const memory_file *f, const png_decoded d[PNG_DECODERS]) {
  static char tags[4 * MLF_TAG_MAX];
  mlf_run_reset(&run);
  png_decoders_compare(f->bytes, f->size, d, &run);
  tags[0] = 0;
  for (size_t i = 0; i < run.n_findings; i++)
    strcat(strcat(tags, i ? "|" : ""), run.findings[i].tag);
  return tags;
}

static int has_transparent_pixel(const mlf_png_image *img) {
  for (size_t p = 0; p < (size_t)img->width * img->height; p++)
    if ((img->sixteen ? ((const uint16_t *)(const void *)img->pixels)[4 * p + 3] : img->pixels[4 * p + 3]) == 0) return 1;
  return 0;
}

/* Every colour type and bit depth, interlaced or not, with tRNS where the type allows it: all
 * four decoders accept the file and agree, and tRNS did make pixels transparent. */
static void test_decoders_agree_on_every_kind(void **state) {
  (void)state;
  static const image_kind kinds[] = {
      {7, 5, 1, PNG_COLOR_TYPE_GRAY, 0, 0},        {9, 3, 2, PNG_COLOR_TYPE_GRAY, 1, 0},
      {5, 4, 4, PNG_COLOR_TYPE_GRAY, 0, 1},        {6, 6, 8, PNG_COLOR_TYPE_GRAY, 0, 1},
      {6, 6, 16, PNG_COLOR_TYPE_GRAY, 1, 1},       {5, 3, 8, PNG_COLOR_TYPE_RGB, 0, 1},
      {5, 3, 16, PNG_COLOR_TYPE_RGB, 1, 1},        {3, 9, 1, PNG_COLOR_TYPE_PALETTE, 0, 1},
      {11, 3, 4, PNG_COLOR_TYPE_PALETTE, 1, 1},    {8, 8, 8, PNG_COLOR_TYPE_PALETTE, 0, 0},
      {4, 4, 8, PNG_COLOR_TYPE_GRAY_ALPHA, 0, 0},  {4, 4, 16, PNG_COLOR_TYPE_GRAY_ALPHA, 1, 0},
      {9, 9, 8, PNG_COLOR_TYPE_RGB_ALPHA, 1, 0},   {9, 9, 16, PNG_COLOR_TYPE_RGB_ALPHA, 0, 0},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    memory_file f = write_png(&kinds[i]);
    png_decoded d[PNG_DECODERS];
    png_decoders_decode(f.bytes, f.size, d);
    for (int j = 0; j < PNG_DECODERS; j++) assert_true(d[j].accepted);
    if (kinds[i].with_trns) assert_true(has_transparent_pixel(&d[0].image));
    assert_string_equal(findings(&f, d), "");
    png_decoders_free(d);
    free(f.bytes);
  }
}

static void test_planted_wrong_pixel_is_classified(void **state) {
  (void)state;
  image_kind palette4 = {11, 3, 4, PNG_COLOR_TYPE_PALETTE, 0, 0}, rgba16 = {9, 9, 16, PNG_COLOR_TYPE_RGB_ALPHA, 1, 0};
  memory_file f = write_png(&palette4);
  png_decoded d[PNG_DECODERS];
  png_decoders_decode(f.bytes, f.size, d);
  d[1].image.pixels[4 * (2 * 11 + 3) + 1] ^= 0x10; /* spng, pixel (3, 2), green */
  assert_string_equal(findings(&f, d), "mlf:moco_png:spng:palette-4bit:pixel-mismatch");
  assert_non_null(strstr(run.findings[0].detail, "pixel (3, 2)"));
  assert_non_null(strstr(run.findings[0].detail, "IHDR PLTE IDAT IEND"));
  png_decoders_free(d);
  free(f.bytes);
  f = write_png(&rgba16);
  png_decoders_decode(f.bytes, f.size, d);
  ((uint16_t *)(void *)d[2].image.pixels)[4 * 80 + 3] += 1; /* lodepng, pixel (8, 8), alpha, low bit */
  assert_string_equal(findings(&f, d), "mlf:moco_png:lodepng:rgba-16bit-interlaced:pixel-mismatch");
  assert_non_null(strstr(run.findings[0].detail, "pixel (8, 8)"));
  png_decoders_free(d);
  free(f.bytes);
}

static void test_refusal_is_reported(void **state) {
  (void)state;
  image_kind gray8 = {6, 6, 8, PNG_COLOR_TYPE_GRAY, 0, 1};
  memory_file f = write_png(&gray8);
  png_decoded d[PNG_DECODERS];
  png_decoders_decode(f.bytes, f.size, d);
  free(d[3].image.pixels), d[3].image.pixels = NULL, d[3].accepted = 0; /* stb refuses */
  assert_string_equal(findings(&f, d), "mlf:moco_png:stb:refused-valid-png");
  png_decoders_free(d);
  /* Cut inside IDAT: every decoder refuses, none is blamed. */
  f.size -= 20;
  png_decoders_decode(f.bytes, f.size, d);
  for (int j = 0; j < PNG_DECODERS; j++) assert_false(d[j].accepted);
  assert_string_equal(findings(&f, d), "");
  png_decoders_free(d);
  free(f.bytes);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_decoders_agree_on_every_kind),
      cmocka_unit_test(test_planted_wrong_pixel_is_classified),
      cmocka_unit_test(test_refusal_is_reported),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
