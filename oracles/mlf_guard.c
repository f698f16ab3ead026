/* Guard-page buffers (see mlf_guard.h). Each buffer lives in its own mapping:
 *   [guard page][data pages ...][guard page]
 * The guard pages stay PROT_NONE for the life of the mapping. Freed mappings are cached by
 * data-page count and handed out again, so steady-state alloc/free is a list pop, a memset
 * of the data pages and a hash insert, with no system call. Bookkeeping lives in malloc'd
 * records outside the mappings, where a stray write of the library cannot reach it. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include "mlf_guard.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define LABEL_LEN 48

typedef struct guard_rec {
  unsigned char *base;  /* leading guard page; the mapping spans pages + 2 pages */
  size_t pages;         /* data pages between the two guard pages */
  unsigned char *start; /* the pointer handed out */
  size_t size;
  mlf_guard_side side;
  int readonly;
  char label[LABEL_LEN];
  struct guard_rec *next; /* hash-bucket chain while live, cache list while free */
} guard_rec;

#define LIVE_BUCKETS 1024  /* live buffers, hashed by start pointer */
#define SMALL_PAGES 256    /* cache lists indexed by page count below this */
#define CACHE_MAX_BYTES ((size_t)256 << 20)

static guard_rec *live[LIVE_BUCKETS];
static guard_rec *cache_small[SMALL_PAGES];
static guard_rec *cache_large; /* page counts >= SMALL_PAGES, searched for an exact match */
static size_t cached_bytes;
static size_t page;

static _Noreturn void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("mlf: guard: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

static size_t page_size(void) {
  if (!page) page = (size_t)sysconf(_SC_PAGESIZE);
  return page;
}

static size_t bucket(const void *p) {
  return (size_t)(((uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ULL) >> 54) % LIVE_BUCKETS;
}

static size_t mapping_bytes(const guard_rec *r) { return (r->pages + 2) * page; }
static unsigned char *data_begin(const guard_rec *r) { return r->base + page; }
static unsigned char *data_end(const guard_rec *r) { return r->base + page + r->pages * page; }

/* A record with a fresh mapping: both guards PROT_NONE, the data pages read-write. */
static guard_rec *map_new(size_t pages) {
  guard_rec *r = calloc(1, sizeof *r);
  if (!r) die("out of memory for a buffer record");
  r->pages = pages;
  void *m = mmap(NULL, mapping_bytes(r), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (m == MAP_FAILED) die("mmap of %zu bytes failed", mapping_bytes(r));
  r->base = m;
  if (pages && mprotect(data_begin(r), pages * page, PROT_READ | PROT_WRITE) != 0)
    die("mprotect of %zu data pages failed", pages);
  return r;
}

static guard_rec **cache_list(size_t pages) {
  return pages < SMALL_PAGES ? &cache_small[pages] : &cache_large;
}

static guard_rec *cache_take(size_t pages) {
  for (guard_rec **pp = cache_list(pages); *pp; pp = &(*pp)->next)
    if ((*pp)->pages == pages) {
      guard_rec *r = *pp;
      *pp = r->next;
      cached_bytes -= mapping_bytes(r);
      return r;
    }
  return NULL;
}

/* Keeps the mapping for reuse, or unmaps it when the cache is full. */
static void cache_put(guard_rec *r) {
  if (cached_bytes + mapping_bytes(r) > CACHE_MAX_BYTES) {
    munmap(r->base, mapping_bytes(r));
    free(r);
    return;
  }
  guard_rec **head = cache_list(r->pages);
  r->next = *head;
  *head = r;
  cached_bytes += mapping_bytes(r);
}

/* Finds the live record of p; with unlink set also removes it from the live table. */
static guard_rec *live_find(const void *p, int unlink, const char *who) {
  for (guard_rec **pp = &live[bucket(p)]; *pp; pp = &(*pp)->next)
    if ((*pp)->start == p) {
      guard_rec *r = *pp;
      if (unlink) *pp = r->next;
      return r;
    }
  die("%s: %p is not a live guard buffer", who, p);
}

/* strncpy that always terminates (snprintf costs a third of an alloc). */
static void copy_label(char dst[static LABEL_LEN], const char *src) {
  size_t n = 0;
  while (n < LABEL_LEN - 1 && src[n]) n++;
  memcpy(dst, src, n);
  dst[n] = '\0';
}

void *mlf_guard_alloc(size_t size, size_t align, mlf_guard_side side, const char *label) {
  size_t pg = page_size();
  if (align == 0) align = 1;
  if ((align & (align - 1)) || align > pg)
    die("alignment %zu is not a power of two <= %zu", align, pg);
  if (size > SIZE_MAX / 2) die("size %zu too large", size);
  size_t tail_gap = side == MLF_GUARD_TAIL ? (0 - size) & (align - 1) : 0;
  size_t pages = (size + tail_gap + pg - 1) / pg;
  guard_rec *r = cache_take(pages);
  if (!r) r = map_new(pages);
  r->size = size;
  r->side = side;
  r->readonly = 0;
  copy_label(r->label, label ? label : "?");
  r->start = side == MLF_GUARD_TAIL ? data_end(r) - tail_gap - size : data_begin(r);
  memset(data_begin(r), MLF_GUARD_CANARY, pages * pg);
  size_t b = bucket(r->start);
  r->next = live[b];
  live[b] = r;
  return r->start;
}

static int protect_data(guard_rec *r, int readonly) {
  int prot = readonly ? PROT_READ : PROT_READ | PROT_WRITE;
  if (r->pages && mprotect(data_begin(r), r->pages * page, prot) != 0) return -1;
  r->readonly = readonly;
  return 0;
}

void mlf_guard_free(void *p) {
  if (!p) return;
  guard_rec *r = live_find(p, 1, "mlf_guard_free");
  if (r->readonly && protect_data(r, 0) != 0) die("mprotect on free failed");
  cache_put(r);
}

int mlf_guard_set_readonly(void *p, int readonly) {
  return protect_data(live_find(p, 0, "mlf_guard_set_readonly"), readonly != 0);
}

/* 1 when [from, to) holds only canary bytes: memcmp against a block of them, chunk by chunk
 * (a byte loop cost a twentieth of a blas_gemm execution under ASan). */
static int all_canary(const unsigned char *from, const unsigned char *to) {
  static unsigned char canary[4096];
  if (canary[0] != MLF_GUARD_CANARY) memset(canary, MLF_GUARD_CANARY, sizeof canary);
  while (from < to) {
    size_t n = (size_t)(to - from) < sizeof canary ? (size_t)(to - from) : sizeof canary;
    if (memcmp(from, canary, n) != 0) return 0;
    from += n;
  }
  return 1;
}

int mlf_guard_canary_ok(const void *p) {
  const guard_rec *r = live_find(p, 0, "mlf_guard_canary_ok");
  return all_canary(data_begin(r), r->start) && all_canary(r->start + r->size, data_end(r));
}

/* Where addr lies relative to r, or NULL when it is outside r's mapping or inside the buffer. */
static const char *locate(const guard_rec *r, const unsigned char *a, const char **ref,
                          size_t *off) {
  const unsigned char *end = r->start + r->size;
  if (a < r->base || a >= r->base + mapping_bytes(r)) return NULL;
  if (a >= r->start && a < end) return NULL;
  *ref = a < r->start ? "start-" : "end+";
  *off = a < r->start ? (size_t)(r->start - a) : (size_t)(a - end);
  if (a < data_begin(r)) return "in the leading guard page";
  if (a >= data_end(r)) return "in the trailing guard page";
  return "in the canary slack";
}

const char *mlf_guard_describe(const void *addr, char *buf, size_t len) {
  if (!page) return NULL;
  for (size_t b = 0; b < LIVE_BUCKETS; b++)
    for (const guard_rec *r = live[b]; r; r = r->next) {
      const char *ref;
      size_t off;
      const char *where = locate(r, addr, &ref, &off);
      if (!where) continue;
      snprintf(buf, len, "guard buffer '%s' (%zu bytes, %s guard): address is at %s%zu, %s",
               r->label, r->size, r->side == MLF_GUARD_TAIL ? "tail" : "head", ref, off, where);
      return buf;
    }
  return NULL;
}
