/* Header-owned allocation: a chain of blocks freed at once by at_header_free. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "at_alloc.h"

struct at_block {
  struct at_block *next;
  max_align_t data[];
};

void *at_new(at_header *h, size_t size) {
  struct at_block *b = calloc(1, sizeof *b + size);
  if (!b) {
    fprintf(stderr, "annotest: out of memory\n");
    abort();
  }
  b->next = h->blocks;
  h->blocks = b;
  return b->data;
}

char *at_strndup(at_header *h, const char *s, size_t n) {
  char *d = at_new(h, n + 1);
  memcpy(d, s, n);
  return d;
}

void at_push(at_header *h, void *items, size_t *n, const void *elem, size_t elem_size) {
  char **array = items;
  char *grown = at_new(h, (*n + 1) * elem_size);
  if (*n) memcpy(grown, *array, *n * elem_size);
  memcpy(grown + *n * elem_size, elem, elem_size);
  *array = grown;
  (*n)++;
}

void at_header_free(at_header *h) {
  while (h->blocks) {
    struct at_block *next = h->blocks->next;
    free(h->blocks);
    h->blocks = next;
  }
  h->fns = NULL;
  h->nfns = 0;
}
