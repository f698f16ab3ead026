/* The PNG decoder differential of the MoCo libpng target: every file libpng wrote (and read
 * back), and one mutant of it (png_mutate.h), is decoded by libpng, libspng, LodePNG and
 * stb_image into one canonical form (libraries/mlf_png_image.h). Where the decoders accept a
 * file their pixels must agree, and a decoder must not refuse a valid file libpng accepted;
 * a mutant that may be invalid is compared only where all four accept it. Findings,
 * classified by decoder, mutation and image kind (colour type, bit depth, tRNS, interlace; the
 * chunks present are in the detail):
 *   mlf:moco_png:<decoder>:<kind>:pixel-mismatch   e.g. mlf:moco_png:spng:palette-4bit:pixel-mismatch
 *   mlf:moco_png:<decoder>:<mutation>-<kind>:pixel-mismatch   (split-idat-rgb-8bit)
 *   mlf:moco_png:<decoder>:byte-<chunk>-<kind>:pixel-mismatch (byte-PLTE-palette-8bit;
 *     with the flaw the change is known to make: byte-tRNS-over-bit-depth-gray-1bit-trns)
 *   mlf:moco_png:<decoder>:refused-valid-png
 *   mlf:moco_png:<decoder>:<mutation>:refused-valid-png */
#ifndef PNG_DECODERS_H
#define PNG_DECODERS_H
#include <stddef.h>
#include <stdint.h>
#include "libraries/mlf_png_image.h"
#include "mlf_report.h"
#include "png_mutate.h"

enum { PNG_DECODERS = 4 }; /* libpng (the reference, first), spng, lodepng, stb */

typedef struct {
  const char *decoder;
  int accepted;
  mlf_png_image image;
} png_decoded;

/* Decodes file with every decoder into d (16-bit samples when its IHDR says bit depth 16). */
void png_decoders_decode(const unsigned char *file, size_t size, png_decoded d[PNG_DECODERS]);
/* Compares what the decoders made of file (mutant: the mutation that made it, NULL for a file
 * as libpng wrote it) and raises the findings above. */
void png_decoders_compare(const unsigned char *file, size_t size, const png_decoded d[PNG_DECODERS],
                          const png_mutant *mutant, mlf_run *run);
void png_decoders_free(png_decoded d[PNG_DECODERS]);
/* Decode, compare, free: the file, then its mutant chosen by seed. */
void png_decoders_judge(const unsigned char *file, size_t size, uint64_t seed, mlf_run *run);
#endif
