/* Permutation equivariance of the level-2/3 products, for the permutation relation: which
 * routines it suits, which permutation of the output's rows (P) and columns (Q) moves which
 * operand's rows and columns, and operand copies with their logical rows and columns permuted
 * (a symmetric or Hermitian matrix's stored triangle rebuilt from the permuted full matrix). */
#ifndef LEVEL23_PERMUTE_H
#define LEVEL23_PERMUTE_H
#include "level23_problem.h"

/* 1 for gemm, gemv, symv/hemv, spmv/hpmv, symm/hemm, syrk/herk, syr2k/her2k (a band or
 * triangular structure is not kept by a permutation). */
int level23_permutable(const level23_problem *pb);
/* The permutations of operand o's logical rows and columns (NULL: none) when the output's
 * rows are permuted by P and its columns by Q (see level23_permute.c). */
void level23_operand_perms(const level23_problem *pb, const level23_operand *o, const size_t *P,
                           const size_t *Q, const size_t **rows, const size_t **cols);
/* dst(i, j) = src(rows[i], cols[j]) bit for bit (NULL: the identity), in a fresh guarded
 * buffer of src's geometry; a source element outside a stored triangle is read through its
 * mirror (conjugated for Hermitian); slots holding no element keep src's bits. */
void level23_permuted_copy(level23_operand *dst, const level23_operand *src,
                           const blas_precision *p, const size_t *rows, const size_t *cols,
                           mlf_guard_side side, const char *label);
#endif
