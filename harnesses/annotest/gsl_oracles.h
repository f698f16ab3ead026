/* The GSL target's oracles (@check functions of annotations/gsl.h) and the helpers its
 * annotations call. A @check gets the context, the result, the arguments after the call and
 * the same arguments built afresh (as they were before the call). */
#ifndef ANNOTEST_GSL_ORACLES_H
#define ANNOTEST_GSL_ORACLES_H
#include <stddef.h>
#include <gsl/gsl_interp.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_spline.h>
#include "annotest_runtime.h"

static inline long long annotest_min(long long a, long long b) { return a < b ? a : b; }
/* gsl_interp_type_min_size of the kind annotest_gsl_interp allocates. */
long long annotest_gsl_interp_min_size(long long kind);
const gsl_interp_type *annotest_gsl_interp_type(long long kind);
/* 1 when an element is nonzero and below bound in magnitude. */
int annotest_gsl_has_tiny(const gsl_matrix *m, double bound);
/* 1 when every diagonal element has magnitude >= bound. */
int annotest_gsl_diagonal_at_least(const gsl_matrix *m, double bound);
/* xa[0] + t (xa[size-1] - xa[0]), clamped to the knots. */
double annotest_gsl_spline_point(const gsl_spline *spline, double t);
void annotest_gsl_matrix_free(gsl_matrix *m);
void annotest_gsl_vector_free(gsl_vector *v);
void annotest_gsl_root_fsolver_ready_free(gsl_root_fsolver *s);
/* Says whether a GSL status on an annotated-valid input points at the annotation or GSL. */
const char *annotest_gsl_blame(long long status);

void annotest_check_LU_decomp(at_ctx *ctx, int ret, gsl_matrix *A, gsl_permutation *p, int *signum,
                              gsl_matrix *A0, gsl_permutation *p0, int *signum0);
void annotest_check_LU_solve(at_ctx *ctx, int ret, const gsl_matrix *LU, const gsl_permutation *p, const gsl_vector *b,
                             gsl_vector *x, const gsl_matrix *LU0, const gsl_permutation *p0, const gsl_vector *b0,
                             gsl_vector *x0);
void annotest_check_QR_decomp(at_ctx *ctx, int ret, gsl_matrix *A, gsl_vector *tau, gsl_matrix *A0, gsl_vector *tau0);
void annotest_check_cholesky_decomp1(at_ctx *ctx, int ret, gsl_matrix *A, gsl_matrix *A0);
void annotest_check_SV_decomp(at_ctx *ctx, int ret, gsl_matrix *A, gsl_matrix *V, gsl_vector *S, gsl_vector *work,
                              gsl_matrix *A0, gsl_matrix *V0, gsl_vector *S0, gsl_vector *work0);
void annotest_check_sort(at_ctx *ctx, double *data, size_t stride, size_t n, double *data0, size_t stride0, size_t n0);
void annotest_check_sort_index(at_ctx *ctx, size_t *p, const double *data, size_t stride, size_t n, size_t *p0,
                               const double *data0, size_t stride0, size_t n0);
void annotest_check_sort_smallest(at_ctx *ctx, int ret, double *dest, size_t k, const double *src, size_t stride,
                                  size_t n, double *dest0, size_t k0, const double *src0, size_t stride0, size_t n0);
void annotest_check_sort_largest(at_ctx *ctx, int ret, double *dest, size_t k, const double *src, size_t stride,
                                 size_t n, double *dest0, size_t k0, const double *src0, size_t stride0, size_t n0);
void annotest_check_interp_init(at_ctx *ctx, int ret, gsl_interp *obj, const double *xa, const double *ya, size_t size,
                                gsl_interp *obj0, const double *xa0, const double *ya0, size_t size0);
void annotest_check_spline_init(at_ctx *ctx, int ret, gsl_spline *spline, const double *xa, const double *ya,
                                size_t size, gsl_spline *spline0, const double *xa0, const double *ya0, size_t size0);
void annotest_check_spline_eval_e(at_ctx *ctx, int ret, const gsl_spline *spline, double x, gsl_interp_accel *a,
                                  double *y, const gsl_spline *spline0, double x0, gsl_interp_accel *a0, double *y0);
void annotest_check_root_iterate(at_ctx *ctx, int ret, gsl_root_fsolver *s, gsl_root_fsolver *s0);
void annotest_check_min_set(at_ctx *ctx, int ret, gsl_min_fminimizer *s, gsl_function *f, double x_minimum,
                            double x_lower, double x_upper, gsl_min_fminimizer *s0, gsl_function *f0,
                            double x_minimum0, double x_lower0, double x_upper0);
#endif
