/* Mutants of a written PNG (png_mutate.h). Chunks are walked by their layout (PNG
 * specification 5.3: length, type, data, CRC over type and data); CRCs are zlib's crc32,
 * the CRC the specification defines (5.5). */
#include "png_mutate.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "mlf_rng.h"

typedef struct {
  size_t at;       /* offset of the chunk's length field */
  uint32_t length; /* of its data */
  const unsigned char *type;
} chunk;

static uint32_t big_endian32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_big_endian32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16), p[2] = (unsigned char)(v >> 8), p[3] = (unsigned char)v;
}

/* The chunks of file, at most max; their count. */
static size_t list_chunks(const unsigned char *file, size_t size, chunk *c, size_t max) {
  size_t n = 0;
  for (size_t at = 8; at + 12 <= size && n < max;) {
    uint32_t length = big_endian32(file + at);
    if (length > size - at - 12) break;
    c[n++] = (chunk){at, length, file + at + 4};
    at += 12 + (size_t)length;
  }
  return n;
}

/* Writes a whole chunk (length, type, data, CRC) at out; the bytes written. */
static size_t write_chunk(unsigned char *out, const char *type, const unsigned char *data, uint32_t length) {
  put_big_endian32(out, length);
  memcpy(out + 4, type, 4);
  if (length) memcpy(out + 8, data, length);
  uLong crc = crc32(0, (const Bytef *)type, 4);
  if (length) crc = crc32(crc, data, length); /* zlib's crc32 of a NULL buffer is 0, not crc */
  put_big_endian32(out + 8 + length, (uint32_t)crc);
  return 12 + (size_t)length;
}

/* The pixel count an IHDR's data (width, then height) declares. */
static uint64_t pixels(const unsigned char *ihdr) { return (uint64_t)big_endian32(ihdr) * big_endian32(ihdr + 4); }

/* 1 when a tRNS chunk (type, data, length) of a gray or truecolour image of IHDR data ihdr
 * holds a sample above 2^bit depth - 1, which the PNG specification forbids (11.3.2.1: "the
 * least significant bits are used and the others are 0"). */
static int trns_over_bit_depth(const unsigned char *ihdr, const char *type, const unsigned char *data, uint32_t length) {
  int depth = ihdr[8], colour = ihdr[9];
  if (memcmp(type, "tRNS", 4) != 0 || (colour != 0 && colour != 2) || depth >= 16) return 0;
  for (uint32_t k = 0; k + 1 < length; k += 2)
    if (((unsigned)data[k] << 8 | data[k + 1]) >= 1u << depth) return 1;
  return 0;
}

/* The first chunk of type, or -1. */
static long find(const chunk *c, size_t n, const char *type) {
  for (size_t i = 0; i < n; i++)
    if (memcmp(c[i].type, type, 4) == 0) return (long)i;
  return -1;
}

/* The mutant: file with its bytes [from, to) replaced by mid (from == to: mid inserted). */
static unsigned char *splice(const unsigned char *file, size_t size, size_t from, size_t to, const unsigned char *mid,
                             size_t mid_size, size_t *out_size) {
  *out_size = from + mid_size + (size - to);
  unsigned char *out = malloc(*out_size);
  if (!out) abort();
  memcpy(out, file, from);
  memcpy(out + from, mid, mid_size);
  memcpy(out + from + mid_size, file + to, size - to);
  return out;
}

int png_mutate(const unsigned char *file, size_t size, uint64_t seed, png_mutant *m) {
  enum { MAX_CHUNKS = 64 };
  chunk c[MAX_CHUNKS];
  size_t n = list_chunks(file, size, c, MAX_CHUNKS);
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x706e676du);
  static const char *mutations[] = {"split-idat", "empty-idat", "private-chunk", "byte"};
  memset(m, 0, sizeof *m);
  m->mutation = mutations[mlf_rng_below(&rng, 4)];
  m->valid = strcmp(m->mutation, "byte") != 0;
  long idat = find(c, n, "IDAT"), ihdr = find(c, n, "IHDR");
  if (idat < 0 || ihdr < 0) return 0;
  const chunk *d = &c[idat];
  unsigned char *mid = malloc(size + 64); /* two chunk headers and at most the file's data */
  if (!mid) abort();
  size_t mid_size = 0, from, to;
  if (strcmp(m->mutation, "split-idat") == 0) {
    if (d->length < 2) { free(mid); return 0; }
    uint32_t cut = 1 + (uint32_t)mlf_rng_below(&rng, d->length - 1);
    const unsigned char *data = file + d->at + 8;
    mid_size = write_chunk(mid, "IDAT", data, cut);
    mid_size += write_chunk(mid + mid_size, "IDAT", data + cut, d->length - cut);
    from = d->at, to = d->at + 12 + d->length;
    memcpy(m->chunk, "IDAT", 4);
  } else if (strcmp(m->mutation, "empty-idat") == 0) {
    mid_size = write_chunk(mid, "IDAT", NULL, 0);
    from = to = d->at + 12 + d->length;
    memcpy(m->chunk, "IDAT", 4);
  } else if (strcmp(m->mutation, "private-chunk") == 0) {
    unsigned char data[16];
    uint32_t length = (uint32_t)mlf_rng_below(&rng, sizeof data + 1);
    for (uint32_t i = 0; i < length; i++) data[i] = (unsigned char)mlf_rng_below(&rng, 256);
    mid_size = write_chunk(mid, "mlFz", data, length);
    from = to = c[ihdr].at + 12 + c[ihdr].length;
    memcpy(m->chunk, "mlFz", 4);
  } else {
    size_t candidates = 0, pick;
    for (size_t i = 0; i < n; i++) candidates += c[i].length > 0;
    pick = mlf_rng_below(&rng, candidates);
    size_t i = 0;
    for (;; i++)
      if (c[i].length > 0 && pick-- == 0) break;
    const unsigned char *data = file + c[i].at + 8;
    m->at = mlf_rng_below(&rng, c[i].length);
    memcpy(mid, file + c[i].at + 4, 4);
    unsigned char *copy = malloc(c[i].length);
    if (!copy) abort();
    memcpy(copy, data, c[i].length);
    copy[m->at] ^= (unsigned char)(1 + mlf_rng_below(&rng, 255));
    if (i == (size_t)ihdr && m->at < 8 && pixels(copy) > pixels(data)) {
      free(copy), free(mid);
      return 0; /* a larger image declared: decoders would allocate for it, by design */
    }
    char type[5] = {0};
    memcpy(type, c[i].type, 4);
    m->flaw = trns_over_bit_depth(file + c[ihdr].at + 8, type, copy, c[i].length) ? "over-bit-depth" : NULL;
    mid_size = write_chunk(mid, type, copy, c[i].length);
    free(copy);
    from = c[i].at, to = c[i].at + 12 + c[i].length;
    memcpy(m->chunk, type, 4);
  }
  m->file = splice(file, size, from, to, mid, mid_size, &m->size);
  free(mid);
  return 1;
}
