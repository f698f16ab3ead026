/* The LAPACK judges: what one backend's call of a case produced (lapack_outcome), how a judge
 * raises a finding and reads an output, and the entry point of each judge, grouped by the
 * lapack_judge_<what>.c that holds it. A judge raises findings tagged
 * mlf:blas_lapack:<backend>:<op>:<kind> and records the first kind and the worst residual ratio
 * in the outcome. */
#ifndef LAPACK_JUDGE_H
#define LAPACK_JUDGE_H
#include "lapack_buffers.h"
#include "mlf_capture.h"
#include "mlf_numeric.h"
#include "mlf_report.h"

/* What one backend's call produced, for the judges and the differential. */
typedef struct {
  int info, rank, errors;
  mlf_error_record first_error; /* the first xerbla call, when errors > 0 */
  double rcond;
  double ratio;          /* worst residual / allowed */
  char kind[40];         /* worst finding kind, "" when none */
  long double vals[LAPACK_MAX_SPECTRUM];
  size_t n_vals;
} lapack_outcome;

/* lapack_judge.c: what every judge shares. */
/* The tag of a finding of kind on backend (NULL: the differential as a whole):
 * mlf:blas_lapack:<backend>:<op>:<kind>. */
void lapack_tag(char *tag, size_t len, const lapack_case *c, const char *backend, const char *kind);
/* Raises a finding on backend (NULL: the differential as a whole) and records it in o (when
 * not NULL). */
void lapack_finding(mlf_run *run, const lapack_case *c, const char *backend, lapack_outcome *o,
                    double ratio, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
/* A residual ratio against 1: a NaN ratio or one above 1 is a finding; a negative one (the
 * bound does not apply) is ignored. */
void lapack_judge_ratio(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                        double ratio, const char *kind, const char *what);
/* Reads a library output buffer in the case's layout. */
ld_mat lapack_read_out(const lapack_case *c, const void *data, size_t ld, size_t rows, size_t cols);
/* Reads a vector output of len elements: real (S, W) or of the case's precision (TAU). */
ld_mat lapack_read_vector(const lapack_case *c, const void *data, size_t len, int real);
/* NaN in A survives in a factorization's output unless INFO reports a failure. */
void lapack_judge_nan_kept(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                           const ld_mat *out);
/* Finite input within range: the factor is finite. */
void lapack_judge_finite(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                         const ld_mat *out);

/* lapack_judge_workspace.c: the workspace query (LWORK = -1) of a Fortran call. */
void lapack_judge_workspace_query(mlf_run *run, const lapack_case *c, const char *name,
                                  lapack_outcome *o, const lapack_args *a);

/* lapack_judge_invalid.c: the error path. */
/* Makes the argument of the main call that c->invalid names invalid. */
void lapack_make_invalid(const lapack_case *c, lapack_args *a);
/* The INFO the Fortran interface must report for the argument lapack_make_invalid spoils. */
int lapack_expected_invalid_info(const lapack_case *c);
/* Error path: the same INFO from every library (for Fortran the specified one), xerbla
 * called for Fortran, nothing written (A and B as a_before and b_before hold them). */
void lapack_judge_invalid(mlf_run *run, const lapack_case *c, const lapack_backend *b,
                          const lapack_buffers *bf, const void *a_before, const void *b_before,
                          lapack_outcome *o);

/* lapack_judge_valid.c: the valid-call oracle of each routine (no xerbla call, no negative
 * INFO, then the routine's judge below). */
void lapack_judge_valid(mlf_run *run, const lapack_case *c, const lapack_backend *b,
                        const lapack_buffers *bf, lapack_outcome *o);

/* lapack_judge_factor.c: factorizations and what is computed from them. */
/* LU from ?getrf's packed output and IPIV (also under ?getrs, ?gesv and ?gecon): INFO against
 * zero pivots and zero columns, the residual, and the solve residual of x for b when x is
 * given (trans: op(A) = A^H). */
void lapack_judge_lu(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                     const ld_mat *lu, const int *ipiv, const ld_mat *b, const ld_mat *x, int trans);
/* ?gecon's estimate rcond for A, from its LU factors lu. */
void lapack_judge_gecon(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                        const ld_mat *lu);
/* ?potrf and ?potrs: the triangle not referenced left alone, INFO against A's definiteness,
 * the residual, and the solve residual of x when given. */
void lapack_judge_cholesky(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                           const lapack_buffers *bf, const ld_mat *x);
/* ?geqrf: NaN kept, finite factors, the QR residual and Q's orthonormality. */
void lapack_judge_qr(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                     const lapack_buffers *bf);

/* lapack_judge_least_squares.c: ?gels, ?gelss, ?gelsd. */
void lapack_judge_least_squares(mlf_run *run, const lapack_case *c, const char *name,
                                lapack_outcome *o, const lapack_buffers *bf);

/* lapack_judge_spectrum.c: singular values and eigenvalues. */
/* The values v (singular: singular values, else eigenvalues) kept in o for the differential,
 * and judged against their order, their sign and the constructed spectrum. */
void lapack_judge_spectrum(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                           const ld_mat *v, int singular);
/* ?gesvd: S, U and VT orthonormal, the SVD residual. */
void lapack_judge_svd(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                      const lapack_buffers *bf);
/* ?syev / ?heev: W and, with eigenvectors, V orthonormal and the eigen-residual. */
void lapack_judge_eig(mlf_run *run, const lapack_case *c, const char *name, lapack_outcome *o,
                      const lapack_buffers *bf);

/* lapack_judge_agree.c: the differential's agreement (mlf_agree_fn shape) of two outcomes of
 * the case ctx. */
mlf_cmp_kind lapack_agree(const void *x, const void *y, void *ctx);
#endif
