/* Strided BLAS vectors for the level-1 harness: n logical elements |inc| apart in a guarded
 * buffer that holds exactly the footprint a routine may touch, 1 + (n - 1)|inc| elements
 * (one element when n <= 0 or inc = 0). Logical element i lies at storage element i inc
 * for inc >= 0 and (n - 1 - i)|inc| for inc < 0, as the BLAS walks a negative increment
 * from the vector's end. The gaps between elements hold a sentinel NaN that a correct
 * routine neither uses nor writes. */
#ifndef LEVEL1_VECTOR_H
#define LEVEL1_VECTOR_H
#include <stddef.h>
#include <stdint.h>
#include "blas_operand.h"

typedef struct {
  void *data;
  int n, inc;   /* n <= 0 means no logical element */
  size_t count; /* storage elements */
} level1_vector;

/* Allocates the vector and fills its logical elements from fill (generator and pokes as for
 * a 1 x n matrix: blas_matrix_make), its gaps with the sentinel. */
void level1_vector_make(level1_vector *v, const Mlf__Blas__Fill *fill, const blas_precision *p,
                        int n, int inc, uint64_t salt, mlf_guard_side side, const char *label);
/* The same elements in a fresh guarded buffer, traversed with increment inc (any sign; the
 * gaps of the new storage hold the sentinel). */
void level1_vector_restride(level1_vector *dst, const level1_vector *src, const blas_precision *p,
                            int inc, mlf_guard_side side, const char *label);
/* A byte-for-byte copy (same increment) in a fresh guarded buffer. */
void level1_vector_clone(level1_vector *dst, const level1_vector *src, const blas_precision *p,
                         mlf_guard_side side, const char *label);
void level1_vector_free(level1_vector *v);

/* Storage element of logical element i (0 <= i < n). */
size_t level1_vector_slot(const level1_vector *v, int i);
/* Logical element i as (re, im); im = 0 for real precisions. */
void level1_vector_get(const level1_vector *v, const blas_precision *p, int i, double out[2]);
void level1_vector_put(level1_vector *v, const blas_precision *p, int i, const double in[2]);
/* 1 when logical element i of a and b hold the same bits (every NaN counts as equal). */
int level1_vector_same(const level1_vector *a, const level1_vector *b, const blas_precision *p,
                       int i);
/* The same for logical element i of a and j of b. */
int level1_vector_same_at(const level1_vector *a, int i, const level1_vector *b, int j,
                          const blas_precision *p);
/* 1 when every gap still holds the sentinel and the guard slack its canary. */
int level1_vector_gaps_intact(const level1_vector *v, const blas_precision *p);
#endif
