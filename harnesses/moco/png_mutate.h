/* Mutants of a PNG file libpng wrote, for the decoder differential (png_decoders.h): one per
 * file, the mutation chosen by a seed. Three keep the file valid by the PNG specification
 * (second edition, W3C 2003), so every decoder must still accept it and give the same pixels:
 *   split-idat     one IDAT split in two consecutive IDAT chunks (11.2.4: the datastream is
 *                  the concatenation of all IDAT data fields)
 *   empty-idat     an IDAT with no data inserted after the first (the same rule; no section
 *                  requires an IDAT to hold data)
 *   private-chunk  an unknown private ancillary chunk "mlFz" inserted after IHDR (5.4: a
 *                  decoder meeting an unknown ancillary chunk can safely ignore it)
 * The fourth may not:
 *   byte           one byte of one chunk's data changed, its CRC recomputed (so decoders see
 *                  the change, not a CRC error); not when it makes IHDR declare more pixels,
 *                  which decoders allocate for by design (a file of 1 GB of pixels is valid)
 *                  and so bounds nothing */
#ifndef PNG_MUTATE_H
#define PNG_MUTATE_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
  const char *mutation; /* split-idat, empty-idat, private-chunk, byte */
  int valid;            /* 1 when the mutation keeps a valid file valid */
  char chunk[5];        /* the chunk it changed or added */
  /* For byte: the rule of the specification the change is known to break, where decoders
   * are known to differ (NULL: none recognised). "over-bit-depth": a tRNS sample above
   * 2^bit depth - 1 (PNG specification 11.3.2.1), whose handling the libpng maintainer
   * documents as inconsistent among applications
   * (http://www.simplesystems.org/users/glennrp/tRNS/, April 2008). */
  const char *flaw;
  size_t at;            /* for byte: the offset inside the chunk's data */
  unsigned char *file;  /* the mutant (malloc'ed) */
  size_t size;
} png_mutant;

/* Makes the mutant of file chosen by seed into m; 0 when file has no chunk that mutation
 * needs, or the byte mutation would enlarge the image (m->file is then NULL). */
int png_mutate(const unsigned char *file, size_t size, uint64_t seed, png_mutant *m);
#endif
