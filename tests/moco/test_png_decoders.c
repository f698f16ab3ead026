/* The PNG decoder differential (harnesses/moco/png_decoders.h) on small PNGs written here with
 * Debian's libpng: libpng, libspng, LodePNG and stb_image agree on every kind of image (no
 * finding); a planted wrong pixel in one decoder's output is caught and classified by decoder
 * and image kind; a decoder refusing a file libpng decoded is reported, and a file every
 * decoder refuses is not blamed on any. The mutants (harnesses/moco/png_mutate.h) are well
 * formed (every CRC right, an IDAT split keeps the datastream), the valid ones decode alike in
 * all four decoders, and a mutant that may be invalid is judged only where all accept it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <png.h>
#include <zlib.h>
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
  png_decoders_compare(f->bytes, f->size, d, NULL, &run);
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

static uint32_t big_endian32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Every chunk of file has the CRC of its type and data; the IDAT data concatenated into
 * idat (at most cap bytes; its length in *idat_size); the number of chunks. */
static int check_chunks(const unsigned char *file, size_t size, unsigned char *idat, size_t cap, size_t *idat_size) {
  int n = 0;
  *idat_size = 0;
  for (size_t at = 8; at < size; n++) {
    assert_true(at + 12 <= size);
    uint32_t length = big_endian32(file + at);
    assert_true(length <= size - at - 12);
    uLong crc = crc32(0, file + at + 4, 4 + length);
    assert_int_equal(crc, big_endian32(file + at + 8 + length));
    if (memcmp(file + at + 4, "IDAT", 4) == 0) {
      assert_true(*idat_size + length <= cap);
      memcpy(idat + *idat_size, file + at + 8, length);
      *idat_size += length;
    }
    at += 12 + (size_t)length;
  }
  return n;
}

/* Every mutation of every kind of image: the mutant's chunks are well formed; a valid mutant
 * keeps the datastream and its chunk count grows by what the mutation adds; all four decoders
 * accept it and agree with the original's pixels. */
static void test_mutants_are_well_formed_and_valid_ones_decode_alike(void **state) {
  (void)state;
  static const image_kind kinds[] = {
      {9, 3, 2, PNG_COLOR_TYPE_GRAY, 1, 0}, {11, 3, 4, PNG_COLOR_TYPE_PALETTE, 1, 1},
      {5, 3, 16, PNG_COLOR_TYPE_RGB, 1, 1}, {9, 9, 8, PNG_COLOR_TYPE_RGB_ALPHA, 0, 0},
  };
  int seen[4] = {0};
  static const char *names[4] = {"split-idat", "empty-idat", "private-chunk", "byte"};
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    memory_file f = write_png(&kinds[i]);
    unsigned char idat[4096], mutant_idat[4096];
    size_t idat_size, mutant_idat_size;
    int chunks = check_chunks(f.bytes, f.size, idat, sizeof idat, &idat_size);
    png_decoded original[PNG_DECODERS];
    png_decoders_decode(f.bytes, f.size, original);
    for (uint64_t seed = 0; seed < 16; seed++) {
      png_mutant m;
      if (!png_mutate(f.bytes, f.size, seed, &m)) { /* only a byte of IHDR that enlarges the image */
        assert_string_equal(m.mutation, "byte");
        assert_null(m.file);
        continue;
      }
      for (int k = 0; k < 4; k++) seen[k] += strcmp(m.mutation, names[k]) == 0;
      int mutant_chunks = check_chunks(m.file, m.size, mutant_idat, sizeof mutant_idat, &mutant_idat_size);
      if (m.valid) {
        assert_int_equal(mutant_chunks, chunks + 1);
        assert_int_equal(mutant_idat_size, idat_size);
        assert_memory_equal(mutant_idat, idat, idat_size);
        png_decoded d[PNG_DECODERS];
        png_decoders_decode(m.file, m.size, d);
        for (int j = 0; j < PNG_DECODERS; j++) {
          assert_true(d[j].accepted);
          assert_memory_equal(d[j].image.pixels, original[0].image.pixels, mlf_png_image_bytes(&original[0].image));
        }
        mlf_run_reset(&run);
        png_decoders_compare(m.file, m.size, d, &m, &run);
        assert_int_equal(run.n_findings, 0);
        png_decoders_free(d);
      } else {
        assert_int_equal(mutant_chunks, chunks);
        assert_int_equal(m.size, f.size);
      }
      free(m.file);
    }
    png_decoders_free(original);
    free(f.bytes);
  }
  for (int k = 0; k < 4; k++) assert_true(seen[k] > 0);
}

/* A mutant that may be invalid: a decoder that refuses it is not blamed, and a pixel planted
 * in one decoder's output counts only when all four accepted the file. */
static void test_invalid_mutant_judged_only_where_all_accept(void **state) {
  (void)state;
  image_kind gray8 = {6, 6, 8, PNG_COLOR_TYPE_GRAY, 0, 0};
  memory_file f = write_png(&gray8);
  png_mutant m = {.mutation = "byte", .chunk = "PLTE", .file = f.bytes, .size = f.size}; /* a byte mutant of itself */
  png_decoded d[PNG_DECODERS];
  png_decoders_decode(f.bytes, f.size, d);
  d[2].image.pixels[5] ^= 1; /* lodepng, pixel (1, 0), green */
  mlf_run_reset(&run);
  png_decoders_compare(f.bytes, f.size, d, &m, &run);
  assert_int_equal(run.n_findings, 1);
  assert_string_equal(run.findings[0].tag, "mlf:moco_png:lodepng:byte-PLTE-gray-8bit:pixel-mismatch");
  free(d[1].image.pixels), d[1].image.pixels = NULL, d[1].accepted = 0; /* spng refuses */
  mlf_run_reset(&run);
  png_decoders_compare(f.bytes, f.size, d, &m, &run);
  assert_int_equal(run.n_findings, 0);
  png_decoders_free(d);
  free(f.bytes);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_decoders_agree_on_every_kind),
      cmocka_unit_test(test_planted_wrong_pixel_is_classified),
      cmocka_unit_test(test_refusal_is_reported),
      cmocka_unit_test(test_mutants_are_well_formed_and_valid_ones_decode_alike),
      cmocka_unit_test(test_invalid_mutant_judged_only_where_all_accept),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
