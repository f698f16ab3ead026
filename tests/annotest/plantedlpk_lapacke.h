/* Planted wrong annotations (test_annotest_lapacke_planted.c) of two LAPACKE functions of
 * annotations/lapacke.h, each wrong in a way the harness must report:
 *   LAPACKE_dgelqf with the row-major leading dimension (lda >= n) in both layouts: column
 *     major DGELQF needs LDA >= max(1,M), so a call with m > n is refused (documented-error);
 *   LAPACKE_dtrtrs over a triangular matrix whose diagonal may be 0 or tiny: a zero is
 *     DTRTRS's INFO > 0 (documented-error), a tiny one an overflowing solution the residual
 *     oracle rejects.
 * The triangular generator is annotations/lapacke.h's, declared again with the wrong diagonal
 * range so that this header stands alone; its glue is generated for the test only
 * (tests/annotest/tests.mk). */
#ifndef ANNOTEST_PLANTEDLPK_H
#define ANNOTEST_PLANTEDLPK_H
#include <lapacke.h>
#include "lapacke_oracles.h"

// Wrong on purpose: diag=floats(min=0, ...) (annotations/lapacke.h: min=1).
//@ generator(free = annotest_lapacke_matrix_free)
//@ arg(layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_ld(layout, n, n), max=annotest_lapacke_ld(layout, n, n) + 3)
//@ arg(data): arrays(dtype=double, shape=[n, n], elements=floats(min=-100, max=100))
//@ arg(diag): arrays(dtype=double, shape=[n], elements=floats(min=0, max=100))
double *annotest_lapacke_triangular(int layout, char uplo, lapack_int n, lapack_int lda, const double *data,
                                    const double *diag);

// Wrong on purpose: lda >= max(1, n) in both layouts (annotations/lapacke.h: the column-major
// minimum is max(1, m)); the buffer is stored accordingly.
//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(m): ints(min=1, max=12)
//@ arg(n): ints(min=0, max=12)
//@ arg(lda): ints(min=annotest_lapacke_max(1, n), max=annotest_lapacke_max(1, n) + 3)
//@ arg(a): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, m, n), annotest_lapacke_max(1, n)], ld=lda, elements=floats(min=-100, max=100))
//@ arg(tau): outs(count=annotest_lapacke_max(1, annotest_lapacke_min(m, n)))
//@ ensure(ret == 0)
//@ check(annotest_check_dgelqf)
lapack_int LAPACKE_dgelqf( int matrix_layout, lapack_int m, lapack_int n,
                           double* a, lapack_int lda, double* tau );

//@ arg(matrix_layout): froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR])
//@ arg(uplo): froms([ANNOTEST_CHAR_U, ANNOTEST_CHAR_L])
//@ arg(trans): froms([ANNOTEST_CHAR_N, ANNOTEST_CHAR_T])
//@ arg(diag): ANNOTEST_CHAR_N
//@ arg(n): ints(min=1, max=12)
//@ arg(nrhs): ints(min=1, max=4)
//@ arg(lda): ints(min=annotest_lapacke_ld(matrix_layout, n, n), max=annotest_lapacke_ld(matrix_layout, n, n) + 3)
//@ arg(a): objs(annotest_lapacke_triangular, layout=matrix_layout, uplo=uplo, n=n, lda=lda)
//@ arg(ldb): ints(min=annotest_lapacke_ld(matrix_layout, n, nrhs), max=annotest_lapacke_ld(matrix_layout, n, nrhs) + 3)
//@ arg(b): arrays(dtype=double, shape=[annotest_lapacke_lines(matrix_layout, n, nrhs), annotest_lapacke_ld(matrix_layout, n, nrhs)], ld=ldb, elements=floats(min=-100, max=100))
//@ ensure(ret == 0)
//@ check(annotest_check_dtrtrs)
lapack_int LAPACKE_dtrtrs( int matrix_layout, char uplo, char trans, char diag,
                           lapack_int n, lapack_int nrhs, const double* a,
                           lapack_int lda, double* b, lapack_int ldb );
#endif
