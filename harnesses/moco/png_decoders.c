/* The PNG decoder differential (png_decoders.h). The file's kind and chunk list come from its
 * bytes (PNG specification, 5.3 chunk layout and 11.2.2 IHDR), not from any decoder. */
#include "png_decoders.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libraries/libpng/mlf_libpng_decode.h"
#include "libraries/lodepng/mlf_lodepng_decode.h"
#include "libraries/spng/mlf_spng_decode.h"
#include "libraries/stb/mlf_stb_decode.h"

static const struct {
  const char *name;
  mlf_png_decode_fn *decode;
} decoders[PNG_DECODERS] = {
    {"libpng", mlf_libpng_decode},
    {"spng", mlf_spng_decode},
    {"lodepng", mlf_lodepng_decode},
    {"stb", mlf_stb_decode},
};

static const unsigned char png_signature[8] = {137, 'P', 'N', 'G', 13, 10, 26, 10};

static uint32_t big_endian32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* What the file's bytes say: its IHDR fields and its chunk types in order (a run of one type,
 * such as several IDAT, once). */
typedef struct {
  int bit_depth, color_type, interlace, has_trns;
  char chunks[96];
} png_file_kind;

static void read_kind(const unsigned char *file, size_t size, png_file_kind *k) {
  memset(k, 0, sizeof *k);
  k->bit_depth = k->color_type = -1;
  if (size < 8 || memcmp(file, png_signature, 8) != 0) return;
  size_t used = 0;
  for (size_t at = 8; at + 12 <= size;) {
    uint32_t length = big_endian32(file + at);
    const unsigned char *type = file + at + 4;
    if (memcmp(type, "IHDR", 4) == 0 && length >= 13 && at + 8 + 13 <= size)
      k->bit_depth = type[12], k->color_type = type[13], k->interlace = type[16];
    if (memcmp(type, "tRNS", 4) == 0) k->has_trns = 1;
    int seen = used >= 4 && (memcmp(k->chunks + used - 4, type, 4) == 0);
    if (!seen && used + 6 <= sizeof k->chunks)
      used += (size_t)snprintf(k->chunks + used, sizeof k->chunks - used, "%s%.4s", used ? " " : "", type);
    if (length > size - at - 12) break;
    at += 12 + (size_t)length;
  }
}

/* The kind part of a tag: colour type and bit depth, then "-trns" and "-interlaced" when they
 * apply: "palette-4bit", "rgba-16bit-interlaced", "gray-8bit-trns". */
static void kind_name(const png_file_kind *k, char *buf, size_t len) {
  static const char *colour[] = {[0] = "gray", [2] = "rgb", [3] = "palette", [4] = "gray-alpha", [6] = "rgba"};
  const char *c = k->color_type >= 0 && k->color_type <= 6 && colour[k->color_type] ? colour[k->color_type] : "unknown";
  snprintf(buf, len, "%s-%dbit%s%s", c, k->bit_depth, k->has_trns ? "-trns" : "", k->interlace ? "-interlaced" : "");
}

void png_decoders_decode(const unsigned char *file, size_t size, png_decoded d[PNG_DECODERS]) {
  png_file_kind k;
  read_kind(file, size, &k);
  for (int i = 0; i < PNG_DECODERS; i++) {
    memset(&d[i], 0, sizeof d[i]);
    d[i].decoder = decoders[i].name;
    d[i].accepted = decoders[i].decode(file, size, k.bit_depth == 16, &d[i].image);
  }
}

/* The sample at index s of img, whatever its width. */
static unsigned sample(const mlf_png_image *img, size_t s) {
  return img->sixteen ? ((const uint16_t *)(const void *)img->pixels)[s] : img->pixels[s];
}

/* Raises a pixel mismatch of decoder d against the reference r, if any: a different size, or
 * the first pixel whose RGBA differs. */
static void compare_pixels(const png_decoded *r, const png_decoded *d, const char *kind, const png_file_kind *k,
                           mlf_run *run) {
  char tag[MLF_TAG_MAX];
  snprintf(tag, sizeof tag, "mlf:moco_png:%s:%s:pixel-mismatch", d->decoder, kind);
  const mlf_png_image *a = &r->image, *b = &d->image;
  if (a->width != b->width || a->height != b->height || a->sixteen != b->sixteen) {
    mlf_finding(run, tag, "%s decoded %ux%u (%d-bit samples), %s %ux%u (%d-bit samples); chunks %s", r->decoder,
                a->width, a->height, a->sixteen ? 16 : 8, d->decoder, b->width, b->height, b->sixteen ? 16 : 8,
                k->chunks);
    return;
  }
  size_t pixels = (size_t)a->width * a->height;
  for (size_t p = 0; p < pixels; p++) {
    size_t s = 4 * p;
    if (sample(a, s) == sample(b, s) && sample(a, s + 1) == sample(b, s + 1) &&
        sample(a, s + 2) == sample(b, s + 2) && sample(a, s + 3) == sample(b, s + 3))
      continue;
    mlf_finding(run, tag, "pixel (%zu, %zu) RGBA: %s %u %u %u %u, %s %u %u %u %u; chunks %s", p % a->width,
                p / a->width, r->decoder, sample(a, s), sample(a, s + 1), sample(a, s + 2), sample(a, s + 3),
                d->decoder, sample(b, s), sample(b, s + 1), sample(b, s + 2), sample(b, s + 3), k->chunks);
    return;
  }
}

void png_decoders_compare(const unsigned char *file, size_t size, const png_decoded d[PNG_DECODERS],
                          const png_mutant *mutant, mlf_run *run) {
  png_file_kind k;
  read_kind(file, size, &k);
  char kind[96], image_kind[64];
  kind_name(&k, image_kind, sizeof image_kind);
  if (!mutant) snprintf(kind, sizeof kind, "%s", image_kind);
  else if (mutant->valid) snprintf(kind, sizeof kind, "%s-%s", mutant->mutation, image_kind);
  else snprintf(kind, sizeof kind, "%s-%.4s-%s%s%s", mutant->mutation, mutant->chunk, mutant->flaw ? mutant->flaw : "",
                mutant->flaw ? "-" : "", image_kind);
  const png_decoded *reference = NULL;
  int all_accepted = 1;
  mlf_log(run, "decoders on a %s file, chunks %s:", kind, k.chunks);
  for (int i = 0; i < PNG_DECODERS; i++) {
    mlf_log(run, "  %s: %s", d[i].decoder, d[i].accepted ? "accepted" : d[i].image.error);
    if (d[i].accepted && !reference) reference = &d[i];
    all_accepted &= d[i].accepted;
  }
  /* A valid file: none may refuse what libpng decoded. A mutant that may be invalid: the
   * decoders' error handling differs by design (PNG specification 13.1 leaves the response to
   * an error to the decoder), so only the pixels of a file all of them accept are compared. */
  int valid = !mutant || mutant->valid;
  for (int i = 1; i < PNG_DECODERS && d[0].accepted && valid; i++)
    if (!d[i].accepted) {
      char tag[MLF_TAG_MAX];
      if (mutant) snprintf(tag, sizeof tag, "mlf:moco_png:%s:%s:refused-valid-png", d[i].decoder, mutant->mutation);
      else snprintf(tag, sizeof tag, "mlf:moco_png:%s:refused-valid-png", d[i].decoder);
      mlf_finding(run, tag, "%s refused a %s file libpng decoded (%s); chunks %s", d[i].decoder, kind,
                  d[i].image.error, k.chunks);
    }
  for (int i = 0; i < PNG_DECODERS && reference && (valid || all_accepted); i++)
    if (d[i].accepted && &d[i] != reference) compare_pixels(reference, &d[i], kind, &k, run);
}

void png_decoders_free(png_decoded d[PNG_DECODERS]) {
  for (int i = 0; i < PNG_DECODERS; i++) free(d[i].image.pixels), d[i].image.pixels = NULL;
}

/* Decodes, compares and frees one file (mutant: NULL for the file as written). */
static void judge_file(const unsigned char *file, size_t size, const png_mutant *mutant, mlf_run *run) {
  png_decoded d[PNG_DECODERS];
  png_decoders_decode(file, size, d);
  png_decoders_compare(file, size, d, mutant, run);
  png_decoders_free(d);
}

void png_decoders_judge(const unsigned char *file, size_t size, uint64_t seed, mlf_run *run) {
  judge_file(file, size, NULL, run);
  png_mutant m;
  if (!png_mutate(file, size, seed, &m)) return;
  if (m.valid) mlf_log(run, "mutant: %s (%.4s)", m.mutation, m.chunk);
  else mlf_log(run, "mutant: %s at byte %zu of the %.4s data", m.mutation, m.at, m.chunk);
  judge_file(m.file, m.size, &m, run);
  free(m.file);
}
