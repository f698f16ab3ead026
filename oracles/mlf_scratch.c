/* Growable scratch buffers (see mlf_scratch.h). */
#include "mlf_scratch.h"
#include <stdio.h>
#include <stdlib.h>

void *mlf_scratch_get(mlf_scratch *s, size_t bytes) {
  if (bytes <= s->capacity && s->data) return s->data;
  size_t capacity = s->capacity ? s->capacity : 4096;
  while (capacity < bytes) capacity *= 2;
  free(s->data);
  s->data = malloc(capacity);
  if (!s->data) {
    fprintf(stderr, "mlf: out of memory for %zu bytes of scratch\n", capacity);
    abort();
  }
  s->capacity = capacity;
  return s->data;
}
