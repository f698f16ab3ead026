/* Where generated objects came from, and the class labels of a problem (annotest_provenance.h). */
#include <stddef.h>
#include "annotest_provenance.h"

static struct {
  const void *object, *origin;
} records[ANNOTEST_PROVENANCE_MAX];

int annotest_remember(const void *object, const void *origin) {
  for (size_t i = 0; i < ANNOTEST_PROVENANCE_MAX; i++)
    if (!records[i].object) {
      records[i].object = object;
      records[i].origin = origin;
      return 0;
    }
  return -1;
}

const void *annotest_origin_of(const void *object) {
  for (size_t i = 0; i < ANNOTEST_PROVENANCE_MAX; i++)
    if (records[i].object == object) return records[i].origin;
  return NULL;
}

void annotest_forget(const void *object) {
  for (size_t i = 0; i < ANNOTEST_PROVENANCE_MAX; i++)
    if (records[i].object == object) records[i].object = NULL;
}

int annotest_distinct_labels(const double *y, int l, int *label) {
  int n = 0;
  for (int i = 0; i < l; i++) {
    int c = 0;
    while (c < n && label[c] != (int)y[i]) c++;
    if (c == n) label[n++] = (int)y[i];
  }
  return n;
}

int annotest_is_label(const int *label, int n, double v) {
  for (int i = 0; i < n; i++)
    if (v == label[i]) return 1;
  return 0;
}
