/* Per annotation header (harnesses/annotest/annotations/<lib>.h, given as arguments): the
 * annotated functions the target calls (not generators, not excluded), the generators, and
 * the annotation lines per called function (mean and median; the aNNoTest paper reports 6.0
 * and 2 per tested function). Output: "lib functions generators mean median" per line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "generator/at_emit.h"

static int by_value(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    at_header h;
    char err[1024], lib[256];
    if (at_parse_file(argv[i], &h, err, sizeof err) < 0) {
      fprintf(stderr, "%s\n", err);
      return 1;
    }
    const char *base = strrchr(argv[i], '/');
    snprintf(lib, sizeof lib, "%s", base ? base + 1 : argv[i]);
    if (strchr(lib, '.')) *strchr(lib, '.') = 0;
    size_t *counts = calloc(h.nfns + 1, sizeof *counts), called = 0, generators = 0, sum = 0;
    for (size_t f = 0; f < h.nfns; f++) {
      generators += h.fns[f].is_generator;
      if (!at_is_called(&h.fns[f])) continue;
      counts[called++] = h.fns[f].nannotations;
      sum += h.fns[f].nannotations;
    }
    qsort(counts, called, sizeof *counts, by_value);
    double median = !called ? 0 : called % 2 ? (double)counts[called / 2] : (counts[called / 2 - 1] + counts[called / 2]) / 2.0;
    printf("%s %zu %zu %.1f %.1f\n", lib, called, generators, called ? (double)sum / (double)called : 0.0, median);
    free(counts);
    at_header_free(&h);
  }
  return 0;
}
