/* Data handed to GSL in guard-page buffers at a stride, the slots between elements holding
 * mlf_series's NaN sentinels, for the three statistics-family targets of this directory
 * (movstat/rstat, fit, fft): element i of width w doubles (1 real, 2 complex) starts at
 * [i * stride * w]. The prebuilt libgsl has no ASan, so the guard page is what catches an
 * access past either end; the sentinels catch reads of and writes to the gaps. */
#ifndef GUARDED_SERIES_H
#define GUARDED_SERIES_H
#include <stddef.h>
#include "mlf_guard.h"

/* Doubles a strided array of n elements of width w occupies: ((n - 1) * stride + 1) * w,
 * 0 when n == 0. */
size_t guarded_strided_len(size_t n, size_t stride, size_t width);

/* A guard buffer holding packed[0 .. n * width) at the stride, sentinels in the gaps. */
double *guarded_copy(const double *packed, size_t n, size_t stride, size_t width,
                             mlf_guard_side side, const char *label);

/* A guard buffer for n elements at the stride, every slot (elements and gaps) holding the
 * sentinel: an output buffer, where an element still holding it was never written. */
double *guarded_blank(size_t n, size_t stride, size_t width, mlf_guard_side side,
                              const char *label);

/* Copies the elements of a strided array back to packed storage. */
void guarded_unstride(const double *strided, size_t n, size_t stride, size_t width,
                      double *packed);

/* 1 when every gap slot of the strided array still holds the sentinel. */
int guarded_gaps_intact(const double *strided, size_t n, size_t stride, size_t width);
#endif
