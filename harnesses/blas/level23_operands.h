/* Operands of the level-2/3 harness: a vector with an increment or a structured matrix, held
 * in a guarded buffer, with logical element access and dense long-double expansion. */
#ifndef LEVEL23_OPERANDS_H
#define LEVEL23_OPERANDS_H
#include "blas_structure.h"

typedef struct {
  blas_matrix store;
  blas_shape shape; /* matrices */
  int is_vector;
  size_t len;       /* vectors: number of elements */
  int inc;          /* vectors: increment, never 0 */
} level23_operand;

/* A vector of len elements, |inc| apart (traversed from the end when inc < 0); the gaps hold
 * the sentinel. */
void level23_vector(level23_operand *o, size_t len, int inc, const Mlf__Blas__Fill *fill,
                    const blas_precision *p, uint64_t salt, mlf_guard_side side, const char *label);
void level23_matrix(level23_operand *o, const blas_shape *s, const Mlf__Blas__Fill *fill,
                    const blas_precision *p, uint64_t salt, mlf_guard_side side, const char *label);
/* Logical rows and columns (a vector is a column). */
size_t level23_rows(const level23_operand *o);
size_t level23_cols(const level23_operand *o);
/* Storage offset of logical (i, j), -1 when not stored. */
long level23_slot(const level23_operand *o, size_t i, size_t j);
blas_cld level23_get(const level23_operand *o, const blas_precision *p, size_t i, size_t j);
/* op(X) dense into columns col0... of a matrix out_cols wide, row after row, each element
 * times scale: trans 0 (X), 1 (X^T), 2 (X^H). present (when not NULL, laid out like out)
 * records which elements exist (blas_shape_present). */
void level23_dense(blas_cld *out, unsigned char *present, size_t out_cols, size_t col0,
                   const level23_operand *o, const blas_precision *p, int trans, blas_cld scale);
/* Data pointer of a buffer holding o's storage (for the call). */
static inline void *level23_data(const level23_operand *o) { return o->store.data; }
#endif
