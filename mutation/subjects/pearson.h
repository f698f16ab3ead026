/* The plain Pearson correlation the mutation-score evaluation mutates (mutation/README.md). */
#ifndef MUTATION_PEARSON_H
#define MUTATION_PEARSON_H
#include <stddef.h>

/* Sample correlation of (x[i], y[i]), i < n; NaN when n < 2 or a series is constant. */
double pearson(const double *x, const double *y, size_t n);
#endif
